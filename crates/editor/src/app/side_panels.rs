//! The status bar and the tools panel beside the map: the active tool's options, the edit
//! history, layers, the hex inspector and the problems found when the files were opened.

use egui::Ui;

use super::EditorApp;
use crate::panels::{history, inspector};

impl EditorApp {
    pub(super) fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            if let Some(h) = self.hovered {
                ui.monospace(format!("{h}"));
            }
            ui.label(format!("zoom {:.0} px/hex", self.canvas.camera.zoom));
            if let Some(d) = self.files.doc() {
                ui.label(format!(
                    "{}×{} hexes, {} drawn",
                    d.map().grid.cols,
                    d.map().grid.rows,
                    self.canvas.drawn
                ));
            }
            self.validation_status(ui);
            ui.label(&self.status);
        });
    }

    pub(super) fn side_panel(&mut self, ui: &mut Ui) {
        if let Some(e) = self.error.clone() {
            ui.add(egui::Label::new(egui::RichText::new(e).color(egui::Color32::RED)).wrap());
            if ui.small_button("Dismiss").clicked() {
                self.error = None;
            }
        }
        if self.files.doc().is_none() {
            ui.label("No file open: use File, Open or File, New map.");
            return;
        }
        ui.heading(self.tools.active.name());
        self.with_tool(|tool, cx| tool.options(ui, cx));
        ui.separator();
        egui::CollapsingHeader::new("Edit history")
            .default_open(true)
            .show(ui, |ui| {
                if let Some(doc) = self.files.doc_mut() {
                    history::show(ui, doc);
                }
            });
        egui::CollapsingHeader::new("Layers").show(ui, |ui| {
            for (name, on) in self.canvas.layers.toggles() {
                ui.checkbox(on, name);
            }
        });
        if let (Some(doc), Some(h)) = (self.files.doc(), self.hovered.or(self.selected)) {
            ui.separator();
            inspector::show(ui, doc, h);
        }
        let live = self.files.doc().is_some_and(|d| d.scenario().is_some());
        let problems = self.files.problems();
        if !problems.is_empty() && !live {
            egui::CollapsingHeader::new(format!("Problems when opened ({})", problems.len())).show(
                ui,
                |ui| {
                    for p in problems {
                        ui.label(p.to_string());
                    }
                },
            );
        }
    }
}
