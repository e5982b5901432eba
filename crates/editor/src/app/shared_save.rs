//! The question at Save when the changed map is shared with other scenarios: save it for
//! all of them, or a copy for this one.

use super::EditorApp;
use crate::files::SharedSave;

impl EditorApp {
    /// "The map is shared": save it for every scenario on it, or a copy for this one.
    pub(super) fn shared_map_dialog(&mut self, ctx: &egui::Context) {
        let Some(others) = &self.shared_map else {
            return;
        };
        let map = self
            .files
            .doc()
            .and_then(|d| d.map_path())
            .and_then(|p| p.file_name())
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let names: Vec<String> = others
            .iter()
            .map(|p| {
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        let mut answer = None;
        let mut cancel = false;
        egui::Modal::new(egui::Id::unique("shared map")).show(ctx, |ui| {
            ui.heading("The map is shared");
            ui.label(format!(
                "{map} is also used by {}. Saving the changed map changes {} too.",
                names.join(", "),
                if names.len() == 1 { "it" } else { "them" }
            ));
            ui.horizontal(|ui| {
                if ui.button("Save for all").clicked() {
                    answer = Some(SharedSave::ForAll);
                }
                if ui
                    .button("Save a copy for this scenario")
                    .on_hover_text("The map goes to a new file beside the scenario, which uses it from now on; the shared map stays as it is")
                    .clicked()
                {
                    answer = Some(SharedSave::Copy);
                }
                if ui.button("Cancel").clicked() {
                    cancel = true;
                }
            });
        });
        if cancel {
            self.shared_map = None;
        }
        if let Some(how) = answer {
            self.shared_map = None;
            let saved = self.files.save_shared(how);
            self.report_save(saved);
        }
    }
}
