//! How the bots set up units without a fixed hex (the set-up phase, see `wb95::deploy`):
//! one unit at a time on a hex the engine allows, then `EndPhase` once all stand.

use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::{Action, Game, Side};
use sztab_core::model::UnitId;

/// The first unit still waiting, on a random hex the engine allows.
pub fn random(game: &Game, waiting: &[UnitId], rng: &mut ChaCha8Rng) -> Action {
    for id in waiting {
        let Some(u) = game.roster().get(id.as_str()) else {
            continue;
        };
        if let Some(&h) = game.deploy_hexes(&[u]).choose(rng) {
            return Action::Deploy {
                units: vec![id.clone()],
                hex: game.hex_id(h),
            };
        }
    }
    Action::EndPhase
}

/// The first unit still waiting, at its preferred distance from the nearest enemy unit:
/// fighting units two hexes off (close, out of its ZoC), artillery three (in range of the
/// hexes in front), headquarters four; ties go to a hex already holding its formation,
/// then to the first hex in board order, so the choice is deterministic.
pub fn heuristic(game: &Game, side: Side, waiting: &[UnitId]) -> Action {
    let enemy: Vec<usize> = game
        .units_on_map(side.other())
        .filter_map(|u| game.unit_state(u).hex())
        .collect();
    for id in waiting {
        let Some(u) = game.roster().get(id.as_str()) else {
            continue;
        };
        let info = game.info(u);
        let want: u32 = if info.is_hq() {
            4
        } else if info.is_artillery() {
            3
        } else {
            2
        };
        let formation = info.def.formation.clone();
        let score = |h: usize| {
            let near = enemy
                .iter()
                .map(|&e| game.board().distance(h, e))
                .min()
                .unwrap_or(want);
            let mates = game
                .units_at(h)
                .iter()
                .any(|&x| formation.is_some() && game.info(x).def.formation == formation);
            (near.abs_diff(want), !mates, h)
        };
        if let Some(h) = game
            .deploy_hexes(&[u])
            .into_iter()
            .min_by_key(|&h| score(h))
        {
            return Action::Deploy {
                units: vec![id.clone()],
                hex: game.hex_id(h),
            };
        }
    }
    Action::EndPhase
}
