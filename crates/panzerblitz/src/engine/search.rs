//! The search bot (P-27): at the start of each of its player-turns it tries the
//! heuristic bot at every strength as its plan for the turn, each in a few rollouts —
//! its own player-turn by the plan, then the enemy's by the strongest heuristic — on
//! the game as its side sees it with dice of its own, and plays the plan whose rollouts
//! end best: the victory level the situation would give if the game ended there, then
//! the units lost on both sides. Every plan meets the same dice (common random numbers),
//! so the comparison is between plans, not luck; the strongest heuristic keeps its place
//! unless another plan beats it clearly. Deterministic for its seed; no clock is read.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::action::Action;
use super::event::Event;
use super::game::Game;
use super::heuristic::{Heuristic, STRENGTHS};
use super::victory;
use sztab_seam::play::{Bot, Dice};

/// Rollouts per plan.
const ROLLOUTS: usize = 4;
/// Actions a rollout may take before it is cut off (a safeguard; a player-turn pair
/// takes a few dozen).
const MAX_ACTIONS: usize = 400;
/// A plan replaces the strongest heuristic only if its mean score is higher by this.
const SWITCH_MARGIN: f64 = 1.0;

pub struct Search {
    rng: ChaCha8Rng,
    /// The turn and side the plan was chosen for.
    key: Option<(u32, usize)>,
    plan: Heuristic,
}

impl Search {
    pub fn new(seed: u64) -> Self {
        Search {
            rng: ChaCha8Rng::seed_from_u64(seed),
            key: None,
            plan: Heuristic::new(STRENGTHS.1),
        }
    }

    /// The strength whose rollouts end best for `side` from `g`.
    fn choose(&mut self, g: &Game, side: usize) -> u8 {
        let seeds: Vec<u64> = (0..ROLLOUTS).map(|_| self.rng.random()).collect();
        let mut best = (STRENGTHS.1, f64::NEG_INFINITY);
        let mut strongest = 0.0;
        for s in (STRENGTHS.0..=STRENGTHS.1).rev() {
            let mean = seeds
                .iter()
                .map(|&seed| rollout(g, side, s, seed))
                .sum::<f64>()
                / ROLLOUTS as f64;
            if s == STRENGTHS.1 {
                strongest = mean;
            }
            if mean > best.1 {
                best = (s, mean);
            }
        }
        if best.1 > strongest + SWITCH_MARGIN {
            best.0
        } else {
            STRENGTHS.1
        }
    }
}

impl Bot<Game> for Search {
    fn decide(&mut self, game: &Game) -> Action {
        let st = game.state();
        let key = (st.turn, st.side);
        // A new player-turn of its own (not the enemy's return fire in it).
        if self.key != Some(key) && !st.step.fires_back() {
            let strength = self.choose(game, st.side);
            self.plan = Heuristic::new(strength);
            self.key = Some(key);
        }
        self.plan.decide(game)
    }
}

/// One rollout from `g`: `side` plays the rest of its player-turn as the heuristic at
/// `strength`, the enemy its next one as the strongest heuristic; the end scored.
fn rollout(g: &Game, side: usize, strength: u8, seed: u64) -> f64 {
    let mut g = g.seen_by(side);
    g.dice = Dice::new(seed, super::play::SAMPLER);
    let mut bots = [Heuristic::new(STRENGTHS.1), Heuristic::new(STRENGTHS.1)];
    bots[side] = Heuristic::new(strength);
    let mut turns_begun = 0;
    for _ in 0..MAX_ACTIONS {
        if g.is_over() || turns_begun >= 2 {
            break;
        }
        let actor = g.state().side;
        let a = bots[actor].decide(&g);
        let events = g
            .apply(&a)
            .or_else(|_| g.apply(&Action::EndStep))
            .unwrap_or_default();
        turns_begun += events
            .iter()
            .filter(|e| matches!(e, Event::PlayerTurn { .. }))
            .count();
    }
    score(&g, side)
}

/// How well a position stands for `side`: 10 for the victory level the situation gives
/// it if the game ended here (−10 the enemy's, 0 a draw), plus the enemy's units lost
/// less its own.
pub fn score(g: &Game, side: usize) -> f64 {
    let (winner, _) = victory::outcome(g);
    let level = match winner {
        Some(w) if w == g.s.sides[side].id => 10.0,
        Some(_) => -10.0,
        None => 0.0,
    };
    let lost = |s: usize| f64::from(victory::lost(g, s));
    level + lost(1 - side) - lost(side)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::engine::play::Compiled;
    use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, units::*};
    use crate::engine::state::Loc;
    use sztab_seam::{Narration, Playable};

    fn skirmish() -> Sandbox {
        let mut b = Sandbox::new(8, 8);
        b.unit(GERMAN, "pz", PZ_IV, "0202");
        b.unit(GERMAN, "inf", RIFLE_DE, "0302");
        b.unit(RUSSIAN, "t34", T34, "0606");
        b.unit(RUSSIAN, "rifle", RIFLE_RU, "0506");
        b.turns(3);
        b
    }

    #[test]
    fn search_p27_the_score_counts_units_lost_on_both_sides() {
        let mut g = skirmish().game(1);
        assert_eq!(score(&g, GERMAN), 0.0);
        let t34 = g.s.unit("t34").unwrap();
        g.st.units[t34].loc = Some(Loc::Destroyed);
        assert_eq!((score(&g, GERMAN), score(&g, RUSSIAN)), (1.0, -1.0));
    }

    /// A whole game with the search bot on both sides ends, and the same seed plays the
    /// same game.
    #[test]
    fn search_p27_plays_a_game_through_the_same_for_the_same_seed() {
        let compiled = Compiled(Arc::new(skirmish().s));
        let bots: Vec<(String, String)> = ["german", "russian"]
            .map(|s| (s.to_owned(), "search".to_owned()))
            .to_vec();
        let play = || {
            let mut m = compiled.new_match(9, &bots, Narration::Silent).unwrap();
            while !m.is_over() {
                m.step().unwrap();
            }
            m.log(std::path::Path::new("skirmish")).unwrap()
        };
        let (a, b) = (play(), play());
        assert_eq!(a, b);
        assert!(a.1 > 0, "actions were taken");
    }
}
