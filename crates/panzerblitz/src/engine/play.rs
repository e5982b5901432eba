//! PanzerBlitz games through the seam's game loop: a compiled situation ([`Compiled`])
//! starts games and builds bots, a game is the seam's [`GameState`] (a person's fire plan
//! is its seat), and its chronicle tells and counts its events.

use std::sync::Arc;

use sztab_core::model::described::Bundle;
use sztab_seam::hex_names::WriteNamed;
use sztab_seam::play::{
    Bot, Chronicle, DieSampler, Encoding, GameRules, GameState, LogSpec, Outcome, Tally,
};
use sztab_seam::{
    BundleRef, CombatMark, Decision, Feature, MatchError, Narration, OnBoard, SideInfo,
};

use super::action::Action;
use super::bots;
use super::compile::compile;
use super::event::{AttackKind, Event};
use super::fire_plan::FirePlan;
use super::game::Game;
use super::scenario::Scenario;
use super::seat::{self, Order};
use super::state::Loc;

/// A situation compiled for play, shared by every game of a study.
pub struct Compiled(pub Arc<Scenario>);

impl Compiled {
    /// Compiles a bundle whose setup checks have passed.
    pub fn of(bundle: BundleRef<'_>) -> Result<Compiled, MatchError> {
        let b = described(bundle)?;
        compile(b)
            .map(|s| Compiled(Arc::new(s)))
            .map_err(MatchError::Refused)
    }
}

fn described(bundle: BundleRef<'_>) -> Result<&Bundle, MatchError> {
    bundle
        .described()
        .ok_or_else(|| MatchError::BadRequest("not a PanzerBlitz situation".into()))
}

fn sides_of(s: &Scenario) -> Vec<SideInfo> {
    s.sides
        .iter()
        .map(|x| SideInfo {
            id: x.id.clone(),
            name: x.name.clone(),
        })
        .collect()
}

impl GameRules for Compiled {
    type Game = Game;

    /// One format: each event's text and a newline.
    fn logs(&self) -> LogSpec {
        LogSpec {
            system: "panzerblitz",
            rules: 2,
            format: 1,
            encodings: &[(1, Encoding::Text)],
        }
    }

    fn title(&self) -> String {
        self.0.title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        sides_of(&self.0)
    }

    fn start(&self, seed: u64, _format: u32) -> Game {
        Game::new(self.0.clone(), seed)
    }

    /// Under Hidden Deployment a bot decides on what its side sees (P-26).
    fn bot(&self, name: &str, seed: u64) -> Result<Box<dyn Bot<Game>>, String> {
        let bot = bots::build(name, seed)?;
        Ok(match self.0.options.hidden {
            Some(_) => Box::new(super::hidden::Fogged(bot)),
            None => bot,
        })
    }

    fn chronicle(&self, narration: Narration) -> Box<dyn Chronicle<Game>> {
        Box::new(PbChronicle(narration))
    }
}

/// The die PanzerBlitz's games have always rolled.
pub const SAMPLER: DieSampler = DieSampler::LowBits;

impl GameState for Game {
    type Action = Action;
    type Event = Event;
    /// The result line, as PanzerBlitz's logs have always held it.
    type Result = String;
    /// The fire a person at a seat has planned in this fire step (not yet an action).
    type Seat = FirePlan;

    fn title(&self) -> String {
        self.s.title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        sides_of(&self.s)
    }

    fn to_act(&self) -> Option<usize> {
        (!self.is_over()).then_some(self.state().side)
    }

    fn opening_events(&self) -> Vec<Event> {
        Game::opening_events(self).to_vec()
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, String> {
        Game::apply(self, action).map_err(|e| e.to_string())
    }

    fn result(&self) -> Option<String> {
        self.result_line()
    }

    fn outcome(&self) -> Outcome {
        Outcome::of_level(self.state().result.as_ref(), self.state().turn)
    }

    /// "German fire": the side's player-turn and its step.
    fn phase_name(&self) -> String {
        let st = self.state();
        let side = self.s.sides.get(st.side).map_or("", |s| s.name.as_str());
        format!("{side} {}", st.step.name())
    }

    /// Units standing on the map, passengers on their carriers' hexes (mines, blocks,
    /// fortifications and wrecks are [`GameState::features`]).
    /// An attack's roll on the table, marked on its hex: "2-1, roll 5: D" (a modifier as
    /// "roll 5-1").
    fn combat_mark(&self, event: &Event) -> Option<CombatMark> {
        let Event::Attacked(a) = event else {
            return None;
        };
        let roll = match a.modifier {
            0 => a.roll.to_string(),
            m => format!("{}{m:+}", a.roll),
        };
        Some(CombatMark {
            hex: a.hex,
            text: format!(
                "{}, roll {roll}: {}",
                super::crt::odds_name(a.column),
                a.outcome.code()
            ),
        })
    }

    /// A person's move is taken back only while no die has been rolled since (P-21).
    fn dice_rolled(&self) -> u64 {
        self.dice.rolled()
    }

    fn board(&self) -> Vec<OnBoard> {
        let st = self.state();
        (0..self.s.units.len())
            .filter_map(|u| {
                let hex = st.hex_of(u)?;
                let def = &self.s.units[u];
                let us = &st.units[u];
                let carried_by = match us.loc() {
                    Loc::Carried(c) => Some(self.s.units[c].id.clone()),
                    _ => None,
                };
                Some(OnBoard {
                    hex,
                    unit: def.id.clone(),
                    side: def.side,
                    marks: [
                        us.dispersed.then(|| "D".to_owned()),
                        st.hidden.contains(&u).then(|| "hidden".to_owned()),
                    ]
                    .into_iter()
                    .flatten()
                    .collect(),
                    spotted: self
                        .s
                        .board
                        .needs_spotting(hex)
                        .then(|| self.spotted(hex, 1 - def.side)),
                    carried_by,
                })
            })
            .collect()
    }

    fn features(&self) -> Vec<Feature> {
        super::features::features(self)
    }

    fn hidden_from(&self, side: usize) -> Vec<String> {
        Game::hidden_from(self, side)
    }

    fn revealed(&self) -> u64 {
        self.state().revealed
    }

    /// Under Hidden Deployment a person decides on what their side sees, as a bot does
    /// (P-26): no gap in a unit's reach where a hidden enemy stands.
    fn decision(&self, plan: &FirePlan) -> Decision {
        match self.s.options.hidden {
            Some(_) => seat::decision(&self.seen_by(self.state().side), plan),
            None => seat::decision(self, plan),
        }
    }

    fn choose(&self, plan: &mut FirePlan, key: &str) -> Result<Option<Action>, String> {
        let order = Order::read(key)?;
        if let Some(p) = seat::replan(plan, &order) {
            *plan = p;
            return Ok(None);
        }
        Ok(match order {
            Order::Act(action) => Some(action),
            _ => None,
        })
    }
}

/// PanzerBlitz's account of a game: a line a turn and a line an attack, a loss or a
/// move on or off the map (every event when verbose); attacks, where they fell and what
/// they cost.
#[derive(Clone)]
struct PbChronicle(Narration);

impl Chronicle<Game> for PbChronicle {
    fn snapshot(&self) -> Box<dyn Chronicle<Game>> {
        Box::new(self.clone())
    }

    fn events(&mut self, g: &Game, events: &[Event], out: &mut Vec<String>, tally: &mut Tally) {
        // Hexes as the map prints them ("2-Q-5"); the logs keep the numbers (`Display`).
        let name = |h| g.s.board.label(h);
        for e in events {
            count(g, e, tally);
            if self.0 == Narration::Silent {
                continue;
            }
            let e = &e.named(&name);
            match e.what {
                Event::TurnBegan { turn } => out.push(format!("Turn {turn}")),
                Event::Attacked(_)
                | Event::Destroyed { .. }
                | Event::Entered { .. }
                | Event::Exited { .. }
                | Event::Departed { .. }
                | Event::Expended { .. }
                | Event::FortDestroyed { .. }
                | Event::GameEnded { .. } => out.push(format!("  {e}")),
                _ if self.0 == Narration::Events => out.push(format!("    . {e}")),
                _ => {}
            }
        }
    }
}

/// Counts attacks, where they fell and what they cost, for the balance lab.
fn count(g: &Game, e: &Event, tally: &mut Tally) {
    let side_of = |id: &str| g.s.unit(id).map(|u| g.s.units[u].side);
    match e {
        Event::Attacked(a) if a.kind != AttackKind::OwnFort => {
            tally.combats += 1;
            *tally.heat.entry(a.hex).or_default() += 1;
        }
        Event::Destroyed { unit, .. } | Event::Expended { unit } => {
            if let Some(side) = side_of(unit) {
                tally.units_lost[side] += 1;
                tally.lost[side] += 1;
            }
        }
        _ => {}
    }
}
