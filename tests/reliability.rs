//! Reliability at the edges (issue 19): what is not a regular file, text from other
//! editors (a byte-order mark, old Mac line ends), and more below.

use std::path::{Path, PathBuf};

use sztab::model::{Bundle, LoadError};
use sztab::validate::validate_file;

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// The fixture scenario, map and counters in a temp dir (the terrain stays in assets/),
/// after `edit` changed one file's text.
fn fixture_with(file: &str, edit: impl Fn(String) -> String) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    for name in ["mini.scenario.ron", "mini.map.ron", "mini.counters.ron"] {
        let mut text = std::fs::read_to_string(root(&format!("tests/fixtures/{name}"))).unwrap();
        text = text.replace(
            "../../assets/",
            &format!("{}/assets/", env!("CARGO_MANIFEST_DIR")),
        );
        if name == file {
            text = edit(text);
        }
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let scenario = dir.path().join("mini.scenario.ron");
    (dir, scenario)
}

fn fixture() -> Bundle {
    Bundle::load(&root("tests/fixtures/mini.scenario.ron"))
        .unwrap()
        .0
}

// ---- Files that are not regular files ----

fn io_error_of(scenario: &Path) -> String {
    match validate_file(scenario) {
        Err(e @ LoadError::Io { .. }) => e.to_string(),
        other => panic!("expected a read error, got {other:?}"),
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_named_as_the_map_is_refused_not_waited_on() {
    let (dir, scenario) = fixture_with("mini.scenario.ron", |t| {
        t.replace("map: \"mini.map.ron\"", "map: \"pipe.map.ron\"")
    });
    let fifo = dir.path().join("pipe.map.ron");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let e = io_error_of(&scenario);
    assert!(e.contains("pipe.map.ron") && e.contains("FIFO"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_device_or_a_directory_named_as_a_file_is_refused() {
    let (dir, scenario) = fixture_with("mini.scenario.ron", |t| {
        t.replace("counters: \"mini.counters.ron\"", "counters: \"/dev/null\"")
    });
    let e = io_error_of(&scenario);
    assert!(e.contains("/dev/null") && e.contains("a device"), "{e}");
    std::fs::create_dir(dir.path().join("dir.map.ron")).unwrap();
    std::fs::write(
        &scenario,
        std::fs::read_to_string(&scenario)
            .unwrap()
            .replace("map: \"mini.map.ron\"", "map: \"dir.map.ron\""),
    )
    .unwrap();
    let e = io_error_of(&scenario);
    assert!(e.contains("a directory, not a regular file"), "{e}");
}

// ---- Text written by other editors ----

#[test]
fn a_byte_order_mark_is_accepted_and_positions_stay_right() {
    let (_d, scenario) = fixture_with("mini.counters.ron", |t| format!("\u{feff}{t}"));
    let (b, problems) = Bundle::load(&scenario).unwrap();
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:?}");
    assert_eq!(b.counters, fixture().counters);
    // An error still points at the line and column an editor shows.
    let (_d, scenario) = fixture_with("mini.counters.ron", |t| {
        format!("\u{feff}{}", t.replacen("sp: 4,", "sp: 400,", 1))
    });
    let text = std::fs::read_to_string(scenario.with_file_name("mini.counters.ron")).unwrap();
    let line = text.lines().position(|l| l.contains("sp: 400")).unwrap() + 1;
    match Bundle::load(&scenario) {
        Err(LoadError::Syntax { line: l, .. }) => assert_eq!(l, line),
        other => panic!("expected a located error, got {other:?}"),
    }
}

#[test]
fn old_mac_line_ends_are_accepted() {
    // The counters file opens with `//` comments: with a lone CR read as no line end,
    // the first comment swallowed the file.
    let (_d, scenario) = fixture_with("mini.counters.ron", |t| t.replace('\n', "\r"));
    let (b, _) = Bundle::load(&scenario).unwrap();
    assert_eq!(b.counters, fixture().counters);
    // Windows line ends too.
    let (_d, scenario) = fixture_with("mini.counters.ron", |t| t.replace('\n', "\r\n"));
    let (b, _) = Bundle::load(&scenario).unwrap();
    assert_eq!(b.counters, fixture().counters);
    // Lines are counted at the CRs.
    let (_d, scenario) = fixture_with("mini.counters.ron", |t| {
        t.replacen("sp: 4,", "sp: 400,", 1).replace('\n', "\r")
    });
    let text = std::fs::read_to_string(root("tests/fixtures/mini.counters.ron")).unwrap();
    let line = text.lines().position(|l| l.contains("sp: 4,")).unwrap() + 1;
    match Bundle::load(&scenario) {
        Err(LoadError::Syntax { line: l, .. }) => assert_eq!(l, line),
        other => panic!("expected a located error, got {other:?}"),
    }
}
