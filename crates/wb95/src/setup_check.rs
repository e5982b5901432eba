//! The setup checks of §10 that concern the rules (the pure reference checks
//! M01, U01... live in `model::check`). Each has its §10 code and rule. `Game::new`
//! refuses a scenario with errors; `sztab validate` reports them all.

use std::collections::{BTreeMap, HashMap};

use super::board::Mover;
use super::prepared::Prepared;
use super::roster::Unit;
use super::side::Side;
use super::supply;
use super::zoc::ZocMap;
use sztab_core::model::outline::Seg;
use sztab_core::model::{
    ArtillerySetup, Bundle, Date, Edition, HexsideRole, Part, Problem, RestrictionRule, Subject,
    SupplySource, UnitKind,
};
use sztab_core::path;

/// Runs the rules' setup checks on a bundle whose references are sound. Each problem
/// carries the path of the value it is about in the scenario's files (its `anchor`), for
/// `validate` to give it a line and column.
pub fn check(b: &Bundle, p: &Prepared) -> Vec<Problem> {
    let w = Where::of(b);
    let mut out = Vec::new();
    scenario_dates(b, &mut out);
    edition_rules(b, &mut out);
    counters(p, &w, &mut out);
    placement(b, p, &w, &mut out);
    start_states(p, &w, &mut out);
    arrivals(p, &w, &mut out);
    victory(b, &mut out);
    supply_checks(b, p, &w, &mut out);
    air_checks(b, p, &w, &mut out);
    barrage_checks(b, p, &mut out);
    special_rules(b, p, &mut out);
    sheets(p, &mut out);
    let lints = out.len();
    super::setup_lint::check(p, &mut out);
    // The lints name their unit: they are at its placement.
    for problem in &mut out[lints..] {
        if let (None, Some(Subject::Unit(u))) = (&problem.anchor, &problem.subject) {
            *problem = w.setup(problem.clone(), u.as_str(), "hex");
        }
    }
    out
}

/// Where units, nations and air counters are in the scenario's files.
struct Where<'a> {
    /// Index in `setup` of each unit's (first) placement.
    placement: HashMap<&'a str, usize>,
    /// Reinforcement and position in its `units` of each arriving unit.
    arrival: HashMap<&'a str, (usize, usize)>,
    /// Index in the counters file of each unit, nation and air counter.
    unit_def: HashMap<&'a str, usize>,
    nation: HashMap<&'a str, usize>,
    formation: HashMap<&'a str, usize>,
    air_def: HashMap<&'a str, usize>,
}

impl<'a> Where<'a> {
    fn of(b: &'a Bundle) -> Self {
        let index = |ids: Vec<&'a str>| {
            let mut m = HashMap::new();
            for (i, id) in ids.into_iter().enumerate() {
                m.entry(id).or_insert(i);
            }
            m
        };
        let s = &b.scenario;
        let mut arrival = HashMap::new();
        for (r, g) in s.reinforcements.iter().enumerate() {
            for (j, u) in g.units.iter().enumerate() {
                arrival.entry(u.as_str()).or_insert((r, j));
            }
        }
        let c = &b.counters;
        Where {
            placement: index(s.setup.iter().map(|x| x.unit.as_str()).collect()),
            arrival,
            unit_def: index(c.units.iter().map(|x| x.id.as_str()).collect()),
            nation: index(c.nations.iter().map(|x| x.id.as_str()).collect()),
            formation: index(c.formations.iter().map(|x| x.id.as_str()).collect()),
            air_def: index(c.air.iter().map(|x| x.id.as_str()).collect()),
        }
    }

    /// `p` at the unit's placement (`field` of it), or at its reinforcement.
    fn setup(&self, p: Problem, unit: &str, field: &str) -> Problem {
        if let Some(&i) = self.placement.get(unit) {
            p.anchor(Part::Scenario, &path!["setup", i, field])
        } else if let Some(&(r, j)) = self.arrival.get(unit) {
            p.anchor(Part::Scenario, &path!["reinforcements", r, "units", j])
        } else {
            p
        }
    }

    /// `p` at `field` of the unit's counter.
    fn counter(&self, p: Problem, unit: &str, field: &str) -> Problem {
        match self.unit_def.get(unit) {
            Some(&i) => p.anchor(Part::Counters, &path!["units", i, field]),
            None => p,
        }
    }

    /// `p` at `field` of a nation.
    fn nation(&self, p: Problem, nation: &str, field: &str) -> Problem {
        match self.nation.get(nation) {
            Some(&i) => p.anchor(Part::Counters, &path!["nations", i, field]),
            None => p,
        }
    }
}

/// The index in the scenario file of the side with this id.
fn side_index(b: &Bundle, id: &str) -> Option<usize> {
    b.scenario.sides.iter().position(|s| s.id.as_str() == id)
}

/// L01-L03: supply sources that resolve to hexes, the nations' supply MPs, and the
/// units that would start out of supply.
fn supply_checks(b: &Bundle, p: &Prepared, w: &Where, out: &mut Vec<Problem>) {
    for (i, side) in p.sides.iter().enumerate() {
        let def = b.scenario.side(side.id.as_str());
        let si = side_index(b, side.id.as_str()).unwrap_or(0);
        for (j, src) in def
            .map(|d| d.supply.as_slice())
            .unwrap_or(&[])
            .iter()
            .enumerate()
        {
            let at = path!["sides", si, "supply", j];
            match src {
                SupplySource::Edge(e) if p.board.edge_hexes(*e).is_empty() => out.push(
                    Problem::error(
                        "L01",
                        format!("side {}: the {e:?} edge has no hexes", side.id),
                    )
                    .rule("R10.1.4")
                    .anchor(Part::Scenario, &at),
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
                            .rule("R10.1.4")
                            .anchor(Part::Scenario, &at),
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
                .rule("R10.1.4")
                .anchor(Part::Scenario, &path!["sides", si, "supply"]),
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
            .is_none_or(|x| x.supply_mp == sztab_core::model::Mp::ZERO)
        {
            let problem = Problem::error(
                "L03",
                format!(
                    "nation {n} has no supply MPs (12 US/UK, 10 German, 8 Soviet, 7 German allies)"
                ),
            )
            .rule("R10.1.6");
            out.push(w.nation(problem, n, "supply_mp"));
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
                let first = out.len();
                declared_oos(p, piece, start.oos, traces, out);
                for problem in &mut out[first..] {
                    *problem = w.setup(problem.clone(), info.id.as_str(), "hex");
                }
            } else if !traces {
                let problem = unit_problem(
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
                );
                out.push(w.setup(problem, info.id.as_str(), "hex"));
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
fn air_checks(b: &Bundle, p: &Prepared, w: &Where, out: &mut Vec<Problem>) {
    for a in &p.air {
        let def = w.air_def.get(a.id.as_str()).copied().unwrap_or(0);
        if a.sp == 0 {
            out.push(
                Problem::error("A01", format!("air counter {} has no SP", a.id))
                    .rule("R8.1.1")
                    .anchor(Part::Counters, &path!["air", def, "sp"]),
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
                .rule("R8.2.22")
                .anchor(Part::Counters, &path!["air", def, "nation"]),
            );
        }
    }
    for (i, a) in b.scenario.air.iter().enumerate() {
        if a.from.is_none() || a.until.is_none() {
            out.push(
                Problem::error(
                    "A01",
                    format!(
                        "the air allotment of {} has no availability window (from, until)",
                        a.side
                    ),
                )
                .rule("R8.1.1")
                .anchor(Part::Scenario, &path!["air", i]),
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
                .rule("A-59")
                .anchor(Part::Scenario, &path!["air", i, "choose"]),
            );
        }
    }
}

/// B01-B02: barrage needs ammunition and days, and two guns in range of an enemy hex.
fn barrage_checks(b: &Bundle, p: &Prepared, out: &mut Vec<Problem>) {
    for (i, br) in b.scenario.barrage.iter().enumerate() {
        let at = path!["barrage", i];
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
                .rule("R6.5.1")
                .anchor(Part::Scenario, &at),
            );
            continue;
        }
        let Some(side) = p.side_by_id(br.side.as_str()) else {
            continue;
        };
        // Guns in range of each hex (2 or 3 hexes away), counted from the guns: linear
        // in the units, not guns times targets.
        let mut in_range: HashMap<usize, usize> = HashMap::new();
        for s in p.setup.iter().filter(|s| {
            let i = p.roster.info(s.unit);
            i.side == side && i.is_artillery()
        }) {
            for t in p.board.within(s.hex, 3) {
                if p.board.distance(s.hex, t) >= 2 {
                    *in_range.entry(t).or_default() += 1;
                }
            }
        }
        let ok = p
            .setup
            .iter()
            .filter(|s| p.roster.info(s.unit).side != side)
            .any(|s| in_range.get(&s.hex).is_some_and(|&n| n >= 2));
        if !ok {
            out.push(
                Problem::warning(
                    "B02",
                    format!(
                        "barrage of {}: at setup no enemy hex is in range of 2 of its artillery units",
                        br.side
                    ),
                )
                .rule("R6.5.4")
                .anchor(Part::Scenario, &at),
            );
        }
    }
}

/// K01-K04: repair markers, the mines rule, Fortified Lines on the map, the air limit.
fn special_rules(b: &Bundle, p: &Prepared, out: &mut Vec<Problem>) {
    let r = &b.scenario.rules;
    // A front is a map sheet: a joined map (its sections) plays two.
    let fronts = b.map.sections.len().max(1);
    if usize::from(r.repair_markers) > fronts {
        out.push(
            Problem::error(
                "K01",
                format!(
                    "{} repair markers; one per front, and this map has {fronts}",
                    r.repair_markers
                ),
            )
            .rule("R17.1.1")
            .anchor(Part::Scenario, &path!["rules", "repair_markers"]),
        );
    }
    if let Some(m) = &r.mines {
        let first = Date::ymd(1943, 7, 5);
        let last = Date::ymd(1943, 7, 11);
        let in_window = first
            .zip(last)
            .is_some_and(|(f, l)| m.from >= f && m.until <= l);
        // 4 (north) or 6 (south), or both fronts' 10 on a joined map.
        let dice_ok = m.dice == 4 || m.dice == 6 || (fronts >= 2 && m.dice == 10);
        if !dice_ok || !in_window {
            out.push(
                Problem::error(
                    "K02",
                    format!(
                        "mines roll {} dice from {} to {}; the rule is 4 (north) or 6 (south) dice, 10 for both fronts, within 5-11 July 1943",
                        m.dice, m.from, m.until
                    ),
                )
                .rule("R18.1.1")
                .anchor(Part::Scenario, &path!["rules", "mines"]),
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
            .rule("R19")
            .anchor(Part::Scenario, &path!["rules"]),
        );
    }
    if b.scenario.edition == Edition::Kursk1943
        && !b.scenario.air.is_empty()
        && r.air_per_hex != Some(2)
    {
        // At the setting if the file has one, else at the allotments that need it.
        let at: &[Seg] = if r.air_per_hex.is_some() {
            &path!["rules", "air_per_hex"]
        } else {
            &path!["air"]
        };
        out.push(
            Problem::error(
                "K04",
                "the Kursk 1943 edition allows 2 air counters per mission hex (air_per_hex: 2)",
            )
            .rule("R21.1.2")
            .anchor(Part::Scenario, at),
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
            .rule("A-69")
            .anchor(Part::Scenario, &path!["setup"]),
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
            .rule("R2.1.6")
            .anchor(Part::Scenario, &path!["stated_days"]),
        );
    }
    // Each date with what it is and where it is written.
    let mut dated: Vec<(String, Date, Vec<Seg>)> = Vec::new();
    for (i, r) in s.reinforcements.iter().enumerate() {
        let name = r.name.clone().unwrap_or_else(|| "reinforcement".into());
        dated.push((
            name.clone(),
            r.date,
            path!["reinforcements", i, "date"].into(),
        ));
        if let Some(d) = r.cannot_move_before {
            let at = path!["reinforcements", i, "cannot_move_before"];
            dated.push((format!("{name}: cannot move before"), d, at.into()));
        }
    }
    for (i, w) in s.withdrawals.iter().enumerate() {
        let at = path!["withdrawals", i, "date"];
        dated.push((format!("withdrawal of {}", w.formation), w.date, at.into()));
    }
    for (i, r) in s.restrictions.iter().enumerate() {
        let at = path!["restrictions", i, "rule"];
        match &r.rule {
            RestrictionRule::NoMoveUntil(d) => {
                dated.push(("restriction: no move until".into(), *d, at.into()))
            }
            RestrictionRule::HalfMpOn(d) => {
                dated.push(("restriction: half MP".into(), *d, at.into()))
            }
            RestrictionRule::NoCrossing { .. } => {}
        }
    }
    for (i, a) in s.air.iter().enumerate() {
        let (from, until) = (path!["air", i, "from"], path!["air", i, "until"]);
        dated.extend(
            a.from
                .map(|d| ("air window start".to_string(), d, from.into())),
        );
        dated.extend(
            a.until
                .map(|d| ("air window end".to_string(), d, until.into())),
        );
    }
    for (i, br) in s.barrage.iter().enumerate() {
        for (j, &d) in br.dates.iter().enumerate() {
            let at = path!["barrage", i, "dates", j];
            dated.push(("barrage day".to_string(), d, at.into()));
        }
    }
    if let Some(m) = &s.rules.mines {
        let (from, until) = (
            path!["rules", "mines", "from"],
            path!["rules", "mines", "until"],
        );
        dated.push(("mines window start".into(), m.from, from.into()));
        dated.push(("mines window end".into(), m.until, until.into()));
    }
    for (what, d, at) in dated {
        if d < s.start || d > s.end {
            out.push(
                Problem::error(
                    "S04",
                    format!(
                        "{what} on {d} lies outside the scenario ({} to {})",
                        s.start, s.end
                    ),
                )
                .rule("R2.1.6")
                .anchor(Part::Scenario, &at),
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
                .rule("R17-R22")
                .anchor(Part::Scenario, &path!["edition"]),
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

fn counters(p: &Prepared, w: &Where, out: &mut Vec<Problem>) {
    for u in p.roster.all() {
        let i = p.roster.info(u);
        let d = &i.def;
        let id = i.id.as_str();
        let mut push = |code, rule, error, field, msg: &str| {
            let problem = unit_problem(code, rule, error, p, u, msg.into());
            out.push(w.counter(problem, id, field));
        };
        if i.is_hq() && (d.cel != 1 || d.mp != sztab_core::model::Mp::whole(10) || d.sp != 0) {
            push(
                "U04",
                "R9.1.2",
                true,
                "kind",
                "an HQ has 1 CEL, 10 MP and 0 SP",
            );
        }
        if i.is_towed() && d.cel != 1 {
            push("U04", "R6.1.6", true, "cel", "a towed unit has 1 CEL");
        }
        if i.is_gun() && d.defense.is_none() {
            let msg = "towed artillery needs both an attack and a defense SP";
            push("U04", "R1.2", true, "sp", msg);
        }
        if i.is_rg() && d.mp != sztab_core::model::Mp::ZERO {
            push("U04", "R15.2.1", true, "mp", "a resilience group has no MP");
        }
        if !i.stars().is_empty() && i.is_towed() {
            let msg = "a towed unit uses its stars in defense only";
            push("U08", "R15.1.5", false, "stars", msg);
        }
        let armour = matches!(d.kind, UnitKind::Armored | UnitKind::AssaultGun);
        if (d.flags.panther || d.flags.ferdinand) && !armour {
            let msg = "Panther and Ferdinand flags belong to armored units";
            push("U09", "R17.1.3", true, "flags", msg);
        }
    }
    if p.rules.panthers.is_some() && !p.roster.units.iter().any(|i| i.def.flags.panther) {
        out.push(
            Problem::warning(
                "U09",
                "the Panther rule is on but no unit is flagged panther",
            )
            .rule("R22.1.1")
            .anchor(Part::Scenario, &path!["rules", "panthers"]),
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
        let mut problem = Problem::warning(
            "U07",
            format!(
                "formation {name} has {n} unit(s) in the scenario; tactical concentration needs 3"
            ),
        )
        .rule("R13.1.2");
        if let Some(&i) = w.formation.get(name.as_str()) {
            problem = problem.anchor(Part::Counters, &path!["formations", i, "id"]);
        }
        out.push(problem.about(Subject::Formation(name)));
    }
}

fn morale_check(b: &Bundle, p: &Prepared, w: &Where, out: &mut Vec<Problem>) {
    let nations: HashMap<&str, &sztab_core::model::Nation> = b
        .counters
        .nations
        .iter()
        .rev()
        .map(|n| (n.id.as_str(), n))
        .collect();
    for u in p.roster.all() {
        let d = &p.roster.info(u).def;
        let Some(n) = nations.get(d.nation.as_str()) else {
            continue;
        };
        let m = &n.morale;
        let missing = ((d.flags.ss || d.flags.guards) && m.elite.is_none())
            || (d.flags.volksgrenadier && m.volksgrenadier.is_none())
            || (d.is_vs() && m.volkssturm.is_none());
        if missing {
            let problem = unit_problem(
                "U06",
                "R5.6.2",
                false,
                p,
                u,
                format!(
                    "nation {} gives no morale for its class; the regular value is used",
                    n.id
                ),
            );
            out.push(w.nation(problem, n.id.as_str(), "morale"));
        }
    }
}

fn placement(b: &Bundle, p: &Prepared, w: &Where, out: &mut Vec<Problem>) {
    morale_check(b, p, w, out);
    let board = &p.board;
    let mut per_hex: BTreeMap<usize, Vec<Unit>> = BTreeMap::new();
    let mut cel_of: HashMap<Unit, u32> = HashMap::new();
    for s in &p.setup {
        per_hex.entry(s.hex).or_default().push(s.unit);
        cel_of.entry(s.unit).or_insert(u32::from(s.cel));
    }
    let id_of = |u: Unit| p.roster.info(u).id.as_str();
    for (&h, units) in &per_hex {
        let id = board.id(h);
        let cel: u32 = units.iter().map(|u| cel_of[u]).sum();
        if cel > 8 {
            // At the placement that passes the limit.
            let mut sum = 0;
            let over = units
                .iter()
                .find(|u| {
                    sum += cel_of[u];
                    sum > 8
                })
                .unwrap_or(&units[0]);
            let problem = Problem::error(
                "P01",
                format!("hex {id} holds {cel} CEL at setup; at most 8"),
            )
            .rule("R3.2.1")
            .about(Subject::Hex(id));
            out.push(w.setup(problem, id_of(*over), "hex"));
        }
        let first = p.roster.info(units[0]).side;
        if let Some(&other) = units.iter().find(|&&u| p.roster.info(u).side != first) {
            let problem = Problem::error("P02", format!("hex {id} holds units of both sides"))
                .rule("R3.1.8")
                .about(Subject::Hex(id));
            out.push(w.setup(problem, id_of(other), "hex"));
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
    let mut in_zoc: std::collections::HashSet<usize> = std::collections::HashSet::new();
    for s in &p.setup {
        let info = p.roster.info(s.unit);
        let uid = info.id.as_str();
        let Some(placement) = w.placement.get(uid).map(|&i| &b.scenario.setup[i]) else {
            continue;
        };
        let id = board.id(s.hex);
        let unit_at = |code, rule, error, field, msg: String| {
            w.setup(unit_problem(code, rule, error, p, s.unit, msg), uid, field)
        };
        if info.mover != Mover::Static && !board.enterable(s.hex, info.mover) {
            let msg = format!("stands on {id}, terrain it could never enter");
            out.push(unit_at("P03", "R3.1.11", true, "hex", msg));
        }
        if p.initial_control[s.hex] != Some(info.side) {
            let msg = format!("stands on {id}, which its side does not control at the start");
            out.push(unit_at("P05", "R4.3.1", false, "hex", msg));
        }
        if info.is_towed() && placement.artillery.is_none() {
            let msg = "has no setup given; it starts in combat setup".to_string();
            out.push(unit_at("P06", "R6.2.2", false, "unit", msg));
        }
        let no_ff = board.no_ff[s.hex] || board.fp_hex[s.hex];
        if placement.fortified && no_ff {
            let rule = if board.fp_hex[s.hex] {
                "R7.1.9"
            } else {
                "R7.1.8"
            };
            let msg = format!("is fortified on {id}, where no field fortification may stand");
            out.push(unit_at("F01", rule, true, "fortified", msg));
        } else if s.fortified && no_ff {
            let msg = format!("its side starts fortified, but {id} takes no field fortification");
            out.push(unit_at("F02", "R7.1.8", false, "hex", msg));
        }
        if zoc[info.side.other().index()].covers(s.hex) && in_zoc.insert(s.hex) {
            let problem = Problem::warning(
                "P08",
                format!("units on {id} start in an enemy ZoC (attack obligations on turn 1)"),
            )
            .rule("R5.1.3")
            .about(Subject::Hex(id));
            out.push(w.setup(problem, uid, "hex"));
        }
    }
}

/// P12-P13: start states a unit cannot be in, or that do nothing. A barrage is fired
/// by artillery in combat setup (R6.5.3, R6.1.3); a unit that never moves has no MPs to
/// spend (R15.2.1); a masking marker covers a whole stack (R16.1.2).
fn start_states(p: &Prepared, w: &Where, out: &mut Vec<Problem>) {
    let mut masked: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for s in &p.setup {
        let info = p.roster.info(s.unit);
        let at = |problem| w.setup(problem, info.id.as_str(), "unit");
        if s.barrage_fired && !info.is_artillery() {
            out.push(at(unit_problem(
                "P12",
                "R6.5.3",
                true,
                p,
                s.unit,
                "has fired a barrage, but only artillery fires barrages".into(),
            )));
        } else if s.barrage_fired && s.setup == Some(ArtillerySetup::Transport) {
            out.push(at(unit_problem(
                "P12",
                "R6.1.3",
                true,
                p,
                s.unit,
                "has fired a barrage, but starts in transport setup, which cannot fire".into(),
            )));
        }
        if s.movement_spent && (info.is_rg() || info.mover == Mover::Static) {
            out.push(at(unit_problem(
                "P12",
                "R15.2.1",
                false,
                p,
                s.unit,
                "has its movement spent, but it never moves".into(),
            )));
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

fn arrivals(p: &Prepared, w: &Where, out: &mut Vec<Problem>) {
    let board = &p.board;
    let mut per_day_hex: BTreeMap<(i64, usize), u32> = BTreeMap::new();
    for g in &p.groups {
        // The group's entry in the file, found by its first unit.
        let group_at = g
            .units
            .first()
            .and_then(|&u| w.arrival.get(p.roster.info(u).id.as_str()))
            .map(|&(r, _)| r);
        let at_entry = |problem: Problem| match group_at {
            Some(r) => problem.anchor(Part::Scenario, &path!["reinforcements", r, "entry"]),
            None => problem,
        };
        for &u in &g.units {
            let info = p.roster.info(u);
            let uid = info.id.as_str();
            if info.is_rg() {
                let msg = "a resilience group never arrives: it cannot move".into();
                let problem = unit_problem("P07", "R15.2.1", true, p, u, msg);
                out.push(w.setup(problem, uid, "unit"));
                continue;
            }
            for &z in &g.zones {
                for &h in &p.zones[z].hexes {
                    if board.entry_cost(h, info.mover).is_none() {
                        let msg =
                            format!("cannot enter through {}, impassable for it", board.id(h));
                        let problem = unit_problem("R02", "R11.1.2", true, p, u, msg);
                        out.push(w.setup(problem, uid, "unit"));
                    }
                }
            }
        }
        for &z in &g.zones {
            for &h in &p.zones[z].hexes {
                if p.initial_control[h] == Some(g.side.other()) {
                    let id = board.id(h);
                    out.push(at_entry(
                        Problem::warning(
                            "R03",
                            format!(
                                "{}: entry hex {id} is controlled by the enemy at the start",
                                g.name
                            ),
                        )
                        .rule("R11.1.4")
                        .about(Subject::Hex(id)),
                    ));
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
            .rule("A-54")
            .anchor(Part::Scenario, &path!["victory", "levels", 0, "min_vp"]),
        );
    }
}
