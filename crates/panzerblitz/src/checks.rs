//! PanzerBlitz's setup checks: what the rules say of a situation's set-up, as problems
//! with a code and the rule (by the seed's section title and letter).

use std::collections::{BTreeMap, BTreeSet};

use super::schema::{PbPlacement, PbUnit, UnitType, link, stacking_limit, terrain};
use sztab_core::hex::HexId;
use sztab_core::model::described::{Bundle, Placement, Unit};
use sztab_core::model::{Map, Problem, Subject};

/// One placed counter, with what the checks read of it.
struct Placed<'a> {
    p: &'a Placement,
    unit: &'a Unit,
    values: PbUnit,
    state: PbPlacement,
    /// The side it fights for, if its nation has one.
    side: Option<&'a str>,
}

impl Placed<'_> {
    fn kind(&self) -> Option<UnitType> {
        self.values.kind
    }
}

pub fn check(b: &Bundle) -> Vec<Problem> {
    let placed: Vec<Placed> = b
        .scenario
        .setup
        .iter()
        .filter_map(|p| {
            let unit = b.counters.unit(p.unit.as_str())?;
            Some(Placed {
                p,
                unit,
                values: PbUnit::of(unit),
                state: PbPlacement::of(p),
                side: b
                    .scenario
                    .side_of_nation(unit.nation.as_str())
                    .map(|s| s.id.as_str()),
            })
        })
        .collect();
    let mut by_hex: BTreeMap<HexId, Vec<&Placed>> = BTreeMap::new();
    for x in &placed {
        by_hex.entry(x.p.hex).or_default().push(x);
    }
    let mut out = Vec::new();
    let roads = road_hexes(&b.map);
    for (hex, stack) in &by_hex {
        // Problems name the hex as the board prints it ("2-G-7").
        let at = b.map.label_of(*hex);
        stacking(*hex, &at, stack, &mut out);
        ground(*hex, &at, stack, &b.map, roads.contains(hex), &mut out);
        markers(*hex, &at, stack, &mut out);
    }
    carriers(&placed, &b.map, &mut out);
    out
}

/// Hexes a road runs into.
fn road_hexes(map: &Map) -> BTreeSet<HexId> {
    map.roads
        .iter()
        .filter(|(_, kinds)| kinds.contains(link::ROAD))
        .flat_map(|(side, _)| {
            let (a, b) = side.hexes();
            [a, b]
        })
        .collect()
}

/// The Terrain Effects Chart at set-up: no unit in the hex wholly covered by the pond;
/// vehicles in a swamp only on a road, one vehicle unit a swamp-road hex; no
/// fortification in a swamp (Fortifications A).
fn ground(hex: HexId, at: &str, stack: &[&Placed], map: &Map, road: bool, out: &mut Vec<Problem>) {
    let Some(cell) = map.hexes.get(&hex) else {
        return;
    };
    let ids = |f: &dyn Fn(UnitType) -> bool| -> Vec<&str> {
        stack
            .iter()
            .filter(|x| x.kind().is_some_and(f))
            .map(|x| x.unit.id.as_str())
            .collect()
    };
    let t = cell.terrain.as_str();
    let units = ids(&|k| k != UnitType::Wreck);
    if t == terrain::POND && !units.is_empty() {
        out.push(
            Problem::error(
                "PB20",
                format!(
                    "{} set up on hex {at}, the hex wholly covered by the pond, which no unit may enter",
                    units.join(", ")
                ),
            )
            .rule("The Mapboard (pond)")
            .about(Subject::Hex(hex)),
        );
    }
    if t != terrain::SWAMP {
        return;
    }
    let vehicles = ids(&UnitType::is_vehicle);
    if !road && !vehicles.is_empty() {
        out.push(
            Problem::error(
                "PB21",
                format!(
                    "{} set up in swamp hex {at} off the road: vehicles enter swamp only along a road",
                    vehicles.join(", ")
                ),
            )
            .rule("Terrain Effects Chart (swamp)")
            .about(Subject::Hex(hex)),
        );
    } else if vehicles.len() > 1 {
        out.push(
            Problem::error(
                "PB22",
                format!(
                    "swamp-road hex {at} holds {} vehicle units ({}); it takes one",
                    vehicles.len(),
                    vehicles.join(", ")
                ),
            )
            .rule("Terrain Effects Chart (swamp)")
            .about(Subject::Hex(hex)),
        );
    }
    let forts = ids(&|k| k == UnitType::Fortification);
    if !forts.is_empty() {
        out.push(
            Problem::error(
                "PB23",
                format!(
                    "fortification {} set up in swamp hex {at}",
                    forts.join(", ")
                ),
            )
            .rule("Fortifications A")
            .about(Subject::Hex(hex)),
        );
    }
}

/// One minefield, one block and one fortification a hex (Mines A, Blockage A,
/// Fortifications N), and no fortification on a minefield (Fortifications Q).
fn markers(hex: HexId, at: &str, stack: &[&Placed], out: &mut Vec<Problem>) {
    let count = |k: UnitType| stack.iter().filter(|x| x.kind() == Some(k)).count();
    for (kind, name, rule) in [
        (UnitType::Minefield, "minefields", "Mines A"),
        (UnitType::Block, "blocks", "Blockage A"),
        (
            UnitType::Fortification,
            "fortifications",
            "Fortifications N",
        ),
    ] {
        let n = count(kind);
        if n > 1 {
            out.push(
                Problem::error("PB24", format!("hex {at} holds {n} {name}; one a hex"))
                    .rule(rule)
                    .about(Subject::Hex(hex)),
            );
        }
    }
    if count(UnitType::Fortification) > 0 && count(UnitType::Minefield) > 0 {
        out.push(
            Problem::error(
                "PB25",
                format!("hex {at} holds a fortification on a minefield"),
            )
            .rule("Fortifications Q")
            .about(Subject::Hex(hex)),
        );
    }
}

/// Stacking A-F: Russians 2 a hex, Germans 3; a carrier and its passenger count one;
/// minefields and fortifications do not count, blocks and wrecks do. No stack mixes
/// sides at the start.
fn stacking(hex: HexId, at: &str, stack: &[&Placed], out: &mut Vec<Problem>) {
    let sides: Vec<&str> = {
        let mut v: Vec<&str> = stack
            .iter()
            .filter(|x| {
                x.kind()
                    .is_some_and(|k| !k.is_marker() || k == UnitType::Fortification)
            })
            .filter_map(|x| x.side)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    if sides.len() > 1 {
        out.push(
            Problem::error(
                "PB03",
                format!(
                    "hex {at} holds units of both sides ({}) at the start",
                    sides.join(" and ")
                ),
            )
            .rule("How to Move Units F")
            .about(Subject::Hex(hex)),
        );
    }
    let counted: Vec<&&Placed> = stack
        .iter()
        .filter(|x| x.kind().is_some_and(UnitType::counts_for_stacking))
        .filter(|x| x.state.aboard.is_none())
        .collect();
    let Some(nation) = counted.first().map(|x| x.unit.nation.as_str()) else {
        return;
    };
    let limit = stacking_limit(nation);
    if counted.len() > limit {
        let ids: Vec<&str> = counted.iter().map(|x| x.unit.id.as_str()).collect();
        out.push(
            Problem::error(
                "PB01",
                format!(
                    "hex {at} stacks {} units ({}); the {nation} limit is {limit} (a carrier and its passenger count one, blocks and wrecks count)",
                    counted.len(),
                    ids.join(", ")
                ),
            )
            .rule(if limit == 3 { "Stacking B" } else { "Stacking A" })
            .about(Subject::Hex(hex)),
        );
    }
}

/// Transporting Units: a passenger rides a carrier of its side in its hex, one a
/// carrier; only non-vehicle units ride, never Russian cavalry; only C units and armored
/// vehicles carry.
fn carriers(placed: &[Placed], map: &Map, out: &mut Vec<Problem>) {
    let mut load: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    // The first placement of each unit, as a search of `placed` finds it.
    let mut by_id: std::collections::HashMap<&str, &Placed> = std::collections::HashMap::new();
    for x in placed {
        by_id.entry(x.unit.id.as_str()).or_insert(x);
    }
    for x in placed {
        let Some(carrier_id) = x.state.aboard.as_deref() else {
            continue;
        };
        let id = x.unit.id.as_str();
        let subject = Subject::Unit(x.unit.id.clone());
        if x.kind().is_some_and(|k| !k.may_ride()) {
            out.push(
                Problem::error(
                    "PB11",
                    format!(
                        "{id} rides {carrier_id}, but only non-vehicle units other than cavalry may be carried"
                    ),
                )
                .rule("Transporting Units J")
                .about(subject.clone()),
            );
        }
        let Some(&carrier) = by_id.get(carrier_id) else {
            out.push(
                Problem::error(
                    "PB10",
                    format!("{id} rides {carrier_id}, which is not set up on the map"),
                )
                .rule("Transporting Units B")
                .about(subject),
            );
            continue;
        };
        if carrier.p.hex != x.p.hex || carrier.side != x.side {
            out.push(
                Problem::error(
                    "PB10",
                    format!(
                        "{id} rides {carrier_id}, which is on hex {} of side {} (the passenger is on {} of side {})",
                        map.label_of(carrier.p.hex),
                        carrier.side.unwrap_or("none"),
                        map.label_of(x.p.hex),
                        x.side.unwrap_or("none")
                    ),
                )
                .rule("Transporting Units B")
                .about(subject),
            );
            continue;
        }
        if carrier.kind().is_some_and(|k| !k.may_carry()) {
            out.push(
                Problem::error(
                    "PB12",
                    format!(
                        "{id} rides {carrier_id}, which is no carrier: only wagons, trucks, halftracks and armored vehicles carry"
                    ),
                )
                .rule("Transporting Units G")
                .about(subject),
            );
            continue;
        }
        load.entry(carrier_id).or_default().push(id);
    }
    for (carrier, riders) in load.iter().filter(|(_, r)| r.len() > 1) {
        out.push(
            Problem::error(
                "PB13",
                format!(
                    "{carrier} carries {} passengers ({}); a carrier takes one",
                    riders.len(),
                    riders.join(", ")
                ),
            )
            .rule("Transporting Units G")
            .about(Subject::Unit((*carrier).into())),
        );
    }
}
