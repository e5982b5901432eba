//! Bridges (15.2).

use super::sandbox::{QUIET, Sandbox, hex, mv, to_step, units::*};
use super::{ok, refused};
use crate::engine::board::Water;
use crate::engine::phase::Step;
use crate::engine::unit::{Kind, Sapper};
use crate::engine::{Action, Army, Event};

/// A river between 0202 and 0203 with a bridge; the German regiment holds 0203 and a
/// German engineer stands on 0204.
fn crossing() -> Sandbox {
    let mut b = Sandbox::new(10, 10);
    b.rules
        .board
        .set_water(hex("0202"), hex("0203"), Water::River);
    b.rules.board.set_bridge(hex("0202"), hex("0203"));
    b.unit(Army::German, "gr", &GER_REGT, "0203");
    let eng = b.unit(Army::German, "eng", &GER_REGT, "0204");
    b.rules.units[eng].kind = Kind::Engineer(Sapper::Combat);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0201");
    b.spares();
    b
}

#[test]
fn r15_2_1_the_controller_may_blow_a_bridge_the_instant_an_enemy_enters_its_hex() {
    let mut faces = QUIET.to_vec();
    faces.push(3);
    let mut g = crossing().supplied(&faces);
    to_step(&mut g, Army::Soviet, Step::Movement);
    ok(&mut g, mv(&["div"], "0202"));
    assert_eq!(g.to_act(), Some(1), "the German player decides");
    let e = ok(
        &mut g,
        Action::DestroyBridge {
            a: hex("0202"),
            b: hex("0203"),
        },
    );
    assert!(e.iter().any(|e| matches!(
        e,
        Event::BridgeDemolition {
            roll: 3,
            destroyed: true,
            ..
        }
    )));
    assert!(!g.hexside(hex("0202"), hex("0203")).bridge);
}

#[test]
fn r15_2_1_a_railroad_bridge_over_a_river_adds_2() {
    let mut b = crossing();
    b.rules.board.set_road(
        sztab_core::hex::Hexside::new(hex("0202"), hex("0203")).unwrap(),
        crate::engine::board::Road::Railroad,
    );
    let mut faces = QUIET.to_vec();
    faces.push(4);
    let mut g = b.supplied(&faces);
    to_step(&mut g, Army::Soviet, Step::Movement);
    ok(&mut g, mv(&["div"], "0202"));
    let e = ok(
        &mut g,
        Action::DestroyBridge {
            a: hex("0202"),
            b: hex("0203"),
        },
    );
    assert!(
        e.iter().any(|e| matches!(
            e,
            Event::BridgeDemolition {
                roll: 4,
                drm: 2,
                destroyed: false,
                ..
            }
        )),
        "{e:?}"
    );
    // One attempt a bridge a phase.
    assert!(g.state().demolition.is_none());
}

#[test]
fn r15_2_1_without_an_engineer_within_three_hexes_there_is_no_attempt() {
    let mut b = crossing();
    b.rules.units[1].kind = Kind::Infantry(crate::engine::unit::Foot::Rifle);
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::Soviet, Step::Movement);
    ok(&mut g, mv(&["div"], "0202"));
    assert!(g.state().demolition.is_none());
    assert_eq!(
        refused(
            &mut g,
            Action::DestroyBridge {
                a: hex("0202"),
                b: hex("0203")
            }
        ),
        "3.2"
    );
}

#[test]
fn r15_2_2_a_river_bridge_is_repaired_for_an_sp_and_a_later_1_to_5() {
    let mut b = Sandbox::new(10, 10);
    b.rules
        .board
        .set_water(hex("0202"), hex("0203"), Water::River);
    b.rules.board.set_bridge(hex("0202"), hex("0203"));
    b.unit(Army::German, "gr", &GER_REGT, "0202");
    let eng = b.unit(Army::German, "eng", &GER_REGT, "0203");
    b.rules.units[eng].kind = Kind::Engineer(Sapper::Combat);
    b.sdm(Army::German, "de-sdm", "0204", &["0205"], 3);
    b.spares();
    let mut faces = QUIET.to_vec();
    faces.push(1);
    let mut g = b.supplied(&faces);
    to_step(&mut g, Army::German, Step::Engineering);
    ok(
        &mut g,
        Action::DestroyBridge {
            a: hex("0202"),
            b: hex("0203"),
        },
    );
    let e = ok(
        &mut g,
        Action::RepairBridge {
            a: hex("0202"),
            b: hex("0203"),
            unit: "eng".into(),
        },
    );
    assert!(e.iter().any(|e| matches!(e, Event::SpSpent { sp: 1, .. })));
    let mut events = e;
    while g.state().turn < 2
        || g.state().phase
            != (crate::engine::phase::Phase {
                step: Step::Engineering,
                player: Army::German,
            })
    {
        match g.apply(&Action::EndPhase) {
            Ok(e) => events.extend(e),
            Err(_) => break,
        }
    }
    let roll = events
        .iter()
        .find_map(|e| match e {
            Event::BridgeRepairRolled { roll, .. } => Some(*roll),
            _ => None,
        })
        .expect("the repair rolled in the next Engineering Phase");
    let repaired = events
        .iter()
        .any(|e| matches!(e, Event::BridgeRepaired { .. }));
    assert_eq!(repaired, roll <= 5);
}
