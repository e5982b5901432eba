//! The counters on the map that are not units (a system's [`Feature`]s) in the playtest:
//! an area feature (a minefield) hatches its hex, a shelter (a fortification) frames the
//! stack of the units inside it, and a counter (a block, a wreck) lies on its hex where
//! no unit stands. Under units, a tag along the hex's foot names them all, drawn above
//! the counters so a stack never hides what it stands on.

use std::collections::{BTreeMap, BTreeSet};

use sztab_core::hex::{Grid, HexId};
use sztab_core::model::Colour;
use sztab_core::render::counter::{COUNTER_SIDE, counter_centre};
use sztab_core::render::{Anchor, Sink, rect_points};
use sztab_seam::{Feature, FeatureLook};

/// A feature of no side: dark grey with white text.
const NEUTRAL: (Colour, Colour) = (Colour([60, 56, 52, 255]), Colour([255, 255, 255, 255]));
const EDGE: Colour = Colour([25, 25, 25, 255]);
const HATCH_FILL: Colour = Colour([170, 40, 30, 55]);
const HATCH_MARK: Colour = Colour([130, 25, 15, 230]);

/// The features of a game and the colours of its sides' counters (fill, ink) by side.
#[derive(Clone, Debug, Default)]
pub struct Features {
    pub list: Vec<Feature>,
    pub colours: Vec<(Colour, Colour)>,
}

impl Features {
    fn colour(&self, f: &Feature) -> (Colour, Colour) {
        f.side
            .and_then(|s| self.colours.get(s).copied())
            .unwrap_or(NEUTRAL)
    }

    fn by_hex(&self) -> BTreeMap<HexId, Vec<&Feature>> {
        let mut m: BTreeMap<HexId, Vec<&Feature>> = BTreeMap::new();
        for f in &self.list {
            m.entry(f.hex).or_default().push(f);
        }
        m
    }

    /// Under the counters: hatched hexes, shelters' frames, and the counters of hexes
    /// no unit stands on (`occupied`: hexes with units).
    pub fn paint_below(&self, sink: &mut impl Sink, grid: &Grid, occupied: &BTreeSet<HexId>) {
        for (hex, fs) in self.by_hex() {
            if !grid.contains(hex) {
                continue;
            }
            for f in &fs {
                match f.look {
                    FeatureLook::Area => hatch(sink, grid, hex),
                    FeatureLook::Shelter => frame(sink, counter_centre(grid, hex), self.colour(f)),
                    FeatureLook::Counter => {}
                }
            }
            if !occupied.contains(&hex) {
                let lying = fs.iter().filter(|f| f.look != FeatureLook::Area);
                for (i, f) in lying.enumerate() {
                    let d = 0.1 * i as f32;
                    let [x, y] = counter_centre(grid, hex);
                    tile(sink, [x + d, y - d], self.colour(f), f);
                }
            }
        }
        sink.layer_done();
    }

    /// Above the counters: the tag naming what lies under the units of each hex (and a
    /// minefield's name everywhere, its hatching being unlabelled).
    pub fn paint_above(&self, sink: &mut impl Sink, grid: &Grid, occupied: &BTreeSet<HexId>) {
        for (hex, fs) in self.by_hex() {
            let named: Vec<&&Feature> = fs
                .iter()
                .filter(|f| occupied.contains(&hex) || f.look == FeatureLook::Area)
                .collect();
            if named.is_empty() || !grid.contains(hex) {
                continue;
            }
            let text: Vec<String> = named.iter().map(|f| f.label()).collect();
            let colours = match named.as_slice() {
                [one] => self.colour(one),
                _ => NEUTRAL,
            };
            tag(sink, counter_centre(grid, hex), colours, &text.join(", "));
        }
        sink.layer_done();
    }
}

/// A minefield's hex: a reddish wash and a ring of crosses inside its edge.
fn hatch(sink: &mut impl Sink, grid: &Grid, hex: HexId) {
    let corners = grid.corners(hex);
    sink.convex(&corners, HATCH_FILL);
    let [cx, cy] = grid.center(hex);
    let r = 0.07;
    for (i, a) in corners.iter().enumerate() {
        let b = corners[(i + 1) % 6];
        for p in [*a, [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]] {
            let q = [cx + (p[0] - cx) * 0.8, cy + (p[1] - cy) * 0.8];
            sink.line(
                [q[0] - r, q[1] - r],
                [q[0] + r, q[1] + r],
                0.035,
                HATCH_MARK,
                None,
            );
            sink.line(
                [q[0] - r, q[1] + r],
                [q[0] + r, q[1] - r],
                0.035,
                HATCH_MARK,
                None,
            );
        }
    }
}

/// A fortification under the stack on its hex: a square a little wider than a counter,
/// in a darker shade of its holder's colour, so the units sit in it.
fn frame(sink: &mut impl Sink, c: [f32; 2], (fill, _): (Colour, Colour)) {
    let h = COUNTER_SIDE / 2.0 + 0.13;
    let (min, max) = ([c[0] - h, c[1] - h], [c[0] + h, c[1] + h]);
    let [r, g, b, _] = fill.0;
    let shade = |v: u8| (f32::from(v) * 0.55) as u8;
    sink.rect(min, max, Colour([shade(r), shade(g), shade(b), 255]));
    sink.outline(&rect_points(min, max), 0.04, EDGE);
}

/// A feature's own counter, a little smaller than a unit's, with its name.
fn tile(sink: &mut impl Sink, c: [f32; 2], (fill, ink): (Colour, Colour), f: &Feature) {
    let h = COUNTER_SIDE * 0.4;
    let (min, max) = ([c[0] - h, c[1] - h], [c[0] + h, c[1] + h]);
    sink.rect(min, max, fill);
    sink.outline(&rect_points(min, max), 0.03, EDGE);
    let size = fit(&f.kind, 2.0 * h * 0.9, 0.22);
    sink.text([c[0], c[1] - 0.12], size, &f.kind, ink, Anchor::Center, 0.0);
    if !f.detail.is_empty() {
        sink.text(
            [c[0], c[1] + 0.18],
            0.26,
            &f.detail,
            ink,
            Anchor::Center,
            0.0,
        );
    }
}

/// A label along the foot of the hex, below its counter.
fn tag(sink: &mut impl Sink, c: [f32; 2], (fill, ink): (Colour, Colour), text: &str) {
    let (w, h) = (1.0, 0.22);
    let y = c[1] + COUNTER_SIDE / 2.0 + 0.03;
    let (min, max) = ([c[0] - w / 2.0, y - h / 2.0], [c[0] + w / 2.0, y + h / 2.0]);
    sink.rect(min, max, fill);
    sink.outline(&rect_points(min, max), 0.02, EDGE);
    sink.text(
        [c[0], y],
        fit(text, w * 0.94, 0.17),
        text,
        ink,
        Anchor::Center,
        0.0,
    );
}

/// The text height that fits `text` in `width` (glyphs average about 0.55 of the
/// height), at most `max`.
fn fit(text: &str, width: f32, max: f32) -> f32 {
    let n = text.chars().count().max(1) as f32;
    (width / (0.55 * n)).min(max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::hex::{Numbering, Parity};
    use sztab_core::render::svg::SvgSink;

    fn feature(hex: &str, kind: &str, look: FeatureLook) -> Feature {
        Feature {
            hex: HexId::parse(hex).unwrap(),
            kind: kind.into(),
            detail: String::new(),
            side: None,
            look,
            holds: Vec::new(),
        }
    }

    #[test]
    fn a_minefield_is_hatched_and_named_and_a_wreck_under_units_gets_a_tag() {
        let grid = Grid::new(
            6,
            6,
            Numbering {
                first_col: 1,
                first_row: 1,
                digits: 2,
                shifted: Parity::Even,
                labels: Default::default(),
            },
        );
        let features = Features {
            list: vec![
                feature("0202", "minefield", FeatureLook::Area),
                feature("0303", "wreck", FeatureLook::Counter),
                feature("0404", "block", FeatureLook::Counter),
            ],
            colours: Vec::new(),
        };
        let occupied: BTreeSet<HexId> = [HexId::parse("0303").unwrap()].into();
        let mut below = SvgSink::new(40.0);
        features.paint_below(&mut below, &grid, &occupied);
        let below = below.finish([0.0, 0.0], [10.0, 10.0], 100.0, 100.0);
        assert!(
            below.contains(">block<"),
            "the empty hex's block lies there"
        );
        assert!(!below.contains(">wreck<"), "the wreck is under a unit");
        assert!(below.contains("fill-opacity"), "the minefield's wash");
        let mut above = SvgSink::new(40.0);
        features.paint_above(&mut above, &grid, &occupied);
        let above = above.finish([0.0, 0.0], [10.0, 10.0], 100.0, 100.0);
        assert!(above.contains(">wreck<") && above.contains(">minefield<"));
        assert!(!above.contains(">block<"));
    }
}
