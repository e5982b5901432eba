//! What Roads to Leningrad's files hold beyond the described shapes: a counter's values
//! (rule 2.21 and the counter legend, 3.1-3.6, 12.0, 13.1, 15.1-15.2), a formation's
//! Activation Markers (4.3, 7.3), how a unit starts (4.13, 3.6-3.7, 6.1), the scenario's
//! switches (5.11, 7.12, 13.24) and a turn's Weather Box (5.11).

use sztab_core::model::Schema;
use sztab_core::model::attrs::{Choice, FieldDef};
use sztab_core::model::described::Schemas;
use sztab_seam::fields::{c, choice, flag, int};

/// Unit types (the counter legend, 2.21) and the pieces that are not combat units.
pub const TYPES: &[Choice] = &[
    c("infantry", "Infantry"),
    c("mot_infantry", "Motorized infantry"),
    c("motorcycle", "Motorcycle infantry"),
    c("bicycle", "Bicycle infantry"),
    c("recon", "Reconnaissance"),
    c("engineer", "Engineer"),
    c("mot_engineer", "Motorized engineer"),
    c("cavalry", "Cavalry"),
    c("heavy_aa", "Heavy anti-aircraft"),
    c("anti_tank", "Anti-tank"),
    c("sp_anti_tank", "Self-propelled anti-tank"),
    c("field_artillery", "Field artillery"),
    c("rocket_artillery", "Rocket artillery"),
    c("tank", "Tank (vehicle silhouette)"),
    c("armored_car", "Armored car (vehicle silhouette)"),
    c("hq", "Headquarters"),
    c("leader", "Leader"),
    c("bridge", "Bridge unit"),
    c("air", "Air unit"),
];

/// Movement classes (3.14): black MA, red box, orange circle.
pub const CLASSES: &[Choice] = &[
    c("NM", "Non-motorized (black MA)"),
    c("MOT", "Motorized (red box)"),
    c("HE", "Heavy equipment (orange circle)"),
];

const AIR_TYPES: &[Choice] = &[
    c("none", "Not an air unit"),
    c("A", "Ground attack (A)"),
    c("B", "Bomber (B)"),
];

const UNIT_FIELDS: &[FieldDef] = &[
    choice(
        "type",
        "Type",
        "the unit's symbol (counter legend)",
        TYPES,
        None,
    ),
    choice("size", "Size", "I, II, III, X or XX", SIZES, Some("none")),
    int(
        "attack",
        "Attack",
        "attack strength; 0 for none (2.21a)",
        0,
        40,
        Some(0),
    ),
    flag(
        "armor",
        "Red attack (armor)",
        "a red attack strength: an armored unit, counts as anti-tank (3.15, 16.11)",
    ),
    int(
        "defense",
        "Defense",
        "defense strength; at least 1 for a combat unit (2.21a), never halved (3.51)",
        0,
        40,
        Some(0),
    ),
    flag(
        "heavy_aa",
        "Red defense (88 mm)",
        "a red defense strength: armor attrition on shaded results (11.12, 16.13)",
    ),
    int(
        "support",
        "Support",
        "artillery support strength (12.0)",
        0,
        40,
        Some(0),
    ),
    flag(
        "offensive_only",
        "\"A\" support",
        "support with an \"A\": offensive fire only (12.0)",
    ),
    int(
        "range",
        "Range",
        "artillery range in hexes; a unit with a range is artillery (3.16, 12.13)",
        0,
        20,
        Some(0),
    ),
    int(
        "movement",
        "Movement",
        "movement allowance (3.14)",
        0,
        30,
        Some(0),
    ),
    choice(
        "class",
        "Movement class",
        "NM, MOT (red box) or HE (orange circle) (3.14, 8.5)",
        CLASSES,
        Some("NM"),
    ),
    int(
        "stacking",
        "Stacking",
        "stacking points; 0 stacks without limit (3.31)",
        0,
        9,
        Some(1),
    ),
    int(
        "er",
        "ER",
        "Efficiency Rating, full side (3.4)",
        0,
        10,
        Some(0),
    ),
    int(
        "steps",
        "Steps",
        "2 if printed on both sides, else 1; HQs and artillery 1 (3.6)",
        1,
        2,
        Some(1),
    ),
    int(
        "attack_reduced",
        "Attack (reduced)",
        "attack strength of the reduced side",
        0,
        40,
        Some(0),
    ),
    int(
        "defense_reduced",
        "Defense (reduced)",
        "defense strength of the reduced side",
        0,
        40,
        Some(0),
    ),
    int(
        "er_reduced",
        "ER (reduced)",
        "Efficiency Rating of the reduced side",
        0,
        10,
        Some(0),
    ),
    flag(
        "no_zoc",
        "No ZOC (yellow band)",
        "the unit exerts no ZOC (3.23)",
    ),
    flag(
        "vehicle",
        "Vehicle silhouette",
        "may Overrun alone and makes a stack eligible (8.62a)",
    ),
    int(
        "command_points",
        "Command Points",
        "an HQ's or Leader's Command Points (15.1, 15.2)",
        0,
        2,
        Some(0),
    ),
    int(
        "command_range",
        "Command Range",
        "HQ 4, Voroshilov 4, von Manstein 8 (15.15, 15.25)",
        0,
        8,
        Some(0),
    ),
    flag(
        "arko",
        "Arko",
        "German artillery HQ: a second HQ for artillery coordination (16.3)",
    ),
    choice(
        "air",
        "Air type",
        "A (ground attack) or B (bomber) (2.23)",
        AIR_TYPES,
        Some("none"),
    ),
    int(
        "cas",
        "CAS DRM",
        "an air unit's CAS DRM, 1 or 2 (13.23)",
        0,
        2,
        Some(0),
    ),
];

const SIZES: &[Choice] = &[
    c("none", "None"),
    c("I", "Battery or company (I)"),
    c("II", "Battalion (II)"),
    c("III", "Regiment (III)"),
    c("X", "Brigade (X)"),
    c("XX", "Division (XX)"),
];

pub const UNIT: Schema = Schema {
    fields: UNIT_FIELDS,
};

const FORMATION_FIELDS: &[FieldDef] = &[
    int(
        "markers",
        "Activation Markers",
        "its AMs: 2 activates twice a turn; 0 for an Army's units, which have none (4.35, 4.38)",
        0,
        2,
        Some(1),
    ),
    int(
        "combination",
        "Combination Value",
        "added to the d10 when it combines with another formation (7.33c)",
        0,
        9,
        Some(0),
    ),
];

pub const FORMATION: Schema = Schema {
    fields: FORMATION_FIELDS,
};

const SUPPLY: &[Choice] = &[
    c("in", "In supply"),
    c("emergency", "Emergency Supply"),
    c("oos", "Out of supply"),
];

/// Where a Bridge unit's arrow points (16.21).
pub const ARROWS: &[Choice] = &[
    c("none", "No arrow"),
    c("N", "North"),
    c("NE", "North-east"),
    c("SE", "South-east"),
    c("S", "South"),
    c("SW", "South-west"),
    c("NW", "North-west"),
];

const PLACEMENT_FIELDS: &[FieldDef] = &[
    flag("reduced", "Reduced", "starts on its reduced side (4.13)"),
    flag(
        "fired",
        "Fired",
        "artillery starting on its Fired side (3.62)",
    ),
    flag(
        "spent",
        "Spent",
        "an HQ or Leader starting Spent (3.62, 15.32)",
    ),
    flag("disrupted", "Disrupted", "starts Disrupted (3.7)"),
    choice(
        "supply",
        "Supply",
        "its supply status at the start (6.1)",
        SUPPLY,
        Some("in"),
    ),
    choice(
        "arrow",
        "Arrow",
        "a Bridge unit's arrow: the hexside it bridges (16.21)",
        ARROWS,
        Some("none"),
    ),
];

pub const PLACEMENT: Schema = Schema {
    fields: PLACEMENT_FIELDS,
};

const MAP_SIDES: &[Choice] = &[c("soltsy", "Soltsy"), c("staraya_russa", "Staraya Russa")];

const INITIATIVE: &[Choice] = &[
    c("unset", "Not given"),
    c("german", "German"),
    c("soviet", "Soviet"),
];

const SCENARIO_FIELDS: &[FieldDef] = &[
    choice(
        "map_side",
        "Map side",
        "the side of the sheet the scenario is played on (2.1)",
        MAP_SIDES,
        None,
    ),
    int(
        "cas_german",
        "German CAS a turn",
        "offensive CAS missions a turn (13.24b1)",
        0,
        9,
        None,
    ),
    int(
        "cas_soviet",
        "Soviet CAS a turn",
        "offensive CAS missions a turn (13.24b1)",
        0,
        9,
        None,
    ),
    choice(
        "initiative_tie",
        "Turn-1 Initiative tie",
        "who wins an Initiative tie on turn 1 (7.12)",
        INITIATIVE,
        Some("unset"),
    ),
    flag(
        "activate_any",
        "Soviet \"Activate Any\" AM",
        "the Soviet side has the Activate Any Formation marker (4.37)",
    ),
    int(
        "strongpoint_markers",
        "Strongpoint markers",
        "the Strongpoint markers in the counter mix, the most on the map at once (2.24, \
         14.22); 0: not entered, not limited",
        0,
        99,
        Some(0),
    ),
    flag(
        "historical_weather",
        "Historical weather",
        "optional: the asterisked weather of each turn (5.11d)",
    ),
];

pub const SCENARIO: Schema = Schema {
    fields: SCENARIO_FIELDS,
};

const WEATHER: &[Choice] = &[c("dry", "Dry"), c("cloudy", "Cloudy"), c("rain", "Rain")];

const TURN_FIELDS: &[FieldDef] = &[
    int(
        "dry_to",
        "Dry on",
        "the Weather Box: a d10 from 1 to this is Dry (0: never) (5.11)",
        0,
        10,
        None,
    ),
    int(
        "cloudy_to",
        "Cloudy to",
        "above Dry and up to this is Cloudy; above it Rain (5.11)",
        0,
        10,
        None,
    ),
    choice(
        "historical",
        "Historical",
        "the weather the asterisk marks (5.11d)",
        WEATHER,
        None,
    ),
];

pub const TURN: Schema = Schema {
    fields: TURN_FIELDS,
};

/// The Air Display's boxes (13.11-13.12) and the Force Boxes (3.34).
pub const BOXES: &[Choice] = &[
    c("ready", "Air Display: Ready Box"),
    c("flown", "Air Display: Flown Box"),
    c("force", "A Force Box"),
];

/// Markers a scenario may place at the start.
pub const MARKERS: &[Choice] = &[
    c("strongpoint", "Strongpoint (14.1)"),
    c("sp_construction", "Strongpoint Under Construction (14.2)"),
];

pub const SCHEMAS: Schemas = Schemas {
    unit: UNIT,
    formation: FORMATION,
    placement: PLACEMENT,
    scenario: SCENARIO,
    turn: TURN,
    // No replacements in this rulebook (5.2): a scenario that gives some is refused (R16).
    replacement: Schema::EMPTY,
    boxes: BOXES,
    markers: MARKERS,
};
