//! The combat phase's other segments and recovery: reserves (9.6, 9.7, 12.1.6), German
//! armor reaction (12.1.2), breakthrough (12.1.4), night withdrawal (9.8) and the
//! Disorganization/Regroup phases (12.17.4).

use super::sandbox::{QUIET, Sandbox, hex, mv, to_step, units::*};
use super::{ok, refused};
use crate::engine::phase::Step;
use crate::engine::state::{Loc, Org};
use crate::engine::{Action, Army, Event};

#[test]
fn r9_6_a_reserve_does_not_move_in_the_movement_segment_and_moves_less_in_reserve_movement() {
    let mut b = Sandbox::new(12, 12);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.sdm(Army::Soviet, "su-sdm", "0201", &["0101"], 3);
    b.spares();
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::Soviet, Step::ReserveDeclaration);
    ok(&mut g, Action::Reserve { unit: "div".into() });
    to_step(&mut g, Army::Soviet, Step::Movement);
    assert_eq!(refused(&mut g, mv(&["div"], "0203")), "9.6");
    to_step(&mut g, Army::Soviet, Step::ReserveMovement);
    // 5 MP less 1 for a non-motorized reserve (9.7).
    for h in ["0203", "0204", "0205", "0206"] {
        ok(&mut g, mv(&["div"], h));
    }
    assert!(g.apply(&mv(&["div"], "0207")).is_err());
}

#[test]
fn r9_6_1_no_reserve_next_to_an_enemy() {
    let mut b = Sandbox::new(12, 12);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.sdm(Army::Soviet, "su-sdm", "0201", &["0101"], 3);
    b.unit(Army::German, "gr", &GER_REGT, "0203");
    b.spares();
    let g = b.supplied(QUIET);
    assert!(!g.may_reserve(0));
}

#[test]
fn r12_1_2_german_armor_reacts_one_hex_into_a_declared_combat_hex() {
    let mut b = Sandbox::new(12, 12);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.unit(Army::German, "gr", &GER_REGT, "0203");
    let pz = b.unit(Army::German, "pz", &PZ_IV, "0205");
    b.spares();
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::Soviet, Step::CombatDeclaration);
    ok(&mut g, Action::Declare { hex: hex("0203") });
    to_step(&mut g, Army::Soviet, Step::ArmorReaction);
    assert_eq!(g.to_act(), Some(1));
    ok(
        &mut g,
        Action::React {
            unit: "pz".into(),
            to: hex("0204"),
        },
    );
    assert_eq!(g.state().units[pz].loc, Loc::Map(hex("0204")));
}

#[test]
fn r12_1_2_armor_starting_in_an_enemy_zone_does_not_react() {
    let mut b = Sandbox::new(12, 12);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    let pz = b.unit(Army::German, "pz", &PZ_IV, "0203");
    let pz2 = b.unit(Army::German, "pz2", &PZ_IV, "0808");
    b.spares();
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::Soviet, Step::ArmorReaction);
    assert!(g.one_hex_moves(pz).is_empty());
    assert!(!g.one_hex_moves(pz2).is_empty());
}

#[test]
fn r12_1_4_a_breakthrough_marks_advancing_armor_which_may_then_move_a_hex() {
    let mut b = Sandbox::new(12, 12);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.sdm(Army::Soviet, "su-sdm", "0201", &["0101"], 3);
    let bde = b.unit(Army::Soviet, "bde", &super::sandbox::more::T34_BDE, "0202");
    b.unit(Army::German, "gr", &GER_REGT, "0203");
    b.spares();
    // 12 + 9 against 6 is 3:1; shifts: division 1, combined arms 1, armor superiority 2
    // (2 dots to none): 7:1; a roll of 2 + 2 = 4 reads v = 8 + 4 - 9 = 3: "—/1DR". A
    // roll of 3 + 3 = 6 reads v = 5: "—/1R▶". Armor fire: red 3 against 2 dots misses.
    let mut faces = QUIET.to_vec();
    faces.extend([3, 3]);
    let mut g = b.supplied(&faces);
    to_step(&mut g, Army::Soviet, Step::CombatDeclaration);
    ok(&mut g, Action::Declare { hex: hex("0203") });
    to_step(&mut g, Army::Soviet, Step::CombatResolution);
    ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202")],
        },
    );
    let e = ok(&mut g, Action::Supported(true));
    assert!(
        e.iter().any(
            |e| matches!(e, Event::Retreated { unit, path } if unit == "gr" && path.len() == 2)
        ),
        "{e:?}"
    );
    let e = ok(
        &mut g,
        Action::Advance {
            unit: "bde".into(),
            path: vec![hex("0203")],
        },
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::BreakthroughMarked { unit } if unit == "bde"))
    );
    ok(&mut g, Action::EndPhase);
    to_step(&mut g, Army::Soviet, Step::Breakthrough);
    ok(&mut g, mv(&["bde"], "0204"));
    assert_eq!(g.state().units[bde].loc, Loc::Map(hex("0204")));
    assert!(!g.state().units[bde].breakthrough);
}

#[test]
fn r9_8_german_armor_withdraws_one_hex_at_night_but_not_into_a_soviet_zone() {
    let mut b = Sandbox::new(12, 12);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    let pz = b.unit(Army::German, "pz", &PZ_IV, "0203");
    b.spares();
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::German, Step::NightWithdrawal);
    let moves = g.one_hex_moves(pz);
    assert!(moves.contains(&hex("0204")));
    assert!(
        !moves.contains(&hex("0303")),
        "0303 is next to the division"
    );
    ok(
        &mut g,
        Action::React {
            unit: "pz".into(),
            to: hex("0204"),
        },
    );
    assert_eq!(g.state().units[pz].loc, Loc::Map(hex("0204")));
}

#[test]
fn r12_17_4_disorganized_becomes_regroup_in_the_enemy_phase_then_recovers_in_its_own() {
    let mut b = Sandbox::new(12, 12);
    let div = b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.rules.setup[0].2.disorganized = true;
    b.spares();
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::German, Step::Movement);
    // The Soviet phase left it Disorganized (its own phase flips only German markers).
    assert_eq!(g.state().units[div].org, Org::Disorganized);
    to_step(&mut g, Army::Soviet, Step::Movement);
    assert_eq!(g.state().units[div].org, Org::Regroup);
    to_step(&mut g, Army::German, Step::Movement);
    assert_eq!(g.state().units[div].org, Org::Ok);
}
