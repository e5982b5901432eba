//! The cells of the Forces tab: a value of a schema field, the hex a unit sets up on, a
//! name typed in; each gives the edit it makes (one undo step per field) and the
//! accessible name that screen readers, and tests, find it by.

use egui::Ui;

use crate::edit::{Change, Edit, Slot};
use sztab_core::model::described::{Placement, Unit};
use sztab_core::model::{AttrValue, Attrs, FieldDef, FieldKind, Map, Schema};

/// An edit typed into a field: the edit, the field's key, whether its typing ended.
pub type Typed = (Edit, u64, bool);

/// A value of `attrs` for field `f` of `schema`, by the field's kind; its new value and
/// whether the typing ended, once changed. `who` names it ("Tk/1B"), `salt` keeps it
/// apart from the same field of other rows.
pub fn attr(
    ui: &mut Ui,
    schema: &Schema,
    f: &FieldDef,
    attrs: &Attrs,
    who: &str,
    salt: impl std::hash::Hash + std::fmt::Debug,
) -> Option<(AttrValue, u64, bool)> {
    let id = egui::Id::unique(("described-attr", salt, f.key));
    let key = id.value();
    let old = schema.get(attrs, f.key);
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
    name(&resp, kind, format!("{who} {}", f.label));
    let ended = resp.lost_focus() || resp.drag_stopped() || !resp.has_focus();
    (old.as_ref() != Some(&new)).then_some((new, key, ended))
}

/// A name typed in place (a designation, a formation's name): the new text once changed,
/// its key and whether the typing ended.
pub fn text(
    ui: &mut Ui,
    current: &str,
    label: String,
    salt: impl std::hash::Hash + std::fmt::Debug,
) -> Option<(String, u64, bool)> {
    let id = egui::Id::unique(("described-text", salt));
    let mut v = current.to_owned();
    let r = ui.add_sized([120.0, 18.0], egui::TextEdit::singleline(&mut v).id(id));
    name(&r, egui::Role::TextInput, label);
    let ended = r.lost_focus() || !r.has_focus();
    (v != current).then_some((v, id.value(), ended))
}

/// Where unit `u` is set up: the hex's printed label ("2-Q-5") or number ("1705"),
/// checked as typed; a hex the map does not have stays in the field, red, with the
/// reason, until it is mended or emptied.
pub fn hex_cell(
    ui: &mut Ui,
    map: &Map,
    u: &Unit,
    placed: Option<usize>,
    setup: &[Placement],
) -> Option<Typed> {
    let id = egui::Id::unique(("described-setup", u.id.as_str()));
    let current = placed
        .map(|i| map.label_of(setup[i].hex))
        .unwrap_or_default();
    let mut text = ui
        .data(|d| d.get_temp::<String>(id))
        .unwrap_or_else(|| current.clone());
    let parsed = (!text.trim().is_empty()).then(|| map.hex_by_label(&text));
    let bad = match &parsed {
        Some(Err(e)) => Some(e.clone()),
        _ => None,
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
        ui.colored_label(egui::Color32::RED, why);
    }
    if !r.lost_focus() {
        if r.has_focus() {
            ui.data_mut(|d| d.insert_temp(id, text));
        }
        return None;
    }
    if bad.is_some() {
        // Kept, red and explained, instead of silently put back.
        ui.data_mut(|d| d.insert_temp(id, text));
        return None;
    }
    ui.data_mut(|d| d.remove::<String>(id));
    if text.trim() == current {
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
    edit.push(Change::DescribedPlacement(change));
    Some((edit, id.value(), true))
}

/// The accessible name of a cell ("Tk/1B Attack"): screen readers, and tests, find it by it.
pub fn name(r: &egui::Response, kind: egui::Role, label: String) {
    r.widget_info(|| egui::WidgetInfo::labeled(kind, r.enabled(), &label));
}
