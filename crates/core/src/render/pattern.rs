//! The marks that texture a hex: trees for forest, blocks for towns and cities, humps for
//! hills, tufts for swamp, peaks for mountains. A few triangles each, so they go into the
//! same batched mesh as the fills.

use super::Sink;
use crate::model::{Colour, Pattern};

/// Offsets (board units from the hex centre) where small symbols are repeated.
/// None near the top, where the hex number is printed.
const SPOTS: [[f32; 2]; 6] = [
    [0.0, 0.05],
    [-0.45, -0.25],
    [0.45, -0.25],
    [-0.45, 0.4],
    [0.45, 0.4],
    [0.0, 0.62],
];

pub fn draw(sink: &mut impl Sink, pattern: Pattern, c: [f32; 2], colour: Colour) {
    match pattern {
        Pattern::Plain => {}
        Pattern::Hills => hills(sink, c, colour),
        Pattern::Mountain => mountain(sink, c, colour),
        Pattern::Forest => forest(sink, c, colour),
        Pattern::Town => blocks(sink, c, colour, &SPOTS[1..5], 0.13),
        Pattern::City => city(sink, c, colour),
        Pattern::Swamp => swamp(sink, c, colour),
        Pattern::Dots => {
            for s in SPOTS {
                square(sink, add(c, s), 0.05, colour);
            }
        }
        Pattern::Rough => rough(sink, c, colour),
    }
}

/// Where the stones of broken ground lie: spread over the hex, off the symbols' spots.
const STONES: [[f32; 2]; 7] = [
    [-0.3, -0.12],
    [0.15, -0.2],
    [0.42, 0.12],
    [-0.5, 0.22],
    [-0.12, 0.32],
    [0.25, 0.5],
    [-0.3, 0.62],
];

fn rough(sink: &mut impl Sink, c: [f32; 2], colour: Colour) {
    let dark = super::shade(colour, 0.55);
    for s in STONES {
        let p = add(c, s);
        // A small angular stone: a low triangle on a sliver of shadow.
        peak(sink, p, 0.08, 0.09, dark);
        square(sink, add(p, [0.02, 0.02]), 0.025, dark);
    }
}

/// Where the reeds of swamp stand: between the spots of trees, so a swamp under a forest
/// still shows (the reeds were under the trees).
const REEDS: [[f32; 2]; 5] = [
    [-0.2, -0.05],
    [0.2, -0.05],
    [0.0, 0.33],
    [-0.24, 0.6],
    [0.24, 0.6],
];

fn add(a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    [a[0] + b[0], a[1] + b[1]]
}

fn square(sink: &mut impl Sink, c: [f32; 2], h: f32, colour: Colour) {
    sink.quad(
        [
            [c[0] - h, c[1] - h],
            [c[0] + h, c[1] - h],
            [c[0] + h, c[1] + h],
            [c[0] - h, c[1] + h],
        ],
        colour,
    );
}

/// A triangle standing on its base: a hump, a peak or a tree.
fn peak(sink: &mut impl Sink, base: [f32; 2], half_width: f32, height: f32, colour: Colour) {
    sink.triangle(
        [
            [base[0] - half_width, base[1]],
            [base[0] + half_width, base[1]],
            [base[0], base[1] - height],
        ],
        colour,
    );
}

fn hills(sink: &mut impl Sink, c: [f32; 2], colour: Colour) {
    let (mid, dark) = (super::shade(colour, 0.82), super::shade(colour, 0.6));
    // Low humps lit from the north-west: a dark south-east flank on each.
    for (dx, dy, w) in [(-0.3, 0.35, 0.32), (0.3, 0.05, 0.28), (-0.1, -0.2, 0.22)] {
        let base = add(c, [dx, dy]);
        peak(sink, base, w, w * 0.7, mid);
        sink.triangle(
            [
                [base[0], base[1] - w * 0.7],
                [base[0] + w, base[1]],
                [base[0] + w * 0.25, base[1]],
            ],
            dark,
        );
    }
}

fn mountain(sink: &mut impl Sink, c: [f32; 2], colour: Colour) {
    let dark = super::shade(colour, 0.6);
    for (dx, dy, w) in [(-0.32, 0.3, 0.3), (0.05, 0.05, 0.4), (0.4, 0.35, 0.25)] {
        let base = add(c, [dx, dy]);
        peak(sink, base, w, w * 1.3, dark);
        sink.triangle(
            [
                [base[0], base[1] - w * 1.3],
                [base[0] - w * 0.35, base[1] - w * 0.85],
                [base[0] + w * 0.35, base[1] - w * 0.85],
            ],
            Colour::rgb(245, 245, 240),
        );
    }
}

fn forest(sink: &mut impl Sink, c: [f32; 2], colour: Colour) {
    let dark = super::shade(colour, 0.6);
    for s in SPOTS {
        let base = add(c, [s[0], s[1] + 0.14]);
        peak(sink, base, 0.13, 0.32, dark);
    }
}

fn blocks(sink: &mut impl Sink, c: [f32; 2], colour: Colour, spots: &[[f32; 2]], h: f32) {
    for &s in spots {
        square(sink, add(c, [s[0] * 0.7, s[1] * 0.7]), h, colour);
    }
}

fn city(sink: &mut impl Sink, c: [f32; 2], colour: Colour) {
    for dx in [-0.36, 0.0, 0.36] {
        for dy in [-0.36, 0.0, 0.36] {
            square(sink, add(c, [dx, dy]), 0.14, colour);
        }
    }
}

fn swamp(sink: &mut impl Sink, c: [f32; 2], colour: Colour) {
    let dark = super::shade(colour, 0.55);
    for s in REEDS {
        let p = add(c, s);
        // A short reed line with two blades above it.
        sink.quad(
            [
                [p[0] - 0.16, p[1]],
                [p[0] + 0.16, p[1]],
                [p[0] + 0.16, p[1] + 0.03],
                [p[0] - 0.16, p[1] + 0.03],
            ],
            dark,
        );
        for dx in [-0.06, 0.06] {
            peak(sink, [p[0] + dx, p[1]], 0.015, 0.12, dark);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Anchor;

    /// The triangles a pattern draws.
    #[derive(Default)]
    struct Marks(Vec<[[f32; 2]; 3]>);

    impl Sink for Marks {
        fn triangle(&mut self, tri: [[f32; 2]; 3], _: Colour) {
            self.0.push(tri);
        }
        fn line(&mut self, _: [f32; 2], _: [f32; 2], _: f32, _: Colour, _: Option<f32>) {}
        fn outline(&mut self, _: &[[f32; 2]], _: f32, _: Colour) {}
        fn text(&mut self, _: [f32; 2], _: f32, _: &str, _: Colour, _: Anchor, _: f32) {}
        fn pixels_per_unit(&self) -> f32 {
            40.0
        }
    }

    fn marks(p: Pattern) -> Vec<[[f32; 2]; 3]> {
        let mut m = Marks::default();
        draw(&mut m, p, [0.0, 0.0], Colour::rgb(120, 160, 90));
        m.0
    }

    fn inside(p: [f32; 2], t: &[[f32; 2]; 3]) -> bool {
        let side = |a: [f32; 2], b: [f32; 2]| {
            (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        };
        let d = [side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0])];
        d.iter().all(|&x| x >= 0.0) || d.iter().all(|&x| x <= 0.0)
    }

    /// A marsh or swamp hex with woods on it: the reeds stand between the trees, not
    /// under them (a render showed such a hex as woods alone).
    #[test]
    fn swamp_reeds_are_not_hidden_under_trees() {
        let trees = marks(Pattern::Forest);
        for t in marks(Pattern::Swamp) {
            let centre = [
                (t[0][0] + t[1][0] + t[2][0]) / 3.0,
                (t[0][1] + t[1][1] + t[2][1]) / 3.0,
            ];
            assert!(
                !trees.iter().any(|m| inside(centre, m)),
                "a tree covers the reed at {centre:?}"
            );
        }
    }

    #[test]
    fn rough_ground_is_not_drawn_as_hills() {
        assert_ne!(marks(Pattern::Rough), marks(Pattern::Hills));
        assert!(!marks(Pattern::Rough).is_empty());
    }
}
