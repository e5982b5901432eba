//! The PanzerBlitz rules engine: the whole game of the rulebook (the seed), headless and
//! deterministic.
//!
//! Shape (command → check → event → apply): a [`Game`] starts from a compiled
//! [`Scenario`]; [`Game::apply`] checks an [`Action`] against the rules — an illegal one
//! is a [`Refusal`] naming the rule, and changes nothing — rolls the seeded die and
//! returns [`Event`]s, which [`state::State::apply`] alone writes into the state. The
//! same scenario, seed and actions give the same events.
//!
//! One module per part of the rules: the terrain ([`board`]), line of sight ([`los`]),
//! the table ([`crt`]), movement, transport, normal fire with the weapons chart, spotting
//! and indirect fire ([`fire`]), overrun, close assault, mines, victory; the turn runs in
//! [`game`]. Rules are cited by the seed's headings and letters ("Overrun B", "Special
//! Note C"); the readings the seed leaves open are the decisions P-01.. of
//! `docs/panzerblitz/rules.md`.

pub mod action;
mod assault;
pub mod board;
pub mod bots;
pub mod compile;
pub mod cover;
pub mod crt;
pub mod event;
mod features;
pub mod fire;
pub mod fire_plan;
pub mod game;
mod heuristic;
pub mod hidden;
pub mod los;
mod mines;
pub mod movement;
pub mod odds;
pub mod overrun;
pub mod play;
mod real_space;
pub mod sandbox;
pub mod scenario;
mod search;
pub mod seat;
pub mod state;
mod transport;
pub mod unit;
pub mod victory;

#[cfg(test)]
mod tests;

pub use action::{Action, Battle, FireOrder, OverrunLeg};
pub use event::{Event, Mode, Step, Target};
pub use game::{Game, Refusal};
pub use scenario::Scenario;
