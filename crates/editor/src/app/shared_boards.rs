//! The question at Save when a composed map's edits would go into boards that other
//! layouts or scenarios use too: write them into the boards (every file on them
//! changes), keep them in this composed map's own file, or cancel the save.

use super::{EditorApp, file_names};
use sztab_core::model::decompose::Destination;

impl EditorApp {
    pub(super) fn shared_boards_dialog(&mut self, ctx: &egui::Context) {
        let Some(boards) = &self.shared_boards else {
            return;
        };
        let lines: Vec<String> = boards
            .iter()
            .map(|(board, users)| {
                format!(
                    "{} is also used by {}",
                    file_names(std::slice::from_ref(board)),
                    file_names(users)
                )
            })
            .collect();
        let mut answer = None;
        let mut cancel = false;
        egui::Modal::new(egui::Id::unique("shared boards")).show(ctx, |ui| {
            ui.heading("The edits are on shared boards");
            ui.label(
                "This map is made of boards, and the hexes you edited lie on boards other \
                 files use too:",
            );
            for l in &lines {
                ui.label(format!("• {l}"));
            }
            ui.horizontal(|ui| {
                if ui
                    .button("Save into the boards")
                    .on_hover_text("Every layout and scenario on these boards changes too")
                    .clicked()
                {
                    answer = Some(Destination::Boards);
                }
                if ui
                    .button("Keep them in this layout")
                    .on_hover_text(
                        "The edits go into this composed map's own file, which overrides its \
                         boards; the boards stay as they are",
                    )
                    .clicked()
                {
                    answer = Some(Destination::Layout);
                }
                if ui.button("Cancel").clicked() {
                    cancel = true;
                }
            });
        });
        if cancel {
            self.shared_boards = None;
            self.status = "not saved".into();
        }
        if let Some(to) = answer {
            self.shared_boards = None;
            let saved = self.files.save_boards(to);
            self.report_save(saved);
        }
    }
}
