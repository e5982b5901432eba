//! Attack obligations (R5.1.3-5.1.4, R5.1.7): every phasing unit able to attack that
//! stands in an enemy ZoC outside fortifications must attack, and every enemy unit whose
//! ZoC covers such a unit must be attacked.

use crate::board::Hx;
use crate::event::Event;
use crate::game::Game;
use crate::roster::Unit;
use crate::side::Side;

impl Game {
    /// Is a unit of `side` on `h` in a fortification: its own FF, a Fixed Position, or a
    /// Fortified Line (R7.1.11, R7.2.5, and FL by analogy)?
    pub fn in_fortification(&self, side: Side, h: Hx) -> bool {
        let b = self.board();
        self.state.ff[h] == Some(side)
            || b.fp_hex[h]
            || (self.state.prepared.rules.fortified_lines && b.fl_hex[h])
    }

    /// Has this unit fought in the current Combat phase (R5.1.1)?
    pub fn fought(&self, u: Unit) -> bool {
        self.state.unit(u).fought_tick == Some(self.state.tick())
    }

    /// An enemy hex of `side` that may be attacked now: occupied by the enemy, none of
    /// whose units has fought this phase (A-22: all units of a hex defend together) or
    /// was hit by a ranged attack (R6.4.5).
    pub fn attackable(&self, side: Side, h: Hx) -> bool {
        let now = Some(self.state.tick());
        self.occupant(h) == Some(side.other())
            && self
                .units_at(h)
                .iter()
                .all(|&u| !self.fought(u) && self.state.unit(u).shelled_tick != now)
    }

    /// Can this unit still attack something now?
    pub fn can_attack_now(&self, u: Unit) -> bool {
        let info = self.info(u);
        let Some(h) = self.state.unit(u).hex() else {
            return false;
        };
        info.can_attack()
            && !self.fought(u)
            && self
                .board()
                .neighbours(h)
                .any(|(_, n)| self.attackable(info.side, n))
    }

    /// The obliged units (R5.1.3) and the units that must be attacked (R5.1.4), for
    /// the phasing player's current positions.
    pub fn obligations(&self, side: Side) -> (Vec<Unit>, Vec<Unit>) {
        let enemy = self.zoc_of(side.other());
        let obliged: Vec<Unit> = self
            .units_on_map(side)
            .filter(|&u| self.info(u).can_attack())
            .filter(|&u| {
                let h = self.state.unit(u).hex().unwrap_or(0);
                enemy.covers(h) && !self.in_fortification(side, h)
            })
            .collect();
        let mut must: Vec<Unit> = obliged
            .iter()
            .filter_map(|&u| self.state.unit(u).hex())
            .flat_map(|h| enemy.sources(h).iter().copied())
            .collect();
        must.sort_unstable();
        must.dedup();
        (obliged, must)
    }

    pub(crate) fn fix_obligations(&mut self) {
        let side = self.state.clock.phase.owner().unwrap_or(Side::A);
        let (obliged, must) = self.obligations(side);
        self.emit(Event::ObligationsFixed {
            obliged: self.unit_ids(&obliged),
            must_attack: self.unit_ids(&must),
        });
    }

    /// The first obligation still unmet that some attack could meet (R5.1.7). When the
    /// geometry makes an obligation impossible (its units already fought or cannot
    /// reach), it no longer binds: the rules give no way to meet it.
    pub fn unmet_obligation(&self) -> Option<String> {
        let side = self.state.clock.phase.owner()?;
        for &u in &self.state.obliged {
            if self.state.unit(u).hex().is_some() && self.can_attack_now(u) {
                return Some(format!(
                    "{} is in an enemy ZoC and must attack",
                    self.unit_id(u)
                ));
            }
        }
        for &e in &self.state.must_attack {
            let Some(h) = self.state.unit(e).hex() else {
                continue;
            };
            if self.fought(e) || !self.attackable(side, h) {
                continue;
            }
            let reachable = self.board().neighbours(h).any(|(_, n)| {
                self.units_at(n).iter().any(|&a| {
                    self.info(a).side == side && self.info(a).can_attack() && !self.fought(a)
                })
            });
            if reachable {
                return Some(format!(
                    "{} exerts ZoC on a unit that must attack, so it must be attacked (R5.1.4)",
                    self.unit_id(e)
                ));
            }
        }
        None
    }

    /// Is any attack possible for the phasing player?
    pub(crate) fn any_attack_possible(&self) -> bool {
        let Some(side) = self.state.clock.phase.owner() else {
            return false;
        };
        self.units_on_map(side).any(|u| self.can_attack_now(u))
    }
}
