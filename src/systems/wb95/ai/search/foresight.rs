//! What a one-turn rollout cannot see: the victory points the scorer may still take by
//! the end of the game. The side defending objectives plays for the end-of-game total,
//! so a plan that keeps the enemy far from the victory hexes (a line its units and their
//! ZoC close) is worth more than one that only loses fewer CELs this turn.

use std::collections::VecDeque;

use crate::systems::wb95::board::Hx;
use crate::systems::wb95::prepared::Award;
use crate::systems::wb95::{Game, Side};

/// Steps a hex in the defender's ZoC costs: a unit entering it stops (R4), so the line
/// holds it up about a turn's worth of open ground.
const ZOC_STEPS: u32 = 3;
/// Steps a hex the defender holds costs: it must be attacked and the defender driven
/// out first.
const HELD_STEPS: u32 = 6;
/// How likely an award one step farther away is taken, per step (at the pace of
/// `PACE_TURNS` turns left or more).
const NEAR: f64 = 0.85;
/// Turns left from which distance counts at its slowest: with fewer, the enemy has
/// less time to close in, and each step counts more.
const PACE_TURNS: u32 = 3;
/// Victory points a place that wins the game at once is worth here.
const AUTOMATIC_VP: f64 = 20.0;
/// Distance of a hex the scorer's units cannot reach.
const UNREACHED: u32 = u32::MAX;

/// The victory points the scorer may still take: every award not yet earned, weighed
/// by how near the scorer's nearest regular unit stands to it (distance counted with
/// the defender's stacks and ZoC as obstacles, [`approach`]) and the turns left. Zero
/// without victory conditions or when no turn is left.
pub fn vp_in_reach(world: &Game) -> f64 {
    let p = world.prepared();
    let Some(v) = &p.victory else {
        return 0.0;
    };
    let left = p.turns.saturating_sub(world.turn());
    if left == 0 {
        return 0.0;
    }
    let dist = approach(world, v.scorer);
    let pace = f64::from(left.min(PACE_TURNS));
    let chance = |d: u32| {
        if d == UNREACHED {
            0.0
        } else {
            NEAR.powf(f64::from(d) / pace)
        }
    };
    let control = &world.state().control;
    let mut total = 0.0;
    for (i, (vp, award)) in v.awards.iter().enumerate() {
        let vp = f64::from((*vp).max(0));
        match award {
            Award::CrossRiver { beyond, .. } if !world.state().rivers_crossed.contains(&i) => {
                let d = (0..beyond.len())
                    .filter(|&h| beyond[h])
                    .map(|h| dist[h])
                    .min();
                total += vp * d.map_or(0.0, chance);
            }
            Award::ControlPlace { hexes, .. } if !world.holds(v.scorer, hexes) => {
                let d = hexes.iter().map(|&h| dist[h]).max();
                total += vp * d.map_or(0.0, chance);
            }
            Award::OtherTownHexes { hexes } => {
                for &h in hexes {
                    if control[h] != Some(v.scorer) && p.initial_control[h] != Some(v.scorer) {
                        total += vp * chance(dist[h]);
                    }
                }
            }
            _ => {}
        }
    }
    for a in v.automatic.iter().filter(|a| a.side == v.scorer) {
        let needed: Vec<Hx> = a
            .places
            .iter()
            .flat_map(|(_, hs)| hs.iter().copied())
            .collect();
        if needed.is_empty() || world.holds(v.scorer, &needed) {
            continue;
        }
        let d = needed.iter().map(|&h| dist[h]).max().unwrap_or(UNREACHED);
        total += AUTOMATIC_VP * chance(d);
    }
    total
}

/// Steps from the scorer's regular units to every hex: a hex the defender holds costs
/// `HELD_STEPS`, one in its ZoC `ZOC_STEPS`, any other one (a breadth-first search with
/// a bucket per step count, as the costs are small integers).
pub fn approach(world: &Game, scorer: Side) -> Vec<u32> {
    let b = world.board();
    let defender = scorer.other();
    let zoc = world.zoc_of(defender);
    let mut dist = vec![UNREACHED; b.len()];
    let slots = HELD_STEPS as usize + 1;
    let mut buckets: Vec<VecDeque<Hx>> = vec![VecDeque::new(); slots];
    let mut pending = 0usize;
    for u in world.units_on_map(scorer) {
        if !world.info(u).is_regular() {
            continue;
        }
        if let Some(h) = world.unit_state(u).hex()
            && dist[h] != 0
        {
            dist[h] = 0;
            buckets[0].push_back(h);
            pending += 1;
        }
    }
    let mut d = 0u32;
    while pending > 0 {
        let slot = d as usize % slots;
        while let Some(h) = buckets[slot].pop_front() {
            pending -= 1;
            if dist[h] < d {
                continue;
            }
            for (_, nb) in b.neighbours(h) {
                let step = if world.occupant(nb) == Some(defender) {
                    HELD_STEPS
                } else if zoc.covers(nb) {
                    ZOC_STEPS
                } else {
                    1
                };
                let nd = d + step;
                if nd < dist[nb] {
                    dist[nb] = nd;
                    buckets[nd as usize % slots].push_back(nb);
                    pending += 1;
                }
            }
        }
        d += 1;
    }
    dist
}
