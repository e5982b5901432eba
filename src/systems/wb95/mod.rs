//! The WB-95 rules engine, part 1: the game loop and the ground war.
//!
//! Shape (command → check → event → apply): a [`Game`] is built from a loaded scenario
//! ([`Game::new`] runs the setup checks and refuses errors); [`Game::pending`] says which
//! side must answer which [`Decision`]; [`Game::apply`] checks an [`Action`] against the
//! rules (an illegal one is a [`RuleError`] naming the rule, and changes nothing), rolls
//! seeded dice and returns [`Event`]s; [`state::GameState::apply`] is the only code that
//! changes the state. Same scenario + seed + actions give the same events.
//!
//! Part 2 seams: supply (`supply`), artillery fire and support, air, barrage, FF
//! building, bridges, HQ ranges beyond the die modifier, fog of war and the Kursk
//! special rules are not in this part; see the README.

pub mod action;
pub mod ai;
pub mod air;
pub mod artillery;
pub mod board;
pub mod bridges;
pub mod combat;
pub mod control;
pub mod crt;
pub mod decision;
mod deploy;
pub mod dice;
pub mod error;
pub mod event;
mod flow;
pub mod fortify;
pub mod game;
pub mod hq_pool;
pub mod log;
pub mod movement;
pub mod phase;
pub mod prepared;
pub mod reach;
pub mod reinforcement;
pub mod roster;
pub mod sandbox;
pub mod setup_check;
mod setup_lint;
pub mod side;
pub mod special;
pub mod state;
pub mod strike;
pub mod supply;
pub mod tables;
pub mod victory;
pub mod visibility;
mod withdrawal;
pub mod zoc;

pub use action::{
    Action, AirMission, AttackOrder, DefenseOrder, FireOrder, MissionKind, RetreatOrder,
};
pub use board::{Board, Hx, Mover};
pub use combat::{Cm, CmSide, Engagement, Odds, Outcome};
pub use crt::{Column, Crt, CrtCell, SideResult};
pub use decision::{Decision, Pending};
pub use error::RuleError;
pub use event::{Event, GameResult, Motion};
pub use game::{Game, SetupRefused};
pub use log::{Fingerprint, GameLog};
pub use phase::{Phase, PhaseKind};
pub use reach::{Destination, Reach};
pub use roster::Unit;
pub use side::Side;

#[cfg(test)]
pub(crate) mod tests;
