//! The app's windows and questions: file chooser, New map, Compose boards, Map
//! properties, and the unsaved-changes question.

use std::path::Path;

use super::EditorApp;
use crate::files::{Answer, ChooserPurpose, Pending};
use crate::panels::compose::ComposeBoards;

impl EditorApp {
    pub(super) fn dialogs(&mut self, ctx: &egui::Context) {
        self.chooser_dialog(ctx);
        if let Some(form) = &mut self.new_map {
            let mut open = true;
            let mut result = (None, false);
            egui::Window::new("New map")
                .open(&mut open)
                .show(ctx, |ui| result = form.show(ui));
            if let Some(doc) = result.0 {
                self.set_document(doc);
            }
            if result.1 || !open {
                self.new_map = None;
            }
        }
        if let Some(form) = &mut self.compose {
            let mut open = true;
            let mut result = (None, false);
            egui::Window::new("Compose boards")
                .open(&mut open)
                .default_width(640.0)
                .show(ctx, |ui| result = form.show(ui));
            if result.1 || !open {
                self.compose = None;
            }
            if let Some(path) = result.0 {
                self.request(Pending::Open(path));
            }
        }
        if let (Some(form), Some(doc)) = (&mut self.properties, self.files.doc_mut()) {
            let mut open = true;
            let mut close = false;
            egui::Window::new("Map properties")
                .open(&mut open)
                .show(ctx, |ui| close = form.show(ui, doc));
            if close || !open {
                self.properties = None;
            }
        }
        self.confirm_dialog(ctx);
        self.recovery_dialog(ctx);
        self.shared_map_dialog(ctx);
        self.shared_boards_dialog(ctx);
        self.first_edit_dialog(ctx);
    }

    /// The Compose boards form, starting in the open document's folder.
    pub(super) fn compose_form(&self) -> ComposeBoards {
        let dir = self
            .files
            .doc()
            .and_then(|d| d.path())
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .unwrap_or_default();
        ComposeBoards::new(
            dir.join("composed.map.ron").display().to_string(),
            dir.display().to_string(),
        )
    }

    pub(super) fn chooser_dialog(&mut self, ctx: &egui::Context) {
        let Some(ch) = &mut self.chooser else { return };
        let mut open = true;
        let chosen = ch.show(ctx, &mut open);
        let (purpose, scale, print) = (ch.purpose, ch.scale, ch.print);
        if !open {
            self.chooser = None;
        }
        let Some(path) = chosen else { return };
        self.chooser = None;
        match purpose {
            ChooserPurpose::Open => self.request(Pending::Open(path)),
            ChooserPurpose::SaveAs => {
                self.save_as(&path);
            }
            ChooserPurpose::ExportImage => self.export_image(&path, scale),
            ChooserPurpose::LoadScan => self.load_scan(&path),
            ChooserPurpose::ExportCard => self.export_card(&path),
            ChooserPurpose::PrintKit => self.print_kit(&path, &print),
            ChooserPurpose::Map | ChooserPurpose::Counters => {
                self.chosen_for_new_scenario(purpose, path)
            }
            ChooserPurpose::Catalogue
            | ChooserPurpose::SaveGame
            | ChooserPurpose::LoadGame
            | ChooserPurpose::ExportCsv => {}
        }
    }

    pub(super) fn confirm_dialog(&mut self, ctx: &egui::Context) {
        if self.files.question().is_none() {
            return;
        }
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label("Save the changes before going on?");
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(Answer::Save);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(Answer::Discard);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(Answer::Cancel);
                }
            });
        });
        let Some(a) = answer else { return };
        let answered = self.files.answer(a);
        if let Some(saved) = answered.saved {
            self.report_save(saved);
        }
        if let Some(p) = answered.proceed {
            let closing = p == Pending::Close;
            self.proceed(p);
            if closing {
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }
}
