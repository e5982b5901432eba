//! Game logs, one format for every system: the system, the log format (which fixes how
//! the game rolled its dice and fingerprinted its events), the rules version, the
//! scenario, the seed and the actions, with the number and fingerprint of the events
//! they produced, so a replay proves it reproduces the game bit for bit.
//!
//! Logs written before the seam owned the loop read as they are: a WB-95 log has no
//! `system` (it is WB-95's) and may have no `format` (format 1), a toy log has no
//! `format` (format 1), and no log before has `rules` (version 1, the rules as they were
//! when versions began; see [`GameLog::rules`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::fingerprint::{Fingerprint, FingerprintError};
use super::state::{GameRules, GameState};
use crate::{MatchError, Replayed};

fn one() -> u32 {
    1
}

/// A recorded game (RON), of actions `A` and result `R`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLog<A, R> {
    /// The system's id; empty in WB-95 logs written before the seam owned the loop.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub system: String,
    /// How the game rolled its dice and fingerprinted its events (the system's formats).
    #[serde(default = "one")]
    pub format: u32,
    /// The version of the system's rules that played it. Logs written before versions
    /// read as 1: the rules as they were when versions began.
    #[serde(default = "one")]
    pub rules: u32,
    /// The scenario, relative to the log's folder (or as given).
    pub scenario: PathBuf,
    pub seed: u64,
    pub actions: Vec<A>,
    /// Number of events, opening events included.
    pub events: usize,
    /// The events' fingerprint (FNV-1a), hex.
    pub fingerprint: String,
    #[serde(default = "none")]
    pub result: Option<R>,
}

fn none<R>() -> Option<R> {
    None
}

/// What every log says of itself, whatever its system: read before the system is known.
#[derive(Clone, Debug, Deserialize)]
pub struct LogHead {
    #[serde(default)]
    pub system: String,
    #[serde(default = "one")]
    pub format: u32,
    #[serde(default = "one")]
    pub rules: u32,
    pub scenario: PathBuf,
}

impl LogHead {
    /// The head of a log's text.
    pub fn read(log_path: &Path, text: &str) -> Result<LogHead, MatchError> {
        parse_log(log_path, text)
    }

    /// The scenario the log names: relative to the log's folder (as `play --log` and
    /// the editor write it), else as written (logs of earlier versions held the path as
    /// typed: absolute, or relative to the folder `play` ran in).
    pub fn scenario_path(&self, log_path: &Path) -> PathBuf {
        let beside = sztab_core::model::io::resolve(log_path, &self.scenario);
        if beside.exists() {
            beside
        } else {
            self.scenario.clone()
        }
    }
}

/// The log type of a game.
pub type LogOf<G> = GameLog<<G as GameState>::Action, <G as GameState>::Result>;

impl<A, R> GameLog<A, R> {
    /// Refuses a log this Sztab cannot replay as it was played: another system's, a
    /// format it does not read, other rules.
    pub(super) fn check<Rules: GameRules>(
        &self,
        rules: &Rules,
        log_path: &Path,
    ) -> Result<(), MatchError> {
        let bad = |m: String| Err(MatchError::BadLog(format!("{}: {m}", log_path.display())));
        let spec = rules.logs();
        let s = &self.system;
        if !s.is_empty() && s != spec.system {
            return bad(format!("a {s} game log, not {}", spec.system));
        }
        if spec.encoding(self.format).is_none() {
            return bad(format!(
                "log format {} is unknown to this version of sztab, which writes {} logs of format {}",
                self.format, spec.system, spec.format
            ));
        }
        if self.rules != spec.rules {
            return bad(format!(
                "recorded by version {} of the {} rules; this sztab plays version {}, whose \
                 games differ: it would not replay",
                self.rules, spec.system, spec.rules
            ));
        }
        Ok(())
    }
}

/// Replays the log `text` (read from `log_path`) on `rules`, the scenario it names
/// compiled: the same actions with the same seed must give the same events and result.
pub fn replay<Rules: GameRules>(
    rules: &Rules,
    log_path: &Path,
    text: &str,
) -> Result<Replayed, MatchError> {
    let log: LogOf<Rules::Game> = parse_log(log_path, text)?;
    log.check(rules, log_path)?;
    let (game, fp) = replay_game(rules, &log).map_err(|e| match e {
        MatchError::Failed(m) => MatchError::Failed(format!("{m}{}", unversioned(text))),
        e => e,
    })?;
    let same = log.matches(&fp, game.result().as_ref());
    Ok(Replayed {
        actions: log.actions.len(),
        events: fp.count(),
        fingerprint: fp.hex(),
        logged_events: log.events,
        logged_fingerprint: log.fingerprint,
        result: game.result_line(),
        same,
    })
}

/// Plays every action of `log` on `rules` from its seed, with the dice and fingerprint of
/// its format: the game at the log's last action and its events' fingerprint.
pub fn replay_game<Rules: GameRules>(
    rules: &Rules,
    log: &LogOf<Rules::Game>,
) -> Result<(Rules::Game, Fingerprint), MatchError> {
    let encoding = rules.logs().encoding(log.format).ok_or_else(|| {
        MatchError::BadLog(format!(
            "log format {} is unknown to this version of sztab",
            log.format
        ))
    })?;
    let mut game = rules.start(log.seed, log.format);
    let mut fp = Fingerprint::new(encoding);
    let fail = |e: FingerprintError| MatchError::Failed(e.to_string());
    fp.extend(game.opening_events().iter()).map_err(fail)?;
    for (i, a) in log.actions.iter().enumerate() {
        let events = game
            .apply(a)
            .map_err(|e| MatchError::Failed(format!("action {} ({a}) is refused: {e}", i + 1)))?;
        fp.extend(events.iter()).map_err(fail)?;
    }
    Ok((game, fp))
}

impl<A, R: PartialEq> GameLog<A, R> {
    /// Do these events (their number and fingerprint) and this result reproduce the
    /// log? A log without a result only needs the events.
    pub fn matches(&self, fp: &Fingerprint, result: Option<&R>) -> bool {
        fp.count() == self.events
            && fp.hex() == self.fingerprint
            && (self.result.is_none() || result == self.result.as_ref())
    }
}

/// Reads a game log's text as the files are read: a text nested too deep or with too long
/// a list ([`sztab_core::model::limits::shape`]) is refused at the bracket or item that
/// passes the bound before the parser sees it, so no log makes a replay hang or run out
/// of memory.
fn parse_log<T: serde::de::DeserializeOwned>(log_path: &Path, text: &str) -> Result<T, MatchError> {
    if let Err(e) = sztab_core::model::limits::shape(text) {
        let (line, column) = sztab_core::model::Source::new(log_path, text).position(e.offset);
        return Err(MatchError::BadLog(format!(
            "{}:{line}:{column}: {}",
            log_path.display(),
            e.message
        )));
    }
    ron::from_str(text)
        .map_err(|e| MatchError::BadLog(format!("{}: not a game log: {e}", log_path.display())))
}

/// What to add to a failed replay of a log that carries no rules version: it may have
/// been played by rules that have changed since.
fn unversioned(text: &str) -> &'static str {
    match ron::from_str::<Versioned>(text) {
        Ok(Versioned { rules: Some(_) }) => "",
        _ => {
            "\n  (the log carries no rules version: it was recorded before Sztab versioned \
             its rules, perhaps by rules that have changed since)"
        }
    }
}

#[derive(Deserialize)]
struct Versioned {
    #[serde(default)]
    rules: Option<u32>,
}
