//! The unit table: every unit definition of the counter set in rows (egui_extras), each
//! cell edited in place and validated as you type, filtered like the Forces tree. Only the
//! visible rows are built, so the 368-unit Kursk set scrolls smoothly.

use egui::{Sense, Ui};
use egui_extras::{Column, TableBuilder};

use super::icon;
use super::ops;
use super::unit_editor as ed;
use super::unit_fields::Field;
use super::workbench::Workbench;
use crate::document::Document;
use sztab_core::model::{UnitDef, UnitId};
use sztab_core::render::counter::{CounterFace, UnitState};

const HEADERS: [&str; 17] = [
    "",
    "Id",
    "Designation",
    "Formation",
    "Nation",
    "Type",
    "Size",
    "Move",
    "SP",
    "Def",
    "MP",
    "CEL",
    "Red. SP",
    "Red. MP",
    "Stars",
    "Flags",
    "",
];

/// Column widths, in the order of [`HEADERS`].
const WIDTHS: [f32; 17] = [
    26.0, 110.0, 80.0, 120.0, 80.0, 110.0, 90.0, 90.0, 34.0, 34.0, 40.0, 30.0, 40.0, 44.0, 80.0,
    110.0, 140.0,
];

/// The units the table lists: the Forces tab's filter and "unplaced only".
fn listed(wb: &Workbench, doc: &Document) -> Vec<UnitId> {
    let (Some(c), s) = (doc.counters(), doc.scenario()) else {
        return Vec::new();
    };
    let f = wb.filter.trim().to_lowercase();
    let used = |u: &UnitId| {
        s.is_some_and(|s| {
            s.setup.iter().any(|p| p.unit == *u)
                || s.free_setup.iter().any(|f| f.unit == *u)
                || s.reinforcements.iter().any(|r| r.units.contains(u))
        })
    };
    c.units
        .iter()
        .filter(|u| {
            (!wb.unplaced_only || !used(&u.id))
                && (f.is_empty()
                    || u.id.as_str().to_lowercase().contains(&f)
                    || u.designation.to_lowercase().contains(&f))
        })
        .map(|u| u.id.clone())
        .collect()
}

pub fn show(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document) {
    let ids = listed(wb, doc);
    let total = doc.counters().map_or(0, |c| c.units.len());
    ui.horizontal(|ui| {
        ui.strong(format!("Units: {} shown of {total}", ids.len()));
        ui.weak("Type in a cell: bad values turn red with the reason and are not taken.");
    });
    let mut t = TableBuilder::new(ui)
        .id_salt("unit table")
        .striped(true)
        .resizable(true)
        .auto_shrink([false, false])
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for w in WIDTHS {
        t = t.column(Column::initial(w).clip(true));
    }
    if let Some(sel) = &wb.selection.unit
        && let Some(row) = ids.iter().position(|i| i == sel)
        && wb.take_scroll_to_unit()
    {
        t = t.scroll_to_row(row, Some(egui::Align::Center));
    }
    t.header(20.0, |mut h| {
        for name in HEADERS {
            h.col(|ui| {
                ui.strong(name);
            });
        }
    })
    .body(|body| {
        body.rows(26.0, ids.len(), |mut row| {
            let id = &ids[row.index()];
            let Some(u) = doc.counters().and_then(|c| c.unit(id.as_str())).cloned() else {
                return;
            };
            row.set_selected(wb.selection.unit.as_ref() == Some(id));
            cells(&mut row, wb, doc, &u);
        });
    });
}

/// The cells of one unit's row.
fn cells(row: &mut egui_extras::TableRow, wb: &mut Workbench, doc: &mut Document, u: &UnitDef) {
    row.col(|ui| {
        let nation = doc.counters().and_then(|c| c.nation(u.nation.as_str()));
        let face = CounterFace::new(u, nation, UnitState::full(u));
        if icon::counter(ui, &face, 22.0, Sense::click())
            .on_hover_text(format!("Select {}", u.id))
            .clicked()
        {
            wb.selection.unit = Some(u.id.clone());
        }
    });
    typed(row, wb, doc, u, (Field::Id, 104.0, true));
    typed(row, wb, doc, u, (Field::Designation, 74.0, true));
    row.col(|ui| ed::formation(ui, doc, u));
    row.col(|ui| ed::nation(ui, doc, u));
    row.col(|ui| ed::kind(ui, doc, u));
    row.col(|ui| ed::size(ui, doc, u));
    row.col(|ui| ed::movement(ui, doc, u));
    typed(row, wb, doc, u, (Field::Sp, 28.0, true));
    typed(row, wb, doc, u, (Field::Defense, 28.0, true));
    typed(row, wb, doc, u, (Field::Mp, 34.0, true));
    typed(row, wb, doc, u, (Field::Cel, 24.0, true));
    typed(row, wb, doc, u, (Field::ReducedSp, 34.0, u.cel == 2));
    typed(row, wb, doc, u, (Field::ReducedMp, 38.0, u.cel == 2));
    typed(row, wb, doc, u, (Field::Stars, 74.0, true));
    row.col(|ui| {
        let t = ed::flags_text(&u.flags);
        let t = if t.is_empty() { "none".to_owned() } else { t };
        ui.menu_button(t, |ui| ed::flags(ui, doc, u))
            .response
            .on_hover_text(format!("Flags of {}", u.id));
    });
    row.col(|ui| actions(ui, wb, doc, u));
}

/// A typed cell (left empty when `show` is false).
fn typed(
    row: &mut egui_extras::TableRow,
    wb: &mut Workbench,
    doc: &mut Document,
    u: &UnitDef,
    (f, w, show): (Field, f32, bool),
) {
    row.col(|ui| {
        if show {
            renamed(wb, u, ed::field(ui, doc, u, f, w, "table"));
        }
    });
}

/// Duplicate and Delete.
fn actions(ui: &mut Ui, wb: &mut Workbench, doc: &mut Document, u: &UnitDef) {
    if ui
        .small_button("Duplicate")
        .on_hover_text(format!("Duplicate {}", u.id))
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
    if ui
        .small_button("Delete")
        .on_hover_text(format!("Delete {}", u.id))
        .clicked()
    {
        super::unit_inspector::request_delete(wb, doc, u);
    }
}

/// Keeps the selection on a unit renamed in the table.
fn renamed(wb: &mut Workbench, u: &UnitDef, new: Option<UnitId>) {
    if let Some(n) = new
        && wb.selection.unit.as_ref() == Some(&u.id)
    {
        wb.selection.unit = Some(n);
    }
}
