//! What The Jaws of Victory's files hold beyond the described shapes: a counter's values
//! (rules 4.1-4.9, 12.10, 13.2), a formation's place in the order of battle (4.2, 8.1.2),
//! how a unit starts (4.4, 4.7, 4.8, 12.10.5, 12.17, 13.5), the scenario's switches
//! (16, 18), a turn of the Turn Record Track (3.1, 5.1, 18.2) and replacement points
//! (8.1).

use sztab_core::model::Schema;
use sztab_core::model::attrs::{Choice, FieldDef};
use sztab_core::model::described::Schemas;
use sztab_seam::fields::{c, choice, flag, int};

/// Unit types by movement class (4.3.2), and the counters that are no combat unit.
pub const TYPES: &[Choice] = &[
    c("infantry", "Infantry"),
    c("airborne", "Airborne infantry"),
    c("mountain", "Mountain infantry"),
    c("fusilier", "Fusilier"),
    c("security", "Security"),
    c("cavalry", "Cavalry"),
    c("engineer", "Engineer"),
    c("construction_engineer", "Construction engineer"),
    c("partisan", "Partisans"),
    c("mot_infantry", "Motorized infantry"),
    c("mech_infantry", "Mechanized infantry"),
    c("recon", "Reconnaissance"),
    c("mot_engineer", "Motorized engineer"),
    c("assault_engineer", "Assault engineer"),
    c("bridge_engineer", "Bridge engineer"),
    c("artillery", "Artillery"),
    c("heavy_artillery", "Heavy artillery"),
    c("super_heavy_artillery", "Super heavy artillery"),
    c("mortar", "Mortar artillery"),
    c("rocket_artillery", "Rocket artillery"),
    c("sp_artillery", "Self-propelled artillery"),
    c("anti_tank", "Anti-tank"),
    c("anti_air", "Anti-air"),
    c("armor", "Armor (icon)"),
    c("alarm", "Alarm unit (4.8)"),
    c("sdm", "Supply Depot Marker (13.2)"),
];

const SIZES: &[Choice] = &[
    c("none", "None"),
    c("I", "Company (I)"),
    c("II", "Battalion (II)"),
    c("III", "Regiment (III)"),
    c("X", "Brigade (X)"),
    c("XX", "Division (XX)"),
    c("DG", "Division Group"),
    c("RG", "Regiment Group"),
    c("KG", "Kampfgruppe"),
];

/// Movement classes, each a TEC column (9.1).
pub const CLASSES: &[Choice] = &[
    c("non_mot", "Non-motorized"),
    c("mot_mech", "Motorized/Mechanized"),
    c("armor", "Armor"),
];

/// Strength-chit classes (4.4.4): Soviet A-F, German A-E.
const CHIT_CLASSES: &[Choice] = &[
    c("none", "No chit"),
    c("A", "A"),
    c("B", "B"),
    c("C", "C"),
    c("D", "D"),
    c("E", "E"),
    c("F", "F (Soviet only)"),
];

const UNIT_FIELDS: &[FieldDef] = &[
    choice(
        "type",
        "Type",
        "the unit's symbol or icon (4.3.2)",
        TYPES,
        None,
    ),
    choice(
        "size",
        "Size",
        "the size designator (4.3.1)",
        SIZES,
        Some("none"),
    ),
    choice(
        "class",
        "Movement class",
        "its TEC column (9.1)",
        CLASSES,
        Some("non_mot"),
    ),
    int(
        "strength",
        "Strength",
        "combat strength at full steps (4.4)",
        0,
        60,
        Some(0),
    ),
    flag(
        "defence_only",
        "(Parenthesized)",
        "a strength in parentheses: defence only, not attack-capable (4.4, 12.2)",
    ),
    int(
        "movement",
        "Movement",
        "movement allowance (9.1)",
        0,
        30,
        Some(0),
    ),
    int(
        "steps",
        "Steps",
        "its most steps, 1 to 6 (4.4)",
        1,
        6,
        Some(1),
    ),
    choice(
        "chit",
        "Strength chit",
        "a multi-step unit's Combat Class (4.4.4)",
        CHIT_CLASSES,
        Some("none"),
    ),
    flag(
        "cadre",
        "Cadre side",
        "its last step is a cadre (CDR) side (4.4.5)",
    ),
    int(
        "white_dots",
        "White dots",
        "Armor Superiority Value: armor superiority, armor fire and interception (4.5.1)",
        0,
        5,
        Some(0),
    ),
    int(
        "black_dots",
        "Black dots",
        "dots for defensive anti-armor fire only (4.5.2)",
        0,
        5,
        Some(0),
    ),
    flag(
        "star",
        "Red star",
        "a Soviet armor brigade: an inherent infantry step, automatic combined arms (4.5.3)",
    ),
    int(
        "obs",
        "OBS",
        "Offensive Barrage Strength (12.10)",
        0,
        30,
        Some(0),
    ),
    int(
        "dbs",
        "DBS",
        "Defensive Barrage Strength (12.10)",
        0,
        30,
        Some(0),
    ),
    int(
        "barrage_range",
        "Barrage range",
        "hexes to the defending hex (12.10)",
        0,
        20,
        Some(0),
    ),
    int(
        "no_fire",
        "No Fire level",
        "the subscript by an artillery unit's MA (9.10.3)",
        0,
        2,
        Some(0),
    ),
    FieldDef {
        key: "stacks_with",
        label: "Stacks with",
        help: "a unit it must always stack with while that unit is on the map: a 5G Cavalry Corps or 5th Mechanized Corps Sherman (4.5.4-4.5.5)",
        kind: sztab_core::model::attrs::FieldKind::Text { max_len: 40 },
        default: Some(sztab_core::model::attrs::Lit::Text("")),
    },
    int(
        "capacity",
        "Supply capacity",
        "an SDM's supply capacity (13.2)",
        0,
        20,
        Some(0),
    ),
    int(
        "range_frozen",
        "Range (Frozen)",
        "an SDM's Supply Range Increment when Frozen (13.2)",
        0,
        20,
        Some(0),
    ),
    int(
        "range_mud",
        "Range (Mud)",
        "an SDM's Supply Range Increment in Mud (13.2)",
        0,
        20,
        Some(0),
    ),
];

pub const UNIT: Schema = Schema {
    fields: UNIT_FIELDS,
};

const LEVELS: &[Choice] = &[
    c("front", "Soviet Front"),
    c("army", "Soviet Army"),
    c("corps", "Soviet Corps"),
    c("armee", "German Armee"),
    c("korps", "German Korps"),
    c("division", "Division"),
    c("brigade", "Brigade"),
    c("regiment", "Regiment"),
];

const FORMATION_FIELDS: &[FieldDef] = &[
    choice(
        "level",
        "Level",
        "its place in the order of battle (4.2)",
        LEVELS,
        Some("division"),
    ),
    flag(
        "infantry_rp_only",
        "Infantry RPs only",
        "a command that receives infantry replacement points only, like the 42nd Korps (8.1.2)",
    ),
];

pub const FORMATION: Schema = Schema {
    fields: FORMATION_FIELDS,
};

const SUPPLY: &[Choice] = &[c("in", "In supply"), c("oos1", "OOS1"), c("oos2", "OOS2")];

/// Where a Soviet division's Extended marker lies (4.7).
pub const EXTENSIONS: &[Choice] = &[
    c("none", "Not extended"),
    c("N", "North"),
    c("NE", "North-east"),
    c("SE", "South-east"),
    c("S", "South"),
    c("SW", "South-west"),
    c("NW", "North-west"),
];

const PLACEMENT_FIELDS: &[FieldDef] = &[
    int(
        "steps",
        "Steps",
        "the steps it starts with; 0: all of them (4.4)",
        0,
        6,
        Some(0),
    ),
    flag(
        "disorganized",
        "Disorganized",
        "starts Disorganized (12.17)",
    ),
    flag("regroup", "Regroup", "starts with a Regroup marker (12.17)"),
    choice(
        "supply",
        "Supply",
        "its supply state at the start (13.5)",
        SUPPLY,
        Some("in"),
    ),
    flag(
        "fired",
        "Back side (fired)",
        "artillery starting on its back, reduced-ammunition side (12.10)",
    ),
    flag(
        "out_of_ammo",
        "Out of Ammo",
        "a German artillery regiment with an Out-of-Ammo marker (12.10.5)",
    ),
    flag(
        "alarm_side",
        "Alarm side up",
        "a German Alarm unit on its Alarm side (4.8.1)",
    ),
    choice(
        "extended",
        "Extended",
        "a Soviet division's Extended marker, in the adjacent hex this way (4.7)",
        EXTENSIONS,
        Some("none"),
    ),
];

pub const PLACEMENT: Schema = Schema {
    fields: PLACEMENT_FIELDS,
};

const SCENARIO_FIELDS: &[FieldDef] = &[
    int(
        "maps",
        "Map sheets",
        "one- or two-map scenario: 4 or 8 ford attempts (18.6)",
        1,
        2,
        None,
    ),
    int(
        "first_turn",
        "First turn",
        "the game-turn it starts on: turn numbers are absolute (3.1, 16.3)",
        1,
        40,
        Some(1),
    ),
    int(
        "minefields",
        "Minefields",
        "the Soviet minefield allotment (15.3)",
        0,
        30,
        Some(0),
    ),
    flag(
        "continuous_front",
        "Continuous Front",
        "General Scenario Rule 22.1",
    ),
    flag(
        "korsun_isolated",
        "Korsun isolated",
        "Korsun starts as a Special Supply Source (14.5)",
    ),
    flag("partisans", "Partisans", "optional rule 18.1"),
    flag("fords", "Fords", "optional rule 18.6"),
    flag("rail_capacity", "Rail capacity", "optional rule 18.4"),
];

pub const SCENARIO: Schema = Schema {
    fields: SCENARIO_FIELDS,
};

const TURN_FIELDS: &[FieldDef] = &[
    int(
        "ground_drm",
        "Ground DRM",
        "added to the Ground Condition roll (5.1)",
        -6,
        6,
        None,
    ),
    flag(
        "reliability",
        "Armor reliability",
        "the armor-reliability icon (18.2)",
    ),
    flag(
        "reinforcements",
        "Reinforcements",
        "the track's reinforcement flag (7.0)",
    ),
];

pub const TURN: Schema = Schema {
    fields: TURN_FIELDS,
};

const REPLACEMENT_FIELDS: &[FieldDef] = &[
    int(
        "infantry",
        "Infantry RPs",
        "infantry replacement points (8.1)",
        0,
        20,
        Some(0),
    ),
    int(
        "armor",
        "Armor RPs",
        "armor replacement points (8.1)",
        0,
        20,
        Some(0),
    ),
];

pub const REPLACEMENT: Schema = Schema {
    fields: REPLACEMENT_FIELDS,
};

/// The on-map boxes (2.4).
pub const BOXES: &[Choice] = &[
    c("breakdown", "Unit Breakdown Box"),
    c("eliminated", "Eliminated Unit Box"),
    c("armor_holding", "German Multi-step Armor Holding Box"),
    c("artillery_holding", "Soviet Artillery Division Holding Box"),
];

/// Markers a scenario may place at the start (15.1-15.3, 13.1.2, 18.1, 18.6, 4.8.1).
pub const MARKERS: &[Choice] = &[
    c("ip", "Improved Position (15.1)"),
    c(
        "minefield",
        "Soviet Minefield, facing its middle designated hexside (15.3)",
    ),
    c("bridge_destroyed", "Bridge Destroyed (15.2)"),
    c("bridge_repair", "Bridge Repair (15.2)"),
    c("bridge_construction", "Bridge Construction (15.2)"),
    c("bridge_ok", "Bridge OK (15.2)"),
    c("k_bridge", "K-bridge (18.3)"),
    c("j_bridge", "J-bridge (18.3)"),
    c("rail_cut", "Rail Cut (13.1.2)"),
    c("rail_repair", "Rail Repair (15.2.5)"),
    c("ford", "Ford (18.6)"),
    c("alarm_hex", "An Alarm unit's set-up hex (4.8.1)"),
    c("partisan_base", "A partisan home base (18.1)"),
];

pub const SCHEMAS: Schemas = Schemas {
    unit: UNIT,
    formation: FORMATION,
    placement: PLACEMENT,
    scenario: SCENARIO,
    turn: TURN,
    replacement: REPLACEMENT,
    boxes: BOXES,
    markers: MARKERS,
};
