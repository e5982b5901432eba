//! The optional Real-Space LOS rule: "a straight edge from the center of the firing hex
//! to the center of the target hex; only the hexside symbols it intersects count". A
//! symbol the edge runs along counts, unless it is a brown one that joins an orange one;
//! where the edge passes exactly through a corner, the defender gets the benefit of the
//! doubt, so every symbol meeting at that corner counts (decision P-23). Range is still
//! counted the normal way.

use std::collections::BTreeSet;

use super::board::Board;
use super::los::Place;
use sztab_core::hex::{Dir, HexId, Hexside};

/// How the straight edge meets a hexside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Meets {
    /// It crosses the hexside between its corners.
    Crosses,
    /// It runs along the hexside's length.
    Along,
    /// It passes through one of the hexside's corners.
    Corner,
}

/// A hexside the straight edge meets, where and how.
#[derive(Clone, Copy, Debug)]
pub(super) struct Met {
    pub side: Hexside,
    pub place: Place,
    pub how: Meets,
}

/// Distances below this (in hex radii) are taken as exact: centres and corners lie on
/// a lattice, so a line that misses a corner misses it by far more.
const EXACT: f64 = 1e-4;

type P = [f64; 2];

fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1]]
}

fn cross(a: P, b: P) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}

fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

fn wide(p: [f32; 2]) -> P {
    [f64::from(p[0]), f64::from(p[1])]
}

/// Every hexside the straight edge from `from`'s centre to `to`'s meets, nearest the
/// firer first, with the hexes in `near` (the traced corridor) and their neighbours as
/// the candidates.
pub(super) fn met(board: &Board, from: HexId, to: HexId, near: &[HexId]) -> Vec<Met> {
    let g = &board.grid;
    let (a, b) = (wide(g.center(from)), wide(g.center(to)));
    let n = g.distance(from, to);
    let mut sides: BTreeSet<Hexside> = BTreeSet::new();
    for &h in near {
        for x in std::iter::once(h).chain(g.neighbours(h)) {
            sides.extend(Dir::ALL.iter().filter_map(|&d| g.hexside_towards(x, d)));
        }
    }
    let mut out: Vec<(f64, Met)> = sides
        .into_iter()
        .filter_map(|side| {
            let [c, d] = g.hexside_ends(side)?.map(wide);
            let (t, how) = meet(a, b, c, d)?;
            let (x, y) = side.hexes();
            let place = Place {
                i: ((t * f64::from(n)).floor() as u32 + 1).clamp(1, n.max(1)),
                n,
                first: x == from || y == from,
                last: x == to || y == to,
                near_firer: t <= 0.5 + EXACT,
                near_target: t >= 0.5 - EXACT,
            };
            Some((t, Met { side, place, how }))
        })
        .collect();
    out.sort_by(|p, q| p.0.total_cmp(&q.0));
    out.into_iter().map(|(_, m)| m).collect()
}

/// Where (0 at `a`, 1 at `b`) and how the segment `a`-`b` meets the segment `c`-`d`:
/// for a run along it, the middle of the shared part.
fn meet(a: P, b: P, c: P, d: P) -> Option<(f64, Meets)> {
    let (r, s) = (sub(b, a), sub(d, c));
    let len = dot(r, r).sqrt();
    let denom = cross(r, s);
    if denom.abs() < EXACT * len {
        // Parallel: along it if on the same line, over a stretch of some length.
        if (cross(sub(c, a), r) / len).abs() > EXACT {
            return None;
        }
        let (tc, td) = (
            dot(sub(c, a), r) / (len * len),
            dot(sub(d, a), r) / (len * len),
        );
        let (lo, hi) = (tc.min(td).max(0.0), tc.max(td).min(1.0));
        return (hi - lo > EXACT).then_some(((lo + hi) / 2.0, Meets::Along));
    }
    let t = cross(sub(c, a), s) / denom;
    let u = cross(sub(c, a), r) / denom;
    let slack = EXACT / len;
    if !(-slack..=1.0 + slack).contains(&t) || !(-EXACT..=1.0 + EXACT).contains(&u) {
        return None;
    }
    let corner = u.abs() <= EXACT || (u - 1.0).abs() <= EXACT;
    Some((
        t,
        if corner {
            Meets::Corner
        } else {
            Meets::Crosses
        },
    ))
}

/// A brown hexside that joins an orange one at a corner: run along, it does not count.
pub(super) fn brown_joins_orange(board: &Board, side: Hexside) -> bool {
    let g = &board.grid;
    let Some(ends) = g.hexside_ends(side) else {
        return false;
    };
    let (x, y) = side.hexes();
    [x, y]
        .into_iter()
        .flat_map(|h| {
            std::iter::once(h)
                .chain(g.neighbours(h))
                .collect::<Vec<_>>()
        })
        .flat_map(|h| {
            Dir::ALL
                .into_iter()
                .filter_map(move |d| g.hexside_towards(h, d))
        })
        .filter(|o| *o != side && board.marks(*o).orange)
        .any(|o| {
            g.hexside_ends(o).is_some_and(|e| {
                e.iter().any(|p| {
                    ends.iter()
                        .any(|q| (p[0] - q[0]).hypot(p[1] - q[1]) < EXACT as f32 * 10.0)
                })
            })
        })
}
