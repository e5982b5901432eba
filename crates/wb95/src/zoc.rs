//! Zones of control (R4.1): which units project one, into which hexes, and the per-side
//! map of ZoC sources the movement, retreat, obligation and control rules read.

use super::board::{Board, Hx};
use super::roster::{Roster, Unit};

/// The hexes a unit standing on `h` projects its ZoC into (R4.1.1-4.1.4): the six
/// neighbours, except across a big river (R4.1.3) and into a hex it could not enter
/// from `h` (R4.1.4: motorized units project none into swamp or mountain).
pub fn projected<'a>(
    board: &'a Board,
    roster: &'a Roster,
    u: Unit,
    h: Hx,
) -> impl Iterator<Item = Hx> + 'a {
    let info = roster.info(u);
    let on = info.has_zoc();
    board.neighbours(h).filter_map(move |(d, n)| {
        (on && !board.edge(h, d).big_river && board.step(h, d, info.mover).is_some()).then_some(n)
    })
}

/// The ZoC one side exerts: for every hex, the units whose ZoC covers it, sorted.
#[derive(Clone, Debug, Default)]
pub struct ZocMap {
    start: Vec<u32>,
    sources: Vec<Unit>,
}

impl ZocMap {
    /// Builds the map from the positions of one side's units.
    pub fn build(
        board: &Board,
        roster: &Roster,
        units: impl Iterator<Item = (Unit, Hx)>,
    ) -> ZocMap {
        let mut pairs: Vec<(Hx, Unit)> = Vec::new();
        for (u, h) in units {
            pairs.extend(projected(board, roster, u, h).map(|n| (n, u)));
        }
        pairs.sort_unstable();
        let mut start = vec![0u32; board.len() + 1];
        for &(h, _) in &pairs {
            start[h + 1] += 1;
        }
        for i in 0..board.len() {
            start[i + 1] += start[i];
        }
        ZocMap {
            start,
            sources: pairs.into_iter().map(|(_, u)| u).collect(),
        }
    }

    /// Units whose ZoC covers `h`.
    pub fn sources(&self, h: Hx) -> &[Unit] {
        match (self.start.get(h), self.start.get(h + 1)) {
            (Some(&a), Some(&b)) => &self.sources[a as usize..b as usize],
            _ => &[],
        }
    }

    pub fn covers(&self, h: Hx) -> bool {
        !self.sources(h).is_empty()
    }

    /// Do `a` and `b` lie in the ZoC of one and the same unit?
    pub fn shared(&self, a: Hx, b: Hx) -> bool {
        let (x, y) = (self.sources(a), self.sources(b));
        let (mut i, mut j) = (0, 0);
        while i < x.len() && j < y.len() {
            match x[i].cmp(&y[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => return true,
            }
        }
        false
    }
}
