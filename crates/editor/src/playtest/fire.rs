//! Artillery fire: ranged attacks in a Combat phase (R6.4) and barrages in a Barrage
//! phase (R6.5). The engine lists the hexes that may be fired at with the guns in range
//! and the air missions over them; click a target (on the map or in the list), choose
//! the guns, fire. The result comes from the small tables, dice in the log.

use egui::Ui;

use super::cx::{Cx, action_button};
use super::orders::FirePlan;
use sztab_core::hex::HexId;
use sztab_core::hex::Hexside;
use sztab_core::model::UnitId;
use sztab_wb95::{Action, FireOrder, Game};

fn options(g: &Game, barrage: bool) -> Vec<FireOrder> {
    if barrage {
        g.barrage_options()
    } else {
        g.ranged_options()
    }
}

fn barrage_phase(g: &Game) -> bool {
    g.state().clock.phase.kind() == sztab_wb95::PhaseKind::Barrage
}

/// A click on an enemy hex picks it as the target, with every gun that can reach it.
pub fn click(cx: &mut Cx, hex: HexId) {
    let barrage = barrage_phase(cx.game());
    match options(cx.game(), barrage)
        .into_iter()
        .find(|o| o.target == hex)
    {
        Some(o) => {
            cx.orders.fire = FirePlan {
                target: Some(hex),
                guns: o.artillery,
                air: o.air,
                full_strength: Vec::new(),
            }
        }
        None => *cx.message = Some(format!("No gun of yours can fire at {hex} now.")),
    }
}

/// Bridges the side's guns may fire at now (R6.4.7), each with the guns that may.
fn bridge_targets(g: &Game, side: sztab_wb95::Side) -> Vec<(Hexside, Vec<UnitId>)> {
    let guns: Vec<UnitId> = g
        .units_on_map(side)
        .filter(|&u| g.info(u).is_artillery())
        .map(|u| g.unit_id(u).clone())
        .collect();
    g.board()
        .bridges
        .iter()
        .filter_map(|b| {
            let ok: Vec<UnitId> = guns
                .iter()
                .filter(|id| {
                    g.check(&Action::FireAtBridge {
                        artillery: vec![(*id).clone()],
                        bridge: b.side,
                    })
                    .is_ok()
                })
                .cloned()
                .collect();
            (!ok.is_empty()).then_some((b.side, ok))
        })
        .collect()
}

/// Fire at a bridge with every gun that may (ATTACK ON OBJECTS table).
fn bridges(ui: &mut Ui, cx: &mut Cx) {
    let g = cx.session.game();
    let targets = bridge_targets(g, cx.side);
    if targets.is_empty() {
        return;
    }
    let mut chosen = None;
    egui::CollapsingHeader::new(format!("Fire at a bridge (R6.4.7): {}", targets.len())).show(
        ui,
        |ui| {
            for (b, guns) in targets {
                let names: Vec<String> = guns.iter().map(|u| u.to_string()).collect();
                let text = format!("Fire at bridge {b} with {}", names.join(", "));
                let a = Action::FireAtBridge {
                    artillery: guns,
                    bridge: b,
                };
                if action_button(ui, g, &text, &a) {
                    chosen = Some(a);
                }
            }
        },
    );
    if let Some(a) = chosen {
        cx.act(a);
    }
}

/// The targets, the chosen guns and the fire button.
pub fn panel(ui: &mut Ui, cx: &mut Cx, barrage: bool) {
    if !barrage {
        bridges(ui, cx);
    }
    let g = cx.session.game();
    let opts = options(g, barrage);
    if barrage {
        ui.label(format!(
            "Barrage (R6.5): at least 2 guns in combat setup per hex, 1 ammunition unit each; {} left.",
            g.state().ammo[cx.side.index()]
        ));
    }
    if opts.is_empty() {
        ui.weak("No target in range of ready guns.");
        return;
    }
    let mut pick = None;
    ui.horizontal_wrapped(|ui| {
        ui.label("Targets:");
        for o in &opts {
            let on = cx.orders.fire.target == Some(o.target);
            if ui
                .selectable_label(
                    on,
                    format!(
                        "{} ({} gun{})",
                        o.target,
                        o.artillery.len(),
                        if o.artillery.len() == 1 { "" } else { "s" }
                    ),
                )
                .clicked()
            {
                pick = Some(o.target);
            }
        }
    });
    if let Some(h) = pick {
        click(cx, h);
    }
    let Some(target) = cx.orders.fire.target else {
        ui.label("Click a target.");
        return;
    };
    let Some(opt) = opts.iter().find(|o| o.target == target) else {
        cx.orders.fire = FirePlan::default();
        return;
    };
    let g = cx.session.game();
    let plan = &mut cx.orders.fire;
    super::combat::toggles(ui, g, "Guns", &opt.artillery, &mut plan.guns);
    let air: Vec<UnitId> = opt.air.iter().map(|a| UnitId::new(a.as_str())).collect();
    let mut chosen: Vec<UnitId> = plan.air.iter().map(|a| UnitId::new(a.as_str())).collect();
    super::combat::toggles(ui, g, "Air support (R8.2.3)", &air, &mut chosen);
    plan.air = opt
        .air
        .iter()
        .filter(|a| chosen.iter().any(|c| c.as_str() == a.as_str()))
        .cloned()
        .collect();
    let oos: Vec<UnitId> = plan
        .guns
        .iter()
        .filter(|id| {
            g.roster()
                .get(id.as_str())
                .is_some_and(|u| g.unit_state(u).oos > 0)
        })
        .cloned()
        .collect();
    super::combat::toggles(
        ui,
        g,
        "Full strength, +1 OoS (R10.2.3)",
        &oos,
        &mut plan.full_strength,
    );
    let order = FireOrder {
        artillery: plan.guns.clone(),
        target,
        air: plan.air.clone(),
        full_strength: plan.full_strength.clone(),
    };
    let a = if barrage {
        Action::Barrage(order)
    } else {
        Action::RangedAttack(order)
    };
    if action_button(ui, g, &format!("Fire at {target}"), &a) && cx.act(a) {
        cx.orders.fire = FirePlan::default();
    }
}
