//! Retreats (12.13, 12.16): the German regiment on the corner hex 0101, whose only
//! neighbours are 0102 and 0201, is attacked from 0201, unsupported, and the dice are
//! set for "—/1R" on the invented chart: the defender loses a step and retreats a hex.

use super::ok;
use super::sandbox::{QUIET, Sandbox, hex, to_step, units::*};
use crate::engine::board::Water;
use crate::engine::phase::Step;
use crate::engine::state::{Loc, Org};
use crate::engine::{Action, Army, Event};

fn corner(attacker: &str, others: &[&str]) -> Sandbox {
    let mut b = Sandbox::new(10, 10);
    b.unit(Army::German, "gr", &GER_REGT, "0101");
    b.unit(Army::Soviet, "div", &RIFLE_DIV, attacker);
    for (i, h) in others.iter().enumerate() {
        b.unit(Army::Soviet, &format!("other{i}"), &RIFLE_DIV, h);
    }
    b.spares();
    b
}

fn attack(b: &Sandbox, from: &str, dice: [u8; 2]) -> (crate::engine::Game, Vec<Event>) {
    let mut faces = QUIET.to_vec();
    faces.extend(dice);
    let mut g = b.supplied(&faces);
    to_step(&mut g, Army::Soviet, Step::CombatDeclaration);
    ok(&mut g, Action::Declare { hex: hex("0101") });
    to_step(&mut g, Army::Soviet, Step::CombatResolution);
    let e = ok(
        &mut g,
        Action::Attack {
            target: hex("0101"),
            from: vec![hex(from)],
        },
    );
    (g, e)
}

#[test]
fn r12_13_4_a_german_unit_retreating_into_a_soviet_zoc_takes_regroup() {
    // 12 halved to 6 against 6: 1:1; 4 + 5 = 9.
    let b = corner("0201", &[]);
    let (g, e) = attack(&b, "0201", [4, 5]);
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Retreated { unit, .. } if unit == "gr")),
        "{e:?}"
    );
    assert_eq!(g.state().units[0].loc, Loc::Map(hex("0102")));
    assert_eq!(g.state().units[0].org, Org::Regroup);
}

#[test]
fn r12_16_3_retreating_across_a_river_takes_regroup() {
    // A 2-step division projects only a ZOI: the Regroup is the river's. 6 halved to 3
    // against 6: 1:2; 5 + 5 = 10.
    let mut b = corner("0201", &[]);
    b.rules.setup[1].2.steps = 2;
    b.rules
        .board
        .set_water(hex("0101"), hex("0102"), Water::River);
    let (g, _) = attack(&b, "0201", [5, 5]);
    assert_eq!(g.state().units[0].loc, Loc::Map(hex("0102")));
    assert_eq!(g.state().units[0].org, Org::Regroup);
}

#[test]
fn r12_13_1_7_a_unit_that_cannot_retreat_loses_a_step_a_hex() {
    let b = corner("0201", &["0102"]);
    let (g, e) = attack(&b, "0201", [4, 5]);
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::CannotRetreat { hexes: 1, .. })),
        "{e:?}"
    );
    // "—/1R": a step from the CRT, and a step for the hex it could not retreat.
    assert_eq!(g.state().units[0].loc, Loc::Map(hex("0101")));
    assert_eq!(g.state().units[0].steps, 1);
}
