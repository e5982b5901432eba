//! The air phase (R8): choosing "any N" counters of an allotment, then placing
//! each free counter on a mission and a hex, face down (R8.1.7). In hot-seat the other
//! player never sees these orders: the engine seals them and this draft is dropped as
//! soon as they are placed.

use egui::Ui;

use super::super::cx::{Cx, confirm_button};
use super::super::paint;
use sztab_core::hex::{Grid, HexId, Hexside};
use sztab_core::model::{AirId, UnitId};
use sztab_core::render::Sink;
use sztab_wb95::{Action, AirMission, MissionKind};

/// One counter's mission as typed in the dialog.
#[derive(Clone, Debug, PartialEq)]
pub struct MissionRow {
    pub counter: AirId,
    pub sp: u8,
    /// Index into `KINDS`; 0 flies nothing.
    pub kind: usize,
    pub hex: Option<HexId>,
    pub bridge: Option<Hexside>,
}

const KINDS: [&str; 8] = [
    "no mission",
    "offensive support",
    "defensive support",
    "air attack",
    "bridge attack",
    "movement disorganization",
    "river-crossing attack",
    "supply",
];

fn kind(row: &MissionRow) -> Option<MissionKind> {
    Some(match row.kind {
        1 => MissionKind::OffensiveSupport,
        2 => MissionKind::DefensiveSupport,
        3 => MissionKind::AirAttack,
        4 => MissionKind::Bridge(row.bridge?),
        5 => MissionKind::MovementDisorganization,
        6 => MissionKind::RiverCrossing,
        7 => MissionKind::Supply,
        _ => return None,
    })
}

/// Rows with the same kind and hex fly as one mission.
fn to_missions(rows: &[MissionRow]) -> Vec<AirMission> {
    let mut out: Vec<AirMission> = Vec::new();
    for r in rows {
        let (Some(k), Some(hex)) = (kind(r), r.hex) else {
            continue;
        };
        match out.iter_mut().find(|m| m.kind == k && m.hex == hex) {
            Some(m) => m.counters.push(r.counter.clone()),
            None => out.push(AirMission {
                counters: vec![r.counter.clone()],
                kind: k,
                hex,
                spread: Vec::new(),
            }),
        }
    }
    out
}

pub fn choose(ui: &mut Ui, cx: &mut Cx, counters: &[AirId], n: u8) {
    ui.label(format!(
        "The allotment gives any {n} of these counters (A-59):"
    ));
    let ids: Vec<UnitId> = counters.iter().map(|a| UnitId::new(a.as_str())).collect();
    let g = cx.session.game();
    super::super::combat::toggles(ui, g, "Counters", &ids, &mut cx.orders.draft.picks);
    let a = Action::ChooseAir {
        counters: cx
            .orders
            .draft
            .picks
            .iter()
            .map(|u| AirId::new(u.as_str()))
            .collect(),
    };
    ui.label(format!("{} of {n} chosen", cx.orders.draft.picks.len()));
    if confirm_button(ui, g, "Take these counters", &a) {
        cx.act(a);
    }
}

pub fn missions_body(ui: &mut Ui, cx: &mut Cx, per_hex: Option<u8>) {
    if let Some(n) = per_hex {
        ui.weak(format!("At most {n} counters over one hex (R21.1.2)."));
    }
    ui.weak("Pick a row's hex on the map, or leave a counter at home.");
    let rows = cx.orders.draft.missions.len();
    for i in 0..rows {
        mission_row(ui, cx, i);
    }
    let a = Action::AirMissions {
        missions: to_missions(&cx.orders.draft.missions),
    };
    if confirm_button(ui, cx.game(), "Place the missions face down", &a) && cx.act(a) {
        cx.orders.draft = super::Draft::default();
    }
}

pub fn missions(ui: &mut Ui, cx: &mut Cx, counters: &[(AirId, u8)], per_hex: Option<u8>) {
    if !cx.orders.draft.ready {
        cx.orders.draft.missions = counters
            .iter()
            .map(|(id, sp)| MissionRow {
                counter: id.clone(),
                sp: *sp,
                kind: 0,
                hex: None,
                bridge: None,
            })
            .collect();
        cx.orders.draft.row = Some(0);
        cx.orders.draft.ready = true;
    }
    missions_body(ui, cx, per_hex);
}

fn mission_row(ui: &mut Ui, cx: &mut Cx, i: usize) {
    let g = cx.session.game();
    let row = &mut cx.orders.draft.missions[i];
    ui.separator();
    let hex = row.hex.map_or("no hex".into(), |h| h.to_string());
    let active = cx.orders.draft.row == Some(i);
    if ui
        .selectable_label(
            active,
            format!("{} ({} SP) over {hex}: pick on map", row.counter, row.sp),
        )
        .clicked()
    {
        cx.orders.draft.row = Some(i);
    }
    let row = &mut cx.orders.draft.missions[i];
    egui::ComboBox::from_label(format!("mission of {}", row.counter))
        .selected_text(KINDS[row.kind])
        .show_ui(ui, |ui| {
            for (k, name) in KINDS.iter().enumerate() {
                ui.selectable_value(&mut row.kind, k, *name);
            }
        });
    if row.kind == 4 {
        let near: Vec<Hexside> = row.hex.map_or_else(Vec::new, |h| {
            g.board()
                .bridges
                .iter()
                .filter(|b| b.side.touches(h))
                .map(|b| b.side)
                .collect()
        });
        egui::ComboBox::from_label(format!("bridge for {}", row.counter))
            .selected_text(row.bridge.map_or("choose".into(), |b| b.to_string()))
            .show_ui(ui, |ui| {
                for b in near {
                    ui.selectable_value(&mut row.bridge, Some(b), b.to_string());
                }
            });
    }
}

pub fn click(cx: &mut Cx, hex: HexId) {
    let Some(i) = cx.orders.draft.row else { return };
    if let Some(r) = cx.orders.draft.missions.get_mut(i) {
        r.hex = Some(hex);
        if r.kind == 0 {
            r.kind = 1;
        }
    }
}

pub fn overlay(sink: &mut impl Sink, grid: &Grid, draft: &super::Draft) {
    let hexes: Vec<HexId> = draft
        .missions
        .iter()
        .filter(|r| r.kind > 0)
        .filter_map(|r| r.hex)
        .collect();
    paint::outline(sink, grid, hexes, paint::SUPPORT, 0.08);
}
