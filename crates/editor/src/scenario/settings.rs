//! The Scenario tab: title, edition, dates and turns, initiative, notes with a preview,
//! sides with their nations and supply sources, then air, barrage, the rule switches and
//! the victory conditions.

use egui::{CollapsingHeader, Id, Ui};

use super::fields;
use super::workbench::Workbench;
use super::{air, barrage, notes, rules, victory};
use crate::document::Document;
use sztab_core::hex::{HexId, MapEdge};
use sztab_core::model::{Date, Edition, Scenario, SideDef, SideId, SupplySource, range};

fn edit(doc: &mut Document, key: Option<u64>, label: &str, f: impl FnOnce(&mut Scenario)) {
    let g = |d: &mut super::draft::Draft| f(&mut d.s);
    match key {
        Some(k) => Workbench::edit_in_field(doc, k, label, g),
        None => Workbench::edit(doc, label, g),
    }
}

/// Applies a field's outcome with `f`.
fn take<T>(
    doc: &mut Document,
    out: fields::Outcome<T>,
    label: &str,
    f: impl FnOnce(&mut Scenario, T),
) {
    let key = out.key;
    if let Some(v) = out.value {
        edit(doc, Some(key), label, |s| f(s, v));
    }
    if out.ended {
        doc.end_field(key);
    }
}

pub fn show(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document) {
    egui::ScrollArea::vertical()
        .id_salt("settings")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            CollapsingHeader::new("General")
                .default_open(true)
                .show(ui, |ui| general(ui, doc));
            CollapsingHeader::new("Notes")
                .default_open(true)
                .show(ui, |ui| notes_ui(ui, wb, doc));
            CollapsingHeader::new("Sides and supply").show(ui, |ui| sides(ui, doc));
            CollapsingHeader::new("Air").show(ui, |ui| air::show(ui, doc));
            CollapsingHeader::new("Barrage").show(ui, |ui| barrage::show(ui, doc));
            CollapsingHeader::new("Special rules").show(ui, |ui| rules::show(ui, doc));
            CollapsingHeader::new("Victory")
                .default_open(true)
                .show(ui, |ui| victory::show(ui, doc));
        });
}

fn general(ui: &mut Ui, doc: &mut Document) {
    let Some(s) = doc.scenario().cloned() else {
        return;
    };
    fields::row(ui, "Title", |ui| {
        let out = fields::text(ui, Id::unique("title"), "Title", 280.0, &s.title);
        take(doc, out, "Title", |s, v| s.title = v);
    });
    ui.horizontal(|ui| {
        ui.label("Edition");
        let mut e = s.edition;
        egui::ComboBox::from_id_salt("edition")
            .selected_text(match e {
                Edition::Kursk1943 => "Kursk 1943",
                Edition::Generic => "Generic WB-95",
            })
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut e, Edition::Kursk1943, "Kursk 1943");
                ui.selectable_value(&mut e, Edition::Generic, "Generic WB-95");
            })
            .response
            .on_hover_text("Kursk 1943 rules 17-22, or the generic edition (S05)");
        if e != s.edition {
            edit(doc, None, "Edition", |s| s.edition = e);
        }
        ui.label("Initiative");
        let mut ini = s.initiative.clone();
        egui::ComboBox::from_id_salt("initiative")
            .selected_text(ini.to_string())
            .show_ui(ui, |ui| {
                for x in &s.sides {
                    ui.selectable_value(&mut ini, x.id.clone(), &x.name);
                }
            })
            .response
            .on_hover_text("Player A, who moves first (R2.2)");
        if ini != s.initiative {
            edit(doc, None, "Initiative", |s| s.initiative = ini);
        }
    });
    ui.horizontal(|ui| {
        ui.label("First day");
        let out = fields::date(ui, Id::unique("start"), "First day", &s.start);
        take(doc, out, "First day", |s, v: Date| s.start = v);
        ui.label("last day");
        let start = s.start;
        let out = fields::validated(
            ui,
            Id::unique("end"),
            "Last day",
            90.0,
            &s.end,
            ToString::to_string,
            |t| {
                let d = Date::parse(t).ok_or("a date is written 1943-07-23")?;
                if d < start {
                    return Err("the last day cannot come before the first (S02)".to_string());
                }
                Ok(d)
            },
        );
        take(doc, out, "Last day", |s, v| s.end = v);
    });
    ui.horizontal(|ui| {
        ui.label("Turns (one a day)");
        let turns = s.turns().clamp(1, i64::from(range::TURNS.max)) as u32;
        let out = fields::number(
            ui,
            Id::unique("turns"),
            "Turns",
            turns,
            range::TURNS.min..=range::TURNS.max,
        );
        take(doc, out, "Turns", |s, v| s.end = s.start.plus_days(v - 1));
        let mut stated = s.stated_days.is_some();
        if ui
            .checkbox(&mut stated, "the source states")
            .on_hover_text("The length printed (\"(20 days)\"); a mismatch is warned about (S03)")
            .changed()
        {
            let t = turns;
            edit(doc, None, "Stated days", |s| {
                s.stated_days = stated.then_some(t)
            });
        }
        if let Some(d) = s.stated_days {
            let out = fields::number(
                ui,
                Id::unique("stated"),
                "Stated days",
                d,
                range::TURNS.min..=range::TURNS.max,
            );
            take(doc, out, "Stated days", |s, v| s.stated_days = Some(v));
        }
    });
}

fn notes_ui(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document) {
    let Some(text) = doc.scenario().map(|s| s.notes.clone()) else {
        return;
    };
    ui.horizontal(|ui| {
        ui.selectable_value(&mut wb.notes_preview, false, "Edit");
        ui.selectable_value(&mut wb.notes_preview, true, "Preview");
        ui.weak("markdown").on_hover_text(
            "# headings, - bullets, *emphasis*, **strong**, `code`; the setup card prints them",
        );
    });
    if wb.notes_preview {
        egui::ScrollArea::vertical()
            .id_salt("notes preview")
            .max_height(300.0)
            .show(ui, |ui| notes::preview(ui, &text));
        return;
    }
    let id = Id::unique("notes");
    let mut t = text.clone();
    let r = ui.add(
        egui::TextEdit::multiline(&mut t)
            .id(id)
            .desired_rows(8)
            .desired_width(f32::INFINITY)
            .hint_text("Designer's notes"),
    );
    if r.changed() && t != text {
        edit(doc, Some(id.value()), "Notes", |s| s.notes = t);
    }
    if r.lost_focus() {
        doc.end_field(id.value());
    }
}

fn sides(ui: &mut Ui, doc: &mut Document) {
    let (Some(s), Some(c)) = (doc.scenario().cloned(), doc.counters().cloned()) else {
        return;
    };
    for (i, side) in s.sides.iter().enumerate() {
        ui.group(|ui| {
            ui.horizontal(|ui| {
                ui.label("Id");
                let others: Vec<SideId> = s
                    .sides
                    .iter()
                    .filter(|x| x.id != side.id)
                    .map(|x| x.id.clone())
                    .collect();
                let out = fields::validated(
                    ui,
                    Id::unique(("side id", i)),
                    &format!("Id of side {}", i + 1),
                    70.0,
                    &side.id.to_string(),
                    Clone::clone,
                    |t| {
                        let t = t.trim();
                        if t.is_empty() {
                            Err("the id cannot be empty".into())
                        } else if others.iter().any(|o| o.as_str() == t) {
                            Err("the other side has this id".into())
                        } else {
                            Ok(t.to_owned())
                        }
                    },
                );
                let old = side.id.clone();
                take(doc, out, "Side id", |s, v| {
                    rename_side(s, &old, &SideId::new(v))
                });
                ui.label("Name");
                let out = fields::text(
                    ui,
                    Id::unique(("side name", i)),
                    &format!("Name of side {}", i + 1),
                    170.0,
                    &side.name,
                );
                take(doc, out, "Side name", |s, v| {
                    if let Some(x) = s.sides.get_mut(i) {
                        x.name = v;
                    }
                });
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Nations:");
                for n in &c.nations {
                    let mut on = side.nations.contains(&n.id);
                    if ui.checkbox(&mut on, &n.name).changed() {
                        let id = n.id.clone();
                        edit(doc, None, "Side nations", |s| {
                            for (k, x) in s.sides.iter_mut().enumerate() {
                                x.nations.retain(|y| y != &id);
                                if on && k == i {
                                    x.nations.push(id.clone());
                                }
                            }
                        });
                    }
                }
            });
            let mut fort = side.fortified;
            if ui
                .checkbox(&mut fort, "Every unit starts fortified")
                .on_hover_text(
                    "\"RED ARMY (fortified)\": all its units start in field fortifications",
                )
                .changed()
            {
                edit(doc, None, "Fortified side", |s| s.sides[i].fortified = fort);
            }
            supply(ui, doc, i, side, &s, &c);
        });
    }
    if s.sides.len() < 2 && ui.button("Add side").clicked() {
        let id = if s.sides.iter().any(|x| x.id.as_str() == "side2") {
            "side3"
        } else {
            "side2"
        };
        edit(doc, None, "Add side", |s| {
            s.sides.push(SideDef {
                id: SideId::new(id),
                name: id.into(),
                nations: vec![],
                fortified: false,
                supply: vec![],
            })
        });
    }
}

/// A side id changes everywhere it is named.
fn rename_side(s: &mut Scenario, old: &SideId, new: &SideId) {
    let swap = |x: &mut SideId| {
        if x == old {
            *x = new.clone();
        }
    };
    s.sides.iter_mut().for_each(|x| swap(&mut x.id));
    swap(&mut s.initiative);
    s.air.iter_mut().for_each(|a| swap(&mut a.side));
    s.barrage.iter_mut().for_each(|b| swap(&mut b.side));
    if let Some(v) = &mut s.victory {
        swap(&mut v.scorer);
        v.levels.iter_mut().for_each(|l| swap(&mut l.winner));
        v.automatic.iter_mut().for_each(|a| swap(&mut a.side));
    }
    if let Some(c) = &mut s.rules.cel_drain {
        swap(&mut c.side);
    }
    s.control.values_mut().for_each(swap);
    for a in &mut s.areas {
        if let sztab_core::model::Holder::Side(x) = &mut a.holder {
            swap(x);
        }
    }
    for a in &mut s.acknowledged {
        if let Some(sztab_core::model::Subject::Side(x)) = &mut a.subject {
            swap(x);
        }
    }
}

fn source_text(x: &SupplySource) -> String {
    match x {
        SupplySource::Edge(e) => format!("{} edge", e.name()),
        SupplySource::Place(p) => p.clone(),
        SupplySource::Hex(h) => format!("hex {h}"),
        SupplySource::Hq(u) => format!("HQ {u}"),
    }
}

fn supply(
    ui: &mut Ui,
    doc: &mut Document,
    i: usize,
    side: &SideDef,
    s: &Scenario,
    c: &sztab_core::model::Counters,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Supply from:");
        for (k, x) in side.supply.iter().enumerate() {
            if ui
                .small_button(format!("{} ×", source_text(x)))
                .on_hover_text(format!("Remove supply source {}", source_text(x)))
                .clicked()
            {
                edit(doc, None, "Remove supply source", |s| {
                    if k < s.sides[i].supply.len() {
                        s.sides[i].supply.remove(k);
                    }
                });
            }
        }
    });
    let mut add: Option<SupplySource> = None;
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt(("supply add", i))
            .selected_text("add a source…")
            .show_ui(ui, |ui| {
                for e in MapEdge::ALL {
                    if ui.selectable_label(false, format!("{} edge", e.name())).clicked() {
                        add = Some(SupplySource::Edge(e));
                    }
                }
                for p in &doc.map().places {
                    if ui.selectable_label(false, &p.name).clicked() {
                        add = Some(SupplySource::Place(p.name.clone()));
                    }
                }
                for p in s.setup.iter().filter(|p| {
                    c.unit(p.unit.as_str()).is_some_and(|u| u.is_hq() && side.nations.contains(&u.nation))
                }) {
                    if ui.selectable_label(false, format!("HQ {}", p.unit)).clicked() {
                        add = Some(SupplySource::Hq(p.unit.clone()));
                    }
                }
            })
            .response
            .on_hover_text(format!(
                "Supply sources of {}: where the side traces supply from (R10.1.4, L01); hexes can also be clicked with the Supply sources tool (U)",
                side.name
            ));
        let grid = doc.map().grid;
        let out = fields::validated(ui, Id::unique(("supply hex", i)), &format!("Supply hex of {}", side.name), 50.0, &None::<HexId>, |_| String::new(), |t| match HexId::parse(t) {
            Ok(h) if grid.contains(h) => Ok(Some(h)),
            Ok(h) => Err(format!("{h} is not on the map")),
            Err(e) => Err(e.to_string()),
        });
        if out.ended
            && let Some(Some(h)) = out.value.or_else(|| {
                ui.data(|d| d.get_temp::<Option<HexId>>(Id::unique(("supply hex ok", i))))
            })
        {
            add = Some(SupplySource::Hex(h));
        } else if let Some(v) = out.value {
            ui.data_mut(|d| d.insert_temp(Id::unique(("supply hex ok", i)), v));
        }
    });
    if let Some(x) = add
        && !side.supply.contains(&x)
    {
        edit(doc, None, "Add supply source", |s| {
            s.sides[i].supply.push(x)
        });
    }
}
