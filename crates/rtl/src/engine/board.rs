//! The map as the rules see it (2.1, 8.3): per hex its natural terrain (clear, marsh,
//! swamp, rough) and its woods, hill and town; per hexside its water (stream, river, lake)
//! and printed bridge; the roads, trails and railroads as hex-to-hex links (8.33), since a
//! unit moves at the road rate only through a hexside the road crosses.

use std::collections::BTreeMap;

use sztab_core::hex::{Grid, HexId, Hexside};

/// A hex's natural terrain (8.31).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ground {
    #[default]
    Clear,
    Marsh,
    Swamp,
    Rough,
}

/// One hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub ground: Ground,
    /// An overlay whose cost adds to the other terrain (8.34a).
    pub woods: bool,
    pub hill: bool,
    pub town: bool,
}

impl Cell {
    /// "Clear" for a road's rate: clear ground and nothing else in the hex (decision R-05).
    pub fn plain(self) -> bool {
        self.ground == Ground::Clear && !self.woods && !self.hill && !self.town
    }
}

/// Water along a hexside (8.36, 6.21b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Water {
    Stream,
    River,
    Lake,
}

/// A road, trail or railroad link between two hexes (8.33-8.35).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Link {
    MainRoad,
    MinorRoad,
    Trail,
    Railroad,
}

impl Link {
    pub fn name(self) -> &'static str {
        match self {
            Link::MainRoad => "main road",
            Link::MinorRoad => "minor road",
            Link::Trail => "trail",
            Link::Railroad => "railroad",
        }
    }
}

/// The map of a game.
#[derive(Clone, Debug)]
pub struct Board {
    pub grid: Grid,
    cells: Vec<Cell>,
    water: BTreeMap<Hexside, Water>,
    bridges: BTreeMap<Hexside, ()>,
    links: BTreeMap<Hexside, Link>,
}

impl Board {
    /// A board of clear hexes.
    pub fn new(grid: Grid) -> Board {
        Board {
            grid,
            cells: vec![Cell::default(); grid.len()],
            water: BTreeMap::new(),
            bridges: BTreeMap::new(),
            links: BTreeMap::new(),
        }
    }

    pub fn contains(&self, h: HexId) -> bool {
        self.grid.contains(h)
    }

    /// The hex's cell; a hex off the map reads as clear.
    pub fn cell(&self, h: HexId) -> Cell {
        self.grid
            .index(h)
            .map(|i| self.cells[i])
            .unwrap_or_default()
    }

    pub fn cell_mut(&mut self, h: HexId) -> Option<&mut Cell> {
        self.grid.index(h).map(|i| &mut self.cells[i])
    }

    /// Sets a hexside's water; the worst of two kinds stays (a lake over a river).
    pub fn add_water(&mut self, side: Hexside, w: Water) {
        let e = self.water.entry(side).or_insert(w);
        *e = (*e).max(w);
    }

    pub fn add_bridge(&mut self, side: Hexside) {
        self.bridges.insert(side, ());
    }

    pub fn add_link(&mut self, side: Hexside, l: Link) {
        self.links.insert(side, l);
    }

    pub fn water(&self, side: Hexside) -> Option<Water> {
        self.water.get(&side).copied()
    }

    /// A bridge printed on the hexside (8.36b).
    pub fn printed_bridge(&self, side: Hexside) -> bool {
        self.bridges.contains_key(&side)
    }

    pub fn link(&self, side: Hexside) -> Option<Link> {
        self.links.get(&side).copied()
    }

    /// The hexside between two adjacent hexes.
    pub fn side(&self, a: HexId, b: HexId) -> Option<Hexside> {
        self.grid.hexside(a, b)
    }

    /// The links that run into `h`.
    pub fn links_of(&self, h: HexId) -> Vec<Link> {
        self.grid
            .neighbours(h)
            .filter_map(|n| self.side(h, n).and_then(|s| self.link(s)))
            .collect()
    }

    /// A hex on the edge of the map (5.21).
    pub fn on_edge(&self, h: HexId) -> bool {
        !self.grid.edges_of(h).is_empty()
    }
}
