//! Grid calibration: the similarity transform (scale, rotation, offset) from board units to
//! scan pixels that best fits the hex centres the user clicked, by linear least squares.
//!
//! With `a = s·cos θ`, `b = s·sin θ`, a point maps as `u = ox + a·x − b·y`,
//! `v = oy + b·x + a·y`: linear in `(a, b, ox, oy)`. Centring both point sets removes the
//! offset, and the normal equations then have the closed form below (Umeyama's, without
//! reflection). Two points fix the transform exactly; more points average out click error.

use sztab_core::hex::{Grid, HexId};
use sztab_core::render::Similarity;

/// A clicked point on the scan and the printed number typed for it.
#[derive(Clone, Debug, PartialEq)]
pub struct CalPoint {
    pub pixel: [f64; 2],
    pub hex_text: String,
}

impl CalPoint {
    pub fn hex(&self) -> Option<HexId> {
        HexId::parse(&self.hex_text).ok()
    }

    /// (board centre, pixel) when the typed number is a hex of the grid.
    pub fn pair(&self, grid: &Grid) -> Option<([f64; 2], [f64; 2])> {
        let h = self.hex().filter(|&h| grid.contains(h))?;
        let c = grid.center(h);
        Some(([f64::from(c[0]), f64::from(c[1])], self.pixel))
    }
}

/// A board position and the scan pixel clicked for it.
type Pair = ([f64; 2], [f64; 2]);

/// The least-squares similarity mapping `board → pixel` for the pairs; `None` with fewer
/// than two distinct board points.
pub fn solve(pairs: &[([f64; 2], [f64; 2])]) -> Option<Similarity> {
    let n = pairs.len() as f64;
    if pairs.len() < 2 {
        return None;
    }
    let mean = |f: fn(&Pair) -> [f64; 2]| {
        let s = pairs
            .iter()
            .map(f)
            .fold([0.0, 0.0], |s, p| [s[0] + p[0], s[1] + p[1]]);
        [s[0] / n, s[1] / n]
    };
    let (cb, cp) = (mean(|p| p.0), mean(|p| p.1));
    let (mut sxx, mut sa, mut sb) = (0.0, 0.0, 0.0);
    for (b, p) in pairs {
        let (x, y) = (b[0] - cb[0], b[1] - cb[1]);
        let (u, v) = (p[0] - cp[0], p[1] - cp[1]);
        sxx += x * x + y * y;
        sa += x * u + y * v;
        sb += x * v - y * u;
    }
    if sxx < 1e-9 {
        return None;
    }
    let (a, b) = (sa / sxx, sb / sxx);
    let offset = [
        cp[0] - (a * cb[0] - b * cb[1]),
        cp[1] - (b * cb[0] + a * cb[1]),
    ];
    let s = Similarity { a, b, offset };
    s.is_valid().then_some(s)
}

/// Distance in pixels between each clicked point and where the fit puts its hex.
pub fn residuals(s: &Similarity, pairs: &[([f64; 2], [f64; 2])]) -> Vec<f64> {
    pairs
        .iter()
        .map(|(b, p)| {
            let q = s.apply(*b);
            (q[0] - p[0]).hypot(q[1] - p[1])
        })
        .collect()
}

pub fn rms(r: &[f64]) -> f64 {
    if r.is_empty() {
        return 0.0;
    }
    (r.iter().map(|x| x * x).sum::<f64>() / r.len() as f64).sqrt()
}

/// Pixels between neighbouring hex centres under `s` (√3 board units): residuals as a
/// fraction of a hex.
pub fn hex_pixels(s: &Similarity) -> f64 {
    s.scale() * 3f64.sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovers_a_known_transform_exactly() {
        let truth = Similarity::new(42.0, -1.7, [310.0, 95.0]);
        let pts: Vec<_> = [[0.0, 0.0], [15.0, 8.66], [4.5, 20.0]]
            .into_iter()
            .map(|b| (b, truth.apply(b)))
            .collect();
        let s = solve(&pts).unwrap();
        assert!((s.scale() - 42.0).abs() < 1e-9);
        assert!((s.rotation_deg() + 1.7).abs() < 1e-9);
        assert!((s.offset[0] - 310.0).abs() < 1e-7 && (s.offset[1] - 95.0).abs() < 1e-7);
        assert!(rms(&residuals(&s, &pts)) < 1e-9);
    }

    #[test]
    fn averages_noisy_clicks() {
        let truth = Similarity::new(30.0, 0.8, [50.0, 60.0]);
        let noise = [[1.0, -1.0], [-1.0, 0.5], [0.5, 1.0], [-0.5, -0.5]];
        let pts: Vec<_> = [[0.0, 0.0], [30.0, 0.0], [0.0, 25.0], [30.0, 25.0]]
            .into_iter()
            .zip(noise)
            .map(|(b, n)| {
                let p = truth.apply(b);
                (b, [p[0] + n[0], p[1] + n[1]])
            })
            .collect();
        let s = solve(&pts).unwrap();
        assert!((s.scale() - 30.0).abs() < 0.05);
        assert!((s.rotation_deg() - 0.8).abs() < 0.1);
        let r = residuals(&s, &pts);
        assert!(rms(&r) < 1.5 && r.len() == 4);
    }

    #[test]
    fn needs_two_distinct_points() {
        assert!(solve(&[([1.0, 1.0], [5.0, 5.0])]).is_none());
        assert!(solve(&[([1.0, 1.0], [5.0, 5.0]), ([1.0, 1.0], [9.0, 9.0])]).is_none());
    }
}
