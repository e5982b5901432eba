//! Reference checks of described files: every id a file uses exists, every hex is on the
//! map, every attribute fits the system's schema. The rules' own checks live in the
//! system.
//!
//! Each check is linear (or n·log n) in the size of the files: ids are looked up in the
//! maps of [`Ids`], built once, and a problem is located by the path of the value it is
//! about (`setup[3].unit`) through the file's outline, as WB-95's checks are.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use super::{Condition, Counters, Formation, Scenario, Schemas, Unit, check_data};
use crate::model::attrs::{Attrs, Schema};
use crate::model::check::Checker;
use crate::model::outline::Seg;
use crate::model::{Entry, Map, Problem, Source, Subject, range};
use crate::path;

/// The ids of a counter set, for lookups in constant time.
pub(super) struct Ids<'a> {
    pub units: HashMap<&'a str, &'a Unit>,
    pub formations: HashMap<&'a str, &'a Formation>,
    pub nations: HashSet<&'a str>,
}

impl<'a> Ids<'a> {
    pub fn of(cs: &'a Counters) -> Self {
        // The first of a duplicated id, as `Counters::unit` finds it.
        let mut units = HashMap::new();
        for u in &cs.units {
            units.entry(u.id.as_str()).or_insert(u);
        }
        let mut formations = HashMap::new();
        for f in &cs.formations {
            formations.entry(f.id.as_str()).or_insert(f);
        }
        Ids {
            units,
            formations,
            nations: cs.nations.iter().map(|n| n.id.as_str()).collect(),
        }
    }

    pub fn unit(&self, id: &str) -> Option<&'a Unit> {
        self.units.get(id).copied()
    }

    pub fn has_formation(&self, id: &str) -> bool {
        self.formations.contains_key(id)
    }
}

/// Each id with the index of every later copy.
fn duplicates<'x>(ids: impl Iterator<Item = &'x str>) -> Vec<(usize, &'x str)> {
    let mut seen = HashSet::new();
    ids.enumerate()
        .filter(|(_, id)| !seen.insert(*id))
        .collect()
}

/// The schema's violations of `attrs`, the value at `at` (each at its key).
pub(super) fn check_attrs(schema: &Schema, attrs: &Attrs, what: &str, at: &[Seg], c: &mut Checker) {
    for (key, why) in schema.violations(attrs) {
        let mut path = at.to_vec();
        path.push(Seg::Key(&key));
        c.error_at("A10", format!("{what}: {why}"), &path, None);
    }
}

pub fn check_counters(cs: &Counters, schemas: &Schemas, src: &Source) -> Vec<Problem> {
    let mut c = Checker::new(src);
    let ids = Ids::of(cs);
    for (i, d) in duplicates(cs.nations.iter().map(|n| n.id.as_str())) {
        c.error_at(
            "N01",
            format!("nation \"{d}\" is declared twice"),
            &path!["nations", i, "id"],
            None,
        );
    }
    for (i, d) in duplicates(cs.formations.iter().map(|f| f.id.as_str())) {
        c.error_at(
            "F01",
            format!("formation \"{d}\" is declared twice"),
            &path!["formations", i, "id"],
            None,
        );
    }
    for (i, d) in duplicates(cs.units.iter().map(|u| u.id.as_str())) {
        c.error_at(
            "U01",
            format!("unit \"{d}\" is declared twice"),
            &path!["units", i, "id"],
            Some(Subject::Unit(d.into())),
        );
    }
    for (i, f) in cs.formations.iter().enumerate() {
        let id = f.id.as_str();
        if !ids.nations.contains(f.nation.as_str()) {
            c.error_at(
                "N02",
                format!("formation {id}: nation \"{}\" is not declared", f.nation),
                &path!["formations", i, "nation"],
                Some(Subject::Formation(f.id.clone())),
            );
        }
        check_attrs(
            &schemas.formation,
            &f.attrs,
            &format!("formation {id}"),
            &path!["formations", i, "attrs"],
            &mut c,
        );
        if let Some(p) = &f.parent
            && !ids.has_formation(p.as_str())
        {
            c.error_at(
                "F02",
                format!("formation {id}: parent \"{p}\" is not declared"),
                &path!["formations", i, "parent"],
                Some(Subject::Formation(f.id.clone())),
            );
        }
    }
    for (i, u) in cs.units.iter().enumerate() {
        let id = u.id.as_str();
        let subject = Some(Subject::Unit(u.id.clone()));
        if !ids.nations.contains(u.nation.as_str()) {
            c.error_at(
                "N02",
                format!("unit {id}: nation \"{}\" is not declared", u.nation),
                &path!["units", i, "nation"],
                subject.clone(),
            );
        }
        if let Some(f) = &u.formation
            && !ids.has_formation(f.as_str())
        {
            c.error_at(
                "U03",
                format!("unit {id}: formation \"{f}\" is not declared"),
                &path!["units", i, "formation"],
                subject,
            );
        }
        check_attrs(
            &schemas.unit,
            &u.attrs,
            &format!("unit {id}"),
            &path!["units", i, "attrs"],
            &mut c,
        );
    }
    c.finish()
}

pub fn check_scenario(
    s: &Scenario,
    map: &Map,
    cs: &Counters,
    schemas: &Schemas,
    src: &Source,
) -> Vec<Problem> {
    let mut c = Checker::new(src);
    let ids = Ids::of(cs);
    if s.system != cs.system {
        c.error_at(
            "Y01",
            format!(
                "the scenario is a {} scenario but its counters are for {}",
                s.system, cs.system
            ),
            &path!["counters"],
            None,
        );
    }
    if s.system != map.system {
        c.error_at(
            "Y01",
            format!(
                "the scenario is a {} scenario but its map is for {}",
                s.system, map.system
            ),
            &path!["map"],
            None,
        );
    }
    if let Err(e) = range::TURNS.check(s.turns) {
        let msg = if s.turns == 0 {
            "the scenario has no turns".to_owned()
        } else {
            format!("turns: {e}")
        };
        c.error_at("S02", msg, &path!["turns"], None);
    }
    check_sides(s, &ids, &mut c);
    let mut placed = check_setup(s, map, &ids, schemas, &mut c);
    check_data::check_off_map(s, &ids, schemas, &mut placed, &mut c);
    // A unit set up off the map and on it, or off it twice: once, at its first box.
    let on_map: HashSet<&str> = s.setup.iter().map(|p| p.unit.as_str()).collect();
    let mut off: HashMap<&str, usize> = HashMap::new();
    for o in &s.off_map {
        *off.entry(o.unit.as_str()).or_default() += 1;
    }
    let mut reported: HashSet<&str> = HashSet::new();
    for (i, o) in s.off_map.iter().enumerate() {
        let u = o.unit.as_str();
        if !reported.insert(u) {
            continue;
        }
        let msg = if on_map.contains(u) {
            format!("unit {u} is set up both on the map and off it")
        } else if off[u] > 1 {
            format!("unit {u} starts off the map {} times", off[u])
        } else {
            continue;
        };
        c.error_at(
            "U01",
            msg,
            &path!["off_map", i, "unit"],
            Some(Subject::Unit(u.into())),
        );
    }
    check_data::check_markers(s, map, schemas, &mut c);
    let arriving = check_arrivals(s, map, &ids, &placed, &mut c);
    if let Err(e) = range::SCENARIO_UNITS.check(placed.len() + arriving) {
        c.error_at(
            "U10",
            format!("set-up and arrivals: {e}"),
            &path!["setup"],
            None,
        );
    }
    check_data::check_turn_track(s, schemas, &mut c);
    check_data::check_replacements(s, &ids, schemas, &mut c);
    check_data::check_supply(s, map, &ids, &mut c);
    check_victory(s, map, &mut c);
    if let Some(v) = &s.victory {
        check_data::check_points(s, map, &v.points, &mut c);
    }
    check_attrs(
        &schemas.scenario,
        &s.rules,
        "rules",
        &path!["rules"],
        &mut c,
    );
    if s.victory.is_none() {
        c.warning_at(
            "V01",
            "the scenario has no victory conditions".into(),
            &path!["title"],
            None,
        );
    }
    c.finish()
}

fn check_sides(s: &Scenario, ids: &Ids, c: &mut Checker) {
    if s.sides.len() != 2 {
        c.error_at(
            "S01",
            format!("a scenario has two sides; this one has {}", s.sides.len()),
            &path!["sides"],
            None,
        );
    }
    for (i, d) in duplicates(s.sides.iter().map(|x| x.id.as_str())) {
        c.error_at(
            "S01",
            format!("side \"{d}\" is declared twice"),
            &path!["sides", i, "id"],
            None,
        );
    }
    let mut owner: HashMap<&str, &str> = HashMap::new();
    for (i, side) in s.sides.iter().enumerate() {
        for (k, n) in side.nations.iter().enumerate() {
            let at = path!["sides", i, "nations", k];
            if !ids.nations.contains(n.as_str()) {
                c.error_at(
                    "N02",
                    format!(
                        "side {}: nation \"{n}\" is not in the counters file",
                        side.id
                    ),
                    &at,
                    Some(Subject::Side(side.id.clone())),
                );
            }
            if let Some(other) = owner.insert(n.as_str(), side.id.as_str()) {
                c.error_at(
                    "S01",
                    format!("nation {n} fights for both {other} and {}", side.id),
                    &at,
                    None,
                );
            }
        }
    }
    if !s.sides.iter().any(|x| x.id == s.first) {
        c.error_at(
            "S01",
            format!(
                "the first side \"{}\" is not a side of the scenario",
                s.first
            ),
            &path!["first"],
            None,
        );
    }
}

/// Checks the set-up; returns how many times each unit is placed.
fn check_setup<'s>(
    s: &'s Scenario,
    map: &Map,
    ids: &Ids,
    schemas: &Schemas,
    c: &mut Checker,
) -> BTreeMap<&'s str, usize> {
    let mut placed: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &s.setup {
        *placed.entry(p.unit.as_str()).or_default() += 1;
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, p) in s.setup.iter().enumerate() {
        let u = p.unit.as_str();
        if ids.unit(u).is_none() {
            c.error_at(
                "U02",
                format!("setup: unit \"{u}\" is not in the counters file"),
                &path!["setup", i, "unit"],
                Some(Subject::Unit(p.unit.clone())),
            );
        }
        if !map.grid.contains(p.hex) {
            let h = p.hex.to_string();
            c.error_at(
                "M01",
                format!("setup: unit {u} is placed on hex {h}, which is not on the map"),
                &path!["setup", i, "hex"],
                Some(Subject::Hex(p.hex)),
            );
        }
        check_attrs(
            &schemas.placement,
            &p.state,
            &format!("setup of {u}"),
            &path!["setup", i, "state"],
            c,
        );
        let times = seen.entry(u).or_default();
        *times += 1;
        if *times == 2 {
            // Once per unit, at its second placement.
            c.error_at(
                "U01",
                format!("setup: unit {u} is placed {} times", placed[u]),
                &path!["setup", i, "unit"],
                Some(Subject::Unit(p.unit.clone())),
            );
        }
    }
    placed
}

/// Checks arrivals and departures; returns how many units arrive.
fn check_arrivals(
    s: &Scenario,
    map: &Map,
    ids: &Ids,
    placed: &BTreeMap<&str, usize>,
    c: &mut Checker,
) -> usize {
    let mut arriving: BTreeSet<&str> = BTreeSet::new();
    for (i, a) in s.arrivals.iter().enumerate() {
        let what = format!("arrival on turn {}", a.turn);
        if a.turn == 0 || a.turn > s.turns {
            c.error_at(
                "R01",
                format!("{what}: the scenario has turns 1 to {}", s.turns),
                &path!["arrivals", i, "turn"],
                None,
            );
        }
        if a.entry.is_empty() {
            c.error_at(
                "R01",
                format!("{what}: no entry is given"),
                &path!["arrivals", i, "entry"],
                None,
            );
        }
        for (k, e) in a.entry.iter().enumerate() {
            check_entry(e, map, &what, &path!["arrivals", i, "entry", k, 0], c);
        }
        for (k, u) in a.units.iter().enumerate() {
            let id = u.as_str();
            let at = path!["arrivals", i, "units", k];
            let subject = Some(Subject::Unit(u.clone()));
            if ids.unit(id).is_none() {
                c.error_at(
                    "U02",
                    format!("{what}: unit \"{id}\" is not in the counters file"),
                    &at,
                    subject.clone(),
                );
            }
            if placed.contains_key(id) {
                c.error_at(
                    "R02",
                    format!("{what}: unit {id} is also set up on the map"),
                    &at,
                    subject.clone(),
                );
            }
            if !arriving.insert(id) {
                c.error_at("R02", format!("unit {id} arrives twice"), &at, subject);
            }
        }
    }
    for (i, d) in s.departures.iter().enumerate() {
        if d.turn == 0 || d.turn > s.turns {
            c.error_at(
                "R03",
                format!(
                    "departure on turn {}: the scenario has turns 1 to {}",
                    d.turn, s.turns
                ),
                &path!["departures", i, "turn"],
                None,
            );
        }
        for (k, u) in d.units.iter().enumerate() {
            if ids.unit(u.as_str()).is_none() {
                c.error_at(
                    "U02",
                    format!(
                        "departure on turn {}: unit \"{u}\" is not in the counters file",
                        d.turn
                    ),
                    &path!["departures", i, "units", k],
                    Some(Subject::Unit(u.clone())),
                );
            }
        }
    }
    arriving.len()
}

fn check_entry(e: &Entry, map: &Map, what: &str, at: &[Seg], c: &mut Checker) {
    match e {
        Entry::Zone(z) if !map.zones.contains_key(z) => c.error_at(
            "R01",
            format!("{what}: the map has no entry zone \"{z}\""),
            at,
            None,
        ),
        Entry::Hex(h) if !map.grid.contains(*h) => c.error_at(
            "M01",
            format!("{what}: entry hex {h} is not on the map"),
            at,
            Some(Subject::Hex(*h)),
        ),
        Entry::Place(p) if map.place(p).is_none() => c.error_at(
            "R01",
            format!("{what}: the map has no place \"{p}\""),
            at,
            None,
        ),
        _ => {}
    }
}

fn check_victory(s: &Scenario, map: &Map, c: &mut Checker) {
    let Some(v) = &s.victory else { return };
    if v.levels.is_empty() {
        c.error_at(
            "V02",
            "victory: no level is given".into(),
            &path!["victory", "levels"],
            None,
        );
    }
    let sides: HashSet<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    for (i, l) in v.levels.iter().enumerate() {
        if !sides.contains(l.winner.as_str()) {
            c.error_at(
                "V02",
                format!(
                    "victory level \"{}\": \"{}\" is not a side",
                    l.name, l.winner
                ),
                &path!["victory", "levels", i, "winner"],
                None,
            );
        }
        for (k, cond) in l.all_of.iter().enumerate() {
            let at = path!["victory", "levels", i, "all_of", k];
            if !sides.contains(cond.side().as_str()) {
                c.error_at(
                    "V02",
                    format!(
                        "victory level \"{}\": \"{}\" is not a side",
                        l.name,
                        cond.side()
                    ),
                    &path!["victory", "levels", i, "all_of", k, "side"],
                    None,
                );
            }
            match cond {
                Condition::Holds { hexes, .. } => {
                    for (j, h) in hexes.iter().enumerate() {
                        if !map.grid.contains(*h) {
                            let mut path = at.to_vec();
                            path.extend(path!["hexes", j]);
                            c.error_at(
                                "M01",
                                format!("victory level \"{}\": hex {h} is not on the map", l.name),
                                &path,
                                Some(Subject::Hex(*h)),
                            );
                        }
                    }
                }
                Condition::HoldsPlace { place, .. } if map.place(place).is_none() => c.error_at(
                    "V02",
                    format!(
                        "victory level \"{}\": the map has no place \"{place}\"",
                        l.name
                    ),
                    &path!["victory", "levels", i, "all_of", k, "place"],
                    None,
                ),
                _ => {}
            }
            if let Some(why) = condition_problem(cond, map) {
                c.error_at(
                    "V02",
                    format!("victory level \"{}\": {why}", l.name),
                    &at,
                    None,
                );
            }
        }
    }
}

/// What makes a zone, ratio, edge or width condition impossible to judge on `map`.
fn condition_problem(cond: &Condition, map: &Map) -> Option<String> {
    if let Some(zone) = cond.zone()
        && zone.hexes(map).is_empty()
    {
        return Some(format!("{} has no hex on the map", zone.describe()));
    }
    match cond {
        Condition::LossRatio { at_least, .. } | Condition::ZoneRatio { at_least, .. }
            if !(at_least.is_finite() && *at_least >= 0.0) =>
        {
            Some(format!("the ratio {at_least} is not a number of 0 or more"))
        }
        Condition::FireChain { from, to, .. } | Condition::FireCorridor { from, to, .. }
            if from == to =>
        {
            Some(format!(
                "a chain runs between two edges, not from {from:?} to itself"
            ))
        }
        Condition::FireCorridor { width: 0, .. } => Some("a corridor 0 hexes wide".into()),
        Condition::Advance { hexes: 0, .. } => Some("an advance of 0 hexes always holds".into()),
        _ => None,
    }
}
