//! The counter sets and scenarios *described* by their system's schemas: the files of every
//! rule system after WB-95.
//!
//! WB-95's files (`model::Counters`, `model::Scenario`) are typed field by field, because
//! they came first. Every later system writes the same shapes with the system's own fields
//! as attributes checked against its schemas ([`Schemas`]): counters with nations,
//! formations and units, scenarios with sides, a turn track, set-up placements (on the
//! map and in off-map boxes) and markers, arrivals, departures and replacements, supply
//! sources, victory conditions with points, the charts file, and the system's own
//! switches. The editor, the CLI and the balance lab handle these files for every such
//! system without knowing it.

mod bundle;
mod check;
mod check_data;
mod counters;
mod describe;
mod locate;
mod points;
mod scenario;
mod track;

pub use bundle::Bundle;
pub use check::{check_counters, check_scenario};
pub use counters::{Counters, Formation, IdIndex, Nation, Unit};
pub use describe::describe;
pub use locate::anchor_of;
pub use points::{Points, Scoring};
pub use scenario::{
    Arrival, Condition, Departure, Level, Marker, OffMap, Placement, Scenario, Side, Supply,
    Victory,
};
pub use track::{Replacement, TurnRecord};

use super::attrs::{Choice, Schema};

/// The schemas a system gives its described files.
#[derive(Clone, Copy, Debug)]
pub struct Schemas {
    /// A unit counter's values.
    pub unit: Schema,
    /// A formation's values (its level in the order of battle, its activation markers).
    pub formation: Schema,
    /// What a set-up placement may add (a unit starting dispersed, hidden...).
    pub placement: Schema,
    /// The scenario's own switches and values.
    pub scenario: Schema,
    /// A box of the turn record track (its weather box, ground condition modifier).
    pub turn: Schema,
    /// The kinds of replacement points a side receives.
    pub replacement: Schema,
    /// The boxes off the map a unit can start in.
    pub boxes: &'static [Choice],
    /// The markers a hex can start with.
    pub markers: &'static [Choice],
}

impl Schemas {
    pub const EMPTY: Schemas = Schemas {
        unit: Schema::EMPTY,
        formation: Schema::EMPTY,
        placement: Schema::EMPTY,
        scenario: Schema::EMPTY,
        turn: Schema::EMPTY,
        replacement: Schema::EMPTY,
        boxes: &[],
        markers: &[],
    };
}
