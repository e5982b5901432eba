//! Losses (R5.1.8): each owner picks which of his units lose the CELs of a result,
//! at least one from the units whose stars (R15.1.7) or FU ability (R15.4.3) were used.

use crate::decision::Decision;
use crate::error::{RuleError, refuse};
use crate::event::{CombatStep, EliminationCause, Event, LossCause};
use crate::game::Game;
use crate::roster::Unit;
use crate::side::Side;
use sztab_core::model::UnitId;

impl Game {
    /// Units of `side` sharing the combat's result still on the map: the fighters and
    /// the artillery supporting from a hex adjacent to the enemy (R6.3.4-6.3.5).
    pub(crate) fn survivors(&self, side: Side) -> Vec<Unit> {
        let Some(c) = &self.state.combat else {
            return Vec::new();
        };
        c.result_units(side)
            .into_iter()
            .filter(|&u| self.state.unit(u).hex().is_some())
            .collect()
    }

    /// The loss step pending, its side and CELs due (capped at what the side has).
    pub(crate) fn loss_step(&self) -> Option<(CombatStep, Side, u8)> {
        let c = self.state.combat.as_ref()?;
        let r = c.resolution.as_ref()?;
        for (step, side, loss) in [
            (CombatStep::AttackerLosses, c.attacker, r.cell.attacker.loss),
            (
                CombatStep::DefenderLosses,
                c.attacker.other(),
                r.cell.defender.loss,
            ),
        ] {
            if !c.is_done(step) {
                let have: u32 = self
                    .survivors(side)
                    .iter()
                    .map(|&u| u32::from(self.state.unit(u).cel))
                    .sum();
                return Some((step, side, (u32::from(loss).min(have)) as u8));
            }
        }
        None
    }

    /// Groups of units each of which must give at least one CEL (R15.1.7, R15.4.3).
    fn loss_groups(&self, side: Side) -> Vec<Vec<Unit>> {
        let Some(c) = &self.state.combat else {
            return Vec::new();
        };
        let Some(r) = &c.resolution else {
            return Vec::new();
        };
        let alive = self.survivors(side);
        let i = usize::from(side != c.attacker);
        let mut groups = vec![r.star_units[i].clone()];
        if side != c.attacker {
            groups.push(r.fu_units.clone());
        }
        groups
            .into_iter()
            .map(|g| {
                g.into_iter()
                    .filter(|u| alive.contains(u))
                    .collect::<Vec<_>>()
            })
            .filter(|g| !g.is_empty())
            .collect()
    }

    /// The loss decision, or `None` when the allocation is forced.
    pub(crate) fn loss_decision(&self) -> Option<(Side, Decision)> {
        let (step, side, cel) = self.loss_step()?;
        let units = self.survivors(side);
        let total: u32 = units
            .iter()
            .map(|&u| u32::from(self.state.unit(u).cel))
            .sum();
        if cel == 0 || units.len() < 2 || u32::from(cel) >= total {
            return None;
        }
        let c = self.state.combat.as_ref()?;
        Some((
            side,
            Decision::Losses {
                combat: c.id,
                step,
                cel,
                units: units
                    .iter()
                    .map(|&u| (self.unit_id(u).clone(), self.state.unit(u).cel))
                    .collect(),
                must_include: self
                    .loss_groups(side)
                    .iter()
                    .map(|g| self.unit_ids(g))
                    .collect(),
            },
        ))
    }

    /// The allocation when there is no choice: everyone loses everything, or the only
    /// unit takes it all.
    pub(crate) fn forced_losses(&self) -> Vec<(Unit, u8)> {
        let Some((_, side, cel)) = self.loss_step() else {
            return Vec::new();
        };
        let mut left = cel;
        let mut out = Vec::new();
        for u in self.survivors(side) {
            let n = left.min(self.state.unit(u).cel);
            if n > 0 {
                out.push((u, n));
                left -= n;
            }
        }
        out
    }

    /// Checks a loss allocation against `units` (who may lose), `cel` (how many),
    /// and the must-include groups.
    pub(crate) fn check_allocation(
        &self,
        losses: &[(UnitId, u8)],
        units: &[Unit],
        cel: u8,
        groups: &[Vec<Unit>],
        rule: &'static str,
    ) -> Result<Vec<(Unit, u8)>, RuleError> {
        let ids: Vec<UnitId> = losses.iter().map(|(u, _)| u.clone()).collect();
        let resolved = self.resolve_units(&ids)?;
        let mut out = Vec::new();
        let mut total = 0u32;
        for (&u, (_, n)) in resolved.iter().zip(losses) {
            if !units.contains(&u) {
                return refuse(
                    rule,
                    format!("{} may not take these losses", self.unit_id(u)),
                );
            }
            if *n == 0 || *n > self.state.unit(u).cel {
                return refuse(
                    rule,
                    format!(
                        "{} has {} CEL, not {n}",
                        self.unit_id(u),
                        self.state.unit(u).cel
                    ),
                );
            }
            total += u32::from(*n);
            out.push((u, *n));
        }
        if total != u32::from(cel) {
            return refuse(rule, format!("the loss is {cel} CEL, not {total}"));
        }
        let met = groups
            .iter()
            .filter(|g| out.iter().any(|(u, _)| g.contains(u)))
            .count();
        if met < groups.len().min(usize::from(cel)) {
            return refuse(
                "R15.1.7",
                "at least one CEL must come from the units whose stars or FU ability were used",
            );
        }
        Ok(out)
    }

    pub(crate) fn plan_losses(
        &self,
        side: Side,
        losses: &[(UnitId, u8)],
    ) -> Result<Vec<(Unit, u8)>, RuleError> {
        let Some((_, s, cel)) = self.loss_step() else {
            return refuse("R5.1.8", "no losses are due");
        };
        if s != side {
            return refuse("R5.1.8", "the other side chooses these losses");
        }
        self.check_allocation(
            losses,
            &self.survivors(side),
            cel,
            &self.loss_groups(side),
            "R5.1.8",
        )
    }

    pub(crate) fn execute_losses(&mut self, plan: Vec<(Unit, u8)>) {
        let Some((step, _, _)) = self.loss_step() else {
            return;
        };
        self.take_losses(&plan, LossCause::Combat);
        self.emit(Event::CombatStepDone { step });
    }

    /// Reduces units and eliminates those left without CELs.
    pub(crate) fn take_losses(&mut self, plan: &[(Unit, u8)], cause: LossCause) {
        for &(u, n) in plan {
            self.emit(Event::CelLost {
                unit: self.unit_id(u).clone(),
                cel: n,
                cause,
            });
            if self.state.unit(u).cel == 0 {
                self.eliminate(u, EliminationCause::Losses);
            }
        }
    }
}
