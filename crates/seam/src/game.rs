//! Games played through the seam: a [`Match`] is a system's game with a bot on every
//! side, stepped one action at a time by `sztab play` and the balance runner.

use sztab_core::hex::HexId;

use super::decision::{Choice, Decision};
use super::feature::Feature;

/// A side of a game, in the system's order (the first moves first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideInfo {
    pub id: String,
    pub name: String,
}

/// Why a game cannot start or go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The system lacks the part asked for ("Roads to Leningrad has no engine yet").
    #[error("{0}")]
    Unsupported(String),
    /// The scenario's setup breaks the rules; each line is a problem.
    #[error("the scenario cannot be played:\n  {}", .0.join("\n  "))]
    Refused(Vec<String>),
    /// A side or bot named wrongly.
    #[error("{0}")]
    BadRequest(String),
    /// The game could not go on (a bot chose an illegal action, no result in time).
    #[error("{0}")]
    Failed(String),
    /// A game log that cannot be read.
    #[error("{0}")]
    BadLog(String),
}

/// One game's result and what happened in it, as the balance lab counts it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GameRecord {
    /// Index of the game in its study.
    pub game: u64,
    pub seed: u64,
    /// The winning side's id; `None` for no winner (or a failed game).
    pub winner: Option<String>,
    /// The victory level reached ("automatic victory" for one).
    pub level: Option<String>,
    /// The scorer's victory points (0 where the system counts none).
    pub vp: i32,
    pub automatic: bool,
    /// The last turn played (the turn of the automatic victory, if any).
    pub turns: u32,
    /// Losses in play, by side, in the system's loss unit (WB-95: CEL).
    pub cel_lost: [u32; 2],
    /// Units eliminated, by side.
    pub units_lost: [u32; 2],
    /// Combats fought.
    pub combats: u32,
    /// Actions the bots took.
    pub actions: u32,
    /// Combats per defending hex, sorted by hex.
    pub heat: Vec<(HexId, u32)>,
    /// Why the game could not be finished, if it could not.
    pub error: Option<String>,
}

impl GameRecord {
    /// The turn of an automatic victory.
    pub fn auto_turn(&self) -> Option<u32> {
        self.automatic.then_some(self.turns)
    }
}

/// How much a match tells of its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Narration {
    /// Nothing: the balance runner only needs the record.
    Silent,
    /// A summary of each turn (`sztab play`).
    Turns,
    /// Every event too (`sztab play --verbose`).
    Events,
}

/// A scenario compiled for play by its system, shared by every game of a study.
pub trait Playable: Send + Sync {
    fn title(&self) -> String;
    fn sides(&self) -> Vec<SideInfo>;
    /// What its game records' losses count: "CEL", "steps", "units".
    fn loss_unit(&self) -> &'static str;
    /// A game seeded `seed` with a bot on every side (`bots`: side id and bot name,
    /// e.g. `heuristic:3`; the n-th bot named is seeded from `seed` and n, so a game of a
    /// study replays with `sztab play --seed`).
    fn new_match(
        &self,
        seed: u64,
        bots: &[(String, String)],
        narration: Narration,
    ) -> Result<Box<dyn Match>, MatchError>;

    /// Whether a side may be played by a person: a side `new_match` names no bot for
    /// then asks through [`Match::decision`] and answers through [`Match::choose`].
    fn human_seats(&self) -> bool {
        false
    }

    /// Replays a game log (`text`, read from `log_path`) of this scenario.
    fn replay(&self, log_path: &std::path::Path, text: &str) -> Result<Replayed, MatchError>;

    /// A game log (`text`, read from `log_path`) of this scenario to step through, from
    /// which a game may go on at any of its positions.
    fn review(
        self: std::sync::Arc<Self>,
        log_path: &std::path::Path,
        text: &str,
        narration: Narration,
    ) -> Result<Box<dyn Review>, MatchError>;
}

/// A recorded game stepped through action by action, as a replay bar shows it: the game
/// at any position of the log, and a game going on from there.
pub trait Review: Send {
    /// The actions the log holds.
    fn recorded(&self) -> usize;
    /// The position shown: how many of the log's actions have been taken.
    fn at(&self) -> usize;
    /// Goes to the position after `at` actions (the log's length at most).
    fn seek(&mut self, at: usize) -> Result<(), MatchError>;
    /// The positions where a turn or phase begins, in order (0 first).
    fn phase_starts(&self) -> &[usize];
    /// The `i`-th action of the log (0-based), as the rules word it.
    fn action(&self, i: usize) -> Option<String>;
    /// The game at the position shown (its board, features, phase, result).
    fn position(&self) -> &dyn Match;
    /// What the game told up to the position shown.
    fn lines(&self) -> &[String];
    /// Whether the whole log reproduces its recorded events and result with these rules.
    fn reproduces(&self) -> bool;
    /// A game going on from the position shown, with `bots` (side id and bot name) at
    /// their sides and people at the others; the log's later actions are left behind.
    fn play_from_here(&self, bots: &[(String, String)]) -> Result<Box<dyn Match>, MatchError>;
}

/// The last combat of a game as the map marks it: where it was, and its odds, roll and
/// result in a few words ("2-1, roll 5: D").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CombatMark {
    pub hex: HexId,
    pub text: String,
}

/// A unit on the map as a match stands now: what the playtest shell draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnBoard {
    pub hex: HexId,
    /// The unit's id in the counter set.
    pub unit: String,
    /// Its side, in the order of [`Match::sides`].
    pub side: usize,
    /// Markers its counter shows in this state ("D" for dispersed), as the system
    /// names them.
    pub marks: Vec<String>,
    /// The carrier it rides on, if it is a passenger (drawn under its carrier).
    pub carried_by: Option<String>,
    /// Whether the enemy sees it, where the system hides units in cover (PanzerBlitz's
    /// Spotting: a unit in woods or a town is fired on from afar only once an enemy
    /// unit next to it spots it); `None` where the question does not arise.
    pub spotted: Option<bool>,
}

/// A system's game, a bot or a person on each side. `Send`: the playtest steps a bot's
/// turn on a thread of its own, so the window stays live while the bot thinks.
pub trait Match: Send {
    /// The scenario's title.
    fn title(&self) -> String;
    fn sides(&self) -> Vec<SideInfo>;
    fn is_over(&self) -> bool;
    /// The bot whose turn it is takes one action; returns the lines that narrate it (a
    /// turn's summary when it ends, every event when verbose).
    fn step(&mut self) -> Result<Vec<String>, MatchError>;
    /// What is left to narrate once the game is over.
    fn finish(&mut self) -> Vec<String>;
    /// "German small victory, won by german; german scored 11 VP; after turn 17".
    fn result(&self) -> Option<String>;
    /// What happened, for the balance lab (`game` and `seed` are left to the caller).
    fn record(&self) -> GameRecord;
    /// Actions taken so far.
    fn actions(&self) -> usize;
    /// Where the game stands in its sequence of play: "Turn 3, German fire".
    fn phase(&self) -> String;
    /// The units on the map now, in the system's order.
    fn board(&self) -> Vec<OnBoard>;
    /// The counters and markers on the map now that are not units (minefields, wrecks,
    /// fortifications); none for a system that has none.
    fn features(&self) -> Vec<Feature> {
        Vec::new()
    }
    /// The game log (RON, the system's format) naming `scenario` as the file to replay
    /// it on, with the number of actions and events it holds.
    fn log(&self, scenario: &std::path::Path) -> Result<(String, usize, usize), MatchError>;

    /// What the person at the seat of the side to play must decide now; `None` while a
    /// bot is to act, or the game is over, or the system seats no people.
    fn decision(&self) -> Option<Decision> {
        None
    }

    /// Carries out a choice of the current decision through the rules (a choice the
    /// rules refuse changes nothing); returns the lines that narrate it, as `step` does.
    fn choose(&mut self, choice: &Choice) -> Result<Vec<String>, MatchError> {
        let _ = choice;
        Err(MatchError::Unsupported(format!(
            "{} is played by bots only",
            self.title()
        )))
    }

    /// The game's last combat, for the map to mark; `None` before the first (or for a
    /// system that marks none).
    fn last_combat(&self) -> Option<CombatMark> {
        None
    }

    /// Whether the last action of a person may be taken back, or why not: only the
    /// actions taken since a bot last acted, and only while no die has been rolled
    /// since.
    fn can_take_back(&self) -> Result<(), String> {
        Err("this game takes nothing back".into())
    }

    /// Takes the last action of a person back: the game stands as before it, its log
    /// without it. Returns a line that says so.
    fn take_back(&mut self) -> Result<Vec<String>, MatchError> {
        Err(MatchError::Unsupported(
            self.can_take_back().err().unwrap_or_default(),
        ))
    }
}

/// What replaying a log found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub actions: usize,
    pub events: usize,
    pub fingerprint: String,
    pub logged_events: usize,
    pub logged_fingerprint: String,
    /// The result line of the replayed game, if it ended.
    pub result: Option<String>,
    /// Events, fingerprint and result all match the log.
    pub same: bool,
}
