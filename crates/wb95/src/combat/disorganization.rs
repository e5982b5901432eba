//! Disorganization after a combat (R5.6.1-5.6.3): the automatic `D` flags, the
//! attacker's `•` test, then the retreat tests (R5.3.9), one 2K6 per test per side
//! compared with each unit's own morale limit, or one per unit by option.

use crate::event::{CombatStep, Event, TestReason};
use crate::game::Game;
use crate::roster::Unit;
use crate::side::Side;
use sztab_core::model::DisorganizationRoll;

impl Game {
    pub(crate) fn disorganize_after_combat(&mut self) {
        let Some(c) = self.state.combat.clone() else {
            return;
        };
        let Some(r) = c.resolution.clone() else {
            return;
        };
        for (side, res) in [
            (c.attacker, r.cell.attacker),
            (c.attacker.other(), r.cell.defender),
        ] {
            if res.disorganized {
                for u in self.survivors(side) {
                    self.emit(Event::Disorganized {
                        unit: self.unit_id(u).clone(),
                    });
                }
            }
        }
        if r.cell.attacker.test {
            let units = self.survivors(c.attacker);
            self.test(c.attacker, &units, TestReason::AttackerMark);
        }
        let longest = c
            .retreats
            .iter()
            .map(|(_, _, p)| p.len())
            .max()
            .unwrap_or(0);
        if let Some(&(first, _, _)) = c.retreats.first() {
            let side = self.info(first).side;
            for k in 1..longest {
                let units: Vec<Unit> = c
                    .retreats
                    .iter()
                    .filter(|(u, _, p)| p.len() > k && self.state.unit(*u).hex().is_some())
                    .map(|(u, _, _)| *u)
                    .collect();
                self.test(side, &units, TestReason::Retreat(k as u8));
            }
        }
        self.emit(Event::CombatStepDone {
            step: CombatStep::Disorganization,
        });
    }

    /// One disorganization test (R5.6.2): 2K6 at or above a unit's limit disorganizes it.
    pub(crate) fn test(&mut self, side: Side, units: &[Unit], reason: TestReason) {
        if units.is_empty() {
            return;
        }
        let per_unit =
            self.state.prepared.rules.disorganization_roll == DisorganizationRoll::PerUnit;
        let mut roll = 0;
        for (i, &u) in units.iter().enumerate() {
            if i == 0 || per_unit {
                roll = self.dice.two_d6();
                self.emit(Event::DisorganizationTest {
                    side: self.side_id(side).clone(),
                    roll,
                    reason,
                });
            }
            if roll >= self.info(u).morale {
                self.emit(Event::Disorganized {
                    unit: self.unit_id(u).clone(),
                });
            }
        }
    }
}
