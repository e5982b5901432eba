//! The air war (R8, R21): counters allotted per scenario and chosen "any N",
//! missions placed face down by both sides in the Air phases and revealed together
//! (R8.1.7), air combat over each cluster of mission hexes (R8.1.8), then the missions:
//! air attacks on the AIR ATTACK or BOMBER ATTACK table, attacks on bridges, supply
//! drops, and support, movement-disorganization and river-crossing missions that wait
//! for the rest of the half-turn. One flight per counter per turn (R8.1.5), at
//! most `air_per_hex` counters per mission hex (R21.1.2).

use std::collections::BTreeSet;

use super::action::{AirMission, MissionKind};
use super::artillery::FirePlan;
use super::board::Hx;
use super::decision::Decision;
use super::error::{RuleError, refuse};
use super::event::{Event, LossCause, OosReason, StrikeKind};
use super::game::Game;
use super::phase::PhaseKind;
use super::roster::Unit;
use super::side::Side;
use super::state::Mission;
use super::tables::FireTable;
use sztab_core::model::{AirChoice, AirId, AirKind};

/// Fewest SPs for an attack on a bridge (R8.2.10).
pub const BRIDGE_MIN_SP: u32 = 4;
/// Fewest SPs for a movement-disorganization or supply mission (R8.2.11, R8.2.22).
pub const HEAVY_MIN_SP: u32 = 7;

impl Game {
    /// Counters of `side` free to fly this turn: in an allotment whose window holds
    /// today, chosen if the allotment is "any N", not yet flown or lost this turn.
    pub fn air_available(&self, side: Side) -> Vec<usize> {
        let p = &self.state.prepared;
        let air = &self.state.air;
        let turn = self.turn();
        let today = self.today();
        let mut out: Vec<usize> = Vec::new();
        for (i, a) in p.allotments.iter().enumerate() {
            if a.side != side || today < a.from || today > a.until {
                continue;
            }
            let pool: Vec<usize> = match (a.choose, &air.chosen[i]) {
                (None, _) => a.counters.clone(),
                (Some(_), Some((c, t))) => match p.rules.air_choice {
                    AirChoice::OnceAtStart => c.clone(),
                    AirChoice::EachTurn if *t == turn => c.clone(),
                    AirChoice::EachTurn => Vec::new(),
                },
                (Some(_), None) => Vec::new(),
            };
            for c in pool {
                if air.flew[c] != Some(turn) && air.lost[c] != Some(turn) && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// An allotment of `side` whose "any N" must be chosen now: once at the
    /// start, or each turn by option while its window is open.
    fn choice_due(&self, side: Side) -> Option<usize> {
        let p = &self.state.prepared;
        let today = self.today();
        p.allotments.iter().enumerate().find_map(|(i, a)| {
            let due = a.side == side
                && a.choose.is_some()
                && match (p.rules.air_choice, &self.state.air.chosen[i]) {
                    (AirChoice::OnceAtStart, c) => c.is_none(),
                    (AirChoice::EachTurn, c) => {
                        today >= a.from
                            && today <= a.until
                            && c.as_ref().is_none_or(|(_, t)| *t != self.turn())
                    }
                };
            due.then_some(i)
        })
    }

    /// The air decision pending in an Air phase: a choice of counters, then each side's
    /// missions, side A first. The other side's sealed orders are never part of it.
    pub(crate) fn air_decision(&self) -> Option<(Side, Decision)> {
        if self.state.clock.phase.kind() != PhaseKind::Air || self.state.air.revealed {
            return None;
        }
        let p = &self.state.prepared;
        for side in Side::BOTH {
            if let Some(i) = self.choice_due(side) {
                let a = &p.allotments[i];
                return Some((
                    side,
                    Decision::ChooseAir {
                        allotment: i,
                        counters: a.counters.iter().map(|&c| p.air[c].id.clone()).collect(),
                        choose: a.choose.unwrap_or(0),
                    },
                ));
            }
        }
        for side in Side::BOTH {
            if self.state.air.sealed[side.index()] {
                continue;
            }
            let free = self.air_available(side);
            if !free.is_empty() {
                return Some((
                    side,
                    Decision::AirMissions {
                        phase: self.state.clock.phase,
                        counters: free
                            .iter()
                            .map(|&c| (p.air[c].id.clone(), p.air[c].sp))
                            .collect(),
                        per_hex: p.rules.air_per_hex,
                    },
                ));
            }
        }
        None
    }

    pub(crate) fn plan_choose_air(
        &self,
        side: Side,
        ids: &[AirId],
    ) -> Result<(usize, Vec<usize>), RuleError> {
        let Some(i) = self.choice_due(side) else {
            return refuse("A-59", "no air counters are to be chosen now");
        };
        let a = &self.state.prepared.allotments[i];
        let n = usize::from(a.choose.unwrap_or(0));
        let mut picked = Vec::new();
        for id in ids {
            let Some(c) = a
                .counters
                .iter()
                .copied()
                .find(|&c| self.state.prepared.air[c].id == *id)
            else {
                return refuse("A-59", format!("{id} is not in the allotment"));
            };
            if picked.contains(&c) {
                return refuse("A-59", format!("{id} is chosen twice"));
            }
            picked.push(c);
        }
        if picked.len() != n {
            return refuse("A-59", format!("choose {n} counters, not {}", picked.len()));
        }
        Ok((i, picked))
    }

    pub(crate) fn execute_choose_air(&mut self, side: Side, allotment: usize, picked: Vec<usize>) {
        let counters = picked
            .iter()
            .map(|&c| self.state.prepared.air[c].id.clone())
            .collect();
        self.emit(Event::AirChosen {
            side: self.side_id(side).clone(),
            allotment,
            counters,
        });
    }

    fn air_ix(&self, id: &AirId) -> Option<usize> {
        self.state.prepared.air.iter().position(|a| a.id == *id)
    }

    /// Checks a side's missions for this Air phase (R8.1.5-8.1.6, R8.2, R21.1.2).
    pub(crate) fn plan_air_missions(
        &self,
        side: Side,
        missions: &[AirMission],
    ) -> Result<Vec<AirMission>, RuleError> {
        let p = &self.state.prepared;
        let free = self.air_available(side);
        let mut used: Vec<usize> = Vec::new();
        let mut per_hex: Vec<(Hx, usize)> = Vec::new();
        let enemy_soviet = p.sides[side.other().index()].soviet;
        for m in missions {
            if m.counters.is_empty() {
                return refuse("R8.2.1", "a mission needs at least one counter");
            }
            let mut sp = 0u32;
            let mut cs = Vec::new();
            for id in &m.counters {
                let Some(c) = self.air_ix(id).filter(|c| free.contains(c)) else {
                    return refuse(
                        "R8.1.5",
                        format!("{id} is not free to fly for this side this turn"),
                    );
                };
                if used.contains(&c) {
                    return refuse("R8.1.5", format!("{id} flies one mission per turn"));
                }
                used.push(c);
                cs.push(c);
                sp += u32::from(p.air[c].sp);
            }
            let hex = self.resolve_hexes(std::slice::from_ref(&m.hex))?[0];
            let spread =
                self.resolve_hexes(&m.spread.iter().map(|(h, _)| *h).collect::<Vec<_>>())?;
            let mut hexes = vec![hex];
            for &h in &spread {
                if !hexes.contains(&h) {
                    hexes.push(h);
                }
            }
            for &h in &hexes {
                match per_hex.iter_mut().find(|(x, _)| *x == h) {
                    Some(e) => e.1 += cs.len(),
                    None => per_hex.push((h, cs.len())),
                }
            }
            match &m.kind {
                MissionKind::DefensiveSupport if cs.iter().any(|&c| p.air[c].soviet) => {
                    return refuse("R8.2.5", "Soviet air flies no defensive support");
                }
                MissionKind::Bridge(side_id) => {
                    let Some(b) = self.board().bridge_at(*side_id) else {
                        return refuse("R8.2.8", format!("there is no bridge at {side_id}"));
                    };
                    let (x, y) = self.board().bridges[b].ends;
                    if hex != x && hex != y {
                        return refuse(
                            "R8.2.8",
                            format!("the mission hex must be one end of the bridge {side_id}"),
                        );
                    }
                    if sp < BRIDGE_MIN_SP {
                        return refuse(
                            "R8.2.10",
                            format!("an attack on a bridge needs {BRIDGE_MIN_SP} SP, not {sp}"),
                        );
                    }
                }
                MissionKind::MovementDisorganization => {
                    if !enemy_soviet {
                        return refuse(
                            "R8.2.11",
                            "movement disorganization is flown against Soviet units only",
                        );
                    }
                    if sp < HEAVY_MIN_SP {
                        return refuse(
                            "R8.2.11",
                            format!("the mission needs {HEAVY_MIN_SP} SP, not {sp}"),
                        );
                    }
                }
                MissionKind::Supply => {
                    if cs.iter().any(|&c| !p.air[c].supply) {
                        return refuse(
                            "R8.2.22",
                            "only American and British air flies supply missions",
                        );
                    }
                    if sp < HEAVY_MIN_SP {
                        return refuse(
                            "R8.2.22",
                            format!("a supply mission needs {HEAVY_MIN_SP} SP, not {sp}"),
                        );
                    }
                }
                MissionKind::RiverCrossing => {
                    let total: u32 = m.spread.iter().map(|&(_, n)| u32::from(n)).sum();
                    if total > 2 * sp {
                        return refuse(
                            "R8.2.17",
                            format!("the mission gives {} attacks, not {total}", 2 * sp),
                        );
                    }
                    if !connected(self, &hexes) {
                        return refuse(
                            "R8.2.17",
                            "river-crossing attacks go to one hex or a connected group",
                        );
                    }
                }
                _ => {}
            }
            if !spread.is_empty() && m.kind != MissionKind::RiverCrossing {
                return refuse(
                    "R8.2.17",
                    "only river-crossing attacks are spread over hexes",
                );
            }
        }
        if let Some(limit) = p.rules.air_per_hex
            && let Some((h, n)) = per_hex.iter().find(|(_, n)| *n > usize::from(limit))
        {
            return refuse(
                "R21.1.2",
                format!(
                    "{n} counters fly to {}; at most {limit} per hex",
                    self.hex_id(*h)
                ),
            );
        }
        Ok(missions.to_vec())
    }

    /// Seals a side's orders: kept by the game, not in the state or the events, until
    /// both sides have placed theirs (R8.1.7).
    pub(crate) fn execute_air_missions(&mut self, side: Side, missions: Vec<AirMission>) {
        self.sealed[side.index()] = Some(missions);
        self.emit(Event::AirOrdersSealed {
            side: self.side_id(side).clone(),
        });
    }

    /// The automatic work of an Air phase once no side must decide: reveal, air combat,
    /// bridge attacks and supply drops, then one air attack at a time. `false` when
    /// the phase has nothing left to do.
    pub(crate) fn air_auto_step(&mut self) -> bool {
        if !self.state.air.revealed {
            let any = self.sealed.iter().any(|s| s.is_some());
            if !any {
                return false;
            }
            self.reveal_air();
            return true;
        }
        let next = self
            .state
            .air
            .missions
            .iter()
            .position(|m| !m.done && m.kind == MissionKind::AirAttack);
        match next {
            Some(i) => {
                self.air_attack(i);
                true
            }
            None => false,
        }
    }

    fn reveal_air(&mut self) {
        let p = self.state.prepared.clone();
        let mut all: Vec<(sztab_core::model::SideId, AirMission)> = Vec::new();
        for side in Side::BOTH {
            let Some(ms) = self.sealed[side.index()].take() else {
                continue;
            };
            for m in ms {
                // a mission mixing bombers and ground-attack counters is split.
                if m.kind == MissionKind::AirAttack {
                    for kind in [AirKind::GroundAttack, AirKind::Bomber] {
                        let part: Vec<AirId> = m
                            .counters
                            .iter()
                            .filter(|id| self.air_ix(id).is_some_and(|c| p.air[c].kind == kind))
                            .cloned()
                            .collect();
                        if !part.is_empty() {
                            all.push((
                                self.side_id(side).clone(),
                                AirMission {
                                    counters: part,
                                    ..m.clone()
                                },
                            ));
                        }
                    }
                } else {
                    all.push((self.side_id(side).clone(), m));
                }
            }
        }
        self.emit(Event::AirMissionsRevealed { missions: all });
        self.air_combats();
        let n = self.state.air.missions.len();
        for i in 0..n {
            let m = self.state.air.missions[i].clone();
            if m.done {
                continue;
            }
            match m.kind {
                MissionKind::Bridge(side) => self.air_on_bridge(&m, side),
                MissionKind::Supply => self.air_supply(&m),
                _ => {}
            }
        }
    }

    /// R8.1.8: each cluster of same or adjacent mission hexes where both sides fly is
    /// an air combat: SP + 1K6 per side, ties rerolled; the loser's counters there are
    /// gone for the turn.
    fn air_combats(&mut self) {
        let ms: Vec<Mission> = self.state.air.missions.clone();
        let n = ms.len();
        let mut cluster: Vec<usize> = (0..n).collect();
        let b = self.board();
        let near = |a: &Mission, c: &Mission| {
            a.hexes()
                .iter()
                .any(|&x| c.hexes().iter().any(|&y| x == y || b.adjacent(x, y)))
        };
        // Union of touching missions (small n: repeated relabelling).
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..n {
                for j in 0..n {
                    if cluster[i] < cluster[j] && near(&ms[i], &ms[j]) {
                        cluster[j] = cluster[i];
                        changed = true;
                    }
                }
            }
        }
        let labels: BTreeSet<usize> = cluster.iter().copied().collect();
        let air = self.state.prepared.air.clone();
        for l in labels {
            let members: Vec<usize> = (0..n).filter(|&i| cluster[i] == l).collect();
            let sp = Side::BOTH.map(|s| {
                members
                    .iter()
                    .filter(|&&i| ms[i].side == s)
                    .flat_map(|&i| ms[i].counters.iter())
                    .map(|&c| u32::from(air[c].sp))
                    .sum::<u32>()
            });
            let flies = Side::BOTH.map(|s| members.iter().any(|&i| ms[i].side == s));
            if !(flies[0] && flies[1]) {
                continue;
            }
            let mut rolls = Vec::new();
            let loser = loop {
                let r = [self.dice.d6(), self.dice.d6()];
                rolls.push(r);
                let t = [sp[0] + u32::from(r[0]), sp[1] + u32::from(r[1])];
                if t[0] != t[1] {
                    break if t[0] < t[1] { Side::A } else { Side::B };
                }
            };
            let mut hexes: Vec<Hx> = members.iter().flat_map(|&i| ms[i].hexes()).collect();
            hexes.sort_unstable();
            hexes.dedup();
            let lost: Vec<AirId> = members
                .iter()
                .filter(|&&i| ms[i].side == loser)
                .flat_map(|&i| ms[i].counters.iter())
                .map(|&c| air[c].id.clone())
                .collect();
            self.emit(Event::AirCombat {
                hexes: self.hex_ids(&hexes),
                sp,
                rolls,
                loser: self.side_id(loser).clone(),
                lost,
            });
        }
    }

    fn air_on_bridge(&mut self, m: &Mission, bridge: sztab_core::hex::Hexside) {
        let Some(b) = self.board().bridge_at(bridge) else {
            return;
        };
        let sp: i32 = m
            .counters
            .iter()
            .map(|&c| i32::from(self.state.prepared.air[c].sp))
            .sum();
        let plan = FirePlan {
            side: m.side,
            kind: StrikeKind::AirOnBridge,
            artillery: Vec::new(),
            air: m.counters.clone(),
            target: m.hex,
            bridge: Some(b),
            full_strength: Vec::new(),
        };
        self.declare_strike(&plan, FireTable::Objects, sp, 0);
    }

    /// R8.2.23-8.2.25: 1K6 per counter, a 6 fails; each success lowers the OoS level of
    /// every unit of the side in the hex by 1.
    fn air_supply(&mut self, m: &Mission) {
        let rolls: Vec<u8> = m.counters.iter().map(|_| self.dice.d6()).collect();
        let ok = rolls.iter().filter(|&&r| r != 6).count() as u8;
        let counters = m
            .counters
            .iter()
            .map(|&c| self.state.prepared.air[c].id.clone())
            .collect();
        self.emit(Event::AirSupplyDropped {
            hex: self.hex_id(m.hex),
            counters,
            rolls,
        });
        for u in self.units_at(m.hex).to_vec() {
            let st = self.state.unit(u);
            if self.info(u).side == m.side && st.oos > 0 {
                self.emit(Event::OosChanged {
                    unit: self.unit_id(u).clone(),
                    level: st.oos.saturating_sub(ok),
                    reason: OosReason::AirSupply,
                });
            }
        }
    }

    /// R8.2.6-8.2.7, R21.1.1: an air attack on its table, SP less twice the hex's
    /// terrain CMs, one row down per white-star counter against armor.
    fn air_attack(&mut self, i: usize) {
        let m = self.state.air.missions[i].clone();
        let p = self.state.prepared.clone();
        let sp: i32 = m.counters.iter().map(|&c| i32::from(p.air[c].sp)).sum();
        let terrain = i32::from(self.board().terrain_cm[m.hex]);
        let enemy: Vec<Unit> = self
            .units_at(m.hex)
            .iter()
            .copied()
            .filter(|&u| self.info(u).side != m.side)
            .collect();
        let armor = enemy.iter().any(|&u| self.info(u).is_armor_target());
        let white = if armor {
            m.counters.iter().filter(|&&c| p.air[c].white_star).count() as u8
        } else {
            0
        };
        let table = match m.counters.first().map(|&c| p.air[c].kind) {
            Some(AirKind::Bomber) => FireTable::Bomber,
            _ => FireTable::Air,
        };
        let plan = FirePlan {
            side: m.side,
            kind: StrikeKind::Air,
            artillery: Vec::new(),
            air: m.counters.clone(),
            target: m.hex,
            bridge: None,
            full_strength: Vec::new(),
        };
        if enemy.is_empty() {
            // Nothing to hit: the mission is flown for nothing.
            let id = self.state.strikes + 1;
            self.emit(Event::StrikeDeclared {
                id,
                side: self.side_id(m.side).clone(),
                kind: StrikeKind::Air,
                target: self.hex_id(m.hex),
                artillery: Vec::new(),
                air: m.counters.iter().map(|&c| p.air[c].id.clone()).collect(),
                bridge: None,
                targets: Vec::new(),
            });
            return;
        }
        self.declare_strike(&plan, table, sp - 2 * terrain, white);
    }

    /// Missions of `side` of `kind` not yet flown on any of `hexes`.
    pub fn air_missions_on(&self, side: Side, kind: &MissionKind, hexes: &[Hx]) -> Vec<usize> {
        let mut out = Vec::new();
        for m in &self.state.air.missions {
            if m.side == side && !m.done && m.kind == *kind && hexes.contains(&m.hex) {
                out.extend(m.counters.iter().copied());
            }
        }
        out
    }

    fn support_air(
        &self,
        side: Side,
        ids: &[AirId],
        hexes: &[Hx],
        kind: MissionKind,
        rule: &'static str,
    ) -> Result<Vec<usize>, RuleError> {
        let ok = self.air_missions_on(side, &kind, hexes);
        let mut out = Vec::new();
        for id in ids {
            match self.air_ix(id).filter(|c| ok.contains(c)) {
                Some(c) if !out.contains(&c) => out.push(c),
                _ => {
                    return refuse(
                        rule,
                        format!("{id} flies no {kind:?} mission on the combat's hexes"),
                    );
                }
            }
        }
        Ok(out)
    }

    /// Counters of offensive support missions on one of `hexes` (R8.2.2-8.2.3).
    pub(crate) fn offensive_air(
        &self,
        side: Side,
        ids: &[AirId],
        hexes: &[Hx],
    ) -> Result<Vec<usize>, RuleError> {
        self.support_air(side, ids, hexes, MissionKind::OffensiveSupport, "R8.2.2")
    }

    /// Counters of defensive support missions on one of `hexes` (R8.2.4).
    pub(crate) fn defensive_air(
        &self,
        side: Side,
        ids: &[AirId],
        hexes: &[Hx],
    ) -> Result<Vec<usize>, RuleError> {
        self.support_air(side, ids, hexes, MissionKind::DefensiveSupport, "R8.2.4")
    }

    /// Is any enemy movement-disorganization mission up that could slow a unit of
    /// `side` (R8.2.12-8.2.15: they fly against Soviet units)?
    pub(crate) fn air_disruption_possible(&self, side: Side) -> bool {
        self.state.prepared.sides[side.index()].soviet
            && self.state.air.missions.iter().any(|m| {
                m.side != side && !m.done && m.kind == MissionKind::MovementDisorganization
            })
    }

    /// Enemy movement-disorganization missions covering `h` for a unit of `side`
    /// (R8.2.12-8.2.15): each costs +1 MP to enter and -1 MP to start there.
    pub fn air_disruption(&self, side: Side, h: Hx) -> i32 {
        if !self.state.prepared.sides[side.index()].soviet {
            return 0;
        }
        let b = self.board();
        self.state
            .air
            .missions
            .iter()
            .filter(|m| {
                m.side != side
                    && !m.done
                    && m.kind == MissionKind::MovementDisorganization
                    && (m.hex == h || b.adjacent(m.hex, h))
            })
            .count() as i32
    }

    /// River-crossing attacks waiting on `h` for units of `side` (R8.2.16-8.2.18).
    pub fn river_attacks_on(&self, side: Side, h: Hx) -> u32 {
        let p = &self.state.prepared;
        self.state
            .air
            .missions
            .iter()
            .filter(|m| m.side != side && !m.done && m.kind == MissionKind::RiverCrossing)
            .map(|m| {
                let sp: u32 = m.counters.iter().map(|&c| u32::from(p.air[c].sp)).sum();
                if m.spread.is_empty() {
                    if m.hex == h { 2 * sp } else { 0 }
                } else {
                    m.spread
                        .iter()
                        .filter(|(x, _)| *x == h)
                        .map(|&(_, n)| u32::from(n))
                        .sum()
                }
            })
            .sum()
    }

    /// R8.2.19-8.2.20: a unit that crossed a big river off a bridge into a hex under
    /// river-crossing attacks rolls 1K6 per attack and loses a CEL on each 6.
    pub(crate) fn river_crossing_fire(&mut self, u: Unit, from: Option<Hx>, path: &[Hx]) {
        let side = self.info(u).side;
        let mut prev = from;
        for &h in path {
            let Some(x) = prev else {
                prev = Some(h);
                continue;
            };
            prev = Some(h);
            let b = self.board();
            let Some(d) = b.dir_to(x, h) else {
                continue;
            };
            if !b.edge(x, d).big_river || b.bridged(x, d, &self.state.bridge_up) {
                continue;
            }
            let n = self.river_attacks_on(side, h);
            if n == 0 || self.state.unit(u).hex().is_none() {
                continue;
            }
            let rolls: Vec<u8> = (0..n).map(|_| self.dice.d6()).collect();
            let hits = rolls.iter().filter(|&&r| r == 6).count() as u8;
            self.emit(Event::RiverCrossingAttack {
                unit: self.unit_id(u).clone(),
                hex: self.hex_id(h),
                rolls,
            });
            let cel = hits.min(self.state.unit(u).cel);
            if cel > 0 {
                self.take_losses(&[(u, cel)], LossCause::RiverCrossing);
            }
        }
    }

    /// the missions of a half-turn expire at the end of its Supply phase.
    pub(crate) fn expire_air(&mut self) {
        if !self.state.air.missions.is_empty() {
            self.emit(Event::AirMissionsExpired);
        }
    }
}

/// Are these hexes one connected group?
fn connected(game: &Game, hexes: &[Hx]) -> bool {
    let Some(&first) = hexes.first() else {
        return true;
    };
    let mut seen = vec![first];
    let mut stack = vec![first];
    while let Some(h) = stack.pop() {
        for &x in hexes {
            if !seen.contains(&x) && game.board().adjacent(h, x) {
                seen.push(x);
                stack.push(x);
            }
        }
    }
    seen.len() == hexes.len()
}
