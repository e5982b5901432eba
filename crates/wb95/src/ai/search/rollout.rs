//! Playing a determinized game a little way ahead and judging where it ends.

use crate::ai::{HeuristicBot, Player};
use crate::state::Loc;
use crate::{Game, Pending, Side};
use sztab_core::model::SideId;

/// Actions one rollout may take at most: a turn of a large scenario takes a few hundred,
/// so only bots going round in circles reach it (the rollout then ends where it is).
const MAX_ROLLOUT_ACTIONS: usize = 20_000;

/// A CEL-equivalent per victory point in [`score`]: a scenario's VP come from places and
/// surrenders, each worth a few steps of losses to either side.
const CEL_PER_VP: f64 = 2.0;
/// What reaching a victory level (were the game to end now) is worth, in CELs.
const LEVEL_BONUS: f64 = 15.0;
/// A finished game: won or lost, beyond anything material.
const WIN: f64 = 1000.0;

/// Plays `world` until `until_tick` (or its end): `me` by `mine`, the enemy by `theirs`.
/// Returns the actions taken.
pub fn play_ahead(
    world: &mut Game,
    me: Side,
    mine: &mut HeuristicBot,
    theirs: &mut HeuristicBot,
    until_tick: u32,
) -> usize {
    let mut actions = 0;
    while world.state().tick() < until_tick && actions < MAX_ROLLOUT_ACTIONS {
        let Pending::Decide { side, decision } = world.pending() else {
            break;
        };
        let bot = if world.side_of_id(side.as_str()) == Some(me) {
            &mut *mine
        } else {
            &mut *theirs
        };
        let action = bot.decide(world, &side, &decision);
        if world.apply(action).is_err() {
            break;
        }
        actions += 1;
    }
    actions
}

/// How good `world` is for `me`, in CEL-equivalents: a decided game is won or lost;
/// otherwise the CELs each side still has (the difference), the scorer's victory points
/// if the game ended now, and the victory level they would reach.
pub fn score(world: &Game, me: Side) -> f64 {
    let my_id: &SideId = world.side_id(me);
    if let Some(r) = &world.state().result {
        return match &r.winner {
            Some(w) if w == my_id => WIN,
            Some(_) => -WIN,
            None => 0.0,
        };
    }
    let mut material = 0.0;
    for u in world.roster().all() {
        let st = world.unit_state(u);
        if matches!(st.loc, Loc::Eliminated | Loc::Withdrawn) {
            continue;
        }
        let cel = f64::from(st.cel);
        material += if world.info(u).side == me { cel } else { -cel };
    }
    let Some(v) = &world.prepared().victory else {
        return material;
    };
    let sign = if v.scorer == me { 1.0 } else { -1.0 };
    let vp = world.vp_if_ended_now();
    let level = match world.level_of(vp) {
        Some((_, s)) if s == me => LEVEL_BONUS,
        Some(_) => -LEVEL_BONUS,
        None => 0.0,
    };
    material + sign * CEL_PER_VP * f64::from(vp) + level
}
