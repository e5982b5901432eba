//! A heuristic bot that plays WB-95 as a player would, for either side.
//!
//! Every decision reads the scenario's victory conditions through an [`Analysis`] of the
//! map (the value of each hex: places, town hexes, the far banks of rivers, automatic
//! victory; how strongly each hex pulls this side's units; how much enemy strength could
//! strike each hex next turn) and weighs outcomes in CEL-equivalents with the CRT's
//! average results per column ([`ExpectTable`]):
//!
//! * **Movement**: an attack plan first — enemy hexes worth attacking, the units that
//!   can reach hexes next to them, added strongest first (tactical concentration and
//!   stars count) until the odds are good, from hexes that do not oblige attacks on
//!   other enemy hexes and, where it can, not across rivers and Fortified Lines; then
//!   every other unit goes where objectives pull it without standing exposed or in an
//!   enemy ZoC it would have to attack from; HQs stay in range of the attacks and out
//!   of the enemy's reach; reinforcements enter through the zone nearest the front.
//! * **Combat**: the obligations first (R5.1.3-5.1.4), the most constrained target
//!   first, then voluntary attacks at good odds, each checked with the engine's exact
//!   odds; all stars; the defender's stars, fortification units and HQ-loss CMs.
//! * **Supply** (the side defending objectives, whose surrenders are the scorer's
//!   victory points): enemy stacks whose removal would let cut-off units trace a line
//!   again pull units and raise the value of attacking them; cut-off units head for
//!   supply; objectives the enemy took are retaken, hardest in the last turns.
//! * **Results**: losses from the units that lose least (flipping before eliminating);
//!   retreat or sustain by comparing the CELs, the hex and the paths (away from enemy
//!   ZoC, toward friends and home); pursuit and advance into hexes worth having.
//!
//! [`Strength`](HeuristicBot::new) 1-5 sets how many targets and attacker orderings the
//! movement plan weighs, how many attackers per target, how many retreat options, and
//! which decisions it gets right ([`Params`]); a [`Posture`] leans a plan one way.
//! The bot is deterministic for a seed (its seed only breaks ties).

mod analysis;
mod combat;
mod estimate;
mod movement;
mod params;
mod posture;
mod recall;
#[cfg(test)]
mod strength_tests;
mod support;
#[cfg(test)]
mod tests;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use analysis::{Analysis, Outlook};
pub use estimate::{Est, Expect, ExpectTable, estimate};
pub use params::Params;
pub use posture::Posture;
pub use recall::Recall;

use super::Player;
use crate::{Action, Decision, Game, PhaseKind, Side};
use sztab_core::model::SideId;

/// The weakest strength.
pub const MIN_STRENGTH: u8 = 1;
/// The strongest (and slowest) strength.
pub const MAX_STRENGTH: u8 = 5;
/// The strength used when none is given.
pub const DEFAULT_STRENGTH: u8 = 3;

/// Attacks a movement plan prepares: target hex and attackers.
type PlannedAttacks = Vec<(crate::Hx, Vec<crate::Unit>)>;

/// The heuristic player.
pub struct HeuristicBot {
    strength: u8,
    params: Params,
    posture: Posture,
    /// `params` are those of the bot's side (they differ for the side taking
    /// objectives and the side defending them), set at its first decision.
    sided: bool,
    rng: ChaCha8Rng,
    table: Option<ExpectTable>,
    /// The analysis of the current phase: (tick, side, analysis).
    analysis: Option<(u32, Side, Analysis)>,
    /// Maps of earlier analyses, taken again when their inputs are the same.
    recall: Recall,
    /// The movement plan of the current phase: (tick, steps left, in order).
    plan: Option<(u32, std::collections::VecDeque<movement::Step>)>,
    /// Attacks the movement plan prepared: (tick of their Combat phase, target and
    /// attackers).
    attack_plan: Option<(u32, PlannedAttacks)>,
}

impl HeuristicBot {
    /// A bot of `strength` (clamped to 1-5) whose ties are broken by `seed`.
    pub fn new(strength: u8, seed: u64) -> Self {
        Self::with_posture(strength, Posture::Standard, seed)
    }

    /// A bot of `strength` leaning to `posture` (the search bot's candidate plans).
    pub fn with_posture(strength: u8, posture: Posture, seed: u64) -> Self {
        let strength = strength.clamp(MIN_STRENGTH, MAX_STRENGTH);
        Self {
            strength,
            params: Params::of(strength).with_posture(posture),
            posture,
            sided: false,
            rng: ChaCha8Rng::seed_from_u64(seed),
            table: None,
            analysis: None,
            recall: Recall::default(),
            plan: None,
            attack_plan: None,
        }
    }

    pub fn strength(&self) -> u8 {
        self.strength
    }

    fn table(&mut self, game: &Game) -> ExpectTable {
        self.table
            .get_or_insert_with(|| ExpectTable::new(game.prepared().crt))
            .clone()
    }

    /// The analysis of the current phase for `side`, computed once per phase (with the
    /// enemy's threat in Movement and Strategic Movement phases).
    fn analysis(&mut self, game: &Game, side: Side) -> &Analysis {
        let kind = game.state().clock.phase.kind();
        let threat = kind == PhaseKind::Movement || kind == PhaseKind::Strategic;
        self.analysis_of(game, side, threat)
    }

    /// The analysis of the current phase with the enemy's threat, whatever the phase.
    fn analysis_with_threat(&mut self, game: &Game, side: Side) -> &Analysis {
        self.analysis_of(game, side, true)
    }

    fn analysis_of(&mut self, game: &Game, side: Side, threat: bool) -> &Analysis {
        let tick = game.state().tick();
        let fresh = matches!(&self.analysis,
            Some((t, s, a)) if *t == tick && *s == side && (a.has_threat || !threat));
        if !fresh {
            // An analysis without threat has no supply map: the supply cuts found at
            // the side's last Movement phase still hold.
            let cut = match self.analysis.take() {
                Some((_, s, a)) if s == side && !threat => Some(a.cut),
                _ => None,
            };
            let outlook = Outlook {
                supply: self.params.supply,
                rear_pull: self.params.posture.rear_pull(),
            };
            let an = Analysis::recalling(game, side, threat, cut, outlook, &mut self.recall);
            self.analysis = Some((tick, side, an));
        }
        match &self.analysis {
            Some((_, _, a)) => a,
            None => unreachable!("the analysis was just stored"),
        }
    }
}

impl Player for HeuristicBot {
    fn decide(&mut self, game: &Game, side: &SideId, decision: &Decision) -> Action {
        let Some(s) = game.side_of_id(side.as_str()) else {
            return Action::EndPhase;
        };
        if !self.sided {
            let scorer = game
                .prepared()
                .victory
                .as_ref()
                .map_or(s == Side::A, |v| v.scorer == s);
            self.params = Params::for_side(self.strength, scorer).with_posture(self.posture);
            self.sided = true;
        }
        match decision {
            Decision::SetUp { waiting, .. } => super::deploy::heuristic(game, s, waiting),
            Decision::Move { .. } => self.movement(game, s),
            Decision::Attack { .. } => self.attack(game, s),
            Decision::Defend {
                star_units,
                fortification_units,
                hq_pool_cms,
                artillery,
                air,
                ..
            } => {
                let table = self.table(game);
                let an = self.analysis(game, s);
                let offer = combat::DefenseOffer {
                    stars: star_units,
                    fortification_units,
                    pool: *hq_pool_cms,
                    artillery,
                    air,
                };
                combat::defend(game, an, &table, &offer)
            }
            Decision::Barrage { ammo, .. } => {
                let an = self.analysis(game, s);
                support::barrage(game, an, *ammo)
            }
            Decision::ChooseAir {
                counters, choose, ..
            } => support::choose_air(game, counters, *choose),
            Decision::AirMissions {
                counters, per_hex, ..
            } => {
                let an = self.analysis_with_threat(game, s);
                support::air_missions(game, an, counters, *per_hex)
            }
            Decision::LoseCel { cel, units, .. } => Action::TakeLosses {
                losses: combat::allocate_losses(game, s, *cel, units, &[]),
            },
            Decision::Repair { markers, units } => {
                let an = self.analysis(game, s);
                support::repair(game, an, *markers, units)
            }
            Decision::Losses {
                cel,
                units,
                must_include,
                ..
            } => Action::TakeLosses {
                losses: combat::allocate_losses(game, s, *cel, units, must_include),
            },
            Decision::Retreat {
                hexes,
                units,
                immobile,
                ..
            } => self.retreat(game, s, *hexes, units, immobile),
            Decision::Pursue {
                paths, pursuers, ..
            } => self.pursue(game, s, paths, pursuers),
            Decision::Advance { hexes, units, .. } => self.advance(game, s, hexes, units),
            Decision::Withdraw { cel, units, .. } => Action::Withdraw {
                losses: combat::allocate_losses(game, s, *cel, units, &[]),
            },
        }
    }
}
