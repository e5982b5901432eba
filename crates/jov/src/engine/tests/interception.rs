//! Armor interception (9.11).

use super::ok;
use super::sandbox::more::T34_BDE;
use super::sandbox::{QUIET, Sandbox, hex, mv, to_step, units::*};
use crate::engine::board::{Cell, Terrain};
use crate::engine::phase::Step;
use crate::engine::{Action, Army, Event};

/// A T-34 brigade on 0202 and a Pz IV (3 white dots) on 0303, next to 0202 and 0203.
fn meeting() -> Sandbox {
    let mut b = Sandbox::new(10, 10);
    b.unit(Army::Soviet, "t34", &T34_BDE, "0202");
    b.unit(Army::German, "pz", &PZ_IV, "0303");
    b.spares();
    b
}

#[test]
fn r9_11_moving_between_two_hexes_next_to_enemy_armor_draws_fire_and_return_fire() {
    let mut faces = QUIET.to_vec();
    faces.extend([2, 1]);
    let mut g = meeting().game(&faces);
    to_step(&mut g, Army::Soviet, Step::Movement);
    ok(&mut g, mv(&["t34"], "0203"));
    assert_eq!(g.to_act(), Some(1), "the German player may intercept");
    let e = ok(
        &mut g,
        Action::Intercept {
            interceptor: "pz".into(),
            target: "t34".into(),
        },
    );
    assert!(e.iter().any(|e| matches!(
        e,
        Event::InterceptionFire {
            roll: 2,
            dots: 3,
            hit: true,
            ..
        }
    )));
    assert_eq!(g.state().units[0].steps, 2);
    let e = ok(&mut g, Action::ReturnFire);
    assert!(e.iter().any(|e| matches!(
        e,
        Event::InterceptionFire {
            roll: 1,
            dots: 2,
            hit: true,
            ..
        }
    )));
    assert_eq!(g.state().units[1].steps, 1);
    // The brigade that returned fire has halted.
    assert!(g.apply(&mv(&["t34"], "0304")).is_err());
}

#[test]
fn r9_11_3_one_interception_a_hex_a_moving_stack() {
    let mut faces = QUIET.to_vec();
    faces.push(6);
    let mut g = meeting().game(&faces);
    to_step(&mut g, Army::Soviet, Step::Movement);
    ok(&mut g, mv(&["t34"], "0203"));
    ok(
        &mut g,
        Action::Intercept {
            interceptor: "pz".into(),
            target: "t34".into(),
        },
    );
    ok(&mut g, Action::Decline);
    ok(&mut g, mv(&["t34"], "0304"));
    assert!(g.state().interception.is_none());
    assert_eq!(g.to_act(), Some(0));
}

#[test]
fn r9_11_2_no_interception_unless_both_hexes_are_clear() {
    let mut b = meeting();
    b.rules
        .board
        .set_cell(hex("0203"), Cell::clear(Terrain::Woods));
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::Soviet, Step::Movement);
    ok(&mut g, mv(&["t34"], "0203"));
    assert!(g.state().interception.is_none());
}
