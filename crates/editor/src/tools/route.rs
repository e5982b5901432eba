//! Road auto-routing between two hexes: A* over the board (hexx), preferring clear
//! terrain and existing roads and avoiding water crossings. Bounded to the map: off-board
//! hexes have no cost, so the search cannot wander.

use hexx::Hex;

use sztab_core::hex::{HexId, Hexside};
use sztab_core::model::{Map, TerrainCatalogue};

/// Cost of stepping from `a` into its neighbour `b`, in half-steps (≥ 2, so A*'s hex-distance
/// heuristic stays admissible after scaling).
fn step_cost(map: &Map, cat: &TerrainCatalogue, a: HexId, b: HexId) -> Option<u32> {
    let cell = map.hexes.get(&b)?;
    let side = Hexside::new(a, b)?;
    if map.roads.contains_key(&side) {
        return Some(2);
    }
    let mut c = 3;
    if let Some(t) = cat.terrain(cell.terrain.as_str()) {
        c += match t.pattern {
            sztab_core::model::Pattern::Plain => 0,
            sztab_core::model::Pattern::Hills => 2,
            sztab_core::model::Pattern::Mountain => 24,
            _ => 6,
        };
    }
    for f in &cell.features {
        if let Some(k) = cat.feature(f.as_str()) {
            c += if k.urban { 0 } else { 4 };
        }
    }
    if map.hexsides.contains_key(&side) {
        c += 12;
    }
    Some(c)
}

/// The cheapest chain of adjacent hexes from `from` to `to` (both included).
pub fn route(map: &Map, cat: &TerrainCatalogue, from: HexId, to: HexId) -> Option<Vec<HexId>> {
    let g = map.grid;
    if !g.contains(from) || !g.contains(to) {
        return None;
    }
    let cost = |a: Hex, b: Hex| -> Option<u32> {
        if a == b {
            return Some(0);
        }
        let (ia, ib) = (g.id_of(a)?, g.id_of(b)?);
        step_cost(map, cat, ia, ib)
    };
    let path = hexx::algorithms::a_star(g.axial(from), g.axial(to), cost)?;
    path.into_iter().map(|h| g.id_of(h)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::hex::{Grid, Numbering};
    use sztab_core::model::{HexsideFeature, io};

    fn catalogue() -> TerrainCatalogue {
        let p = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("assets/wb95/kursk-1943.terrain.ron");
        io::load_terrain(&p).unwrap().value
    }

    #[test]
    fn routes_straight_over_open_ground() {
        let map = Map::new("t", "", Grid::new(12, 12, Numbering::default()), "clear");
        let (a, b) = (HexId::new(2, 5), HexId::new(9, 5));
        let path = route(&map, &catalogue(), a, b).unwrap();
        assert_eq!(path.first(), Some(&a));
        assert_eq!(path.last(), Some(&b));
        assert_eq!(path.len() as u32, map.grid.distance(a, b) + 1);
        for w in path.windows(2) {
            assert!(map.grid.are_adjacent(w[0], w[1]));
        }
    }

    #[test]
    fn goes_around_mountains_and_stays_on_the_board() {
        let mut map = Map::new("t", "", Grid::new(10, 10, Numbering::default()), "clear");
        for r in 1..=6 {
            map.hexes.get_mut(&HexId::new(5, r)).unwrap().terrain = "mountain".into();
        }
        let path = route(&map, &catalogue(), HexId::new(3, 3), HexId::new(7, 3)).unwrap();
        assert!(path.iter().all(|h| map.grid.contains(*h)));
        assert!(!path.iter().any(|h| h.col == 5 && h.row <= 6), "{path:?}");
        // No route off the board.
        assert!(route(&map, &catalogue(), HexId::new(3, 3), HexId::new(30, 3)).is_none());
    }

    #[test]
    fn prefers_an_existing_bridge() {
        let mut map = Map::new("t", "", Grid::new(10, 10, Numbering::default()), "clear");
        let cat = catalogue();
        // A river along the east edges of column 5, bridged at row 8.
        for r in 1..=10 {
            for n in map
                .grid
                .neighbours(HexId::new(5, r))
                .filter(|n| n.col == 6)
                .collect::<Vec<_>>()
            {
                map.hexsides.insert(
                    Hexside::new(HexId::new(5, r), n).unwrap(),
                    vec![HexsideFeature::new("river")],
                );
            }
        }
        let bridge = Hexside::new(HexId::new(5, 8), HexId::new(6, 8)).unwrap();
        map.roads.insert(bridge, "main".into());
        let path = route(&map, &cat, HexId::new(5, 6), HexId::new(6, 6)).unwrap();
        let crossing = path
            .windows(2)
            .find(|w| w[0].col == 5 && w[1].col == 6)
            .unwrap();
        assert_eq!(Hexside::new(crossing[0], crossing[1]), Some(bridge));
    }
}
