//! The designer's notes: a markdown editor with a preview of the subset notes use
//! (headings, bullets, emphasis, code; see [`sztab_core::markdown`]).

use egui::{RichText, Ui};

use sztab_core::markdown::{Block, Span, parse};

/// Shows notes rendered.
pub fn preview(ui: &mut Ui, text: &str) {
    for b in parse(text) {
        match b {
            Block::Heading(l, spans) => {
                let size = match l {
                    1 => 20.0,
                    2 => 17.0,
                    _ => 15.0,
                };
                ui.add_space(4.0);
                line(ui, &spans, Some(size));
            }
            Block::Paragraph(spans) => line(ui, &spans, None),
            Block::Bullet(spans) => {
                ui.horizontal_wrapped(|ui| {
                    ui.label("•");
                    spans_ui(ui, &spans, None);
                });
            }
            Block::Code(c) => {
                ui.add(egui::Label::new(RichText::new(c).monospace()).wrap());
            }
        }
    }
}

fn line(ui: &mut Ui, spans: &[Span], heading: Option<f32>) {
    ui.horizontal_wrapped(|ui| spans_ui(ui, spans, heading));
}

fn spans_ui(ui: &mut Ui, spans: &[Span], heading: Option<f32>) {
    ui.spacing_mut().item_spacing.x = 0.0;
    for s in spans {
        let t = match s {
            Span::Text(t) => RichText::new(t),
            Span::Emphasis(t) => RichText::new(t).italics(),
            Span::Strong(t) => RichText::new(t).strong(),
            Span::Code(t) => RichText::new(t).code(),
        };
        let t = match heading {
            Some(size) => t.size(size).strong(),
            None => t,
        };
        ui.add(egui::Label::new(t).wrap());
    }
}
