//! Air: each side's allotment (which counters, "any N of them", the window of days) and
//! the air counters of the counter set (name, nation, SP, bomber or ground attack, white
//! star; R8, R21).

use egui::{Id, Ui};

use super::fields;
use super::naming;
use super::workbench::Workbench;
use crate::document::Document;
use sztab_core::model::{AirAllotment, AirCounter, AirId, AirKind, NationId};

pub fn show(ui: &mut Ui, doc: &mut Document) {
    allotments(ui, doc);
    ui.separator();
    counters(ui, doc);
}

fn allotments(ui: &mut Ui, doc: &mut Document) {
    let (Some(s), Some(c)) = (doc.scenario(), doc.counters()) else {
        return;
    };
    let sides = s.sides.clone();
    let list = s.air.clone();
    let air = c.air.clone();
    let window = (s.start, s.end);
    for (i, a) in list.iter().enumerate() {
        let nations: Vec<NationId> = sides
            .iter()
            .find(|x| x.id == a.side)
            .map(|x| x.nations.clone())
            .unwrap_or_default();
        let mine: Vec<&AirCounter> = air
            .iter()
            .filter(|ac| nations.contains(&ac.nation))
            .collect();
        allotment(ui, doc, i, a, &mine, window);
    }
    ui.horizontal(|ui| {
        for side in &sides {
            if ui.button(format!("Add air for {}", side.id)).clicked() {
                let al = AirAllotment {
                    side: side.id.clone(),
                    counters: vec![],
                    choose: None,
                    from: Some(window.0),
                    until: Some(window.1),
                };
                Workbench::edit(doc, "Add air allotment", |d| d.s.air.push(al));
            }
        }
    });
}

/// Changes allotment `i` with `f`, in the field `key` when typed.
fn set(doc: &mut Document, i: usize, key: Option<u64>, f: impl FnOnce(&mut AirAllotment)) {
    let g = |d: &mut super::draft::Draft| {
        if let Some(y) = d.s.air.get_mut(i) {
            f(y);
        }
    };
    match key {
        Some(k) => Workbench::edit_in_field(doc, k, "Air allotment", g),
        None => Workbench::edit(doc, "Air allotment", g),
    }
}

/// One allotment: which of the side's counters, "any N", the window of days.
fn allotment(
    ui: &mut Ui,
    doc: &mut Document,
    i: usize,
    a: &AirAllotment,
    counters: &[&AirCounter],
    (start, end): (sztab_core::model::Date, sztab_core::model::Date),
) {
    ui.label(format!("Allotment of {}", a.side));
    let mut x = a.clone();
    ui.horizontal_wrapped(|ui| {
        for ac in counters {
            let mut on = x.counters.contains(&ac.id);
            if ui.checkbox(&mut on, &ac.name).changed() {
                x.counters.retain(|id| id != &ac.id);
                if on {
                    x.counters.push(ac.id.clone());
                }
            }
        }
    });
    ui.horizontal(|ui| {
        let mut any = x.choose.is_some();
        ui.checkbox(&mut any, "choose any")
            .on_hover_text("\"Any 2 of them\": the player picks (A-59, A03)");
        x.choose = if any {
            Some(x.choose.unwrap_or(2))
        } else {
            None
        };
        if let Some(n) = a.choose {
            let out = fields::number(
                ui,
                Id::unique(("air choose", i)),
                "Air counters chosen",
                n,
                1..=20,
            );
            if let Some(v) = out.value {
                set(doc, i, Some(out.key), |y| y.choose = Some(v));
            }
            if out.ended {
                doc.end_field(out.key);
            }
        }
    });
    ui.horizontal(|ui| {
        for (what, cur, first) in [
            ("from", a.from.unwrap_or(start), true),
            ("until", a.until.unwrap_or(end), false),
        ] {
            ui.label(what);
            let out = fields::date(
                ui,
                Id::unique(("air date", i, what)),
                &format!("Air {what}"),
                &cur,
            );
            if let Some(d) = out.value {
                set(doc, i, Some(out.key), |y| {
                    if first {
                        y.from = Some(d)
                    } else {
                        y.until = Some(d)
                    }
                });
            }
            if out.ended {
                doc.end_field(out.key);
            }
        }
        if ui
            .small_button("Remove")
            .on_hover_text("Remove this allotment")
            .clicked()
        {
            Workbench::edit(doc, "Remove air allotment", |d| {
                if i < d.s.air.len() {
                    d.s.air.remove(i);
                }
            });
        }
    });
    if x.counters != a.counters || x.choose.is_some() != a.choose.is_some() {
        set(doc, i, None, |y| {
            y.counters = x.counters;
            y.choose = x.choose;
        });
    }
}

fn counters(ui: &mut Ui, doc: &mut Document) {
    ui.label("Air counters (counter set)");
    let Some(c) = doc.counters() else { return };
    let list = c.air.clone();
    let nations: Vec<NationId> = c.nations.iter().map(|n| n.id.clone()).collect();
    for (i, a) in list.iter().enumerate() {
        ui.horizontal(|ui| {
            let out = fields::text(
                ui,
                Id::unique(("air name", i)),
                &format!("Name of air counter {}", a.id),
                110.0,
                &a.name,
            );
            if let Some(v) = out.value {
                let new = AirCounter {
                    name: v,
                    ..a.clone()
                };
                Workbench::edit_in_field(doc, out.key, "Air counter name", |d| {
                    d.air.replace(i, new)
                });
            }
            if out.ended {
                doc.end_field(out.key);
            }
            let out = fields::number(
                ui,
                Id::unique(("air sp", i)),
                &format!("SP of air counter {}", a.id),
                a.sp,
                0..=30,
            );
            if let Some(v) = out.value {
                let new = AirCounter { sp: v, ..a.clone() };
                Workbench::edit_in_field(doc, out.key, "Air counter SP", |d| d.air.replace(i, new));
            }
            if out.ended {
                doc.end_field(out.key);
            }
            let mut x = a.clone();
            egui::ComboBox::from_id_salt(("air nation", i))
                .selected_text(x.nation.to_string())
                .show_ui(ui, |ui| {
                    for n in &nations {
                        ui.selectable_value(&mut x.nation, n.clone(), n.as_str());
                    }
                })
                .response
                .on_hover_text(format!("Nation of air counter {}", a.id));
            egui::ComboBox::from_id_salt(("air kind", i))
                .selected_text(match x.kind {
                    AirKind::Bomber => "bomber",
                    AirKind::GroundAttack => "ground attack",
                })
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut x.kind, AirKind::Bomber, "bomber");
                    ui.selectable_value(&mut x.kind, AirKind::GroundAttack, "ground attack");
                })
                .response
                .on_hover_text("BOMBER ATTACK or AIR ATTACK table (R8)");
            ui.checkbox(&mut x.white_star, "white star")
                .on_hover_text("R21.1.1");
            let remove = ui
                .small_button("Delete")
                .on_hover_text(format!("Delete air counter {}", a.id))
                .clicked();
            if remove {
                let id = a.id.clone();
                Workbench::edit(doc, "Delete air counter", |d| {
                    d.air.remove(i);
                    for al in &mut d.s.air {
                        al.counters.retain(|x| x != &id);
                    }
                });
            } else if x != *a {
                Workbench::edit(doc, "Air counter", |d| d.air.replace(i, x));
            }
        });
    }
    if ui.button("Add air counter").clicked()
        && let Some(n) = nations.first()
    {
        let taken: Vec<String> = list.iter().map(|a| a.id.to_string()).collect();
        let id = naming::next_free("air", |x| taken.iter().any(|t| t == x));
        let a = AirCounter {
            id: AirId::new(&id),
            name: id.clone(),
            nation: n.clone(),
            sp: 4,
            kind: AirKind::GroundAttack,
            white_star: false,
        };
        Workbench::edit(doc, "Add air counter", |d| d.air.push(a));
    }
}
