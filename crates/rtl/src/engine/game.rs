//! A game: the compiled rules, the state and the die. [`Game::apply`] checks an action
//! against the rules — a refused one names the rule it breaks and changes nothing — rolls
//! the die and returns the events. Between the decisions of the players the game runs
//! itself (the Strategic Segment, the checks and rolls of a combat), and a decision with
//! a single legal answer is taken for its player.

use std::fmt;
use std::sync::Arc;

use sztab_core::model::described::Bundle;
use sztab_seam::play::{Dice, DieSampler};

use super::action::Action;
use super::event::Event;
use super::rules::Rules;
use super::state::{Loc, Outcome, Pending, Phase, State, UnitState};
use super::words::{Side, Supply};

/// Why an action is refused: the rule and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The booklet's rule: "8.14", "Sequence of Play".
    pub rule: &'static str,
    pub why: String,
}

impl RuleError {
    pub fn new(rule: &'static str, why: impl Into<String>) -> Self {
        RuleError {
            rule,
            why: why.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.why, self.rule)
    }
}

impl std::error::Error for RuleError {}

pub type Checked<T> = Result<T, RuleError>;

pub fn refuse<T>(rule: &'static str, why: impl Into<String>) -> Checked<T> {
    Err(RuleError::new(rule, why))
}

/// A game of Roads to Leningrad.
#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Arc<Rules>,
    pub(super) st: State,
    pub(super) dice: Dice,
    /// Events of the action under way.
    pub(super) out: Vec<Event>,
    opening: Vec<Event>,
}

/// Forced decisions taken in a row before a game is judged stuck.
const SETTLE_LIMIT: usize = 100_000;

impl Game {
    /// Sets the scenario up and plays to the first decision.
    pub fn new(rules: Arc<Rules>, seed: u64) -> Game {
        Game::with_script(rules, seed, &[])
    }

    /// As [`Game::new`], with die faces queued before the seeded stream (tests).
    pub fn with_script(rules: Arc<Rules>, seed: u64, faces: &[u8]) -> Game {
        let st = State::new(&rules);
        let mut dice = Dice::new(seed, DieSampler::Rejection);
        dice.script_any(faces);
        let mut g = Game {
            rules,
            st,
            dice,
            out: Vec::new(),
            opening: Vec::new(),
        };
        g.set_up();
        g.start_turn(1);
        // A scenario whose first decisions are all forced still has a valid state.
        let _ = g.settle();
        g.opening = std::mem::take(&mut g.out);
        g
    }

    /// Compiles a bundle and starts its game.
    pub fn from_bundle(b: &Bundle, seed: u64) -> Result<Game, Vec<String>> {
        Ok(Game::new(Arc::new(super::compile::compile(b)?), seed))
    }

    pub fn state(&self) -> &State {
        &self.st
    }

    /// What happened before the first decision.
    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    /// Queues die faces before the seeded stream.
    pub fn script(&mut self, faces: &[u8]) {
        self.dice.script_any(faces);
    }

    /// The side to decide now; `None` once the game is over.
    pub fn to_act(&self) -> Option<Side> {
        if self.st.result.is_some() {
            return None;
        }
        self.actor()
    }

    pub fn result(&self) -> Option<Outcome> {
        self.st.result.clone()
    }

    /// Every legal action of the side to act, in a fixed order. The engine plays with
    /// open information: a drawn AM is named in the events (decision R-30).
    pub fn legal(&self) -> Vec<Action> {
        if self.st.result.is_some() {
            return Vec::new();
        }
        self.candidates()
            .into_iter()
            .filter(|a| self.check(a).is_ok())
            .collect()
    }

    /// Checks an action and carries it out, then plays on to the next real decision; a
    /// refused action changes nothing.
    pub fn apply(&mut self, a: &Action) -> Checked<Vec<Event>> {
        if self.st.result.is_some() {
            return refuse("4.22", "the game is over");
        }
        // Work on a copy, so a refusal half-way leaves the game untouched.
        let mut trial = self.clone();
        trial.out.clear();
        trial.check(a)?;
        trial.dispatch(a)?;
        trial.settle()?;
        let events = std::mem::take(&mut trial.out);
        *self = trial;
        Ok(events)
    }

    /// Runs the automatic steps and takes every forced decision.
    fn settle(&mut self) -> Checked<()> {
        for _ in 0..SETTLE_LIMIT {
            self.advance();
            if self.st.result.is_some() {
                return Ok(());
            }
            let legal = self.legal();
            match legal.as_slice() {
                [only] => {
                    let a = only.clone();
                    self.dispatch(&a)?;
                }
                [] => {
                    return refuse(
                        "Sequence of Play",
                        format!("no legal action in {:?}", self.st.phase),
                    );
                }
                _ => return Ok(()),
            }
        }
        refuse("Sequence of Play", "the game does not come to a decision")
    }

    /// Whose decision it is, while the game goes on.
    fn actor(&self) -> Option<Side> {
        if let Some(p) = self.st.pending.last() {
            return match p {
                Pending::Aftermath(_) => None,
                Pending::Loss(o) => Some(o.chooser),
                Pending::Retreat(o) => Some(o.chooser),
                Pending::Advance(o) => Some(o.side),
            };
        }
        match &self.st.phase {
            Phase::HoldOut { side }
            | Phase::ChooseFirst { side }
            | Phase::Open { side }
            | Phase::Choose { side, .. }
            | Phase::Bridges { side } => Some(*side),
            Phase::Sequence => self.sequence_actor(),
            Phase::Over => None,
        }
    }

    /// Runs what needs no decision: the aftermath of a combat, the end of a phase that
    /// has nothing left in it.
    pub(super) fn advance(&mut self) {
        loop {
            if self.st.result.is_some() {
                self.st.phase = Phase::Over;
                return;
            }
            if let Some(top) = self.st.pending.last().cloned() {
                let progressed = match top {
                    Pending::Aftermath(a) => {
                        self.st.pending.pop();
                        self.aftermath(a);
                        true
                    }
                    Pending::Loss(_) => self.auto_loss(),
                    Pending::Retreat(_) => self.auto_retreat(),
                    Pending::Advance(_) => self.auto_advance(),
                };
                if progressed {
                    continue;
                }
                return;
            }
            if self.st.phase == Phase::Sequence && self.advance_sequence() {
                continue;
            }
            return;
        }
    }

    // ---- shared helpers ----

    /// One roll of the game's d10, "0" read as ten (2.41).
    pub(super) fn d10(&mut self) -> u8 {
        self.dice.roll(10)
    }

    /// A blind pick among `n` things: a draw from the cup (4.35a).
    pub(super) fn blind_pick(&mut self, n: usize) -> usize {
        match u8::try_from(n) {
            Ok(0 | 1) => 0,
            Ok(n) => usize::from(self.dice.roll(n)) - 1,
            Err(_) => usize::from(self.dice.roll(u8::MAX)) - 1,
        }
    }

    pub(super) fn emit(&mut self, e: Event) {
        self.out.push(e);
    }

    pub(super) fn id(&self, u: usize) -> String {
        self.rules.units[u].id.clone()
    }

    pub(super) fn ids(&self, us: &[usize]) -> Vec<String> {
        us.iter().map(|&u| self.id(u)).collect()
    }

    /// A unit by id, or the refusal.
    pub(super) fn unit(&self, id: &str) -> Checked<usize> {
        self.rules
            .unit(id)
            .ok_or_else(|| RuleError::new("2.2", format!("there is no unit {id}")))
    }

    /// A unit of `side`, by id.
    pub(super) fn own(&self, id: &str, side: Side) -> Checked<usize> {
        let u = self.unit(id)?;
        if self.rules.units[u].side != side {
            return refuse("3.11a", format!("{id} is not a unit of the side to act"));
        }
        Ok(u)
    }

    pub(super) fn hex_of(&self, u: usize) -> Option<sztab_core::hex::HexId> {
        self.st.units[u].hex()
    }

    pub(super) fn side_of(&self, u: usize) -> Side {
        self.rules.units[u].side
    }

    /// The unit's ER with Disruption (−2) and out-of-supply (−1) markers, never below 1
    /// (3.44, 3.72b, 6.14b).
    pub(super) fn er(&self, u: usize) -> i32 {
        let s = &self.st.units[u];
        let mut er = self.rules.units[u].face(s.steps).er;
        if s.disrupted {
            er -= 2;
        }
        if s.supply == Supply::Oos {
            er -= 1;
        }
        er.max(1)
    }

    /// An ER check (3.42): the roll plus `drm` at most the ER passes. Returns whether it
    /// passed and the modified roll.
    pub(super) fn er_check(&mut self, what: &str, u: usize, drm: i32) -> (bool, i32) {
        let roll = self.d10();
        let er = self.er(u);
        let modified = i32::from(roll) + drm;
        let passed = modified <= er;
        let unit = self.id(u);
        self.emit(Event::Check {
            what: what.into(),
            unit,
            roll,
            drm,
            er,
            passed,
        });
        (passed, modified)
    }

    /// Eliminates a unit, whatever steps it has left.
    pub(super) fn eliminate(&mut self, u: usize, why: &str) {
        if !self.st.units[u].alive() {
            return;
        }
        let lost = u32::from(self.st.units[u].steps);
        let side = self.side_of(u);
        if self.st.units[u].hex().is_some() && self.rules.units[u].is_combat() {
            self.st.steps_lost[side] += lost;
        }
        let s = &mut self.st.units[u];
        s.steps = 0;
        s.loc = Loc::Gone;
        s.disrupted = false;
        self.st.eliminated.push(u);
        if let Some(seq) = self.st.seq.as_mut() {
            seq.done.insert(u);
            if let Some(m) = seq.mover.as_mut() {
                m.units.retain(|&x| x != u);
            }
        }
        let unit = self.id(u);
        self.emit(Event::Eliminated {
            unit,
            steps: lost as u8,
            why: why.into(),
        });
        self.builder_gone(u);
    }

    /// One step lost (11.21a).
    pub(super) fn lose_step(&mut self, u: usize) {
        if self.st.units[u].steps <= 1 {
            self.eliminate(u, "its last step lost");
            return;
        }
        self.st.units[u].steps -= 1;
        self.st.steps_lost[self.side_of(u)] += 1;
        let (unit, steps) = (self.id(u), self.st.units[u].steps);
        self.emit(Event::StepLost { unit, steps });
    }
}

impl State {
    /// The state before the set-up is placed: every unit off the map.
    pub fn new(r: &Rules) -> State {
        State {
            turn: 0,
            weather: super::words::Weather::Dry,
            phase: Phase::Over,
            units: r
                .units
                .iter()
                .map(|d| UnitState {
                    loc: Loc::Off,
                    steps: d.steps(),
                    disrupted: false,
                    supply: Supply::In,
                    fired: false,
                    spent: false,
                    activations: 0,
                    entered: None,
                    arrow: None,
                    since: 0,
                    refused: false,
                })
                .collect(),
            strongpoints: Default::default(),
            moved_through: Default::default(),
            initiative: r.initiative_tie,
            passes: [0; 2],
            passes_last: [0; 2],
            cup: [Vec::new(), Vec::new()],
            pool: [None, None],
            next: r.initiative_tie,
            first_sequence: true,
            cas_left: [0; 2],
            cas_formations: Default::default(),
            seq: None,
            pending: Vec::new(),
            steps_lost: [0; 2],
            eliminated: Vec::new(),
            result: None,
            clock: 0,
            sequences: 0,
        }
    }
}
