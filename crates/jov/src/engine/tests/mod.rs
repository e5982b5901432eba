//! The rules against the rulebook: each test is named by the rule it checks
//! (`r12_16_4_...`), and the rulebook's worked examples are tests.

mod alarm;
mod bridges;
mod charts;
mod combat;
mod compile;
mod examples;
mod interception;
mod minefields;
mod movement;
mod play;
mod properties;
mod replacement;
mod retreat;
mod sandbox;
mod sdm;
mod seam;
mod segments;
mod supply;
mod supply_phases;
mod wanda;

use std::path::Path;
use std::sync::Arc;

use super::{Action, Event, Game, Rules};
use sztab_core::model::described::Bundle;

/// An example scenario of `scenarios/jov`, loaded.
pub fn example(name: &str) -> Bundle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/jov")
        .join(name);
    Bundle::load(&path, &super::super::schema::SCHEMAS)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .0
}

/// An example scenario compiled.
pub fn example_rules(name: &str) -> Arc<Rules> {
    Arc::new(super::compile(&example(name)).unwrap_or_else(|e| panic!("{name}: {e:?}")))
}

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
