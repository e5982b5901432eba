//! What a side sees on the map when it plans a phase: the value of each hex under the
//! scenario's victory conditions, how strongly each hex pulls its units forward, how
//! much enemy strength could strike each hex in the enemy's next turn, which enemy
//! stacks cut its units off supply, and distances.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::estimate::{attack_sp, hqs_of};
use super::recall::Recall;
use crate::board::Hx;
use crate::prepared::Award;
use crate::supply::{self, Piece, TraceInput};
use crate::{Game, Side};

/// CEL-equivalents of one victory point.
pub const VP_WEIGHT: f32 = 1.5;
/// Value of a place whose capture wins the game at once.
const AUTO_VALUE: f32 = 30.0;
/// How much of an objective's pull is left one hex further away.
const DECAY: f32 = 0.85;
/// How much harder the side defending objectives is pulled to objectives the enemy
/// holds than to its own (its pull is otherwise a quarter of the scorer's).
const RETAKE_PULL: f32 = 3.0;
/// The same in the last `RETAKE_TURNS` turns, when holding them at the end scores.
const RETAKE_LATE_PULL: f32 = 8.0;
/// Turns before the end in which the side defending objectives retakes them hardest.
const RETAKE_TURNS: u32 = 3;
/// Distance value for hexes nothing reaches.
pub const FAR: u16 = u16::MAX;

/// What a player of some strength and posture reads off the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outlook {
    /// Lines of supply (R10): the supply map and the enemy stacks cutting units off.
    pub supply: bool,
    /// The side defending objectives is pulled to all of its own objectives, not only
    /// to those near the enemy (it falls back to them).
    pub rear_pull: bool,
}

impl Default for Outlook {
    fn default() -> Self {
        Outlook {
            supply: true,
            rear_pull: false,
        }
    }
}

/// One side's view of the map for the current phase.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub side: Side,
    pub enemy: Side,
    /// This side scores the victory points (it attacks the scenario's objectives).
    pub scorer: bool,
    /// Value (CEL-equivalents) of holding each hex under the victory conditions.
    pub obj: Vec<f32>,
    /// How strongly a hex pulls this side's units: objectives to take or to defend,
    /// fading with distance.
    pub pot: Vec<f32>,
    /// How close a hex is to any objective, whoever holds it (fading with distance):
    /// enemy units there threaten objectives or guard them.
    pub near_obj: Vec<f32>,
    /// Enemy attack SP that could attack each hex in the enemy's next turn.
    pub threat: Vec<f32>,
    /// An enemy regular unit could enter the hex in its next Movement phase.
    pub enemy_reach: Vec<bool>,
    /// Hexes to the nearest enemy unit.
    pub enemy_dist: Vec<u16>,
    /// Hexes to the nearest own supply source.
    pub home_dist: Vec<u16>,
    /// HQs (hex, range): own, then the enemy's.
    pub hqs: [Vec<(Hx, u32)>; 2],
    /// `threat` and `enemy_reach` were computed.
    pub has_threat: bool,
    /// This side's line-of-supply cost to every hex (R10, in twelfths of an MP); empty
    /// unless `has_threat`.
    pub supply: Vec<i32>,
    /// The same cost were a regular unit of this side to stand in the hex: a hex in an
    /// enemy ZoC passes the line when a friendly regular unit holds it (R10.1.10), so
    /// the hex a unit steps into next to a supplied one is supplied to it, though the
    /// position as it stands blocks the line there. Empty unless `has_threat`.
    pub supply_held: Vec<i32>,
    /// Hexes from each hex to the nearest hex this side can supply, held (0 there);
    /// empty unless `has_threat`.
    pub to_supply: Vec<u16>,
    /// What driving the enemy off each hex is worth to this side's supply: its units
    /// cut off now that would trace a line again without that enemy stack (R10);
    /// empty for the scorer.
    pub cut: Vec<f32>,
}

impl Analysis {
    /// The analysis of `side` now; `cut` carries over the supply cuts of an earlier
    /// analysis of the turn when this one has no threat (and so no supply map).
    pub fn new(game: &Game, side: Side, with_threat: bool, cut: Option<Vec<f32>>) -> Self {
        Self::with_outlook(game, side, with_threat, cut, Outlook::default())
    }

    /// The analysis as a player with `outlook` makes it: without supply, there is no
    /// supply map and no cut is weighed.
    pub fn with_outlook(
        game: &Game,
        side: Side,
        with_threat: bool,
        cut: Option<Vec<f32>>,
        outlook: Outlook,
    ) -> Self {
        Self::recalling(
            game,
            side,
            with_threat,
            cut,
            outlook,
            &mut Recall::default(),
        )
    }

    /// `with_outlook`, taking the maps `recall` remembers from earlier analyses.
    pub fn recalling(
        game: &Game,
        side: Side,
        with_threat: bool,
        cut: Option<Vec<f32>>,
        outlook: Outlook,
        recall: &mut Recall,
    ) -> Self {
        let n = game.board().len();
        let enemy = side.other();
        let victory = game.prepared().victory.as_ref();
        let scorer = victory.map_or(side == Side::A, |v| v.scorer == side);
        let enemy_hexes: Vec<Hx> = game
            .units_on_map(enemy)
            .filter_map(|u| game.unit_state(u).hex())
            .collect();
        let enemy_dist = recall.dist(game, &enemy_hexes);
        let home_dist = recall.dist(game, &game.prepared().sides[side.index()].sources);
        let mut a = Analysis {
            side,
            enemy,
            scorer,
            pot: Vec::new(),
            near_obj: Vec::new(),
            obj: Vec::new(),
            threat: vec![0.0; n],
            enemy_reach: vec![false; n],
            enemy_dist,
            home_dist,
            hqs: [hqs_of(game, side), hqs_of(game, enemy)],
            has_threat: with_threat,
            supply: Vec::new(),
            supply_held: Vec::new(),
            to_supply: Vec::new(),
            cut: if outlook.supply {
                cut.unwrap_or_default()
            } else {
                Vec::new()
            },
        };
        if with_threat {
            a.compute_threat(game);
        }
        if with_threat && outlook.supply {
            let input = game.supply_input(side);
            a.supply = supply::trace(&input);
            a.supply_held = held_supply(&input, &a.supply);
            // Units that surrender score victory points only for the scorer: the
            // side defending objectives frees its pockets, the scorer keeps going
            // for the objectives.
            if !scorer {
                a.cut = supply_cuts(game, side, &a.supply);
            }
            // The shortest supply range of the side's units (R10.1.6-10.1.7).
            let range = game
                .units_on_map(side)
                .map(|u| game.info(u).supply_mp.twelfths())
                .min()
                .unwrap_or(0);
            let supplied: Vec<Hx> = (0..n).filter(|&h| a.supply_held[h] <= range).collect();
            a.to_supply = recall.dist(game, &supplied);
        }
        a.obj = objective_values(game, scorer, &a.enemy_reach, &a.enemy_dist);
        a.pot = a.potential(game, outlook.rear_pull, recall);
        let all: Vec<(Hx, f32)> = a
            .obj
            .iter()
            .enumerate()
            .filter(|(_, v)| **v > 0.0)
            .map(|(h, v)| (h, *v))
            .collect();
        a.near_obj = recall.pull(game, &all);
        a
    }

    /// The pull of every hex: objectives this side does not control (to take or
    /// retake), and, for the side defending them, its own objectives near the enemy (or
    /// all of them, at full value, when it falls back to them: `rear_pull`).
    fn potential(&self, game: &Game, rear_pull: bool, recall: &mut Recall) -> Vec<f32> {
        let control = &game.state().control;
        let mut sources: Vec<(Hx, f32)> = Vec::new();
        let retake = self.retake_weight(game);
        for (h, &v) in self.obj.iter().enumerate() {
            if v <= 0.0 {
                continue;
            }
            let ours = control[h] == Some(self.side);
            let value = if !ours {
                v * retake
            } else if self.scorer {
                0.0
            } else if rear_pull {
                v
            } else {
                match self.enemy_dist[h] {
                    0..=3 => v,
                    4..=6 => 0.5 * v,
                    _ => 0.1 * v,
                }
            };
            if value > 0.0 {
                sources.push((h, value));
            }
        }
        // Enemy stacks cutting this side's units off pull its units to drive them away.
        for (h, &v) in self.cut.iter().enumerate() {
            if v > 0.0 {
                sources.push((h, v));
            }
        }
        recall.pull(game, &sources)
    }

    /// How strongly objectives the enemy holds pull: the side defending them takes
    /// them back (its units are otherwise pulled gently, to hold a line), the more so
    /// near the end, when holding them scores.
    fn retake_weight(&self, game: &Game) -> f32 {
        if self.scorer {
            return 1.0;
        }
        let left = game.prepared().turns.saturating_sub(game.turn());
        if left <= RETAKE_TURNS {
            RETAKE_LATE_PULL
        } else {
            RETAKE_PULL
        }
    }

    /// Enemy strength able to strike each hex next turn: a bounded movement search per
    /// enemy stack (terrain costs, stopping in this side's ZoC, never entering its
    /// units), and the hexes next to everything it reaches.
    fn compute_threat(&mut self, game: &Game) {
        let b = game.board();
        let n = b.len();
        let own_zoc = game.zoc_of(self.side);
        let mut cost = vec![i32::MAX; n];
        let mut stamp = vec![u32::MAX; n];
        let mut touched: Vec<Hx> = Vec::new();
        // (cost, hex) packed into one key that orders alike (costs are not negative).
        let mut heap: BinaryHeap<Reverse<u64>> = BinaryHeap::new();
        // Hexes of this side's units the enemy cannot enter, the same for every stack.
        let walled: Vec<bool> = (0..n)
            .map(|h| game.occupant(h) == Some(self.side) && !game.overrunnable(self.enemy, h))
            .collect();
        // Stacks moving alike share one search: (hex, mover, MP) -> total SP.
        let mut groups: Vec<(Hx, crate::board::Mover, i32, f32)> = Vec::new();
        for u in game.units_on_map(self.enemy) {
            let info = game.info(u);
            if !info.can_attack() {
                continue;
            }
            let Some(h) = game.unit_state(u).hex() else {
                continue;
            };
            let mp = if game.frozen(u).is_some() {
                0
            } else {
                info.mp_at(game.unit_state(u).cel).twelfths()
            };
            let sp = attack_sp(game, u) as f32;
            match groups
                .iter_mut()
                .find(|g| g.0 == h && g.1 == info.mover && g.2 == mp)
            {
                Some(g) => g.3 += sp,
                None => groups.push((h, info.mover, mp, sp)),
            }
        }
        for (gi, &(start, mover, mp, sp)) in groups.iter().enumerate() {
            for &h in &touched {
                cost[h] = i32::MAX;
            }
            touched.clear();
            cost[start] = 0;
            touched.push(start);
            heap.push(Reverse(cost_key(0, start)));
            while let Some(Reverse(key)) = heap.pop() {
                let (c, h) = cost_unkey(key);
                if c > cost[h] {
                    continue;
                }
                let in_zoc = own_zoc.covers(h);
                if h != start && in_zoc {
                    continue;
                }
                let leave = if in_zoc { 12 } else { 0 };
                for (d, nb) in b.neighbours(h) {
                    if walled[nb] {
                        continue;
                    }
                    let Some((step, _)) = b.step(h, d, mover) else {
                        continue;
                    };
                    let c2 = c + step.twelfths() + leave;
                    let minimum = h == start && c == 0;
                    if (c2 <= mp || minimum) && c2 < cost[nb] {
                        if cost[nb] == i32::MAX {
                            touched.push(nb);
                        }
                        cost[nb] = c2;
                        heap.push(Reverse(cost_key(c2, nb)));
                    }
                }
            }
            let id = gi as u32;
            for &r in &touched {
                if r != start {
                    self.enemy_reach[r] = true;
                }
                for (_, nb) in b.neighbours(r) {
                    if stamp[nb] != id {
                        stamp[nb] = id;
                        self.threat[nb] += sp;
                    }
                }
            }
        }
    }

    /// The same analysis with the enemy's threat and reach read off `game` (the
    /// position after this side's planned moves).
    pub fn with_threat_of(&self, game: &Game) -> Analysis {
        let n = game.board().len();
        let mut a = self.clone();
        a.threat = vec![0.0; n];
        a.enemy_reach = vec![false; n];
        a.compute_threat(game);
        a.has_threat = true;
        a
    }

    /// The objective value of holding `h`, plus the pull there.
    pub fn place_value(&self, h: Hx) -> f32 {
        self.obj[h] + self.pot[h]
    }
}

/// A search's (cost, hex) as one heap key ordered as the pair is: costs of a search
/// are never negative and hexes fit in 32 bits.
fn cost_key(c: i32, h: Hx) -> u64 {
    (u64::from(c.unsigned_abs()) << 32) | h as u64
}

fn cost_unkey(key: u64) -> (i32, Hx) {
    ((key >> 32) as i32, (key & u64::from(u32::MAX)) as Hx)
}

/// Farthest (hexes) an enemy stack may stand from the units it cuts off to be weighed
/// as the one cutting them off.
const CUT_RANGE: u16 = 6;
/// Most enemy stacks weighed as cutting units off (the nearest), each one a trace.
const CUT_STACKS: usize = 12;

/// The supply cost of each hex were a regular unit of the side to stand in it: a hex the
/// line cannot pass for an enemy ZoC alone is reached from its neighbours (R10.1.10).
fn held_supply(t: &TraceInput, cost: &[i32]) -> Vec<i32> {
    let mut held = cost.to_vec();
    for (h, c) in held.iter_mut().enumerate() {
        if t.open(h) || t.enemy[h] {
            continue;
        }
        for (_, nb) in t.board.neighbours(h) {
            if cost[nb] == supply::UNREACHED {
                continue;
            }
            let step = t.board.dir_to(nb, h).and_then(|d| t.step(nb, d));
            if let Some(step) = step {
                *c = (*c).min(cost[nb].saturating_add(step));
            }
        }
    }
    held
}

/// What driving the enemy off each hex is worth to `side`'s supply (CEL-equivalents):
/// for each enemy stack near units cut off now, the units that would trace a line
/// without it. Cut-off units surrender more often the longer they stay cut off, and
/// each one the enemy takes is a victory point (R10.2.6), so a single enemy stack on
/// the line of a whole pocket is worth a strong attack.
fn supply_cuts(game: &Game, side: Side, supply: &[i32]) -> Vec<f32> {
    let n = game.board().len();
    let mut cut = vec![0.0f32; n];
    let cut_off: Vec<(Hx, i32, f32)> = game
        .units_on_map(side)
        .filter_map(|u| {
            let h = game.unit_state(u).hex()?;
            let range = game.info(u).supply_mp.twelfths();
            let level = f32::from(game.unit_state(u).oos);
            (supply[h] > range).then_some((h, range, (1.0 + 0.5 * level).min(5.0)))
        })
        .collect();
    if cut_off.is_empty() {
        return cut;
    }
    let pocket: Vec<Hx> = cut_off.iter().map(|c| c.0).collect();
    let near = bfs(game, &pocket);
    let pieces = game.pieces();
    let roster = game.roster();
    let mut stacks: Vec<Hx> = pieces
        .iter()
        .filter(|p| roster.info(p.unit).side != side && near[p.hex] <= CUT_RANGE)
        .map(|p| p.hex)
        .collect();
    stacks.sort_unstable_by_key(|&h| (near[h], h));
    stacks.dedup();
    stacks.truncate(CUT_STACKS);
    let state = game.state();
    let sources = game.supply_sources(side);
    for s in stacks {
        let rest: Vec<Piece> = pieces.iter().copied().filter(|p| p.hex != s).collect();
        let input = supply::input(
            game.board(),
            roster,
            side,
            &rest,
            &state.control,
            &state.bridge_up,
            sources.clone(),
        );
        let cost = supply::trace(&input);
        cut[s] = cut_off
            .iter()
            .filter(|&&(h, range, _)| cost[h] <= range)
            .map(|c| c.2)
            .sum();
    }
    cut
}

/// Breadth-first hex distance from `sources` (every hex is passable).
pub fn bfs(game: &Game, sources: &[Hx]) -> Vec<u16> {
    let b = game.board();
    let mut dist = vec![FAR; b.len()];
    // Every hex enters the queue once: a list read from the front is the queue.
    let mut q: Vec<Hx> = Vec::with_capacity(b.len());
    for &s in sources {
        if dist[s] != 0 {
            dist[s] = 0;
            q.push(s);
        }
    }
    let mut next = 0;
    while let Some(&h) = q.get(next) {
        next += 1;
        let d = dist[h] + 1;
        for (_, nb) in b.neighbours(h) {
            if dist[nb] == FAR {
                dist[nb] = d;
                q.push(nb);
            }
        }
    }
    dist
}

/// `max over sources of value × DECAY^distance` for every hex.
pub fn spread(game: &Game, sources: &[(Hx, f32)]) -> Vec<f32> {
    let b = game.board();
    let mut pot = vec![0.0f32; b.len()];
    // Max-heap on the value's bits: values are positive, so their bit patterns order
    // like the values.
    // The pair (bits, hex) is packed into one key that orders alike.
    let mut heap: BinaryHeap<u64> = BinaryHeap::new();
    for &(h, v) in sources {
        if v > pot[h] {
            pot[h] = v;
            heap.push(value_key(v, h));
        }
    }
    while let Some(key) = heap.pop() {
        let (v, h) = value_unkey(key);
        if v < pot[h] {
            continue;
        }
        let next = v * DECAY;
        if next < 0.01 {
            continue;
        }
        for (_, nb) in b.neighbours(h) {
            if next > pot[nb] {
                pot[nb] = next;
                heap.push(value_key(next, nb));
            }
        }
    }
    pot
}

fn value_key(v: f32, h: Hx) -> u64 {
    (u64::from(v.to_bits()) << 32) | h as u64
}

fn value_unkey(key: u64) -> (f32, Hx) {
    (
        f32::from_bits((key >> 32) as u32),
        (key & u64::from(u32::MAX)) as Hx,
    )
}

/// The value of holding each hex under the scenario's victory conditions.
/// The scorer wants places, town hexes and the far banks of rivers it has not crossed;
/// the other side wants to keep them (the banks most where the enemy can reach them).
/// Without victory conditions, towns count.
fn objective_values(
    game: &Game,
    scorer: bool,
    enemy_reach: &[bool],
    enemy_dist: &[u16],
) -> Vec<f32> {
    let p = game.prepared();
    let b = game.board();
    let n = b.len();
    let mut obj = vec![0.0f32; n];
    let Some(v) = &p.victory else {
        for (h, o) in obj.iter_mut().enumerate() {
            if b.urban[h] {
                *o = VP_WEIGHT;
            }
        }
        return obj;
    };
    for (i, (vp, award)) in v.awards.iter().enumerate() {
        let value = (*vp).max(0) as f32 * VP_WEIGHT;
        match award {
            Award::ControlPlace { hexes, .. } if !hexes.is_empty() => {
                let each = value / hexes.len() as f32;
                for &h in hexes {
                    obj[h] += each;
                }
            }
            Award::OtherTownHexes { hexes } => {
                for &h in hexes {
                    if p.initial_control[h] != Some(v.scorer) {
                        obj[h] += value;
                    }
                }
            }
            Award::CrossRiver { beyond, .. } if !game.state().rivers_crossed.contains(&i) => {
                // The far bank: beyond hexes next to a near one.
                // The other side guards the banks the enemy could reach next turn:
                // one unit across scores the whole award.
                for h in 0..n {
                    if beyond[h] && b.neighbours(h).any(|(_, x)| !beyond[x]) {
                        let threatened = enemy_reach[h] || enemy_dist[h] <= 2;
                        obj[h] += if scorer || threatened {
                            value
                        } else {
                            0.3 * value
                        };
                    }
                }
            }
            _ => {}
        }
    }
    for a in &v.automatic {
        for (_, hexes) in &a.places {
            if hexes.is_empty() {
                continue;
            }
            let each = AUTO_VALUE / hexes.len() as f32;
            for &h in hexes {
                obj[h] += each;
            }
        }
    }
    obj
}
