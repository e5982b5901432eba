//! The ink of a line across a strip of the scan. A line drawn along a segment (a river
//! along a hexside, a road from centre to centre) is read as profiles across the segment
//! at a few places along it; each profile's difference from the ground on either side,
//! summed across, is the line's width times its colour's difference from the ground.
//! That sum, in sRGB values, is the same before and after a blur or a change of scale,
//! which is why lines are told apart by it and not by the colour at their middle.

/// Where a strip is read: fractions along the segment, and how far across (board units).
pub struct Window {
    pub along: &'static [f32],
    pub half_width: f32,
}

/// Along a hexside: clear of its ends, where the next hexside's line joins, and of its
/// middle, where a road crosses it; across, wide enough for a fortification line set in
/// 0.09 with its ticks 0.16 deep, blurred.
pub const SIDE: Window = Window {
    along: &[
        0.20, 0.23, 0.26, 0.29, 0.32, 0.35, 0.38, 0.62, 0.65, 0.68, 0.71, 0.74, 0.77, 0.80,
    ],
    half_width: 0.34,
};

/// Along a centre-to-centre link: clear of the hex centres, where other roads join and a
/// town's symbol sits, and of the hexside in the middle with its river, bridge and the
/// ticks of a fortification line.
pub const LINK: Window = Window {
    along: &[
        0.18, 0.20, 0.22, 0.24, 0.26, 0.28, 0.30, 0.32, 0.34, 0.66, 0.68, 0.70, 0.72, 0.74, 0.76,
        0.78, 0.80, 0.82,
    ],
    half_width: 0.2,
};

/// Spacing of the samples across a strip (board units).
const STEP: f32 = 0.02;
/// The outermost samples of each profile this wide are the ground of their side.
const FLANK: f32 = 0.05;

/// What a strip shows: the ground on either side and the ink between.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strip {
    /// The ground left and right of the segment (sRGB 0-255), the median of the flanks.
    pub ground: [[f32; 3]; 2],
    /// Σ (pixel − ground) × step across the strip, averaged along it: board units × sRGB.
    pub ink: [f32; 3],
    /// The per-channel median of the places' inks: a name or a symbol printed over a few
    /// of them does not move it, but it misses the ink of a dashed line.
    pub ink_median: [f32; 3],
    /// How much the places' inks differ from their mean, relative to it: a dashed line's
    /// vary, a solid line's do not.
    pub spread: f32,
    /// Where the ink lies across the strip: its mean offset toward the right (board
    /// units), which tells the protected side of a fortification line from its ticks.
    pub offset: f32,
}

impl Strip {
    pub fn mean_ground(&self) -> [f32; 3] {
        [0, 1, 2].map(|k| (self.ground[0][k] + self.ground[1][k]) / 2.0)
    }
}

/// Reads the strip along `p`→`q`; `px` gives the colour at a board point. `None` when
/// fewer than half of the samples lie on the image.
pub fn read(
    px: &impl Fn([f32; 2]) -> Option<[f32; 3]>,
    p: [f32; 2],
    q: [f32; 2],
    w: &Window,
) -> Option<Strip> {
    let d = [q[0] - p[0], q[1] - p[1]];
    let len = d[0].hypot(d[1]).max(1e-6);
    let n = [-d[1] / len, d[0] / len];
    let k = (w.half_width / STEP).round() as i32;
    let offs: Vec<f32> = (-k..=k).map(|j| j as f32 * STEP).collect();
    let profiles: Vec<Vec<Option<[f32; 3]>>> = w
        .along
        .iter()
        .map(|&t| {
            let c = [p[0] + d[0] * t, p[1] + d[1] * t];
            offs.iter()
                .map(|&o| px([c[0] + n[0] * o, c[1] + n[1] * o]))
                .collect()
        })
        .collect();
    let total = profiles.len() * offs.len();
    let seen = profiles.iter().flatten().flatten().count();
    if seen * 2 < total {
        return None;
    }
    let flank = w.half_width - FLANK;
    let side = |left: bool| {
        let v: Vec<[f32; 3]> = profiles
            .iter()
            .flat_map(|pr| pr.iter().zip(&offs))
            .filter(|(_, o)| if left { **o <= -flank } else { **o >= flank })
            .filter_map(|(c, _)| *c)
            .collect();
        median(&v)
    };
    let ground = [side(true)?, side(false)?];
    let under = |o: f32| -> [f32; 3] {
        match o.partial_cmp(&0.0) {
            Some(std::cmp::Ordering::Less) => ground[0],
            Some(std::cmp::Ordering::Greater) => ground[1],
            _ => [0, 1, 2].map(|c| (ground[0][c] + ground[1][c]) / 2.0),
        }
    };
    let (mut rows, mut moment, mut mass) = (Vec::new(), 0.0f32, 0.0f32);
    for pr in profiles.iter().filter(|pr| pr.iter().all(Option::is_some)) {
        let mut ink = [0.0f32; 3];
        for (c, &o) in pr.iter().flatten().zip(&offs) {
            let g = under(o);
            let dev = [0, 1, 2].map(|i| c[i] - g[i]);
            for i in 0..3 {
                ink[i] += dev[i] * STEP;
            }
            let m = (dev[0].powi(2) + dev[1].powi(2) + dev[2].powi(2)).sqrt();
            moment += m * o;
            mass += m;
        }
        rows.push(ink);
    }
    let n = rows.len() as f32;
    let ink = [0, 1, 2].map(|k| rows.iter().map(|r| r[k]).sum::<f32>() / n);
    let size = |v: [f32; 3]| (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    let spread = rows
        .iter()
        .map(|r| size([0, 1, 2].map(|k| r[k] - ink[k])))
        .sum::<f32>()
        / n;
    Some(Strip {
        ground,
        ink,
        ink_median: median(&rows)?,
        spread: spread / size(ink).max(1e-3),
        offset: if mass > 0.0 { moment / mass } else { 0.0 },
    })
}

/// The colour at pixel position (`x`, `y`) interpolated between the four nearest pixel
/// centres: a line narrower than the strip's step is weighed by how much of it a sample
/// covers, not counted whole or not at all. `None` off the image.
pub fn bilinear(img: &image::RgbImage, x: f64, y: f64) -> Option<[f32; 3]> {
    let (x, y) = (x - 0.5, y - 0.5);
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    if !(x > -0.5 && y > -0.5 && x < w - 0.5 && y < h - 0.5) {
        return None;
    }
    let (x0, y0) = (x.floor().max(0.0), y.floor().max(0.0));
    let (fx, fy) = (
        ((x - x0) as f32).clamp(0.0, 1.0),
        ((y - y0) as f32).clamp(0.0, 1.0),
    );
    let at = |dx: f64, dy: f64| {
        let (xi, yi) = ((x0 + dx).min(w - 1.0) as u32, (y0 + dy).min(h - 1.0) as u32);
        img.get_pixel(xi, yi).0.map(f32::from)
    };
    let (a, b, c, d) = (at(0.0, 0.0), at(1.0, 0.0), at(0.0, 1.0), at(1.0, 1.0));
    Some([0, 1, 2].map(|k| {
        let top = a[k] + (b[k] - a[k]) * fx;
        let bottom = c[k] + (d[k] - c[k]) * fx;
        top + (bottom - top) * fy
    }))
}

/// The per-channel median; `None` for no colours.
fn median(v: &[[f32; 3]]) -> Option<[f32; 3]> {
    if v.is_empty() {
        return None;
    }
    let mut out = [0.0; 3];
    for (k, o) in out.iter_mut().enumerate() {
        let mut c: Vec<f32> = v.iter().map(|p| p[k]).collect();
        c.sort_by(f32::total_cmp);
        *o = c[c.len() / 2];
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A blue band 0.1 wide along the x axis on cream ground, sharp or spread out.
    fn band(spread: f32) -> impl Fn([f32; 2]) -> Option<[f32; 3]> {
        move |[_, y]: [f32; 2]| {
            let cover = if spread == 0.0 {
                f32::from(y.abs() <= 0.05)
            } else {
                ((0.05 + spread - y.abs()) / (2.0 * spread)).clamp(0.0, 1.0)
            };
            let (g, b) = ([233.0, 227.0, 195.0], [60.0, 110.0, 200.0]);
            Some([0, 1, 2].map(|k| g[k] + cover * (b[k] - g[k])))
        }
    }

    #[test]
    fn the_ink_is_the_width_times_the_colour_difference_sharp_or_blurred() {
        let want = [-17.3, -11.7, 0.5];
        for spread in [0.0, 0.04, 0.08] {
            let s = read(&band(spread), [-1.0, 0.0], [1.0, 0.0], &SIDE).unwrap();
            assert!(
                s.ink.iter().zip(want).all(|(a, b)| (a - b).abs() < 2.5),
                "{spread}: {:?}",
                s.ink
            );
            assert!(s.offset.abs() < 0.01);
        }
    }

    #[test]
    fn off_the_image_is_no_strip() {
        assert!(read(&|_| None, [0.0, 0.0], [1.0, 0.0], &LINK).is_none());
    }
}
