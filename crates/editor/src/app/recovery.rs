//! The questions when the editor finds an autosave left by a session that did not close
//! cleanly: of the open file, or of untitled work.

use super::EditorApp;

impl EditorApp {
    pub(super) fn recovery_dialog(&mut self, ctx: &egui::Context) {
        if !self.files.recovery_offered() {
            self.untitled_recovery_dialog(ctx);
            return;
        }
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("recover")).show(ctx, |ui| {
            ui.heading("Recover unsaved changes?");
            ui.label(
                "An autosave newer than the file was found: the editor did not close cleanly.",
            );
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard autosave").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) if self.files.recover() => {
                self.status = "recovered the autosave: save to keep it".into();
            }
            Some(false) => self.files.discard_recovery(),
            _ => {}
        }
    }

    /// Untitled work autosaved by a session that ended before it was saved.
    pub(super) fn untitled_recovery_dialog(&mut self, ctx: &egui::Context) {
        let Some(doc) = self.files.untitled_offered() else {
            return;
        };
        let what = if doc.scenario().is_some() {
            "scenario"
        } else {
            "map"
        };
        let title = doc.title();
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("recover-untitled")).show(ctx, |ui| {
            ui.heading("Recover untitled work?");
            ui.label(format!(
                "The editor closed before the new {what} \"{title}\" was saved. Its autosave \
                 can be opened as an untitled {what}."
            ));
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard autosave").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) if self.files.recover_untitled() => {
                self.after_open();
                self.status = "recovered untitled work: Save As to keep it".into();
            }
            Some(false) => self.files.discard_untitled(),
            _ => {}
        }
    }
}
