//! Attacks a player could declare now, for bots and the UI: every hex of attackers
//! against each adjacent enemy hex and against all of them together (R5.1.5), and
//! every enemy hex against all the attackers next to it, each with its odds.

use super::odds::Odds;
use crate::action::AttackOrder;
use crate::board::Hx;
use crate::game::Game;
use crate::roster::Unit;
use crate::side::Side;
use sztab_core::model::UnitId;

impl Game {
    /// Units of `side` on `h` that can still attack (R5.1.1, R5.1.10).
    fn ready_attackers(&self, h: Hx) -> Vec<Unit> {
        self.units_at(h)
            .iter()
            .copied()
            .filter(|&u| self.info(u).can_attack() && !self.fought(u))
            .collect()
    }

    /// Candidate attacks of the phasing player, deduplicated, each with its odds (no
    /// stars or pool CMs used).
    pub fn candidate_attacks(&self) -> Vec<(AttackOrder, Odds)> {
        let Some(side) = self.state.clock.phase.owner() else {
            return Vec::new();
        };
        let mut orders: Vec<(Vec<Unit>, Vec<Hx>)> = Vec::new();
        let b = self.board();
        for h in 0..b.len() {
            match self.occupant(h) {
                Some(s) if s == side => {
                    let att = self.ready_attackers(h);
                    if att.is_empty() {
                        continue;
                    }
                    let targets: Vec<Hx> = b
                        .neighbours(h)
                        .map(|(_, n)| n)
                        .filter(|&n| self.attackable(side, n))
                        .collect();
                    for &t in &targets {
                        orders.push((att.clone(), vec![t]));
                    }
                    if targets.len() > 1 {
                        orders.push((att, targets));
                    }
                }
                Some(_) if self.attackable(side, h) => {
                    let att: Vec<Unit> = b
                        .neighbours(h)
                        .filter(|&(_, n)| self.occupant(n) == Some(side))
                        .flat_map(|(_, n)| self.ready_attackers(n))
                        .collect();
                    if !att.is_empty() {
                        orders.push((att, vec![h]));
                    }
                }
                _ => {}
            }
        }
        orders.sort();
        orders.dedup();
        orders
            .into_iter()
            .filter_map(|(att, hexes)| {
                let order = AttackOrder {
                    attackers: self.unit_ids(&att),
                    defenders: self.hex_ids(&hexes),
                    stars: Vec::new(),
                    hq_pool_cms: 0,
                    support: Vec::new(),
                    air: Vec::new(),
                    full_strength: Vec::new(),
                };
                let eng = self.engagement_of(side, &order).ok()?;
                Some((order, self.assess(&eng)))
            })
            .collect()
    }

    /// Does this attack meet an obligation still open (R5.1.3-5.1.4)?
    pub fn meets_obligation(&self, side: Side, order: &AttackOrder) -> bool {
        let obliged = |id: &UnitId| {
            self.roster()
                .get(id.as_str())
                .is_some_and(|u| self.state.obliged.contains(&u) && !self.fought(u))
        };
        let must = |h: &sztab_core::hex::HexId| {
            self.board().index(*h).is_some_and(|h| {
                self.units_at(h)
                    .iter()
                    .any(|u| self.state.must_attack.contains(u) && self.info(*u).side != side)
            })
        };
        order.attackers.iter().any(obliged) || order.defenders.iter().any(must)
    }
}
