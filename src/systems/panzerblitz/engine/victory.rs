//! How to win: the situation's victory levels, tried in order at the end of the last
//! turn (decision P-08); the first whose conditions all hold is the result, and when
//! none holds the game is a draw. A side holds a hex when its units stand on it, or when
//! it was the last to stand there and no enemy unit is on it now (decision P-10). Lost
//! units are those destroyed and those fired away intensively (Ammunition B); mines,
//! blocks and fortifications are counters, not units, and are never counted.

use crate::hex::HexId;
use crate::model::generic::Condition;

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
    g.s.units
        .iter()
        .zip(&g.st.units)
        .filter(|(d, u)| d.side == side && u.lost())
        .count() as u32
}

/// Whether `side` holds hex `h` now.
pub fn holds_hex(g: &Game, side: usize, h: HexId) -> bool {
    let st = &g.st;
    let mine = st.side_at(&g.s, h, side).next().is_some();
    let enemy = st.enemy_at(&g.s, h, side);
    mine || (!enemy && st.held.get(&h) == Some(&side))
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
        Condition::Eliminated { at_least, .. } => lost(g, side) >= *at_least,
        Condition::LosesAtMost { units, .. } => lost(g, side) <= *units,
        Condition::Exited { edge, at_least, .. } => {
            let n =
                g.s.units
                    .iter()
                    .zip(&g.st.units)
                    .filter(|(d, u)| d.side == side && u.loc() == Loc::Exited(*edge))
                    .count() as u32;
            n >= *at_least
        }
    }
}
