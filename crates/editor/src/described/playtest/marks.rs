//! What the playtest writes on hexes besides shading: the picked unit's movement points
//! spent and left on each hex it can reach (the choices' marks), and, where the system
//! hides units in cover, whether the enemy spots them.

use std::collections::BTreeMap;

use super::Playtest;
use crate::playtest::paint;
use sztab_core::hex::{Grid, HexId};
use sztab_core::model::Colour;
use sztab_core::render::{Anchor, Sink};

const MARK_TEXT: Colour = Colour([0, 60, 15, 255]);
const SPOTTED: Colour = Colour([200, 90, 0, 255]);
const UNSPOTTED: Colour = Colour([40, 110, 60, 255]);

impl Playtest {
    /// The selected unit's choices' marks, one per target hex (its first), each part of
    /// a mark ("1 MF · 7 left") on a line of its own across the lower half of the hex;
    /// drawn above the counters, on a light tag where a counter lies under them.
    pub(super) fn paint_marks(&self, sink: &mut impl Sink, grid: &Grid) {
        let occupied = self.occupied();
        let (Some(d), Some(sel)) = (&self.decision, &self.selected) else {
            return;
        };
        let mut marks: BTreeMap<HexId, &str> = BTreeMap::new();
        for c in d.of_unit(sel) {
            if let (Some(t), Some(m)) = (c.target, c.mark.as_deref()) {
                marks.entry(t).or_insert(m);
            }
        }
        for (h, m) in marks {
            if !grid.contains(h) {
                continue;
            }
            let [x, y] = grid.center(h);
            for (i, part) in m.split(" · ").enumerate() {
                let at = [x, y + 0.38 + 0.3 * i as f32];
                if occupied.contains(&h) {
                    paint::tag(sink, at, 0.25, part, MARK_TEXT);
                } else {
                    sink.text(at, 0.27, part, MARK_TEXT, Anchor::Center, 0.0);
                }
            }
        }
        sink.layer_done();
    }

    /// A tag at the top of each hex whose units the system reports as spotted or not:
    /// "spotted" (the enemy may fire at them from afar) or, smaller, "unspotted" (not
    /// "hidden", which is Hidden Deployment's word).
    pub(super) fn paint_spotting(&self, sink: &mut impl Sink, grid: &Grid) {
        let mut tags: BTreeMap<HexId, bool> = BTreeMap::new();
        for o in &self.board {
            if let Some(s) = o.spotted {
                *tags.entry(o.hex).or_insert(false) |= s;
            }
        }
        for (h, spotted) in tags {
            if !grid.contains(h) {
                continue;
            }
            let (text, colour, size) = if spotted {
                ("spotted", SPOTTED, 0.24)
            } else {
                ("unspotted", UNSPOTTED, 0.19)
            };
            let [x, y] = grid.center(h);
            paint::tag(sink, [x, y - 0.68], size, text, colour);
        }
    }
}

/// How the stack window words a unit's spotting.
pub(super) fn spotting_word(spotted: Option<bool>) -> Option<&'static str> {
    spotted.map(|s| if s { "spotted" } else { "unspotted in cover" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::hex::Numbering;
    use sztab_core::render::svg::SvgSink;
    use sztab_seam::{Choice, Decision, OnBoard};

    fn drawn(f: impl FnOnce(&mut SvgSink, &Grid)) -> String {
        let grid = Grid::new(4, 4, Numbering::default());
        let mut sink = SvgSink::new(40.0);
        f(&mut sink, &grid);
        sink.finish([0.0, 0.0], [8.0, 8.0], 320.0, 320.0)
    }

    fn on(hex: HexId, unit: &str, spotted: Option<bool>) -> OnBoard {
        OnBoard {
            hex,
            unit: unit.into(),
            side: 0,
            marks: Vec::new(),
            carried_by: None,
            spotted,
        }
    }

    #[test]
    fn the_picked_unit_s_reachable_hexes_show_mf_spent_and_left() {
        let mut mv = Choice::plain("move A to 0103", "k");
        (mv.units, mv.target) = (vec!["A".into()], Some(HexId::new(1, 3)));
        mv.mark = Some("2 MF · 4 left".into());
        let mut other = mv.clone();
        other.units = vec!["B".into()];
        other.mark = Some("9 MF · 0 left".into());
        let mut p = Playtest {
            decision: Some(Decision {
                side: 0,
                prompt: String::new(),
                choices: vec![mv, other],
            }),
            ..Playtest::default()
        };
        assert!(
            !drawn(|s, g| p.paint_marks(s, g)).contains("MF"),
            "nobody picked"
        );
        p.selected = Some("A".into());
        let svg = drawn(|s, g| p.paint_marks(s, g));
        assert!(svg.contains(">2 MF<") && svg.contains(">4 left<"), "{svg}");
        assert!(!svg.contains("9 MF"), "another unit's marks are not drawn");
    }

    #[test]
    fn units_in_cover_are_tagged_spotted_or_unspotted() {
        let p = Playtest {
            board: vec![
                on(HexId::new(1, 1), "A", Some(true)),
                on(HexId::new(2, 2), "B", Some(false)),
                on(HexId::new(3, 3), "C", None),
            ],
            ..Playtest::default()
        };
        let svg = drawn(|s, g| p.paint_spotting(s, g));
        assert_eq!(svg.matches(">spotted<").count(), 1, "{svg}");
        assert_eq!(svg.matches(">unspotted<").count(), 1, "{svg}");
        assert_eq!(spotting_word(None), None);
    }
}
