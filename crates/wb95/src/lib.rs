//! The WB-95 rules engine: the whole game of the rulebook, headless and deterministic.
//!
//! Shape (command → check → event → apply): a [`Game`] is built from a loaded scenario
//! ([`Game::new`] runs the setup checks and refuses errors); [`Game::pending`] says which
//! side must answer which [`Decision`]; [`Game::apply`] checks an [`Action`] against the
//! rules (an illegal one is a [`RuleError`] naming the rule, and changes nothing), rolls
//! seeded dice and returns [`Event`]s; [`state::GameState::apply`] is the only code that
//! changes the state. Same scenario + seed + actions give the same events.
//!
//! One module per part of the rules: the ground war (`movement`, `zoc`, `control`,
//! `combat`, `reinforcement`, `withdrawal`, `victory`), `artillery` and `strike` (fire on
//! the small tables), `air`, `supply`, `hq_pool`, `bridges`, `fortify`, `visibility` (fog
//! of war, R16) and `special` (the Kursk rules R17-R22); `flow` runs the turn, `setup_check`
//! the checks `Game::new` makes, and `ai` holds the bots.
//!
//! Citations: `R5.3.7` is a rule of the rulebook (intended numbering), `A-68` an entry of
//! `docs/wb95/decisions.md`, `§2.5` a section of the rules notes in `docs/wb95/` (index in
//! `docs/README.md`), `P05` a setup check code (`docs/wb95/setup-checks.md`).

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
pub mod determinize;
pub mod error;
pub mod event;
mod flow;
pub mod fortify;
pub mod game;
pub mod hq_pool;
pub mod live_check;
pub mod log;
pub mod movement;
pub mod narrate;
pub mod phase;
pub mod play;
pub mod prepared;
pub mod reach;
pub mod reinforcement;
pub mod roster;
pub mod sandbox;
pub mod setup_check;
mod setup_lint;
pub mod setup_odds;
pub mod side;
pub mod special;
pub mod state;
pub mod strike;
pub mod supply;
pub mod system;
pub mod tables;
pub mod victory;
pub mod visibility;
pub mod what_if;
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
pub use log::{GameLog, LogFormat, Replayed, Wb95Log};
pub use phase::{Phase, PhaseKind};
pub use reach::{Destination, Reach};
pub use roster::Unit;
pub use side::Side;
pub use sztab_seam::play::{Fingerprint, FingerprintError};

#[cfg(any(test, feature = "testing"))]
pub mod tests;
