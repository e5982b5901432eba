//! The game loop, written once: a [`Driver`] seats a bot or a person at each side of a
//! system's game, steps it one action at a time through the rules, narrates and counts
//! what happened through the system's chronicle, fingerprints the events and writes the
//! log. Every system's [`Match`] is a driver of its game.

use std::path::Path;
use std::sync::Arc;

use super::fingerprint::{Encoding, Fingerprint, FingerprintError};
use super::log::{GameLog, LogOf};
use super::state::{Bot, Chronicle, GameRules, GameState, Tally};
use crate::{
    Choice, CombatMark, Decision, Feature, GameRecord, Match, MatchError, Narration, OnBoard,
    Playable, Replayed, Review, SideInfo,
};

/// Who plays a side.
enum Seat<G: GameState> {
    Bot(Box<dyn Bot<G>>),
    /// A person, with what they have planned before their next action.
    Person(G::Seat),
}

/// A game of a system with a bot or a person on each side.
pub struct Driver<G: GameState> {
    game: G,
    seats: Vec<Seat<G>>,
    system: &'static str,
    rules: u32,
    format: u32,
    seed: u64,
    chronicle: Box<dyn Chronicle<G>>,
    actions: Vec<G::Action>,
    fingerprint: Fingerprint,
    /// The first event that could not be fingerprinted: the game then has no log.
    fingerprint_error: Option<FingerprintError>,
    tally: Tally,
    out: Vec<String>,
    ticks: Ticks,
    /// The positions before the people's actions since a bot last acted, newest last.
    before: Vec<Before<G>>,
    /// The last combat the events told.
    last_combat: Option<CombatMark>,
}

/// A position a person's action may be taken back to: the game and everything the driver
/// had made of it then.
struct Before<G: GameState> {
    game: G,
    chronicle: Box<dyn Chronicle<G>>,
    actions: usize,
    fingerprint: Fingerprint,
    fingerprint_error: Option<FingerprintError>,
    tally: Tally,
    ticks: Ticks,
    last_combat: Option<CombatMark>,
}

/// The seed of the `n`-th bot named for a game seeded `seed` (as `sztab play` has always
/// seeded them, so a study's game replays with `--seed`).
pub fn bot_seed(seed: u64, n: usize) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(n as u64 + 1)
}

/// The seats of a game of `rules`: the bots named in `bots` (side id and bot name),
/// people at the other sides (refused where the rules seat no people).
fn seat<R: GameRules>(
    rules: &R,
    seed: u64,
    bots: &[(String, String)],
) -> Result<Vec<Seat<R::Game>>, MatchError> {
    let sides = rules.sides();
    let mut seats: Vec<Seat<R::Game>> = sides
        .iter()
        .map(|_| Seat::Person(Default::default()))
        .collect();
    for (n, (side, name)) in bots.iter().enumerate() {
        let s = sides.iter().position(|x| &x.id == side).ok_or_else(|| {
            let ids: Vec<&str> = sides.iter().map(|x| x.id.as_str()).collect();
            MatchError::BadRequest(format!(
                "no side \"{side}\" in this scenario; its sides are {}",
                ids.join(", ")
            ))
        })?;
        seats[s] = Seat::Bot(
            rules
                .bot(name, bot_seed(seed, n))
                .map_err(MatchError::BadRequest)?,
        );
    }
    if !rules.human_seats() && seats.iter().any(|s| matches!(s, Seat::Person(_))) {
        return Err(MatchError::BadRequest(format!(
            "{} is played by bots only: name a bot for every side",
            rules.title()
        )));
    }
    Ok(seats)
}

impl<G: GameState> Driver<G> {
    /// The units hidden from the one person at a seat when bots play the other sides;
    /// none in a hot-seat game (the table shows everything) or a bot game.
    fn hidden_from_the_person(&self) -> Vec<String> {
        let mut people = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s, Seat::Person(_)));
        match (people.next(), people.next()) {
            (Some((side, _)), None) => self.game.hidden_from(side),
            _ => Vec::new(),
        }
    }

    /// A game of `rules` seeded `seed`, with the bots named in `bots` (side id and bot
    /// name); the other sides are people's seats.
    pub fn new<R: GameRules<Game = G>>(
        rules: &R,
        seed: u64,
        bots: &[(String, String)],
        narration: Narration,
    ) -> Result<Self, MatchError> {
        let seats = seat(rules, seed, bots)?;
        Ok(Driver::seated(
            rules,
            seed,
            rules.logs().format,
            seats,
            narration,
        ))
    }

    /// A game of log `format` with these seats, its opening events observed.
    fn seated<R: GameRules<Game = G>>(
        rules: &R,
        seed: u64,
        format: u32,
        seats: Vec<Seat<G>>,
        narration: Narration,
    ) -> Self {
        let spec = rules.logs();
        let encoding = spec
            .encoding(format)
            .expect("a log's format is checked before its game starts");
        let game = rules.start(seed, format);
        let ticks = Ticks::of(&game, None);
        let mut d = Driver {
            game,
            seats,
            system: spec.system,
            rules: spec.rules,
            format,
            seed,
            chronicle: rules.chronicle(narration),
            actions: Vec::new(),
            fingerprint: Fingerprint::new(encoding),
            fingerprint_error: None,
            tally: Tally::default(),
            out: Vec::new(),
            ticks,
            before: Vec::new(),
            last_combat: None,
        };
        let opening = d.game.opening_events();
        d.observe(&opening);
        d
    }

    /// A game of a log's seed and format, its first actions taken again: the position a
    /// review shows (nobody to play: `bots` None) or a game going on from there.
    pub(super) fn from_log<R: GameRules<Game = G>>(
        rules: &R,
        log: &LogOf<G>,
        taken: usize,
        bots: Option<&[(String, String)]>,
        narration: Narration,
    ) -> Result<Self, MatchError> {
        let seats = match bots {
            Some(bots) => seat(rules, log.seed, bots)?,
            None => Vec::new(),
        };
        let mut d = Driver::seated(rules, log.seed, log.format, seats, narration);
        for (i, a) in log.actions.iter().take(taken).enumerate() {
            d.act(a.clone()).map_err(|e| {
                MatchError::Failed(format!("action {} of the log is refused: {e}", i + 1))
            })?;
        }
        Ok(d)
    }

    /// Takes the log's next action at a review's position: what it told.
    pub(super) fn retake(&mut self, action: &G::Action) -> Result<Vec<String>, String> {
        self.act(action.clone())
    }

    /// What the game has told and nobody has read yet (its opening, at the start).
    pub(super) fn told(&mut self) -> Vec<String> {
        std::mem::take(&mut self.out)
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The position now, to take an action back to.
    fn position(&self) -> Before<G> {
        Before {
            game: self.game.clone(),
            chronicle: self.chronicle.snapshot(),
            actions: self.actions.len(),
            fingerprint: self.fingerprint.clone(),
            fingerprint_error: self.fingerprint_error.clone(),
            tally: self.tally.clone(),
            ticks: self.ticks.clone(),
            last_combat: self.last_combat.clone(),
        }
    }

    fn observe(&mut self, events: &[G::Event]) {
        if let Some(mark) = events.iter().rev().find_map(|e| self.game.combat_mark(e)) {
            self.last_combat = Some(mark);
        }
        if let Err(e) = self.fingerprint.extend(events.iter()) {
            self.fingerprint_error.get_or_insert(e);
        }
        self.chronicle
            .events(&self.game, events, &mut self.out, &mut self.tally);
    }

    /// Applies an action through the rules and records it; a refused one changes
    /// nothing.
    fn act(&mut self, action: G::Action) -> Result<Vec<String>, String> {
        let events = self
            .game
            .apply(&action)
            .map_err(|e| format!("{action}: {e}"))?;
        for seat in &mut self.seats {
            if let Seat::Person(plan) = seat {
                // A plan is made for the position it was made in.
                *plan = G::Seat::default();
            }
        }
        self.observe(&events);
        self.actions.push(action);
        Ok(std::mem::take(&mut self.out))
    }
}

impl<G: GameState> Match for Driver<G> {
    fn title(&self) -> String {
        self.game.title()
    }

    fn sides(&self) -> Vec<SideInfo> {
        self.game.sides()
    }

    fn is_over(&self) -> bool {
        self.game.to_act().is_none()
    }

    fn step(&mut self) -> Result<Vec<String>, MatchError> {
        let Some(side) = self.game.to_act() else {
            return Ok(std::mem::take(&mut self.out));
        };
        let name = self
            .game
            .sides()
            .get(side)
            .map_or_else(|| side.to_string(), |s| s.id.clone());
        let Some(Seat::Bot(bot)) = self.seats.get_mut(side) else {
            return Err(MatchError::Failed(format!(
                "side {name} has no bot: its player decides"
            )));
        };
        let action = bot.decide(&self.game);
        // A person takes back their own actions, never a bot's.
        self.before.clear();
        self.ticks
            .count(&self.game, &name, &action)
            .map_err(|e| MatchError::Failed(e.to_string()))?;
        self.act(action).map_err(|e| {
            MatchError::Failed(format!("the {name} player chose an illegal action ({e})"))
        })
    }

    fn decision(&self) -> Option<Decision> {
        let side = self.game.to_act()?;
        match self.seats.get(side)? {
            Seat::Person(plan) => Some(self.game.decision(plan)),
            Seat::Bot(_) => None,
        }
    }

    fn choose(&mut self, choice: &Choice) -> Result<Vec<String>, MatchError> {
        let side = self.game.to_act();
        let Some(Seat::Person(plan)) = side.and_then(|s| self.seats.get_mut(s)) else {
            return Err(MatchError::BadRequest(
                "no player at a seat is to decide now".into(),
            ));
        };
        match self
            .game
            .choose(plan, &choice.key)
            .map_err(MatchError::BadRequest)?
        {
            None => Ok(Vec::new()),
            Some(action) => {
                let before = self.position();
                let told = self
                    .act(action)
                    .map_err(|e| MatchError::BadRequest(format!("refused: {e}")))?;
                self.before.push(before);
                Ok(told)
            }
        }
    }

    fn last_combat(&self) -> Option<CombatMark> {
        self.last_combat.clone()
    }

    fn can_take_back(&self) -> Result<(), String> {
        let Some(b) = self.before.last() else {
            return Err("no action of a person since a bot's last".into());
        };
        if b.game.dice_rolled() != self.game.dice_rolled() {
            return Err("a die has been rolled since".into());
        }
        if b.game.revealed() != self.game.revealed() {
            return Err("hidden units have been revealed since".into());
        }
        Ok(())
    }

    fn take_back(&mut self) -> Result<Vec<String>, MatchError> {
        self.can_take_back().map_err(MatchError::BadRequest)?;
        let Some(b) = self.before.pop() else {
            return Ok(Vec::new());
        };
        let action = self.actions.get(b.actions).map(ToString::to_string);
        self.game = b.game;
        self.chronicle = b.chronicle;
        self.actions.truncate(b.actions);
        self.fingerprint = b.fingerprint;
        self.fingerprint_error = b.fingerprint_error;
        self.tally = b.tally;
        self.ticks = b.ticks;
        self.last_combat = b.last_combat;
        for seat in &mut self.seats {
            if let Seat::Person(plan) = seat {
                *plan = G::Seat::default();
            }
        }
        Ok(vec![format!(
            "taken back: {}",
            action.unwrap_or_else(|| "the last action".into())
        )])
    }

    fn finish(&mut self) -> Vec<String> {
        self.chronicle.flush(&self.game, &mut self.out);
        std::mem::take(&mut self.out)
    }

    fn result(&self) -> Option<String> {
        self.game.result_line()
    }

    fn record(&self) -> GameRecord {
        let o = self.game.outcome();
        let sides = self.game.sides();
        GameRecord {
            seed: self.seed,
            winner: o.winner.and_then(|w| sides.get(w)).map(|s| s.id.clone()),
            level: o.level,
            vp: o.vp,
            automatic: o.automatic,
            turns: o.turn,
            cel_lost: self.tally.lost,
            units_lost: self.tally.units_lost,
            combats: self.tally.combats,
            actions: self.actions.len() as u32,
            heat: self.tally.heat.iter().map(|(h, n)| (*h, *n)).collect(),
            ..GameRecord::default()
        }
    }

    fn actions(&self) -> usize {
        self.actions.len()
    }

    fn phase(&self) -> String {
        let turn = self.game.outcome().turn;
        match self.game.phase_name() {
            p if p.is_empty() => format!("Turn {turn}"),
            p => format!("Turn {turn}, {p}"),
        }
    }

    /// The units on the map, less those hidden from the one person at a seat when bots
    /// play the other sides (a hot-seat game shows everything, as the table would).
    fn board(&self) -> Vec<OnBoard> {
        let mut on = self.game.board();
        let hidden = self.hidden_from_the_person();
        on.retain(|o| !hidden.contains(&o.unit));
        on
    }

    /// What else is on the map; a unit hidden from the one person is not named inside
    /// a fortification, nor its side as the fortification's holder.
    fn features(&self) -> Vec<Feature> {
        let mut list = self.game.features();
        let hidden = self.hidden_from_the_person();
        for f in list.iter_mut() {
            let before = f.holds.len();
            f.holds.retain(|u| !hidden.contains(u));
            if before > 0 && f.holds.is_empty() {
                f.side = None;
            }
        }
        list
    }

    fn log(&self, scenario: &Path) -> Result<(String, usize, usize), MatchError> {
        if let Some(e) = &self.fingerprint_error {
            return Err(MatchError::Failed(format!("cannot write the log: {e}")));
        }
        let log = GameLog {
            system: self.system.to_owned(),
            format: self.format,
            rules: self.rules,
            scenario: scenario.to_owned(),
            seed: self.seed,
            actions: self.actions.clone(),
            events: self.fingerprint.count(),
            fingerprint: self.fingerprint.hex(),
            result: self.game.result(),
        };
        let text =
            ron::ser::to_string_pretty(&log, ron::ser::PrettyConfig::default().depth_limit(2))
                .map_err(|e| MatchError::Failed(format!("cannot write the log: {e}")))?;
        Ok((text, log.actions.len(), log.events))
    }
}

/// Every system's compiled scenario plays through the driver.
impl<R: GameRules> Playable for R {
    fn title(&self) -> String {
        GameRules::title(self)
    }

    fn sides(&self) -> Vec<SideInfo> {
        GameRules::sides(self)
    }

    fn loss_unit(&self) -> &'static str {
        GameRules::loss_unit(self)
    }

    fn new_match(
        &self,
        seed: u64,
        bots: &[(String, String)],
        narration: Narration,
    ) -> Result<Box<dyn Match>, MatchError> {
        Ok(Box::new(Driver::new(self, seed, bots, narration)?))
    }

    fn human_seats(&self) -> bool {
        GameRules::human_seats(self)
    }

    fn replay(&self, log_path: &Path, text: &str) -> Result<Replayed, MatchError> {
        super::log::replay(self, log_path, text)
    }

    fn review(
        self: Arc<Self>,
        log_path: &Path,
        text: &str,
        narration: Narration,
    ) -> Result<Box<dyn Review>, MatchError> {
        Ok(Box::new(super::review::LogReview::new(
            self, log_path, text, narration,
        )?))
    }
}

/// A compiled scenario shared between threads, as the seam hands it out.
pub fn shared<R: GameRules>(rules: R) -> Arc<dyn Playable> {
    Arc::new(rules)
}

/// The clock tick being played and the bot actions taken in it, to cut off bots that go
/// round in circles.
#[derive(Clone)]
struct Ticks {
    tick: u64,
    in_tick: usize,
    /// The actions a tick may take, when not the game's own.
    budget: Option<usize>,
}

impl Ticks {
    fn of<G: GameState>(game: &G, budget: Option<usize>) -> Self {
        Ticks {
            tick: game.clock().0,
            in_tick: 0,
            budget,
        }
    }

    /// Counts `side`'s `action` in its tick; an error once the tick has had more than
    /// the rules allow.
    fn count<G: GameState>(
        &mut self,
        game: &G,
        side: &str,
        action: &G::Action,
    ) -> Result<(), PlayError> {
        let (tick, budget) = game.clock();
        if tick != self.tick {
            (self.tick, self.in_tick) = (tick, 0);
        }
        self.in_tick += 1;
        if self.in_tick > self.budget.unwrap_or(budget) {
            return Err(PlayError::Stuck {
                turn: game.outcome().turn,
                phase: game.phase_name(),
                actions: self.in_tick - 1,
                side: side.to_owned(),
                last: action.to_string(),
            });
        }
        Ok(())
    }
}

/// A game played to its end.
#[derive(Debug)]
pub struct Played<G: GameState> {
    pub result: G::Result,
    pub actions: Vec<G::Action>,
    pub fingerprint: Fingerprint,
}

/// Why a game could not be played out.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("side {0} has no player")]
    NoPlayer(String),
    #[error("the {side} player chose an illegal action {action}: {error}")]
    Illegal {
        side: String,
        action: String,
        error: String,
    },
    #[error("no result after {0} actions")]
    TooLong(usize),
    #[error(transparent)]
    Fingerprint(#[from] FingerprintError),
    /// One phase took more actions than its units could ever need: the players keep
    /// answering without the game moving on, so it would never end.
    #[error(
        "the game is stuck in turn {turn}, {phase}: {actions} actions without the phase ending (the last, by {side}: {last}); the players repeat themselves, so the game cannot end"
    )]
    Stuck {
        turn: u32,
        phase: String,
        actions: usize,
        side: String,
        last: String,
    },
}

/// Plays `game` to its end with `bots` (by side; borrowed, so the caller keeps them),
/// fingerprinting its events in `encoding`; `observe` sees every action with its
/// events. A game of more than `max_actions`, or a phase of more actions than the rules
/// allow (`budget` when given), ends in an error. For tests, benches and bots that play
/// whole games without a log; a [`Driver`] steps the same loop one action at a time.
pub fn play_out<G: GameState>(
    game: &mut G,
    bots: &mut [Option<&mut dyn Bot<G>>],
    encoding: Encoding,
    max_actions: usize,
    budget: Option<usize>,
    mut observe: impl FnMut(&G, &G::Action, &[G::Event]),
) -> Result<Played<G>, PlayError> {
    let mut fingerprint = Fingerprint::new(encoding);
    fingerprint.extend(game.opening_events().iter())?;
    let mut actions = Vec::new();
    let mut ticks = Ticks::of(game, budget);
    let sides = game.sides();
    loop {
        let Some(side) = game.to_act() else {
            let result = game.result().ok_or(PlayError::TooLong(actions.len()))?;
            return Ok(Played {
                result,
                actions,
                fingerprint,
            });
        };
        if actions.len() >= max_actions {
            return Err(PlayError::TooLong(max_actions));
        }
        let name = sides
            .get(side)
            .map_or_else(|| side.to_string(), |s| s.id.clone());
        let Some(Some(bot)) = bots.get_mut(side) else {
            return Err(PlayError::NoPlayer(name));
        };
        let action = bot.decide(game);
        ticks.count(game, &name, &action)?;
        match game.apply(&action) {
            Ok(events) => {
                fingerprint.extend(events.iter())?;
                observe(game, &action, &events);
                actions.push(action);
            }
            Err(error) => {
                return Err(PlayError::Illegal {
                    side: name,
                    action: format!("{action:?}"),
                    error,
                });
            }
        }
    }
}
