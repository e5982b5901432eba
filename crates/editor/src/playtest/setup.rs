//! The set-up phase before turn 1: the player sets up the units without a fixed
//! hex inside their set-up areas. Pick a unit in the panel (Shift adds another), every hex
//! where the engine lets it stand is shaded, its whole area outlined; a click sets it up
//! and the next waiting unit is picked. A unit already set up is picked by clicking its
//! hex, and moved by clicking another, until the player ends the set-up.

use egui::{RichText, Ui};

use super::cx::{Cx, unit_label};
use sztab_core::hex::HexId;
use sztab_core::model::UnitId;
use sztab_wb95::{Action, Game, Side, Unit};

/// Units of `side` waiting to be set up, and those set up already, in the game's order.
fn units(g: &Game, side: Side) -> (Vec<Unit>, Vec<Unit>) {
    let (deployed, waiting): (Vec<Unit>, Vec<Unit>) = g
        .free_units(side)
        .partition(|&u| g.unit_state(u).hex().is_some());
    (waiting, deployed)
}

/// Where the selection may be set up now.
pub fn legal(g: &Game, selected: &[Unit]) -> Vec<HexId> {
    g.deploy_hexes(selected)
        .into_iter()
        .map(|h| g.hex_id(h))
        .collect()
}

/// Every hex of the selection's set-up area (the first unit's).
pub fn area(g: &Game, selected: &[Unit]) -> Vec<HexId> {
    selected
        .first()
        .and_then(|&u| g.prepared().free_start(u))
        .map(|f| f.hexes.iter().map(|&h| g.hex_id(h)).collect())
        .unwrap_or_default()
}

/// The orders panel of the set-up phase.
pub fn panel(ui: &mut Ui, cx: &mut Cx) {
    let (waiting, deployed) = units(cx.game(), cx.side);
    let p = cx.game().prepared().clone();
    cx.orders.selected.retain(|&u| p.free_start(u).is_some());
    if cx.orders.selected.is_empty()
        && let Some(&u) = waiting.first()
    {
        cx.orders.selected = vec![u];
    }
    ui.label(
        "Set up each unit inside its set-up area: pick it here (Shift+click adds another), \
         then click a shaded hex. Click a unit set up already to move it.",
    );
    let list = |ui: &mut Ui, cx: &mut Cx, title: &str, us: &[Unit]| {
        ui.label(RichText::new(format!("{title} ({})", us.len())).strong());
        for &u in us {
            let g = cx.game();
            let at = g
                .unit_state(u)
                .hex()
                .map_or(String::new(), |h| format!(" on {}", g.hex_id(h)));
            let text = format!("{}{at}", unit_label(g, u));
            let on = cx.orders.selected.contains(&u);
            let r = ui.selectable_label(on, text);
            if r.clicked() {
                let shift = ui.input(|i| i.modifiers.shift);
                pick(cx, u, shift);
            }
        }
    };
    list(ui, cx, "To set up", &waiting);
    list(ui, cx, "Set up", &deployed);
    let g = cx.game();
    if !cx.orders.selected.is_empty() {
        let n = legal(g, &cx.orders.selected).len();
        ui.weak(format!("{n} hex(es) can take the selection."));
    }
    if let Err(e) = g.check(&Action::EndPhase) {
        ui.weak(format!(
            "End set-up ▶ (phase bar) once all stand: {}",
            e.message
        ));
    }
}

/// Picks a unit (Shift: adds it to the selection, or takes it out).
fn pick(cx: &mut Cx, u: Unit, add: bool) {
    let sel = &mut cx.orders.selected;
    if !add {
        *sel = vec![u];
    } else if let Some(i) = sel.iter().position(|&x| x == u) {
        sel.remove(i);
    } else {
        sel.push(u);
    }
}

/// A click on the map: set the selection up on the hex, or pick the units set up there.
pub fn click(cx: &mut Cx, hex: HexId, shift: bool) {
    let g = cx.game();
    let here: Vec<Unit> = cx
        .own_units_at(hex)
        .into_iter()
        .filter(|&u| g.prepared().free_start(u).is_some())
        .collect();
    let selected = cx.orders.selected.clone();
    let fits = !selected.is_empty() && legal(g, &selected).contains(&hex);
    if fits && !shift {
        let ids: Vec<UnitId> = selected.iter().map(|&u| g.unit_id(u).clone()).collect();
        if cx.act(Action::Deploy { units: ids, hex }) {
            let (waiting, _) = units(cx.game(), cx.side);
            cx.orders.selected = waiting.first().copied().into_iter().collect();
        }
        return;
    }
    if !here.is_empty() {
        if shift {
            for u in here {
                pick(cx, u, true);
            }
        } else {
            cx.orders.selected = here;
        }
        return;
    }
    if !selected.is_empty() {
        let ids: Vec<UnitId> = selected.iter().map(|&u| g.unit_id(u).clone()).collect();
        // The engine says why the hex cannot take them.
        cx.act(Action::Deploy { units: ids, hex });
    }
}
