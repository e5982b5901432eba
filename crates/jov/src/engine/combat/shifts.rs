//! Column shifts (12.1.3 C), in the rules' order: artillery (12.10), air (6.2), the
//! Soviet division bonus (12.9.2), combined arms (12.7), armor superiority (12.8),
//! hilltops (12.5.2), the assault engineer (12.9.1), OOS2 (13.5.2), and a German attack
//! across a minefield (15.3). Right is positive.

use sztab_core::hex::HexId;

use super::super::board::{Terrain, Water};
use super::super::event::Event;
use super::super::game::Game;
use super::super::side::Army;
use super::super::state::Supply;
use super::super::unit::{Kind, Size};
use super::{Battle, Segment};

impl Game {
    /// Every shift of battle `b`, rolling the artillery dice; each step is an event.
    pub(crate) fn shifts(&mut self, b: &Battle, out: &mut Vec<Event>) -> i32 {
        let mut total = self.artillery_shifts(b, out);
        total += self.air_shifts(b, out);
        if matches!(b.segment, Segment::Normal | Segment::Alarm) {
            total += self.division_bonus(b);
        }
        total += self.combined_arms(b);
        total += self.armor_superiority(b);
        total += self.hilltop(b);
        let mined = b.attacker == Army::German && self.across_minefield(b);
        match (b.engineer, mined) {
            // 15.3.2: the engineer clears the mines instead of its bonus.
            (Some(e), true) => total -= i32::from(!self.engineer_clears(e, out)),
            (Some(_), false) => total += 1,
            (None, true) => total -= 1,
            (None, false) => {}
        }
        total + self.oos2_shift(b)
    }

    fn artillery_shifts(&mut self, b: &Battle, out: &mut Vec<Event>) -> i32 {
        let mut total = 0;
        for (defending, units) in [
            (false, &b.attacker_artillery),
            (true, &b.defender_artillery),
        ] {
            if units.is_empty() {
                continue;
            }
            let side = if defending { b.defender() } else { b.attacker };
            let sum: u32 = units
                .iter()
                .map(|&u| {
                    if defending {
                        self.rules.units[u].dbs
                    } else {
                        self.rules.units[u].obs
                    }
                })
                .sum();
            let mut drm = self.st.visibility.artillery_drm();
            if side == Army::German && !defending && self.minefield_at(b.target) {
                drm += 1;
            }
            let roll = self.dice.d6();
            let shifts = self
                .rules
                .charts
                .artillery(side)
                .shifts(sum, i32::from(roll) + drm);
            let names = units.iter().map(|&u| self.id(u)).collect();
            self.emit(
                out,
                Event::ArtilleryFired {
                    side,
                    units: names,
                    total: sum,
                    roll,
                    drm,
                    shifts,
                },
            );
            let s = i32::try_from(shifts).unwrap_or(0);
            total += if defending { -s } else { s };
        }
        total
    }

    fn air_shifts(&mut self, b: &Battle, out: &mut Vec<Event>) -> i32 {
        let mut total = 0;
        for (side, counter) in [(Army::German, b.german_air), (Army::Soviet, b.soviet_air)] {
            let Some(c) = counter else { continue };
            let attacking = side == b.attacker;
            // A Soviet attack given air support must be supported (12.1.1 note).
            if attacking && !b.is_supported() {
                continue;
            }
            let Some(v) = self.rules.charts.air.counters(side).get(c).copied() else {
                continue;
            };
            let shifts = if attacking { v.ocas } else { v.dcas };
            self.emit(out, Event::AirRevealed { side, shifts });
            let s = i32::try_from(shifts).unwrap_or(0);
            total += if attacking { s } else { -s };
        }
        total
    }

    /// 12.9.2: each Soviet division of 2 steps or more attacking, not halved by a ZOC,
    /// in supply (J-13: the bonuses of several divisions add up).
    fn division_bonus(&self, b: &Battle) -> i32 {
        if b.attacker != Army::Soviet {
            return 0;
        }
        b.attackers
            .iter()
            .filter(|&&u| {
                let (d, s) = (&self.rules.units[u], &self.st.units[u]);
                d.size == Size::Division
                    && s.steps >= 2
                    && s.supply == Supply::In
                    && s.hex().is_some_and(|h| !self.zoc_halved(h, b))
            })
            .count() as i32
    }

    /// Does the stack on `hex` of `units` have combined arms (12.7)?
    fn combined(&self, units: &[usize]) -> bool {
        let ok = |u: usize| {
            let (d, s) = (&self.rules.units[u], &self.st.units[u]);
            !(s.shaken() || d.cadre && s.steps == 1)
        };
        let live: Vec<usize> = units.iter().copied().filter(|&u| ok(u)).collect();
        let army = live.first().map(|&u| self.rules.units[u].army);
        match army {
            Some(Army::Soviet) => live.iter().any(|&u| self.rules.units[u].star),
            Some(Army::German) => {
                live.iter().any(|&u| self.rules.units[u].is_armor())
                    && live.iter().any(|&u| {
                        let d = &self.rules.units[u];
                        d.kind.is_infantry_type() && d.attack_capable()
                    })
            }
            None => false,
        }
    }

    /// Crossing `from`-`to` without an intact bridge over a river or swamp (12.7, 12.8.1).
    fn unbridged(&self, from: HexId, to: HexId) -> bool {
        let s = self.hexside(from, to);
        s.water.is_some_and(|w| w.is_river() || w == Water::Swamp) && !s.bridge && !s.rail_bridge
    }

    /// 12.7: one right a combined-arms attacking stack (at most 2, 1 into a town), one
    /// left for a combined-arms defending hex; none into or in forest, none for a stack
    /// across an unbridged river or swamp.
    fn combined_arms(&self, b: &Battle) -> i32 {
        let terrain = self.rules.board.cell(b.target).map(|c| c.terrain);
        if terrain == Some(Terrain::Forest) {
            return 0;
        }
        let cap = if terrain == Some(Terrain::Town) { 1 } else { 2 };
        let att = b
            .from
            .iter()
            .filter(|&&f| !self.unbridged(f, b.target))
            .filter(|&&f| {
                let stack: Vec<usize> = b
                    .attackers
                    .iter()
                    .copied()
                    .filter(|&u| self.st.units[u].hex() == Some(f))
                    .collect();
                self.combined(&stack)
            })
            .count()
            .min(cap);
        let def = usize::from(self.combined(&b.defenders));
        att as i32 - def as i32
    }

    /// 12.8: the best white dots a side, OOS2 armor losing its top dot; none into or in
    /// a town or forest, none for attackers across an unbridged river or swamp.
    fn armor_superiority(&self, b: &Battle) -> i32 {
        if self
            .rules
            .board
            .cell(b.target)
            .is_some_and(|c| matches!(c.terrain, Terrain::Town | Terrain::Forest))
        {
            return 0;
        }
        let white = |u: usize| {
            let d = &self.rules.units[u];
            let oos2 =
                self.st.units[u].supply == Supply::Oos2 && (d.is_armor() || d.is_anti_armor());
            d.white.saturating_sub(u32::from(oos2))
        };
        let att = b
            .attackers
            .iter()
            .filter(|&&u| {
                self.st.units[u]
                    .hex()
                    .is_some_and(|h| !self.unbridged(h, b.target))
            })
            .map(|&u| white(u))
            .max()
            .unwrap_or(0);
        let def = b.defenders.iter().map(|&u| white(u)).max().unwrap_or(0);
        if att == 0 && def == 0 {
            return 0;
        }
        self.rules.charts.armor_superiority.shift(att, def)
    }

    /// 12.5.2: one right for an attacker on a hilltop against a defender off one, one left
    /// the other way, none when both are; one more left for the defender's supporting
    /// artillery on a hilltop next to the defending hex.
    fn hilltop(&self, b: &Battle) -> i32 {
        let hill = |h: HexId| self.rules.board.cell(h).is_some_and(|c| c.hilltop);
        let att = b.from.iter().any(|&f| hill(f));
        let def = hill(b.target);
        let mut s = match (att, def) {
            (true, false) => 1,
            (false, true) => -1,
            _ => 0,
        };
        let guns = b.defender_artillery.iter().any(|&u| {
            self.st.units[u]
                .hex()
                .is_some_and(|h| h != b.target && hill(h) && self.rules.board.adjacent(h, b.target))
        });
        if guns {
            s -= 1;
        }
        s
    }

    /// 13.5.2: the defender's OOS2 gives the attacker 2 right (all) or 1 (some); the
    /// attacker's gives 2 or 1 left.
    fn oos2_shift(&self, b: &Battle) -> i32 {
        let level = |units: &[usize]| {
            let n = units
                .iter()
                .filter(|&&u| self.st.units[u].supply == Supply::Oos2)
                .count();
            if n == 0 {
                0
            } else if n == units.len() {
                2
            } else {
                1
            }
        };
        level(&b.defenders) - level(&b.attackers)
    }

    /// Does some German attacking hex attack across a designated minefield hexside
    /// (15.3)?
    fn across_minefield(&self, b: &Battle) -> bool {
        b.from.iter().any(|&f| {
            self.mined_side(f, b.target)
                .is_some_and(|m| self.st.minefields[m].hex == b.target)
        }) && b
            .attackers
            .iter()
            .all(|&u| self.rules.units[u].kind != Kind::Alarm)
    }
}
