//! A Jaws of Victory bundle (scenario, counters, map, charts) compiled into the engine's
//! [`Rules`]: the board from the catalogue ids of the system's vocabulary, every counter
//! the scenario uses from its attributes, the charts through [`Charts::read`]. Anything
//! the game cannot be played with is a line of the error, never a panic: a chart cell the
//! game needs left empty is counted per table.

use std::collections::HashMap;

use sztab_core::hex::{Dir, HexId, MapEdge};
use sztab_core::model::described::{Bundle, Condition as Cond};
use sztab_core::model::{Entry, SupplySource};

use super::super::schema::{FORMATION, PLACEMENT, REPLACEMENT, SCENARIO, TURN, UNIT};
use super::board::Board;
use super::charts::Charts;
use super::rules::{Arrival, Condition, Receipt, Rules, Source, Start, TurnInfo, VictoryLevel};
use super::side::Army;
use super::unit::{FormationDef, Kind, Level, MoveClass, SdmDef, Size, UnitDef};

/// Compiles `b`; every reason it cannot be played is a line of the error.
pub fn compile(b: &Bundle) -> Result<Rules, Vec<String>> {
    let mut errors = Vec::new();
    let board = Board::of_map(&b.map, &mut errors);
    let charts = match &b.tables {
        Some((t, _)) => {
            let (c, problems) = Charts::read_all(t);
            errors.extend(problems);
            c
        }
        None => {
            errors.push("the scenario names no charts file (tables), which the game reads".into());
            return Err(errors);
        }
    };
    let sc = &b.scenario;
    let mut sides = Vec::new();
    for s in &sc.sides {
        match Army::of_id(s.id.as_str()) {
            Some(a) if !sides.contains(&a) => sides.push(a),
            _ => errors.push(format!(
                "side \"{}\": a Jaws of Victory scenario has the sides \"soviet\" and \"german\"",
                s.id
            )),
        }
    }
    if sides.len() != 2 {
        errors.push("a Jaws of Victory scenario has two sides, \"soviet\" and \"german\"".into());
        return Err(errors);
    }
    switches(b, &mut errors);
    let formations = formations(b);
    let mut rules = Rules {
        title: sc.title.clone(),
        board,
        charts,
        units: Vec::new(),
        formations,
        sides,
        turns: sc.turns,
        first_turn: u32::try_from(SCENARIO.int(&sc.rules, "first_turn"))
            .unwrap_or(1)
            .max(1),
        setup: Vec::new(),
        eliminated_at_start: Vec::new(),
        arrivals: Vec::new(),
        track: Vec::new(),
        sources: Vec::new(),
        replacements: Vec::new(),
        improved_positions: Vec::new(),
        minefields: Vec::new(),
        minefield_allotment: u32::try_from(SCENARIO.int(&sc.rules, "minefields")).unwrap_or(0),
        victory: Vec::new(),
    };
    units(b, &mut rules, &mut errors);
    placements(b, &mut rules, &mut errors);
    arrivals(b, &mut rules, &mut errors);
    track(b, &mut rules, &mut errors);
    sources(b, &mut rules, &mut errors);
    markers(b, &mut rules, &mut errors);
    replacements(b, &mut rules, &mut errors);
    victory(b, &mut rules, &mut errors);
    if errors.is_empty() {
        Ok(rules)
    } else {
        Err(errors)
    }
}

/// The scenario's switches for rules the engine does not play refuse it: a game without
/// them would not be the designer's (J-29).
fn switches(b: &Bundle, errors: &mut Vec<String>) {
    for (key, rule) in [
        ("continuous_front", "Continuous Front, Playbook 22.1"),
        ("korsun_isolated", "Korsun as a Special Supply Source, 14.5"),
        ("partisans", "Soviet partisans, optional 18.1"),
        ("fords", "fords, optional 18.6"),
        ("rail_capacity", "rail capacity, optional 18.4"),
    ] {
        if SCENARIO.bool(&b.scenario.rules, key) {
            errors.push(format!(
                "the scenario switches on {rule} (\"{key}\"), which the engine does not play yet"
            ));
        }
    }
}

fn formations(b: &Bundle) -> Vec<FormationDef> {
    let index: HashMap<&str, usize> = b
        .counters
        .formations
        .iter()
        .enumerate()
        .map(|(i, f)| (f.id.as_str(), i))
        .collect();
    b.counters
        .formations
        .iter()
        .map(|f| FormationDef {
            id: f.id.to_string(),
            name: f.name.clone(),
            level: Level::of(&FORMATION.text(&f.attrs, "level")),
            parent: f
                .parent
                .as_ref()
                .and_then(|p| index.get(p.as_str()).copied()),
        })
        .collect()
}

/// Every unit the scenario uses: set up, off the map, arriving.
fn units(b: &Bundle, rules: &mut Rules, errors: &mut Vec<String>) {
    let sc = &b.scenario;
    let mut used: Vec<&str> = sc.setup.iter().map(|p| p.unit.as_str()).collect();
    used.extend(sc.off_map.iter().map(|p| p.unit.as_str()));
    used.extend(
        sc.arrivals
            .iter()
            .flat_map(|a| a.units.iter().map(|u| u.as_str())),
    );
    let mut withs = Vec::new();
    for id in used {
        if rules.unit(id).is_some() {
            continue;
        }
        let Some(u) = b.counters.unit(id) else {
            errors.push(format!("unit {id} is not in the counter file"));
            continue;
        };
        let a = &u.attrs;
        let Some(army) = sc
            .side_of_nation(u.nation.as_str())
            .and_then(|s| Army::of_id(s.id.as_str()))
        else {
            errors.push(format!(
                "unit {id}: its nation {} fights for no side",
                u.nation
            ));
            continue;
        };
        let Some(kind) = Kind::of(&UNIT.text(a, "type")) else {
            errors.push(format!(
                "unit {id}: type \"{}\" is unknown",
                UNIT.text(a, "type")
            ));
            continue;
        };
        let class = MoveClass::of(&UNIT.text(a, "class")).unwrap_or(MoveClass::NonMot);
        let max = usize::try_from(UNIT.int(a, "steps"))
            .unwrap_or(1)
            .clamp(1, 6);
        let printed = u32::try_from(UNIT.int(a, "strength")).unwrap_or(0);
        let strengths = match strengths(rules, army, &UNIT.text(a, "chit"), max, printed) {
            Ok(s) => s,
            Err(e) => {
                errors.push(format!("unit {id}: {e}"));
                continue;
            }
        };
        let formations = u
            .formation
            .as_ref()
            .map(|f| {
                b.counters
                    .chain(f.as_str())
                    .iter()
                    .filter_map(|x| rules.formations.iter().position(|y| y.id == x.id.as_str()))
                    .collect()
            })
            .unwrap_or_default();
        let int = |k: &str| u32::try_from(UNIT.int(a, k)).unwrap_or(0);
        let sdm = (kind == Kind::Sdm).then(|| SdmDef {
            capacity: int("capacity"),
            frozen: int("range_frozen"),
            mud: int("range_mud"),
        });
        let with = UNIT.text(a, "stacks_with");
        if !with.is_empty() {
            withs.push((rules.units.len(), with));
        }
        rules.units.push(UnitDef {
            id: id.to_owned(),
            name: u.designation.clone(),
            army,
            kind,
            class,
            size: Size::of(&UNIT.text(a, "size")),
            defence_only: UNIT.bool(a, "defence_only"),
            movement: int("movement"),
            strengths,
            cadre: UNIT.bool(a, "cadre"),
            white: int("white_dots"),
            black: int("black_dots"),
            star: UNIT.bool(a, "star"),
            obs: int("obs"),
            dbs: int("dbs"),
            range: int("barrage_range"),
            no_fire: u8::try_from(int("no_fire")).unwrap_or(0),
            stacks_with: None,
            sdm,
            formations,
        });
    }
    for (u, with) in withs {
        rules.units[u].stacks_with = rules.unit(&with);
    }
}

/// A unit's strength by steps: from its chit (4.4.4), or for a unit without one its
/// printed strength shared out over its steps (J-03).
fn strengths(
    rules: &Rules,
    army: Army,
    chit: &str,
    max: usize,
    printed: u32,
) -> Result<Vec<u32>, String> {
    if chit.is_empty() || chit == "none" {
        let m = u32::try_from(max).unwrap_or(1);
        return Ok((1..=m).map(|s| (printed * s).div_ceil(m)).collect());
    }
    let row = format!("{} {chit}", army.chart_name());
    let v = rules.charts.chits.strengths(&row, max).map_err(|n| {
        format!("table Strength chits (strength_chits): {n} cell(s) of row \"{row}\" the unit needs are empty")
    })?;
    if printed > 0 && v.last() != Some(&printed) {
        return Err(format!(
            "its counter prints strength {printed} but chit {row} shows {} at {max} steps",
            v.last().copied().unwrap_or(0)
        ));
    }
    Ok(v)
}

fn placements(b: &Bundle, rules: &mut Rules, errors: &mut Vec<String>) {
    for p in &b.scenario.setup {
        let Some(u) = rules.unit(p.unit.as_str()) else {
            continue;
        };
        if !rules.board.contains(p.hex) {
            errors.push(format!(
                "unit {} is set up off the map, at {}",
                p.unit, p.hex
            ));
            continue;
        }
        let s = &p.state;
        let oos = match PLACEMENT.text(s, "supply").as_str() {
            "oos1" => 1,
            "oos2" => 2,
            _ => 0,
        };
        let steps = u8::try_from(PLACEMENT.int(s, "steps")).unwrap_or(0);
        if steps > rules.units[u].max_steps() {
            errors.push(format!(
                "unit {} starts with {steps} steps; its counter has {}",
                p.unit,
                rules.units[u].max_steps()
            ));
        }
        if PLACEMENT.text(s, "extended") != "none" && !PLACEMENT.text(s, "extended").is_empty() {
            errors.push(format!(
                "unit {} starts extended: division extension (4.7) is not played yet",
                p.unit
            ));
        }
        rules.setup.push((
            u,
            p.hex,
            Start {
                steps,
                disorganized: PLACEMENT.bool(s, "disorganized"),
                regroup: PLACEMENT.bool(s, "regroup"),
                oos,
                fired: PLACEMENT.bool(s, "fired"),
                out_of_ammo: PLACEMENT.bool(s, "out_of_ammo"),
                alarm_side: PLACEMENT.bool(s, "alarm_side"),
            },
        ));
    }
    for o in &b.scenario.off_map {
        let Some(u) = rules.unit(o.unit.as_str()) else {
            continue;
        };
        match o.in_box.as_str() {
            "eliminated" => rules.eliminated_at_start.push(u),
            other => errors.push(format!(
                "unit {} starts in the {other} box, which the engine does not play yet",
                o.unit
            )),
        }
    }
}

/// The hexes of an entry or a supply source.
fn hexes_of(b: &Bundle, board: &Board, what: Where<'_>) -> Result<Vec<HexId>, String> {
    match what {
        Where::Hex(h) if board.contains(h) => Ok(vec![h]),
        Where::Hex(h) => Err(format!("hex {h} is off the map")),
        Where::Edge(e) => Ok(board.edge_hexes(e)),
        Where::Place(p) => board
            .place(p)
            .map(<[HexId]>::to_vec)
            .ok_or_else(|| format!("the map has no place \"{p}\"")),
        Where::Zone(z) => b
            .map
            .zones
            .iter()
            .find(|(id, _)| id.as_str() == z)
            .map(|(_, h)| h.clone())
            .ok_or_else(|| format!("the map has no entry zone {z}")),
    }
}

enum Where<'a> {
    Hex(HexId),
    Edge(MapEdge),
    Place(&'a str),
    Zone(&'a str),
}

fn arrivals(b: &Bundle, rules: &mut Rules, errors: &mut Vec<String>) {
    for a in &b.scenario.arrivals {
        let mut entry = Vec::new();
        for e in &a.entry {
            let w = match e {
                Entry::Hex(h) => Where::Hex(*h),
                Entry::Edge(e) => Where::Edge(*e),
                Entry::Place(p) => Where::Place(p),
                Entry::Zone(z) => Where::Zone(z.as_str()),
            };
            match hexes_of(b, &rules.board, w) {
                Ok(h) => entry.extend(h),
                Err(e) => errors.push(format!("arrival on turn {}: {e}", a.turn)),
            }
        }
        let units = a
            .units
            .iter()
            .filter_map(|u| rules.unit(u.as_str()))
            .collect();
        rules.arrivals.push(Arrival {
            turn: a.turn,
            units,
            entry,
        });
    }
}

fn track(b: &Bundle, rules: &mut Rules, errors: &mut Vec<String>) {
    for t in 1..=b.scenario.turns {
        match b.scenario.turn_record(t) {
            Some(r) => rules.track.push(TurnInfo {
                ground_drm: i32::try_from(TURN.int(&r.attrs, "ground_drm")).unwrap_or(0),
            }),
            None => errors.push(format!(
                "turn {t} has no box on the Turn Record Track: its ground condition DRM (5.1) is unknown"
            )),
        }
    }
}

fn sources(b: &Bundle, rules: &mut Rules, errors: &mut Vec<String>) {
    for s in &b.scenario.supply {
        let Some(army) = Army::of_id(s.side.as_str()) else {
            continue;
        };
        let mut hexes = Vec::new();
        for at in &s.at {
            let w = match at {
                SupplySource::Hex(h) => Where::Hex(*h),
                SupplySource::Edge(e) => Where::Edge(*e),
                SupplySource::Place(p) => Where::Place(p),
                SupplySource::Hq(u) => {
                    errors.push(format!("supply source at unit {u}: a Jaws of Victory source is a map-edge symbol, a rail terminal or a hex (13.1)"));
                    continue;
                }
            };
            match hexes_of(b, &rules.board, w) {
                Ok(h) => hexes.extend(h),
                Err(e) => errors.push(format!("supply source: {e}")),
            }
        }
        let serves = s
            .serves
            .iter()
            .filter_map(|f| rules.formations.iter().position(|x| x.id == f.as_str()))
            .collect();
        rules.sources.push(Source {
            army,
            name: s.name.clone().unwrap_or_else(|| format!("{army} source")),
            hexes,
            serves,
        });
    }
}

/// 8.1-8.3: RPs by turn for a Soviet Front or a German Korps.
fn replacements(b: &Bundle, rules: &mut Rules, errors: &mut Vec<String>) {
    for r in &b.scenario.replacements {
        let Some(army) = Army::of_id(r.side.as_str()) else {
            continue;
        };
        let command = r
            .formation
            .as_ref()
            .and_then(|f| rules.formations.iter().position(|x| x.id == f.as_str()));
        let Some(command) = command else {
            errors.push(format!(
                "replacements on turn {}: name the Front or Korps whose track receives them (8.1.1)",
                r.turn
            ));
            continue;
        };
        rules.replacements.push(Receipt {
            turn: r.turn,
            army,
            command,
            infantry: u32::try_from(REPLACEMENT.int(&r.points, "infantry")).unwrap_or(0),
            armor: u32::try_from(REPLACEMENT.int(&r.points, "armor")).unwrap_or(0),
        });
    }
}

fn markers(b: &Bundle, rules: &mut Rules, errors: &mut Vec<String>) {
    for m in &b.scenario.markers {
        match m.kind.as_str() {
            "ip" => rules.improved_positions.push(m.hex),
            // Where an Alarm unit or a partisan base is: set-up information only.
            "alarm_hex" | "partisan_base" => {}
            "minefield" => match m.facing.and_then(|f| rules.board.grid.direction(m.hex, f)) {
                Some(d) => rules.minefields.push((m.hex, d)),
                None => errors.push(format!(
                    "the minefield at {} faces no neighbouring hex",
                    m.hex
                )),
            },
            other => errors.push(format!(
                "marker \"{other}\" at {}: the engine does not play it yet",
                m.hex
            )),
        }
    }
}

fn victory(b: &Bundle, rules: &mut Rules, errors: &mut Vec<String>) {
    let Some(v) = &b.scenario.victory else {
        errors.push("the scenario has no victory conditions".into());
        return;
    };
    for level in &v.levels {
        let Some(winner) = Army::of_id(level.winner.as_str()) else {
            continue;
        };
        let mut all_of = Vec::new();
        for c in &level.all_of {
            let army = Army::of_id(c.side().as_str());
            let cond = match (c, army) {
                (Cond::Holds { hexes, .. }, Some(army)) => Condition::Holds {
                    army,
                    hexes: hexes.clone(),
                },
                (Cond::HoldsPlace { place, .. }, Some(army)) => match rules.board.place(place) {
                    Some(h) => Condition::Holds {
                        army,
                        hexes: h.to_vec(),
                    },
                    None => {
                        errors.push(format!("victory: the map has no place \"{place}\""));
                        continue;
                    }
                },
                (
                    Cond::Eliminated {
                        at_least, weights, ..
                    },
                    Some(army),
                ) if weights.is_empty() => Condition::Eliminated {
                    army,
                    at_least: *at_least,
                },
                (Cond::LosesAtMost { units, .. }, Some(army)) => Condition::LosesAtMost {
                    army,
                    units: *units,
                },
                _ => {
                    errors.push(format!(
                        "victory level \"{}\": a condition the engine does not judge ({c:?})",
                        level.name
                    ));
                    continue;
                }
            };
            all_of.push(cond);
        }
        rules.victory.push(VictoryLevel {
            name: level.name.clone(),
            winner,
            all_of,
        });
    }
}

/// The three hexsides a minefield covers: the one it faces and its two neighbours (15.3).
pub fn minefield_sides(facing: Dir) -> [Dir; 3] {
    let i = Dir::ALL.iter().position(|&d| d == facing).unwrap_or(0);
    [Dir::ALL[(i + 5) % 6], facing, Dir::ALL[(i + 1) % 6]]
}
