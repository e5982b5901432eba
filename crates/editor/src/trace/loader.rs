//! Loads a scan on a background thread: decode, cut into texture tiles, keep a reduced copy
//! for sampling, reporting progress; a corrupt or oversized file becomes a message.

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};

use egui::{ColorImage, TextureOptions};
use image::ImageDecoder;

use super::underlay::{SAMPLE_SIDE, Scan, TILE, Tile, UnderlayView};
use sztab_core::model::io::open_regular;
use sztab_core::render::Similarity;

/// Widest and tallest scan accepted, in pixels: an A1 sheet at 600 dpi is 14000×19900.
pub const MAX_SIDE: u32 = 20_000;
/// Budget of a decoded scan as RGBA, 4 bytes a pixel (10000×7000 takes 267 MiB). The
/// tiles' textures hold the same pixels again, so this bounds them too.
pub const MAX_RGBA_BYTES: u64 = 512 * 1024 * 1024;
/// The decoder's own buffer, before the RGBA copy: 16-bit channels take up to 8 bytes a
/// pixel.
const MAX_DECODER_BYTES: u64 = 2 * MAX_RGBA_BYTES;

pub enum ScanMsg {
    Progress(f32, String),
    Done(Result<UnderlayView, String>),
}

pub struct ScanLoader {
    rx: Receiver<ScanMsg>,
    pub progress: f32,
    pub stage: String,
    pub path: PathBuf,
}

impl ScanLoader {
    pub fn start(ctx: &egui::Context, path: &Path) -> Self {
        let (tx, rx) = channel();
        let (ctx, p) = (ctx.clone(), path.to_owned());
        std::thread::spawn(move || {
            let send = |m: ScanMsg| {
                let _ = tx.send(m);
                ctx.request_repaint();
            };
            let result = load(&ctx, &p, &|f, s| send(ScanMsg::Progress(f, s.to_owned())));
            send(ScanMsg::Done(result));
        });
        Self {
            rx,
            progress: 0.0,
            stage: "reading".into(),
            path: path.to_owned(),
        }
    }

    /// The latest message, if any; progress is remembered.
    pub fn poll(&mut self) -> Option<ScanMsg> {
        let mut last = None;
        while let Ok(m) = self.rx.try_recv() {
            if let ScanMsg::Progress(f, s) = &m {
                self.progress = *f;
                self.stage.clone_from(s);
            }
            let done = matches!(m, ScanMsg::Done(_));
            last = Some(m);
            if done {
                break;
            }
        }
        last
    }
}

type Reader = image::ImageReader<BufReader<std::fs::File>>;

/// Opens a scan (regular files only) and guesses its format from its first bytes.
fn open(path: &Path) -> Result<Reader, String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let file = open_regular(path).map_err(|e| fail(&e))?;
    image::ImageReader::new(BufReader::new(file))
        .with_guessed_format()
        .map_err(|e| fail(&e))
}

/// Why a scan of `w`×`h` pixels is not loaded, if it is not.
fn refusal(w: u32, h: u32) -> Option<String> {
    let rgba = u64::from(w) * u64::from(h) * 4;
    let mib = |b: u64| b / (1024 * 1024);
    if w == 0 || h == 0 {
        Some("the image is empty".into())
    } else if w > MAX_SIDE || h > MAX_SIDE {
        Some(format!(
            "the scan is {w}×{h} pixels; scans up to {MAX_SIDE} pixels a side are loaded: save it at a lower resolution (300 dpi is plenty to trace)"
        ))
    } else if rgba > MAX_RGBA_BYTES {
        Some(format!(
            "the scan is {w}×{h} pixels, {} MiB once decoded; scans up to {} MiB ({} million pixels) are loaded: save it at a lower resolution",
            mib(rgba),
            mib(MAX_RGBA_BYTES),
            MAX_RGBA_BYTES / 4 / 1_000_000
        ))
    } else {
        None
    }
}

/// What loading the scan at `path` would find: its size, or why it would be refused.
/// Reads only the image's header, so it is quick enough for the UI thread.
pub fn probe(path: &Path) -> Result<[u32; 2], String> {
    let (w, h) = open(path)?
        .into_dimensions()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    match refusal(w, h) {
        Some(why) => Err(format!("{}: {why}", path.display())),
        None => Ok([w, h]),
    }
}

fn load(
    ctx: &egui::Context,
    path: &Path,
    progress: &dyn Fn(f32, &str),
) -> Result<UnderlayView, String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    progress(0.05, "decoding");
    let mut reader = open(path)?;
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(MAX_DECODER_BYTES);
    reader.limits(limits);
    // The size from the header, checked before a byte of pixels is decoded: a small
    // file can hold a huge image (a 194 KB 1-bit PNG of 40000×40000 pixels).
    let decoder = reader.into_decoder().map_err(|e| fail(&e))?;
    let (w, h) = decoder.dimensions();
    if let Some(why) = refusal(w, h) {
        return Err(fail(&why));
    }
    let img = image::DynamicImage::from_decoder(decoder)
        .map_err(|e| fail(&e))?
        .to_rgba8();
    let (nx, ny) = (w.div_ceil(TILE), h.div_ceil(TILE));
    let mut tiles = Vec::new();
    for ty in 0..ny {
        for tx in 0..nx {
            let (x, y) = (tx * TILE, ty * TILE);
            let (tw, th) = (TILE.min(w - x), TILE.min(h - y));
            let sub = image::imageops::crop_imm(&img, x, y, tw, th).to_image();
            let ci = ColorImage::from_rgba_unmultiplied([tw as usize, th as usize], sub.as_raw());
            let name = format!("scan-{}-{tx}-{ty}", path.display());
            tiles.push(Tile {
                texture: ctx.load_texture(name, ci, TextureOptions::LINEAR),
                px: [x, y, tw, th],
            });
            let done = tiles.len() as f32 / (nx * ny) as f32;
            progress(
                0.1 + 0.75 * done,
                &format!("tile {} of {}", tiles.len(), nx * ny),
            );
        }
    }
    progress(0.9, "preparing colour samples");
    let factor = (f64::from(SAMPLE_SIDE) / f64::from(w.max(h))).min(1.0);
    let small = if factor < 1.0 {
        let (sw, sh) = (
            ((f64::from(w) * factor) as u32).max(1),
            ((f64::from(h) * factor) as u32).max(1),
        );
        image::imageops::thumbnail(&img, sw, sh)
    } else {
        img
    };
    let image = image::DynamicImage::ImageRgba8(small).to_rgb8();
    let factor = f64::from(image.width()) / f64::from(w);
    Ok(UnderlayView {
        path: path.to_owned(),
        size: [w, h],
        tiles,
        scan: Arc::new(Scan { image, factor }),
        transform: Similarity::new(1.0, 0.0, [0.0, 0.0]),
        opacity: 0.6,
    })
}
