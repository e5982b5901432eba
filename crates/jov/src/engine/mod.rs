//! The Jaws of Victory's rules engine: the rules as pure functions on the engine's own
//! types, headless and deterministic.
//!
//! [`compile`] turns a described bundle into [`Rules`] (refusing, with a list, a scenario
//! the game cannot be played with, such as charts with empty cells the game reads); a
//! [`Game`] holds the rules, the [`State`](state::State) and the seeded dice, and
//! [`Game::apply`] checks an [`Action`] against the rules (a refusal is a [`RuleError`]
//! naming the rule, and changes nothing) and returns the [`Event`]s, the chronicle. The
//! steps that need no decision run themselves. Rules are cited by the rulebook's numbers
//! (`12.16.4`); the readings it leaves open are the decisions J-01.. of
//! `docs/jov/rules.md`. Every number from a chart comes from the scenario's tables file
//! ([`charts`]).

pub mod action;
mod air;
mod alarm;
pub mod board;
mod bridges;
pub mod charts;
pub mod combat;
pub mod compile;
mod engineering;
pub mod event;
pub mod game;
mod interception;
mod legal;
mod minefield;
pub mod movement;
pub mod mp;
pub mod phase;
pub mod play;
mod reinforce;
mod replacement;
pub mod rules;
mod sdm;
pub mod side;
mod stacking;
pub mod state;
mod supply;
mod supply_phases;
pub mod unit;
pub mod victory;
mod wanda;
pub mod weather;
pub mod zoc;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use compile::compile;
pub use event::Event;
pub use game::{Game, Outcome, RuleError};
pub use rules::Rules;
pub use side::Army;
