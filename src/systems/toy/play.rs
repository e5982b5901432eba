//! Toy games through the seam: matches of bots and people at seats, game logs and their replay, odds.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::bots::{self, Bot};
use super::rules::{Action, Event, Game, Loc, Rules};
use super::seat;
use crate::hex::HexId;
use crate::model::SystemId;
use crate::systems::seam::fingerprint::Fingerprint;
use crate::systems::seam::{
    BundleRef, Choice, Decision, GameRecord, Match, MatchError, Narration, OddsQuery, OnBoard,
    Playable, Replayed, RuleSystem, SideInfo,
};

/// A toy scenario compiled for play.
pub struct Compiled(pub Arc<Rules>);

impl Playable for Compiled {
    fn title(&self) -> String {
        self.0.title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        self.0
            .sides
            .iter()
            .map(|(id, name)| SideInfo {
                id: id.clone(),
                name: name.clone(),
            })
            .collect()
    }

    fn new_match(
        &self,
        seed: u64,
        bots: &[(String, String)],
        narration: Narration,
    ) -> Result<Box<dyn Match>, MatchError> {
        let mut players: [Option<Box<dyn Bot>>; 2] = [None, None];
        for (i, (side, name)) in bots.iter().enumerate() {
            let s = self
                .0
                .sides
                .iter()
                .position(|(id, _)| id == side)
                .ok_or_else(|| {
                    MatchError::BadRequest(format!(
                        "no side \"{side}\" in this scenario; its sides are {}, {}",
                        self.0.sides[0].0, self.0.sides[1].0
                    ))
                })?;
            let bot_seed = seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(i as u64 + 1);
            players[s] = Some(bots::build(name, bot_seed).map_err(MatchError::BadRequest)?);
        }
        let game = Game::new(self.0.clone(), seed);
        Ok(Box::new(ToyMatch::new(game, players, seed, narration)))
    }

    fn human_seats(&self) -> bool {
        true
    }
}

/// A toy game with a bot on each side.
pub struct ToyMatch {
    game: Game,
    players: [Option<Box<dyn Bot>>; 2],
    seed: u64,
    narration: Narration,
    actions: Vec<Action>,
    fingerprint: Fingerprint,
    out: Vec<String>,
    record: GameRecord,
    heat: BTreeMap<HexId, u32>,
}

impl ToyMatch {
    fn new(
        game: Game,
        players: [Option<Box<dyn Bot>>; 2],
        seed: u64,
        narration: Narration,
    ) -> Self {
        let mut m = ToyMatch {
            game,
            players,
            seed,
            narration,
            actions: Vec::new(),
            fingerprint: Fingerprint::default(),
            out: Vec::new(),
            record: GameRecord::default(),
            heat: BTreeMap::new(),
        };
        let opening = m.game.opening_events().to_vec();
        m.observe(&opening);
        m
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
                Event::Attacked { .. }
                | Event::Eliminated { .. }
                | Event::Entered { .. }
                | Event::Departed { .. }
                | Event::GameEnded { .. } => self.out.push(format!("  {e}")),
                _ if self.narration == Narration::Events => self.out.push(format!("    . {e}")),
                _ => {}
            }
        }
    }

    /// Counts combats, where they were and what they cost, for the balance lab.
    fn count(&mut self, e: &Event) {
        match e {
            Event::Attacked { target, .. } => {
                self.record.combats += 1;
                if let Some(Loc::On(h)) = self
                    .game
                    .rules
                    .unit(target)
                    .map(|t| self.game.state().loc[t])
                {
                    *self.heat.entry(h).or_default() += 1;
                }
            }
            Event::Eliminated { unit, .. } => {
                if let Some(u) = self.game.rules.unit(unit) {
                    let side = self.game.rules.units[u].side;
                    self.record.units_lost[side] += 1;
                    self.record.cel_lost[side] += 1;
                }
            }
            _ => {}
        }
    }
}

impl ToyMatch {
    /// Applies an order through the rules and records it; a refused one changes nothing.
    fn act(&mut self, action: Action) -> Result<Vec<String>, String> {
        let events = self
            .game
            .apply(&action)
            .map_err(|e| format!("{action}: {e}"))?;
        self.observe(&events);
        self.actions.push(action);
        Ok(std::mem::take(&mut self.out))
    }
}

impl Match for ToyMatch {
    fn title(&self) -> String {
        self.game.rules.title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        Compiled(self.game.rules.clone()).sides()
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
                self.game.rules.sides[side].0
            )));
        };
        let action = bot.decide(&self.game);
        self.act(action).map_err(|e| {
            MatchError::Failed(format!(
                "the {} player chose an illegal action ({e})",
                self.game.rules.sides[side].0
            ))
        })
    }

    fn decision(&self) -> Option<Decision> {
        let side = self.game.state().side;
        (!self.game.is_over() && self.players[side].is_none()).then(|| seat::decision(&self.game))
    }

    fn choose(&mut self, choice: &Choice) -> Result<Vec<String>, MatchError> {
        if self.decision().is_none() {
            return Err(MatchError::BadRequest(
                "no player at a seat is to decide now".into(),
            ));
        }
        let action = seat::order(&choice.key).map_err(MatchError::BadRequest)?;
        self.act(action)
            .map_err(|e| MatchError::BadRequest(format!("refused: {e}")))
    }

    fn finish(&mut self) -> Vec<String> {
        std::mem::take(&mut self.out)
    }

    fn result(&self) -> Option<String> {
        let (winner, level) = self.game.state().result.as_ref()?;
        Some(match winner {
            Some(w) => format!(
                "{level}, won by {}; after turn {}",
                self.game.rules.sides[*w].0,
                self.game.state().turn
            ),
            None => format!("{level}; after turn {}", self.game.state().turn),
        })
    }

    fn board(&self) -> Vec<OnBoard> {
        let units = &self.game.rules.units;
        let loc = &self.game.state().loc;
        units
            .iter()
            .zip(loc)
            .filter_map(|(u, l)| match l {
                Loc::On(hex) => Some(OnBoard {
                    hex: *hex,
                    unit: u.id.clone(),
                    side: u.side,
                    marks: Vec::new(),
                    carried_by: None,
                }),
                _ => None,
            })
            .collect()
    }

    fn record(&self) -> GameRecord {
        let mut rec = self.record.clone();
        rec.seed = self.seed;
        rec.actions = self.actions.len() as u32;
        rec.turns = self.game.state().turn;
        rec.heat = self.heat.iter().map(|(h, n)| (*h, *n)).collect();
        if let Some((winner, level)) = &self.game.state().result {
            rec.winner = winner.map(|w| self.game.rules.sides[w].0.clone());
            rec.level = Some(level.clone());
        }
        rec
    }

    fn actions(&self) -> usize {
        self.actions.len()
    }

    fn log(&self, scenario: &Path) -> Result<(String, usize, usize), MatchError> {
        let log = ToyLog {
            system: SystemId::new("toy"),
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

/// A recorded toy game (RON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToyLog {
    pub system: SystemId,
    /// The scenario, relative to the log's folder (or as given).
    pub scenario: PathBuf,
    pub seed: u64,
    pub actions: Vec<Action>,
    pub events: usize,
    pub fingerprint: String,
    #[serde(default)]
    pub result: Option<String>,
}

/// Replays a toy log: same actions on the same scenario and seed must give the same
/// events.
pub fn replay(log_path: &Path, text: &str) -> Result<Replayed, MatchError> {
    let log: ToyLog = ron::from_str(text)
        .map_err(|e| MatchError::BadLog(format!("{}: not a game log: {e}", log_path.display())))?;
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
    let rules = prepared_rules(bundle.view())?;
    let mut game = Game::new(rules, log.seed);
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
    let result = game.state().result.as_ref().map(|(_, l)| l.clone());
    let same = fp.count == log.events
        && fp.hex() == log.fingerprint
        && (log.result.is_none()
            || log
                .result
                .as_deref()
                .zip(result.as_deref())
                .is_some_and(|(a, b)| a.starts_with(b)));
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

fn prepared_rules(bundle: BundleRef<'_>) -> Result<Arc<Rules>, MatchError> {
    let b = bundle
        .generic()
        .ok_or_else(|| MatchError::BadLog("not a toy scenario".into()))?;
    Rules::compile(b)
        .map(Arc::new)
        .map_err(|ps| MatchError::Refused(ps.iter().map(|p| p.to_string()).collect()))
}

/// `sztab odds` for the toy: the one attacker on the first hex against the defender.
pub fn odds(
    system: &dyn RuleSystem,
    bundle: BundleRef<'_>,
    q: &OddsQuery,
) -> Result<String, MatchError> {
    if let Some(bad) = q.unknown(&[]).first() {
        return Err(MatchError::BadRequest(format!(
            "the toy system has no --{bad} option"
        )));
    }
    let _ = system;
    let rules = prepared_rules(bundle)?;
    let game = Game::new(rules, 0);
    let hex =
        |s: &str| HexId::parse(s).map_err(|e| MatchError::BadRequest(format!("\"{s}\": {e}")));
    let at = |h: HexId| {
        game.state()
            .at(h)
            .ok_or_else(|| MatchError::BadRequest(format!("no unit stands on {h}")))
    };
    let [first] = q.attackers.as_slice() else {
        return Err(MatchError::BadRequest(
            "a toy attack has one attacker: give one hex".into(),
        ));
    };
    let (a, d) = (at(hex(first)?)?, at(hex(&q.defender)?)?);
    let r = &game.rules;
    let (ua, ud) = (&r.units[a], &r.units[d]);
    if ua.side == ud.side {
        return Err(MatchError::BadRequest(format!(
            "{} and {} are on the same side",
            ua.id, ud.id
        )));
    }
    let adjacent = match (game.state().loc[a], game.state().loc[d]) {
        (Loc::On(x), Loc::On(y)) => r.grid.are_adjacent(x, y) && !r.walled(x, y),
        _ => false,
    };
    let need = game.needed(a, d);
    let chance = (7 - need).clamp(0, 6);
    let mut out = format!("{}: {} attacks {}\n", r.title, ua.id, ud.id);
    out += &format!("  attack {} − defense {}", ua.attack, ud.defense);
    if let Loc::On(h) = game.state().loc[d]
        && r.is_rough(h)
    {
        out += " − 1 (rough)";
    }
    out += &format!(
        "\n  the die must show {need} or more: {chance} in 6 ({:.1} %) to eliminate\n",
        chance as f64 * 100.0 / 6.0
    );
    if !adjacent {
        out += "  (not adjacent now, or across a wall: it cannot attack from here)\n";
    }
    Ok(out)
}
