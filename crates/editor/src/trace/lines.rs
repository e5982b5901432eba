//! Hexside and road suggestions from a calibrated scan. Every hexside of the map is read
//! twice: along the edge, for what is drawn on it (a river, a fortification line), and
//! across it from centre to centre, for a road between the two hexes. Each reading is
//! matched to the looks of [`LinePalette`] through the terrain pass's colour fit, so a
//! faded scan needs no examples; each suggestion has a confidence, starts accepted at or
//! above the threshold, and accepting is one undo step.

use rayon::prelude::*;

use super::colour::ColourFit;
use super::drawn::Drawn;
use super::line_looks::{LineLook, LinePalette, LinkLook, SideLook};
use super::strip::{self, Strip, Window};
use super::suggest::confidence;
use super::underlay::Scan;
use crate::edit::{Change, Edit};
use sztab_core::hex::{Grid, HexId, Hexside};
use sztab_core::model::{HexsideFeature, Map, Roads};
use sztab_core::render::Similarity;

/// Line suggestions at or above this confidence start accepted.
pub const DEFAULT_THRESHOLD: f32 = 0.5;
/// An ink this far (board units × sRGB) from the nearest look halves the confidence: a
/// stream's ink on clear ground is about 11, a river's 20, the grid line's 4.
const CLOSE: f32 = 4.0;

/// What a suggestion would put on a hexside.
#[derive(Clone, Debug, PartialEq)]
pub enum LineChange {
    /// Everything drawn along the hexside; empty to clear it.
    Side(Vec<HexsideFeature>),
    /// The roads from centre to centre; `None` to clear them.
    Link(Option<Roads>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct LineSuggestion {
    pub side: Hexside,
    pub change: LineChange,
    pub confidence: f32,
    pub accepted: bool,
}

impl LineSuggestion {
    pub fn is_link(&self) -> bool {
        matches!(self.change, LineChange::Link(_))
    }

    /// The segment the suggestion is drawn and clicked along: the hexside's edge, or the
    /// line between the two centres.
    pub fn segment(&self, grid: &Grid) -> Option<[[f32; 2]; 2]> {
        if self.is_link() {
            let (a, b) = self.side.hexes();
            Some([grid.center(a), grid.center(b)])
        } else {
            grid.hexside_ends(self.side)
        }
    }

    /// "river, fl_line" or "no road".
    pub fn name(&self) -> String {
        let names: Vec<&str> = match &self.change {
            LineChange::Side(f) => f.iter().map(|f| f.kind.as_str()).collect(),
            LineChange::Link(r) => r
                .iter()
                .flat_map(|r| r.iter())
                .map(|k| k.as_str())
                .collect(),
        };
        match (names.is_empty(), self.is_link()) {
            (true, true) => "no road".into(),
            (true, false) => "nothing along the hexside".into(),
            _ => names.join(" + "),
        }
    }
}

/// What the lines are read from: the scan where the grid's calibration puts the board,
/// its colours' fit to the drawing, and the board drawn without lines (see [`Drawn`]).
pub struct Reading<'a> {
    pub scan: &'a Scan,
    pub sim: &'a Similarity,
    pub fit: &'a ColourFit,
    pub drawn: &'a Drawn,
}

impl Reading<'_> {
    /// The strip of `side` along `p`→`q`: its ink from the scan's difference from the
    /// drawing, its ground the two hexes' drawn fills (on the scan, the flanks of a strip
    /// also hold the hex numbers and the symbols).
    fn read(&self, side: Hexside, p: [f32; 2], q: [f32; 2], w: &Window) -> Option<Strip> {
        let scan = |b: [f32; 2]| {
            let p = self.sim.apply([f64::from(b[0]), f64::from(b[1])]);
            let f = self.scan.factor;
            strip::bilinear(&self.scan.image, p[0] * f, p[1] * f)
        };
        let diff = |b: [f32; 2]| {
            let (s, d) = (scan(b)?, self.drawn.rgb(b)?);
            Some([0, 1, 2].map(|k| s[k] - d[k]))
        };
        let (a, b) = side.hexes();
        let ground = self.drawn.ground(a, b)?;
        let ink = strip::read(&diff, p, q, w)?;
        Some(Strip {
            ground: [ground, ground],
            ..ink
        })
    }
}

pub struct LineSuggestions {
    pub list: Vec<LineSuggestion>,
    pub threshold: f32,
}

impl Default for LineSuggestions {
    fn default() -> Self {
        Self {
            list: Vec::new(),
            threshold: DEFAULT_THRESHOLD,
        }
    }
}

/// Every hexside of the grid, once.
pub fn all_sides(grid: &Grid) -> Vec<Hexside> {
    grid.iter()
        .flat_map(|h| {
            grid.neighbours(h)
                .filter_map(move |n| (h < n).then(|| Hexside::new(h, n)).flatten())
        })
        .collect()
}

impl LineSuggestions {
    /// Suggests, for every hexside whose reading differs from the map, what the scan shows
    /// along it and between its two hexes.
    pub fn compute(&mut self, map: &Map, palette: &LinePalette, r: &Reading) {
        let grid = &map.grid;
        let threshold = self.threshold;
        self.list = all_sides(grid)
            .par_iter()
            .flat_map_iter(|&side| {
                let along = grid
                    .hexside_ends(side)
                    .and_then(|[p, q]| r.read(side, p, q, &strip::SIDE))
                    .and_then(|s| side_suggestion(map, palette, r.fit, side, &s));
                let (a, b) = side.hexes();
                let across = r
                    .read(side, grid.center(a), grid.center(b), &strip::LINK)
                    .and_then(|s| link_suggestion(map, palette, r.fit, side, &s));
                along.into_iter().chain(across)
            })
            .map(|mut s| {
                s.accepted = s.confidence >= threshold;
                s
            })
            .collect();
    }

    /// Accepts exactly the suggestions at or above `threshold`.
    pub fn set_threshold(&mut self, threshold: f32) {
        self.threshold = threshold;
        for s in &mut self.list {
            s.accepted = s.confidence >= threshold;
        }
    }

    /// Toggles the suggestion drawn nearest to board point `p`, if one is within reach.
    pub fn toggle_near(&mut self, grid: &Grid, p: [f32; 2]) -> Option<&LineSuggestion> {
        const REACH: f32 = 0.25;
        let i = self
            .list
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((i, distance_to(p, s.segment(grid)?))))
            .filter(|(_, d)| *d <= REACH)
            .min_by(|a, b| a.1.total_cmp(&b.1))?
            .0;
        let s = &mut self.list[i];
        s.accepted = !s.accepted;
        Some(s)
    }

    pub fn accepted(&self) -> impl Iterator<Item = &LineSuggestion> {
        self.list.iter().filter(|s| s.accepted)
    }

    /// One undoable edit applying every accepted suggestion.
    pub fn accept_edit(&self, map: &Map) -> Edit {
        let mut e = Edit::new(format!(
            "Accept {} hexside and road suggestions",
            self.accepted().count()
        ));
        for s in self.accepted() {
            e.push(match &s.change {
                LineChange::Side(after) => Change::Hexside {
                    side: s.side,
                    before: map.hexsides.get(&s.side).cloned().unwrap_or_default(),
                    after: after.clone(),
                },
                LineChange::Link(after) => Change::Road {
                    side: s.side,
                    before: map.roads.get(&s.side).cloned(),
                    after: after.clone(),
                },
            });
        }
        e
    }
}

/// The nearest look to a reading and its distance, and the distance of the next one.
pub fn two_nearest<'a, T>(
    looks: &'a [T],
    look: impl Fn(&T) -> &LineLook,
    s: &Strip,
    fit: &ColourFit,
) -> Option<(&'a T, f32, f32)> {
    let base = look(looks.first()?);
    let mut d: Vec<(&T, f32)> = looks
        .iter()
        .map(|t| (t, distance(base, look(t), s, fit)))
        .collect();
    d.sort_by(|a, b| a.1.total_cmp(&b.1));
    let (best, d1) = *d.first()?;
    Some((best, d1, d.get(1).map_or(f32::INFINITY, |x| x.1)))
}

/// How much more or less ink than foreseen a line may leave and still match exactly: a
/// blur or a JPEG carries some of a thin line's ink off its strip, and names printed
/// along a river add some.
const INK_SCALE: std::ops::RangeInclusive<f32> = 0.75..=1.25;

/// The distance between a reading's ink and a foreseen one, scaled within [`INK_SCALE`]:
/// lines are told apart by the colour of their ink first, its amount second.
fn ink_distance(ink: [f32; 3], e: [f32; 3]) -> f32 {
    let ee: f32 = e.iter().map(|v| v * v).sum();
    let scale = if ee > 1e-6 {
        let ie: f32 = (0..3).map(|k| ink[k] * e[k]).sum();
        (ie / ee).clamp(*INK_SCALE.start(), *INK_SCALE.end())
    } else {
        1.0
    };
    (0..3)
        .map(|k| (ink[k] - scale * e[k]).powi(2))
        .sum::<f32>()
        .sqrt()
}

/// How far a reading is from a look: its ink beyond the drawing's, which has the first
/// look (`base`: none, the grid line alone).
fn distance(base: &LineLook, look: &LineLook, s: &Strip, fit: &ColourFit) -> f32 {
    let ground = s.mean_ground();
    let (e, b) = (look.expected(ground, fit), base.expected(ground, fit));
    let ink = if look.steady { s.ink_median } else { s.ink };
    ink_distance(ink, [0, 1, 2].map(|k| e[k] - b[k]))
}

/// A change is suggested only when the reading is clearly nearer the suggested look than
/// the map's own (no line, on a blank map): at least this confident between the two.
/// Grain and a grid line drawn a little lighter would otherwise put a faint stream on
/// many hexsides of a scan.
const MIN_CHANGE: f32 = 0.1;

/// Whether the nearest look (at `d1`) is clearly nearer than what the map has now (at
/// `d_now`; `None` for a mix the palette lacks, which a reading may always replace).
fn worth_a_change(d1: f32, d_now: Option<f32>) -> bool {
    d_now.is_none_or(|d| confidence(d1, d, CLOSE) >= MIN_CHANGE)
}

fn side_suggestion(
    map: &Map,
    palette: &LinePalette,
    fit: &ColourFit,
    side: Hexside,
    s: &Strip,
) -> Option<LineSuggestion> {
    let (best, d1, d2) = two_nearest(&palette.sides, |l| &l.look, s, fit)?;
    let now = map.hexsides.get(&side).map_or(&[][..], Vec::as_slice);
    let is_now = |l: &SideLook| {
        now.len() == l.kinds.len() && l.kinds.iter().all(|k| now.iter().any(|f| &f.kind == k))
    };
    let d_now = palette
        .sides
        .iter()
        .find(|l| is_now(l))
        .map(|l| distance(&palette.sides[0].look, &l.look, s, fit));
    if is_now(best) || !worth_a_change(d1, d_now) {
        return None;
    }
    let protects = best
        .has_front
        .then(|| protected_hex(&map.grid, side, s, &best.look))
        .flatten();
    let features = best
        .kinds
        .iter()
        .map(|k| HexsideFeature {
            protects,
            ..HexsideFeature::new(k.as_str())
        })
        .collect();
    Some(LineSuggestion {
        side,
        change: LineChange::Side(features),
        confidence: confidence(d1, d2, CLOSE),
        accepted: false,
    })
}

/// The hex a fortification line protects: the side its ticks and inset lie on.
fn protected_hex(grid: &Grid, side: Hexside, s: &Strip, look: &LineLook) -> Option<HexId> {
    let [p, q] = grid.hexside_ends(side)?;
    let (a, b) = side.hexes();
    let c = grid.center(b);
    let right = (c[0] - p[0]) * -(q[1] - p[1]) + (c[1] - p[1]) * (q[0] - p[0]) >= 0.0;
    let toward_b = if right { s.offset } else { -s.offset };
    Some(if toward_b * look.toward_protected.signum() >= 0.0 {
        b
    } else {
        a
    })
}

fn link_suggestion(
    map: &Map,
    palette: &LinePalette,
    fit: &ColourFit,
    side: Hexside,
    s: &Strip,
) -> Option<LineSuggestion> {
    let (best, d1, d2) = two_nearest(&palette.links, |l| &l.look, s, fit)?;
    let now: Vec<_> = map
        .roads
        .get(&side)
        .map_or(Vec::new(), |r| r.kinds().to_vec());
    let is_now =
        |l: &LinkLook| now.len() == l.kinds.len() && l.kinds.iter().all(|k| now.contains(k));
    let d_now = palette
        .links
        .iter()
        .find(|l| is_now(l))
        .map(|l| distance(&palette.links[0].look, &l.look, s, fit));
    if is_now(best) || !worth_a_change(d1, d_now) {
        return None;
    }
    let mut roads: Option<Roads> = None;
    for k in &best.kinds {
        match &mut roads {
            Some(r) => r.insert(k.clone()),
            None => roads = Some(Roads::from(k.clone())),
        }
    }
    Some(LineSuggestion {
        side,
        change: LineChange::Link(roads),
        confidence: confidence(d1, d2, CLOSE),
        accepted: false,
    })
}

/// Distance from `p` to the segment's middle 70 %, where its marker is drawn.
fn distance_to(p: [f32; 2], [a, b]: [[f32; 2]; 2]) -> f32 {
    let d = [b[0] - a[0], b[1] - a[1]];
    let l2 = (d[0] * d[0] + d[1] * d[1]).max(1e-9);
    let t = (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / l2).clamp(0.15, 0.85);
    let c = [a[0] + d[0] * t, a[1] + d[1] * t];
    (p[0] - c[0]).hypot(p[1] - c[1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::palette::Palette;
    use crate::trace::suggest::Suggestions;
    use sztab_core::model::TerrainCatalogue;
    use sztab_core::render::{Layers, render_with};

    use crate::trace::kursk_terrain as kursk;

    /// A 4×3 board with a river along 0202-0302 and a main road from 0101 to 0201,
    /// drawn as a scan; and a blank map to trace it into.
    fn board(cat: &TerrainCatalogue) -> (Map, Map, Scan, Similarity) {
        let grid = Grid::new(4, 3, sztab_core::hex::Numbering::default());
        let mut map = Map::new("", "", grid, "clear");
        let river = grid.hexside(HexId::new(2, 2), HexId::new(3, 2)).unwrap();
        map.hexsides
            .insert(river, vec![HexsideFeature::new("river")]);
        let road = grid.hexside(HexId::new(1, 1), HexId::new(2, 1)).unwrap();
        map.roads.insert(road, Roads::from("main"));
        let sim = Similarity::new(30.0, 0.0, [40.0, 40.0]);
        let img = render_with(&map, cat, Layers::printed(), sim, 260, 230).unwrap();
        let scan = Scan {
            image: image::DynamicImage::ImageRgba8(img).to_rgb8(),
            factor: 1.0,
        };
        (map, Map::new("", "", grid, "clear"), scan, sim)
    }

    fn traced(
        cat: &TerrainCatalogue,
        blank: &Map,
        scan: &Scan,
        sim: &Similarity,
    ) -> LineSuggestions {
        let mut palette = Palette::default();
        palette.ensure(cat);
        let mut terrain = Suggestions::default();
        terrain.compute(blank, &palette, scan, sim);
        let fit = terrain.fit.unwrap_or_default();
        let drawn = Drawn::of(&terrain.applied_to(blank), cat, &fit).unwrap();
        let mut lp = LinePalette::default();
        lp.ensure(cat);
        let mut lines = LineSuggestions::default();
        let r = Reading {
            scan,
            sim,
            fit: &fit,
            drawn: &drawn,
        };
        lines.compute(blank, &lp, &r);
        lines
    }

    #[test]
    fn a_river_and_a_road_are_suggested_and_accepted_in_one_edit() {
        let cat = kursk();
        let (truth, blank, scan, sim) = board(&cat);
        let mut lines = traced(&cat, &blank, &scan, &sim);
        let names: Vec<_> = lines
            .list
            .iter()
            .map(|s| (s.side, s.name(), s.accepted))
            .collect();
        assert_eq!(lines.list.len(), 2, "{names:?}");
        assert!(
            lines.list.iter().all(|s| s.accepted && s.confidence >= 0.5),
            "{names:?}"
        );
        let e = lines.accept_edit(&blank);
        assert_eq!(e.changes.len(), 2);
        for c in &e.changes {
            match c {
                Change::Hexside { side, after, .. } => {
                    assert_eq!(after, &truth.hexsides[side]);
                }
                Change::Road { side, after, .. } => {
                    assert_eq!(after.as_ref(), truth.roads.get(side));
                }
                other => panic!("{other:?}"),
            }
        }
        // A click near the road's middle third rejects it; one far from every line does
        // nothing.
        let (a, b) = (
            truth.grid.center(HexId::new(1, 1)),
            truth.grid.center(HexId::new(2, 1)),
        );
        let at = [a[0] + (b[0] - a[0]) * 0.3, a[1] + (b[1] - a[1]) * 0.3];
        let hit = lines
            .toggle_near(&truth.grid, at)
            .map(|s| (s.is_link(), s.accepted));
        assert_eq!(hit, Some((true, false)));
        assert!(
            lines
                .toggle_near(&truth.grid, truth.grid.center(HexId::new(4, 3)))
                .is_none()
        );
        assert_eq!(lines.accept_edit(&blank).changes.len(), 1);
        lines.set_threshold(0.0);
        assert_eq!(lines.accepted().count(), 2);
    }
}
