//! Building field fortifications (R7.1.2-7.1.4, R7.1.7-7.1.9, R5.3.10): a regular unit
//! that has not moved this Movement phase spends all its MPs to fortify its hex, unless
//! it retreated in the last Combat phase (and can still leave the enemy ZoC), the hex
//! is swamp or a Fixed Position, or its side already has an FF there.

use super::error::{RuleError, refuse};
use super::event::{Event, MpUse};
use super::game::Game;
use super::movement::MoveMode;
use super::phase::{Clock, PhaseKind};
use super::roster::Unit;
use super::side::Side;
use sztab_core::model::{Mp, UnitId};

impl Game {
    /// The tick of the last Combat phase before now.
    fn last_combat_tick(&self) -> Option<u32> {
        (0..self.state.tick())
            .rev()
            .find(|&t| Clock::from_tick(t).phase.kind() == PhaseKind::Combat)
    }

    /// R7.1.3: a unit in an enemy ZoC with nowhere to go outside enemy ZoCs.
    fn cannot_leave_enemy_zoc(&self, u: Unit) -> bool {
        let side = self.info(u).side;
        let Some(h) = self.state.unit(u).hex() else {
            return false;
        };
        if !self.in_enemy_zoc(side, h) {
            return false;
        }
        self.reach(u)
            .is_none_or(|r| r.hexes().all(|(x, _)| self.in_enemy_zoc(side, x)))
    }

    pub(crate) fn plan_fortify(&self, side: Side, id: &UnitId) -> Result<Unit, RuleError> {
        if self.state.clock.phase.kind() != PhaseKind::Movement {
            return refuse(
                "R7.1.2",
                "field fortifications are built in the Movement phase",
            );
        }
        let u = self.resolve_units(std::slice::from_ref(id))?[0];
        let info = self.info(u);
        let st = self.state.unit(u);
        let Some(h) = st.hex() else {
            return refuse("R7.1.2", format!("{id} is not on the map"));
        };
        if info.side != side {
            return refuse(
                "R2.1.1",
                format!("{id} is not a unit of the phasing player"),
            );
        }
        if !info.is_regular() {
            return refuse("R7.1.2", format!("{id} is not a regular unit"));
        }
        if self.moved_this_phase(u) || self.mp_spent(u) > Mp::ZERO || st.strategic {
            return refuse(
                "R7.1.4",
                format!("{id} has moved or spent MPs this phase; building takes all of them"),
            );
        }
        let retreated = st.retreated_tick.is_some() && st.retreated_tick == self.last_combat_tick();
        if retreated && !self.cannot_leave_enemy_zoc(u) {
            return refuse(
                "R5.3.10",
                format!("{id} retreated in the last Combat phase and may not build (R7.1.2)"),
            );
        }
        let b = self.board();
        if b.no_ff[h] {
            return refuse("R7.1.8", format!("no field fortification on {}", b.id(h)));
        }
        if b.fp_hex[h] {
            return refuse(
                "R7.1.9",
                format!("{} is a Fixed Position: no field fortification", b.id(h)),
            );
        }
        if self.state.ff[h] == Some(side) {
            return refuse("R7.1.7", format!("{} is already fortified", b.id(h)));
        }
        Ok(u)
    }

    pub(crate) fn execute_fortify(&mut self, u: Unit) {
        let side = self.info(u).side;
        let h = self.state.unit(u).hex().unwrap_or(0);
        let mp = self.mp_allowance(u, MoveMode::Normal, false);
        self.emit(Event::MpSpent {
            unit: self.unit_id(u).clone(),
            mp,
            reason: MpUse::BuildFf,
        });
        self.emit(Event::FfBuilt {
            hex: self.hex_id(h),
            side: self.side_id(side).clone(),
        });
    }
}
