//! Close Assault Tactics: infantry, engineers and Russian cavalry next to an enemy
//! stack attack it after all movement (A, B) instead of firing (C); 2 off the die, the
//! stack as one defense factor, one assault on it a turn (D); an engineer stacked with
//! infantry or cavalry raises the odds a column (E); cavalry that moved more than one hex
//! and any unit that used the road rate may not assault (I); halftracks never (J).
//! The assaulting units' factors are their printed ones, halved against hills and slopes
//! as fire is (decision P-06).

use std::collections::BTreeSet;

use sztab_core::hex::HexId;

use super::event::{AttackKind, Event};
use super::fire::{Factor, Plan, Sight};
use super::game::{Checked, Game, Refusal};
use super::state::Loc;
use super::unit::Kind;

impl Game {
    /// Checks a close assault and works out its odds.
    pub fn plan_assault(&self, hex: HexId, units: &[String]) -> Checked<Plan> {
        let s = &self.s;
        let side = self.st.side;
        let no = |rule: &'static str, why: String| Err(Refusal::new(rule, why));
        let pieces = self.pieces(hex, 1 - side, false);
        if pieces.is_empty() {
            return no("Close Assault A", format!("no enemy unit on {hex}"));
        }
        if self.st.assaulted.contains(&hex) {
            return no(
                "Close Assault D",
                format!("{hex} has already been assaulted this turn"),
            );
        }
        if units.is_empty() {
            return no("Close Assault A", "a close assault needs units".into());
        }
        let mut factors = Vec::new();
        let mut seen = BTreeSet::new();
        for id in units {
            let u = self.own(id)?;
            if !seen.insert(u) {
                return no("Close Assault", format!("{id} is named twice"));
            }
            let from = self.assaulter(u, hex)?;
            let def = &s.units[u];
            let mut v = def.f.attack;
            let mut steps = Vec::new();
            if let Some(why) = self.hill_halving(from, hex) {
                v /= 2;
                steps.push((why, v));
            }
            factors.push(Factor {
                unit: u,
                range: s.board.grid.distance(from, hex),
                sight: Sight::Adjacent,
                printed: def.f.attack,
                steps,
                value: v,
            });
        }
        let shifts = if self.engineer_bonus(&factors) {
            vec![(
                "an engineer stacked with infantry or cavalry (Close Assault E)".to_owned(),
                1,
            )]
        } else {
            Vec::new()
        };
        self.plan(pieces, factors, shifts)
    }

    /// Whether unit `u` may take part in a close assault on `hex` (Close Assault A, C,
    /// I, J; Fortifications L); the hex it assaults from.
    pub fn assaulter(&self, u: usize, hex: HexId) -> Checked<HexId> {
        let s = &self.s;
        let no = |rule: &'static str, why: String| Err(Refusal::new(rule, why));
        let def = &s.units[u];
        let us = &self.st.units[u];
        let id = &def.id;
        if !def.kind.assaults() {
            return no(
                "Close Assault (who), J",
                format!("{id} is not infantry, engineer or cavalry"),
            );
        }
        let Loc::On(from) = us.loc() else {
            return no(
                "Transporting B",
                format!("{id} is not on the board or is carried"),
            );
        };
        if s.board.grid.distance(from, hex) > 1 {
            return no("Close Assault A", format!("{id} is not next to {hex}"));
        }
        if from == hex && us.in_fort {
            return no(
                "Fortifications L",
                format!(
                    "{id} is inside the fortification: it may not close-assault the units on top"
                ),
            );
        }
        if us.dispersed {
            return no("CRT: D", format!("{id} is dispersed"));
        }
        if us.fired || us.assaulted {
            return no("Close Assault C", format!("{id} has attacked this turn"));
        }
        match us.jumped_off {
            // PanzerBlitz Assault (P-24): off its carrier to assault the stack overrun.
            Some(at) if at == hex => {}
            Some(at) => {
                return no(
                    "PanzerBlitz Assault",
                    format!(
                        "{id} jumped off to assault {}, the stack its carrier overran",
                        s.board.label(at)
                    ),
                );
            }
            None if us.unloaded_now => {
                return no(
                    "Transporting B",
                    format!("{id} unloaded this turn and may not attack"),
                );
            }
            None => {}
        }
        if us.road {
            return no(
                "Close Assault I",
                format!("{id} used the road rate this turn"),
            );
        }
        if def.kind == Kind::Cavalry && us.hexes > 1 {
            return no(
                "Close Assault I",
                format!("{id} is cavalry and moved more than one hex"),
            );
        }
        Ok(from)
    }

    /// Close Assault E: an engineer and an infantry or cavalry unit, both assaulting,
    /// stacked on one of the assaulting hexes.
    pub fn engineer_bonus(&self, factors: &[Factor]) -> bool {
        let s = &self.s;
        factors.iter().any(|e| {
            s.units[e.unit].kind == Kind::Engineer
                && factors.iter().any(|i| {
                    i.unit != e.unit
                        && matches!(s.units[i.unit].kind, Kind::Infantry | Kind::Cavalry)
                        && self.st.hex_of(i.unit) == self.st.hex_of(e.unit)
                })
        })
    }

    pub(super) fn order_assault(&mut self, hex: HexId, units: &[String]) -> Checked<Vec<Event>> {
        let plan = self.plan_assault(hex, units)?;
        let mut out = Vec::new();
        self.resolve(
            &mut out,
            AttackKind::Assault,
            hex,
            units.to_vec(),
            &plan.pieces,
            plan.attack,
            plan.column,
            -2,
            true,
        );
        Ok(out)
    }
}
