//! What a system's engine gives the shared game loop (OpenSpiel's `State`): a game state
//! that says who is to act, takes an action through its rules and tells what happened;
//! the rules compiled once that start games and build bots; and the chronicle that says
//! what its events mean for a person and for the balance lab. Everything else — seating
//! bots and people, seeding, logs, replay, the fingerprint, the record — is the
//! [`Driver`](super::Driver)'s, written once.

use std::collections::BTreeMap;
use std::fmt::{Debug, Display};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::fingerprint::Encoding;
use crate::{Decision, Feature, Narration, OnBoard, SideInfo};
use sztab_core::hex::HexId;

/// How a game ended, or stands: what the balance lab records of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The winning side's index; `None` for no winner (or a game still going on).
    pub winner: Option<usize>,
    /// The victory level reached ("automatic victory" for one).
    pub level: Option<String>,
    /// The scorer's victory points (0 where the system counts none).
    pub vp: i32,
    pub automatic: bool,
    /// The turn the game is in, or ended on.
    pub turn: u32,
}

impl Outcome {
    /// The outcome of a game whose rules end it with a winner (or none) and a level,
    /// as it stands in `turn`.
    pub fn of_level(result: Option<&(Option<usize>, String)>, turn: u32) -> Outcome {
        let (winner, level) = match result {
            Some((w, l)) => (*w, Some(l.clone())),
            None => (None, None),
        };
        Outcome {
            winner,
            level,
            turn,
            ..Outcome::default()
        }
    }

    /// The result as one line once the game has a level: "Red victory, won by red; after
    /// turn 4" (`sides` in the game's order).
    pub fn line(&self, sides: &[SideInfo]) -> Option<String> {
        let level = self.level.as_ref()?;
        let turn = self.turn;
        Some(match self.winner.and_then(|w| sides.get(w)) {
            Some(w) => format!("{level}, won by {}; after turn {turn}", w.id),
            None => format!("{level}; after turn {turn}"),
        })
    }
}

/// What a system's game logs are: the system's id, its rules version (raised by every
/// change that alters recorded games, so a log of other rules is refused before it is
/// replayed), the format it writes and the fingerprint encoding of each format it reads.
#[derive(Clone, Copy, Debug)]
pub struct LogSpec {
    pub system: &'static str,
    pub rules: u32,
    pub format: u32,
    pub encodings: &'static [(u32, Encoding)],
}

impl LogSpec {
    /// The encoding of log format `format`, if the system reads it.
    pub fn encoding(&self, format: u32) -> Option<Encoding> {
        self.encodings
            .iter()
            .find(|(f, _)| *f == format)
            .map(|(_, e)| *e)
    }
}

/// What the balance lab counts of a game as its events pass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub combats: u32,
    /// Losses in the system's loss unit (WB-95: CEL), by side.
    pub lost: [u32; 2],
    /// Units eliminated, by side.
    pub units_lost: [u32; 2],
    /// Combats per defending hex.
    pub heat: BTreeMap<HexId, u32>,
}

/// A system's game in progress: the rules' state and its dice. `Clone`: the driver keeps
/// the position before a person's action, to take it back.
pub trait GameState: Clone + Send + 'static {
    /// A move as the rules take it and a log records it.
    type Action: Clone + Debug + Display + PartialEq + Serialize + DeserializeOwned + Send;
    /// What happened, as the chronicle tells it and the fingerprint hashes it.
    type Event: Debug + Display + Serialize;
    /// The result a log records and its replay must reproduce.
    type Result: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send;
    /// What a person at a seat plans before it becomes an action (PanzerBlitz's fire
    /// plan); `()` for a system whose every choice is an action.
    type Seat: Default + Send;

    fn title(&self) -> String;
    fn sides(&self) -> Vec<SideInfo>;
    /// The side to act now; `None` once the game is over.
    fn to_act(&self) -> Option<usize>;
    /// The events of setting the game up (placements, the first turn begun).
    fn opening_events(&self) -> Vec<Self::Event>;
    /// Carries out `action` through the rules; a refused action changes nothing and
    /// says why.
    fn apply(&mut self, action: &Self::Action) -> Result<Vec<Self::Event>, String>;
    /// The result, once the game is over.
    fn result(&self) -> Option<Self::Result>;
    /// The result as one line: "German small victory, won by german; after turn 17".
    /// By default the [`Outcome`]'s line, once it has a level.
    fn result_line(&self) -> Option<String> {
        self.outcome().line(&self.sides())
    }
    /// How the game ended, or stands now.
    fn outcome(&self) -> Outcome;
    /// The units on the map now.
    fn board(&self) -> Vec<OnBoard>;
    /// The combat `event` tells, as the map marks the last one; `None` for any other
    /// event (and for every event of a system that marks none).
    fn combat_mark(&self, event: &Self::Event) -> Option<crate::CombatMark> {
        let _ = event;
        None
    }
    /// How many dice the game has rolled: a person's action is taken back only while no
    /// die has been rolled since.
    fn dice_rolled(&self) -> u64;
    /// How many hidden units have been revealed so far (PanzerBlitz's Hidden
    /// Deployment): like a die, a reveal cannot be taken back.
    fn revealed(&self) -> u64 {
        0
    }
    /// What else is on the map (minefields, wrecks, fortifications).
    fn features(&self) -> Vec<Feature> {
        Vec::new()
    }

    /// The units `side` does not know of (PanzerBlitz's Hidden Deployment); none in a
    /// game without hidden information.
    fn hidden_from(&self, side: usize) -> Vec<String> {
        let _ = side;
        Vec::new()
    }

    /// What the person at the seat of the side to act must decide now, with what that
    /// seat has planned.
    fn decision(&self, seat: &Self::Seat) -> Decision;
    /// Reads the key of a choice of [`GameState::decision`]: an action to carry out, or
    /// `None` when the choice only changed the seat's plan.
    fn choose(&self, seat: &mut Self::Seat, key: &str) -> Result<Option<Self::Action>, String>;

    /// A clock that moves on with every phase, and how many actions a bot may take in one
    /// phase before the game is cut off as going round in circles.
    fn clock(&self) -> (u64, usize) {
        (0, usize::MAX)
    }

    /// The phase being played, as a cut-off game names it ("Movement phase (German)").
    fn phase_name(&self) -> String {
        String::new()
    }
}

/// A bot: chooses the action of the side to act.
pub trait Bot<G: GameState>: Send {
    fn decide(&mut self, game: &G) -> G::Action;
}

/// How a system tells its events to a person and counts them for the lab. It may keep
/// state across events (WB-95 sums a turn up when it ends).
pub trait Chronicle<G: GameState>: Send {
    /// Narrates (into `out`, at the driver's narration) and counts `events`, which the
    /// game `g` (as it stands after them) has just produced.
    fn events(&mut self, g: &G, events: &[G::Event], out: &mut Vec<String>, tally: &mut Tally);
    /// What is left to tell once the game is over.
    fn flush(&mut self, g: &G, out: &mut Vec<String>) {
        let _ = (g, out);
    }
    /// A copy as it stands, kept to return to when an action is taken back.
    fn snapshot(&self) -> Box<dyn Chronicle<G>>;
}

/// A scenario compiled for play by its system, shared by every game of a study: it
/// starts games and builds bots. Its [`Playable`](crate::Playable) is the
/// seam's.
pub trait GameRules: Send + Sync + 'static {
    type Game: GameState;

    /// What its game logs are.
    fn logs(&self) -> LogSpec;
    fn title(&self) -> String;
    fn sides(&self) -> Vec<SideInfo>;
    /// A game seeded `seed`, rolling its dice as log `format` does.
    fn start(&self, seed: u64, format: u32) -> Self::Game;
    /// The bot named `name` ("random", "heuristic:3"), seeded `seed`.
    fn bot(&self, name: &str, seed: u64) -> Result<Box<dyn Bot<Self::Game>>, String>;
    /// Whether people may take seats.
    fn human_seats(&self) -> bool {
        true
    }
    /// What a game record's losses count ([`crate::GameRecord::cel_lost`]): "CEL",
    /// "steps", "units".
    fn loss_unit(&self) -> &'static str {
        "units"
    }
    /// Its chronicle at `narration`.
    fn chronicle(&self, narration: Narration) -> Box<dyn Chronicle<Self::Game>>;
}
