//! A loaded scan: GPU tiles for drawing (textures are limited in size, so a 10000×7000
//! scan is cut into 2048-pixel tiles) and a reduced copy in memory for colour sampling.

use std::path::PathBuf;
use std::sync::Arc;

use egui::{Color32, Mesh, Painter, Rect, Shape, TextureHandle, pos2};

use crate::canvas::{Camera, EguiSink};
use sztab_core::model::Map;
use sztab_core::render::Similarity;

pub const TILE: u32 = 2048;
/// Longest side of the in-memory copy used to sample colours.
pub const SAMPLE_SIDE: u32 = 4096;

/// The pixels of a scan kept for sampling, with the factor from scan pixels to its pixels.
pub struct Scan {
    pub image: image::RgbImage,
    /// Sample-image pixels per scan pixel (≤ 1).
    pub factor: f64,
}

impl Scan {
    /// The colour at a scan pixel; `None` outside the image.
    pub fn rgb(&self, p: [f64; 2]) -> Option<[u8; 3]> {
        let (x, y) = (p[0] * self.factor, p[1] * self.factor);
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let (x, y) = (x as u32, y as u32);
        (x < self.image.width() && y < self.image.height()).then(|| self.image.get_pixel(x, y).0)
    }
}

pub struct Tile {
    pub texture: TextureHandle,
    /// x, y, width, height in scan pixels.
    pub px: [u32; 4],
}

pub struct UnderlayView {
    pub path: PathBuf,
    pub size: [u32; 2],
    pub tiles: Vec<Tile>,
    pub scan: Arc<Scan>,
    /// Board → scan pixels, as drawn this frame.
    pub transform: Similarity,
    pub opacity: f32,
}

impl UnderlayView {
    /// A first guess before calibration: the scan stretched over the board.
    pub fn guess(map: &Map, size: [u32; 2]) -> Similarity {
        let (min, max) = map.grid.bounds();
        let scale = f64::from(size[0]) / f64::from((max[0] - min[0]).max(1e-3));
        Similarity::new(
            scale,
            0.0,
            [-f64::from(min[0]) * scale, -f64::from(min[1]) * scale],
        )
    }

    /// Follows the map's underlay settings, or a draft calibration being previewed.
    pub fn sync(&mut self, map: &Map, draft: Option<Similarity>) {
        let u = map.underlay.as_ref();
        self.opacity = u.map_or(0.6, |u| u.opacity).clamp(0.0, 1.0);
        self.transform = draft
            .or_else(|| u.and_then(|u| u.calibration.as_ref()).map(Similarity::of))
            .filter(Similarity::is_valid)
            .unwrap_or_else(|| Self::guess(map, self.size));
    }

    /// Draws the visible tiles as textured quads placed by the calibration.
    pub fn paint(&self, sink: &mut EguiSink, _painter: &Painter, cam: Camera, rect: Rect) {
        let tint = Color32::WHITE.gamma_multiply(self.opacity);
        for t in &self.tiles {
            let [x, y, w, h] = t.px.map(f64::from);
            let corners = [[x, y], [x + w, y], [x + w, y + h], [x, y + h]].map(|q| {
                let b = self.transform.invert(q);
                cam.to_screen(rect, [b[0] as f32, b[1] as f32])
            });
            let bounds = Rect::from_points(&corners);
            if !bounds.intersects(rect) {
                continue;
            }
            let mut mesh = Mesh::with_texture(t.texture.id());
            let uv = [
                pos2(0.0, 0.0),
                pos2(1.0, 0.0),
                pos2(1.0, 1.0),
                pos2(0.0, 1.0),
            ];
            for (p, uv) in corners.into_iter().zip(uv) {
                mesh.vertices.push(egui::epaint::Vertex {
                    pos: p,
                    uv,
                    color: tint,
                });
            }
            mesh.add_triangle(0, 1, 2);
            mesh.add_triangle(0, 2, 3);
            sink.shape(Shape::mesh(mesh));
        }
    }
}
