//! Combat strengths (12.1.3 B1): the attacker's halved when unsupported (12.4), by
//! terrain (12.5) and by the ZOC of an enemy not attacked this segment (12.6), never more
//! than twice, rounding up each time; Disorganized and Regroup halve again (12.17.2,
//! J-12). The defender adds the terrain's bonus a hex (12.5.2) and an Improved Position's
//! (15.1).

use sztab_core::hex::HexId;

use super::super::board::Water;
use super::super::charts::DefenceBonus;
use super::super::game::Game;
use super::super::unit::Kind;
use super::super::zoc::Zone;
use super::{Battle, Segment};

fn halve(n: u32, times: u32) -> u32 {
    (0..times).fold(n, |s, _| s.div_ceil(2))
}

impl Game {
    /// Halvings of terrain for a unit attacking `target` from `from` (12.5.2).
    fn terrain_halvings(&self, u: usize, from: HexId, target: HexId) -> u32 {
        let b = &self.rules.board;
        let tc = &self.rules.charts.terrain_combat;
        let armor = self.rules.units[u].is_armor();
        let hit = |row: &str| {
            let r = tc.row(row);
            if armor {
                r.armor_halved
            } else {
                r.others_halved
            }
        };
        let mut n = 0;
        if let Some(c) = b.cell(target) {
            let row = if c.village {
                "Village"
            } else {
                c.terrain.row()
            };
            n += u32::from(hit(row));
        }
        if let Some(w @ (Water::River | Water::FordableRiver | Water::Stream | Water::Swamp)) =
            b.side(from, target).water
        {
            n += u32::from(hit(w.row()));
        }
        n
    }

    /// Is the attacking hex `from` in the ZOC of an enemy not attacked this segment
    /// (12.6)? Across a river, an enemy ZOC next to it reaches it (10.6.2 case 2).
    pub(crate) fn zoc_halved(&self, from: HexId, b: &Battle) -> bool {
        let crossing = b.from.iter().any(|&f| {
            self.rules
                .board
                .side(f, b.target)
                .water
                .is_some_and(|w| w.is_river())
        });
        self.rules.board.neighbours(from).into_iter().any(|n| {
            if n == b.target || !self.enemy_on(n, b.attacker) || self.projection(n) != Zone::Zoc {
                return false;
            }
            let attacked = match b.segment {
                Segment::Normal => {
                    self.st.declared.contains_key(&n) || self.st.attacked_hexes.contains(&n)
                }
                _ => {
                    self.st.declared.contains_key(&n)
                        || self
                            .st
                            .attacked_units
                            .iter()
                            .any(|&x| self.st.units[x].hex() == Some(n))
                }
            };
            !attacked && self.reaches(n, from, crossing)
        })
    }

    /// A unit's attack strength in battle `b`.
    pub fn attack_strength(&self, u: usize, b: &Battle) -> u32 {
        let Some(from) = self.st.units[u].hex() else {
            return 0;
        };
        let mut times = u32::from(!b.supported.contains(&u));
        times += self.terrain_halvings(u, from, b.target);
        times += u32::from(self.zoc_halved(from, b));
        let mut s = halve(self.strength(u), times.min(2));
        if self.st.units[u].shaken() {
            s = halve(s, 1);
        }
        s.max(1)
    }

    /// Infantry types that take the terrain bonus (12.5.2): attack-capable infantry types
    /// and red-star brigades not reduced to cadre; Alarm units never (4.8).
    fn bonus_steps(&self, units: &[usize]) -> (bool, u32) {
        let mut any = false;
        let mut steps = 0;
        for &u in units {
            let d = &self.rules.units[u];
            if d.kind == Kind::Alarm {
                continue;
            }
            let star = d.star && (self.st.units[u].steps > 1 || !d.cadre);
            if d.kind.is_infantry_type() || star {
                any = true;
                if d.attack_capable() || star {
                    steps += if star {
                        1
                    } else {
                        u32::from(self.st.units[u].steps)
                    };
                }
            }
        }
        (any, steps)
    }

    /// The defence strength of battle `b`'s defenders with the hex's bonuses.
    pub fn defence_strength(&self, b: &Battle) -> u32 {
        let mut total: u32 = b
            .defenders
            .iter()
            .map(|&u| {
                let s = self.strength(u);
                let s = if self.st.units[u].shaken() {
                    halve(s, 1)
                } else {
                    s
                };
                s.max(1)
            })
            .sum();
        let (any, steps) = self.bonus_steps(&b.defenders);
        let tc = &self.rules.charts.terrain_combat;
        if let Some(c) = self.rules.board.cell(b.target) {
            let row = if c.village {
                "Village"
            } else {
                c.terrain.row()
            };
            total += match tc.row(row).defence {
                DefenceBonus::Plus(n) if any => n,
                DefenceBonus::Forest if steps > 0 => steps.max(2),
                _ => 0,
            };
        }
        if any
            && self.st.improved_positions.contains(&b.target)
            && let DefenceBonus::Plus(n) = tc.row("Improved Position").defence
        {
            total += n;
        }
        total.max(1)
    }
}
