//! The board as the program draws it without its lines: the terrain the scan's hexes were
//! matched to, their symbols, the grid and the numbers, carried through the scan's colour
//! fit. Its difference from the scan leaves the lines alone: a forest's trees or a town's
//! blocks, drawn at the same places on both, cancel out of a strip's ink, so they are not
//! taken for roads.

use std::collections::HashMap;

use image::RgbImage;

use super::colour::{ColourFit, lab, rgb_of_lab};
use sztab_core::hex::HexId;
use sztab_core::model::{Map, TerrainCatalogue};
use sztab_core::render::{Layers, Similarity, hex_fill, render_with};

/// Pixels per board unit: fine enough for the strips' 0.02-unit steps (between pixels
/// they are interpolated), and at most this many pixels in all (an 80 × 80 board at full
/// scale; a larger one is drawn smaller rather than take more than 64 MB).
const SCALE: f64 = 30.0;
const MAX_PIXELS: f64 = 16.0e6;

pub struct Drawn {
    image: RgbImage,
    sim: Similarity,
    /// Each hex's fill as it should look on the scan: the ground a line is drawn over.
    fills: HashMap<HexId, [f32; 3]>,
}

impl Drawn {
    /// `map` drawn without hexsides, roads, lines and names; `None` if it cannot be.
    pub fn of(map: &Map, cat: &TerrainCatalogue, fit: &ColourFit) -> Option<Drawn> {
        let (min, max) = map.grid.bounds();
        let (w, h) = (f64::from(max[0] - min[0]), f64::from(max[1] - min[1]));
        let scale = SCALE.min((MAX_PIXELS / (w * h).max(1.0)).sqrt());
        let sim = Similarity::new(
            scale,
            0.0,
            [-f64::from(min[0]) * scale, -f64::from(min[1]) * scale],
        );
        let layers = Layers {
            hexsides: false,
            roads: false,
            lines: false,
            labels: false,
            zones: false,
            ..Layers::printed()
        };
        let img = render_with(
            map,
            cat,
            layers,
            sim,
            (w * scale).ceil() as u64 + 1,
            (h * scale).ceil() as u64 + 1,
        )
        .ok()?;
        let mut image = image::DynamicImage::ImageRgba8(img).to_rgb8();
        let mut seen: HashMap<[u8; 3], [u8; 3]> = HashMap::new();
        for p in image.pixels_mut() {
            p.0 = *seen.entry(p.0).or_insert_with(|| {
                rgb_of_lab(fit.apply(lab(p.0))).map(|c| c.round().clamp(0.0, 255.0) as u8)
            });
        }
        let fills = map
            .hexes
            .iter()
            .map(|(&h, cell)| {
                let [r, g, b, _] = hex_fill(cat, cell, true).0;
                (h, rgb_of_lab(fit.apply(lab([r, g, b]))))
            })
            .collect();
        Some(Drawn { image, sim, fills })
    }

    /// The ground under a line between two hexes: the mean of their fills.
    pub fn ground(&self, a: HexId, b: HexId) -> Option<[f32; 3]> {
        let (p, q) = (self.fills.get(&a)?, self.fills.get(&b)?);
        Some([0, 1, 2].map(|k| (p[k] + q[k]) / 2.0))
    }

    /// The drawn colour at a board point, as it should look on the scan.
    pub fn rgb(&self, b: [f32; 2]) -> Option<[f32; 3]> {
        let p = self.sim.apply([f64::from(b[0]), f64::from(b[1])]);
        super::strip::bilinear(&self.image, p[0], p[1])
    }
}
