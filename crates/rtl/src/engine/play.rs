//! Roads to Leningrad through the seam's game loop: the compiled scenario starts games and
//! builds bots ([`GameRules`]), a [`Game`] is the seam's [`GameState`] — a person's
//! decision is its legal actions — and its chronicle tells and counts its events.

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::action::Action;
use super::event::Event;
use super::game::Game;
use super::rules::Rules;
use super::state::{Loc, Outcome, Phase};
use super::words::{GERMAN, side_name};
use sztab_seam::play::{
    Bot, Chronicle, Encoding, GameRules, GameState, LogSpec, Outcome as SeamOutcome, Tally,
};
use sztab_seam::{Choice, Decision, Feature, FeatureLook, Narration, OnBoard, SideInfo};

/// A scenario compiled for play.
pub struct Compiled(pub Arc<Rules>);

fn sides_of(r: &Rules) -> Vec<SideInfo> {
    (0..2)
        .map(|s| SideInfo {
            id: r.side_ids[s].clone(),
            name: side_name(s).into(),
        })
        .collect()
}

/// The bots of the system: `heuristic` plays for the victory points (`heuristic:1` to
/// `heuristic:5`), `random` a random legal action.
pub const BOTS: &[&str] = &["heuristic", "random"];

impl GameRules for Compiled {
    type Game = Game;

    /// One format: the seam's dice and each event's stable encoding, so a reworded event
    /// text leaves recorded games as they were.
    fn logs(&self) -> LogSpec {
        LogSpec {
            system: "rtl",
            rules: 1,
            format: 1,
            encodings: &[(1, Encoding::Stable)],
        }
    }

    fn title(&self) -> String {
        self.0.title.clone()
    }

    /// A record counts steps lost.
    fn loss_unit(&self) -> &'static str {
        "steps"
    }

    fn sides(&self) -> Vec<SideInfo> {
        sides_of(&self.0)
    }

    fn start(&self, seed: u64, _format: u32) -> Game {
        Game::new(self.0.clone(), seed)
    }

    fn bot(&self, name: &str, seed: u64) -> Result<Box<dyn Bot<Game>>, String> {
        let (base, strength) = match name.split_once(':') {
            Some((b, n)) => (
                b,
                Some(
                    n.parse::<u8>()
                        .map_err(|_| format!("\"{name}\": the strength after ':' is a number"))?,
                ),
            ),
            None => (name, None),
        };
        match (base, strength) {
            ("random", None) => Ok(Box::new(Random(ChaCha8Rng::seed_from_u64(seed)))),
            ("heuristic", s) => Ok(Box::new(super::heuristic::Heuristic::new(
                seed,
                s.unwrap_or(super::heuristic::DEFAULT_STRENGTH),
            ))),
            _ => Err(format!(
                "unknown bot \"{name}\": Roads to Leningrad has {}",
                BOTS.join(", ")
            )),
        }
    }

    fn chronicle(&self, narration: Narration) -> Box<dyn Chronicle<Game>> {
        Box::new(RtlChronicle(narration))
    }
}

/// A random legal action.
struct Random(ChaCha8Rng);

impl Bot<Game> for Random {
    fn decide(&mut self, game: &Game) -> Action {
        let legal = game.legal();
        let i = (self.0.next_u64() % legal.len().max(1) as u64) as usize;
        legal.get(i).cloned().unwrap_or(Action::End)
    }
}

/// The markers a unit's counter shows.
fn marks(g: &Game, u: usize) -> Vec<String> {
    let s = &g.state().units[u];
    let d = &g.rules.units[u];
    let mut m = Vec::new();
    if s.steps < d.steps() {
        m.push("reduced".into());
    }
    for (on, name) in [
        (s.disrupted, "Disrupted"),
        (s.fired, "Fired"),
        (s.spent, "Spent"),
        (
            s.supply == super::words::Supply::Emergency,
            "Emergency Supply",
        ),
        (s.supply == super::words::Supply::Oos, "OoS"),
    ] {
        if on {
            m.push(name.into());
        }
    }
    m
}

/// The units and hexes an action concerns, for a seat's map.
fn concerns(a: &Action) -> (Vec<String>, Option<sztab_core::hex::HexId>) {
    use Action::*;
    match a {
        ActivateArmy { unit, .. }
        | BuildStrongpoint { unit }
        | LiftBridge { unit }
        | Pick { unit }
        | Air { unit }
        | Artillery { unit }
        | Loss { unit } => (vec![unit.clone()], None),
        PlaceBridge { unit, hex, .. }
        | Enter { unit, hex }
        | Declare { unit, hex }
        | Lead { hex, unit } => (vec![unit.clone()], Some(*hex)),
        Advance { unit, path } => (vec![unit.clone()], path.last().copied()),
        Retreat { unit, path } => (unit.iter().cloned().collect(), path.last().copied()),
        Overrun { hex, lead, .. } => (vec![lead.clone()], Some(*hex)),
        Resolve { hex, lead, .. } => (vec![lead.clone()], Some(*hex)),
        React { hex, lead, .. } => (vec![lead.clone()], Some(*hex)),
        Step { to } => (Vec::new(), Some(*to)),
        Refuse { hex } | NoRetreat { hex, .. } => (Vec::new(), Some(*hex)),
        _ => (Vec::new(), None),
    }
}

/// A bot may take this many actions in one phase, for each unit of the scenario, before
/// the game counts as going round in circles: a Movement Phase of every unit stepping hex
/// by hex, or a Combat Phase of every unit fighting, with room to spare.
const PHASE_ACTIONS_PER_UNIT: usize = 40;

impl GameState for Game {
    type Action = Action;
    type Event = Event;
    type Result = Outcome;
    type Seat = ();

    fn title(&self) -> String {
        self.rules.title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        sides_of(&self.rules)
    }

    fn to_act(&self) -> Option<usize> {
        Game::to_act(self)
    }

    fn opening_events(&self) -> Vec<Event> {
        Game::opening_events(self).to_vec()
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, String> {
        Game::apply(self, action).map_err(|e| e.to_string())
    }

    fn result(&self) -> Option<Outcome> {
        Game::result(self)
    }

    /// The German's victory points are the scorer's: only he scores (17.0).
    fn outcome(&self) -> SeamOutcome {
        let st = self.state();
        match &st.result {
            Some(r) => SeamOutcome {
                winner: r.winner,
                level: Some(r.level.clone()),
                vp: r.vp[GERMAN],
                automatic: r.sudden,
                turn: r.turn,
            },
            None => SeamOutcome {
                vp: self.victory_points()[GERMAN],
                turn: st.turn,
                ..SeamOutcome::default()
            },
        }
    }

    fn dice_rolled(&self) -> u64 {
        self.dice.rolled()
    }

    fn board(&self) -> Vec<OnBoard> {
        (0..self.rules.units.len())
            .filter_map(|u| match self.state().units[u].loc {
                Loc::Map(hex) => Some(OnBoard {
                    hex,
                    unit: self.rules.units[u].id.clone(),
                    side: self.rules.units[u].side,
                    marks: marks(self, u),
                    spotted: None,
                    carried_by: None,
                }),
                _ => None,
            })
            .collect()
    }

    /// Every legal action is a choice; its key is the action as JSON.
    fn decision(&self, _: &()) -> Decision {
        // A step moves the picked stack: its units are the step's, so the map shades the
        // hexes it can enter when one of them is selected.
        let mover: Vec<String> = self
            .state()
            .seq()
            .and_then(|q| q.mover.as_ref())
            .map(|m| {
                m.units
                    .iter()
                    .map(|&u| self.rules.units[u].id.clone())
                    .collect()
            })
            .unwrap_or_default();
        let choices = self
            .legal()
            .into_iter()
            .map(|a| {
                let (mut units, target) = concerns(&a);
                // A person reads units by the names their counters print, not by id.
                let mut label = a.to_string();
                for id in &units {
                    if let Some(u) = self.rules.unit(id) {
                        label = label.replace(id.as_str(), &self.rules.units[u].name);
                    }
                }
                let mut mark = None;
                if let Action::Step { to } = a {
                    units.clone_from(&mover);
                    mark = self.step_mark(to);
                }
                Choice {
                    label,
                    units,
                    target,
                    hexes: Vec::new(),
                    sight: false,
                    explain: None,
                    mark,
                    key: serde_json::to_string(&a).unwrap_or_default(),
                }
            })
            .collect();
        Decision {
            side: Game::to_act(self).unwrap_or(0),
            prompt: GameState::phase_name(self),
            choices,
        }
    }

    fn choose(&self, _: &mut (), key: &str) -> Result<Option<Action>, String> {
        serde_json::from_str(key)
            .map(Some)
            .map_err(|e| format!("\"{key}\" is no Roads to Leningrad action: {e}"))
    }

    /// Strongpoints (14.1), complete or under construction, with the units of their side
    /// inside.
    fn features(&self) -> Vec<Feature> {
        let st = self.state();
        st.strongpoints
            .iter()
            .map(|(&hex, sp)| Feature {
                hex,
                kind: "strongpoint".into(),
                detail: if sp.complete {
                    String::new()
                } else {
                    "under construction".into()
                },
                side: Some(sp.side),
                look: FeatureLook::Shelter,
                holds: st
                    .at(hex)
                    .filter(|&u| self.rules.units[u].side == sp.side)
                    .map(|u| self.rules.units[u].id.clone())
                    .collect(),
            })
            .collect()
    }

    /// The clock moves on with the turn, every Operations Sequence begun and every phase
    /// of the Sequence of Play, and never runs back: the Strategic Segment's choices, then
    /// each sequence's phases in order, each followed by the next draw, then the
    /// Reorganization Segment. See [`PHASE_ACTIONS_PER_UNIT`] for what a phase may take.
    fn clock(&self) -> (u64, usize) {
        let st = self.state();
        let phase = match &st.phase {
            Phase::HoldOut { .. } => 1,
            Phase::ChooseFirst { .. } => 2,
            Phase::Sequence => 16 + st.seq().map_or(0, |q| q.stage as u64),
            Phase::Open { .. } => 64,
            Phase::Choose { .. } => 65,
            Phase::Bridges { .. } => 80,
            Phase::Over => 96,
        };
        let tick = (u64::from(st.turn) << 40) | (u64::from(st.sequences) << 8) | phase;
        (tick, 100 + PHASE_ACTIONS_PER_UNIT * self.rules.units.len())
    }

    fn phase_name(&self) -> String {
        let st = self.state();
        let who = Game::to_act(self).map_or("", side_name);
        let what = match &st.phase {
            Phase::HoldOut { .. } => "filling the cups".to_string(),
            Phase::ChooseFirst { .. } | Phase::Open { .. } | Phase::Choose { .. } => {
                "Activation".to_string()
            }
            Phase::Sequence => st.seq().map_or(String::new(), |q| {
                format!("{} Sequence, {}", q.kind, q.stage.name())
            }),
            Phase::Bridges { .. } => "Reorganization Segment, Engineering Phase".to_string(),
            Phase::Over => "game over".to_string(),
        };
        format!("turn {}: {what} ({who})", st.turn)
    }
}

/// A line a turn, a sequence and a combat (every event when verbose); combats, where they
/// were and the steps and units they cost, for the balance lab.
#[derive(Clone)]
struct RtlChronicle(Narration);

impl Chronicle<Game> for RtlChronicle {
    fn snapshot(&self) -> Box<dyn Chronicle<Game>> {
        Box::new(self.clone())
    }

    fn events(&mut self, g: &Game, events: &[Event], out: &mut Vec<String>, tally: &mut Tally) {
        for e in events {
            count(g, e, tally);
            match (self.0, e) {
                (Narration::Silent, _) => {}
                (_, Event::TurnBegan { .. }) => out.push(e.to_string()),
                (
                    _,
                    Event::SequenceBegan { .. }
                    | Event::Combat { .. }
                    | Event::Eliminated { .. }
                    | Event::GameEnded { .. },
                ) => out.push(format!("  {e}")),
                (Narration::Events, _) => out.push(format!("    . {e}")),
                _ => {}
            }
        }
    }
}

fn count(g: &Game, e: &Event, tally: &mut Tally) {
    let side = |id: &str| g.rules.unit(id).map(|u| g.rules.units[u].side);
    match e {
        Event::Combat { hex, .. } => {
            tally.combats += 1;
            *tally.heat.entry(*hex).or_default() += 1;
        }
        Event::StepLost { unit, .. } => {
            if let Some(s) = side(unit) {
                tally.lost[s] += 1;
            }
        }
        Event::Eliminated { unit, steps, .. } => {
            if let Some(s) = side(unit) {
                tally.lost[s] += u32::from(*steps);
                tally.units_lost[s] += 1;
            }
        }
        _ => {}
    }
}
