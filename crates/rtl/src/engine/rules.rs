//! A scenario compiled for play: the map, the charts, every counter with its values, the
//! formations with their Activation Markers and Combination Values (4.3, 7.3), the set-up
//! with each unit's start state (4.1), reinforcements (5.2), the turn track's Weather
//! Boxes (5.11), supply sources (6.3), the victory-point schedule and levels (17.0, 4.22).

use std::collections::BTreeMap;

use sztab_core::hex::{Dir, HexId};

use super::board::Board;
use super::charts::Charts;
use super::unit::UnitDef;
use super::words::{Side, Supply, Weather};

/// A formation (4.31).
#[derive(Clone, Debug)]
pub struct FormationDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    /// How many Activation Markers it has (4.36).
    pub markers: u32,
    /// Its AMs' Combination Value (7.33c).
    pub combination: i32,
    /// A German Panzer or Motorized formation (13.24b2): none of its combat units is
    /// non-motorized (decision R-44).
    pub panzer: bool,
}

/// What an Activation Marker activates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AmKind {
    Formation(usize),
    /// The Soviet "Activate Any Formation" marker (4.37).
    Any,
}

/// An Activation Marker (4.35).
#[derive(Clone, Debug)]
pub struct AmDef {
    /// "8pz", "8pz#2" for a formation's second AM, "any".
    pub id: String,
    pub side: Side,
    pub kind: AmKind,
}

/// Where a unit starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartAt {
    Map(HexId),
    /// The Air Display's Ready Box (4.14).
    Ready,
    Flown,
}

/// A unit's start (4.12-4.14).
#[derive(Clone, Debug)]
pub struct Start {
    pub unit: usize,
    pub at: StartAt,
    pub reduced: bool,
    pub fired: bool,
    pub spent: bool,
    pub disrupted: bool,
    pub supply: Supply,
    pub arrow: Option<Dir>,
}

/// Reinforcements of a turn with the hexes they may enter at (5.2).
#[derive(Clone, Debug)]
pub struct Arrival {
    pub turn: u32,
    pub units: Vec<usize>,
    pub hexes: Vec<HexId>,
}

/// A turn's box on the Turn Record Track (5.11): the scenario's turn track holds it, not
/// the charts file (decision R-29).
#[derive(Clone, Debug)]
pub struct WeatherBox {
    pub label: String,
    /// A roll up to this is Dry.
    pub dry_to: u8,
    /// Above Dry and up to this is Cloudy; above, Rain.
    pub cloudy_to: u8,
    pub historical: Weather,
}

impl WeatherBox {
    pub fn weather(&self, roll: u8) -> Weather {
        if roll <= self.dry_to {
            Weather::Dry
        } else if roll <= self.cloudy_to {
            Weather::Cloudy
        } else {
            Weather::Rain
        }
    }
}

/// A printed Supply Source (6.31): its hexes, and the formations it serves (none: all).
#[derive(Clone, Debug)]
pub struct SupplySource {
    pub side: Side,
    pub hexes: Vec<HexId>,
    pub serves: Vec<usize>,
}

/// What scores victory points (17.0).
#[derive(Clone, Debug, PartialEq)]
pub enum Scoring {
    /// Holding every one of these hexes (a hex, or a named place).
    Holds(Vec<HexId>),
    StepLost(Side),
    Eliminated {
        side: Side,
        unit_type: Option<String>,
    },
}

/// One line of the VP schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct VpLine {
    pub side: Side,
    pub value: i32,
    pub scoring: Scoring,
    pub from_turn: u32,
    pub to_turn: u32,
}

/// A condition of a victory level.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    Holds {
        side: Side,
        hexes: Vec<HexId>,
    },
    Points {
        side: Side,
        at_least: i32,
    },
    PointsAtMost {
        side: Side,
        at_most: i32,
    },
    Eliminated {
        side: Side,
        at_least: u32,
        weights: BTreeMap<String, u32>,
    },
    LosesAtMost {
        side: Side,
        units: u32,
    },
}

/// A victory level (4.22).
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub name: String,
    pub winner: Side,
    pub all_of: Vec<Cond>,
    /// Checked in every Victory Determination Phase (4.22 note).
    pub sudden: bool,
}

/// The compiled scenario.
#[derive(Clone, Debug)]
pub struct Rules {
    pub title: String,
    pub board: Board,
    pub charts: Charts,
    pub units: Vec<UnitDef>,
    pub formations: Vec<FormationDef>,
    pub ams: Vec<AmDef>,
    pub setup: Vec<Start>,
    /// Strongpoints at the start, with the side whose they are.
    pub strongpoints: Vec<(HexId, Side)>,
    /// Strongpoints under construction at the start, with their builder.
    pub building: Vec<(HexId, usize)>,
    pub arrivals: Vec<Arrival>,
    pub turns: u32,
    /// Turn `t`'s box is `track[t - 1]`.
    pub track: Vec<WeatherBox>,
    pub sources: Vec<SupplySource>,
    pub points: Vec<VpLine>,
    pub levels: Vec<Level>,
    /// Optional rule 5.11d: the asterisked weather.
    pub historical_weather: bool,
    /// Offensive CAS missions a turn, by side (13.24b1).
    pub cas: [u32; 2],
    /// Who wins an Initiative tie on turn 1 (7.12).
    pub initiative_tie: Side,
    /// The Strongpoint markers of the counter mix, the most on the map at once (2.24);
    /// `None` where the scenario does not say.
    pub strongpoint_markers: Option<usize>,
    /// The scenario's ids of the German and Soviet sides.
    pub side_ids: [String; 2],
}

impl Rules {
    pub fn unit(&self, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.id == id)
    }

    pub fn formation(&self, id: &str) -> Option<usize> {
        self.formations.iter().position(|f| f.id == id)
    }

    pub fn am(&self, id: &str) -> Option<usize> {
        self.ams.iter().position(|a| a.id == id)
    }

    /// An Army unit: no formation, or one without Activation Markers (4.33, RT12).
    pub fn is_army(&self, u: usize) -> bool {
        self.units[u]
            .formation
            .is_none_or(|f| self.formations[f].markers == 0)
    }

    /// The box of turn `t`.
    pub fn weather_box(&self, t: u32) -> Option<&WeatherBox> {
        self.track.get(t.checked_sub(1)? as usize)
    }

    pub fn turn_label(&self, t: u32) -> String {
        self.weather_box(t)
            .map_or_else(|| t.to_string(), |b| b.label.clone())
    }
}
