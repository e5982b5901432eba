//! Set-up areas: where a side, a formation or a unit sets up at the start. A core scenario
//! concept, the same for every rule system: an area is a union of shapes (a hex list, the
//! hexes of a place or a zone, every hex within N of another shape, one side of a line of
//! hexsides), given to a holder in one of two uses:
//!
//! * a **constraint** of the designer: every unit of the holder must set up inside it, be
//!   its hex fixed in the scenario or chosen by the player;
//! * the player's **free set-up**: the holder's units listed without a hex are deployed by
//!   the player (or a bot) inside it when the game starts.
//!
//! A unit's set-up hexes are the intersection of every constraint area that covers it and,
//! for a unit without a fixed hex, of its most specific free set-up area (the unit's own,
//! else its innermost formation's, else its side's; several at one level are united).
//! A board of a composed map is a shape by the prefix of its labels.
//!
//! Nothing here knows a rule system: an order of battle answers the two questions areas
//! ask of a unit (its side, its formations) through [`Oob`].

use std::collections::{BTreeSet, VecDeque};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ids::{FormationId, HexsideKindId, SideId, UnitId, ZoneId};
use super::map::Map;
use crate::hex::HexId;

/// What set-up areas need to know of a scenario's order of battle.
pub trait Oob {
    /// The side the unit fights for.
    fn side_of(&self, unit: &UnitId) -> Option<SideId>;
    /// The formations the unit belongs to, innermost first (its own, then its parent's...).
    fn formations_of(&self, unit: &UnitId) -> Vec<FormationId>;
}

/// A set of hexes described the way a scenario's text gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum AreaShape {
    /// These hexes.
    Hexes(Vec<HexId>),
    /// The hexes of a named place ("Kursk").
    Place(String),
    /// The hexes of a lettered zone of the map.
    Zone(ZoneId),
    /// Every hex within `distance` hexes of a hex of `of` ("within 3 hexes of 3100").
    Within { of: Box<AreaShape>, distance: u32 },
    /// Every hex on `of`'s side of a line of hexsides: the hexes reachable from `of`
    /// without crossing the line ("west of the Donets"). `of` itself is included.
    SideOf { line: Line, of: HexId },
    /// Every hex of one board of a composed map, by the prefix its labels carry ("2":
    /// board 2's hexes, both halves of its seams included).
    Board(String),
}

/// A line of hexsides on the map, by what its hexsides carry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Line {
    /// Hexside features with this proper name ("Donets").
    Named(String),
    /// Hexside features of this kind ("fl_line").
    Kind(HexsideKindId),
    /// Hexside features of this group ("1st belt").
    Group(String),
}

/// Who an area is given to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Holder {
    Side(SideId),
    /// The formation and every formation under it.
    Formation(FormationId),
    /// These units ("HQ, 2, 3 Art. — Obojań": one unit or a printed line of them).
    Units(Vec<UnitId>),
}

/// What an area is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum AreaUse {
    /// Every unit of the holder must set up inside it (a problem when one does not).
    Constraint,
    /// The holder's units without a fixed hex are set up inside it by the player.
    FreeSetup,
}

/// An area given to a side, a formation or a unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupArea {
    /// Shown in the editor and on the setup card ("27th Army assembly area").
    pub name: String,
    pub holder: Holder,
    #[serde(rename = "use")]
    pub usage: AreaUse,
    /// The area is the union of these.
    #[serde(deserialize_with = "super::limits::shapes")]
    #[schemars(length(max = super::limits::SHAPES.max))]
    pub shapes: Vec<AreaShape>,
}

impl SetupArea {
    /// The area's hexes on `map` (those off the board are dropped).
    pub fn hexes(&self, map: &Map) -> BTreeSet<HexId> {
        self.shapes.iter().flat_map(|s| s.hexes(map)).collect()
    }
}

impl AreaShape {
    /// The shape's hexes on `map`; an unknown place, zone or line gives none (the
    /// reference checks report it).
    pub fn hexes(&self, map: &Map) -> BTreeSet<HexId> {
        let g = &map.grid;
        match self {
            AreaShape::Hexes(hs) => hs.iter().copied().filter(|&h| g.contains(h)).collect(),
            AreaShape::Place(name) => map
                .place(name)
                .map(|p| p.hexes.iter().copied().filter(|&h| g.contains(h)).collect())
                .unwrap_or_default(),
            AreaShape::Zone(z) => map
                .zones
                .get(z)
                .map(|hs| hs.iter().copied().filter(|&h| g.contains(h)).collect())
                .unwrap_or_default(),
            AreaShape::Within { of, distance } => within(g, of.hexes(map), *distance),
            AreaShape::SideOf { line, of } => side_of(map, line, *of),
            AreaShape::Board(prefix) => board(map, prefix),
        }
    }

    /// What the shape is, in a scenario's words: "hexes 1105, 1206", "within 3 of 3100".
    pub fn describe(&self) -> String {
        match self {
            AreaShape::Hexes(hs) => {
                let list: Vec<String> = hs.iter().map(|h| h.to_string()).collect();
                match hs.len() {
                    1 => format!("hex {}", list[0]),
                    _ => format!("hexes {}", list.join(", ")),
                }
            }
            AreaShape::Place(p) => p.clone(),
            AreaShape::Zone(z) => format!("zone {z}"),
            AreaShape::Within { of, distance } => {
                format!("within {distance} of {}", of.describe())
            }
            AreaShape::SideOf { line, of } => format!("{}'s side of {}", of, line.describe()),
            AreaShape::Board(prefix) => format!("board {prefix}"),
        }
    }
}

impl Line {
    /// Does this hexside feature belong to the line?
    fn carried_by(&self, f: &super::map::HexsideFeature) -> bool {
        match self {
            Line::Named(n) => f.name.as_deref() == Some(n.as_str()),
            Line::Kind(k) => f.kind == *k,
            Line::Group(g) => f.group.as_deref() == Some(g.as_str()),
        }
    }

    /// Does any hexside of `map` carry the line?
    pub fn exists(&self, map: &Map) -> bool {
        map.hexsides
            .values()
            .any(|fs| fs.iter().any(|f| self.carried_by(f)))
    }

    pub fn describe(&self) -> String {
        match self {
            Line::Named(n) => format!("the {n}"),
            Line::Kind(k) => format!("the {k} line"),
            Line::Group(g) => format!("the {g}"),
        }
    }
}

/// The hexes of a composed map whose printed labels carry `prefix` ("2-P-6").
fn board(map: &Map, prefix: &str) -> BTreeSet<HexId> {
    let mark = format!("{prefix}-");
    map.printed
        .iter()
        .filter(|(_, labels)| labels.iter().any(|l| l.starts_with(&mark)))
        .map(|(&h, _)| h)
        .collect()
}

/// The hexes reachable from `from` without crossing a hexside of `line`.
fn side_of(map: &Map, line: &Line, from: HexId) -> BTreeSet<HexId> {
    let g = &map.grid;
    let mut seen = BTreeSet::new();
    if !g.contains(from) {
        return seen;
    }
    let crosses = |a: HexId, b: HexId| {
        g.hexside(a, b)
            .and_then(|s| map.hexsides.get(&s))
            .is_some_and(|fs| fs.iter().any(|f| line.carried_by(f)))
    };
    seen.insert(from);
    let mut queue = VecDeque::from([from]);
    while let Some(h) = queue.pop_front() {
        for n in g.neighbours(h) {
            if !seen.contains(&n) && !crosses(h, n) {
                seen.insert(n);
                queue.push_back(n);
            }
        }
    }
    seen
}

impl Holder {
    /// Does the holder hold `unit`?
    pub fn holds(&self, unit: &UnitId, oob: &dyn Oob) -> bool {
        match self {
            Holder::Units(us) => us.contains(unit),
            Holder::Formation(f) => oob.formations_of(unit).contains(f),
            Holder::Side(s) => oob.side_of(unit).as_ref() == Some(s),
        }
    }

    /// How specific the holder is for `unit`, which it holds: a unit's own area beats its
    /// formations', an inner formation's beats an outer one's, and every formation's beats
    /// the side's.
    fn specificity(&self, unit: &UnitId, oob: &dyn Oob) -> usize {
        match self {
            Holder::Side(_) => 0,
            Holder::Units(_) => usize::MAX,
            Holder::Formation(f) => {
                let chain = oob.formations_of(unit);
                chain.len() - chain.iter().position(|x| x == f).unwrap_or(chain.len() - 1)
            }
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Holder::Side(s) => format!("side {s}"),
            Holder::Formation(f) => format!("formation {f}"),
            Holder::Units(us) => {
                let ids: Vec<&str> = us.iter().map(UnitId::as_str).collect();
                match ids.as_slice() {
                    [one] => format!("unit {one}"),
                    _ => format!("units {}", ids.join(", ")),
                }
            }
        }
    }
}

/// The areas of a scenario resolved to hexes on its map, once.
#[derive(Clone, Debug, Default)]
pub struct ResolvedAreas {
    /// Each area's hexes, in the scenario's order.
    pub hexes: Vec<BTreeSet<HexId>>,
}

impl ResolvedAreas {
    pub fn new(areas: &[SetupArea], map: &Map) -> Self {
        Self {
            hexes: areas.iter().map(|a| a.hexes(map)).collect(),
        }
    }

    /// Where `unit` may set up: the indices of the areas that bind it and their
    /// intersection, or `None` when no area binds it (anywhere). `free` is true for a
    /// unit without a fixed hex, which its most specific free set-up area binds too.
    /// A constraint that holds no hex yet binds nobody: it is one problem of its own
    /// (Z02), not one for every unit of its holder while it is being painted.
    pub fn for_unit(
        &self,
        areas: &[SetupArea],
        unit: &UnitId,
        oob: &dyn Oob,
        free: bool,
    ) -> Option<(Vec<usize>, BTreeSet<HexId>)> {
        let holding: Vec<usize> = (0..areas.len())
            .filter(|&i| areas[i].holder.holds(unit, oob))
            .collect();
        let mut binding: Vec<usize> = holding
            .iter()
            .copied()
            .filter(|&i| areas[i].usage == AreaUse::Constraint && !self.hexes[i].is_empty())
            .collect();
        let mut set: Option<BTreeSet<HexId>> = None;
        for &i in &binding {
            set = Some(match set {
                None => self.hexes[i].clone(),
                Some(s) => s.intersection(&self.hexes[i]).copied().collect(),
            });
        }
        if free {
            let frees: Vec<usize> = holding
                .into_iter()
                .filter(|&i| areas[i].usage == AreaUse::FreeSetup)
                .collect();
            let level = |i: usize| areas[i].holder.specificity(unit, oob);
            let best = frees.iter().map(|&i| level(i)).max();
            let chosen: Vec<usize> = frees
                .into_iter()
                .filter(|&i| Some(level(i)) == best)
                .collect();
            if !chosen.is_empty() {
                let union: BTreeSet<HexId> = chosen
                    .iter()
                    .flat_map(|&i| self.hexes[i].iter().copied())
                    .collect();
                set = Some(match set {
                    None => union,
                    Some(s) => s.intersection(&union).copied().collect(),
                });
                binding.extend(chosen);
            }
        }
        set.map(|s| (binding, s))
    }
}

/// "Kursk; within 3 of 3100" — an area's shapes in a scenario's words.
pub fn describe_shapes(shapes: &[AreaShape]) -> String {
    let parts: Vec<String> = shapes.iter().map(AreaShape::describe).collect();
    if parts.is_empty() {
        "no hexes".into()
    } else {
        parts.join("; ")
    }
}

/// The board hexes within `distance` of `from` (board hexes): a breadth-first search over
/// the board, linear in the board whatever the distance (a disk enumerated hex by hex
/// took hours and overflowed for a distance of 32767, found by tests/fuzz.rs). A
/// rectangular board holds a shortest path between any two of its hexes, so the steps
/// counted are the hex distance.
fn within(g: &crate::hex::Grid, from: BTreeSet<HexId>, distance: u32) -> BTreeSet<HexId> {
    let mut frontier: Vec<HexId> = from.iter().copied().collect();
    let mut seen = from;
    for _ in 0..distance {
        if frontier.is_empty() {
            break;
        }
        let mut next = Vec::new();
        for h in frontier {
            next.extend(g.neighbours(h).filter(|&n| seen.insert(n)));
        }
        frontier = next;
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::area_check::ScenarioOob;
    use crate::model::{Bundle, FreeSetup, Problem};
    use std::path::Path;

    fn fixture() -> Bundle {
        let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        Bundle::load(&p).unwrap().0
    }

    fn h(s: &str) -> HexId {
        HexId::parse(s).unwrap()
    }

    fn area(name: &str, holder: Holder, usage: AreaUse, shapes: Vec<AreaShape>) -> SetupArea {
        SetupArea {
            name: name.into(),
            holder,
            usage,
            shapes,
        }
    }

    #[test]
    fn shapes_resolve_to_the_hexes_a_scenario_means() {
        let b = fixture();
        let m = &b.map;
        let hexes = AreaShape::Hexes(vec![h("0605"), h("9999")]).hexes(m);
        assert_eq!(hexes.into_iter().collect::<Vec<_>>(), vec![h("0605")]);
        assert_eq!(AreaShape::Place("Alpha".into()).hexes(m).len(), 12);
        assert_eq!(AreaShape::Zone("A".into()).hexes(m).len(), 3);
        assert!(AreaShape::Place("Nowhere".into()).hexes(m).is_empty());
        let near = AreaShape::Within {
            of: Box::new(AreaShape::Hexes(vec![h("0605")])),
            distance: 1,
        };
        assert_eq!(near.hexes(m).len(), 7);
        assert_eq!(near.describe(), "within 1 of hex 0605");
        let whole = AreaShape::Within {
            of: Box::new(AreaShape::Hexes(vec![h("0605")])),
            distance: u32::MAX,
        };
        assert_eq!(whole.hexes(m).len(), m.grid.iter().count(), "quickly");
        // West of the Wisla: the river runs between columns 07 and 08.
        let west = AreaShape::SideOf {
            line: Line::Named("Wisla".into()),
            of: h("0605"),
        }
        .hexes(m);
        assert!(west.contains(&h("0701")) && west.contains(&h("0101")));
        assert!(!west.contains(&h("0805")) && !west.contains(&h("1406")));
        assert_eq!(west.len(), 70, "columns 01-07 of a 10-row board");
    }

    #[test]
    fn within_counts_the_hex_distance_on_the_board() {
        let m = &fixture().map;
        let g = &m.grid;
        for from in [h("0101"), h("0605"), h("1410"), h("0710")] {
            for d in 0..6 {
                let shape = AreaShape::Within {
                    of: Box::new(AreaShape::Hexes(vec![from])),
                    distance: d,
                };
                let disk: BTreeSet<HexId> = g.range(from, d).into_iter().collect();
                assert_eq!(shape.hexes(m), disk, "within {d} of {from}");
            }
        }
    }

    #[test]
    fn a_unit_is_bound_by_every_constraint_and_its_most_specific_free_area() {
        let b = fixture();
        let m = &b.map;
        let oob = ScenarioOob::new(&b.scenario, &b.counters);
        let areas = vec![
            area(
                "German side",
                Holder::Side("german".into()),
                AreaUse::Constraint,
                vec![AreaShape::SideOf {
                    line: Line::Named("Wisla".into()),
                    of: h("0101"),
                }],
            ),
            area(
                "Corps reserve",
                Holder::Formation("XX".into()),
                AreaUse::FreeSetup,
                vec![AreaShape::Zone("A".into())],
            ),
            area(
                "10th Division",
                Holder::Formation("10ID".into()),
                AreaUse::FreeSetup,
                vec![AreaShape::Within {
                    of: Box::new(AreaShape::Hexes(vec![h("0607")])),
                    distance: 1,
                }],
            ),
        ];
        let r = ResolvedAreas::new(&areas, m);
        let reg = &UnitId::new("10ID/20");
        // Placed: only the constraint binds.
        let (binding, hexes) = r.for_unit(&areas, reg, &oob, false).unwrap();
        assert_eq!((binding, hexes.len()), (vec![0], 70));
        // Free: the division's area beats the corps', within the German side.
        let (binding, hexes) = r.for_unit(&areas, reg, &oob, true).unwrap();
        assert_eq!(binding, vec![0, 2]);
        assert_eq!(hexes.len(), 7);
        let hq = &UnitId::new("HQ XX");
        let (_, hexes) = r.for_unit(&areas, hq, &oob, true).unwrap();
        assert_eq!(hexes.len(), 3, "the corps' zone A");
        // A Soviet unit is bound by none of them.
        assert!(
            r.for_unit(&areas, &UnitId::new("202"), &oob, true)
                .is_none()
        );
    }

    fn codes(b: &Bundle) -> Vec<(&'static str, String)> {
        b.check()
            .into_iter()
            .filter(|p: &Problem| p.code.starts_with('Z') || p.code == "U01")
            .map(|p| (p.code, p.message))
            .collect()
    }

    #[test]
    fn placements_outside_their_area_and_free_units_without_one_are_errors() {
        let mut b = fixture();
        assert!(codes(&b).is_empty());
        b.scenario.areas.push(area(
            "10th Division front",
            Holder::Formation("10ID".into()),
            AreaUse::Constraint,
            vec![AreaShape::Hexes(vec![h("0606"), h("0607")])],
        ));
        let found = codes(&b);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, "Z03");
        assert_eq!(
            found[0].1,
            "unit 10ID/85 is set up on 0608, outside its set-up area \"10th Division front\" (hexes 0606, 0607)"
        );
        let z03 = b.check().into_iter().find(|p| p.code == "Z03").unwrap();
        assert_eq!(z03.rule, Some("set-up area"));
        // The regiment set up freely instead: it needs an area of its own kind.
        b.scenario.setup.retain(|p| p.unit.as_str() != "10ID/85");
        b.scenario.free_setup.push(FreeSetup {
            unit: "10ID/85".into(),
            cel: None,
            fortified: false,
            artillery: None,
        });
        assert!(
            codes(&b).is_empty(),
            "the constraint is its area: {:?}",
            codes(&b)
        );
        b.scenario.areas.clear();
        assert_eq!(codes(&b)[0].0, "Z04");
        b.scenario.areas.push(area(
            "Nowhere",
            Holder::Units(vec!["10ID/85".into()]),
            AreaUse::FreeSetup,
            vec![AreaShape::Place("Atlantis".into())],
        ));
        let found: Vec<&str> = codes(&b).iter().map(|x| x.0).collect();
        assert_eq!(found, vec!["Z01", "Z02", "Z05"]);
        // Placed and free at once is U01.
        b.scenario.areas.clear();
        b.scenario.free_setup[0].unit = "10ID/41".into();
        let found: Vec<&str> = codes(&b).iter().map(|x| x.0).collect();
        assert_eq!(found, vec!["U01", "Z04"]);
    }
}
