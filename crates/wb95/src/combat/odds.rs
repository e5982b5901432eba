//! The odds of a combat (R5.2.1b-e): both sides' SP, the initial ratio (R1.5), every CM
//! with its rule and source, the clamping after each step (WE-1.6b), the forced column
//! of a lone HQ (R5.1.9), the HQ die modifier (R9.2), and the probability of every
//! CRT outcome. The engine resolves combats with exactly this computation.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::modifiers::{across_big_river, side_has_armor};
use super::stars::{self, StarSide};
use super::strength::Strength;
use crate::board::Hx;
use crate::crt::{Column, Crt, CrtCell};
use crate::game::Game;
use crate::roster::Unit;
use crate::side::Side;
use sztab_core::hex::HexId;
use sztab_core::model::UnitId;
use sztab_seam::play::two_d6_probability;

/// Who a CM favours: attacker CMs shift right, defender CMs left (R1.6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum CmSide {
    Attacker,
    Defender,
}

/// One combat modifier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cm {
    pub side: CmSide,
    pub value: i32,
    pub rule: &'static str,
    pub reason: String,
    /// The unit(s) or hex it comes from.
    pub source: Option<String>,
}

/// Air SPs supporting one side of a combat (R8.2.2, R8.2.4).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AirSupport {
    /// The counter, or a label for SPs given by hand (`sztab odds --air`).
    pub name: String,
    pub sp: u32,
    /// A white-star counter (R21.1.1).
    pub white_star: bool,
}

/// A combat as the odds see it: who fights, and the voluntary choices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Engagement {
    pub attacker: Side,
    pub attackers: Vec<Unit>,
    pub hexes: Vec<Hx>,
    pub defenders: Vec<Unit>,
    pub attacker_stars: Vec<Unit>,
    pub defender_stars: Vec<Unit>,
    pub fortification_units: Vec<Unit>,
    pub attacker_pool: u8,
    pub defender_pool: u8,
    /// Artillery firing in support, per side (R6.3).
    pub attacker_support: Vec<Unit>,
    pub defender_support: Vec<Unit>,
    /// Air in support, per side (R8.2.2, R8.2.4).
    pub attacker_air: Vec<AirSupport>,
    pub defender_air: Vec<AirSupport>,
    /// Out-of-supply attackers (and supporting artillery) at full SPs (R10.2.3).
    pub full_strength: Vec<Unit>,
}

/// The HQ die modifier (R9.2): the attacker subtracts 1, the defender adds 1, when each
/// of its ground units is within range of some friendly HQ; both cancel.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct HqModifier {
    /// The HQs whose range covers the attacking side's units (R9.2.1); empty when
    /// some unit is out of every friendly HQ's range.
    pub attacker_hqs: Vec<UnitId>,
    /// The same for the defending side.
    pub defender_hqs: Vec<UnitId>,
    pub net: i32,
}

impl HqModifier {
    /// The HQs named in words: "HQ XI, HQ III", or "none".
    pub fn list(hqs: &[UnitId]) -> String {
        if hqs.is_empty() {
            return "none".into();
        }
        hqs.iter()
            .map(UnitId::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// One CRT outcome and its probability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub cell: CrtCell,
    pub probability: f64,
    /// The unmodified 2K6 rolls that give it.
    pub rolls: Vec<u8>,
}

/// The full breakdown of a combat's odds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Odds {
    pub attack: Strength,
    pub defense: Strength,
    /// The defending hex whose terrain counts (R5.5.3).
    pub key_hex: HexId,
    pub initial: Column,
    pub after_attacker: Column,
    pub column: Column,
    /// A column imposed by a rule (R5.1.9), with the reason.
    pub forced: Option<(String, String)>,
    pub cms: Vec<Cm>,
    pub hq: HqModifier,
    #[serde(skip)]
    pub star_units: [Vec<Unit>; 2],
    #[serde(skip)]
    pub fu_units: Vec<Unit>,
    pub fortified: bool,
}

impl Odds {
    pub fn cm_total(&self, side: CmSide) -> i32 {
        self.cms
            .iter()
            .filter(|c| c.side == side)
            .map(|c| c.value)
            .sum()
    }

    /// Every outcome with its probability, in order of the first roll giving it.
    pub fn outcomes(&self, crt: &Crt) -> Vec<Outcome> {
        let mut out: Vec<Outcome> = Vec::new();
        for raw in 2..=12u8 {
            let p = two_d6_probability(i32::from(raw));
            let cell = crt.cell(modified_roll(raw, self.hq.net), self.column);
            match out.iter_mut().find(|o| o.cell == cell) {
                Some(o) => {
                    o.probability += p;
                    o.rolls.push(raw);
                }
                None => out.push(Outcome {
                    cell,
                    probability: p,
                    rolls: vec![raw],
                }),
            }
        }
        out
    }
}

/// The roll after the HQ modifier, clamped to 2..12 (R9.2, A-42).
pub fn modified_roll(raw: u8, net: i32) -> u8 {
    (i32::from(raw) + net).clamp(2, 12) as u8
}

impl Game {
    /// The odds of an engagement in the current position.
    pub fn assess(&self, eng: &Engagement) -> Odds {
        let (defense, per_hex) = self.defense_strength(eng);
        let key = per_hex
            .iter()
            .fold(None::<(Hx, u32)>, |best, &(h, sp)| match best {
                Some((_, b)) if b >= sp => best,
                _ => Some((h, sp)),
            })
            .map_or(eng.hexes.first().copied().unwrap_or(0), |(h, _)| h);
        let attack = self.attack_strength(eng, key);
        let mand = self.mandatory_cms(eng, key, &attack, &defense);
        let mut cms = mand.cms;
        let hex_of = |u: Unit| self.state.unit(u).hex().unwrap_or(0);
        let big_river = across_big_river(self, &eng.attackers, key);
        let air_white = |v: &[AirSupport]| v.iter().filter(|a| a.white_star).count() as i32;
        let star = stars::resolve(
            self,
            [
                StarSide {
                    declared: &eng.attacker_stars,
                    attacking: true,
                    enemy_has_armor: side_has_armor(self, &eng.defenders),
                    enemy_fortified: mand.fortified,
                    across_big_river: &big_river,
                    air_white: air_white(&eng.attacker_air),
                },
                StarSide {
                    declared: &eng.defender_stars,
                    attacking: false,
                    enemy_has_armor: side_has_armor(self, &eng.attackers),
                    enemy_fortified: false,
                    across_big_river: &[],
                    air_white: air_white(&eng.defender_air),
                },
            ],
            self.state.prepared.rules.star_cap_per_hex,
            hex_of,
        );
        for (i, side) in [CmSide::Attacker, CmSide::Defender].into_iter().enumerate() {
            if star.cms[i] > 0 {
                let mut names: Vec<String> = star.kept[i]
                    .iter()
                    .map(|(u, s)| format!("{} {s:?}", self.unit_id(*u)))
                    .collect();
                if star.air[i] > 0 {
                    names.push(format!(
                        "{} white-star air counter(s) (R21.1.1)",
                        star.air[i]
                    ));
                }
                cms.push(Cm {
                    side,
                    value: star.cms[i],
                    rule: "R15.1.1",
                    reason: "stars".into(),
                    source: Some(names.join(", ")),
                });
            }
        }
        for (side, pool) in [
            (CmSide::Attacker, eng.attacker_pool),
            (CmSide::Defender, eng.defender_pool),
        ] {
            if pool > 0 {
                cms.push(Cm {
                    side,
                    value: i32::from(pool),
                    rule: "R9.1.6",
                    reason: "CMs from the pool of an eliminated enemy HQ".into(),
                    source: None,
                });
            }
        }
        let lone_hq = !eng.hexes.is_empty()
            && eng.hexes.iter().all(|&h| {
                eng.defenders
                    .iter()
                    .filter(|&&u| self.state.unit(u).hex() == Some(h))
                    .all(|&u| {
                        let i = self.info(u);
                        i.is_hq()
                            || (i.is_gun()
                                && self.state.unit(u).setup
                                    != Some(sztab_core::model::ArtillerySetup::Combat))
                    })
            });
        let initial = Column::clamped(Column::raw_position(attack.total, defense.total));
        let att_cm: i32 = cms
            .iter()
            .filter(|c| c.side == CmSide::Attacker)
            .map(|c| c.value)
            .sum();
        let def_cm: i32 = cms
            .iter()
            .filter(|c| c.side == CmSide::Defender)
            .map(|c| c.value)
            .sum();
        let after_attacker = initial.shift(att_cm);
        let mut column = after_attacker.shift(-def_cm);
        let mut forced = None;
        if lone_hq {
            column = Column::HIGHEST;
            forced = Some((
                "R5.1.9".to_string(),
                "an HQ (or limbered artillery, R6.6.4) alone is attacked at 10:1".to_string(),
            ));
        }
        Odds {
            hq: self.hq_modifier(eng, lone_hq),
            attack,
            defense,
            key_hex: self.hex_id(key),
            initial,
            after_attacker,
            column,
            forced,
            cms,
            star_units: star.kept.map(|k| k.into_iter().map(|(u, _)| u).collect()),
            fu_units: mand.fu_units,
            fortified: mand.fortified,
        }
    }

    /// The friendly HQs that put every one of these units within HQ range, each unit
    /// near *some* HQ, not necessarily the same one (R9.2.1-9.2.2, A-42); `None` when a
    /// unit is out of every friendly HQ's range. Per unit the first HQ of the roster in
    /// range is named.
    fn hqs_covering(&self, side: Side, units: &[Unit]) -> Option<Vec<Unit>> {
        let b = self.board();
        let hqs: Vec<(Unit, Hx, u32)> = self
            .units_on_map(side)
            .filter(|&h| self.info(h).is_hq())
            .filter_map(|h| {
                Some((
                    h,
                    self.state.unit(h).hex()?,
                    u32::from(self.info(h).hq_range),
                ))
            })
            .collect();
        let mut used: Vec<Unit> = Vec::new();
        let mut any = false;
        for at in units.iter().filter_map(|&u| self.state.unit(u).hex()) {
            any = true;
            let &(hq, ..) = hqs
                .iter()
                .find(|&&(_, h, range)| b.distance(at, h) <= range)?;
            if !used.contains(&hq) {
                used.push(hq);
            }
        }
        any.then_some(used)
    }

    /// R9.2.1: every ground unit of a side, its supporting artillery included, must be
    /// in range of a friendly HQ; an HQ is in its own range, so it covers the units
    /// stacked with it. A defender attacked at the column R5.1.9 forces (`lone_hq`: an
    /// HQ alone, or limbered guns attacked as one, R6.6.4) gets no modifier, neither
    /// from itself nor from another HQ.
    fn hq_modifier(&self, eng: &Engagement, lone_hq: bool) -> HqModifier {
        let with = |a: &[Unit], b: &[Unit]| -> Vec<Unit> { a.iter().chain(b).copied().collect() };
        let a = self.hqs_covering(eng.attacker, &with(&eng.attackers, &eng.attacker_support));
        let d = if lone_hq {
            None
        } else {
            self.hqs_covering(
                eng.attacker.other(),
                &with(&eng.defenders, &eng.defender_support),
            )
        };
        let names = |v: &Option<Vec<Unit>>| -> Vec<UnitId> {
            v.iter()
                .flatten()
                .map(|&u| self.unit_id(u).clone())
                .collect()
        };
        HqModifier {
            net: -i32::from(a.is_some()) + i32::from(d.is_some()),
            attacker_hqs: names(&a),
            defender_hqs: names(&d),
        }
    }
}

impl fmt::Display for Odds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (title, s) in [("Attacker", &self.attack), ("Defender", &self.defense)] {
            writeln!(f, "{title}:")?;
            for l in &s.lines {
                write!(
                    f,
                    "  {:<12} {}  {:>2} SP",
                    l.unit.as_str(),
                    l.hex,
                    l.printed
                )?;
                if l.value != l.printed {
                    write!(f, " -> {}", l.value)?;
                }
                if let Some(n) = &l.note {
                    write!(f, "  ({n})")?;
                }
                writeln!(f)?;
            }
            for l in &s.support {
                write!(
                    f,
                    "  {:<12} {}  {:>2} SP",
                    l.unit.as_str(),
                    l.hex,
                    l.printed
                )?;
                if l.value != l.printed {
                    write!(f, " -> {}", l.value)?;
                }
                if let Some(n) = &l.note {
                    write!(f, "  ({n})")?;
                }
                writeln!(f)?;
            }
            if let Some(h) = &s.halving {
                writeln!(
                    f,
                    "  halved {} ({}): {} -> {} SP [{}]",
                    h.reason,
                    h.units
                        .iter()
                        .map(|u| u.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                    h.before,
                    h.after,
                    h.rule
                )?;
            }
            writeln!(f, "  total {} SP", s.total)?;
        }
        writeln!(
            f,
            "Initial ratio {}:{} -> column {} (R1.5, R1.7)",
            self.attack.total, self.defense.total, self.initial
        )?;
        for c in &self.cms {
            let sign = if c.side == CmSide::Attacker { "+" } else { "-" };
            write!(
                f,
                "  {sign}{} {:?} CM  {} [{}]",
                c.value, c.side, c.reason, c.rule
            )?;
            if let Some(s) = &c.source {
                write!(f, "  from {s}")?;
            }
            writeln!(f)?;
        }
        writeln!(
            f,
            "Column after attacker CMs {}, after defender CMs {} (clamped after each step, R1.5)",
            self.after_attacker, self.column
        )?;
        if let Some((rule, why)) = &self.forced {
            writeln!(f, "Forced column {}: {why} [{rule}]", self.column)?;
        }
        writeln!(
            f,
            "HQ die modifier {:+} (attacker HQ in range: {}; defender HQ in range: {}) [R9.2]",
            self.hq.net,
            HqModifier::list(&self.hq.attacker_hqs),
            HqModifier::list(&self.hq.defender_hqs)
        )?;
        Ok(())
    }
}
