//! A third backend: SVG text, for pictures inside HTML pages (the setup card's counters).
//! Board units are SVG user units; the caller sets the viewBox.

use crate::markup::escape;
use std::fmt::Write;

use super::sink::{Anchor, Sink};
use crate::model::Colour;

pub struct SvgSink {
    body: String,
    /// The pixels one board unit is expected to take on the page: details smaller than a
    /// pixel are skipped, as on screen.
    ppu: f32,
}

fn rgb(c: Colour) -> String {
    let [r, g, b, _] = c.0;
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn opacity(c: Colour) -> String {
    match c.0[3] {
        255 => String::new(),
        a => format!(" fill-opacity=\"{:.3}\"", f32::from(a) / 255.0),
    }
}

fn stroke_opacity(c: Colour) -> String {
    match c.0[3] {
        255 => String::new(),
        a => format!(" stroke-opacity=\"{:.3}\"", f32::from(a) / 255.0),
    }
}

fn points(pts: &[[f32; 2]]) -> String {
    pts.iter()
        .map(|p| format!("{:.3},{:.3}", p[0], p[1]))
        .collect::<Vec<_>>()
        .join(" ")
}

impl SvgSink {
    pub fn new(ppu: f32) -> Self {
        Self {
            body: String::new(),
            ppu,
        }
    }

    /// The finished `<svg>` element showing the board rectangle `min`..`max` at `width` ×
    /// `height` CSS pixels.
    pub fn finish(self, min: [f32; 2], max: [f32; 2], width: f32, height: f32) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"{:.3} {:.3} {:.3} {:.3}\" font-family=\"sans-serif\">{}</svg>",
            min[0],
            min[1],
            max[0] - min[0],
            max[1] - min[1],
            self.body
        )
    }
}

impl Sink for SvgSink {
    fn triangle(&mut self, tri: [[f32; 2]; 3], colour: Colour) {
        self.convex(&tri, colour);
    }

    fn convex(&mut self, pts: &[[f32; 2]], colour: Colour) {
        let _ = write!(
            self.body,
            "<polygon points=\"{}\" fill=\"{}\"{}/>",
            points(pts),
            rgb(colour),
            opacity(colour)
        );
    }

    fn line(&mut self, a: [f32; 2], b: [f32; 2], width: f32, colour: Colour, dash: Option<f32>) {
        let dash = dash.map_or(String::new(), |d| format!(" stroke-dasharray=\"{d:.3}\""));
        let _ = write!(
            self.body,
            "<line x1=\"{:.3}\" y1=\"{:.3}\" x2=\"{:.3}\" y2=\"{:.3}\" stroke=\"{}\" stroke-width=\"{width:.3}\"{}{dash}/>",
            a[0],
            a[1],
            b[0],
            b[1],
            rgb(colour),
            stroke_opacity(colour)
        );
    }

    fn outline(&mut self, pts: &[[f32; 2]], width: f32, colour: Colour) {
        let _ = write!(
            self.body,
            "<polygon points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width:.3}\"{}/>",
            points(pts),
            rgb(colour),
            stroke_opacity(colour)
        );
    }

    fn text(
        &mut self,
        at: [f32; 2],
        size: f32,
        text: &str,
        colour: Colour,
        anchor: Anchor,
        angle: f32,
    ) {
        let (h, v) = match anchor {
            Anchor::Center => ("middle", "central"),
            Anchor::Top => ("middle", "hanging"),
            Anchor::Left => ("start", "central"),
            Anchor::Right => ("end", "central"),
        };
        let rotate = if angle == 0.0 {
            String::new()
        } else {
            format!(
                " transform=\"rotate({angle:.1} {:.3} {:.3})\"",
                at[0], at[1]
            )
        };
        let _ = write!(
            self.body,
            "<text x=\"{:.3}\" y=\"{:.3}\" font-size=\"{size:.3}\" text-anchor=\"{h}\" dominant-baseline=\"{v}\" fill=\"{}\"{rotate}>{}</text>",
            at[0],
            at[1],
            rgb(colour),
            escape(text)
        );
    }

    fn pixels_per_unit(&self) -> f32 {
        self.ppu
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_escaped_text_and_shapes() {
        let mut s = SvgSink::new(40.0);
        s.rect([0.0, 0.0], [1.0, 1.0], Colour([255, 0, 0, 255]));
        s.text(
            [0.5, 0.5],
            0.2,
            "A<&>",
            Colour([0, 0, 0, 255]),
            Anchor::Left,
            0.0,
        );
        let svg = s.finish([0.0, 0.0], [1.0, 1.0], 40.0, 40.0);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("A&lt;&amp;&gt;"));
        assert!(svg.contains("fill=\"#ff0000\""));
        assert!(svg.contains("text-anchor=\"start\""));
    }
}
