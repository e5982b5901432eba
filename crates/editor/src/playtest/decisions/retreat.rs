//! Retreat or sustain (R5.3): each unit takes one of the engine's legal retreat paths,
//! picked in a list or by clicking its last hex on the map (shaded), or stays; the CELs
//! owed for hexes not retreated (R5.3.7-5.3.8) and for retreating through an enemy ZoC
//! held by friends (R5.3.4) are then allocated.

use egui::Ui;

use super::super::cx::{Cx, confirm_button, id_label};
use sztab_core::hex::HexId;
use sztab_core::model::UnitId;
use sztab_wb95::{Action, Decision, Game, RetreatOrder};

pub(super) fn paths(g: &Game, id: &UnitId) -> Vec<Vec<HexId>> {
    options(g, id).into_iter().map(|(p, _)| p).collect()
}

/// The engine's legal paths with the CELs each costs through enemy ZoC (R5.3.4).
fn options(g: &Game, id: &UnitId) -> Vec<(Vec<HexId>, u8)> {
    g.roster()
        .get(id.as_str())
        .map(|u| g.retreat_options(u))
        .unwrap_or_default()
}

fn show_path(p: &[HexId], zoc_cel: u8) -> String {
    if p.is_empty() {
        return "stay and sustain".into();
    }
    let cost = match zoc_cel {
        0 => "no CEL".to_string(),
        n => format!("−{n} CEL: enemy ZoC, R5.3.4"),
    };
    format!(
        "› {}  ({cost})",
        p.iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" › ")
    )
}

fn chosen(cx: &Cx, id: &UnitId) -> Vec<HexId> {
    cx.orders
        .draft
        .paths
        .iter()
        .find(|(u, _)| u == id)
        .map(|(_, p)| p.clone())
        .unwrap_or_default()
}

fn set(cx: &mut Cx, id: &UnitId, p: Vec<HexId>) {
    cx.orders.draft.paths.retain(|(u, _)| u != id);
    if !p.is_empty() {
        cx.orders.draft.paths.push((id.clone(), p));
    }
}

/// Full retreats where they fit: each unit takes, of the full-length paths whose end hex
/// stays within 8 CEL with the units already sent there (R5.3.6), the one that costs the
/// fewest CEL through enemy ZoC (R5.3.4, as the engine counts it); the others stay.
pub(crate) fn default_moves(g: &Game, units: &[UnitId], hexes: u8) -> Vec<(UnitId, Vec<HexId>)> {
    let mut added: Vec<(HexId, u32)> = Vec::new();
    let mut out = Vec::new();
    for id in units {
        let Some(u) = g.roster().get(id.as_str()) else {
            continue;
        };
        let cel = u32::from(g.unit_state(u).cel);
        let fits = |end: HexId, added: &[(HexId, u32)]| {
            let there = g.board().index(end).map_or(0, |h| g.stacked_cel(h));
            let more: u32 = added
                .iter()
                .filter(|(h, _)| *h == end)
                .map(|(_, c)| c)
                .sum();
            there + more + cel <= 8
        };
        let pick = options(g, id)
            .into_iter()
            .filter(|(p, _)| p.len() == usize::from(hexes))
            .filter(|(p, _)| p.last().is_some_and(|&e| fits(e, &added)))
            .min_by_key(|(_, cost)| *cost)
            .map(|(p, _)| p);
        if let Some(p) = pick {
            if let Some(&end) = p.last() {
                added.push((end, cel));
            }
            out.push((id.clone(), p));
        }
    }
    out
}

pub fn body(ui: &mut Ui, cx: &mut Cx, d: &Decision) {
    let Decision::Retreat {
        hexes,
        units,
        immobile,
        fp_reduction,
        ..
    } = d
    else {
        return;
    };
    if !cx.orders.draft.ready {
        cx.orders.draft.paths = default_moves(cx.game(), units, *hexes);
        cx.orders.draft.active = units.first().cloned();
        cx.orders.draft.ready = true;
    }
    ui.label(format!(
        "Retreat {hexes} hex(es), each step farther from the combat hex (R5.3.2). A unit that stays or stops short costs 1 CEL per hex not retreated (R5.3.7){}.",
        if *fp_reduction > 0 { format!(", {fp_reduction} less in the Fixed Position (R7.2.6)") } else { String::new() }
    ));
    ui.weak("Choose a path, or pick the unit and click the shaded end hex on the map.");
    for id in units {
        unit_row(ui, cx, id);
    }
    for id in immobile {
        ui.weak(format!("{} cannot retreat", id_label(cx.game(), id)));
    }
    allocation(ui, cx);
}

fn unit_row(ui: &mut Ui, cx: &mut Cx, id: &UnitId) {
    let options = options(cx.game(), id);
    let now = chosen(cx, id);
    let now_cost = options
        .iter()
        .find(|(p, _)| *p == now)
        .map_or(0, |(_, c)| *c);
    let label = id_label(cx.game(), id);
    ui.horizontal(|ui| {
        let active = cx.orders.draft.active.as_ref() == Some(id);
        if ui
            .selectable_label(active, format!("Pick {label} on map"))
            .clicked()
        {
            cx.orders.draft.active = Some(id.clone());
        }
    });
    let mut pick = None;
    egui::ComboBox::from_label(label)
        .selected_text(show_path(&now, now_cost))
        .width(340.0)
        .show_ui(ui, |ui| {
            if ui
                .selectable_label(now.is_empty(), show_path(&[], 0))
                .clicked()
            {
                pick = Some(Vec::new());
            }
            for (p, cost) in &options {
                if ui
                    .selectable_label(*p == now, show_path(p, *cost))
                    .clicked()
                {
                    pick = Some(p.clone());
                }
            }
        });
    if let Some(p) = pick {
        set(cx, id, p);
    }
}

fn allocation(ui: &mut Ui, cx: &mut Cx) {
    let side = cx.side;
    let moves = cx.orders.draft.paths.clone();
    let g = cx.session.game();
    let (due, absorbers) = match g.retreat_loss_due(side, &moves) {
        Ok(x) => x,
        Err(e) => {
            ui.colored_label(egui::Color32::from_rgb(190, 30, 30), e.to_string());
            return;
        }
    };
    let mut losses = Vec::new();
    if due > 0 {
        let units: Vec<(UnitId, u8)> = absorbers
            .iter()
            .filter_map(|id| Some((id.clone(), g.unit_state(g.roster().get(id.as_str())?).cel)))
            .collect();
        if cx.orders.draft.cels.len() != units.len()
            || cx
                .orders
                .draft
                .cels
                .iter()
                .zip(&units)
                .any(|(a, b)| a.0 != b.0)
        {
            cx.orders.draft.cels = super::losses::suggest(due, &units, &[]);
        }
        ui.label(format!(
            "{due} CEL to lose for the hexes not retreated, from:"
        ));
        let total = super::losses::sliders(ui, g, &units, &mut cx.orders.draft.cels, due);
        ui.label(format!("{total} of {due} CEL chosen"));
        losses = cx
            .orders
            .draft
            .cels
            .iter()
            .filter(|(_, c)| *c > 0)
            .cloned()
            .collect();
    }
    let a = Action::Retreat(RetreatOrder { moves, losses });
    if confirm_button(ui, g, "Carry out the retreat", &a) {
        cx.act(a);
    }
}

/// A click picks the longest legal path of the active unit ending on `hex`.
pub fn click(cx: &mut Cx, hex: HexId) {
    let Some(id) = cx.orders.draft.active.clone() else {
        return;
    };
    let best = paths(cx.game(), &id)
        .into_iter()
        .filter(|p| p.last() == Some(&hex))
        .max_by_key(|p| p.len());
    match best {
        Some(p) => set(cx, &id, p),
        None => *cx.message = Some(format!("{id} cannot retreat to {hex}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_wb95::tests::r5_retreat_pursuit::beaten;

    #[test]
    fn the_default_retreat_avoids_a_zoc_loss_when_a_lossless_path_exists() {
        // `d` on 0505 must retreat 2; 0604 is in the ZoC of `other` but held by `friend`,
        // so › 0604 › 0705 is legal at 1 CEL, while › 0605 › 0706 costs nothing.
        let g = beaten(2, |s| {
            s.unit("other", "german", "0603");
            s.unit("friend", "soviet", "0604");
        });
        let d = UnitId::new("d");
        let all = options(&g, &d);
        assert!(all.iter().any(|(_, c)| *c > 0), "{all:?}");
        let moves = default_moves(&g, std::slice::from_ref(&d), 2);
        let (_, path) = &moves[0];
        let cost = all.iter().find(|(p, _)| p == path).map(|(_, c)| *c);
        assert_eq!(cost, Some(0), "{moves:?} of {all:?}");
        assert!(show_path(&all[0].0, 1).contains("1 CEL"));
    }
}
