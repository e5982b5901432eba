//! A game in play: the engine's `Game`, the actions taken (the game log), the chronicle
//! of events, checkpoints to step back, each side's player, and an optional script of
//! actions ahead (a loaded log being replayed step by step).
//!
//! A bot decides on a thread of its own ([`Session::ask_bot`]): it leaves with a copy of
//! the position and its dice, and comes back with its action. Any change of the position
//! (an action, a rewind, a seat changed) forgets the thought; a thought that comes back
//! waits until it is played, so pausing the bots loses nothing and the same seats and
//! seed still give the same game.

use std::path::PathBuf;
use std::time::Duration;

use super::chronicle::Chronicle;
use super::seats::{Seat, bot_seed};
use crate::worker::{Polled, Worker};
use sztab_core::model::Bundle;
use sztab_wb95::ai::Player;
use sztab_wb95::phase::Clock;
use sztab_wb95::{
    Action, Decision, Event, Fingerprint, FingerprintError, Game, GameLog, GameResult, Pending,
    RuleError, Side, Wb95Log,
};

/// A position is saved every this many actions, so stepping back replays few actions.
const CHECKPOINT_EVERY: usize = 64;

/// The fingerprint of the events so far, or why an event could not be fingerprinted.
type Print = Result<Fingerprint, FingerprintError>;

/// The fingerprint of a game's opening events, in the game's log format.
fn opening_print(game: &Game) -> Print {
    let mut fp = Fingerprint::new(game.format().encoding());
    fp.extend(game.opening_events())?;
    Ok(fp)
}

#[derive(Clone)]
struct Checkpoint {
    at: usize,
    game: Game,
    fingerprint: Print,
}

/// The latest combat: who attacked what, the roll and its result, what followed.
#[derive(Clone, Debug, Default)]
pub struct CombatCard {
    pub attackers: Vec<sztab_core::model::UnitId>,
    pub hexes: Vec<sztab_core::hex::HexId>,
    pub defenders: Vec<sztab_core::model::UnitId>,
    /// Column, roll, modified roll and the CRT cell.
    pub result: Option<(sztab_wb95::Column, u8, u8, sztab_wb95::CrtCell)>,
    pub after: Vec<String>,
    pub ended: bool,
}

impl CombatCard {
    fn follow(card: &mut Option<CombatCard>, e: &Event) {
        use sztab_wb95::event::Motion;
        match e {
            Event::CombatDeclared {
                attackers,
                hexes,
                defenders,
                ..
            } => {
                *card = Some(CombatCard {
                    attackers: attackers.clone(),
                    hexes: hexes.clone(),
                    defenders: defenders.clone(),
                    ..CombatCard::default()
                })
            }
            _ => {
                let Some(c) = card.as_mut().filter(|c| !c.ended) else {
                    return;
                };
                match e {
                    Event::CombatResolved {
                        column,
                        roll,
                        modified,
                        cell,
                        ..
                    } => c.result = Some((*column, *roll, *modified, *cell)),
                    Event::CombatEnded { .. } => c.ended = true,
                    Event::CelLost { .. }
                    | Event::Eliminated { .. }
                    | Event::Disorganized { .. }
                    | Event::DisorganizationTest { .. } => c.after.push(e.to_string()),
                    Event::Moved {
                        how: Motion::Retreat | Motion::Pursuit | Motion::Advance,
                        ..
                    } => c.after.push(e.to_string()),
                    _ => {}
                }
            }
        }
    }
}

/// A bot's answer: the action, and the bot itself with its dice rolled on.
type Answer = (Box<dyn Player>, Action);

/// A bot's decision at the current position: being worked out, or worked out.
enum Thought {
    Out { side: Side, worker: Worker<Answer> },
    Ready(Action),
}

/// The last action applied, for highlighting it on the map.
#[derive(Clone, Debug)]
pub struct Done {
    pub side: Side,
    pub action: Action,
    pub events: Vec<Event>,
    pub by_bot: bool,
}

pub struct Session {
    game: Game,
    start: Game,
    actions: Vec<Action>,
    /// The clock when each action was taken.
    clocks: Vec<Clock>,
    checkpoints: Vec<Checkpoint>,
    pub chronicle: Chronicle,
    fingerprint: Print,
    pub seats: [Seat; 2],
    bots: [Option<Box<dyn Player>>; 2],
    /// The scenario file, written into saved logs.
    pub scenario: PathBuf,
    /// A loaded log's actions while replaying; the position is `actions.len()`.
    script: Option<Vec<Action>>,
    pub last: Option<Done>,
    pub combat_card: Option<CombatCard>,
    /// The actions of the game as last saved (or loaded).
    saved: Vec<Action>,
    /// The bot to act's decision at this position, if asked.
    thought: Option<Thought>,
}

impl Session {
    /// A session on a freshly started game.
    pub fn new(game: Game, seats: [Seat; 2], scenario: PathBuf) -> Self {
        let mut chronicle = Chronicle::default();
        chronicle.add(&game, 0, game.opening_events());
        let fingerprint = opening_print(&game);
        let mut s = Self {
            start: game.clone(),
            game,
            actions: Vec::new(),
            clocks: Vec::new(),
            checkpoints: Vec::new(),
            chronicle,
            fingerprint,
            seats,
            bots: [None, None],
            scenario,
            script: None,
            last: None,
            combat_card: None,
            saved: Vec::new(),
            thought: None,
        };
        s.rebuild_bots();
        s
    }

    /// Replays a saved log on `bundle`; the session ends at the log's last action, with
    /// the log kept as a script to step through.
    pub fn from_log(bundle: &Bundle, log: &GameLog, seats: [Seat; 2]) -> Result<Self, String> {
        let game = log.new_game(bundle).map_err(|e| e.to_string())?;
        let mut s = Session::new(game, seats, log.scenario.clone());
        for (i, a) in log.actions.iter().enumerate() {
            s.apply_quiet(a.clone())
                .map_err(|e| format!("action {} of the log is refused: {e}", i + 1))?;
        }
        let fp = s.fingerprint.as_ref().map_err(|e| e.to_string())?;
        if !log.matches(fp, s.result().as_ref()) {
            return Err(format!(
                "the log does not replay the same game on this scenario ({} events, fingerprint {}; the log says {}, {})",
                fp.count(),
                fp.hex(),
                log.events,
                log.fingerprint
            ));
        }
        s.script = Some(log.actions.clone());
        s.saved = log.actions.clone();
        Ok(s)
    }

    /// Has an action been taken since the game was last saved or loaded? (Stepping
    /// back through a saved game in replay is not a change.)
    pub fn unsaved(&self) -> bool {
        !self.saved.starts_with(&self.actions)
    }

    /// The game as it is now was written to a file.
    pub fn mark_saved(&mut self) {
        self.saved = self.actions.clone();
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game itself, for what-if tools and tests (`script_dice`).
    pub fn game_mut(&mut self) -> &mut Game {
        self.forget_thought();
        &mut self.game
    }

    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Who must decide what; `None` once the game is over.
    pub fn decision(&self) -> Option<(Side, Decision)> {
        match self.game.pending() {
            Pending::GameOver(_) => None,
            Pending::Decide { side, decision } => {
                Some((self.game.side_of_id(side.as_str())?, decision))
            }
        }
    }

    pub fn result(&self) -> Option<GameResult> {
        match self.game.pending() {
            Pending::GameOver(r) => Some(r),
            Pending::Decide { .. } => None,
        }
    }

    pub fn seat(&self, side: Side) -> Seat {
        self.seats[side.index()]
    }

    /// Both sides played by humans at this screen.
    pub fn hot_seat(&self) -> bool {
        self.seats.iter().all(|s| s.is_human())
    }

    /// The side whose bot must act now.
    pub fn bot_to_act(&self) -> Option<Side> {
        if self.replaying() {
            return None;
        }
        let (side, _) = self.decision()?;
        (!self.seat(side).is_human()).then_some(side)
    }

    /// A human's action: checked and applied, or the rule it breaks.
    pub fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        self.apply_by(action, false)
    }

    /// Lets the bot whose turn it is take one action, deciding here and now (or
    /// waiting for the thought already asked).
    pub fn step_bot(&mut self) -> Result<(), String> {
        if self.thought.is_none() {
            let Some((side, decision)) = self.bot_decision() else {
                return Ok(());
            };
            let side_id = self.game.side_id(side).clone();
            let Some(bot) = self.bots[side.index()].as_mut() else {
                return Err(format!("{side_id} has no bot"));
            };
            let action = bot.decide(&self.game, &side_id, &decision);
            self.thought = Some(Thought::Ready(action));
        }
        self.poll_bot(Duration::MAX)?;
        self.play_answer().map(|_| ())
    }

    /// The bot to act and its decision.
    fn bot_decision(&self) -> Option<(Side, Decision)> {
        let side = self.bot_to_act()?;
        let (_, decision) = self.decision()?;
        Some((side, decision))
    }

    /// Sends the bot to act off to decide on a thread of its own, with a copy of the
    /// position; `ctx` is woken when it has decided. Nothing if no bot is to act or it
    /// has been asked already.
    pub fn ask_bot(&mut self, ctx: Option<egui::Context>) -> Result<(), String> {
        if self.thought.is_some() {
            return Ok(());
        }
        let Some((side, decision)) = self.bot_decision() else {
            return Ok(());
        };
        let side_id = self.game.side_id(side).clone();
        let Some(mut bot) = self.bots[side.index()].take() else {
            return Err(format!("{side_id} has no bot"));
        };
        let game = self.game.clone();
        let worker = Worker::start("sztab-bot", ctx, move || {
            let action = bot.decide(&game, &side_id, &decision);
            (bot, action)
        })?;
        self.thought = Some(Thought::Out { side, worker });
        Ok(())
    }

    /// The side whose bot is deciding now (on its thread), and for how long.
    pub fn thinking(&self) -> Option<(Side, Duration)> {
        match &self.thought {
            Some(Thought::Out { side, worker }) => Some((*side, worker.elapsed())),
            _ => None,
        }
    }

    /// Waits at most `wait` for the bot's thought; true once its action is ready to play.
    pub fn poll_bot(&mut self, wait: Duration) -> Result<bool, String> {
        let Some(Thought::Out { side, worker }) = &self.thought else {
            return Ok(matches!(self.thought, Some(Thought::Ready(_))));
        };
        let side = *side;
        match worker.poll(wait) {
            Polled::Busy => Ok(false),
            Polled::Done((bot, action)) => {
                self.bots[side.index()] = Some(bot);
                self.thought = Some(Thought::Ready(action));
                Ok(true)
            }
            Polled::Lost => {
                let id = self.game.side_id(side).clone();
                self.forget_thought();
                Err(format!("the {id} bot failed while deciding"))
            }
        }
    }

    /// Plays the bot's action once it is ready; false while it is not.
    pub fn play_answer(&mut self) -> Result<bool, String> {
        if !matches!(self.thought, Some(Thought::Ready(_))) {
            return Ok(false);
        }
        let Some(Thought::Ready(action)) = self.thought.take() else {
            return Ok(false);
        };
        let side_id = self
            .decision()
            .map(|(s, _)| self.game.side_id(s).to_string())
            .unwrap_or_default();
        self.apply_by(action.clone(), true)
            .map_err(|e| format!("the {side_id} bot chose an illegal action ({e}): {action:?}"))?;
        Ok(true)
    }

    /// Forgets the bot's thought (the position changed); a bot still out deciding is
    /// built again, as after a rewind.
    fn forget_thought(&mut self) {
        if let Some(Thought::Out { .. }) = self.thought.take() {
            self.rebuild_bots();
        }
    }

    fn apply_by(&mut self, action: Action, by_bot: bool) -> Result<(), RuleError> {
        let side = self.decision().map_or(Side::A, |(s, _)| s);
        let events = self.apply_quiet(action.clone())?;
        self.last = Some(Done {
            side,
            action,
            events,
            by_bot,
        });
        Ok(())
    }

    fn apply_quiet(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let clock = self.game.state().clock;
        let events = self.game.apply(action.clone())?;
        self.forget_thought();
        self.actions.push(action);
        self.clocks.push(clock);
        if let Ok(fp) = &mut self.fingerprint
            && let Err(e) = fp.extend(&events)
        {
            self.fingerprint = Err(e);
        }
        for e in &events {
            CombatCard::follow(&mut self.combat_card, e);
        }
        self.chronicle.add(&self.game, self.actions.len(), &events);
        if self.actions.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(Checkpoint {
                at: self.actions.len(),
                game: self.game.clone(),
                fingerprint: self.fingerprint.clone(),
            });
        }
        Ok(events)
    }

    /// Goes back to the position after `k` actions.
    pub fn rewind(&mut self, k: usize) {
        if k >= self.actions.len() {
            return;
        }
        self.checkpoints.retain(|c| c.at <= k);
        let (at, game, fp) = match self.checkpoints.last() {
            Some(c) => (c.at, c.game.clone(), c.fingerprint.clone()),
            None => (0, self.start.clone(), opening_print(&self.start)),
        };
        let redo: Vec<Action> = self.actions[at..k].to_vec();
        self.game = game;
        self.fingerprint = fp;
        self.actions.truncate(at);
        self.clocks.truncate(at);
        self.chronicle.truncate(at);
        for a in redo {
            // These actions were legal from this very position before.
            let _ = self.apply_quiet(a);
        }
        self.last = None;
        self.combat_card = None;
        self.rebuild_bots();
    }

    fn rebuild_bots(&mut self) {
        self.thought = None;
        let seed = self
            .game
            .seed()
            .wrapping_add(self.actions.len() as u64 * 0x51_7cc1);
        for side in Side::BOTH {
            self.bots[side.index()] = match self.seat(side) {
                Seat::Human => None,
                Seat::Bot(b) => Some(b.build(bot_seed(seed, side))),
            };
        }
    }

    /// Changes who plays a side from now on.
    pub fn set_seat(&mut self, side: Side, seat: Seat) {
        self.seats[side.index()] = seat;
        self.rebuild_bots();
    }

    /// The game so far as a log, for `sztab replay` and Load game, in the game's format.
    pub fn log(&self) -> Result<GameLog, FingerprintError> {
        let fp = self.fingerprint.as_ref().map_err(Clone::clone)?;
        Ok(GameLog::of(
            self.scenario.clone(),
            &self.game,
            self.actions.clone(),
            fp,
        ))
    }

    // ---- replay ----

    pub fn replaying(&self) -> bool {
        self.script.is_some()
    }

    /// Position and length of the replayed log.
    pub fn replay_position(&self) -> Option<(usize, usize)> {
        self.script.as_ref().map(|s| (self.actions.len(), s.len()))
    }

    /// Replays the loaded log from its start.
    pub fn replay_from_start(&mut self) {
        if self.script.is_none() {
            self.script = Some(self.actions.clone());
        }
        self.rewind(0);
    }

    /// One action forward in the replay.
    pub fn replay_forward(&mut self) -> bool {
        let k = self.actions.len();
        let Some(a) = self.script.as_ref().and_then(|s| s.get(k)).cloned() else {
            return false;
        };
        self.apply_by(a, false).is_ok()
    }

    /// One action back in the replay.
    pub fn replay_back(&mut self) {
        let k = self.actions.len();
        if k > 0 {
            self.rewind(k - 1);
        }
    }

    /// Forward to the first action of the next phase (or the end).
    pub fn replay_forward_phase(&mut self) {
        let clock = self.game.state().clock;
        while self.replay_forward() {
            if self.game.state().clock != clock {
                break;
            }
        }
    }

    /// Back to the start of the current phase, or of the previous one when already there.
    pub fn replay_back_phase(&mut self) {
        let now = self.game.state().clock;
        let mut k = self.actions.len();
        // Actions taken in the current phase come last; skip them, then the whole
        // phase before if we were at its start already.
        while k > 0 && self.clocks[k - 1] == now {
            k -= 1;
        }
        if k == self.actions.len() && k > 0 {
            let before = self.clocks[k - 1];
            while k > 0 && self.clocks[k - 1] == before {
                k -= 1;
            }
        }
        self.rewind(k);
    }

    pub fn replay_to_end(&mut self) {
        while self.replay_forward() {}
    }

    /// Leaves the replay and plays on from this position.
    pub fn play_from_here(&mut self) {
        self.script = None;
        self.rebuild_bots();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_wb95::LogFormat;
    use sztab_wb95::ai::RandomBot;

    fn fixture() -> Bundle {
        let p = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        Bundle::load(&p).unwrap().0
    }

    /// Plays `n` random actions through the session as a human would.
    fn play(s: &mut Session, n: usize) {
        let mut bot = RandomBot::new(3);
        for _ in 0..n {
            let Some((side, d)) = s.decision() else {
                return;
            };
            let id = s.game().side_id(side).clone();
            let a = bot.decide(s.game(), &id, &d);
            s.apply(a).unwrap();
        }
    }

    /// A session of `seats` on the fixture, seed 5.
    fn seated(b: &Bundle, seats: [Seat; 2]) -> Session {
        Session::new(Game::new(b, 5).unwrap(), seats, "mini".into())
    }

    /// The random bot against the heuristic bot.
    fn bots() -> [Seat; 2] {
        use sztab_wb95::ai::BotSpec;
        [Seat::Bot(BotSpec::RANDOM), Seat::Bot(BotSpec::heuristic(1))]
    }

    /// Waits for the bot's thought (a bounded number of polls, each waiting a little).
    fn wait_ready(s: &mut Session) -> bool {
        (0..100_000).any(|_| s.poll_bot(Duration::from_millis(10)).unwrap())
    }

    /// Lets bots decide on their thread, `n` actions.
    fn play_in_background(s: &mut Session, n: usize) {
        for _ in 0..n {
            if s.bot_to_act().is_none() {
                return;
            }
            s.ask_bot(None).unwrap();
            assert!(wait_ready(s), "the bot answered");
            assert!(s.play_answer().unwrap());
        }
    }

    #[test]
    fn a_bot_deciding_on_its_thread_plays_the_game_it_plays_deciding_in_place() {
        let b = fixture();
        let mut here = seated(&b, bots());
        for _ in 0..120 {
            here.step_bot().unwrap();
        }
        let mut away = seated(&b, bots());
        play_in_background(&mut away, 120);
        assert_eq!(away.actions(), here.actions());
        assert!(away.last.as_ref().is_some_and(|d| d.by_bot));
    }

    #[test]
    fn a_rewind_while_a_bot_thinks_discards_its_answer() {
        let b = fixture();
        let mut s = seated(&b, bots());
        play_in_background(&mut s, 30);
        s.ask_bot(None).unwrap();
        s.rewind(10);
        assert!(s.thinking().is_none());
        assert!(!s.poll_bot(Duration::ZERO).unwrap(), "nothing to play");
        assert!(!s.play_answer().unwrap());
        assert_eq!(s.actions().len(), 10);
        // Play goes on as after a rewind with no bot thinking.
        let mut twin = seated(&b, bots());
        play_in_background(&mut twin, 30);
        twin.rewind(10);
        play_in_background(&mut s, 20);
        play_in_background(&mut twin, 20);
        assert_eq!(s.actions(), twin.actions());
    }

    #[test]
    fn a_thought_back_while_paused_is_played_later_as_if_played_at_once() {
        let b = fixture();
        let mut s = seated(&b, bots());
        play_in_background(&mut s, 15);
        s.ask_bot(None).unwrap();
        assert!(wait_ready(&mut s));
        assert!(s.thinking().is_none(), "back home");
        // Asking again while the answer waits changes nothing.
        s.ask_bot(None).unwrap();
        assert_eq!(s.actions().len(), 15);
        s.step_bot().unwrap();
        play_in_background(&mut s, 24);
        let mut twin = seated(&b, bots());
        for _ in 0..40 {
            twin.step_bot().unwrap();
        }
        assert_eq!(s.actions(), twin.actions());
    }

    #[test]
    fn taking_over_the_seat_while_its_bot_thinks_leaves_the_decision_to_the_human() {
        let b = fixture();
        let mut s = seated(&b, bots());
        play_in_background(&mut s, 5);
        let (side, _) = s.decision().unwrap();
        s.ask_bot(None).unwrap();
        s.set_seat(side, Seat::Human);
        assert!(s.thinking().is_none());
        assert!(!s.play_answer().unwrap());
        assert_eq!(s.bot_to_act(), None);
        assert_eq!(s.actions().len(), 5);
        // Handing the seat back to a bot, it plays on.
        s.set_seat(side, bots()[side.index()]);
        play_in_background(&mut s, 3);
        assert_eq!(s.actions().len(), 8);
    }

    #[test]
    fn stepping_back_past_checkpoints_gives_the_same_game() {
        let b = fixture();
        let mut s = Session::new(
            Game::new(&b, 5).unwrap(),
            [Seat::Human, Seat::Human],
            "mini".into(),
        );
        play(&mut s, 150);
        let k = 70;
        let mut twin = Session::new(
            Game::new(&b, 5).unwrap(),
            [Seat::Human, Seat::Human],
            "mini".into(),
        );
        for a in &s.actions()[..k] {
            twin.apply(a.clone()).unwrap();
        }
        let full = s.log().unwrap();
        s.rewind(k);
        assert_eq!(s.log().unwrap(), twin.log().unwrap());
        assert_eq!(s.chronicle.entries, twin.chronicle.entries);
        // And forward again through the replay script to the same end.
        s.script = Some(full.actions.clone());
        s.replay_to_end();
        assert_eq!(s.log().unwrap().fingerprint, full.fingerprint);
    }

    #[test]
    fn a_log_that_does_not_match_the_scenario_is_refused() {
        let b = fixture();
        let mut s = Session::new(
            Game::new(&b, 5).unwrap(),
            [Seat::Human, Seat::Human],
            "mini".into(),
        );
        play(&mut s, 20);
        let mut log = s.log().unwrap();
        log.fingerprint = "0000000000000000".into();
        assert!(Session::from_log(&b, &log, [Seat::Human; 2]).is_err());
        log.actions.insert(0, Action::EndPhase);
        assert!(Session::from_log(&b, &s.log().unwrap(), [Seat::Human; 2]).is_ok());
        assert!(Session::from_log(&b, &log, [Seat::Human; 2]).is_err());
    }

    #[test]
    fn a_saved_game_is_in_the_current_format_and_an_old_log_still_loads() {
        let b = fixture();
        let mut s = Session::new(
            Game::new(&b, 5).unwrap(),
            [Seat::Human, Seat::Human],
            "mini".into(),
        );
        play(&mut s, 20);
        assert_eq!(s.log().unwrap().format, LogFormat::CURRENT.number());
        let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/logs");
        let text = std::fs::read_to_string(dir.join("mini.random.game.ron")).unwrap();
        let old: GameLog = ron::from_str(&text).unwrap();
        assert_eq!(old.format, LogFormat::V1.number());
        let loaded = Session::from_log(&b, &old, [Seat::Human; 2]).unwrap();
        assert_eq!(loaded.game().format(), LogFormat::V1);
        let again = loaded.log().unwrap();
        assert_eq!(
            (again.format, again.fingerprint),
            (LogFormat::V1.number(), old.fingerprint)
        );
    }
}
