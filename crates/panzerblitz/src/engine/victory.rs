//! How to win: the situation's victory levels, tried in order at the end of the last
//! turn (decision P-08); the first whose conditions all hold is the result, and when
//! none holds the game is a draw. A side holds a hex when its units stand on it, or when
//! it was the last to stand there and no enemy unit is on it now (decision P-10). Lost
//! units are those destroyed and those fired away intensively (Ammunition B); mines,
//! blocks and fortifications are counters, not units, and are never counted. A unit is
//! in a zone where it stands, a passenger where its carrier stands (decision P-11); a
//! ratio whose divisor is 0 divides by 1 (P-12); an advance is measured where the units
//! stand at the end (P-13); lines of fire are `cover`'s (P-14, P-15). A weighted loss
//! counts the weight of the counter's type ("cp": a command post).

use std::collections::BTreeMap;

use sztab_core::hex::{HexId, MapEdge};
use sztab_core::model::AreaShape;
use sztab_core::model::described::Condition;

use super::cover;
use super::game::Game;
use super::state::Loc;

/// The winning side's id (if any) and the level reached.
pub fn outcome(g: &Game) -> (Option<String>, String) {
    let level = g.s.victory.as_ref().and_then(|v| {
        v.levels
            .iter()
            .find(|l| l.all_of.iter().all(|c| holds(g, c)))
    });
    match level {
        Some(l) => (Some(l.winner.to_string()), l.name.clone()),
        None => (None, "draw".to_owned()),
    }
}

/// Units of `side` lost so far.
pub fn lost(g: &Game, side: usize) -> u32 {
    weighted_lost(g, side, &BTreeMap::new())
}

/// Units of `side` lost so far, a unit of a type in `weights` counting its weight.
pub fn weighted_lost(g: &Game, side: usize, weights: &BTreeMap<String, u32>) -> u32 {
    g.s.units
        .iter()
        .zip(&g.st.units)
        .enumerate()
        .filter(|(_, (d, u))| d.side == side && u.lost())
        .map(|(i, _)| {
            g.s.unit_types
                .get(i)
                .and_then(|t| weights.get(t))
                .copied()
                .unwrap_or(1)
        })
        .sum()
}

/// Units of `side` standing in `zone` now (passengers where their carriers stand).
pub fn in_zone(g: &Game, side: usize, zone: &AreaShape) -> u32 {
    let hexes = g.s.zone_hexes(zone);
    (0..g.s.units.len())
        .filter(|&u| g.s.units[u].side == side)
        .filter(|&u| g.st.hex_of(u).is_some_and(|h| hexes.contains(&h)))
        .count() as u32
}

/// `ours` / `theirs`, dividing by 1 when `theirs` is 0 (decision P-12).
fn ratio(ours: u32, theirs: u32) -> f64 {
    f64::from(ours) / f64::from(theirs.max(1))
}

/// How far forward toward `edge` the furthest unit of `side` stands, in hexes counted
/// from the opposite edge (a unit on it: 1); 0 with no unit on the map.
pub fn advance(g: &Game, side: usize, edge: MapEdge) -> u32 {
    let grid = &g.s.board.grid;
    let n = &grid.numbering;
    (0..g.s.units.len())
        .filter(|&u| g.s.units[u].side == side)
        .filter_map(|u| g.st.hex_of(u))
        .map(|h| {
            u32::from(match edge {
                MapEdge::East => h.col - n.first_col + 1,
                MapEdge::West => grid.last_col() - h.col + 1,
                MapEdge::South => h.row - n.first_row + 1,
                MapEdge::North => grid.last_row() - h.row + 1,
            })
        })
        .max()
        .unwrap_or(0)
}

/// Whether `side` holds hex `h` now.
pub fn holds_hex(g: &Game, side: usize, h: HexId) -> bool {
    let st = &g.st;
    let mine = st.side_at(&g.s, h, side).next().is_some();
    let enemy = st.enemy_at(&g.s, h, side);
    mine || (!enemy && st.held.get(&h) == Some(&side))
}

/// Units of `side` that have left the map across `edge`.
pub fn exited(g: &Game, side: usize, edge: MapEdge) -> u32 {
    g.s.units
        .iter()
        .zip(&g.st.units)
        .filter(|(d, u)| d.side == side && u.loc() == Loc::Exited(edge))
        .count() as u32
}

/// Whether a victory condition holds now.
pub fn holds(g: &Game, c: &Condition) -> bool {
    let Some(side) = g.s.side_index(c.side().as_str()) else {
        return false;
    };
    let all = |hexes: &[HexId]| !hexes.is_empty() && hexes.iter().all(|&h| holds_hex(g, side, h));
    match c {
        Condition::Holds { hexes, .. } => all(hexes),
        Condition::HoldsPlace { place, .. } => g.s.places.get(place).is_some_and(|hs| all(hs)),
        Condition::Eliminated {
            at_least, weights, ..
        } => weighted_lost(g, side, weights) >= *at_least,
        Condition::LosesAtMost { units, .. } => lost(g, side) <= *units,
        Condition::Exited { edge, at_least, .. } => exited(g, side, *edge) >= *at_least,
        Condition::ExitedAtMost { edge, units, .. } => exited(g, side, *edge) <= *units,
        // Refused when the situation is compiled: PanzerBlitz scores no victory points.
        Condition::Points { .. } | Condition::PointsAtMost { .. } => false,
        Condition::InZone { zone, at_least, .. } => in_zone(g, side, zone) >= *at_least,
        Condition::InZoneAtMost { zone, at_most, .. } => in_zone(g, side, zone) <= *at_most,
        Condition::LossRatio { at_least, .. } => {
            ratio(lost(g, 1 - side), lost(g, side)) >= *at_least
        }
        Condition::ZoneRatio { zone, at_least, .. } => {
            ratio(in_zone(g, side, zone), in_zone(g, 1 - side, zone)) >= *at_least
        }
        Condition::Advance { toward, hexes, .. } => advance(g, side, *toward) >= *hexes,
        Condition::FireChain { from, to, .. } => cover::fire_chain(g, side, *from, *to),
        Condition::FireCorridor {
            from, to, width, ..
        } => cover::corridor(g, 1 - side, *from, *to, *width),
    }
}
