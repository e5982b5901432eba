//! Where a unit can go this phase: a Dijkstra search over (hex, all-along-an-extra-hex-
//! road) states on the dense board, following exactly the step rules `walk` checks, so
//! every path it returns is a legal `Move` (stacking aside, which `destinations` filters).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use serde::{Deserialize, Serialize};

use super::board::Hx;
use super::game::Game;
use super::movement::MoveMode;
use super::phase::PhaseKind;
use super::roster::Unit;
use sztab_core::hex::HexId;
use sztab_core::model::Mp;

const UNREACHED: i32 = i32::MAX;
const NO_STATE: u32 = u32::MAX;

/// Every hex a unit can reach, with the cheapest cost and a path to it.
#[derive(Clone, Debug)]
pub struct Reach {
    pub unit: Unit,
    start: Option<Hx>,
    cost: Vec<i32>,
    prev: Vec<u32>,
    /// The hexes reached, ascending: the bots walk them for every unit they place,
    /// and a search reaches a small part of the board.
    reached: Vec<Hx>,
}

/// One reachable end hex, in ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Destination {
    pub hex: HexId,
    pub cost: Mp,
    /// Hexes entered, in order (the entry hex first for an entry).
    pub path: Vec<HexId>,
}

impl Reach {
    fn best(&self, h: Hx) -> Option<usize> {
        let (a, b) = (2 * h, 2 * h + 1);
        match (self.cost[a], self.cost[b]) {
            (UNREACHED, UNREACHED) => None,
            (x, y) if y < x => Some(b),
            _ => Some(a),
        }
    }

    /// Cheapest cost to end on `h`.
    pub fn cost(&self, h: Hx) -> Option<Mp> {
        self.best(h).map(|s| Mp::from_twelfths(self.cost[s]))
    }

    /// Hexes entered on the cheapest way to `h`.
    pub fn path(&self, h: Hx) -> Option<Vec<Hx>> {
        let mut s = self.best(h)?;
        let mut out = vec![s / 2];
        while self.prev[s] != NO_STATE {
            s = self.prev[s] as usize;
            out.push(s / 2);
        }
        if self.start.is_some() {
            out.pop();
        }
        out.reverse();
        Some(out)
    }

    /// Every reached hex except the start, with its cost.
    pub fn hexes(&self) -> impl Iterator<Item = (Hx, Mp)> + '_ {
        self.reached
            .iter()
            .copied()
            .filter(move |&h| Some(h) != self.start)
            .filter_map(move |h| self.cost(h).map(|c| (h, c)))
    }
}

impl Game {
    fn phase_mode(&self) -> Option<MoveMode> {
        match self.state.clock.phase.kind() {
            PhaseKind::Movement => Some(MoveMode::Normal),
            PhaseKind::Strategic => Some(MoveMode::Strategic),
            _ => None,
        }
    }

    /// Where an on-map unit of the phasing player can move now; `None` if it may not.
    pub fn reach(&self, u: Unit) -> Option<Reach> {
        let mode = self.phase_mode()?;
        let side = self.state.clock.phase.owner()?;
        self.may_move(side, u, mode).ok()?;
        let start = self.state.unit(u).hex()?;
        if mode == MoveMode::Strategic && self.in_enemy_zoc(side, start) {
            return None;
        }
        let allowance = self.mp_allowance(u, mode, false);
        Some(self.search(u, Some(start), (start, Mp::ZERO), allowance, mode))
    }

    /// Where a waiting unit can go entering through `entry` now; `None` if it may not.
    pub fn reach_from_entry(&self, u: Unit, entry: Hx) -> Option<Reach> {
        let mode = self.phase_mode()?;
        let side = self.info(u).side;
        if self.state.clock.phase.owner() != Some(side)
            || self.state.control[entry].is_some_and(|s| s != side)
            || self.occupant(entry).is_some_and(|s| s != side)
        {
            return None;
        }
        let (_, half) = self
            .entry_zones(u)
            .into_iter()
            .filter(|&(z, _)| self.state.prepared.zones[z].hexes.contains(&entry))
            .min_by_key(|&(_, h)| h)?;
        let mut allowance = self.mp_allowance(u, mode, half);
        let group = self.state.unit(u).waiting.group;
        if group.is_some_and(|g| self.state.prepared.groups[g].half_mp_first_turn) {
            allowance = allowance.half();
        }
        let cost = self.entry_stack_cost(u, entry)?;
        (cost <= allowance).then(|| self.search(u, None, (entry, cost), allowance, mode))
    }

    /// `seed` is the first hex with its cost: the start hex at 0, or the entry hex at
    /// its entry cost (`start` is then `None`).
    fn search(
        &self,
        u: Unit,
        start: Option<Hx>,
        seed: (Hx, Mp),
        allowance: Mp,
        mode: MoveMode,
    ) -> Reach {
        let b = self.board();
        let info = self.info(u);
        let side = info.side;
        let enemy_zoc = self.zoc_of(side.other());
        let n = b.len();
        let mut cost = vec![UNREACHED; 2 * n];
        let mut prev = vec![NO_STATE; 2 * n];
        let mut heap = BinaryHeap::with_capacity(64);
        let left = (allowance - self.mp_spent(u)).twelfths();
        let fresh = self.mp_spent(u) == Mp::ZERO;
        let col = info.mover.column();
        let rules = self.step_rules(u);
        // The all-along-the-road flag starts set on the map, clear when entering.
        let first = 2 * seed.0 + usize::from(start.is_some());
        cost[first] = seed.1.twelfths();
        let mut reached = vec![seed.0];
        heap.push(Reverse((cost[first], first)));
        while let Some(Reverse((c, s))) = heap.pop() {
            if c > cost[s] {
                continue;
            }
            let (h, sec) = (s / 2, s % 2 == 1);
            let at_start = Some(h) == start;
            if c > left || (!at_start && enemy_zoc.covers(h)) {
                continue;
            }
            let leave = if enemy_zoc.covers(h) { 12 } else { 0 };
            for (d, nb) in b.neighbours(h) {
                let mut extra_cost = 0;
                if self.occupant(nb).is_some_and(|o| o != side) {
                    if !(info.is_regular() && self.overrunnable(side, nb)) {
                        continue;
                    }
                    extra_cost = self.overrun_cost(nb).twelfths();
                }
                let Ok((step, road)) = self.step_by(&rules, h, d) else {
                    continue;
                };
                // Only a hex in an enemy ZoC (`leave`) shares one with its neighbour.
                if (leave > 0 && enemy_zoc.shared(h, nb))
                    || (mode == MoveMode::Strategic && enemy_zoc.covers(nb))
                {
                    continue;
                }
                let on_extra = road.is_some_and(|r| col.is_some_and(|k| b.roads[r].extra_hex[k]));
                let sec2 = sec && on_extra;
                let c2 = c
                    .saturating_add(step.twelfths())
                    .saturating_add(leave)
                    .saturating_add(extra_cost);
                let minimum = at_start && c == 0 && fresh && start.is_some();
                if !(c2 <= left || minimum || (sec2 && c <= left)) {
                    continue;
                }
                let s2 = 2 * nb + usize::from(sec2);
                if c2 < cost[s2] {
                    if cost[s2] == UNREACHED {
                        reached.push(nb);
                    }
                    cost[s2] = c2;
                    prev[s2] = s as u32;
                    heap.push(Reverse((c2, s2)));
                }
            }
        }
        reached.sort_unstable();
        reached.dedup();
        Reach {
            unit: u,
            start,
            cost,
            prev,
            reached,
        }
    }

    /// Legal end hexes of a move now, stacking included, with cost and path.
    pub fn destinations(&self, u: Unit) -> Vec<Destination> {
        let Some(r) = self.reach(u) else {
            return Vec::new();
        };
        self.to_destinations(&r)
    }

    pub(crate) fn to_destinations(&self, r: &Reach) -> Vec<Destination> {
        r.hexes()
            .filter(|&(h, _)| self.check_stacking(h, &[r.unit]).is_ok())
            .filter_map(|(h, c)| {
                Some(Destination {
                    hex: self.hex_id(h),
                    cost: c,
                    path: self.hex_ids(&r.path(h)?),
                })
            })
            .collect()
    }
}
