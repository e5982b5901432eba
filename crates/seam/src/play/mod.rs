//! The game loop, written once for every system (the split OpenSpiel makes between a game
//! and the framework that plays it). A system's engine gives a [`GameState`] (who is to
//! act, the decision as choices, an action applied through the rules → events or a
//! refusal, the board, the result), its compiled scenario as [`GameRules`] (start a game,
//! build a bot) and a [`Chronicle`] (what its events mean to a person and to the lab).
//! The seam owns the rest: the [`Driver`] that seats bots and people and steps the game,
//! the [`Dice`], the [`Fingerprint`], the [`GameLog`] with its rules version, [`replay`]
//! and the balance record.

mod dice;
mod driver;
pub mod fingerprint;
mod log;
mod review;
mod state;

pub use dice::{Dice, DieSampler, chance_of, two_d6_probability};
pub use driver::{Driver, PlayError, Played, bot_seed, play_out, shared};
pub use fingerprint::{Encoding, Fingerprint, FingerprintError, encode};
pub use log::{GameLog, LogHead, LogOf, replay, replay_game};
pub use review::LogReview;
pub use state::{Bot, Chronicle, GameRules, GameState, LogSpec, Outcome, Tally};
