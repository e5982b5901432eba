//! The state of a game, and the only function that changes it: `GameState::apply`.

use std::sync::Arc;

use super::board::Hx;
use super::crt::{Column, CrtCell};
use super::event::GameResult;
use super::event::{CombatStep, Event, Motion, VpReason};
use super::phase::{Clock, Phase};
use super::prepared::Prepared;
use super::roster::Unit;
use super::side::Side;
use crate::model::{ArtillerySetup, Mp};

/// Where a unit is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Loc {
    /// A reinforcement whose day has not come.
    Scheduled,
    /// Waiting off the map at entry zones (R11).
    OffMap,
    OnMap(Hx),
    Eliminated,
    Withdrawn,
}

/// An off-map unit's entry options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Waiting {
    /// Zones it may enter through with full MP.
    pub zones: Vec<usize>,
    /// First phase tick it may enter in.
    pub ready_tick: u32,
    /// The reinforcement group it came with.
    pub group: Option<usize>,
}

#[derive(Clone, Debug)]
pub struct UnitState {
    pub loc: Loc,
    pub cel: u8,
    /// Tick it was (last) disorganized at (R5.6.5-5.6.6).
    pub disorganized_since: Option<u32>,
    /// Tick of its last activity.
    pub last_active: Option<u32>,
    /// Towed units' setup (R6.2.2).
    pub setup: Option<ArtillerySetup>,
    /// Carries a Strategic Movement marker (R12.1.4).
    pub strategic: bool,
    /// Tick of the phase it last moved in by its own MPs.
    pub moved_tick: Option<u32>,
    /// MPs spent in the phase of the tick (setup changes and moves).
    pub spent: (u32, Mp),
    /// Tick of the Combat phase it last fought in (R5.1.1).
    pub fought_tick: Option<u32>,
    pub waiting: Waiting,
}

impl UnitState {
    pub fn hex(&self) -> Option<Hx> {
        match self.loc {
            Loc::OnMap(h) => Some(h),
            _ => None,
        }
    }
    pub fn is_disorganized(&self) -> bool {
        self.disorganized_since.is_some()
    }
}

/// An HQ-loss CM pool (R9.1.6-9.1.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HqPool {
    pub owner: Side,
    pub hex: Hx,
    pub cms: u8,
    pub first_tick: u32,
    pub last_tick: u32,
}

/// A CRT result being applied.
#[derive(Clone, Debug)]
pub struct Resolution {
    pub column: Column,
    pub roll: u8,
    pub modified: u8,
    pub cell: CrtCell,
    pub star_units: [Vec<Unit>; 2],
    pub fu_units: Vec<Unit>,
    pub fp_reduction: u8,
}

/// A combat in progress (R5.2).
#[derive(Clone, Debug)]
pub struct CombatState {
    pub id: u32,
    pub attacker: Side,
    pub attackers: Vec<Unit>,
    pub defenders: Vec<Unit>,
    /// Each participant's hex when the combat was declared (R5.3.2).
    pub origin: Vec<(Unit, Hx)>,
    pub defender_hexes: Vec<Hx>,
    pub attacker_stars: Vec<Unit>,
    pub attacker_pool: u8,
    pub defense: Option<(Vec<Unit>, Vec<Unit>, u8)>,
    pub resolution: Option<Resolution>,
    pub done: Vec<CombatStep>,
    /// Retreats made: unit, origin and hexes entered (R5.4.2-5.4.6).
    pub retreats: Vec<(Unit, Hx, Vec<Hx>)>,
}

impl CombatState {
    pub fn is_done(&self, step: CombatStep) -> bool {
        self.done.contains(&step)
    }
    pub fn side_units(&self, side: Side) -> &[Unit] {
        if side == self.attacker {
            &self.attackers
        } else {
            &self.defenders
        }
    }
    pub fn origin_of(&self, u: Unit) -> Option<Hx> {
        self.origin.iter().find(|(x, _)| *x == u).map(|&(_, h)| h)
    }
}

/// Everything that changes during a game.
#[derive(Clone, Debug)]
pub struct GameState {
    pub prepared: Arc<Prepared>,
    pub clock: Clock,
    pub units: Vec<UnitState>,
    /// Units on each hex, in arrival order.
    pub hex_units: Vec<Vec<Unit>>,
    /// Field fortifications and their side (R7.1.1).
    pub ff: Vec<Option<Side>>,
    pub control: Vec<Option<Side>>,
    /// Stacks entered through each hex this phase (R11.1.5).
    pub entry_stacks: Vec<(Hx, u8)>,
    pub obliged: Vec<Unit>,
    pub must_attack: Vec<Unit>,
    pub combat: Option<CombatState>,
    pub combats_fought: u32,
    pub pools: Vec<HqPool>,
    /// The scorer's victory points.
    pub vp: i32,
    pub rivers_crossed: Vec<usize>,
    pub reserves_called: Vec<usize>,
    /// Automatic-victory conditions armed, with the tick they were armed at.
    pub armed: Vec<(usize, u32)>,
    /// Withdrawals waiting for their side's choice: index and CELs missing.
    pub withdrawal_short: Vec<(usize, u8)>,
    pub result: Option<GameResult>,
}

impl GameState {
    /// The position before turn 1 begins.
    pub fn new(p: Arc<Prepared>) -> GameState {
        let n = p.roster.len();
        let mut units: Vec<UnitState> = p
            .roster
            .units
            .iter()
            .map(|info| UnitState {
                loc: Loc::Scheduled,
                cel: info.max_cel(),
                disorganized_since: None,
                last_active: None,
                setup: info.is_towed().then_some(ArtillerySetup::Transport),
                strategic: false,
                moved_tick: None,
                spent: (0, Mp::ZERO),
                fought_tick: None,
                waiting: Waiting::default(),
            })
            .collect();
        let mut hex_units = vec![Vec::new(); p.board.len()];
        let mut ff = vec![None; p.board.len()];
        for s in &p.setup {
            let u = &mut units[s.unit.ix()];
            u.loc = Loc::OnMap(s.hex);
            u.cel = s.cel;
            u.setup = s.setup;
            hex_units[s.hex].push(s.unit);
            let side = p.roster.info(s.unit).side;
            if s.fortified && !p.board.no_ff[s.hex] && !p.board.fp_hex[s.hex] {
                ff[s.hex] = Some(side);
            }
        }
        debug_assert_eq!(units.len(), n);
        GameState {
            clock: Clock {
                turn: 0,
                phase: Phase::SupplyB,
            },
            units,
            hex_units,
            ff,
            control: p.initial_control.clone(),
            entry_stacks: Vec::new(),
            obliged: Vec::new(),
            must_attack: Vec::new(),
            combat: None,
            combats_fought: 0,
            pools: Vec::new(),
            vp: 0,
            rivers_crossed: Vec::new(),
            reserves_called: Vec::new(),
            armed: Vec::new(),
            withdrawal_short: Vec::new(),
            result: None,
            prepared: p,
        }
    }

    pub fn tick(&self) -> u32 {
        self.clock.tick()
    }

    pub fn unit(&self, u: Unit) -> &UnitState {
        &self.units[u.ix()]
    }

    fn ix(&self, id: &crate::model::UnitId) -> Option<Unit> {
        self.prepared.roster.get(id.as_str())
    }

    fn hx(&self, id: crate::hex::HexId) -> Option<Hx> {
        self.prepared.board.index(id)
    }

    fn units_of(&self, ids: &[crate::model::UnitId]) -> Vec<Unit> {
        ids.iter().filter_map(|i| self.ix(i)).collect()
    }

    fn lift(&mut self, u: Unit) {
        if let Some(h) = self.units[u.ix()].hex() {
            self.hex_units[h].retain(|&x| x != u);
        }
    }

    fn place(&mut self, u: Unit, h: Hx) {
        self.lift(u);
        self.units[u.ix()].loc = Loc::OnMap(h);
        self.hex_units[h].push(u);
    }

    fn active(&mut self, u: Unit) {
        let t = self.tick();
        self.units[u.ix()].last_active = Some(t);
    }

    fn spend(&mut self, u: Unit, mp: Mp) {
        let t = self.tick();
        let s = &mut self.units[u.ix()].spent;
        *s = if s.0 == t { (t, s.1 + mp) } else { (t, mp) };
    }

    /// Applies one event. Events name units and hexes by their ids; an id this game does
    /// not know is ignored (it cannot come from this game's engine).
    pub fn apply(&mut self, e: &Event) {
        let t = self.tick();
        match e {
            Event::TurnBegan { turn, .. } => {
                self.clock = Clock {
                    turn: *turn,
                    phase: Phase::AirFirst,
                };
            }
            Event::PhaseBegan { phase } => {
                self.clock.phase = *phase;
                self.entry_stacks.clear();
                self.obliged.clear();
                self.must_attack.clear();
            }
            Event::Arrived {
                group,
                units,
                zones,
                ..
            } => {
                let zs: Vec<usize> = zones
                    .iter()
                    .filter_map(|z| self.prepared.zones.iter().position(|x| x.name == *z))
                    .collect();
                for u in self.units_of(units) {
                    let s = &mut self.units[u.ix()];
                    s.loc = Loc::OffMap;
                    s.waiting = Waiting {
                        zones: zs.clone(),
                        ready_tick: t,
                        group: Some(*group),
                    };
                }
            }
            Event::WithdrawalShort {
                withdrawal, cel, ..
            } => {
                self.withdrawal_short.push((*withdrawal, *cel));
            }
            Event::WithdrawalDone { withdrawal } => {
                self.withdrawal_short.retain(|(w, _)| w != withdrawal)
            }
            Event::Withdrawn { unit } => {
                if let Some(u) = self.ix(unit) {
                    self.lift(u);
                    self.units[u.ix()].loc = Loc::Withdrawn;
                }
            }
            Event::ObligationsFixed {
                obliged,
                must_attack,
            } => {
                self.obliged = self.units_of(obliged);
                self.must_attack = self.units_of(must_attack);
            }
            Event::Moved {
                unit,
                path,
                cost,
                how,
                ..
            } => self.apply_move(unit, path, *cost, *how),
            Event::EntryStack { hex } => {
                if let Some(h) = self.hx(*hex) {
                    match self.entry_stacks.iter_mut().find(|(x, _)| *x == h) {
                        Some(e) => e.1 += 1,
                        None => self.entry_stacks.push((h, 1)),
                    }
                }
            }
            Event::SetupChanged { unit, setup } => {
                if let Some(u) = self.ix(unit) {
                    self.units[u.ix()].setup = Some(*setup);
                    self.spend(u, Mp::whole(1));
                    self.active(u);
                }
            }
            Event::StrategicMarked { unit } | Event::StrategicCleared { unit } => {
                if let Some(u) = self.ix(unit) {
                    self.units[u.ix()].strategic = matches!(e, Event::StrategicMarked { .. });
                }
            }
            Event::ZoneShifted {
                unit,
                zone,
                ready_turn,
            } => {
                let z = self.prepared.zones.iter().position(|x| x.name == *zone);
                if let Some(u) = self.ix(unit) {
                    let ready = Clock {
                        turn: *ready_turn,
                        phase: Phase::AirFirst,
                    }
                    .tick();
                    let w = &mut self.units[u.ix()].waiting;
                    w.zones = z.into_iter().collect();
                    w.ready_tick = ready;
                    self.units[u.ix()].moved_tick = Some(t);
                }
            }
            Event::LeftMap { unit, zone } => {
                let z = self.prepared.zones.iter().position(|x| x.name == *zone);
                if let Some(u) = self.ix(unit) {
                    self.lift(u);
                    let s = &mut self.units[u.ix()];
                    s.loc = Loc::OffMap;
                    s.strategic = false;
                    // R11.2.3: it may come back from the next Movement phase on.
                    s.waiting = Waiting {
                        zones: z.into_iter().collect(),
                        ready_tick: t - t % 12 + 12,
                        group: None,
                    };
                    s.moved_tick = Some(t);
                }
            }
            Event::CelLost { unit, cel, .. } => {
                if let Some(u) = self.ix(unit) {
                    let s = &mut self.units[u.ix()];
                    s.cel = s.cel.saturating_sub(*cel);
                }
            }
            Event::Eliminated { unit, .. } => {
                if let Some(u) = self.ix(unit) {
                    self.lift(u);
                    let s = &mut self.units[u.ix()];
                    s.loc = Loc::Eliminated;
                    s.cel = 0;
                }
            }
            Event::FfRemoved { hex } => {
                if let Some(h) = self.hx(*hex) {
                    self.ff[h] = None;
                }
            }
            Event::CombatDeclared {
                id,
                attackers,
                hexes,
                defenders,
                stars,
                hq_pool_cms,
            } => self.apply_declaration(*id, attackers, hexes, defenders, stars, *hq_pool_cms),
            Event::DefenseDeclared {
                stars,
                fortification_units,
                hq_pool_cms,
            } => {
                let (s, f) = (self.units_of(stars), self.units_of(fortification_units));
                if let Some(c) = &mut self.combat {
                    c.defense = Some((s, f, *hq_pool_cms));
                }
            }
            Event::CombatResolved {
                column,
                roll,
                modified,
                cell,
                star_units,
                fortification_units,
                fp_reduction,
            } => {
                let r = Resolution {
                    column: *column,
                    roll: *roll,
                    modified: *modified,
                    cell: *cell,
                    star_units: [self.units_of(&star_units[0]), self.units_of(&star_units[1])],
                    fu_units: self.units_of(fortification_units),
                    fp_reduction: *fp_reduction,
                };
                if let Some(c) = &mut self.combat {
                    c.resolution = Some(r);
                }
            }
            Event::CombatStepDone { step } => {
                if let Some(c) = &mut self.combat {
                    c.done.push(*step);
                }
            }
            Event::DisorganizationTest { .. } => {}
            Event::Disorganized { unit } => {
                if let Some(u) = self.ix(unit) {
                    self.units[u.ix()].disorganized_since = Some(t);
                }
            }
            Event::Reorganized { unit } => {
                if let Some(u) = self.ix(unit) {
                    self.units[u.ix()].disorganized_since = None;
                }
            }
            Event::CombatEnded { .. } => {
                self.combat = None;
                self.combats_fought += 1;
            }
            Event::HqPoolGained {
                owner,
                hex,
                cms,
                first_tick,
                last_tick,
            } => {
                if let (Some(o), Some(h)) =
                    (self.prepared.side_by_id(owner.as_str()), self.hx(*hex))
                {
                    self.pools.push(HqPool {
                        owner: o,
                        hex: h,
                        cms: *cms,
                        first_tick: *first_tick,
                        last_tick: *last_tick,
                    });
                }
            }
            Event::HqPoolSpent { owner, cms, hexes } => {
                let o = self.prepared.side_by_id(owner.as_str());
                let hs: Vec<Hx> = hexes.iter().filter_map(|h| self.hx(*h)).collect();
                let board = &self.prepared.board;
                let mut left = *cms;
                for p in self.pools.iter_mut() {
                    let usable = Some(p.owner) == o
                        && p.first_tick <= t
                        && t <= p.last_tick
                        && hs
                            .iter()
                            .any(|&h| board.distance(h, p.hex) <= super::hq_pool::HQ_POOL_RANGE);
                    if usable {
                        let take = left.min(p.cms);
                        p.cms -= take;
                        left -= take;
                    }
                }
            }
            Event::HqPoolExpired { owner } => {
                let o = self.prepared.side_by_id(owner.as_str());
                self.pools
                    .retain(|p| !(Some(p.owner) == o && p.last_tick <= t));
            }
            Event::ControlChanged { side, hexes } => {
                let s = self.prepared.side_by_id(side.as_str());
                let hs: Vec<Hx> = hexes.iter().filter_map(|h| self.hx(*h)).collect();
                for h in hs {
                    self.control[h] = s;
                }
            }
            Event::VpScored { vp, reason } => {
                self.vp += vp;
                match reason {
                    VpReason::CrossRiver { award, .. } => self.rivers_crossed.push(*award),
                    VpReason::ReserveEntered { group, .. } => self.reserves_called.push(*group),
                    _ => {}
                }
            }
            Event::AutoVictoryArmed { condition } => self.armed.push((*condition, t)),
            Event::AutoVictoryDisarmed { condition } => self.armed.retain(|(c, _)| c != condition),
            Event::GameEnded { result } => self.result = Some(result.clone()),
        }
    }

    fn apply_move(
        &mut self,
        unit: &crate::model::UnitId,
        path: &[crate::hex::HexId],
        cost: Mp,
        how: Motion,
    ) {
        let (Some(u), Some(&last)) = (self.ix(unit), path.last()) else {
            return;
        };
        let Some(end) = self.hx(last) else {
            return;
        };
        let t = self.tick();
        let from = self.units[u.ix()].hex();
        let hexes: Vec<Hx> = path.iter().filter_map(|h| self.hx(*h)).collect();
        self.place(u, end);
        self.active(u);
        match how {
            Motion::Move | Motion::Strategic | Motion::Entry => {
                self.units[u.ix()].moved_tick = Some(t);
                self.spend(u, cost);
            }
            Motion::Retreat => {
                if let (Some(c), Some(f)) = (&mut self.combat, from) {
                    c.retreats.push((u, f, hexes));
                }
            }
            Motion::Pursuit | Motion::Advance => {}
        }
    }

    fn apply_declaration(
        &mut self,
        id: u32,
        attackers: &[crate::model::UnitId],
        hexes: &[crate::hex::HexId],
        defenders: &[crate::model::UnitId],
        stars: &[crate::model::UnitId],
        pool: u8,
    ) {
        let t = self.tick();
        let att = self.units_of(attackers);
        let def = self.units_of(defenders);
        let origin = att
            .iter()
            .chain(&def)
            .filter_map(|&u| self.units[u.ix()].hex().map(|h| (u, h)))
            .collect();
        for &u in att.iter().chain(&def) {
            self.units[u.ix()].fought_tick = Some(t);
            self.active(u);
        }
        let attacker = att
            .first()
            .map(|&u| self.prepared.roster.info(u).side)
            .unwrap_or(Side::A);
        self.combat = Some(CombatState {
            id,
            attacker,
            attackers: att,
            defenders: def,
            origin,
            defender_hexes: hexes.iter().filter_map(|h| self.hx(*h)).collect(),
            attacker_stars: self.units_of(stars),
            attacker_pool: pool,
            defense: None,
            resolution: None,
            done: Vec::new(),
            retreats: Vec::new(),
        });
    }
}
