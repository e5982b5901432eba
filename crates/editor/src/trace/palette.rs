//! The looks a scan's hexes are matched against: each terrain of the catalogue alone and
//! with each feature (and with two features that both tint the hex, a swampy forest),
//! measured on the program's own drawing of that hex. Example hexes clicked on a scan
//! replace a look's colours with the scan's own.

use super::colour::{ColourFit, dist};
use super::sample::{HexSample, offsets, sample_hex};
use super::underlay::Scan;
use sztab_core::hex::{Grid, HexId, Numbering};
use sztab_core::model::{HexCell, Map, TerrainCatalogue};
use sztab_core::render::{Layers, Similarity, render_with};

#[derive(Clone, Debug)]
pub struct PaletteEntry {
    pub cell: HexCell,
    pub look: HexSample,
    /// Example hexes clicked on the scan; 0 = the program's drawing.
    pub examples: u32,
}

impl PaletteEntry {
    pub fn name(&self, cat: &TerrainCatalogue) -> String {
        look_name(cat, &self.cell)
    }

    /// The look as it should appear on the scan: drawn colours go through the scan's
    /// colour fit, learned ones are the scan's already.
    fn on_scan(&self, fit: &ColourFit) -> HexSample {
        if self.examples > 0 {
            return self.look.clone();
        }
        HexSample {
            dominant: fit.apply(self.look.dominant),
            mean: fit.apply(self.look.mean),
            uniformity: self.look.uniformity,
            pixels: self
                .look
                .pixels
                .iter()
                .map(|p| p.map(|c| fit.apply(c)))
                .collect(),
        }
    }
}

/// A look's name: "Clear + Forest".
pub fn look_name(cat: &TerrainCatalogue, cell: &HexCell) -> String {
    let mut s = cat
        .terrain(cell.terrain.as_str())
        .map_or(cell.terrain.to_string(), |t| t.name.clone());
    for f in &cell.features {
        s.push_str(" + ");
        s.push_str(
            &cat.feature(f.as_str())
                .map_or(f.to_string(), |k| k.name.clone()),
        );
    }
    s
}

/// How far a hex's sample is from a look (ΔE): the ground, the mean with the symbols, and
/// the pixels place by place count alike.
pub fn look_distance(a: &HexSample, b: &HexSample) -> f32 {
    (dist(a.dominant, b.dominant) + dist(a.mean, b.mean) + pixel_distance(a, b)) / 3.0
}

/// A pixel this far off counts no more: a road or a name is as wrong as it gets.
const PIXEL_CAP: f32 = 40.0;

/// Share of the pixels a hex is compared by, the nearest ones: a place name or a river's
/// name printed across a hex (a town's, most often) covers fewer than this many of its
/// pixels, and is not held against its look.
const PIXEL_KEEP: f32 = 0.8;

/// The mean difference of the pixels at the same places, over the [`PIXEL_KEEP`] share
/// that differ least.
fn pixel_distance(a: &HexSample, b: &HexSample) -> f32 {
    let mut d: Vec<f32> = a
        .pixels
        .iter()
        .zip(&b.pixels)
        .filter_map(|(p, q)| Some(dist((*p)?, (*q)?).min(PIXEL_CAP)))
        .collect();
    let keep = ((d.len() as f32 * PIXEL_KEEP).ceil() as usize).min(d.len());
    if keep == 0 {
        return 0.0;
    }
    if keep < d.len() {
        d.select_nth_unstable_by(keep - 1, f32::total_cmp);
    }
    d[..keep].iter().sum::<f32>() / keep as f32
}

#[derive(Default)]
pub struct Palette {
    pub entries: Vec<PaletteEntry>,
    built_for: Option<String>,
}

impl Palette {
    /// Builds the palette from the catalogue, measured on the program's own drawing of
    /// each look, unless already built for it.
    pub fn ensure(&mut self, cat: &TerrainCatalogue) {
        if self.built_for.as_deref() == Some(cat.edition.as_str()) && !self.entries.is_empty() {
            return;
        }
        self.entries = looks(cat)
            .into_iter()
            .filter_map(|cell| {
                let look = drawn_look(cat, &cell)?;
                Some(PaletteEntry {
                    cell,
                    look,
                    examples: 0,
                })
            })
            .collect();
        self.built_for = Some(cat.edition.clone());
    }

    /// Adds an example: the first one replaces the drawn look, later ones average.
    pub fn learn(&mut self, cell: &HexCell, sample: HexSample) {
        let e = match self.entries.iter_mut().find(|e| &e.cell == cell) {
            Some(e) => e,
            None => {
                self.entries.push(PaletteEntry {
                    cell: cell.clone(),
                    look: sample.clone(),
                    examples: 0,
                });
                self.entries.last_mut().expect("just pushed")
            }
        };
        if e.examples == 0 {
            e.look = sample;
        } else {
            let n = e.examples as f32;
            let avg = |a: [f32; 3], b: [f32; 3]| [0, 1, 2].map(|k| (a[k] * n + b[k]) / (n + 1.0));
            let pixels = e
                .look
                .pixels
                .iter()
                .zip(&sample.pixels)
                .map(|(p, q)| match (p, q) {
                    (Some(p), Some(q)) => Some(avg(*p, *q)),
                    _ => p.or(*q),
                })
                .collect();
            e.look = HexSample {
                dominant: avg(e.look.dominant, sample.dominant),
                mean: avg(e.look.mean, sample.mean),
                uniformity: (e.look.uniformity * n + sample.uniformity) / (n + 1.0),
                pixels,
            };
        }
        e.examples += 1;
    }

    /// The dominant colours of the drawn (not learned) looks: what a scan's colours are
    /// fitted to.
    pub fn drawn_grounds(&self) -> Vec<super::colour::Lab> {
        self.entries
            .iter()
            .filter(|e| e.examples == 0)
            .map(|e| e.look.dominant)
            .collect()
    }

    /// The nearest look and its distance, and the distance of the nearest other look.
    pub fn two_nearest(&self, s: &HexSample, fit: &ColourFit) -> Option<(&PaletteEntry, f32, f32)> {
        let mut best: Option<(&PaletteEntry, f32)> = None;
        let mut second = f32::INFINITY;
        for e in &self.entries {
            let d = look_distance(&e.on_scan(fit), s);
            match best {
                Some((_, b)) if d >= b => second = second.min(d),
                _ => {
                    if let Some((_, b)) = best {
                        second = second.min(b);
                    }
                    best = Some((e, d));
                }
            }
        }
        best.map(|(e, d)| (e, d, second))
    }
}

/// Every look of a catalogue: a terrain alone, with one feature, or with two features that
/// both tint the hex (forest and swamp); symbol features (towns, cities) do not pair.
fn looks(cat: &TerrainCatalogue) -> Vec<HexCell> {
    let tinting: Vec<_> = cat
        .features
        .iter()
        .filter(|f| {
            !matches!(
                f.pattern,
                sztab_core::model::Pattern::Town | sztab_core::model::Pattern::City
            )
        })
        .collect();
    let mut cells = Vec::new();
    for t in &cat.terrain {
        let plain = HexCell::new(t.id.as_str());
        cells.push(plain.clone());
        for f in &cat.features {
            let mut c = plain.clone();
            c.features.push(f.id.clone());
            cells.push(c);
        }
        for (i, f) in tinting.iter().enumerate() {
            for g in &tinting[i + 1..] {
                let mut c = plain.clone();
                c.features.extend([f.id.clone(), g.id.clone()]);
                cells.push(c);
            }
        }
    }
    cells
}

/// The look of one hex as the program draws it, sampled like a scan.
fn drawn_look(cat: &TerrainCatalogue, cell: &HexCell) -> Option<HexSample> {
    let grid = Grid::new(1, 1, Numbering::default());
    let mut map = Map::new("", "", grid, cell.terrain.as_str());
    map.hexes.insert(HexId::new(1, 1), cell.clone());
    let sim = Similarity::new(30.0, 0.0, [40.0, 40.0]);
    let layers = Layers {
        terrain: true,
        features: true,
        grid: false,
        numbers: false,
        ..Layers::printed()
    };
    let img = render_with(&map, cat, layers, sim, 80, 80).ok()?;
    let scan = Scan {
        image: image::DynamicImage::ImageRgba8(img).to_rgb8(),
        factor: 1.0,
    };
    sample_hex(&scan, &sim, &grid, HexId::new(1, 1), &offsets())
}

/// Samples one hex of the scan, for learning an example.
pub fn sample_one(scan: &Scan, sim: &Similarity, grid: &Grid, id: HexId) -> Option<HexSample> {
    sample_hex(scan, sim, grid, id, &offsets())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::trace::kursk_terrain as kursk;

    #[test]
    fn the_catalogue_palette_tells_its_looks_apart() {
        let cat = kursk();
        let mut p = Palette::default();
        p.ensure(&cat);
        // 3 terrains × (alone, 4 features, forest + swamp).
        assert_eq!(p.entries.len(), 3 * 6);
        let fit = ColourFit::IDENTITY;
        for e in &p.entries {
            let (near, d, second) = p.two_nearest(&e.look, &fit).unwrap();
            assert_eq!((near.cell.clone(), d), (e.cell.clone(), 0.0));
            assert!(second > 3.0, "{} has a twin", e.name(&cat));
        }
    }
}
