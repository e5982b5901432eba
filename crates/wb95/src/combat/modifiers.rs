//! The mandatory combat modifiers (R1.6): terrain and hexsides (R5.5), field
//! fortifications (R7.1.10, R20.1.1), Fixed Positions (R7.2), Fortified Lines (R19),
//! tactical concentration (R13), resilience groups (R15.2.3), Volkssturm (R15.3) and
//! fortification units (R15.4, voluntary but tied to fortifications).

use super::odds::{Cm, CmSide, Engagement};
use super::strength::Strength;
use crate::board::Hx;
use crate::game::Game;
use crate::roster::Unit;
use sztab_core::model::FlSmallDefender;

/// The mandatory CMs of a combat and what they imply.
#[derive(Clone, Debug, Default)]
pub struct Mandatory {
    pub cms: Vec<Cm>,
    /// The defender gets an FF, FP or FL CM (black stars, §6).
    pub fortified: bool,
    /// FUs whose +2 counts (R15.4.1).
    pub fu_units: Vec<Unit>,
}

fn cm(side: CmSide, value: i32, rule: &'static str, reason: String, source: Option<String>) -> Cm {
    Cm {
        side,
        value,
        rule,
        reason,
        source,
    }
}

impl Game {
    pub(crate) fn mandatory_cms(
        &self,
        eng: &Engagement,
        key: Hx,
        att: &Strength,
        def: &Strength,
    ) -> Mandatory {
        let mut m = Mandatory::default();
        let defender = eng.attacker.other();
        let b = self.board();
        let key_id = self.hex_id(key);
        if b.terrain_cm[key] != 0 {
            m.cms.push(cm(
                CmSide::Defender,
                i32::from(b.terrain_cm[key]),
                "R5.5.1",
                format!("terrain of {key_id}"),
                Some(key_id.to_string()),
            ));
        }
        self.hexside_cms(eng, key, att, &mut m);
        self.fortification_cms(eng, key, att, def, &mut m);
        // R13.1.5: a division's organic artillery counts when it supports from range.
        for side in [CmSide::Attacker, CmSide::Defender] {
            let (fighting, support) = if side == CmSide::Attacker {
                (&eng.attackers, &eng.attacker_support)
            } else {
                (&eng.defenders, &eng.defender_support)
            };
            let units: Vec<Unit> = fighting.iter().chain(support).copied().collect();
            self.concentration_cms(side, &units, &mut m);
        }
        if let Some(&rg) = eng.defenders.iter().find(|&&u| self.info(u).is_rg()) {
            m.cms.push(cm(
                CmSide::Defender,
                1,
                "R15.2.3",
                "resilience group in the defending hex".into(),
                Some(self.unit_id(rg).to_string()),
            ));
        }
        self.volkssturm_cms(CmSide::Defender, &eng.attackers, &mut m);
        self.volkssturm_cms(CmSide::Attacker, &eng.defenders, &mut m);
        let fu: Vec<Unit> = eng
            .fortification_units
            .iter()
            .copied()
            .filter(|&u| {
                self.info(u).is_fu()
                    && eng.defenders.contains(&u)
                    && self
                        .state
                        .unit(u)
                        .hex()
                        .is_some_and(|h| self.in_fortification(defender, h))
            })
            .collect();
        if let Some(&f) = fu.first() {
            m.cms.push(cm(
                CmSide::Defender,
                2,
                "R15.4.1",
                "fortification unit defending in a fortification".into(),
                Some(self.unit_id(f).to_string()),
            ));
            m.fu_units = fu;
        }
        m
    }

    /// R5.5.4: a hexside kind counts if more than half of the attacking ground SPs
    /// attack across it (nominal SPs, A-30).
    fn hexside_cms(&self, eng: &Engagement, key: Hx, att: &Strength, m: &mut Mandatory) {
        let b = self.board();
        let mut kinds: Vec<(usize, u32)> = Vec::new();
        for (line, &u) in att.lines.iter().zip(&eng.attackers) {
            let Some(e) = self
                .state
                .unit(u)
                .hex()
                .and_then(|h| b.edge_between(h, key))
            else {
                continue;
            };
            for &k in &e.water {
                match kinds.iter_mut().find(|(x, _)| *x == k) {
                    Some(x) => x.1 += line.value,
                    None => kinds.push((k, line.value)),
                }
            }
        }
        for (k, sp) in kinds {
            let kind = &b.side_kinds[k];
            if 2 * sp > att.nominal && kind.cm != 0 {
                m.cms.push(cm(
                    CmSide::Defender,
                    i32::from(kind.cm),
                    "R5.5.4",
                    format!("{sp} of {} SP attack across the {}", att.nominal, kind.name),
                    None,
                ));
            }
        }
    }

    fn fortification_cms(
        &self,
        eng: &Engagement,
        key: Hx,
        att: &Strength,
        def: &Strength,
        m: &mut Mandatory,
    ) {
        let b = self.board();
        let p = &self.state.prepared;
        let defender = eng.attacker.other();
        let key_id = self.hex_id(key).to_string();
        let across = |pick: &dyn Fn(&crate::board::EdgeInfo) -> bool| -> u32 {
            att.lines
                .iter()
                .zip(&eng.attackers)
                .filter(|(_, u)| {
                    self.state
                        .unit(**u)
                        .hex()
                        .and_then(|h| b.edge_between(h, key))
                        .is_some_and(pick)
                })
                .map(|(l, _)| l.value)
                .sum()
        };
        if b.fp_hex[key] {
            let front = across(&|e| e.fp.is_some_and(|(x, _)| x == key));
            // R7.2.3: a group's CM set by the scenario replaces the printed one.
            let fp_cm = (0..6)
                .map(|d| b.edge(key, d))
                .filter(|e| e.fp.is_some_and(|(x, _)| x == key))
                .map(|e| {
                    e.fp_group
                        .as_ref()
                        .and_then(|g| p.fp_groups.get(g).copied())
                        .unwrap_or(e.fp.map_or(3, |(_, c)| c))
                })
                .max()
                .unwrap_or(3);
            m.fortified = true;
            if 2 * front >= att.nominal && front > 0 {
                m.cms.push(cm(
                    CmSide::Defender,
                    i32::from(fp_cm),
                    "R7.2.2",
                    format!(
                        "Fixed Position: {front} of {} SP attack across its front",
                        att.nominal
                    ),
                    Some(key_id.clone()),
                ));
            } else {
                m.cms.push(cm(
                    CmSide::Defender,
                    i32::from(b.ff_cm(key)),
                    "R7.2.4",
                    format!("Fixed Position attacked mostly from the rear ({front} of {} SP across its front): as an FF", att.nominal),
                    Some(key_id.clone()),
                ));
            }
        } else if self.state.ff[key] == Some(defender) {
            m.fortified = true;
            let rule = if b.field_fortification.urban_cm.is_some() {
                "R20.1.1"
            } else {
                "R7.1.10"
            };
            m.cms.push(cm(
                CmSide::Defender,
                i32::from(b.ff_cm(key)),
                rule,
                format!(
                    "field fortification{}",
                    if b.urban[key] { " in a town" } else { "" }
                ),
                Some(key_id.clone()),
            ));
        }
        if p.rules.fortified_lines && b.fl_hex[key] {
            if p.fl_owner[key] == Some(defender) {
                let front = across(&|e| e.fl.is_some_and(|(x, _)| x == key));
                if 2 * front > att.nominal {
                    let small = def.total <= 4;
                    let (value, rule) = match (small, p.rules.fl_small_defender) {
                        (false, _) => (2, "R19.1.2"),
                        (true, FlSmallDefender::Replace) => (1, "R19.1.3"),
                        (true, FlSmallDefender::Additive) => (3, "R19.1.3"),
                    };
                    m.fortified = true;
                    m.cms.push(cm(
                        CmSide::Defender,
                        value,
                        rule,
                        format!(
                            "Fortified Line: {front} of {} SP attack across it{}",
                            att.nominal,
                            if small {
                                ", defenders of 4 SP or less"
                            } else {
                                ""
                            }
                        ),
                        Some(key_id),
                    ));
                }
            } else {
                m.fortified = true;
                m.cms.push(cm(
                    CmSide::Defender,
                    1,
                    "R19.1.4",
                    "defending in a captured Fortified Line".into(),
                    Some(key_id),
                ));
            }
        }
    }

    /// R13.1.4: each formation gives floor(units taking part / 3).
    fn concentration_cms(&self, side: CmSide, units: &[Unit], m: &mut Mandatory) {
        let mut per: Vec<(usize, Vec<Unit>)> = Vec::new();
        for &u in units {
            if let Some(f) = self.info(u).tc {
                match per.iter_mut().find(|(x, _)| *x == f) {
                    Some(e) => e.1.push(u),
                    None => per.push((f, vec![u])),
                }
            }
        }
        for (f, us) in per {
            let n = us.len() as i32 / 3;
            if n > 0 {
                let names: Vec<String> = us.iter().map(|&u| self.unit_id(u).to_string()).collect();
                m.cms.push(cm(
                    side,
                    n,
                    "R13.1.4",
                    format!(
                        "tactical concentration of {} ({} units)",
                        self.roster().tc_formations[f],
                        us.len()
                    ),
                    Some(names.join(", ")),
                ));
            }
        }
    }

    /// R15.3.1-15.3.2: the enemy of a side with Volkssturm gets +2, less 1 per regular
    /// unit stacked with it (the best-covered VS hex counts).
    fn volkssturm_cms(&self, beneficiary: CmSide, enemy_units: &[Unit], m: &mut Mandatory) {
        let mut best: Option<(i32, Unit)> = None;
        for &u in enemy_units.iter().filter(|&&u| self.info(u).is_vs()) {
            let Some(h) = self.state.unit(u).hex() else {
                continue;
            };
            let regulars = self
                .units_at(h)
                .iter()
                .filter(|&&x| self.info(x).is_regular() && !self.info(x).is_vs())
                .count() as i32;
            let value = (2 - regulars).max(0);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, u));
            }
        }
        if let Some((v, u)) = best.filter(|(v, _)| *v > 0) {
            m.cms.push(cm(
                beneficiary,
                v,
                "R15.3.1",
                "the enemy fights with Volkssturm".into(),
                Some(self.unit_id(u).to_string()),
            ));
        }
    }
}

/// Units attacking across a big-river hexside into `key` (R15.1.8).
pub(crate) fn across_big_river(game: &Game, attackers: &[Unit], key: Hx) -> Vec<Unit> {
    attackers
        .iter()
        .copied()
        .filter(|&u| {
            game.state
                .unit(u)
                .hex()
                .and_then(|h| game.board().edge_between(h, key))
                .is_some_and(|e| e.big_river)
        })
        .collect()
}

pub(crate) fn side_has_armor(game: &Game, units: &[Unit]) -> bool {
    units.iter().any(|&u| game.info(u).is_armor_target())
}
