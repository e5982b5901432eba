//! A bot that plays random legal actions: it moves some units to random reachable
//! hexes, brings reinforcements on, makes the attacks its obligations require (an
//! obliged stack attacks every adjacent enemy hex together if nothing else works) and
//! a few more, and answers combat decisions at random within the rules.

use std::collections::BTreeSet;

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Player;
use crate::hex::HexId;
use crate::model::{ArtillerySetup, SideId, UnitId};
use crate::wb95::{
    Action, AttackOrder, Decision, DefenseOrder, Game, PhaseKind, RetreatOrder, Unit,
};

/// Random-legal play, reproducible from its seed.
pub struct RandomBot {
    rng: ChaCha8Rng,
    /// Units already considered in the current phase (by phase tick).
    considered: (u32, BTreeSet<Unit>),
    voluntary_attacks: u32,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            considered: (u32::MAX, BTreeSet::new()),
            voluntary_attacks: 0,
        }
    }

    fn reset_for(&mut self, game: &Game) {
        let tick = game.state().tick();
        if self.considered.0 != tick {
            self.considered = (tick, BTreeSet::new());
            self.voluntary_attacks = 0;
        }
    }

    /// Splits `cel` over `units` (each with its CEL), at least one from each group.
    fn allocate(
        &mut self,
        cel: u8,
        units: &[(UnitId, u8)],
        groups: &[Vec<UnitId>],
    ) -> Vec<(UnitId, u8)> {
        let mut left: Vec<(UnitId, u8)> = units.to_vec();
        let mut out: Vec<(UnitId, u8)> = Vec::new();
        let mut due = cel;
        let take = |id: &UnitId, out: &mut Vec<(UnitId, u8)>, left: &mut Vec<(UnitId, u8)>| {
            if let Some(e) = left.iter_mut().find(|(u, c)| u == id && *c > 0) {
                e.1 -= 1;
                match out.iter_mut().find(|(u, _)| u == id) {
                    Some(o) => o.1 += 1,
                    None => out.push((id.clone(), 1)),
                }
                true
            } else {
                false
            }
        };
        for g in groups {
            if due == 0 {
                break;
            }
            if out.iter().any(|(u, _)| g.contains(u)) {
                continue;
            }
            if let Some(id) = g.choose(&mut self.rng).cloned()
                && take(&id, &mut out, &mut left)
            {
                due -= 1;
            }
        }
        while due > 0 {
            let open: Vec<UnitId> = left
                .iter()
                .filter(|(_, c)| *c > 0)
                .map(|(u, _)| u.clone())
                .collect();
            let Some(id) = open.choose(&mut self.rng).cloned() else {
                break;
            };
            take(&id, &mut out, &mut left);
            due -= 1;
        }
        out
    }

    fn movement(&mut self, game: &Game, side: &SideId) -> Action {
        self.reset_for(game);
        let Some(s) = game.side_of_id(side.as_str()) else {
            return Action::EndPhase;
        };
        let strategic = game.state().clock.phase.kind() == PhaseKind::Strategic;
        let units: Vec<Unit> = game
            .roster()
            .all()
            .filter(|&u| game.info(u).side == s)
            .collect();
        for u in units {
            if !self.considered.1.insert(u) {
                continue;
            }
            if let Some(a) = self.move_unit(game, u, strategic)
                && game.check(&a).is_ok()
            {
                return a;
            }
        }
        Action::EndPhase
    }

    fn move_unit(&mut self, game: &Game, u: Unit, strategic: bool) -> Option<Action> {
        let id = game.unit_id(u).clone();
        let st = game.unit_state(u);
        if st.hex().is_none() {
            return self.enter(game, u);
        }
        if !strategic && game.info(u).is_towed() && self.rng.random_bool(0.2) {
            return Some(Action::ChangeSetup { unit: id });
        }
        if st.setup == Some(ArtillerySetup::Combat) {
            return None;
        }
        if !strategic && self.rng.random_bool(0.1) {
            return Some(Action::MarkStrategic { units: vec![id] });
        }
        if !self.rng.random_bool(0.7) {
            return None;
        }
        let dests = game.destinations(u);
        let d = dests.choose(&mut self.rng)?;
        Some(Action::Move {
            units: vec![id],
            path: d.path.clone(),
        })
    }

    fn enter(&mut self, game: &Game, u: Unit) -> Option<Action> {
        let zones = game.entry_zones(u);
        let &(z, _) = zones.choose(&mut self.rng)?;
        let hexes = game.prepared().zones[z].hexes.clone();
        let &h = hexes.choose(&mut self.rng)?;
        let reach = game.reach_from_entry(u, h)?;
        let mut options: Vec<Vec<HexId>> = Vec::new();
        for (x, _) in reach.hexes() {
            if let Some(p) = reach.path(x) {
                options.push(p.iter().map(|&y| game.hex_id(y)).collect());
            }
        }
        let entry_only = vec![game.hex_id(h)];
        if reach.cost(h).is_some() {
            options.push(entry_only);
        }
        let path = options.choose(&mut self.rng)?.clone();
        Some(Action::Enter {
            units: vec![game.unit_id(u).clone()],
            path,
        })
    }

    fn combat(&mut self, game: &Game, side: &SideId) -> Action {
        self.reset_for(game);
        let Some(s) = game.side_of_id(side.as_str()) else {
            return Action::EndPhase;
        };
        let candidates = game.candidate_attacks();
        if game.unmet_obligation().is_some() {
            let needed: Vec<&AttackOrder> = candidates
                .iter()
                .map(|(o, _)| o)
                .filter(|o| game.meets_obligation(s, o))
                .collect();
            if let Some(o) = needed.choose(&mut self.rng) {
                return Action::Attack(self.with_stars(game, (*o).clone()));
            }
        }
        if self.voluntary_attacks < 3 && self.rng.random_bool(0.3) {
            self.voluntary_attacks += 1;
            if let Some((o, _)) = candidates.choose(&mut self.rng) {
                return Action::Attack(self.with_stars(game, o.clone()));
            }
        }
        Action::EndPhase
    }

    fn with_stars(&mut self, game: &Game, mut o: AttackOrder) -> AttackOrder {
        o.stars = o
            .attackers
            .iter()
            .filter(|id| {
                game.roster()
                    .get(id.as_str())
                    .is_some_and(|u| !game.info(u).stars().is_empty())
            })
            .filter(|_| self.rng.random_bool(0.7))
            .cloned()
            .collect();
        o
    }

    fn retreat(&mut self, game: &Game, side: &SideId, hexes: u8, units: &[UnitId]) -> Action {
        let Some(s) = game.side_of_id(side.as_str()) else {
            return Action::Retreat(RetreatOrder::default());
        };
        for attempt in 0..20 {
            let mut moves = Vec::new();
            for id in units {
                let Some(u) = game.roster().get(id.as_str()) else {
                    continue;
                };
                let full: Vec<Vec<HexId>> = game
                    .retreat_paths(u)
                    .into_iter()
                    .filter(|p| p.len() == usize::from(hexes))
                    .collect();
                if attempt < 19
                    && self.rng.random_bool(0.8)
                    && let Some(p) = full.choose(&mut self.rng)
                {
                    moves.push((id.clone(), p.clone()));
                }
            }
            let Ok((due, absorbers)) = game.retreat_loss_due(s, &moves) else {
                continue;
            };
            let cels: Vec<(UnitId, u8)> = absorbers
                .iter()
                .filter_map(|id| {
                    let u = game.roster().get(id.as_str())?;
                    Some((id.clone(), game.unit_state(u).cel))
                })
                .collect();
            let losses = self.allocate(due, &cels, &[]);
            let order = RetreatOrder { moves, losses };
            if game.check(&Action::Retreat(order.clone())).is_ok() {
                return Action::Retreat(order);
            }
        }
        Action::Retreat(RetreatOrder::default())
    }

    fn pursue(
        &mut self,
        game: &Game,
        paths: &[(UnitId, Vec<HexId>)],
        pursuers: &[UnitId],
    ) -> Action {
        if self.rng.random_bool(0.5) {
            return Action::Pursue { moves: vec![] };
        }
        for _ in 0..10 {
            let Some((_, path)) = paths.choose(&mut self.rng) else {
                break;
            };
            // The retreat path starts at the emptied hex; a pursuit may take up to its
            // length in hexes, following it.
            let max = path.len().saturating_sub(1).max(1);
            let len = self.rng.random_range(1..=max);
            let follow: Vec<HexId> = path.iter().take(len).copied().collect();
            let who: Vec<UnitId> = pursuers
                .iter()
                .filter(|_| self.rng.random_bool(0.6))
                .cloned()
                .collect();
            let moves: Vec<(UnitId, Vec<HexId>)> =
                who.into_iter().map(|u| (u, follow.clone())).collect();
            let a = Action::Pursue { moves };
            if game.check(&a).is_ok() {
                return a;
            }
        }
        Action::Pursue { moves: vec![] }
    }

    fn advance(&mut self, game: &Game, hexes: &[HexId], units: &[UnitId]) -> Action {
        for _ in 0..10 {
            let Some(&h) = hexes.choose(&mut self.rng) else {
                break;
            };
            let who: Vec<UnitId> = units
                .iter()
                .filter(|_| self.rng.random_bool(0.6))
                .cloned()
                .collect();
            let a = Action::Advance {
                moves: who.into_iter().map(|u| (u, vec![h])).collect(),
            };
            if game.check(&a).is_ok() {
                return a;
            }
        }
        Action::Advance { moves: vec![] }
    }
}

impl Player for RandomBot {
    fn decide(&mut self, game: &Game, side: &SideId, decision: &Decision) -> Action {
        match decision {
            Decision::Move { .. } => self.movement(game, side),
            Decision::Attack { .. } => self.combat(game, side),
            Decision::Defend {
                star_units,
                fortification_units,
                ..
            } => Action::Defend(DefenseOrder {
                stars: star_units
                    .iter()
                    .filter(|_| self.rng.random_bool(0.7))
                    .cloned()
                    .collect(),
                fortification_units: fortification_units.clone(),
                hq_pool_cms: 0,
            }),
            Decision::Losses {
                cel,
                units,
                must_include,
                ..
            } => Action::TakeLosses {
                losses: self.allocate(*cel, units, must_include),
            },
            Decision::Retreat { hexes, units, .. } => self.retreat(game, side, *hexes, units),
            Decision::Pursue {
                paths, pursuers, ..
            } => self.pursue(game, paths, pursuers),
            Decision::Advance { hexes, units, .. } => self.advance(game, hexes, units),
            Decision::Withdraw { cel, units, .. } => Action::Withdraw {
                losses: self.allocate(*cel, units, &[]),
            },
        }
    }
}
