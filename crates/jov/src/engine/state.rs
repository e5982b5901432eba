//! What changes in play: where each unit is, its steps and markers, the turn and phase,
//! the weather, the air missions, the SDMs' supply points, who last held each hex, and
//! the combat and movement under way.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use sztab_core::hex::HexId;

use super::combat::Battle;
use super::mp::Mp;
use super::phase::Phase;
use super::side::Army;
use super::weather::{Ground, Visibility};

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loc {
    Map(HexId),
    /// A reinforcement not yet entered (7.0).
    Waiting,
    Eliminated,
}

/// Disorganized and Regroup (12.17).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Org {
    #[default]
    Ok,
    Disorganized,
    Regroup,
}

/// Supply state (13.4.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Supply {
    #[default]
    In,
    Oos1,
    Oos2,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitState {
    pub loc: Loc,
    pub steps: u8,
    pub org: Org,
    pub supply: Supply,
    /// A German Alarm unit still Alarm side up (4.8).
    pub alarm_side: bool,
    /// Artillery on its back (fired) side; German regiments may also be Out of Ammo
    /// (12.10.3, 12.10.5).
    pub fired: bool,
    pub out_of_ammo: bool,
    /// A No Fire marker's level (9.10.3).
    pub no_fire: u8,
    pub reserve: bool,
    /// Has moved in the current phase.
    pub moved: bool,
    /// Hexes moved this turn, for OOS1 → OOS2 (13.4.2).
    pub hexes_moved: u32,
    /// Attacked this turn (12.3.3).
    pub attacked: bool,
    pub breakthrough: bool,
    /// Steps replaced this turn (8.4); a Soviet unit replaced does not move.
    pub replaced: u8,
    /// Took part in a breakthrough this turn: no night withdrawal (9.8).
    pub broke_through: bool,
    /// The SDM that put it in supply this turn (12.4).
    pub sdm: Option<usize>,
    /// A mot/mech infantry unit that crossed an unbridged river moves on foot (9.2.1).
    pub on_foot: bool,
}

impl UnitState {
    pub fn new(loc: Loc, steps: u8) -> UnitState {
        UnitState {
            loc,
            steps,
            org: Org::Ok,
            supply: Supply::In,
            alarm_side: false,
            fired: false,
            out_of_ammo: false,
            no_fire: 0,
            reserve: false,
            moved: false,
            hexes_moved: 0,
            attacked: false,
            breakthrough: false,
            broke_through: false,
            replaced: 0,
            sdm: None,
            on_foot: false,
        }
    }

    pub fn hex(&self) -> Option<HexId> {
        match self.loc {
            Loc::Map(h) => Some(h),
            _ => None,
        }
    }

    /// Disorganized or Regroup: the same effects (12.17.3).
    pub fn shaken(&self) -> bool {
        self.org != Org::Ok
    }
}

/// How a moving stack moves (9.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    Tactical,
    Strategic,
    /// Mot/mech infantry or recon at the non-motorized rate of 5 MP (9.1.1).
    Foot,
}

/// The stack moving now (9.0: one finishes before the next starts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moving {
    pub units: Vec<usize>,
    pub mode: Mode,
    /// MP each unit has spent (10.2: zone costs are paid unit by unit).
    pub spent: Vec<Mp>,
    pub path: Vec<HexId>,
    /// It must stop: it entered a ZOC it may not leave, crossed a river on its whole MA.
    pub halted: bool,
    /// The segment it moves in (movement or reserve movement).
    pub reserve: bool,
    /// Units to take a Regroup marker when the move ends (10.3.2).
    pub regroup: Vec<usize>,
    /// Hexes whose armor has intercepted this stack (9.11 case 3).
    pub intercepted: Vec<HexId>,
}

/// A Soviet minefield (15.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minefield {
    pub hex: HexId,
    /// Its middle designated hexside.
    pub facing: sztab_core::hex::Dir,
    /// Construction side (false) or completed (15.3.1).
    pub complete: bool,
    /// German infantry entered it: removed in the German Engineering Phase.
    pub lifting: bool,
    /// The unit building it.
    pub builder: Option<usize>,
}

/// A bridge's state (15.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BridgeState {
    /// The side whose unit last crossed it.
    pub controller: Option<Army>,
    pub destroyed: bool,
    /// A Bridge Repair marker is on it (15.2.2).
    pub repairing: bool,
}

/// An armor interception under way (9.11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Interception {
    /// The non-moving player may intercept from one of these hexes.
    Offer { hexes: Vec<HexId> },
    /// The hit (or missed) target may halt and return fire on the interceptor.
    ReturnFire { target: usize, interceptor: usize },
}

/// The air missions of the turn (6.1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Air {
    pub german: u32,
    /// By Soviet Front (its formation index).
    pub soviet: BTreeMap<usize, u32>,
    /// Counters drawn this turn, by side: their rows in the CAS chart (6.2).
    pub drawn: [Vec<usize>; 2],
}

#[derive(Clone, Debug)]
pub struct State {
    /// The scenario's turn, 1 first.
    pub turn: u32,
    pub phase: Phase,
    pub ground: Ground,
    pub visibility: Visibility,
    pub units: Vec<UnitState>,
    pub air: Air,
    /// Supply points on each SDM this turn (14.2), by unit index.
    pub sp: BTreeMap<usize, u32>,
    /// The side whose unit last stood on each hex (J-08).
    pub holder: BTreeMap<HexId, Army>,
    pub improved_positions: BTreeSet<HexId>,
    pub moving: Option<Moving>,
    /// SDMs placed in this Supply Marker Phase (13.2.1: once a turn).
    pub placed: BTreeSet<usize>,
    /// Hexes marked for attack this segment (12.1.1), with the Soviet air mission given
    /// to each (6.2): its counter row.
    pub declared: BTreeMap<HexId, Option<usize>>,
    /// Hexes attacked this segment (12.3.3) and units attacked before in the phase (12.6).
    pub attacked_hexes: BTreeSet<HexId>,
    pub attacked_units: BTreeSet<usize>,
    pub battle: Option<Battle>,
    pub interception: Option<Interception>,
    pub minefields: Vec<Minefield>,
    /// Minefields the Soviet player may still build (15.3).
    pub minefields_left: u32,
    pub bridges: BTreeMap<sztab_core::hex::Hexside, BridgeState>,
    /// Bridges tried this phase (15.2.1: one attempt a bridge a phase).
    pub attempted: BTreeSet<sztab_core::hex::Hexside>,
    /// Bridges an enemy unit has just reached, offered to their controller.
    pub demolition: Option<Vec<sztab_core::hex::Hexside>>,
    /// Replacement points on each command's track, infantry and armor (8.1).
    pub rp: BTreeMap<usize, [u32; 2]>,
    /// Soviet Fronts that flew their air-drop this turn (14.8).
    pub air_drops: BTreeSet<usize>,
    /// The game-turn Operation Wanda ends on, once declared (16.3).
    pub wanda_ends: Option<u32>,
    pub result: Option<super::game::Outcome>,
}

impl State {
    /// Units of `army` on `hex`.
    pub fn at(&self, hex: HexId) -> impl Iterator<Item = usize> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.loc == Loc::Map(hex))
            .map(|(i, _)| i)
    }
}
