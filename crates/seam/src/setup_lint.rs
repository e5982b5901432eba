//! Pieces of setup checks that several described systems share (Roads to Leningrad and The
//! Jaws of Victory read them with their own codes and rule numbers): who is on each hex
//! at the start, whose a unit is, and the set-up facts every hex-and-counter game checks
//! the same way (both sides in one hex, entry hexes on a map edge, the charts entered).

use std::collections::BTreeMap;

use sztab_core::hex::HexId;
use sztab_core::model::described::{Bundle, Placement, Unit};
use sztab_core::model::{Entry, Problem, Subject};

/// One unit on the map at the start, with its counter.
pub struct Placed<'a> {
    pub placement: &'a Placement,
    pub unit: &'a Unit,
    /// The scenario side whose nation it is, if any.
    pub side: Option<&'a str>,
}

/// The units set up on each hex (units missing from the counters are left out: the
/// reference checks report them).
pub fn stacks(b: &Bundle) -> BTreeMap<HexId, Vec<Placed<'_>>> {
    let mut out: BTreeMap<HexId, Vec<Placed<'_>>> = BTreeMap::new();
    for p in &b.scenario.setup {
        if let Some(u) = b.counters.unit(p.unit.as_str()) {
            let side = b
                .scenario
                .side_of_nation(u.nation.as_str())
                .map(|s| s.id.as_str());
            out.entry(p.hex).or_default().push(Placed {
                placement: p,
                unit: u,
                side,
            });
        }
    }
    out
}

/// The side a unit fights for.
pub fn side_of<'a>(b: &'a Bundle, unit: &str) -> Option<&'a str> {
    let u = b.counters.unit(unit)?;
    b.scenario
        .side_of_nation(u.nation.as_str())
        .map(|s| s.id.as_str())
}

/// Error `code`: a hex holds units of both sides at the start.
pub fn mixed_sides(b: &Bundle, code: &'static str, rule: &'static str) -> Vec<Problem> {
    let mut out = Vec::new();
    for (hex, units) in stacks(b) {
        let mut sides: Vec<&str> = units.iter().filter_map(|p| p.side).collect();
        sides.sort_unstable();
        sides.dedup();
        if sides.len() > 1 {
            out.push(
                Problem::error(
                    code,
                    format!("hex {hex} holds units of both sides ({})", sides.join(", ")),
                )
                .rule(rule)
                .about(Subject::Hex(hex)),
            );
        }
    }
    out
}

/// Error `code`: an arrival enters at a hex, a zone or a place that is not on a map edge,
/// or on a turn outside the scenario.
pub fn entries_on_edge(b: &Bundle, code: &'static str, rule: &'static str) -> Vec<Problem> {
    let grid = &b.map.grid;
    let on_edge = |h: &HexId| !grid.edges_of(*h).is_empty();
    let mut out = Vec::new();
    for a in &b.scenario.arrivals {
        let what = a
            .name
            .clone()
            .unwrap_or_else(|| format!("the arrival of turn {}", a.turn));
        let inland: Vec<String> = a
            .entry
            .iter()
            .flat_map(|e| match e {
                Entry::Hex(h) => vec![*h],
                Entry::Zone(z) => b.map.zones.get(z).cloned().unwrap_or_default(),
                Entry::Place(p) => b.map.place(p).map(|p| p.hexes.clone()).unwrap_or_default(),
                Entry::Edge(_) => Vec::new(),
            })
            .filter(|h| grid.contains(*h) && !on_edge(h))
            .map(|h| h.to_string())
            .collect();
        if !inland.is_empty() {
            out.push(
                Problem::error(
                    code,
                    format!("{what} enters at {}, not on a map edge", inland.join(", ")),
                )
                .rule(rule),
            );
        }
        if a.turn == 0 || a.turn > b.scenario.turns {
            out.push(
                Problem::error(
                    code,
                    format!(
                        "{what} arrives on turn {}; the scenario has turns 1 to {}",
                        a.turn, b.scenario.turns
                    ),
                )
                .rule(rule),
            );
        }
    }
    out
}

/// Whether a unit for which `pred` holds, of a side other than `side`, is set up next to
/// `hex`: the stacks of its six neighbours, not a search of the whole set-up.
pub fn enemy_next_to(
    b: &Bundle,
    stacks: &BTreeMap<HexId, Vec<Placed<'_>>>,
    hex: HexId,
    side: &str,
    pred: impl Fn(&Unit) -> bool,
) -> bool {
    b.map.grid.neighbours(hex).any(|n| {
        stacks.get(&n).is_some_and(|units| {
            units
                .iter()
                .any(|q| q.side.is_some_and(|s| s != side) && pred(q.unit))
        })
    })
}

/// Warning `code`: units set up on a hex where the enemy's reinforcements enter.
pub fn on_enemy_entry(b: &Bundle, code: &'static str, rule: &'static str) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut on: BTreeMap<HexId, Vec<&Placement>> = BTreeMap::new();
    for p in &b.scenario.setup {
        on.entry(p.hex).or_default().push(p);
    }
    for a in &b.scenario.arrivals {
        let Some(enemy) = a.units.first().and_then(|u| side_of(b, u.as_str())) else {
            continue;
        };
        for e in &a.entry {
            let Entry::Hex(h) = e else { continue };
            for p in on.get(h).into_iter().flatten() {
                if side_of(b, p.unit.as_str()).is_some_and(|s| s != enemy) {
                    out.push(
                        Problem::warning(
                            code,
                            format!(
                                "unit {} sets up on {h}, where the enemy's reinforcements enter",
                                p.unit
                            ),
                        )
                        .rule(rule)
                        .about(Subject::Unit(p.unit.clone())),
                    );
                }
            }
        }
    }
    out
}

/// Warning `code`: the scenario names no charts file, so its tables cannot be checked.
pub fn tables_named(b: &Bundle, code: &'static str, system: &str) -> Vec<Problem> {
    if b.tables.is_some() {
        return Vec::new();
    }
    vec![Problem::warning(
        code,
        format!(
            "the scenario names no tables file (`tables: \"….tables.ron\"`): the {system} charts it is played with are not checked"
        ),
    )]
}

/// Error `code`: the sides are not `german` and `soviet`, the ids the East Front systems'
/// rules name sides by.
pub fn two_sides(b: &Bundle, code: &'static str) -> Vec<Problem> {
    let mut ids: Vec<&str> = b.scenario.sides.iter().map(|s| s.id.as_str()).collect();
    ids.sort_unstable();
    if ids == ["german", "soviet"] {
        return Vec::new();
    }
    vec![Problem::error(
        code,
        format!(
            "the sides are {}; this system's rules name them \"german\" and \"soviet\"",
            ids.join(", ")
        ),
    )]
}
