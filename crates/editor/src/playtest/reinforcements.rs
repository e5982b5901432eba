//! The reinforcement tray (R11): off-map units that may enter now with their entry
//! zones, the groups still to come, and entering: tick units, click an entry hex of
//! their zones (shaded), then a hex they can reach from it (or "Enter and stop here").
//! Units may also wait and shift zone (R11.2.2).

use egui::Ui;

use super::cx::{Cx, unit_label};
use super::orders::ReachView;
use sztab_core::hex::HexId;
use sztab_core::model::{Mp, UnitId};
use sztab_wb95::state::Loc;
use sztab_wb95::{Action, Game, Side, Unit};

/// Names of the zones a unit may enter through now, "½" marking half MPs (R11.2.1).
fn zone_names(g: &Game, u: Unit) -> String {
    g.entry_zones(u)
        .iter()
        .map(|&(z, half)| {
            let n = &g.prepared().zones[z].name;
            if half {
                format!("{n} (½ MP)")
            } else {
                n.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Hexes of the zones every entering unit may use.
pub fn entry_hexes(g: &Game, units: &[Unit]) -> Vec<HexId> {
    let mut out: Option<Vec<HexId>> = None;
    for &u in units {
        let mine: Vec<HexId> = g
            .entry_zones(u)
            .iter()
            .flat_map(|&(z, _)| g.prepared().zones[z].hexes.iter().map(|&h| g.hex_id(h)))
            .collect();
        out = Some(match out {
            None => mine,
            Some(prev) => prev.into_iter().filter(|h| mine.contains(h)).collect(),
        });
    }
    let mut v = out.unwrap_or_default();
    v.sort();
    v.dedup();
    v
}

/// Where the entering units can go from the chosen entry hex.
pub fn entry_reach(g: &Game, units: &[Unit], entry: HexId) -> ReachView {
    let Some(e) = g.board().index(entry) else {
        return ReachView::default();
    };
    let mut common: Option<Vec<(HexId, Mp, Vec<HexId>)>> = None;
    for &u in units {
        let Some(r) = g.reach_from_entry(u, e) else {
            return ReachView::default();
        };
        let mine: Vec<(HexId, Mp, Vec<HexId>)> = r
            .hexes()
            .chain(r.cost(e).map(|c| (e, c)))
            .filter_map(|(h, c)| {
                let p = r.path(h)?;
                Some((g.hex_id(h), c, p.iter().map(|&x| g.hex_id(x)).collect()))
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
        from: None,
        hexes: common.unwrap_or_default(),
    }
}

fn ids(g: &Game, units: &[Unit]) -> Vec<UnitId> {
    units.iter().map(|&u| g.unit_id(u).clone()).collect()
}

/// A click while units are chosen to enter: pick the entry hex, then the destination.
pub fn click(cx: &mut Cx, hex: HexId) {
    let units = cx.orders.entering.clone();
    if cx.orders.entry_hex.is_none() || entry_hexes(cx.game(), &units).contains(&hex) {
        if entry_hexes(cx.game(), &units).contains(&hex) && cx.orders.entry_hex != Some(hex) {
            cx.orders.entry_hex = Some(hex);
            cx.orders.reach = None;
            return;
        }
        if cx.orders.entry_hex.is_none() {
            *cx.message = Some("Click a hex of the shaded entry zone first.".into());
            return;
        }
    }
    let path = cx
        .orders
        .reach
        .as_ref()
        .and_then(|r| r.get(hex))
        .map(|x| x.2.clone());
    let Some(path) = path else {
        *cx.message = Some(format!("{hex} cannot be reached from the entry hex"));
        return;
    };
    let units = ids(cx.game(), &units);
    if cx.act(Action::Enter { units, path }) {
        cx.orders.clear_selection();
    }
}

/// The tray: units waiting off the map.
pub fn tray(ui: &mut Ui, cx: &mut Cx) {
    let side = cx.side;
    let g = cx.session.game();
    let waiting = g.waiting_units(side);
    ui.strong(format!("Reinforcements ({} may enter)", waiting.len()));
    let mut toggled = None;
    for &u in &waiting {
        let mut on = cx.orders.entering.contains(&u);
        let text = format!("{} — zones {}", unit_label(g, u), zone_names(g, u));
        if ui.checkbox(&mut on, text).changed() {
            toggled = Some((u, on));
        }
    }
    if let Some((u, on)) = toggled {
        if on {
            cx.orders.selected.clear();
            cx.orders.entering.push(u);
        } else {
            cx.orders.entering.retain(|&x| x != u);
        }
        cx.orders.entry_hex = None;
        cx.orders.reach = None;
    }
    later(ui, g, side);
    if cx.orders.entering.is_empty() {
        return;
    }
    match cx.orders.entry_hex {
        None => {
            ui.label("Click a shaded hex of an entry zone.");
        }
        Some(h) => {
            ui.label(format!(
                "Entering through {h}: click a shaded hex to move on, or"
            ));
            let units = ids(g, &cx.orders.entering);
            let stop = Action::Enter {
                units,
                path: vec![h],
            };
            if super::cx::action_button(ui, g, &format!("Enter and stop on {h}"), &stop)
                && cx.act(stop)
            {
                cx.orders.clear_selection();
                return;
            }
        }
    }
    shift_zone(ui, cx);
}

/// Waiting to enter through another zone later (R11.2.2).
fn shift_zone(ui: &mut Ui, cx: &mut Cx) {
    let g = cx.session.game();
    let names: Vec<String> = g.prepared().zones.iter().map(|z| z.name.clone()).collect();
    if names.is_empty() {
        return;
    }
    ui.horizontal(|ui| {
        egui::ComboBox::from_label("zone")
            .selected_text(cx.orders.zone_shift.clone())
            .show_ui(ui, |ui| {
                for n in &names {
                    ui.selectable_value(&mut cx.orders.zone_shift, n.clone(), n);
                }
            });
        let a = Action::ShiftZone {
            units: ids(cx.game(), &cx.orders.entering),
            zone: cx.orders.zone_shift.clone(),
        };
        if super::cx::action_button(ui, cx.game(), "Wait and shift zone", &a) && cx.act(a) {
            cx.orders.clear_selection();
        }
    });
}

/// Groups that arrive on a later turn.
fn later(ui: &mut Ui, g: &Game, side: Side) {
    let turn = i64::from(g.turn());
    let coming: Vec<String> = g
        .prepared()
        .groups
        .iter()
        .filter(|gr| gr.side == side && gr.turn > turn)
        .filter(|gr| {
            gr.units
                .iter()
                .any(|&u| g.unit_state(u).loc == Loc::Scheduled)
        })
        .map(|gr| {
            format!(
                "turn {}: {} ({})",
                gr.turn,
                gr.name,
                crate::words::count(gr.units.len(), "unit", "units")
            )
        })
        .collect();
    if !coming.is_empty() {
        egui::CollapsingHeader::new(format!("Still to come ({})", coming.len())).show(ui, |ui| {
            for c in coming {
                ui.weak(c);
            }
        });
    }
}
