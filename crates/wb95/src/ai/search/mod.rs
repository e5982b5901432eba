//! The search bot: the heuristic bot's candidate plans, each tried out by determinized
//! rollouts, the best one played.
//!
//! At each of its side's Movement-type phases (the first `Move` decision of a phase
//! tick) the bot weighs a few *candidate policies* ([`CANDIDATES`] for the side taking
//! objectives, [`DEFENDER_CANDIDATES`] for the side defending them): the strongest
//! heuristic bot leaning to each [`Posture`] (hold the line, fall back to the victory
//! hexes behind it, strike, spare the units), then other seeds and strengths, each of
//! which makes its own movement plan and the attacks that go with it. Each candidate is scored by
//! [`Budget::rollouts`] rollouts: a [determinized](Game::determinized) copy of the game
//! (what the side sees kept, the enemy units it cannot see shuffled among the places it
//! cannot see, new dice) played ahead [`Budget::turns`] full turns, the candidate for this
//! side and the strongest heuristic bot for the enemy, then judged by [`rollout::score`]
//! (CELs left on both sides, the victory points if the game ended now and the level they
//! reach, or the result of a game that ended). Every candidate meets the same
//! determinizations and dice (common random numbers), so the comparison is between
//! plans, not between luck. The
//! best candidate then plays the side's decisions until the next search; the standard
//! plan keeps its place unless another beats it by [`SWITCH_MARGIN`], as a few
//! rollouts are noisy.
//!
//! The bot never reads what fog of war hides (R16): every decision, searched or not, is
//! taken on a determinized copy of the game; an action that is not legal in the real
//! game (it cannot happen through what the side sees, but the check costs nothing) falls
//! back to the random-legal bot. It is deterministic for its seed: the beliefs and the
//! rollouts' dice come from its own ChaCha stream, and no clock is read.

mod rollout;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::heuristic::{MAX_STRENGTH, MIN_STRENGTH, Posture};
use super::{HeuristicBot, Player, RandomBot};
use crate::{Action, Decision, Game, Phase, Side};
use sztab_core::model::SideId;

pub use rollout::score;

/// Ticks (phases) in a turn: a rollout plays whole turns ahead, so the enemy answers.
const TURN_TICKS: u32 = Phase::ALL.len() as u32;
/// The heuristic strength of the enemy in rollouts: the strongest, as the enemy the
/// search meets is; a weaker one forgives plans the real enemy punishes
/// (docs/measurements/bot-ladder.md).
const ROLLOUT_ENEMY_STRENGTH: u8 = MAX_STRENGTH;
/// A candidate policy: the heuristic bot at a strength leaning to a posture, its
/// tie-breaking seed offset from the search bot's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub strength: u8,
    pub posture: Posture,
    pub offset: u64,
}

impl Candidate {
    const fn new(strength: u8, posture: Posture, offset: u64) -> Candidate {
        Candidate {
            strength,
            posture,
            offset,
        }
    }

    /// The policy, seeded from the search bot's `seed`.
    pub fn bot(self, seed: u64) -> HeuristicBot {
        HeuristicBot::with_posture(self.strength, self.posture, seed.wrapping_add(self.offset))
    }
}

/// Candidate policies of the side taking objectives (and of a scenario without victory
/// conditions), best guesses first: the postures of the strongest heuristic bot, then
/// another seed, then the default strength.
pub const CANDIDATES: [Candidate; 6] = [
    Candidate::new(5, Posture::Standard, 0),
    Candidate::new(5, Posture::Hold, 0),
    Candidate::new(5, Posture::Cautious, 0),
    Candidate::new(5, Posture::Bold, 0),
    Candidate::new(5, Posture::Standard, 1),
    Candidate::new(3, Posture::Standard, 0),
];
/// Candidate policies of the side defending objectives, best guesses first: sparing the
/// units first, as the standard plan played all game loses the units that make the
/// scorer's victory points. Cautious is left out: its fall back to the rear victory hexes
/// looks best in a short rollout (nothing is lost this turn) and gives the places away.
/// The games that chose these are in docs/measurements/bot-ladder.md.
pub const DEFENDER_CANDIDATES: [Candidate; 6] = [
    Candidate::new(5, Posture::Guarded, 0),
    Candidate::new(5, Posture::Standard, 0),
    Candidate::new(5, Posture::Hold, 0),
    Candidate::new(5, Posture::Bold, 0),
    Candidate::new(5, Posture::Guarded, 1),
    Candidate::new(3, Posture::Guarded, 0),
];

/// The candidates of side `me`: the defender's when the scenario names another scorer.
pub fn candidates(game: &Game, me: Side) -> &'static [Candidate; 6] {
    match &game.prepared().victory {
        Some(v) if v.scorer != me => &DEFENDER_CANDIDATES,
        _ => &CANDIDATES,
    }
}

/// How much (CEL-equivalents, a rollout's mean score) another candidate must beat the
/// first by to be played instead: a few rollouts are noisy, and the first is the plan
/// the heuristic bot would make (a smaller margin switched to worse plans;
/// docs/measurements/bot-ladder.md).
pub const SWITCH_MARGIN: f64 = 4.0;

/// How much a decision may cost, as the strength sets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Candidate policies weighed at each search.
    pub candidates: usize,
    /// Rollouts per candidate.
    pub rollouts: usize,
    /// Turns a rollout plays ahead: one turn cannot tell the plans apart (the same
    /// losses, the same places), three show what a plan costs or gains.
    pub turns: u32,
}

impl Budget {
    pub fn of(strength: u8) -> Budget {
        let (candidates, rollouts, turns) = match strength.clamp(MIN_STRENGTH, MAX_STRENGTH) {
            1 => (2, 1, 1),
            2 => (3, 2, 2),
            3 => (4, 2, 3),
            4 => (5, 3, 3),
            _ => (6, 4, 3),
        };
        Budget {
            candidates,
            rollouts,
            turns,
        }
    }
}

/// What the bot has spent so far (for the cost per decision and per game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    pub searches: u64,
    pub rollouts: u64,
    /// Actions played in rollouts.
    pub simulated: u64,
}

/// The search player.
pub struct SearchBot {
    strength: u8,
    budget: Budget,
    seed: u64,
    rng: ChaCha8Rng,
    /// The policy chosen by the last search: (tick searched at, policy).
    policy: Option<(u32, HeuristicBot)>,
    /// Plays before the first search (set-up).
    base: HeuristicBot,
    /// For an action the real game refuses.
    fallback: RandomBot,
    stats: SearchStats,
}

impl SearchBot {
    /// A bot of `strength` (clamped to 1-5), seeded.
    pub fn new(strength: u8, seed: u64) -> Self {
        let strength = strength.clamp(MIN_STRENGTH, MAX_STRENGTH);
        Self {
            strength,
            budget: Budget::of(strength),
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5eac_4b07),
            policy: None,
            base: CANDIDATES[0].bot(seed),
            fallback: RandomBot::new(seed),
            stats: SearchStats::default(),
        }
    }

    pub fn strength(&self) -> u8 {
        self.strength
    }

    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The belief the bot holds through one phase: one determinization per tick, so its
    /// plan is made and carried out on the same picture of the enemy.
    fn belief(&self, game: &Game, side: Side) -> Game {
        let tick = u64::from(game.state().tick());
        game.determinized(side, self.seed ^ tick.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    /// Weighs the candidates from `belief` and returns the one to play.
    fn search(&mut self, belief: &Game, me: Side) -> Candidate {
        self.stats.searches += 1;
        let until = belief.state().tick() + self.budget.turns * TURN_TICKS;
        let worlds: Vec<(u64, u64)> = (0..self.budget.rollouts)
            .map(|_| (self.rng.random(), self.rng.random()))
            .collect();
        let mut means = Vec::with_capacity(self.budget.candidates);
        for &candidate in candidates(belief, me).iter().take(self.budget.candidates) {
            let mut total = 0.0;
            for &(world_seed, enemy_seed) in &worlds {
                // The belief already hides what the side cannot see; a fresh shuffle
                // of it per rollout spreads the guesses.
                let mut world = belief.determinized(me, world_seed);
                let mut mine = candidate.bot(self.seed);
                let mut theirs = HeuristicBot::new(ROLLOUT_ENEMY_STRENGTH, enemy_seed);
                let played = rollout::play_ahead(&mut world, me, &mut mine, &mut theirs, until);
                self.stats.rollouts += 1;
                self.stats.simulated += played as u64;
                total += rollout::score(&world, me);
            }
            means.push((candidate, total / worlds.len().max(1) as f64));
        }
        choose(&means).unwrap_or(candidates(belief, me)[0])
    }
}

/// The candidate to play: the first unless another's mean beats it by the margin, then
/// the best (the earlier among equals); `None` if there is none.
pub fn choose(means: &[(Candidate, f64)]) -> Option<Candidate> {
    let &(first, base) = means.first()?;
    let mut best = (first, base + SWITCH_MARGIN);
    for &(c, m) in &means[1..] {
        if m > best.1 {
            best = (c, m);
        }
    }
    Some(best.0)
}

impl Player for SearchBot {
    fn decide(&mut self, game: &Game, side: &SideId, decision: &Decision) -> Action {
        let Some(me) = game.side_of_id(side.as_str()) else {
            return Action::EndPhase;
        };
        let tick = game.state().tick();
        let belief = self.belief(game, me);
        let searched = matches!(&self.policy, Some((t, _)) if *t == tick);
        if matches!(decision, Decision::Move { .. }) && !searched {
            let candidate = self.search(&belief, me);
            self.policy = Some((tick, candidate.bot(self.seed)));
        }
        let bot = match &mut self.policy {
            Some((_, p)) => p,
            None => &mut self.base,
        };
        let action = bot.decide(&belief, side, decision);
        if game.check(&action).is_ok() {
            return action;
        }
        self.fallback.decide(game, side, decision)
    }
}

#[cfg(test)]
mod tests;
