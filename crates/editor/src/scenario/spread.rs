//! Dropping a whole formation: its units spread over the drop hex and its neighbours,
//! filling each hex up to the stacking limit, or over hexes the designer picked, one unit
//! per hex in turn as the rulebook lists "258 ID — 0502, 0703, 0904".

use super::legality::{Occupancy, SetupRules, side_of, start_cel};
use sztab_core::hex::{Grid, HexId};
use sztab_core::model::{Bundle, UnitId};

/// How far from the drop hex a formation may spread.
const MAX_RINGS: u32 = 3;

/// Where each unit goes; units that fit nowhere are left out and listed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spread {
    pub placed: Vec<(UnitId, HexId)>,
    pub left: Vec<UnitId>,
}

/// Candidate hexes around `at`: the hex, then ring 1, 2, 3.
pub fn around(grid: &Grid, at: HexId) -> Vec<HexId> {
    let mut v = vec![at];
    for r in 1..=MAX_RINGS {
        v.extend(grid.ring(at, r));
    }
    v
}

/// Fills `hexes` in order with `units`: each unit takes the first hex where it is legal.
pub fn fill(b: &Bundle, rules: &SetupRules, units: &[UnitId], hexes: &[HexId]) -> Spread {
    assign(b, rules, units, hexes, |_, _| 0)
}

/// Deals `units` over `hexes` in turn (unit k to hex k mod n), skipping hexes where a
/// unit is illegal.
pub fn deal(b: &Bundle, rules: &SetupRules, units: &[UnitId], hexes: &[HexId]) -> Spread {
    assign(b, rules, units, hexes, |k, n| k % n.max(1))
}

fn assign(
    b: &Bundle,
    rules: &SetupRules,
    units: &[UnitId],
    hexes: &[HexId],
    first: impl Fn(usize, usize) -> usize,
) -> Spread {
    let names: Vec<&str> = units.iter().map(UnitId::as_str).collect();
    let mut occ = Occupancy::of_setup(b, &names);
    let mut out = Spread::default();
    for (k, u) in units.iter().enumerate() {
        let Some(def) = b.counters.unit(u.as_str()) else {
            out.left.push(u.clone());
            continue;
        };
        let p = b.scenario.setup.iter().find(|p| p.unit == *u);
        let (cel, side) = (start_cel(def, p), side_of(b, def));
        let n = hexes.len();
        let start = first(k, n);
        let area = rules.area_of(b, def, false);
        let inside = |h: HexId| area.as_ref().is_none_or(|(_, hs)| hs.contains(&h));
        let found = (0..n)
            .map(|i| hexes[(start + i) % n])
            .find(|&h| inside(h) && rules.verdict(def, cel, side, h, &occ).is_legal());
        match found {
            Some(h) => {
                occ.add(h, cel, side);
                out.placed.push((u.clone(), h));
            }
            None => out.left.push(u.clone()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn fixture() -> Bundle {
        let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        Bundle::load(&p).unwrap().0
    }

    #[test]
    fn a_formation_fills_stacks_up_to_eight_cel() {
        let b = fixture();
        let rules = SetupRules::new(&b);
        let units: Vec<UnitId> = ["1PzD/1", "1PzD/2", "1PzD/113", "10ID/20", "10ID/41"]
            .map(UnitId::new)
            .to_vec();
        let at = HexId::parse("0303").unwrap();
        let s = fill(&b, &rules, &units, &around(&b.map.grid, at));
        assert!(s.left.is_empty());
        // 2+2+2+2 = 8 CEL on the drop hex, the fifth unit next door.
        assert_eq!(s.placed.iter().filter(|(_, h)| *h == at).count(), 4);
        assert!(b.map.grid.are_adjacent(s.placed[4].1, at));
    }

    #[test]
    fn dealing_puts_one_unit_per_listed_hex() {
        let b = fixture();
        let rules = SetupRules::new(&b);
        let units: Vec<UnitId> = ["10ID/20", "10ID/41", "10ID/85"].map(UnitId::new).to_vec();
        let hexes: Vec<HexId> = ["0302", "0303", "0304"]
            .iter()
            .map(|s| HexId::parse(s).unwrap())
            .collect();
        let s = deal(&b, &rules, &units, &hexes);
        let got: Vec<HexId> = s.placed.iter().map(|(_, h)| *h).collect();
        assert_eq!(got, hexes);
    }
}
