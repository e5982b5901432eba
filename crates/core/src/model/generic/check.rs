//! Reference checks of generic files: every id a file uses exists, every hex is on the
//! map, every attribute fits the system's schema. The rules' own checks live in the
//! system.

use std::collections::{BTreeMap, BTreeSet};

use super::{Condition, Counters, Scenario, Schemas, check_data};
use crate::model::attrs::{Attrs, Schema};
use crate::model::check::Checker;
use crate::model::{Entry, Map, Problem, Source, Subject};

/// Ids declared more than once.
fn duplicates<'x>(ids: impl Iterator<Item = &'x str>) -> Vec<&'x str> {
    let mut seen = BTreeSet::new();
    let mut twice = BTreeSet::new();
    for id in ids {
        if !seen.insert(id) {
            twice.insert(id);
        }
    }
    twice.into_iter().collect()
}

pub(super) fn check_attrs(
    schema: &Schema,
    attrs: &Attrs,
    what: &str,
    anchor: &str,
    c: &mut Checker,
) {
    for (key, why) in schema.violations(attrs) {
        c.error("A10", format!("{what}: {why}"), anchor, &key, None);
    }
}

pub fn check_counters(cs: &Counters, schemas: &Schemas, src: &Source) -> Vec<Problem> {
    let mut c = Checker::new(src);
    for d in duplicates(cs.nations.iter().map(|n| n.id.as_str())) {
        c.error(
            "N01",
            format!("nation \"{d}\" is declared twice"),
            "",
            d,
            None,
        );
    }
    for d in duplicates(cs.formations.iter().map(|f| f.id.as_str())) {
        c.error(
            "F01",
            format!("formation \"{d}\" is declared twice"),
            "",
            d,
            None,
        );
    }
    for d in duplicates(cs.units.iter().map(|u| u.id.as_str())) {
        let subject = Some(Subject::Unit(d.into()));
        c.error(
            "U01",
            format!("unit \"{d}\" is declared twice"),
            "",
            d,
            subject,
        );
    }
    for f in &cs.formations {
        let id = f.id.as_str();
        if cs.nation(f.nation.as_str()).is_none() {
            c.error(
                "N02",
                format!("formation {id}: nation \"{}\" is not declared", f.nation),
                id,
                f.nation.as_str(),
                Some(Subject::Formation(f.id.clone())),
            );
        }
        check_attrs(
            &schemas.formation,
            &f.attrs,
            &format!("formation {id}"),
            id,
            &mut c,
        );
        if let Some(p) = &f.parent
            && cs.formation(p.as_str()).is_none()
        {
            c.error(
                "F02",
                format!("formation {id}: parent \"{p}\" is not declared"),
                id,
                p.as_str(),
                Some(Subject::Formation(f.id.clone())),
            );
        }
    }
    for u in &cs.units {
        let id = u.id.as_str();
        let subject = Some(Subject::Unit(u.id.clone()));
        if cs.nation(u.nation.as_str()).is_none() {
            c.error(
                "N02",
                format!("unit {id}: nation \"{}\" is not declared", u.nation),
                id,
                u.nation.as_str(),
                subject.clone(),
            );
        }
        if let Some(f) = &u.formation
            && cs.formation(f.as_str()).is_none()
        {
            c.error(
                "U03",
                format!("unit {id}: formation \"{f}\" is not declared"),
                id,
                f.as_str(),
                subject,
            );
        }
        check_attrs(&schemas.unit, &u.attrs, &format!("unit {id}"), id, &mut c);
    }
    c.out
}

pub fn check_scenario(
    s: &Scenario,
    map: &Map,
    cs: &Counters,
    schemas: &Schemas,
    src: &Source,
) -> Vec<Problem> {
    let mut c = Checker::new(src);
    if s.system != cs.system {
        c.field_error(
            "Y01",
            format!(
                "the scenario is a {} scenario but its counters are for {}",
                s.system, cs.system
            ),
            "counters",
        );
    }
    if s.system != map.system {
        c.field_error(
            "Y01",
            format!(
                "the scenario is a {} scenario but its map is for {}",
                s.system, map.system
            ),
            "map",
        );
    }
    if s.turns == 0 {
        c.field_error("S02", "the scenario has no turns".into(), "turns");
    }
    check_sides(s, cs, &mut c);
    let mut placed = check_setup(s, map, cs, schemas, &mut c);
    check_data::check_off_map(s, cs, schemas, &mut placed, &mut c);
    for (u, _) in placed.iter().filter(|(_, n)| **n > 1) {
        let off = s.off_map.iter().filter(|o| o.unit.as_str() == *u).count();
        let msg = if off > 0 && s.placement(u).is_some() {
            format!("unit {u} is set up both on the map and off it")
        } else if off > 1 {
            format!("unit {u} starts off the map {off} times")
        } else {
            continue;
        };
        c.error("U01", msg, "off_map", u, Some(Subject::Unit((*u).into())));
    }
    check_data::check_markers(s, map, schemas, &mut c);
    check_arrivals(s, map, cs, &placed, &mut c);
    check_data::check_turn_track(s, schemas, &mut c);
    check_data::check_replacements(s, cs, schemas, &mut c);
    check_data::check_supply(s, map, cs, &mut c);
    check_victory(s, map, &mut c);
    if let Some(v) = &s.victory {
        check_data::check_points(s, map, &v.points, &mut c);
    }
    check_attrs(&schemas.scenario, &s.rules, "rules", "rules", &mut c);
    if s.victory.is_none() {
        c.field_warning(
            "V01",
            "the scenario has no victory conditions".into(),
            "title",
        );
    }
    c.out
}

fn check_sides(s: &Scenario, cs: &Counters, c: &mut Checker) {
    if s.sides.len() != 2 {
        c.field_error(
            "S01",
            format!("a scenario has two sides; this one has {}", s.sides.len()),
            "sides",
        );
    }
    for d in duplicates(s.sides.iter().map(|x| x.id.as_str())) {
        c.error(
            "S01",
            format!("side \"{d}\" is declared twice"),
            "sides",
            d,
            None,
        );
    }
    let mut owner: BTreeMap<&str, &str> = BTreeMap::new();
    for side in &s.sides {
        for n in &side.nations {
            if cs.nation(n.as_str()).is_none() {
                c.error(
                    "N02",
                    format!(
                        "side {}: nation \"{n}\" is not in the counters file",
                        side.id
                    ),
                    side.id.as_str(),
                    n.as_str(),
                    Some(Subject::Side(side.id.clone())),
                );
            }
            if let Some(other) = owner.insert(n.as_str(), side.id.as_str()) {
                c.error(
                    "S01",
                    format!("nation {n} fights for both {other} and {}", side.id),
                    side.id.as_str(),
                    n.as_str(),
                    None,
                );
            }
        }
    }
    if s.side(s.first.as_str()).is_none() {
        c.field_error(
            "S01",
            format!(
                "the first side \"{}\" is not a side of the scenario",
                s.first
            ),
            "first",
        );
    }
}

/// Checks the set-up; returns how many times each unit is placed.
fn check_setup<'s>(
    s: &'s Scenario,
    map: &Map,
    cs: &Counters,
    schemas: &Schemas,
    c: &mut Checker,
) -> BTreeMap<&'s str, usize> {
    let mut placed: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &s.setup {
        let u = p.unit.as_str();
        *placed.entry(u).or_default() += 1;
        if cs.unit(u).is_none() {
            c.error(
                "U02",
                format!("setup: unit \"{u}\" is not in the counters file"),
                "setup",
                u,
                Some(Subject::Unit(p.unit.clone())),
            );
        }
        if !map.grid.contains(p.hex) {
            let h = p.hex.to_string();
            c.error(
                "M01",
                format!("setup: unit {u} is placed on hex {h}, which is not on the map"),
                u,
                &h,
                Some(Subject::Hex(p.hex)),
            );
        }
        check_attrs(&schemas.placement, &p.state, &format!("setup of {u}"), u, c);
    }
    for (u, n) in placed.iter().filter(|(_, n)| **n > 1) {
        c.error(
            "U01",
            format!("setup: unit {u} is placed {n} times"),
            "setup",
            u,
            Some(Subject::Unit((*u).into())),
        );
    }
    placed
}

fn check_arrivals(
    s: &Scenario,
    map: &Map,
    cs: &Counters,
    placed: &BTreeMap<&str, usize>,
    c: &mut Checker,
) {
    let mut arriving: BTreeSet<&str> = BTreeSet::new();
    for a in &s.arrivals {
        let what = format!("arrival on turn {}", a.turn);
        if a.turn == 0 || a.turn > s.turns {
            c.field_error(
                "R01",
                format!("{what}: the scenario has turns 1 to {}", s.turns),
                "arrivals",
            );
        }
        if a.entry.is_empty() {
            c.field_error("R01", format!("{what}: no entry is given"), "arrivals");
        }
        for e in &a.entry {
            check_entry(e, map, &what, c);
        }
        for u in &a.units {
            let id = u.as_str();
            let subject = Some(Subject::Unit(u.clone()));
            if cs.unit(id).is_none() {
                c.error(
                    "U02",
                    format!("{what}: unit \"{id}\" is not in the counters file"),
                    "arrivals",
                    id,
                    subject.clone(),
                );
            }
            if placed.contains_key(id) {
                c.error(
                    "R02",
                    format!("{what}: unit {id} is also set up on the map"),
                    "arrivals",
                    id,
                    subject.clone(),
                );
            }
            if !arriving.insert(id) {
                c.error(
                    "R02",
                    format!("unit {id} arrives twice"),
                    "arrivals",
                    id,
                    subject,
                );
            }
        }
    }
    for d in &s.departures {
        if d.turn == 0 || d.turn > s.turns {
            c.field_error(
                "R03",
                format!(
                    "departure on turn {}: the scenario has turns 1 to {}",
                    d.turn, s.turns
                ),
                "departures",
            );
        }
        for u in &d.units {
            if cs.unit(u.as_str()).is_none() {
                c.error(
                    "U02",
                    format!(
                        "departure on turn {}: unit \"{u}\" is not in the counters file",
                        d.turn
                    ),
                    "departures",
                    u.as_str(),
                    Some(Subject::Unit(u.clone())),
                );
            }
        }
    }
}

fn check_entry(e: &Entry, map: &Map, what: &str, c: &mut Checker) {
    match e {
        Entry::Zone(z) if !map.zones.contains_key(z) => c.error(
            "R01",
            format!("{what}: the map has no entry zone \"{z}\""),
            "arrivals",
            z.as_str(),
            None,
        ),
        Entry::Hex(h) if !map.grid.contains(*h) => c.error(
            "M01",
            format!("{what}: entry hex {h} is not on the map"),
            "arrivals",
            &h.to_string(),
            Some(Subject::Hex(*h)),
        ),
        Entry::Place(p) if map.place(p).is_none() => c.error(
            "R01",
            format!("{what}: the map has no place \"{p}\""),
            "arrivals",
            p,
            None,
        ),
        _ => {}
    }
}

fn check_victory(s: &Scenario, map: &Map, c: &mut Checker) {
    let Some(v) = &s.victory else { return };
    if v.levels.is_empty() {
        c.field_error("V02", "victory: no level is given".into(), "victory");
    }
    for l in &v.levels {
        if s.side(l.winner.as_str()).is_none() {
            c.error(
                "V02",
                format!(
                    "victory level \"{}\": \"{}\" is not a side",
                    l.name, l.winner
                ),
                &l.name,
                l.winner.as_str(),
                None,
            );
        }
        for cond in &l.all_of {
            if s.side(cond.side().as_str()).is_none() {
                c.error(
                    "V02",
                    format!(
                        "victory level \"{}\": \"{}\" is not a side",
                        l.name,
                        cond.side()
                    ),
                    &l.name,
                    cond.side().as_str(),
                    None,
                );
            }
            match cond {
                Condition::Holds { hexes, .. } => {
                    for h in hexes.iter().filter(|h| !map.grid.contains(**h)) {
                        c.error(
                            "M01",
                            format!("victory level \"{}\": hex {h} is not on the map", l.name),
                            &l.name,
                            &h.to_string(),
                            Some(Subject::Hex(*h)),
                        );
                    }
                }
                Condition::HoldsPlace { place, .. } if map.place(place).is_none() => c.error(
                    "V02",
                    format!(
                        "victory level \"{}\": the map has no place \"{place}\"",
                        l.name
                    ),
                    &l.name,
                    place,
                    None,
                ),
                _ => {}
            }
            if let Some(why) = condition_problem(cond, map) {
                c.error(
                    "V02",
                    format!("victory level \"{}\": {why}", l.name),
                    &l.name,
                    cond.side().as_str(),
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
