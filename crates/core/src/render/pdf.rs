//! A fourth backend: PDF pages (print and play). Everything stays vector: fills and lines
//! are paths, and text is text in the embedded, subset typeface (egui's Ubuntu Light, which
//! has the Polish letters of place names), so a kit prints sharp at any scale and its names
//! can be searched. Coordinates are PDF points (1/72 in), y down, until a transform is
//! pushed.

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Transform};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, LineCap, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use super::font::Typeface;
use super::sink::{Anchor, Sink};
use crate::model::Colour;

/// Printer dots per inch assumed when deciding which details are too small to print.
const PRINT_DPI: f32 = 600.0;

/// A PDF being written, page by page.
pub struct PdfDocument {
    doc: krilla::Document,
    font: Font,
    typeface: Typeface,
    pages: usize,
}

impl PdfDocument {
    pub fn new() -> Result<Self, String> {
        let font = Font::new(epaint_default_fonts::UBUNTU_LIGHT.into(), 0)
            .ok_or("the built-in typeface could not be read")?;
        let typeface = Typeface::new().ok_or("the built-in typeface could not be read")?;
        Ok(Self {
            doc: krilla::Document::new(),
            font,
            typeface,
            pages: 0,
        })
    }

    /// Adds a page of `size` points and draws it.
    pub fn page(&mut self, size: [f32; 2], draw: impl FnOnce(&mut PdfSink<'_, '_>)) {
        let settings = PageSettings::from_wh(size[0].max(1.0), size[1].max(1.0))
            .expect("a page size of at least one point");
        let mut page = self.doc.start_page_with(settings);
        let mut surface = page.surface();
        let mut sink = PdfSink {
            surface: &mut surface,
            font: &self.font,
            typeface: &self.typeface,
            ppu: PRINT_DPI / 72.0,
            saved: Vec::new(),
            pending: None,
        };
        draw(&mut sink);
        sink.flush();
        while !sink.saved.is_empty() {
            sink.pop();
        }
        surface.finish();
        page.finish();
        self.pages += 1;
    }

    pub fn pages(&self) -> usize {
        self.pages
    }

    /// The width of `text` at height `size`, to lay out pages before drawing them.
    pub fn text_width(&self, text: &str, size: f32) -> f32 {
        self.typeface.metrics(text, size).width
    }

    /// The finished file.
    pub fn finish(self) -> Result<Vec<u8>, String> {
        self.doc
            .finish()
            .map_err(|e| format!("the PDF could not be written: {e:?}"))
    }
}

/// Draws on one page. Fills of one colour drawn one after another become one path, so a
/// hex drawn as triangles shows no hairline seams in a PDF reader.
pub struct PdfSink<'s, 'a> {
    surface: &'s mut Surface<'a>,
    font: &'s Font,
    typeface: &'s Typeface,
    ppu: f32,
    /// The ppu to restore at each `pop`.
    saved: Vec<f32>,
    pending: Option<(Colour, PathBuilder)>,
}

fn paint(c: Colour) -> (krilla::paint::Paint, NormalizedF32) {
    let [r, g, b, a] = c.0;
    (
        rgb::Color::new(r, g, b).into(),
        NormalizedF32::new(f32::from(a) / 255.0).unwrap_or(NormalizedF32::ONE),
    )
}

fn fill(c: Colour) -> Fill {
    let (paint, opacity) = paint(c);
    Fill {
        paint,
        opacity,
        rule: FillRule::NonZero,
    }
}

/// Twice the signed area: positive when the points run clockwise on a y-down page.
fn turning(pts: &[[f32; 2]]) -> f32 {
    let n = pts.len();
    (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum()
}

impl PdfSink<'_, '_> {
    /// Draws what follows `scale` times larger, its origin at `offset` (in the current
    /// units), until the matching `pop`.
    pub fn push_transform(&mut self, scale: f32, offset: [f32; 2]) {
        self.flush();
        self.surface.push_transform(&Transform::from_row(
            scale, 0.0, 0.0, scale, offset[0], offset[1],
        ));
        self.saved.push(self.ppu);
        self.ppu *= scale;
    }

    /// Draws what follows only inside the rectangle `min`..`max`, until the matching `pop`.
    pub fn push_clip(&mut self, min: [f32; 2], max: [f32; 2]) {
        self.flush();
        let mut pb = PathBuilder::new();
        pb.move_to(min[0], min[1]);
        pb.line_to(max[0], min[1]);
        pb.line_to(max[0], max[1]);
        pb.line_to(min[0], max[1]);
        pb.close();
        if let Some(p) = pb.finish() {
            self.surface.push_clip_path(&p, &FillRule::NonZero);
        }
        self.saved.push(self.ppu);
    }

    pub fn pop(&mut self) {
        self.flush();
        if let Some(ppu) = self.saved.pop() {
            self.surface.pop();
            self.ppu = ppu;
        }
    }

    /// The width of `text` at height `size`, to lay out lines.
    pub fn text_width(&self, text: &str, size: f32) -> f32 {
        self.typeface.metrics(text, size).width
    }

    fn flush(&mut self) {
        if let Some((c, pb)) = self.pending.take()
            && let Some(path) = pb.finish()
        {
            self.surface.set_stroke(None);
            self.surface.set_fill(Some(fill(c)));
            self.surface.draw_path(&path);
        }
    }

    fn polygon(pb: &mut PathBuilder, pts: &[[f32; 2]], closed: bool) {
        let Some(first) = pts.first() else { return };
        pb.move_to(first[0], first[1]);
        for p in &pts[1..] {
            pb.line_to(p[0], p[1]);
        }
        if closed {
            pb.close();
        }
    }

    fn stroke(&mut self, pts: &[[f32; 2]], closed: bool, width: f32, c: Colour, dash: Option<f32>) {
        self.flush();
        let mut pb = PathBuilder::new();
        Self::polygon(&mut pb, pts, closed);
        let Some(path) = pb.finish() else { return };
        let (paint, opacity) = paint(c);
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke {
            paint,
            width,
            opacity,
            line_cap: LineCap::Butt,
            dash: dash.map(|d| StrokeDash {
                array: vec![d, d],
                offset: 0.0,
            }),
            ..Stroke::default()
        }));
        self.surface.draw_path(&path);
        self.surface.set_stroke(None);
    }
}

impl Sink for PdfSink<'_, '_> {
    fn triangle(&mut self, tri: [[f32; 2]; 3], colour: Colour) {
        self.convex(&tri, colour);
    }

    fn convex(&mut self, pts: &[[f32; 2]], colour: Colour) {
        if pts.len() < 3 || colour.0[3] == 0 {
            return;
        }
        if self.pending.as_ref().is_some_and(|(c, _)| *c != colour) {
            self.flush();
        }
        let (_, pb) = self
            .pending
            .get_or_insert_with(|| (colour, PathBuilder::new()));
        // One winding for every piece, so pieces that overlap add up, never cancel.
        if turning(pts) < 0.0 {
            let rev: Vec<[f32; 2]> = pts.iter().rev().copied().collect();
            Self::polygon(pb, &rev, true);
        } else {
            Self::polygon(pb, pts, true);
        }
    }

    fn line(&mut self, a: [f32; 2], b: [f32; 2], width: f32, colour: Colour, dash: Option<f32>) {
        self.stroke(&[a, b], false, width, colour, dash);
    }

    fn outline(&mut self, pts: &[[f32; 2]], width: f32, colour: Colour) {
        self.stroke(pts, true, width, colour, None);
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
        if text.is_empty() || size <= 0.0 {
            return;
        }
        self.flush();
        let (baseline, x) = self.typeface.metrics(text, size).origin(anchor);
        let turned = angle != 0.0;
        if turned {
            self.surface
                .push_transform(&Transform::from_rotate_at(angle, at[0], at[1]));
        }
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(fill(colour)));
        self.surface.draw_text(
            Point::from_xy(at[0] + x, at[1] + baseline),
            self.font.clone(),
            size,
            text,
            false,
            TextDirection::Auto,
        );
        if turned {
            self.surface.pop();
        }
    }

    fn pixels_per_unit(&self) -> f32 {
        self.ppu
    }

    fn layer_done(&mut self) {
        self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_with_shapes_and_polish_text_is_a_pdf_with_its_font_embedded() {
        let mut doc = PdfDocument::new().unwrap();
        doc.page([200.0, 100.0], |s| {
            s.push_transform(10.0, [20.0, 20.0]);
            s.rect([0.0, 0.0], [1.0, 1.0], Colour([255, 0, 0, 255]));
            s.line(
                [0.0, 0.0],
                [2.0, 2.0],
                0.1,
                Colour([0, 0, 0, 255]),
                Some(0.2),
            );
            s.text(
                [1.0, 1.0],
                1.0,
                "Łódź, Żółkiew",
                Colour([0, 0, 0, 255]),
                Anchor::Left,
                30.0,
            );
            let zoomed = s.pixels_per_unit();
            s.pop();
            let page = s.pixels_per_unit();
            assert!((zoomed / page - 10.0).abs() < 1e-4 && (page - PRINT_DPI / 72.0).abs() < 1e-4);
        });
        assert_eq!(doc.pages(), 1);
        let bytes = doc.finish().unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("/FontFile2"), "the typeface is embedded");
        assert!(
            text.contains("/MediaBox[0 0 200 100]"),
            "the page's size in points"
        );
    }

    #[test]
    fn pieces_turning_either_way_are_given_one_winding() {
        let cw = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]];
        let ccw = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0]];
        assert!(turning(&cw) > 0.0 && turning(&ccw) < 0.0);
    }
}
