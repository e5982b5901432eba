//! What a game's counters print beyond WB-95's layout, as a system describes it: rows of
//! values with their marks (Roads to Leningrad's MA in a red box for MOT or an orange
//! circle for HE, a red attack for armor; PanzerBlitz's "AF class RF" over "DF MF"),
//! a band across the top (the yellow No-ZOC band), the type box in the formation's colour,
//! a value at the right edge (an ER), emblems down the right edge (armor superiority dots,
//! stars) and text in the symbol box where the game prints no NATO symbol (air, leaders).
//! A system fills a [`Layout`]; the counter face draws it the same on screen, in PNG and
//! in SVG.

use super::super::sink::{Anchor, Sink, rect_points};
use super::symbol::draw_star;
use crate::model::Colour;

/// How a printed value is marked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    #[default]
    Plain,
    /// Printed on a filled box of this colour, in white.
    Box(Colour),
    /// Printed on a filled circle of this colour.
    Circle(Colour),
    /// Framed by a thin box in the counter's ink.
    Framed,
}

/// A value as a counter prints it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Printed {
    pub text: String,
    /// Printed in this colour instead of the counter's ink (red for armor).
    pub ink: Option<Colour>,
    pub mark: Mark,
}

impl Printed {
    pub fn plain(text: impl Into<String>) -> Printed {
        Printed {
            text: text.into(),
            ..Printed::default()
        }
    }

    pub fn marked(text: impl Into<String>, mark: Mark) -> Printed {
        Printed {
            text: text.into(),
            mark,
            ink: None,
        }
    }

    /// The same value in `ink` when `on`.
    pub fn inked_if(mut self, on: bool, ink: Colour) -> Printed {
        if on {
            self.ink = Some(ink);
        }
        self
    }
}

/// How a row's values sit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Spacing {
    /// Joined by dashes, centred: "7-5-8".
    #[default]
    Dashes,
    /// Spread across the counter: "16 A 12", "6    10".
    Spread,
}

/// A row of printed values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub values: Vec<Printed>,
    pub spacing: Spacing,
}

impl Row {
    pub fn dashed(values: Vec<Printed>) -> Row {
        Row {
            values,
            spacing: Spacing::Dashes,
        }
    }

    pub fn spread(values: Vec<Printed>) -> Row {
        Row {
            values,
            spacing: Spacing::Spread,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// A mark down the right edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emblem {
    Dot(Colour),
    Star(Colour),
}

/// A system's printed layout; empty (the default), the counter is WB-95's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// Printed across the top in place of the designation and formation.
    pub top: Row,
    /// Printed across the bottom in place of the plain values.
    pub bottom: Row,
    /// Small text over the symbol in place of the size mark (PanzerBlitz's identifier).
    pub label: Option<String>,
    /// A value at the right edge, by the symbol (Roads to Leningrad's ER).
    pub side: Option<Printed>,
    pub emblems: Vec<Emblem>,
    /// A band across the top of the counter (the yellow No-ZOC band).
    pub band: Option<Colour>,
    /// The type box's colour (the formation's), instead of a lighter counter colour.
    pub symbol_fill: Option<Colour>,
    /// Text in the symbol box instead of a NATO symbol ("Air", "Ldr").
    pub symbol_text: Option<String>,
    /// Markers of a game in play as the system names them ("D" for dispersed), drawn as
    /// badges down the left edge after the unit's markers.
    pub marks: Vec<String>,
}

/// Glyphs average about this fraction of the text height in width.
const GLYPH: f32 = 0.55;

/// Draws `row` centred on `y` within `width` (centred on `cx`), its text at most `max`
/// high; `ink` for values without their own.
pub fn draw_row(
    sink: &mut impl Sink,
    row: &Row,
    cx: f32,
    y: f32,
    width: f32,
    max: f32,
    ink: Colour,
) {
    let n = row.values.len();
    if n == 0 {
        return;
    }
    let chars: usize = row
        .values
        .iter()
        .map(|v| v.text.chars().count().max(1))
        .sum();
    let gaps = match row.spacing {
        Spacing::Dashes => n - 1,
        Spacing::Spread => 2 * (n - 1),
    };
    let size = (width / (GLYPH * (chars + gaps) as f32 + 0.3 * n as f32)).min(max);
    let w = |v: &Printed| GLYPH * size * v.text.chars().count().max(1) as f32;
    // The x of each value's centre.
    let xs: Vec<f32> = match row.spacing {
        Spacing::Spread if n > 1 => {
            let (first, last) = (w(&row.values[0]), w(&row.values[n - 1]));
            let (left, right) = (
                cx - width / 2.0 + first / 2.0,
                cx + width / 2.0 - last / 2.0,
            );
            (0..n)
                .map(|i| left + (right - left) * i as f32 / (n - 1) as f32)
                .collect()
        }
        _ => {
            let dash = GLYPH * size;
            let total: f32 = row.values.iter().map(w).sum::<f32>() + dash * (n - 1) as f32;
            let mut x = cx - total / 2.0;
            let mut v = Vec::with_capacity(n);
            for (i, p) in row.values.iter().enumerate() {
                v.push(x + w(p) / 2.0);
                x += w(p);
                if i + 1 < n {
                    sink.text([x + dash / 2.0, y], size, "-", ink, Anchor::Center, 0.0);
                    x += dash;
                }
            }
            v
        }
    };
    for (p, x) in row.values.iter().zip(xs) {
        draw_value(sink, p, [x, y], w(p), size, ink);
    }
}

/// One value with its mark, centred on `c`.
pub fn draw_value(sink: &mut impl Sink, p: &Printed, c: [f32; 2], w: f32, size: f32, ink: Colour) {
    let (hw, hh) = (w / 2.0 + size * 0.15, size * 0.55);
    let (min, max) = ([c[0] - hw, c[1] - hh], [c[0] + hw, c[1] + hh]);
    let mut colour = p.ink.unwrap_or(ink);
    match p.mark {
        Mark::Plain => {}
        Mark::Box(fill) => {
            sink.rect(min, max, fill);
            colour = p.ink.unwrap_or(WHITE);
        }
        Mark::Circle(fill) => {
            let r = hw.max(hh);
            sink.ellipse(c, [r, r], fill);
        }
        Mark::Framed => {
            sink.rect(min, max, WHITE);
            sink.outline(&rect_points(min, max), size * 0.08, ink);
            colour = p.ink.unwrap_or(BLACK);
        }
    }
    sink.text(c, size, &p.text, colour, Anchor::Center, 0.0);
}

/// The emblems down the right edge from `top`, each `r` in radius.
pub fn draw_emblems(
    sink: &mut impl Sink,
    emblems: &[Emblem],
    x: f32,
    top: f32,
    r: f32,
    ink: Colour,
) {
    for (i, e) in emblems.iter().enumerate() {
        let p = [x, top + 2.3 * r * i as f32];
        match *e {
            Emblem::Dot(fill) => {
                sink.ellipse(p, [r * 1.1, r * 1.1], ink);
                sink.ellipse(p, [r * 0.8, r * 0.8], fill);
            }
            Emblem::Star(fill) => draw_star(sink, p, r, fill, ink),
        }
    }
}

const WHITE: Colour = Colour([255, 255, 255, 255]);
const BLACK: Colour = Colour([0, 0, 0, 255]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg::SvgSink;

    fn svg(row: &Row) -> String {
        let mut s = SvgSink::new(60.0);
        draw_row(&mut s, row, 0.0, 0.0, 1.0, 0.3, BLACK);
        s.finish([-1.0, -1.0], [1.0, 1.0], 60.0, 60.0)
    }

    #[test]
    fn a_dashed_row_prints_its_values_joined_and_marked() {
        let red = Colour([200, 0, 0, 255]);
        let row = Row::dashed(vec![
            Printed::plain("7").inked_if(true, red),
            Printed::plain("5"),
            Printed::marked("10", Mark::Box(red)),
        ]);
        let s = svg(&row);
        for t in [">7<", ">5<", ">10<", ">-<"] {
            assert!(s.contains(t), "{t} in {s}");
        }
        assert_eq!(s.matches(">-<").count(), 2, "two dashes");
        assert!(s.contains("#c80000"), "the red attack and box");
    }

    #[test]
    fn a_spread_row_puts_its_ends_at_the_edges() {
        let row = Row::spread(vec![
            Printed::plain("16"),
            Printed::plain("A"),
            Printed::plain("12"),
        ]);
        let s = svg(&row);
        assert!(!s.contains(">-<"), "no dashes");
        let x = |t: &str| -> f32 {
            let at = s.find(&format!(">{t}<")).unwrap();
            let tag = &s[s[..at].rfind("<text").unwrap()..at];
            let v = tag.split("x=\"").nth(1).unwrap();
            v[..v.find('"').unwrap()].parse().unwrap()
        };
        assert!(x("16") < x("A") && x("A") < x("12"));
    }
}
