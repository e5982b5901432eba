//! Pursuit (R5.4.1-5.4.9) and advance after elimination (R5.4.10): per unit, stay or
//! one of the moves the engine accepts: along a retreat path from the vacated hex, at
//! most as far as the retreat went; or into the emptied hex and one hex beyond. Picked
//! in a list or by clicking the end hex on the map.

use egui::Ui;

use super::super::cx::{Cx, confirm_button, id_label};
use sztab_core::hex::HexId;
use sztab_core::model::UnitId;
use sztab_wb95::{Action, Decision, Game};

fn movers(d: &Decision) -> &[UnitId] {
    match d {
        Decision::Pursue { pursuers, .. } => pursuers,
        Decision::Advance { units, .. } => units,
        _ => &[],
    }
}

fn wrap(d: &Decision, moves: Vec<(UnitId, Vec<HexId>)>) -> Action {
    match d {
        Decision::Pursue { .. } => Action::Pursue { moves },
        _ => Action::Advance { moves },
    }
}

/// Every move of `id` the engine accepts on its own.
pub(super) fn options(g: &Game, d: &Decision, id: &UnitId) -> Vec<Vec<HexId>> {
    let mut cands: Vec<Vec<HexId>> = Vec::new();
    match d {
        Decision::Pursue { paths, .. } => {
            for (_, p) in paths {
                for k in 1..p.len() {
                    cands.push(p[..k].to_vec());
                }
            }
        }
        Decision::Advance { hexes, .. } => {
            let grid = &g.board().grid;
            for &h in hexes {
                cands.push(vec![h]);
                for n in grid.neighbours(h) {
                    cands.push(vec![h, n]);
                }
            }
        }
        _ => {}
    }
    cands.sort();
    cands.dedup();
    cands
        .into_iter()
        .filter(|p| g.check(&wrap(d, vec![(id.clone(), p.clone())])).is_ok())
        .collect()
}

fn show_path(p: &[HexId]) -> String {
    if p.is_empty() {
        return "stay".into();
    }
    format!(
        "› {}",
        p.iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" › ")
    )
}

pub fn body(ui: &mut Ui, cx: &mut Cx, d: &Decision) {
    if !cx.orders.draft.ready {
        cx.orders.draft.active = movers(d).first().cloned();
        cx.orders.draft.ready = true;
    }
    match d {
        Decision::Pursue { .. } => ui.label(
            "The enemy retreated: units that fought may pursue along a retreat path, ignoring ZoC, at most as far as it went (R5.4).",
        ),
        _ => ui.label("The hex was emptied: units that fought may advance into it, and one hex beyond if the rules allow (R5.4.10)."),
    };
    for id in movers(d) {
        row(ui, cx, d, id);
    }
    let moves = cx.orders.draft.paths.clone();
    let a = wrap(d, moves);
    ui.horizontal(|ui| {
        let g = cx.session.game();
        if confirm_button(ui, g, "Carry out these moves", &a) {
            cx.act(a);
        } else if ui.button("Decline").clicked() {
            cx.act(wrap(d, Vec::new()));
        }
    });
}

fn row(ui: &mut Ui, cx: &mut Cx, d: &Decision, id: &UnitId) {
    let g = cx.session.game();
    let opts = options(g, d, id);
    let now = cx
        .orders
        .draft
        .paths
        .iter()
        .find(|(u, _)| u == id)
        .map(|(_, p)| p.clone())
        .unwrap_or_default();
    let label = id_label(g, id);
    let active = cx.orders.draft.active.as_ref() == Some(id);
    if ui
        .selectable_label(active, format!("Pick {label} on map"))
        .clicked()
    {
        cx.orders.draft.active = Some(id.clone());
    }
    let mut pick = None;
    egui::ComboBox::from_label(label)
        .selected_text(show_path(&now))
        .width(240.0)
        .show_ui(ui, |ui| {
            if ui.selectable_label(now.is_empty(), "stay").clicked() {
                pick = Some(Vec::new());
            }
            for p in &opts {
                if ui.selectable_label(*p == now, show_path(p)).clicked() {
                    pick = Some(p.clone());
                }
            }
        });
    if let Some(p) = pick {
        cx.orders.draft.paths.retain(|(u, _)| u != id);
        if !p.is_empty() {
            cx.orders.draft.paths.push((id.clone(), p));
        }
    }
}

pub fn click(cx: &mut Cx, d: &Decision, hex: HexId) {
    let Some(id) = cx.orders.draft.active.clone() else {
        return;
    };
    let best = options(cx.game(), d, &id)
        .into_iter()
        .filter(|p| p.last() == Some(&hex))
        .max_by_key(|p| p.len());
    match best {
        Some(p) => {
            cx.orders.draft.paths.retain(|(u, _)| *u != id);
            cx.orders.draft.paths.push((id, p));
        }
        None => *cx.message = Some(format!("{id} cannot go to {hex}")),
    }
}
