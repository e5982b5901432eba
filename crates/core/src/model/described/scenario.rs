//! A described scenario (`*.scenario.ron` of a system other than WB-95): sides, a turn
//! track, the set-up (on the map, in off-map boxes, and the markers on hexes), arrivals,
//! departures and replacements by turn, supply sources, victory conditions with a
//! victory-point schedule, the charts it is played with, and the system's own switches
//! as attributes.

use std::collections::BTreeMap;
use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::points::Points;
use super::track::{Replacement, TurnRecord};
use crate::hex::{HexId, MapEdge};
use crate::model::AreaShape;
use crate::model::attrs::Attrs;
use crate::model::{Entry, FormationId, NationId, SideId, SupplySource, SystemId, UnitId};
use crate::model::{limits, range};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The rule system; a described file always names it.
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
    #[serde(deserialize_with = "range::turns")]
    #[schemars(range(min = range::TURNS.min, max = range::TURNS.max))]
    pub turns: u32,
    pub sides: Vec<Side>,
    /// The side that moves first in every turn.
    pub first: SideId,
    #[serde(default, deserialize_with = "limits::placements")]
    #[schemars(length(max = limits::PLACEMENTS.max))]
    pub setup: Vec<Placement>,
    /// Units that start in a box off the map (an air display's Ready Box, a holding box),
    /// by the system's box names.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::placements"
    )]
    #[schemars(length(max = limits::PLACEMENTS.max))]
    pub off_map: Vec<OffMap>,
    /// Markers on the map at the start (a strongpoint, a minefield, a destroyed bridge),
    /// by the system's marker kinds.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::schedule"
    )]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub markers: Vec<Marker>,
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::schedule"
    )]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub arrivals: Vec<Arrival>,
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::schedule"
    )]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub departures: Vec<Departure>,
    /// What the turn record track prints for each turn (its date, weather box, ground
    /// condition modifier), by the system's turn schema.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::schedule"
    )]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub turn_track: Vec<TurnRecord>,
    /// Replacement points received by turn.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::schedule"
    )]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub replacements: Vec<Replacement>,
    /// Where each side traces supply to.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::schedule"
    )]
    #[schemars(length(max = limits::SCHEDULE.max))]
    pub supply: Vec<Supply>,
    /// `None` while the designer has not written them (a warning).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory: Option<Victory>,
    /// The charts file (`*.tables.ron`) the scenario is played with, relative to this
    /// file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<PathBuf>,
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

/// One unit in a box off the map at the start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OffMap {
    pub unit: UnitId,
    /// The box, as the system names it (`ready`).
    #[serde(rename = "box")]
    pub in_box: String,
    /// How it starts, by the system's placement schema.
    #[serde(default, skip_serializing_if = "Attrs::is_empty")]
    pub state: Attrs,
}

/// A marker on a hex at the start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    /// The marker, as the system names it (`strongpoint`).
    pub kind: String,
    pub hex: HexId,
    /// For a marker that points at a hexside (a bridge marker, a minefield's middle
    /// hexside): the neighbouring hex across it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<HexId>,
}

/// A supply source of a side: where its units trace supply to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Supply {
    pub side: SideId,
    /// As printed ("27th Army").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Where it is: hexes, a place, a map edge, a headquarters.
    pub at: Vec<SupplySource>,
    /// The formations it serves (with the formations under them); empty: every unit of
    /// the side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub serves: Vec<FormationId>,
}

/// Units entering the map on a turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Arrival {
    pub turn: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(deserialize_with = "limits::group_units")]
    #[schemars(length(max = limits::GROUP_UNITS.max))]
    pub units: Vec<UnitId>,
    /// Where they may enter.
    pub entry: Vec<Entry>,
}

/// Units leaving the game on a turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Departure {
    pub turn: u32,
    #[serde(deserialize_with = "limits::group_units")]
    #[schemars(length(max = limits::GROUP_UNITS.max))]
    pub units: Vec<UnitId>,
}

/// Victory levels, tried in order at the end of the game: the first whose conditions all
/// hold is the result; when none holds, the game is a draw. A level with no condition
/// always holds: last, it is the side's win when no level above it holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    #[serde(deserialize_with = "limits::levels")]
    #[schemars(length(max = limits::LEVELS.max))]
    pub levels: Vec<Level>,
    /// The victory-point schedule: what scores points, for whom (none: the levels use no
    /// points).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "limits::victory_conditions"
    )]
    #[schemars(length(max = range::VICTORY_CONDITIONS.max))]
    pub points: Vec<Points>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// "German decisive victory".
    pub name: String,
    pub winner: SideId,
    #[serde(deserialize_with = "limits::levels")]
    #[schemars(length(max = limits::LEVELS.max))]
    pub all_of: Vec<Condition>,
    /// A sudden victory: checked at the end of every turn, not only after the last.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sudden: bool,
}

/// One condition of a victory level. What "holds" means (occupied, or last entered), what
/// a unit's type is, which units count as in a zone or able to fire into a hex: the
/// system's rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Condition {
    /// `side` holds every one of these hexes.
    Holds { side: SideId, hexes: Vec<HexId> },
    /// `side` holds every hex of a named place of the map.
    HoldsPlace { side: SideId, place: String },
    /// At least this many units of `side` are eliminated; a unit whose type `weights`
    /// names counts that many instead of one ("a command post counts 5").
    Eliminated {
        side: SideId,
        at_least: u32,
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        weights: BTreeMap<String, u32>,
    },
    /// At most this many units of `side` are eliminated.
    LosesAtMost { side: SideId, units: u32 },
    /// At least this many units of `side` have left the map across `edge`.
    Exited {
        side: SideId,
        edge: MapEdge,
        at_least: u32,
    },
    /// At most this many units of `side` have left the map across `edge`: the rest are
    /// eliminated or still on it ("every unit destroyed or not off the map scores").
    ExitedAtMost {
        side: SideId,
        edge: MapEdge,
        units: u32,
    },
    /// `side` has scored at least this many victory points.
    Points { side: SideId, at_least: i32 },
    /// `side` has scored at most this many victory points.
    PointsAtMost { side: SideId, at_most: i32 },
    /// At least this many units of `side` stand in `zone`.
    InZone {
        side: SideId,
        zone: AreaShape,
        at_least: u32,
    },
    /// At most this many units of `side` stand in `zone`.
    InZoneAtMost {
        side: SideId,
        zone: AreaShape,
        at_most: u32,
    },
    /// The units `side`'s enemies lost, divided by the units `side` lost, is at least
    /// `at_least`; a side that lost none divides by one.
    LossRatio { side: SideId, at_least: f64 },
    /// `side`'s units in `zone`, divided by its enemies' units there, is at least
    /// `at_least`; with no enemy there it divides by one.
    ZoneRatio {
        side: SideId,
        zone: AreaShape,
        at_least: f64,
    },
    /// A unit of `side` stands at least `hexes` hexes toward `toward`, counted from the
    /// opposite edge (a unit on that edge's line of hexes is 1 hex forward).
    Advance {
        side: SideId,
        toward: MapEdge,
        hexes: u32,
    },
    /// The hexes `side` can fire into form one connected chain from a hex on edge `from`
    /// to a hex on edge `to`.
    FireChain {
        side: SideId,
        from: MapEdge,
        to: MapEdge,
    },
    /// A corridor `width` hexes wide runs from edge `from` to edge `to` through hexes no
    /// enemy of `side` can fire into: a chain of hexes with no such hex within
    /// (`width` − 1) / 2 hexes of any of them.
    FireCorridor {
        side: SideId,
        from: MapEdge,
        to: MapEdge,
        width: u32,
    },
}

impl Condition {
    pub fn side(&self) -> &SideId {
        match self {
            Condition::Holds { side, .. }
            | Condition::HoldsPlace { side, .. }
            | Condition::Eliminated { side, .. }
            | Condition::LosesAtMost { side, .. }
            | Condition::Exited { side, .. }
            | Condition::ExitedAtMost { side, .. }
            | Condition::Points { side, .. }
            | Condition::PointsAtMost { side, .. }
            | Condition::InZone { side, .. }
            | Condition::InZoneAtMost { side, .. }
            | Condition::LossRatio { side, .. }
            | Condition::ZoneRatio { side, .. }
            | Condition::Advance { side, .. }
            | Condition::FireChain { side, .. }
            | Condition::FireCorridor { side, .. } => side,
        }
    }

    /// The zone the condition counts units in, if it does.
    pub fn zone(&self) -> Option<&AreaShape> {
        match self {
            Condition::InZone { zone, .. }
            | Condition::InZoneAtMost { zone, .. }
            | Condition::ZoneRatio { zone, .. } => Some(zone),
            _ => None,
        }
    }
}

impl Scenario {
    /// Whether the unit is in the game: set up on the map or off it, or arriving later.
    pub fn uses(&self, u: &UnitId) -> bool {
        self.setup.iter().any(|p| p.unit == *u)
            || self.off_map.iter().any(|p| p.unit == *u)
            || self.arrivals.iter().any(|a| a.units.contains(u))
    }

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

    /// The box a unit starts in, if it starts off the map.
    pub fn off_map(&self, unit: &str) -> Option<&OffMap> {
        self.off_map.iter().find(|p| p.unit.as_str() == unit)
    }

    /// The turn track's record of turn `t`.
    pub fn turn_record(&self, t: u32) -> Option<&TurnRecord> {
        self.turn_track.iter().find(|r| r.turn == t)
    }

    /// How the turn track names turn `t` ("16 Jul AM"), or its number.
    pub fn turn_label(&self, t: u32) -> String {
        self.turn_record(t)
            .and_then(|r| r.label.clone())
            .unwrap_or_else(|| t.to_string())
    }
}
