//! The playtest's map: the editor's canvas (pan, zoom, minimap) with the game's counters
//! as the player at the screen may see them, the overlays, the reachable hexes with
//! their costs, the path under the pointer, the attack being planned, the attacks owed,
//! the last move, and the open dialog's picks. Clicks go to the decision at hand.

use egui::Ui;

use super::board_view::{BoardView, board_view, draw_plates};
use super::paint;
use super::{PlayMode, decisions, movement, overlays, reinforcements};
use crate::canvas::Canvas;
use crate::document::Document;
use sztab_core::hex::{Grid, HexId};
use sztab_core::model::Colour;
use sztab_core::render::Sink;
use sztab_wb95::visibility::StackView;
use sztab_wb95::{Decision, Event, Game, Side};

pub fn show(pm: &mut PlayMode, ui: &mut Ui, doc: &Document, canvas: &mut Canvas) {
    let Some(bundle) = doc.bundle() else { return };
    if let Some(h) = pm.goto.take() {
        canvas.show_hex(&bundle.map.grid, h);
    }
    let frame = canvas.interact(ui, doc);
    if let Some(p) = frame.pointer {
        if p.hex.is_some() {
            pm.hovered = p.hex;
        }
        if p.pressed
            && let Some(h) = p.hex
        {
            click(pm, h, p.shift, p.ctrl);
        }
    }
    prepare_reach(pm);
    let Some(s) = pm.session.as_ref() else { return };
    let g = s.game();
    let curtain = pm.hand_over_to().is_some();
    let view = if curtain {
        BoardView::default()
    } else {
        board_view(g, &bundle.counters, pm.viewer())
    };
    let window = canvas.window(&bundle.map.grid);
    let grid = &bundle.map.grid;
    let focus = pm.focus_side();
    let target = pm.click_target();
    let hovered = pm.hovered;
    canvas.paint(ui, doc, None, true, |sink, counters| {
        if curtain {
            return;
        }
        if pm.overlays.control {
            overlays::control(sink, grid, g);
        }
        if pm.overlays.supply {
            overlays::supply(sink, grid, g, focus);
        }
        if pm.overlays.zoc {
            overlays::zoc(sink, grid, g, focus);
        }
        if !pm.heat.is_empty() {
            overlays::heat(sink, grid, &pm.heat);
        }
        plans_below(sink, grid, g, pm, target.as_ref().map(|(_, d)| d));
        if let Some(w) = &window {
            counters.draw(sink, grid, &view.layer, w);
            draw_plates(sink, grid, &view.plates, w);
        }
        plans_above(sink, grid, g, pm, target.as_ref(), hovered);
    });
}

fn click(pm: &mut PlayMode, hex: HexId, shift: bool, ctrl: bool) {
    let Some((side, d)) = pm.click_target() else {
        return;
    };
    let Some(mut cx) = pm.cx(side) else {
        return;
    };
    match &d {
        Decision::SetUp { .. } => super::setup::click(&mut cx, hex, shift),
        Decision::Move { .. } => movement::click(&mut cx, hex, shift, ctrl),
        Decision::Attack { .. } => super::combat::click(&mut cx, hex, shift),
        Decision::Barrage { .. } => super::fire::click(&mut cx, hex),
        other => decisions::click(&mut cx, other, hex),
    }
}

/// Computes where the selection (or the units entering) can go, once per change.
fn prepare_reach(pm: &mut PlayMode) {
    let Some((_, Decision::Move { .. })) = pm.human_decision() else {
        return;
    };
    if pm.orders.reach.is_some() {
        return;
    }
    let Some(s) = &pm.session else { return };
    let g = s.game();
    let o = &mut pm.orders;
    if !o.entering.is_empty() {
        if let Some(e) = o.entry_hex {
            o.reach = Some(reinforcements::entry_reach(g, &o.entering, e));
        }
    } else if !o.selected.is_empty() {
        o.reach = Some(movement::reach(g, &o.selected));
    }
}

fn hexes_of(g: &Game, ids: &[sztab_core::model::UnitId]) -> Vec<HexId> {
    ids.iter()
        .filter_map(|id| g.roster().get(id.as_str()))
        .filter_map(|u| g.unit_state(u).hex())
        .map(|h| g.hex_id(h))
        .collect()
}

/// Shading under the counters: reach with costs, entry zones, attacks owed.
fn plans_below(sink: &mut impl Sink, grid: &Grid, g: &Game, pm: &PlayMode, d: Option<&Decision>) {
    match d {
        Some(Decision::SetUp { .. }) => {
            let sel = &pm.orders.selected;
            paint::shade(sink, grid, super::setup::area(g, sel), paint::AREA);
            paint::shade(sink, grid, super::setup::legal(g, sel), paint::REACH);
        }
        Some(Decision::Move { .. }) => {
            if !pm.orders.entering.is_empty() {
                let zone = reinforcements::entry_hexes(g, &pm.orders.entering);
                paint::shade(sink, grid, zone, Colour([40, 110, 230, 70]));
            }
            if let Some(r) = &pm.orders.reach {
                paint::shade(sink, grid, r.hexes.iter().map(|x| x.0), paint::REACH);
                let costs: Vec<(HexId, String)> = r
                    .hexes
                    .iter()
                    .map(|(h, c, _)| (*h, c.to_string()))
                    .collect();
                paint::label(sink, grid, &costs, paint::REACH_TEXT);
            }
        }
        Some(Decision::Attack { .. }) => {
            let st = g.state();
            let owed: Vec<HexId> = st
                .must_attack
                .iter()
                .filter(|&&u| !g.fought(u))
                .filter_map(|&u| g.unit_state(u).hex())
                .map(|h| g.hex_id(h))
                .collect();
            paint::shade(sink, grid, owed, Colour([230, 30, 30, 60]));
        }
        _ => {}
    }
}

/// Outlines and paths over the counters.
fn plans_above(
    sink: &mut impl Sink,
    grid: &Grid,
    g: &Game,
    pm: &PlayMode,
    target: Option<&(Side, Decision)>,
    hovered: Option<HexId>,
) {
    last_move(sink, grid, pm);
    let o = &pm.orders;
    match target.map(|(_, d)| d) {
        Some(Decision::SetUp { .. }) => {
            paint::outline(
                sink,
                grid,
                super::setup::area(g, &o.selected),
                paint::AREA,
                0.03,
            );
            let sel: Vec<HexId> = o
                .selected
                .iter()
                .filter_map(|&u| g.unit_state(u).hex())
                .map(|h| g.hex_id(h))
                .collect();
            paint::outline(sink, grid, sel, paint::SELECTED, 0.1);
        }
        Some(Decision::Move { .. }) => {
            let sel: Vec<HexId> = o
                .selected
                .iter()
                .filter_map(|&u| g.unit_state(u).hex())
                .map(|h| g.hex_id(h))
                .collect();
            paint::outline(sink, grid, sel, paint::SELECTED, 0.1);
            if let Some(e) = o.entry_hex {
                paint::outline(sink, grid, [e], paint::SELECTED, 0.1);
            }
            if let (Some(r), Some(h)) = (&o.reach, hovered)
                && let Some((_, _, path)) = r.get(h)
            {
                paint::path(sink, grid, r.from, path, paint::PATH);
            }
        }
        Some(Decision::Attack { .. }) => {
            let obliged: Vec<HexId> = g
                .state()
                .obliged
                .iter()
                .filter(|&&u| g.can_attack_now(u))
                .filter_map(|&u| g.unit_state(u).hex())
                .map(|h| g.hex_id(h))
                .collect();
            paint::outline(sink, grid, obliged, Colour([255, 120, 0, 255]), 0.06);
            paint::outline(
                sink,
                grid,
                hexes_of(g, &o.attack.attackers),
                paint::SELECTED,
                0.1,
            );
            paint::outline(
                sink,
                grid,
                hexes_of(g, &o.attack.support),
                paint::SUPPORT,
                0.08,
            );
            paint::outline(sink, grid, o.attack.defenders.clone(), paint::TARGET, 0.12);
            paint::outline(sink, grid, hexes_of(g, &o.fire.guns), paint::SUPPORT, 0.08);
            paint::outline(sink, grid, o.fire.target, paint::TARGET, 0.12);
        }
        Some(Decision::Barrage { .. }) => {
            paint::outline(sink, grid, hexes_of(g, &o.fire.guns), paint::SUPPORT, 0.08);
            paint::outline(sink, grid, o.fire.target, paint::TARGET, 0.12);
        }
        Some(d) => decisions::overlay(sink, g, grid, &o.draft, d),
        None => {}
    }
}

/// The path of the last move (a bot's, most usefully), and the hexes of its attack.
fn last_move(sink: &mut impl Sink, grid: &Grid, pm: &PlayMode) {
    let Some(done) = pm.session.as_ref().and_then(|s| s.last.as_ref()) else {
        return;
    };
    for e in &done.events {
        match e {
            Event::Moved { from, path, .. } => {
                paint::path(sink, grid, *from, path, paint::LAST_MOVE);
                break;
            }
            Event::CombatDeclared { hexes, .. } => {
                paint::outline(sink, grid, hexes.clone(), paint::LAST_MOVE, 0.1);
            }
            _ => {}
        }
    }
}

/// The hex under the pointer as the player may know it.
pub fn describe_hex(g: &Game, viewer: Option<Side>, hex: HexId) -> String {
    let Some(h) = g.board().index(hex) else {
        return hex.to_string();
    };
    let mut out = hex.to_string();
    if let Some(place) = g.board().places.iter().find(|(_, hs)| hs.contains(&h)) {
        out += &format!(" {}", place.0);
    }
    if let Some(c) = g.state().control[h] {
        out += &format!(" (held by {})", g.prepared().sides[c.index()].name);
    }
    let units = g.units_at(h);
    if units.is_empty() {
        return out;
    }
    let seen = viewer.and_then(|v| g.stack_view(v, h));
    let text = match seen {
        None | Some(StackView::Revealed { .. }) => units
            .iter()
            .rev()
            .map(|&u| format!("{} {} CEL", g.unit_id(u), g.unit_state(u).cel))
            .collect::<Vec<_>>()
            .join(", "),
        Some(StackView::Top { top, count }) => {
            format!("top {} ({} SP), {count} counters", top.designation, top.sp)
        }
        Some(StackView::Masked { count }) => format!("masked stack of {count}"),
        Some(StackView::Adjacent { units, fortified }) => {
            let kinds: Vec<String> = units
                .iter()
                .map(|(k, c)| match c {
                    Some(c) => format!("{k:?} {c} CEL"),
                    None => format!("{k:?}"),
                })
                .collect();
            format!(
                "{}{}",
                kinds.join(", "),
                if fortified { " (fortified)" } else { "" }
            )
        }
    };
    format!("{out}: {text}")
}
