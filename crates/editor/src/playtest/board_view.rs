//! The counters of a game position as one player may see them (R16): every stack of the
//! viewer's side whole; the enemy's through the engine's visibility query: the top
//! counter and the height of the stack, a masked stack as a blank plate, a stack next to
//! the viewer's units as its counters' types (and CELs unless fortified), a stack that
//! fought this Combat phase whole. Without a viewer everything is shown.

use sztab_core::model::{ArtillerySetup, Colour, Counters, UnitKind};
use sztab_core::render::counter::{
    COUNTER_SIDE, CounterFace, Frame, Stack, UnitLayer, UnitMarkers, UnitState as FaceState,
    counter_centre, draw_symbol,
};
use sztab_core::render::{Anchor, HexWindow, Sink, rect_points};
use sztab_wb95::visibility::StackView;
use sztab_wb95::{Game, Side, Unit};

/// An enemy stack drawn without its faces.
#[derive(Clone, Debug, PartialEq)]
pub struct Plate {
    pub hex: sztab_core::hex::HexId,
    pub fill: Colour,
    pub ink: Colour,
    /// The top counter's type, when the viewer may know it.
    pub kind: Option<UnitKind>,
    pub label: String,
    pub count: usize,
}

/// What the map shows of the units.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardView {
    pub layer: UnitLayer,
    pub plates: Vec<Plate>,
}

/// A unit's counter with its state in the game: CEL and markers.
pub fn face(game: &Game, counters: &Counters, u: Unit) -> CounterFace {
    let info = game.info(u);
    let st = game.unit_state(u);
    let nation = counters.nation(info.def.nation.as_str());
    let markers = UnitMarkers {
        fortified: st
            .hex()
            .is_some_and(|h| game.state().ff[h] == Some(info.side)),
        disorganized: st.is_disorganized(),
        oos: st.oos,
        transport: st.setup == Some(ArtillerySetup::Transport),
        strategic: st.strategic,
        masked: st.masked,
    };
    CounterFace::new(
        &info.def,
        nation,
        FaceState {
            cel: st.cel,
            markers,
        },
    )
}

/// The nation colours of a side's counters (its first unit's nation).
pub fn side_colours(game: &Game, counters: &Counters, side: Side) -> (Colour, Colour) {
    game.roster()
        .all()
        .find(|&u| game.info(u).side == side)
        .and_then(|u| counters.nation(game.info(u).def.nation.as_str()))
        .map_or(
            (Colour([150, 150, 150, 255]), Colour([0, 0, 0, 255])),
            |n| (n.colour, n.text_colour),
        )
}

/// The position as `viewer` sees it (`None`: everything).
pub fn board_view(game: &Game, counters: &Counters, viewer: Option<Side>) -> BoardView {
    let mut view = BoardView::default();
    for h in 0..game.board().len() {
        let units = game.units_at(h);
        let Some(&top) = units.last() else { continue };
        let owner = game.info(top).side;
        let hex = game.hex_id(h);
        let whole = |us: &[Unit]| Stack {
            hex,
            // Top first: the unit that came last is on top (R16.1.1, A-90).
            units: us.iter().rev().map(|&u| game.unit_id(u).clone()).collect(),
            faces: us.iter().rev().map(|&u| face(game, counters, u)).collect(),
        };
        let seen = match viewer {
            Some(v) if v != owner => game.stack_view(v, h),
            _ => None,
        };
        let (fill, ink) = side_colours(game, counters, owner);
        match seen {
            None | Some(StackView::Revealed { .. }) => view.layer.stacks.push(whole(units)),
            Some(StackView::Top { top, count }) => {
                let mut faces = vec![match game.roster().get(top.unit.as_str()) {
                    Some(u) => face(game, counters, u),
                    None => continue,
                }];
                faces.extend((1..count).map(|_| blank(fill, ink)));
                view.layer.stacks.push(Stack {
                    hex,
                    units: vec![top.unit],
                    faces,
                });
            }
            Some(StackView::Masked { count }) => view.plates.push(Plate {
                hex,
                fill,
                ink,
                kind: None,
                label: "?".into(),
                count,
            }),
            Some(StackView::Adjacent { units, fortified }) => {
                let label = match units.last().and_then(|(_, cel)| *cel) {
                    Some(_) => {
                        units
                            .iter()
                            .map(|(_, c)| c.map_or("?".into(), |c| c.to_string()))
                            .collect::<Vec<_>>()
                            .join("+")
                            + " CEL"
                    }
                    None if fortified => "fortified".into(),
                    None => "?".into(),
                };
                view.plates.push(Plate {
                    hex,
                    fill,
                    ink,
                    kind: units.last().map(|(k, _)| *k),
                    label,
                    count: units.len(),
                });
            }
        }
    }
    view
}

fn blank(fill: Colour, ink: Colour) -> CounterFace {
    CounterFace {
        fill,
        ink,
        kind: UnitKind::Infantry,
        size: sztab_core::model::UnitSize::Company,
        designation: String::new(),
        formation: String::new(),
        values: String::new(),
        reduced: false,
        stars: Vec::new(),
        markers: UnitMarkers::default(),
        layout: Default::default(),
    }
}

/// Draws the plates of hidden stacks that lie in `window`.
pub fn draw_plates(
    sink: &mut impl Sink,
    grid: &sztab_core::hex::Grid,
    plates: &[Plate],
    window: &HexWindow,
) {
    for p in plates.iter().filter(|p| window.contains(grid, p.hex)) {
        let c = counter_centre(grid, p.hex);
        let h = COUNTER_SIDE / 2.0;
        let (min, max) = ([c[0] - h, c[1] - h], [c[0] + h, c[1] + h]);
        sink.rect(min, max, p.fill);
        sink.outline(&rect_points(min, max), COUNTER_SIDE * 0.03, p.ink);
        if let Some(kind) = p.kind {
            let frame = Frame {
                c: [c[0], c[1] - 0.05],
                w: COUNTER_SIDE * 0.5,
                h: COUNTER_SIDE * 0.3,
            };
            draw_symbol(sink, frame, kind, Colour([235, 235, 235, 255]), p.ink);
            sink.text(
                [c[0], c[1] + COUNTER_SIDE * 0.3],
                COUNTER_SIDE * 0.16,
                &p.label,
                p.ink,
                Anchor::Center,
                0.0,
            );
        } else {
            sink.text(c, COUNTER_SIDE * 0.5, &p.label, p.ink, Anchor::Center, 0.0);
        }
        if p.count > 1 {
            let at = [c[0] + h, c[1] + h];
            let r = COUNTER_SIDE * 0.14;
            sink.ellipse(at, [r, r], Colour([25, 25, 25, 255]));
            sink.text(
                at,
                r * 1.4,
                &p.count.to_string(),
                Colour([255, 255, 255, 255]),
                Anchor::Center,
                0.0,
            );
        }
        sink.layer_done();
    }
}
