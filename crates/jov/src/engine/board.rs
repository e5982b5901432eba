//! The map as the rules see it: each hex's terrain and features, each hexside's water and
//! bridges, and the roads through hexsides (9.2, 10.6, 12.5, 15.2), read from the catalogue
//! ids of the system's vocabulary. A road or railroad crossing a river or stream implies
//! a bridge (15.2).

use std::collections::HashMap;

use sztab_core::hex::{Grid, HexId, Hexside, MapEdge};
use sztab_core::model::Map;
use sztab_seam::hex_names::Labels;

/// A hex's terrain (one of them: a village or hilltop is a feature on it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Clear,
    Woods,
    Forest,
    Town,
}

impl Terrain {
    fn of(id: &str) -> Option<Terrain> {
        Some(match id {
            "clear" => Terrain::Clear,
            "woods" => Terrain::Woods,
            "forest" => Terrain::Forest,
            "town" => Terrain::Town,
            _ => return None,
        })
    }

    /// Its row of the terrain charts.
    pub fn row(self) -> &'static str {
        match self {
            Terrain::Clear => "Clear",
            Terrain::Woods => "Woods",
            Terrain::Forest => "Forest",
            Terrain::Town => "Town",
        }
    }
}

/// One hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub terrain: Terrain,
    pub village: bool,
    pub hilltop: bool,
    pub rail_terminal: bool,
    pub airfield: bool,
}

impl Cell {
    pub fn clear(terrain: Terrain) -> Cell {
        Cell {
            terrain,
            village: false,
            hilltop: false,
            rail_terminal: false,
            airfield: false,
        }
    }

    /// Clear terrain, a village counting as clear (9.11, 15.3).
    pub fn is_clear(&self) -> bool {
        self.terrain == Terrain::Clear
    }

    /// Zones do not project into towns or forest (10.6.1).
    pub fn blocks_zones(&self) -> bool {
        matches!(self.terrain, Terrain::Town | Terrain::Forest)
    }

    /// 3 units a hex, 2 in forest (11.0).
    pub fn stacking_limit(&self) -> usize {
        if self.terrain == Terrain::Forest {
            2
        } else {
            3
        }
    }
}

/// The water on a hexside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Water {
    River,
    /// A river where fords may be found (18.6); a river until one is.
    FordableRiver,
    Stream,
    Swamp,
    Lake,
    /// The map edge (10.6.3).
    Dnepr,
}

impl Water {
    pub fn is_river(self) -> bool {
        matches!(self, Water::River | Water::FordableRiver)
    }

    /// Its row of the movement chart.
    pub fn row(self) -> &'static str {
        match self {
            Water::River | Water::FordableRiver => "River hexside",
            Water::Stream => "Stream hexside",
            Water::Swamp => "Swamp hexside",
            Water::Lake => "Lake hexside",
            Water::Dnepr => "Dnepr hexside",
        }
    }
}

/// What a hexside holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Side {
    pub water: Option<Water>,
    /// A bridge, printed or implied by a road over a river or stream (15.2).
    pub bridge: bool,
    pub rail_bridge: bool,
}

/// A road or railroad through a hexside (9.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Road {
    Primary,
    Secondary,
    Trail,
    Railroad,
}

impl Road {
    fn of(id: &str) -> Option<Road> {
        Some(match id {
            "primary_road" => Road::Primary,
            "secondary_road" => Road::Secondary,
            "trail" => Road::Trail,
            "railroad" => Road::Railroad,
            _ => return None,
        })
    }

    pub fn row(self) -> &'static str {
        match self {
            Road::Primary => "Primary road",
            Road::Secondary => "Secondary road",
            Road::Trail => "Trail",
            Road::Railroad => "Railroad",
        }
    }

    pub fn strategic_row(self) -> &'static str {
        match self {
            Road::Primary => "Primary road (strategic)",
            Road::Secondary => "Secondary road (strategic)",
            Road::Trail => "Trail (strategic)",
            Road::Railroad => "Railroad (strategic)",
        }
    }
}

/// The map.
#[derive(Clone, Debug)]
pub struct Board {
    pub grid: Grid,
    cells: HashMap<HexId, Cell>,
    sides: HashMap<Hexside, Side>,
    /// Every road kind along a hexside: a railroad may run beside a road.
    roads: HashMap<Hexside, Vec<Road>>,
    /// Named places ("Korsun") and their hexes.
    pub places: Vec<(String, Vec<HexId>)>,
    /// The labels the sheets print ("B-4722"): what choices and narration name hexes by.
    pub labels: Labels,
}

impl Board {
    /// An empty board of clear hexes, for tests and hand-made positions.
    pub fn clear(grid: Grid) -> Board {
        let cells = grid
            .iter()
            .map(|h| (h, Cell::clear(Terrain::Clear)))
            .collect();
        Board {
            grid,
            cells,
            sides: HashMap::new(),
            roads: HashMap::new(),
            places: Vec::new(),
            labels: Labels::default(),
        }
    }

    /// Reads a map; every catalogue id the rules do not know is a line of `errors`.
    pub fn of_map(map: &Map, errors: &mut Vec<String>) -> Board {
        let mut b = Board::clear(map.grid);
        b.labels = Labels::of(map);
        for (hex, c) in &map.hexes {
            let Some(terrain) = Terrain::of(c.terrain.as_str()) else {
                errors.push(format!(
                    "hex {hex}: terrain \"{}\" is not a Jaws of Victory terrain",
                    c.terrain
                ));
                continue;
            };
            let mut cell = Cell::clear(terrain);
            for f in &c.features {
                match f.as_str() {
                    "village" => cell.village = true,
                    "hilltop" => cell.hilltop = true,
                    "rail_terminal" => cell.rail_terminal = true,
                    "airfield" => cell.airfield = true,
                    other => errors.push(format!("hex {hex}: feature \"{other}\" is unknown")),
                }
            }
            b.cells.insert(*hex, cell);
        }
        for (hs, features) in &map.hexsides {
            let mut s = Side::default();
            for f in features {
                match f.kind.as_str() {
                    "river" => s.water = Some(Water::River),
                    "fordable_river" => s.water = Some(Water::FordableRiver),
                    "stream" => s.water = Some(Water::Stream),
                    "swamp" => s.water = Some(Water::Swamp),
                    "lake" => s.water = Some(Water::Lake),
                    "dnepr" => s.water = Some(Water::Dnepr),
                    "bridge" => s.bridge = true,
                    "rail_bridge" => s.rail_bridge = true,
                    other => errors.push(format!("hexside {hs}: \"{other}\" is unknown")),
                }
            }
            b.sides.insert(*hs, s);
        }
        for (hs, kinds) in &map.roads {
            for kind in kinds.iter() {
                match Road::of(kind.as_str()) {
                    Some(r) => b.set_road(*hs, r),
                    None => errors.push(format!("hexside {hs}: road \"{kind}\" is unknown")),
                }
            }
        }
        b.places = map
            .places
            .iter()
            .map(|p| (p.name.clone(), p.hexes.clone()))
            .collect();
        b
    }

    pub fn cell(&self, h: HexId) -> Option<&Cell> {
        self.cells.get(&h)
    }

    pub fn set_cell(&mut self, h: HexId, c: Cell) {
        self.cells.insert(h, c);
    }

    pub fn set_water(&mut self, a: HexId, b: HexId, w: Water) {
        if let Some(hs) = Hexside::new(a, b) {
            self.sides.entry(hs).or_default().water = Some(w);
            self.imply_bridge(hs);
        }
    }

    pub fn set_bridge(&mut self, a: HexId, b: HexId) {
        if let Some(hs) = Hexside::new(a, b) {
            self.sides.entry(hs).or_default().bridge = true;
        }
    }

    /// Adds a road kind along a hexside (a second kind runs beside the first).
    pub fn set_road(&mut self, hs: Hexside, r: Road) {
        let kinds = self.roads.entry(hs).or_default();
        if !kinds.contains(&r) {
            kinds.push(r);
        }
        self.imply_bridge(hs);
    }

    /// A road over a river or stream implies a bridge (15.2).
    fn imply_bridge(&mut self, hs: Hexside) {
        if let (Some(kinds), Some(s)) = (self.roads.get(&hs), self.sides.get_mut(&hs))
            && s.water.is_some_and(|w| w.is_river() || w == Water::Stream)
        {
            for r in kinds {
                if *r == Road::Railroad {
                    s.rail_bridge = true;
                } else {
                    s.bridge = true;
                }
            }
        }
    }

    pub fn side(&self, a: HexId, b: HexId) -> Side {
        Hexside::new(a, b)
            .and_then(|hs| self.sides.get(&hs).copied())
            .unwrap_or_default()
    }

    /// The road kinds along the hexside between `a` and `b` (none, one, or several).
    pub fn roads(&self, a: HexId, b: HexId) -> &[Road] {
        Hexside::new(a, b)
            .and_then(|hs| self.roads.get(&hs))
            .map_or(&[], Vec::as_slice)
    }

    /// Every hexside with a bridge, printed or implied (15.2), in a fixed order.
    pub fn bridge_sides(&self) -> Vec<Hexside> {
        let mut v: Vec<Hexside> = self
            .sides
            .iter()
            .filter(|(_, s)| s.bridge || s.rail_bridge)
            .map(|(h, _)| *h)
            .collect();
        v.sort_unstable();
        v
    }

    pub fn neighbours(&self, h: HexId) -> Vec<HexId> {
        self.grid.neighbours(h).collect()
    }

    pub fn adjacent(&self, a: HexId, b: HexId) -> bool {
        self.grid.are_adjacent(a, b)
    }

    pub fn distance(&self, a: HexId, b: HexId) -> u32 {
        self.grid.distance(a, b)
    }

    pub fn contains(&self, h: HexId) -> bool {
        self.grid.contains(h)
    }

    pub fn edge_hexes(&self, e: MapEdge) -> Vec<HexId> {
        self.grid.edge_hexes(e)
    }

    pub fn place(&self, name: &str) -> Option<&[HexId]> {
        self.places
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, h)| h.as_slice())
    }
}
