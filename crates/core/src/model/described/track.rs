//! What a described scenario gives turn by turn besides arrivals and departures: the turn
//! record track's boxes (a date, a weather box, a ground condition modifier) and
//! replacement points. Both are system-neutral shapes whose values are the system's
//! attributes (its `turn` and `replacement` schemas).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::attrs::Attrs;
use crate::model::{FormationId, SideId};

/// One box of the turn record track.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnRecord {
    pub turn: u32,
    /// What the track prints for the turn ("16 Jul AM", "28 Jan").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The turn's values, by the system's turn schema.
    #[serde(default, skip_serializing_if = "Attrs::is_empty")]
    pub attrs: Attrs,
}

/// Replacement points a side receives on a turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    pub turn: u32,
    pub side: SideId,
    /// The command whose track receives them (a Front, a Korps); none: the side's pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<FormationId>,
    /// How many points of each kind, by the system's replacement schema.
    pub points: Attrs,
}
