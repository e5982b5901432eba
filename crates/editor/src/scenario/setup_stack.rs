//! The window of one stack of a scenario whose setup its system's schemas describe (every
//! system but WB-95, whose own window is `stack_popup`): the units top first with their
//! counters as the system draws them, each unit's start states from the system's
//! placement schema (reduced, disrupted, spent, fired...), and taking a unit off the map.
//! Every change is an undoable edit.

use egui::{Context, RichText, Ui};

use super::icon;
use super::setup_ops;
use super::workbench::Workbench;
use crate::document::Document;
use crate::edit::Edit;
use sztab_core::model::described::Placement;
use sztab_core::model::{AttrValue, FieldDef, FieldKind, Schema};

/// The window opens beside `at`, the stack's place on screen.
pub fn show(ctx: &Context, wb: &mut Workbench, doc: &mut Document, at: Option<egui::Pos2>) {
    let Some(hex) = wb.stack_popup else { return };
    let Some(g) = doc.described() else { return };
    let here: Vec<Placement> = g
        .bundle
        .scenario
        .setup
        .iter()
        .filter(|p| p.hex == hex)
        .cloned()
        .collect();
    if here.is_empty() {
        wb.stack_popup = None;
        return;
    }
    let schema = g.system.schemas().placement;
    let mut open = true;
    let mut edits: Vec<Edit> = Vec::new();
    egui::Window::new(format!("Stack {hex}"))
        .id(egui::Id::unique(("setup stack", hex)))
        .default_pos(at.unwrap_or_default() + egui::vec2(30.0, -20.0))
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            for p in here.iter().rev() {
                ui.separator();
                unit_row(ui, doc, &schema, p, &mut edits);
            }
            if schema.fields.is_empty() {
                ui.weak(format!(
                    "{} sets no start states on a placement.",
                    g.system.name()
                ));
            }
        });
    for e in edits {
        doc.apply(e);
    }
    if !open {
        wb.stack_popup = None;
    }
}

/// One unit of the stack: its counter, name, start states and an Unplace button.
fn unit_row(ui: &mut Ui, doc: &Document, schema: &Schema, p: &Placement, edits: &mut Vec<Edit>) {
    let Some(g) = doc.described() else { return };
    let counters = &g.bundle.counters;
    let Some(u) = counters.unit(p.unit.as_str()) else {
        ui.label(format!("{} (not in the counter set)", p.unit));
        return;
    };
    ui.horizontal(|ui| {
        let face = g.system.counter_face(counters, u, &p.state);
        icon::counter(ui, &face, 36.0, egui::Sense::hover());
        ui.label(RichText::new(&u.designation).strong())
            .on_hover_text(u.id.as_str());
        if ui
            .button("Unplace")
            .on_hover_text("Takes the unit off the map")
            .clicked()
            && let Some(e) = setup_ops::move_units(
                doc,
                std::slice::from_ref(&p.unit),
                None,
                &format!("Unplace {}", p.unit),
            )
        {
            edits.push(e);
        }
    });
    for f in schema.fields {
        if let Some(v) = state_field(ui, schema, f, p)
            && let Some(e) = setup_ops::set_state(doc, &p.unit, f.key, v)
        {
            edits.push(e);
        }
    }
}

/// One start state of a placement, as its field's kind edits it; the new value once
/// changed (`Some(None)`: back to the schema's default, removed from the file).
fn state_field(
    ui: &mut Ui,
    schema: &Schema,
    f: &FieldDef,
    p: &Placement,
) -> Option<Option<AttrValue>> {
    let old = schema.get(&p.state, f.key);
    let label = format!("{} {}", p.unit, f.label);
    let changed = match f.kind {
        FieldKind::Bool => {
            let mut v = old.as_ref().and_then(AttrValue::as_bool).unwrap_or(false);
            ui.checkbox(&mut v, f.label)
                .on_hover_text(f.help)
                .changed()
                .then_some(AttrValue::Bool(v))
        }
        FieldKind::Int { min, max } => {
            ui.horizontal(|ui| {
                let mut v = old.as_ref().and_then(AttrValue::as_int).unwrap_or(min);
                let name = ui.label(&label).on_hover_text(f.help);
                ui.add(egui::DragValue::new(&mut v).range(min..=max))
                    .labelled_by(name.id)
                    .changed()
                    .then_some(AttrValue::Int(v))
            })
            .inner
        }
        FieldKind::Choice(choices) => {
            let current = match &old {
                Some(AttrValue::Text(t)) => t.clone(),
                _ => String::new(),
            };
            let mut picked = current.clone();
            egui::ComboBox::new(&label, f.label)
                .selected_text(
                    choices
                        .iter()
                        .find(|c| c.value == current)
                        .map_or("—", |c| c.label),
                )
                .show_ui(ui, |ui| {
                    for c in choices {
                        ui.selectable_value(&mut picked, c.value.to_owned(), c.label);
                    }
                });
            (picked != current).then_some(AttrValue::Text(picked))
        }
        FieldKind::Text { .. } => None,
    }?;
    // A value equal to the default is no state at all: the file stays clean. An unset
    // yes/no state is no.
    let default = f.default.map(|d| d.value()).or(match f.kind {
        FieldKind::Bool => Some(AttrValue::Bool(false)),
        _ => None,
    });
    Some((Some(&changed) != default.as_ref()).then_some(changed))
}
