//! Withdrawals: at the start of its day a formation leaves the game; if it has
//! lost CELs and the scenario says "or equivalent", its side makes them up from other
//! units of the same branch.

use super::decision::Decision;
use super::error::{RuleError, refuse};
use super::event::{Event, LossCause};
use super::game::Game;
use super::roster::{Unit, same_branch};
use super::side::Side;
use super::state::Loc;
use sztab_core::model::UnitId;

impl Game {
    /// Withdraws the formations due today.
    pub(crate) fn withdraw_due(&mut self) {
        let p = self.state.prepared.clone();
        let today = i64::from(self.turn());
        for (w, spec) in p.withdrawals.iter().enumerate() {
            if spec.turn != today {
                continue;
            }
            let mut missing = 0u32;
            for &u in &spec.units {
                let st = self.state.unit(u);
                missing += u32::from(self.info(u).max_cel() - st.cel.min(self.info(u).max_cel()));
                if matches!(st.loc, Loc::OnMap(_) | Loc::OffMap | Loc::Scheduled) {
                    self.emit(Event::Withdrawn {
                        unit: self.unit_id(u).clone(),
                    });
                }
            }
            if spec.or_equivalent && missing > 0 && !self.equivalents(w).is_empty() {
                self.emit(Event::WithdrawalShort {
                    withdrawal: w,
                    formation: spec.formation.clone(),
                    cel: missing.min(255) as u8,
                });
            }
        }
    }

    /// Units that may stand in for a withdrawn formation's lost CELs.
    fn equivalents(&self, w: usize) -> Vec<Unit> {
        let spec = &self.state.prepared.withdrawals[w];
        let kinds: Vec<_> = spec
            .units
            .iter()
            .map(|&u| self.info(u))
            .filter(|i| i.is_regular())
            .map(|i| i.def.kind)
            .collect();
        self.units_on_map(spec.side)
            .filter(|u| !spec.units.contains(u))
            .filter(|&u| {
                let k = self.info(u).def.kind;
                self.info(u).is_regular() && kinds.iter().any(|&x| same_branch(x, k))
            })
            .collect()
    }

    pub(crate) fn withdraw_decision(&self, w: usize, cel: u8) -> (Side, Decision) {
        let spec = &self.state.prepared.withdrawals[w];
        let units = self
            .equivalents(w)
            .into_iter()
            .map(|u| (self.unit_id(u).clone(), self.state.unit(u).cel))
            .collect();
        (
            spec.side,
            Decision::Withdraw {
                formation: spec.formation.clone(),
                cel,
                units,
            },
        )
    }

    pub(crate) fn plan_withdraw(
        &self,
        _side: Side,
        losses: &[(UnitId, u8)],
    ) -> Result<Vec<(Unit, u8)>, RuleError> {
        let Some(&(w, cel)) = self.state.withdrawal_short.first() else {
            return refuse("A-56", "no withdrawal is waiting");
        };
        let eligible = self.equivalents(w);
        let available: u32 = eligible
            .iter()
            .map(|&u| u32::from(self.state.unit(u).cel))
            .sum();
        let due = available.min(u32::from(cel));
        let ids: Vec<UnitId> = losses.iter().map(|(u, _)| u.clone()).collect();
        let units = self.resolve_units(&ids)?;
        let mut total = 0u32;
        let mut out = Vec::new();
        for (&u, (_, n)) in units.iter().zip(losses) {
            if !eligible.contains(&u) {
                return refuse(
                    "A-56",
                    format!(
                        "{} is not a unit of the same branch on the map",
                        self.unit_id(u)
                    ),
                );
            }
            if *n == 0 || *n > self.state.unit(u).cel {
                return refuse("A-56", format!("{} cannot give {n} CEL", self.unit_id(u)));
            }
            total += u32::from(*n);
            out.push((u, *n));
        }
        if total != due {
            return refuse(
                "A-56",
                format!("the withdrawal must make up {due} CEL, not {total}"),
            );
        }
        Ok(out)
    }

    pub(crate) fn execute_withdraw(&mut self, plan: Vec<(Unit, u8)>) {
        let Some(&(w, _)) = self.state.withdrawal_short.first() else {
            return;
        };
        for (u, n) in plan {
            let id = self.unit_id(u).clone();
            if n >= self.state.unit(u).cel {
                self.emit(Event::Withdrawn { unit: id });
            } else {
                self.emit(Event::CelLost {
                    unit: id,
                    cel: n,
                    cause: LossCause::Withdrawal,
                });
            }
        }
        self.emit(Event::WithdrawalDone { withdrawal: w });
    }
}
