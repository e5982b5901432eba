//! Lines of fire for victory (situations 3 and 11): the hexes a side can fire into,
//! whether they link two edges of the map, and whether a corridor of a given width runs
//! between two edges outside them. A side can fire into a hex when one of its units on
//! the map with an attack factor has it in range and is next to it or sees it (decision
//! P-14); a corridor W hexes wide is a chain of hexes with no covered hex within
//! (W − 1) / 2 hexes of any of them (decision P-15).

use std::collections::{BTreeMap, VecDeque};

use sztab_core::hex::{Grid, HexId, MapEdge};

use super::game::Game;
use super::state::Loc;

/// The hexes `side` can fire into now, by the grid's dense index.
pub fn covered(g: &Game, side: usize) -> Vec<bool> {
    let grid = &g.s.board.grid;
    let mut out = vec![false; grid.len()];
    // Every unit on a hex sees what the others there see: the longest range counts.
    let mut reach: BTreeMap<HexId, u32> = BTreeMap::new();
    for (u, d) in g.s.units.iter().enumerate() {
        if d.side == side
            && d.fires()
            && let Loc::On(h) = g.st.units[u].loc()
        {
            let r = reach.entry(h).or_default();
            *r = (*r).max(d.f.range);
        }
    }
    for (&from, &range) in &reach {
        for to in grid.range(from, range) {
            if let Some(i) = grid.index(to)
                && !out[i]
                && (grid.distance(from, to) <= 1 || g.sees(from, to))
            {
                out[i] = true;
            }
        }
    }
    out
}

/// The hexes with no marked hex within `radius`, by dense index.
pub fn clear_of(grid: &Grid, marked: &[bool], radius: u32) -> Vec<bool> {
    let mut clear = vec![true; grid.len()];
    for h in grid.iter() {
        if grid.index(h).is_some_and(|i| marked[i]) {
            for near in grid.range(h, radius) {
                if let Some(j) = grid.index(near) {
                    clear[j] = false;
                }
            }
        }
    }
    clear
}

/// Whether the hexes marked `open` link a hex on edge `from` to a hex on edge `to`,
/// stepping between neighbours.
pub fn links(grid: &Grid, open: &[bool], from: MapEdge, to: MapEdge) -> bool {
    let is_open = |h: HexId| grid.index(h).is_some_and(|i| open[i]);
    let mut seen = vec![false; grid.len()];
    let mut queue = VecDeque::new();
    for h in grid.edge_hexes(from).into_iter().filter(|&h| is_open(h)) {
        if let Some(i) = grid.index(h) {
            seen[i] = true;
            queue.push_back(h);
        }
    }
    while let Some(h) = queue.pop_front() {
        if grid.edges_of(h).contains(&to) {
            return true;
        }
        for n in grid.neighbours(h) {
            if let Some(i) = grid.index(n)
                && open[i]
                && !seen[i]
            {
                seen[i] = true;
                queue.push_back(n);
            }
        }
    }
    false
}

/// Situation 3's Russian aim: the hexes `side` can fire into link `from` to `to`.
pub fn fire_chain(g: &Game, side: usize, from: MapEdge, to: MapEdge) -> bool {
    links(&g.s.board.grid, &covered(g, side), from, to)
}

/// Situations 3 and 11's German aim: a corridor `width` hexes wide from `from` to `to`
/// that no unit of `enemy` can fire into.
pub fn corridor(g: &Game, enemy: usize, from: MapEdge, to: MapEdge, width: u32) -> bool {
    let grid = &g.s.board.grid;
    let clear = clear_of(grid, &covered(g, enemy), width.saturating_sub(1) / 2);
    links(grid, &clear, from, to)
}
