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

/// Situation 1 (Rear Area Raid) with the rule `rule` switched on, compiled.
pub fn situation_1_with(rule: &str) -> super::scenario::Scenario {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/panzerblitz/01-rear-area-raid.scenario.ron");
    let schemas = sztab_seam::RuleSystem::schemas(&crate::PanzerBlitz);
    let (mut bundle, _) = sztab_core::model::described::Bundle::load(&path, &schemas).unwrap();
    bundle
        .scenario
        .rules
        .insert(rule.into(), sztab_core::model::AttrValue::Bool(true));
    super::compile::compile(&bundle).expect("the rule is played")
}

/// Plays `s` to its end with greedy bots on both sides; checks that its log replays and
/// returns what the game told.
pub fn greedy_game_replays(s: super::scenario::Scenario) -> Vec<String> {
    use sztab_seam::{Narration, Playable};
    let compiled = super::play::Compiled(std::sync::Arc::new(s));
    let bots: Vec<(String, String)> = ["russian", "german"]
        .map(|s| (s.to_owned(), "greedy".to_owned()))
        .to_vec();
    let mut m = compiled.new_match(5, &bots, Narration::Events).unwrap();
    let mut lines = Vec::new();
    while !m.is_over() {
        lines.extend(m.step().unwrap());
    }
    assert!(m.result().is_some());
    let log = std::path::Path::new("situation-1.game.ron");
    let (text, ..) = m.log(log).unwrap();
    assert!(compiled.replay(log, &text).expect("the log reads").same);
    lines
}
