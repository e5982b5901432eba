//! A situation file compiled for play: the described scenario, map and counters of a
//! PanzerBlitz bundle read into the engine's [`Scenario`] — the board's terrain from the
//! catalogue ids of the system's vocabulary, each counter's values and kind from its
//! attributes, placements with their start states, the markers (fortifications, mines,
//! blocks, wrecks) set up like units, arrivals with the hexes they may enter on.

use std::collections::BTreeMap;

use sztab_core::hex::HexId;
use sztab_core::model::Entry;
use sztab_core::model::described::{Bundle, Condition};
use sztab_core::model::{HexCell, Map};

use super::super::schema::{
    self as sch, PbPlacement, PbRules, PbUnit, UnitType, WeaponClass, stacking_limit,
};
use super::board::{Board, Cell, Cover, Level};
use super::scenario::{Arrival, Marker, Options, Scenario, SideDef, Start};
use super::unit::{Class, Factors, Kind, UnitDef};
use sztab_seam::hex_names::Labels;

/// Compiles `b`; every reason it cannot be played is a line of the error.
pub fn compile(b: &Bundle) -> Result<Scenario, Vec<String>> {
    let mut errors = Vec::new();
    let board = board(&b.map, &mut errors);
    let sc = &b.scenario;
    // Index 0 moves first every turn.
    let mut order: Vec<_> = sc.sides.iter().collect();
    order.sort_by_key(|s| s.id != sc.first);
    let [first, second] = order.as_slice() else {
        return Err(vec![format!(
            "a PanzerBlitz situation has two sides, not {}",
            sc.sides.len()
        )]);
    };
    let side_def = |s: &sztab_core::model::described::Side| SideDef {
        id: s.id.to_string(),
        name: s.name.clone(),
        stacking: s
            .nations
            .first()
            .map_or(2, |n| stacking_limit(n.as_str()) as u32),
    };
    let sides = [side_def(first), side_def(second)];
    let mut s = Scenario::new(sc.title.clone(), board, sides, sc.turns);
    let side_of = |nation: &str| {
        [first, second]
            .iter()
            .position(|x| x.nations.iter().any(|n| n.as_str() == nation))
    };

    // Every unit the situation uses, set up or arriving, in the file's order.
    let mut used: Vec<&str> = sc.setup.iter().map(|p| p.unit.as_str()).collect();
    used.extend(
        sc.arrivals
            .iter()
            .flat_map(|a| a.units.iter().map(|u| u.as_str())),
    );
    let mut markers: BTreeMap<&str, (UnitType, PbUnit, Option<usize>)> = BTreeMap::new();
    for id in used {
        if s.unit(id).is_some() || markers.contains_key(id) {
            continue;
        }
        let Some(u) = b.counters.unit(id) else {
            errors.push(format!("unit {id} is not in the counter file"));
            continue;
        };
        let v = PbUnit::of(u);
        let side = side_of(u.nation.as_str());
        let (Some(t), Some(side)) = (v.kind, side) else {
            errors.push(format!(
                "unit {id}: its type is unknown or its nation {} fights for no side",
                u.nation
            ));
            continue;
        };
        let Some(kind) = kind(t) else {
            markers.insert(id, (t, v, Some(side)));
            continue;
        };
        s.add_unit(UnitDef {
            id: id.to_owned(),
            name: u.designation.clone(),
            side,
            kind,
            f: Factors {
                attack: v.attack.into(),
                class: class(v.class),
                range: v.range.into(),
                defense: v.defense.into(),
                movement: v.movement.into(),
            },
            rockets: v.no_intensive,
            directs: directs(u.nation.as_str(), kind, v.guards),
        });
        s.unit_types.push(t.key().to_owned());
    }

    for p in &sc.setup {
        let id = p.unit.as_str();
        if let Some((t, v, side)) = markers.get(id) {
            s.markers.push((p.hex, marker(*t, v, *side)));
            continue;
        }
        let Some(u) = s.unit(id) else { continue };
        let st = PbPlacement::of(p);
        let carried_by = match &st.aboard {
            Some(c) => match s.unit(c) {
                Some(c) => Some(c),
                None => {
                    errors.push(format!("{id} is aboard {c}, which is not set up"));
                    None
                }
            },
            None => None,
        };
        s.setup.push((
            u,
            p.hex,
            Start {
                carried_by,
                dispersed: st.dispersed,
                on_top: st.on_top,
            },
        ));
    }

    for a in &sc.arrivals {
        let units: Vec<usize> = a.units.iter().filter_map(|u| s.unit(u.as_str())).collect();
        if units.len() < a.units.len() {
            errors.push(format!(
                "the arrival of turn {}: mines, blocks, fortifications and wrecks are set up, they do not arrive",
                a.turn
            ));
        }
        let mut hexes: Vec<HexId> = a.entry.iter().flat_map(|e| entry(b, e)).collect();
        hexes.sort();
        hexes.dedup();
        s.arrivals.push(Arrival {
            turn: a.turn,
            units,
            hexes,
        });
    }
    for d in &sc.departures {
        let units = d.units.iter().filter_map(|u| s.unit(u.as_str())).collect();
        s.departures.push((d.turn, units));
    }
    let rules = PbRules::of(sc);
    // Hidden Deployment: the side that sets up first hides, by default the side that
    // does not move first (P-26).
    let hider = rules.hidden_deployment.then(|| {
        s.sides
            .iter()
            .position(|x| x.id == rules.sets_up_first)
            .unwrap_or(1)
    });
    // The experimental variant widens who directs Indirect Fire, so it plays that rule
    // (P-22).
    s.options = Options {
        indirect_fire: rules.indirect_fire || rules.experimental_indirect_fire,
        intensive_fire: rules.ammunition,
        real_space_los: rules.real_space_los,
        any_unit_directs: rules.experimental_indirect_fire,
        panzerblitz_assault: rules.panzerblitz_assault,
        impulse: rules.impulse_movement,
        hidden: hider,
    };
    if let Some(v) = &sc.victory {
        let scored = !v.points.is_empty()
            || v.levels
                .iter()
                .flat_map(|l| &l.all_of)
                .any(|c| matches!(c, Condition::Points { .. } | Condition::PointsAtMost { .. }));
        if scored {
            // PanzerBlitz's situations judge victory by hexes and losses (decision P-10).
            errors.push("victory points are not a PanzerBlitz victory condition".into());
        }
        if v.levels.iter().any(|l| l.sudden) {
            // Victory is judged once, after the last turn (decision P-08).
            errors.push("a sudden victory is not a PanzerBlitz rule".into());
        }
    }
    if let Some(v) = &sc.victory {
        for c in v.levels.iter().flat_map(|l| &l.all_of) {
            victory_terms(b, c, &mut s, &mut errors);
        }
    }
    s.victory = sc.victory.clone();
    s.places = b
        .map
        .places
        .iter()
        .map(|p| (p.name.clone(), p.hexes.clone()))
        .collect();
    if errors.is_empty() {
        Ok(s)
    } else {
        Err(errors)
    }
}

/// Resolves a condition's zone on the map and checks its unit types (decisions P-11, P-15).
fn victory_terms(b: &Bundle, c: &Condition, s: &mut Scenario, errors: &mut Vec<String>) {
    if let Some(zone) = c.zone()
        && !s.zones.iter().any(|(z, _)| z == zone)
    {
        s.zones.push((zone.clone(), zone.hexes(&b.map)));
    }
    if let Condition::Eliminated { weights, .. } = c {
        for t in weights.keys().filter(|t| UnitType::parse(t).is_none()) {
            errors.push(format!(
                "victory: \"{t}\" is no PanzerBlitz unit type, so it cannot be weighted"
            ));
        }
    }
}

/// The hexes an entry names.
fn entry(b: &Bundle, e: &Entry) -> Vec<HexId> {
    match e {
        Entry::Zone(z) => b.map.zones.get(z).cloned().unwrap_or_default(),
        Entry::Hex(h) => vec![*h],
        Entry::Place(p) => b.map.place(p).map(|p| p.hexes.clone()).unwrap_or_default(),
        Entry::Edge(edge) => b.map.grid.edge_hexes(*edge),
    }
}

/// The board of a map, read by the system's vocabulary: the engine's and the LOS
/// probe's. What cannot be read is a line of `errors`.
pub fn board(map: &Map, errors: &mut Vec<String>) -> Board {
    let mut board = Board::new(map.grid);
    board.labels = Labels::of(map);
    for (h, c) in &map.hexes {
        let Some(cell) = board.cell_mut(*h) else {
            continue;
        };
        *cell = match read_cell(c) {
            Ok(x) => x,
            Err(e) => {
                errors.push(format!("hex {h}: {e}"));
                continue;
            }
        };
    }
    for (side, features) in &map.hexsides {
        let m = board.marks_mut(*side);
        for f in features {
            match f.kind.as_str() {
                sch::hexside::GREEN => m.green = true,
                sch::hexside::GREY => m.gray = true,
                sch::hexside::BROWN => m.brown = true,
                sch::hexside::ORANGE => m.orange = true,
                sch::hexside::POND => m.pond = true,
                other => errors.push(format!(
                    "hexside {side}: \"{other}\" is no PanzerBlitz hexside"
                )),
            }
        }
    }
    // A road and a gully may share a hexside: each link is compiled.
    for (side, kind) in map
        .roads
        .iter()
        .flat_map(|(s, ks)| ks.iter().map(move |k| (s, k)))
    {
        match kind.as_str() {
            sch::link::ROAD => board.add_road(*side),
            sch::link::STREAM => board.add_gully_link(*side),
            other => errors.push(format!(
                "hexside {side}: \"{other}\" is no PanzerBlitz link"
            )),
        }
    }
    board
}

fn read_cell(c: &HexCell) -> Result<Cell, String> {
    let mut cell = Cell::default();
    match c.terrain.as_str() {
        sch::terrain::CLEAR => {}
        sch::terrain::WOODS => cell.cover = Cover::Woods,
        sch::terrain::TOWN => cell.cover = Cover::Town,
        sch::terrain::SWAMP => cell.cover = Cover::Swamp,
        sch::terrain::POND => cell.pond = true,
        other => return Err(format!("\"{other}\" is no PanzerBlitz terrain")),
    }
    cell.gully = c.has(sch::feature::GULLY);
    cell.ford = c.has(sch::feature::FORD);
    cell.level = match c.elevation.unwrap_or(sch::level::GROUND) {
        sch::level::GROUND => Level::Ground,
        sch::level::SLOPE => Level::Slope,
        sch::level::HILLTOP => Level::Hilltop,
        other => {
            return Err(format!(
                "elevation {other} is no PanzerBlitz level (0, 1 or 2)"
            ));
        }
    };
    Ok(cell)
}

/// The engine's kind of a unit; `None` for the markers, which are not units.
fn kind(t: UnitType) -> Option<Kind> {
    use UnitType::*;
    Some(match t {
        Infantry => Kind::Infantry,
        Engineer => Kind::Engineer,
        Cavalry => Kind::Cavalry,
        CommandPost => Kind::CommandPost,
        Gun => Kind::Gun,
        Tank | TankDestroyer | SpGun | ArmoredCar => Kind::Armored,
        Spa => Kind::Spa,
        Halftrack => Kind::Halftrack,
        Truck => Kind::Truck,
        Wagon => Kind::Wagon,
        Fortification | Minefield | Block | Wreck => return None,
    })
}

fn class(c: WeaponClass) -> Class {
    match c {
        WeaponClass::A => Class::A,
        WeaponClass::H => Class::H,
        WeaponClass::M => Class::M,
        WeaponClass::I => Class::I,
        WeaponClass::None => Class::None,
    }
}

fn marker(t: UnitType, v: &PbUnit, side: Option<usize>) -> Marker {
    match t {
        UnitType::Minefield => Marker::Mines,
        UnitType::Block => Marker::Block,
        UnitType::Wreck => Marker::Wreck {
            side: side.unwrap_or(0),
        },
        _ => Marker::Fort {
            df: v.defense.into(),
            side,
        },
    }
}

/// Who may direct indirect fire under Experimental Indirect Fire: "any German unit ...
/// and so may Russian Guards infantry" (P-22; the counter's `guards` marks a Guards unit).
fn directs(nation: &str, kind: Kind, guards: bool) -> bool {
    nation == "german" || (guards && matches!(kind, Kind::Infantry | Kind::Engineer))
}
