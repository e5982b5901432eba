//! The engine through the seam's game loop: the example scenarios play to a result with
//! random bots, their logs replay, and a person's seat is offered the legal actions.

use super::example;
use crate::Jov;
use sztab_seam::{BundleRef, Narration, RuleSystem};

fn bots() -> Vec<(String, String)> {
    vec![
        ("soviet".into(), "random".into()),
        ("german".into(), "random".into()),
    ]
}

#[test]
fn both_examples_play_to_a_result_with_random_bots_and_replay() {
    for name in [
        "korsun-example.scenario.ron",
        "korsun-two-sheets.scenario.ron",
    ] {
        let b = example(name);
        let playable = Jov
            .prepare(BundleRef::Described(&b))
            .expect("the example is playable");
        let mut m = playable.new_match(7, &bots(), Narration::Silent).unwrap();
        while !m.is_over() {
            m.step().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        assert!(m.result().is_some(), "{name}");
        let dir = tempfile::tempdir().unwrap();
        let (log, _, _) = m.log(&dir.path().join(name)).unwrap();
        let replayed = playable.replay(&dir.path().join("game.ron"), &log).unwrap();
        assert_eq!(replayed.actions, m.actions(), "{name}");
        assert!(replayed.same, "{name}: the replay differs from the log");
    }
}

#[test]
fn a_seat_is_offered_every_legal_action() {
    let b = example("korsun-example.scenario.ron");
    let playable = Jov.prepare(BundleRef::Described(&b)).unwrap();
    let mut m = playable
        .new_match(3, &[("german".into(), "random".into())], Narration::Silent)
        .unwrap();
    // The Soviet side is a person's: the first decision is his.
    while m.decision().is_none() {
        m.step().unwrap();
    }
    let d = m.decision().unwrap();
    assert!(!d.choices.is_empty());
    let last = d.choices.last().unwrap().clone();
    m.choose(&last).unwrap();
}
