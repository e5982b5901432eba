//! The setup checks of reference §10 that concern the rules of this engine part (the
//! pure reference checks M01, U01... live in `model::check`). Each has its §10 code and
//! rule. `Game::new` refuses a scenario with errors; `sztab validate` reports them all.

use std::collections::BTreeMap;

use super::board::Mover;
use super::prepared::Prepared;
use super::roster::Unit;
use super::side::Side;
use super::zoc::ZocMap;
use crate::model::{Bundle, Date, Edition, Problem, RestrictionRule, Subject, UnitKind};

/// Runs the rules' setup checks on a bundle whose references are sound.
pub fn check(b: &Bundle, p: &Prepared) -> Vec<Problem> {
    let mut out = Vec::new();
    scenario_dates(b, &mut out);
    edition_rules(b, &mut out);
    counters(p, &mut out);
    placement(b, p, &mut out);
    arrivals(p, &mut out);
    victory(b, &mut out);
    out
}

fn scenario_dates(b: &Bundle, out: &mut Vec<Problem>) {
    let s = &b.scenario;
    if let Some(days) = s.stated_days
        && i64::from(days) != s.turns()
    {
        out.push(
            Problem::warning(
                "S03",
                format!(
                    "the scenario plays {} turns but the source states {days} days",
                    s.turns()
                ),
            )
            .rule("R2.1.6"),
        );
    }
    let mut dated: Vec<(String, Date)> = Vec::new();
    for r in &s.reinforcements {
        let name = r.name.clone().unwrap_or_else(|| "reinforcement".into());
        dated.push((name.clone(), r.date));
        if let Some(d) = r.cannot_move_before {
            dated.push((format!("{name}: cannot move before"), d));
        }
    }
    for w in &s.withdrawals {
        dated.push((format!("withdrawal of {}", w.formation), w.date));
    }
    for r in &s.restrictions {
        match &r.rule {
            RestrictionRule::NoMoveUntil(d) => {
                dated.push(("restriction: no move until".into(), *d))
            }
            RestrictionRule::HalfMpOn(d) => dated.push(("restriction: half MP".into(), *d)),
            RestrictionRule::NoCrossing { .. } => {}
        }
    }
    for a in &s.air {
        dated.extend(a.from.map(|d| ("air window start".to_string(), d)));
        dated.extend(a.until.map(|d| ("air window end".to_string(), d)));
    }
    for br in &s.barrage {
        dated.extend(br.dates.iter().map(|&d| ("barrage day".to_string(), d)));
    }
    if let Some(m) = &s.rules.mines {
        dated.push(("mines window start".into(), m.from));
        dated.push(("mines window end".into(), m.until));
    }
    for (what, d) in dated {
        if d < s.start || d > s.end {
            out.push(
                Problem::error(
                    "S04",
                    format!(
                        "{what} on {d} lies outside the scenario ({} to {})",
                        s.start, s.end
                    ),
                )
                .rule("R2.1.6"),
            );
        }
    }
}

fn edition_rules(b: &Bundle, out: &mut Vec<Problem>) {
    if b.scenario.edition != Edition::Generic {
        return;
    }
    let r = &b.scenario.rules;
    let kursk_only = [
        (r.mines.is_some(), "mine losses (R18)"),
        (r.panthers.is_some(), "Panther breakdowns (R22)"),
        (r.repair_markers > 0, "armor repair (R17)"),
        (r.fortified_lines, "Soviet Fortified Lines (R19)"),
        (r.air_per_hex == Some(2), "2 air counters per hex (R21.1.2)"),
        (
            b.terrain.field_fortification.urban_cm.is_some(),
            "FF worth +1/+2 in towns (R20.1.1)",
        ),
    ];
    for (on, what) in kursk_only {
        if on {
            out.push(
                Problem::error(
                    "S05",
                    format!("{what} is a Kursk 1943 rule, but the edition is Generic"),
                )
                .rule("R17-R22"),
            );
        }
    }
}

fn unit_problem(
    code: &'static str,
    rule: &'static str,
    error: bool,
    p: &Prepared,
    u: Unit,
    msg: String,
) -> Problem {
    let id = p.roster.info(u).id.clone();
    let base = if error {
        Problem::error(code, format!("unit {id}: {msg}"))
    } else {
        Problem::warning(code, format!("unit {id}: {msg}"))
    };
    base.rule(rule).about(Subject::Unit(id))
}

fn counters(p: &Prepared, out: &mut Vec<Problem>) {
    for u in p.roster.all() {
        let i = p.roster.info(u);
        let d = &i.def;
        if i.is_hq() && (d.cel != 1 || d.mp != crate::model::Mp::whole(10) || d.sp != 0) {
            out.push(unit_problem(
                "U04",
                "R9.1.2",
                true,
                p,
                u,
                "an HQ has 1 CEL, 10 MP and 0 SP".into(),
            ));
        }
        if i.is_towed() && d.cel != 1 {
            out.push(unit_problem(
                "U04",
                "R6.1.6",
                true,
                p,
                u,
                "a towed unit has 1 CEL".into(),
            ));
        }
        if i.is_gun() && d.defense.is_none() {
            out.push(unit_problem(
                "U04",
                "R1.2",
                true,
                p,
                u,
                "towed artillery needs both an attack and a defense SP".into(),
            ));
        }
        if i.is_rg() && d.mp != crate::model::Mp::ZERO {
            out.push(unit_problem(
                "U04",
                "R15.2.1",
                true,
                p,
                u,
                "a resilience group has no MP".into(),
            ));
        }
        if !i.stars().is_empty() && i.is_towed() {
            out.push(unit_problem(
                "U08",
                "R15.1.5",
                false,
                p,
                u,
                "a towed unit uses its stars in defense only".into(),
            ));
        }
        let armour = matches!(d.kind, UnitKind::Armored | UnitKind::AssaultGun);
        if (d.flags.panther || d.flags.ferdinand) && !armour {
            out.push(unit_problem(
                "U09",
                "R17.1.3",
                true,
                p,
                u,
                "Panther and Ferdinand flags belong to armored units".into(),
            ));
        }
    }
    if p.rules.panthers.is_some() && !p.roster.units.iter().any(|i| i.def.flags.panther) {
        out.push(
            Problem::warning(
                "U09",
                "the Panther rule is on but no unit is flagged panther",
            )
            .rule("R22.1.1"),
        );
    }
    let mut per_tc: BTreeMap<usize, usize> = BTreeMap::new();
    for i in &p.roster.units {
        if let Some(f) = i.tc {
            *per_tc.entry(f).or_default() += 1;
        }
    }
    for (f, n) in per_tc.into_iter().filter(|(_, n)| *n < 3) {
        let name = p.roster.tc_formations[f].clone();
        out.push(
            Problem::warning(
                "U07",
                format!("formation {name} has {n} unit(s) in the scenario; tactical concentration needs 3"),
            )
            .rule("R13.1.2")
            .about(Subject::Formation(name)),
        );
    }
}

fn morale_check(b: &Bundle, p: &Prepared, out: &mut Vec<Problem>) {
    for u in p.roster.all() {
        let d = &p.roster.info(u).def;
        let Some(n) = b.counters.nation(d.nation.as_str()) else {
            continue;
        };
        let m = &n.morale;
        let missing = ((d.flags.ss || d.flags.guards) && m.elite.is_none())
            || (d.flags.volksgrenadier && m.volksgrenadier.is_none())
            || (d.is_vs() && m.volkssturm.is_none());
        if missing {
            out.push(unit_problem(
                "U06",
                "R5.6.2",
                false,
                p,
                u,
                format!(
                    "nation {} gives no morale for its class; the regular value is used",
                    n.id
                ),
            ));
        }
    }
}

fn placement(b: &Bundle, p: &Prepared, out: &mut Vec<Problem>) {
    morale_check(b, p, out);
    let board = &p.board;
    let mut per_hex: BTreeMap<usize, Vec<Unit>> = BTreeMap::new();
    for s in &p.setup {
        per_hex.entry(s.hex).or_default().push(s.unit);
    }
    let cel_of = |u: Unit| {
        p.setup
            .iter()
            .find(|s| s.unit == u)
            .map_or(0, |s| u32::from(s.cel))
    };
    for (&h, units) in &per_hex {
        let id = board.id(h);
        let cel: u32 = units.iter().map(|&u| cel_of(u)).sum();
        if cel > 8 {
            out.push(
                Problem::error(
                    "P01",
                    format!("hex {id} holds {cel} CEL at setup; at most 8"),
                )
                .rule("R3.2.1")
                .about(Subject::Hex(id)),
            );
        }
        let sides: Vec<Side> = units.iter().map(|&u| p.roster.info(u).side).collect();
        if sides.iter().any(|&s| s != sides[0]) {
            out.push(
                Problem::error("P02", format!("hex {id} holds units of both sides"))
                    .rule("R3.1.8")
                    .about(Subject::Hex(id)),
            );
        }
    }
    let zoc = Side::BOTH.map(|side| {
        ZocMap::build(
            board,
            &p.roster,
            p.setup
                .iter()
                .filter(|s| p.roster.info(s.unit).side == side)
                .map(|s| (s.unit, s.hex)),
        )
    });
    let mut in_zoc: Vec<usize> = Vec::new();
    for s in &p.setup {
        let info = p.roster.info(s.unit);
        let Some(placement) = b.scenario.setup.iter().find(|x| x.unit == info.id) else {
            continue;
        };
        let id = board.id(s.hex);
        if info.mover != Mover::Static && !board.enterable(s.hex, info.mover) {
            out.push(unit_problem(
                "P03",
                "R3.1.11",
                true,
                p,
                s.unit,
                format!("stands on {id}, terrain it could never enter"),
            ));
        }
        if p.initial_control[s.hex] != Some(info.side) {
            out.push(unit_problem(
                "P05",
                "R4.3.1",
                false,
                p,
                s.unit,
                format!("stands on {id}, which its side does not control at the start"),
            ));
        }
        if info.is_towed() && placement.artillery.is_none() {
            out.push(unit_problem(
                "P06",
                "R6.2.2",
                false,
                p,
                s.unit,
                "has no setup given; it starts in combat setup".into(),
            ));
        }
        let no_ff = board.no_ff[s.hex] || board.fp_hex[s.hex];
        if placement.fortified && no_ff {
            out.push(unit_problem(
                "F01",
                if board.fp_hex[s.hex] {
                    "R7.1.9"
                } else {
                    "R7.1.8"
                },
                true,
                p,
                s.unit,
                format!("is fortified on {id}, where no field fortification may stand"),
            ));
        } else if s.fortified && no_ff {
            out.push(unit_problem(
                "F02",
                "R7.1.8",
                false,
                p,
                s.unit,
                format!("its side starts fortified, but {id} takes no field fortification"),
            ));
        }
        if zoc[info.side.other().index()].covers(s.hex) && !in_zoc.contains(&s.hex) {
            in_zoc.push(s.hex);
            out.push(
                Problem::warning(
                    "P08",
                    format!("units on {id} start in an enemy ZoC (attack obligations on turn 1)"),
                )
                .rule("R5.1.3")
                .about(Subject::Hex(id)),
            );
        }
    }
}

fn arrivals(p: &Prepared, out: &mut Vec<Problem>) {
    let board = &p.board;
    let mut per_day_hex: BTreeMap<(i64, usize), u32> = BTreeMap::new();
    for g in &p.groups {
        for &u in &g.units {
            let info = p.roster.info(u);
            if info.is_rg() {
                out.push(unit_problem(
                    "P07",
                    "R15.2.1",
                    true,
                    p,
                    u,
                    "a resilience group never arrives: it cannot move".into(),
                ));
                continue;
            }
            for &z in &g.zones {
                for &h in &p.zones[z].hexes {
                    if board.entry_cost(h, info.mover).is_none() {
                        out.push(unit_problem(
                            "R02",
                            "R11.1.2",
                            true,
                            p,
                            u,
                            format!("cannot enter through {}, impassable for it", board.id(h)),
                        ));
                    }
                }
            }
        }
        for &z in &g.zones {
            for &h in &p.zones[z].hexes {
                if p.initial_control[h] == Some(g.side.other()) {
                    let id = board.id(h);
                    out.push(
                        Problem::warning(
                            "R03",
                            format!(
                                "{}: entry hex {id} is controlled by the enemy at the start",
                                g.name
                            ),
                        )
                        .rule("R11.1.4")
                        .about(Subject::Hex(id)),
                    );
                }
            }
        }
        if let [z] = g.zones.as_slice()
            && let [h] = p.zones[*z].hexes.as_slice()
        {
            let cel: u32 = g
                .units
                .iter()
                .map(|&u| u32::from(p.roster.info(u).max_cel()))
                .sum();
            *per_day_hex.entry((g.turn, *h)).or_default() += cel;
        }
    }
    for ((turn, h), cel) in per_day_hex {
        let stacks = cel.div_ceil(8);
        if stacks > 3 {
            let id = board.id(h);
            out.push(
                Problem::warning(
                    "R04",
                    format!("turn {turn}: {cel} CEL arrive through {id} alone, {stacks} stacks; the 4th and later can hardly enter"),
                )
                .rule("R11.1.5")
                .about(Subject::Hex(id)),
            );
        }
    }
}

fn victory(b: &Bundle, out: &mut Vec<Problem>) {
    let Some(v) = &b.scenario.victory else {
        return;
    };
    if let Some(m) = v.levels.first().and_then(|l| l.min_vp) {
        out.push(
            Problem::warning(
                "V02",
                format!(
                    "no victory level covers totals below {m} VP (the first level has a minimum)"
                ),
            )
            .rule("A-54"),
        );
    }
}
