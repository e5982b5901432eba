//! Bridges (R14): their control (R14.1.3), demolition by a unit at one end (R14.2.1,
//! R14.3.1, only by the controlling side R14.1.4 as A-48 reads it), rebuilding printed
//! bridges within HQ range (R14.2.2-14.2.3), and an HQ building a bridge over a big
//! river in two turns (R14.3.2-14.3.4). Artillery and air destroy bridges on the
//! ATTACK ON OBJECTS table (`artillery`, `air`).

use super::board::Hx;
use super::error::{RuleError, refuse};
use super::event::{BridgeCause, Event, MpUse};
use super::game::Game;
use super::movement::MoveMode;
use super::phase::PhaseKind;
use super::roster::Unit;
use super::side::Side;
use sztab_core::hex::Hexside;
use sztab_core::model::{Mp, UnitId};

/// MPs to demolish a bridge, and over a big river (R14.2.1, R14.3.1).
pub const DEMOLISH_MP: i32 = 1;
pub const DEMOLISH_BIG_MP: i32 = 3;
/// MPs to rebuild a bridge (R14.2.2).
pub const REBUILD_MP: i32 = 3;

impl Game {
    fn bridge_of(&self, side: Hexside) -> Result<usize, RuleError> {
        match self.board().bridge_at(side) {
            Some(b) => Ok(b),
            None => refuse("R14.1.1", format!("there is no bridge at {side}")),
        }
    }

    /// A unit of `side` on one end of bridge `b`, in its Movement phase, with `cost`
    /// MPs left.
    fn bridge_worker(
        &self,
        side: Side,
        id: &UnitId,
        b: usize,
        cost: Mp,
        rule: &'static str,
    ) -> Result<Unit, RuleError> {
        if self.state.clock.phase.kind() != PhaseKind::Movement {
            return refuse(rule, "bridges are worked on in the Movement phase");
        }
        let u = self.resolve_units(std::slice::from_ref(id))?[0];
        let info = self.info(u);
        let (x, y) = self.board().bridges[b].ends;
        let Some(h) = self.state.unit(u).hex() else {
            return refuse(rule, format!("{id} is not on the map"));
        };
        if info.side != side {
            return refuse(
                "R2.1.1",
                format!("{id} is not a unit of the phasing player"),
            );
        }
        if h != x && h != y {
            return refuse(rule, format!("{id} is not at either end of the bridge"));
        }
        if self.frozen(u).is_some() {
            return refuse("Scenario", format!("{id} may not act yet"));
        }
        let left = self.mp_allowance(u, MoveMode::Normal, false) - self.mp_spent(u);
        if left < cost {
            return refuse(
                rule,
                format!("{id} has {left} MP left, not the {cost} needed"),
            );
        }
        Ok(u)
    }

    pub(crate) fn plan_demolish(
        &self,
        side: Side,
        id: &UnitId,
        bridge: Hexside,
    ) -> Result<(Unit, usize), RuleError> {
        let b = self.bridge_of(bridge)?;
        let info = &self.board().bridges[b];
        if !self.state.bridge_up[b] {
            return refuse("R14.1.2", format!("the bridge at {bridge} is already down"));
        }
        let cost = Mp::whole(if info.big {
            DEMOLISH_BIG_MP
        } else {
            DEMOLISH_MP
        });
        let rule = if info.big { "R14.3.1" } else { "R14.2.1" };
        let u = self.bridge_worker(side, id, b, cost, rule)?;
        let i = self.info(u);
        if !(i.is_regular() || i.is_hq()) {
            return refuse(rule, format!("{id} is neither a regular unit nor an HQ"));
        }
        if self.state.bridge_control[b] != Some(side) {
            return refuse(
                "R14.1.4",
                format!("only the side controlling the bridge at {bridge} may blow it"),
            );
        }
        Ok((u, b))
    }

    pub(crate) fn execute_demolish(&mut self, u: Unit, b: usize) {
        let cost = if self.board().bridges[b].big {
            DEMOLISH_BIG_MP
        } else {
            DEMOLISH_MP
        };
        self.emit(Event::MpSpent {
            unit: self.unit_id(u).clone(),
            mp: Mp::whole(cost),
            reason: MpUse::DemolishBridge,
        });
        self.emit(Event::BridgeChanged {
            bridge: self.board().bridges[b].side,
            standing: false,
            cause: BridgeCause::Demolished,
        });
    }

    /// Is `u` within range of a friendly HQ, or an HQ itself (R14.2.2, R9.2.2)?
    pub fn in_hq_range(&self, u: Unit) -> bool {
        let info = self.info(u);
        let Some(h) = self.state.unit(u).hex() else {
            return false;
        };
        info.is_hq()
            || self.units_on_map(info.side).any(|q| {
                self.info(q).is_hq()
                    && self.state.unit(q).hex().is_some_and(|x| {
                        self.board().distance(x, h) <= u32::from(self.info(q).hq_range)
                    })
            })
    }

    pub(crate) fn plan_rebuild(
        &self,
        side: Side,
        id: &UnitId,
        bridge: Hexside,
    ) -> Result<(Unit, usize), RuleError> {
        let b = self.bridge_of(bridge)?;
        let info = &self.board().bridges[b];
        if self.state.bridge_up[b] {
            return refuse("R14.2.2", format!("the bridge at {bridge} stands"));
        }
        if !info.printed {
            return refuse("R14.2.3", "only printed bridges may be rebuilt");
        }
        if info.big {
            return refuse(
                "R14.3.2",
                "a big-river bridge is built by an HQ over two turns",
            );
        }
        let u = self.bridge_worker(side, id, b, Mp::whole(REBUILD_MP), "R14.2.2")?;
        let i = self.info(u);
        if i.is_artillery() || i.is_rg() {
            return refuse("R14.2.2", format!("{id} cannot rebuild bridges"));
        }
        if !self.in_hq_range(u) {
            return refuse(
                "R14.2.2",
                format!("{id} is not within range of a friendly HQ"),
            );
        }
        let (x, y) = info.ends;
        if [x, y]
            .iter()
            .any(|&h| self.occupant(h) == Some(side.other()))
        {
            return refuse("R14.2.2", "the enemy holds the other end");
        }
        Ok((u, b))
    }

    pub(crate) fn execute_rebuild(&mut self, u: Unit, b: usize) {
        self.emit(Event::MpSpent {
            unit: self.unit_id(u).clone(),
            mp: Mp::whole(REBUILD_MP),
            reason: MpUse::RebuildBridge,
        });
        self.emit(Event::BridgeChanged {
            bridge: self.board().bridges[b].side,
            standing: true,
            cause: BridgeCause::Rebuilt,
        });
    }

    /// R14.1.3 at the end of a Supply phase: a bridge whose two ends one side controls
    /// is that side's; with the ends split, the side that held it first keeps it while
    /// it holds its end.
    pub(crate) fn update_bridge_control(&mut self) {
        for b in 0..self.board().bridges.len() {
            let info = &self.board().bridges[b];
            if !(info.printed || self.state.bridge_up[b]) {
                continue;
            }
            let (x, y) = info.ends;
            let (cx, cy) = (self.state.control[x], self.state.control[y]);
            let cur = self.state.bridge_control[b];
            let new = if cx == cy {
                cx
            } else if cur.is_some() && (cx == cur || cy == cur) {
                cur
            } else {
                match (cx, cy) {
                    (Some(s), None) | (None, Some(s)) => Some(s),
                    _ => None,
                }
            };
            if new != cur {
                let side = new.map(|s| self.side_id(s).clone());
                self.emit(Event::BridgeControl {
                    bridge: self.board().bridges[b].side,
                    side,
                });
            }
        }
    }

    /// Bridge sites over a big river next to `h` that have no standing bridge.
    fn open_big_river(&self, h: Hx) -> Vec<usize> {
        (0..6)
            .filter_map(|d| self.board().edge(h, d).bridge)
            .filter(|&b| self.board().bridges[b].big && !self.state.bridge_up[b])
            .collect()
    }

    /// R14.3.2 step 1: HQs on a big-river bank at the end of their Supply phase.
    pub(crate) fn bridge_build_eligibility(&mut self, side: Side) {
        let hqs: Vec<Unit> = self
            .units_on_map(side)
            .filter(|&u| self.info(u).is_hq())
            .filter(|&u| !self.state.bridge_builds.iter().any(|b| b.hq == u))
            .filter(|&u| {
                self.state
                    .unit(u)
                    .hex()
                    .is_some_and(|h| !self.open_big_river(h).is_empty())
            })
            .collect();
        let had = self
            .state
            .bridge_eligible
            .iter()
            .any(|&u| self.info(u).side == side);
        if !hqs.is_empty() || had {
            self.emit(Event::BridgeBuildEligible {
                side: self.side_id(side).clone(),
                hqs: self.unit_ids(&hqs),
            });
        }
    }

    pub(crate) fn plan_build_bridge(
        &self,
        side: Side,
        id: &UnitId,
        bridge: Hexside,
    ) -> Result<(Unit, usize), RuleError> {
        let b = self.bridge_of(bridge)?;
        let info = &self.board().bridges[b];
        if !info.big {
            return refuse(
                "R14.2.2",
                "river and stream bridges are rebuilt, not built by an HQ",
            );
        }
        if self.state.bridge_up[b] {
            return refuse("R14.3.2", format!("a bridge stands at {bridge}"));
        }
        if self.state.bridge_builds.iter().any(|x| x.bridge == b) {
            return refuse("R14.3.3", "one HQ per bridge");
        }
        let u = self.bridge_worker(side, id, b, Mp::ZERO, "R14.3.2")?;
        if !self.state.bridge_eligible.contains(&u) {
            return refuse(
                "R14.3.2",
                format!("{id} was not on the river bank at the end of its Supply phase"),
            );
        }
        if self.moved_this_phase(u) || self.mp_spent(u) > Mp::ZERO {
            return refuse("R14.3.2", format!("building takes all of {id}'s MPs"));
        }
        Ok((u, b))
    }

    pub(crate) fn execute_build_bridge(&mut self, u: Unit, b: usize) {
        let mp = self.mp_allowance(u, MoveMode::Normal, false);
        self.emit(Event::MpSpent {
            unit: self.unit_id(u).clone(),
            mp,
            reason: MpUse::BuildBridge,
        });
        self.emit(Event::BridgeBuildDeclared {
            hq: self.unit_id(u).clone(),
            bridge: self.board().bridges[b].side,
        });
    }

    /// Is this HQ building a bridge (R14.3.4: it may not move or retreat)?
    pub fn building_bridge(&self, u: Unit) -> bool {
        self.state.bridge_builds.iter().any(|b| b.hq == u)
    }

    /// R14.3.2 step 3, at the start of the builder's next-turn Movement phase: the
    /// bridge stands if the far-bank hex is controlled by its side and is out of enemy
    /// ZoC or has friendly regular units on both banks; the HQ spends all its MPs again.
    pub(crate) fn finish_bridge_builds(&mut self, side: Side) {
        let now = self.state.tick();
        for build in self.state.bridge_builds.clone() {
            if self.info(build.hq).side != side || build.declared_tick + 12 > now {
                continue;
            }
            let Some(h) = self.state.unit(build.hq).hex() else {
                continue;
            };
            let (x, y) = self.board().bridges[build.bridge].ends;
            let far = if h == x { y } else { x };
            let regular = |hex: Hx| {
                self.units_at(hex)
                    .iter()
                    .any(|&u| self.info(u).side == side && self.info(u).is_regular())
            };
            let built = self.state.control[far] == Some(side)
                && (!self.in_enemy_zoc(side, far) || (regular(far) && regular(h)));
            let bridge = self.board().bridges[build.bridge].side;
            if built {
                self.emit(Event::BridgeChanged {
                    bridge,
                    standing: true,
                    cause: BridgeCause::Built,
                });
                let mp = self.mp_allowance(build.hq, MoveMode::Normal, false);
                self.emit(Event::MpSpent {
                    unit: self.unit_id(build.hq).clone(),
                    mp,
                    reason: MpUse::BuildBridge,
                });
            }
            self.emit(Event::BridgeBuildEnded {
                hq: self.unit_id(build.hq).clone(),
                bridge,
                built,
            });
        }
    }
}
