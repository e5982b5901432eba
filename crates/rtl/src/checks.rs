//! Roads to Leningrad's setup checks, each with its code and rule (the table is in
//! docs/rtl/setup-checks.md). They run after the described reference checks, so every id
//! they meet exists; a unit missing from the counters is skipped here.

use sztab_core::hex::HexId;
use sztab_core::model::described::{Bundle, Unit};
use sztab_core::model::{Problem, Subject};
use sztab_seam::setup_lint::{self, Placed};

use super::schema::{PLACEMENT, UNIT};

/// Stacking points a hex may hold (3.31).
const STACKING_LIMIT: i64 = 9;
/// An HQ's Command Range (15.15).
const HQ_RANGE: i64 = 4;

fn kind(u: &Unit) -> String {
    UNIT.text(&u.attrs, "type")
}

/// Leaders, Bridge units and air units are not combat units (2.21).
fn is_combat(u: &Unit) -> bool {
    !matches!(kind(u).as_str(), "leader" | "bridge" | "air")
}

fn is_artillery(u: &Unit) -> bool {
    UNIT.int(&u.attrs, "range") > 0
}

/// Stacking points: Leaders, Bridge units and air count none (3.31).
fn stacking(u: &Unit) -> i64 {
    if is_combat(u) {
        UNIT.int(&u.attrs, "stacking")
    } else {
        0
    }
}

fn exerts_zoc(u: &Unit) -> bool {
    is_combat(u) && !UNIT.bool(&u.attrs, "no_zoc")
}

fn unit_problem(p: Problem, rule: &'static str, u: &Unit) -> Problem {
    p.rule(rule).about(Subject::Unit(u.id.clone()))
}

/// Every setup problem of a Roads to Leningrad scenario.
pub fn check(b: &Bundle) -> Vec<Problem> {
    let mut out = setup_lint::two_sides(b, "RT00");
    stacks(b, &mut out);
    out.extend(setup_lint::mixed_sides(b, "RT02", "8.14"));
    terrain(b, &mut out);
    near_enemy(b, &mut out);
    states(b, &mut out);
    counters(b, &mut out);
    formations(b, &mut out);
    boxes(b, &mut out);
    markers(b, &mut out);
    out.extend(setup_lint::entries_on_edge(b, "RT15", "5.2"));
    out.extend(setup_lint::on_enemy_entry(b, "RT16", "5.21"));
    scenario_data(b, &mut out);
    map_bridges(b, &mut out);
    out.extend(setup_lint::tables_named(b, "RT24", "Roads to Leningrad"));
    out
}

/// RT01: at most 9 stacking points a hex (3.31-3.32).
fn stacks(b: &Bundle, out: &mut Vec<Problem>) {
    for (hex, units) in setup_lint::stacks(b) {
        let points: i64 = units.iter().map(|p| stacking(p.unit)).sum();
        if points > STACKING_LIMIT {
            out.push(
                Problem::error(
                    "RT01",
                    format!(
                        "hex {hex} holds {points} stacking points; the limit is {STACKING_LIMIT}"
                    ),
                )
                .rule("3.31")
                .about(Subject::Hex(hex)),
            );
        }
    }
}

/// Does a road, railroad or trail cross a hexside of `hex`?
fn has_link(b: &Bundle, hex: HexId) -> bool {
    b.map.grid.neighbours(hex).any(|n| {
        b.map
            .grid
            .hexside(hex, n)
            .is_some_and(|s| b.map.roads.contains_key(&s))
    })
}

fn terrain_of(b: &Bundle, hex: HexId) -> Option<&str> {
    b.map.hexes.get(&hex).map(|c| c.terrain.as_str())
}

/// RT03: MOT and HE units set up in swamp only where a road, railroad or trail leads in
/// (8.37a).
fn terrain(b: &Bundle, out: &mut Vec<Problem>) {
    for p in &b.scenario.setup {
        let Some(u) = b.counters.unit(p.unit.as_str()) else {
            continue;
        };
        let class = UNIT.text(&u.attrs, "class");
        if is_combat(u)
            && class != "NM"
            && terrain_of(b, p.hex) == Some("swamp")
            && !has_link(b, p.hex)
        {
            out.push(unit_problem(
                Problem::error(
                    "RT03",
                    format!(
                        "{} unit {} sets up in the swamp hex {}, which no road, railroad or trail enters",
                        class, u.id, p.hex
                    ),
                ),
                "8.37a",
                u,
            ));
        }
    }
}

/// Enemy units that exert a ZOC into `hex` (adjacent; terrain is not weighed).
fn enemy_zoc(b: &Bundle, stacks: &Stacks, hex: HexId, side: &str) -> bool {
    setup_lint::enemy_next_to(b, stacks, hex, side, exerts_zoc)
}

type Stacks<'a> = std::collections::BTreeMap<HexId, Vec<Placed<'a>>>;

/// RT04 (8.15): Leaders and Bridge units next to an enemy combat unit only stacked with a
/// friendly combat unit. RT05 (15.25a): Voroshilov stacked with an HQ. RT22 (12.14):
/// artillery in an enemy ZOC at the start.
fn near_enemy(b: &Bundle, out: &mut Vec<Problem>) {
    let stacks = setup_lint::stacks(b);
    for (hex, units) in &stacks {
        for p in units {
            let Some(side) = p.side else { continue };
            let k = kind(p.unit);
            let escorted = units
                .iter()
                .any(|q| q.side == Some(side) && is_combat(q.unit) && kind(q.unit) != "hq");
            let adjacent_enemy = setup_lint::enemy_next_to(b, &stacks, *hex, side, is_combat);
            if matches!(k.as_str(), "leader" | "bridge") && adjacent_enemy && !escorted {
                out.push(unit_problem(
                    Problem::error(
                        "RT04",
                        format!(
                            "{} {} on {hex} is next to an enemy combat unit and stacked with no friendly combat unit",
                            if k == "leader" { "Leader" } else { "Bridge unit" },
                            p.unit.id
                        ),
                    ),
                    "8.15",
                    p.unit,
                ));
            }
            if k == "leader"
                && p.unit.designation.to_lowercase().contains("voroshilov")
                && !units
                    .iter()
                    .any(|q| kind(q.unit) == "hq" && q.side == Some(side))
            {
                out.push(unit_problem(
                    Problem::error(
                        "RT05",
                        format!(
                            "Voroshilov ({}) on {hex} is not stacked with an HQ",
                            p.unit.id
                        ),
                    ),
                    "15.25a",
                    p.unit,
                ));
            }
            if is_artillery(p.unit) && enemy_zoc(b, &stacks, *hex, side) {
                out.push(unit_problem(
                    Problem::warning(
                        "RT22",
                        format!(
                            "artillery {} on {hex} starts in an enemy ZOC: it may support only the adjacent hex or its own",
                            p.unit.id
                        ),
                    ),
                    "12.14",
                    p.unit,
                ));
            }
            if k == "bridge" {
                bridge_unit(b, &stacks, p, *hex, side, out);
            }
        }
    }
}

/// RT06: a Bridge unit's placement (16.21-16.24).
fn bridge_unit(
    b: &Bundle,
    stacks: &Stacks,
    p: &Placed<'_>,
    hex: HexId,
    side: &str,
    out: &mut Vec<Problem>,
) {
    let mut why = Vec::new();
    let arrow = PLACEMENT.text(&p.placement.state, "arrow");
    let water = |kind: &str| kind == "river" || kind == "stream";
    let target = sztab_core::hex::Dir::ALL
        .iter()
        .find(|d| format!("{d:?}") == arrow)
        .and_then(|d| b.map.grid.hexside_towards(hex, *d));
    match target {
        None => why.push(format!(
            "its arrow ({arrow}) points at no hexside of the map"
        )),
        Some(s) => {
            let on_water = b
                .map
                .hexsides
                .get(&s)
                .is_some_and(|fs| fs.iter().any(|f| water(f.kind.as_str())));
            if !on_water {
                why.push(format!(
                    "its arrow points at hexside {s}, which is no river or stream"
                ));
            }
        }
    }
    // The hexes within range, not the whole set-up: a look per hex, not per unit.
    let near_hq = b.map.grid.range(hex, HQ_RANGE as u32).iter().any(|h| {
        stacks.get(h).is_some_and(|units| {
            units
                .iter()
                .any(|q| kind(q.unit) == "hq" && q.side == Some(side))
        })
    });
    if !near_hq {
        why.push(format!("no friendly HQ is within {HQ_RANGE} hexes"));
    }
    if enemy_zoc(b, stacks, hex, side) {
        why.push("it is in an enemy ZOC".into());
    }
    if terrain_of(b, hex) == Some("swamp") && !has_link(b, hex) {
        why.push("it is in swamp off any road, railroad or trail".into());
    }
    for w in why {
        out.push(unit_problem(
            Problem::error("RT06", format!("Bridge unit {} on {hex}: {w}", p.unit.id)),
            "16.21-16.24",
            p.unit,
        ));
    }
}

/// RT09-RT10, RT20: what a unit may start as (3.61-3.62, 4.13, 15.23, 16.25).
fn states(b: &Bundle, out: &mut Vec<Problem>) {
    let on_map = b.scenario.setup.iter().map(|p| (p.unit.as_str(), &p.state));
    let off_map = b
        .scenario
        .off_map
        .iter()
        .map(|p| (p.unit.as_str(), &p.state));
    for (id, state) in on_map.chain(off_map) {
        let Some(u) = b.counters.unit(id) else {
            continue;
        };
        let k = kind(u);
        if PLACEMENT.bool(state, "reduced") && UNIT.int(&u.attrs, "steps") < 2 {
            out.push(unit_problem(
                Problem::error("RT09", format!("unit {id} starts reduced but has one step")),
                "3.61, 4.13",
                u,
            ));
        }
        if PLACEMENT.bool(state, "fired") && !is_artillery(u) {
            out.push(unit_problem(
                Problem::error(
                    "RT10",
                    format!("unit {id} starts Fired but is not artillery"),
                ),
                "3.62",
                u,
            ));
        }
        if PLACEMENT.bool(state, "spent") && !matches!(k.as_str(), "hq" | "leader") {
            out.push(unit_problem(
                Problem::error(
                    "RT10",
                    format!("unit {id} starts Spent but is no HQ or Leader"),
                ),
                "3.62, 15.32",
                u,
            ));
        }
        let marked = PLACEMENT.bool(state, "disrupted") || PLACEMENT.text(state, "supply") != "in";
        if marked && !is_combat(u) {
            out.push(unit_problem(
                Problem::error(
                    "RT20",
                    format!("{id} is no combat unit: it is never Disrupted, on Emergency Supply or out of supply"),
                ),
                "15.23, 16.25",
                u,
            ));
        }
        if PLACEMENT.text(state, "arrow") != "none" && k != "bridge" {
            out.push(unit_problem(
                Problem::error(
                    "RT06",
                    format!("unit {id} has an arrow but is no Bridge unit"),
                ),
                "16.21",
                u,
            ));
        }
    }
}

/// RT21: the counter's values are complete for its kind (2.21a, 3.4, 3.6, 12.0, 13.2, 15.1).
fn counters(b: &Bundle, out: &mut Vec<Problem>) {
    for u in &b.counters.units {
        let k = kind(u);
        let int = |key: &str| UNIT.int(&u.attrs, key);
        let mut why: Vec<String> = Vec::new();
        if is_combat(u) {
            if int("defense") < 1 {
                why.push("a combat unit's defense is at least 1 (2.21a)".into());
            }
            if int("er") < 1 {
                why.push("a combat unit has an ER from 1 to 10 (3.4)".into());
            }
            if int("steps") == 2 && int("er_reduced") < 1 {
                why.push("a two-step unit has an ER on its reduced side (3.4)".into());
            }
        }
        if (k == "hq" || is_artillery(u)) && int("steps") != 1 {
            why.push("HQs and artillery have one step (3.62)".into());
        }
        if matches!(k.as_str(), "field_artillery" | "rocket_artillery") && !is_artillery(u) {
            why.push("artillery has a range (3.16)".into());
        }
        if is_artillery(u) && int("support") < 1 {
            why.push("artillery has a support strength (12.0)".into());
        }
        if k == "hq" && (int("command_points") < 1 || int("command_range") != HQ_RANGE) {
            why.push(format!(
                "an HQ has 1 or 2 Command Points and a Command Range of {HQ_RANGE} (15.1)"
            ));
        }
        if k == "leader" && (int("command_points") < 1 || int("command_range") < 1) {
            why.push("a Leader has Command Points and a Command Range (15.2)".into());
        }
        if (k == "air") != (UNIT.text(&u.attrs, "air") != "none") {
            why.push("an air unit, and only an air unit, is of type A or B (2.23)".into());
        }
        if k == "air" && !(1..=2).contains(&int("cas")) {
            why.push("an air unit has a CAS DRM of 1 or 2 (13.23)".into());
        }
        for w in why {
            out.push(unit_problem(
                Problem::error("RT21", format!("unit {}: {w}", u.id)),
                "2.21",
                u,
            ));
        }
    }
}

/// RT12 (4.35, 4.38): a formation with units has an Activation Marker. RT13 (15.13): an
/// HQ belongs to a formation. RT14 (7.44, 13.14): a formation without an HQ.
fn formations(b: &Bundle, out: &mut Vec<Problem>) {
    use super::schema::FORMATION;
    for u in &b.counters.units {
        if kind(u) == "hq" && u.formation.is_none() {
            out.push(unit_problem(
                Problem::error("RT13", format!("HQ {} belongs to no formation", u.id)),
                "15.13",
                u,
            ));
        }
    }
    for f in &b.counters.formations {
        let units: Vec<&Unit> = b
            .counters
            .units
            .iter()
            .filter(|u| {
                u.formation
                    .as_ref()
                    .is_some_and(|x| b.counters.is_within(x.as_str(), f.id.as_str()))
            })
            .collect();
        if units.is_empty() {
            continue;
        }
        let subject = Subject::Formation(f.id.clone());
        if FORMATION.int(&f.attrs, "markers") == 0 {
            out.push(
                Problem::warning(
                    "RT12",
                    format!(
                        "formation {} has units but no Activation Marker: its units move only as Army units",
                        f.name
                    ),
                )
                .rule("4.35, 4.38")
                .about(subject.clone()),
            );
        } else if !units.iter().any(|u| kind(u) == "hq") {
            out.push(
                Problem::warning(
                    "RT14",
                    format!(
                        "formation {} has no HQ: activating Army units always takes an ER check, and CAS needs another HQ within 4 hexes",
                        f.name
                    ),
                )
                .rule("7.44, 13.14")
                .about(subject),
            );
        }
    }
}

/// RT11: air units start in the Air Display, never on the map; only air units are in it
/// (4.14, 13.11).
fn boxes(b: &Bundle, out: &mut Vec<Problem>) {
    for p in &b.scenario.setup {
        if let Some(u) = b.counters.unit(p.unit.as_str())
            && kind(u) == "air"
        {
            out.push(unit_problem(
                Problem::error(
                    "RT11",
                    format!(
                        "air unit {} is set up on the map ({}): it starts in the Ready Box",
                        u.id, p.hex
                    ),
                ),
                "4.14",
                u,
            ));
        }
    }
    for o in &b.scenario.off_map {
        let Some(u) = b.counters.unit(o.unit.as_str()) else {
            continue;
        };
        let air_box = matches!(o.in_box.as_str(), "ready" | "flown");
        if air_box != (kind(u) == "air") {
            out.push(unit_problem(
                Problem::error(
                    "RT11",
                    format!("unit {} starts in the {} box: the Air Display holds air units, and air units start there", u.id, o.in_box),
                ),
                "4.14, 13.11",
                u,
            ));
        }
    }
}

/// Builders of Strongpoints (14.23).
const BUILDERS: &[&str] = &[
    "infantry",
    "mot_infantry",
    "engineer",
    "mot_engineer",
    "bicycle",
];

/// RT07 (14.22): one Strongpoint a hex, never in swamp. RT08 (14.22-14.24): a Strongpoint
/// under construction has an eligible builder, neither Disrupted nor out of supply.
fn markers(b: &Bundle, out: &mut Vec<Problem>) {
    let stacks = setup_lint::stacks(b);
    let mut strongpoints = std::collections::HashSet::new();
    for m in &b.scenario.markers {
        let sp = matches!(m.kind.as_str(), "strongpoint" | "sp_construction");
        if !sp {
            continue;
        }
        let hex = m.hex;
        let twice = !strongpoints.insert(hex);
        if twice {
            out.push(
                Problem::error("RT07", format!("hex {hex} holds a second Strongpoint"))
                    .rule("14.22")
                    .about(Subject::Hex(hex)),
            );
        }
        if terrain_of(b, hex) == Some("swamp") {
            out.push(
                Problem::error("RT07", format!("a Strongpoint on {hex}, a swamp hex"))
                    .rule("14.22")
                    .about(Subject::Hex(hex)),
            );
        }
        if m.kind == "sp_construction" {
            let builder = stacks.get(&hex).is_some_and(|units| {
                units.iter().any(|p| {
                    BUILDERS.contains(&kind(p.unit).as_str())
                        && !PLACEMENT.bool(&p.placement.state, "disrupted")
                        && PLACEMENT.text(&p.placement.state, "supply") != "oos"
                })
            });
            if !builder {
                out.push(
                    Problem::error(
                        "RT08",
                        format!(
                            "the Strongpoint under construction on {hex} has no builder (infantry, motorized infantry, engineer, motorized engineer or bicycle, neither Disrupted nor out of supply)"
                        ),
                    )
                    .rule("14.22-14.24")
                    .about(Subject::Hex(hex)),
                );
            }
        }
    }
}

/// RT17 (6.31): both sides have supply sources. RT18 (5.11): every turn has a Weather
/// Box. RT19 (7.12): the turn-1 Initiative tie. RT23 (5.2): no replacements.
fn scenario_data(b: &Bundle, out: &mut Vec<Problem>) {
    let s = &b.scenario;
    for side in &s.sides {
        if !s.supply.iter().any(|x| x.side == side.id) {
            out.push(
                Problem::error("RT17", format!("{} has no supply source", side.name))
                    .rule("6.31")
                    .about(Subject::Side(side.id.clone())),
            );
        }
    }
    for t in 1..=s.turns {
        let Some(r) = s.turn_record(t) else {
            out.push(
                Problem::error(
                    "RT18",
                    format!("turn {t} has no Weather Box on the turn track"),
                )
                .rule("5.11"),
            );
            continue;
        };
        let turn = super::schema::TURN;
        let (dry, cloudy) = (
            turn.int(&r.attrs, "dry_to"),
            turn.int(&r.attrs, "cloudy_to"),
        );
        if dry > cloudy {
            out.push(
                Problem::error(
                    "RT18",
                    format!(
                        "turn {}: the Weather Box's Dry rolls (1-{dry}) run past its Cloudy ones (to {cloudy})",
                        s.turn_label(t)
                    ),
                )
                .rule("5.11"),
            );
        }
    }
    if super::schema::SCENARIO.text(&s.rules, "initiative_tie") == "unset" {
        out.push(
            Problem::warning(
                "RT19",
                "the scenario does not say who wins an Initiative tie on turn 1",
            )
            .rule("7.12"),
        );
    }
    strongpoint_markers(b, out);
    if !s.replacements.is_empty() {
        out.push(
            Problem::error(
                "RT23",
                "the scenario gives replacements: Roads to Leningrad has none",
            )
            .rule("5.2"),
        );
    }
}

/// RT26 (2.24): the Strongpoint markers the counter mix holds limit the Strongpoints on
/// the map; not entered, nothing is limited.
fn strongpoint_markers(b: &Bundle, out: &mut Vec<Problem>) {
    let limit = super::schema::SCENARIO.int(&b.scenario.rules, "strongpoint_markers");
    let set_up = b
        .scenario
        .markers
        .iter()
        .filter(|m| matches!(m.kind.as_str(), "strongpoint" | "sp_construction"))
        .count() as i64;
    if limit <= 0 {
        out.push(
            Problem::warning(
                "RT26",
                "the scenario does not say how many Strongpoint markers the counter mix holds: \
                 Strongpoints are not limited",
            )
            .rule("2.24"),
        );
    } else if set_up > limit {
        out.push(
            Problem::error(
                "RT26",
                format!("{set_up} Strongpoints are set up; the counter mix holds {limit} markers"),
            )
            .rule("2.24"),
        );
    }
}

/// RT25 (8.36b): a printed bridge sits on a stream or river hexside that a road, railroad
/// or trail crosses.
fn map_bridges(b: &Bundle, out: &mut Vec<Problem>) {
    for (side, features) in &b.map.hexsides {
        if !features.iter().any(|f| f.kind.as_str() == "bridge") {
            continue;
        }
        let water = features
            .iter()
            .any(|f| matches!(f.kind.as_str(), "stream" | "river"));
        let road = b.map.roads.contains_key(side);
        if !water || !road {
            out.push(
                Problem::error(
                    "RT25",
                    format!(
                        "the bridge on hexside {side} {}",
                        if water {
                            "carries no road, railroad or trail"
                        } else {
                            "crosses no stream or river"
                        }
                    ),
                )
                .rule("8.36b")
                .about(Subject::Hexside(*side)),
            );
        }
    }
}
