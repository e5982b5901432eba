//! Movement and Strategic Movement phases (R3, R12): select a stack (Shift+click adds
//! units, Ctrl+click always selects), see every hex the selection can reach with its
//! cost, follow the engine's path under the pointer, click to move. The panel offers
//! the other orders of the phase for the selection, each enabled only when the engine
//! accepts it (its reason on hover otherwise).

use egui::Ui;

use super::cx::{Cx, action_button, unit_label};
use super::orders::ReachView;
use sztab_core::hex::HexId;
use sztab_core::model::{ArtillerySetup, Mp, UnitId};
use sztab_wb95::movement::MoveMode;
use sztab_wb95::{Action, Game, PhaseKind, Unit};

/// Where every selected unit can go, the slowest unit's cost and path (they move
/// together along one path).
pub fn reach(game: &Game, units: &[Unit]) -> ReachView {
    let Some(&first) = units.first() else {
        return ReachView::default();
    };
    let from = game.unit_state(first).hex().map(|h| game.hex_id(h));
    let mut common: Option<Vec<(HexId, Mp, Vec<HexId>)>> = None;
    for &u in units {
        let Some(r) = game.reach(u) else {
            return ReachView {
                from,
                hexes: Vec::new(),
            };
        };
        let mine: Vec<(HexId, Mp, Vec<HexId>)> = r
            .hexes()
            .filter_map(|(h, c)| {
                let p = r.path(h)?;
                Some((
                    game.hex_id(h),
                    c,
                    p.iter().map(|&x| game.hex_id(x)).collect(),
                ))
            })
            .collect();
        common = Some(match common {
            None => mine,
            Some(prev) => prev
                .into_iter()
                .filter_map(|(h, c, p)| {
                    let (_, c2, p2) = mine.iter().find(|x| x.0 == h)?;
                    Some(if *c2 > c {
                        (h, *c2, p2.clone())
                    } else {
                        (h, c, p)
                    })
                })
                .collect(),
        });
    }
    ReachView {
        from,
        hexes: common.unwrap_or_default(),
    }
}

/// A click on the map in a movement phase.
pub fn click(cx: &mut Cx, hex: HexId, shift: bool, ctrl: bool) {
    if !cx.orders.entering.is_empty() {
        super::reinforcements::click(cx, hex);
        return;
    }
    let own = cx.own_units_at(hex);
    let target = cx
        .orders
        .reach
        .as_ref()
        .and_then(|r| r.get(hex))
        .map(|(_, _, p)| p.clone());
    if let (Some(path), false, false) = (target, shift, ctrl) {
        let units: Vec<UnitId> = cx
            .orders
            .selected
            .iter()
            .map(|&u| cx.game().unit_id(u).clone())
            .collect();
        if cx.act(Action::Move { units, path }) {
            cx.orders.clear_selection();
        }
        return;
    }
    if own.is_empty() {
        cx.orders.clear_selection();
        return;
    }
    if shift {
        for u in own {
            if !cx.orders.selected.contains(&u) {
                cx.orders.selected.push(u);
            }
        }
    } else {
        cx.orders.selected = own;
    }
    cx.orders.reach = None;
}

/// The panel: the selection, its MPs, and the phase's other orders.
pub fn panel(ui: &mut Ui, cx: &mut Cx) {
    let strategic = cx.game().state().clock.phase.kind() == PhaseKind::Strategic;
    if strategic {
        ui.label("Strategic movement: units marked S move with 2 MP less and may not enter an enemy ZoC (R12).");
    } else {
        ui.label("Click a stack to select it (Shift+click adds units, Ctrl+click selects), then a shaded hex to move there.");
    }
    ui.separator();
    selection(ui, cx, strategic);
    ui.separator();
    super::reinforcements::tray(ui, cx);
}

fn selection(ui: &mut Ui, cx: &mut Cx, strategic: bool) {
    if cx.orders.selected.is_empty() {
        ui.weak("No unit selected.");
        return;
    }
    ui.strong("Selected");
    let mode = if strategic {
        MoveMode::Strategic
    } else {
        MoveMode::Normal
    };
    let mut drop = None;
    for &u in &cx.orders.selected {
        let g = cx.session.game();
        let st = g.unit_state(u);
        let mut line = format!(
            "{}  {} of {} MP",
            unit_label(g, u),
            g.mp_spent(u),
            g.mp_allowance(u, mode, false)
        );
        if st.oos > 0 {
            line += &format!(", OoS {}", st.oos);
        }
        if st.is_disorganized() {
            line += ", disorganized";
        }
        if g.reach(u).is_none() {
            line += " (may not move now)";
        }
        let mut keep = true;
        if ui.checkbox(&mut keep, line).changed() && !keep {
            drop = Some(u);
        }
    }
    if let Some(u) = drop {
        cx.orders.selected.retain(|&x| x != u);
        cx.orders.reach = None;
    }
    orders(ui, cx, strategic);
}

/// Every order of the phase for the selection, each checked by the engine.
fn orders(ui: &mut Ui, cx: &mut Cx, strategic: bool) {
    let g = cx.session.game();
    let ids: Vec<UnitId> = cx
        .orders
        .selected
        .iter()
        .map(|&u| g.unit_id(u).clone())
        .collect();
    let mut actions: Vec<(String, Action)> = Vec::new();
    if !strategic {
        actions.push((
            "Mark for strategic movement".into(),
            Action::MarkStrategic { units: ids.clone() },
        ));
    }
    if cx.orders.selected.iter().any(|&u| g.unit_state(u).oos > 0) {
        actions.push((
            "Full MP while out of supply (+1 OoS)".into(),
            Action::FullMp { units: ids.clone() },
        ));
    }
    let masked = cx.orders.selected.iter().all(|&u| g.unit_state(u).masked);
    actions.push((
        if masked { "Unmask" } else { "Mask (R16.1.2)" }.into(),
        Action::Mask {
            units: ids.clone(),
            masked: !masked,
        },
    ));
    actions.push((
        "Leave the map here".into(),
        Action::LeaveMap { units: ids.clone() },
    ));
    for &u in &cx.orders.selected {
        unit_orders(g, u, &mut actions);
    }
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for (text, a) in &actions {
            if action_button(ui, g, text, a) {
                chosen = Some(a.clone());
            }
        }
    });
    if let Some(a) = chosen {
        let keep = matches!(a, Action::Mask { .. } | Action::FullMp { .. });
        if cx.act(a) && !keep {
            cx.orders.clear_selection();
        }
    }
}

/// Orders of one unit: fortify, setup change, bridges, Volkssturm.
fn unit_orders(g: &Game, u: Unit, out: &mut Vec<(String, Action)>) {
    let id = g.unit_id(u).clone();
    let info = g.info(u);
    let Some(h) = g.unit_state(u).hex() else {
        return;
    };
    if info.is_regular() {
        out.push((
            format!("{id}: build field fortification"),
            Action::Fortify { unit: id.clone() },
        ));
    }
    if info.is_towed() {
        let to = match g.unit_state(u).setup {
            Some(ArtillerySetup::Combat) => "transport",
            _ => "combat",
        };
        out.push((
            format!("{id}: change to {to} setup"),
            Action::ChangeSetup { unit: id.clone() },
        ));
    }
    let hex = g.hex_id(h);
    for b in &g.board().bridges {
        if !b.side.touches(hex) {
            continue;
        }
        out.push((
            format!("{id}: demolish bridge {}", b.side),
            Action::DemolishBridge {
                unit: id.clone(),
                bridge: b.side,
            },
        ));
        out.push((
            format!("{id}: rebuild bridge {}", b.side),
            Action::RebuildBridge {
                unit: id.clone(),
                bridge: b.side,
            },
        ));
        if info.is_hq() {
            out.push((
                format!("{id}: build bridge {}", b.side),
                Action::BuildBridge {
                    hq: id.clone(),
                    bridge: b.side,
                },
            ));
        }
    }
    if info.is_vs() {
        for &other in g.units_at(h) {
            if other != u && !g.info(other).is_vs() && g.info(other).is_regular() {
                out.push((
                    format!("{id}: give a CEL to {}", g.unit_id(other)),
                    Action::TransferCel {
                        volkssturm: id.clone(),
                        infantry: g.unit_id(other).clone(),
                    },
                ));
            }
        }
    }
}
