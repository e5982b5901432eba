//! Strikes: fire resolved on one of the small tables (§3) — artillery at
//! range or in a barrage, air attacks, fire at bridges. The owner of the hit units
//! chooses who loses the CELs (R5.1.8); then `D` disorganizes every unit in the hex and
//! `•` makes them test (R5.6.1-5.6.2). Losses owed outside combat (fire, mines,
//! Panthers, the scenario's drain) wait for their side's choice here.

use super::artillery::FirePlan;
use super::decision::Decision;
use super::error::{RuleError, refuse};
use super::event::{BridgeCause, Event, LossCause, StrikeKind, TestReason};
use super::game::Game;
use super::roster::Unit;
use super::side::Side;
use super::tables::FireTable;
use sztab_core::model::UnitId;

impl Game {
    /// Declares and resolves a strike of `p` on `table` with `sp` SP, moved `shift` rows
    /// down by white-star air counters (R21.1.1).
    pub(crate) fn declare_strike(&mut self, p: &FirePlan, table: FireTable, sp: i32, shift: u8) {
        let id = self.state.strikes + 1;
        let targets: Vec<Unit> = if p.bridge.is_some() {
            Vec::new()
        } else {
            self.units_at(p.target).to_vec()
        };
        let bridge = p.bridge.map(|b| self.board().bridges[b].side);
        let air = p
            .air
            .iter()
            .map(|&c| self.state.prepared.air[c].id.clone())
            .collect();
        self.emit(Event::StrikeDeclared {
            id,
            side: self.side_id(p.side).clone(),
            kind: p.kind,
            target: self.hex_id(p.target),
            artillery: self.unit_ids(&p.artillery),
            air,
            bridge,
            targets: self.unit_ids(&targets),
        });
        let roll = self.dice.two_d6();
        let result = table.result(sp, shift, roll);
        self.emit(Event::StrikeResolved {
            table,
            sp,
            shift,
            roll,
            result,
        });
        if let Some(b) = p.bridge {
            if result.destroyed && self.state.bridge_up[b] {
                self.emit(Event::BridgeChanged {
                    bridge: self.board().bridges[b].side,
                    standing: false,
                    cause: if p.kind == StrikeKind::AirOnBridge {
                        BridgeCause::Air
                    } else {
                        BridgeCause::Artillery
                    },
                });
            }
            return;
        }
        if result.loss > 0 {
            let alive: Vec<Unit> = targets
                .iter()
                .copied()
                .filter(|&u| self.state.unit(u).hex().is_some())
                .collect();
            let have: u32 = alive
                .iter()
                .map(|&u| u32::from(self.state.unit(u).cel))
                .sum();
            let cel = u32::from(result.loss).min(have) as u8;
            if cel > 0 {
                let side = self.info(alive[0]).side;
                self.emit(Event::LossesOwed {
                    side: self.side_id(side).clone(),
                    cel,
                    cause: if p.kind == StrikeKind::Air {
                        LossCause::AirAttack
                    } else {
                        LossCause::Fire
                    },
                    units: self.unit_ids(&alive),
                });
            }
        }
    }

    /// Finishes the strike in progress once its losses are taken: disorganization,
    /// then its end. `false` if there is nothing to do.
    pub(crate) fn strike_auto_step(&mut self) -> bool {
        let Some(s) = self.state.strike.clone() else {
            return false;
        };
        if !self.state.owed.is_empty() {
            return false;
        }
        let result = s.result.unwrap_or_default();
        let alive: Vec<Unit> = s
            .targets
            .iter()
            .copied()
            .filter(|&u| self.state.unit(u).hex().is_some())
            .collect();
        if !alive.is_empty() {
            let side = self.info(alive[0]).side;
            if result.disorganized {
                for &u in &alive {
                    self.emit(Event::Disorganized {
                        unit: self.unit_id(u).clone(),
                    });
                }
            }
            if result.test {
                self.test(side, &alive, TestReason::Fire);
            }
        }
        self.emit(Event::StrikeEnded { id: s.id });
        true
    }

    /// The losses owed first in line, when their side has a choice.
    pub(crate) fn owed_decision(&self) -> Option<(Side, Decision)> {
        let o = self.state.owed.first()?;
        let units: Vec<Unit> = o
            .units
            .iter()
            .copied()
            .filter(|&u| self.state.unit(u).hex().is_some())
            .collect();
        let total: u32 = units
            .iter()
            .map(|&u| u32::from(self.state.unit(u).cel))
            .sum();
        if units.len() < 2 || u32::from(o.cel) >= total {
            return None;
        }
        Some((
            o.side,
            Decision::LoseCel {
                cause: o.cause,
                cel: o.cel,
                units: units
                    .iter()
                    .map(|&u| (self.unit_id(u).clone(), self.state.unit(u).cel))
                    .collect(),
            },
        ))
    }

    /// Takes the owed losses when there is no choice. `false` if none are owed.
    pub(crate) fn owed_auto_step(&mut self) -> bool {
        if self.state.owed.is_empty() || self.owed_decision().is_some() {
            return false;
        }
        let o = self.state.owed[0].clone();
        let mut left = o.cel;
        let mut plan = Vec::new();
        for u in o.units {
            if self.state.unit(u).hex().is_none() {
                continue;
            }
            let n = left.min(self.state.unit(u).cel);
            if n > 0 {
                plan.push((u, n));
                left -= n;
            }
        }
        self.take_losses(&plan, o.cause);
        self.emit(Event::LossesPaid);
        true
    }

    pub(crate) fn plan_owed(
        &self,
        side: Side,
        losses: &[(UnitId, u8)],
    ) -> Result<Vec<(Unit, u8)>, RuleError> {
        let Some(o) = self.state.owed.first() else {
            return refuse("R5.1.8", "no losses are owed");
        };
        if o.side != side {
            return refuse("R5.1.8", "the other side chooses these losses");
        }
        let units: Vec<Unit> = o
            .units
            .iter()
            .copied()
            .filter(|&u| self.state.unit(u).hex().is_some())
            .collect();
        self.check_allocation(losses, &units, o.cel, &[], "R5.1.8")
    }

    pub(crate) fn execute_owed(&mut self, plan: Vec<(Unit, u8)>) {
        let Some(o) = self.state.owed.first() else {
            return;
        };
        let cause = o.cause;
        self.take_losses(&plan, cause);
        self.emit(Event::LossesPaid);
    }
}
