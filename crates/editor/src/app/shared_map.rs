//! The question at the first edit of a map other scenarios share: edit the shared map,
//! make a copy for this scenario, or cancel the edit. Asked when the stroke that changed
//! the map is over (not mid-drag), once per document.

use std::path::PathBuf;

use super::EditorApp;
use crate::files::SharedEdit;

impl EditorApp {
    pub(super) fn first_edit_dialog(&mut self, ctx: &egui::Context) {
        let stroke_over = !ctx.input(|i| i.pointer.any_down());
        let Some(others) = self.files.first_map_edit(stroke_over) else {
            return;
        };
        let map = self
            .files
            .doc()
            .and_then(|d| d.map_path())
            .and_then(|p| p.file_name())
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("first edit of a shared map")).show(ctx, |ui| {
            ui.heading("This map is shared");
            ui.label(format!(
                "{map} is also used by {}. Edit it for every scenario on it, or make a \
                 copy of it for this scenario?",
                names(&others)
            ));
            ui.horizontal(|ui| {
                if ui
                    .button("Edit the shared map")
                    .on_hover_text("Saving writes the shared map: the other scenarios change too")
                    .clicked()
                {
                    answer = Some(SharedEdit::EditShared);
                }
                if ui
                    .button("Make a copy for this scenario")
                    .on_hover_text(
                        "Saving writes the map to a new file beside the scenario, which uses \
                         it from then on; the shared map stays as it is",
                    )
                    .clicked()
                {
                    answer = Some(SharedEdit::Copy);
                }
                if ui
                    .button("Cancel the edit")
                    .on_hover_text("Takes the edit back; asked again at the next edit")
                    .clicked()
                {
                    answer = Some(SharedEdit::Cancel);
                }
            });
        });
        let Some(a) = answer else { return };
        self.files.answer_shared_edit(a);
        self.status = match a {
            SharedEdit::EditShared => format!("editing the shared map {map}"),
            SharedEdit::Copy => {
                format!("editing a copy of {map}: Save writes it for this scenario")
            }
            SharedEdit::Cancel => "edit cancelled: the shared map is as it was".into(),
        };
    }
}

fn names(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| {
            p.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect::<Vec<_>>()
        .join(", ")
}
