//! Saving the game in play as the seam's game log (the file `sztab play --log` writes and
//! `sztab replay` checks) and loading one back onto the open scenario, where it opens in
//! the replay bar at its last position.

use std::path::Path;

use super::Playtest;
use crate::document::Document;
use crate::files::suggest::{Context, start};
use crate::files::{Chooser, ChooserPurpose};
use sztab_core::model::io::{read_text, relative, write_atomic};
use sztab_seam::{BundleRef, Narration};

impl Playtest {
    /// Save game…: a chooser proposing `<scenario>.game.ron` beside the scenario.
    pub(super) fn ask_save(&mut self, doc: &Document) {
        self.chooser = Some(chooser(doc, ChooserPurpose::SaveGame));
    }

    /// Load game…: first asks whether to discard a game whose last actions are not saved.
    pub fn ask_load(&mut self, doc: &Document) {
        if self.unsaved() {
            self.confirm_discard = true;
        } else {
            self.chooser = Some(chooser(doc, ChooserPurpose::LoadGame));
        }
    }

    /// A game in play has actions taken since it was last saved.
    fn unsaved(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|m| m.actions() > 0 && Some(m.actions()) != self.saved_actions)
    }

    /// Writes the game in play to `path` as a game log naming the scenario relative to
    /// it; says where, and how much, once the file is really written.
    pub fn save_game(&mut self, doc: &Document, path: &Path) -> Result<(), String> {
        let m = self.game.as_ref().ok_or("no game in play to save")?;
        let scenario = doc
            .path()
            .map_or_else(Default::default, |s| relative(path, s));
        let (text, actions, _) = m.log(&scenario).map_err(|e| e.to_string())?;
        write_atomic(path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        self.saved_actions = Some(actions);
        self.note = Some(format!(
            "game saved to {} ({actions} actions)",
            path.display()
        ));
        Ok(())
    }

    /// Reads the game log at `path` onto the open scenario and shows it in the replay
    /// bar at its last position; says when it does not reproduce its recorded events
    /// here (a log of another scenario, or of the scenario before an edit).
    pub fn load_game(&mut self, doc: &Document, path: &Path) -> Result<(), String> {
        let g = doc.described().ok_or("no scenario open")?;
        let text = read_text(path).map_err(|e| e.to_string())?.text;
        let rules = g
            .system
            .prepare(BundleRef::Described(&g.bundle))
            .map_err(|e| e.to_string())?;
        let review = rules
            .review(path, &text, Narration::Events)
            .map_err(|e| e.to_string())?;
        let differs = if review.reproduces() {
            ""
        } else {
            ": it does not reproduce its recorded events on this scenario (another scenario, \
             or this one before an edit); shown as these rules play it"
        };
        self.drop_game();
        self.error = None;
        self.message = None;
        self.selected = None;
        self.asked = None;
        self.note = Some(format!(
            "loaded {} ({} actions){differs}",
            path.display(),
            review.recorded()
        ));
        self.review = Some(review);
        self.show_review(doc);
        Ok(())
    }

    /// The chooser and the "discard the game?" question, while either is open.
    pub(super) fn files_window(&mut self, ctx: &egui::Context, doc: &Document) {
        self.discard_window(ctx, doc);
        let Some(ch) = &mut self.chooser else { return };
        let mut open = true;
        let chosen = ch.show(ctx, &mut open);
        let purpose = ch.purpose;
        if !open {
            self.chooser = None;
        }
        let Some(path) = chosen else { return };
        self.chooser = None;
        let done = match purpose {
            ChooserPurpose::SaveGame => self.save_game(doc, &path),
            _ => self.load_game(doc, &path),
        };
        if let Err(e) = done {
            self.error = Some(e);
        }
    }

    fn discard_window(&mut self, ctx: &egui::Context, doc: &Document) {
        if !self.confirm_discard {
            return;
        }
        let n = self.game.as_ref().map_or(0, |m| m.actions());
        egui::Window::new("Discard the game in play?")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                ui.label(format!(
                    "The game in play ({n} actions) is not saved. Loading another game discards it."
                ));
                ui.horizontal(|ui| {
                    if ui.button("Discard and load…").clicked() {
                        self.confirm_discard = false;
                        self.chooser = Some(chooser(doc, ChooserPurpose::LoadGame));
                    }
                    if ui.button("Keep the game").clicked() {
                        self.confirm_discard = false;
                    }
                });
            });
    }
}

/// A chooser for a game file in the scenario's folder (a game to save is named after the
/// scenario).
fn chooser(doc: &Document, purpose: ChooserPurpose) -> Chooser {
    let cx = Context {
        file: doc.path(),
        title: "game",
        scenario: true,
        recent: None,
    };
    Chooser::new(purpose, &start(purpose, cx))
}
