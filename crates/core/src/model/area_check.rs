//! Reference checks of set-up areas and free set-up units (Z01-Z05), and the designer's
//! constraint: every unit with a fixed hex stands inside the areas that bind it. These
//! hold for every rule system; stacking and terrain in an area are the rules' checks.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::area::{AreaShape, Holder, Oob, ResolvedAreas, describe_shapes};
use super::check::Checker;
use super::{
    Counters, FormationId, Map, Problem, Scenario, SideDef, SideId, Subject, UnitDef, UnitId,
    quoted,
};
use crate::path;

/// A WB-95 scenario's order of battle as set-up areas see it.
pub struct ScenarioOob<'a> {
    counters: &'a Counters,
    sides: &'a [SideDef],
    /// Looked up in constant time: the setup can hold thousands of units.
    units: HashMap<&'a str, &'a UnitDef>,
}

impl<'a> ScenarioOob<'a> {
    pub fn new(s: &'a Scenario, counters: &'a Counters) -> Self {
        Self {
            counters,
            sides: &s.sides,
            // Reversed so that the first of two counters with one id wins, as in
            // `Counters::unit`.
            units: counters
                .units
                .iter()
                .rev()
                .map(|u| (u.id.as_str(), u))
                .collect(),
        }
    }
}

impl Oob for ScenarioOob<'_> {
    fn side_of(&self, unit: &UnitId) -> Option<SideId> {
        let nation = &self.units.get(unit.as_str())?.nation;
        self.sides
            .iter()
            .find(|s| s.nations.contains(nation))
            .map(|s| s.id.clone())
    }

    fn formations_of(&self, unit: &UnitId) -> Vec<FormationId> {
        let mut out = Vec::new();
        let mut cur = self
            .units
            .get(unit.as_str())
            .and_then(|u| u.formation.clone());
        // The bound guards against a cycle in a file that failed validation (U03).
        while let Some(f) = cur {
            if out.contains(&f) || out.len() > self.counters.formations.len() {
                break;
            }
            cur = self
                .counters
                .formation(f.as_str())
                .and_then(|x| x.parent.clone());
            out.push(f);
        }
        out
    }
}

/// The rule a constraint violation cites: the scenario's own set-up areas.
pub const RULE: &str = "set-up area";

pub(crate) fn check_areas(
    s: &Scenario,
    map: &Map,
    cs: &Counters,
    placed: &BTreeMap<&str, usize>,
    c: &mut Checker,
) {
    for a in &s.areas {
        check_holder(s, cs, &a.holder, &a.name, c);
        for shape in &a.shapes {
            check_shape(map, shape, &a.name, c);
        }
        if a.hexes(map).is_empty() {
            c.error(
                "Z02",
                format!(
                    "set-up area \"{}\" ({}) holds no hex of the map",
                    a.name,
                    describe_shapes(&a.shapes)
                ),
                "areas",
                &a.name,
                None,
            );
        }
    }
    let resolved = ResolvedAreas::new(&s.areas, map);
    // Looked up once per unit in constant time: the setup can hold thousands of units.
    let units: HashMap<&str, &UnitDef> =
        cs.units.iter().rev().map(|u| (u.id.as_str(), u)).collect();
    check_free_units(s, &units, placed, c);
    let oob = ScenarioOob::new(s, cs);
    for (i, p) in s.setup.iter().enumerate() {
        if !units.contains_key(p.unit.as_str()) {
            continue;
        }
        let Some((binding, hexes)) = resolved.for_unit(&s.areas, &p.unit, &oob, false) else {
            continue;
        };
        if hexes.contains(&p.hex) {
            continue;
        }
        let outside: Vec<String> = binding
            .iter()
            .filter(|&&i| !resolved.hexes[i].contains(&p.hex))
            .map(|&i| {
                let a = &s.areas[i];
                format!("\"{}\" ({})", a.name, describe_shapes(&a.shapes))
            })
            .collect();
        let msg = if outside.is_empty() {
            format!(
                "unit {} is set up on {}, but its set-up areas share no hex",
                p.unit, p.hex
            )
        } else {
            format!(
                "unit {} is set up on {}, outside its set-up area {}",
                p.unit,
                p.hex,
                outside.join(" and ")
            )
        };
        let problem = Problem::error("Z03", msg)
            .rule(RULE)
            .about(Subject::Unit(p.unit.clone()));
        c.push_path(problem, &path!["setup", i, "hex"]);
    }
    for (j, f) in s.free_setup.iter().enumerate() {
        if !units.contains_key(f.unit.as_str()) {
            continue;
        }
        let u = f.unit.as_str();
        let msg = match resolved.for_unit(&s.areas, &f.unit, &oob, true) {
            None => Some((
                "Z04",
                format!(
                    "unit {u} is set up freely, but no set-up area is given to it, its formation or its side"
                ),
            )),
            Some((binding, hexes)) if hexes.is_empty() => {
                let names: Vec<String> = binding
                    .iter()
                    .map(|&i| format!("\"{}\"", s.areas[i].name))
                    .collect();
                Some((
                    "Z05",
                    format!(
                        "unit {u} is set up freely, but its set-up areas {} share no hex",
                        names.join(", ")
                    ),
                ))
            }
            Some(_) => None,
        };
        if let Some((code, msg)) = msg {
            let problem = Problem::error(code, msg)
                .rule(RULE)
                .about(Subject::Unit(f.unit.clone()));
            c.push_path(problem, &path!["free_setup", j, "unit"]);
        }
    }
}

fn check_holder(s: &Scenario, cs: &Counters, h: &Holder, area: &str, c: &mut Checker) {
    let missing = match h {
        Holder::Side(x) => s.side(x.as_str()).is_none(),
        Holder::Formation(f) => cs.formation(f.as_str()).is_none(),
        Holder::Units(us) => us.is_empty() || us.iter().any(|u| cs.unit(u.as_str()).is_none()),
    };
    if missing {
        c.error(
            "Z01",
            format!(
                "set-up area \"{area}\" is given to {}, which does not exist",
                h.describe()
            ),
            "areas",
            area,
            None,
        );
    }
}

fn check_shape(map: &Map, shape: &AreaShape, area: &str, c: &mut Checker) {
    let g = &map.grid;
    let mut bad = |what: String, subject: Option<Subject>| {
        c.error(
            "Z01",
            format!("set-up area \"{area}\": {what}"),
            "areas",
            area,
            subject,
        )
    };
    match shape {
        AreaShape::Hexes(hs) => {
            for &h in hs.iter().filter(|&&h| !g.contains(h)) {
                bad(format!("hex {h} is not on the map"), None);
            }
        }
        AreaShape::Place(p) if map.place(p).is_none() => bad(
            format!("place \"{p}\" is not on the map"),
            Some(Subject::Place(p.clone())),
        ),
        AreaShape::Zone(z) if !map.zones.contains_key(z) => {
            bad(format!("zone {z} is not on the map"), None)
        }
        AreaShape::Board(p) if shape.hexes(map).is_empty() => {
            bad(format!("the map has no board \"{p}\""), None)
        }
        AreaShape::Within { of, .. } => check_shape(map, of, area, c),
        AreaShape::SideOf { line, of } => {
            if !g.contains(*of) {
                bad(format!("hex {of} is not on the map"), None);
            }
            if !line.exists(map) {
                bad(
                    format!("no hexside of the map carries {}", line.describe()),
                    None,
                );
            }
        }
        _ => {}
    }
}

/// Free set-up units: known, on a side, listed once, neither placed nor arriving, with a
/// starting CEL their counter has.
fn check_free_units(
    s: &Scenario,
    units: &HashMap<&str, &UnitDef>,
    placed: &BTreeMap<&str, usize>,
    c: &mut Checker,
) {
    let mut seen = std::collections::BTreeSet::new();
    let arriving: HashSet<&str> = s
        .reinforcements
        .iter()
        .flat_map(|r| r.units.iter().map(|u| u.as_str()))
        .collect();
    for (j, f) in s.free_setup.iter().enumerate() {
        let u = f.unit.as_str();
        let subject = Some(Subject::Unit(f.unit.clone()));
        let at = path!["free_setup", j, "unit"];
        match units.get(u) {
            None => c.error_at(
                "U02",
                format!(
                    "free set-up: unit {} is not in the counters file",
                    quoted(u)
                ),
                &at,
                subject.clone(),
            ),
            Some(def) if s.side_of_nation(def.nation.as_str()).is_none() => c.error_at(
                "S01",
                format!(
                    "free set-up: unit {u} is {}, a nation on neither side",
                    def.nation
                ),
                &at,
                subject.clone(),
            ),
            Some(def) => {
                if let Some(cel) = f.cel
                    && (cel == 0 || cel > def.cel)
                {
                    c.error_at(
                        "U05",
                        format!(
                            "free set-up: unit {u} starts with {cel} CEL but its counter has {}",
                            def.cel
                        ),
                        &path!["free_setup", j, "cel"],
                        subject.clone(),
                    );
                }
            }
        }
        let arrives = arriving.contains(u);
        let twice = if placed.contains_key(u) {
            Some("both set up on a hex and set up freely")
        } else if arrives {
            Some("both a reinforcement and set up freely")
        } else if !seen.insert(u) {
            Some("set up freely twice")
        } else {
            None
        };
        if let Some(what) = twice {
            c.error_at("U01", format!("unit {u} is {what}"), &at, subject);
        }
    }
}
