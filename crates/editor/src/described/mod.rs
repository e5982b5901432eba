//! The editor's panels for a scenario of a rule system other than WB-95: a Forces table
//! generated from the system's unit schema, and a playtest (people at seats, bots) played
//! through the seam on the editor's own map. Nothing here names a system: a new system
//! gets both for free.

pub mod cells;
pub mod draft;
mod features;
pub mod forces;
mod playtest;
pub mod scenario_tab;
pub mod schedule_tab;
pub mod widgets;

use std::sync::Arc;

pub use playtest::{Playtest, Seat};

use super::document::Document;
use sztab_core::render::counter::UnitLayer;

/// The described panels' state.
#[derive(Default)]
pub struct DescribedPanels {
    /// Game → Forces… was chosen: the scenario panel shows its Forces tab.
    pub forces_open: bool,
    pub game: Playtest,
}

impl DescribedPanels {
    /// The Scenario menu's entries for a described scenario.
    pub fn menu(&mut self, ui: &mut egui::Ui, doc: Option<&Document>) {
        if doc.and_then(Document::described).is_none() {
            return;
        }
        if ui.button("Forces…").clicked() {
            self.forces_open = true;
        }
    }

    /// The windows, when a described scenario is open.
    pub fn windows(&mut self, ctx: &egui::Context, doc: Option<&mut Document>) {
        let Some(doc) = doc.filter(|d| d.described().is_some()) else {
            self.game.close();
            return;
        };
        self.game.window(ctx, doc);
    }

    /// While a game is on, the map shows its position instead of the setup.
    pub fn game_layer(&self, doc: &Document) -> Option<Arc<UnitLayer>> {
        self.game.layer(doc)
    }
}
