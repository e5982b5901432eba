//! Reference checks of the generic scenario's data beyond the set-up and arrivals: units
//! in off-map boxes, markers on hexes, the turn track, replacements, supply sources and
//! the victory-point schedule. Every id they use must exist and every value fit the
//! system's schemas; what the rules make of them is the system's check.

use std::collections::{BTreeMap, BTreeSet};

use super::{Counters, Points, Scenario, Schemas, Scoring};
use crate::model::attrs::Choice;
use crate::model::check::Checker;
use crate::model::{Map, Subject, SupplySource};

fn names(choices: &[Choice]) -> String {
    if choices.is_empty() {
        return "none".into();
    }
    choices
        .iter()
        .map(|c| c.value)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Units in off-map boxes: known units and boxes; counted with the placements in
/// `placed` (a unit set up twice is U01, one also arriving R02).
pub(super) fn check_off_map<'s>(
    s: &'s Scenario,
    cs: &Counters,
    schemas: &Schemas,
    placed: &mut BTreeMap<&'s str, usize>,
    c: &mut Checker,
) {
    for o in &s.off_map {
        let u = o.unit.as_str();
        let subject = Some(Subject::Unit(o.unit.clone()));
        *placed.entry(u).or_default() += 1;
        if cs.unit(u).is_none() {
            c.error(
                "U02",
                format!("off-map set-up: unit \"{u}\" is not in the counters file"),
                "off_map",
                u,
                subject.clone(),
            );
        }
        if !schemas.boxes.iter().any(|b| b.value == o.in_box) {
            c.error(
                "B01",
                format!(
                    "unit {u} starts in box \"{}\"; {} has the boxes {}",
                    o.in_box,
                    s.system,
                    names(schemas.boxes)
                ),
                u,
                &o.in_box,
                subject,
            );
        }
        super::check::check_attrs(
            &schemas.placement,
            &o.state,
            &format!("set-up of {u}"),
            u,
            c,
        );
    }
}

pub(super) fn check_markers(s: &Scenario, map: &Map, schemas: &Schemas, c: &mut Checker) {
    for m in &s.markers {
        let h = m.hex.to_string();
        if !schemas.markers.iter().any(|k| k.value == m.kind) {
            c.error(
                "K01",
                format!(
                    "marker \"{}\" on {h}: {} has the markers {}",
                    m.kind,
                    s.system,
                    names(schemas.markers)
                ),
                "markers",
                &m.kind,
                Some(Subject::Hex(m.hex)),
            );
        }
        if !map.grid.contains(m.hex) {
            c.error(
                "M01",
                format!("marker {} is on hex {h}, which is not on the map", m.kind),
                "markers",
                &h,
                Some(Subject::Hex(m.hex)),
            );
        }
        if let Some(f) = m.facing
            && map.grid.hexside(m.hex, f).is_none()
        {
            c.error(
                "K02",
                format!(
                    "marker {} on {h} faces {f}, which is not a neighbour of {h}",
                    m.kind
                ),
                "markers",
                &f.to_string(),
                Some(Subject::Hex(m.hex)),
            );
        }
    }
}

pub(super) fn check_turn_track(s: &Scenario, schemas: &Schemas, c: &mut Checker) {
    let mut seen = BTreeSet::new();
    for r in &s.turn_track {
        if r.turn == 0 || r.turn > s.turns {
            c.field_error(
                "S03",
                format!(
                    "turn track: turn {} is not a turn of the scenario (1 to {})",
                    r.turn, s.turns
                ),
                "turn_track",
            );
        }
        if !seen.insert(r.turn) {
            c.field_error(
                "S03",
                format!("turn track: turn {} is given twice", r.turn),
                "turn_track",
            );
        }
        let anchor = format!("turn {}", r.turn);
        for (key, why) in schemas.turn.violations(&r.attrs) {
            c.error("A10", format!("{anchor}: {why}"), "turn_track", &key, None);
        }
    }
}

pub(super) fn check_replacements(s: &Scenario, cs: &Counters, schemas: &Schemas, c: &mut Checker) {
    for r in &s.replacements {
        let what = format!("replacements of turn {}", r.turn);
        if r.turn == 0 || r.turn > s.turns {
            c.field_error(
                "R04",
                format!("{what}: the scenario has turns 1 to {}", s.turns),
                "replacements",
            );
        }
        if s.side(r.side.as_str()).is_none() {
            c.error(
                "R04",
                format!("{what}: \"{}\" is not a side", r.side),
                "replacements",
                r.side.as_str(),
                None,
            );
        }
        if let Some(f) = &r.formation
            && cs.formation(f.as_str()).is_none()
        {
            c.error(
                "R04",
                format!("{what}: formation \"{f}\" is not in the counters file"),
                "replacements",
                f.as_str(),
                Some(Subject::Formation(f.clone())),
            );
        }
        for (key, why) in schemas.replacement.violations(&r.points) {
            c.error("A10", format!("{what}: {why}"), "replacements", &key, None);
        }
    }
}

pub(super) fn check_supply(s: &Scenario, map: &Map, cs: &Counters, c: &mut Checker) {
    for (i, sup) in s.supply.iter().enumerate() {
        let what = sup
            .name
            .clone()
            .unwrap_or_else(|| format!("supply source {}", i + 1));
        if s.side(sup.side.as_str()).is_none() {
            c.error(
                "L01",
                format!("{what}: \"{}\" is not a side", sup.side),
                "supply",
                sup.side.as_str(),
                None,
            );
        }
        if sup.at.is_empty() {
            c.field_error("L01", format!("{what}: no place is given"), "supply");
        }
        for at in &sup.at {
            match at {
                SupplySource::Hex(h) if !map.grid.contains(*h) => c.error(
                    "M01",
                    format!("{what}: hex {h} is not on the map"),
                    "supply",
                    &h.to_string(),
                    Some(Subject::Hex(*h)),
                ),
                SupplySource::Place(p) if map.place(p).is_none() => c.error(
                    "L01",
                    format!("{what}: the map has no place \"{p}\""),
                    "supply",
                    p,
                    None,
                ),
                SupplySource::Hq(u) if cs.unit(u.as_str()).is_none() => c.error(
                    "L01",
                    format!("{what}: unit \"{u}\" is not in the counters file"),
                    "supply",
                    u.as_str(),
                    Some(Subject::Unit(u.clone())),
                ),
                _ => {}
            }
        }
        for f in &sup.serves {
            if cs.formation(f.as_str()).is_none() {
                c.error(
                    "L01",
                    format!("{what}: formation \"{f}\" is not in the counters file"),
                    "supply",
                    f.as_str(),
                    Some(Subject::Formation(f.clone())),
                );
            }
        }
    }
}

pub(super) fn check_points(s: &Scenario, map: &Map, points: &[Points], c: &mut Checker) {
    for p in points {
        let what = format!("victory points for {}", p.side);
        let mut sides = vec![&p.side];
        match &p.scoring {
            Scoring::Hex(h) if !map.grid.contains(*h) => c.error(
                "M01",
                format!("{what}: hex {h} is not on the map"),
                "points",
                &h.to_string(),
                Some(Subject::Hex(*h)),
            ),
            Scoring::Place(place) if map.place(place).is_none() => c.error(
                "V03",
                format!("{what}: the map has no place \"{place}\""),
                "points",
                place,
                None,
            ),
            Scoring::StepLost { side }
            | Scoring::Eliminated { side, .. }
            | Scoring::Exited { side, .. } => sides.push(side),
            _ => {}
        }
        for side in sides {
            if s.side(side.as_str()).is_none() {
                c.error(
                    "V03",
                    format!("{what}: \"{side}\" is not a side"),
                    "points",
                    side.as_str(),
                    None,
                );
            }
        }
        let bad_turn = |t: Option<u32>| t.is_some_and(|t| t == 0 || t > s.turns);
        if bad_turn(p.from_turn) || bad_turn(p.to_turn) || p.from_turn > p.to_turn.or(p.from_turn) {
            c.field_error(
                "V03",
                format!(
                    "{what}: the turns {}-{} are not turns of the scenario (1 to {})",
                    p.from_turn.map_or("1".into(), |t| t.to_string()),
                    p.to_turn.map_or(s.turns.to_string(), |t| t.to_string()),
                    s.turns
                ),
                "points",
            );
        }
    }
}
