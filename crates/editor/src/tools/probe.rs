//! The tool of a rule system's probe (PanzerBlitz's line of sight, its hex view): the
//! shell takes the hexes from clicks, asks the system through the seam and draws the
//! answer — the traced path, each mark coloured by its verdict with its note, and in
//! the panel the verdict, the summary and every mark with the rule that decides it.
//! It knows no system: only [`ProbeInfo`] and [`ProbeReport`].

use egui::{Color32, RichText, Ui};

use super::{ACCENT, HOVER, Tool, ToolCtx, ToolKind, View, highlight, system_of};
use crate::canvas::{EguiSink, Pointer};
use crate::document::Document;
use sztab_core::hex::HexId;
use sztab_core::model::{Colour, Map};
use sztab_core::render::{Anchor, Sink};
use sztab_seam::{MarkAt, ProbeInfo, ProbeInput, ProbeReport, Verdict};

/// Marks listed in the panel; a hex view of a large map has thousands.
const LISTED: usize = 200;

#[derive(Default)]
pub struct ProbeTool {
    info: Option<&'static ProbeInfo>,
    from: Option<HexId>,
    to: Option<HexId>,
    /// A press started a line: dragging moves its other end.
    dragging: bool,
    answer: Option<Result<ProbeReport, String>>,
    /// What the answer is for: the document, its revision, the probe, the hexes.
    asked: Option<(u64, u64, &'static str, Vec<HexId>)>,
}

/// A verdict's colour on the map and in the panel.
pub fn verdict_colour(v: Verdict) -> Colour {
    match v {
        Verdict::Clear => Colour([40, 175, 70, 255]),
        Verdict::Partly => Colour([245, 150, 0, 255]),
        Verdict::Blocks => Colour([225, 30, 30, 255]),
    }
}

fn with_alpha(c: Colour, a: u8) -> Colour {
    let [r, g, b, _] = c.0;
    Colour([r, g, b, a])
}

/// A note as short as a label on the map: "Note C" → "C", "Target Elevation Table" →
/// "TET".
fn short(note: &str) -> String {
    if let Some(rest) = note.strip_prefix("Note ") {
        return rest.to_owned();
    }
    if note.len() <= 9 {
        return note.to_owned();
    }
    note.split_whitespace()
        .filter_map(|w| w.chars().next())
        .collect()
}

impl ProbeTool {
    /// Serves `info` from now on; another probe starts afresh.
    pub fn select(&mut self, info: &'static ProbeInfo) {
        if self.info != Some(info) {
            *self = Self {
                info: Some(info),
                ..Self::default()
            };
        }
    }

    fn clear(&mut self) {
        self.from = None;
        self.to = None;
        self.dragging = false;
        self.answer = None;
        self.asked = None;
    }

    /// The hexes to ask about, once all the probe needs are picked.
    fn hexes(&self) -> Option<Vec<HexId>> {
        match self.info?.input {
            ProbeInput::Line => Some(vec![self.from?, self.to?]),
            ProbeInput::Hex => Some(vec![self.from?]),
        }
    }

    /// Asks the system again when the hexes, the probe or the document changed.
    fn refresh(&mut self, doc: &Document) {
        if self.asked.as_ref().is_some_and(|a| a.0 != doc.id()) {
            // Another document: the hexes were picked on the last one.
            self.clear();
        }
        let (Some(info), Some(hexes)) = (self.info, self.hexes()) else {
            self.answer = None;
            self.asked = None;
            return;
        };
        let key = (doc.id(), doc.revision(), info.id, hexes);
        if self.asked.as_ref() == Some(&key) {
            return;
        }
        self.answer = Some(match system_of(doc) {
            Some(s) => s.probe(info.id, doc.map(), &key.3),
            None => Err(format!(
                "\"{}\" is no rule system Sztab knows",
                doc.map().system
            )),
        });
        self.asked = Some(key);
    }

    fn press(&mut self, info: &ProbeInfo, h: HexId) {
        if info.input == ProbeInput::Line && self.from.is_some() && self.to.is_none() {
            // The second click of click, click.
            self.to = Some(h);
            return;
        }
        self.from = Some(h);
        self.to = None;
        self.dragging = info.input == ProbeInput::Line;
    }

    /// What the marks on `h` say, for the status bar: the canvas's tooltip.
    fn notes_at(&self, map: &Map, h: HexId) -> Option<String> {
        let Some(Ok(r)) = &self.answer else {
            return None;
        };
        let notes: Vec<String> = r
            .marks_at(h)
            .map(|m| {
                format!(
                    "{} {}: {}: {}",
                    m.at.describe(map),
                    m.verdict.name(),
                    m.note,
                    m.why
                )
            })
            .collect();
        (!notes.is_empty()).then(|| notes.join("; "))
    }
}

impl Tool for ProbeTool {
    fn kind(&self) -> ToolKind {
        self.info.map_or(ToolKind::Select, ToolKind::Probe)
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let Some(info) = self.info else { return };
        self.refresh(cx.doc);
        ui.label(info.hint);
        let map = cx.doc.map();
        let name = |h: Option<HexId>| h.map_or("-".to_owned(), |h| map.labels_of(h).join("="));
        ui.horizontal(|ui| {
            match info.input {
                ProbeInput::Line => {
                    ui.label(format!("From {} to {}", name(self.from), name(self.to)))
                }
                ProbeInput::Hex => ui.label(format!("Hex {}", name(self.from))),
            };
            if ui.small_button("Start over").clicked() {
                self.clear();
            }
        });
        match &self.answer {
            None => {
                ui.weak(match (info.input, self.from) {
                    (ProbeInput::Line, Some(_)) => "Click the second hex.",
                    _ => "Click a hex on the map.",
                });
            }
            Some(Err(e)) => {
                ui.colored_label(Color32::RED, e);
            }
            Some(Ok(r)) => report_ui(ui, info, r, map),
        }
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        let Some(info) = self.info else { return };
        if p.pressed
            && let Some(h) = p.hex
        {
            self.press(info, h);
        } else if p.down
            && self.dragging
            && let Some(h) = p.hex
            && Some(h) != self.from
        {
            self.to = Some(h);
        }
        if p.released || !p.down {
            self.dragging = false;
        }
        self.refresh(cx.doc);
        if let Some(notes) = p.hex.and_then(|h| self.notes_at(cx.doc.map(), h)) {
            *cx.status = notes;
        }
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        let g = &v.doc.map().grid;
        if let Some(Ok(r)) = &self.answer {
            draw_report(sink, g, r);
        }
        for h in [self.from, self.to].into_iter().flatten() {
            highlight(sink, v.doc, h, ACCENT);
        }
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}

/// The verdict, the summary, the facts and the marks with their notes.
fn report_ui(ui: &mut Ui, info: &ProbeInfo, r: &ProbeReport, map: &Map) {
    let c = |v: Verdict| {
        let [r, g, b, _] = verdict_colour(v).0;
        Color32::from_rgb(r, g, b)
    };
    if info.input == ProbeInput::Line {
        let title = match r.verdict {
            Verdict::Clear => "Clear",
            Verdict::Partly => "Partly blocked",
            Verdict::Blocks => "Blocked",
        };
        ui.label(RichText::new(title).strong().size(16.0).color(c(r.verdict)));
    }
    ui.add(egui::Label::new(&r.summary).wrap());
    for d in &r.details {
        ui.add(egui::Label::new(format!("• {d}")).wrap());
    }
    ui.separator();
    let shown = r.marks.len().min(LISTED);
    ui.label(format!("{} mark(s)", r.marks.len()));
    egui::ScrollArea::vertical()
        .id_salt("probe marks")
        .max_height(320.0)
        .show(ui, |ui| {
            for m in &r.marks[..shown] {
                ui.horizontal_wrapped(|ui| {
                    super::swatch(ui, verdict_colour(m.verdict));
                    ui.label(RichText::new(m.verdict.name()).color(c(m.verdict)));
                    ui.label(format!("{}: {}: {}", m.at.describe(map), m.note, m.why));
                });
            }
            if r.marks.len() > shown {
                ui.weak(format!("… and {} more", r.marks.len() - shown));
            }
        });
}

/// The marks (hexes tinted, hexsides drawn thick with their note), then the path.
fn draw_report(sink: &mut EguiSink, g: &sztab_core::hex::Grid, r: &ProbeReport) {
    for m in &r.marks {
        let colour = verdict_colour(m.verdict);
        match m.at {
            MarkAt::Hex(h) => sink.convex(&g.corners(h), with_alpha(colour, 70)),
            MarkAt::Hexside(s) => {
                let Some([a, b]) = g.hexside_ends(s) else {
                    continue;
                };
                // Edged in black, so it stands out from the board's own coloured
                // hexsides, with a badge of its note.
                sink.line(a, b, 0.2, Colour([0, 0, 0, 255]), None);
                sink.line(a, b, 0.12, colour, None);
                let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
                let note = short(&m.note);
                let w = 0.16 + 0.09 * note.chars().count() as f32;
                sink.ellipse(mid, [w, 0.2], Colour([0, 0, 0, 255]));
                sink.ellipse(mid, [w - 0.03, 0.17], colour);
                let white = Colour([255, 255, 255, 255]);
                sink.text(mid, 0.24, &note, white, Anchor::Center, 0.0);
            }
        }
    }
    sink.layer_done();
    // The path through the middle of each step (between the two hexes of a step along
    // a hexside).
    let centre = |step: &Vec<HexId>| {
        let n = step.len().max(1) as f32;
        step.iter()
            .map(|h| g.center(*h))
            .fold([0.0, 0.0], |acc, p| [acc[0] + p[0] / n, acc[1] + p[1] / n])
    };
    for pair in r.path.windows(2) {
        let (a, b) = (centre(&pair[0]), centre(&pair[1]));
        sink.line(a, b, 0.09, Colour([255, 255, 255, 230]), None);
        sink.line(a, b, 0.04, Colour([20, 20, 20, 255]), Some(0.15));
    }
    // Both hexes of a step along a hexside: every route is traced.
    for step in r.path.iter().filter(|s| s.len() > 1) {
        for h in step {
            sztab_core::render::draw_overlay_hex(sink, g, *h, Colour([255, 255, 255, 160]), 0.04);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn notes_are_shortened_for_the_map() {
        assert_eq!(short("Note C"), "C");
        assert_eq!(short("Target Elevation Table"), "TET");
        assert_eq!(short("Gullies A"), "Gullies A");
        assert_eq!(short("R10.1"), "R10.1");
    }
}
