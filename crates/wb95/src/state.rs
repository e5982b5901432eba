//! The state of a game, and the only function that changes it: `GameState::apply`.

use std::sync::Arc;

use super::action::MissionKind;
use super::board::Hx;
use super::crt::{Column, CrtCell};
use super::event::GameResult;
use super::event::{CombatStep, Event, LossCause, Motion, MpUse, OosReason, StrikeKind, VpReason};
use super::phase::{Clock, Phase};
use super::prepared::Prepared;
use super::roster::Unit;
use super::side::Side;
use super::tables::FireResult;
use sztab_core::model::{ArtillerySetup, Mp};

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
    /// Out-of-supply level; 0 in supply (R10.2).
    pub oos: u8,
    /// Traced a line of supply in its side's last Supply phase (R10.1).
    pub supplied: bool,
    /// Tick of the Combat phase its artillery last fired in: support or at range
    /// (R6.1.4).
    pub fired_tick: Option<u32>,
    /// Tick of the Combat phase it was last hit by a ranged attack in (R6.4.5).
    pub shelled_tick: Option<u32>,
    /// Tick of the Barrage phase it last fired in (R6.5.5-6.5.6).
    pub barrage_tick: Option<u32>,
    /// Tick of the Combat phase it last retreated in (R5.3.10).
    pub retreated_tick: Option<u32>,
    /// Tick of the phase it chose full MPs in while out of supply (R10.2.3).
    pub full_mp_tick: Option<u32>,
    /// Turn it crossed or entered a Fortified Line or attacked across one.
    pub fl_turn: Option<u32>,
    /// Turn it last attacked (mines and Panther options, A-60, A-61).
    pub attacked_turn: Option<u32>,
    /// Carries a masking marker (R16.1.2).
    pub masked: bool,
    /// Turn it last gained a CEL from Volkssturm (R15.3.4).
    pub vs_gain_turn: Option<u32>,
}

/// The scenario's start states of a unit set up on the map. Each is the
/// state the unit would be in had it done the thing in the game: disorganized in the
/// first phase (R5.6.5), out of supply as after a failed trace (R10.2.1), all its MPs
/// spent in its side's Movement phase of turn 1 (R3.1.5), fired in its side's Barrage
/// phase of turn 1 (R6.5.5-6.5.6), masked (R16.1.2). Spending MPs and firing are
/// activity.
fn start_states(u: &mut UnitState, s: &super::prepared::Start, side: Side, mp: Mp) {
    use super::phase::PhaseKind;
    let first = |kind| {
        Clock {
            turn: 1,
            phase: Phase::of(kind, side),
        }
        .tick()
    };
    if s.disorganized {
        u.disorganized_since = Some(0);
    }
    if s.oos > 0 {
        u.oos = s.oos;
        u.supplied = false;
    }
    if s.movement_spent {
        let t = first(PhaseKind::Movement);
        u.moved_tick = Some(t);
        u.spent = (t, mp);
        u.last_active = u.last_active.max(Some(t));
    }
    if s.barrage_fired {
        let t = first(PhaseKind::Barrage);
        u.barrage_tick = Some(t);
        u.last_active = u.last_active.max(Some(t));
    }
    u.masked = s.masked;
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

/// An air mission revealed (R8.1.7), until it is flown, lost or expires.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mission {
    pub side: Side,
    /// Indices into `Prepared::air`.
    pub counters: Vec<usize>,
    pub kind: MissionKind,
    pub hex: Hx,
    pub spread: Vec<(Hx, u8)>,
    /// Flown (support used, attack resolved) or lost in air combat.
    pub done: bool,
}

impl Mission {
    /// Every hex the mission flies to.
    pub fn hexes(&self) -> Vec<Hx> {
        let mut v = vec![self.hex];
        v.extend(self.spread.iter().map(|&(h, _)| h));
        v.sort_unstable();
        v.dedup();
        v
    }
}

/// The air war of the turn.
#[derive(Clone, Debug, Default)]
pub struct AirState {
    /// Per allotment: the counters chosen, and the turn they were chosen on.
    pub chosen: Vec<Option<(Vec<usize>, u32)>>,
    /// Per counter: the turn it last flew (R8.1.5).
    pub flew: Vec<Option<u32>>,
    /// Per counter: the turn it was lost in air combat (R8.1.9).
    pub lost: Vec<Option<u32>>,
    /// Revealed missions of the half-turn.
    pub missions: Vec<Mission>,
    /// Sides whose orders for this Air phase are sealed.
    pub sealed: [bool; 2],
    /// The orders of this Air phase were revealed.
    pub revealed: bool,
}

/// Fire on one of the small tables, being resolved.
#[derive(Clone, Debug)]
pub struct StrikeState {
    pub id: u32,
    pub side: Side,
    pub kind: StrikeKind,
    pub target: Hx,
    pub targets: Vec<Unit>,
    pub result: Option<FireResult>,
}

/// CELs a side owes outside a combat (mines, fire, Panthers, drain).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owed {
    pub side: Side,
    pub cel: u8,
    pub cause: LossCause,
    pub units: Vec<Unit>,
}

/// An HQ building a big-river bridge (R14.3.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BridgeBuild {
    pub hq: Unit,
    pub bridge: usize,
    pub declared_tick: u32,
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
    /// Artillery firing in support, attacker's then defender's (R6.3).
    pub support: [Vec<Unit>; 2],
    /// Air counters in support, attacker's then defender's (R8.2.2, R8.2.4).
    pub air: [Vec<usize>; 2],
    /// Out-of-supply attackers using their full SPs (R10.2.3).
    pub full_strength: Vec<Unit>,
}

impl CombatState {
    pub fn is_done(&self, step: CombatStep) -> bool {
        self.done.contains(&step)
    }
    /// The units that fight: attackers or defenders.
    pub fn side_units(&self, side: Side) -> &[Unit] {
        if side == self.attacker {
            &self.attackers
        } else {
            &self.defenders
        }
    }
    /// The units that share the combat's result: the fighters and the artillery that
    /// supported from a hex adjacent to the enemy (R6.3.4-6.3.5).
    pub fn result_units(&self, side: Side) -> Vec<Unit> {
        let i = usize::from(side != self.attacker);
        let mut v = self.side_units(side).to_vec();
        for &u in &self.support[i] {
            if self.origin_of(u).is_some() && !v.contains(&u) {
                v.push(u);
            }
        }
        v
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
    /// Per bridge of the board: standing (R14).
    pub bridge_up: Vec<bool>,
    /// Per bridge: its controller (R14.1.3).
    pub bridge_control: Vec<Option<Side>>,
    /// HQs that may build a big-river bridge in their next Movement phase (R14.3.2).
    pub bridge_eligible: Vec<Unit>,
    pub bridge_builds: Vec<BridgeBuild>,
    /// Ammunition units left per side (R6.5.7).
    pub ammo: [u32; 2],
    /// Hexes barraged this phase.
    pub barraged: Vec<Hx>,
    pub air: AirState,
    pub strike: Option<StrikeState>,
    pub strikes: u32,
    /// Losses owed outside combat, in order.
    pub owed: Vec<Owed>,
    /// Repair markers and the tick they were placed (R17.1.2).
    pub repair: Vec<(Unit, u32)>,
    /// Units the German may put a repair marker on now.
    pub repair_offer: Option<Vec<Unit>>,
    /// Tick of the Supply phase the markers were last offered in.
    pub repair_offered: Option<u32>,
    /// Each side has ended its set-up (free set-up units, before turn 1).
    pub setup_done: [bool; 2],
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
                oos: 0,
                supplied: true,
                fired_tick: None,
                shelled_tick: None,
                barrage_tick: None,
                retreated_tick: None,
                full_mp_tick: None,
                fl_turn: None,
                attacked_turn: None,
                masked: false,
                vs_gain_turn: None,
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
            start_states(u, s, side, p.roster.info(s.unit).mp_at(s.cel));
            if s.fortified && !p.board.no_ff[s.hex] && !p.board.fp_hex[s.hex] {
                ff[s.hex] = Some(side);
            }
        }
        for f in &p.free {
            let u = &mut units[f.unit.ix()];
            u.cel = f.cel;
            u.setup = f.setup;
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
            bridge_up: p.board.bridges_at_start.clone(),
            bridge_control: p
                .board
                .bridges
                .iter()
                .map(|b| {
                    let (x, y) = b.ends;
                    match (p.initial_control[x], p.initial_control[y]) {
                        (Some(s1), Some(s2)) if s1 == s2 => Some(s1),
                        _ => None,
                    }
                })
                .collect(),
            bridge_eligible: Vec::new(),
            bridge_builds: Vec::new(),
            ammo: p.ammo,
            barraged: Vec::new(),
            air: AirState {
                chosen: vec![None; p.allotments.len()],
                flew: vec![None; p.air.len()],
                lost: vec![None; p.air.len()],
                ..AirState::default()
            },
            strike: None,
            strikes: 0,
            owed: Vec::new(),
            repair: Vec::new(),
            repair_offer: None,
            repair_offered: None,
            setup_done: [false; 2],
            prepared: p,
        }
    }

    fn side_of(&self, id: &sztab_core::model::SideId) -> Option<Side> {
        self.prepared.side_by_id(id.as_str())
    }

    fn air_ix(&self, id: &sztab_core::model::AirId) -> Option<usize> {
        self.prepared.air.iter().position(|a| a.id == *id)
    }

    /// Marks done the missions flying any of these counters.
    fn fly(&mut self, counters: &[sztab_core::model::AirId]) {
        let ixs: Vec<usize> = counters.iter().filter_map(|c| self.air_ix(c)).collect();
        for m in self.air.missions.iter_mut() {
            if m.counters.iter().any(|c| ixs.contains(c)) {
                m.done = true;
            }
        }
    }

    /// Artillery units that supported from a hex adjacent to an enemy hex of the combat
    /// share its results (R6.3.5); the others fire from afar and are immune (R6.3.4).
    fn add_support(&mut self, i: usize, support: &[Unit]) {
        let t = self.tick();
        let Some(c) = &self.combat else {
            return;
        };
        let enemy_hexes: Vec<Hx> = if i == 0 {
            c.defender_hexes.clone()
        } else {
            c.attackers.iter().filter_map(|&u| c.origin_of(u)).collect()
        };
        let board = &self.prepared.board;
        let mut adjacent = Vec::new();
        for &u in support {
            self.units[u.ix()].fired_tick = Some(t);
            self.units[u.ix()].last_active = Some(t);
            if let Some(h) = self.units[u.ix()].hex()
                && enemy_hexes.iter().any(|&e| board.adjacent(h, e))
            {
                adjacent.push((u, h));
            }
        }
        if let Some(c) = &mut self.combat {
            c.support[i] = support.to_vec();
            c.origin.extend(adjacent);
        }
    }

    pub fn tick(&self) -> u32 {
        self.clock.tick()
    }

    pub fn unit(&self, u: Unit) -> &UnitState {
        &self.units[u.ix()]
    }

    fn ix(&self, id: &sztab_core::model::UnitId) -> Option<Unit> {
        self.prepared.roster.get(id.as_str())
    }

    fn hx(&self, id: sztab_core::hex::HexId) -> Option<Hx> {
        self.prepared.board.index(id)
    }

    fn units_of(&self, ids: &[sztab_core::model::UnitId]) -> Vec<Unit> {
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
    /// not know is ignored (it cannot come from this game's engine). Each family of events
    /// has its function below, which handles exactly the events this match sends it.
    pub fn apply(&mut self, e: &Event) {
        match e {
            Event::Deployed { .. } | Event::SetUpDone { .. } => self.apply_setup(e),
            Event::TurnBegan { .. } | Event::PhaseBegan { .. } | Event::ObligationsFixed { .. } => {
                self.apply_clock(e)
            }
            Event::Arrived { .. }
            | Event::WithdrawalShort { .. }
            | Event::WithdrawalDone { .. }
            | Event::Withdrawn { .. }
            | Event::EntryStack { .. }
            | Event::ZoneShifted { .. }
            | Event::LeftMap { .. } => self.apply_arrival(e),
            Event::Moved { .. }
            | Event::SetupChanged { .. }
            | Event::StrategicMarked { .. }
            | Event::StrategicCleared { .. }
            | Event::FfRemoved { .. }
            | Event::MpSpent { .. }
            | Event::FfBuilt { .. }
            | Event::Masked { .. }
            | Event::CelTransferred { .. } => self.apply_movement(e),
            Event::CelLost { .. }
            | Event::Eliminated { .. }
            | Event::Disorganized { .. }
            | Event::Reorganized { .. }
            | Event::LossesOwed { .. }
            | Event::LossesPaid => self.apply_loss(e),
            Event::CombatDeclared { .. }
            | Event::DefenseDeclared { .. }
            | Event::CombatResolved { .. }
            | Event::CombatStepDone { .. }
            | Event::CombatEnded { .. } => self.apply_combat(e),
            Event::HqPoolGained { .. }
            | Event::HqPoolSpent { .. }
            | Event::HqPoolExpired { .. } => self.apply_hq_pool(e),
            Event::StrikeDeclared { .. }
            | Event::StrikeResolved { .. }
            | Event::StrikeEnded { .. }
            | Event::AmmoSpent { .. } => self.apply_strike(e),
            Event::AirChosen { .. }
            | Event::AirOrdersSealed { .. }
            | Event::AirMissionsRevealed { .. }
            | Event::AirCombat { .. }
            | Event::AirSupplyDropped { .. }
            | Event::AirMissionsExpired => self.apply_air(e),
            Event::ControlChanged { .. }
            | Event::VpScored { .. }
            | Event::AutoVictoryArmed { .. }
            | Event::AutoVictoryDisarmed { .. }
            | Event::GameEnded { .. }
            | Event::SupplyTraced { .. }
            | Event::OosChanged { .. }
            | Event::RepairOffered { .. }
            | Event::RepairPlaced { .. }
            | Event::RepairEnded { .. } => self.apply_supply_phase(e),
            Event::BridgeBuildDeclared { .. }
            | Event::BridgeChanged { .. }
            | Event::BridgeControl { .. }
            | Event::BridgeBuildEligible { .. }
            | Event::BridgeBuildEnded { .. } => self.apply_bridge(e),
            // Dice shown to the players; what they cause comes as events of its own.
            Event::DisorganizationTest { .. }
            | Event::SurrenderTest { .. }
            | Event::MinesRolled { .. }
            | Event::PantherRoll { .. }
            | Event::RiverCrossingAttack { .. } => {}
        }
    }

    /// The clock and the Combat phase's obligations.
    fn apply_clock(&mut self, e: &Event) {
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
                self.barraged.clear();
                self.air.revealed = false;
            }
            Event::ObligationsFixed {
                obliged,
                must_attack,
            } => {
                self.obliged = self.units_of(obliged);
                self.must_attack = self.units_of(must_attack);
            }
            _ => {}
        }
    }

    /// Reinforcements and withdrawals: off the map, entering, leaving (R11, A-56).
    fn apply_arrival(&mut self, e: &Event) {
        let t = self.tick();
        match e {
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
            Event::EntryStack { hex } => {
                if let Some(h) = self.hx(*hex) {
                    match self.entry_stacks.iter_mut().find(|(x, _)| *x == h) {
                        Some(e) => e.1 += 1,
                        None => self.entry_stacks.push((h, 1)),
                    }
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
                    self.repair.retain(|(x, _)| *x != u);
                    self.bridge_builds.retain(|b| b.hq != u);
                    self.bridge_eligible.retain(|&x| x != u);
                }
            }
            _ => {}
        }
    }

    /// What units do in the Movement phases: moves, setup changes, markers, MPs spent on other things, field fortifications, masking, CEL transfers.
    fn apply_movement(&mut self, e: &Event) {
        let t = self.tick();
        match e {
            Event::Moved {
                unit,
                path,
                cost,
                how,
                ..
            } => self.apply_move(unit, path, *cost, *how),
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
            Event::MpSpent { unit, mp, reason } => {
                if let Some(u) = self.ix(unit) {
                    self.spend(u, *mp);
                    self.active(u);
                    if matches!(reason, MpUse::BuildFf | MpUse::BuildBridge) {
                        self.units[u.ix()].moved_tick = Some(t);
                    }
                }
            }
            Event::FfBuilt { hex, side } => {
                if let (Some(h), Some(s)) = (self.hx(*hex), self.side_of(side)) {
                    self.ff[h] = Some(s);
                }
            }
            Event::FfRemoved { hex } => {
                if let Some(h) = self.hx(*hex) {
                    self.ff[h] = None;
                }
            }
            Event::Masked { unit, masked } => {
                if let Some(u) = self.ix(unit) {
                    self.units[u.ix()].masked = *masked;
                }
            }
            Event::CelTransferred { from, to } => {
                let turn = self.clock.turn;
                if let (Some(a), Some(b)) = (self.ix(from), self.ix(to)) {
                    let max = self.prepared.roster.info(b).max_cel();
                    let sa = &mut self.units[a.ix()];
                    sa.cel = sa.cel.saturating_sub(1);
                    sa.moved_tick = Some(t);
                    let sb = &mut self.units[b.ix()];
                    sb.cel = (sb.cel + 1).min(max);
                    sb.moved_tick = Some(t);
                    sb.vs_gain_turn = Some(turn);
                }
            }
            _ => {}
        }
    }

    /// Losses and disorganization, and losses owed outside a combat.
    fn apply_loss(&mut self, e: &Event) {
        let t = self.tick();
        match e {
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
                    s.masked = false;
                    self.repair.retain(|(x, _)| *x != u);
                    self.bridge_builds.retain(|b| b.hq != u);
                    self.bridge_eligible.retain(|&x| x != u);
                }
            }
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
            Event::LossesOwed {
                side,
                cel,
                cause,
                units,
            } => {
                let us = self.units_of(units);
                if let Some(s) = self.side_of(side) {
                    self.owed.push(Owed {
                        side: s,
                        cel: *cel,
                        cause: *cause,
                        units: us,
                    });
                }
            }
            Event::LossesPaid if !self.owed.is_empty() => {
                self.owed.remove(0);
            }
            _ => {}
        }
    }

    /// A combat from its declaration to its end (R5.2).
    fn apply_combat(&mut self, e: &Event) {
        match e {
            Event::CombatDeclared {
                id,
                attackers,
                hexes,
                defenders,
                stars,
                hq_pool_cms,
                support,
                air,
                full_strength,
            } => {
                self.apply_declaration(*id, attackers, hexes, defenders, stars, *hq_pool_cms);
                let sup = self.units_of(support);
                self.add_support(0, &sup);
                let counters: Vec<usize> = air.iter().filter_map(|c| self.air_ix(c)).collect();
                self.fly(air);
                let full = self.units_of(full_strength);
                if let Some(c) = &mut self.combat {
                    c.air[0] = counters;
                    c.full_strength = full;
                }
            }
            Event::DefenseDeclared {
                stars,
                fortification_units,
                hq_pool_cms,
                support,
                air,
            } => {
                let (s, f) = (self.units_of(stars), self.units_of(fortification_units));
                if let Some(c) = &mut self.combat {
                    c.defense = Some((s, f, *hq_pool_cms));
                }
                let sup = self.units_of(support);
                self.add_support(1, &sup);
                let counters: Vec<usize> = air.iter().filter_map(|c| self.air_ix(c)).collect();
                self.fly(air);
                if let Some(c) = &mut self.combat {
                    c.air[1] = counters;
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
            Event::CombatEnded { .. } => {
                self.combat = None;
                self.combats_fought += 1;
            }
            _ => {}
        }
    }

    /// The HQ-loss CM pools (R9.1.6-9.1.7, A-43).
    fn apply_hq_pool(&mut self, e: &Event) {
        let t = self.tick();
        match e {
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
            _ => {}
        }
    }

    /// Fire on the small tables: ranged fire, barrage, air attacks, bridges (§3).
    fn apply_strike(&mut self, e: &Event) {
        let t = self.tick();
        match e {
            Event::StrikeDeclared {
                id,
                side,
                kind,
                target,
                artillery,
                air,
                targets,
                ..
            } => {
                let arts = self.units_of(artillery);
                let tgts = self.units_of(targets);
                for &u in &arts {
                    let st = &mut self.units[u.ix()];
                    st.last_active = Some(t);
                    if *kind == StrikeKind::Barrage {
                        st.barrage_tick = Some(t);
                    } else {
                        st.fired_tick = Some(t);
                    }
                }
                for &u in &tgts {
                    self.units[u.ix()].last_active = Some(t);
                    if *kind == StrikeKind::Ranged {
                        // R6.4.5: not to be attacked directly in this Combat phase.
                        self.units[u.ix()].shelled_tick = Some(t);
                    }
                }
                self.fly(air);
                let target_hx = self.hx(*target).unwrap_or(0);
                if *kind == StrikeKind::Barrage {
                    self.barraged.push(target_hx);
                }
                if let Some(s) = self.side_of(side) {
                    self.strike = Some(StrikeState {
                        id: *id,
                        side: s,
                        kind: *kind,
                        target: target_hx,
                        targets: tgts,
                        result: None,
                    });
                }
            }
            Event::StrikeResolved { result, .. } => {
                if let Some(st) = &mut self.strike {
                    st.result = Some(*result);
                }
            }
            Event::StrikeEnded { .. } => {
                self.strike = None;
                self.strikes += 1;
            }
            Event::AmmoSpent { side, au } => {
                if let Some(s) = self.side_of(side) {
                    self.ammo[s.index()] = self.ammo[s.index()].saturating_sub(*au);
                }
            }
            _ => {}
        }
    }

    /// The air phases (R8).
    fn apply_air(&mut self, e: &Event) {
        match e {
            Event::AirChosen {
                allotment,
                counters,
                ..
            } => {
                let cs: Vec<usize> = counters.iter().filter_map(|c| self.air_ix(c)).collect();
                let turn = self.clock.turn;
                if let Some(x) = self.air.chosen.get_mut(*allotment) {
                    *x = Some((cs, turn));
                }
            }
            Event::AirOrdersSealed { side } => {
                if let Some(s) = self.side_of(side) {
                    self.air.sealed[s.index()] = true;
                }
            }
            Event::AirMissionsRevealed { missions } => {
                let turn = self.clock.turn;
                for (side, m) in missions {
                    let Some(s) = self.side_of(side) else {
                        continue;
                    };
                    let counters: Vec<usize> =
                        m.counters.iter().filter_map(|c| self.air_ix(c)).collect();
                    for &c in &counters {
                        self.air.flew[c] = Some(turn);
                    }
                    let spread = m
                        .spread
                        .iter()
                        .filter_map(|(h, n)| Some((self.hx(*h)?, *n)))
                        .collect();
                    if let Some(h) = self.hx(m.hex) {
                        self.air.missions.push(Mission {
                            side: s,
                            counters,
                            kind: m.kind.clone(),
                            hex: h,
                            spread,
                            done: false,
                        });
                    }
                }
                self.air.sealed = [false, false];
                self.air.revealed = true;
            }
            Event::AirCombat { lost, .. } => {
                let turn = self.clock.turn;
                let ixs: Vec<usize> = lost.iter().filter_map(|c| self.air_ix(c)).collect();
                for &c in &ixs {
                    self.air.lost[c] = Some(turn);
                }
                for m in self.air.missions.iter_mut() {
                    m.counters.retain(|c| !ixs.contains(c));
                    if m.counters.is_empty() {
                        m.done = true;
                    }
                }
            }
            Event::AirSupplyDropped { counters, .. } => self.fly(counters),
            Event::AirMissionsExpired => self.air.missions.clear(),
            _ => {}
        }
    }

    /// The Supply phase: supply, control, victory, repair (R10, R4.3, R17).
    fn apply_supply_phase(&mut self, e: &Event) {
        let t = self.tick();
        match e {
            Event::SupplyTraced { side, cut_off } => {
                let cut = self.units_of(cut_off);
                if let Some(s) = self.side_of(side) {
                    for i in 0..self.units.len() {
                        let u = Unit(i as u16);
                        if self.prepared.roster.info(u).side == s && self.units[i].hex().is_some() {
                            self.units[i].supplied = !cut.contains(&u);
                        }
                    }
                }
            }
            Event::OosChanged {
                unit,
                level,
                reason,
            } => {
                if let Some(u) = self.ix(unit) {
                    self.units[u.ix()].oos = *level;
                    if *reason == OosReason::FullMp {
                        self.units[u.ix()].full_mp_tick = Some(t);
                    }
                }
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
            Event::RepairOffered { units } => {
                self.repair_offer = Some(self.units_of(units));
                self.repair_offered = Some(t);
            }
            Event::RepairPlaced { units } => {
                self.repair_offer = None;
                let us = self.units_of(units);
                self.repair.extend(us.into_iter().map(|u| (u, t)));
            }
            Event::RepairEnded { unit, repaired } => {
                if let Some(u) = self.ix(unit) {
                    self.repair.retain(|(x, _)| *x != u);
                    if *repaired {
                        let max = self.prepared.roster.info(u).max_cel();
                        let s = &mut self.units[u.ix()];
                        s.cel = (s.cel + 1).min(max);
                    }
                }
            }
            _ => {}
        }
    }

    /// Bridges: standing, control, big-river building (R14).
    fn apply_bridge(&mut self, e: &Event) {
        let t = self.tick();
        match e {
            Event::BridgeChanged {
                bridge, standing, ..
            } => {
                if let Some(b) = self.prepared.board.bridge_at(*bridge) {
                    self.bridge_up[b] = *standing;
                }
            }
            Event::BridgeControl { bridge, side } => {
                if let Some(b) = self.prepared.board.bridge_at(*bridge) {
                    self.bridge_control[b] = side.as_ref().and_then(|s| self.side_of(s));
                }
            }
            Event::BridgeBuildEligible { side, hqs } => {
                let s = self.side_of(side);
                let roster = &self.prepared.roster;
                self.bridge_eligible
                    .retain(|&u| Some(roster.info(u).side) != s);
                let us = self.units_of(hqs);
                self.bridge_eligible.extend(us);
            }
            Event::BridgeBuildDeclared { hq, bridge } => {
                if let (Some(u), Some(b)) = (self.ix(hq), self.prepared.board.bridge_at(*bridge)) {
                    self.bridge_eligible.retain(|&x| x != u);
                    self.bridge_builds.push(BridgeBuild {
                        hq: u,
                        bridge: b,
                        declared_tick: t,
                    });
                }
            }
            Event::BridgeBuildEnded { hq, .. } => {
                if let Some(u) = self.ix(hq) {
                    self.bridge_builds.retain(|b| b.hq != u);
                }
            }
            _ => {}
        }
    }

    fn apply_move(
        &mut self,
        unit: &sztab_core::model::UnitId,
        path: &[sztab_core::hex::HexId],
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
                self.units[u.ix()].retreated_tick = Some(t);
                if let (Some(c), Some(f)) = (&mut self.combat, from) {
                    c.retreats.push((u, f, hexes.clone()));
                }
            }
            Motion::Pursuit | Motion::Advance => {}
        }
        if how != Motion::Retreat && self.crosses_fortified_line(from, &hexes) {
            self.units[u.ix()].fl_turn = Some(self.clock.turn);
        }
    }

    /// Does a path cross or enter a Fortified Line?
    fn crosses_fortified_line(&self, from: Option<Hx>, path: &[Hx]) -> bool {
        let p = &self.prepared;
        if !p.rules.fortified_lines {
            return false;
        }
        let b = &p.board;
        let mut prev = from;
        for &h in path {
            if b.fl_hex[h] {
                return true;
            }
            if let Some(x) = prev
                && b.edge_between(x, h).is_some_and(|e| e.fl.is_some())
            {
                return true;
            }
            prev = Some(h);
        }
        false
    }

    fn apply_declaration(
        &mut self,
        id: u32,
        attackers: &[sztab_core::model::UnitId],
        hexes: &[sztab_core::hex::HexId],
        defenders: &[sztab_core::model::UnitId],
        stars: &[sztab_core::model::UnitId],
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
        let turn = self.clock.turn;
        let def_hexes: Vec<Hx> = hexes.iter().filter_map(|h| self.hx(*h)).collect();
        let board = &self.prepared.board;
        let fl = self.prepared.rules.fortified_lines;
        for &u in &att {
            let st = &mut self.units[u.ix()];
            st.attacked_turn = Some(turn);
            let across = st.hex().is_some_and(|h| {
                def_hexes.iter().any(|&d| {
                    board
                        .edge_between(h, d)
                        .is_some_and(|e| e.fl.is_some_and(|(p, _)| p == d))
                })
            });
            if fl && across {
                st.fl_turn = Some(turn);
            }
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
            support: [Vec::new(), Vec::new()],
            air: [Vec::new(), Vec::new()],
            full_strength: Vec::new(),
        });
    }
}
