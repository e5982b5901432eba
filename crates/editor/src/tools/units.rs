//! The Units tool (setup): drag a counter to another hex to move it (Shift: the whole
//! stack), drag it off the map to unplace it, click a stack to open it, Ctrl+click hexes to
//! pick where a dropped formation is dealt. While a counter is dragged, every hex is shaded
//! legal or illegal for it by the engine's setup rules.

use std::sync::Arc;

use egui::Ui;

use super::{ACCENT, HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer};
use crate::scenario::legality::{Verdict, legal_hexes};
use crate::scenario::workbench::Workbench;
use crate::scenario::{ops, setup_ops};
use sztab_core::hex::HexId;
use sztab_core::model::{Colour, UnitId};
use sztab_core::render::counter::{COUNTER_SIDE, draw_stack};

/// Board units the pointer must travel before a press becomes a drag.
const DRAG_START: f32 = 0.25;

pub const LEGAL: Colour = Colour([40, 200, 60, 70]);
pub const ILLEGAL: Colour = Colour([220, 30, 30, 90]);
/// Outside the unit's set-up area: dimmed, so the area stands out.
pub const OUTSIDE_AREA: Colour = Colour([30, 30, 40, 120]);
/// Allowed but behind the enemy's lines (a setup warning): amber.
pub const BEHIND_LINES: Colour = Colour([235, 150, 20, 90]);
const TARGET: Colour = Colour([60, 120, 255, 255]);

struct Press {
    hex: HexId,
    units: Vec<UnitId>,
    start: [f32; 2],
    moved: bool,
    verdicts: Arc<Vec<(HexId, Verdict)>>,
}

#[derive(Default)]
pub struct Units {
    press: Option<Press>,
}

/// Shades hexes legal (green) or illegal (red), and those outside the unit's set-up area
/// dimmed.
pub fn shade_verdicts(sink: &mut EguiSink, v: &View, verdicts: &[(HexId, Verdict)]) {
    use sztab_core::render::Sink;
    let grid = &v.doc.map().grid;
    for (h, verdict) in verdicts {
        let c = match verdict {
            Verdict::Legal => LEGAL,
            Verdict::OutsideArea(_) => OUTSIDE_AREA,
            Verdict::BehindEnemyLines => BEHIND_LINES,
            _ => ILLEGAL,
        };
        sink.convex(&grid.corners(*h), c);
    }
    sink.layer_done();
}

impl Tool for Units {
    fn kind(&self) -> ToolKind {
        ToolKind::Units
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        ui.label("Drag a counter to move it; Shift+drag moves the whole stack.");
        ui.label("Drag it off the map, or press Delete, to unplace it.");
        if let Some(g) = cx.doc.described() {
            ui.label(format!(
                "Click a stack to open it: its units' start states as {} has them.",
                g.system.name()
            ));
            ui.label("Set a unit up by its hex in the Forces tab.");
            return;
        }
        ui.label(
            "Click a stack to open it: order, reductions, fortified, artillery setup, start states (disorganized, out of supply, movement spent, barrage fired, masked).",
        );
        ui.label("Drag units or formations from the Forces tab onto the map.");
        ui.label("Ctrl+click hexes to deal a dropped formation over exactly those hexes.");
        if !cx.scen.targets.is_empty() {
            let list: Vec<String> = cx.scen.targets.iter().map(|h| h.to_string()).collect();
            ui.label(format!("Picked hexes: {}", list.join(", ")));
            if ui.button("Clear picked hexes").clicked() {
                cx.scen.targets.clear();
            }
        }
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if p.pressed {
            self.press_at(p, cx);
        }
        if p.down
            && let Some(press) = &mut self.press
        {
            let d = (p.board[0] - press.start[0]).hypot(p.board[1] - press.start[1]);
            if !press.moved && d > DRAG_START {
                press.moved = true;
                if let (Some(b), Some(rules)) = (cx.doc.bundle(), cx.scen.rules(cx.doc)) {
                    press.verdicts = Arc::new(legal_hexes(b, &rules, &press.units, cx.control));
                    cx.scen.dragging = Some(press.verdicts.clone());
                }
            }
            if press.moved {
                *cx.status = match p.hex {
                    Some(h) => match press.verdicts.iter().find(|(x, _)| *x == h) {
                        Some((_, v)) => format!("{h}: {}", v.reason()),
                        None => h.to_string(),
                    },
                    None => "off the map: release to unplace".into(),
                };
            }
        }
        if p.released
            && let Some(press) = self.press.take()
        {
            cx.scen.dragging = None;
            self.release(p, press, cx);
        }
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        let grid = &v.doc.map().grid;
        for h in &v.scen.targets {
            sztab_core::render::draw_overlay_hex(sink, grid, *h, TARGET, 0.12);
        }
        if let Some(h) = v.selected {
            highlight(sink, v.doc, h, ACCENT);
        }
        let Some(press) = self.press.as_ref().filter(|x| x.moved) else {
            if let Some(h) = p.and_then(|p| p.hex) {
                highlight(sink, v.doc, h, HOVER);
            }
            return;
        };
        if let (Some(p), Some(layer)) = (p, v.layer) {
            let faces: Vec<_> = layer
                .stack_at(press.hex)
                .map(|s| {
                    s.units
                        .iter()
                        .zip(&s.faces)
                        .filter(|(u, _)| press.units.contains(u))
                        .map(|(_, f)| f.clone())
                        .collect()
                })
                .unwrap_or_default();
            let o = [p.board[0], p.board[1] + COUNTER_SIDE * 0.2];
            draw_stack(sink, &faces, o);
        }
    }
}

impl Units {
    fn press_at(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        let Some(h) = p.hex else { return };
        if p.ctrl {
            if let Some(i) = cx.scen.targets.iter().position(|x| *x == h) {
                cx.scen.targets.remove(i);
            } else {
                cx.scen.targets.push(h);
            }
            return;
        }
        *cx.selected = Some(h);
        let layer = cx.scen.layer(cx.doc);
        let Some(stack) = layer.stack_at(h) else {
            cx.scen.stack_popup = None;
            return;
        };
        let units = if p.shift {
            stack.units.clone()
        } else {
            stack.units.iter().take(1).cloned().collect()
        };
        cx.scen.selection.unit = units.first().cloned();
        cx.scen.reveal = units.first().cloned();
        self.press = Some(Press {
            hex: h,
            units,
            start: p.board,
            moved: false,
            verdicts: Arc::new(Vec::new()),
        });
    }

    fn release(&mut self, p: &Pointer, press: Press, cx: &mut ToolCtx) {
        if !press.moved {
            cx.scen.stack_popup = Some(press.hex);
            return;
        }
        let units = press.units;
        let to = match p.hex {
            Some(h) if h == press.hex => return,
            to => to,
        };
        let verdict = to.and_then(|h| {
            press
                .verdicts
                .iter()
                .find(|(x, _)| *x == h)
                .map(|(_, v)| v.clone())
        });
        let label = match to {
            Some(h) => format!("Move {} to {h}", units[0]),
            None => format!("Unplace {}", units[0]),
        };
        let before = cx.doc.revision();
        if cx.doc.described().is_some() {
            if let Some(edit) = setup_ops::move_units(cx.doc, &units, to, &label) {
                cx.doc.apply(edit);
            }
        } else {
            Workbench::edit(cx.doc, &label, |d| {
                for u in &units {
                    match to {
                        Some(h) => ops::place(d, u, h),
                        None => ops::unplace(d, u.as_str()),
                    }
                }
            });
        }
        // Say what happened only if it did.
        *cx.status = match (to, cx.doc.revision() != before) {
            (_, false) => format!("{} did not move", units[0]),
            (Some(h), true) => {
                *cx.selected = Some(h);
                match verdict {
                    Some(v) if !v.is_legal() => format!("{h}: {}", v.reason()),
                    _ => format!("moved to {h}"),
                }
            }
            (None, true) => "unplaced".into(),
        };
    }
}
