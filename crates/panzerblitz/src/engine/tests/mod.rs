//! The rules against the seed: each test names the section it checks ("Overrun B",
//! "Special Note C"), and the seed's worked example is a test.

mod bots;
mod close;
mod fire;
mod hidden;
mod impulse;
mod los;
mod movement;
mod odds;
mod real_space;
mod turn;
mod victory;

use super::game::Game;
use super::sandbox::hex;
use super::{Action, Event};

/// Applies an action that must be legal.
pub fn ok(g: &mut Game, a: Action) -> Vec<Event> {
    g.apply(&a).unwrap_or_else(|e| panic!("{a} refused: {e}"))
}

/// Applies an action that must be refused; returns the rule cited.
pub fn refused(g: &mut Game, a: Action) -> &'static str {
    match g.apply(&a) {
        Ok(ev) => panic!("{a} was allowed: {ev:?}"),
        Err(r) => r.rule,
    }
}

pub fn mv(unit: &str, path: &[&str]) -> Action {
    Action::Move {
        unit: unit.into(),
        path: path.iter().map(|h| hex(h)).collect(),
    }
}

/// Ends steps until the side to play is at `step`.
pub fn to_step(g: &mut Game, step: super::Step) {
    let mut guard = 0;
    while g.state().step != step {
        ok(g, Action::EndStep);
        guard += 1;
        assert!(guard < 10, "never reached {step:?}");
    }
}
