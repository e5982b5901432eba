//! The setup card and the turn track, laid out for print: each side's setup in two
//! columns, then the turns as boxes with the units that arrive or leave.

use sztab_core::model::Colour;
use sztab_core::render::pdf::PdfDocument;
use sztab_core::render::{Anchor, Sink};

use super::contents::Contents;
use super::page::{Frame, GREY, INK, wrap};
use super::{PageKind, Paper};

const BODY: f32 = 8.5;
const HEADING: f32 = 11.0;
const TRACK_COLS: usize = 4;
const BOX: Colour = Colour([245, 242, 232, 255]);

/// A text placed on a page.
struct Placed {
    at: [f32; 2],
    size: f32,
    text: String,
}

pub fn draw(doc: &mut PdfDocument, pages: &mut Vec<PageKind>, c: &Contents, paper: Paper) {
    let frame = Frame { size: paper.size() };
    let setup = setup_pages(doc, c, frame);
    let n = setup.len();
    for (i, texts) in setup.into_iter().enumerate() {
        doc.page(frame.size, |s| {
            let title = format!("{} — setup, page {} of {n}", c.title, i + 1);
            frame.header(s, &title, "");
            for t in &texts {
                s.text(t.at, t.size, &t.text, INK, Anchor::Left, 0.0);
            }
        });
        pages.push(PageKind::Setup(i + 1));
    }
    let track = track_pages(doc, c, frame);
    let n = track.len();
    for (i, rows) in track.into_iter().enumerate() {
        doc.page(frame.size, |s| {
            let title = format!("{} — turn track, page {} of {n}", c.title, i + 1);
            frame.header(s, &title, "+ arrives, − leaves");
            for b in &rows {
                s.rect(b.min, b.max, BOX);
                let pts = [b.min, [b.max[0], b.min[1]], b.max, [b.min[0], b.max[1]]];
                s.outline(&pts, 0.5, GREY);
                for t in &b.texts {
                    s.text(t.at, t.size, &t.text, INK, Anchor::Left, 0.0);
                }
            }
        });
        pages.push(PageKind::TurnTrack(i + 1));
    }
}

/// The setup's lines, flowed down two columns and onto as many pages as they take.
fn setup_pages(doc: &PdfDocument, c: &Contents, frame: Frame) -> Vec<Vec<Placed>> {
    let gap = 14.0;
    let col_w = (frame.width() - gap) / 2.0;
    // The title runs across both columns of the first page; the columns start below it.
    let title = 14.0;
    let mut top = frame.min()[1] + title * 1.6;
    let mut pages: Vec<Vec<Placed>> = vec![vec![Placed {
        at: [frame.min()[0], frame.min()[1] + title],
        size: title,
        text: c.title.clone(),
    }]];
    let (mut col, mut y) = (0usize, top);
    let mut put = |text: String, size: f32, before: f32| {
        let lead = size * 1.3;
        if y + before + lead > frame.max()[1] {
            col += 1;
            if col == 2 {
                col = 0;
                top = frame.min()[1];
                pages.push(Vec::new());
            }
            y = top;
        } else {
            y += before;
        }
        let x = frame.min()[0] + col as f32 * (col_w + gap);
        let page = pages.last_mut().expect("a page");
        page.push(Placed {
            at: [x, y + size],
            size,
            text,
        });
        y += lead;
    };
    for sec in &c.setup {
        put(sec.heading.clone(), HEADING, 6.0);
        if sec.lines.is_empty() {
            put("(nothing set up on the map)".into(), BODY, 0.0);
        }
        for l in &sec.lines {
            for w in wrap(|t| doc.text_width(t, BODY), l, col_w) {
                put(w, BODY, 0.0);
            }
        }
    }
    pages
}

/// A turn box: its rectangle and its texts.
struct TurnRect {
    min: [f32; 2],
    max: [f32; 2],
    texts: Vec<Placed>,
}

/// The turn boxes, four to a row, each row as tall as its fullest box.
fn track_pages(doc: &PdfDocument, c: &Contents, frame: Frame) -> Vec<Vec<TurnRect>> {
    let w = frame.width() / TRACK_COLS as f32;
    let pad = 4.0;
    let small = BODY - 1.5;
    let lead = small * 1.25;
    let mut pages: Vec<Vec<TurnRect>> = vec![Vec::new()];
    let mut y = frame.min()[1];
    for row in c.turns.chunks(TRACK_COLS) {
        let wrapped: Vec<Vec<String>> = row
            .iter()
            .map(|t| {
                t.lines
                    .iter()
                    .flat_map(|l| wrap(|x| doc.text_width(x, small), l, w - 2.0 * pad))
                    .collect()
            })
            .collect();
        let most = wrapped.iter().map(Vec::len).max().unwrap_or(0);
        let h = (pad * 2.0 + HEADING * 1.3 + most as f32 * lead).max(48.0);
        if y + h > frame.max()[1] && !pages.last().is_some_and(Vec::is_empty) {
            pages.push(Vec::new());
            y = frame.min()[1];
        }
        for (k, (t, lines)) in row.iter().zip(wrapped).enumerate() {
            let x = frame.min()[0] + k as f32 * w;
            let mut texts = vec![Placed {
                at: [x + pad, y + pad + HEADING],
                size: HEADING,
                text: format!("Turn {}", t.label),
            }];
            for (i, l) in lines.into_iter().enumerate() {
                texts.push(Placed {
                    at: [x + pad, y + pad + HEADING * 1.3 + (i as f32 + 1.0) * lead],
                    size: small,
                    text: l,
                });
            }
            pages.last_mut().expect("a page").push(TurnRect {
                min: [x, y],
                max: [x + w, y + h],
                texts,
            });
        }
        y += h;
    }
    pages
}
