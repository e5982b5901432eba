//! The replay bar: a recorded game (loaded, or the game in play taken back) stepped
//! forward and back by action or by phase, to either end, and "Play from here" to go on
//! with the seats as they are set.

use super::{KEPT_LINES, Playtest};
use crate::document::Document;
use sztab_seam::{BundleRef, Narration};

impl Playtest {
    /// Replay…: the game in play so far, in the replay bar at its last position.
    pub(super) fn review_game(&mut self, doc: &Document) {
        let (Some(g), Some(m)) = (doc.described(), &self.game) else {
            return;
        };
        let logged = m.log(std::path::Path::new("")).and_then(|(text, _, _)| {
            g.system.prepare(BundleRef::Described(&g.bundle))?.review(
                std::path::Path::new("the game in play"),
                &text,
                Narration::Events,
            )
        });
        match logged {
            Ok(review) => {
                let saved = self.saved_actions;
                self.drop_game();
                self.saved_actions = saved;
                self.review = Some(review);
                self.show_review(doc);
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Goes to the position after `at` of the recorded actions.
    pub fn seek(&mut self, doc: &Document, at: usize) {
        let Some(r) = &mut self.review else { return };
        if let Err(e) = r.seek(at) {
            self.error = Some(e.to_string());
        }
        self.show_review(doc);
    }

    /// The replay bar's position and length.
    pub fn replay_position(&self) -> Option<(usize, usize)> {
        self.review.as_ref().map(|r| (r.at(), r.recorded()))
    }

    /// The map, the account and the status show the review's position.
    pub(super) fn show_review(&mut self, doc: &Document) {
        let Some(r) = &self.review else { return };
        let lines = r.lines();
        self.lines = lines[lines.len().saturating_sub(KEPT_LINES)..].to_vec();
        self.refresh(doc);
    }

    /// Leaves the replay bar: the game goes on from its position with the seats set.
    pub fn play_from_here(&mut self, doc: &Document) {
        self.fill_seats(doc);
        let (Some(g), Some(r)) = (doc.described(), &self.review) else {
            return;
        };
        let (bots, humans) = self.seated_bots(g);
        match r.play_from_here(&bots) {
            Ok(m) => {
                let at = m.actions();
                self.review = None;
                self.game = Some(m);
                self.running = humans;
                self.error = None;
                // The game as saved, if it was saved at this position.
                self.saved_actions = self.saved_actions.filter(|n| *n == at);
                self.refresh(doc);
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// The bar: where the replay stands, the steps, the last action and Play from here.
    pub(super) fn replay_bar(&mut self, ui: &mut egui::Ui, doc: &Document) {
        let Some(r) = &self.review else { return };
        let (at, len) = (r.at(), r.recorded());
        let starts = r.phase_starts();
        let phase_back = starts.iter().rev().find(|s| **s < at).copied().unwrap_or(0);
        let phase_forward = starts.iter().find(|s| **s > at).copied().unwrap_or(len);
        let last = at
            .checked_sub(1)
            .and_then(|i| r.action(i))
            .unwrap_or_else(|| "the start of the game".into());
        ui.strong(format!("Replay: action {at} of {len}"));
        let mut to = None;
        // The buttons come before the action's text, so their places never move with it.
        ui.horizontal_wrapped(|ui| {
            let mut step = |ui: &mut egui::Ui, label: &str, target: usize, on: bool| {
                if ui.add_enabled(on, egui::Button::new(label)).clicked() {
                    to = Some(target);
                }
            };
            step(ui, "⏮ Start", 0, at > 0);
            step(ui, "◀◀ Phase back", phase_back, at > 0);
            step(ui, "◀ Action back", at.saturating_sub(1), at > 0);
            step(ui, "Action forward ▶", at + 1, at < len);
            step(ui, "Phase forward ▶▶", phase_forward, at < len);
            step(ui, "End ⏭", len, at < len);
        });
        ui.add(egui::Label::new(egui::RichText::new(format!("Last: {last}")).weak()).truncate())
            .on_hover_text(last);
        ui.horizontal(|ui| {
            if ui
                .button("Play from here")
                .on_hover_text(
                    "Leave the replay; the game goes on from this position with the seats above",
                )
                .clicked()
            {
                self.play_from_here(doc);
            }
            if ui.button("New game").clicked() {
                self.drop_game();
                self.lines.clear();
            }
        });
        if let Some(at) = to {
            self.seek(doc, at);
        }
    }
}
