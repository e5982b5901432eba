//! What a hex looks like on a scan: its pixels sampled inside the hex (clear of the grid
//! lines and the printed number) and summarized by two colours. The dominant colour is
//! the hex's ground (the fill a forest's trees stand on), untouched by roads, names and
//! symbols; the mean colour keeps the symbols (a town's blocks on clear ground) and, being
//! an average of sRGB values, is the same before and after a blur. The pixels themselves,
//! each at its place in the hex, tell symbols at their places (a town's blocks) from marks
//! that cross the hex elsewhere (a road through clear ground).

use super::colour::{Lab, lab, lab_f};
use super::underlay::Scan;
use sztab_core::hex::{Grid, HexId};
use sztab_core::render::Similarity;

/// A hex's colours on a scan or in the program's drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct HexSample {
    pub dominant: Lab,
    pub mean: Lab,
    /// Share of the pixels within [`NEAR`] of the dominant colour: 1 for a flat hex.
    pub uniformity: f32,
    /// The colour at each of [`offsets`], `None` off the image.
    pub pixels: Vec<Option<Lab>>,
}

/// Pixels this close (ΔE) to a colour count as showing it.
const NEAR: f32 = 8.0;

/// Sample offsets from a hex centre (board units): inside the hex, below the number.
pub fn offsets() -> Vec<[f32; 2]> {
    let mut v = Vec::new();
    let step = 0.08;
    for i in -7..=7 {
        for j in -5..=8 {
            let (x, y) = (i as f32 * step, j as f32 * step);
            if x.hypot(y) <= 0.62 && y >= -0.38 {
                v.push([x, y]);
            }
        }
    }
    v
}

/// The hex's colours on the scan; `None` when less than half of it lies on the image.
pub fn sample_hex(
    scan: &Scan,
    sim: &Similarity,
    grid: &Grid,
    id: HexId,
    offs: &[[f32; 2]],
) -> Option<HexSample> {
    let c = grid.center(id);
    let at: Vec<Option<[u8; 3]>> = offs
        .iter()
        .map(|o| scan.rgb(sim.apply([f64::from(c[0] + o[0]), f64::from(c[1] + o[1])])))
        .collect();
    let rgb: Vec<[u8; 3]> = at.iter().flatten().copied().collect();
    (rgb.len() >= offs.len().div_ceil(2)).then(|| HexSample {
        pixels: at.iter().map(|p| p.map(lab)).collect(),
        ..summarize(&rgb)
    })
}

fn summarize(rgb: &[[u8; 3]]) -> HexSample {
    let n = rgb.len() as f32;
    let sum = rgb.iter().fold([0.0f32; 3], |s, p| {
        [
            s[0] + f32::from(p[0]),
            s[1] + f32::from(p[1]),
            s[2] + f32::from(p[2]),
        ]
    });
    let mean = lab_f(sum.map(|v| v / n));
    let px: Vec<Lab> = rgb.iter().map(|&p| lab(p)).collect();
    let (dominant, near) = mode(&px);
    HexSample {
        dominant,
        mean,
        uniformity: near as f32 / n,
        pixels: px.into_iter().map(Some).collect(),
    }
}

/// The colour most pixels lie near (the mean of the neighbours of the pixel with the most
/// neighbours), and how many lie near it. Every third pixel is tried as the centre: a
/// hundred or two pixels a hex, tens of thousands of hexes on the largest maps.
fn mode(px: &[Lab]) -> (Lab, usize) {
    let near2 = NEAR * NEAR;
    let d2 = |p: Lab, q: Lab| (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2);
    let neighbours = |p: Lab| px.iter().filter(move |&&q| d2(p, q) <= near2);
    let densest = px
        .iter()
        .step_by(3)
        .max_by_key(|&&p| neighbours(p).count())
        .copied()
        .unwrap_or([0.0; 3]);
    let (s, k) = neighbours(densest).fold(([0.0f32; 3], 0usize), |(s, k), q| {
        ([s[0] + q[0], s[1] + q[1], s[2] + q[2]], k + 1)
    });
    let k1 = k.max(1) as f32;
    ([s[0] / k1, s[1] / k1, s[2] / k1], k)
}

#[cfg(test)]
mod tests {
    use super::super::colour::dist;
    use super::*;

    #[test]
    fn the_ground_dominates_and_the_symbols_move_the_mean() {
        let ground = [233, 227, 195];
        let mut px = vec![ground; 80];
        px.extend([[181, 83, 63]; 20]);
        let s = summarize(&px);
        assert!(dist(s.dominant, lab(ground)) < 0.01);
        assert!((s.uniformity - 0.8).abs() < 1e-6);
        let mean = lab([223, 198, 169]);
        assert!(dist(s.mean, mean) < 1.0, "{:?} vs {mean:?}", s.mean);
    }
}
