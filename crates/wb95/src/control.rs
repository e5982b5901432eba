//! Hex control (R4.3): the initial control a scenario starts with (R4.3.1, A-68) and
//! the control a player gains at the end of his Supply phase (R4.3.2-4.3.6).

use std::collections::VecDeque;

use super::board::{Board, Hx};
use super::roster::{Roster, Unit};
use super::side::Side;
use super::zoc::ZocMap;

/// Initial control: a hex occupied by, or in the ZoC of only, one side's units
/// goes to that side; every other hex to the side whose supply sources are nearer
/// (ties stay neutral). `overrides` (the scenario's `control`) win.
pub fn initial(
    board: &Board,
    roster: &Roster,
    positions: &[(Unit, Hx)],
    sources: [&[Hx]; 2],
    overrides: &[(Hx, Side)],
) -> Vec<Option<Side>> {
    let zoc = Side::BOTH.map(|s| {
        ZocMap::build(
            board,
            roster,
            positions
                .iter()
                .copied()
                .filter(|&(u, _)| roster.info(u).side == s),
        )
    });
    let dist = sources.map(|s| distances(board, s));
    // The side of the first unit listed on each hex, in one pass over the units.
    let mut occupants: Vec<Option<Side>> = vec![None; board.len()];
    for &(u, h) in positions {
        occupants[h].get_or_insert(roster.info(u).side);
    }
    let mut control = vec![None; board.len()];
    for (h, c) in control.iter_mut().enumerate() {
        let occupant = occupants[h];
        let in_zoc = [zoc[0].covers(h), zoc[1].covers(h)];
        *c = occupant.or(match in_zoc {
            [true, false] => Some(Side::A),
            [false, true] => Some(Side::B),
            _ => match dist[0][h].cmp(&dist[1][h]) {
                std::cmp::Ordering::Less => Some(Side::A),
                std::cmp::Ordering::Greater => Some(Side::B),
                std::cmp::Ordering::Equal => None,
            },
        });
    }
    for &(h, s) in overrides {
        control[h] = Some(s);
    }
    control
}

/// Hex distance from the nearest source (breadth-first over the board).
pub(crate) fn distances(board: &Board, sources: &[Hx]) -> Vec<u32> {
    let mut d = vec![u32::MAX; board.len()];
    let mut q = VecDeque::new();
    for &s in sources {
        if d[s] != 0 {
            d[s] = 0;
            q.push_back(s);
        }
    }
    while let Some(h) = q.pop_front() {
        for (_, n) in board.neighbours(h) {
            if d[n] == u32::MAX {
                d[n] = d[h] + 1;
                q.push_back(n);
            }
        }
    }
    d
}

/// Hexes `side` gains at the end of its Supply phase (R4.3.2-4.3.6): every hex one
/// of its units occupies, and every empty hex in the ZoC of one of its *supplied* units
/// and in no enemy ZoC. Returns the hexes whose control changes.
pub fn gained(
    control: &[Option<Side>],
    side: Side,
    occupied: &[Option<Side>],
    own_supplied_zoc: &ZocMap,
    enemy_zoc: &ZocMap,
) -> Vec<Hx> {
    (0..control.len())
        .filter(|&h| control[h] != Some(side))
        .filter(|&h| match occupied[h] {
            Some(s) => s == side,
            None => own_supplied_zoc.covers(h) && !enemy_zoc.covers(h),
        })
        .collect()
}

impl super::game::Game {
    /// R4.3.2-4.3.6 at the end of `side`'s Supply phase; `supplied` are its units that
    /// traced supply in this phase (`supplied_units`): only they take hexes by ZoC (R4.3.5),
    /// every unit by occupation.
    pub(crate) fn gain_control(&mut self, side: Side, supplied: &[Unit]) {
        let p = self.state.prepared.clone();
        let occupied: Vec<Option<Side>> = (0..p.board.len()).map(|h| self.occupant(h)).collect();
        let own = ZocMap::build(
            &p.board,
            &p.roster,
            supplied
                .iter()
                .filter_map(|&u| self.state.unit(u).hex().map(|h| (u, h))),
        );
        let hexes = gained(
            &self.state.control,
            side,
            &occupied,
            &own,
            self.zoc_of(side.other()),
        );
        if !hexes.is_empty() {
            self.emit(super::event::Event::ControlChanged {
                side: self.side_id(side).clone(),
                hexes: self.hex_ids(&hexes),
            });
        }
    }
}
