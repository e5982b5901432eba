//! PanzerBlitz games through the seam: a compiled situation ([`Compiled`]) starts bot
//! matches; a match steps one bot action at a time, narrates, counts what the balance
//! lab reads and writes its game log, which [`replay`] plays again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::model::SystemId;
use crate::model::generic::Bundle;
use crate::systems::seam::fingerprint::Fingerprint;
use crate::systems::seam::{
    BundleRef, Choice, Decision, Feature, GameRecord, Match, MatchError, Narration, OnBoard,
    Playable, Replayed, SideInfo,
};

use super::action::Action;
use super::bots::{self, Bot};
use super::compile::compile;
use super::event::{AttackKind, Event};
use super::fire_plan::FirePlan;
use super::game::Game;
use super::scenario::Scenario;
use super::seat::{self, Order};
use super::state::Loc;

/// The log format this module writes and reads.
const LOG_FORMAT: u32 = 1;

/// A situation compiled for play, shared by every game of a study.
pub struct Compiled(pub Arc<Scenario>);

impl Compiled {
    /// Compiles a bundle whose setup checks have passed.
    pub fn of(bundle: BundleRef<'_>) -> Result<Compiled, MatchError> {
        let b = generic(bundle)?;
        compile(b)
            .map(|s| Compiled(Arc::new(s)))
            .map_err(MatchError::Refused)
    }
}

fn generic(bundle: BundleRef<'_>) -> Result<&Bundle, MatchError> {
    bundle
        .generic()
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

impl Playable for Compiled {
    fn title(&self) -> String {
        self.0.title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        sides_of(&self.0)
    }

    fn new_match(
        &self,
        seed: u64,
        bots: &[(String, String)],
        narration: Narration,
    ) -> Result<Box<dyn Match>, MatchError> {
        let mut players: [Option<Box<dyn Bot>>; 2] = [None, None];
        for (i, (side, name)) in bots.iter().enumerate() {
            let s = self.0.side_index(side).ok_or_else(|| {
                MatchError::BadRequest(format!(
                    "no side \"{side}\" in this situation; its sides are {}, {}",
                    self.0.sides[0].id, self.0.sides[1].id
                ))
            })?;
            let bot_seed = seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(i as u64 + 1);
            players[s] = Some(bots::build(name, bot_seed).map_err(MatchError::BadRequest)?);
        }
        let game = Game::new(self.0.clone(), seed);
        Ok(Box::new(PbMatch::new(game, players, seed, narration)))
    }

    fn human_seats(&self) -> bool {
        true
    }
}

/// A PanzerBlitz game with a bot on each side.
pub struct PbMatch {
    game: Game,
    players: [Option<Box<dyn Bot>>; 2],
    seed: u64,
    narration: Narration,
    actions: Vec<Action>,
    fingerprint: Fingerprint,
    out: Vec<String>,
    record: GameRecord,
    heat: BTreeMap<HexId, u32>,
    /// The fire a person at a seat has planned in this fire step (not yet an action).
    plan: FirePlan,
}

impl PbMatch {
    fn new(
        game: Game,
        players: [Option<Box<dyn Bot>>; 2],
        seed: u64,
        narration: Narration,
    ) -> Self {
        let mut m = PbMatch {
            game,
            players,
            seed,
            narration,
            actions: Vec::new(),
            fingerprint: Fingerprint::default(),
            out: Vec::new(),
            record: GameRecord::default(),
            heat: BTreeMap::new(),
            plan: FirePlan::default(),
        };
        let opening = m.game.opening_events().to_vec();
        m.observe(&opening);
        m
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Applies an action through the rules and records it; a refused one changes
    /// nothing.
    fn act(&mut self, action: Action) -> Result<Vec<String>, String> {
        let events = self
            .game
            .apply(&action)
            .map_err(|e| format!("{action}: {e}"))?;
        self.plan = FirePlan::default();
        self.observe(&events);
        self.actions.push(action);
        Ok(std::mem::take(&mut self.out))
    }

    fn observe(&mut self, events: &[Event]) {
        for e in events {
            self.fingerprint.add(e);
            self.count(e);
            if self.narration == Narration::Silent {
                continue;
            }
            match e {
                Event::TurnBegan { turn } => self.out.push(format!("Turn {turn}")),
                Event::Attacked(_)
                | Event::Destroyed { .. }
                | Event::Entered { .. }
                | Event::Exited { .. }
                | Event::Departed { .. }
                | Event::Expended { .. }
                | Event::FortDestroyed { .. }
                | Event::GameEnded { .. } => self.out.push(format!("  {e}")),
                _ if self.narration == Narration::Events => self.out.push(format!("    . {e}")),
                _ => {}
            }
        }
    }

    /// Counts attacks, where they fell and what they cost, for the balance lab.
    fn count(&mut self, e: &Event) {
        let side_of = |id: &str| self.game.s.unit(id).map(|u| self.game.s.units[u].side);
        match e {
            Event::Attacked(a) if a.kind != AttackKind::OwnFort => {
                self.record.combats += 1;
                *self.heat.entry(a.hex).or_default() += 1;
            }
            Event::Destroyed { unit, .. } | Event::Expended { unit } => {
                if let Some(side) = side_of(unit) {
                    self.record.units_lost[side] += 1;
                    self.record.cel_lost[side] += 1;
                }
            }
            _ => {}
        }
    }
}

/// "Russian decisive victory, won by russian; after turn 10".
fn result_line(g: &Game) -> Option<String> {
    let (winner, level) = g.state().result.as_ref()?;
    let turn = g.state().turn;
    Some(match winner {
        Some(w) => format!("{level}, won by {}; after turn {turn}", g.s.sides[*w].id),
        None => format!("{level}; after turn {turn}"),
    })
}

impl Match for PbMatch {
    fn title(&self) -> String {
        self.game.s.title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        sides_of(&self.game.s)
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn step(&mut self) -> Result<Vec<String>, MatchError> {
        if self.game.is_over() {
            return Ok(std::mem::take(&mut self.out));
        }
        let side = self.game.state().side;
        let Some(bot) = self.players[side].as_mut() else {
            return Err(MatchError::Failed(format!(
                "side {} has no bot: its player decides",
                self.game.s.sides[side].id
            )));
        };
        let action = bot.decide(&self.game);
        self.act(action).map_err(|e| {
            MatchError::Failed(format!(
                "the {} player chose an illegal action ({e})",
                self.game.s.sides[side].id
            ))
        })
    }

    fn decision(&self) -> Option<Decision> {
        let side = self.game.state().side;
        (!self.game.is_over() && self.players[side].is_none())
            .then(|| seat::decision(&self.game, &self.plan))
    }

    fn choose(&mut self, choice: &Choice) -> Result<Vec<String>, MatchError> {
        if self.decision().is_none() {
            return Err(MatchError::BadRequest(
                "no player at a seat is to decide now".into(),
            ));
        }
        let order = Order::read(&choice.key).map_err(MatchError::BadRequest)?;
        if let Some(plan) = seat::replan(&self.plan, &order) {
            self.plan = plan;
            return Ok(Vec::new());
        }
        let Order::Act(action) = order else {
            return Ok(Vec::new());
        };
        self.act(action)
            .map_err(|e| MatchError::BadRequest(format!("refused: {e}")))
    }

    fn finish(&mut self) -> Vec<String> {
        std::mem::take(&mut self.out)
    }

    fn result(&self) -> Option<String> {
        result_line(&self.game)
    }

    fn record(&self) -> GameRecord {
        let mut rec = self.record.clone();
        rec.seed = self.seed;
        rec.actions = self.actions.len() as u32;
        rec.turns = self.game.state().turn;
        rec.heat = self.heat.iter().map(|(h, n)| (*h, *n)).collect();
        if let Some((winner, level)) = &self.game.state().result {
            rec.winner = winner.map(|w| self.game.s.sides[w].id.clone());
            rec.level = Some(level.clone());
        }
        rec
    }

    fn actions(&self) -> usize {
        self.actions.len()
    }

    /// Units standing on the map, passengers on their carriers' hexes (mines, blocks,
    /// fortifications and wrecks are [`Match::features`]).
    fn board(&self) -> Vec<OnBoard> {
        let st = self.game.state();
        (0..self.game.s.units.len())
            .filter_map(|u| {
                let hex = st.hex_of(u)?;
                let def = &self.game.s.units[u];
                let us = &st.units[u];
                let carried_by = match us.loc() {
                    Loc::Carried(c) => Some(self.game.s.units[c].id.clone()),
                    _ => None,
                };
                Some(OnBoard {
                    hex,
                    unit: def.id.clone(),
                    side: def.side,
                    marks: us.dispersed.then(|| "D".to_owned()).into_iter().collect(),
                    carried_by,
                })
            })
            .collect()
    }

    fn features(&self) -> Vec<Feature> {
        super::features::features(&self.game)
    }

    fn log(&self, scenario: &Path) -> Result<(String, usize, usize), MatchError> {
        let log = PbLog {
            system: SystemId::new("panzerblitz"),
            format: LOG_FORMAT,
            scenario: scenario.to_owned(),
            seed: self.seed,
            actions: self.actions.clone(),
            events: self.fingerprint.count,
            fingerprint: self.fingerprint.hex(),
            result: self.result(),
        };
        let text =
            ron::ser::to_string_pretty(&log, ron::ser::PrettyConfig::default().depth_limit(2))
                .map_err(|e| MatchError::Failed(format!("cannot write the log: {e}")))?;
        Ok((text, log.actions.len(), log.events))
    }
}

/// A recorded PanzerBlitz game (RON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PbLog {
    pub system: SystemId,
    pub format: u32,
    /// The situation, relative to the log's folder (or as given).
    pub scenario: PathBuf,
    pub seed: u64,
    pub actions: Vec<Action>,
    pub events: usize,
    pub fingerprint: String,
    #[serde(default)]
    pub result: Option<String>,
}

/// Replays a log: the same actions on the same situation and seed must give the same
/// events.
pub fn replay(log_path: &Path, text: &str) -> Result<Replayed, MatchError> {
    let log: PbLog = ron::from_str(text)
        .map_err(|e| MatchError::BadLog(format!("{}: not a game log: {e}", log_path.display())))?;
    if log.format != LOG_FORMAT {
        return Err(MatchError::BadLog(format!(
            "{}: log format {} (this Sztab reads PanzerBlitz logs of format {LOG_FORMAT})",
            log_path.display(),
            log.format
        )));
    }
    let scenario = if log.scenario.exists() {
        log.scenario.clone()
    } else {
        log_path
            .parent()
            .map(|d| d.join(&log.scenario))
            .unwrap_or_else(|| log.scenario.clone())
    };
    let (system, bundle, _) =
        crate::systems::load(&scenario).map_err(|e| MatchError::BadLog(e.to_string()))?;
    // The setup checks refuse what the recorded game could not have been played on.
    system.prepare(bundle.view())?;
    let compiled = Compiled::of(bundle.view())?;
    let mut game = Game::new(compiled.0, log.seed);
    let mut fp = Fingerprint::default();
    for e in game.opening_events() {
        fp.add(e);
    }
    for (i, a) in log.actions.iter().enumerate() {
        let events = game
            .apply(a)
            .map_err(|e| MatchError::Failed(format!("action {} ({a}) is refused: {e}", i + 1)))?;
        for e in &events {
            fp.add(e);
        }
    }
    let result = result_line(&game);
    let same = fp.count == log.events && fp.hex() == log.fingerprint && log.result == result;
    Ok(Replayed {
        actions: log.actions.len(),
        events: fp.count,
        fingerprint: fp.hex(),
        logged_events: log.events,
        logged_fingerprint: log.fingerprint,
        result: log.result,
        same,
    })
}
