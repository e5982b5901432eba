//! Roads to Leningrad (GMT Games, 2004): an operational game of Soltsy and Staraya Russa,
//! July-August 1941, with formation activation, two CRTs, ER checks and step losses.
//!
//! Sztab authors and checks its scenarios: the terrain vocabulary (rule booklet 2.1, 8.3),
//! the counter schema ([`schema`]), the charts as data (`assets/rtl/rtl.tables.ron`: the
//! tables the rules read, shaped by the booklet, with the few cells its text gives) and
//! the setup checks ([`checks`], docs/rtl/setup-checks.md), and plays them: the rules
//! engine ([`engine`]: the game as pure functions, its readings in docs/rtl/rules.md) on
//! the seam's game loop, with a heuristic and a random bot, and `sztab odds`.

mod card;
pub mod checks;
pub mod engine;
mod face;
pub mod schema;

use std::sync::Arc;

use sztab_core::model::described::{Bundle, Schemas};
use sztab_core::model::{Problem, Schema};
use sztab_seam::fields::term;
use sztab_seam::play::shared;
use sztab_seam::{
    BotInfo, BundleRef, Engine, MatchError, OddsQuery, Playable, RuleSystem, Term, TermClass,
};

/// The Roads to Leningrad system.
pub struct Rtl;

const VOCABULARY: &[Term] = &[
    term(TermClass::Terrain, "clear", "1 MP (8.31a)", true),
    term(
        TermClass::Terrain,
        "marsh",
        "2 MP for NM (8.31a); a Supply Line through it is limited to 5 hexes (6.21)",
        true,
    ),
    term(
        TermClass::Terrain,
        "swamp",
        "NM: the entire MA; MOT/HE only along a road, railroad or trail (8.37); Assault CRT (10.32)",
        true,
    ),
    term(
        TermClass::Terrain,
        "rough",
        "2 MP; MOT/HE 3 in Rain (8.34a, 8.41)",
        true,
    ),
    term(
        TermClass::Feature,
        "woods",
        "an overlay: +1 MP on top of the other terrain (8.34a)",
        true,
    ),
    term(
        TermClass::Feature,
        "hill",
        "Assault CRT against it (10.32)",
        true,
    ),
    term(
        TermClass::Feature,
        "town",
        "Assault CRT, no Overrun, no Combined Arms Bonus (10.32, 8.64c, 10.61f5)",
        true,
    ),
    term(
        TermClass::Hexside,
        "stream",
        "adds MP unless crossed along a road at a bridge (8.36a)",
        true,
    ),
    term(
        TermClass::Hexside,
        "river",
        "vehicles and HE cross only at a bridge; attack across halved (8.36c, 10.25)",
        true,
    ),
    term(
        TermClass::Hexside,
        "lake",
        "blocks Supply Lines (6.21b)",
        true,
    ),
    term(
        TermClass::Hexside,
        "bridge",
        "a printed bridge: a road, railroad or trail crosses the water at no cost (8.36b)",
        true,
    ),
    term(
        TermClass::Link,
        "main_road",
        "road movement along it (8.33); a Supply Road (6.22)",
        true,
    ),
    term(
        TermClass::Link,
        "minor_road",
        "road movement along it (8.33); a Supply Road (6.22)",
        true,
    ),
    term(
        TermClass::Link,
        "trail",
        "½ MP in clear, else 1; ignored in Rain (8.33, 8.42)",
        true,
    ),
    term(
        TermClass::Link,
        "railroad",
        "a road where it is cheaper; no rail movement (8.35)",
        true,
    ),
];

const BOTS: &[BotInfo] = &[
    BotInfo {
        kind: "heuristic",
        label: "Heuristic (plays for the victory points by the CRT's odds)",
        strengths: Some(engine::heuristic::STRENGTHS),
        default_strength: engine::heuristic::DEFAULT_STRENGTH,
    },
    BotInfo {
        kind: "random",
        label: "Random (a random legal action)",
        strengths: None,
        default_strength: 0,
    },
];

impl RuleSystem for Rtl {
    fn id(&self) -> &'static str {
        "rtl"
    }

    fn name(&self) -> &'static str {
        "Roads to Leningrad"
    }

    fn about(&self) -> &'static str {
        "GMT's operational game of Soltsy and Staraya Russa, 1941: formation activation, Mobile and Assault CRTs, ER checks, step losses (authoring, setup checks, an engine, odds, and heuristic and random bots)"
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

    /// HQs and Leaders print Spent on the back, artillery Fired, two-step units their
    /// reduced values (3.6, 3.62; docs/rtl/counters.md C9).
    fn back_state(
        &self,
        unit: &sztab_core::model::described::Unit,
    ) -> Option<sztab_core::model::Attrs> {
        face::back_state(unit)
    }

    /// The player-aid markers of 2.2 and the sequence of play.
    fn markers(&self) -> &'static [(&'static str, u8)] {
        &[
            ("Turn", 1),
            ("Out of Supply", 8),
            ("Emergency Supply", 8),
            ("First Activation", 2),
            ("Final Activation", 2),
            ("Declared Attack", 6),
            ("No Retreat", 4),
            ("Disrupted", 6),
            ("Strongpoint", 4),
            ("KG", 3),
            ("BG", 3),
            ("CAS Missions", 2),
        ]
    }

    fn schemas(&self) -> Schemas {
        schema::SCHEMAS
    }

    fn blank_tables(&self) -> Option<&'static str> {
        Some(include_str!("../../../assets/rtl/rtl.tables.ron"))
    }

    fn setup_checks(&self, bundle: BundleRef<'_>) -> Vec<Problem> {
        match bundle.described() {
            Some(b) => checks::check(b),
            None => vec![Problem::error("Y01", "not a Roads to Leningrad scenario")],
        }
    }

    fn card_sections(&self, bundle: &Bundle) -> Vec<(String, String)> {
        card::sections(bundle)
    }

    /// A combat result reads as the engine reads it (`engine::crt`): "A1 DR", "DR*", "—".
    fn read_cell(
        &self,
        table: &sztab_core::model::tables::Table,
        cell: &sztab_core::model::tables::cell::Parsed,
    ) -> Result<(), String> {
        if table.vocabulary != "crt" {
            return Ok(());
        }
        cell.parts
            .iter()
            .try_for_each(|p| engine::crt::CrtResult::read(p).map(|_| ()))
    }

    fn bots(&self) -> &'static [BotInfo] {
        BOTS
    }

    fn engine(&self) -> Option<&dyn Engine> {
        Some(self)
    }
}

impl Engine for Rtl {
    /// The setup checks' errors and what the engine cannot compile refuse the scenario.
    fn compile(&self, bundle: BundleRef<'_>) -> Result<Arc<dyn Playable>, MatchError> {
        let b = bundle
            .described()
            .ok_or_else(|| MatchError::BadRequest("not a Roads to Leningrad scenario".into()))?;
        sztab_seam::refuse_errors(&checks::check(b))?;
        let rules = engine::compile(b).map_err(MatchError::Refused)?;
        Ok(shared(engine::play::Compiled(Arc::new(rules))))
    }

    /// One attack in the setup position, fully broken down (`engine::odds`).
    fn odds(&self, bundle: BundleRef<'_>, query: &OddsQuery) -> Result<String, MatchError> {
        engine::odds::odds(bundle, query)
    }
}
