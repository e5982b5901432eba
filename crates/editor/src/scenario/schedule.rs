//! The Schedule tab: reinforcements in a table by date and turn, the selected group's editor
//! (units dragged in from the order of battle, entry zones, hexes, places or map edges,
//! "cannot move before", half MP on the first turn, optional STAWKA-style with the
//! opponent's VP), then withdrawals and a timeline of the scenario's turns.

use egui::{Id, RichText, Ui};
use egui_extras::{Column, TableBuilder};

use super::fields;
use super::workbench::{DragUnits, Workbench};
use super::{timeline, withdrawals};
use crate::document::Document;
use sztab_core::hex::{HexId, MapEdge};
use sztab_core::model::{Counters, Entry, Reinforcement, Scenario, ZoneId};

pub fn entry_text(e: &Entry) -> String {
    match e {
        Entry::Zone(z) => format!("zone {z}"),
        Entry::Hex(h) => h.to_string(),
        Entry::Place(p) => p.clone(),
        Entry::Edge(e) => format!("{} edge", e.name()),
    }
}

/// The group's label: its name, or its first units.
pub fn group_name(r: &Reinforcement) -> String {
    r.name.clone().unwrap_or_else(|| {
        let ids: Vec<String> = r.units.iter().take(3).map(|u| u.to_string()).collect();
        let more = if r.units.len() > 3 { ", …" } else { "" };
        format!("{}{more}", ids.join(", "))
    })
}

fn cel_of(c: &Counters, r: &Reinforcement) -> u32 {
    r.units
        .iter()
        .filter_map(|u| c.unit(u.as_str()))
        .map(|u| u32::from(u.cel))
        .sum()
}

fn set(
    doc: &mut Document,
    i: usize,
    key: Option<u64>,
    label: &str,
    f: impl FnOnce(&mut Reinforcement),
) {
    let apply = |d: &mut super::draft::Draft| {
        if let Some(r) = d.s.reinforcements.get_mut(i) {
            f(r);
        }
    };
    match key {
        Some(k) => Workbench::edit_in_field(doc, k, label, apply),
        None => Workbench::edit(doc, label, apply),
    }
}

pub fn show(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document) {
    let (Some(s), Some(c)) = (doc.scenario(), doc.counters()) else {
        return;
    };
    ui.heading("Reinforcements");
    let mut order: Vec<usize> = (0..s.reinforcements.len()).collect();
    order.sort_by_key(|&i| (s.reinforcements[i].date, i));
    if let Some(i) = table(ui, s, c, &order, wb.selection.reinforcement) {
        wb.selection.reinforcement = Some(i);
    }
    ui.horizontal(|ui| {
        if ui.button("New reinforcement").clicked() {
            add(wb, doc);
        }
        if let Some(i) = wb.selection.reinforcement
            && ui.button("Delete reinforcement").clicked()
        {
            Workbench::edit(doc, "Delete reinforcement", |d| {
                if i < d.s.reinforcements.len() {
                    d.s.reinforcements.remove(i);
                }
            });
            wb.selection.reinforcement = None;
        }
    });
    if let Some(i) = wb.selection.reinforcement {
        editor(ui, wb, doc, i);
    }
    ui.separator();
    withdrawals::show(ui, doc);
    ui.separator();
    timeline::show(ui, wb, doc);
}

/// The groups by date; returns a clicked row's group.
fn table(
    ui: &mut Ui,
    s: &Scenario,
    c: &Counters,
    order: &[usize],
    selected: Option<usize>,
) -> Option<usize> {
    let mut clicked = None;
    TableBuilder::new(ui)
        .id_salt("reinforcements")
        .striped(true)
        .sense(egui::Sense::click())
        .max_scroll_height(180.0)
        .column(Column::exact(36.0))
        .column(Column::exact(78.0))
        .column(Column::remainder().at_least(120.0).clip(true))
        .column(Column::exact(50.0))
        .column(Column::exact(80.0).clip(true))
        .header(18.0, |mut h| {
            for t in ["Turn", "Date", "Group", "Units", "Entry"] {
                h.col(|ui| {
                    ui.strong(t);
                });
            }
        })
        .body(|body| {
            body.rows(20.0, order.len(), |mut row| {
                let i = order[row.index()];
                let r = &s.reinforcements[i];
                row.set_selected(selected == Some(i));
                let turn = r.date.days_since(s.start) + 1;
                row.col(|ui| {
                    ui.label(turn.to_string());
                });
                row.col(|ui| {
                    ui.label(r.date.to_string());
                });
                row.col(|ui| {
                    let mut t = group_name(r);
                    if r.optional {
                        t.push_str(&format!(" (optional, {} VP)", r.enemy_vp));
                    }
                    ui.label(t);
                });
                row.col(|ui| {
                    ui.label(format!("{} ({} CEL)", r.units.len(), cel_of(c, r)));
                });
                row.col(|ui| {
                    let e: Vec<String> = r.entry.iter().map(entry_text).collect();
                    ui.label(e.join(", "));
                });
                if row.response().clicked() {
                    clicked = Some(i);
                }
            });
        });
    clicked
}

fn add(wb: &mut Workbench, doc: &mut Document) {
    let Some(s) = doc.scenario() else { return };
    let date = if s.turns() > 1 {
        s.start.plus_days(1)
    } else {
        s.start
    };
    let entry = doc
        .map()
        .zones
        .keys()
        .next()
        .map(|z| Entry::Zone(z.clone()))
        .into_iter()
        .collect();
    let n = s.reinforcements.len();
    Workbench::edit(doc, "New reinforcement", |d| {
        d.s.reinforcements.push(Reinforcement {
            date,
            name: Some(format!("Reinforcements {}", n + 1)),
            units: vec![],
            entry,
            cannot_move_before: None,
            half_mp_first_turn: false,
            optional: false,
            enemy_vp: 0,
        })
    });
    wb.selection.reinforcement = Some(n);
}

fn editor(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document, i: usize) {
    let Some(r) = doc
        .scenario()
        .and_then(|s| s.reinforcements.get(i))
        .cloned()
    else {
        wb.selection.reinforcement = None;
        return;
    };
    let key = |w: &str| Id::unique(("reinf", i, w));
    ui.label(RichText::new(format!("Group: {}", group_name(&r))).strong());
    fields::row(ui, "Arrives on", |ui| {
        let out = fields::date(ui, key("date"), "Arrival date", &r.date);
        if let Some(d) = out.value {
            set(doc, i, Some(out.key), "Arrival date", |r| r.date = d);
        }
        if out.ended {
            doc.end_field(out.key);
        }
        if let Some(s) = doc.scenario() {
            ui.weak(format!("turn {}", r.date.days_since(s.start) + 1));
        }
    });
    fields::row(ui, "Name", |ui| {
        let out = fields::text(
            ui,
            key("name"),
            "Group name",
            200.0,
            r.name.as_deref().unwrap_or(""),
        );
        if let Some(n) = out.value {
            let n = n.trim().to_owned();
            set(doc, i, Some(out.key), "Group name", |r| {
                r.name = (!n.is_empty()).then_some(n)
            });
        }
        if out.ended {
            doc.end_field(out.key);
        }
    });
    units(ui, wb, doc, i, &r);
    entries(ui, doc, i, &r);
    options(ui, doc, i, &r);
}

fn units(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document, i: usize, r: &Reinforcement) {
    ui.label(format!("Units ({}):", r.units.len()));
    let mut remove = None;
    let (_, dropped) = ui.dnd_drop_zone::<DragUnits, _>(egui::Frame::group(ui.style()), |ui| {
        for (k, u) in r.units.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(u.to_string());
                if ui
                    .small_button("Remove")
                    .on_hover_text(format!("Take {u} out of the group"))
                    .clicked()
                {
                    remove = Some(k);
                }
            });
        }
        ui.weak("Drag units or formations here from the Forces tab");
    });
    if let Some(k) = remove {
        set(doc, i, None, "Remove from reinforcement", |r| {
            if k < r.units.len() {
                r.units.remove(k);
            }
        });
    }
    let add_selected = wb.selection.unit.clone().filter(|u| !r.units.contains(u));
    if let Some(u) = &add_selected
        && ui.button(format!("Add selected unit {u}")).clicked()
    {
        schedule_units(doc, i, std::slice::from_ref(u));
    }
    if let Some(d) = dropped {
        schedule_units(doc, i, &d.units);
    }
}

/// Puts units into group `i`: off the map and out of any other group.
pub fn schedule_units(doc: &mut Document, i: usize, units: &[sztab_core::model::UnitId]) {
    Workbench::edit(doc, "Schedule units", |d| {
        for u in units {
            super::ops::unplace(d, u.as_str());
            for (k, r) in d.s.reinforcements.iter_mut().enumerate() {
                if k != i {
                    r.units.retain(|x| x != u);
                }
            }
            if let Some(r) = d.s.reinforcements.get_mut(i)
                && !r.units.contains(u)
            {
                r.units.push(u.clone());
            }
        }
    });
}

fn entries(ui: &mut Ui, doc: &mut Document, i: usize, r: &Reinforcement) {
    ui.label("Enters through:");
    let zones: Vec<ZoneId> = doc.map().zones.keys().cloned().collect();
    let places: Vec<String> = doc.map().places.iter().map(|p| p.name.clone()).collect();
    let mut entry = r.entry.clone();
    ui.horizontal_wrapped(|ui| zones_and_edges(ui, &zones, &mut entry));
    ui.horizontal(|ui| entry_places(ui, i, &places, &mut entry));
    entry_hexes(ui, doc, i, &entry);
    if entry != r.entry {
        set(doc, i, None, "Entry", |r| r.entry = entry);
    }
}

/// Checkboxes for the map's lettered zones and its four edges.
fn zones_and_edges(ui: &mut Ui, zones: &[ZoneId], entry: &mut Vec<Entry>) {
    for z in zones {
        let e = Entry::Zone(z.clone());
        let mut on = entry.contains(&e);
        if ui.checkbox(&mut on, format!("zone {z}")).changed() {
            toggle(entry, e, on);
        }
    }
    for edge in MapEdge::ALL {
        let e = Entry::Edge(edge);
        let mut on = entry.contains(&e);
        if ui
            .checkbox(&mut on, format!("{} edge", edge.name()))
            .on_hover_text("Every road crossing the edge is a zone (R11.2.4)")
            .changed()
        {
            toggle(entry, e, on);
        }
    }
}

/// Named places to enter at: a picker to add one, a button to remove each.
fn entry_places(ui: &mut Ui, i: usize, places: &[String], entry: &mut Vec<Entry>) {
    let mut pick: Option<String> = None;
    egui::ComboBox::from_id_salt(("entry place", i))
        .selected_text("add a place…")
        .show_ui(ui, |ui| {
            for p in places {
                if ui.selectable_label(false, p).clicked() {
                    pick = Some(p.clone());
                }
            }
        })
        .response
        .on_hover_text("Enter at a named place (R01: one the side controls)");
    if let Some(p) = pick {
        toggle(entry, Entry::Place(p), true);
    }
    for e in entry.clone() {
        if let Entry::Place(p) = &e
            && ui
                .small_button(format!("{p} ×"))
                .on_hover_text(format!("Remove entry {p}"))
                .clicked()
        {
            toggle(entry, e.clone(), false);
        }
    }
}

/// Entry hexes typed as a list ("3100, 3121"), each on the map.
fn entry_hexes(ui: &mut Ui, doc: &mut Document, i: usize, entry: &[Entry]) {
    let grid = doc.map().grid;
    let hexes: Vec<HexId> = entry
        .iter()
        .filter_map(|e| match e {
            Entry::Hex(h) => Some(*h),
            _ => None,
        })
        .collect();
    let list = |v: &Vec<HexId>| {
        v.iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let parse = |t: &str| {
        t.split([',', ' '])
            .filter(|w| !w.is_empty())
            .map(|w| match HexId::parse(w) {
                Ok(h) if grid.contains(h) => Ok(h),
                Ok(h) => Err(format!("{h} is not on the map (R01)")),
                Err(e) => Err(e.to_string()),
            })
            .collect()
    };
    fields::row(ui, "Entry hexes", |ui| {
        let id = Id::unique(("reinf hexes", i));
        let out = fields::validated(ui, id, "Entry hexes", 140.0, &hexes, list, parse);
        if let Some(v) = out.value {
            let mut e2: Vec<Entry> = entry
                .iter()
                .filter(|e| !matches!(e, Entry::Hex(_)))
                .cloned()
                .collect();
            e2.extend(v.into_iter().map(Entry::Hex));
            set(doc, i, Some(out.key), "Entry hexes", |r| r.entry = e2);
        }
        if out.ended {
            doc.end_field(out.key);
        }
    });
}

fn toggle(list: &mut Vec<Entry>, e: Entry, on: bool) {
    list.retain(|x| x != &e);
    if on {
        list.push(e);
    }
}

fn options(ui: &mut Ui, doc: &mut Document, i: usize, r: &Reinforcement) {
    let mut x = r.clone();
    ui.horizontal(|ui| {
        let mut wait = x.cannot_move_before.is_some();
        if ui
            .checkbox(&mut wait, "Cannot move before")
            .on_hover_text("Enters but stays put until this date (R06)")
            .changed()
        {
            x.cannot_move_before = wait.then(|| r.date.plus_days(1));
        }
        if let Some(d) = r.cannot_move_before {
            let out = fields::date(ui, Id::unique(("reinf wait", i)), "Cannot move before", &d);
            if let Some(d) = out.value {
                set(doc, i, Some(out.key), "Cannot move before", |r| {
                    r.cannot_move_before = Some(d)
                });
            }
            if out.ended {
                doc.end_field(out.key);
            }
        }
    });
    ui.checkbox(&mut x.half_mp_first_turn, "Half MP on the turn it enters")
        .on_hover_text("As the STAWKA reserves (R11, A-51)");
    ui.horizontal(|ui| {
        ui.checkbox(&mut x.optional, "Optional (STAWKA)")
            .on_hover_text(
                "The owner chooses whether to call it in; the opponent scores VP when it enters",
            );
        if r.optional {
            ui.label("opponent's VP");
            let out = fields::number(
                ui,
                Id::unique(("reinf vp", i)),
                "VP to the opponent",
                r.enemy_vp,
                0..=100,
            );
            if let Some(v) = out.value {
                set(doc, i, Some(out.key), "Reserve VP", |r| r.enemy_vp = v);
            }
            if out.ended {
                doc.end_field(out.key);
            }
        }
    });
    let changed = x.cannot_move_before.is_some() != r.cannot_move_before.is_some()
        || x.half_mp_first_turn != r.half_mp_first_turn
        || x.optional != r.optional;
    if changed {
        set(doc, i, None, "Reinforcement options", |g| {
            g.cannot_move_before = x.cannot_move_before;
            g.half_mp_first_turn = x.half_mp_first_turn;
            g.optional = x.optional;
        });
    }
}
