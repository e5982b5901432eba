//! The Jaws of Victory's setup checks, each with its code and rule (the table is in
//! docs/jov/setup-checks.md). They run after the described reference checks, so every id
//! they meet exists; a unit missing from the counters is skipped here.

use std::collections::{BTreeMap, HashMap, HashSet};

use sztab_core::hex::{Dir, HexId, Hexside};
use sztab_core::model::described::{Bundle, Marker, Unit};
use sztab_core::model::{Problem, Subject};
use sztab_seam::setup_lint::{self, Placed};

use super::schema::{FORMATION, PLACEMENT, REPLACEMENT, SCENARIO, UNIT};

fn kind(u: &Unit) -> String {
    UNIT.text(&u.attrs, "type")
}

fn is_artillery(u: &Unit) -> bool {
    matches!(
        kind(u).as_str(),
        "artillery"
            | "heavy_artillery"
            | "super_heavy_artillery"
            | "mortar"
            | "rocket_artillery"
            | "sp_artillery"
    )
}

/// Infantry-type units (glossary 2.8).
fn is_infantry_type(u: &Unit) -> bool {
    matches!(
        kind(u).as_str(),
        "infantry"
            | "airborne"
            | "mountain"
            | "fusilier"
            | "cavalry"
            | "engineer"
            | "mot_infantry"
            | "mech_infantry"
            | "recon"
            | "assault_engineer"
            | "mot_engineer"
    )
}

fn attack_capable(u: &Unit) -> bool {
    kind(u) != "sdm" && !UNIT.bool(&u.attrs, "defence_only") && UNIT.int(&u.attrs, "strength") > 0
}

fn unit_problem(p: Problem, rule: &'static str, u: &Unit) -> Problem {
    p.rule(rule).about(Subject::Unit(u.id.clone()))
}

fn hex_problem(p: Problem, rule: &'static str, hex: HexId) -> Problem {
    p.rule(rule).about(Subject::Hex(hex))
}

/// Every setup problem of a Jaws of Victory scenario.
pub fn check(b: &Bundle) -> Vec<Problem> {
    let mut out = setup_lint::two_sides(b, "JV00");
    stacking(b, &mut out);
    out.extend(setup_lint::mixed_sides(b, "JV02", "9.10.4"));
    states(b, &mut out);
    attachments(b, &mut out);
    exposed(b, &mut out);
    markers(b, &mut out);
    out.extend(setup_lint::entries_on_edge(b, "JV13", "7.1"));
    supply(b, &mut out);
    replacements(b, &mut out);
    turn_track(b, &mut out);
    sheets(b, &mut out);
    counters(b, &mut out);
    out.extend(setup_lint::tables_named(b, "JV21", "Jaws of Victory"));
    out
}

fn terrain_of(b: &Bundle, hex: HexId) -> Option<&str> {
    b.map.hexes.get(&hex).map(|c| c.terrain.as_str())
}

fn has_feature(b: &Bundle, hex: HexId, f: &str) -> bool {
    b.map.hexes.get(&hex).is_some_and(|c| c.has(f))
}

/// JV01 (11.0): 3 units a hex, 2 in forest, SDMs not counted; a Soviet hex holds at most
/// one division, a German hex at most two infantry regiments.
fn stacking(b: &Bundle, out: &mut Vec<Problem>) {
    for (hex, units) in setup_lint::stacks(b) {
        // Problems name the hex as the sheet prints it ("B-4921").
        let at = b.map.label_of(hex);
        let counted: Vec<_> = units.iter().filter(|p| kind(p.unit) != "sdm").collect();
        let limit = if terrain_of(b, hex) == Some("forest") {
            2
        } else {
            3
        };
        if counted.len() > limit {
            out.push(hex_problem(
                Problem::error(
                    "JV01",
                    format!(
                        "hex {at} holds {} units; the limit there is {limit}",
                        counted.len()
                    ),
                ),
                "11.0",
                hex,
            ));
        }
        let divisions = counted
            .iter()
            .filter(|p| p.side == Some("soviet") && UNIT.text(&p.unit.attrs, "size") == "XX")
            .count();
        if divisions > 1 {
            out.push(hex_problem(
                Problem::error(
                    "JV01",
                    format!("hex {at} holds {divisions} Soviet divisions; the limit is 1"),
                ),
                "11.0",
                hex,
            ));
        }
        let regiments = counted
            .iter()
            .filter(|p| {
                p.side == Some("german")
                    && UNIT.text(&p.unit.attrs, "size") == "III"
                    && is_infantry_type(p.unit)
            })
            .count();
        if regiments > 2 {
            out.push(hex_problem(
                Problem::error(
                    "JV01",
                    format!("hex {at} holds {regiments} German infantry regiments; the limit is 2"),
                ),
                "11.0",
                hex,
            ));
        }
    }
}

/// JV08 (4.4): steps within the counter's. JV11 (4.8.1): Alarm units start Alarm side up.
/// JV12 (12.10.5): Out of Ammo only on German artillery regiments. JV22 (4.7): only a
/// Soviet infantry or cavalry division extends. JV10 (18.1.2): partisans.
fn states(b: &Bundle, out: &mut Vec<Problem>) {
    let partisans_on = SCENARIO.bool(&b.scenario.rules, "partisans");
    let stacks = setup_lint::stacks(b);
    for p in &b.scenario.setup {
        let Some(u) = b.counters.unit(p.unit.as_str()) else {
            continue;
        };
        let s = &p.state;
        let k = kind(u);
        let (steps, max) = (PLACEMENT.int(s, "steps"), UNIT.int(&u.attrs, "steps"));
        if steps > max {
            out.push(unit_problem(
                Problem::error(
                    "JV08",
                    format!(
                        "unit {} starts with {steps} steps; its counter has {max}",
                        u.id
                    ),
                ),
                "4.4",
                u,
            ));
        }
        if (k == "alarm") != PLACEMENT.bool(s, "alarm_side") {
            out.push(unit_problem(
                Problem::error(
                    "JV11",
                    if k == "alarm" {
                        format!("Alarm unit {} starts Alarm side up", u.id)
                    } else {
                        format!("unit {} is no Alarm unit and has no Alarm side", u.id)
                    },
                ),
                "4.8.1",
                u,
            ));
        }
        if PLACEMENT.bool(s, "out_of_ammo")
            && !(is_artillery(u) && UNIT.text(&u.attrs, "size") == "III")
        {
            out.push(unit_problem(
                Problem::error("JV12", format!("unit {} has an Out-of-Ammo marker: only German artillery regiments take one", u.id)),
                "12.10.5",
                u,
            ));
        }
        if PLACEMENT.bool(s, "fired") && !is_artillery(u) {
            out.push(unit_problem(
                Problem::error(
                    "JV12",
                    format!("unit {} starts on its fired side but is no artillery", u.id),
                ),
                "12.10",
                u,
            ));
        }
        let extended = PLACEMENT.text(s, "extended");
        if extended != "none" {
            extension(b, u, p.hex, &extended, steps, out);
        }
        if k == "partisan" {
            partisan(b, &stacks, u, p.hex, partisans_on, out);
        }
    }
}

fn extension(b: &Bundle, u: &Unit, hex: HexId, dir: &str, steps: i64, out: &mut Vec<Problem>) {
    let division = matches!(kind(u).as_str(), "infantry" | "cavalry")
        && UNIT.text(&u.attrs, "size") == "XX"
        && setup_lint::side_of(b, u.id.as_str()) == Some("soviet");
    let cadre = UNIT.bool(&u.attrs, "cadre") && steps == 1;
    let at = b.map.label_of(hex);
    let target = Dir::ALL
        .iter()
        .find(|d| format!("{d:?}") == dir)
        .and_then(|d| b.map.grid.neighbour(hex, *d));
    let why = if !division {
        Some("only a Soviet infantry or cavalry division extends".to_owned())
    } else if cadre {
        Some("a cadre does not extend".to_owned())
    } else if target.is_none() {
        Some(format!(
            "its Extended marker ({dir} of {at}) is off the map"
        ))
    } else {
        None
    };
    if let Some(w) = why {
        out.push(unit_problem(
            Problem::error("JV22", format!("unit {} is extended: {w}", u.id)),
            "4.7",
            u,
        ));
    }
}

fn partisan(
    b: &Bundle,
    stacks: &BTreeMap<HexId, Vec<Placed<'_>>>,
    u: &Unit,
    hex: HexId,
    enabled: bool,
    out: &mut Vec<Problem>,
) {
    let mut why = Vec::new();
    let at = b.map.label_of(hex);
    if !enabled {
        why.push("the scenario does not use the partisans rule".to_owned());
    }
    if !matches!(terrain_of(b, hex), Some("woods" | "forest")) {
        why.push(format!("{at} is neither woods nor forest"));
    }
    let others = stacks.get(&hex).is_some_and(|units| {
        units
            .iter()
            .any(|q| q.unit.id != u.id && q.side == Some("soviet"))
    });
    if others {
        why.push(format!(
            "it shares {at} with other Soviet units or partisans"
        ));
    }
    for w in why {
        out.push(unit_problem(
            Problem::error("JV10", format!("partisan {}: {w}", u.id)),
            "18.1",
            u,
        ));
    }
}

/// JV09 (4.5.4-4.5.5): a Sherman stacks with its parent while the parent is on the map.
fn attachments(b: &Bundle, out: &mut Vec<Problem>) {
    let mut placements = HashMap::new();
    for p in &b.scenario.setup {
        placements.entry(p.unit.as_str()).or_insert(p);
    }
    for p in &b.scenario.setup {
        let Some(u) = b.counters.unit(p.unit.as_str()) else {
            continue;
        };
        let parent = UNIT.text(&u.attrs, "stacks_with");
        if parent.is_empty() {
            continue;
        }
        if b.counters.unit(&parent).is_none() {
            out.push(unit_problem(
                Problem::error(
                    "JV09",
                    format!(
                        "unit {} stacks with \"{parent}\", which is not in the counters",
                        u.id
                    ),
                ),
                "4.5.4",
                u,
            ));
            continue;
        }
        if let Some(q) = placements.get(parent.as_str())
            && q.hex != p.hex
        {
            out.push(unit_problem(
                Problem::error(
                    "JV09",
                    format!(
                        "unit {} sets up on {}, not with {parent} on {}",
                        u.id, p.hex, q.hex
                    ),
                ),
                "4.5.4-4.5.5",
                u,
            ));
        }
    }
}

/// JV18 (9.10.2): artillery and units that cannot attack, next to the enemy without an
/// attack-capable friend in their hex (once a unit, however many enemies it faces).
fn exposed(b: &Bundle, out: &mut Vec<Problem>) {
    let stacks = setup_lint::stacks(b);
    for (hex, units) in &stacks {
        for r in units {
            let u = r.unit;
            let Some(side) = r.side else { continue };
            if kind(u) == "sdm" || (attack_capable(u) && !is_artillery(u)) {
                continue;
            }
            if !setup_lint::enemy_next_to(b, &stacks, *hex, side, |_| true) {
                continue;
            }
            let covered = units
                .iter()
                .any(|x| x.side == Some(side) && attack_capable(x.unit) && !is_artillery(x.unit));
            if !covered {
                out.push(unit_problem(
                    Problem::warning(
                        "JV18",
                        format!(
                            "unit {} on {} is next to the enemy with no attack-capable unit in its hex",
                            u.id, hex
                        ),
                    ),
                    "9.10.2",
                    u,
                ));
            }
        }
    }
}

fn side_has(b: &Bundle, side: Hexside, kinds: &[&str]) -> bool {
    b.map
        .hexsides
        .get(&side)
        .is_some_and(|fs| fs.iter().any(|f| kinds.contains(&f.kind.as_str())))
}

/// A hexside carries a bridge: printed, or implied by a road over a stream or river (15.2).
fn has_bridge(b: &Bundle, side: Hexside) -> bool {
    side_has(b, side, &["bridge", "rail_bridge"])
        || (b.map.roads.contains_key(&side)
            && side_has(b, side, &["river", "fordable_river", "stream"]))
}

fn facing_side(b: &Bundle, m: &Marker) -> Option<Hexside> {
    m.facing.and_then(|f| b.map.grid.hexside(m.hex, f))
}

/// JV03-JV07: markers at the start (15.1, 15.3, 15.2, 13.1.2, 18.6).
fn markers(b: &Bundle, out: &mut Vec<Problem>) {
    let rules = &b.scenario.rules;
    let mut mines = 0;
    for (i, m) in b.scenario.markers.iter().enumerate() {
        let hex = m.hex;
        let at = b.map.label_of(hex);
        let clear = terrain_of(b, hex) == Some("clear");
        let err = |code: &'static str, msg: String, rule: &'static str| {
            hex_problem(Problem::error(code, msg), rule, hex)
        };
        match m.kind.as_str() {
            "ip" => {
                if !clear || has_feature(b, hex, "village") {
                    out.push(err(
                        "JV03",
                        format!(
                            "an Improved Position on {at}: only in clear hexes without a village"
                        ),
                        "15.1.1",
                    ));
                }
                if b.scenario.markers[..i]
                    .iter()
                    .any(|x| x.kind == "ip" && x.hex == hex)
                {
                    out.push(err(
                        "JV03",
                        format!("a second Improved Position on {at}"),
                        "15.1.1",
                    ));
                }
            }
            "minefield" => {
                mines += 1;
                if !clear {
                    out.push(err(
                        "JV04",
                        format!("a minefield on {at}: only in clear or village hexes"),
                        "15.3",
                    ));
                }
                if m.facing.is_none() {
                    out.push(err("JV04", format!("the minefield on {at} faces no hexside: give its middle designated hexside"), "15.3"));
                }
            }
            "bridge_destroyed"
            | "bridge_repair"
            | "bridge_construction"
            | "bridge_ok"
            | "k_bridge"
            | "j_bridge" => {
                let Some(side) = facing_side(b, m) else {
                    out.push(err(
                        "JV05",
                        format!("the {} marker on {at} points at no hexside", m.kind),
                        "15.2",
                    ));
                    continue;
                };
                let construction = m.kind == "bridge_construction";
                if !construction && !has_bridge(b, side) {
                    out.push(err("JV05", format!("the {} marker points at {side}, which carries no bridge, printed or implied", m.kind), "15.2"));
                }
                if matches!(m.kind.as_str(), "k_bridge" | "j_bridge")
                    && !side_has(b, side, &["river", "fordable_river", "stream"])
                {
                    out.push(err(
                        "JV05",
                        format!(
                            "the {} marker points at {side}, which is no river or stream",
                            m.kind
                        ),
                        "18.3",
                    ));
                }
                if m.kind == "bridge_repair" && side_has(b, side, &["rail_bridge"]) {
                    out.push(err(
                        "JV05",
                        format!("a railroad bridge ({side}) is never repaired"),
                        "15.2.2",
                    ));
                }
            }
            "rail_cut" | "rail_repair" => {
                let on_rail = b.map.grid.neighbours(hex).any(|n| {
                    b.map
                        .grid
                        .hexside(hex, n)
                        .and_then(|s| b.map.roads.get(&s))
                        .is_some_and(|r| r.contains("railroad"))
                });
                if !on_rail {
                    out.push(err(
                        "JV06",
                        format!("the {} marker on {at}: no railroad runs through it", m.kind),
                        "13.1.2",
                    ));
                }
            }
            "ford" => {
                if !SCENARIO.bool(rules, "fords") {
                    out.push(err(
                        "JV07",
                        format!("a ford on {at}, but the scenario does not use the fords rule"),
                        "18.6",
                    ));
                }
                if !facing_side(b, m).is_some_and(|s| side_has(b, s, &["fordable_river"])) {
                    out.push(err(
                        "JV07",
                        format!("the ford on {at} points at no fordable river hexside"),
                        "18.6",
                    ));
                }
            }
            "partisan_base" if !SCENARIO.bool(rules, "partisans") => {
                out.push(err(
                    "JV10",
                    format!(
                        "a partisan base on {at}, but the scenario does not use the partisans rule"
                    ),
                    "18.1",
                ));
            }
            _ => {}
        }
    }
    let allotment = SCENARIO.int(rules, "minefields");
    if mines > allotment {
        out.push(
            Problem::error(
                "JV04",
                format!("{mines} minefields at the start; the scenario allots {allotment}"),
            )
            .rule("15.3"),
        );
    }
}

/// JV14 (13.1): each side has a supply source, and every top formation with units on the
/// map is served by one.
fn supply(b: &Bundle, out: &mut Vec<Problem>) {
    let s = &b.scenario;
    for side in &s.sides {
        let sources: Vec<_> = s.supply.iter().filter(|x| x.side == side.id).collect();
        if sources.is_empty() {
            out.push(
                Problem::error("JV14", format!("{} has no supply source", side.name))
                    .rule("13.1")
                    .about(Subject::Side(side.id.clone())),
            );
            continue;
        }
        if sources.iter().any(|x| x.serves.is_empty()) {
            continue;
        }
        let mut unserved: Vec<String> = Vec::new();
        // Whether each formation is one a source serves or under one: worked out once a
        // formation, not once a unit and source.
        let tops: HashSet<&str> = sources
            .iter()
            .flat_map(|x| x.serves.iter().map(|f| f.as_str()))
            .collect();
        let mut served_memo: HashMap<String, bool> = HashMap::new();
        for p in &s.setup {
            let Some(u) = b.counters.unit(p.unit.as_str()) else {
                continue;
            };
            if setup_lint::side_of(b, u.id.as_str()) != Some(side.id.as_str()) || kind(u) == "alarm"
            {
                continue;
            }
            let served = u.formation.as_ref().is_some_and(|f| {
                *served_memo.entry(f.to_string()).or_insert_with(|| {
                    b.counters
                        .chain(f.as_str())
                        .iter()
                        .any(|x| tops.contains(x.id.as_str()))
                })
            });
            if !served {
                unserved.push(u.id.to_string());
            }
        }
        if !unserved.is_empty() {
            out.push(
                Problem::error(
                    "JV14",
                    format!(
                        "no {} supply source serves the formation of {}",
                        side.name,
                        unserved.join(", ")
                    ),
                )
                .rule("13.1"),
            );
        }
    }
}

/// JV15 (8.1.2): replacement points go to a Soviet Front or a German Korps; infantry only
/// to a command that takes no armor.
fn replacements(b: &Bundle, out: &mut Vec<Problem>) {
    for r in &b.scenario.replacements {
        let Some(f) = r
            .formation
            .as_ref()
            .and_then(|f| b.counters.formation(f.as_str()))
        else {
            out.push(
                Problem::error(
                    "JV15",
                    format!(
                        "the replacements of turn {} name no command: RPs go to a Front or a Korps",
                        r.turn
                    ),
                )
                .rule("8.1.2"),
            );
            continue;
        };
        let level = FORMATION.text(&f.attrs, "level");
        if !matches!(level.as_str(), "front" | "korps") {
            out.push(
                Problem::error(
                    "JV15",
                    format!("the replacements of turn {} go to {}, a {level}: RPs go to a Front or a Korps", r.turn, f.name),
                )
                .rule("8.1.2"),
            );
        }
        if FORMATION.bool(&f.attrs, "infantry_rp_only") && REPLACEMENT.int(&r.points, "armor") > 0 {
            out.push(
                Problem::error(
                    "JV15",
                    format!(
                        "turn {}: {} receives infantry RPs only, not armor",
                        r.turn, f.name
                    ),
                )
                .rule("8.1.2"),
            );
        }
    }
}

/// JV16 (3.1, 5.1): the Turn Record Track gives every turn its ground condition DRM.
fn turn_track(b: &Bundle, out: &mut Vec<Problem>) {
    let s = &b.scenario;
    let missing: Vec<String> = (1..=s.turns)
        .filter(|t| {
            s.turn_record(*t)
                .is_none_or(|r| !r.attrs.contains_key("ground_drm"))
        })
        .map(|t| t.to_string())
        .collect();
    if !missing.is_empty() {
        out.push(
            Problem::error(
                "JV16",
                format!(
                    "the Turn Record Track gives no ground condition DRM for turn{} {}",
                    if missing.len() == 1 { "" } else { "s" },
                    missing.join(", ")
                ),
            )
            .rule("3.1, 5.1"),
        );
    }
}

/// JV26: the scenario's map sheets (one or two: 4 or 8 ford attempts, 18.6) are the
/// sheets its map is composed of; a map that is one file counts as one sheet.
fn sheets(b: &Bundle, out: &mut Vec<Problem>) {
    let said = SCENARIO.int(&b.scenario.rules, "maps");
    let sheets = b.map.sections.len().max(1) as i64;
    if said > 0 && said != sheets {
        out.push(
            Problem::warning(
                "JV26",
                format!(
                    "the scenario is played on {said} map sheet{} (its \"maps\"), but its map is {sheets} sheet{}",
                    if said == 1 { "" } else { "s" },
                    if sheets == 1 { "" } else { "s" }
                ),
            )
            .rule("18.6"),
        );
    }
}

/// JV25: the counter's values are complete for its kind (4.4, 4.5, 12.10, 13.2).
fn counters(b: &Bundle, out: &mut Vec<Problem>) {
    for u in &b.counters.units {
        let k = kind(u);
        let int = |key: &str| UNIT.int(&u.attrs, key);
        let mut why: Vec<&str> = Vec::new();
        if k != "sdm" && int("strength") < 1 {
            why.push("a combat unit's strength is at least 1 (13.5.1)");
        }
        if is_artillery(u) && (int("barrage_range") < 1 || int("obs") + int("dbs") < 1) {
            why.push("artillery has a barrage strength and range (12.10)");
        }
        if is_artillery(u) && int("steps") != 1 {
            why.push("artillery has one step (4.4.1)");
        }
        if int("steps") >= 3 && UNIT.text(&u.attrs, "chit") == "none" {
            why.push("a unit of 3 or more steps has a strength chit class (4.4.4)");
        }
        if k == "armor" && UNIT.text(&u.attrs, "class") != "armor" {
            why.push("an armor icon moves in the armor class (9.1)");
        }
        if k == "sdm" && int("capacity") < 1 {
            why.push("an SDM has a supply capacity (13.2)");
        }
        if UNIT.text(&u.attrs, "chit") == "F"
            && setup_lint::side_of(b, u.id.as_str()) == Some("german")
        {
            why.push("German chits are classes A to E (4.4.4)");
        }
        for w in why {
            out.push(unit_problem(
                Problem::error("JV25", format!("unit {}: {w}", u.id)),
                "4.4",
                u,
            ));
        }
    }
}
