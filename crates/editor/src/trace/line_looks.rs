//! What each line of the catalogue puts on a scan, measured on the program's own drawing:
//! every hexside kind alone and a watercourse with a fortification line, every road kind
//! alone and two side by side, and nothing (the grid line alone). Each is drawn between two
//! hexes on white ground and on black ground; the two inks across the strip (see
//! [`strip`](super::strip)) give the line's effective width and colour, so its ink can be
//! foreseen on any ground: dashes, a translucent grid line and a red line with black
//! dashes included.

use super::colour::{ColourFit, lab_f, rgb_of_lab};
use super::strip::{self, Strip, Window};
use sztab_core::hex::{Grid, HexId, Hexside, Numbering};
use sztab_core::model::{
    Colour, HexCell, HexsideFamily, HexsideFeature, HexsideRole, Map, Pattern, Roads,
    TerrainCatalogue,
};
use sztab_core::model::{HexsideKindId, RoadKindId};
use sztab_core::render::{Layers, Similarity, render_with};

/// How a line shows: the ink of `width × (colour − ground)` across its strip.
#[derive(Clone, Debug, PartialEq)]
pub struct LineLook {
    /// Effective width (board units): the drawn width times the share it covers.
    pub width: f32,
    /// Effective colour as drawn, sRGB 0-255.
    pub colour: [f32; 3],
    /// Where the ink lies toward the protected hex, for a fortification line.
    pub toward_protected: f32,
    /// Drawn alike all along (solid, or nothing), so read by the median of a strip's
    /// places, which names and symbols do not move; a dashed line is read by their mean.
    pub steady: bool,
}

impl LineLook {
    /// The ink this line leaves on the scan over `ground`: its colour as the scan's
    /// colour fit has it.
    pub fn expected(&self, ground: [f32; 3], fit: &ColourFit) -> [f32; 3] {
        let c = rgb_of_lab(fit.apply(lab_f(self.colour)));
        [0, 1, 2].map(|k| self.width * (c[k] - ground[k]))
    }
}

#[derive(Clone, Debug)]
pub struct SideLook {
    /// The hexside's kinds; empty for none.
    pub kinds: Vec<HexsideKindId>,
    pub look: LineLook,
    /// One of the kinds is a fortification line, which protects one side.
    pub has_front: bool,
}

#[derive(Clone, Debug)]
pub struct LinkLook {
    /// The road kinds between the two hexes; empty for none.
    pub kinds: Vec<RoadKindId>,
    pub look: LineLook,
}

#[derive(Default)]
pub struct LinePalette {
    pub sides: Vec<SideLook>,
    pub links: Vec<LinkLook>,
    built_for: Option<String>,
}

impl LinePalette {
    /// Measures every look of the catalogue, unless already measured for it.
    pub fn ensure(&mut self, cat: &TerrainCatalogue) {
        if self.built_for.as_deref() == Some(cat.edition.as_str()) {
            return;
        }
        let bench = Bench::new();
        self.sides = side_sets(cat)
            .into_iter()
            .filter_map(|kinds| {
                let has_front = kinds
                    .iter()
                    .any(|k| cat.hexside(k.as_str()).is_some_and(|h| h.role.is_line()));
                let look = bench.side(cat, &kinds)?;
                Some(SideLook {
                    kinds,
                    look,
                    has_front,
                })
            })
            .collect();
        self.links = link_sets(cat)
            .into_iter()
            .filter_map(|kinds| {
                let look = bench.link(cat, &kinds)?;
                Some(LinkLook { kinds, look })
            })
            .collect();
        self.built_for = Some(cat.edition.clone());
    }
}

/// None, each kind that is drawn along a hexside, and a watercourse with a fortification
/// line (a belt dug in behind a river). Crossings are drawn across the hexside's middle,
/// where the strip does not look.
fn side_sets(cat: &TerrainCatalogue) -> Vec<Vec<HexsideKindId>> {
    let drawn: Vec<_> = cat
        .hexsides
        .iter()
        .filter(|k| k.role != HexsideRole::Crossing)
        .collect();
    let mut sets = vec![Vec::new()];
    sets.extend(drawn.iter().map(|k| vec![k.id.clone()]));
    for w in drawn
        .iter()
        .filter(|k| k.role.family() == HexsideFamily::Watercourse)
    {
        for f in drawn
            .iter()
            .filter(|k| k.role.family() == HexsideFamily::Fortification)
        {
            sets.push(vec![w.id.clone(), f.id.clone()]);
        }
    }
    sets
}

/// None, each road kind, and two kinds side by side (a road beside a railroad).
fn link_sets(cat: &TerrainCatalogue) -> Vec<Vec<RoadKindId>> {
    let ids: Vec<_> = cat.roads.iter().map(|k| k.id.clone()).collect();
    let mut sets = vec![Vec::new()];
    sets.extend(ids.iter().map(|k| vec![k.clone()]));
    for (i, a) in ids.iter().enumerate() {
        for b in &ids[i + 1..] {
            sets.push(vec![a.clone(), b.clone()]);
        }
    }
    sets
}

/// Two neighbouring hexes drawn at a fixed scale, on white or black ground.
struct Bench {
    grid: Grid,
    a: HexId,
    b: HexId,
    side: Hexside,
    sim: Similarity,
}

const BENCH_SCALE: f64 = 30.0;

impl Bench {
    fn new() -> Self {
        let grid = Grid::new(2, 2, Numbering::default());
        let a = HexId::new(1, 1);
        let b = HexId::new(1, 2);
        let side = Hexside::new(a, b).expect("two hexes");
        Self {
            grid,
            a,
            b,
            side,
            sim: Similarity::new(BENCH_SCALE, 0.0, [40.0, 40.0]),
        }
    }

    fn side(&self, cat: &TerrainCatalogue, kinds: &[HexsideKindId]) -> Option<LineLook> {
        let ends = self.grid.hexside_ends(self.side)?;
        let on = |ground: u8| {
            let (cat, mut map) = self.blank(cat, ground);
            let features = kinds
                .iter()
                .map(|k| HexsideFeature {
                    protects: Some(self.b),
                    ..HexsideFeature::new(k.as_str())
                })
                .collect();
            map.hexsides.insert(self.side, features);
            self.read(&cat, &map, ends, &strip::SIDE)
        };
        let (white, black) = (on(255)?, on(0)?);
        let toward_b = self.toward(ends, self.b);
        Some(look_of(&white, &black, black.offset * toward_b))
    }

    fn link(&self, cat: &TerrainCatalogue, kinds: &[RoadKindId]) -> Option<LineLook> {
        let ends = [self.grid.center(self.a), self.grid.center(self.b)];
        let on = |ground: u8| {
            let (cat, mut map) = self.blank(cat, ground);
            let mut roads: Option<Roads> = None;
            for k in kinds {
                match &mut roads {
                    Some(r) => r.insert(k.clone()),
                    None => roads = Some(Roads::from(k.clone())),
                }
            }
            if let Some(r) = roads {
                map.roads.insert(self.side, r);
            }
            self.read(&cat, &map, ends, &strip::LINK)
        };
        Some(look_of(&on(255)?, &on(0)?, 0.0))
    }

    /// +1 when `h` lies on the strip's right of `p`→`q`, −1 when on its left.
    fn toward(&self, [p, q]: [[f32; 2]; 2], h: HexId) -> f32 {
        let c = self.grid.center(h);
        let n = [-(q[1] - p[1]), q[0] - p[0]];
        let s = (c[0] - p[0]) * n[0] + (c[1] - p[1]) * n[1];
        if s >= 0.0 { 1.0 } else { -1.0 }
    }

    /// The catalogue with every terrain a plain `ground` grey, and a map of it.
    fn blank(&self, cat: &TerrainCatalogue, ground: u8) -> (TerrainCatalogue, Map) {
        let mut cat = cat.clone();
        for t in &mut cat.terrain {
            t.colour = Colour([ground, ground, ground, 255]);
            t.pattern = Pattern::Plain;
        }
        let first = cat
            .terrain
            .first()
            .map_or("clear".to_owned(), |t| t.id.to_string());
        let mut map = Map::new("", "", self.grid, first.as_str());
        map.hexes.insert(self.a, HexCell::new(first.as_str()));
        (cat, map)
    }

    fn read(
        &self,
        cat: &TerrainCatalogue,
        map: &Map,
        [p, q]: [[f32; 2]; 2],
        w: &Window,
    ) -> Option<Strip> {
        let layers = Layers {
            features: false,
            numbers: false,
            labels: false,
            zones: false,
            ..Layers::printed()
        };
        let img = render_with(map, cat, layers, self.sim, 160, 160).ok()?;
        let img = image::DynamicImage::ImageRgba8(img).to_rgb8();
        let px = |b: [f32; 2]| {
            let s = self.sim.apply([f64::from(b[0]), f64::from(b[1])]);
            strip::bilinear(&img, s[0], s[1])
        };
        strip::read(&px, p, q, w)
    }
}

/// A drawn line whose places' inks differ from their mean by less than this share is
/// steady: the dashes of a fortification line are short against a strip, a dashed road's
/// long.
const STEADY: f32 = 0.35;

/// The effective width and colour from the inks on white and on black:
/// `ink_white = w·(c − 255)`, `ink_black = w·c`.
fn look_of(white: &Strip, black: &Strip, toward_protected: f32) -> LineLook {
    let width = (0..3)
        .map(|k| (black.ink[k] - white.ink[k]) / 255.0)
        .sum::<f32>()
        / 3.0;
    let colour = if width > 1e-3 {
        black.ink.map(|v| (v / width).clamp(0.0, 255.0))
    } else {
        [0.0; 3]
    };
    LineLook {
        width: width.max(0.0),
        colour,
        toward_protected,
        steady: width < 0.005 || black.spread < STEADY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub fn kursk() -> TerrainCatalogue {
        let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("assets/wb95/kursk-1943.terrain.ron");
        sztab_core::model::io::load_terrain(&path).unwrap().value
    }

    #[test]
    fn the_drawn_widths_and_colours_come_back() {
        let cat = kursk();
        let mut p = LinePalette::default();
        p.ensure(&cat);
        // None, six kinds, four watercourses × two lines.
        assert_eq!(p.sides.len(), 1 + 6 + 8);
        assert_eq!(p.links.len(), 1 + 2 + 1);
        let side = |id: &str| {
            p.sides
                .iter()
                .find(|s| s.kinds.len() == 1 && s.kinds[0].as_str() == id)
                .unwrap()
        };
        let river = &side("river").look;
        assert!((river.width - 0.12).abs() < 0.015, "{river:?}");
        let want = [58.0, 111.0, 196.0];
        assert!(
            (0..3).all(|k| (river.colour[k] - want[k]).abs() < 12.0),
            "{river:?}"
        );
        // The grid line alone: thin and dark.
        let none = &p.sides[0].look;
        assert!(none.width > 0.005 && none.width < 0.04, "{none:?}");
        assert!(side("fl_line").has_front && side("fl_line").look.toward_protected > 0.0);
        let main = p.links.iter().find(|l| l.kinds.len() == 1).unwrap();
        assert!((main.look.width - 0.1).abs() < 0.015, "{:?}", main.look);
        assert!(p.links[0].look.width < 0.005, "{:?}", p.links[0].look);
    }
}
