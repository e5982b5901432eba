//! Free labels: type a text and click a hex to place it; Shift+click removes the labels of
//! a hex.

use egui::Ui;

use super::{HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer};
use crate::edit::{Change, Edit};
use sztab_core::model::Label;

pub struct Labels {
    text: String,
    size: f32,
    rotation: f32,
}

impl Default for Labels {
    fn default() -> Self {
        Self {
            text: String::new(),
            size: 0.5,
            rotation: 0.0,
        }
    }
}

impl Tool for Labels {
    fn kind(&self) -> ToolKind {
        ToolKind::Labels
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        ui.horizontal(|ui| {
            let l = ui.label("Text");
            ui.text_edit_singleline(&mut self.text).labelled_by(l.id);
        });
        ui.add(egui::Slider::new(&mut self.size, 0.2..=2.0).text("Size (hex radii)"));
        ui.add(egui::Slider::new(&mut self.rotation, -90.0..=90.0).text("Rotation °"));
        let labels = cx.doc.map().labels.clone();
        for (i, l) in labels.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("{} at {}", l.text, l.hex));
                if ui
                    .small_button("Delete")
                    .on_hover_text(format!("Delete label {}", l.text))
                    .clicked()
                {
                    let mut after = labels.clone();
                    after.remove(i);
                    cx.doc.apply(Edit::new("Delete label").with(Change::Labels {
                        before: labels.clone(),
                        after,
                    }));
                }
            });
        }
        ui.weak("Click a hex to place the text; Shift+click removes a hex's labels.");
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        let (true, Some(h)) = (p.pressed, p.hex) else {
            return;
        };
        let before = cx.doc.map().labels.clone();
        let mut after = before.clone();
        if p.shift {
            after.retain(|l| l.hex != h);
        } else if !self.text.trim().is_empty() {
            after.push(Label {
                text: self.text.trim().to_owned(),
                hex: h,
                size: self.size,
                rotation: self.rotation,
            });
        } else {
            *cx.status = "type the label's text first".into();
        }
        cx.doc
            .apply(Edit::new("Label").with(Change::Labels { before, after }));
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}
