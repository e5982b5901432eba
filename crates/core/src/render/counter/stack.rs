//! Stacks of counters on the map: the units of each hex, drawn as the top counter over the
//! edges of the ones below, with a count. Built from a scenario's setup by the editor, the
//! PNG export and the setup card; the playtest builds them from a game position.

use std::collections::{BTreeMap, HashMap};

use super::super::sink::{Anchor, Sink};
use super::super::window::HexWindow;
use super::face::{COUNTER_SIDE, CounterFace, UnitMarkers, UnitState, draw_counter};
use crate::hex::{Grid, HexId};
use crate::model::{Colour, Counters, Scenario, UnitId};

/// The units on one hex, top first.
#[derive(Clone, Debug, PartialEq)]
pub struct Stack {
    pub hex: HexId,
    pub units: Vec<UnitId>,
    pub faces: Vec<CounterFace>,
}

/// Every stack on the map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UnitLayer {
    pub stacks: Vec<Stack>,
}

impl UnitLayer {
    /// The setup of a scenario: placements in file order, the first on a hex on top.
    /// Units missing from the counter set are drawn grey with their id.
    pub fn of_setup(s: &Scenario, counters: &Counters) -> Self {
        // Looked up by id in constant time: a setup of 20,000 units is drawn in
        // milliseconds, not in the minutes a search of the counters per unit took.
        let mut units = HashMap::new();
        for u in &counters.units {
            units.entry(u.id.as_str()).or_insert(u);
        }
        let mut by_hex: BTreeMap<HexId, Stack> = BTreeMap::new();
        for p in &s.setup {
            let face = match units.get(p.unit.as_str()).copied() {
                Some(def) => {
                    let nation = counters.nation(def.nation.as_str());
                    let side_fortified = s
                        .side_of_nation(def.nation.as_str())
                        .is_some_and(|x| x.fortified);
                    let state = UnitState {
                        cel: p.cel.unwrap_or(def.cel).clamp(1, def.cel.max(1)),
                        markers: UnitMarkers::at_setup(p, side_fortified),
                    };
                    CounterFace::new(def, nation, state)
                }
                None => unknown_face(p.unit.as_str()),
            };
            let st = by_hex.entry(p.hex).or_insert_with(|| Stack {
                hex: p.hex,
                units: Vec::new(),
                faces: Vec::new(),
            });
            st.units.push(p.unit.clone());
            st.faces.push(face);
        }
        Self {
            stacks: by_hex.into_values().collect(),
        }
    }

    pub fn stack_at(&self, hex: HexId) -> Option<&Stack> {
        self.stacks.iter().find(|s| s.hex == hex)
    }
}

fn unknown_face(id: &str) -> CounterFace {
    CounterFace {
        fill: Colour([170, 170, 170, 255]),
        ink: Colour([0, 0, 0, 255]),
        kind: crate::model::UnitKind::Infantry,
        size: crate::model::UnitSize::Company,
        designation: id.to_owned(),
        formation: "?".into(),
        values: "?".into(),
        reduced: false,
        stars: Vec::new(),
        markers: UnitMarkers::default(),
        layout: Default::default(),
    }
}

/// Where a hex's counter sits: a little below the centre, clear of the hex number.
pub fn counter_centre(grid: &Grid, hex: HexId) -> [f32; 2] {
    let [x, y] = grid.center(hex);
    [x, y + 0.1]
}

/// Board units between the edges of stacked counters.
const STACK_STEP: f32 = 0.07;

/// Draws one stack: up to three counter edges behind the top counter, and the number of
/// units when there is more than one.
pub fn draw_stack(sink: &mut impl Sink, faces: &[CounterFace], c: [f32; 2]) {
    let Some(top) = faces.first() else { return };
    let behind = (faces.len() - 1).min(3);
    let shift = STACK_STEP * behind as f32 / 2.0;
    let base = [c[0] - shift, c[1] + shift];
    for k in (1..=behind).rev() {
        let d = STACK_STEP * k as f32;
        let face = &faces[k];
        let h = COUNTER_SIDE / 2.0;
        let o = [base[0] + d, base[1] - d];
        sink.rect([o[0] - h, o[1] - h], [o[0] + h, o[1] + h], face.fill);
        sink.outline(
            &super::super::sink::rect_points([o[0] - h, o[1] - h], [o[0] + h, o[1] + h]),
            COUNTER_SIDE * 0.025,
            Colour([30, 30, 30, 255]),
        );
    }
    sink.layer_done();
    draw_counter(sink, top, base, COUNTER_SIDE);
    if faces.len() > 1 {
        count_badge(sink, faces.len(), base);
    }
}

fn count_badge(sink: &mut impl Sink, n: usize, base: [f32; 2]) {
    let r = COUNTER_SIDE * 0.14;
    let p = [base[0] + COUNTER_SIDE / 2.0, base[1] + COUNTER_SIDE / 2.0];
    sink.ellipse(p, [r, r], Colour([25, 25, 25, 255]));
    sink.text(
        p,
        r * 1.4,
        &n.to_string(),
        Colour([255, 255, 255, 255]),
        Anchor::Center,
        0.0,
    );
    sink.layer_done();
}

/// Draws the stacks that lie in `window`.
pub fn draw_units(sink: &mut impl Sink, grid: &Grid, layer: &UnitLayer, window: &HexWindow) {
    for s in &layer.stacks {
        if window.contains(grid, s.hex) {
            draw_stack(sink, &s.faces, counter_centre(grid, s.hex));
        }
    }
    sink.layer_done();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Bundle;
    use crate::render::{Layers, render_map_units};
    use std::path::Path;

    fn fixture() -> Bundle {
        let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        Bundle::load(&p).unwrap().0
    }

    #[test]
    fn stacks_follow_the_setup_with_its_states() {
        let b = fixture();
        let layer = UnitLayer::of_setup(&b.scenario, &b.counters);
        let h = |s: &str| HexId::parse(s).unwrap();
        let st = layer.stack_at(h("0605")).unwrap();
        assert_eq!(st.units.len(), 2);
        assert_eq!(st.faces[0].values, "6-7");
        let reduced = layer.stack_at(h("0704")).unwrap();
        assert!(reduced.faces[0].reduced, "113 starts at 1 CEL");
        assert_eq!(reduced.faces[0].values, "3-7");
        let soviet = layer.stack_at(h("0805")).unwrap();
        assert!(
            soviet.faces[0].markers.fortified,
            "the Soviet side starts fortified"
        );
        let art = layer.stack_at(h("0507")).unwrap();
        assert_eq!(art.faces[0].values, "5/3-7");
    }

    #[test]
    fn the_png_export_draws_counters_in_their_nation_colour() {
        let b = fixture();
        let layer = UnitLayer::of_setup(&b.scenario, &b.counters);
        let scale = 30.0;
        let layers = Layers::printed();
        let with = render_map_units(&b.map, &b.terrain, layers, scale, Some(&layer)).unwrap();
        let without = render_map_units(&b.map, &b.terrain, layers, scale, None).unwrap();
        // A point inside the counter on 0304 (HQ XX), away from its symbol and texts.
        let (min, _) = b.map.grid.bounds();
        let c = counter_centre(&b.map.grid, HexId::parse("0304").unwrap());
        let at = |dx: f32, dy: f32| {
            (
                ((c[0] + dx - min[0] + 0.6) * scale) as u32,
                ((c[1] + dy - min[1] + 0.6) * scale) as u32,
            )
        };
        let (x, y) = at(-0.4, 0.15);
        let german = b.counters.nation("german").unwrap().colour.0;
        let px = with.get_pixel(x, y).0;
        for k in 0..3 {
            assert!(
                (i32::from(px[k]) - i32::from(german[k])).abs() < 8,
                "{px:?} vs {german:?}"
            );
        }
        assert_ne!(without.get_pixel(x, y).0, px);
    }
}
