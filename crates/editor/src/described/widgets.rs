//! Small pickers the described Scenario and Schedule tabs share: a side, a map edge, a
//! place of the map, a list of hexes typed as numbers, units of the counter set. Each
//! changes its value in place and says whether it did; each has an accessible name.

use egui::{Response, Ui};

use super::cells::name;
use sztab_core::hex::{HexId, MapEdge};
use sztab_core::model::Map;
use sztab_core::model::described::{Counters, Side};
use sztab_core::model::{SideId, UnitId};

/// One of the scenario's sides.
pub fn side(ui: &mut Ui, label: &str, sides: &[Side], value: &mut SideId) -> bool {
    let before = value.clone();
    let shown = sides
        .iter()
        .find(|s| s.id == *value)
        .map_or(value.to_string(), |s| s.name.clone());
    let r = egui::ComboBox::from_id_salt(label)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for s in sides {
                ui.selectable_value(value, s.id.clone(), &s.name);
            }
        })
        .response;
    name(&r, egui::Role::ComboBox, label.to_owned());
    *value != before
}

/// A map edge.
pub fn edge(ui: &mut Ui, label: &str, value: &mut MapEdge) -> bool {
    let before = *value;
    let r = egui::ComboBox::from_id_salt(label)
        .selected_text(value.name())
        .show_ui(ui, |ui| {
            for e in MapEdge::ALL {
                ui.selectable_value(value, e, e.name());
            }
        })
        .response;
    name(&r, egui::Role::ComboBox, label.to_owned());
    *value != before
}

/// A named place of the map.
pub fn place(ui: &mut Ui, label: &str, places: &[String], value: &mut String) -> bool {
    let before = value.clone();
    let r = egui::ComboBox::from_id_salt(label)
        .selected_text(if value.is_empty() {
            "—"
        } else {
            value.as_str()
        })
        .show_ui(ui, |ui| {
            for p in places {
                ui.selectable_value(value, p.clone(), p);
            }
        })
        .response;
    name(&r, egui::Role::ComboBox, label.to_owned());
    *value != before
}

/// Hexes typed as their printed labels or numbers, apart by spaces or commas ("2-Q-5
/// 2-Q-6", "0304, 0305"); the list takes them once every one is a hex of the map (red,
/// with the reason, until then).
pub fn hexes(ui: &mut Ui, label: &str, map: &Map, value: &mut Vec<HexId>) -> Response {
    let id = egui::Id::unique(("hex list", label));
    let current: Vec<String> = value.iter().map(|&h| map.label_of(h)).collect();
    let current = current.join(" ");
    let mut text = ui
        .data(|d| d.get_temp::<String>(id))
        .unwrap_or_else(|| current.clone());
    let parsed: Result<Vec<HexId>, String> = text
        .split([' ', ','])
        .filter(|t| !t.is_empty())
        .map(|t| map.hex_by_label(t))
        .collect();
    let mut field = egui::TextEdit::singleline(&mut text).desired_width(160.0);
    if parsed.is_err() {
        field = field.text_color(egui::Color32::RED);
    }
    let mut r = ui.add(field);
    name(&r, egui::Role::TextInput, label.to_owned());
    if let Err(why) = &parsed {
        r = r.on_hover_text(why);
    }
    if r.has_focus() {
        ui.data_mut(|d| d.insert_temp(id, text));
    } else {
        ui.data_mut(|d| d.remove::<String>(id));
    }
    match parsed {
        Ok(hs) if hs != *value => {
            *value = hs;
            r.mark_changed();
        }
        _ => {}
    }
    r
}

/// Units of the counter set, ticked in a list that opens below its button.
pub fn units(ui: &mut Ui, label: &str, counters: &Counters, value: &mut Vec<UnitId>) -> bool {
    let before = value.clone();
    let shown = match value.len() {
        0 => "no unit".to_owned(),
        1 => value[0].to_string(),
        n => format!("{n} units"),
    };
    let r = egui::CollapsingHeader::new(format!("{label}: {shown}"))
        .id_salt(label)
        .show(ui, |ui| {
            for u in &counters.units {
                let mut on = value.contains(&u.id);
                let r = ui.checkbox(&mut on, format!("{} ({})", u.designation, u.id));
                name(
                    &r,
                    egui::Role::CheckBox,
                    format!("{label} {}", u.designation),
                );
                if r.changed() {
                    if on {
                        value.push(u.id.clone());
                    } else {
                        value.retain(|x| *x != u.id);
                    }
                }
            }
        });
    let _ = r;
    *value != before
}
