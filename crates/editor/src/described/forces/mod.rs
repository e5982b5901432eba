//! The Forces tab of a scenario whose files its system's schemas describe: the order of
//! battle as a tree (sides → formations → units, `tree.rs`) whose rows are generated from
//! the schemas. Units — added for a nation, removed, their designation, formation and
//! every value of the unit schema, the hex each sets up on and where it is — and
//! formations, with the formation schema's values (activation markers, combination
//! values). A unit's counter or a formation's name drags onto the map. Every cell edits
//! through the undo history; values outside a schema's range cannot be entered.

mod formations;
mod tree;

pub use tree::{Row, View, rows, status};

use egui::Ui;

use super::cells::{self, Typed, hex_cell, name};
use crate::document::Document;
use crate::edit::{Change, Edit, Slot};
use crate::scenario::DragUnits;
use sztab_core::model::described::{Bundle, Unit};
use sztab_core::model::{FormationId, NationId, Schema, UnitId};
use sztab_seam::RuleSystem;

pub fn show(ui: &mut Ui, doc: &mut Document) {
    let Some(g) = doc.described() else { return };
    let schemas = g.system.schemas();
    let b = &g.bundle;
    ui.label(format!(
        "{} units of {}; values as {} defines them. Set up at: the hex as the map prints it (or its number), empty for none.",
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
    ui.weak(
        "Drag a unit's counter onto the map to set it up there, or a formation's name to set \
         its units up around a hex.",
    );
    // A view for each scenario: another one opens with its own.
    let view_id = egui::Id::unique(("described-forces-view", &b.scenario.title, &b.counters.name));
    let mut view: View = ui
        .data_mut(|d| d.get_temp(view_id))
        .unwrap_or_else(|| View::of(b));
    filter_bar(ui, &mut view);
    egui::ScrollArea::both()
        .id_salt("described-forces")
        .max_height(ui.available_height() * 0.65)
        .show(ui, |ui| {
            let table = Table {
                system: g.system,
                schema: &schemas.unit,
                b,
            };
            table.show(ui, &mut view, &mut edits, &mut now);
        });
    ui.data_mut(|d| d.insert_temp(view_id, view));
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

/// The filter above the tree.
fn filter_bar(ui: &mut Ui, view: &mut View) {
    ui.horizontal(|ui| {
        let l = ui.label("Filter");
        ui.add(egui::TextEdit::singleline(&mut view.filter).desired_width(140.0))
            .labelled_by(l.id);
        ui.checkbox(&mut view.unplaced_only, "Unplaced only")
            .on_hover_text("Only units neither set up nor arriving later");
        ui.checkbox(&mut view.in_scenario, "In the scenario only")
            .on_hover_text("Only units set up, off the map or arriving later");
    });
}

/// The order-of-battle tree as one grid, so its columns line up across formations.
struct Table<'a> {
    system: &'a dyn RuleSystem,
    schema: &'a Schema,
    b: &'a Bundle,
}

impl Table<'_> {
    fn show(&self, ui: &mut Ui, view: &mut View, edits: &mut Vec<Typed>, now: &mut Vec<Edit>) {
        let rows = rows(self.b, view);
        egui::Grid::new("described-forces")
            .striped(true)
            .show(ui, |ui| {
                self.header(ui);
                for row in &rows {
                    match row {
                        Row::Side {
                            name,
                            units,
                            set_up,
                        } => {
                            ui.label("");
                            ui.label("");
                            ui.strong(format!("{name}: {units} units, {set_up} set up"));
                        }
                        Row::Formation { .. } => formation_row(ui, row, view),
                        Row::Unit { index, depth } => {
                            self.unit_row(ui, *index, *depth, edits, now);
                        }
                    }
                    ui.end_row();
                }
            });
    }

    fn header(&self, ui: &mut Ui) {
        ui.strong("");
        ui.strong("");
        ui.strong("Unit");
        ui.strong("Nation");
        ui.strong("Formation");
        for f in self.schema.fields {
            ui.strong(f.label).on_hover_text(f.help);
        }
        ui.strong("Set up at");
        ui.strong("Where");
        ui.end_row();
    }

    fn unit_row(
        &self,
        ui: &mut Ui,
        i: usize,
        depth: usize,
        edits: &mut Vec<Typed>,
        now: &mut Vec<Edit>,
    ) {
        let b = self.b;
        let u = &b.counters.units[i];
        let remove = ui.small_button("×").on_hover_text("Remove the unit");
        name(
            &remove,
            egui::Role::Button,
            format!("Remove {}", u.designation),
        );
        if remove.clicked() {
            now.push(remove_unit(b, i));
        }
        counter(ui, self.system, b, u);
        ui.horizontal(|ui| {
            ui.add_space(INDENT * depth as f32);
            let label = format!("{} designation", u.designation);
            if let Some((v, key, ended)) = cells::text(ui, &u.designation, label, ("unit", i)) {
                let after = Unit {
                    designation: v,
                    ..u.clone()
                };
                edits.push((replace(i, u, after, "designation"), key, ended));
            }
        });
        ui.label(u.nation.as_str());
        if let Some(after) = formation_cell(ui, b, i, u) {
            now.push(replace(i, u, after, "formation"));
        }
        for f in self.schema.fields {
            if let Some((v, key, ended)) =
                cells::attr(ui, self.schema, f, &u.attrs, &u.designation, ("unit", i))
            {
                let mut after = u.clone();
                after.attrs.insert(f.key.to_owned(), v);
                edits.push((replace(i, u, after, f.label), key, ended));
            }
        }
        let placed = b.scenario.setup.iter().position(|p| p.unit == u.id);
        if let Some(e) = hex_cell(ui, &b.map, u, placed, &b.scenario.setup) {
            edits.push(e);
        }
        ui.weak(status(b, &u.id));
    }
}

/// Points of indentation a level of the tree.
const INDENT: f32 = 14.0;

/// A formation's row: its fold toggle and its name, which drags its units onto the map.
fn formation_row(ui: &mut Ui, row: &Row, view: &mut View) {
    let Row::Formation {
        key,
        id,
        name: title,
        depth,
        units,
        folded,
    } = row
    else {
        return;
    };
    ui.label("");
    let arrow = if *folded { "⏵" } else { "⏷" };
    let toggle = ui.small_button(arrow);
    name(&toggle, egui::Role::Button, format!("Fold {title}"));
    if toggle.clicked() && !view.folded.remove(key) {
        view.folded.insert(key.clone());
    }
    ui.horizontal(|ui| {
        ui.add_space(INDENT * *depth as f32);
        let text = egui::RichText::new(format!("{title} ({})", units.len())).strong();
        let r = ui.add(egui::Label::new(text).sense(egui::Sense::click_and_drag()));
        if id.is_some() && !units.is_empty() {
            r.on_hover_text("Drag onto the map to set its units up around a hex")
                .dnd_set_drag_payload(DragUnits {
                    units: units.clone(),
                    label: title.clone(),
                    formation: true,
                });
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
    let id = egui::Id::unique(("described counter", u.id.as_str()));
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
    Edit::new(format!("{}: {what}", before.designation)).with(Change::DescribedUnit(Slot::replace(
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
    let r = egui::ComboBox::from_id_salt(("described-formation", i))
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
        .with(Change::DescribedUnit(Slot::insert(units.len(), unit)))
}

/// Removes unit `i`, and its placement if it is set up.
fn remove_unit(b: &Bundle, i: usize) -> Edit {
    let u = &b.counters.units[i];
    let mut edit = Edit::new(format!("Remove unit {}", u.id));
    if let Some(p) = b.scenario.setup.iter().position(|p| p.unit == u.id) {
        edit.push(Change::DescribedPlacement(Slot::remove(
            p,
            b.scenario.setup[p].clone(),
        )));
    }
    edit.push(Change::DescribedUnit(Slot::remove(i, u.clone())));
    edit
}

/// An unused formation id of `nation`.
fn new_formation_id(b: &Bundle, nation: &NationId) -> FormationId {
    (1..)
        .map(|k| FormationId::new(format!("{nation}-f{k}")))
        .find(|id| b.counters.formations.iter().all(|f| f.id != *id))
        .expect("an unused id")
}
