//! A rectangular board: which printed hexes exist, who is next to whom, distances,
//! ranges, map edges and the flat-top layout used for drawing.

use hexx::{EdgeDirection, Hex, HexLayout};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{HexId, Hexside, Numbering};

/// The six directions of a flat-top hex, as seen on the printed map (north is up).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Dir {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];

    fn edge(self) -> EdgeDirection {
        // hexx's flat layout without `invert_y` has y growing downwards, as on screen.
        match self {
            Dir::N => EdgeDirection::FLAT_NORTH,
            Dir::NE => EdgeDirection::FLAT_NORTH_EAST,
            Dir::SE => EdgeDirection::FLAT_SOUTH_EAST,
            Dir::S => EdgeDirection::FLAT_SOUTH,
            Dir::SW => EdgeDirection::FLAT_SOUTH_WEST,
            Dir::NW => EdgeDirection::FLAT_NORTH_WEST,
        }
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::NE => Dir::SW,
            Dir::SE => Dir::NW,
            Dir::S => Dir::N,
            Dir::SW => Dir::NE,
            Dir::NW => Dir::SE,
        }
    }
}

/// One of the four edges of a rectangular board.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum MapEdge {
    North,
    East,
    South,
    West,
}

impl MapEdge {
    pub const ALL: [MapEdge; 4] = [MapEdge::North, MapEdge::East, MapEdge::South, MapEdge::West];

    /// The edge in words: "north".
    pub fn name(self) -> &'static str {
        match self {
            MapEdge::North => "north",
            MapEdge::East => "east",
            MapEdge::South => "south",
            MapEdge::West => "west",
        }
    }
}

/// A rectangular board of `cols` × `rows` printed hexes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Grid {
    pub cols: u16,
    pub rows: u16,
    pub numbering: Numbering,
}

impl Grid {
    pub fn new(cols: u16, rows: u16, numbering: Numbering) -> Self {
        Self {
            cols,
            rows,
            numbering,
        }
    }

    pub fn len(&self) -> usize {
        usize::from(self.cols) * usize::from(self.rows)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn last_col(&self) -> u16 {
        (self.numbering.first_col + self.cols).saturating_sub(1)
    }

    pub fn last_row(&self) -> u16 {
        (self.numbering.first_row + self.rows).saturating_sub(1)
    }

    pub fn contains(&self, id: HexId) -> bool {
        let n = &self.numbering;
        id.col >= n.first_col
            && id.row >= n.first_row
            && u32::from(id.col) < u32::from(n.first_col) + u32::from(self.cols)
            && u32::from(id.row) < u32::from(n.first_row) + u32::from(self.rows)
    }

    /// Dense index of a hex (column-major, the printed order), for arrays sized `len()`.
    pub fn index(&self, id: HexId) -> Option<usize> {
        self.contains(id).then(|| {
            let c = usize::from(id.col - self.numbering.first_col);
            let r = usize::from(id.row - self.numbering.first_row);
            c * usize::from(self.rows) + r
        })
    }

    /// The hex at a dense index (inverse of [`Grid::index`]).
    pub fn id_at(&self, index: usize) -> Option<HexId> {
        (index < self.len()).then(|| {
            let rows = usize::from(self.rows);
            HexId::new(
                self.numbering.first_col + (index / rows) as u16,
                self.numbering.first_row + (index % rows) as u16,
            )
        })
    }

    /// Every hex of the board, column by column.
    pub fn iter(&self) -> impl Iterator<Item = HexId> + '_ {
        (0..self.len()).filter_map(|i| self.id_at(i))
    }

    pub fn axial(&self, id: HexId) -> Hex {
        self.numbering.to_axial(id)
    }

    /// The board hex at an axial position, `None` off the board.
    pub fn id_of(&self, h: Hex) -> Option<HexId> {
        self.numbering.to_id(h).filter(|&id| self.contains(id))
    }

    pub fn neighbour(&self, id: HexId, dir: Dir) -> Option<HexId> {
        self.id_of(self.axial(id).neighbor(dir.edge()))
    }

    /// The on-board neighbours of a hex, in `Dir::ALL` order.
    pub fn neighbours(&self, id: HexId) -> impl Iterator<Item = HexId> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |d| self.neighbour(id, d))
    }

    /// Direction from `a` to its neighbour `b`.
    pub fn direction(&self, a: HexId, b: HexId) -> Option<Dir> {
        let (ha, hb) = (self.axial(a), self.axial(b));
        Dir::ALL.into_iter().find(|d| ha.neighbor(d.edge()) == hb)
    }

    pub fn are_adjacent(&self, a: HexId, b: HexId) -> bool {
        self.axial(a).unsigned_distance_to(self.axial(b)) == 1
    }

    /// The hexside between two adjacent hexes of this board.
    pub fn hexside(&self, a: HexId, b: HexId) -> Option<Hexside> {
        (self.contains(a) && self.contains(b) && self.are_adjacent(a, b))
            .then(|| Hexside::new(a, b))
            .flatten()
    }

    /// The hexside on side `dir` of `id`, if the hex across it is on the board.
    pub fn hexside_towards(&self, id: HexId, dir: Dir) -> Option<Hexside> {
        self.neighbour(id, dir).and_then(|n| Hexside::new(id, n))
    }

    /// Is this a hexside of this board (both hexes on it and adjacent)?
    pub fn has_hexside(&self, side: Hexside) -> bool {
        let (a, b) = side.hexes();
        self.hexside(a, b).is_some()
    }

    pub fn distance(&self, a: HexId, b: HexId) -> u32 {
        self.axial(a).unsigned_distance_to(self.axial(b))
    }

    /// All board hexes within `radius` of `id` (including `id`).
    pub fn range(&self, id: HexId, radius: u32) -> Vec<HexId> {
        self.axial(id)
            .range(radius)
            .filter_map(|h| self.id_of(h))
            .collect()
    }

    /// Board hexes at exactly `radius` from `id`.
    pub fn ring(&self, id: HexId, radius: u32) -> Vec<HexId> {
        if radius == 0 {
            return vec![id];
        }
        self.axial(id)
            .ring(radius)
            .filter_map(|h| self.id_of(h))
            .collect()
    }

    /// Board edges a hex lies on (a corner hex lies on two).
    pub fn edges_of(&self, id: HexId) -> Vec<MapEdge> {
        let mut edges = Vec::new();
        if !self.contains(id) {
            return edges;
        }
        let n = &self.numbering;
        if id.row == n.first_row {
            edges.push(MapEdge::North);
        }
        if id.col == self.last_col() {
            edges.push(MapEdge::East);
        }
        if id.row == self.last_row() {
            edges.push(MapEdge::South);
        }
        if id.col == n.first_col {
            edges.push(MapEdge::West);
        }
        edges
    }

    /// The hexes along one board edge.
    pub fn edge_hexes(&self, edge: MapEdge) -> Vec<HexId> {
        self.iter()
            .filter(|&h| self.edges_of(h).contains(&edge))
            .collect()
    }

    /// Distance between the centres of neighbouring columns, in board units.
    pub const COLUMN_SPACING: f32 = 1.5;
    /// Distance between the centres of neighbouring rows of a column, in board units (√3).
    pub const ROW_SPACING: f32 = 1.732_050_8;
    /// A hex's corners around its centre, starting east and turning through south (y
    /// down). `layout()` places hexes so; kept as constants for drawing loops, and tested
    /// against hexx.
    pub const CORNER_OFFSETS: [[f32; 2]; 6] = [
        [1.0, 0.0],
        [0.5, 0.866_025_4],
        [-0.5, 0.866_025_4],
        [-1.0, 0.0],
        [-0.5, -0.866_025_4],
        [0.5, -0.866_025_4],
    ];

    /// Layout with a hex size (centre to corner) of 1, y growing downwards.
    pub fn layout() -> HexLayout {
        HexLayout::flat().with_hex_size(1.0)
    }

    /// Centre of a hex in board units (hex size 1, y down; the first hex is at 0,0).
    pub fn center(&self, id: HexId) -> [f32; 2] {
        Self::layout().hex_to_world_pos(self.axial(id)).to_array()
    }

    /// The six corners of a hex in board units.
    pub fn corners(&self, id: HexId) -> [[f32; 2]; 6] {
        Self::layout()
            .hex_corners(self.axial(id))
            .map(|v| v.to_array())
    }

    /// The two end points of a hexside in board units.
    pub fn hexside_ends(&self, side: Hexside) -> Option<[[f32; 2]; 2]> {
        let (a, b) = side.hexes();
        let dir = self.direction(a, b)?;
        let edge = hexx::GridEdge {
            origin: self.axial(a),
            direction: dir.edge(),
        };
        Some(Self::layout().edge_coordinates(edge).map(|v| v.to_array()))
    }

    /// The board hex under a point in board units.
    pub fn hex_at(&self, p: [f32; 2]) -> Option<HexId> {
        self.id_of(Self::layout().world_pos_to_hex(p.into()))
    }

    /// Bounding box of the whole board in board units: (min, max).
    pub fn bounds(&self) -> ([f32; 2], [f32; 2]) {
        let mut min = [f32::MAX; 2];
        let mut max = [f32::MIN; 2];
        for id in [
            HexId::new(self.numbering.first_col, self.numbering.first_row),
            HexId::new(self.numbering.first_col + 1, self.numbering.first_row),
            HexId::new(self.last_col(), self.last_row()),
            HexId::new(self.last_col().saturating_sub(1), self.last_row()),
        ] {
            for c in self.corners(id) {
                for k in 0..2 {
                    min[k] = min[k].min(c[k]);
                    max[k] = max[k].max(c[k]);
                }
            }
        }
        (min, max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Parity;

    #[test]
    fn the_layout_constants_are_hexxs_layout() {
        let l = Grid::layout();
        let close =
            |a: [f32; 2], b: [f32; 2]| (a[0] - b[0]).abs() < 1e-5 && (a[1] - b[1]).abs() < 1e-5;
        let corners = l.hex_corners(Hex::ZERO).map(|v| v.to_array());
        for c in Grid::CORNER_OFFSETS {
            assert!(corners.iter().any(|&k| close(k, c)), "{c:?} in {corners:?}");
        }
        let east = l.hex_to_world_pos(Hex::new(2, -1)).to_array();
        assert!(close(east, [2.0 * Grid::COLUMN_SPACING, 0.0]), "{east:?}");
        let south = l.hex_to_world_pos(Hex::new(0, 1)).to_array();
        assert!(close(south, [0.0, Grid::ROW_SPACING]), "{south:?}");
    }

    fn grid(shifted: Parity) -> Grid {
        Grid::new(
            64,
            40,
            Numbering {
                first_col: 1,
                first_row: 1,
                digits: 2,
                shifted,
                labels: Default::default(),
            },
        )
    }

    #[test]
    fn ids_round_trip_over_a_64_by_40_map_in_both_shifts() {
        for shifted in [Parity::Odd, Parity::Even] {
            let g = grid(shifted);
            for col in 1..=64 {
                for row in 1..=40 {
                    let id = HexId::new(col, row);
                    let text = g.numbering.label(id);
                    let back = HexId::parse(&text).unwrap();
                    assert_eq!(back, id);
                    assert_eq!(g.id_of(g.axial(back)), Some(id), "{text} {shifted:?}");
                    assert_eq!(g.id_at(g.index(id).unwrap()), Some(id));
                }
            }
        }
    }

    #[test]
    fn the_shifted_columns_sit_lower() {
        let even = grid(Parity::Even);
        assert!(even.center(HexId::new(2, 1))[1] > even.center(HexId::new(1, 1))[1]);
        assert!(even.center(HexId::new(3, 1))[1] < even.center(HexId::new(2, 1))[1]);
        let odd = grid(Parity::Odd);
        assert!(odd.center(HexId::new(1, 1))[1] > odd.center(HexId::new(2, 1))[1]);
        // Same rule on a board whose first column is even (the southern Kursk sheet).
        let south = Grid::new(
            30,
            29,
            Numbering {
                first_col: 34,
                first_row: 6,
                digits: 2,
                shifted: Parity::Even,
                labels: Default::default(),
            },
        );
        assert!(south.center(HexId::new(34, 6))[1] > south.center(HexId::new(35, 6))[1]);
        assert!(south.numbering.is_shifted(34) && !south.numbering.is_shifted(35));
    }

    #[test]
    fn neighbours_follow_the_printed_columns() {
        let g = grid(Parity::Even);
        // 0503 is in an unshifted (odd) column: its east neighbours are 0602 (NE) and 0603 (SE).
        let h = HexId::new(5, 3);
        assert_eq!(g.neighbour(h, Dir::N), Some(HexId::new(5, 2)));
        assert_eq!(g.neighbour(h, Dir::S), Some(HexId::new(5, 4)));
        assert_eq!(g.neighbour(h, Dir::NE), Some(HexId::new(6, 2)));
        assert_eq!(g.neighbour(h, Dir::SE), Some(HexId::new(6, 3)));
        assert_eq!(g.neighbour(h, Dir::NW), Some(HexId::new(4, 2)));
        assert_eq!(g.neighbour(h, Dir::SW), Some(HexId::new(4, 3)));
        // 0603 is shifted down: its east neighbours are 0703 (NE) and 0704 (SE).
        let s = HexId::new(6, 3);
        assert_eq!(g.neighbour(s, Dir::NE), Some(HexId::new(7, 3)));
        assert_eq!(g.neighbour(s, Dir::SE), Some(HexId::new(7, 4)));
        for n in g.neighbours(s) {
            assert_eq!(g.distance(s, n), 1);
            assert_eq!(g.direction(n, s), g.direction(s, n).map(Dir::opposite));
        }
        assert_eq!(g.neighbours(HexId::new(1, 1)).count(), 2);
    }

    #[test]
    fn hexsides_are_the_same_from_both_sides_and_only_between_neighbours() {
        let g = grid(Parity::Odd);
        for id in g.iter() {
            for d in Dir::ALL {
                if let Some(n) = g.neighbour(id, d) {
                    assert_eq!(g.hexside_towards(id, d), g.hexside_towards(n, d.opposite()));
                    assert_eq!(g.hexside(id, n), g.hexside(n, id));
                    let ends = g.hexside_ends(g.hexside(id, n).unwrap()).unwrap();
                    assert!(ends[0] != ends[1]);
                }
            }
        }
        assert!(g.hexside(HexId::new(5, 3), HexId::new(5, 5)).is_none());
        assert!(g.hexside(HexId::new(64, 3), HexId::new(65, 3)).is_none());
    }

    #[test]
    fn ranges_rings_and_edges() {
        let g = grid(Parity::Even);
        let c = HexId::new(30, 20);
        assert_eq!(g.range(c, 3).len(), 37);
        assert_eq!(g.ring(c, 3).len(), 18);
        assert!(g.ring(c, 3).iter().all(|&h| g.distance(c, h) == 3));
        assert_eq!(g.range(HexId::new(1, 1), 1).len(), 3);
        assert_eq!(
            g.edges_of(HexId::new(1, 1)),
            vec![MapEdge::North, MapEdge::West]
        );
        assert_eq!(g.edge_hexes(MapEdge::East).len(), 40);
        assert_eq!(g.hex_at(g.center(c)), Some(c));
    }
}
