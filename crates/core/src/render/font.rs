//! Text as filled glyph outlines, so exported labels scale and rotate with the map. The
//! typeface is egui's own (Ubuntu Light, which has the Polish letters of place names).

use ab_glyph::{Font, FontRef, OutlineCurve};
use tiny_skia::{Path, PathBuilder};

use super::Anchor;

pub struct Typeface {
    font: FontRef<'static>,
}

impl Typeface {
    pub fn new() -> Option<Self> {
        FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT)
            .ok()
            .map(|font| Self { font })
    }

    /// The width, ascent and descent (negative, below the baseline) of `text` at height
    /// `size`.
    pub fn metrics(&self, text: &str, size: f32) -> Metrics {
        let f = &self.font;
        let k = size / f.units_per_em().unwrap_or(1000.0);
        let ids: Vec<_> = text.chars().map(|c| f.glyph_id(c)).collect();
        let mut width = 0.0;
        for (i, &id) in ids.iter().enumerate() {
            width += f.h_advance_unscaled(id) * k;
            if let Some(&next) = ids.get(i + 1) {
                width += f.kern_unscaled(id, next) * k;
            }
        }
        Metrics {
            width,
            ascent: f.ascent_unscaled() * k,
            descent: f.descent_unscaled() * k,
        }
    }

    /// The outline of `text` at height `size`, laid out around the origin as `anchor` says
    /// (y down).
    pub fn path(&self, text: &str, size: f32, anchor: Anchor) -> Option<Path> {
        let f = &self.font;
        let k = size / f.units_per_em().unwrap_or(1000.0);
        let ids: Vec<_> = text.chars().map(|c| f.glyph_id(c)).collect();
        let m = self.metrics(text, size);
        let (baseline, mut x) = m.origin(anchor);
        let mut pb = PathBuilder::new();
        for (i, &id) in ids.iter().enumerate() {
            if let Some(outline) = f.outline(id) {
                // Font units are y-up; the board is y-down.
                let p = |q: ab_glyph::Point| (x + q.x * k, baseline - q.y * k);
                add_curves(&mut pb, &outline.curves, p);
            }
            x += f.h_advance_unscaled(id) * k;
            if let Some(&next) = ids.get(i + 1) {
                x += f.kern_unscaled(id, next) * k;
            }
        }
        pb.finish()
    }
}

/// How big a text is, in the units of its size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    pub width: f32,
    pub ascent: f32,
    pub descent: f32,
}

impl Metrics {
    /// Where the text starts relative to its anchor point: the baseline's depth below it
    /// and the left end's offset (y down).
    pub fn origin(&self, anchor: Anchor) -> (f32, f32) {
        let baseline = match anchor {
            Anchor::Center | Anchor::Left | Anchor::Right => (self.ascent + self.descent) / 2.0,
            Anchor::Top => self.ascent,
        };
        let x = match anchor {
            Anchor::Left => 0.0,
            Anchor::Right => -self.width,
            Anchor::Center | Anchor::Top => -self.width / 2.0,
        };
        (baseline, x)
    }
}

fn add_curves(
    pb: &mut PathBuilder,
    curves: &[OutlineCurve],
    p: impl Fn(ab_glyph::Point) -> (f32, f32),
) {
    let mut last: Option<ab_glyph::Point> = None;
    for c in curves {
        let start = match c {
            OutlineCurve::Line(a, _)
            | OutlineCurve::Quad(a, _, _)
            | OutlineCurve::Cubic(a, _, _, _) => *a,
        };
        if last != Some(start) {
            if last.is_some() {
                pb.close();
            }
            let (x, y) = p(start);
            pb.move_to(x, y);
        }
        let end = match c {
            OutlineCurve::Line(_, b) => {
                let (x, y) = p(*b);
                pb.line_to(x, y);
                *b
            }
            OutlineCurve::Quad(_, c1, b) => {
                let ((x1, y1), (x, y)) = (p(*c1), p(*b));
                pb.quad_to(x1, y1, x, y);
                *b
            }
            OutlineCurve::Cubic(_, c1, c2, b) => {
                let ((x1, y1), (x2, y2), (x, y)) = (p(*c1), p(*c2), p(*b));
                pb.cubic_to(x1, y1, x2, y2, x, y);
                *b
            }
        };
        last = Some(end);
    }
    if last.is_some() {
        pb.close();
    }
}
