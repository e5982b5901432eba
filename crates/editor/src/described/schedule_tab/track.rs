//! The turn record track, a row a turn with the values of the system's turn schema, and
//! the replacement points received by turn.

use egui::Ui;

use crate::described::cells;
use crate::described::draft::ScenarioDraft;
use crate::described::widgets;
use sztab_core::model::Schema;
use sztab_core::model::described::{Bundle, Replacement, TurnRecord};

/// A row a turn: its label as printed and the turn schema's values.
pub fn show(ui: &mut Ui, d: &mut ScenarioDraft, schema: &Schema) {
    egui::CollapsingHeader::new("Turn record track")
        .id_salt("described-track")
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new("described-track-grid")
                .striped(true)
                .show(ui, |ui| {
                    ui.strong("Turn");
                    ui.strong("Printed");
                    for f in schema.fields {
                        ui.strong(f.label).on_hover_text(f.help);
                    }
                    ui.end_row();
                    for turn in 1..=d.s.turns {
                        row(ui, d, schema, turn);
                        ui.end_row();
                    }
                });
        });
}

/// Turn `turn`'s row; its record is made on its first value and dropped when empty.
fn row(ui: &mut Ui, d: &mut ScenarioDraft, schema: &Schema, turn: u32) {
    ui.label(turn.to_string());
    let mut rec =
        d.s.turn_track
            .iter()
            .find(|r| r.turn == turn)
            .cloned()
            .unwrap_or(TurnRecord {
                turn,
                label: None,
                attrs: Default::default(),
            });
    let mut text = rec.label.clone().unwrap_or_default();
    let r = ui.add_sized([90.0, 18.0], egui::TextEdit::singleline(&mut text));
    cells::name(&r, egui::Role::TextInput, format!("Turn {turn} printed"));
    let mut changed = false;
    if r.changed() {
        rec.label = (!text.trim().is_empty()).then_some(text);
        changed = true;
    }
    for f in schema.fields {
        if let Some((v, _, _)) = cells::attr(
            ui,
            schema,
            f,
            &rec.attrs,
            &format!("Turn {turn}"),
            ("turn", turn),
        ) {
            rec.attrs.insert(f.key.to_owned(), v);
            changed = true;
        }
    }
    if !changed {
        return;
    }
    d.s.turn_track.retain(|x| x.turn != turn);
    if rec.label.is_some() || !rec.attrs.is_empty() {
        let at =
            d.s.turn_track
                .iter()
                .position(|x| x.turn > turn)
                .unwrap_or(d.s.turn_track.len());
        d.s.turn_track.insert(at, rec);
    }
    if r.changed() {
        d.note(&r, format!("Turn {turn} printed"));
    } else {
        d.named(format!("Turn {turn} values"));
    }
}

/// Replacement points: a turn, a side and the points of each kind of the system's
/// replacement schema.
pub fn replacements(ui: &mut Ui, d: &mut ScenarioDraft, b: &Bundle, schema: &Schema) {
    if schema.fields.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(format!("Replacements ({})", d.s.replacements.len()))
        .id_salt("described-replacements")
        .show(ui, |ui| {
            let first = d.s.first.clone();
            if ui.button("Add replacements").clicked() {
                d.s.replacements.push(Replacement {
                    turn: 1,
                    side: first,
                    formation: None,
                    points: Default::default(),
                });
                d.named("Add replacements");
            }
            let sides = d.s.sides.clone();
            let mut gone = None;
            for i in 0..d.s.replacements.len() {
                ui.horizontal(|ui| {
                    let label = format!("Replacements {}", i + 1);
                    let turns = d.s.turns;
                    let r = ui.add(
                        egui::DragValue::new(&mut d.s.replacements[i].turn)
                            .range(1..=turns)
                            .prefix("turn "),
                    );
                    d.note(&r, format!("{label} turn"));
                    if widgets::side(
                        ui,
                        &format!("{label} side"),
                        &sides,
                        &mut d.s.replacements[i].side,
                    ) {
                        d.named(format!("{label} side"));
                    }
                    for f in schema.fields {
                        let points = d.s.replacements[i].points.clone();
                        ui.label(f.label).on_hover_text(f.help);
                        if let Some((v, _, _)) =
                            cells::attr(ui, schema, f, &points, &label, ("repl", i))
                        {
                            d.s.replacements[i].points.insert(f.key.to_owned(), v);
                            d.named(format!("{label} {}", f.label));
                        }
                    }
                    if ui.small_button("×").clicked() {
                        gone = Some(i);
                    }
                });
            }
            if let Some(i) = gone {
                d.s.replacements.remove(i);
                d.named("Remove replacements");
            }
            let _ = b;
        });
}
