//! The Scenario tab of a scenario whose files its system's schemas describe: its title,
//! length and sides, the switches of the system's scenario schema, the charts it plays
//! with, each side's supply sources and the victory levels. Every change is one undoable
//! edit of the scenario.

mod supply;
mod victory;

use egui::Ui;

use super::cells;
use super::draft::ScenarioDraft;
use super::widgets;
use crate::document::Document;

pub fn show(ui: &mut Ui, doc: &mut Document) {
    let Some(mut d) = ScenarioDraft::of(doc) else {
        return;
    };
    let Some(g) = doc.described() else { return };
    let b = &g.bundle;
    let schema = g.system.schemas().scenario;
    egui::ScrollArea::vertical()
        .id_salt("described-scenario")
        .show(ui, |ui| {
            settings(ui, &mut d);
            if !schema.fields.is_empty() {
                egui::CollapsingHeader::new("Rules and switches")
                    .default_open(true)
                    .show(ui, |ui| {
                        for f in schema.fields {
                            let changed = ui
                                .horizontal(|ui| {
                                    let v = cells::attr(
                                        ui, &schema, f, &d.s.rules, "Scenario", "rules",
                                    );
                                    ui.label(f.label).on_hover_text(f.help);
                                    v
                                })
                                .inner;
                            if let Some((v, _, _)) = changed {
                                d.s.rules.insert(f.key.to_owned(), v);
                                d.named(format!("Scenario: {}", f.label));
                            }
                        }
                    });
            }
            charts(ui, &d);
            supply::show(ui, &mut d, b);
            victory::show(ui, &mut d, b);
        });
    d.commit(doc);
}

/// Title, turns, the side that moves first and the sides' names.
fn settings(ui: &mut Ui, d: &mut ScenarioDraft) {
    egui::Grid::new("described-settings")
        .num_columns(2)
        .show(ui, |ui| {
            let l = ui.label("Title");
            let r = ui.text_edit_singleline(&mut d.s.title).labelled_by(l.id);
            d.note(&r, "Title");
            ui.end_row();
            let l = ui.label("Turns");
            let r = ui
                .add(egui::DragValue::new(&mut d.s.turns).range(1..=400))
                .labelled_by(l.id);
            d.note(&r, "Turns");
            ui.end_row();
            ui.label("Moves first");
            let sides = d.s.sides.clone();
            if widgets::side(ui, "Moves first", &sides, &mut d.s.first) {
                d.named("Moves first");
            }
            ui.end_row();
            for i in 0..d.s.sides.len() {
                let l = ui.label(format!("Side {}", d.s.sides[i].id));
                let r = ui
                    .text_edit_singleline(&mut d.s.sides[i].name)
                    .labelled_by(l.id);
                d.note(&r, format!("Side {}", d.s.sides[i].id));
                ui.end_row();
            }
        });
}

/// The charts file the scenario plays with.
fn charts(ui: &mut Ui, d: &ScenarioDraft) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Charts:");
        match &d.s.tables {
            Some(p) => ui.monospace(p.display().to_string()),
            None => ui.weak("none"),
        };
        ui.weak("(File, Edit tables… enters them)");
    });
}
