//! Movement (R3, R4.2, R12): MP allowances, the cost and legality of each step, whole
//! paths with the minimum-move (R3.1.13) and secondary-road allowances, stacking
//! at the end of a move (R3.2), towed setup changes (R6.2.4) and strategic marking.

use super::board::Hx;
use super::error::{RuleError, refuse};
use super::event::{EliminationCause, Event, Motion};
use super::game::Game;
use super::phase::PhaseKind;
use super::prepared::Restraint;
use super::roster::Unit;
use super::side::Side;
use sztab_core::hex::HexId;
use sztab_core::model::{ArtillerySetup, Mp, UnitId};

/// Stacking limit per hex at the end of every phase (R3.2.1).
pub const STACKING_LIMIT: u32 = 8;

/// How a unit moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveMode {
    /// Movement phase.
    Normal,
    /// Strategic Movement phase: −2 MP, never into an enemy ZoC (R12.2).
    Strategic,
}

/// What walking a path costs and does.
#[derive(Clone, Debug, PartialEq)]
pub struct Walk {
    pub cost: Mp,
    /// Enemy guns and HQs eliminated on entering their hex (R6.1.7, R9.1.5).
    pub overruns: Vec<Hx>,
}

/// A validated move of a stack.
#[derive(Clone, Debug)]
pub struct MovePlan {
    pub units: Vec<(Unit, Walk)>,
    pub from: Hx,
    pub path: Vec<Hx>,
    pub mode: MoveMode,
}

/// Why a unit may not take a step: the terrain (or the map's edge), or a scenario's
/// restriction on crossing a kind of hexside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepBlock {
    Terrain,
    Crossing(usize),
}

/// A unit's step rules for one search (see `Game::step_rules`).
pub(crate) struct StepRules {
    unit: Unit,
    mover: super::board::Mover,
    /// No scenario crossing restriction binds the unit and no enemy movement-
    /// disorganization mission is up (R8.2.13): the board's cost is the step's.
    plain: bool,
}

impl Game {
    /// The day's turn number, for dated restrictions.
    pub(crate) fn today(&self) -> i64 {
        i64::from(self.turn())
    }

    /// A unit's MPs for this phase (R3.1.5, R12.2.3, in the order of A-80): printed MP at its
    /// CEL, halved by a scenario half-MP day and by `halve` (entry changes, R11.2.1),
    /// halved out of supply unless it chose full MPs (R10.2.2-10.2.3), −1 per enemy
    /// movement-disorganization mission over its hex (R8.2.14), −2 for strategic
    /// movement, never below 0; none the Movement phase after it fired a barrage
    /// (R6.5.5).
    pub fn mp_allowance(&self, u: Unit, mode: MoveMode, halve: bool) -> Mp {
        let st = self.state.unit(u);
        let mut mp = self.info(u).mp_at(st.cel);
        let today = self.today();
        let half_day = self.state.prepared.restraints[u.ix()].contains(&Restraint::HalfMpOn(today));
        if half_day {
            mp = mp.half();
        }
        if halve {
            mp = mp.half();
        }
        if st.oos > 0 && st.full_mp_tick != Some(self.state.tick()) {
            mp = mp.half();
        }
        if let Some(h) = st.hex() {
            let n = self.air_disruption(self.info(u).side, h);
            mp = (mp - Mp::whole(n)).max(Mp::ZERO);
        }
        if mode == MoveMode::Strategic {
            mp = (mp - Mp::whole(2)).max(Mp::ZERO);
        }
        if self.barrage_immobile(u) {
            mp = Mp::ZERO;
        }
        mp
    }

    /// MPs already spent by a unit this phase.
    pub fn mp_spent(&self, u: Unit) -> Mp {
        let (t, mp) = self.state.unit(u).spent;
        if t == self.state.tick() { mp } else { Mp::ZERO }
    }

    pub fn moved_this_phase(&self, u: Unit) -> bool {
        self.state.unit(u).moved_tick == Some(self.state.tick())
    }

    /// Scenario restriction: may not move before a date.
    pub fn frozen(&self, u: Unit) -> Option<i64> {
        let today = self.today();
        self.state.prepared.restraints[u.ix()]
            .iter()
            .find_map(|r| match r {
                Restraint::NoMoveUntil(t) if *t > today => Some(*t),
                _ => None,
            })
    }

    /// Why this unit may not start a move now, if it may not.
    pub(crate) fn may_move(&self, side: Side, u: Unit, mode: MoveMode) -> Result<(), RuleError> {
        let info = self.info(u);
        let st = self.state.unit(u);
        let id = &info.id;
        if info.side != side {
            return refuse(
                "R2.1.1",
                format!("{id} is not a unit of the phasing player"),
            );
        }
        if info.is_rg() || info.mover == super::board::Mover::Static {
            return refuse("R15.2.1", format!("{id} never moves"));
        }
        if info.is_towed() && st.setup == Some(ArtillerySetup::Combat) {
            return refuse(
                "R6.2.3",
                format!("{id} is in combat setup and must limber up first"),
            );
        }
        if let Some(t) = self.frozen(u) {
            let date = self
                .state
                .prepared
                .date_of_turn(t.clamp(1, i64::from(u32::MAX)) as u32);
            return refuse("Scenario", format!("{id} may not move before {date}"));
        }
        if self.moved_this_phase(u) {
            return refuse("R3.1.3", format!("{id} has already moved this phase"));
        }
        if self.barrage_immobile(u) {
            return refuse(
                "R6.5.5",
                format!("{id} fired a barrage and may not move this Movement phase"),
            );
        }
        if self.building_bridge(u) {
            return refuse(
                "R14.3.4",
                format!("{id} is building a bridge and may not move"),
            );
        }
        match mode {
            MoveMode::Normal if st.strategic => refuse(
                "R12.1.4",
                format!("{id} is marked for strategic movement and may not move now"),
            ),
            MoveMode::Strategic if !st.strategic => refuse(
                "R12.1.4",
                format!("{id} was not marked for strategic movement in the Movement phase"),
            ),
            _ => Ok(()),
        }
    }

    /// The terrain part of a step for a unit, with restrictions: cost and road used.
    pub(crate) fn step_cost(
        &self,
        u: Unit,
        from: Hx,
        to: Hx,
    ) -> Result<(Mp, Option<usize>), RuleError> {
        let b = self.board();
        let info = self.info(u);
        let Some(dir) = b.dir_to(from, to) else {
            return refuse(
                "R3.1.4",
                format!("{} and {} are not adjacent", b.id(from), b.id(to)),
            );
        };
        self.step_toward(u, from, dir).map_err(|why| match why {
            StepBlock::Terrain => RuleError::new(
                "R3.1.11",
                format!("{} cannot enter {} from {}", info.id, b.id(to), b.id(from)),
            ),
            StepBlock::Crossing(kind) => RuleError::new(
                "Scenario",
                format!(
                    "{} may not cross the {} here",
                    info.id, b.side_kinds[kind].name
                ),
            ),
        })
    }

    /// What `u`'s steps depend on beyond the board, looked up once per search.
    pub(crate) fn step_rules(&self, u: Unit) -> StepRules {
        let info = self.info(u);
        let crossings = self.state.prepared.restraints[u.ix()]
            .iter()
            .any(|r| matches!(r, Restraint::NoCrossing { .. }));
        StepRules {
            unit: u,
            mover: info.mover,
            plain: !crossings && !self.air_disruption_possible(info.side),
        }
    }

    /// `step_toward` for the unit of `rules`: the board's step alone when no scenario
    /// restriction and no enemy air mission can change it.
    pub(crate) fn step_by(
        &self,
        rules: &StepRules,
        from: Hx,
        dir: usize,
    ) -> Result<(Mp, Option<usize>), StepBlock> {
        if rules.plain {
            return self
                .board()
                .step_over(from, dir, rules.mover, &self.state.bridge_up)
                .ok_or(StepBlock::Terrain);
        }
        self.step_toward(rules.unit, from, dir)
    }

    /// `step_cost` toward the neighbour in `dir`, without the message: the movement
    /// search asks it of every step it tries.
    pub(crate) fn step_toward(
        &self,
        u: Unit,
        from: Hx,
        dir: usize,
    ) -> Result<(Mp, Option<usize>), StepBlock> {
        let b = self.board();
        let info = self.info(u);
        let Some(to) = b.neighbour(from, dir) else {
            return Err(StepBlock::Terrain);
        };
        let Some(mut step) = b.step_over(from, dir, info.mover, &self.state.bridge_up) else {
            return Err(StepBlock::Terrain);
        };
        // R8.2.13: +1 MP per enemy movement-disorganization mission over the hex.
        let air = self.air_disruption(info.side, to);
        if air > 0 {
            step.0 += Mp::whole(air);
        }
        for r in &self.state.prepared.restraints[u.ix()] {
            if let Restraint::NoCrossing { kind, north_of_row } = r {
                let edge = b.edge(from, dir);
                let north = north_of_row.is_none_or(|row| b.id(from).row.min(b.id(to).row) < row);
                // A bridge is still a crossing of the river.
                if edge.kinds.contains(kind) && north {
                    return Err(StepBlock::Crossing(*kind));
                }
            }
        }
        Ok(step)
    }

    /// Checks every step of a path for one unit and totals its cost. `start` is `None`
    /// for a unit entering the map through `path[0]` at `entry_cost`.
    pub(crate) fn walk(
        &self,
        u: Unit,
        start: Option<Hx>,
        entry_cost: Mp,
        path: &[Hx],
        mode: MoveMode,
        allowance: Mp,
    ) -> Result<Walk, RuleError> {
        let info = self.info(u);
        let side = info.side;
        let b = self.board();
        let enemy_zoc = self.zoc_of(side.other());
        let mut cost = if start.is_none() {
            entry_cost
        } else {
            Mp::ZERO
        };
        let mut overruns = Vec::new();
        let mut prev = start;
        let mut all_extra_road = start.is_some();
        let mut cost_before_last = cost;
        for &h in path {
            cost_before_last = cost;
            let step = match prev {
                Some(p) => {
                    if enemy_zoc.covers(p) && Some(p) != start {
                        return refuse(
                            "R4.2.1",
                            format!(
                                "{} entered an enemy ZoC at {} and must stop",
                                info.id,
                                b.id(p)
                            ),
                        );
                    }
                    let (c, road) = self.step_cost(u, p, h)?;
                    let extra = road.is_some_and(|r| {
                        info.mover
                            .column()
                            .is_some_and(|col| b.roads[r].extra_hex[col])
                    });
                    all_extra_road &= extra;
                    if enemy_zoc.shared(p, h) {
                        return refuse(
                            "R4.2.3",
                            format!(
                                "{} may not move from {} to {}: both are in the ZoC of the same enemy unit",
                                info.id,
                                b.id(p),
                                b.id(h)
                            ),
                        );
                    }
                    c + if enemy_zoc.covers(p) {
                        Mp::whole(1)
                    } else {
                        Mp::ZERO
                    }
                }
                // The entry hex: its cost is the entry cost (R11.1.5).
                None => Mp::ZERO,
            };
            if self.occupant(h).is_some_and(|s| s != side) {
                if !(info.is_regular() && self.overrunnable(side, h)) {
                    return refuse(
                        "R3.1.8",
                        format!("{} may not enter {}, held by the enemy", info.id, b.id(h)),
                    );
                }
                cost += self.overrun_cost(h);
                overruns.push(h);
            }
            if mode == MoveMode::Strategic && enemy_zoc.covers(h) {
                return refuse(
                    "R12.2.2",
                    format!(
                        "{} may not enter the enemy ZoC at {} in strategic movement",
                        info.id,
                        b.id(h)
                    ),
                );
            }
            cost += step;
            prev = Some(h);
        }
        if path.is_empty() {
            return refuse("R3.1.4", "a move needs at least one hex");
        }
        let spent = self.mp_spent(u);
        let left = allowance - spent;
        let minimum = start.is_some() && path.len() == 1 && spent == Mp::ZERO;
        let extra_hex = all_extra_road && cost_before_last <= left;
        if cost > left && !minimum && !extra_hex {
            return refuse(
                "R3.1.5",
                format!(
                    "{} needs {cost} MP for this path but has {left} MP",
                    info.id
                ),
            );
        }
        Ok(Walk { cost, overruns })
    }

    /// Checks that units ending their moves fit the stacking limit on every end hex
    /// (R3.2.1; R5.3.6 for retreats): friends already there and not moving, plus the
    /// units arriving. Enemy guns or HQs on the hex are overrun on entry and count nothing.
    pub(crate) fn check_final_stacking(
        &self,
        ends: &[(Unit, Hx)],
        rule: &'static str,
    ) -> Result<(), RuleError> {
        let moving = |u: &Unit| ends.iter().any(|(m, _)| m == u);
        let mut hexes: Vec<Hx> = ends.iter().map(|&(_, h)| h).collect();
        hexes.sort_unstable();
        hexes.dedup();
        for h in hexes {
            let Some(&(first, _)) = ends.iter().find(|(_, e)| *e == h) else {
                continue;
            };
            let side = self.info(first).side;
            let staying: u32 = self
                .units_at(h)
                .iter()
                .filter(|&&u| self.info(u).side == side && !moving(&u))
                .map(|&u| u32::from(self.state.unit(u).cel))
                .sum();
            let arriving: u32 = ends
                .iter()
                .filter(|(_, e)| *e == h)
                .map(|&(u, _)| u32::from(self.state.unit(u).cel))
                .sum();
            let total = staying + arriving;
            if total > STACKING_LIMIT {
                return refuse(
                    rule,
                    format!(
                        "{} would hold {total} CEL; at most {STACKING_LIMIT}",
                        self.hex_id(h)
                    ),
                );
            }
        }
        Ok(())
    }

    /// Checks that `units` ending together on `h` fit the stacking limit (R3.2.1).
    pub(crate) fn check_stacking(&self, h: Hx, units: &[Unit]) -> Result<(), RuleError> {
        let ends: Vec<(Unit, Hx)> = units.iter().map(|&u| (u, h)).collect();
        self.check_final_stacking(&ends, "R3.2.1")
    }

    /// Extra MPs to enter a hex of lone enemy guns: 1 per gun, 1 more if they are
    /// fortified (R6.1.7, A-41); an HQ costs nothing extra (R9.1.5).
    pub(crate) fn overrun_cost(&self, h: Hx) -> Mp {
        let guns = self
            .units_at(h)
            .iter()
            .filter(|&&x| self.info(x).is_gun())
            .count() as i32;
        let fortified = guns > 0 && self.state.ff[h].is_some();
        Mp::whole(guns + i32::from(fortified))
    }

    fn move_mode(&self) -> MoveMode {
        if self.state.clock.phase.kind() == PhaseKind::Strategic {
            MoveMode::Strategic
        } else {
            MoveMode::Normal
        }
    }

    pub(crate) fn plan_move(
        &self,
        side: Side,
        ids: &[UnitId],
        path: &[HexId],
    ) -> Result<MovePlan, RuleError> {
        let units = self.resolve_units(ids)?;
        let path = self.resolve_hexes(path)?;
        let mode = self.move_mode();
        let Some(&first) = units.first() else {
            return refuse("R3.1.3", "no unit to move");
        };
        let Some(from) = self.state.unit(first).hex() else {
            return refuse(
                "R3.1.4",
                format!("{} is not on the map", self.unit_id(first)),
            );
        };
        let mut planned = Vec::new();
        let mut cleared: Vec<Hx> = Vec::new();
        for &u in &units {
            self.may_move(side, u, mode)?;
            if self.state.unit(u).hex() != Some(from) {
                return refuse("R3.1.4", "units moving together must start in one hex");
            }
            if mode == MoveMode::Strategic && self.in_enemy_zoc(side, from) {
                return refuse(
                    "R12.2.1",
                    format!(
                        "{} is in an enemy ZoC and may not move strategically",
                        self.unit_id(u)
                    ),
                );
            }
            let allowance = self.mp_allowance(u, mode, false);
            let mut walk = self.walk(u, Some(from), Mp::ZERO, &path, mode, allowance)?;
            // Guns already overrun by a unit ahead in the stack cost nothing more.
            for h in &cleared {
                if walk.overruns.contains(h) {
                    walk.cost = walk.cost - self.overrun_cost(*h);
                }
            }
            walk.overruns.retain(|h| !cleared.contains(h));
            cleared.extend(walk.overruns.iter().copied());
            planned.push((u, walk));
        }
        if let Some(&end) = path.last() {
            self.check_stacking(end, &units)?;
        }
        Ok(MovePlan {
            units: planned,
            from,
            path,
            mode,
        })
    }

    pub(crate) fn execute_move(&mut self, plan: MovePlan) {
        let how = match plan.mode {
            MoveMode::Normal => Motion::Move,
            MoveMode::Strategic => Motion::Strategic,
        };
        for (u, walk) in plan.units {
            self.overrun(&walk.overruns, self.info(u).side);
            let path = self.hex_ids(&plan.path);
            self.emit(Event::Moved {
                unit: self.unit_id(u).clone(),
                from: Some(self.hex_id(plan.from)),
                path,
                cost: walk.cost,
                how,
            });
            self.clear_enemy_ff(self.info(u).side, &plan.path);
            self.river_crossing_fire(u, Some(plan.from), &plan.path);
        }
        self.spoil_repairs();
    }

    pub(crate) fn plan_full_mp(&self, side: Side, ids: &[UnitId]) -> Result<Vec<Unit>, RuleError> {
        let units = self.resolve_units(ids)?;
        if !matches!(
            self.state.clock.phase.kind(),
            PhaseKind::Movement | PhaseKind::Strategic
        ) {
            return refuse("R10.2.3", "full MPs are chosen in a movement phase");
        }
        let now = Some(self.state.tick());
        for &u in &units {
            let st = self.state.unit(u);
            let id = self.unit_id(u);
            if self.info(u).side != side || st.hex().is_none() {
                return refuse(
                    "R2.1.1",
                    format!("{id} is not a unit of the phasing player on the map"),
                );
            }
            if st.oos == 0 {
                return refuse("R10.2.3", format!("{id} is in supply"));
            }
            if st.full_mp_tick == now {
                return refuse("R10.2.3", format!("{id} already has its full MPs"));
            }
            if self.moved_this_phase(u) || self.mp_spent(u) > Mp::ZERO {
                return refuse("R10.2.3", format!("{id} has already moved this phase"));
            }
        }
        Ok(units)
    }

    pub(crate) fn execute_full_mp(&mut self, units: Vec<Unit>) {
        for u in units {
            let level = self.state.unit(u).oos.saturating_add(1);
            self.emit(Event::OosChanged {
                unit: self.unit_id(u).clone(),
                level,
                reason: crate::event::OosReason::FullMp,
            });
        }
    }

    pub(crate) fn plan_mask(&self, side: Side, ids: &[UnitId]) -> Result<Vec<Unit>, RuleError> {
        let units = self.resolve_units(ids)?;
        for &u in &units {
            if self.info(u).side != side || self.state.unit(u).hex().is_none() {
                return refuse(
                    "R16.1.2",
                    format!(
                        "{} is not a unit of the phasing player on the map",
                        self.unit_id(u)
                    ),
                );
            }
        }
        Ok(units)
    }

    pub(crate) fn execute_mask(&mut self, units: Vec<Unit>, masked: bool) {
        for u in units {
            if self.state.unit(u).masked != masked {
                self.emit(Event::Masked {
                    unit: self.unit_id(u).clone(),
                    masked,
                });
            }
        }
    }

    /// Eliminates the enemy guns and HQs on hexes a unit of `side` enters.
    pub(crate) fn overrun(&mut self, hexes: &[Hx], side: Side) {
        for &h in hexes {
            if !self.overrunnable(side, h) {
                continue;
            }
            for v in self.units_at(h).to_vec() {
                self.eliminate(v, EliminationCause::Overrun);
            }
        }
    }

    /// An FF is removed when an enemy unit enters its hex (R7.1.6).
    pub(crate) fn clear_enemy_ff(&mut self, side: Side, path: &[Hx]) {
        for &h in path {
            if self.state.ff[h].is_some_and(|s| s != side) {
                self.emit(Event::FfRemoved {
                    hex: self.hex_id(h),
                });
            }
        }
    }

    pub(crate) fn plan_setup_change(
        &self,
        side: Side,
        id: &UnitId,
    ) -> Result<(Unit, ArtillerySetup), RuleError> {
        let u = self.resolve_units(std::slice::from_ref(id))?[0];
        let info = self.info(u);
        let st = self.state.unit(u);
        if self.state.clock.phase.kind() != PhaseKind::Movement {
            return refuse("R6.2.4", "setup changes are made in the Movement phase");
        }
        if info.side != side || st.hex().is_none() {
            return refuse(
                "R2.1.1",
                format!("{id} is not a unit of the phasing player on the map"),
            );
        }
        let Some(cur) = st.setup.filter(|_| info.is_towed()) else {
            return refuse("R6.2.2", format!("{id} is not a towed unit"));
        };
        if self.frozen(u).is_some() {
            return refuse("Scenario", format!("{id} may not move yet"));
        }
        if self.moved_this_phase(u) || self.mp_spent(u) > Mp::ZERO || st.strategic {
            return refuse("R6.2.4", format!("{id} has already acted this phase"));
        }
        if self.mp_allowance(u, MoveMode::Normal, false) < Mp::whole(1) {
            return refuse(
                "R6.2.4",
                format!("{id} lacks the 1 MP a setup change costs"),
            );
        }
        let next = match cur {
            ArtillerySetup::Combat => ArtillerySetup::Transport,
            ArtillerySetup::Transport => ArtillerySetup::Combat,
        };
        Ok((u, next))
    }

    pub(crate) fn execute_setup_change(&mut self, u: Unit, setup: ArtillerySetup) {
        self.emit(Event::SetupChanged {
            unit: self.unit_id(u).clone(),
            setup,
        });
    }

    pub(crate) fn plan_mark(&self, side: Side, ids: &[UnitId]) -> Result<Vec<Unit>, RuleError> {
        let units = self.resolve_units(ids)?;
        if self.state.clock.phase.kind() != PhaseKind::Movement {
            return refuse(
                "R12.1.4",
                "units are marked for strategic movement in the Movement phase",
            );
        }
        for &u in &units {
            self.may_move(side, u, MoveMode::Normal)?;
            let Some(h) = self.state.unit(u).hex() else {
                return refuse("R12.1.4", format!("{} is not on the map", self.unit_id(u)));
            };
            if self.mp_spent(u) > Mp::ZERO {
                return refuse(
                    "R12.1.2",
                    format!("{} was activated this phase", self.unit_id(u)),
                );
            }
            if self.in_enemy_zoc(side, h) {
                return refuse(
                    "R12.2.1",
                    format!(
                        "{} is in an enemy ZoC and may not move strategically",
                        self.unit_id(u)
                    ),
                );
            }
        }
        Ok(units)
    }

    pub(crate) fn execute_mark(&mut self, units: Vec<Unit>) {
        for u in units {
            self.emit(Event::StrategicMarked {
                unit: self.unit_id(u).clone(),
            });
        }
    }
}
