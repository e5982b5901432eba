//! The window of one stack: its units top first, with their counters; reorder them, set
//! starting reductions, fortified and artillery setup, or take them off the map. Shows the
//! stack's CEL against the limit of 8 (R3.2.1).

use egui::{Color32, Context, RichText};

use super::icon;
use super::legality::{STACK_LIMIT, start_cel};
use super::ops;
use super::workbench::Workbench;
use crate::editor::document::Document;
use crate::model::{ArtillerySetup, Placement};
use crate::render::counter::{CounterFace, UnitMarkers, UnitState};

/// The window opens beside `at`, the stack's place on screen.
pub fn show(ctx: &Context, wb: &mut Workbench, doc: &mut Document, at: Option<egui::Pos2>) {
    let Some(hex) = wb.stack_popup else { return };
    let (Some(s), Some(c)) = (doc.scenario(), doc.counters()) else {
        return;
    };
    let here: Vec<Placement> = s.setup.iter().filter(|p| p.hex == hex).cloned().collect();
    if here.is_empty() {
        wb.stack_popup = None;
        return;
    }
    let side_fortified =
        |n: &crate::model::NationId| s.side_of_nation(n.as_str()).is_some_and(|x| x.fortified);
    let rows: Vec<(Placement, Option<RowInfo>)> = here
        .iter()
        .map(|p| {
            let info = c.unit(p.unit.as_str()).map(|u| {
                let state = UnitState {
                    cel: p.cel.unwrap_or(u.cel),
                    markers: UnitMarkers {
                        fortified: p.fortified || side_fortified(&u.nation),
                        transport: p.artillery == Some(ArtillerySetup::Transport),
                        ..UnitMarkers::default()
                    },
                };
                (
                    CounterFace::new(u, c.nation(u.nation.as_str()), state),
                    u.cel,
                    u.is_towed(),
                    side_fortified(&u.nation),
                )
            });
            (p.clone(), info)
        })
        .collect();
    let cel: u32 = here
        .iter()
        .filter_map(|p| c.unit(p.unit.as_str()).map(|u| start_cel(u, Some(p))))
        .sum();
    let mut open = true;
    let mut actions: Vec<Action> = Vec::new();
    egui::Window::new(format!("Stack {hex}"))
        .id(egui::Id::unique(("stack popup", hex)))
        .default_pos(at.unwrap_or_default() + egui::vec2(30.0, -20.0))
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            let colour = if cel > STACK_LIMIT {
                Color32::from_rgb(210, 40, 40)
            } else {
                ui.visuals().text_color()
            };
            ui.label(RichText::new(format!("{cel} of {STACK_LIMIT} CEL")).color(colour));
            let n = rows.len();
            for (k, (p, info)) in rows.iter().enumerate() {
                ui.horizontal(|ui| {
                    row(ui, k, n, p, info.as_ref(), &mut actions);
                });
            }
        });
    if !open {
        wb.stack_popup = None;
    }
    for a in actions {
        apply(wb, doc, hex, a);
    }
}

/// A stack row's counter, full CEL, whether towed, whether its side starts fortified.
type RowInfo = (CounterFace, u8, bool, bool);

enum Action {
    Select(crate::model::UnitId),
    Move(usize, usize),
    Set(Placement),
    Unplace(crate::model::UnitId),
}

fn row(
    ui: &mut egui::Ui,
    k: usize,
    n: usize,
    p: &Placement,
    info: Option<&RowInfo>,
    actions: &mut Vec<Action>,
) {
    if let Some((face, ..)) = info
        && icon::counter(ui, face, 36.0, egui::Sense::click())
            .on_hover_text(format!("Select {}", p.unit))
            .clicked()
    {
        actions.push(Action::Select(p.unit.clone()));
    }
    ui.label(p.unit.to_string());
    if ui
        .add_enabled(k > 0, egui::Button::new("Up").small())
        .on_hover_text(format!("Move {} up the stack", p.unit))
        .clicked()
    {
        actions.push(Action::Move(k, k - 1));
    }
    if ui
        .add_enabled(k + 1 < n, egui::Button::new("Down").small())
        .on_hover_text(format!("Move {} down the stack", p.unit))
        .clicked()
    {
        actions.push(Action::Move(k, k + 1));
    }
    let mut x = p.clone();
    if let Some((_, full, towed, side_fort)) = info {
        if *full > 1 {
            let mut reduced = x.cel.is_some_and(|c| c < *full);
            if ui
                .checkbox(&mut reduced, "reduced")
                .on_hover_text(format!("{} starts on its reduced side", p.unit))
                .changed()
            {
                x.cel = reduced.then_some(full - 1);
            }
        }
        if !side_fort {
            ui.checkbox(&mut x.fortified, "fortified")
                .on_hover_text(format!("{} starts in a field fortification", p.unit));
        }
        if *towed {
            let mut transport = x.artillery == Some(ArtillerySetup::Transport);
            if ui
                .checkbox(&mut transport, "transport")
                .on_hover_text(format!(
                    "{} starts limbered (else in combat setup, R6.2.2)",
                    p.unit
                ))
                .changed()
            {
                x.artillery = Some(if transport {
                    ArtillerySetup::Transport
                } else {
                    ArtillerySetup::Combat
                });
            }
        }
    }
    if x != *p {
        actions.push(Action::Set(x));
    }
    if ui
        .small_button("Unplace")
        .on_hover_text(format!("Take {} off the map", p.unit))
        .clicked()
    {
        actions.push(Action::Unplace(p.unit.clone()));
    }
}

fn apply(wb: &mut Workbench, doc: &mut Document, hex: crate::hex::HexId, a: Action) {
    match a {
        Action::Select(u) => wb.selection.unit = Some(u),
        Action::Move(from, to) => Workbench::edit(doc, &format!("Reorder stack {hex}"), |d| {
            ops::reorder(d, hex, from, to)
        }),
        Action::Set(p) => {
            let id = p.unit.to_string();
            Workbench::edit(doc, &format!("Setup of {id}"), |d| {
                ops::set_placement(d, &id, |x| *x = p)
            });
        }
        Action::Unplace(u) => Workbench::edit(doc, &format!("Unplace {u}"), |d| {
            ops::unplace(d, u.as_str())
        }),
    }
}
