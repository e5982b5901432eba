//! Colours for matching a scan: CIELAB, and the fit of a scan's global colour change
//! (a desaturated or faded print, a darker scanner, yellowed paper) against the program's
//! own drawing, so the catalogue's looks match a scan without training.

/// A colour in CIELAB (L 0-100).
pub type Lab = [f32; 3];

pub fn lab([r, g, b]: [u8; 3]) -> Lab {
    lab_f([r, g, b].map(f32::from))
}

/// CIELAB of an sRGB colour with channels 0-255 (fractional: a mean of pixels).
pub fn lab_f([r, g, b]: [f32; 3]) -> Lab {
    let lin = |c: f32| {
        let c = c / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(r), lin(g), lin(b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f32| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The sRGB colour (channels 0-255, unclamped fractions) of a CIELAB colour: the inverse
/// of [`lab_f`], for carrying a fitted colour back into pixel values that mix linearly.
pub fn rgb_of_lab([l, a, b]: Lab) -> [f32; 3] {
    let fy = (l + 16.0) / 116.0;
    let (fx, fz) = (fy + a / 500.0, fy - b / 200.0);
    let finv = |t: f32| {
        if t > 0.206_893 {
            t * t * t
        } else {
            (t - 16.0 / 116.0) / 7.787
        }
    };
    let (x, y, z) = (finv(fx) * 0.95047, finv(fy), finv(fz) * 1.08883);
    let r = 3.240_454 * x - 1.537_138_5 * y - 0.498_531_4 * z;
    let g = -0.969_266 * x + 1.876_010_8 * y + 0.041_556 * z;
    let bl = 0.055_643_4 * x - 0.204_025_9 * y + 1.057_225_2 * z;
    let gamma = |c: f32| {
        let c = c.clamp(0.0, 1.0);
        let v = if c <= 0.003_130_8 {
            12.92 * c
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        };
        v * 255.0
    };
    [gamma(r), gamma(g), gamma(bl)]
}

pub fn dist(a: Lab, b: Lab) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// How a scan's colours relate to the program's drawing: lightness scaled and shifted,
/// chroma scaled (1 = as drawn, 0.5 = half as saturated), and a paper tint added to a, b.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColourFit {
    pub gain: f32,
    pub offset: f32,
    pub chroma: f32,
    pub tint: [f32; 2],
}

impl Default for ColourFit {
    fn default() -> Self {
        Self::IDENTITY
    }
}

/// Chroma scales tried when fitting: from a nearly grey copy to a more saturated print.
const CHROMA_STEPS: std::ops::RangeInclusive<u32> = 2..=26;
const CHROMA_STEP: f32 = 0.05;
/// A sample farther than this from every look counts this much in a fit: a hex of
/// something the palette lacks must not pull the fit.
const FIT_CAP: f32 = 20.0;

impl ColourFit {
    pub const IDENTITY: Self = Self {
        gain: 1.0,
        offset: 0.0,
        chroma: 1.0,
        tint: [0.0, 0.0],
    };

    /// Where a colour drawn by the program lands on the scan.
    pub fn apply(&self, c: Lab) -> Lab {
        [
            self.gain * c[0] + self.offset,
            self.chroma * c[1] + self.tint[0],
            self.chroma * c[2] + self.tint[1],
        ]
    }

    /// The fit that brings the scan's hex colours (`samples`) closest to the drawn colours
    /// (`drawn`): first the chroma scale alone, searched over its whole range (a
    /// desaturated scan matches the wrong looks at chroma 1, so a local fit would go
    /// astray), then lightness gain, offset and tint by least squares on each sample's
    /// nearest look, twice.
    pub fn estimate(samples: &[Lab], drawn: &[Lab]) -> Self {
        if samples.is_empty() || drawn.is_empty() {
            return Self::IDENTITY;
        }
        let mut best = Self::IDENTITY;
        let mut best_cost = cost(&best, samples, drawn);
        for k in CHROMA_STEPS {
            let f = Self {
                chroma: k as f32 * CHROMA_STEP,
                ..Self::IDENTITY
            };
            let c = cost(&f, samples, drawn);
            if c < best_cost {
                (best, best_cost) = (f, c);
            }
        }
        for _ in 0..2 {
            let refined = refine(&best, samples, drawn);
            let c = cost(&refined, samples, drawn);
            if c >= best_cost {
                break;
            }
            (best, best_cost) = (refined, c);
        }
        best
    }
}

/// The nearest drawn colour under the fit, and its distance.
fn nearest(f: &ColourFit, s: Lab, drawn: &[Lab]) -> (usize, f32) {
    drawn
        .iter()
        .enumerate()
        .map(|(i, &d)| (i, dist(f.apply(d), s)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("drawn is not empty")
}

fn cost(f: &ColourFit, samples: &[Lab], drawn: &[Lab]) -> f32 {
    samples
        .iter()
        .map(|&s| nearest(f, s, drawn).1.min(FIT_CAP))
        .sum()
}

/// Least squares on the samples that lie near a look: `L_s = gain·L_d + offset`, and
/// `(a_s, b_s) = chroma·(a_d, b_d) + tint`. A term the data cannot pin down (every sample
/// on one look) keeps its current value.
fn refine(f: &ColourFit, samples: &[Lab], drawn: &[Lab]) -> ColourFit {
    let pairs: Vec<(Lab, Lab)> = samples
        .iter()
        .filter_map(|&s| {
            let (i, d) = nearest(f, s, drawn);
            (d < FIT_CAP).then_some((drawn[i], s))
        })
        .collect();
    if pairs.len() < 8 {
        return *f;
    }
    let n = pairs.len() as f32;
    let mean = |k: usize, src: bool| {
        pairs
            .iter()
            .map(|(d, s)| if src { d[k] } else { s[k] })
            .sum::<f32>()
            / n
    };
    let (ld, ls) = (mean(0, true), mean(0, false));
    let (vl, cl) = pairs.iter().fold((0.0, 0.0), |(v, c), (d, s)| {
        (v + (d[0] - ld).powi(2), c + (d[0] - ld) * (s[0] - ls))
    });
    let gain = if vl / n > 4.0 {
        (cl / vl).clamp(0.6, 1.4)
    } else {
        f.gain
    };
    let offset = ls - gain * ld;
    let (ad, bd, as_, bs) = (mean(1, true), mean(2, true), mean(1, false), mean(2, false));
    let (vc, cc) = pairs.iter().fold((0.0, 0.0), |(v, c), (d, s)| {
        let (x, y) = (d[1] - ad, d[2] - bd);
        (v + x * x + y * y, c + x * (s[1] - as_) + y * (s[2] - bs))
    });
    let chroma = if vc / n > 4.0 {
        (cc / vc).clamp(0.05, 1.5)
    } else {
        f.chroma
    };
    ColourFit {
        gain,
        offset,
        chroma,
        tint: [as_ - chroma * ad, bs - chroma * bd],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rgb_of_lab_inverts_lab() {
        for c in [[233, 227, 195], [92, 147, 214], [20, 20, 20], [194, 59, 34]] {
            let back = rgb_of_lab(lab(c));
            for k in 0..3 {
                assert!((back[k] - f32::from(c[k])).abs() < 0.6, "{c:?} → {back:?}");
            }
        }
    }

    #[test]
    fn lab_of_white_and_black() {
        let w = lab([255, 255, 255]);
        assert!((w[0] - 100.0).abs() < 0.5 && w[1].abs() < 0.5 && w[2].abs() < 0.5);
        assert!(lab([0, 0, 0])[0].abs() < 0.5);
    }

    #[test]
    fn recovers_a_desaturated_darker_scan() {
        let drawn = [
            lab([233, 227, 195]),
            lab([155, 178, 121]),
            lab([210, 183, 122]),
            lab([143, 46, 39]),
        ];
        let truth = ColourFit {
            gain: 0.9,
            offset: 3.0,
            chroma: 0.45,
            tint: [1.0, 4.0],
        };
        // Mostly the first look, as a map is mostly clear.
        let samples: Vec<Lab> = [0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 0, 0, 1, 2]
            .iter()
            .map(|&i| truth.apply(drawn[i]))
            .collect();
        let f = ColourFit::estimate(&samples, &drawn);
        assert!((f.chroma - 0.45).abs() < 0.02, "{f:?}");
        assert!(
            (f.gain - 0.9).abs() < 0.02 && (f.offset - 3.0).abs() < 1.5,
            "{f:?}"
        );
        for (s, &d) in samples
            .iter()
            .zip(&[0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 0, 0, 1, 2])
        {
            assert_eq!(nearest(&f, *s, &drawn).0, d);
        }
    }
}
