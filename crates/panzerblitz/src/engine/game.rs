//! A game: the scenario, the state and the die. [`Game::apply`] checks an action against
//! the rules — an illegal one is refused with the rule it breaks and changes nothing —
//! rolls the die and returns the events, which the state then writes down. The turn runs
//! itself between the steps where a player acts (Sequence of Play).

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use sztab_core::hex::HexId;

use super::action::Action;
use super::event::{Event, Step};
use super::scenario::Scenario;
use super::state::{Loc, State};
use super::victory;
use sztab_seam::play::Dice;

/// Why an action is refused: the rule and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The seed's section: "How to Move Units B", "Overrun B".
    pub rule: &'static str,
    pub why: String,
}

impl Refusal {
    pub fn new(rule: &'static str, why: impl Into<String>) -> Self {
        Refusal {
            rule,
            why: why.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.why, self.rule)
    }
}

impl std::error::Error for Refusal {}

pub type Checked<T> = Result<T, Refusal>;

/// A game of PanzerBlitz.
#[derive(Clone, Debug)]
pub struct Game {
    pub s: Arc<Scenario>,
    pub(super) st: State,
    pub(super) dice: Dice,
    opening: Vec<Event>,
    /// Lines of sight worked out so far, shared by the copies of this game.
    pub(super) sight: Arc<Mutex<HashMap<(HexId, HexId), bool>>>,
}

impl Game {
    /// Sets the scenario up and begins the first player-turn.
    pub fn new(s: Arc<Scenario>, seed: u64) -> Game {
        let mut g = Game {
            st: State::new(&s),
            s,
            dice: Dice::new(seed, super::play::SAMPLER),
            opening: Vec::new(),
            sight: Arc::default(),
        };
        let mut events = Vec::new();
        for (u, hex, start) in g.s.setup.clone() {
            if start.carried_by.is_some() {
                continue;
            }
            let in_fort = match g.fort_side_at_setup(hex) {
                Some(side) => !start.on_top && side.is_none_or(|x| x == g.s.units[u].side),
                None => false,
            };
            g.emit(
                &mut events,
                Event::Placed {
                    unit: g.s.units[u].id.clone(),
                    hex,
                    in_fort,
                },
            );
        }
        for (u, _, start) in g.s.setup.clone() {
            if let Some(c) = start.carried_by {
                g.emit(
                    &mut events,
                    Event::Loaded {
                        carrier: g.s.units[c].id.clone(),
                        passenger: g.s.units[u].id.clone(),
                    },
                );
            }
        }
        for (u, _, start) in g.s.setup.clone() {
            if start.dispersed {
                g.emit(
                    &mut events,
                    Event::Dispersed {
                        unit: g.s.units[u].id.clone(),
                    },
                );
            }
        }
        g.hide_at_start(&mut events);
        let turn = g.begin_turn(1);
        events.extend(turn);
        g.opening = events;
        g
    }

    /// The fortification on `hex` at set-up, if any, with the side it is given to.
    fn fort_side_at_setup(&self, hex: HexId) -> Option<Option<usize>> {
        self.s.markers.iter().find_map(|(h, m)| match m {
            super::scenario::Marker::Fort { side, .. } if *h == hex => Some(*side),
            _ => None,
        })
    }

    /// A copy of this position with `side` to play in `step`, for what-if questions
    /// (`sztab odds` on the set-up position asks for either side's attacks).
    pub fn what_if(&self, side: usize, step: Step) -> Game {
        let mut g = self.clone();
        g.st.side = side;
        g.st.step = step;
        g
    }

    pub fn state(&self) -> &State {
        &self.st
    }

    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    pub fn is_over(&self) -> bool {
        self.st.result.is_some()
    }

    /// Queues die faces before the seeded stream (tests, what-ifs).
    pub fn script(&mut self, faces: &[u8]) {
        self.dice.script(faces);
    }

    /// Writes an event down and keeps it.
    pub(super) fn emit(&mut self, out: &mut Vec<Event>, e: Event) {
        self.st.apply(&self.s, &e);
        out.push(e);
    }

    /// Checks an action and carries it out; a refused action changes nothing.
    pub fn apply(&mut self, a: &Action) -> Checked<Vec<Event>> {
        if self.is_over() {
            return Err(Refusal::new("How to Win", "the game is over"));
        }
        // Checks work on a copy, so a refusal half-way leaves the game untouched.
        let mut trial = self.clone();
        let mut events = trial.dispatch(a)?;
        if !trial.st.hidden.is_empty() {
            trial.reveal(&mut events);
        }
        *self = trial;
        Ok(events)
    }

    fn dispatch(&mut self, a: &Action) -> Checked<Vec<Event>> {
        let step = self.st.step;
        // Whether the step has room for the order (Sequence of Play; P-25's impulses).
        let need = |part: bool, what: &str| -> Checked<()> {
            if part {
                Ok(())
            } else {
                Err(Refusal::new(
                    "Sequence of Play",
                    format!("{what} is not part of the {} step", step.name()),
                ))
            }
        };
        match a {
            Action::Fire {
                attacks,
                clear_mines,
            } => {
                need(step.fires(), "normal fire")?;
                let mut out = self.fire(attacks, clear_mines)?;
                out.extend(self.next_step());
                Ok(out)
            }
            Action::Move { unit, path } => {
                need(step.is_movement(), "movement")?;
                self.order_move(unit, path)
            }
            Action::Enter {
                unit,
                hex,
                passenger,
            } => {
                need(step.is_movement(), "entering the board")?;
                self.order_enter(unit, *hex, passenger.as_deref())
            }
            Action::Exit { unit, edge } => {
                need(step.is_movement(), "leaving the board")?;
                self.order_exit(unit, *edge)
            }
            Action::Load { carrier, passenger } => {
                need(step.transports(), "loading")?;
                self.order_load(carrier, passenger)
            }
            Action::Unload { carrier } => {
                need(step.transports(), "unloading")?;
                self.order_unload(carrier)
            }
            Action::Overrun { hex, legs } => {
                need(step.overruns(), "an overrun")?;
                self.order_overrun(*hex, legs)
            }
            Action::Assault { hex, units } => {
                need(step == Step::Assault, "a close assault")?;
                self.order_assault(*hex, units)
            }
            Action::EndStep => Ok(self.next_step()),
        }
    }

    /// The next step of the player-turn; after the last, the units are turned face-up
    /// and the other player's turn (or the next game-turn) begins.
    pub(super) fn next_step(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        // Impulse Movement & Return Fire (P-25): A, B, C, D, E.
        let next = match self.st.step {
            Step::Fire if self.s.options.impulse => Some(Step::SecondImpulse),
            Step::Fire => Some(Step::VehicleMove),
            Step::VehicleMove => Some(Step::FootMove),
            Step::FootMove | Step::SecondImpulse => Some(Step::Assault),
            Step::Assault => None,
            Step::FirstImpulse => Some(Step::ReturnFire),
            Step::ReturnFire => Some(Step::Fire),
        };
        if let Some(step) = next {
            self.emit(&mut out, Event::StepBegan { step });
            return out;
        }
        let side = self.st.side;
        self.emit(&mut out, Event::Recovered { side });
        if side == 0 {
            out.extend(self.begin_player_turn(1));
        } else if self.st.turn >= self.s.turns {
            out.extend(self.end_game());
        } else {
            let t = self.st.turn + 1;
            out.extend(self.begin_turn(t));
        }
        out
    }

    fn begin_turn(&mut self, turn: u32) -> Vec<Event> {
        let mut out = Vec::new();
        self.emit(&mut out, Event::TurnBegan { turn });
        for (t, us) in self.s.departures.clone() {
            if t != turn {
                continue;
            }
            for u in us {
                if matches!(
                    self.st.units[u].loc(),
                    Loc::On(_) | Loc::Waiting | Loc::Carried(_)
                ) {
                    let id = self.s.units[u].id.clone();
                    self.emit(&mut out, Event::Departed { unit: id });
                }
            }
        }
        out.extend(self.begin_player_turn(0));
        out
    }

    /// Steps 1 and 2: the minefields attack the other side's units on them, then the
    /// fire step begins.
    fn begin_player_turn(&mut self, side: usize) -> Vec<Event> {
        let mut out = Vec::new();
        self.emit(&mut out, Event::PlayerTurn { side });
        out.extend(self.minefield_attacks(side));
        let step = if self.s.options.impulse {
            Step::FirstImpulse
        } else {
            Step::Fire
        };
        self.emit(&mut out, Event::StepBegan { step });
        out
    }

    fn end_game(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        let (winner, level) = victory::outcome(self);
        self.emit(&mut out, Event::GameEnded { winner, level });
        out
    }

    /// A unit of the side to play, by id.
    pub(super) fn own(&self, id: &str) -> Checked<usize> {
        let u = self
            .s
            .unit(id)
            .ok_or_else(|| Refusal::new("Units", format!("there is no unit {id}")))?;
        if self.s.units[u].side != self.st.side {
            return Err(Refusal::new(
                "Sequence of Play",
                format!("{id} is not a unit of the side to play"),
            ));
        }
        Ok(u)
    }

    pub(super) fn id(&self, u: usize) -> String {
        self.s.units[u].id.clone()
    }
}
