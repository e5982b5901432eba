//! The window of one stack: its units top first, with their counters; reorder them, set
//! starting reductions, fortified and artillery setup, the start states (disorganized,
//! out of supply with its level, movement spent, barrage fired; the whole stack masked),
//! or take them off the map. Shows the stack's CEL against the limit of 8 (R3.2.1).

use egui::{Color32, Context, RichText};

use super::icon;
use super::legality::{STACK_LIMIT, start_cel};
use super::ops;
use super::workbench::Workbench;
use crate::document::Document;
use sztab_core::model::{ArtillerySetup, Placement};
use sztab_core::render::counter::{CounterFace, UnitMarkers, UnitState};

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
        |n: &sztab_core::model::NationId| s.side_of_nation(n.as_str()).is_some_and(|x| x.fortified);
    let rows: Vec<(Placement, Option<RowInfo>)> = here
        .iter()
        .map(|p| {
            let info = c.unit(p.unit.as_str()).map(|u| {
                let state = UnitState {
                    cel: p.cel.unwrap_or(u.cel),
                    markers: UnitMarkers::at_setup(p, side_fortified(&u.nation)),
                };
                RowInfo {
                    face: CounterFace::new(u, c.nation(u.nation.as_str()), state),
                    full: u.cel,
                    towed: u.is_towed(),
                    artillery: u.is_artillery(),
                    side_fortified: side_fortified(&u.nation),
                }
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
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{cel} of {STACK_LIMIT} CEL")).color(colour));
                let mut masked = here.iter().all(|p| p.masked);
                if ui
                    .checkbox(&mut masked, "masked")
                    .on_hover_text("The stack starts under a masking marker (R16.1.2)")
                    .changed()
                {
                    actions.push(Action::Mask(masked));
                }
            });
            let n = rows.len();
            for (k, (p, info)) in rows.iter().enumerate() {
                ui.separator();
                row(ui, k, n, p, info.as_ref(), &mut actions);
            }
        });
    if !open {
        wb.stack_popup = None;
    }
    for a in actions {
        apply(wb, doc, hex, a);
    }
}

/// What a stack row needs of the unit's counter.
struct RowInfo {
    face: CounterFace,
    /// Its full CEL.
    full: u8,
    towed: bool,
    artillery: bool,
    /// Its side starts fortified.
    side_fortified: bool,
}

enum Action {
    Select(sztab_core::model::UnitId),
    Move(usize, usize),
    Set(Placement),
    Unplace(sztab_core::model::UnitId),
    /// Masks or unmasks every unit of the stack.
    Mask(bool),
}

/// A unit of the stack: its counter, order and setup on one line, its start states on
/// the next.
fn row(
    ui: &mut egui::Ui,
    k: usize,
    n: usize,
    p: &Placement,
    info: Option<&RowInfo>,
    actions: &mut Vec<Action>,
) {
    let mut x = p.clone();
    ui.horizontal(|ui| setup_line(ui, k, n, p, &mut x, info, actions));
    if let Some(info) = info {
        ui.horizontal(|ui| start_states(ui, &mut x, info));
    }
    if x != *p {
        actions.push(Action::Set(x));
    }
}

fn setup_line(
    ui: &mut egui::Ui,
    k: usize,
    n: usize,
    p: &Placement,
    x: &mut Placement,
    info: Option<&RowInfo>,
    actions: &mut Vec<Action>,
) {
    if let Some(RowInfo { face, .. }) = info
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
    if let Some(&RowInfo {
        full,
        towed,
        side_fortified,
        ..
    }) = info
    {
        if full > 1 {
            let mut reduced = x.cel.is_some_and(|c| c < full);
            if ui
                .checkbox(&mut reduced, "reduced")
                .on_hover_text(format!("{} starts on its reduced side", p.unit))
                .changed()
            {
                x.cel = reduced.then_some(full - 1);
            }
        }
        if !side_fortified {
            ui.checkbox(&mut x.fortified, "fortified")
                .on_hover_text(format!("{} starts in a field fortification", p.unit));
        }
        if towed {
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
    if ui
        .small_button("Unplace")
        .on_hover_text(format!("Take {} off the map", p.unit))
        .clicked()
    {
        actions.push(Action::Unplace(p.unit.clone()));
    }
}

/// The most out-of-supply level the window offers; a file may give more.
const MAX_OOS: u8 = 12;

/// Disorganized, out of supply with its level, movement spent, barrage fired (artillery).
fn start_states(ui: &mut egui::Ui, x: &mut Placement, info: &RowInfo) {
    ui.add_space(40.0);
    let id = x.unit.to_string();
    ui.checkbox(&mut x.disorganized, "disorganized")
        .on_hover_text(format!("{id} starts disorganized: SPs halved (R5.6.4)"));
    let level = |l: u8| {
        if l == 0 {
            "in supply".to_string()
        } else {
            format!("out of supply {l}")
        }
    };
    egui::ComboBox::from_id_salt(("start supply", &id))
        .selected_text(level(x.out_of_supply))
        .show_ui(ui, |ui| {
            for l in 0..=MAX_OOS.max(x.out_of_supply) {
                ui.selectable_value(&mut x.out_of_supply, l, level(l));
            }
        })
        .response
        .on_hover_text(format!(
            "{id}'s out-of-supply level at the start: MPs and attack SPs halved (R10.2)"
        ));
    ui.checkbox(&mut x.movement_spent, "movement spent")
        .on_hover_text(format!(
            "{id} has spent the MPs of its side's Movement phase of turn 1 (R3.1.5)"
        ));
    if info.artillery {
        ui.checkbox(&mut x.barrage_fired, "barrage fired")
            .on_hover_text(format!(
                "{id} fired in its side's Barrage phase of turn 1: no move in the next Movement phase, no fire in the next two Combat phases (R6.5.5-6.5.6)"
            ));
    }
}

fn apply(wb: &mut Workbench, doc: &mut Document, hex: sztab_core::hex::HexId, a: Action) {
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
        Action::Mask(masked) => {
            let what = if masked { "Mask" } else { "Unmask" };
            Workbench::edit(doc, &format!("{what} stack {hex}"), |d| {
                let units: Vec<String> = d
                    .setup
                    .list
                    .iter()
                    .filter(|p| p.hex == hex)
                    .map(|p| p.unit.to_string())
                    .collect();
                for u in units {
                    ops::set_placement(d, &u, |p| p.masked = masked);
                }
            })
        }
    }
}
