//! Terrain suggestions from a calibrated scan. Each hex's pixels are sampled inside the hex
//! (clear of the grid lines and the printed number), summarized as a robust mean colour in
//! CIELAB, and matched to the nearest entry of a palette of hex looks (terrain plus
//! features). The palette starts from the catalogue's own drawing and is refined by
//! clicking example hexes on the scan; the user reviews and accepts in one undo step.

use super::underlay::Scan;
use crate::editor::edit::{Change, Edit};
use crate::hex::{Grid, HexId, Numbering};
use crate::model::{HexCell, Map, TerrainCatalogue};
use crate::render::{HexWindow, Layers, Similarity, render_with};

/// A colour in CIELAB (L 0-100).
pub type Lab = [f32; 3];

pub fn lab([r, g, b]: [u8; 3]) -> Lab {
    let lin = |c: u8| {
        let c = f32::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(r), lin(g), lin(b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f32| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

fn dist(a: Lab, b: Lab) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// Sample offsets from a hex centre (board units): inside the hex, below the number.
fn offsets() -> Vec<[f32; 2]> {
    let mut v = Vec::new();
    let step = 0.08;
    for i in -7..=7 {
        for j in -5..=8 {
            let (x, y) = (i as f32 * step, j as f32 * step);
            if x.hypot(y) <= 0.62 && y >= -0.38 {
                v.push([x, y]);
            }
        }
    }
    v
}

/// Share of samples kept, nearest to the median: drops roads, text and stray marks.
const KEEP: f32 = 0.85;

/// The robust mean colour of a hex on the scan; `None` if it lies off the image.
pub fn sample_hex(
    scan: &Scan,
    sim: &Similarity,
    grid: &Grid,
    id: HexId,
    offs: &[[f32; 2]],
) -> Option<Lab> {
    let c = grid.center(id);
    let mut px: Vec<Lab> = offs
        .iter()
        .filter_map(|o| {
            let p = sim.apply([f64::from(c[0] + o[0]), f64::from(c[1] + o[1])]);
            scan.rgb(p).map(lab)
        })
        .collect();
    if px.len() < offs.len() / 2 {
        return None;
    }
    let median = |k: usize, v: &mut Vec<f32>| {
        v.clear();
        v.extend(px.iter().map(|p| p[k]));
        v.sort_by(f32::total_cmp);
        v[v.len() / 2]
    };
    let mut buf = Vec::with_capacity(px.len());
    let m = [
        median(0, &mut buf),
        median(1, &mut buf),
        median(2, &mut buf),
    ];
    px.sort_by(|a, b| dist(*a, m).total_cmp(&dist(*b, m)));
    let keep = ((px.len() as f32 * KEEP).ceil() as usize).max(1);
    let n = keep as f32;
    let s = px[..keep]
        .iter()
        .fold([0.0; 3], |s, p| [s[0] + p[0], s[1] + p[1], s[2] + p[2]]);
    Some([s[0] / n, s[1] / n, s[2] / n])
}

#[derive(Clone, Debug)]
pub struct PaletteEntry {
    pub cell: HexCell,
    pub lab: Lab,
    /// Example hexes clicked on the scan; 0 = the catalogue's own drawing.
    pub examples: u32,
}

impl PaletteEntry {
    pub fn name(&self, cat: &TerrainCatalogue) -> String {
        let mut s = cat
            .terrain(self.cell.terrain.as_str())
            .map_or(self.cell.terrain.to_string(), |t| t.name.clone());
        for f in &self.cell.features {
            s.push_str(" + ");
            s.push_str(
                &cat.feature(f.as_str())
                    .map_or(f.to_string(), |k| k.name.clone()),
            );
        }
        s
    }
}

#[derive(Default)]
pub struct Palette {
    pub entries: Vec<PaletteEntry>,
    built_for: Option<String>,
}

impl Palette {
    /// Builds the palette from the catalogue (each terrain alone and with each feature),
    /// measured on the program's own drawing of that hex, unless already built for it.
    pub fn ensure(&mut self, cat: &TerrainCatalogue) {
        if self.built_for.as_deref() == Some(cat.edition.as_str()) && !self.entries.is_empty() {
            return;
        }
        self.entries.clear();
        for t in &cat.terrain {
            let plain = HexCell::new(t.id.as_str());
            let mut cells = vec![plain.clone()];
            for f in &cat.features {
                let mut c = plain.clone();
                c.features.push(f.id.clone());
                cells.push(c);
            }
            for cell in cells {
                if let Some(lab) = drawn_colour(cat, &cell) {
                    self.entries.push(PaletteEntry {
                        cell,
                        lab,
                        examples: 0,
                    });
                }
            }
        }
        self.built_for = Some(cat.edition.clone());
    }

    /// Adds an example: the first one replaces the catalogue colour, later ones average.
    pub fn learn(&mut self, cell: &HexCell, sample: Lab) {
        let e = match self.entries.iter_mut().find(|e| &e.cell == cell) {
            Some(e) => e,
            None => {
                self.entries.push(PaletteEntry {
                    cell: cell.clone(),
                    lab: sample,
                    examples: 0,
                });
                self.entries.last_mut().expect("just pushed")
            }
        };
        let n = e.examples as f32;
        e.lab = if e.examples == 0 {
            sample
        } else {
            [0, 1, 2].map(|k| (e.lab[k] * n + sample[k]) / (n + 1.0))
        };
        e.examples += 1;
    }

    /// The nearest entry and its distance.
    pub fn nearest(&self, c: Lab) -> Option<(&PaletteEntry, f32)> {
        self.entries
            .iter()
            .map(|e| (e, dist(e.lab, c)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// The look of one hex as the program draws it, sampled like a scan.
fn drawn_colour(cat: &TerrainCatalogue, cell: &HexCell) -> Option<Lab> {
    let grid = Grid::new(1, 1, Numbering::default());
    let mut map = Map::new("", "", grid, cell.terrain.as_str());
    map.hexes.insert(HexId::new(1, 1), cell.clone());
    let scale = 30.0;
    let sim = Similarity::new(scale, 0.0, [40.0, 40.0]);
    let layers = Layers {
        terrain: true,
        features: true,
        ..Layers::printed()
    };
    let img = render_with(
        &map,
        cat,
        Layers {
            grid: false,
            numbers: false,
            ..layers
        },
        sim,
        80,
        80,
    )
    .ok()?;
    let rgb = image::DynamicImage::ImageRgba8(img).to_rgb8();
    let scan = Scan {
        image: rgb,
        factor: 1.0,
    };
    sample_hex(&scan, &sim, &grid, HexId::new(1, 1), &offsets())
}

#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion {
    pub hex: HexId,
    pub cell: HexCell,
    pub distance: f32,
    pub rejected: bool,
}

#[derive(Default)]
pub struct Suggestions {
    pub list: Vec<Suggestion>,
    /// Suggestions farther than this from their palette colour are left out.
    pub max_distance: f32,
}

impl Suggestions {
    /// Suggests a look for every hex of the map whose nearest palette entry differs from
    /// what it has now.
    pub fn compute(&mut self, map: &Map, palette: &Palette, scan: &Scan, sim: &Similarity) {
        let offs = offsets();
        if self.max_distance <= 0.0 {
            self.max_distance = 25.0;
        }
        let Some(w) = HexWindow::whole(&map.grid) else {
            self.list.clear();
            return;
        };
        self.list = w
            .hexes(&map.grid)
            .filter_map(|id| {
                let c = sample_hex(scan, sim, &map.grid, id, &offs)?;
                let (e, d) = palette.nearest(c)?;
                let differs = map.hexes.get(&id) != Some(&e.cell);
                (differs && d <= self.max_distance).then(|| Suggestion {
                    hex: id,
                    cell: e.cell.clone(),
                    distance: d,
                    rejected: false,
                })
            })
            .collect();
    }

    pub fn toggle(&mut self, hex: HexId) -> bool {
        match self.list.iter_mut().find(|s| s.hex == hex) {
            Some(s) => {
                s.rejected = !s.rejected;
                true
            }
            None => false,
        }
    }

    pub fn accepted(&self) -> impl Iterator<Item = &Suggestion> {
        self.list.iter().filter(|s| !s.rejected)
    }

    /// One undoable edit applying every accepted suggestion.
    pub fn accept_edit(&self, map: &Map) -> Edit {
        let mut e = Edit::new(format!(
            "Accept {} terrain suggestions",
            self.accepted().count()
        ));
        for s in self.accepted() {
            e.push(Change::Hex {
                id: s.hex,
                before: map.hexes.get(&s.hex).cloned(),
                after: Some(s.cell.clone()),
            });
        }
        e
    }
}

/// Samples one hex of the scan, for learning an example.
pub fn sample_one(scan: &Scan, sim: &Similarity, grid: &Grid, id: HexId) -> Option<Lab> {
    sample_hex(scan, sim, grid, id, &offsets())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lab_of_white_and_black() {
        let w = lab([255, 255, 255]);
        assert!((w[0] - 100.0).abs() < 0.5 && w[1].abs() < 0.5 && w[2].abs() < 0.5);
        assert!(lab([0, 0, 0])[0].abs() < 0.5);
    }

    #[test]
    fn the_catalogue_palette_tells_its_looks_apart() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/wb95/kursk-1943.terrain.ron");
        let cat = crate::model::io::load_terrain(&path).unwrap().value;
        let mut p = Palette::default();
        p.ensure(&cat);
        assert_eq!(
            p.entries.len(),
            cat.terrain.len() * (1 + cat.features.len())
        );
        for e in &p.entries {
            let (near, d) = p.nearest(e.lab).unwrap();
            assert_eq!((near.cell.clone(), d), (e.cell.clone(), 0.0));
        }
        let clear = &p.entries[0];
        let town = p.entries.iter().find(|e| e.cell.has("town")).unwrap();
        assert!(
            dist(clear.lab, town.lab) > 3.0,
            "a town must not look like clear"
        );
    }
}
