//! Initial hex control (R4.3.1, A-68), when a scenario is open: paint the scenario's
//! `control` overrides for a side, or "derived" to take a hex's override away. The overlay
//! shows the control the engine starts with: the derived default lightly tinted in each
//! side's colour, overrides stronger and outlined.

use std::collections::{BTreeMap, HashSet};

use egui::Ui;

use super::{HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer, pick};
use crate::edit::{Change, Edit};
use sztab_core::hex::HexId;
use sztab_core::model::{Colour, SideId};
use sztab_core::render::Sink;

/// Each side's colour (the first side blue, the second red, as the setup zones).
pub const SIDE_COLOURS: [Colour; 2] = [Colour([30, 90, 230, 255]), Colour([225, 35, 30, 255])];

/// The derived control's light tint and an override's stronger one.
const DERIVED_ALPHA: u8 = 55;
const OVERRIDE_ALPHA: u8 = 140;

fn with_alpha(c: Colour, a: u8) -> Colour {
    let [r, g, b, _] = c.0;
    Colour([r, g, b, a])
}

#[derive(Default)]
pub struct ControlTool {
    /// The side painted (index into the scenario's sides); `None` paints "derived".
    side: Option<usize>,
    /// Hexes already painted in this stroke.
    done: HashSet<HexId>,
}

/// Number of overridden hexes of each side, in the scenario's side order.
pub fn override_counts(sides: &[SideId], control: &BTreeMap<HexId, SideId>) -> Vec<usize> {
    sides
        .iter()
        .map(|id| control.values().filter(|s| *s == id).count())
        .collect()
}

impl Tool for ControlTool {
    fn kind(&self) -> ToolKind {
        ToolKind::Control
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let Some(s) = cx.doc.scenario() else {
            ui.label("Open a scenario to edit its initial hex control.");
            return;
        };
        let sides: Vec<(SideId, String)> = s
            .sides
            .iter()
            .map(|x| (x.id.clone(), x.name.clone()))
            .collect();
        if self.side.is_some_and(|i| i >= sides.len()) {
            self.side = None;
        }
        let control = s.control.clone();
        ui.label("Paint");
        for (i, (_, name)) in sides.iter().enumerate() {
            ui.horizontal(|ui| {
                super::swatch(ui, SIDE_COLOURS[i.min(1)]);
                ui.radio_value(&mut self.side, Some(i), name.as_str());
            });
        }
        ui.radio_value(&mut self.side, None, "Derived (remove the override)");
        ui.separator();
        let ids: Vec<SideId> = sides.iter().map(|(id, _)| id.clone()).collect();
        let counts = override_counts(&ids, &control);
        ui.label(format!("Overridden hexes: {}", control.len()));
        for ((_, name), n) in sides.iter().zip(&counts) {
            ui.label(format!("  {name}: {n}"));
        }
        let unknown = control.len() - counts.iter().sum::<usize>();
        if unknown > 0 {
            ui.label(format!("  unknown side: {unknown}"));
        }
        if ui
            .add_enabled(!control.is_empty(), egui::Button::new("Clear overrides"))
            .clicked()
        {
            let mut edit = Edit::new("Clear control overrides");
            for (hex, side) in &control {
                edit.push(Change::Control {
                    hex: *hex,
                    before: Some(side.clone()),
                    after: None,
                });
            }
            let n = control.len();
            cx.doc.apply(edit);
            *cx.status = format!("cleared {n} control overrides");
        }
        ui.weak(
            "Drag to paint the initial control of hexes. The map shows the control the game \
             starts with: the derived default (A-68) lightly tinted, overrides stronger and \
             outlined.",
        );
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if p.pressed {
            self.done.clear();
        }
        if !p.down {
            return;
        }
        let Some(s) = cx.doc.scenario() else {
            if p.pressed {
                *cx.status = "initial control belongs to a scenario".into();
            }
            return;
        };
        let after = match self.side {
            Some(i) => match s.sides.get(i) {
                Some(x) => Some(x.id.clone()),
                None => return,
            },
            None => None,
        };
        let label = match &after {
            Some(id) => format!("Control: {id}"),
            None => "Control: derived".to_owned(),
        };
        let grid = cx.doc.map().grid;
        let mut edit = Edit::new(label);
        let from = p.prev.unwrap_or(p.board);
        for pt in pick::samples(from, p.board, 0.3) {
            let Some(h) = grid.hex_at(pt) else { continue };
            if !self.done.insert(h) {
                continue;
            }
            edit.push(Change::Control {
                hex: h,
                before: s.control.get(&h).cloned(),
                after: after.clone(),
            });
        }
        cx.doc.apply_in_stroke(edit);
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        if let Some(s) = v.doc.scenario() {
            let grid = &v.doc.map().grid;
            let side_ix = |id: &SideId| s.sides.iter().position(|x| x.id == *id);
            // The engine's initial control of the last check; overridden hexes are drawn
            // from the document itself, so a stroke shows at once.
            for (h, side) in v.control {
                if s.control.contains_key(h) {
                    continue;
                }
                if let Some(i) = side_ix(side) {
                    sink.convex(
                        &grid.corners(*h),
                        with_alpha(SIDE_COLOURS[i.min(1)], DERIVED_ALPHA),
                    );
                }
            }
            for (h, side) in &s.control {
                if !grid.contains(*h) {
                    continue;
                }
                let Some(i) = side_ix(side) else { continue };
                let c = SIDE_COLOURS[i.min(1)];
                sink.convex(&grid.corners(*h), with_alpha(c, OVERRIDE_ALPHA));
                highlight(sink, v.doc, *h, c);
            }
            sink.layer_done();
        }
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_counts_are_per_side_in_side_order() {
        let (a, b) = (SideId::new("german"), SideId::new("soviet"));
        let control: BTreeMap<HexId, SideId> = [
            (HexId::new(1, 1), b.clone()),
            (HexId::new(1, 2), b.clone()),
            (HexId::new(2, 2), a.clone()),
            (HexId::new(3, 2), SideId::new("gone")),
        ]
        .into();
        assert_eq!(override_counts(&[a, b], &control), vec![1, 2]);
    }
}
