//! Evening out the light of a photographed sheet. A phone photo is lit unevenly: one side
//! of the board comes out darker than the other, which no single colour fit of the whole
//! scan can undo. The lightest pixels of each part of the image (the clear ground and the
//! paper, which are the same colour all over the sheet) show how the light falls; a plane
//! fitted to them is divided out.

use image::RgbImage;

use super::underlay::Scan;

/// Blocks across the longer side of the image the light is measured in.
const BLOCKS: u32 = 8;
/// The share of a block's pixels darker than its light level: the lightest tenth is the
/// clear ground and paper even where a block is mostly forest.
const LIGHT_PERCENTILE: f32 = 0.9;
/// Light varying less than this across the image is left alone: a flatbed scan is lit
/// evenly, and its colours stay exactly as scanned. A board with woods massed on one
/// side can seem up to several per cent darker there; a photo's light falls off by
/// tens of per cent.
const EVEN_ENOUGH: f32 = 0.1;

/// The scan with its light evened out; `None` when it is lit evenly already.
pub fn even_scan(scan: &Scan) -> Option<Scan> {
    Some(Scan {
        image: even_out(&scan.image)?,
        factor: scan.factor,
    })
}

/// The image with its light evened out; `None` when it is lit evenly already.
pub fn even_out(img: &RgbImage) -> Option<RgbImage> {
    let levels = block_levels(img);
    let plane = fit_plane(&levels)?;
    let (w, h) = (img.width() as f32, img.height() as f32);
    let corners = [[0.0, 0.0], [w, 0.0], [0.0, h], [w, h]].map(|[x, y]| plane.at(x, y));
    let (lo, hi) = corners
        .iter()
        .fold((f32::INFINITY, 0.0f32), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    if lo <= 1.0 || hi / lo < 1.0 + EVEN_ENOUGH {
        return None;
    }
    let mut out = img.clone();
    for (x, y, p) in out.enumerate_pixels_mut() {
        let gain = hi / plane.at(x as f32 + 0.5, y as f32 + 0.5).max(1.0);
        p.0 =
            p.0.map(|c| (f32::from(c) * gain).round().clamp(0.0, 255.0) as u8);
    }
    Some(out)
}

/// The light level (luma of the lightest pixels) at each block's centre.
fn block_levels(img: &RgbImage) -> Vec<Level> {
    let side = (img.width().max(img.height()) / BLOCKS).max(16);
    let mut out = Vec::new();
    for by in (0..img.height()).step_by(side as usize) {
        for bx in (0..img.width()).step_by(side as usize) {
            let (x1, y1) = ((bx + side).min(img.width()), (by + side).min(img.height()));
            let mut luma: Vec<f32> = (by..y1)
                .step_by(2)
                .flat_map(|y| (bx..x1).step_by(2).map(move |x| (x, y)))
                .map(|(x, y)| {
                    let [r, g, b] = img.get_pixel(x, y).0.map(f32::from);
                    0.299 * r + 0.587 * g + 0.114 * b
                })
                .collect();
            if luma.len() < 16 {
                continue;
            }
            let k = ((luma.len() as f32 * LIGHT_PERCENTILE) as usize).min(luma.len() - 1);
            let (_, level, _) = luma.select_nth_unstable_by(k, f32::total_cmp);
            let centre = [(bx + x1) as f32 / 2.0, (by + y1) as f32 / 2.0];
            out.push((centre, *level));
        }
    }
    out
}

/// `level = a + b·x + c·y`.
struct Plane {
    a: f32,
    b: f32,
    c: f32,
}

impl Plane {
    fn at(&self, x: f32, y: f32) -> f32 {
        self.a + self.b * x + self.c * y
    }
}

/// A block's centre (pixels) and light level.
type Level = ([f32; 2], f32);

/// Least squares over the blocks; `None` with fewer than four blocks or all in a line.
fn fit_plane(levels: &[Level]) -> Option<Plane> {
    if levels.len() < 4 {
        return None;
    }
    let n = levels.len() as f64;
    let mean = |f: &dyn Fn(&Level) -> f64| levels.iter().map(f).sum::<f64>() / n;
    let (mx, my, mv) = (
        mean(&|l| f64::from(l.0[0])),
        mean(&|l| f64::from(l.0[1])),
        mean(&|l| f64::from(l.1)),
    );
    let (mut sxx, mut sxy, mut syy, mut sxv, mut syv) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for ([x, y], v) in levels {
        let (x, y, v) = (f64::from(*x) - mx, f64::from(*y) - my, f64::from(*v) - mv);
        sxx += x * x;
        sxy += x * y;
        syy += y * y;
        sxv += x * v;
        syv += y * v;
    }
    let det = sxx * syy - sxy * sxy;
    if det.abs() < 1e-9 {
        return None;
    }
    let b = (sxv * syy - syv * sxy) / det;
    let c = (syv * sxx - sxv * sxy) / det;
    Some(Plane {
        a: (mv - b * mx - c * my) as f32,
        b: b as f32,
        c: c as f32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn light_falling_off_is_evened_and_even_light_left_alone() {
        let cream = [233u8, 227, 195];
        let even = RgbImage::from_fn(200, 120, |x, y| {
            // A forest patch: the lightest pixels of its blocks are still the ground.
            if (x / 5 + y / 5) % 3 == 0 {
                image::Rgb([80, 120, 60])
            } else {
                image::Rgb(cream)
            }
        });
        assert!(even_out(&even).is_none());
        let mut dim = even.clone();
        for (x, y, p) in dim.enumerate_pixels_mut() {
            let light = 1.0 - 0.2 * (x as f32 / 200.0 + y as f32 / 120.0) / 2.0;
            p.0 = p.0.map(|c| (f32::from(c) * light).round() as u8);
        }
        let fixed = even_out(&dim).expect("uneven light is evened out");
        for (x, y) in [(5, 5), (195, 115), (100, 60)] {
            let (a, b) = (fixed.get_pixel(x, y).0, fixed.get_pixel(5, 5).0);
            let same_kind = even.get_pixel(x, y) == even.get_pixel(5, 5);
            if same_kind {
                for k in 0..3 {
                    assert!(a[k].abs_diff(b[k]) <= 4, "{x},{y}: {a:?} vs {b:?}");
                }
            }
        }
    }
}
