//! The Jaws of Victory through the seam's game loop: the compiled scenario starts games
//! and builds bots, a [`Game`] is the seam's [`GameState`], and its chronicle tells and
//! counts its events. A person's seat is offered every legal action as a choice.

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::action::Action;
use super::event::Event;
use super::game::{Game, Outcome};
use super::rules::Rules;
use super::state::{Org, Supply};
use sztab_core::hex::HexId;
use sztab_seam::hex_names::WriteNamed;
use sztab_seam::play::{Bot, Chronicle, Encoding, GameRules, GameState, LogSpec, Tally};
use sztab_seam::{Choice, Decision, Narration, OnBoard, SideInfo};

/// A scenario compiled for play.
pub struct Compiled(pub Arc<Rules>);

fn sides_of(r: &Rules) -> Vec<SideInfo> {
    r.sides
        .iter()
        .map(|a| SideInfo {
            id: a.id().to_owned(),
            name: a.chart_name().to_owned(),
        })
        .collect()
}

impl GameRules for Compiled {
    type Game = Game;

    /// One format: each event as RON and a newline.
    fn logs(&self) -> LogSpec {
        LogSpec {
            system: "jov",
            rules: 1,
            format: 1,
            encodings: &[(1, Encoding::Ron)],
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
        match name {
            "random" => Ok(Box::new(RandomBot(ChaCha8Rng::seed_from_u64(seed)))),
            _ => Err(format!(
                "unknown bot \"{name}\": The Jaws of Victory has the random bot"
            )),
        }
    }

    fn chronicle(&self, narration: Narration) -> Box<dyn Chronicle<Game>> {
        Box::new(JovChronicle(narration))
    }
}

/// Chooses uniformly among the legal actions.
struct RandomBot(ChaCha8Rng);

impl Bot<Game> for RandomBot {
    fn decide(&mut self, game: &Game) -> Action {
        let legal = game.legal();
        let i = (self.0.next_u64() % legal.len().max(1) as u64) as usize;
        legal.get(i).cloned().unwrap_or(Action::EndPhase)
    }
}

/// A bot may take this many actions in one step before the game counts as going round
/// in circles: every unit moving hex by hex, with room to spare.
const STEP_ACTIONS_PER_UNIT: usize = 40;

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

    fn outcome(&self) -> sztab_seam::play::Outcome {
        let r = self.state().result.as_ref();
        sztab_seam::play::Outcome {
            winner: r.and_then(|o| o.winner),
            level: r.map(|o| o.level.clone().unwrap_or_else(|| "Draw".to_owned())),
            turn: self.state().turn,
            ..Default::default()
        }
    }

    fn dice_rolled(&self) -> u64 {
        self.dice.rolled()
    }

    fn board(&self) -> Vec<OnBoard> {
        let st = self.state();
        (0..self.rules.units.len())
            .filter_map(|u| {
                let s = &st.units[u];
                let hex = s.hex()?;
                let mut marks = Vec::new();
                match s.org {
                    Org::Disorganized => marks.push("D".to_owned()),
                    Org::Regroup => marks.push("Rg".to_owned()),
                    Org::Ok => {}
                }
                match s.supply {
                    Supply::Oos1 => marks.push("OOS1".to_owned()),
                    Supply::Oos2 => marks.push("OOS2".to_owned()),
                    Supply::In => {}
                }
                if s.reserve {
                    marks.push("Reserve".to_owned());
                }
                Some(OnBoard {
                    hex,
                    unit: self.rules.units[u].id.clone(),
                    side: self.rules.side_index(self.rules.units[u].army),
                    marks,
                    spotted: None,
                    carried_by: None,
                })
            })
            .collect()
    }

    fn decision(&self, _: &()) -> Decision {
        let side = Game::to_act(self).unwrap_or(0);
        Decision {
            side,
            prompt: format!("{}: {}", self.actor(), self.state().phase),
            choices: self.legal().into_iter().map(|a| choice(self, &a)).collect(),
        }
    }

    fn choose(&self, _: &mut (), key: &str) -> Result<Option<Action>, String> {
        ron::from_str(key)
            .map(Some)
            .map_err(|e| format!("not a Jaws of Victory action: {e}"))
    }

    fn clock(&self) -> (u64, usize) {
        let p = self.state().phase;
        let tick = (u64::from(self.state().turn) << 16) | ((p.step as u64) << 1) | p.player as u64;
        (tick, 100 + STEP_ACTIONS_PER_UNIT * self.rules.units.len())
    }

    fn phase_name(&self) -> String {
        self.state().phase.to_string()
    }
}

/// An action as a seat's choice: its units and target hex for the map, its hexes named
/// as the sheets print them.
fn choice(g: &Game, a: &Action) -> Choice {
    let (units, target): (Vec<String>, Option<HexId>) = match a {
        Action::Enter { unit, hex } => (vec![unit.clone()], Some(*hex)),
        Action::Move { units, to, .. } => (units.clone(), Some(*to)),
        Action::React { unit, to } => (vec![unit.clone()], Some(*to)),
        Action::Advance { unit, path } => (vec![unit.clone()], path.last().copied()),
        Action::Attack { target, .. }
        | Action::Declare { hex: target }
        | Action::SovietAir { hex: target }
        | Action::AlarmAttack { hex: target } => (Vec::new(), Some(*target)),
        Action::Reserve { unit } | Action::Replace { unit } | Action::BuildIp { unit } => {
            (vec![unit.clone()], None)
        }
        _ => (Vec::new(), None),
    };
    Choice {
        label: a.named(&|h| g.rules.board.labels.label(h)).to_string(),
        units,
        target,
        hexes: target.into_iter().collect(),
        sight: false,
        explain: None,
        mark: None,
        key: ron::to_string(a).unwrap_or_default(),
    }
}

/// The game's account: turns, combats and losses (every event when verbose), and the
/// combats, steps and units the lab counts.
#[derive(Clone)]
struct JovChronicle(Narration);

impl Chronicle<Game> for JovChronicle {
    fn snapshot(&self) -> Box<dyn Chronicle<Game>> {
        Box::new(self.clone())
    }

    fn events(&mut self, g: &Game, events: &[Event], out: &mut Vec<String>, tally: &mut Tally) {
        // Hexes as the sheets print them ("B-4722"); the logs keep the numbers.
        let name = |h| g.rules.board.labels.label(h);
        for e in events {
            count(g, e, tally);
            let said = e.named(&name);
            match (self.0, e) {
                (Narration::Silent, _) => {}
                (Narration::Events, _) => out.push(format!("  {said}")),
                (
                    Narration::Turns,
                    Event::TurnBegan { .. }
                    | Event::Odds { .. }
                    | Event::CombatRolled { .. }
                    | Event::Eliminated { .. }
                    | Event::GameEnded { .. },
                ) => out.push(format!("  {said}")),
                _ => {}
            }
        }
    }
}

fn count(g: &Game, e: &Event, tally: &mut Tally) {
    let side = |unit: &str| {
        g.rules
            .unit(unit)
            .map(|u| g.rules.side_index(g.rules.units[u].army))
    };
    match e {
        Event::Odds { target, .. } => {
            tally.combats += 1;
            *tally.heat.entry(*target).or_default() += 1;
        }
        Event::StepLost { unit, .. } => {
            if let Some(s) = side(unit) {
                tally.lost[s] += 1;
            }
        }
        Event::Eliminated { unit } => {
            if let Some(s) = side(unit) {
                tally.lost[s] += 1;
                tally.units_lost[s] += 1;
            }
        }
        _ => {}
    }
}
