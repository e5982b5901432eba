//! Nations of the counter set: name, counter colours, morale classes (regular, elite,
//! Volksgrenadier, Volkssturm; §4) and supply MPs (R10.1.6), HQ range (R9.2.2). A nation in
//! use cannot be deleted.

use egui::{Grid, Id, Ui};

use super::fields;
use super::naming;
use super::ops;
use super::workbench::Workbench;
use crate::document::Document;
use sztab_core::model::{Colour, Morale, Mp, Nation, NationId, range};

fn replace(doc: &mut Document, key: Option<u64>, i: usize, n: Nation) {
    let label = format!("Nation {}", n.id);
    let f = |d: &mut super::draft::Draft| d.nations.replace(i, n);
    match key {
        Some(k) => Workbench::edit_in_field(doc, k, &label, f),
        None => Workbench::edit(doc, &label, f),
    }
}

pub fn show(ui: &mut Ui, doc: &mut Document) {
    egui::CollapsingHeader::new("Nations")
        .id_salt("nations")
        .show(ui, |ui| {
            let Some(c) = doc.counters() else { return };
            let list = c.nations.clone();
            for (i, n) in list.iter().enumerate() {
                nation(ui, doc, i, n);
                ui.separator();
            }
            if ui.button("Add nation").clicked() {
                let taken: Vec<String> = list.iter().map(|n| n.id.to_string()).collect();
                let id = naming::next_free("nation", |x| taken.iter().any(|t| t == x));
                let n = Nation {
                    id: NationId::new(&id),
                    name: id.clone(),
                    colour: Colour::rgb(180, 180, 160),
                    text_colour: Colour::rgb(0, 0, 0),
                    morale: Morale {
                        regular: 10,
                        elite: None,
                        volksgrenadier: None,
                        volkssturm: None,
                    },
                    supply_mp: Mp::whole(10),
                    hq_range: 3,
                    soviet: false,
                    air_supply: false,
                };
                Workbench::edit(doc, &format!("Add nation {id}"), |d| d.nations.push(n));
            }
        });
}

/// Applies a field's value to nation `i` with `set`; ends the field's step when left.
fn apply<T>(
    doc: &mut Document,
    i: usize,
    n: &Nation,
    out: fields::Outcome<T>,
    set: impl FnOnce(&mut Nation, T),
) {
    if let Some(v) = out.value {
        let mut x = n.clone();
        set(&mut x, v);
        replace(doc, Some(out.key), i, x);
    }
    if out.ended {
        doc.end_field(out.key);
    }
}

/// A field of nation `i`, keyed by position so typing a new id keeps the focus.
fn key(i: usize, what: &str) -> Id {
    Id::unique(("nation", i, what))
}

fn nation(ui: &mut Ui, doc: &mut Document, i: usize, n: &Nation) {
    Grid::new(("nation grid", i))
        .num_columns(4)
        .spacing([6.0, 3.0])
        .show(ui, |ui| {
            id_row(ui, doc, i, n);
            ui.end_row();
            colour_row(ui, doc, i, n);
            ui.end_row();
            morale_row(ui, doc, i, n);
            ui.end_row();
            supply_row(ui, doc, i, n);
            ui.end_row();
            last_row(ui, doc, i, n);
            ui.end_row();
        });
}

fn id_row(ui: &mut Ui, doc: &mut Document, i: usize, n: &Nation) {
    ui.label("Id");
    let taken: Vec<String> = doc
        .counters()
        .map(|c| c.nations.iter().map(|x| x.id.to_string()).collect())
        .unwrap_or_default();
    let name = format!("Id of nation {}", n.id);
    let out = fields::validated(
        ui,
        key(i, "id"),
        &name,
        80.0,
        &n.id.to_string(),
        Clone::clone,
        |t| {
            let t = t.trim();
            if t.is_empty() {
                Err("the id cannot be empty".into())
            } else if t != n.id.as_str() && taken.iter().any(|x| x == t) {
                Err(format!("another nation has the id \"{t}\""))
            } else {
                Ok(t.to_owned())
            }
        },
    );
    if let Some(new) = out.value {
        let old = n.id.to_string();
        Workbench::edit_in_field(doc, out.key, &format!("Rename nation {old}"), |d| {
            ops::rename_nation(d, &old, &new);
        });
    }
    if out.ended {
        doc.end_field(out.key);
    }
    ui.label("Name");
    let out = fields::text(
        ui,
        key(i, "name"),
        &format!("Name of nation {}", n.id),
        120.0,
        &n.name,
    );
    apply(doc, i, n, out, |x, v| x.name = v);
}

fn supply_row(ui: &mut Ui, doc: &mut Document, i: usize, n: &Nation) {
    ui.label("Supply MP");
    let name = format!("Supply MP of nation {}", n.id);
    let out = fields::validated(
        ui,
        key(i, "supply"),
        &name,
        40.0,
        &n.supply_mp,
        ToString::to_string,
        |t| {
            Mp::parse(t.trim())
                .filter(|m| *m > Mp::ZERO && range::MP.contains(*m))
                .ok_or_else(|| "off-road supply MPs: 12, 10, 8 or 7 (R10.1.6)".to_string())
        },
    );
    apply(doc, i, n, out, |x, v| x.supply_mp = v);
    ui.label("HQ range");
    let name = format!("HQ range of nation {}", n.id);
    let out = fields::number(
        ui,
        key(i, "hq"),
        &name,
        n.hq_range,
        range::HQ_RANGE.min..=range::HQ_RANGE.max,
    );
    apply(doc, i, n, out, |x, v| x.hq_range = v);
}

/// The Red Army switch and Delete (refused while anything belongs to the nation).
fn last_row(ui: &mut Ui, doc: &mut Document, i: usize, n: &Nation) {
    let mut soviet = n.soviet;
    if ui
        .checkbox(&mut soviet, "Red Army rules")
        .on_hover_text("Divisions give no tactical concentration (R13.1.1)")
        .changed()
    {
        replace(
            doc,
            None,
            i,
            Nation {
                soviet,
                ..n.clone()
            },
        );
    }
    let used = doc.counters().is_some_and(|c| {
        c.units.iter().any(|u| u.nation == n.id)
            || c.formations.iter().any(|f| f.nation == n.id)
            || c.air.iter().any(|a| a.nation == n.id)
    });
    if ui
        .add_enabled(!used, egui::Button::new("Delete nation"))
        .on_disabled_hover_text("Units, formations or air counters belong to it")
        .clicked()
    {
        Workbench::edit(doc, &format!("Delete nation {}", n.id), |d| {
            d.nations.remove(i);
            for s in &mut d.s.sides {
                s.nations.retain(|x| x != &n.id);
            }
        });
    }
}

fn colour_field(ui: &mut Ui, id: Id, name: &str, c: Colour) -> fields::Outcome<Colour> {
    fields::validated(ui, id, name, 70.0, &c, ToString::to_string, |t| {
        Colour::parse(t.trim()).ok_or_else(|| "a colour is written #rrggbb".to_string())
    })
}

fn colour_row(ui: &mut Ui, doc: &mut Document, i: usize, n: &Nation) {
    ui.label("Counter colour");
    let out = colour_field(
        ui,
        key(i, "colour"),
        &format!("Counter colour of nation {}", n.id),
        n.colour,
    );
    apply(doc, i, n, out, |x, v| x.colour = v);
    ui.label("Text colour");
    let out = colour_field(
        ui,
        key(i, "ink"),
        &format!("Text colour of nation {}", n.id),
        n.text_colour,
    );
    apply(doc, i, n, out, |x, v| x.text_colour = v);
}

/// Morale limits: regular and elite (SS, Guards; empty when the nation has none).
fn morale_row(ui: &mut Ui, doc: &mut Document, i: usize, n: &Nation) {
    ui.label("Morale");
    let name = format!("Regular morale of nation {}", n.id);
    let out = fields::number(
        ui,
        key(i, "regular"),
        &name,
        n.morale.regular,
        range::MORALE.min..=range::MORALE.max,
    );
    apply(doc, i, n, out, |x, v| x.morale.regular = v);
    ui.label("Elite morale");
    let name = format!("Elite morale of nation {} (SS, Guards)", n.id);
    let out = fields::validated(
        ui,
        key(i, "elite"),
        &name,
        40.0,
        &n.morale.elite,
        |v| v.map_or(String::new(), |v| v.to_string()),
        |t| match t.trim() {
            "" => Ok(None),
            t => t
                .parse::<u8>()
                .ok()
                .filter(|v| range::MORALE.contains(*v))
                .map(Some)
                .ok_or_else(|| "a 2K6 limit between 2 and 13, or empty".to_string()),
        },
    );
    apply(doc, i, n, out, |x, v| x.morale.elite = v);
}
