//! Nations of the counter set: name, counter colours, morale classes (regular, elite,
//! Volksgrenadier, Volkssturm; §4) and supply MPs (R10.1.6), HQ range (R9.2.2). A nation in
//! use cannot be deleted.

use egui::{Grid, Id, Ui};

use super::fields;
use super::naming;
use super::ops;
use super::workbench::Workbench;
use crate::editor::document::Document;
use crate::model::{Colour, Morale, Mp, Nation, NationId};

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
                };
                Workbench::edit(doc, &format!("Add nation {id}"), |d| d.nations.push(n));
            }
        });
}

fn nation(ui: &mut Ui, doc: &mut Document, i: usize, n: &Nation) {
    // Keyed by position, so typing a new id keeps the focus.
    let key = |what: &str| Id::unique(("nation", i, what));
    let nm = |what: &str| format!("{what} of nation {}", n.id);
    Grid::new(("nation grid", i))
        .num_columns(4)
        .spacing([6.0, 3.0])
        .show(ui, |ui| {
            ui.label("Id");
            let taken: Vec<String> = doc
                .counters()
                .map(|c| c.nations.iter().map(|x| x.id.to_string()).collect())
                .unwrap_or_default();
            let out = fields::validated(
                ui,
                key("id"),
                &nm("Id"),
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
            let out = fields::text(ui, key("name"), &nm("Name"), 120.0, &n.name);
            let (k, v, e) = (out.key, out.value, out.ended);
            if let Some(v) = v {
                replace(
                    doc,
                    Some(k),
                    i,
                    Nation {
                        name: v,
                        ..n.clone()
                    },
                );
            }
            if e {
                doc.end_field(k);
            }
            ui.end_row();
            colour_row(ui, doc, i, n);
            ui.end_row();
            morale_row(ui, doc, i, n);
            ui.end_row();
            ui.label("Supply MP");
            let out = fields::validated(
                ui,
                key("supply"),
                &nm("Supply MP"),
                40.0,
                &n.supply_mp,
                ToString::to_string,
                |t| {
                    Mp::parse(t.trim())
                        .filter(|m| *m > Mp::ZERO && *m <= Mp::whole(30))
                        .ok_or_else(|| "off-road supply MPs: 12, 10, 8 or 7 (R10.1.6)".to_string())
                },
            );
            if let Some(v) = out.value {
                replace(
                    doc,
                    Some(out.key),
                    i,
                    Nation {
                        supply_mp: v,
                        ..n.clone()
                    },
                );
            }
            if out.ended {
                doc.end_field(out.key);
            }
            ui.label("HQ range");
            let out = fields::number(ui, key("hq"), &nm("HQ range"), n.hq_range, 1..=10);
            if let Some(v) = out.value {
                replace(
                    doc,
                    Some(out.key),
                    i,
                    Nation {
                        hq_range: v,
                        ..n.clone()
                    },
                );
            }
            if out.ended {
                doc.end_field(out.key);
            }
            ui.end_row();
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
            ui.end_row();
        });
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
        Id::unique(("nation colour", i)),
        &format!("Counter colour of nation {}", n.id),
        n.colour,
    );
    if let Some(v) = out.value {
        replace(
            doc,
            Some(out.key),
            i,
            Nation {
                colour: v,
                ..n.clone()
            },
        );
    }
    if out.ended {
        doc.end_field(out.key);
    }
    ui.label("Text colour");
    let out = colour_field(
        ui,
        Id::unique(("nation ink", i)),
        &format!("Text colour of nation {}", n.id),
        n.text_colour,
    );
    if let Some(v) = out.value {
        replace(
            doc,
            Some(out.key),
            i,
            Nation {
                text_colour: v,
                ..n.clone()
            },
        );
    }
    if out.ended {
        doc.end_field(out.key);
    }
}

/// Morale limits: regular and elite (optional classes left empty).
fn morale_row(ui: &mut Ui, doc: &mut Document, i: usize, n: &Nation) {
    ui.label("Morale");
    let out = fields::number(
        ui,
        Id::unique(("morale reg", i)),
        &format!("Regular morale of nation {}", n.id),
        n.morale.regular,
        2..=13,
    );
    if let Some(v) = out.value {
        let morale = Morale {
            regular: v,
            ..n.morale.clone()
        };
        replace(
            doc,
            Some(out.key),
            i,
            Nation {
                morale,
                ..n.clone()
            },
        );
    }
    if out.ended {
        doc.end_field(out.key);
    }
    ui.label("Elite morale");
    let out = fields::validated(
        ui,
        Id::unique(("morale elite", i)),
        &format!("Elite morale of nation {} (SS, Guards)", n.id),
        40.0,
        &n.morale.elite,
        |v| v.map_or(String::new(), |v| v.to_string()),
        |t| match t.trim() {
            "" => Ok(None),
            t => t
                .parse::<u8>()
                .ok()
                .filter(|v| (2..=13).contains(v))
                .map(Some)
                .ok_or_else(|| "a 2K6 limit between 2 and 13, or empty".to_string()),
        },
    );
    if let Some(v) = out.value {
        let morale = Morale {
            elite: v,
            ..n.morale.clone()
        };
        replace(
            doc,
            Some(out.key),
            i,
            Nation {
                morale,
                ..n.clone()
            },
        );
    }
    if out.ended {
        doc.end_field(out.key);
    }
}
