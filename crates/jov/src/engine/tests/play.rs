//! Whole games: random legal play always ends, and every legal action is accepted.

use super::example_rules;
use crate::engine::Game;

/// Plays `seed`'s game choosing among the legal actions with a simple generator;
/// returns the number of actions.
fn random_game(name: &str, seed: u64) -> usize {
    let mut g = Game::new(example_rules(name), seed);
    let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
    let mut n = 0;
    while g.to_act().is_some() {
        let legal = g.legal();
        assert!(
            !legal.is_empty(),
            "no legal action at {:?}",
            g.state().phase
        );
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = legal[(x >> 33) as usize % legal.len()].clone();
        g.apply(&a)
            .unwrap_or_else(|e| panic!("legal {a} refused: {e}"));
        n += 1;
        assert!(n < 20_000, "the game does not end");
    }
    assert!(g.result().is_some());
    n
}

#[test]
fn random_legal_play_ends_on_both_examples() {
    for seed in 0..4 {
        random_game("korsun-example.scenario.ron", seed);
        random_game("korsun-two-sheets.scenario.ron", seed);
    }
}
