//! Places to name after tracing: the towns and cities the map has (most of them just
//! accepted from a scan) that no named place holds yet, grouped as the scan shows them (a
//! city of several hexes is one place). The designer types the name; the hexes and the
//! kind come from the map.

use std::collections::{BTreeMap, BTreeSet};

use crate::edit::{Change, Edit};
use sztab_core::hex::HexId;
use sztab_core::model::{HexCell, Map, Pattern, Place, PlaceKind, TerrainCatalogue};

/// A group of neighbouring town or city hexes without a name.
#[derive(Clone, Debug, PartialEq)]
pub struct Unnamed {
    pub hexes: Vec<HexId>,
    pub kind: PlaceKind,
}

/// City when drawn with the city symbol, town with the town symbol; `None` otherwise.
fn settlement_kind(cat: &TerrainCatalogue, cell: &HexCell) -> Option<PlaceKind> {
    let patterns = cat
        .terrain(cell.terrain.as_str())
        .map(|t| t.pattern)
        .into_iter()
        .chain(
            cell.features
                .iter()
                .filter_map(|f| cat.feature(f.as_str()).map(|k| k.pattern)),
        );
    let mut kind = None;
    for p in patterns {
        match p {
            Pattern::City => return Some(PlaceKind::City),
            Pattern::Town => kind = Some(PlaceKind::Town),
            _ => {}
        }
    }
    kind
}

/// The town and city hexes no place holds, each run of neighbouring hexes of one kind
/// as one group, in the map's hex order.
pub fn unnamed(map: &Map, cat: &TerrainCatalogue) -> Vec<Unnamed> {
    let named: BTreeSet<HexId> = map.places.iter().flat_map(|p| p.hexes.clone()).collect();
    let mut left: BTreeMap<HexId, PlaceKind> = map
        .hexes
        .iter()
        .filter(|(h, _)| !named.contains(h))
        .filter_map(|(&h, cell)| Some((h, settlement_kind(cat, cell)?)))
        .collect();
    let mut groups = Vec::new();
    while let Some((start, kind)) = left.pop_first() {
        let mut hexes = vec![start];
        let mut i = 0;
        while i < hexes.len() {
            for n in map.grid.neighbours(hexes[i]) {
                if left.get(&n) == Some(&kind) {
                    left.remove(&n);
                    hexes.push(n);
                }
            }
            i += 1;
        }
        hexes.sort();
        groups.push(Unnamed { hexes, kind });
    }
    groups
}

/// The edit naming a group `name`; `None` for a blank name.
pub fn name_edit(map: &Map, group: &Unnamed, name: &str) -> Option<Edit> {
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    let before = map.places.clone();
    let mut after = before.clone();
    after.push(Place {
        name: name.to_owned(),
        kind: group.kind,
        hexes: group.hexes.clone(),
    });
    Some(Edit::new(format!("Name place {name}")).with(Change::Places { before, after }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::hex::{Grid, Numbering};

    use crate::trace::kursk_terrain as kursk;

    fn with(feature: &str) -> HexCell {
        let mut c = HexCell::new("clear");
        c.features.push(feature.into());
        c
    }

    #[test]
    fn neighbouring_city_hexes_are_one_place_and_named_ones_are_left_out() {
        let cat = kursk();
        let mut map = Map::new("", "", Grid::new(5, 4, Numbering::default()), "clear");
        for h in [HexId::new(1, 1), HexId::new(1, 2)] {
            map.hexes.insert(h, with("city"));
        }
        map.hexes.insert(HexId::new(4, 3), with("town"));
        map.hexes.insert(HexId::new(3, 1), with("town"));
        map.places.push(Place {
            name: "Ponyri".into(),
            kind: PlaceKind::Town,
            hexes: vec![HexId::new(3, 1)],
        });
        let groups = unnamed(&map, &cat);
        assert_eq!(
            groups,
            vec![
                Unnamed {
                    hexes: vec![HexId::new(1, 1), HexId::new(1, 2)],
                    kind: PlaceKind::City
                },
                Unnamed {
                    hexes: vec![HexId::new(4, 3)],
                    kind: PlaceKind::Town
                },
            ]
        );
        assert!(name_edit(&map, &groups[0], "  ").is_none());
        let e = name_edit(&map, &groups[0], " Kursk ").unwrap();
        match &e.changes[..] {
            [Change::Places { after, .. }] => {
                let p = after.last().unwrap();
                assert_eq!((p.name.as_str(), p.kind), ("Kursk", PlaceKind::City));
                assert_eq!(p.hexes, groups[0].hexes);
            }
            other => panic!("{other:?}"),
        }
    }
}
