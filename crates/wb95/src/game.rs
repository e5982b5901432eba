//! `Game`: a scenario in play. `pending()` says who must decide what; `apply(action)`
//! checks the action against the rules, rolls the dice, and returns the events that
//! changed the state. An illegal action is an error naming the rule and changes nothing.

use std::sync::{Arc, OnceLock};

use super::action::{Action, AirMission};
use super::board::{Board, Hx};
use super::decision::{Decision, Pending};
use super::error::{RuleError, refuse};
use super::event::Event;
use super::log::LogFormat;
use super::phase::PhaseKind;
use super::prepared::Prepared;
use super::roster::{Roster, Unit, UnitInfo};
use super::setup_check;
use super::side::Side;
use super::state::{GameState, UnitState};
use super::zoc::ZocMap;
use sztab_core::hex::HexId;
use sztab_core::model::{Bundle, Problem, SideId, UnitId};
use sztab_seam::play::Dice;

/// The scenario cannot be played: its setup checks found errors.
#[derive(Debug, Clone, thiserror::Error)]
#[error("the scenario has {} setup error(s); the first: {}", .problems.iter().filter(|p| p.is_error()).count(), .problems.iter().find(|p| p.is_error()).map(|p| p.to_string()).unwrap_or_default())]
pub struct SetupRefused {
    /// Every problem found, errors and warnings.
    pub problems: Vec<Problem>,
}

/// The seam's refusal: one line a setup error.
impl From<SetupRefused> for sztab_seam::MatchError {
    fn from(refused: SetupRefused) -> Self {
        sztab_seam::MatchError::Refused(
            refused
                .problems
                .iter()
                .filter(|p| p.is_error())
                .map(|p| p.to_string())
                .collect(),
        )
    }
}

/// A game in progress.
#[derive(Clone)]
pub struct Game {
    pub(crate) state: GameState,
    pub(crate) dice: Dice,
    /// ZoC maps per side, rebuilt lazily after that side's units moved.
    zoc: [OnceLock<ZocMap>; 2],
    out: Vec<Event>,
    opening: Vec<Event>,
    seed: u64,
    /// The log format its dice follow (and its log will be written in).
    format: LogFormat,
    /// Air orders placed face down, per side, until both are revealed (R8.1.7). They
    /// are part of neither the state nor the events, and no query shows them.
    pub(crate) sealed: [Option<Vec<AirMission>>; 2],
}

impl std::fmt::Debug for Game {
    /// Everything but the sealed air orders, which no player may see (R8.1.7).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("seed", &self.seed)
            .field("format", &self.format)
            .field("state", &self.state)
            .field("sealed", &self.sealed.each_ref().map(|s| s.is_some()))
            .finish_non_exhaustive()
    }
}

impl Game {
    /// Starts a game: runs the file and setup checks (refusing errors), then plays up to
    /// the first decision. Its dice are those of the current log format.
    pub fn new(bundle: &Bundle, seed: u64) -> Result<Game, SetupRefused> {
        Game::new_in(bundle, seed, LogFormat::CURRENT)
    }

    /// `new` with the dice of a log format, to replay a log written in it.
    pub fn new_in(bundle: &Bundle, seed: u64, format: LogFormat) -> Result<Game, SetupRefused> {
        let mut problems = bundle.check();
        if problems.iter().any(|p| p.is_error()) {
            return Err(SetupRefused { problems });
        }
        let prepared = Prepared::new(bundle);
        problems.extend(setup_check::check(bundle, &prepared));
        if problems.iter().any(|p| p.is_error()) {
            return Err(SetupRefused { problems });
        }
        Ok(Game::start_in(prepared, seed, format))
    }

    /// Starts a game from a compiled scenario without checking it.
    pub fn start(prepared: Arc<Prepared>, seed: u64) -> Game {
        Game::start_in(prepared, seed, LogFormat::CURRENT)
    }

    pub(crate) fn start_in(prepared: Arc<Prepared>, seed: u64, format: LogFormat) -> Game {
        let state = GameState::new(prepared);
        let mut g = Game {
            state,
            dice: Dice::new(seed, format.die_sampler()),
            format,
            zoc: [OnceLock::new(), OnceLock::new()],
            out: Vec::new(),
            opening: Vec::new(),
            seed,
            sealed: [None, None],
        };
        if !g.setting_up() {
            g.begin_turn(1);
            g.advance();
        }
        g.opening = std::mem::take(&mut g.out);
        g
    }

    /// The events of the game's start, before the first decision.
    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The log format of its dice; its events are fingerprinted in the same format.
    pub fn format(&self) -> LogFormat {
        self.format
    }

    /// Queues die faces to be rolled before the seeded dice (tests, what-if analysis).
    pub fn script_dice(&mut self, faces: &[u8]) {
        self.dice.script(faces);
    }

    /// Who must decide what now.
    pub fn pending(&self) -> Pending {
        if let Some(r) = &self.state.result {
            return Pending::GameOver(r.clone());
        }
        let (side, decision) = self.decision();
        Pending::Decide {
            side: self.side_id(side).clone(),
            decision,
        }
    }

    fn decision(&self) -> (Side, Decision) {
        if let Some(d) = self.setup_decision() {
            return d;
        }
        if let Some(&(w, cel)) = self.state.withdrawal_short.first() {
            return self.withdraw_decision(w, cel);
        }
        if let Some(d) = self.owed_decision() {
            return d;
        }
        if self.state.combat.is_some()
            && let Some(d) = self.combat_decision()
        {
            return d;
        }
        if let Some(d) = self.repair_decision() {
            return d;
        }
        if let Some(d) = self.air_decision() {
            return d;
        }
        let phase = self.state.clock.phase;
        let side = phase.owner().unwrap_or(Side::A);
        match phase.kind() {
            PhaseKind::Combat => (side, Decision::Attack { phase }),
            PhaseKind::Barrage => (
                side,
                Decision::Barrage {
                    phase,
                    ammo: self.state.ammo[side.index()],
                },
            ),
            _ => (side, Decision::Move { phase }),
        }
    }

    /// Checks an action without applying it.
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.plan(action).map(|_| ())
    }

    /// Applies an action: the events it caused, or the rule it breaks (nothing changes).
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let plan = self.plan(&action)?;
        self.execute(plan);
        self.advance();
        Ok(std::mem::take(&mut self.out))
    }

    /// Validates an action against the decision pending.
    fn plan(&self, action: &Action) -> Result<Plan, RuleError> {
        if let Some(r) = &self.state.result {
            return refuse("R2.1", format!("the game is over ({} VP)", r.vp));
        }
        let (side, decision) = self.decision();
        let wrong = || {
            refuse(
                "R2.1.1",
                format!("this action is not what the game waits for: {decision:?}"),
            )
        };
        match (&decision, action) {
            (Decision::SetUp { .. }, Action::Deploy { units, hex }) => self
                .plan_deploy(side, units, *hex)
                .map(|(us, h)| Plan::Deploy(us, h)),
            (Decision::SetUp { .. }, Action::EndPhase) => {
                self.plan_end_setup(side).map(|_| Plan::EndSetUp(side))
            }
            (Decision::Move { .. }, Action::Move { units, path }) => {
                self.plan_move(side, units, path).map(Plan::Move)
            }
            (Decision::Move { .. }, Action::Enter { units, path }) => {
                self.plan_enter(side, units, path).map(Plan::Enter)
            }
            (Decision::Move { .. }, Action::ChangeSetup { unit }) => self
                .plan_setup_change(side, unit)
                .map(|(u, s)| Plan::Setup(u, s)),
            (Decision::Move { .. }, Action::MarkStrategic { units }) => {
                self.plan_mark(side, units).map(Plan::Mark)
            }
            (Decision::Move { .. }, Action::ShiftZone { units, zone }) => {
                self.plan_shift(side, units, zone).map(Plan::Shift)
            }
            (Decision::Move { .. }, Action::LeaveMap { units }) => {
                self.plan_leave(side, units).map(Plan::Leave)
            }
            (Decision::Attack { .. }, Action::Attack(order)) => {
                self.plan_attack(side, order).map(Plan::Attack)
            }
            (
                Decision::Move { .. } | Decision::Attack { .. } | Decision::Barrage { .. },
                Action::EndPhase,
            ) => self.plan_end_phase().map(|_| Plan::EndPhase),
            (Decision::Move { .. }, Action::FullMp { units }) => {
                self.plan_full_mp(side, units).map(Plan::FullMp)
            }
            (Decision::Move { .. }, Action::Fortify { unit }) => {
                self.plan_fortify(side, unit).map(Plan::Fortify)
            }
            (Decision::Move { .. }, Action::DemolishBridge { unit, bridge }) => self
                .plan_demolish(side, unit, *bridge)
                .map(|(u, b)| Plan::Demolish(u, b)),
            (Decision::Move { .. }, Action::RebuildBridge { unit, bridge }) => self
                .plan_rebuild(side, unit, *bridge)
                .map(|(u, b)| Plan::Rebuild(u, b)),
            (Decision::Move { .. }, Action::BuildBridge { hq, bridge }) => self
                .plan_build_bridge(side, hq, *bridge)
                .map(|(u, b)| Plan::BuildBridge(u, b)),
            (
                Decision::Move { .. },
                Action::TransferCel {
                    volkssturm,
                    infantry,
                },
            ) => self
                .plan_transfer(side, volkssturm, infantry)
                .map(|(a, b)| Plan::Transfer(a, b)),
            (Decision::Move { .. }, Action::Mask { units, masked }) => self
                .plan_mask(side, units)
                .map(|us| Plan::Mask(us, *masked)),
            (Decision::Attack { .. }, Action::RangedAttack(order)) => {
                self.plan_ranged(side, order).map(Plan::Fire)
            }
            (Decision::Attack { .. }, Action::FireAtBridge { artillery, bridge }) => self
                .plan_fire_at_bridge(side, artillery, *bridge)
                .map(Plan::Fire),
            (Decision::Barrage { .. }, Action::Barrage(order)) => {
                self.plan_barrage(side, order).map(Plan::Fire)
            }
            (Decision::ChooseAir { .. }, Action::ChooseAir { counters }) => self
                .plan_choose_air(side, counters)
                .map(|(i, c)| Plan::ChooseAir(side, i, c)),
            (Decision::AirMissions { .. }, Action::AirMissions { missions }) => self
                .plan_air_missions(side, missions)
                .map(|m| Plan::AirMissions(side, m)),
            (Decision::LoseCel { .. }, Action::TakeLosses { losses }) => {
                self.plan_owed(side, losses).map(Plan::Owed)
            }
            (Decision::Repair { .. }, Action::Repair { units }) => {
                self.plan_repair(side, units).map(Plan::Repair)
            }
            (Decision::Defend { .. }, Action::Defend(order)) => {
                self.plan_defense(side, order).map(Plan::Defend)
            }
            (Decision::Losses { .. }, Action::TakeLosses { losses }) => {
                self.plan_losses(side, losses).map(Plan::Losses)
            }
            (Decision::Retreat { .. }, Action::Retreat(order)) => {
                self.plan_retreat(side, order).map(Plan::Retreat)
            }
            (Decision::Pursue { .. }, Action::Pursue { moves }) => {
                self.plan_pursuit(side, moves).map(Plan::Pursue)
            }
            (Decision::Advance { .. }, Action::Advance { moves }) => {
                self.plan_advance(side, moves).map(Plan::Advance)
            }
            (Decision::Withdraw { .. }, Action::Withdraw { losses }) => {
                self.plan_withdraw(side, losses).map(Plan::Withdraw)
            }
            _ => wrong(),
        }
    }

    fn execute(&mut self, plan: Plan) {
        match plan {
            Plan::Deploy(us, h) => self.execute_deploy(us, h),
            Plan::EndSetUp(side) => self.execute_end_setup(side),
            Plan::Move(p) => self.execute_move(p),
            Plan::Enter(p) => self.execute_enter(p),
            Plan::Setup(u, s) => self.execute_setup_change(u, s),
            Plan::Mark(us) => self.execute_mark(us),
            Plan::Shift(p) => self.execute_shift(p),
            Plan::Leave(p) => self.execute_leave(p),
            Plan::Attack(p) => self.execute_attack(p),
            Plan::EndPhase => self.end_phase(),
            Plan::Defend(p) => self.execute_defense(p),
            Plan::Losses(p) => self.execute_losses(p),
            Plan::Retreat(p) => self.execute_retreat(p),
            Plan::Pursue(p) => self.execute_pursuit(p),
            Plan::Advance(p) => self.execute_advance(p),
            Plan::Withdraw(p) => self.execute_withdraw(p),
            Plan::FullMp(us) => self.execute_full_mp(us),
            Plan::Fortify(u) => self.execute_fortify(u),
            Plan::Demolish(u, b) => self.execute_demolish(u, b),
            Plan::Rebuild(u, b) => self.execute_rebuild(u, b),
            Plan::BuildBridge(u, b) => self.execute_build_bridge(u, b),
            Plan::Mask(us, m) => self.execute_mask(us, m),
            Plan::Transfer(a, b) => self.execute_transfer(a, b),
            Plan::Fire(p) => self.execute_fire(p),
            Plan::ChooseAir(s, i, c) => self.execute_choose_air(s, i, c),
            Plan::AirMissions(s, m) => self.execute_air_missions(s, m),
            Plan::Owed(p) => self.execute_owed(p),
            Plan::Repair(us) => self.execute_repair(us),
        }
    }

    /// Applies an event to the state and records it.
    pub(crate) fn emit(&mut self, e: Event) {
        let moved = match &e {
            Event::Moved { unit, .. }
            | Event::Deployed { unit, .. }
            | Event::Eliminated { unit, .. }
            | Event::Withdrawn { unit }
            | Event::LeftMap { unit, .. } => self.roster().get(unit.as_str()),
            _ => None,
        };
        if let Some(u) = moved {
            let side = self.info(u).side;
            self.zoc[side.index()].take();
        }
        self.state.apply(&e);
        self.out.push(e);
    }

    fn build_zoc(&self, side: Side) -> ZocMap {
        let p = &self.state.prepared;
        let units = p
            .roster
            .of_side(side)
            .iter()
            .filter_map(|&u| self.state.unit(u).hex().map(|h| (u, h)));
        ZocMap::build(&p.board, &p.roster, units)
    }

    // ----- queries shared by the rules modules -------------------------------------

    pub fn state(&self) -> &GameState {
        &self.state
    }

    pub fn prepared(&self) -> &Arc<Prepared> {
        &self.state.prepared
    }

    pub fn board(&self) -> &Board {
        &self.state.prepared.board
    }

    pub fn roster(&self) -> &Roster {
        &self.state.prepared.roster
    }

    pub fn info(&self, u: Unit) -> &UnitInfo {
        self.state.prepared.roster.info(u)
    }

    pub fn unit_state(&self, u: Unit) -> &UnitState {
        self.state.unit(u)
    }

    pub fn side_id(&self, side: Side) -> &SideId {
        &self.state.prepared.sides[side.index()].id
    }

    pub fn side_of_id(&self, id: &str) -> Option<Side> {
        self.state.prepared.side_by_id(id)
    }

    pub fn unit_id(&self, u: Unit) -> &UnitId {
        &self.info(u).id
    }

    pub fn hex_id(&self, h: Hx) -> HexId {
        self.board().id(h)
    }

    /// The ZoC exerted by `side`'s units.
    pub fn zoc_of(&self, side: Side) -> &ZocMap {
        self.zoc[side.index()].get_or_init(|| self.build_zoc(side))
    }

    /// Drops the cached ZoC maps (after units were placed by other means than events,
    /// as a determinized copy does).
    pub(crate) fn forget_zoc(&mut self) {
        self.zoc.iter_mut().for_each(|z| {
            z.take();
        });
    }

    /// Is `h` in the ZoC of an enemy of `side`?
    pub fn in_enemy_zoc(&self, side: Side, h: Hx) -> bool {
        self.zoc_of(side.other()).covers(h)
    }

    pub fn units_at(&self, h: Hx) -> &[Unit] {
        &self.state.hex_units[h]
    }

    /// The side whose units stand on `h` (sides never share a hex, R3.1.8).
    pub fn occupant(&self, h: Hx) -> Option<Side> {
        self.units_at(h).first().map(|&u| self.info(u).side)
    }

    /// CELs stacked on a hex (R3.2.1-3.2.2: an HQ and a towed unit count their 1 CEL).
    pub fn stacked_cel(&self, h: Hx) -> u32 {
        self.units_at(h)
            .iter()
            .map(|&u| u32::from(self.state.unit(u).cel))
            .sum()
    }

    /// Does `h` hold only enemy towed artillery and HQs, which a regular unit of `side`
    /// eliminates by entering (R6.1.7, R9.1.5, R5.4.7)?
    pub fn overrunnable(&self, side: Side, h: Hx) -> bool {
        let us = self.units_at(h);
        !us.is_empty()
            && us.iter().all(|&u| {
                let i = self.info(u);
                i.side != side && (i.is_gun() || i.is_hq())
            })
    }

    /// Units of a side on the map.
    pub fn units_on_map(&self, side: Side) -> impl Iterator<Item = Unit> + '_ {
        self.roster()
            .of_side(side)
            .iter()
            .copied()
            .filter(move |&u| self.state.unit(u).hex().is_some())
    }

    /// Resolves unit ids of an action, refusing unknown ones.
    pub(crate) fn resolve_units(&self, ids: &[UnitId]) -> Result<Vec<Unit>, RuleError> {
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            let Some(u) = self.roster().get(id.as_str()) else {
                return refuse("R1.2", format!("there is no unit {id} in this game"));
            };
            if out.contains(&u) {
                return refuse("R1.2", format!("unit {id} is named twice"));
            }
            out.push(u);
        }
        Ok(out)
    }

    pub(crate) fn resolve_hexes(&self, ids: &[HexId]) -> Result<Vec<Hx>, RuleError> {
        ids.iter()
            .map(|&h| match self.board().index(h) {
                Some(x) => Ok(x),
                None => refuse("R5.3.3", format!("hex {h} is not on the map")),
            })
            .collect()
    }

    pub(crate) fn hex_ids(&self, hs: &[Hx]) -> Vec<HexId> {
        hs.iter().map(|&h| self.hex_id(h)).collect()
    }

    pub(crate) fn unit_ids(&self, us: &[Unit]) -> Vec<UnitId> {
        us.iter().map(|&u| self.unit_id(u).clone()).collect()
    }

    /// The current turn.
    pub fn turn(&self) -> u32 {
        self.state.clock.turn
    }
}

/// A validated action, ready to execute.
pub(crate) enum Plan {
    Deploy(Vec<Unit>, Hx),
    EndSetUp(Side),
    Move(super::movement::MovePlan),
    Enter(super::reinforcement::EnterPlan),
    Setup(Unit, sztab_core::model::ArtillerySetup),
    Mark(Vec<Unit>),
    Shift(super::reinforcement::ShiftPlan),
    Leave(Vec<(Unit, usize)>),
    Attack(super::combat::declare::AttackPlan),
    EndPhase,
    Defend(super::combat::declare::DefensePlan),
    Losses(Vec<(Unit, u8)>),
    Retreat(super::combat::retreat::RetreatPlan),
    Pursue(Vec<(Unit, Vec<Hx>)>),
    Advance(Vec<(Unit, Vec<Hx>)>),
    Withdraw(Vec<(Unit, u8)>),
    FullMp(Vec<Unit>),
    Fortify(Unit),
    Demolish(Unit, usize),
    Rebuild(Unit, usize),
    BuildBridge(Unit, usize),
    Mask(Vec<Unit>, bool),
    Transfer(Unit, Unit),
    Fire(super::artillery::FirePlan),
    ChooseAir(Side, usize, Vec<usize>),
    AirMissions(Side, Vec<AirMission>),
    Owed(Vec<(Unit, u8)>),
    Repair(Vec<Unit>),
}
