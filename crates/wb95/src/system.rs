//! WB-95 behind the seam: its vocabulary, counter schema, loading, setup checks, bots
//! and games, as the shell asks for them.

use std::path::Path;
use std::sync::Arc;

use super::play::Compiled;
use super::prepared::Prepared;
use super::{Game, setup_check};
use sztab_core::model::attrs::{Choice, FieldDef, FieldKind, Lit};
use sztab_core::model::{Bundle, LoadError, Problem, Schema, Source, TerrainCatalogue};
use sztab_seam::{
    AnyBundle, BotInfo, BundleRef, Engine, MatchError, Playable, RuleSystem, Term, TermClass,
};

/// WB-95, the Taktyka i Strategia system of "Kursk 1943".
pub struct Wb95;

const VOCABULARY: &[Term] = &[
    Term {
        class: TermClass::Terrain,
        id: "(any)",
        meaning: "base terrain with a movement cost per class (trucked, mechanized, foot, HQ) and a defender CM",
        required: false,
    },
    Term {
        class: TermClass::Feature,
        id: "(any)",
        meaning: "forest, town, city, swamp...: adds or sets a cost and a CM; `urban` ones are town hexes",
        required: false,
    },
    Term {
        class: TermClass::Hexside,
        id: "role Water",
        meaning: "stream or river: crossing cost and CM, bridged by roads",
        required: false,
    },
    Term {
        class: TermClass::Hexside,
        id: "role BigRiver",
        meaning: "big river: no ZoC across, retreat by bridge only, attack across halved",
        required: false,
    },
    Term {
        class: TermClass::Hexside,
        id: "role FixedPosition",
        meaning: "Fixed Position line with a front (R7.2)",
        required: false,
    },
    Term {
        class: TermClass::Hexside,
        id: "role FortifiedLine",
        meaning: "Soviet Fortified Line with a front (R19)",
        required: false,
    },
    Term {
        class: TermClass::Link,
        id: "(any)",
        meaning: "road: a cost per hex along it that replaces terrain and hexsides",
        required: false,
    },
];

const KINDS: &[Choice] = &[
    Choice {
        value: "Infantry",
        label: "Infantry",
    },
    Choice {
        value: "MotorizedInfantry",
        label: "Motorized infantry",
    },
    Choice {
        value: "Mechanized",
        label: "Mechanized",
    },
    Choice {
        value: "Armored",
        label: "Armored",
    },
    Choice {
        value: "Cavalry",
        label: "Cavalry",
    },
    Choice {
        value: "Airborne",
        label: "Airborne",
    },
    Choice {
        value: "Artillery",
        label: "Artillery",
    },
    Choice {
        value: "AntiTank",
        label: "Anti-tank",
    },
    Choice {
        value: "AssaultGun",
        label: "Assault gun",
    },
    Choice {
        value: "AntiAircraft",
        label: "Anti-aircraft",
    },
    Choice {
        value: "Recon",
        label: "Recon",
    },
    Choice {
        value: "Engineer",
        label: "Engineer",
    },
    Choice {
        value: "Headquarters",
        label: "Headquarters",
    },
    Choice {
        value: "Fortification",
        label: "Fortification unit (FU)",
    },
    Choice {
        value: "Resilience",
        label: "Resilience group (RG)",
    },
    Choice {
        value: "Volkssturm",
        label: "Volkssturm (VS)",
    },
];

const SIZES: &[Choice] = &[
    Choice {
        value: "Company",
        label: "I",
    },
    Choice {
        value: "Battalion",
        label: "II",
    },
    Choice {
        value: "Regiment",
        label: "III",
    },
    Choice {
        value: "Brigade",
        label: "X",
    },
    Choice {
        value: "Division",
        label: "XX",
    },
    Choice {
        value: "Corps",
        label: "XXX",
    },
    Choice {
        value: "Army",
        label: "XXXX",
    },
];

const MOVEMENT: &[Choice] = &[
    Choice {
        value: "Trucked",
        label: "Trucked",
    },
    Choice {
        value: "Mechanized",
        label: "Mechanized",
    },
    Choice {
        value: "Foot",
        label: "Foot",
    },
    Choice {
        value: "Static",
        label: "Static",
    },
];

/// WB-95's counters are typed (`model::UnitDef`); this schema describes the same
/// fields for `sztab systems` and the documentation.
const UNIT_FIELDS: &[FieldDef] = &[
    FieldDef {
        key: "kind",
        label: "Type",
        help: "the type symbol",
        kind: FieldKind::Choice(KINDS),
        default: None,
    },
    FieldDef {
        key: "size",
        label: "Size",
        help: "the size symbol",
        kind: FieldKind::Choice(SIZES),
        default: None,
    },
    FieldDef {
        key: "movement",
        label: "Movement class",
        help: "the column of the terrain table it moves by",
        kind: FieldKind::Choice(MOVEMENT),
        default: None,
    },
    FieldDef {
        key: "sp",
        label: "SP",
        help: "strength points; for artillery its attack value",
        kind: FieldKind::Int { min: 0, max: 99 },
        default: None,
    },
    FieldDef {
        key: "defense",
        label: "Defense",
        help: "artillery defense value, when it differs from SP",
        kind: FieldKind::Int { min: 0, max: 99 },
        default: None,
    },
    FieldDef {
        key: "mp",
        label: "MP",
        help: "movement points, exact: 6, 1.5 or \"1/3\"",
        kind: FieldKind::Text { max_len: 8 },
        default: None,
    },
    FieldDef {
        key: "cel",
        label: "CEL",
        help: "combat efficiency levels: 2 for a counter with a reduced back",
        kind: FieldKind::Int { min: 1, max: 2 },
        default: None,
    },
    FieldDef {
        key: "reduced",
        label: "Reduced side",
        help: "SP, defense and MP of the back",
        kind: FieldKind::Text { max_len: 20 },
        default: Some(Lit::Text("")),
    },
    FieldDef {
        key: "stars",
        label: "Stars",
        help: "black, white, yellow or blue stars (R15.1)",
        kind: FieldKind::Text { max_len: 20 },
        default: Some(Lit::Text("")),
    },
    FieldDef {
        key: "flags",
        label: "Flags",
        help: "SS, Guards, towed, self-propelled, volksgrenadier, armored car, Panther, Ferdinand",
        kind: FieldKind::Text { max_len: 80 },
        default: Some(Lit::Text("")),
    },
];

const BOTS: &[BotInfo] = &[
    BotInfo {
        kind: "heuristic",
        label: "Heuristic",
        strengths: Some((
            super::ai::heuristic::MIN_STRENGTH,
            super::ai::heuristic::MAX_STRENGTH,
        )),
        default_strength: super::ai::heuristic::DEFAULT_STRENGTH,
    },
    BotInfo {
        kind: "search",
        label: "Search (rollouts over the heuristic)",
        strengths: Some((
            super::ai::heuristic::MIN_STRENGTH,
            super::ai::heuristic::MAX_STRENGTH,
        )),
        default_strength: super::ai::heuristic::DEFAULT_STRENGTH,
    },
    BotInfo {
        kind: "random",
        label: "Random",
        strengths: None,
        default_strength: super::ai::heuristic::DEFAULT_STRENGTH,
    },
];

impl RuleSystem for Wb95 {
    fn id(&self) -> &'static str {
        "wb95"
    }

    fn name(&self) -> &'static str {
        "WB-95"
    }

    fn about(&self) -> &'static str {
        "Taktyka i Strategia's operational WWII system (Kursk 1943): divisions and regiments, one day a turn, CEL step losses, ZoC, supply, artillery, air"
    }

    fn vocabulary(&self) -> &'static [Term] {
        VOCABULARY
    }

    fn unit_schema(&self) -> Schema {
        Schema {
            fields: UNIT_FIELDS,
        }
    }

    /// The auxiliary markers of R1.2 (units' backs are their reduced sides).
    fn markers(&self) -> &'static [(&'static str, u8)] {
        &[
            ("Turn", 1),
            ("FF", 12),
            ("OoS 1", 8),
            ("OoS 2", 8),
            ("Disorganized", 8),
            ("Strategic Movement", 6),
            ("Masking", 4),
            ("Repair", 2),
            ("Bridge Destroyed", 4),
        ]
    }

    fn check_catalogue(&self, cat: &TerrainCatalogue, source: &Source) -> Vec<Problem> {
        catalogue_costs(cat, source)
    }

    fn load(&self, path: &Path) -> Result<(AnyBundle, Vec<Problem>), LoadError> {
        let (b, p) = Bundle::load(path)?;
        Ok((AnyBundle::Wb95(Box::new(b)), p))
    }

    /// WB-95's counter set is its own typed file.
    fn check_counters(&self, source: &Source) -> Result<Vec<Problem>, LoadError> {
        let c: sztab_core::model::Counters = sztab_core::model::io::parse(source)?;
        Ok(sztab_core::model::check::check_counters(&c, source))
    }

    fn setup_checks(&self, bundle: BundleRef<'_>) -> Vec<Problem> {
        match bundle.wb95() {
            Some(b) => setup_check::check(b, &Prepared::new(b)),
            None => vec![wrong_family()],
        }
    }

    fn bots(&self) -> &'static [BotInfo] {
        BOTS
    }

    /// Supply sources (R10.1.4) and initial control (R4.3.1, A-68) are WB-95's.
    fn has_part(&self, part: sztab_seam::ScenarioPart) -> bool {
        use sztab_seam::ScenarioPart::*;
        matches!(part, SupplySources | InitialControl)
    }

    fn engine(&self) -> Option<&dyn Engine> {
        Some(self)
    }
}

impl Engine for Wb95 {
    fn compile(&self, bundle: BundleRef<'_>) -> Result<Arc<dyn Playable>, MatchError> {
        let b = bundle
            .wb95()
            .ok_or_else(|| MatchError::BadRequest("not a WB-95 scenario".into()))?;
        // Game::new runs the file and setup checks and refuses errors; its compiled
        // scenario is then shared by every game.
        let game = Game::new(b, 0)?;
        Ok(Arc::new(Compiled(game.prepared().clone())))
    }

    fn odds(
        &self,
        bundle: BundleRef<'_>,
        query: &sztab_seam::OddsQuery,
    ) -> Result<String, MatchError> {
        match bundle.wb95() {
            Some(b) => super::setup_odds::odds(b, query),
            None => Err(MatchError::BadRequest("not a WB-95 scenario".into())),
        }
    }
}

fn wrong_family() -> Problem {
    Problem::error(
        "Y01",
        "a WB-95 check was asked of a scenario of another system",
    )
}

/// A WB-95 catalogue gives every entry its movement costs and the edition's field
/// fortification values: the terrain effects chart is the catalogue's data.
fn catalogue_costs(cat: &TerrainCatalogue, source: &Source) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut missing = |what: String| {
        let mut p = Problem::error(
            "C02",
            format!("{what}: a WB-95 catalogue gives it (the terrain effects chart)"),
        );
        if !source.path.as_os_str().is_empty() {
            p = p.at(source.path.clone(), source.find(&what_id(&what)));
        }
        out.push(p);
    };
    for t in cat.terrain.iter().filter(|t| t.movement.is_none()) {
        missing(format!("terrain \"{}\" has no movement costs", t.id));
    }
    for f in cat.features.iter().filter(|f| f.movement.is_none()) {
        missing(format!("feature \"{}\" has no movement costs", f.id));
    }
    for h in cat.hexsides.iter().filter(|h| h.crossing.is_none()) {
        missing(format!("hexside \"{}\" has no crossing costs", h.id));
    }
    for r in cat.roads.iter().filter(|r| r.movement.is_none()) {
        missing(format!("road \"{}\" has no movement costs", r.id));
    }
    if cat.field_fortification.is_none() {
        missing("the catalogue has no field_fortification values".into());
    }
    for h in cat
        .hexsides
        .iter()
        .filter(|h| h.role == sztab_core::model::HexsideRole::Crossing)
    {
        let mut p = Problem::error(
            "C03",
            format!(
                "hexside \"{}\" is a Crossing: WB-95 has none, a road over water is its bridge (R14.1.2)",
                h.id
            ),
        );
        if !source.path.as_os_str().is_empty() {
            p = p.at(source.path.clone(), source.find(h.id.as_str()));
        }
        out.push(p);
    }
    out
}

/// The quoted id in a message, to locate it in the file.
fn what_id(what: &str) -> String {
    what.split('"').nth(1).unwrap_or("").to_owned()
}

/// A compiled WB-95 scenario as the seam's [`Playable`] (for the balance runner).
pub fn playable(prepared: Arc<Prepared>) -> Arc<dyn Playable> {
    Arc::new(Compiled(prepared))
}
