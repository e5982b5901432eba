//! The Roads to Leningrad rules engine: the game of the rule booklet, headless and
//! deterministic, as pure functions over a compiled scenario and its state.
//!
//! [`compile`] turns a described bundle (scenario, counters, map, charts) into the engine's
//! [`Rules`], or the list of what is missing. A [`Game`] holds the rules, the state and
//! its dice (the seam's, a d10 by rejection sampling); [`Game::to_act`] names the side to decide, [`Game::legal`] lists its
//! legal actions, [`Game::apply`] checks one — a refused action names the rule it breaks
//! and changes nothing — and returns the [`Event`]s, the game's chronicle;
//! [`Game::result`] is the outcome once the game is over. Between decisions the game runs
//! itself: the Strategic Segment, the checks and rolls of a combat, decisions with one
//! answer.
//!
//! Every number of a chart (the TEC, both CRTs, the Combat Coordination Table, the
//! Initiative Table) is the scenario's tables file, read in [`charts`]; the Weather Boxes
//! and the VP schedule are the scenario's. Rules are cited by the booklet's numbers; where
//! it is unreadable, contradicts itself or leaves a choice, the decision is `R-NN` of
//! `docs/rtl/rules.md`.

pub mod action;
mod activation;
mod advance;
mod air;
mod artillery;
pub mod board;
pub mod charts;
mod combat;
pub mod compile;
mod cost;
pub mod crt;
mod decide;
mod declare;
mod drm;
mod engineering;
pub mod event;
mod forecast;
pub mod game;
pub mod heuristic;
mod movement;
pub mod odds;
mod overrun;
pub mod play;
mod reaction;
mod reorg;
mod results;
mod retreat;
pub mod rules;
pub mod sandbox;
mod sequence;
pub mod state;
mod strength;
mod supply;
mod turn;
pub mod unit;
mod victory;
pub mod words;
mod zoc;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use compile::compile;
pub use event::Event;
pub use game::{Game, RuleError};
pub use rules::Rules;
pub use state::Outcome;
pub use words::{CrtKind, GERMAN, SOVIET, SeqKind, Side, Weather};
