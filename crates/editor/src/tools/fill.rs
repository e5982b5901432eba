//! Flood fill: every hex connected to the clicked one with the same look (the same terrain,
//! or the same terrain and features when the brush paints features) gets the brush's look,
//! in one undo step.

use std::collections::{HashSet, VecDeque};

use egui::Ui;

use super::brush::{blank, look_picker};
use super::{HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer};
use crate::edit::{Change, Edit};
use sztab_core::hex::{Grid, HexId};

pub struct Fill;

/// The hexes reachable from `start` through neighbours for which `same` holds.
pub fn flood(grid: &Grid, start: HexId, same: impl Fn(HexId) -> bool) -> Vec<HexId> {
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    let mut out = Vec::new();
    while let Some(h) = queue.pop_front() {
        out.push(h);
        for n in grid.neighbours(h) {
            if same(n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    out
}

impl Tool for Fill {
    fn kind(&self) -> ToolKind {
        ToolKind::Fill
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        look_picker(ui, cx.brush, cx.doc.terrain());
        ui.weak("Click a hex: its connected area of the same look is filled. Shift+click fills with the first terrain.");
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        let (true, Some(start)) = (p.pressed, p.hex) else {
            return;
        };
        let map = cx.doc.map();
        let Some(origin) = map.hexes.get(&start).cloned() else {
            return;
        };
        let with_features = cx.brush.with_features;
        let same = |h: HexId| {
            map.hexes.get(&h).is_some_and(|c| {
                c.terrain == origin.terrain && (!with_features || c.features == origin.features)
            })
        };
        let eraser = blank(cx.doc.terrain());
        let mut edit = Edit::new("Fill");
        for id in flood(&map.grid, start, same) {
            let before = map.hexes.get(&id).cloned();
            let after = if p.shift {
                eraser.clone()
            } else {
                cx.brush.paint(before.as_ref())
            };
            edit.push(Change::Hex {
                id,
                before,
                after: Some(after),
            });
        }
        *cx.status = format!(
            "filled {}",
            crate::words::count(edit.changes.len(), "hex", "hexes")
        );
        cx.doc.apply(edit);
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::hex::Numbering;

    #[test]
    fn flood_stops_at_other_terrain() {
        let g = Grid::new(8, 8, Numbering::default());
        // A wall down column 4 splits the board.
        let wall = |h: HexId| h.col == 4;
        let left = flood(&g, HexId::new(1, 1), |h| !wall(h));
        assert_eq!(left.len(), 3 * 8);
        assert!(left.iter().all(|h| h.col < 4));
        assert_eq!(flood(&g, HexId::new(4, 1), wall).len(), 8);
    }
}
