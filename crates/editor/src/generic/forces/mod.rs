//! The Forces tab of a scenario whose files its system's schemas describe: the order of
//! battle as tables generated from the schemas. Units — added for a nation, removed,
//! their designation, formation and every value of the unit schema, and the hex each sets
//! up on — and formations, with the formation schema's values (activation markers,
//! combination values). Every cell edits through the undo history; values outside a
//! schema's range cannot be entered.

mod formations;

use egui::Ui;

use super::cells::{self, Typed, hex_cell, name};
use crate::document::Document;
use crate::edit::{Change, Edit, Slot};
use crate::scenario::DragUnits;
use sztab_core::hex::HexId;
use sztab_core::model::generic::{Bundle, Unit};
use sztab_core::model::{FormationId, NationId, Schema, UnitId};
use sztab_seam::RuleSystem;

pub fn show(ui: &mut Ui, doc: &mut Document) {
    let Some(g) = doc.generic() else { return };
    let schemas = g.system.schemas();
    let b = &g.bundle;
    ui.label(format!(
        "{} units of {}; values as {} defines them. Set up at: the hex number, empty for none.",
        b.counters.units.len(),
        b.counters.name,
        g.system.name()
    ));
    let mut edits: Vec<Typed> = Vec::new();
    let mut now: Vec<Edit> = Vec::new();
    ui.horizontal_wrapped(|ui| {
        for n in &b.counters.nations {
            if ui.button(format!("Add a {} unit", n.name)).clicked() {
                now.push(add_unit(b, &n.id, &schemas.unit));
            }
        }
    });
    ui.weak("Drag a unit's counter onto the map to set it up there.");
    egui::ScrollArea::both()
        .id_salt("generic-forces")
        .max_height(ui.available_height() * 0.65)
        .show(ui, |ui| {
            units_table(ui, g.system, &schemas.unit, &mut edits, &mut now, b)
        });
    formations::show(ui, b, &schemas.formation, &mut edits, &mut now);
    for e in now {
        doc.apply(e);
    }
    for (edit, key, ended) in edits {
        doc.apply_in_field(edit, key);
        if ended {
            doc.end_field(key);
        }
    }
}

fn units_table(
    ui: &mut Ui,
    system: &dyn RuleSystem,
    schema: &Schema,
    edits: &mut Vec<Typed>,
    now: &mut Vec<Edit>,
    b: &Bundle,
) {
    egui::Grid::new("generic-forces")
        .striped(true)
        .show(ui, |ui| {
            ui.strong("");
            ui.strong("");
            ui.strong("Unit");
            ui.strong("Nation");
            ui.strong("Formation");
            for f in schema.fields {
                ui.strong(f.label).on_hover_text(f.help);
            }
            ui.strong("Set up at");
            ui.end_row();
            for (i, u) in b.counters.units.iter().enumerate() {
                let remove = ui.small_button("×").on_hover_text("Remove the unit");
                name(
                    &remove,
                    egui::Role::Button,
                    format!("Remove {}", u.designation),
                );
                if remove.clicked() {
                    now.push(remove_unit(b, i));
                }
                counter(ui, system, b, u);
                let label = format!("{} designation", u.designation);
                if let Some((v, key, ended)) = cells::text(ui, &u.designation, label, ("unit", i)) {
                    let after = Unit {
                        designation: v,
                        ..u.clone()
                    };
                    edits.push((replace(i, u, after, "designation"), key, ended));
                }
                ui.label(u.nation.as_str());
                if let Some(after) = formation_cell(ui, b, i, u) {
                    now.push(replace(i, u, after, "formation"));
                }
                for f in schema.fields {
                    if let Some((v, key, ended)) =
                        cells::attr(ui, schema, f, &u.attrs, &u.designation, ("unit", i))
                    {
                        let mut after = u.clone();
                        after.attrs.insert(f.key.to_owned(), v);
                        edits.push((replace(i, u, after, f.label), key, ended));
                    }
                }
                let placed = b.scenario.setup.iter().position(|p| p.unit == u.id);
                let on_map = |h: HexId| b.map.grid.contains(h);
                if let Some(e) = hex_cell(ui, on_map, u, placed, &b.scenario.setup) {
                    edits.push(e);
                }
                ui.end_row();
            }
        });
}

/// The unit's counter as its system draws it, to drag onto the map.
fn counter(ui: &mut Ui, system: &dyn RuleSystem, b: &Bundle, u: &Unit) {
    let state = b
        .scenario
        .setup
        .iter()
        .find(|p| p.unit == u.id)
        .map(|p| p.state.clone())
        .unwrap_or_default();
    let face = system.counter_face(&b.counters, u, &state);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
    crate::scenario::icon::paint(ui, &face, rect);
    let id = egui::Id::unique(("generic counter", u.id.as_str()));
    let r = ui
        .interact(rect, id, egui::Sense::click_and_drag())
        .on_hover_text("Drag onto the map to set it up there");
    name(&r, egui::Role::Image, format!("{} counter", u.designation));
    r.dnd_set_drag_payload(DragUnits {
        units: vec![u.id.clone()],
        label: u.designation.clone(),
        formation: false,
    });
}

/// The edit that replaces unit `i` (`before`) with `after`, named by what changed.
fn replace(i: usize, before: &Unit, after: Unit, what: &str) -> Edit {
    Edit::new(format!("{}: {what}", before.designation)).with(Change::GenericUnit(Slot::replace(
        i,
        before.clone(),
        after,
    )))
}

/// The formation a unit belongs to: one of its nation's, or none.
fn formation_cell(ui: &mut Ui, b: &Bundle, i: usize, u: &Unit) -> Option<Unit> {
    let current = u.formation.clone();
    let mut picked = current.clone();
    let shown = current
        .as_ref()
        .and_then(|f| b.counters.formations.iter().find(|x| x.id == *f))
        .map_or_else(|| "—".to_owned(), |f| f.name.clone());
    let r = egui::ComboBox::from_id_salt(("generic-formation", i))
        .selected_text(shown)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut picked, None, "—");
            for f in b
                .counters
                .formations
                .iter()
                .filter(|f| f.nation == u.nation)
            {
                ui.selectable_value(&mut picked, Some(f.id.clone()), &f.name);
            }
        })
        .response;
    name(
        &r,
        egui::Role::ComboBox,
        format!("{} formation", u.designation),
    );
    (picked != current).then(|| Unit {
        formation: picked,
        ..u.clone()
    })
}

/// A new unit of `nation`, its values the schema's defaults, added at the end.
fn add_unit(b: &Bundle, nation: &NationId, schema: &Schema) -> Edit {
    let units = &b.counters.units;
    let id = (1..)
        .map(|k| UnitId::new(format!("{nation}-{k}")))
        .find(|id| units.iter().all(|u| u.id != *id))
        .expect("an unused id");
    let attrs = schema
        .fields
        .iter()
        .filter_map(|f| f.default.map(|d| (f.key.to_owned(), d.value())))
        .collect();
    let unit = Unit {
        designation: id.to_string(),
        id,
        nation: nation.clone(),
        formation: None,
        attrs,
    };
    Edit::new(format!("Add unit {}", unit.id))
        .with(Change::GenericUnit(Slot::insert(units.len(), unit)))
}

/// Removes unit `i`, and its placement if it is set up.
fn remove_unit(b: &Bundle, i: usize) -> Edit {
    let u = &b.counters.units[i];
    let mut edit = Edit::new(format!("Remove unit {}", u.id));
    if let Some(p) = b.scenario.setup.iter().position(|p| p.unit == u.id) {
        edit.push(Change::GenericPlacement(Slot::remove(
            p,
            b.scenario.setup[p].clone(),
        )));
    }
    edit.push(Change::GenericUnit(Slot::remove(i, u.clone())));
    edit
}

/// An unused formation id of `nation`.
fn new_formation_id(b: &Bundle, nation: &NationId) -> FormationId {
    (1..)
        .map(|k| FormationId::new(format!("{nation}-f{k}")))
        .find(|id| b.counters.formations.iter().all(|f| f.id != *id))
        .expect("an unused id")
}
