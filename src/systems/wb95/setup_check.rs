//! The setup checks of §10 that concern the rules (the pure reference checks
//! M01, U01... live in `model::check`). Each has its §10 code and rule. `Game::new`
//! refuses a scenario with errors; `sztab validate` reports them all.

use std::collections::BTreeMap;

use super::board::Mover;
use super::prepared::Prepared;
use super::roster::Unit;
use super::side::Side;
use super::supply;
use super::zoc::ZocMap;
use crate::model::{
    ArtillerySetup, Bundle, Date, Edition, HexsideRole, Problem, RestrictionRule, Subject,
    SupplySource, UnitKind,
};

/// Runs the rules' setup checks on a bundle whose references are sound.
pub fn check(b: &Bundle, p: &Prepared) -> Vec<Problem> {
    let mut out = Vec::new();
    scenario_dates(b, &mut out);
    edition_rules(b, &mut out);
    counters(p, &mut out);
    placement(b, p, &mut out);
    start_states(p, &mut out);
    arrivals(p, &mut out);
    victory(b, &mut out);
    supply_checks(b, p, &mut out);
    air_checks(b, p, &mut out);
    barrage_checks(b, p, &mut out);
    special_rules(b, p, &mut out);
    sheets(p, &mut out);
    super::setup_lint::check(p, &mut out);
    out
}

/// L01-L03: supply sources that resolve to hexes, the nations' supply MPs, and the
/// units that would start out of supply.
fn supply_checks(b: &Bundle, p: &Prepared, out: &mut Vec<Problem>) {
    for (i, side) in p.sides.iter().enumerate() {
        let def = b.scenario.side(side.id.as_str());
        for src in def.map(|d| d.supply.as_slice()).unwrap_or(&[]) {
            match src {
                SupplySource::Edge(e) if p.board.edge_hexes(*e).is_empty() => out.push(
                    Problem::error(
                        "L01",
                        format!("side {}: the {e:?} edge has no hexes", side.id),
                    )
                    .rule("R10.1.4"),
                ),
                SupplySource::Hq(u) => {
                    let ok = p
                        .roster
                        .get(u.as_str())
                        .is_some_and(|x| p.roster.info(x).side.index() == i);
                    if !ok {
                        out.push(
                            Problem::error(
                                "L01",
                                format!(
                                    "side {}: supply HQ {u} is not one of its units in this scenario",
                                    side.id
                                ),
                            )
                            .rule("R10.1.4"),
                        );
                    }
                }
                _ => {}
            }
        }
        if side.fixed_sources.is_empty() && side.hq_sources.is_empty() {
            out.push(
                Problem::error(
                    "L01",
                    format!("side {}: no supply source lies on the map", side.id),
                )
                .rule("R10.1.4"),
            );
        }
    }
    let mut nations: Vec<&str> = p
        .roster
        .units
        .iter()
        .map(|i| i.def.nation.as_str())
        .collect();
    nations.sort_unstable();
    nations.dedup();
    for n in nations {
        if b.counters
            .nation(n)
            .is_none_or(|x| x.supply_mp == crate::model::Mp::ZERO)
        {
            out.push(
                Problem::error(
                    "L03",
                    format!("nation {n} has no supply MPs (12 US/UK, 10 German, 8 Soviet, 7 German allies)"),
                )
                .rule("R10.1.6"),
            );
        }
    }
    let pieces: Vec<supply::Piece> = p
        .setup
        .iter()
        .map(|s| supply::Piece {
            unit: s.unit,
            hex: s.hex,
            setup: s.setup,
        })
        .collect();
    for side in Side::BOTH {
        let input = supply::input(
            &p.board,
            &p.roster,
            side,
            &pieces,
            &p.initial_control,
            &p.board.bridges_at_start,
            p.sides[side.index()].sources.clone(),
        );
        let cost = supply::trace(&input);
        for (piece, start) in pieces
            .iter()
            .zip(&p.setup)
            .filter(|(x, _)| p.roster.info(x.unit).side == side)
        {
            let info = p.roster.info(piece.unit);
            let traces = cost[piece.hex] <= info.supply_mp.twelfths();
            if start.oos > 0 {
                declared_oos(p, piece, start.oos, traces, out);
            } else if !traces {
                out.push(unit_problem(
                    "L02",
                    "R10.1",
                    false,
                    p,
                    piece.unit,
                    format!(
                        "starts out of supply on {}: no line of supply within {} MP",
                        p.board.id(piece.hex),
                        info.supply_mp
                    ),
                ));
            }
        }
    }
}

/// L04-L05: a unit the scenario sets up out of supply that traces a line of supply
/// anyway (its level drops by 4 at its side's first Supply phase, R10.2.7), or whose
/// level makes it surrender at the first Supply phase it stays cut off, whatever the
/// roll (it rises a level, then `level - 2K6 > 0`, R10.2.6, A-49).
fn declared_oos(
    p: &Prepared,
    piece: &supply::Piece,
    level: u8,
    traces: bool,
    out: &mut Vec<Problem>,
) {
    let at = p.board.id(piece.hex);
    if traces {
        out.push(unit_problem(
            "L04",
            "R10.2.7",
            false,
            p,
            piece.unit,
            format!("starts out of supply (level {level}) but traces a line of supply on {at}: its level drops by 4 at its side's first Supply phase"),
        ));
    } else if level >= 12 {
        out.push(unit_problem(
            "L05",
            "R10.2.6",
            false,
            p,
            piece.unit,
            format!("starts out of supply at level {level}: still cut off at its side's first Supply phase, it surrenders whatever the roll"),
        ));
    }
}

/// A01-A03: air counters with their values and windows, Soviet air never flagged for
/// supply, "any N" within the allotment.
fn air_checks(b: &Bundle, p: &Prepared, out: &mut Vec<Problem>) {
    for a in &p.air {
        if a.sp == 0 {
            out.push(
                Problem::error("A01", format!("air counter {} has no SP", a.id)).rule("R8.1.1"),
            );
        }
        if a.soviet && a.supply {
            out.push(
                Problem::error(
                    "A02",
                    format!(
                        "air counter {} is Soviet, yet its nation flies supply missions",
                        a.id
                    ),
                )
                .rule("R8.2.22"),
            );
        }
    }
    for a in &b.scenario.air {
        if a.from.is_none() || a.until.is_none() {
            out.push(
                Problem::error(
                    "A01",
                    format!(
                        "the air allotment of {} has no availability window (from, until)",
                        a.side
                    ),
                )
                .rule("R8.1.1"),
            );
        }
        if let Some(n) = a.choose
            && (n == 0 || usize::from(n) > a.counters.len())
        {
            out.push(
                Problem::warning(
                    "A03",
                    format!(
                        "the air allotment of {} chooses {n} of {} counters",
                        a.side,
                        a.counters.len()
                    ),
                )
                .rule("A-59"),
            );
        }
    }
}

/// B01-B02: barrage needs ammunition and days, and two guns in range of an enemy hex.
fn barrage_checks(b: &Bundle, p: &Prepared, out: &mut Vec<Problem>) {
    for br in &b.scenario.barrage {
        if br.ammo_units == 0 || br.dates.is_empty() {
            out.push(
                Problem::error(
                    "B01",
                    format!(
                        "barrage of {}: {} ammunition units on {} day(s); both are needed",
                        br.side,
                        br.ammo_units,
                        br.dates.len()
                    ),
                )
                .rule("R6.5.1"),
            );
            continue;
        }
        let Some(side) = p.side_by_id(br.side.as_str()) else {
            continue;
        };
        let guns: Vec<usize> = p
            .setup
            .iter()
            .filter(|s| {
                let i = p.roster.info(s.unit);
                i.side == side && i.is_artillery()
            })
            .map(|s| s.hex)
            .collect();
        let targets = p
            .setup
            .iter()
            .filter(|s| p.roster.info(s.unit).side != side)
            .map(|s| s.hex);
        let mut ok = false;
        for t in targets {
            let n = guns
                .iter()
                .filter(|&&g| (2..=3).contains(&p.board.distance(g, t)))
                .count();
            ok |= n >= 2;
        }
        if !ok {
            out.push(
                Problem::warning(
                    "B02",
                    format!(
                        "barrage of {}: at setup no enemy hex is in range of 2 of its artillery units",
                        br.side
                    ),
                )
                .rule("R6.5.4"),
            );
        }
    }
}

/// K01-K04: repair markers, the mines rule, Fortified Lines on the map, the air limit.
fn special_rules(b: &Bundle, p: &Prepared, out: &mut Vec<Problem>) {
    let r = &b.scenario.rules;
    if r.repair_markers > 1 {
        out.push(
            Problem::error(
                "K01",
                format!(
                    "{} repair markers; one per front, and a scenario plays one map",
                    r.repair_markers
                ),
            )
            .rule("R17.1.1"),
        );
    }
    if let Some(m) = &r.mines {
        let first = Date::ymd(1943, 7, 5);
        let last = Date::ymd(1943, 7, 11);
        let in_window = first
            .zip(last)
            .is_some_and(|(f, l)| m.from >= f && m.until <= l);
        if !(m.dice == 4 || m.dice == 6) || !in_window {
            out.push(
                Problem::error(
                    "K02",
                    format!(
                        "mines roll {} dice from {} to {}; the rule is 4 (north) or 6 (south) dice within 5-11 July 1943",
                        m.dice, m.from, m.until
                    ),
                )
                .rule("R18.1.1"),
            );
        }
    }
    let has_fl = p.board.side_kinds.iter().enumerate().any(|(k, kind)| {
        kind.role == HexsideRole::FortifiedLine
            && p.board.edges.iter().any(|e| e.kinds.contains(&k))
    });
    if (r.fortified_lines || r.mines.is_some()) && !has_fl {
        out.push(
            Problem::warning(
                "K03",
                "the Fortified Line or mines rule is on, but the map has no Fortified Line",
            )
            .rule("R19"),
        );
    }
    if b.scenario.edition == Edition::Kursk1943
        && !b.scenario.air.is_empty()
        && r.air_per_hex != Some(2)
    {
        out.push(
            Problem::error(
                "K04",
                "the Kursk 1943 edition allows 2 air counters per mission hex (air_per_hex: 2)",
            )
            .rule("R21.1.2"),
        );
    }
}

/// M04: units on map regions that no hex joins (sheets side by side without a join
/// table) never meet.
fn sheets(p: &Prepared, out: &mut Vec<Problem>) {
    let b = &p.board;
    let mut region = vec![usize::MAX; b.len()];
    let mut n = 0;
    for start in 0..b.len() {
        if !b.defined[start] || region[start] != usize::MAX {
            continue;
        }
        region[start] = n;
        let mut stack = vec![start];
        while let Some(h) = stack.pop() {
            for (_, x) in b.neighbours(h) {
                if b.defined[x] && region[x] == usize::MAX {
                    region[x] = n;
                    stack.push(x);
                }
            }
        }
        n += 1;
    }
    let mut used: Vec<usize> = p.setup.iter().map(|s| region[s.hex]).collect();
    used.sort_unstable();
    used.dedup();
    if used.len() > 1 {
        out.push(
            Problem::warning(
                "M04",
                format!(
                    "the units stand on {} map regions joined by no hex; without a sheet-join table they never meet",
                    used.len()
                ),
            )
            .rule("A-69"),
        );
    }
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
            b.terrain
                .field_fortification
                .as_ref()
                .is_some_and(|f| f.urban_cm.is_some()),
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

/// P12-P13: start states a unit cannot be in, or that do nothing. A barrage is fired
/// by artillery in combat setup (R6.5.3, R6.1.3); a unit that never moves has no MPs to
/// spend (R15.2.1); a masking marker covers a whole stack (R16.1.2).
fn start_states(p: &Prepared, out: &mut Vec<Problem>) {
    let mut masked: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for s in &p.setup {
        let info = p.roster.info(s.unit);
        if s.barrage_fired && !info.is_artillery() {
            out.push(unit_problem(
                "P12",
                "R6.5.3",
                true,
                p,
                s.unit,
                "has fired a barrage, but only artillery fires barrages".into(),
            ));
        } else if s.barrage_fired && s.setup == Some(ArtillerySetup::Transport) {
            out.push(unit_problem(
                "P12",
                "R6.1.3",
                true,
                p,
                s.unit,
                "has fired a barrage, but starts in transport setup, which cannot fire".into(),
            ));
        }
        if s.movement_spent && (info.is_rg() || info.mover == Mover::Static) {
            out.push(unit_problem(
                "P12",
                "R15.2.1",
                false,
                p,
                s.unit,
                "has its movement spent, but it never moves".into(),
            ));
        }
        let m = masked.entry(s.hex).or_default();
        m.0 += usize::from(s.masked);
        m.1 += 1;
    }
    for (h, (m, n)) in masked {
        if m > 0 && m < n {
            let id = p.board.id(h);
            out.push(
                Problem::warning(
                    "P13",
                    format!("stack {id}: {m} of its {n} units start masked; a masking marker covers the whole stack"),
                )
                .rule("R16.1.2")
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
