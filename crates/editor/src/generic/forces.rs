//! The Forces table of a generic scenario: one row per unit of its counter set, one column
//! per field of the system's unit schema, and where the unit is set up. Every cell edits
//! through the undo history; values outside the schema's range cannot be entered.

use egui::Ui;

use crate::document::Document;
use crate::edit::{Change, Edit, Slot};
use sztab_core::hex::HexId;
use sztab_core::model::generic::{Placement, Unit};
use sztab_core::model::{AttrValue, FieldDef, FieldKind, Schema};

pub fn show(ui: &mut Ui, doc: &mut Document) {
    let Some(g) = doc.generic() else { return };
    let schema = g.system.unit_schema();
    let b = &g.bundle;
    ui.label(format!(
        "{} units of {}; values as {} defines them. Set up at: the hex number, empty for none.",
        b.counters.units.len(),
        b.counters.name,
        g.system.name()
    ));
    let mut edits = Vec::new();
    egui::ScrollArea::both().show(ui, |ui| {
        egui::Grid::new("generic-forces")
            .striped(true)
            .show(ui, |ui| {
                ui.strong("Unit");
                ui.strong("Nation");
                for f in schema.fields {
                    ui.strong(f.label).on_hover_text(f.help);
                }
                ui.strong("Set up at");
                ui.end_row();
                for (i, u) in b.counters.units.iter().enumerate() {
                    ui.label(&u.designation).on_hover_text(u.id.as_str());
                    ui.label(u.nation.as_str());
                    for f in schema.fields {
                        if let Some(e) = attr_cell(ui, &schema, f, i, u) {
                            edits.push(e);
                        }
                    }
                    let placed = b.scenario.setup.iter().position(|p| p.unit == u.id);
                    if let Some(e) = hex_cell(ui, doc_map_has(b), u, placed, &b.scenario.setup) {
                        edits.push(e);
                    }
                    ui.end_row();
                }
            });
    });
    for (edit, key, ended) in edits {
        doc.apply_in_field(edit, key);
        if ended {
            doc.end_field(key);
        }
    }
}

type Typed = (Edit, u64, bool);

/// Whether a hex is on the scenario's map.
fn doc_map_has(b: &sztab_core::model::generic::Bundle) -> impl Fn(HexId) -> bool + '_ {
    move |h| b.map.grid.contains(h)
}

/// One attribute of unit `i`: a value widget by the field's kind.
fn attr_cell(ui: &mut Ui, schema: &Schema, f: &FieldDef, i: usize, u: &Unit) -> Option<Typed> {
    let id = egui::Id::unique(("generic-attr", i, f.key));
    let key = id.value();
    let old = schema.get(&u.attrs, f.key);
    let (new, resp) = match f.kind {
        FieldKind::Int { min, max } => {
            let mut v = old.as_ref().and_then(AttrValue::as_int).unwrap_or(min);
            let r = ui.add(egui::DragValue::new(&mut v).range(min..=max));
            (AttrValue::Int(v), r)
        }
        FieldKind::Bool => {
            let mut v = old.as_ref().and_then(AttrValue::as_bool).unwrap_or(false);
            let r = ui.checkbox(&mut v, "");
            (AttrValue::Bool(v), r)
        }
        FieldKind::Text { max_len } => {
            let mut v = old
                .as_ref()
                .and_then(AttrValue::as_text)
                .unwrap_or("")
                .to_owned();
            let r = ui.add(
                egui::TextEdit::singleline(&mut v)
                    .char_limit(max_len)
                    .desired_width(120.0),
            );
            (AttrValue::Text(v), r)
        }
        FieldKind::Choice(choices) => {
            let cur = old
                .as_ref()
                .and_then(AttrValue::as_text)
                .unwrap_or("")
                .to_owned();
            let mut v = cur.clone();
            let shown = choices
                .iter()
                .find(|c| c.value == cur)
                .map_or(cur.as_str(), |c| c.label);
            let r = egui::ComboBox::from_id_salt(id)
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for c in choices {
                        ui.selectable_value(&mut v, c.value.to_owned(), c.label);
                    }
                })
                .response;
            (AttrValue::Text(v), r)
        }
    };
    let kind = match f.kind {
        FieldKind::Int { .. } => egui::Role::SpinButton,
        FieldKind::Bool => egui::Role::CheckBox,
        FieldKind::Text { .. } => egui::Role::TextInput,
        FieldKind::Choice(_) => egui::Role::ComboBox,
    };
    name(&resp, kind, format!("{} {}", u.designation, f.label));
    let ended = resp.lost_focus() || resp.drag_stopped() || !resp.has_focus();
    if old.as_ref() == Some(&new) {
        return None;
    }
    let mut after = u.clone();
    after.attrs.insert(f.key.to_owned(), new);
    let mut edit = Edit::new(format!("{}: {}", u.designation, f.label));
    edit.push(Change::GenericUnit(Slot::replace(i, u.clone(), after)));
    Some((edit, key, ended))
}

/// Where unit `u` is set up: a hex number typed and checked when the field is left.
fn hex_cell(
    ui: &mut Ui,
    on_map: impl Fn(HexId) -> bool,
    u: &Unit,
    placed: Option<usize>,
    setup: &[Placement],
) -> Option<Typed> {
    let id = egui::Id::unique(("generic-setup", u.id.as_str()));
    let current = placed.map(|i| setup[i].hex.to_string()).unwrap_or_default();
    let mut text = ui
        .data(|d| d.get_temp::<String>(id))
        .unwrap_or_else(|| current.clone());
    let parsed = (!text.trim().is_empty()).then(|| HexId::parse(text.trim()));
    let bad = match &parsed {
        Some(Ok(h)) => (!on_map(*h)).then(|| format!("{h} is not on the map")),
        Some(Err(e)) => Some(e.to_string()),
        None => None,
    };
    let mut edit_box = egui::TextEdit::singleline(&mut text)
        .id(id)
        .desired_width(56.0);
    if bad.is_some() {
        edit_box = edit_box.text_color(egui::Color32::RED);
    }
    let mut r = ui.add(edit_box);
    name(
        &r,
        egui::Role::TextInput,
        format!("{} set up at", u.designation),
    );
    if let Some(why) = &bad {
        r = r.on_hover_text(why);
    }
    if !r.lost_focus() {
        if r.has_focus() {
            ui.data_mut(|d| d.insert_temp(id, text));
        }
        return None;
    }
    ui.data_mut(|d| d.remove::<String>(id));
    if bad.is_some() || text.trim() == current {
        return None;
    }
    let change = match (placed, parsed) {
        (Some(i), None) => Slot::remove(i, setup[i].clone()),
        (Some(i), Some(Ok(hex))) => Slot::replace(
            i,
            setup[i].clone(),
            Placement {
                hex,
                ..setup[i].clone()
            },
        ),
        (None, Some(Ok(hex))) => Slot::insert(
            setup.len(),
            Placement {
                unit: u.id.clone(),
                hex,
                state: Default::default(),
            },
        ),
        _ => return None,
    };
    let mut edit = Edit::new(format!("Set up {}", u.designation));
    edit.push(Change::GenericPlacement(change));
    Some((edit, id.value(), true))
}

/// The accessible name of a cell ("Tk/1B Attack"): screen readers, and tests, find it by it.
fn name(r: &egui::Response, kind: egui::Role, label: String) {
    r.widget_info(|| egui::WidgetInfo::labeled(kind, r.enabled(), &label));
}
