//! The questions asked before a cascading delete: a unit that is placed, scheduled or
//! named; a formation that still holds units or sub-formations.

use egui::Context;

use super::ops;
use super::workbench::{Confirm, Workbench};
use crate::document::Document;

pub fn dialog(ctx: &Context, wb: &mut Workbench, doc: &mut Document) {
    let Some(c) = wb.confirm.clone() else { return };
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("confirm delete")).show(ctx, |ui| {
        match &c {
            Confirm::DeleteUnit(u, uses) => {
                ui.heading(format!("Delete unit {u}?"));
                ui.label(format!("It is {}.", uses.join(", ")));
                ui.label("Deleting it also removes it from the setup, the schedule, restrictions and supply sources.");
            }
            Confirm::DeleteFormation(f, units, subs) => {
                ui.heading(format!("Delete formation {f}?"));
                ui.label(format!(
                    "It holds {units} unit(s) and {subs} formation(s); they move up to its parent. Withdrawals and restrictions naming it are removed."
                ));
            }
        }
        ui.horizontal(|ui| {
            if ui.button("Delete").clicked() {
                answer = Some(true);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(false);
            }
        });
    });
    match answer {
        Some(true) => {
            match &c {
                Confirm::DeleteUnit(u, _) => {
                    Workbench::edit(doc, &format!("Delete {u}"), |d| {
                        ops::delete_unit(d, u.as_str())
                    });
                    wb.selection.unit = None;
                }
                Confirm::DeleteFormation(f, _, _) => {
                    Workbench::edit(doc, &format!("Delete formation {f}"), |d| {
                        ops::delete_formation(d, f.as_str())
                    });
                    wb.selection.formation = None;
                }
            }
            wb.confirm = None;
        }
        Some(false) => wb.confirm = None,
        None => {}
    }
}
