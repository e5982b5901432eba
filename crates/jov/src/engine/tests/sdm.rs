//! The Supply Marker Phase (13.2.1).

use super::sandbox::{QUIET, Sandbox, hex, to_step};
use super::{ok, refused};
use crate::engine::phase::Step;
use crate::engine::state::Loc;
use crate::engine::{Action, Army, Event};

#[test]
fn r13_2_1_an_sdm_is_placed_on_a_road_within_one_increment_past_its_capacity() {
    let mut b = Sandbox::new(6, 20);
    // A road down column 01 to its source on 0120; capacity 1, 6-hex increments: at
    // most 12 road hexes from the source.
    let road: Vec<String> = (2..=20).map(|r| format!("01{r:02}")).collect();
    let refs: Vec<&str> = road.iter().map(String::as_str).collect();
    let sdm = b.sdm(Army::German, "de-sdm", "0101", &refs, 1);
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::German, Step::SupplyMarkers);
    assert_eq!(
        refused(
            &mut g,
            Action::PlaceSdm {
                sdm: "de-sdm".into(),
                hex: hex("0107")
            }
        ),
        "13.2.1"
    );
    let e = ok(
        &mut g,
        Action::PlaceSdm {
            sdm: "de-sdm".into(),
            hex: hex("0108"),
        },
    );
    assert_eq!(g.state().units[sdm].loc, Loc::Map(hex("0108")));
    // 12 hexes: 2 increments, one past the first: the truck side, no SP (14.2).
    assert!(
        e.iter().any(|e| matches!(
            e,
            Event::SupplyPoints {
                increments: 2,
                sp: 0,
                ..
            }
        )),
        "{e:?}"
    );
}
