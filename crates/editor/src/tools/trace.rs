//! The trace tools. Calibrate: click hex centres on the scan and type their printed
//! numbers; the fit is solved after every point and previewed live, with each point's
//! residual, and applied to the map as one undo step. Suggest: terrain suggestions from the
//! scan's colours, reviewed hex by hex and accepted in one undo step.

use egui::Ui;

use super::{ACCENT, HOVER, Request, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer};
use crate::edit::{Change, Edit};
use crate::files::ChooserPurpose;
use crate::trace::CalPoint;
use crate::trace::Scan;
use crate::trace::calibrate::{hex_pixels, residuals, rms};
use crate::trace::drawn::Drawn;
use crate::trace::lighting::even_scan;
use crate::trace::lines::{LineChange, Reading};
use crate::trace::palette::{look_name, sample_one};
use crate::trace::places::{Unnamed, name_edit, unnamed};
use sztab_core::model::{CalibrationPoint, Colour, PlaceKind, Underlay};
use sztab_core::render::{Anchor, Similarity, Sink, hex_fill};

const MARK: Colour = Colour([230, 30, 30, 255]);
/// Confidence figures and the hovered suggestion's name.
const LABEL: Colour = Colour([20, 20, 20, 255]);

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
    /// Names being typed for the unnamed towns and cities, by their first hex.
    names: std::collections::BTreeMap<sztab_core::hex::HexId, String>,
}

impl Suggest {
    /// The confidence threshold: moving it accepts exactly the suggestions at or above it.
    fn threshold(ui: &mut Ui, cx: &mut ToolCtx) {
        let s = &mut cx.trace.suggestions;
        let mut pct = (s.threshold * 100.0).round();
        let r = ui
            .add(
                egui::Slider::new(&mut pct, 0.0..=100.0)
                    .suffix(" %")
                    .text("Accept at or above"),
            )
            .on_hover_text(
                "Suggestions at least this confident start accepted; moving the slider \
                 accepts exactly those. Click a marked hex to change one.",
            );
        if r.changed() {
            s.set_threshold(pct / 100.0);
        }
        if let Some(f) = s.fit {
            ui.weak(format!(
                "Scan colours against the drawn palette: chroma ×{:.2}, lightness ×{:.2} {:+.1}",
                f.chroma, f.gain, f.offset
            ))
            .on_hover_text(
                "Fitted on the scan's hexes, so a faded or desaturated scan matches \
                 the palette without examples",
            );
        }
    }

    /// The suggestions with their confidence, least confident first, each with a tick.
    fn review(ui: &mut Ui, cx: &mut ToolCtx) {
        let s = &mut cx.trace.suggestions;
        if s.list.is_empty() {
            return;
        }
        let n = s.accepted().count();
        ui.label(format!(
            "{} suggestions, {n} accepted. Click a marked hex (or tick it below) to accept or reject it.",
            s.list.len()
        ));
        let cat = cx.doc.terrain();
        let mut order: Vec<usize> = (0..s.list.len()).collect();
        order.sort_by(|&a, &b| s.list[a].confidence.total_cmp(&s.list[b].confidence));
        egui::CollapsingHeader::new(format!("Suggestions ({})", s.list.len()))
            .id_salt("suggestion list")
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(220.0)
                    .show(ui, |ui| {
                        for i in order {
                            let g = &mut s.list[i];
                            let text = format!(
                                "{} {} — {:.0} %",
                                g.hex,
                                look_name(cat, &g.cell),
                                100.0 * g.confidence
                            );
                            ui.checkbox(&mut g.accepted, text);
                        }
                    });
            });
        Self::held_back(ui, cx);
        let s = &mut cx.trace.suggestions;
        let n = s.accepted().count();
        if n > 0 && ui.button(format!("Accept {n} suggestions")).clicked() {
            let edit = s.accept_edit(cx.doc.map());
            cx.doc.apply(edit);
            cx.trace.suggestions.list.clear();
        }
        if !cx.trace.suggestions.list.is_empty() && ui.button("Clear suggestions").clicked() {
            cx.trace.suggestions.list.clear();
        }
    }

    /// Towns and cities the threshold held back, named apart: a scenario's victory
    /// usually hangs on them, and one click takes them all.
    fn held_back(ui: &mut Ui, cx: &mut ToolCtx) {
        let cat = cx.doc.terrain();
        let map = cx.doc.map();
        let held: Vec<String> = cx
            .trace
            .suggestions
            .held_back_settlements(cat)
            .map(|g| {
                format!(
                    "{} {} ({:.0} %)",
                    map.label_of(g.hex),
                    look_name(cat, &g.cell),
                    100.0 * g.confidence
                )
            })
            .collect();
        if held.is_empty() {
            return;
        }
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "{} towns and cities held back below the threshold: {}",
                held.len(),
                held.join(", ")
            ),
        );
        if ui
            .button(format!("Accept the {} towns and cities", held.len()))
            .on_hover_text("Ticks them; check them on the map before accepting the suggestions")
            .clicked()
        {
            let cat = cx.doc.terrain().clone();
            cx.trace.suggestions.accept_held_back_settlements(&cat);
        }
    }

    /// The hexside and road suggestions: their own threshold, a list least confident
    /// first, and one button applying the accepted ones as one undo step.
    fn review_lines(ui: &mut Ui, cx: &mut ToolCtx) {
        let l = &mut cx.trace.lines;
        if l.list.is_empty() {
            return;
        }
        ui.separator();
        let mut pct = (l.threshold * 100.0).round();
        let r = ui
            .add(
                egui::Slider::new(&mut pct, 0.0..=100.0)
                    .suffix(" %")
                    .text("Lines at or above"),
            )
            .on_hover_text(
                "Hexside and road suggestions at least this confident are accepted; \
                 click a line marked on the map to change one.",
            );
        if r.changed() {
            l.set_threshold(pct / 100.0);
        }
        let mut order: Vec<usize> = (0..l.list.len()).collect();
        order.sort_by(|&a, &b| l.list[a].confidence.total_cmp(&l.list[b].confidence));
        egui::CollapsingHeader::new(format!("Hexsides and roads ({})", l.list.len()))
            .id_salt("line suggestion list")
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("line suggestions")
                    .max_height(220.0)
                    .show(ui, |ui| {
                        for i in order {
                            let g = &mut l.list[i];
                            let text =
                                format!("{} {} — {:.0} %", g.side, g.name(), 100.0 * g.confidence);
                            ui.checkbox(&mut g.accepted, text);
                        }
                    });
            });
        let n = l.accepted().count();
        if n > 0
            && ui
                .button(format!("Accept {n} hexsides and roads"))
                .clicked()
        {
            let edit = l.accept_edit(cx.doc.map());
            cx.doc.apply(edit);
            cx.trace.lines.list.clear();
        }
        if ui.button("Clear hexside and road suggestions").clicked() {
            cx.trace.lines.list.clear();
        }
    }

    /// The towns and cities of the map no place holds yet, each with a field for its
    /// name: the scan shows where they are, the designer types what they are called.
    fn places_to_name(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let groups = unnamed(cx.doc.map(), cx.doc.terrain());
        if groups.is_empty() {
            return;
        }
        ui.separator();
        egui::CollapsingHeader::new(format!("Places to name ({})", groups.len()))
            .id_salt("places to name")
            .default_open(true)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("places to name list")
                    .max_height(200.0)
                    .show(ui, |ui| {
                        for g in &groups {
                            self.place_row(ui, cx, g);
                        }
                    });
            });
    }

    fn place_row(&mut self, ui: &mut Ui, cx: &mut ToolCtx, g: &Unnamed) {
        let first = g.hexes[0];
        let map = cx.doc.map();
        let hexes: Vec<String> = g.hexes.iter().map(|&h| map.label_of(h)).collect();
        let kind = if g.kind == PlaceKind::City {
            "city"
        } else {
            "town"
        };
        ui.label(format!("{} ({kind})", hexes.join(", ")));
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(format!("Name of the place at {}", hexes[0]));
            let name = self.names.entry(first).or_default();
            ui.add(egui::TextEdit::singleline(name).desired_width(120.0))
                .labelled_by(l.id);
            if ui.button(format!("Name {}", hexes[0])).clicked()
                && let Some(edit) = name_edit(cx.doc.map(), g, name)
            {
                cx.doc.apply(edit);
                self.names.remove(&first);
            }
        });
    }

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
        Self::threshold(ui, cx);
        if ui.button("Compute suggestions").clicked() {
            // A photo's uneven light is evened out first (a flatbed scan is left as it is).
            let even = even_scan(&scan);
            let scan = even.as_ref().unwrap_or(&scan);
            cx.trace
                .suggestions
                .compute(cx.doc.map(), &cx.trace.palette, scan, &sim);
            compute_lines(cx, scan, &sim);
            let (s, l) = (&cx.trace.suggestions, &cx.trace.lines);
            *cx.status = format!(
                "{} terrain suggestions, {} accepted; {} hexside and road suggestions, {} accepted",
                s.list.len(),
                s.accepted().count(),
                l.list.len(),
                l.accepted().count()
            );
        }
        Self::review(ui, cx);
        Self::review_lines(ui, cx);
        self.places_to_name(ui, cx);
        Self::palette(ui, cx);
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        let (true, Some(h)) = (p.pressed, p.hex) else {
            return;
        };
        match self.mode {
            SuggestMode::Review => {
                let grid = cx.doc.map().grid;
                if let Some(l) = cx.trace.lines.toggle_near(&grid, p.board) {
                    let state = if l.accepted { "accepted" } else { "rejected" };
                    *cx.status = format!("{} {}: {state}", l.side, l.name());
                } else if !cx.trace.suggestions.toggle(h) {
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

    /// Each suggestion as an inner hexagon in its look's colour, as opaque as it is
    /// confident, outlined in the accent colour when accepted and struck out in red when
    /// not; the hovered one names its look and confidence.
    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        let grid = &v.doc.map().grid;
        let hovered = p.and_then(|p| p.hex);
        for s in &v.trace.suggestions.list {
            let c = grid.center(s.hex);
            let pts: Vec<[f32; 2]> = grid
                .corners(s.hex)
                .iter()
                .map(|q| [c[0] + (q[0] - c[0]) * 0.45, c[1] + (q[1] - c[1]) * 0.45])
                .collect();
            let mut fill = hex_fill(v.doc.terrain(), &s.cell, true);
            fill.0[3] = (255.0 * (0.25 + 0.75 * s.confidence)).round() as u8;
            sink.convex(&pts, fill);
            sink.outline(&pts, 0.04, if s.accepted { ACCENT } else { MARK });
            if !s.accepted {
                sink.line(pts[0], pts[3], 0.05, MARK, None);
            }
            sink.text(
                [c[0], c[1] + 0.62],
                0.22,
                &format!("{:.0}", 100.0 * s.confidence),
                LABEL,
                Anchor::Center,
                0.0,
            );
            if hovered == Some(s.hex) {
                let text = format!(
                    "{}: {} {:.0} %",
                    s.hex,
                    look_name(v.doc.terrain(), &s.cell),
                    100.0 * s.confidence
                );
                sink.text([c[0], c[1] - 0.95], 0.3, &text, LABEL, Anchor::Center, 0.0);
            }
        }
        line_overlay(sink, p, v);
        if let Some(h) = hovered {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}

/// Reads the scan's hexsides and roads, under the terrain the suggestions see.
fn compute_lines(cx: &mut ToolCtx, scan: &Scan, sim: &Similarity) {
    let cat = cx.doc.terrain();
    let map = cx.doc.map();
    cx.trace.line_palette.ensure(cat);
    let fit = cx.trace.suggestions.fit.unwrap_or_default();
    let seen = cx.trace.suggestions.applied_to(map);
    let Some(drawn) = Drawn::of(&seen, cat, &fit) else {
        cx.trace.lines.list.clear();
        return;
    };
    let reading = Reading {
        scan,
        sim,
        fit: &fit,
        drawn: &drawn,
    };
    cx.trace
        .lines
        .compute(map, &cx.trace.line_palette, &reading);
}

/// Each line suggestion along the middle of its hexside or link, in its first kind's
/// colour as opaque as it is confident (grey when it takes a line away), dashed and struck
/// across in red when not accepted; the hovered one names itself.
fn line_overlay(sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
    let grid = &v.doc.map().grid;
    let cat = v.doc.terrain();
    let near = p.map(|p| p.board);
    for s in &v.trace.lines.list {
        let Some([a, b]) = s.segment(grid) else {
            continue;
        };
        let at = |t: f32| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
        let mut colour = match &s.change {
            LineChange::Side(f) => f
                .first()
                .and_then(|f| cat.hexside(f.kind.as_str()))
                .map(|k| k.colour),
            LineChange::Link(r) => r
                .as_ref()
                .and_then(|r| r.kinds().first())
                .and_then(|k| cat.road(k.as_str()))
                .map(|k| k.colour),
        }
        .unwrap_or(Colour([128, 128, 128, 255]));
        colour.0[3] = (255.0 * (0.3 + 0.7 * s.confidence)).round() as u8;
        // Not accepted: dashed as well as struck out, as a red line's red mark is lost.
        let dash = (!s.accepted || s.name().starts_with("no")).then_some(0.1);
        sink.line(at(0.15), at(0.85), 0.09, colour, dash);
        let mid = at(if s.is_link() { 0.3 } else { 0.5 });
        if !s.accepted {
            let d = [b[0] - a[0], b[1] - a[1]];
            let len = d[0].hypot(d[1]).max(1e-6);
            let n = [-d[1] / len * 0.12, d[0] / len * 0.12];
            sink.line(
                [mid[0] - n[0], mid[1] - n[1]],
                [mid[0] + n[0], mid[1] + n[1]],
                0.05,
                MARK,
                None,
            );
        }
        let hovered = near.is_some_and(|q| (q[0] - mid[0]).hypot(q[1] - mid[1]) < 0.2);
        if hovered {
            let text = format!("{}: {} {:.0} %", s.side, s.name(), 100.0 * s.confidence);
            sink.text(
                [mid[0], mid[1] - 0.3],
                0.3,
                &text,
                LABEL,
                Anchor::Center,
                0.0,
            );
        }
    }
}
