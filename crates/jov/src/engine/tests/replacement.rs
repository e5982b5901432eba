//! Replacements (8).

use super::sandbox::{QUIET, Sandbox, mv, to_step, units::*};
use super::{ok, refused};
use crate::engine::phase::Step;
use crate::engine::rules::Receipt;
use crate::engine::state::Org;
use crate::engine::{Action, Army};

fn receipt(army: Army, command: usize, infantry: u32) -> Receipt {
    Receipt {
        turn: 1,
        army,
        command,
        infantry,
        armor: 0,
    }
}

#[test]
fn r8_4_a_soviet_division_far_from_the_germans_takes_steps_but_never_its_last_and_stays_put() {
    let mut b = Sandbox::new(12, 12);
    let div = b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.rules.setup[0].2.steps = 1;
    b.sdm(Army::Soviet, "su-sdm", "0201", &["0101"], 3);
    b.rules.replacements.push(receipt(Army::Soviet, 0, 3));
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::Soviet, Step::Replacement);
    ok(&mut g, Action::Replace { unit: "div".into() });
    ok(&mut g, Action::Replace { unit: "div".into() });
    // Two steps a turn; 3 of 4 is as far as replacements go (8.4 case 3).
    assert_eq!(g.state().units[div].steps, 3);
    assert_eq!(g.state().units[div].org, Org::Disorganized);
    assert!(!g.legal().contains(&Action::Replace { unit: "div".into() }));
    to_step(&mut g, Army::Soviet, Step::Movement);
    assert_eq!(refused(&mut g, mv(&["div"], "0203")), "8.4");
}

#[test]
fn r8_4_a_soviet_division_within_3_hexes_of_a_german_takes_none() {
    let mut b = Sandbox::new(12, 12);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.rules.setup[0].2.steps = 2;
    b.sdm(Army::Soviet, "su-sdm", "0201", &["0101"], 3);
    // Three hexes down the column: too close (four or more are needed).
    b.unit(Army::German, "gr", &GER_REGT, "0205");
    b.rules.replacements.push(receipt(Army::Soviet, 0, 1));
    b.spares();
    let mut g = b.game(QUIET);
    // Nothing to decide in the Replacement Segment: it passes, the RP stays on the track.
    to_step(&mut g, Army::Soviet, Step::Movement);
    assert_eq!(g.state().units[0].steps, 2);
    assert_eq!(g.state().rp.get(&0), Some(&[1, 0]));
}

#[test]
fn r8_4_a_german_regiment_next_to_the_enemy_takes_one_step_and_regroups() {
    let mut b = Sandbox::new(12, 12);
    let gr = b.unit(Army::German, "gr", &GER_REGT, "0505");
    b.rules.setup[0].2.steps = 1;
    b.sdm(Army::German, "de-sdm", "0504", &["0503"], 3);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0506");
    b.rules.replacements.push(receipt(Army::German, 2, 2));
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::German, Step::Replacement);
    ok(&mut g, Action::Replace { unit: "gr".into() });
    assert_eq!(g.state().units[gr].steps, 2);
    assert_eq!(g.state().units[gr].org, Org::Regroup);
    assert!(!g.legal().contains(&Action::Replace { unit: "gr".into() }));
}
