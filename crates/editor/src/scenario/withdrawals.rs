//! Withdrawals: a formation leaves the game on a date ("4 ARM or equivalent on 12 VII",
//! A-56), with or without the "or equivalent" policy.

use egui::{Id, Ui};

use super::fields;
use super::workbench::Workbench;
use crate::document::Document;
use sztab_core::model::{FormationId, Withdrawal};

pub fn show(ui: &mut Ui, doc: &mut Document) {
    ui.heading("Withdrawals");
    let (Some(s), Some(c)) = (doc.scenario(), doc.counters()) else {
        return;
    };
    let list = s.withdrawals.clone();
    let formations: Vec<(FormationId, String)> = c
        .formations
        .iter()
        .map(|f| (f.id.clone(), format!("{} — {}", f.id, f.name)))
        .collect();
    let start = s.start;
    for (i, w) in list.iter().enumerate() {
        ui.horizontal(|ui| {
            let out = fields::date(
                ui,
                Id::unique(("withdrawal date", i)),
                "Withdrawal date",
                &w.date,
            );
            if let Some(d) = out.value {
                Workbench::edit_in_field(doc, out.key, "Withdrawal date", |dr| {
                    if let Some(x) = dr.s.withdrawals.get_mut(i) {
                        x.date = d;
                    }
                });
            }
            if out.ended {
                doc.end_field(out.key);
            }
            let mut f = w.formation.clone();
            egui::ComboBox::from_id_salt(("withdrawal formation", i))
                .selected_text(f.to_string())
                .width(120.0)
                .show_ui(ui, |ui| {
                    for (id, name) in &formations {
                        ui.selectable_value(&mut f, id.clone(), name);
                    }
                })
                .response
                .on_hover_text("Formation withdrawn");
            let mut eq = w.or_equivalent;
            ui.checkbox(&mut eq, "or equivalent").on_hover_text(
                "If its units are gone, other units of the same type make up the CELs (A-56)",
            );
            let remove = ui
                .small_button("Remove")
                .on_hover_text("Remove this withdrawal")
                .clicked();
            if f != w.formation || eq != w.or_equivalent || remove {
                Workbench::edit(doc, "Withdrawal", |dr| {
                    if remove {
                        if i < dr.s.withdrawals.len() {
                            dr.s.withdrawals.remove(i);
                        }
                    } else if let Some(x) = dr.s.withdrawals.get_mut(i) {
                        x.formation = f;
                        x.or_equivalent = eq;
                    }
                });
            }
        });
    }
    if ui.button("Add withdrawal").clicked()
        && let Some((f, _)) = formations.first()
    {
        let w = Withdrawal {
            date: start.plus_days(1),
            formation: f.clone(),
            or_equivalent: true,
        };
        Workbench::edit(doc, "Add withdrawal", |d| d.s.withdrawals.push(w));
    }
}
