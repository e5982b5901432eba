//! The formations of the Forces tab: added for a nation, removed (their units then belong
//! to none), their name and every value of the system's formation schema (its activation
//! markers, a combination value).

use egui::Ui;

use crate::described::cells::{self, Typed, name};
use crate::edit::{Change, Edit, Slot};
use sztab_core::model::Schema;
use sztab_core::model::described::{Bundle, Formation, Unit};

pub fn show(ui: &mut Ui, b: &Bundle, schema: &Schema, edits: &mut Vec<Typed>, now: &mut Vec<Edit>) {
    let formations = &b.counters.formations;
    egui::CollapsingHeader::new(format!("Formations ({})", formations.len()))
        .id_salt("described-formations")
        .default_open(true)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for n in &b.counters.nations {
                    if ui.button(format!("Add a {} formation", n.name)).clicked() {
                        let id = super::new_formation_id(b, &n.id);
                        let f = Formation {
                            name: id.to_string(),
                            id,
                            nation: n.id.clone(),
                            parent: None,
                            colour: None,
                            attrs: Default::default(),
                        };
                        now.push(Edit::new(format!("Add formation {}", f.id)).with(
                            Change::DescribedFormation(Slot::insert(formations.len(), f)),
                        ));
                    }
                }
            });
            egui::ScrollArea::horizontal()
                .id_salt("described-formations-table")
                .show(ui, |ui| table(ui, b, schema, edits, now));
        });
}

fn table(ui: &mut Ui, b: &Bundle, schema: &Schema, edits: &mut Vec<Typed>, now: &mut Vec<Edit>) {
    egui::Grid::new("described-formations-grid")
        .striped(true)
        .show(ui, |ui| {
            ui.strong("");
            ui.strong("Formation");
            ui.strong("Nation");
            for f in schema.fields {
                ui.strong(f.label).on_hover_text(f.help);
            }
            ui.end_row();
            for (i, fm) in b.counters.formations.iter().enumerate() {
                let button = ui
                    .small_button("×")
                    .on_hover_text("Remove the formation (its units then belong to none)");
                name(&button, egui::Role::Button, format!("Remove {}", fm.name));
                if button.clicked() {
                    now.push(remove(b, i));
                }
                let label = format!("{} name", fm.name);
                if let Some((v, key, ended)) = cells::text(ui, &fm.name, label, ("formation", i)) {
                    let after = Formation {
                        name: v,
                        ..fm.clone()
                    };
                    edits.push((replace(i, fm, after, "name"), key, ended));
                }
                ui.label(fm.nation.as_str());
                for f in schema.fields {
                    if let Some((v, key, ended)) =
                        cells::attr(ui, schema, f, &fm.attrs, &fm.name, ("formation", i))
                    {
                        let mut after = fm.clone();
                        after.attrs.insert(f.key.to_owned(), v);
                        edits.push((replace(i, fm, after, f.label), key, ended));
                    }
                }
                ui.end_row();
            }
        });
}

fn replace(i: usize, before: &Formation, after: Formation, what: &str) -> Edit {
    Edit::new(format!("{}: {what}", before.name)).with(Change::DescribedFormation(Slot::replace(
        i,
        before.clone(),
        after,
    )))
}

/// Removes formation `i`; its units belong to none from then on.
fn remove(b: &Bundle, i: usize) -> Edit {
    let fm = &b.counters.formations[i];
    let mut edit = Edit::new(format!("Remove formation {}", fm.id));
    for (k, u) in b.counters.units.iter().enumerate() {
        if u.formation.as_ref() == Some(&fm.id) {
            let after = Unit {
                formation: None,
                ..u.clone()
            };
            edit.push(Change::DescribedUnit(Slot::replace(k, u.clone(), after)));
        }
    }
    edit.push(Change::DescribedFormation(Slot::remove(i, fm.clone())));
    edit
}
