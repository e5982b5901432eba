//! The engine through the seam's game loop: the compiled example plays to its end with a
//! random bot on each side, its log replays event for event, a person's decision lists
//! the legal actions and a choice's key carries one out.

use std::path::Path;

use crate::Rtl;
use crate::schema::SCHEMAS;
use sztab_core::model::generic::Bundle;
use sztab_seam::play::GameState;
use sztab_seam::{BundleRef, Narration, RuleSystem};

fn example() -> (Bundle, std::path::PathBuf) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/rtl/soltsy-example.scenario.ron");
    (Bundle::load(&path, &SCHEMAS).unwrap().0, path)
}

#[test]
fn the_example_plays_through_the_seam_with_random_bots_and_its_log_replays() {
    let (b, path) = example();
    let playable = Rtl.prepare(BundleRef::Generic(&b)).unwrap();
    let bots = [
        ("german".to_string(), "random".to_string()),
        ("soviet".to_string(), "random".to_string()),
    ];
    let mut m = playable.new_match(17, &bots, Narration::Turns).unwrap();
    let mut lines = Vec::new();
    while !m.is_over() {
        lines.extend(m.step().unwrap());
    }
    lines.extend(m.finish());
    assert!(lines.iter().any(|l| l.starts_with("turn 1")), "{lines:?}");
    let result = m.result().unwrap();
    assert!(result.contains("after turn"), "{result}");
    let (log, actions, events) = m.log(&path).unwrap();
    assert!(actions > 0 && events > actions);
    let replayed = playable.replay(&path, &log).unwrap();
    assert!(replayed.same, "{replayed:?}");
    let record = m.record();
    assert!(record.winner.is_some() || record.level.as_deref() == Some("draw"));
}

#[test]
fn a_persons_decision_lists_the_legal_actions_and_a_key_carries_one_out() {
    let (b, _) = example();
    let mut g = crate::engine::Game::from_bundle(&b, 3).unwrap();
    let d = GameState::decision(&g, &());
    assert_eq!(d.choices.len(), g.legal().len());
    assert_eq!(Some(d.side), g.to_act());
    let key = d.choices[0].key.clone();
    let a = GameState::choose(&g, &mut (), &key).unwrap().unwrap();
    assert_eq!(a, g.legal()[0]);
    GameState::apply(&mut g, &a).unwrap();
    assert!(GameState::choose(&g, &mut (), "not an action").is_err());
    assert!(!GameState::board(&g).is_empty());
    assert!(GameState::phase_name(&g).starts_with("turn 1"));
}
