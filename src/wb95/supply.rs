//! Supply (R10) — the seam for engine part 2.
//!
//! Part 1 plays with every unit in supply: no line-of-supply tracing (R10.1), no OoS
//! levels, halving or surrender (R10.2). The rules that depend on supply read it only
//! through this module: hex control by ZoC (R4.3.5), river-crossing VPs. Part 2
//! replaces `supplied_units` with the Dijkstra trace of reference R10 and adds the OoS
//! state, its MP/SP halving in `mp_allowance` and `attack_strength`, and the surrender
//! tests of the Supply phase.

use super::game::Game;
use super::roster::Unit;
use super::side::Side;

/// The units of `side` that trace a line of supply now: in part 1, all on the map.
pub fn supplied_units(game: &Game, side: Side) -> Vec<Unit> {
    game.units_on_map(side).collect()
}
