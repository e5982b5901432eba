//! The map as the rules see it (2.1, 8.3): per hex its natural terrain (clear, marsh,
//! swamp, rough) and its woods, hill and town; per hexside its water (stream, river, lake)
//! and printed bridge; the roads, trails and railroads as hex-to-hex links (8.33), since a
//! unit moves at the road rate only through a hexside the road crosses. A hexside may carry
//! several kinds of link (a road beside a railroad): every one is kept (decision R-45).

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
    pub const ALL: [Link; 4] = [Link::MainRoad, Link::MinorRoad, Link::Trail, Link::Railroad];

    fn bit(self) -> u8 {
        1 << (self as u8)
    }

    pub fn name(self) -> &'static str {
        match self {
            Link::MainRoad => "main road",
            Link::MinorRoad => "minor road",
            Link::Trail => "trail",
            Link::Railroad => "railroad",
        }
    }
}

/// The links along one hexside: none, one, or several kinds side by side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Links(u8);

impl Links {
    pub fn insert(&mut self, l: Link) {
        self.0 |= l.bit();
    }

    pub fn contains(self, l: Link) -> bool {
        self.0 & l.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The same links but `l`.
    pub fn without(self, l: Link) -> Links {
        Links(self.0 & !l.bit())
    }

    /// Its links, in the order of [`Link::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Link> {
        Link::ALL.into_iter().filter(move |l| self.contains(*l))
    }
}

impl FromIterator<Link> for Links {
    fn from_iter<I: IntoIterator<Item = Link>>(iter: I) -> Links {
        let mut links = Links::default();
        for l in iter {
            links.insert(l);
        }
        links
    }
}

/// The map of a game.
#[derive(Clone, Debug)]
pub struct Board {
    pub grid: Grid,
    cells: Vec<Cell>,
    water: BTreeMap<Hexside, Water>,
    bridges: BTreeMap<Hexside, ()>,
    links: BTreeMap<Hexside, Links>,
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

    /// Adds a link to the hexside's, beside any other kind already there.
    pub fn add_link(&mut self, side: Hexside, l: Link) {
        self.links.entry(side).or_default().insert(l);
    }

    pub fn water(&self, side: Hexside) -> Option<Water> {
        self.water.get(&side).copied()
    }

    /// A bridge printed on the hexside (8.36b).
    pub fn printed_bridge(&self, side: Hexside) -> bool {
        self.bridges.contains_key(&side)
    }

    /// Every link along the hexside.
    pub fn links(&self, side: Hexside) -> Links {
        self.links.get(&side).copied().unwrap_or_default()
    }

    /// The hexside between two adjacent hexes.
    pub fn side(&self, a: HexId, b: HexId) -> Option<Hexside> {
        self.grid.hexside(a, b)
    }

    /// The links that run into `h`, each kind once.
    pub fn links_of(&self, h: HexId) -> Links {
        self.grid
            .neighbours(h)
            .filter_map(|n| self.side(h, n))
            .flat_map(|s| self.links(s).iter())
            .collect()
    }

    /// A hex on the edge of the map (5.21).
    pub fn on_edge(&self, h: HexId) -> bool {
        !self.grid.edges_of(h).is_empty()
    }
}
