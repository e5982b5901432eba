//! Random legal play: whatever the players choose among the legal actions, the game keeps
//! its invariants — stacking within 9 points at the end of every phase, every unit in one
//! place, steps never below zero nor above the counter's, nothing stuck — and ends.

use std::path::Path;

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::model::generic::Bundle;
use crate::systems::rtl::engine::movement::STACKING;
use crate::systems::rtl::engine::state::{Loc, Phase, Stage};
use crate::systems::rtl::engine::{Game, compile};
use crate::systems::rtl::schema::SCHEMAS;

fn example() -> std::sync::Arc<crate::systems::rtl::engine::Rules> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rtl/soltsy-example.scenario.ron");
    let b = Bundle::load(&path, &SCHEMAS).unwrap().0;
    std::sync::Arc::new(compile(&b).unwrap())
}

/// Whether the phase under way is past its moves: stacking must hold.
fn settled(g: &Game) -> bool {
    let st = g.state();
    st.pending.is_empty()
        && match &st.phase {
            Phase::Sequence => st.seq().is_some_and(|q| {
                q.battle.is_none()
                    && matches!(
                        q.stage,
                        Stage::Declaration
                            | Stage::Leads
                            | Stage::Refusal
                            | Stage::NoRetreat
                            | Stage::Combat
                    )
            }),
            _ => true,
        }
}

fn invariants(g: &Game) {
    let st = g.state();
    for (u, s) in st.units.iter().enumerate() {
        let d = &g.rules.units[u];
        assert!(s.steps <= d.steps(), "{} has {} steps", d.id, s.steps);
        assert_eq!(
            s.steps == 0,
            s.loc == Loc::Gone,
            "{}: steps {} at {:?}",
            d.id,
            s.steps,
            s.loc
        );
        if let Loc::Map(h) = s.loc {
            assert!(g.rules.board.contains(h), "{} is off the map at {h}", d.id);
            assert!(d.is_ground(), "air unit {} on the map", d.id);
        }
        if matches!(s.loc, Loc::Ready | Loc::Flown) {
            assert!(!d.is_ground(), "{} in the Air Display", d.id);
        }
    }
    // No hex holds both sides' combat units (8.14).
    let mut hexes: Vec<_> = st.units.iter().filter_map(|s| s.hex()).collect();
    hexes.sort();
    hexes.dedup();
    for h in hexes {
        let sides: std::collections::BTreeSet<_> = g
            .state()
            .at(h)
            .filter(|&u| g.rules.units[u].is_combat())
            .map(|u| g.rules.units[u].side)
            .collect();
        assert!(sides.len() <= 1, "both sides on {h}");
        if settled(g) {
            for side in [0, 1] {
                assert!(
                    g.stack_points(h, side) <= STACKING,
                    "{h} overstacked in {:?}",
                    st.phase
                );
            }
        }
    }
}

/// Plays a game to its end choosing at random among the legal actions.
fn random_game(
    rules: std::sync::Arc<crate::systems::rtl::engine::Rules>,
    seed: u64,
    limit: usize,
) -> Game {
    let mut g = Game::new(rules, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..limit {
        invariants(&g);
        if g.to_act().is_none() {
            assert!(g.result().is_some());
            return g;
        }
        let legal = g.legal();
        assert!(!legal.is_empty(), "nothing legal in {:?}", g.state().phase);
        let a = &legal[rng.random_range(0..legal.len())];
        g.apply(a)
            .unwrap_or_else(|e| panic!("listed {a} refused: {e}"));
    }
    panic!("the game did not end in {limit} actions")
}

#[test]
fn random_games_of_the_example_end_with_a_result_and_keep_the_invariants() {
    let rules = example();
    for seed in 0..6 {
        let g = random_game(rules.clone(), seed, 20_000);
        let r = g.result().unwrap();
        assert!(r.turn >= 1 && r.turn <= 4, "{r:?}");
    }
}

#[test]
fn the_same_seed_and_choices_give_the_same_game() {
    let rules = example();
    let a = random_game(rules.clone(), 3, 20_000);
    let b = random_game(rules, 3, 20_000);
    assert_eq!(a.result(), b.result());
    assert_eq!(
        format!("{:?}", a.state().units),
        format!("{:?}", b.state().units)
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    #[test]
    fn any_random_legal_play_ends_and_keeps_the_invariants(seed in 0u64..1_000_000) {
        let g = random_game(example(), seed, 20_000);
        prop_assert!(g.result().is_some());
    }
}
