//! Loads a scan on a background thread: decode, cut into texture tiles, keep a reduced copy
//! for sampling, reporting progress; a corrupt or oversized file becomes a message.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};

use egui::{ColorImage, TextureOptions};

use super::underlay::{SAMPLE_SIDE, Scan, TILE, Tile, UnderlayView};
use crate::render::Similarity;

/// Largest decoded scan accepted, in bytes of RGBA.
const MAX_DECODED: u64 = 1 << 31;

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

fn load(
    ctx: &egui::Context,
    path: &Path,
    progress: &dyn Fn(f32, &str),
) -> Result<UnderlayView, String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    progress(0.05, "decoding");
    let mut reader = image::ImageReader::open(path)
        .map_err(|e| fail(&e))?
        .with_guessed_format()
        .map_err(|e| fail(&e))?;
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(MAX_DECODED);
    reader.limits(limits);
    let img = reader.decode().map_err(|e| fail(&e))?.to_rgba8();
    let (w, h) = img.dimensions();
    if w == 0 || h == 0 {
        return Err(fail(&"the image is empty"));
    }
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
