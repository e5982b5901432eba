//! The trace tools. Calibrate: click hex centres on the scan and type their printed
//! numbers; the fit is solved after every point and previewed live, with each point's
//! residual, and applied to the map as one undo step. Suggest: terrain suggestions from the
//! scan's colours, reviewed hex by hex and accepted in one undo step.

use egui::Ui;

use super::{ACCENT, HOVER, Request, Tool, ToolCtx, ToolKind, View, highlight};
use crate::editor::canvas::{EguiSink, Pointer};
use crate::editor::edit::{Change, Edit};
use crate::editor::files::ChooserPurpose;
use crate::editor::trace::CalPoint;
use crate::editor::trace::calibrate::{hex_pixels, residuals, rms};
use crate::editor::trace::suggest::sample_one;
use crate::model::{CalibrationPoint, Colour, Underlay};
use crate::render::{Similarity, Sink, hex_fill};

const MARK: Colour = Colour([230, 30, 30, 255]);

/// The scan's loading state and its underlay settings: shared by both trace tools.
fn scan_panel(ui: &mut Ui, cx: &mut ToolCtx) {
    if ui.button("Load scan…").clicked() {
        cx.requests.push(Request::Choose(ChooserPurpose::LoadScan));
    }
    if let Some(l) = &cx.trace.loader {
        ui.add(egui::ProgressBar::new(l.progress).text(format!(
            "{}: {}",
            l.path.display(),
            l.stage
        )));
    }
    if let Some(m) = &cx.trace.message {
        ui.colored_label(egui::Color32::RED, m);
    }
    let Some(u) = cx.doc.map().underlay.clone() else {
        ui.weak("No scan: load a PNG or JPEG of the printed board.");
        return;
    };
    ui.label(format!("Scan: {}", u.image.display()));
    let mut edited = u.clone();
    let slider = ui.add(egui::Slider::new(&mut edited.opacity, 0.0..=1.0).text("Opacity"));
    ui.checkbox(&mut edited.locked, "Locked (no more calibration clicks)");
    if edited != u {
        let edit = Edit::new("Underlay settings").with(Change::Underlay {
            before: Some(u),
            after: Some(edited),
        });
        // A slider drag is one undo step.
        if slider.dragged() {
            cx.doc.apply_in_stroke(edit);
        } else {
            cx.doc.apply(edit);
        }
    }
    if slider.drag_stopped() {
        cx.doc.end_stroke();
    }
}

#[derive(Default)]
pub struct Calibrate;

impl Calibrate {
    /// The fit being previewed, else the one applied to the map.
    fn fit(cx: &ToolCtx) -> Option<Similarity> {
        let applied = cx
            .doc
            .map()
            .underlay
            .as_ref()
            .and_then(|u| u.calibration.as_ref())
            .map(Similarity::of);
        cx.trace.draft.or(applied)
    }

    fn points_table(ui: &mut Ui, cx: &mut ToolCtx) {
        let grid = cx.doc.map().grid;
        let fit = Self::fit(cx);
        let mut remove = None;
        let mut changed = false;
        for (i, p) in cx.trace.points.iter_mut().enumerate() {
            ui.horizontal_wrapped(|ui| {
                let l = ui.label(format!("Hex number {}", i + 1));
                changed |= ui
                    .add(egui::TextEdit::singleline(&mut p.hex_text).desired_width(60.0))
                    .labelled_by(l.id)
                    .changed();
                match (fit, p.pair(&grid)) {
                    (Some(s), Some(pair)) => {
                        let r = residuals(&s, &[pair])[0];
                        ui.label(format!(
                            "{r:.1} px ({:.1} % of a hex)",
                            100.0 * r / hex_pixels(&s)
                        ));
                    }
                    (_, None) => {
                        ui.colored_label(egui::Color32::RED, "not a hex of this map");
                    }
                    _ => {}
                }
                if ui
                    .small_button("Remove")
                    .on_hover_text(format!("Remove point {}", i + 1))
                    .clicked()
                {
                    remove = Some(i);
                }
            });
        }
        if let Some(i) = remove {
            cx.trace.points.remove(i);
            changed = true;
        }
        if changed {
            cx.trace.resolve(&grid);
        }
    }

    fn apply(cx: &mut ToolCtx, s: Similarity) {
        let map = cx.doc.map();
        let Some(before) = map.underlay.clone() else {
            return;
        };
        let points = cx
            .trace
            .points
            .iter()
            .filter_map(|p| {
                Some(CalibrationPoint {
                    hex: p.hex()?,
                    pixel: p.pixel,
                })
            })
            .collect();
        let after = Underlay {
            calibration: Some(s.to_calibration(points)),
            ..before.clone()
        };
        cx.doc
            .apply(Edit::new("Calibrate scan").with(Change::Underlay {
                before: Some(before),
                after: Some(after),
            }));
        *cx.status = format!(
            "calibrated: {:.2} px per hex radius, {:.2}° rotation",
            s.scale(),
            s.rotation_deg()
        );
    }
}

impl Tool for Calibrate {
    fn kind(&self) -> ToolKind {
        ToolKind::Calibrate
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        scan_panel(ui, cx);
        if cx.doc.map().underlay.is_none() {
            return;
        }
        ui.separator();
        ui.label(
            "Click the centres of two or three hexes far apart, and type their printed numbers.",
        );
        Self::points_table(ui, cx);
        let grid = cx.doc.map().grid;
        let pairs: Vec<_> = cx
            .trace
            .points
            .iter()
            .filter_map(|p| p.pair(&grid))
            .collect();
        if let Some(s) = Self::fit(cx) {
            let r = rms(&residuals(&s, &pairs));
            let state = if cx.trace.draft.is_some() {
                "Preview"
            } else {
                "Applied"
            };
            ui.label(format!(
                "{state}: {:.2} px per hex radius, rotation {:.2}°, RMS error {r:.2} px ({:.1} % of a hex)",
                s.scale(),
                s.rotation_deg(),
                100.0 * r / hex_pixels(&s)
            ));
        }
        if let Some(s) = cx.trace.draft
            && ui.button("Apply calibration").clicked()
        {
            Self::apply(cx, s);
            cx.trace.draft = None;
        }
        if !cx.trace.points.is_empty() && ui.button("Clear points").clicked() {
            cx.trace.points.clear();
            cx.trace.draft = None;
        }
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if !p.pressed {
            return;
        }
        let (Some(u), Some(view)) = (&cx.doc.map().underlay, &cx.trace.scan) else {
            *cx.status = "load a scan first".into();
            return;
        };
        if u.locked {
            *cx.status = "the scan is locked: unlock it to calibrate again".into();
            return;
        }
        let pixel = view
            .transform
            .apply([f64::from(p.board[0]), f64::from(p.board[1])]);
        cx.trace.points.push(CalPoint {
            pixel,
            hex_text: String::new(),
        });
        *cx.status = format!(
            "point {} at pixel {:.0}, {:.0}: type its hex number",
            cx.trace.points.len(),
            pixel[0],
            pixel[1]
        );
    }

    fn overlay(&self, sink: &mut EguiSink, _p: Option<&Pointer>, v: &View) {
        let Some(view) = &v.trace.scan else { return };
        let grid = &v.doc.map().grid;
        for p in &v.trace.points {
            let b = view.transform.invert(p.pixel);
            let at = [b[0] as f32, b[1] as f32];
            let r = 0.15;
            sink.line([at[0] - r, at[1]], [at[0] + r, at[1]], 0.04, MARK, None);
            sink.line([at[0], at[1] - r], [at[0], at[1] + r], 0.04, MARK, None);
            if let Some(h) = p.hex().filter(|&h| grid.contains(h)) {
                // Where the fit puts that hex's centre.
                sink.line(at, grid.center(h), 0.03, ACCENT, None);
                highlight(sink, v.doc, h, ACCENT);
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Default)]
enum SuggestMode {
    #[default]
    Review,
    Learn,
}

#[derive(Default)]
pub struct Suggest {
    mode: SuggestMode,
}

impl Suggest {
    fn palette(ui: &mut Ui, cx: &mut ToolCtx) {
        let cat = cx.doc.terrain();
        egui::CollapsingHeader::new("Palette").show(ui, |ui| {
            for e in &cx.trace.palette.entries {
                ui.horizontal(|ui| {
                    super::swatch(ui, hex_fill(cat, &e.cell, true));
                    let from = if e.examples == 0 {
                        "catalogue".to_owned()
                    } else {
                        format!("{} examples", e.examples)
                    };
                    ui.label(format!("{} — {from}", e.name(cat)));
                });
            }
        });
    }
}

impl Tool for Suggest {
    fn kind(&self) -> ToolKind {
        ToolKind::Suggest
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        scan_panel(ui, cx);
        cx.trace.palette.ensure(cx.doc.terrain());
        let Some(view) = &cx.trace.scan else { return };
        if cx
            .doc
            .map()
            .underlay
            .as_ref()
            .and_then(|u| u.calibration.as_ref())
            .is_none()
            && cx.trace.draft.is_none()
        {
            ui.colored_label(egui::Color32::RED, "Calibrate the scan first.");
            return;
        }
        let (scan, sim) = (view.scan.clone(), view.transform);
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.mode, SuggestMode::Review, "Review");
            ui.radio_value(&mut self.mode, SuggestMode::Learn, "Learn examples");
        });
        if self.mode == SuggestMode::Learn {
            ui.label("Click hexes on the scan that show the brush's look:");
            super::brush::look_picker(ui, cx.brush, cx.doc.terrain());
            cx.brush.with_features = true;
        }
        let s = &mut cx.trace.suggestions;
        if s.max_distance <= 0.0 {
            s.max_distance = 25.0;
        }
        ui.add(egui::Slider::new(&mut s.max_distance, 2.0..=60.0).text("Max colour distance"));
        if ui.button("Compute suggestions").clicked() {
            cx.trace
                .suggestions
                .compute(cx.doc.map(), &cx.trace.palette, &scan, &sim);
            *cx.status = format!("{} suggestions", cx.trace.suggestions.list.len());
        }
        let n = cx.trace.suggestions.accepted().count();
        if n > 0 {
            ui.label(format!(
                "{} suggestions, {n} accepted. Click a marked hex to reject or accept it.",
                cx.trace.suggestions.list.len()
            ));
            if ui.button(format!("Accept {n} suggestions")).clicked() {
                let edit = cx.trace.suggestions.accept_edit(cx.doc.map());
                cx.doc.apply(edit);
                cx.trace.suggestions.list.clear();
            }
        }
        if !cx.trace.suggestions.list.is_empty() && ui.button("Clear suggestions").clicked() {
            cx.trace.suggestions.list.clear();
        }
        Self::palette(ui, cx);
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        let (true, Some(h)) = (p.pressed, p.hex) else {
            return;
        };
        match self.mode {
            SuggestMode::Review => {
                if !cx.trace.suggestions.toggle(h) {
                    *cx.status = format!("no suggestion for {h}");
                }
            }
            SuggestMode::Learn => {
                let Some(view) = &cx.trace.scan else { return };
                let grid = cx.doc.map().grid;
                if let Some(c) = sample_one(&view.scan, &view.transform, &grid, h) {
                    cx.trace.palette.learn(&cx.brush.cell, c);
                    *cx.status = format!("learned {h} as an example");
                }
            }
        }
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        let grid = &v.doc.map().grid;
        for s in &v.trace.suggestions.list {
            let c = grid.center(s.hex);
            let pts: Vec<[f32; 2]> = grid
                .corners(s.hex)
                .iter()
                .map(|q| [c[0] + (q[0] - c[0]) * 0.45, c[1] + (q[1] - c[1]) * 0.45])
                .collect();
            sink.convex(&pts, hex_fill(v.doc.terrain(), &s.cell, true));
            sink.outline(&pts, 0.04, if s.rejected { MARK } else { ACCENT });
            if s.rejected {
                sink.line(pts[0], pts[3], 0.05, MARK, None);
            }
        }
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}
