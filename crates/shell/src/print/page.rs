//! What every page of a kit has: its margins, a header saying what the page is, and the
//! crop marks at the corners of its printed area.

use sztab_core::model::Colour;
use sztab_core::render::pdf::PdfSink;
use sztab_core::render::{Anchor, Sink};

pub const INK: Colour = Colour([0, 0, 0, 255]);
pub const GREY: Colour = Colour([130, 130, 130, 255]);
/// Printers do not reach the paper's edge: 10 mm all round is safe on every one.
pub const MARGIN: f32 = 10.0 * 72.0 / 25.4;
/// Header text height.
const HEADER: f32 = 8.0;

/// A page and its printable area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub size: [f32; 2],
}

impl Frame {
    pub fn min(&self) -> [f32; 2] {
        [MARGIN, MARGIN]
    }

    pub fn max(&self) -> [f32; 2] {
        [self.size[0] - MARGIN, self.size[1] - MARGIN]
    }

    pub fn width(&self) -> f32 {
        self.size[0] - 2.0 * MARGIN
    }

    pub fn height(&self) -> f32 {
        self.size[1] - 2.0 * MARGIN
    }

    /// The page's title in the top margin, and a note on the right.
    pub fn header(&self, s: &mut PdfSink<'_, '_>, title: &str, note: &str) {
        let y = MARGIN / 2.0;
        s.text([MARGIN, y], HEADER, title, INK, Anchor::Left, 0.0);
        s.text(
            [self.size[0] - MARGIN, y],
            HEADER,
            note,
            GREY,
            Anchor::Right,
            0.0,
        );
    }

    /// Crop marks: short lines in the margin along the edges of the printed area.
    pub fn crop_marks(&self, s: &mut PdfSink<'_, '_>, min: [f32; 2], max: [f32; 2]) {
        let gap = 2.0;
        let len = MARGIN * 0.5;
        for x in [min[0], max[0]] {
            s.line([x, min[1] - gap], [x, min[1] - gap - len], 0.3, INK, None);
            s.line([x, max[1] + gap], [x, max[1] + gap + len], 0.3, INK, None);
        }
        for y in [min[1], max[1]] {
            s.line([min[0] - gap, y], [min[0] - gap - len, y], 0.3, INK, None);
            s.line([max[0] + gap, y], [max[0] + gap + len, y], 0.3, INK, None);
        }
    }
}

/// `text` broken at spaces into lines no wider than `width` (a word longer than a line
/// stands alone).
pub fn wrap(width_of: impl Fn(&str) -> f32, text: &str, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let indent: String = text.chars().take_while(|c| *c == ' ').collect();
    for word in text.split_whitespace() {
        let tried = if line.is_empty() {
            format!("{indent}{word}")
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && width_of(&tried) > width {
            lines.push(std::mem::take(&mut line));
            line = format!("{indent}  {word}");
        } else {
            line = tried;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
