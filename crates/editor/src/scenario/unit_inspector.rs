//! The selected unit: its counter, its definition (the same fields as the unit table), where
//! it is and how it starts (reduction, fortified, artillery setup), and buttons to
//! duplicate, delete, unplace or place it by typing a hex.

use egui::{Grid, Id, RichText, Ui};

use super::ops;
use super::unit_editor as ed;
use super::unit_fields::Field;
use super::workbench::{Confirm, Request, Workbench};
use super::{fields, icon};
use crate::document::Document;
use sztab_core::hex::HexId;
use sztab_core::model::{ArtillerySetup, Placement, UnitDef};
use sztab_core::render::counter::{CounterFace, UnitMarkers, UnitState};

pub fn show(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document) {
    let Some(id) = wb.selection.unit.clone() else {
        return;
    };
    let (Some(s), Some(c)) = (doc.scenario(), doc.counters()) else {
        return;
    };
    let Some(u) = c.unit(id.as_str()).cloned() else {
        wb.selection.unit = None;
        return;
    };
    let placement = s.setup.iter().find(|p| p.unit == id).cloned();
    let state = UnitState {
        cel: placement.as_ref().and_then(|p| p.cel).unwrap_or(u.cel),
        markers: placement
            .as_ref()
            .map(|p| UnitMarkers::at_setup(p, false))
            .unwrap_or_default(),
    };
    let face = CounterFace::new(&u, c.nation(u.nation.as_str()), state);
    ui.horizontal(|ui| {
        icon::counter(ui, &face, 64.0, egui::Sense::hover());
        ui.vertical(|ui| {
            ui.label(RichText::new(format!("Unit {}", u.id)).strong());
            buttons(ui, wb, doc, &u);
        });
    });
    if let Some(new) = definition(ui, doc, &u) {
        wb.selection.unit = Some(new);
        return;
    }
    setup(ui, wb, doc, &u, placement);
    ui.separator();
}

fn buttons(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document, u: &UnitDef) {
    ui.horizontal(|ui| {
        if ui
            .button("Duplicate")
            .on_hover_text("A copy with the next number")
            .clicked()
        {
            let mut new = None;
            Workbench::edit(doc, &format!("Duplicate {}", u.id), |d| {
                new = ops::duplicate_unit(d, u.id.as_str())
            });
            if new.is_some() {
                wb.selection.unit = new;
            }
        }
        if ui.button("Delete unit").clicked() {
            request_delete(wb, doc, u);
        }
    });
}

/// Deletes an unused unit at once; asks first when it is placed, scheduled or named.
pub fn request_delete(wb: &mut Workbench, doc: &mut Document, u: &UnitDef) {
    let Some(b) = doc.bundle() else { return };
    let d = super::draft::Draft::new(&b.scenario, &b.counters);
    let uses = ops::unit_uses(&d, u.id.as_str());
    if uses.is_empty() {
        Workbench::edit(doc, &format!("Delete {}", u.id), |d| {
            ops::delete_unit(d, u.id.as_str())
        });
        wb.selection.unit = None;
    } else {
        wb.confirm = Some(Confirm::DeleteUnit(u.id.clone(), uses));
    }
}

/// The definition's fields; returns the unit's new id when it was renamed.
fn definition(ui: &mut Ui, doc: &mut Document, u: &UnitDef) -> Option<sztab_core::model::UnitId> {
    let mut renamed = None;
    Grid::new("unit def")
        .num_columns(4)
        .spacing([6.0, 3.0])
        .show(ui, |ui| {
            ui.label("Id");
            renamed = renamed
                .take()
                .or(ed::field(ui, doc, u, Field::Id, 110.0, "inspector"));
            ui.label("Designation");
            renamed =
                renamed
                    .take()
                    .or(ed::field(ui, doc, u, Field::Designation, 80.0, "inspector"));
            ui.end_row();
            ui.label("Formation");
            ed::formation(ui, doc, u);
            ui.label("Nation");
            ed::nation(ui, doc, u);
            ui.end_row();
            ui.label("Type");
            ed::kind(ui, doc, u);
            ui.label("Size");
            ed::size(ui, doc, u);
            ui.end_row();
            ui.label("Movement");
            ed::movement(ui, doc, u);
            ui.label("CEL");
            renamed = renamed
                .take()
                .or(ed::field(ui, doc, u, Field::Cel, 30.0, "inspector"));
            ui.end_row();
            ui.label("SP");
            renamed = renamed
                .take()
                .or(ed::field(ui, doc, u, Field::Sp, 30.0, "inspector"));
            ui.label("Defense SP");
            renamed = renamed
                .take()
                .or(ed::field(ui, doc, u, Field::Defense, 30.0, "inspector"));
            ui.end_row();
            ui.label("MP");
            renamed = renamed
                .take()
                .or(ed::field(ui, doc, u, Field::Mp, 40.0, "inspector"));
            ui.label("Stars");
            renamed = renamed
                .take()
                .or(ed::field(ui, doc, u, Field::Stars, 90.0, "inspector"));
            ui.end_row();
            if u.cel == 2 {
                ui.label("Reduced SP");
                renamed =
                    renamed
                        .take()
                        .or(ed::field(ui, doc, u, Field::ReducedSp, 30.0, "inspector"));
                ui.label("Reduced MP");
                renamed =
                    renamed
                        .take()
                        .or(ed::field(ui, doc, u, Field::ReducedMp, 40.0, "inspector"));
                ui.end_row();
            }
        });
    ui.collapsing("Flags", |ui| ed::flags(ui, doc, u));
    renamed
}

/// "Set up freely": the unit loses its fixed hex; its player sets it up in its set-up area.
fn free_button(ui: &mut Ui, doc: &mut Document, u: &UnitDef) {
    let id = u.id.clone();
    if ui
        .button("Set up freely")
        .on_hover_text(
            "No fixed hex: its player sets it up in its set-up area when the game starts",
        )
        .clicked()
    {
        Workbench::edit(doc, &format!("Set up {id} freely"), |d| {
            ops::set_free(d, &id)
        });
    }
}

fn setup(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document, u: &UnitDef, p: Option<Placement>) {
    let id = u.id.to_string();
    let free = doc
        .scenario()
        .is_some_and(|s| s.free_setup.iter().any(|f| f.unit == u.id));
    if free {
        ui.horizontal(|ui| {
            ui.label("Set up freely by its player, in its set-up area");
            if ui.button("Unplace").clicked() {
                Workbench::edit(doc, &format!("Unplace {id}"), |d| ops::unplace(d, &id));
            }
        });
        place_by_hex(ui, wb, doc, u);
        return;
    }
    let Some(p) = p else {
        place_by_hex(ui, wb, doc, u);
        free_button(ui, doc, u);
        return;
    };
    ui.horizontal(|ui| {
        ui.label(format!("Placed on {}", p.hex));
        if ui.button("Show").clicked() {
            wb.requests.push(Request::Show(p.hex));
        }
        if ui
            .button("Unplace")
            .on_hover_text("Del on the map")
            .clicked()
        {
            Workbench::edit(doc, &format!("Unplace {id}"), |d| ops::unplace(d, &id));
        }
        free_button(ui, doc, u);
    });
    let mut pl = p.clone();
    ui.horizontal(|ui| {
        if u.cel > 1 {
            let mut reduced = pl.cel.is_some_and(|c| c < u.cel);
            if ui
                .checkbox(&mut reduced, "Starts reduced")
                .on_hover_text("\"(-1)\": the counter starts on its reduced side (U05)")
                .changed()
            {
                pl.cel = reduced.then_some(u.cel - 1);
            }
        }
        ui.checkbox(&mut pl.fortified, "Fortified")
            .on_hover_text("Starts in a field fortification (R7)");
    });
    if u.is_towed() {
        ui.horizontal(|ui| {
            ui.label("Artillery setup");
            egui::ComboBox::from_id_salt(("art setup", id.as_str()))
                .selected_text(match pl.artillery {
                    None => "default (combat)",
                    Some(ArtillerySetup::Combat) => "combat",
                    Some(ArtillerySetup::Transport) => "transport",
                })
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut pl.artillery, None, "default (combat)");
                    ui.selectable_value(&mut pl.artillery, Some(ArtillerySetup::Combat), "combat");
                    ui.selectable_value(
                        &mut pl.artillery,
                        Some(ArtillerySetup::Transport),
                        "transport",
                    );
                })
                .response
                .on_hover_text("Towed guns start deployed (combat) or limbered (P06, R6.2.2)");
        });
    }
    let states = pl.start_states();
    if !states.is_empty() {
        ui.label(format!("Starts {}", states.join(", ")))
            .on_hover_text("Set in the stack's window: click the stack with the Units tool (N)");
    }
    if pl != p {
        Workbench::edit(doc, &format!("Setup of {id}"), |d| {
            ops::set_placement(d, &id, |x| *x = pl)
        });
    }
}

fn place_by_hex(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document, u: &UnitDef) {
    let id = u.id.clone();
    ui.horizontal(|ui| {
        ui.label("Place on hex");
        let grid = doc.map().grid;
        let out = fields::validated(
            ui,
            Id::unique(("place hex", id.as_str())),
            &format!("Hex for {id}"),
            50.0,
            &None::<HexId>,
            |_| String::new(),
            |t| match HexId::parse(t) {
                Ok(h) if grid.contains(h) => Ok(Some(h)),
                Ok(h) => Err(format!("{h} is not on the map")),
                Err(e) => Err(e.to_string()),
            },
        );
        let enter = out.response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if let Some(Some(h)) = out.value {
            ui.data_mut(|d| d.insert_temp(Id::unique(("place hex ok", id.as_str())), h));
        }
        let typed: Option<HexId> =
            ui.data(|d| d.get_temp(Id::unique(("place hex ok", id.as_str()))));
        if (ui.button("Place").clicked() || enter)
            && let Some(h) = typed
        {
            Workbench::edit(doc, &format!("Place {id} on {h}"), |d| {
                ops::place(d, &id, h)
            });
            wb.requests.push(Request::Show(h));
        }
    });
}
