//! Counter sheets: every counter of the order of battle and the system's markers, fronts
//! on one page and backs on the next, mirrored left to right so that a duplex print
//! flipped on the long edge puts each back behind its front.

use sztab_core::model::Colour;
use sztab_core::render::counter::{CounterFace, draw_counter};
use sztab_core::render::pdf::{PdfDocument, PdfSink};
use sztab_core::render::{Anchor, Sink};

use super::contents::Contents;
use super::page::{Frame, INK, MARGIN, wrap};
use super::{Options, PageKind};

const MARKER_FILL: Colour = Colour([236, 232, 220, 255]);
const CUT: Colour = Colour([160, 160, 160, 255]);

enum Item<'a> {
    Unit(&'a CounterFace, Option<&'a CounterFace>),
    Marker(&'a str),
}

/// Where counters sit on a sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sheet {
    pub frame: Frame,
    pub side: f32,
    pub cols: usize,
    pub rows: usize,
}

impl Sheet {
    pub fn new(opts: &Options) -> Sheet {
        let frame = Frame {
            size: opts.paper.size(),
        };
        let side = opts.counter.points;
        Sheet {
            frame,
            side,
            cols: ((frame.width() / side).floor() as usize).max(1),
            rows: ((frame.height() / side).floor() as usize).max(1),
        }
    }

    pub fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// The centre of the counter in column `col`, row `row`; the grid is centred across
    /// the page so that mirroring it maps columns onto columns.
    pub fn centre(&self, col: usize, row: usize) -> [f32; 2] {
        let x0 = (self.frame.size[0] - self.cols as f32 * self.side) / 2.0;
        [
            x0 + (col as f32 + 0.5) * self.side,
            MARGIN + (row as f32 + 0.5) * self.side,
        ]
    }

    /// Where the back of the counter at `col`, `row` is printed.
    pub fn back_centre(&self, col: usize, row: usize) -> [f32; 2] {
        let c = self.centre(col, row);
        [self.frame.size[0] - c[0], c[1]]
    }
}

pub fn draw(doc: &mut PdfDocument, pages: &mut Vec<PageKind>, c: &Contents, opts: &Options) {
    let items: Vec<Item<'_>> = c
        .pieces
        .iter()
        .map(|p| Item::Unit(&p.front, p.back.as_ref()))
        .chain(c.markers.iter().map(|m| Item::Marker(m)))
        .collect();
    let sheet = Sheet::new(opts);
    let chunks: Vec<&[Item<'_>]> = items.chunks(sheet.per_page()).collect();
    let n = chunks.len();
    for (i, chunk) in chunks.iter().enumerate() {
        doc.page(sheet.frame.size, |s| {
            let title = format!("{} — counters, sheet {} of {n}: fronts", c.title, i + 1);
            sheet.frame.header(s, &title, "cut along the grey lines");
            for (k, item) in chunk.iter().enumerate() {
                let at = sheet.centre(k % sheet.cols, k / sheet.cols);
                front(s, item, at, sheet.side);
            }
        });
        pages.push(PageKind::Fronts(i + 1));
        doc.page(sheet.frame.size, |s| {
            let title = format!("{} — counters, sheet {} of {n}: backs", c.title, i + 1);
            let note = "print on the back of the fronts: duplex, flip on the long edge";
            sheet.frame.header(s, &title, note);
            for (k, item) in chunk.iter().enumerate() {
                let at = sheet.back_centre(k % sheet.cols, k / sheet.cols);
                back(s, item, at, sheet.side);
            }
        });
        pages.push(PageKind::Backs(i + 1));
    }
}

fn cut_lines(s: &mut PdfSink<'_, '_>, at: [f32; 2], side: f32) {
    let h = side / 2.0;
    let pts = [
        [at[0] - h, at[1] - h],
        [at[0] + h, at[1] - h],
        [at[0] + h, at[1] + h],
        [at[0] - h, at[1] + h],
    ];
    s.outline(&pts, 0.25, CUT);
}

fn front(s: &mut PdfSink<'_, '_>, item: &Item<'_>, at: [f32; 2], side: f32) {
    match item {
        Item::Unit(face, _) => draw_counter(s, face, at, side),
        Item::Marker(name) => marker(s, name, at, side),
    }
    cut_lines(s, at, side);
}

/// A unit's printed back, or its colour alone where the counter has none; a marker's
/// back repeats its name.
fn back(s: &mut PdfSink<'_, '_>, item: &Item<'_>, at: [f32; 2], side: f32) {
    match item {
        Item::Unit(_, Some(b)) => draw_counter(s, b, at, side),
        Item::Unit(f, None) => {
            let h = side / 2.0;
            s.rect([at[0] - h, at[1] - h], [at[0] + h, at[1] + h], f.fill);
        }
        Item::Marker(name) => marker(s, name, at, side),
    }
    cut_lines(s, at, side);
}

fn marker(s: &mut PdfSink<'_, '_>, name: &str, at: [f32; 2], side: f32) {
    let h = side / 2.0;
    s.rect([at[0] - h, at[1] - h], [at[0] + h, at[1] + h], MARKER_FILL);
    let size = side * 0.16;
    let lines = wrap(|t| s.text_width(t, size), name, side * 0.86);
    let lead = size * 1.15;
    let top = at[1] - lead * (lines.len() as f32 - 1.0) / 2.0;
    for (i, l) in lines.iter().enumerate() {
        s.text(
            [at[0], top + i as f32 * lead],
            size,
            l.trim(),
            INK,
            Anchor::Center,
            0.0,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::{Length, Paper};

    #[test]
    fn a_back_is_printed_where_its_front_lies_once_the_sheet_is_turned_over() {
        for paper in [Paper::A4, Paper::Letter] {
            let sheet = Sheet::new(&Options {
                paper,
                counter: Length::inches(0.5),
                hex: Length::inches(0.625),
            });
            assert!(sheet.cols >= 10 && sheet.rows >= 15, "{sheet:?}");
            for row in [0, sheet.rows - 1] {
                for col in 0..sheet.cols {
                    let back = sheet.back_centre(col, row);
                    let other = sheet.centre(sheet.cols - 1 - col, row);
                    assert!((back[0] - other[0]).abs() < 1e-3 && back[1] == other[1]);
                }
            }
            // The grid stays inside the printable area.
            let last = sheet.centre(sheet.cols - 1, sheet.rows - 1);
            assert!(last[0] + sheet.side / 2.0 <= sheet.frame.max()[0] + 1e-3);
            assert!(last[1] + sheet.side / 2.0 <= sheet.frame.max()[1] + 1e-3);
        }
    }
}
