//! Resolving a combat (12.1.3 B-D, 12.11-12.14): odds, shifts, the red and black dice,
//! armor fire, then the CRT's results in order: step losses, Disorganization, retreat
//! (or No Retreat), advance.

use super::super::event::Event;
use super::super::game::Game;
use super::super::side::Army;
use super::super::state::{Loc, Org};
use super::super::zoc::Zone;
use super::{Advance, Battle, Segment, Stage};

impl Game {
    pub(crate) fn resolve(&mut self, out: &mut Vec<Event>) {
        let Some(b) = self.st.battle.clone() else {
            return;
        };
        let att: u32 = b
            .attackers
            .iter()
            .map(|&u| self.attack_strength(u, &b))
            .sum();
        let def = self.defence_strength(&b);
        let crt = &self.rules.charts.crt;
        let column = crt.column_of(att, def);
        let beyond = crt.beyond(att, def);
        let label = crt.label(column).to_owned();
        let shifts = self.shifts(&b, out);
        let last = self.rules.charts.crt.columns.len() as isize - 1;
        let final_col = (column.max(0) + shifts as isize).clamp(0, last);
        let final_label = self.rules.charts.crt.label(final_col).to_owned();
        self.emit(
            out,
            Event::Odds {
                target: b.target,
                attack: att,
                defence: def,
                column: label,
                shifts,
                final_column: final_label,
            },
        );
        let red = self.dice.d6();
        let black = self.dice.d6();
        let mut result = self.rules.charts.crt.result(final_col, red + black);
        self.emit(out, Event::CombatRolled { red, black, result });
        let (att_die, def_die) = if b.attacker == Army::Soviet {
            (red, black)
        } else {
            (black, red)
        };
        let only_armor = self.armor_fire(&b, att_die, def_die, out);
        if only_armor {
            result.attacker.steps = 0;
            result.defender.steps = 0;
        }
        let defenders_were_d = b
            .defenders
            .iter()
            .all(|&u| self.st.units[u].org == Org::Disorganized);
        for first in (0..result.attacker.steps).map(|i| i == 0) {
            if let Some(u) = self.attacker_loss(&b, first) {
                self.lose_step(u, "12.12.3", out);
            }
        }
        for _ in 0..result.defender.steps {
            if let Some(u) = self.defender_loss(&b) {
                self.lose_step(u, "12.12.4", out);
            }
        }
        match beyond {
            Some(false) => {
                result.attacker.disorganized = true;
                self.emit(
                    out,
                    Event::AutoDisorganized {
                        side: b.attacker,
                        rule: "12.11: odds below the CRT".into(),
                    },
                );
            }
            Some(true) => {
                result.defender.disorganized = true;
                self.emit(
                    out,
                    Event::AutoDisorganized {
                        side: b.defender(),
                        rule: "12.11: odds above the CRT".into(),
                    },
                );
            }
            None => {}
        }
        let live = |g: &Game, v: &[usize]| -> Vec<usize> {
            v.iter()
                .copied()
                .filter(|&u| g.st.units[u].loc != Loc::Eliminated)
                .collect()
        };
        if result.defender.disorganized {
            for u in live(self, &b.defenders) {
                self.set_org(u, Org::Disorganized, "12.17.1", out);
            }
        }
        let mut retreat = result.defender.retreat;
        if b.no_retreat
            && retreat > 0
            && !result.defender.disorganized
            && !result.defender.breakthrough
        {
            if let Some(u) = self.largest_infantry(&b.defenders) {
                self.lose_step(u, "12.14.2", out);
            }
            let inf: u32 = live(self, &b.defenders)
                .iter()
                .map(|&u| self.zoc_steps(u))
                .sum();
            if inf > 0 {
                retreat = 0;
                let roll = self.dice.d6();
                self.emit(
                    out,
                    Event::NoRetreatRolled {
                        roll,
                        infantry_steps: inf,
                    },
                );
                if u32::from(roll) <= inf
                    && let Some(u) = live(self, &b.attackers)
                        .into_iter()
                        .max_by_key(|&u| (self.strength(u), std::cmp::Reverse(u)))
                {
                    self.lose_step(u, "12.14.2", out);
                }
            }
        }
        let all_eliminated = live(self, &b.defenders).is_empty();
        if result.attacker.disorganized && !defenders_were_d {
            let stacks = if all_eliminated || retreat > 0 || self.projection(b.target) != Zone::Zoc
            {
                1
            } else {
                2
            };
            self.disorganize_attackers(&b, stacks, out);
        }
        let mut path = vec![b.target];
        if retreat > 0 && !all_eliminated {
            path = self.retreat_stack(&live(self, &b.defenders), b.target, retreat, out);
        }
        if result.attacker.retreat > 0 && !all_eliminated {
            for &f in &b.from {
                let stack: Vec<usize> = live(self, &b.attackers)
                    .into_iter()
                    .filter(|&u| self.st.units[u].hex() == Some(f))
                    .collect();
                if !stack.is_empty() {
                    self.retreat_stack(&stack, f, result.attacker.retreat, out);
                }
            }
        }
        let vacated = self.defenders_on(b.target, b.defender()).is_empty();
        let units: Vec<usize> = live(self, &b.attackers)
            .into_iter()
            .filter(|&u| self.st.units[u].hex().is_some_and(|h| b.from.contains(&h)))
            .collect();
        let defender_advance = self.defender_advance(&b, all_eliminated);
        let advance = (vacated && !units.is_empty()).then(|| Advance {
            first: vec![b.target],
            path,
            hexes: if result.defender.breakthrough || all_eliminated {
                2
            } else {
                1
            },
            all_eliminated,
            breakthrough: result.defender.breakthrough && b.segment == Segment::Normal,
            units,
        });
        if let Some(x) = self.st.battle.as_mut() {
            x.stage = Stage::Advance;
            x.advance = advance;
            x.defender_advance = defender_advance;
        }
    }

    /// 12.15.2 case 3: when the attacker retreated or was eliminated, the defender may
    /// advance one hex into an attacking hex left empty, unless it declared No Retreat.
    fn defender_advance(&self, b: &Battle, all_eliminated: bool) -> Option<Advance> {
        if b.no_retreat || all_eliminated {
            return None;
        }
        let first: Vec<_> = b
            .from
            .iter()
            .copied()
            .filter(|&f| self.own_on(f, b.attacker).is_empty())
            .collect();
        let units: Vec<usize> = b
            .defenders
            .iter()
            .copied()
            .filter(|&u| {
                self.st.units[u].hex() == Some(b.target) && self.rules.units[u].attack_capable()
            })
            .collect();
        (!first.is_empty() && !units.is_empty()).then(|| Advance {
            first,
            path: Vec::new(),
            hexes: 1,
            all_eliminated: false,
            breakthrough: false,
            units,
        })
    }

    /// 12.17.1: the attacker's stacks to Disorganize, the largest first (J-15).
    fn disorganize_attackers(&mut self, b: &Battle, stacks: usize, out: &mut Vec<Event>) {
        let mut hexes = b.from.clone();
        hexes.sort_by_key(|&h| {
            std::cmp::Reverse(
                b.attackers
                    .iter()
                    .filter(|&&u| self.st.units[u].hex() == Some(h))
                    .count(),
            )
        });
        for h in hexes.into_iter().take(stacks) {
            for u in b
                .attackers
                .iter()
                .copied()
                .filter(|&u| self.st.units[u].hex() == Some(h))
                .collect::<Vec<_>>()
            {
                self.set_org(u, Org::Disorganized, "12.17.1", out);
            }
        }
    }

    /// 12.12.1: armor fire on the single dice; returns whether only armor and
    /// anti-armor units fight on both sides (case 2: no CRT step losses).
    fn armor_fire(&mut self, b: &Battle, att_die: u8, def_die: u8, out: &mut Vec<Event>) -> bool {
        let defs = &self.rules.units;
        let tanks: Vec<usize> = b
            .attackers
            .iter()
            .copied()
            .filter(|&u| {
                defs[u].is_armor() && defs[u].white > 0 && self.can_enter_by_advance(u, b.target)
            })
            .collect();
        let dotted: Vec<usize> = b
            .defenders
            .iter()
            .copied()
            .filter(|&u| defs[u].white + defs[u].black > 0)
            .collect();
        let icon = |u: usize| defs[u].is_armor() || defs[u].is_anti_armor();
        let only_armor =
            b.attackers.iter().all(|&u| icon(u)) && b.defenders.iter().all(|&u| icon(u));
        if tanks.is_empty() || dotted.is_empty() {
            return only_armor;
        }
        let best_att = tanks.iter().map(|&u| defs[u].white).max().unwrap_or(0);
        let best_def = dotted
            .iter()
            .filter(|&&u| icon(u) || defs[u].kind.is_infantry_type())
            .map(|&u| defs[u].white + defs[u].black)
            .max()
            .unwrap_or(0);
        let att_target = dotted
            .iter()
            .copied()
            .max_by_key(|&u| (icon(u), defs[u].white + defs[u].black, std::cmp::Reverse(u)));
        let def_target = tanks
            .iter()
            .copied()
            .max_by_key(|&u| (defs[u].white, std::cmp::Reverse(u)));
        let att_hit = (u32::from(att_die) <= best_att)
            .then_some(att_target)
            .flatten();
        let def_hit = (u32::from(def_die) <= best_def)
            .then_some(def_target)
            .flatten();
        let name = |g: &Game, u: Option<usize>| u.map(|u| g.id(u));
        let (ah, dh) = (name(self, att_hit), name(self, def_hit));
        self.emit(
            out,
            Event::ArmorFire {
                side: b.attacker,
                die: att_die,
                dots: best_att,
                hit: ah,
            },
        );
        self.emit(
            out,
            Event::ArmorFire {
                side: b.defender(),
                die: def_die,
                dots: best_def,
                hit: dh,
            },
        );
        for u in [att_hit, def_hit].into_iter().flatten() {
            self.lose_step(u, "12.12.1", out);
        }
        only_armor
    }
}
