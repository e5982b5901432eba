//! A situation compiled for play: the board, the two sides, every unit with its values,
//! where each starts, the mines, blocks, fortifications and wrecks on the board, who
//! arrives when and where, the turns, the victory levels and the optional rules in use.
//! Built from a scenario file (see `compile`) or by hand ([`super::sandbox`]).

use std::collections::{BTreeMap, BTreeSet};

use sztab_core::hex::{HexId, MapEdge};
use sztab_core::model::AreaShape;
use sztab_core::model::described::Victory;

use super::board::Board;
use super::unit::UnitDef;

/// One side; index 0 moves first every turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideDef {
    pub id: String,
    pub name: String,
    /// Units a hex may hold (Stacking A, B: Russians 2, Germans 3).
    pub stacking: u32,
}

/// How a unit starts on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Start {
    /// Set up under this carrier (Transporting: "loaded" units are under the C unit).
    pub carried_by: Option<usize>,
    /// Set up dispersed (face down).
    pub dispersed: bool,
    /// In a fortification's hex, on top of it rather than inside (Fortifications).
    pub on_top: bool,
}

/// A counter that is not a unit: fortifications, minefields, blocks and wrecks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A fortification with its defense factor; `side` is whose units may be set up in
    /// it (anyone may capture it later).
    Fort {
        df: u32,
        side: Option<usize>,
    },
    Mines,
    Block,
    /// A wreck of this side's vehicle.
    Wreck {
        side: usize,
    },
}

/// Units that may enter the board on or after a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival {
    pub turn: u32,
    pub units: Vec<usize>,
    pub hexes: Vec<HexId>,
}

/// The optional rules in use ("Players may employ as many or as few of the Optional
/// Rules as desired").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Indirect Fire with command posts.
    pub indirect_fire: bool,
    /// The Ammunition rule: intensive fire at triple factor, once.
    pub intensive_fire: bool,
    /// Real-Space LOS: the line of sight is a straight edge from centre to centre.
    pub real_space_los: bool,
    /// Experimental Indirect Fire: any German unit, and Russian Guards infantry, directs
    /// indirect fire as a command post does (decision P-22).
    pub any_unit_directs: bool,
    /// PanzerBlitz Assault: infantry riding armor jump off before an overrun and may
    /// close-assault the stack overrun (P-24).
    pub panzerblitz_assault: bool,
    /// Impulse Movement & Return Fire: each player-turn in impulses A-E (P-25).
    pub impulse: bool,
    /// Hidden Deployment: this side's units set up hidden (P-26).
    pub hidden: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            indirect_fire: true,
            intensive_fire: false,
            real_space_los: false,
            any_unit_directs: false,
            panzerblitz_assault: false,
            impulse: false,
            hidden: None,
        }
    }
}

/// A situation ready to play.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub title: String,
    pub board: Board,
    pub sides: [SideDef; 2],
    pub units: Vec<UnitDef>,
    pub setup: Vec<(usize, HexId, Start)>,
    pub markers: Vec<(HexId, Marker)>,
    pub arrivals: Vec<Arrival>,
    /// Units that leave the game at the start of a turn.
    pub departures: Vec<(u32, Vec<usize>)>,
    pub turns: u32,
    pub victory: Option<Victory>,
    pub options: Options,
    /// Named places of the map, for victory conditions.
    pub places: BTreeMap<String, Vec<HexId>>,
    /// The hexes of each zone the victory conditions count units in, resolved on the map.
    pub zones: Vec<(AreaShape, BTreeSet<HexId>)>,
    /// Each unit's type as its counter names it ("cp"), by unit index, for weighted
    /// losses.
    pub unit_types: Vec<String>,
    index: BTreeMap<String, usize>,
}

impl Scenario {
    /// A scenario without units on `board`.
    pub fn new(title: impl Into<String>, board: Board, sides: [SideDef; 2], turns: u32) -> Self {
        Scenario {
            title: title.into(),
            board,
            sides,
            units: Vec::new(),
            setup: Vec::new(),
            markers: Vec::new(),
            arrivals: Vec::new(),
            departures: Vec::new(),
            turns,
            victory: None,
            options: Options::default(),
            places: BTreeMap::new(),
            zones: Vec::new(),
            unit_types: Vec::new(),
            index: BTreeMap::new(),
        }
    }

    /// Adds a unit; returns its index.
    pub fn add_unit(&mut self, u: UnitDef) -> usize {
        let i = self.units.len();
        self.index.insert(u.id.clone(), i);
        self.units.push(u);
        i
    }

    pub fn unit(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }

    pub fn side_index(&self, id: &str) -> Option<usize> {
        self.sides.iter().position(|s| s.id == id)
    }

    /// The hexes of a victory zone: as resolved on the map, or a hex list as given.
    pub fn zone_hexes(&self, zone: &AreaShape) -> BTreeSet<HexId> {
        if let Some((_, hs)) = self.zones.iter().find(|(z, _)| z == zone) {
            return hs.clone();
        }
        match zone {
            AreaShape::Hexes(hs) => hs
                .iter()
                .copied()
                .filter(|&h| self.board.contains(h))
                .collect(),
            _ => BTreeSet::new(),
        }
    }

    /// The hexes on an edge of the board.
    pub fn edge_hexes(&self, edge: MapEdge) -> Vec<HexId> {
        self.board.grid.edge_hexes(edge)
    }
}
