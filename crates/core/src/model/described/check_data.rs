//! Reference checks of the described scenario's data beyond the set-up and arrivals: units
//! in off-map boxes, markers on hexes, the turn track, replacements, supply sources and
//! the victory-point schedule. Every id they use must exist and every value fit the
//! system's schemas; what the rules make of them is the system's check. Each problem is
//! located by the path of its value, and ids are looked up in [`Ids`]: linear in the
//! file.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use super::check::{Ids, check_attrs};
use super::{Points, Scenario, Schemas, Scoring};
use crate::model::attrs::Choice;
use crate::model::check::Checker;
use crate::model::outline::Seg;
use crate::model::{Map, Subject, SupplySource};
use crate::path;

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
    ids: &Ids,
    schemas: &Schemas,
    placed: &mut BTreeMap<&'s str, usize>,
    c: &mut Checker,
) {
    for (i, o) in s.off_map.iter().enumerate() {
        let u = o.unit.as_str();
        let subject = Some(Subject::Unit(o.unit.clone()));
        *placed.entry(u).or_default() += 1;
        if ids.unit(u).is_none() {
            c.error_at(
                "U02",
                format!("off-map set-up: unit \"{u}\" is not in the counters file"),
                &path!["off_map", i, "unit"],
                subject.clone(),
            );
        }
        if !schemas.boxes.iter().any(|b| b.value == o.in_box) {
            c.error_at(
                "B01",
                format!(
                    "unit {u} starts in box \"{}\"; {} has the boxes {}",
                    o.in_box,
                    s.system,
                    names(schemas.boxes)
                ),
                &path!["off_map", i, "box"],
                subject,
            );
        }
        check_attrs(
            &schemas.placement,
            &o.state,
            &format!("set-up of {u}"),
            &path!["off_map", i, "state"],
            c,
        );
    }
}

pub(super) fn check_markers(s: &Scenario, map: &Map, schemas: &Schemas, c: &mut Checker) {
    for (i, m) in s.markers.iter().enumerate() {
        let h = m.hex.to_string();
        if !schemas.markers.iter().any(|k| k.value == m.kind) {
            c.error_at(
                "K01",
                format!(
                    "marker \"{}\" on {h}: {} has the markers {}",
                    m.kind,
                    s.system,
                    names(schemas.markers)
                ),
                &path!["markers", i, "kind"],
                Some(Subject::Hex(m.hex)),
            );
        }
        if !map.grid.contains(m.hex) {
            c.error_at(
                "M01",
                format!("marker {} is on hex {h}, which is not on the map", m.kind),
                &path!["markers", i, "hex"],
                Some(Subject::Hex(m.hex)),
            );
        }
        if let Some(f) = m.facing
            && map.grid.hexside(m.hex, f).is_none()
        {
            c.error_at(
                "K02",
                format!(
                    "marker {} on {h} faces {f}, which is not a neighbour of {h}",
                    m.kind
                ),
                &path!["markers", i, "facing"],
                Some(Subject::Hex(m.hex)),
            );
        }
    }
}

pub(super) fn check_turn_track(s: &Scenario, schemas: &Schemas, c: &mut Checker) {
    let mut seen = BTreeSet::new();
    for (i, r) in s.turn_track.iter().enumerate() {
        if r.turn == 0 || r.turn > s.turns {
            c.error_at(
                "S03",
                format!(
                    "turn track: turn {} is not a turn of the scenario (1 to {})",
                    r.turn, s.turns
                ),
                &path!["turn_track", i, "turn"],
                None,
            );
        }
        if !seen.insert(r.turn) {
            c.error_at(
                "S03",
                format!("turn track: turn {} is given twice", r.turn),
                &path!["turn_track", i, "turn"],
                None,
            );
        }
        check_attrs(
            &schemas.turn,
            &r.attrs,
            &format!("turn {}", r.turn),
            &path!["turn_track", i, "attrs"],
            c,
        );
    }
}

pub(super) fn check_replacements(s: &Scenario, ids: &Ids, schemas: &Schemas, c: &mut Checker) {
    let sides: HashSet<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    for (i, r) in s.replacements.iter().enumerate() {
        let what = format!("replacements of turn {}", r.turn);
        if r.turn == 0 || r.turn > s.turns {
            c.error_at(
                "R04",
                format!("{what}: the scenario has turns 1 to {}", s.turns),
                &path!["replacements", i, "turn"],
                None,
            );
        }
        if !sides.contains(r.side.as_str()) {
            c.error_at(
                "R04",
                format!("{what}: \"{}\" is not a side", r.side),
                &path!["replacements", i, "side"],
                None,
            );
        }
        if let Some(f) = &r.formation
            && !ids.has_formation(f.as_str())
        {
            c.error_at(
                "R04",
                format!("{what}: formation \"{f}\" is not in the counters file"),
                &path!["replacements", i, "formation"],
                Some(Subject::Formation(f.clone())),
            );
        }
        check_attrs(
            &schemas.replacement,
            &r.points,
            &what,
            &path!["replacements", i, "points"],
            c,
        );
    }
}

pub(super) fn check_supply(s: &Scenario, map: &Map, ids: &Ids, c: &mut Checker) {
    let sides: HashSet<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    for (i, sup) in s.supply.iter().enumerate() {
        let what = sup
            .name
            .clone()
            .unwrap_or_else(|| format!("supply source {}", i + 1));
        if !sides.contains(sup.side.as_str()) {
            c.error_at(
                "L01",
                format!("{what}: \"{}\" is not a side", sup.side),
                &path!["supply", i, "side"],
                None,
            );
        }
        if sup.at.is_empty() {
            c.error_at(
                "L01",
                format!("{what}: no place is given"),
                &path!["supply", i, "at"],
                None,
            );
        }
        for (k, at) in sup.at.iter().enumerate() {
            let path = path!["supply", i, "at", k, 0];
            match at {
                SupplySource::Hex(h) if !map.grid.contains(*h) => c.error_at(
                    "M01",
                    format!("{what}: hex {h} is not on the map"),
                    &path,
                    Some(Subject::Hex(*h)),
                ),
                SupplySource::Place(p) if map.place(p).is_none() => c.error_at(
                    "L01",
                    format!("{what}: the map has no place \"{p}\""),
                    &path,
                    None,
                ),
                SupplySource::Hq(u) if ids.unit(u.as_str()).is_none() => c.error_at(
                    "L01",
                    format!("{what}: unit \"{u}\" is not in the counters file"),
                    &path,
                    Some(Subject::Unit(u.clone())),
                ),
                _ => {}
            }
        }
        for (k, f) in sup.serves.iter().enumerate() {
            if !ids.has_formation(f.as_str()) {
                c.error_at(
                    "L01",
                    format!("{what}: formation \"{f}\" is not in the counters file"),
                    &path!["supply", i, "serves", k],
                    Some(Subject::Formation(f.clone())),
                );
            }
        }
    }
}

pub(super) fn check_points(s: &Scenario, map: &Map, points: &[Points], c: &mut Checker) {
    let sides: HashSet<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    for (i, p) in points.iter().enumerate() {
        let what = format!("victory points for {}", p.side);
        let at = |rest: &[Seg<'static>]| {
            let mut v = path!["victory", "points", i].to_vec();
            v.extend_from_slice(rest);
            v
        };
        let mut sides_named = vec![(&p.side, at(&path!["side"]))];
        match &p.scoring {
            Scoring::Hex(h) if !map.grid.contains(*h) => c.error_at(
                "M01",
                format!("{what}: hex {h} is not on the map"),
                &at(&path!["for", 0]),
                Some(Subject::Hex(*h)),
            ),
            Scoring::Place(place) if map.place(place).is_none() => c.error_at(
                "V03",
                format!("{what}: the map has no place \"{place}\""),
                &at(&path!["for", 0]),
                None,
            ),
            Scoring::StepLost { side }
            | Scoring::Eliminated { side, .. }
            | Scoring::Exited { side, .. } => sides_named.push((side, at(&path!["for", "side"]))),
            _ => {}
        }
        for (side, path) in sides_named {
            if !sides.contains(side.as_str()) {
                c.error_at(
                    "V03",
                    format!("{what}: \"{side}\" is not a side"),
                    &path,
                    None,
                );
            }
        }
        let bad_turn = |t: Option<u32>| t.is_some_and(|t| t == 0 || t > s.turns);
        if bad_turn(p.from_turn) || bad_turn(p.to_turn) || p.from_turn > p.to_turn.or(p.from_turn) {
            let field = if bad_turn(p.to_turn) && !bad_turn(p.from_turn) {
                "to_turn"
            } else {
                "from_turn"
            };
            c.error_at(
                "V03",
                format!(
                    "{what}: the turns {}-{} are not turns of the scenario (1 to {})",
                    p.from_turn.map_or("1".into(), |t| t.to_string()),
                    p.to_turn.map_or(s.turns.to_string(), |t| t.to_string()),
                    s.turns
                ),
                &at(&[Seg::Field(field)]),
                None,
            );
        }
    }
}
