//! Supply (R10): the line of supply of every unit of a side at once, and the
//! out-of-supply levels of the Supply phase.
//!
//! The algorithm: one Dijkstra from all the side's supply
//! sources at cost 0. A step along a road connection costs 0 (R10.1.5), a step between
//! two hexes both holding friendly units costs 0 (R10.1.9), any other step costs the
//! trucked terrain cost of entering (R10.1.6-10.1.8). Enemy-occupied hexes, hexes a
//! truck cannot enter that way, and hexes in an enemy ZoC (R10.1.11 sense: every enemy
//! unit except towed units in transport setup and HQs, and every enemy-controlled town)
//! without a friendly regular unit are blocked (R10.1.10). A unit is supplied when its
//! hex is reached for no more than its nation's supply MPs. Only the off-road total
//! counts, so one search serves every budget.
//!
//! R10.1.11 "enemy-controlled towns exert a ZoC": such a town is treated like an
//! enemy unit standing in it, so the town hex itself is in that ZoC too.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::board::{Board, Hx, Mover};
use super::event::{EliminationCause, Event, OosReason};
use super::game::Game;
use super::roster::{Roster, Unit};
use super::side::Side;
use sztab_core::model::{ArtillerySetup, Mp};

/// Not reached by the trace.
pub const UNREACHED: i32 = i32::MAX;

/// What the trace of one side needs to know about the board, per hex.
#[derive(Clone, Debug)]
pub struct TraceInput<'a> {
    pub board: &'a Board,
    /// Bridges standing (R14).
    pub bridges: &'a [bool],
    /// A unit of the tracing side stands here.
    pub friendly: Vec<bool>,
    /// A regular unit of the tracing side stands here (R10.1.10).
    pub regular: Vec<bool>,
    /// An enemy unit stands here.
    pub enemy: Vec<bool>,
    /// In an enemy ZoC for the line of supply (R10.1.11).
    pub zoc: Vec<bool>,
    pub sources: Vec<Hx>,
}

impl TraceInput<'_> {
    /// May a line of supply pass through `h`?
    pub fn open(&self, h: Hx) -> bool {
        !self.enemy[h] && (!self.zoc[h] || self.regular[h])
    }

    /// Cost in twelfths of the line stepping from `from` into its neighbour in `dir`.
    pub fn step(&self, from: Hx, dir: usize) -> Option<i32> {
        let to = self.board.neighbour(from, dir)?;
        let (cost, road) = self
            .board
            .step_over(from, dir, Mover::Trucked, self.bridges)?;
        if road.is_some() || (self.friendly[from] && self.friendly[to]) {
            Some(0)
        } else {
            Some(cost.twelfths())
        }
    }
}

/// A unit as the trace sees it.
#[derive(Clone, Copy, Debug)]
pub struct Piece {
    pub unit: Unit,
    pub hex: Hx,
    pub setup: Option<ArtillerySetup>,
}

/// Builds the trace input of `side` from the units on the map, hex control and the
/// bridges standing.
pub fn input<'a>(
    board: &'a Board,
    roster: &Roster,
    side: Side,
    pieces: &[Piece],
    control: &[Option<Side>],
    bridges: &'a [bool],
    sources: Vec<Hx>,
) -> TraceInput<'a> {
    let n = board.len();
    let mut t = TraceInput {
        board,
        bridges,
        friendly: vec![false; n],
        regular: vec![false; n],
        enemy: vec![false; n],
        zoc: vec![false; n],
        sources,
    };
    for p in pieces {
        let info = roster.info(p.unit);
        if info.side == side {
            t.friendly[p.hex] = true;
            t.regular[p.hex] |= info.is_regular();
            continue;
        }
        t.enemy[p.hex] = true;
        let exempt = info.is_hq() || (info.is_towed() && p.setup != Some(ArtillerySetup::Combat));
        if exempt {
            continue;
        }
        for (d, nb) in board.neighbours(p.hex) {
            let e = board.edge(p.hex, d);
            if !e.big_river && board.step_over(p.hex, d, info.mover, bridges).is_some() {
                t.zoc[nb] = true;
            }
        }
    }
    for (h, c) in control.iter().enumerate().take(n) {
        if board.urban[h] && *c == Some(side.other()) {
            t.zoc[h] = true;
            for (d, nb) in board.neighbours(h) {
                if !board.edge(h, d).big_river {
                    t.zoc[nb] = true;
                }
            }
        }
    }
    t
}

/// The off-road cost (twelfths of an MP) of the cheapest line from a source to every
/// hex; `UNREACHED` where none exists.
pub fn trace(t: &TraceInput) -> Vec<i32> {
    let n = t.board.len();
    let mut cost = vec![UNREACHED; n];
    let mut heap = BinaryHeap::new();
    for &s in &t.sources {
        if t.open(s) && cost[s] != 0 {
            cost[s] = 0;
            heap.push(Reverse((0, s)));
        }
    }
    while let Some(Reverse((c, h))) = heap.pop() {
        if c > cost[h] {
            continue;
        }
        for (d, nb) in t.board.neighbours(h) {
            if !t.open(nb) {
                continue;
            }
            let Some(step) = t.step(h, d) else {
                continue;
            };
            let c2 = c.saturating_add(step);
            if c2 < cost[nb] {
                cost[nb] = c2;
                heap.push(Reverse((c2, nb)));
            }
        }
    }
    cost
}

/// Does one unit on `from` trace a line within `budget`? A separate search, backwards
/// from the unit with the budget left, for checking `trace`.
pub fn trace_one(t: &TraceInput, from: Hx, budget: Mp) -> bool {
    if !t.open(from) {
        return false;
    }
    let mut best = vec![-1i32; t.board.len()];
    let mut stack = vec![(from, budget.twelfths())];
    best[from] = budget.twelfths();
    while let Some((h, left)) = stack.pop() {
        if t.sources.contains(&h) {
            return true;
        }
        for (_, nb) in t.board.neighbours(h) {
            if !t.open(nb) {
                continue;
            }
            let Some(back) = t.board.dir_to(nb, h) else {
                continue;
            };
            let Some(step) = t.step(nb, back) else {
                continue;
            };
            let rest = left.saturating_sub(step);
            if rest >= 0 && rest > best[nb] {
                best[nb] = rest;
                stack.push((nb, rest));
            }
        }
    }
    false
}

impl Game {
    /// Every unit on the map, for the trace.
    pub(crate) fn pieces(&self) -> Vec<Piece> {
        self.roster()
            .all()
            .filter_map(|u| {
                let st = self.state.unit(u);
                Some(Piece {
                    unit: u,
                    hex: st.hex()?,
                    setup: st.setup,
                })
            })
            .collect()
    }

    /// The supply-source hexes of `side` now: its fixed sources and the hexes of its
    /// source HQs (R10.1.4).
    pub fn supply_sources(&self, side: Side) -> Vec<Hx> {
        let info = self.state.prepared.side_info(side);
        let mut v = info.fixed_sources.clone();
        v.extend(
            info.hq_sources
                .iter()
                .filter_map(|&u| self.state.unit(u).hex()),
        );
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The trace input of `side` in the current position.
    pub fn supply_input(&self, side: Side) -> TraceInput<'_> {
        input(
            self.board(),
            self.roster(),
            side,
            &self.pieces(),
            &self.state.control,
            &self.state.bridge_up,
            self.supply_sources(side),
        )
    }

    /// The line-of-supply cost of every hex for `side` now (one search, A-65).
    pub fn supply_map(&self, side: Side) -> Vec<i32> {
        trace(&self.supply_input(side))
    }

    /// Units of `side` on the map that trace a line of supply now, and those that do
    /// not.
    pub fn supply_status(&self, side: Side) -> (Vec<Unit>, Vec<Unit>) {
        let cost = self.supply_map(side);
        self.units_on_map(side).partition(|&u| {
            let h = self.state.unit(u).hex().unwrap_or(0);
            cost[h] <= self.info(u).supply_mp.twelfths()
        })
    }

    /// Steps 1-2 of the Supply phase (§7): trace, new and growing OoS levels, recovery
    /// by 4, then the surrender tests of the units cut off this phase.
    pub(crate) fn trace_supply(&mut self, side: Side) {
        let (supplied, cut) = self.supply_status(side);
        self.emit(Event::SupplyTraced {
            side: self.side_id(side).clone(),
            cut_off: self.unit_ids(&cut),
        });
        for &u in &supplied {
            let level = self.state.unit(u).oos;
            if level > 0 {
                self.emit(Event::OosChanged {
                    unit: self.unit_id(u).clone(),
                    level: level.saturating_sub(4),
                    reason: OosReason::Resupplied,
                });
            }
        }
        for &u in &cut {
            let level = self.state.unit(u).oos.saturating_add(1);
            self.emit(Event::OosChanged {
                unit: self.unit_id(u).clone(),
                level,
                reason: OosReason::CutOff,
            });
        }
        for &u in &cut {
            let level = self.state.unit(u).oos;
            let roll = self.dice.two_d6();
            let surrendered = i32::from(level) - i32::from(roll) > 0;
            self.emit(Event::SurrenderTest {
                unit: self.unit_id(u).clone(),
                level,
                roll,
                surrendered,
            });
            if surrendered {
                self.eliminate(u, EliminationCause::Surrender);
            }
        }
    }

    /// The units of `side` that traced supply in its last Supply phase and are still
    /// on the map (R4.3.4-4.3.5, A-55).
    pub fn supplied_units(&self, side: Side) -> Vec<Unit> {
        self.units_on_map(side)
            .filter(|&u| self.state.unit(u).supplied)
            .collect()
    }

    /// R10.2.4: after a combat, an out-of-supply defender hit by a defender-retreat
    /// result and an out-of-supply attacker whose attack brought none rise 1 level.
    pub(crate) fn oos_after_combat(&mut self) {
        let Some(c) = self.state.combat.clone() else {
            return;
        };
        let Some(r) = &c.resolution else {
            return;
        };
        let success = r.cell.defender.retreat > 0;
        let (units, reason) = if success {
            (&c.defenders, OosReason::Attacked)
        } else {
            (&c.attackers, OosReason::AttackFailed)
        };
        for &u in units {
            let st = self.state.unit(u);
            if st.oos > 0 && st.hex().is_some() {
                self.emit(Event::OosChanged {
                    unit: self.unit_id(u).clone(),
                    level: st.oos.saturating_add(1),
                    reason,
                });
            }
        }
    }
}
