//! What is under the pointer: the hex, and the hexside nearest to it with the side of the
//! edge the pointer is on.

use sztab_core::hex::{Dir, Grid, HexId, Hexside};

/// A hexside under the pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SidePick {
    pub side: Hexside,
    /// The hex on the pointer's side of the edge: a line's front when painting lines.
    pub near: HexId,
}

/// The hexside of the hex under `p` that faces `p` (the edge of the sixth of the hex, cut
/// from the centre through the corners, that `p` lies in), if `p` lies within `snap` board
/// units of it. Board-edge hexsides (no hex beyond) are skipped. Picking the edge whose
/// line is nearest instead took the neighbouring edge near each corner, where the two are
/// about as near: a stroke along one edge painted the two beside it too.
pub fn hexside_at(grid: &Grid, p: [f32; 2], snap: f32) -> Option<SidePick> {
    let near = grid.hex_at(p)?;
    let c = grid.center(near);
    let (px, py) = (p[0] - c[0], p[1] - c[1]);
    // The way each edge's midpoint lies from the centre (flat-topped hexes, y down).
    const HALF: f32 = 0.866_025_4;
    let faces = [
        (Dir::N, [0.0, -1.0]),
        (Dir::NE, [HALF, -0.5]),
        (Dir::SE, [HALF, 0.5]),
        (Dir::S, [0.0, 1.0]),
        (Dir::SW, [-HALF, 0.5]),
        (Dir::NW, [-HALF, -0.5]),
    ];
    let (dir, _) = faces
        .into_iter()
        .map(|(d, [x, y])| (d, px * x + py * y))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    let side = grid.hexside_towards(near, dir)?;
    let [a, b] = grid.hexside_ends(side)?;
    (segment_distance(p, a, b) <= snap).then_some(SidePick { side, near })
}

/// Distance from `p` to the segment `a`–`b`.
pub fn segment_distance(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (qx, qy) = (a[0] + t * dx, a[1] + t * dy);
    (p[0] - qx).hypot(p[1] - qy)
}

/// Points every `step` board units from `a` to `b` (both included): a fast drag visits
/// every hex and edge it crosses.
pub fn samples(a: [f32; 2], b: [f32; 2], step: f32) -> Vec<[f32; 2]> {
    let len = (b[0] - a[0]).hypot(b[1] - a[1]);
    let n = ((len / step.max(1e-3)).ceil() as usize).clamp(1, 2000);
    (0..=n)
        .map(|i| {
            let t = i as f32 / n as f32;
            [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::hex::Numbering;

    #[test]
    fn picks_the_edge_near_the_pointer_and_its_side() {
        let g = Grid::new(10, 10, Numbering::default());
        let h = HexId::new(5, 5);
        let n = g.neighbour(h, Dir::N).unwrap();
        let [x, y] = g.center(h);
        // Just inside the north edge of 0505 (the edge is √3/2 above the centre).
        let pick = hexside_at(&g, [x + 0.1, y - 0.8], 0.3).unwrap();
        assert_eq!(pick.side, Hexside::new(h, n).unwrap());
        assert_eq!(pick.near, h);
        // Just across it, the same edge from the other hex.
        let pick = hexside_at(&g, [x + 0.1, y - 0.93], 0.3).unwrap();
        assert_eq!(pick.side, Hexside::new(h, n).unwrap());
        assert_eq!(pick.near, n);
        // At the centre no edge is within snapping distance.
        assert!(hexside_at(&g, [x, y], 0.3).is_none());
    }

    #[test]
    fn every_edge_midpoint_picks_its_own_edge() {
        let g = Grid::new(6, 6, Numbering::default());
        for id in g.iter() {
            for d in Dir::ALL {
                let Some(side) = g.hexside_towards(id, d) else {
                    continue;
                };
                let [a, b] = g.hexside_ends(side).unwrap();
                let c = g.center(id);
                // A point on the midpoint, nudged towards this hex.
                let m = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
                let p = [m[0] + (c[0] - m[0]) * 0.1, m[1] + (c[1] - m[1]) * 0.1];
                let pick = hexside_at(&g, p, 0.3).unwrap();
                assert_eq!((pick.side, pick.near), (side, id));
            }
        }
    }

    #[test]
    fn a_point_near_a_corner_picks_the_edge_it_runs_along() {
        let g = Grid::new(20, 10, Numbering::default());
        let h = HexId::new(17, 3);
        for d in Dir::ALL {
            let side = g.hexside_towards(h, d).unwrap();
            let [a, b] = g.hexside_ends(side).unwrap();
            let c = g.center(h);
            // Along the edge from a tenth to nine tenths, a little inside the hex (as a
            // hand draws), with the tool's snapping distance.
            for k in 1..=9 {
                let t = k as f32 / 10.0;
                let on = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
                let p = [on[0] + (c[0] - on[0]) * 0.12, on[1] + (c[1] - on[1]) * 0.12];
                let pick = hexside_at(&g, p, 0.45).unwrap();
                assert_eq!(pick.side, side, "{d:?} at {t}");
            }
        }
    }

    #[test]
    fn samples_cover_the_segment() {
        let s = samples([0.0, 0.0], [1.0, 0.0], 0.25);
        assert_eq!(s.len(), 5);
        assert_eq!(s[4], [1.0, 0.0]);
    }
}
