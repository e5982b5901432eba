//! Game logs: a scenario path, a seed and the actions, with the number and fingerprint
//! of the events they produced, so a replay proves it reproduces the game bit for bit.
//!
//! A log carries its format, which fixes how its game rolled dice and how its events
//! were fingerprinted, so that logs written by an older Sztab keep replaying:
//!
//! | format | dice | fingerprint |
//! |---|---|---|
//! | 1 (no `format` field) | [`DieSampler::WideningMultiply`], rand 0.10's die | FNV-1a of each event's RON text and a newline |
//! | 2 | [`DieSampler::Rejection`] | FNV-1a of each event's [stable encoding](super::fingerprint::encode) |
//!
//! New games are played and logged in [`LogFormat::CURRENT`].

use std::path::PathBuf;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::action::Action;
use super::dice::DieSampler;
use super::error::RuleError;
use super::event::GameResult;
use super::fingerprint::{Fingerprint, FingerprintError};
use super::game::{Game, SetupRefused};
use crate::model::Bundle;

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

    /// A log without a `format` field.
    fn unversioned() -> LogFormat {
        LogFormat::V1
    }
}

impl Serialize for LogFormat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(self.number())
    }
}

impl<'de> Deserialize<'de> for LogFormat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u32::deserialize(d)?;
        LogFormat::from_number(n).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "game log format {n} is unknown to this version of sztab, which reads formats 1 and 2"
            ))
        })
    }
}

/// A recorded game (RON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLog {
    /// How the game rolled its dice and fingerprinted its events.
    #[serde(default = "LogFormat::unversioned")]
    pub format: LogFormat,
    pub scenario: PathBuf,
    pub seed: u64,
    pub actions: Vec<Action>,
    /// Number of events, opening events included.
    pub events: usize,
    /// The events' fingerprint (FNV-1a), hex.
    pub fingerprint: String,
    #[serde(default)]
    pub result: Option<GameResult>,
}

/// Why a log could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("the scenario cannot be played: {0}")]
    Setup(#[from] SetupRefused),
    /// Action `index` (1-based) was refused by the rules.
    #[error("action {index} is refused: {error}")]
    Refused {
        index: usize,
        action: Box<Action>,
        error: RuleError,
    },
    #[error(transparent)]
    Fingerprint(#[from] FingerprintError),
}

/// A log replayed to its last action.
#[derive(Debug)]
pub struct Replayed {
    pub game: Game,
    pub fingerprint: Fingerprint,
}

impl GameLog {
    /// The log of `game`, played from its start with `actions`, whose events gave
    /// `fingerprint`; in the game's format.
    pub fn of(
        scenario: PathBuf,
        game: &Game,
        actions: Vec<Action>,
        fingerprint: &Fingerprint,
    ) -> GameLog {
        GameLog {
            format: game.format(),
            scenario,
            seed: game.seed(),
            actions,
            events: fingerprint.count(),
            fingerprint: fingerprint.hex(),
            result: game.state().result.clone(),
        }
    }

    /// The log's game at its start: its seed, the dice of its format.
    pub fn new_game(&self, bundle: &Bundle) -> Result<Game, SetupRefused> {
        Game::new_in(bundle, self.seed, self.format)
    }

    /// Plays every action of the log on `bundle`.
    pub fn replay(&self, bundle: &Bundle) -> Result<Replayed, ReplayError> {
        let mut game = self.new_game(bundle)?;
        let mut fingerprint = Fingerprint::new(self.format);
        fingerprint.extend(game.opening_events())?;
        for (i, a) in self.actions.iter().enumerate() {
            let events = game
                .apply(a.clone())
                .map_err(|error| ReplayError::Refused {
                    index: i + 1,
                    action: Box::new(a.clone()),
                    error,
                })?;
            fingerprint.extend(&events)?;
        }
        Ok(Replayed { game, fingerprint })
    }

    /// Do these events (their number and fingerprint) and this result reproduce the
    /// log? A log without a result only needs the events.
    pub fn matches(&self, fingerprint: &Fingerprint, result: Option<&GameResult>) -> bool {
        fingerprint.format() == self.format
            && fingerprint.count() == self.events
            && fingerprint.hex() == self.fingerprint
            && (self.result.is_none() || result == self.result.as_ref())
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
        assert_eq!(old.format, LogFormat::V1);
        let new: GameLog = ron::from_str(&log_text("format: 2, ")).unwrap();
        assert_eq!(new.format, LogFormat::V2);
        let text = ron::to_string(&new).unwrap();
        assert!(text.starts_with("(format:2,"), "{text}");
        assert_eq!(LogFormat::CURRENT, LogFormat::V2);
    }

    #[test]
    fn an_unknown_format_is_refused_with_a_clear_message() {
        let err = ron::from_str::<GameLog>(&log_text("format: 7, ")).unwrap_err();
        assert!(err.to_string().contains("format 7 is unknown"), "{err}");
    }
}
