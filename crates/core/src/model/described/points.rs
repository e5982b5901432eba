//! A victory-point schedule: what scores points, for which side, on which turns. The
//! levels of [`super::Victory`] read the totals through `Condition::Points` and
//! `Condition::PointsAtMost`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hex::{HexId, MapEdge};
use crate::model::SideId;

/// One line of the schedule: `side` scores `value` for each `scoring`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Points {
    /// The side that scores.
    pub side: SideId,
    /// Points for each time it happens (negative: points lost).
    pub value: i32,
    #[serde(rename = "for")]
    pub scoring: Scoring,
    /// The first turn it counts on (a location whose value changes in the game); none:
    /// from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_turn: Option<u32>,
    /// The last turn it counts on; none: to the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_turn: Option<u32>,
}

/// What scores points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Scoring {
    /// Holding the hex.
    Hex(HexId),
    /// Holding every hex of a named place.
    Place(String),
    /// Each step `side` loses.
    StepLost { side: SideId },
    /// Each unit of `side` eliminated; with `unit_type`, only units whose `type`
    /// attribute has that value ("hq", "armor").
    Eliminated {
        side: SideId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit_type: Option<String>,
    },
    /// Each unit of `side` that leaves the map across `edge`.
    Exited { side: SideId, edge: MapEdge },
}
