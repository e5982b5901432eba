//! The drawing primitives a backend provides. Coordinates are board units (hex size 1,
//! y down); widths and text sizes too, so the map scales as one picture.

use crate::model::Colour;

/// Which point of a text's box sits at the given position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Center,
    /// Top centre: text hangs below the point.
    Top,
    /// Left end, centred vertically: text runs right from the point.
    Left,
    /// Right end, centred vertically: text ends at the point.
    Right,
}

pub trait Sink {
    /// A filled triangle. The bulk of a map: hex fills and pattern marks.
    fn triangle(&mut self, tri: [[f32; 2]; 3], colour: Colour);
    /// A straight line; `dash` is the length of dashes and gaps.
    fn line(&mut self, a: [f32; 2], b: [f32; 2], width: f32, colour: Colour, dash: Option<f32>);
    /// A closed outline (hex grid, zone borders).
    fn outline(&mut self, pts: &[[f32; 2]], width: f32, colour: Colour);
    /// Text of height `size`, turned `angle` degrees clockwise about `at`.
    fn text(
        &mut self,
        at: [f32; 2],
        size: f32,
        text: &str,
        colour: Colour,
        anchor: Anchor,
        angle: f32,
    );
    /// Screen or image pixels per board unit: detail smaller than a pixel is skipped.
    fn pixels_per_unit(&self) -> f32;
    /// Ends a layer: later primitives must appear above earlier ones.
    fn layer_done(&mut self) {}

    fn quad(&mut self, q: [[f32; 2]; 4], colour: Colour) {
        self.triangle([q[0], q[1], q[2]], colour);
        self.triangle([q[0], q[2], q[3]], colour);
    }

    /// A convex polygon as a triangle fan.
    fn convex(&mut self, pts: &[[f32; 2]], colour: Colour) {
        for k in 1..pts.len().saturating_sub(1) {
            self.triangle([pts[0], pts[k], pts[k + 1]], colour);
        }
    }

    /// An axis-aligned filled rectangle.
    fn rect(&mut self, min: [f32; 2], max: [f32; 2], colour: Colour) {
        self.quad([min, [max[0], min[1]], max, [min[0], max[1]]], colour);
    }

    /// A filled ellipse (a circle when `r[0] == r[1]`).
    fn ellipse(&mut self, c: [f32; 2], r: [f32; 2], colour: Colour) {
        self.convex(&ellipse_points(c, r), colour);
    }
}

/// Points around an ellipse, enough for a smooth outline at counter sizes.
pub fn ellipse_points(c: [f32; 2], r: [f32; 2]) -> Vec<[f32; 2]> {
    const N: usize = 20;
    (0..N)
        .map(|i| {
            let a = i as f32 / N as f32 * std::f32::consts::TAU;
            [c[0] + r[0] * a.cos(), c[1] + r[1] * a.sin()]
        })
        .collect()
}

/// The corners of an axis-aligned rectangle, clockwise from the top left (y down).
pub fn rect_points(min: [f32; 2], max: [f32; 2]) -> [[f32; 2]; 4] {
    [min, [max[0], min[1]], max, [min[0], max[1]]]
}
