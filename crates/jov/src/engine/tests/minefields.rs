//! Soviet minefields (15.3). The minefield on 0505 faces north: its designated hexsides
//! are those to 0504 (north) and the north-east and north-west neighbours.

use super::sandbox::more::ARTILLERY;
use super::sandbox::{QUIET, Sandbox, hex, mv, to_step, units::*};
use super::{ok, refused};
use crate::engine::phase::Step;
use crate::engine::state::Loc;
use crate::engine::{Action, Army, Event};
use sztab_core::hex::Dir;

fn mined() -> Sandbox {
    let mut b = Sandbox::new(10, 10);
    b.rules.minefields.push((hex("0505"), Dir::N));
    b.spares();
    b
}

#[test]
fn r15_3_2_1_german_armor_crossing_rolls_and_pays_three_more_mp() {
    let mut b = mined();
    let pz = b.unit(Army::German, "pz", &PZ_IV, "0504");
    let mut faces = QUIET.to_vec();
    faces.push(2);
    let mut g = b.supplied(&faces);
    to_step(&mut g, Army::German, Step::Movement);
    let e = ok(&mut g, mv(&["pz"], "0505"));
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::MinefieldRoll { roll: 2, .. })),
        "{e:?}"
    );
    assert_eq!(g.state().units[pz].steps, 1);
    // Clear costs 1, the minefield 3: 4 of its 4 MP (OOS1 halves 8).
    assert!(e.iter().any(|e| matches!(e, Event::Moved { spent, .. } if spent[0] == crate::engine::mp::Mp::whole(4))), "{e:?}");
}

#[test]
fn r15_3_2_2_german_infantry_entering_halts_and_the_marker_goes_in_the_engineering_phase() {
    let mut b = mined();
    b.unit(Army::German, "gr", &GER_REGT, "0504");
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::German, Step::Movement);
    let e = ok(&mut g, mv(&["gr"], "0505"));
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Halted { rule, .. } if rule.starts_with("15.3.2"))),
        "{e:?}"
    );
    assert_eq!(g.state().minefields.len(), 1);
    to_step(&mut g, Army::Soviet, Step::Movement);
    assert!(g.state().minefields.is_empty());
}

#[test]
fn r15_3_2_4_artillery_may_not_cross_a_minefield_hexside() {
    let mut b = mined();
    b.unit(Army::German, "art", &ARTILLERY, "0504");
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::German, Step::Movement);
    assert_eq!(refused(&mut g, mv(&["art"], "0505")), "15.3.2");
    // The south side is not designated.
    ok(&mut g, mv(&["art"], "0404"));
}

#[test]
fn r15_3_2_a_german_attack_across_a_minefield_gives_the_defender_a_column() {
    let mut b = mined();
    b.unit(Army::German, "gr", &GER_REGT, "0504");
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0505");
    let mut faces = QUIET.to_vec();
    faces.extend([3, 3]);
    let mut g = b.supplied(&faces);
    to_step(&mut g, Army::German, Step::CombatDeclaration);
    ok(&mut g, Action::Declare { hex: hex("0505") });
    to_step(&mut g, Army::German, Step::CombatResolution);
    let e = ok(
        &mut g,
        Action::Attack {
            target: hex("0505"),
            from: vec![hex("0504")],
        },
    );
    // The minefield lets the defender declare No Retreat (12.14.1); he does not.
    assert!(e.is_empty());
    let e = ok(&mut g, Action::NoRetreat(false));
    let shifts = e.iter().find_map(|e| match e {
        Event::Odds { shifts, .. } => Some(*shifts),
        _ => None,
    });
    assert_eq!(shifts, Some(-1), "{e:?}");
}

#[test]
fn r15_3_1_a_soviet_division_lays_a_minefield_finished_next_soviet_engineering_phase() {
    let mut b = Sandbox::new(10, 10);
    b.rules.minefield_allotment = 1;
    let div = b.unit(Army::Soviet, "div", &RIFLE_DIV, "0505");
    b.sdm(Army::Soviet, "su-sdm", "0504", &["0503"], 3);
    b.spares();
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::Soviet, Step::Engineering);
    ok(
        &mut g,
        Action::BuildMinefield {
            unit: "div".into(),
            facing: hex("0506"),
        },
    );
    assert!(!g.state().minefields[0].complete);
    assert_eq!(g.state().minefields_left, 0);
    let mut events = Vec::new();
    while g.state().turn < 2
        || g.state().phase.step != Step::Movement
        || g.state().phase.player != Army::German
    {
        events.extend(g.apply(&Action::EndPhase).unwrap());
    }
    assert_eq!(g.state().units[div].loc, Loc::Map(hex("0505")));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::MinefieldCompleted { .. })),
        "{events:?}"
    );
    assert!(g.state().minefields[0].complete);
}
