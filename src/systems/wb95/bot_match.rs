//! A WB-95 game with a bot on every side, as the seam's [`Match`]: `sztab play` and the
//! balance runner step it, and it counts what the balance lab reports (CEL and units
//! lost, combats, the combat heat map).

use std::collections::BTreeMap;

use super::ai::{PlayError, Player};
use super::event::LossCause;
use super::narrate::Narrator;
use super::state::Loc;
use super::{Action, Event, Fingerprint, FingerprintError, Game, GameLog, Pending};
use crate::hex::HexId;
use crate::model::SideId;
use crate::systems::seam::{GameRecord, Match, MatchError, Narration, OnBoard, SideInfo};

pub struct Wb95Match {
    game: Game,
    players: Vec<(SideId, Box<dyn Player>)>,
    seed: u64,
    /// `None` when silent: a study's games need no account.
    narrator: Option<Narrator>,
    actions: Vec<Action>,
    fingerprint: Fingerprint,
    /// The first event that could not be fingerprinted: the game then has no log.
    fingerprint_error: Option<FingerprintError>,
    /// Each unit's CEL as far as the events told, to count what a loss really took.
    cel: Vec<u8>,
    record: GameRecord,
    heat: BTreeMap<HexId, u32>,
    /// The phase (clock tick) being played and the actions taken in it, to cut off a
    /// game whose players go round in circles (as `ai::play_out` does).
    tick: u32,
    in_phase: usize,
    phase_budget: usize,
}

impl Wb95Match {
    pub fn new(
        game: Game,
        players: Vec<(SideId, Box<dyn Player>)>,
        seed: u64,
        narration: Narration,
    ) -> Self {
        let cel = game.state().units.iter().map(|u| u.cel).collect();
        let phase_budget =
            super::ai::PHASE_ACTIONS_BASE + super::ai::PHASE_ACTIONS_PER_UNIT * game.roster().len();
        let tick = game.state().tick();
        let fingerprint = Fingerprint::new(game.format());
        let mut m = Wb95Match {
            game,
            players,
            seed,
            narrator: match narration {
                Narration::Silent => None,
                Narration::Turns => Some(Narrator::new(false)),
                Narration::Events => Some(Narrator::new(true)),
            },
            actions: Vec::new(),
            fingerprint,
            fingerprint_error: None,
            cel,
            record: GameRecord::default(),
            heat: BTreeMap::new(),
            tick,
            in_phase: 0,
            phase_budget,
        };
        let opening = m.game.opening_events().to_vec();
        m.observe(&opening);
        m
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    fn told(&mut self) -> Vec<String> {
        self.narrator
            .as_mut()
            .map(Narrator::take)
            .unwrap_or_default()
    }

    fn observe(&mut self, events: &[Event]) {
        if let Err(e) = self.fingerprint.extend(events) {
            self.fingerprint_error.get_or_insert(e);
        }
        self.tally(events);
        if let Some(n) = &mut self.narrator {
            n.events(&self.game, events);
        }
    }

    /// Counts losses, eliminations and combats as the balance lab reports them.
    fn tally(&mut self, events: &[Event]) {
        let g = &self.game;
        for e in events {
            match e {
                Event::CelLost {
                    unit,
                    cel: k,
                    cause,
                } => {
                    if let Some(u) = g.roster().get(unit.as_str()) {
                        let c = &mut self.cel[u.ix()];
                        let lost = (*k).min(*c);
                        *c -= lost;
                        if *cause != LossCause::Withdrawal {
                            self.record.cel_lost[g.info(u).side.index()] += u32::from(lost);
                        }
                    }
                }
                Event::Eliminated { unit, .. } => {
                    if let Some(u) = g.roster().get(unit.as_str()) {
                        let side = g.info(u).side.index();
                        self.record.units_lost[side] += 1;
                        self.record.cel_lost[side] +=
                            u32::from(std::mem::take(&mut self.cel[u.ix()]));
                    }
                }
                Event::CombatDeclared { hexes, .. } => {
                    self.record.combats += 1;
                    for h in hexes {
                        *self.heat.entry(*h).or_default() += 1;
                    }
                }
                _ => {}
            }
        }
    }
}

impl Match for Wb95Match {
    fn title(&self) -> String {
        self.game.prepared().title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        self.game
            .prepared()
            .sides
            .iter()
            .map(|s| SideInfo {
                id: s.id.to_string(),
                name: s.name.clone(),
            })
            .collect()
    }

    fn is_over(&self) -> bool {
        matches!(self.game.pending(), Pending::GameOver(_))
    }

    fn step(&mut self) -> Result<Vec<String>, MatchError> {
        let (side, decision) = match self.game.pending() {
            Pending::GameOver(_) => return Ok(self.told()),
            Pending::Decide { side, decision } => (side, decision),
        };
        let Some((_, player)) = self.players.iter_mut().find(|(s, _)| *s == side) else {
            return Err(MatchError::Failed(format!("side {side} has no player")));
        };
        let action = player.decide(&self.game, &side, &decision);
        if self.game.state().tick() != self.tick {
            (self.tick, self.in_phase) = (self.game.state().tick(), 0);
        }
        self.in_phase += 1;
        if self.in_phase > self.phase_budget {
            let clock = self.game.state().clock;
            return Err(MatchError::Failed(
                PlayError::Stuck {
                    turn: clock.turn,
                    phase: clock.phase.to_string(),
                    actions: self.in_phase - 1,
                    side,
                    last: format!("{action}"),
                }
                .to_string(),
            ));
        }
        let events = self.game.apply(action.clone()).map_err(|error| {
            MatchError::Failed(format!(
                "the {side} player chose an illegal action {action:?}: {error}"
            ))
        })?;
        self.observe(&events);
        self.actions.push(action);
        Ok(self.told())
    }

    fn finish(&mut self) -> Vec<String> {
        if let Some(n) = &mut self.narrator {
            n.flush();
        }
        self.told()
    }

    fn result(&self) -> Option<String> {
        match self.game.pending() {
            Pending::GameOver(r) => Some(r.to_string()),
            Pending::Decide { .. } => None,
        }
    }

    fn board(&self) -> Vec<OnBoard> {
        let roster = &self.game.prepared().roster;
        let state = self.game.state();
        roster
            .units
            .iter()
            .zip(&state.units)
            .filter_map(|(u, st)| match st.loc {
                Loc::OnMap(h) => Some(OnBoard {
                    hex: self.game.hex_id(h),
                    unit: u.id.to_string(),
                    side: u.side.index(),
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
        rec.heat = self.heat.iter().map(|(h, n)| (*h, *n)).collect();
        match self.game.pending() {
            Pending::GameOver(r) => {
                rec.vp = r.vp;
                rec.winner = r.winner.map(|s| s.to_string());
                rec.level = r.level;
                rec.automatic = r.automatic;
                rec.turns = r.turn;
            }
            Pending::Decide { .. } => {
                rec.turns = self.game.turn();
                rec.vp = self.game.state().vp;
            }
        }
        rec
    }

    fn actions(&self) -> usize {
        self.actions.len()
    }

    fn log(&self, scenario: &std::path::Path) -> Result<(String, usize, usize), MatchError> {
        if let Some(e) = &self.fingerprint_error {
            return Err(MatchError::Failed(format!("cannot write the log: {e}")));
        }
        let log = GameLog::of(
            scenario.to_owned(),
            &self.game,
            self.actions.clone(),
            &self.fingerprint,
        );
        let text =
            ron::ser::to_string_pretty(&log, ron::ser::PrettyConfig::default().depth_limit(2))
                .map_err(|e| MatchError::Failed(format!("cannot write the log: {e}")))?;
        Ok((text, log.actions.len(), log.events))
    }
}
