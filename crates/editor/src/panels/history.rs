//! The Edit history panel: every undo step by name; click one to go back or forward to it.

use egui::Ui;

use crate::document::Document;

pub fn show(ui: &mut Ui, doc: &mut Document) {
    let done: Vec<String> = doc
        .history()
        .done()
        .iter()
        .map(|s| s.edit.label.clone())
        .collect();
    let undone: Vec<String> = doc
        .history()
        .undone()
        .iter()
        .rev()
        .map(|s| s.edit.label.clone())
        .collect();
    let mut jump = None;
    egui::ScrollArea::vertical()
        .id_salt("history")
        .max_height(220.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            if ui
                .selectable_label(done.is_empty(), "(as opened)")
                .clicked()
            {
                jump = Some(0);
            }
            for (i, label) in done.iter().enumerate() {
                let current = i + 1 == done.len();
                if ui
                    .selectable_label(current, format!("{}. {label}", i + 1))
                    .clicked()
                {
                    jump = Some(i + 1);
                }
            }
            for (i, label) in undone.iter().enumerate() {
                let text = egui::RichText::new(format!("{}. {label}", done.len() + i + 1)).weak();
                if ui.selectable_label(false, text).clicked() {
                    jump = Some(done.len() + i + 1);
                }
            }
        });
    if let Some(n) = jump {
        doc.jump_to(n);
    }
}
