//! Operation Wanda (16.3).

use super::ok;
use super::sandbox::{QUIET, Sandbox, to_step};
use crate::engine::phase::Step;
use crate::engine::{Action, Army, Event};

#[test]
fn r16_3_wanda_from_turn_10_gives_four_missions_and_plus_3_to_later_air_rolls() {
    let mut b = Sandbox::new(10, 10);
    b.rules.first_turn = 10;
    b.spares();
    let mut faces = QUIET.to_vec();
    faces.extend([3, 4]);
    let mut g = b.game(&faces);
    to_step(&mut g, Army::German, Step::Event);
    let e = ok(&mut g, Action::Wanda);
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::WandaDeclared { roll: 7, ends: 20 })),
        "{e:?}"
    );
    assert_eq!(g.state().air.german, 4);
    // The next turn's German air roll has +3.
    to_step(&mut g, Army::Soviet, Step::Movement);
    assert_eq!(g.state().turn, 2);
}

#[test]
fn r16_3_wanda_is_not_declared_before_turn_10() {
    let mut b = Sandbox::new(10, 10);
    b.rules.first_turn = 9;
    b.spares();
    let mut g = b.game(QUIET);
    // The German Event Phase has nothing to decide on game-turn 9 and passes.
    to_step(&mut g, Army::German, Step::Movement);
    assert!(g.declarations().is_empty());
    assert_eq!(g.state().wanda_ends, None);
}

#[test]
fn r16_3_the_german_air_roll_gets_plus_3_while_wanda_lasts() {
    let mut b = Sandbox::new(10, 10);
    b.rules.first_turn = 10;
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::German, Step::Event);
    ok(&mut g, Action::Wanda);
    let mut events = Vec::new();
    while g.state().turn == 1 {
        events.extend(g.apply(&Action::EndPhase).unwrap());
    }
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::AirMissions {
                side: Army::German,
                drm: 3,
                ..
            }
        )),
        "{events:?}"
    );
}
