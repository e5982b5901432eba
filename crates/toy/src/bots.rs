//! The toy's bots: random (a random legal order) and greedy (enter, close on the
//! objective or the nearest enemy, attack at the best chance).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::rules::{Action, Game, Loc, Phase};
use sztab_core::hex::HexId;
use sztab_core::model::described::Condition;
use sztab_seam::play::Bot;

/// A bot by name: `random` or `greedy`.
pub fn build(name: &str, seed: u64) -> Result<Box<dyn Bot<Game>>, String> {
    match name {
        "random" => Ok(Box::new(Random(ChaCha8Rng::seed_from_u64(seed)))),
        "greedy" => Ok(Box::new(Greedy)),
        _ => Err(format!(
            "unknown bot \"{name}\": the toy system has random and greedy"
        )),
    }
}

/// Every order the side to play may give now, but ending the phase.
pub fn orders(game: &Game) -> Vec<Action> {
    let st = game.state();
    let r = &game.rules;
    let mut out = Vec::new();
    for (u, info) in r.units.iter().enumerate() {
        if info.side != st.side || st.done[u] {
            continue;
        }
        match st.phase {
            Phase::Move => {
                for h in game.reach(u).keys() {
                    out.push(Action::Move {
                        unit: info.id.clone(),
                        to: *h,
                    });
                }
            }
            Phase::Attack => {
                for t in game.targets(u) {
                    out.push(Action::Attack {
                        unit: info.id.clone(),
                        target: r.units[t].id.clone(),
                    });
                }
            }
        }
    }
    for (u, hexes) in game.can_enter() {
        for h in hexes {
            out.push(Action::Enter {
                unit: r.units[u].id.clone(),
                hex: h,
            });
        }
    }
    out
}

struct Random(ChaCha8Rng);

impl Bot<Game> for Random {
    fn decide(&mut self, game: &Game) -> Action {
        let mut all = orders(game);
        let pick = (self.0.next_u64() % (all.len() as u64 + 1)) as usize;
        if pick < all.len() {
            all.swap_remove(pick)
        } else {
            Action::EndPhase
        }
    }
}

struct Greedy;

impl Greedy {
    /// Hexes the side wants: those of its victory conditions it does not hold yet.
    fn goals(game: &Game) -> Vec<HexId> {
        let st = game.state();
        let side_id = &game.rules.sides[st.side].0;
        let mut goals: Vec<HexId> = game
            .rules
            .victory_hexes()
            .into_iter()
            .filter(|(side, _)| side == side_id)
            .flat_map(|(_, hs)| hs)
            .filter(|h| st.held.get(h) != Some(&st.side))
            .collect();
        if goals.is_empty() {
            goals = game
                .rules
                .units
                .iter()
                .zip(&st.loc)
                .filter(|(u, _)| u.side != st.side)
                .filter_map(|(_, l)| match l {
                    Loc::On(h) => Some(*h),
                    _ => None,
                })
                .collect();
        }
        goals
    }

    fn distance_to(game: &Game, goals: &[HexId], h: HexId) -> u32 {
        goals
            .iter()
            .map(|g| game.rules.grid.distance(*g, h))
            .min()
            .unwrap_or(0)
    }
}

impl Bot<Game> for Greedy {
    fn decide(&mut self, game: &Game) -> Action {
        let st = game.state();
        let r = &game.rules;
        let goals = Self::goals(game);
        if st.phase == Phase::Attack {
            let best = (0..r.units.len())
                .flat_map(|u| game.targets(u).into_iter().map(move |t| (u, t)))
                .map(|(u, t)| (game.needed(u, t), u, t))
                .filter(|(need, _, _)| *need <= 6)
                .min();
            return match best {
                Some((_, u, t)) => Action::Attack {
                    unit: r.units[u].id.clone(),
                    target: r.units[t].id.clone(),
                },
                None => Action::EndPhase,
            };
        }
        if let Some((u, hexes)) = game.can_enter().into_iter().find(|(_, h)| !h.is_empty())
            && let Some(h) = hexes
                .iter()
                .min_by_key(|h| Self::distance_to(game, &goals, **h))
        {
            return Action::Enter {
                unit: r.units[u].id.clone(),
                hex: *h,
            };
        }
        for (u, info) in r.units.iter().enumerate() {
            let Loc::On(here) = st.loc[u] else { continue };
            if info.side != st.side || st.done[u] {
                continue;
            }
            let now = Self::distance_to(game, &goals, here);
            let best = game
                .reach(u)
                .into_keys()
                .map(|h| (Self::distance_to(game, &goals, h), !r.is_rough(h), h))
                .min();
            if let Some((d, _, h)) = best
                && d < now
            {
                return Action::Move {
                    unit: info.id.clone(),
                    to: h,
                };
            }
        }
        Action::EndPhase
    }
}

impl super::rules::Rules {
    /// The hexes each side's victory conditions ask it to hold, by side id.
    pub fn victory_hexes(&self) -> Vec<(String, Vec<HexId>)> {
        self.victory_conditions()
            .into_iter()
            .filter_map(|c| match c {
                Condition::Holds { side, hexes } => Some((side.to_string(), hexes.clone())),
                Condition::HoldsPlace { side, place } => {
                    Some((side.to_string(), self.place_hexes(place)))
                }
                _ => None,
            })
            .collect()
    }
}
