//! PanzerBlitz (Avalon Hill, 1970): tactical armored warfare on the Eastern Front,
//! German platoons against Russian companies on three geomorphic board sections.
//!
//! The rules are cited by the seed rulebook's section titles and letters ("Stacking B",
//! "Transporting Units F", "Special Notes A", "Gully Rules A"), since the printed rules
//! number nothing else; tests name them the same way (`stacking_b_...`).
//!
//! # Terrain: what a map of this system holds
//!
//! The printed game's terrain, modelled as printed (a hex with woods is a woods hex):
//!
//! * **terrain** (`HexCell.t`, one a hex, the ground cover): `clear`, `woods`, `town`,
//!   `swamp`, `water` (the one hex of board 3 wholly covered by the pond). A hex with
//!   woods and a town is a `town` hex (the town's effects include the woods').
//! * **elevation** (`HexCell.e`): `0` ground level, `1` slope, `2` hilltop — the three
//!   levels of the Target Elevation Table and the Terrain Effects Chart's slope and
//!   hilltop rows. A hex without `e` is at ground level. The board 2 plateau's inner
//!   hexes are hilltops (Special Notes I) although no orange symbol borders them.
//! * **features**: `gully` (a gully or streambed hex, a depression below ground level;
//!   the Gully Rules treat it as ground level for the TET), `ford` (a stream ford: clear
//!   for all purposes). A hex where a road crosses a gully is clear: it has the stream
//!   link but no `gully` feature.
//! * **hexsides**: the coloured "heavy hex-side" symbols `green` (woods), `grey` (town),
//!   `brown` (slope curve or ridge spine), `orange` (hilltop edge), and `pond` (the
//!   pond's shore, impassable).
//! * **links** (through hexsides, `Map.roads`): `road`, and `stream` — the course of a
//!   gully, so "moving along the gully" is moving along a `stream` link.
//!
//! # Counters (unit attributes)
//!
//! | key | meaning |
//! |---|---|
//! | `pic` | the Program Identity Code (`951`); the unit id is nation letter + PIC (`G/951`) |
//! | `type` | `infantry`, `engineer`, `cavalry`, `cp`, `gun` (towed gun, howitzer, mortar), `tank`, `tank_destroyer`, `sp_gun`, `spa`, `armored_car`, `halftrack`, `truck`, `wagon`, `fort`, `mines`, `block`, `wreck` |
//! | `attack`, `class`, `range`, `defense`, `movement` | AF, weapon class (`A`, `H`, `M`, `I`, `-` none), RF, DF, MF as printed |
//! | `guards` | Russian Guards infantry (experimental indirect fire) |
//! | `no_intensive` | may not fire intensively (the Maultier) |
//! | `supplement` | a counter a situation needs beyond the printed counter sheets |
//!
//! What the rules derive from `type` ([`schema::UnitType`]): vehicle (silhouette),
//! armored (every vehicle but wagons and trucks, and fortifications), "C" carrier
//! (wagon, truck, halftrack), may carry (C carriers and armored vehicles), may ride
//! (non-vehicle units but cavalry), may close-assault (infantry, engineers, cavalry),
//! counts for stacking (all but mines and fortifications), leaves a wreck (armored
//! vehicles). The class letter is printed "A" for armor piercing: there is no separate AP
//! class. Indirect fire: `spa` and class `M`. The nation gives the stacking limit:
//! `german` 3, `russian` 2.
//!
//! # Set-up placements (`state`)
//!
//! `dispersed` (starts face down), `aboard` (the id of its carrier in the same hex),
//! `on_top` (on top of, not in, the fortification of its hex), `hidden` (Hidden
//! Deployment). Minefields, blocks and fortifications are counters set up like units.
//!
//! # Scenario switches (`rules`)
//!
//! `sets_up_first` (a side id; empty: the side that does not move first — the
//! scenario's `first` moves first), and the optional and experimental rules of the seed:
//! `indirect_fire`, `real_space_los`, `ammunition`, `panzerblitz_assault`,
//! `hidden_deployment`, `experimental_indirect_fire`, `impulse_movement`. The number of
//! turns is the scenario's `turns`.
//!
//! The rules engine (movement, fire, LOS, combat, bots) is in `engine/`; the editor's
//! line-of-sight probe and hex view, which trace with the engine's LOS, in `probe.rs`.

mod checks;
pub mod engine;
mod face;
mod probe;
pub mod schema;

use std::sync::Arc;

use sztab_core::hex::HexId;
use sztab_core::model::Map;
use sztab_core::model::described::Schemas;
use sztab_core::model::{Problem, Schema};
use sztab_seam::{
    BotInfo, BundleRef, Engine, MatchError, OddsQuery, Playable, ProbeInfo, ProbeReport,
    RuleSystem, Term,
};

/// The PanzerBlitz system.
pub struct PanzerBlitz;

impl RuleSystem for PanzerBlitz {
    fn id(&self) -> &'static str {
        "panzerblitz"
    }

    fn name(&self) -> &'static str {
        "PanzerBlitz"
    }

    fn about(&self) -> &'static str {
        "Avalon Hill's tactical armored game of the Eastern Front (1970): platoons and companies, ranged fire along lines of sight over geomorphic boards"
    }

    fn sides(&self) -> &'static [(&'static str, &'static str)] {
        &[("german", "German"), ("russian", "Russian")]
    }

    fn vocabulary(&self) -> &'static [Term] {
        schema::VOCABULARY
    }

    fn unit_schema(&self) -> Schema {
        schema::UNIT_SCHEMA
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

    /// A dispersed unit is turned face down, onto its blank back: no marker needed.
    fn markers(&self) -> &'static [(&'static str, u8)] {
        &[("Turn", 1)]
    }

    fn schemas(&self) -> Schemas {
        Schemas {
            unit: schema::UNIT_SCHEMA,
            placement: schema::PLACEMENT_SCHEMA,
            scenario: schema::RULES_SCHEMA,
            ..Schemas::EMPTY
        }
    }

    fn setup_checks(&self, bundle: BundleRef<'_>) -> Vec<Problem> {
        match bundle.described() {
            Some(b) => checks::check(b),
            None => vec![Problem::error("Y01", "not a PanzerBlitz scenario")],
        }
    }

    fn bots(&self) -> &'static [BotInfo] {
        engine::bots::BOTS
    }

    fn engine(&self) -> Option<&dyn Engine> {
        Some(self)
    }

    fn probes(&self) -> &'static [ProbeInfo] {
        probe::PROBES
    }

    fn probe(&self, id: &str, map: &Map, hexes: &[HexId]) -> Result<ProbeReport, String> {
        probe::probe(id, map, hexes)
    }
}

impl Engine for PanzerBlitz {
    fn compile(&self, bundle: BundleRef<'_>) -> Result<Arc<dyn Playable>, MatchError> {
        sztab_seam::refuse_errors(&self.setup_checks(bundle))?;
        Ok(Arc::new(engine::play::Compiled::of(bundle)?))
    }

    fn odds(&self, bundle: BundleRef<'_>, query: &OddsQuery) -> Result<String, MatchError> {
        engine::odds::odds(bundle, query)
    }
}
