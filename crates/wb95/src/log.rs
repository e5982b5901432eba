//! WB-95's game logs: the seam's [`GameLog`](play::GameLog) of WB-95 actions and results.
//! A log carries its format, which fixes how its game rolled dice and how its events
//! were fingerprinted, so that logs written by an older Sztab keep replaying:
//!
//! | format | dice | fingerprint |
//! |---|---|---|
//! | 1 (no `format` field) | [`DieSampler::WideningMultiply`], rand 0.10's die | [`Encoding::Ron`]: each event's RON text and a newline |
//! | 2 | [`DieSampler::Rejection`] | [`Encoding::Stable`]: each event's stable encoding |
//!
//! New games are played and logged in [`LogFormat::CURRENT`].

use std::path::PathBuf;
use std::sync::Arc;

use super::action::Action;
use super::event::GameResult;
use super::game::Game;
use super::play::Compiled;
use sztab_core::model::Bundle;
use sztab_seam::play::{self, DieSampler, Encoding, Fingerprint};

/// A recorded WB-95 game (RON).
pub type GameLog = play::GameLog<Action, GameResult>;

/// The format of a game log; written as its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LogFormat {
    /// Logs written before formats existed (no `format` field).
    V1,
    V2,
}

impl LogFormat {
    /// The format new games are played and logged in.
    pub const CURRENT: LogFormat = LogFormat::V2;

    pub fn number(self) -> u32 {
        match self {
            LogFormat::V1 => 1,
            LogFormat::V2 => 2,
        }
    }

    pub fn from_number(n: u32) -> Option<LogFormat> {
        match n {
            1 => Some(LogFormat::V1),
            2 => Some(LogFormat::V2),
            _ => None,
        }
    }

    /// How the game's dice are drawn in this format.
    pub fn die_sampler(self) -> DieSampler {
        match self {
            LogFormat::V1 => DieSampler::WideningMultiply,
            LogFormat::V2 => DieSampler::Rejection,
        }
    }

    /// How the game's events are fingerprinted in this format.
    pub fn encoding(self) -> Encoding {
        match self {
            LogFormat::V1 => Encoding::Ron,
            LogFormat::V2 => Encoding::Stable,
        }
    }
}

/// A log replayed to its last action.
#[derive(Debug)]
pub struct Replayed {
    pub game: Game,
    pub fingerprint: Fingerprint,
}

/// What WB-95's own tools (the editor's playtest, the tests) do with its logs.
pub trait Wb95Log: Sized {
    /// The log of `game`, played from its start with `actions`, whose events gave
    /// `fingerprint`; in the game's format.
    fn of(scenario: PathBuf, game: &Game, actions: Vec<Action>, fingerprint: &Fingerprint) -> Self;
    /// The log's format, if this Sztab reads it.
    fn log_format(&self) -> Result<LogFormat, String>;
    /// The log's game at its start: its seed, the dice of its format.
    fn new_game(&self, bundle: &Bundle) -> Result<Game, String>;
    /// Plays every action of the log on `bundle`.
    fn replay(&self, bundle: &Bundle) -> Result<Replayed, String>;
}

impl Wb95Log for GameLog {
    fn of(
        scenario: PathBuf,
        game: &Game,
        actions: Vec<Action>,
        fingerprint: &Fingerprint,
    ) -> GameLog {
        GameLog {
            system: "wb95".into(),
            format: game.format().number(),
            rules: super::play::RULES_VERSION,
            scenario,
            seed: game.seed(),
            actions,
            events: fingerprint.count(),
            fingerprint: fingerprint.hex(),
            result: game.state().result.clone(),
        }
    }

    fn log_format(&self) -> Result<LogFormat, String> {
        LogFormat::from_number(self.format).ok_or_else(|| {
            format!(
                "game log format {} is unknown to this version of sztab, which reads formats 1 and 2",
                self.format
            )
        })
    }

    fn new_game(&self, bundle: &Bundle) -> Result<Game, String> {
        Game::new_in(bundle, self.seed, self.log_format()?).map_err(|e| e.to_string())
    }

    fn replay(&self, bundle: &Bundle) -> Result<Replayed, String> {
        let game = self.new_game(bundle)?;
        let rules = Compiled(Arc::clone(game.prepared()));
        let (game, fingerprint) = play::replay_game(&rules, self).map_err(|e| e.to_string())?;
        Ok(Replayed { game, fingerprint })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log_text(format: &str) -> String {
        format!(
            "({format}scenario: \"x.scenario.ron\", seed: 3, actions: [EndPhase], events: 2, fingerprint: \"00\")"
        )
    }

    #[test]
    fn a_log_without_a_format_is_format_1_and_new_logs_write_theirs() {
        let old: GameLog = ron::from_str(&log_text("")).unwrap();
        assert_eq!(old.log_format(), Ok(LogFormat::V1));
        let new: GameLog = ron::from_str(&log_text("format: 2, ")).unwrap();
        assert_eq!(new.log_format(), Ok(LogFormat::V2));
        let text = ron::to_string(&new).unwrap();
        assert!(text.starts_with("(format:2,"), "{text}");
        assert_eq!(LogFormat::CURRENT, LogFormat::V2);
    }

    #[test]
    fn an_unknown_format_is_refused_with_a_clear_message() {
        let log: GameLog = ron::from_str(&log_text("format: 7, ")).unwrap();
        assert!(
            log.log_format()
                .unwrap_err()
                .contains("format 7 is unknown")
        );
    }
}
