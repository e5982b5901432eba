//! The board as the rules see it: per hex its cover (clear, woods, town, swamp), its
//! elevation (ground, slope, hilltop), whether it is a gully and whether the pond covers
//! it; per hexside the coloured obstacle symbols (green, gray, brown, orange) and pond
//! edges; roads and the hexsides a gully runs through. Movement costs and the terrain's
//! effects on defense are read here; line of sight is in [`super::los`].
//!
//! Costs are counted in half movement factors, so the road rate (½ MF) is a whole number.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use sztab_core::hex::{Grid, HexId, Hexside};
use sztab_seam::hex_names::Labels;

/// What covers a hex (TEC rows Clear, Woods, Towns, Swamps).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cover {
    #[default]
    Clear,
    Woods,
    Town,
    Swamp,
}

/// The three elevations a unit may be at ("Obstacles and Elevations"): set by the hex.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Level {
    #[default]
    Ground,
    Slope,
    Hilltop,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Ground => "ground level",
            Level::Slope => "slope",
            Level::Hilltop => "hilltop",
        }
    }
}

/// One hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub cover: Cover,
    pub level: Level,
    /// A gully or streambed hex (a depression, "Gullies and Streambeds").
    pub gully: bool,
    /// A stream ford: clear terrain for all purposes (Gullies C).
    pub ford: bool,
    /// Wholly covered by the pond: no unit may enter ("Terrain Features").
    pub pond: bool,
}

/// The obstacle symbols on one hexside ("Obstacles and Elevations").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    /// Woods: a low obstacle; vehicles may not cross it except along a road.
    pub green: bool,
    /// Town: a low obstacle.
    pub gray: bool,
    /// Slope corners and ridge spines: a medium obstacle.
    pub brown: bool,
    /// Hilltop edge: a high obstacle.
    pub orange: bool,
    /// Pond shore: no unit may cross it.
    pub pond: bool,
}

impl Marks {
    pub fn any_symbol(self) -> bool {
        self.green || self.gray || self.brown || self.orange
    }

    pub fn low(self) -> bool {
        self.green || self.gray
    }

    /// The symbols, as the LOS probe names them.
    pub fn names(self) -> Vec<&'static str> {
        let mut v = Vec::new();
        for (on, name) in [
            (self.green, "green"),
            (self.gray, "gray"),
            (self.brown, "brown"),
            (self.orange, "orange"),
            (self.pond, "pond"),
        ] {
            if on {
                v.push(name);
            }
        }
        v
    }
}

/// How a unit pays for terrain (TEC): on foot (every non-vehicle unit), a vehicle
/// (tanks, guns on tracks, halftracks, wagons), or a truck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    Foot,
    Vehicle,
    Truck,
}

impl Mover {
    pub fn is_vehicle(self) -> bool {
        self != Mover::Foot
    }
}

/// Half movement factors: 2 is one MF.
pub type Half = u32;

/// The board of a game: a grid with the rules' terrain on it.
#[derive(Clone, Debug)]
pub struct Board {
    pub grid: Grid,
    cells: Vec<Cell>,
    marks: BTreeMap<Hexside, Marks>,
    roads: BTreeSet<Hexside>,
    gully_links: BTreeSet<Hexside>,
    /// The labels the map prints: what choices and narration name hexes by.
    pub labels: Labels,
}

impl Board {
    /// A board of clear ground-level hexes.
    pub fn new(grid: Grid) -> Board {
        Board {
            grid,
            cells: vec![Cell::default(); grid.len()],
            marks: BTreeMap::new(),
            roads: BTreeSet::new(),
            gully_links: BTreeSet::new(),
            labels: Labels::default(),
        }
    }

    /// Names `h` by the label printed on it ("2-Q-5"), else by its number.
    pub fn label(&self, h: HexId) -> String {
        self.labels.label(h)
    }

    /// Names a hexside by the labels of its two hexes ("2-Q-5/2-Q-6").
    pub fn side_label(&self, side: Hexside) -> String {
        let (a, b) = side.hexes();
        format!("{}/{}", self.label(a), self.label(b))
    }

    pub fn contains(&self, h: HexId) -> bool {
        self.grid.contains(h)
    }

    /// The hex's cell; a hex off the board reads as clear ground.
    pub fn cell(&self, h: HexId) -> Cell {
        self.grid
            .index(h)
            .map(|i| self.cells[i])
            .unwrap_or_default()
    }

    pub fn cell_mut(&mut self, h: HexId) -> Option<&mut Cell> {
        self.grid.index(h).map(|i| &mut self.cells[i])
    }

    pub fn marks(&self, side: Hexside) -> Marks {
        self.marks.get(&side).copied().unwrap_or_default()
    }

    pub fn marks_mut(&mut self, side: Hexside) -> &mut Marks {
        self.marks.entry(side).or_default()
    }

    /// Every hexside with a symbol or a pond edge.
    pub fn marked(&self) -> impl Iterator<Item = (Hexside, Marks)> + '_ {
        self.marks.iter().map(|(s, m)| (*s, *m))
    }

    pub fn add_road(&mut self, side: Hexside) {
        self.roads.insert(side);
    }

    pub fn add_gully_link(&mut self, side: Hexside) {
        self.gully_links.insert(side);
    }

    pub fn road(&self, side: Hexside) -> bool {
        self.roads.contains(&side)
    }

    /// A road runs into the hex.
    pub fn has_road(&self, h: HexId) -> bool {
        self.grid
            .neighbours(h)
            .filter_map(|n| self.grid.hexside(h, n))
            .any(|s| self.roads.contains(&s))
    }

    /// The gully runs on across this hexside.
    pub fn gully_link(&self, side: Hexside) -> bool {
        self.gully_links.contains(&side)
    }

    pub fn level(&self, h: HexId) -> Level {
        self.cell(h).level
    }

    /// A gully hex that is a depression: fords and the hexes where a road crosses the
    /// gully are clear terrain (Gullies C), its first and last hexes are gullies (D).
    pub fn depressed(&self, h: HexId) -> bool {
        let c = self.cell(h);
        c.gully && !c.ford && !self.has_road(h)
    }

    /// +1 to the attacker's die roll for a defender here (TEC: woods, towns; swamps
    /// from the data, decision P-03).
    pub fn defense_modifier(&self, h: HexId) -> i32 {
        match self.cell(h).cover {
            Cover::Woods | Cover::Town | Cover::Swamp => 1,
            Cover::Clear => 0,
        }
    }

    /// Woods and towns hide a defender from fire that is not adjacent until spotted.
    pub fn needs_spotting(&self, h: HexId) -> bool {
        matches!(self.cell(h).cover, Cover::Woods | Cover::Town)
    }

    /// A hex a defender may be overrun in: clear terrain, a clear road hex, a ford or a
    /// road crossing a gully; not a slope (Overrun I).
    pub fn overrunnable(&self, h: HexId) -> bool {
        let c = self.cell(h);
        c.cover == Cover::Clear && c.level != Level::Slope && !self.depressed(h) && !c.pond
    }

    /// What a unit pays to enter `h` off the road, `None` where it may not (TEC).
    pub fn terrain_cost(&self, h: HexId, mover: Mover) -> Option<Half> {
        let c = self.cell(h);
        if c.pond || !self.contains(h) {
            return None;
        }
        let cover = match (c.cover, mover) {
            (Cover::Town, _) => 1,
            (Cover::Swamp, Mover::Foot) => 2,
            (Cover::Swamp, _) => return None,
            (Cover::Clear | Cover::Woods, Mover::Truck) => 4,
            (Cover::Clear | Cover::Woods, _) => 2,
        };
        let slope = match (c.level, mover) {
            (Level::Slope, Mover::Vehicle) => 6,
            (Level::Slope, Mover::Truck) => 8,
            _ => 0,
        };
        Some(cover.max(slope))
    }

    /// What a vehicle pays, on top of the hex it enters, to climb out of a gully across
    /// `side` (TEC: trucks 5 MF, other vehicles 3 MF; decision P-04). Foot units and
    /// moves along the gully pay nothing.
    pub fn leave_cost(&self, from: HexId, side: Hexside, mover: Mover) -> Half {
        if !self.depressed(from) || self.gully_link(side) {
            return 0;
        }
        match mover {
            Mover::Foot => 0,
            Mover::Vehicle => 6,
            Mover::Truck => 10,
        }
    }

    /// Vehicles may not cross a green hexside except along a road (TEC Woods); no unit
    /// crosses a pond hexside (TEC Ponds).
    pub fn crossing_allowed(&self, side: Hexside, mover: Mover, along_road: bool) -> bool {
        let m = self.marks(side);
        !(m.pond || (m.green && mover.is_vehicle() && !along_road))
    }
}
