//! The Schedule tab of a scenario whose files its system's schemas describe: a timeline
//! of the turns (what each brings), the turn
//! record track (what it prints for each turn, by the system's turn schema: a date, a
//! weather box, a ground condition), the units that arrive (a turn, the units, where they
//! enter), the units that leave, and the replacement points each side receives. Every
//! change is one undoable edit of the scenario.

mod arrivals;
mod timeline;
mod track;

pub use timeline::{of_turn, rows};

use egui::Ui;

use super::draft::ScenarioDraft;
use crate::document::Document;

pub fn show(ui: &mut Ui, doc: &mut Document) {
    let Some(mut d) = ScenarioDraft::of(doc) else {
        return;
    };
    let Some(g) = doc.described() else { return };
    let schemas = g.system.schemas();
    let b = &g.bundle;
    egui::ScrollArea::vertical()
        .id_salt("described-schedule")
        .show(ui, |ui| {
            timeline::show(ui, b, &schemas.turn);
            track::show(ui, &mut d, &schemas.turn);
            arrivals::arrivals(ui, &mut d, b);
            arrivals::departures(ui, &mut d, b);
            track::replacements(ui, &mut d, b, &schemas.replacement);
        });
    d.commit(doc);
}
