//! A Roads to Leningrad bundle (scenario, counters, map, charts) compiled into the
//! engine's [`Rules`]. Everything the game needs and the files do not give is a line of
//! the refusal — never a panic, never a value made up.

use sztab_core::hex::{Dir, HexId};
use sztab_core::model::described::{Bundle, Condition, Scoring as GenScoring};
use sztab_core::model::{Entry, Map, SupplySource as GenSource};

use super::super::schema::{FORMATION, PLACEMENT, SCENARIO, TURN, UNIT};
use super::board::{Board, Ground, Link, Water};
use super::charts;
use super::rules::{
    AmDef, AmKind, Arrival, Cond, FormationDef, Level, Rules, Scoring, Start, StartAt,
    SupplySource, VpLine, WeatherBox,
};
use super::unit::{AirType, Face, Kind, UnitDef};
use super::words::{Class, GERMAN, Mp, SOVIET, Side, Supply, Weather};

/// Compiles `b`; every reason it cannot be played is a line of the error.
pub fn compile(b: &Bundle) -> Result<Rules, Vec<String>> {
    let sc = &b.scenario;
    if sc.sides.len() != 2 || sc.sides.iter().any(|s| side_index(s.id.as_str()).is_none()) {
        return Err(vec![
            "a Roads to Leningrad scenario has two sides, german and soviet (RT00)".into(),
        ]);
    }
    let mut errors = Vec::new();
    let board = board(&b.map, &mut errors);
    let charts = match &b.tables {
        Some((t, _)) => charts::compile(t).map_err(|e| errors.extend(e)).ok(),
        None => {
            errors.push("the scenario names no charts file (its `tables`)".into());
            None
        }
    };
    let mut formations = formations(b, &mut errors);
    let units = units(b, &formations, &mut errors);
    mark_motorized(&mut formations, &units);
    let ams = ams(b, &formations);
    let setup = setup(b, &units, &mut errors);
    let (strongpoints, building) = markers(b, &units, &setup, &mut errors);
    let arrivals = arrivals(b, &units, &mut errors);
    if !sc.departures.is_empty() {
        errors.push(
            "units leave the game in the scenario: Roads to Leningrad has no departures".into(),
        );
    }
    if !sc.replacements.is_empty() {
        errors.push(
            "the scenario gives replacements: Roads to Leningrad has none (5.2, RT23)".into(),
        );
    }
    let track = track(b, &mut errors);
    let sources = sources(b, &formations, &mut errors);
    let (points, levels) = victory(b, &mut errors);
    let initiative_tie = initiative_tie(b, &mut errors);
    let (Some(charts), true) = (charts, errors.is_empty()) else {
        return Err(errors);
    };
    Ok(Rules {
        title: sc.title.clone(),
        board,
        charts,
        units,
        formations,
        ams,
        setup,
        strongpoints,
        building,
        arrivals,
        turns: sc.turns,
        track,
        sources,
        points,
        levels,
        historical_weather: SCENARIO.bool(&sc.rules, "historical_weather"),
        cas: [
            SCENARIO.int(&sc.rules, "cas_german").max(0) as u32,
            SCENARIO.int(&sc.rules, "cas_soviet").max(0) as u32,
        ],
        initiative_tie,
        strongpoint_markers: match SCENARIO.int(&sc.rules, "strongpoint_markers") {
            n if n > 0 => usize::try_from(n).ok(),
            _ => None,
        },
        side_ids: side_ids(b),
    })
}

/// The engine's side of a scenario's side id (RT00).
fn side_index(id: &str) -> Option<Side> {
    match id {
        "german" => Some(GERMAN),
        "soviet" => Some(SOVIET),
        _ => None,
    }
}

fn side_of_nation(b: &Bundle, nation: &str) -> Option<Side> {
    b.scenario
        .side_of_nation(nation)
        .and_then(|s| side_index(s.id.as_str()))
}

fn side_ids(b: &Bundle) -> [String; 2] {
    let mut ids = [String::new(), String::new()];
    for s in &b.scenario.sides {
        if let Some(i) = side_index(s.id.as_str()) {
            ids[i] = s.id.to_string();
        }
    }
    ids
}

/// 7.12: the turn-1 tie must be given; the engine does not guess it.
fn initiative_tie(b: &Bundle, errors: &mut Vec<String>) -> Side {
    match SCENARIO.text(&b.scenario.rules, "initiative_tie").as_str() {
        "german" => GERMAN,
        "soviet" => SOVIET,
        _ => {
            errors.push(
                "the scenario does not say who wins an Initiative tie on turn 1 (7.12, RT19)"
                    .into(),
            );
            GERMAN
        }
    }
}

/// The formations with their AMs and Combination Values (4.31, 4.35, 7.33c).
fn formations(b: &Bundle, errors: &mut Vec<String>) -> Vec<FormationDef> {
    let mut out = Vec::new();
    for f in &b.counters.formations {
        let Some(side) = side_of_nation(b, f.nation.as_str()) else {
            errors.push(format!(
                "formation {}: its nation {} fights for no side",
                f.id, f.nation
            ));
            continue;
        };
        out.push(FormationDef {
            id: f.id.to_string(),
            name: f.name.clone(),
            side,
            markers: FORMATION.int(&f.attrs, "markers").clamp(0, 2) as u32,
            combination: FORMATION.int(&f.attrs, "combination") as i32,
            panzer: false,
        });
    }
    out
}

/// A German formation none of whose combat units is non-motorized is a Panzer or
/// Motorized formation (13.24b2, decision R-44).
fn mark_motorized(formations: &mut [FormationDef], units: &[UnitDef]) {
    for (i, f) in formations.iter_mut().enumerate() {
        let mut combat = units
            .iter()
            .filter(|u| u.formation == Some(i) && u.is_combat())
            .peekable();
        f.panzer =
            f.side == GERMAN && combat.peek().is_some() && combat.all(|u| u.class != Class::Nm);
    }
}

/// Every unit the scenario uses, set up, off the map or arriving, in the order it names
/// them.
fn units(b: &Bundle, formations: &[FormationDef], errors: &mut Vec<String>) -> Vec<UnitDef> {
    let sc = &b.scenario;
    let mut used: Vec<&str> = sc.setup.iter().map(|p| p.unit.as_str()).collect();
    used.extend(sc.off_map.iter().map(|p| p.unit.as_str()));
    used.extend(
        sc.arrivals
            .iter()
            .flat_map(|a| a.units.iter().map(|u| u.as_str())),
    );
    let mut units: Vec<UnitDef> = Vec::new();
    for id in used {
        if units.iter().any(|u| u.id == id) {
            errors.push(format!("unit {id} is used twice in the scenario"));
            continue;
        }
        let Some(u) = b.counters.unit(id) else {
            errors.push(format!("unit {id} is not in the counters file"));
            continue;
        };
        let Some(side) = side_of_nation(b, u.nation.as_str()) else {
            errors.push(format!(
                "unit {id}: its nation {} fights for no side",
                u.nation
            ));
            continue;
        };
        match unit(u, side, formations) {
            Ok(d) => units.push(d),
            Err(e) => errors.push(format!("unit {id}: {e}")),
        }
    }
    units
}

fn index(units: &[UnitDef], id: &str) -> Option<usize> {
    units.iter().position(|u| u.id == id)
}

/// A formation's AMs (4.35-4.36), "8pz" and "8pz#2"; the Soviet "Activate Any Formation"
/// marker where the scenario has it (4.37).
fn ams(b: &Bundle, formations: &[FormationDef]) -> Vec<AmDef> {
    let mut out = Vec::new();
    for (i, f) in formations.iter().enumerate() {
        for n in 1..=f.markers {
            out.push(AmDef {
                id: if n == 1 {
                    f.id.clone()
                } else {
                    format!("{}#{n}", f.id)
                },
                side: f.side,
                kind: AmKind::Formation(i),
            });
        }
    }
    if SCENARIO.bool(&b.scenario.rules, "activate_any") {
        out.push(AmDef {
            id: "any".into(),
            side: SOVIET,
            kind: AmKind::Any,
        });
    }
    out
}

/// Where every unit starts and how (4.12-4.14).
fn setup(b: &Bundle, units: &[UnitDef], errors: &mut Vec<String>) -> Vec<Start> {
    let sc = &b.scenario;
    let mut out = Vec::new();
    for p in &sc.setup {
        if !b.map.grid.contains(p.hex) {
            errors.push(format!(
                "unit {} is set up on {}, off the map",
                p.unit, p.hex
            ));
            continue;
        }
        if let Some(u) = index(units, p.unit.as_str()) {
            out.push(start(u, StartAt::Map(p.hex), &p.state, errors));
        }
    }
    for p in &sc.off_map {
        let Some(u) = index(units, p.unit.as_str()) else {
            continue;
        };
        let at = match p.in_box.as_str() {
            "ready" => StartAt::Ready,
            "flown" => StartAt::Flown,
            other => {
                // Force markers are a player's convenience (3.34), not a rule (decision R-02).
                errors.push(format!(
                    "unit {}: the engine keeps no \"{other}\" box",
                    p.unit
                ));
                continue;
            }
        };
        out.push(start(u, at, &p.state, errors));
    }
    out
}

/// Strongpoints at the start with their side, and those under construction with their
/// builder.
type StartMarkers = (Vec<(HexId, Side)>, Vec<(HexId, usize)>);

/// Strongpoints, complete and under construction, at the start (14.1-14.2).
fn markers(
    b: &Bundle,
    units: &[UnitDef],
    setup: &[Start],
    errors: &mut Vec<String>,
) -> StartMarkers {
    let (mut strongpoints, mut building) = (Vec::new(), Vec::new());
    for m in &b.scenario.markers {
        let here: Vec<usize> = setup
            .iter()
            .filter(|s| s.at == StartAt::Map(m.hex) && units[s.unit].is_combat())
            .map(|s| s.unit)
            .collect();
        match m.kind.as_str() {
            "strongpoint" => match here.first() {
                // An SP is its occupier's (decision R-06).
                Some(&u) => strongpoints.push((m.hex, units[u].side)),
                None => errors.push(format!(
                    "the Strongpoint on {} stands on an empty hex: whose it is is not known",
                    m.hex
                )),
            },
            "sp_construction" => match here.iter().find(|&&u| units[u].builds_strongpoints()) {
                Some(&u) => building.push((m.hex, u)),
                None => errors.push(format!(
                    "the Strongpoint under construction on {} has no builder",
                    m.hex
                )),
            },
            other => errors.push(format!(
                "marker \"{other}\" on {} is no Roads to Leningrad marker",
                m.hex
            )),
        }
    }
    (strongpoints, building)
}

/// Reinforcements with the hexes they may enter at (5.2).
fn arrivals(b: &Bundle, units: &[UnitDef], errors: &mut Vec<String>) -> Vec<Arrival> {
    let mut out = Vec::new();
    for a in &b.scenario.arrivals {
        let us: Vec<usize> = a
            .units
            .iter()
            .filter_map(|u| index(units, u.as_str()))
            .collect();
        let mut hexes: Vec<HexId> = a.entry.iter().flat_map(|e| entry(&b.map, e)).collect();
        hexes.sort();
        hexes.dedup();
        if hexes.is_empty() && us.iter().any(|&u| units[u].is_ground()) {
            errors.push(format!("the arrival of turn {} has no entry hex", a.turn));
        }
        out.push(Arrival {
            turn: a.turn,
            units: us,
            hexes,
        });
    }
    out
}

/// The board of a map, read by the system's vocabulary.
pub fn board(map: &Map, errors: &mut Vec<String>) -> Board {
    let mut board = Board::new(map.grid);
    for (h, c) in &map.hexes {
        let Some(cell) = board.cell_mut(*h) else {
            continue;
        };
        cell.ground = match c.terrain.as_str() {
            "clear" => Ground::Clear,
            "marsh" => Ground::Marsh,
            "swamp" => Ground::Swamp,
            "rough" => Ground::Rough,
            other => {
                errors.push(format!(
                    "hex {h}: \"{other}\" is no Roads to Leningrad terrain"
                ));
                continue;
            }
        };
        for f in &c.features {
            match f.as_str() {
                "woods" => cell.woods = true,
                "hill" => cell.hill = true,
                "town" => cell.town = true,
                other => errors.push(format!(
                    "hex {h}: \"{other}\" is no Roads to Leningrad feature"
                )),
            }
        }
    }
    for (side, features) in &map.hexsides {
        for f in features {
            match f.kind.as_str() {
                "stream" => board.add_water(*side, Water::Stream),
                "river" => board.add_water(*side, Water::River),
                "lake" => board.add_water(*side, Water::Lake),
                "bridge" => board.add_bridge(*side),
                other => errors.push(format!(
                    "hexside {side}: \"{other}\" is no Roads to Leningrad hexside"
                )),
            }
        }
    }
    // Every kind along a hexside: a road beside a railroad keeps both (decision R-45).
    for (side, roads) in &map.roads {
        for kind in roads.iter() {
            let l = match kind.as_str() {
                "main_road" => Link::MainRoad,
                "minor_road" => Link::MinorRoad,
                "trail" => Link::Trail,
                "railroad" => Link::Railroad,
                other => {
                    errors.push(format!(
                        "hexside {side}: \"{other}\" is no Roads to Leningrad link"
                    ));
                    continue;
                }
            };
            board.add_link(*side, l);
        }
    }
    board
}

/// A counter's values (2.21, 3.1-3.6, 12.0, 13.2, 15.1-15.2).
fn unit(
    u: &sztab_core::model::described::Unit,
    side: Side,
    formations: &[FormationDef],
) -> Result<UnitDef, String> {
    let a = &u.attrs;
    let int = |k: &str| UNIT.int(a, k);
    let flag = |k: &str| UNIT.bool(a, k);
    let type_name = UNIT.text(a, "type");
    let kind = Kind::parse(&type_name).ok_or_else(|| format!("\"{type_name}\" is no unit type"))?;
    let class = match UNIT.text(a, "class").as_str() {
        "MOT" => Class::Mot,
        "HE" => Class::He,
        _ => Class::Nm,
    };
    let formation = match &u.formation {
        Some(f) => Some(
            formations
                .iter()
                .position(|x| x.id == f.as_str())
                .ok_or_else(|| format!("its formation {f} is unknown"))?,
        ),
        None => None,
    };
    let full = Face {
        attack: int("attack").max(0) as u32,
        defense: int("defense").max(0) as u32,
        er: int("er") as i32,
    };
    let combat = !matches!(kind, Kind::Leader | Kind::Bridge | Kind::Air);
    let steps = int("steps");
    let reduced = (steps == 2).then(|| Face {
        attack: int("attack_reduced").max(0) as u32,
        defense: int("defense_reduced").max(0) as u32,
        er: int("er_reduced") as i32,
    });
    if combat && (full.defense < 1 || full.er < 1) {
        return Err(
            "a combat unit has a defense of at least 1 and an ER (2.21a, 3.4; RT21)".into(),
        );
    }
    if reduced.is_some_and(|r| r.er < 1) {
        return Err("a two-step unit has an ER on its reduced side (RT21)".into());
    }
    let air = match UNIT.text(a, "air").as_str() {
        "A" => Some(AirType::A),
        "B" => Some(AirType::B),
        _ => None,
    };
    if (kind == Kind::Air) != air.is_some() {
        return Err("an air unit, and only an air unit, is of type A or B (RT21)".into());
    }
    if kind == Kind::Air && full.er < 1 {
        return Err("an air unit has an ER (13.16)".into());
    }
    Ok(UnitDef {
        id: u.id.to_string(),
        name: u.designation.clone(),
        side,
        formation,
        type_name,
        kind,
        class,
        full,
        reduced,
        red_attack: flag("armor"),
        red_defense: flag("heavy_aa"),
        support: int("support").max(0) as u32,
        offensive_only: flag("offensive_only"),
        range: int("range").max(0) as u32,
        movement: Mp::whole(int("movement").max(0) as i32),
        stacking: if combat {
            int("stacking").max(0) as u32
        } else {
            0
        },
        no_zoc: flag("no_zoc"),
        vehicle: flag("vehicle"),
        command_points: int("command_points").max(0) as u32,
        command_range: int("command_range").max(0) as u32,
        arko: flag("arko"),
        air,
        cas: int("cas") as i32,
    })
}

fn start(
    unit: usize,
    at: StartAt,
    state: &sztab_core::model::Attrs,
    errors: &mut Vec<String>,
) -> Start {
    let arrow = match PLACEMENT.text(state, "arrow").as_str() {
        "N" => Some(Dir::N),
        "NE" => Some(Dir::NE),
        "SE" => Some(Dir::SE),
        "S" => Some(Dir::S),
        "SW" => Some(Dir::SW),
        "NW" => Some(Dir::NW),
        "none" | "" => None,
        other => {
            errors.push(format!("\"{other}\" is no arrow"));
            None
        }
    };
    Start {
        unit,
        at,
        reduced: PLACEMENT.bool(state, "reduced"),
        fired: PLACEMENT.bool(state, "fired"),
        spent: PLACEMENT.bool(state, "spent"),
        disrupted: PLACEMENT.bool(state, "disrupted"),
        supply: match PLACEMENT.text(state, "supply").as_str() {
            "emergency" => Supply::Emergency,
            "oos" => Supply::Oos,
            _ => Supply::In,
        },
        arrow,
    }
}

/// The hexes an entry names.
fn entry(map: &Map, e: &Entry) -> Vec<HexId> {
    match e {
        Entry::Zone(z) => map.zones.get(z).cloned().unwrap_or_default(),
        Entry::Hex(h) => vec![*h],
        Entry::Place(p) => map.place(p).map(|p| p.hexes.clone()).unwrap_or_default(),
        Entry::Edge(edge) => map.grid.edge_hexes(*edge),
    }
}

/// Every turn's Weather Box (5.11).
fn track(b: &Bundle, errors: &mut Vec<String>) -> Vec<WeatherBox> {
    let sc = &b.scenario;
    let mut out = Vec::new();
    for t in 1..=sc.turns {
        let Some(r) = sc.turn_record(t) else {
            errors.push(format!(
                "turn {t} has no Weather Box on the turn track (5.11)"
            ));
            continue;
        };
        let (dry, cloudy) = (
            TURN.int(&r.attrs, "dry_to"),
            TURN.int(&r.attrs, "cloudy_to"),
        );
        if !(0..=10).contains(&dry) || !(dry..=10).contains(&cloudy) {
            errors.push(format!(
                "turn {t}: the Weather Box's rolls do not read (Dry to {dry}, Cloudy to {cloudy})"
            ));
            continue;
        }
        let historical = match TURN.text(&r.attrs, "historical").as_str() {
            "dry" => Weather::Dry,
            "cloudy" => Weather::Cloudy,
            "rain" => Weather::Rain,
            _ => {
                if SCENARIO.bool(&sc.rules, "historical_weather") {
                    errors.push(format!("turn {t} has no historical weather (5.11d)"));
                }
                Weather::Dry
            }
        };
        out.push(WeatherBox {
            label: sc.turn_label(t),
            dry_to: dry as u8,
            cloudy_to: cloudy as u8,
            historical,
        });
    }
    out
}

fn sources(b: &Bundle, formations: &[FormationDef], errors: &mut Vec<String>) -> Vec<SupplySource> {
    let mut out = Vec::new();
    for s in &b.scenario.supply {
        let Some(side) = side_index(s.side.as_str()) else {
            continue;
        };
        let mut hexes = Vec::new();
        for at in &s.at {
            match at {
                GenSource::Hex(h) => hexes.push(*h),
                GenSource::Place(p) => {
                    hexes.extend(b.map.place(p).map(|p| p.hexes.clone()).unwrap_or_default())
                }
                GenSource::Edge(e) => hexes.extend(b.map.grid.edge_hexes(*e)),
                GenSource::Hq(u) => errors.push(format!(
                    "supply source {u}: Roads to Leningrad's sources are printed on the map (6.31)"
                )),
            }
        }
        let serves = s
            .serves
            .iter()
            .filter_map(|f| formations.iter().position(|x| x.id == f.as_str()))
            .collect();
        out.push(SupplySource {
            side,
            hexes,
            serves,
        });
    }
    for side in [GERMAN, SOVIET] {
        if !out.iter().any(|s| s.side == side) {
            errors.push(format!(
                "{} has no supply source (6.31, RT17)",
                super::words::side_name(side)
            ));
        }
    }
    out
}

fn victory(b: &Bundle, errors: &mut Vec<String>) -> (Vec<VpLine>, Vec<Level>) {
    let Some(v) = &b.scenario.victory else {
        return (Vec::new(), Vec::new());
    };
    let side = |s: &sztab_core::model::SideId| side_index(s.as_str()).unwrap_or(GERMAN);
    let place = |name: &str, errors: &mut Vec<String>| match b.map.place(name) {
        Some(p) => p.hexes.clone(),
        None => {
            errors.push(format!("victory: the map has no place \"{name}\""));
            Vec::new()
        }
    };
    let mut points = Vec::new();
    for p in &v.points {
        let scoring = match &p.scoring {
            GenScoring::Hex(h) => Scoring::Holds(vec![*h]),
            GenScoring::Place(n) => Scoring::Holds(place(n, errors)),
            GenScoring::StepLost { side: s } => Scoring::StepLost(side(s)),
            GenScoring::Eliminated { side: s, unit_type } => Scoring::Eliminated {
                side: side(s),
                unit_type: unit_type.clone(),
            },
            GenScoring::Exited { .. } => {
                errors.push(
                    "victory: units exiting the map score nothing in Roads to Leningrad".into(),
                );
                continue;
            }
        };
        points.push(VpLine {
            side: side(&p.side),
            value: p.value,
            scoring,
            from_turn: p.from_turn.unwrap_or(1),
            to_turn: p.to_turn.unwrap_or(u32::MAX),
        });
    }
    let mut levels = Vec::new();
    for l in &v.levels {
        let mut all_of = Vec::new();
        for c in &l.all_of {
            all_of.push(match c {
                Condition::Holds { side: s, hexes } => Cond::Holds {
                    side: side(s),
                    hexes: hexes.clone(),
                },
                Condition::HoldsPlace { side: s, place: p } => Cond::Holds {
                    side: side(s),
                    hexes: place(p, errors),
                },
                Condition::Points { side: s, at_least } => Cond::Points {
                    side: side(s),
                    at_least: *at_least,
                },
                Condition::PointsAtMost { side: s, at_most } => Cond::PointsAtMost {
                    side: side(s),
                    at_most: *at_most,
                },
                Condition::Eliminated {
                    side: s,
                    at_least,
                    weights,
                } => Cond::Eliminated {
                    side: side(s),
                    at_least: *at_least,
                    weights: weights.clone(),
                },
                Condition::LosesAtMost { side: s, units } => Cond::LosesAtMost {
                    side: side(s),
                    units: *units,
                },
                other => {
                    errors.push(format!(
                        "victory level {}: the condition {other:?} is no Roads to Leningrad condition",
                        l.name
                    ));
                    continue;
                }
            });
        }
        levels.push(Level {
            name: l.name.clone(),
            winner: side(&l.winner),
            all_of,
            sudden: l.sudden,
        });
    }
    (points, levels)
}
