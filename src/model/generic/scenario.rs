//! A generic scenario (`*.scenario.ron` of a system other than WB-95): sides, a turn
//! track, the set-up, arrivals and departures by turn, victory conditions, and the
//! system's own switches as attributes.

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hex::{HexId, MapEdge};
use crate::model::attrs::Attrs;
use crate::model::{Entry, NationId, SideId, SystemId, UnitId};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The rule system; a generic file always names it.
    pub system: SystemId,
    pub title: String,
    /// Designer's notes, markdown.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Map file, relative to this file.
    pub map: PathBuf,
    /// Counter file, relative to this file.
    pub counters: PathBuf,
    /// Game turns; turn 1 is the first.
    pub turns: u32,
    pub sides: Vec<Side>,
    /// The side that moves first in every turn.
    pub first: SideId,
    #[serde(default)]
    pub setup: Vec<Placement>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrivals: Vec<Arrival>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub departures: Vec<Departure>,
    /// `None` while the designer has not written them (a warning).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory: Option<Victory>,
    /// The scenario's switches and values, by the system's scenario schema.
    #[serde(default, skip_serializing_if = "Attrs::is_empty")]
    pub rules: Attrs,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub id: SideId,
    pub name: String,
    pub nations: Vec<NationId>,
}

/// One unit on its starting hex.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub unit: UnitId,
    pub hex: HexId,
    /// How it starts, by the system's placement schema.
    #[serde(default, skip_serializing_if = "Attrs::is_empty")]
    pub state: Attrs,
}

/// Units entering the map on a turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Arrival {
    pub turn: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub units: Vec<UnitId>,
    /// Where they may enter.
    pub entry: Vec<Entry>,
}

/// Units leaving the game on a turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Departure {
    pub turn: u32,
    pub units: Vec<UnitId>,
}

/// Victory levels, tried in order at the end of the game: the first whose conditions all
/// hold is the result; when none holds, the game is a draw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    pub levels: Vec<Level>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// "German decisive victory".
    pub name: String,
    pub winner: SideId,
    pub all_of: Vec<Condition>,
}

/// One condition of a victory level. What "holds" means (occupied, or last entered) is
/// the system's rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Condition {
    /// `side` holds every one of these hexes.
    Holds { side: SideId, hexes: Vec<HexId> },
    /// `side` holds every hex of a named place of the map.
    HoldsPlace { side: SideId, place: String },
    /// At least this many units of `side` are eliminated.
    Eliminated { side: SideId, at_least: u32 },
    /// At most this many units of `side` are eliminated.
    LosesAtMost { side: SideId, units: u32 },
    /// At least this many units of `side` have left the map across `edge`.
    Exited {
        side: SideId,
        edge: MapEdge,
        at_least: u32,
    },
}

impl Condition {
    pub fn side(&self) -> &SideId {
        match self {
            Condition::Holds { side, .. }
            | Condition::HoldsPlace { side, .. }
            | Condition::Eliminated { side, .. }
            | Condition::LosesAtMost { side, .. }
            | Condition::Exited { side, .. } => side,
        }
    }
}

impl Scenario {
    pub fn side(&self, id: &str) -> Option<&Side> {
        self.sides.iter().find(|s| s.id.as_str() == id)
    }

    /// The side a nation fights for.
    pub fn side_of_nation(&self, nation: &str) -> Option<&Side> {
        self.sides
            .iter()
            .find(|s| s.nations.iter().any(|n| n.as_str() == nation))
    }

    pub fn placement(&self, unit: &str) -> Option<&Placement> {
        self.setup.iter().find(|p| p.unit.as_str() == unit)
    }
}
