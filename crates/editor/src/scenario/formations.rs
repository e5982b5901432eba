//! The selected formation: id (renaming follows it everywhere), name, kind, nation and
//! parent; adding formations and deleting them (asking first when they hold units).

use egui::{Grid, Id, RichText, Ui};

use super::fields;
use super::naming;
use super::ops;
use super::workbench::{Confirm, Workbench};
use crate::document::Document;
use sztab_core::model::{Formation, FormationId, FormationKind};

pub const KINDS: [(FormationKind, &str); 10] = [
    (FormationKind::Front, "Front"),
    (FormationKind::Army, "Army"),
    (FormationKind::Corps, "Corps"),
    (FormationKind::ArmoredCorps, "Armored (tank) corps"),
    (FormationKind::MechanizedCorps, "Mechanized corps"),
    (FormationKind::CavalryCorps, "Cavalry corps"),
    (FormationKind::Division, "Division"),
    (FormationKind::Brigade, "Brigade"),
    (FormationKind::Regiment, "Regiment"),
    (FormationKind::Group, "Group"),
];

fn replace(doc: &mut Document, id: &str, label: &str, new: Formation) {
    Workbench::edit(doc, label, |d| {
        if let Some(i) = d.formation_index(id) {
            d.formations.replace(i, new);
        }
    });
}

/// Adds a top formation of side `side` (its first nation) and selects it.
pub fn add_top(wb: &mut Workbench, doc: &mut Document, side: usize) {
    let (Some(s), Some(c)) = (doc.scenario(), doc.counters()) else {
        return;
    };
    let Some(nation) = s.sides.get(side).and_then(|x| x.nations.first().cloned()) else {
        wb.status = Some("give the side a nation first (Scenario, Sides and supply)".into());
        return;
    };
    let id = naming::next_free("Formation", |x| c.formation(x).is_some());
    let f = Formation {
        id: FormationId::new(&id),
        name: format!("New {id}"),
        nation,
        kind: FormationKind::Division,
        parent: None,
    };
    Workbench::edit(doc, &format!("Add formation {id}"), |d| {
        d.formations.push(f)
    });
    wb.selection.formation = Some(FormationId::new(id));
    wb.selection.unit = None;
}

/// Adds a formation under the selected one (or a new top formation) and selects it.
pub fn add(wb: &mut Workbench, doc: &mut Document) {
    let (Some(s), Some(c)) = (doc.scenario(), doc.counters()) else {
        return;
    };
    let parent = wb
        .selection
        .formation
        .clone()
        .filter(|f| c.formation(f.as_str()).is_some());
    let nation = parent
        .as_ref()
        .and_then(|p| c.formation(p.as_str()))
        .map(|p| p.nation.clone())
        .or_else(|| s.sides.first().and_then(|x| x.nations.first().cloned()))
        .or_else(|| c.nations.first().map(|n| n.id.clone()));
    let Some(nation) = nation else {
        wb.status = Some("add a nation first (Nations, below)".into());
        return;
    };
    let id = naming::next_free("Formation", |x| c.formation(x).is_some());
    let f = Formation {
        id: FormationId::new(&id),
        name: format!("New {id}"),
        nation,
        kind: FormationKind::Division,
        parent,
    };
    Workbench::edit(doc, &format!("Add formation {id}"), |d| {
        d.formations.push(f)
    });
    wb.selection.formation = Some(FormationId::new(id));
    wb.selection.unit = None;
}

pub fn show(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document) {
    let Some(id) = wb.selection.formation.clone() else {
        return;
    };
    let Some(c) = doc.counters() else { return };
    let Some(f) = c.formation(id.as_str()).cloned() else {
        wb.selection.formation = None;
        return;
    };
    let (total, placed) = {
        let s = doc.scenario();
        let units: Vec<_> = c.units_of(id.as_str()).collect();
        let placed = units
            .iter()
            .filter(|u| s.is_some_and(|s| s.setup.iter().any(|p| p.unit == u.id)))
            .count();
        (units.len(), placed)
    };
    ui.label(RichText::new(format!("Formation {}", f.id)).strong());
    ui.label(format!("{total} units, {placed} placed"));
    // Keyed by position, so typing a new id keeps the focus.
    let index = c.formations.iter().position(|x| x.id == id).unwrap_or(0);
    let (rename, name, new) = Grid::new("formation")
        .num_columns(2)
        .spacing([6.0, 3.0])
        .show(ui, |ui| {
            ui.label("Id");
            let rename = fields::validated(
                ui,
                Id::unique(("formation id", index)),
                &format!("Id of formation {id}"),
                110.0,
                &f.id.to_string(),
                Clone::clone,
                |t| {
                    let t = t.trim();
                    if t.is_empty() {
                        Err("the id cannot be empty".into())
                    } else if t != id.as_str() && c.formation(t).is_some() {
                        Err(format!("another formation has the id \"{t}\" (U01)"))
                    } else {
                        Ok(t.to_owned())
                    }
                },
            );
            ui.end_row();
            ui.label("Name");
            let name = fields::text(
                ui,
                Id::unique(("formation name", index)),
                &format!("Name of formation {id}"),
                200.0,
                &f.name,
            );
            ui.end_row();
            let new = pickers(ui, c, &f);
            (rename, name, new)
        })
        .inner;
    if new != f {
        replace(doc, id.as_str(), &format!("Formation {id}"), new);
    }
    if let Some(n) = name.value {
        let mut g = f.clone();
        g.name = n;
        Workbench::edit_in_field(doc, name.key, &format!("Name of {id}"), |d| {
            if let Some(i) = d.formation_index(id.as_str()) {
                d.formations.replace(i, g);
            }
        });
    }
    if name.ended {
        doc.end_field(name.key);
    }
    if let Some(new_id) = rename.value {
        Workbench::edit_in_field(doc, rename.key, &format!("Rename {id}"), |d| {
            ops::rename_formation(d, id.as_str(), &new_id);
        });
        wb.selection.formation = Some(FormationId::new(new_id));
    }
    if rename.ended {
        doc.end_field(rename.key);
    }
    ui.horizontal(|ui| {
        if ui.button("Add sub-formation").clicked() {
            add(wb, doc);
        }
        if ui.button("Delete formation").clicked() {
            request_delete(wb, doc, &id);
        }
    });
    ui.separator();
}

/// Kind, nation and parent pickers; returns the formation as picked.
fn pickers(ui: &mut Ui, c: &sztab_core::model::Counters, f: &Formation) -> Formation {
    let id = f.id.as_str();
    ui.label("Kind");
    let mut kind = f.kind;
    egui::ComboBox::from_id_salt(("formation kind", id))
        .selected_text(super::unit_editor::name_of(&KINDS, kind))
        .show_ui(ui, |ui| {
            for (k, n) in KINDS {
                ui.selectable_value(&mut kind, k, n);
            }
        })
        .response
        .on_hover_text(
            "Divisions and Soviet armored or mechanized corps give tactical concentration (R13.1.1)",
        );
    ui.end_row();
    ui.label("Nation");
    let mut nation = f.nation.clone();
    egui::ComboBox::from_id_salt(("formation nation", id))
        .selected_text(nation.to_string())
        .show_ui(ui, |ui| {
            for n in &c.nations {
                ui.selectable_value(&mut nation, n.id.clone(), &n.name);
            }
        })
        .response
        .on_hover_text(format!("Nation of formation {id}"));
    ui.end_row();
    ui.label("Part of");
    let mut parent = f.parent.clone();
    egui::ComboBox::from_id_salt(("formation parent", id))
        .selected_text(parent.as_ref().map_or("(top)".into(), |p| p.to_string()))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut parent, None, "(top)");
            for p in c
                .formations
                .iter()
                .filter(|p| p.nation == f.nation && p.id != f.id && !c.is_within(p.id.as_str(), id))
            {
                ui.selectable_value(
                    &mut parent,
                    Some(p.id.clone()),
                    format!("{} — {}", p.id, p.name),
                );
            }
        })
        .response
        .on_hover_text(format!("Parent of formation {id}"));
    ui.end_row();
    Formation {
        kind,
        nation,
        parent,
        ..f.clone()
    }
}

fn request_delete(wb: &mut Workbench, doc: &mut Document, id: &FormationId) {
    let Some(b) = doc.bundle() else { return };
    let d = super::draft::Draft::new(&b.scenario, &b.counters);
    let (units, subs) = ops::formation_contents(&d, id.as_str());
    if units + subs == 0 {
        Workbench::edit(doc, &format!("Delete formation {id}"), |d| {
            ops::delete_formation(d, id.as_str())
        });
        wb.selection.formation = None;
    } else {
        wb.confirm = Some(Confirm::DeleteFormation(id.clone(), units, subs));
    }
}
