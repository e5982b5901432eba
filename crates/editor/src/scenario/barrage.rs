//! Barrage permissions (R6.5): a side's ammunition units and the days it may fire.

use egui::{Id, Ui};

use super::fields;
use super::workbench::Workbench;
use crate::document::Document;
use sztab_core::model::{Barrage, Date};

pub fn show(ui: &mut Ui, doc: &mut Document) {
    let Some(s) = doc.scenario() else { return };
    let list = s.barrage.clone();
    let sides: Vec<_> = s.sides.iter().map(|x| x.id.clone()).collect();
    let start = s.start;
    for (i, b) in list.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{}: AU", b.side));
            let out = fields::number(
                ui,
                Id::unique(("barrage au", i)),
                "Ammunition units",
                b.ammo_units,
                0..=999,
            );
            if let Some(v) = out.value {
                Workbench::edit_in_field(doc, out.key, "Barrage AUs", |d| {
                    if let Some(x) = d.s.barrage.get_mut(i) {
                        x.ammo_units = v;
                    }
                });
            }
            if out.ended {
                doc.end_field(out.key);
            }
            ui.label("days");
            let out = fields::validated(
                ui,
                Id::unique(("barrage days", i)),
                "Barrage days",
                200.0,
                &b.dates,
                |v| {
                    v.iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                },
                |t| {
                    t.split([',', ' '])
                        .filter(|w| !w.is_empty())
                        .map(|w| {
                            Date::parse(w)
                                .ok_or_else(|| format!("\"{w}\" is not a date like 1943-07-05"))
                        })
                        .collect()
                },
            );
            if let Some(v) = out.value {
                Workbench::edit_in_field(doc, out.key, "Barrage days", |d| {
                    if let Some(x) = d.s.barrage.get_mut(i) {
                        x.dates = v;
                    }
                });
            }
            if out.ended {
                doc.end_field(out.key);
            }
            if ui
                .small_button("Remove")
                .on_hover_text("Remove this barrage")
                .clicked()
            {
                Workbench::edit(doc, "Remove barrage", |d| {
                    if i < d.s.barrage.len() {
                        d.s.barrage.remove(i);
                    }
                });
            }
        });
    }
    ui.horizontal(|ui| {
        for side in &sides {
            if ui.button(format!("Add barrage for {side}")).clicked() {
                let b = Barrage {
                    side: side.clone(),
                    ammo_units: 10,
                    dates: vec![start],
                };
                Workbench::edit(doc, "Add barrage", |d| d.s.barrage.push(b));
            }
        }
    });
}
