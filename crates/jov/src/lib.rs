//! The Jaws of Victory (New England Simulations, 2019): Korsun-Cherkassy, January-
//! February 1944, with day turns, multi-step units on strength chits, supply points,
//! column shifts from artillery, air, combined arms and armor superiority, and a 2d6 CRT
//! with breakthrough results.
//!
//! Sztab authors and checks its scenarios: the terrain vocabulary (rules 9.2, 10.6, 12.5,
//! 15.2, 18.6), the counter schema ([`schema`]), the charts as data
//! (`assets/jov/jov.tables.ron`: the tables the rules read, shaped by the rulebook, with
//! the few cells its text gives) and the setup checks ([`checks`],
//! docs/jov/setup-checks.md) and plays them: the rules engine ([`engine`], its readings in
//! docs/jov/rules.md) through the seam's game loop, with a random bot.

mod card;
pub mod checks;
pub mod engine;
mod face;
pub mod schema;

use std::sync::Arc;

use sztab_core::model::described::{Bundle, Schemas};
use sztab_core::model::{Problem, Schema};
use sztab_seam::fields::term;
use sztab_seam::{
    BotInfo, BundleRef, Engine, MatchError, OddsQuery, Playable, RuleSystem, Term, TermClass,
};

const BOTS: &[BotInfo] = &[BotInfo {
    kind: "random",
    label: "Random",
    strengths: None,
    default_strength: 1,
}];

/// The Jaws of Victory system.
pub struct Jov;

const VOCABULARY: &[Term] = &[
    term(
        TermClass::Terrain,
        "clear",
        "no defence bonus; IPs, minefields and barrage units only here (12.5.2, 15.1, 15.3)",
        true,
    ),
    term(
        TermClass::Terrain,
        "woods",
        "armor attacking in halved; infantry types +2 a hex (12.5.2)",
        true,
    ),
    term(
        TermClass::Terrain,
        "forest",
        "stacking 2; no ZOC into it; armor halved; no combined arms (11.0, 10.6.1, 12.7)",
        true,
    ),
    term(
        TermClass::Terrain,
        "town",
        "no ZOC into it; armor halved; combined arms at most 1 (10.6.1, 12.5.2, 12.7)",
        true,
    ),
    term(
        TermClass::Feature,
        "village",
        "in clear: infantry types +2 a hex (12.5.2)",
        true,
    ),
    term(
        TermClass::Feature,
        "hilltop",
        "a column shift to the side on the hilltop (12.5.2)",
        true,
    ),
    term(
        TermClass::Feature,
        "rail_terminal",
        "the end of rail movement; a German supply source (9.5, 13.1.1)",
        true,
    ),
    term(
        TermClass::Feature,
        "airfield",
        "Korsun's airfield (14.5.2)",
        false,
    ),
    term(
        TermClass::Hexside,
        "river",
        "unbridged: infantry types cross with their whole MA, armor only at a ford; attack across halved (9.2.1, 12.5.2)",
        true,
    ),
    term(
        TermClass::Hexside,
        "fordable_river",
        "a river where fords may be found (18.6)",
        false,
    ),
    term(
        TermClass::Hexside,
        "stream",
        "attack across halved; advance stops (12.5.2, 12.16.2)",
        true,
    ),
    term(
        TermClass::Hexside,
        "swamp",
        "armor attacking across halved; no armor or motorized advance or retreat but by road (12.5.2, 12.16.5)",
        true,
    ),
    term(
        TermClass::Hexside,
        "lake",
        "never crossed; no attack or ZOC across it (9.2.3, 10.6.3)",
        true,
    ),
    term(
        TermClass::Hexside,
        "dnepr",
        "the map edge: not playable (10.6.3)",
        false,
    ),
    term(
        TermClass::Hexside,
        "bridge",
        "a printed bridge; one is implied wherever a road crosses a stream or river (15.2)",
        true,
    ),
    term(
        TermClass::Hexside,
        "rail_bridge",
        "a railroad bridge: +2 to destroy, never repaired (15.2.1-15.2.2)",
        true,
    ),
    term(
        TermClass::Link,
        "primary_road",
        "road movement; its bridges do not collapse (9.2.2, 18.3)",
        true,
    ),
    term(
        TermClass::Link,
        "secondary_road",
        "road movement; SDMs stand on roads (9.2.2, 13.2.1)",
        true,
    ),
    term(TermClass::Link, "trail", "road movement (9.2.2)", true),
    term(
        TermClass::Link,
        "railroad",
        "a road for tactical movement; German rail movement and rail supply (9.2.2, 9.5, 13.1.1)",
        true,
    ),
];

impl RuleSystem for Jov {
    fn id(&self) -> &'static str {
        "jov"
    }

    fn name(&self) -> &'static str {
        "The Jaws of Victory"
    }

    fn about(&self) -> &'static str {
        "NES's Korsun-Cherkassy 1944: day turns, multi-step units, supply points, column shifts and a 2d6 CRT with breakthroughs (authoring, setup checks, an engine and a random bot)"
    }

    fn sides(&self) -> &'static [(&'static str, &'static str)] {
        &[("german", "German"), ("soviet", "Soviet")]
    }

    fn vocabulary(&self) -> &'static [Term] {
        VOCABULARY
    }

    fn unit_schema(&self) -> Schema {
        schema::UNIT
    }

    /// Its counters as printed (`face.rs`).
    fn counter_face(
        &self,
        counters: &sztab_core::model::described::Counters,
        unit: &sztab_core::model::described::Unit,
        state: &sztab_core::model::Attrs,
    ) -> sztab_core::render::counter::CounterFace {
        face::face(counters, unit, state)
    }

    /// Artillery prints its fired, reduced-ammunition side on the back (12.10), a two-step
    /// unit without a strength chit its one-step side (docs/jov/counters.md C8).
    fn back_state(
        &self,
        unit: &sztab_core::model::described::Unit,
    ) -> Option<sztab_core::model::Attrs> {
        face::back_state(unit)
    }

    /// The markers the rules of play place.
    fn markers(&self) -> &'static [(&'static str, u8)] {
        &[
            ("Turn", 1),
            ("OOS 1", 8),
            ("OOS 2", 8),
            ("Disorganized", 8),
            ("Regroup", 6),
            ("Reserve", 6),
            ("Breakthrough", 6),
            ("Out of Ammo", 4),
            ("Barrage Effects", 4),
            ("Minefield", 6),
            ("Bridge Destroyed", 4),
            ("Supply Determination", 4),
        ]
    }

    fn schemas(&self) -> Schemas {
        schema::SCHEMAS
    }

    fn blank_tables(&self) -> Option<&'static str> {
        Some(include_str!("../../../assets/jov/jov.tables.ron"))
    }

    fn setup_checks(&self, bundle: BundleRef<'_>) -> Vec<Problem> {
        match bundle.described() {
            Some(b) => checks::check(b),
            None => vec![Problem::error("Y01", "not a Jaws of Victory scenario")],
        }
    }

    fn bots(&self) -> &'static [BotInfo] {
        BOTS
    }

    fn engine(&self) -> Option<&dyn Engine> {
        Some(self)
    }

    fn card_sections(&self, bundle: &Bundle) -> Vec<(String, String)> {
        card::sections(bundle)
    }
}

impl Engine for Jov {
    /// The setup checks' errors refuse the scenario, then the engine compiles it (a chart
    /// cell the game reads left empty refuses it too).
    fn compile(&self, bundle: BundleRef<'_>) -> Result<Arc<dyn Playable>, MatchError> {
        let b = bundle
            .described()
            .ok_or_else(|| MatchError::BadRequest("not a Jaws of Victory scenario".into()))?;
        sztab_seam::refuse_errors(&checks::check(b))?;
        let rules = engine::compile(b).map_err(MatchError::Refused)?;
        Ok(sztab_seam::play::shared(engine::play::Compiled(Arc::new(
            rules,
        ))))
    }

    fn odds(&self, _: BundleRef<'_>, _: &OddsQuery) -> Result<String, MatchError> {
        Err(MatchError::Unsupported(
            "The Jaws of Victory gives no odds yet".into(),
        ))
    }
}
