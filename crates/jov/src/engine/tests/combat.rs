//! Combat (12): support, strengths, shifts, the CRT's results, No Retreat, retreat and
//! advance. The dice are scripted: after the four opening rolls (QUIET), a combat rolls
//! the artillery dice if any, then red and black.

use super::sandbox::more::*;
use super::sandbox::{QUIET, Sandbox, hex, to_step, units::*};
use super::{ok, refused};
use crate::engine::combat::Stage;
use crate::engine::phase::Step;
use crate::engine::state::Loc;
use crate::engine::{Action, Army, Event};

/// A Soviet division on 0202 next to a German regiment on 0203, with the Soviet SDM on
/// 0201 and its source on the north edge (0101 by road).
fn duel() -> Sandbox {
    let mut b = Sandbox::new(10, 10);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.unit(Army::German, "gr", &GER_REGT, "0203");
    b.sdm(Army::Soviet, "su-sdm", "0201", &["0101"], 3);
    b.spares();
    b
}

fn at_resolution(b: &Sandbox, faces: &[u8]) -> crate::engine::Game {
    let mut script = QUIET.to_vec();
    script.extend_from_slice(faces);
    let mut g = b.game(&script);
    to_step(&mut g, Army::Soviet, Step::CombatDeclaration);
    ok(&mut g, Action::Declare { hex: hex("0203") });
    to_step(&mut g, Army::Soviet, Step::CombatResolution);
    g
}

fn odds(e: &[Event]) -> (u32, u32, i32) {
    e.iter()
        .find_map(|e| match e {
            Event::Odds {
                attack,
                defence,
                shifts,
                ..
            } => Some((*attack, *defence, *shifts)),
            _ => None,
        })
        .expect("odds")
}

#[test]
fn r12_4_a_supported_attack_spends_an_sp_and_attacks_at_full_strength() {
    let b = duel();
    let mut g = at_resolution(&b, &[3, 3]);
    ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202")],
        },
    );
    let e = ok(&mut g, Action::Supported(true));
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::SpSpent { sp: 1, left: 2, .. })),
        "{e:?}"
    );
    // 12 against 6: 2:1, one right for the division (12.9.2).
    assert_eq!(odds(&e), (12, 6, 1));
}

#[test]
fn r12_4_an_unsupported_attack_is_halved_and_gets_no_division_bonus_halving() {
    let b = duel();
    let mut g = at_resolution(&b, &[3, 3]);
    ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202")],
        },
    );
    let e = ok(&mut g, Action::Supported(false));
    assert_eq!(odds(&e).0, 6);
}

#[test]
fn r12_5_2_woods_add_two_a_hex_for_infantry_and_halve_armor() {
    let mut b = duel();
    b.rules.board.set_cell(
        hex("0203"),
        crate::engine::board::Cell::clear(crate::engine::board::Terrain::Woods),
    );
    let mut g = at_resolution(&b, &[3, 3]);
    ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202")],
        },
    );
    ok(&mut g, Action::Supported(true));
    let e = ok(&mut g, Action::NoRetreat(false));
    assert_eq!(odds(&e).1, 6 + 2);
}

#[test]
fn r12_6_an_attacker_in_the_zoc_of_an_unattacked_enemy_is_halved() {
    let mut b = duel();
    b.unit(Army::German, "gr2", &GER_REGT, "0302");
    let mut g = at_resolution(&b, &[3, 3]);
    ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202")],
        },
    );
    let e = ok(&mut g, Action::Supported(true));
    // Halved by the ZOC; the halved division gives no bonus (12.9.2).
    assert_eq!(odds(&e), (6, 6, 0));
}

#[test]
fn r12_12_2_a_defender_retreat_result_moves_it_away_and_the_attacker_may_advance() {
    let b = duel();
    // 12:6 is 2:1 (index 3), +1 division: 3:1; red 5 + black 5 = 10: "—/1R▶"... on the
    // invented chart 3:1 roll 10 is a Breakthrough (v = 4 + 10 - 9 = 5).
    let mut g = at_resolution(&b, &[5, 5]);
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
    assert_eq!(g.state().units[1].steps, 2);
    assert_eq!(
        g.state().battle.as_ref().map(|b| b.stage),
        Some(Stage::Advance)
    );
    ok(
        &mut g,
        Action::Advance {
            unit: "div".into(),
            path: vec![hex("0203")],
        },
    );
    assert_eq!(g.state().units[0].loc, Loc::Map(hex("0203")));
}

#[test]
fn r12_11_odds_below_1_3_disorganize_the_attacker() {
    let mut b = Sandbox::new(10, 10);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.rules.setup[0].2.steps = 1;
    b.unit(Army::German, "gr", &GER_REGT, "0203");
    b.unit(Army::German, "gr2", &GER_REGT, "0203");
    b.spares();
    let mut g = at_resolution(&b, &[6, 6]);
    // No SDM: the attack can only be unsupported, 3 halved to 2 against 12, and the
    // declarations with one answer are skipped: the Attack resolves at once.
    let e = ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202")],
        },
    );
    assert_eq!(odds(&e).0, 2);
    assert!(
        e.iter().any(|e| matches!(
            e,
            Event::AutoDisorganized {
                side: Army::Soviet,
                ..
            }
        )),
        "{e:?}"
    );
}

#[test]
fn r12_14_2_no_retreat_takes_a_step_instead_and_may_cost_the_attacker_one() {
    let mut b = duel();
    b.rules.board.set_cell(
        hex("0203"),
        crate::engine::board::Cell::clear(crate::engine::board::Terrain::Woods),
    );
    // 12 against 8: 1:1 (index 2) +1 = 2:1; roll 4+4 = 8: v = 3 + 8 - 9 = 2: "—/1R".
    // Then the No Retreat die: 2 against the 1 infantry step left: no attacker loss.
    let mut g = at_resolution(&b, &[4, 4, 2]);
    ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202")],
        },
    );
    ok(&mut g, Action::Supported(true));
    let e = ok(&mut g, Action::NoRetreat(true));
    assert!(
        e.iter().any(|e| matches!(
            e,
            Event::NoRetreatRolled {
                roll: 2,
                infantry_steps: 1
            }
        )),
        "{e:?}"
    );
    assert_eq!(g.state().units[1].loc, Loc::Map(hex("0203")));
    assert_eq!(g.state().units[1].steps, 1);
    assert_eq!(g.state().units[0].steps, 4);
}

#[test]
fn r12_3_3_a_hex_is_attacked_once_a_segment() {
    let mut b = duel();
    b.unit(Army::Soviet, "div2", &RIFLE_DIV, "0303");
    b.unit(Army::German, "gr3", &GER_REGT, "0403");
    let mut script = QUIET.to_vec();
    script.extend_from_slice(&[1, 1]);
    let mut g = b.game(&script);
    to_step(&mut g, Army::Soviet, Step::CombatDeclaration);
    ok(&mut g, Action::Declare { hex: hex("0203") });
    ok(&mut g, Action::Declare { hex: hex("0403") });
    to_step(&mut g, Army::Soviet, Step::CombatResolution);
    ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202")],
        },
    );
    ok(&mut g, Action::Supported(false));
    if g.state().battle.is_some() {
        ok(&mut g, Action::EndPhase);
    }
    assert_eq!(
        refused(
            &mut g,
            Action::Attack {
                target: hex("0203"),
                from: vec![hex("0303")]
            }
        ),
        "12.3.3"
    );
}

#[test]
fn r12_10_artillery_in_range_shifts_by_its_table() {
    let mut b = duel();
    b.unit(Army::Soviet, "art", &ARTILLERY, "0201");
    // OBS 5 (sandbox artillery), Soviet table row 3, column 5: 1 shift.
    let mut g = at_resolution(&b, &[3, 3, 3]);
    ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202")],
        },
    );
    ok(&mut g, Action::Supported(true));
    let e = ok(&mut g, Action::Artillery(vec!["art".into()]));
    assert!(
        e.iter().any(|e| matches!(
            e,
            Event::ArtilleryFired {
                total: 5,
                roll: 3,
                shifts: 1,
                ..
            }
        )),
        "{e:?}"
    );
    assert!(g.state().units[5].fired);
}

#[test]
fn r12_7_a_red_star_brigade_gives_combined_arms() {
    let mut b = duel();
    b.unit(Army::Soviet, "bde", &T34_BDE, "0303");
    let mut g = at_resolution(&b, &[3, 3]);
    ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202"), hex("0303")],
        },
    );
    let e = ok(&mut g, Action::Supported(true));
    // Division bonus 1, combined arms 1, armor superiority 2 dots against none: 2.
    assert_eq!(odds(&e).2, 4);
}

#[test]
fn r12_15_2_3_the_defender_may_advance_into_the_hex_the_attacker_lost() {
    let mut b = Sandbox::new(10, 10);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.rules.setup[0].2.steps = 1;
    b.unit(Army::German, "gr", &GER_REGT, "0203");
    b.spares();
    // Unsupported 3 halved to 2 against 6: 1:3; 1 + 1 = 2 reads "2DR/—".
    let mut g = at_resolution(&b, &[1, 1]);
    let e = ok(
        &mut g,
        Action::Attack {
            target: hex("0203"),
            from: vec![hex("0202")],
        },
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Eliminated { unit } if unit == "div")),
        "{e:?}"
    );
    assert_eq!(
        g.state().battle.as_ref().map(|b| b.stage),
        Some(Stage::DefenderAdvance)
    );
    assert_eq!(g.to_act(), Some(1));
    ok(
        &mut g,
        Action::Advance {
            unit: "gr".into(),
            path: vec![hex("0202")],
        },
    );
    assert_eq!(g.state().units[1].loc, Loc::Map(hex("0202")));
}
