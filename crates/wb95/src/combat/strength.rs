//! Strength points of each side of a combat (R5.2.1b, R1.7): printed SP at the unit's
//! CEL, halved when disorganized (R5.6.4), towed artillery's defense rules (R6.6), and
//! the halving of attackers across a Fixed Position, Fortified Line or big river
//! (R7.2.2, R19.1.1, A-09), summed per group then rounded up once.

use serde::{Deserialize, Serialize};

use super::odds::Engagement;
use crate::board::Hx;
use crate::game::Game;
use crate::roster::Unit;
use crate::side::Side;
use sztab_core::hex::HexId;
use sztab_core::model::{ArtillerySetup, UnitId};

/// Halving SPs rounds up (R1.7).
pub fn half_up(sp: u32) -> u32 {
    sp.div_ceil(2)
}

/// One unit's contribution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpLine {
    pub unit: UnitId,
    pub hex: HexId,
    /// The printed value at its CEL (attack or defense).
    pub printed: u32,
    /// After unit-state halving.
    pub value: u32,
    /// Why the value differs from the printed one, with the rule.
    pub note: Option<String>,
}

/// A group halved once as a whole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Halving {
    pub rule: &'static str,
    pub reason: String,
    pub units: Vec<UnitId>,
    pub before: u32,
    pub after: u32,
}

/// A side's strength.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize)]
pub struct Strength {
    /// The ground units fighting.
    pub lines: Vec<SpLine>,
    /// Artillery and air in support (R6.3, R8.2.2, R8.2.4).
    pub support: Vec<SpLine>,
    /// Sum of the ground units after unit-state halving, before any group halving
    /// (R5.5.4, A-30); support is not part of it.
    pub nominal: u32,
    pub halving: Option<Halving>,
    /// The total that enters the ratio.
    pub total: u32,
}

/// Why an attacker is halved when it attacks `key` from `from`, if it is.
pub(crate) fn across_halving(
    game: &Game,
    defender: Side,
    from: Hx,
    key: Hx,
) -> Option<(&'static str, &'static str)> {
    let b = game.board();
    let e = b.edge_between(from, key)?;
    if e.fp.is_some_and(|(p, _)| p == key) {
        return Some(("R7.2.2", "across a Fixed Position"));
    }
    if game.state.prepared.rules.fortified_lines
        && e.fl.is_some_and(|(p, _)| p == key)
        && game.state.prepared.fl_owner[key] == Some(defender)
    {
        return Some(("R19.1.1", "across a Fortified Line"));
    }
    if e.big_river {
        return Some(("A-09", "across a big river"));
    }
    None
}

impl Game {
    fn disorganized_note(&self, u: Unit, printed: u32) -> (u32, Option<String>) {
        if self.state.unit(u).is_disorganized() {
            (
                half_up(printed),
                Some("disorganized: halved (R5.6.4)".into()),
            )
        } else {
            (printed, None)
        }
    }

    /// R10.2.2: out of supply, attack SPs are halved unless the owner chose full
    /// strength (R10.2.3); defense SPs are not.
    fn oos_note(
        &self,
        u: Unit,
        full: Option<&[Unit]>,
        (value, note): (u32, Option<String>),
    ) -> (u32, Option<String>) {
        if self.state.unit(u).oos == 0 {
            return (value, note);
        }
        let (value, n) = match full {
            None => (value, "out of supply: defense not halved (R10.2.2)"),
            Some(f) if f.contains(&u) => {
                (value, "out of supply: full strength for a level (R10.2.3)")
            }
            Some(_) => (half_up(value), "out of supply: halved (R10.2.2)"),
        };
        (
            value,
            Some(note.map_or(n.to_string(), |x| format!("{x}; {n}"))),
        )
    }

    /// The attackers' strength against the key hex.
    pub(crate) fn attack_strength(&self, eng: &Engagement, key: Hx) -> Strength {
        let mut s = Strength::default();
        let mut group: Vec<(UnitId, u32)> = Vec::new();
        let mut why = None;
        for &u in &eng.attackers {
            let Some(h) = self.state.unit(u).hex() else {
                continue;
            };
            let printed = self.info(u).attack_at(self.state.unit(u).cel);
            let (value, note) = self.oos_note(
                u,
                Some(&eng.full_strength),
                self.disorganized_note(u, printed),
            );
            s.nominal += value;
            if let Some(r) = across_halving(self, eng.attacker.other(), h, key) {
                group.push((self.unit_id(u).clone(), value));
                why.get_or_insert(r);
            }
            s.lines.push(SpLine {
                unit: self.unit_id(u).clone(),
                hex: self.hex_id(h),
                printed,
                value,
                note,
            });
        }
        // Support: artillery attack SPs (R6.3.1) and air SPs (R8.2.2). A-31: all of it
        // is halved with the attackers across a Fixed Position or Fortified Line.
        let key_id = self.hex_id(key);
        let mut support = 0;
        let lines_halved = matches!(why, Some(("R7.2.2" | "R19.1.1", _)));
        for &u in &eng.attacker_support {
            let Some(h) = self.state.unit(u).hex() else {
                continue;
            };
            let printed = self.info(u).attack_at(self.state.unit(u).cel);
            let (value, note) = self.oos_note(
                u,
                Some(&eng.full_strength),
                self.disorganized_note(u, printed),
            );
            support += value;
            if lines_halved {
                group.push((self.unit_id(u).clone(), value));
            }
            s.support.push(SpLine {
                unit: self.unit_id(u).clone(),
                hex: self.hex_id(h),
                printed,
                value,
                note: Some(note.map_or("artillery support (R6.3.1)".into(), |n| {
                    format!("artillery support (R6.3.1); {n}")
                })),
            });
        }
        for a in &eng.attacker_air {
            support += a.sp;
            if lines_halved {
                group.push((UnitId::new(a.name.clone()), a.sp));
            }
            s.support.push(SpLine {
                unit: UnitId::new(a.name.clone()),
                hex: key_id,
                printed: a.sp,
                value: a.sp,
                note: Some("air offensive support (R8.2.2)".into()),
            });
        }
        let before: u32 = group.iter().map(|(_, v)| v).sum();
        s.total = s.nominal + support;
        if let Some((rule, reason)) = why {
            let after = half_up(before);
            s.total = s.nominal + support - before + after;
            s.halving = Some(Halving {
                rule,
                reason: reason.into(),
                units: group.into_iter().map(|(u, _)| u).collect(),
                before,
                after,
            });
        }
        s
    }

    /// The defenders' strength, and SP per defending hex. A hex without a regular unit
    /// defends with 1 SP in all if it holds towed artillery in combat setup (R6.6.3);
    /// with a regular unit, the guns add their defense SP (R6.6.1).
    pub(crate) fn defense_strength(&self, eng: &Engagement) -> (Strength, Vec<(Hx, u32)>) {
        let mut s = Strength::default();
        let mut per_hex = Vec::new();
        for &h in &eng.hexes {
            let units: Vec<Unit> = eng
                .defenders
                .iter()
                .copied()
                .filter(|&u| self.state.unit(u).hex() == Some(h))
                .collect();
            let backed = units.iter().any(|&u| {
                let i = self.info(u);
                !i.is_hq() && !i.is_gun()
            });
            let mut hex_total = 0;
            let mut lone_guns = false;
            for &u in &units {
                let info = self.info(u);
                let printed = info.defense_at(self.state.unit(u).cel);
                let (mut value, mut note) =
                    self.oos_note(u, None, self.disorganized_note(u, printed));
                let limbered = self.state.unit(u).setup == Some(ArtillerySetup::Transport);
                if info.is_gun() && backed && limbered {
                    value = 0;
                    note =
                        Some("towed artillery in transport setup cannot fire (R6.2.2 note)".into());
                }
                if info.is_gun() && !backed {
                    let combat = self.state.unit(u).setup == Some(ArtillerySetup::Combat);
                    value = 0;
                    note = Some(if combat {
                        lone_guns = true;
                        "towed artillery alone: the hex defends with 1 SP (R6.6.3)".into()
                    } else {
                        "towed artillery in transport setup alone: attacked as a lone HQ (R6.6.4)"
                            .into()
                    });
                }
                hex_total += value;
                s.lines.push(SpLine {
                    unit: self.unit_id(u).clone(),
                    hex: self.hex_id(h),
                    printed,
                    value,
                    note,
                });
            }
            if lone_guns {
                hex_total = 1;
            }
            s.nominal += hex_total;
            per_hex.push((h, hex_total));
        }
        // Support: artillery defense SPs (R6.3.1, R6.4.6 halved when disorganized) and
        // half the air SPs, rounded up once (R8.2.4).
        let mut support = 0;
        for &u in &eng.defender_support {
            let Some(h) = self.state.unit(u).hex() else {
                continue;
            };
            let printed = self.info(u).defense_at(self.state.unit(u).cel);
            let (value, note) = self.disorganized_note(u, printed);
            support += value;
            s.support.push(SpLine {
                unit: self.unit_id(u).clone(),
                hex: self.hex_id(h),
                printed,
                value,
                note: Some(note.map_or("artillery support (R6.3.1)".into(), |n| {
                    format!("artillery support (R6.3.1); {n}")
                })),
            });
        }
        let air: u32 = eng.defender_air.iter().map(|a| a.sp).sum();
        if air > 0 {
            let names: Vec<&str> = eng.defender_air.iter().map(|a| a.name.as_str()).collect();
            support += half_up(air);
            s.support.push(SpLine {
                unit: UnitId::new(names.join("+")),
                hex: eng
                    .hexes
                    .first()
                    .map_or(HexId::new(0, 0), |&h| self.hex_id(h)),
                printed: air,
                value: half_up(air),
                note: Some("air defensive support: half, rounded up (R8.2.4)".into()),
            });
        }
        s.total = s.nominal + support;
        (s, per_hex)
    }
}
