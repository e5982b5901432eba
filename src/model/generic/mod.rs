//! The schema-driven counter sets and scenarios of the rule systems after WB-95.
//!
//! WB-95's files (`model::Counters`, `model::Scenario`) are typed field by field, because
//! they came first. Every later system writes the same shapes with the system's own fields
//! as attributes checked against its schemas ([`Schemas`]): counters with nations,
//! formations and units, scenarios with sides, a turn track, set-up placements, arrivals
//! and departures, victory conditions and the system's own switches. The editor, the CLI
//! and the balance lab handle these files for every such system without knowing it.

mod bundle;
mod check;
mod counters;
mod scenario;

pub use bundle::Bundle;
pub use check::{check_counters, check_scenario};
pub use counters::{Counters, Formation, Nation, Unit};
pub use scenario::{Arrival, Condition, Departure, Level, Placement, Scenario, Side, Victory};

use super::attrs::Schema;

/// The schemas a system gives its generic files.
#[derive(Clone, Copy, Debug)]
pub struct Schemas {
    /// A unit counter's values.
    pub unit: Schema,
    /// What a set-up placement may add (a unit starting dispersed, hidden...).
    pub placement: Schema,
    /// The scenario's own switches and values.
    pub scenario: Schema,
}

impl Schemas {
    pub const EMPTY: Schemas = Schemas {
        unit: Schema::EMPTY,
        placement: Schema::EMPTY,
        scenario: Schema::EMPTY,
    };
}
