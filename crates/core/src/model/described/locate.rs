//! Where a problem about a unit, a hex or a side sits in a scenario file: a system's
//! setup checks name what a problem is about ([`Subject`]), and `validate` turns that into
//! the file, line and column of the value that states it, as WB-95's anchors do.

use super::Scenario;
use crate::model::{Anchor, Entry, Part, PathSeg, Subject};

/// The value of `scenario` that states `subject`: a unit's placement (on the map, in an
/// off-map box, in an arrival), the first placement or marker on a hex, or an arrival
/// entering there, a side's entry. `None` for what the scenario does not state.
pub fn anchor_of(scenario: &Scenario, subject: &Subject) -> Option<Anchor> {
    let at = |list: &str, i: usize| Anchor {
        part: Part::Scenario,
        path: vec![PathSeg::Field(list.into()), PathSeg::Item(i)],
    };
    match subject {
        Subject::Unit(id) => None
            .or_else(|| Some(at("setup", find(&scenario.setup, |p| p.unit == *id)?)))
            .or_else(|| Some(at("off_map", find(&scenario.off_map, |p| p.unit == *id)?)))
            .or_else(|| {
                let i = find(&scenario.arrivals, |a| a.units.contains(id))?;
                Some(at("arrivals", i))
            }),
        Subject::Hex(h) => None
            .or_else(|| Some(at("setup", find(&scenario.setup, |p| p.hex == *h)?)))
            .or_else(|| Some(at("markers", find(&scenario.markers, |m| m.hex == *h)?)))
            .or_else(|| {
                let enters = |a: &super::Arrival| a.entry.contains(&Entry::Hex(*h));
                Some(at("arrivals", find(&scenario.arrivals, enters)?))
            }),
        Subject::Side(id) => Some(at("sides", find(&scenario.sides, |s| s.id == *id)?)),
        Subject::Hexside(_) | Subject::Formation(_) | Subject::Place(_) => None,
    }
}

fn find<T>(list: &[T], pred: impl Fn(&T) -> bool) -> Option<usize> {
    list.iter().position(pred)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::HexId;
    use crate::model::{SideId, UnitId, io};

    fn scenario() -> Scenario {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../scenarios/rtl/soltsy-example.scenario.ron"
        );
        io::parse(&io::read_text(std::path::Path::new(path)).unwrap()).unwrap()
    }

    fn path_of(a: Option<Anchor>) -> Vec<PathSeg> {
        a.expect("an anchor").path
    }

    #[test]
    fn a_unit_is_found_on_the_map_off_it_and_in_its_arrival() {
        let s = scenario();
        let unit = |u: &str| anchor_of(&s, &Subject::Unit(UnitId::new(u)));
        let setup = s
            .setup
            .iter()
            .position(|p| p.unit.as_str() == "su-68")
            .unwrap();
        let item = |f: &str, i| vec![PathSeg::Field(f.into()), PathSeg::Item(i)];
        assert_eq!(path_of(unit("su-68")), item("setup", setup));
        assert_eq!(path_of(unit("su-i153")), item("off_map", 1));
        assert_eq!(path_of(unit("su-227")), item("arrivals", 0));
        assert_eq!(unit("nobody"), None);
    }

    #[test]
    fn a_hex_is_found_by_its_placement_marker_or_entry_and_a_side_by_its_entry() {
        let s = scenario();
        let hex = |h: &str| anchor_of(&s, &Subject::Hex(HexId::parse(h).unwrap()));
        let item = |f: &str, i| vec![PathSeg::Field(f.into()), PathSeg::Item(i)];
        assert_eq!(path_of(hex("2918")), item("setup", 0));
        assert_eq!(path_of(hex("3622")), item("arrivals", 0));
        assert_eq!(hex("0101"), None);
        let side = anchor_of(&s, &Subject::Side(SideId::new("soviet")));
        assert_eq!(path_of(side), item("sides", 1));
    }
}
