//! A scenario compiled for play ([`super::compile`]): the map, the charts, every counter
//! it uses with its order of battle, how each starts, what arrives when, the supply
//! sources, the Turn Record Track and the victory levels.

use sztab_core::hex::HexId;

use super::board::Board;
use super::charts::Charts;
use super::side::Army;
use super::unit::{FormationDef, UnitDef};

/// How a unit starts (the placement's state).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Start {
    /// 0: all its steps.
    pub steps: u8,
    pub disorganized: bool,
    pub regroup: bool,
    /// 0 in supply, 1 OOS1, 2 OOS2.
    pub oos: u8,
    pub fired: bool,
    pub out_of_ammo: bool,
    pub alarm_side: bool,
}

/// Units entering on a turn (7.0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival {
    pub turn: u32,
    pub units: Vec<usize>,
    /// The designated entry hexes.
    pub entry: Vec<HexId>,
}

/// A supply source (13.1): where a side's formations trace supply to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub army: Army,
    pub name: String,
    pub hexes: Vec<HexId>,
    /// The formations it serves, with those under them; empty: all the side's.
    pub serves: Vec<usize>,
}

/// A victory condition the engine judges (J-08).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    Holds {
        army: Army,
        hexes: Vec<HexId>,
    },
    /// At least this many of the side's units eliminated.
    Eliminated {
        army: Army,
        at_least: u32,
    },
    LosesAtMost {
        army: Army,
        units: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VictoryLevel {
    pub name: String,
    pub winner: Army,
    pub all_of: Vec<Condition>,
}

/// Replacement points a command receives on a turn (8.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt {
    pub turn: u32,
    pub army: Army,
    /// The Front or Korps whose track receives them.
    pub command: usize,
    pub infantry: u32,
    pub armor: u32,
}

/// The scenario's box of the Turn Record Track.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnInfo {
    pub ground_drm: i32,
}

#[derive(Clone, Debug)]
pub struct Rules {
    pub title: String,
    pub board: Board,
    pub charts: Charts,
    pub units: Vec<UnitDef>,
    pub formations: Vec<FormationDef>,
    /// The scenario's sides in file order, as armies.
    pub sides: Vec<Army>,
    pub turns: u32,
    /// The absolute number of the scenario's first game-turn (3.1).
    pub first_turn: u32,
    pub setup: Vec<(usize, HexId, Start)>,
    pub eliminated_at_start: Vec<usize>,
    pub arrivals: Vec<Arrival>,
    pub track: Vec<TurnInfo>,
    pub sources: Vec<Source>,
    pub replacements: Vec<Receipt>,
    pub improved_positions: Vec<HexId>,
    /// Soviet minefields: the hex and the middle hexside it faces (15.3).
    pub minefields: Vec<(HexId, sztab_core::hex::Dir)>,
    /// Minefields the Soviet player may build in play (15.3, the scenario's allotment).
    pub minefield_allotment: u32,
    pub victory: Vec<VictoryLevel>,
}

impl Rules {
    pub fn unit(&self, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.id == id)
    }

    /// The scenario side index of `army`.
    pub fn side_index(&self, army: Army) -> usize {
        self.sides.iter().position(|&a| a == army).unwrap_or(0)
    }

    pub fn turn_info(&self, turn: u32) -> TurnInfo {
        self.track
            .get(usize::try_from(turn).unwrap_or(0).saturating_sub(1))
            .copied()
            .unwrap_or_default()
    }

    /// Is formation `f` `outer` or under it?
    pub fn within(&self, f: usize, outer: usize) -> bool {
        let mut cur = Some(f);
        let mut guard = 0;
        while let Some(c) = cur {
            if c == outer {
                return true;
            }
            cur = self.formations.get(c).and_then(|x| x.parent);
            guard += 1;
            if guard > 32 {
                break;
            }
        }
        false
    }

    /// The unit's nearest formation of `level`.
    pub fn formation_at(&self, u: usize, level: super::unit::Level) -> Option<usize> {
        self.units[u]
            .formations
            .iter()
            .copied()
            .find(|&f| self.formations[f].level == level)
    }
}
