//! Scan images are bounded (issue 19): a small file can hold a huge image (the fuzzer's
//! 194 KB 1-bit PNG of 40000×40000 pixels, 7.8 GB as RGBA). Such a scan is refused from
//! its header with the reason, and opening a map that names it starts no load.

mod common;

use std::path::{Path, PathBuf};

use common::{fixture_copy, harness};
use sztab::editor::EditorApp;
use sztab::editor::trace::{MAX_SIDE, probe};

/// CRC-32 (IEEE) of a PNG chunk's type and data.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend((data.len() as u32).to_be_bytes());
    let mut body = kind.to_vec();
    body.extend(data);
    out.extend(&body);
    out.extend(crc32(&body).to_be_bytes());
}

/// A PNG whose header announces a `w`×`h` 1-bit grey image (its pixels never come: the
/// header is what the loader must judge it by).
fn png_header_only(dir: &Path, w: u32, h: u32) -> PathBuf {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend(w.to_be_bytes());
    ihdr.extend(h.to_be_bytes());
    ihdr.extend([1, 0, 0, 0, 0]); // bit depth 1, greyscale, deflate, no filter, no interlace
    chunk(&mut png, b"IHDR", &ihdr);
    chunk(&mut png, b"IDAT", &[]);
    chunk(&mut png, b"IEND", &[]);
    let path = dir.join("bomb.png");
    std::fs::write(&path, png).unwrap();
    path
}

#[test]
fn a_40000_square_one_bit_png_is_refused_from_its_header() {
    let dir = tempfile::tempdir().unwrap();
    let bomb = png_header_only(dir.path(), 40_000, 40_000);
    let why = probe(&bomb).unwrap_err();
    assert!(why.contains("bomb.png"), "{why}");
    assert!(why.contains("40000×40000 pixels"), "{why}");
    assert!(
        why.contains(&format!("up to {MAX_SIDE} pixels a side")),
        "{why}"
    );
    // Within the sides but over the decoded budget: 19000×19000 is 1377 MiB as RGBA.
    let big = png_header_only(dir.path(), 19_000, 19_000);
    let why = probe(&big).unwrap_err();
    assert!(why.contains("MiB once decoded"), "{why}");
}

fn open(path: &Path) -> egui_kittest::Harness<'static, EditorApp> {
    harness(EditorApp::open(Some(path.to_owned())))
}

#[test]
fn loading_a_huge_scan_says_why_it_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bomb = png_header_only(dir.path(), 40_000, 40_000);
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().load_scan(&bomb);
    for _ in 0..200 {
        h.step();
        if h.state().trace.loader.is_none() && h.state().trace.message.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(h.state().trace.scan.is_none());
    let msg = h.state().trace.message.clone().unwrap_or_default();
    assert!(msg.contains("40000×40000 pixels"), "{msg}");
}

#[test]
fn opening_a_map_whose_scan_would_be_refused_starts_no_load() {
    let dir = tempfile::tempdir().unwrap();
    fixture_copy(dir.path());
    png_header_only(dir.path(), 40_000, 40_000);
    let map = dir.path().join("mini.map.ron");
    let text = std::fs::read_to_string(&map).unwrap();
    let text = text.replacen(
        "    grid:",
        "    underlay: (image: \"bomb.png\", opacity: 0.5),\n    grid:",
        1,
    );
    std::fs::write(&map, text).unwrap();
    let h = open(&map);
    assert!(h.state().doc().is_some());
    assert!(
        h.state().trace.loader.is_none(),
        "a refused scan is not loaded"
    );
    assert!(h.state().trace.scan.is_none());
    let msg = h.state().trace.message.clone().unwrap_or_default();
    assert!(msg.contains("40000×40000 pixels"), "{msg}");
    assert!(
        h.state().status.contains("scan is not loaded"),
        "{}",
        h.state().status
    );
}
