//! Reinforcements (R11): arrival off the map, entry through zones with the growing
//! cost of each further stack through one hex (R11.1.5), the half-MP switch to an
//! adjacent zone (R11.2.1), waiting to shift up to 3 zones (R11.2.2), and leaving the
//! map through a zone (R11.2.3).

use super::board::Hx;
use super::error::{RuleError, refuse};
use super::event::{Event, Motion, VpReason};
use super::game::Game;
use super::movement::{MoveMode, Walk};
use super::phase::PhaseKind;
use super::prepared::Award;
use super::roster::Unit;
use super::side::Side;
use super::state::Loc;
use sztab_core::hex::HexId;
use sztab_core::model::{Mp, UnitId};

/// How many zones a waiting unit may shift in one turn (R11.2.2).
pub const ZONE_SHIFT: u16 = 3;

/// A validated entry of one stack.
#[derive(Clone, Debug)]
pub struct EnterPlan {
    pub units: Vec<(Unit, Walk)>,
    pub path: Vec<Hx>,
    /// Optional groups called in by this entry (their first unit to enter).
    pub called: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct ShiftPlan {
    pub units: Vec<Unit>,
    pub zone: usize,
    pub ready_turn: u32,
}

impl Game {
    /// Is an off-map unit free to enter now?
    fn ready(&self, u: Unit) -> Result<(), RuleError> {
        let st = self.state.unit(u);
        let id = self.unit_id(u);
        if st.loc != Loc::OffMap {
            return refuse("R11.1.1", format!("{id} is not waiting off the map"));
        }
        if st.waiting.ready_tick > self.state.tick() {
            return refuse(
                "R11.2.2",
                format!("{id} is still shifting to its new entry zone"),
            );
        }
        let group = st.waiting.group.map(|g| &self.state.prepared.groups[g]);
        if let Some(t) = group.and_then(|g| g.cannot_move_before)
            && t > i64::from(self.turn())
        {
            return refuse("Scenario", format!("{id} may not move yet"));
        }
        if self.frozen(u).is_some() {
            return refuse("Scenario", format!("{id} may not move yet"));
        }
        if self.moved_this_phase(u) {
            return refuse("R3.1.3", format!("{id} has already acted this phase"));
        }
        Ok(())
    }

    fn zone_line(&self, z: usize) -> Option<(u8, u16)> {
        self.state.prepared.zones[z].line
    }

    /// Zones a waiting unit may enter through now, with `true` when that costs half its
    /// MPs (an adjacent zone, R11.2.1).
    pub fn entry_zones(&self, u: Unit) -> Vec<(usize, bool)> {
        if self.ready(u).is_err() {
            return Vec::new();
        }
        let home = &self.state.unit(u).waiting.zones;
        let mut out: Vec<(usize, bool)> = home.iter().map(|&z| (z, false)).collect();
        for z in 0..self.state.prepared.zones.len() {
            if home.contains(&z) {
                continue;
            }
            let adjacent = home
                .iter()
                .any(|&h| match (self.zone_line(h), self.zone_line(z)) {
                    (Some((l1, p1)), Some((l2, p2))) => l1 == l2 && p1.abs_diff(p2) == 1,
                    _ => false,
                });
            if adjacent {
                out.push((z, true));
            }
        }
        out
    }

    /// Off-map units of `side` that may enter now.
    pub fn waiting_units(&self, side: Side) -> Vec<Unit> {
        self.roster()
            .all()
            .filter(|&u| self.info(u).side == side && self.ready(u).is_ok())
            .collect()
    }

    /// Cost for the next stack to come on through `h` (R11.1.5): k times the entry cost.
    pub fn entry_stack_cost(&self, u: Unit, h: Hx) -> Option<Mp> {
        let k = self
            .state
            .entry_stacks
            .iter()
            .find(|(x, _)| *x == h)
            .map_or(0, |e| e.1);
        let air = self.air_disruption(self.info(u).side, h);
        self.board()
            .entry_cost(h, self.info(u).mover)
            .map(|c| c * (i32::from(k) + 1) + Mp::whole(air))
    }

    pub(crate) fn plan_enter(
        &self,
        side: Side,
        ids: &[UnitId],
        path: &[HexId],
    ) -> Result<EnterPlan, RuleError> {
        let kind = self.state.clock.phase.kind();
        let mode = match kind {
            PhaseKind::Movement => MoveMode::Normal,
            PhaseKind::Strategic => MoveMode::Strategic,
            _ => {
                return refuse(
                    "R11.1.3",
                    "reinforcements enter in Movement or Strategic Movement phases",
                );
            }
        };
        let units = self.resolve_units(ids)?;
        let path = self.resolve_hexes(path)?;
        let Some(&entry) = path.first() else {
            return refuse("R11.1.2", "an entry needs an entry hex");
        };
        if self.state.control[entry].is_some_and(|s| s != side) {
            return refuse(
                "R11.1.4",
                format!("{} is controlled by the enemy", self.hex_id(entry)),
            );
        }
        if self.occupant(entry).is_some_and(|s| s != side) {
            return refuse(
                "R3.1.8",
                format!("{} is held by the enemy", self.hex_id(entry)),
            );
        }
        let mut planned = Vec::new();
        let mut called = Vec::new();
        for &u in &units {
            let info = self.info(u);
            if info.side != side {
                return refuse(
                    "R2.1.1",
                    format!("{} is not a unit of the phasing player", info.id),
                );
            }
            self.ready(u)?;
            if info.is_rg() || info.mover == super::board::Mover::Static {
                return refuse("R15.2.1", format!("{} never moves", info.id));
            }
            let zones = self.entry_zones(u);
            let zone_hexes = |z: usize| &self.state.prepared.zones[z].hexes;
            let half = match (
                zones
                    .iter()
                    .any(|&(z, h)| !h && zone_hexes(z).contains(&entry)),
                zones
                    .iter()
                    .any(|&(z, h)| h && zone_hexes(z).contains(&entry)),
            ) {
                (true, _) => false,
                (false, true) => true,
                (false, false) => {
                    return refuse(
                        "R11.1.2",
                        format!(
                            "{} is not an entry hex {} may use now",
                            self.hex_id(entry),
                            info.id
                        ),
                    );
                }
            };
            let group = self.state.unit(u).waiting.group;
            let first_turn_half =
                group.is_some_and(|g| self.state.prepared.groups[g].half_mp_first_turn);
            let mut allowance = self.mp_allowance(u, mode, half);
            if first_turn_half {
                allowance = allowance.half();
            }
            let Some(entry_cost) = self.entry_stack_cost(u, entry) else {
                return refuse(
                    "R3.1.11",
                    format!("{} cannot enter {}", info.id, self.hex_id(entry)),
                );
            };
            if entry_cost > allowance {
                return refuse(
                    "R11.1.5",
                    format!(
                        "entering at {} costs {entry_cost} MP for this stack; {} has {allowance} (A-63: no minimum move onto the map)",
                        self.hex_id(entry),
                        info.id
                    ),
                );
            }
            let walk = self.walk(u, None, entry_cost, &path, mode, allowance)?;
            if let Some(g) = group
                && self.state.prepared.groups[g].optional
                && !self.state.reserves_called.contains(&g)
                && !called.contains(&g)
            {
                called.push(g);
            }
            planned.push((u, walk));
        }
        if let Some(&end) = path.last() {
            self.check_stacking(end, &units)?;
        }
        Ok(EnterPlan {
            units: planned,
            path,
            called,
        })
    }

    pub(crate) fn execute_enter(&mut self, plan: EnterPlan) {
        let entry = self.hex_id(plan.path[0]);
        self.emit(Event::EntryStack { hex: entry });
        for g in plan.called {
            self.score_reserve(g);
        }
        for (u, walk) in plan.units {
            let side = self.info(u).side;
            self.overrun(&walk.overruns, side);
            let path = self.hex_ids(&plan.path);
            self.emit(Event::Moved {
                unit: self.unit_id(u).clone(),
                from: None,
                path,
                cost: walk.cost,
                how: Motion::Entry,
            });
            self.clear_enemy_ff(side, &plan.path);
            self.river_crossing_fire(u, None, &plan.path);
        }
        self.spoil_repairs();
    }

    /// The opponent scores an optional group when it is called in.
    fn score_reserve(&mut self, g: usize) {
        let Some(vp) = self.reserve_vp(g) else {
            return;
        };
        self.emit(Event::VpScored {
            vp,
            reason: VpReason::ReserveEntered {
                group: g,
                name: self.state.prepared.groups[g].name.clone(),
            },
        });
    }

    /// What calling optional group `g` in gives the scorer (negative when the scorer
    /// calls it in); `None` without victory conditions.
    fn reserve_vp(&self, g: usize) -> Option<i32> {
        let p = &self.state.prepared;
        let group = &p.groups[g];
        let v = p.victory.as_ref()?;
        let award: i32 = v
            .awards
            .iter()
            .filter(|(_, a)| matches!(a, Award::ReserveEntered))
            .map(|(vp, _)| *vp)
            .sum();
        let vp = if group.enemy_vp != 0 {
            group.enemy_vp
        } else {
            award
        };
        Some(if v.scorer == group.side { -vp } else { vp })
    }

    /// The VP the scorer gains if waiting unit `u` enters now: its group is optional and
    /// not called in yet; 0 otherwise.
    pub fn call_in_vp(&self, u: Unit) -> i32 {
        let Some(g) = self.state.unit(u).waiting.group else {
            return 0;
        };
        if !self.state.prepared.groups[g].optional || self.state.reserves_called.contains(&g) {
            return 0;
        }
        self.reserve_vp(g).unwrap_or(0)
    }

    pub(crate) fn plan_shift(
        &self,
        side: Side,
        ids: &[UnitId],
        zone: &str,
    ) -> Result<ShiftPlan, RuleError> {
        if self.state.clock.phase.kind() != PhaseKind::Movement {
            return refuse("R11.2.2", "entry is delayed in the Movement phase");
        }
        let units = self.resolve_units(ids)?;
        let Some(z) = self
            .state
            .prepared
            .zones
            .iter()
            .position(|x| x.name == zone)
        else {
            return refuse("R11.2.2", format!("there is no entry zone {zone}"));
        };
        let Some((line, pos)) = self.zone_line(z) else {
            return refuse("R11.2.2", format!("zone {zone} is not on a line of zones"));
        };
        for &u in &units {
            if self.info(u).side != side {
                return refuse(
                    "R2.1.1",
                    format!("{} is not a unit of the phasing player", self.unit_id(u)),
                );
            }
            self.ready(u)?;
            let near = self.state.unit(u).waiting.zones.iter().any(|&h| {
                self.zone_line(h)
                    .is_some_and(|(l, p)| l == line && p.abs_diff(pos) <= ZONE_SHIFT)
            });
            if !near {
                return refuse(
                    "R11.2.2",
                    format!(
                        "{} may shift at most {ZONE_SHIFT} zones a turn",
                        self.unit_id(u)
                    ),
                );
            }
        }
        Ok(ShiftPlan {
            units,
            zone: z,
            ready_turn: self.turn() + 1,
        })
    }

    pub(crate) fn execute_shift(&mut self, plan: ShiftPlan) {
        let zone = self.state.prepared.zones[plan.zone].name.clone();
        for u in plan.units {
            self.emit(Event::ZoneShifted {
                unit: self.unit_id(u).clone(),
                zone: zone.clone(),
                ready_turn: plan.ready_turn,
            });
        }
    }

    pub(crate) fn plan_leave(
        &self,
        side: Side,
        ids: &[UnitId],
    ) -> Result<Vec<(Unit, usize)>, RuleError> {
        if !matches!(
            self.state.clock.phase.kind(),
            PhaseKind::Movement | PhaseKind::Strategic
        ) {
            return refuse(
                "R11.2.3",
                "units leave the map in Movement or Strategic Movement phases",
            );
        }
        let mut out = Vec::new();
        for u in self.resolve_units(ids)? {
            let info = self.info(u);
            let Some(h) = self.state.unit(u).hex() else {
                return refuse("R11.2.3", format!("{} is not on the map", info.id));
            };
            if info.side != side {
                return refuse(
                    "R2.1.1",
                    format!("{} is not a unit of the phasing player", info.id),
                );
            }
            if info.is_rg() || self.frozen(u).is_some() {
                return refuse("R15.2.1", format!("{} may not move", info.id));
            }
            if info.is_towed()
                && self.state.unit(u).setup == Some(sztab_core::model::ArtillerySetup::Combat)
            {
                return refuse("R6.2.3", format!("{} is in combat setup", info.id));
            }
            let Some(z) = self
                .state
                .prepared
                .zones
                .iter()
                .position(|z| z.hexes.contains(&h))
            else {
                return refuse(
                    "R11.2.3",
                    format!("{} is not on an entry zone", self.hex_id(h)),
                );
            };
            out.push((u, z));
        }
        Ok(out)
    }

    pub(crate) fn execute_leave(&mut self, plan: Vec<(Unit, usize)>) {
        for (u, z) in plan {
            let zone = self.state.prepared.zones[z].name.clone();
            self.emit(Event::LeftMap {
                unit: self.unit_id(u).clone(),
                zone,
            });
        }
    }

    /// At the start of a turn: groups whose day has come wait off the map (R11.1.1).
    pub(crate) fn arrive(&mut self) {
        let p = self.state.prepared.clone();
        let today = i64::from(self.turn());
        for (g, group) in p.groups.iter().enumerate() {
            if group.turn > today || (group.optional && !p.rules.optional_reserves) {
                continue;
            }
            let units: Vec<Unit> = group
                .units
                .iter()
                .copied()
                .filter(|&u| self.state.unit(u).loc == Loc::Scheduled)
                .collect();
            if units.is_empty() {
                continue;
            }
            self.emit(Event::Arrived {
                group: g,
                name: group.name.clone(),
                units: self.unit_ids(&units),
                zones: group
                    .zones
                    .iter()
                    .map(|&z| p.zones[z].name.clone())
                    .collect(),
            });
        }
    }
}
