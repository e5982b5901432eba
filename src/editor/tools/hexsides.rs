//! Hexsides: rivers, streams, big and named rivers, Fixed Positions and Fortified Lines,
//! painted by dragging along edges. The edge nearest the pointer is snapped to; a line's
//! front (the hex it protects) is the side of the edge the pointer is on.

use std::collections::HashSet;

use egui::Ui;

use super::{ACCENT, Tool, ToolCtx, ToolKind, View, pick_id};
use crate::editor::canvas::pick::{self, SidePick};
use crate::editor::canvas::{EguiSink, Pointer};
use crate::editor::edit::{Change, Edit};
use crate::hex::Hexside;
use crate::model::{HexsideFeature, HexsideKindId, TerrainCatalogue};
use crate::render::Sink;

/// How close (board units) the pointer must be to an edge to snap to it.
pub const SNAP: f32 = 0.45;

#[derive(Default)]
pub struct Hexsides {
    kind: String,
    name: String,
    group: String,
    erase: bool,
    done: HashSet<Hexside>,
}

fn is_line(cat: &TerrainCatalogue, kind: &str) -> bool {
    cat.hexside(kind).is_some_and(|k| k.role.is_line())
}

impl Hexsides {
    /// The features of an edge after painting (or erasing) this tool's kind on it. A kind
    /// replaces others of its family: one watercourse and one line per edge.
    pub fn paint(
        &self,
        cat: &TerrainCatalogue,
        before: &[HexsideFeature],
        pick: SidePick,
        erase: bool,
    ) -> Vec<HexsideFeature> {
        let line = is_line(cat, &self.kind);
        let mut after: Vec<HexsideFeature> = before
            .iter()
            .filter(|f| {
                if erase {
                    f.kind.as_str() != self.kind
                } else {
                    is_line(cat, f.kind.as_str()) != line
                }
            })
            .cloned()
            .collect();
        if !erase {
            let text = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_owned());
            after.push(HexsideFeature {
                kind: HexsideKindId::new(self.kind.clone()),
                name: if line { None } else { text(&self.name) },
                protects: line.then_some(pick.near),
                group: if line { text(&self.group) } else { None },
            });
        }
        after
    }
}

impl Tool for Hexsides {
    fn kind(&self) -> ToolKind {
        ToolKind::Hexsides
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let cat = cx.doc.terrain();
        let opts: Vec<_> = cat
            .hexsides
            .iter()
            .map(|k| (k.id.to_string(), k.name.clone()))
            .collect();
        if self.kind.is_empty() {
            self.kind = opts.first().map(|o| o.0.clone()).unwrap_or_default();
        }
        pick_id(ui, "Kind", &mut self.kind, &opts);
        if is_line(cat, &self.kind) {
            ui.horizontal(|ui| {
                let l = ui.label("Group");
                ui.text_edit_singleline(&mut self.group).labelled_by(l.id);
            });
            ui.weak("The line protects the hex on the pointer's side of the edge.");
        } else {
            ui.horizontal(|ui| {
                let l = ui.label("River name");
                ui.text_edit_singleline(&mut self.name).labelled_by(l.id);
            });
        }
        ui.checkbox(&mut self.erase, "Erase");
        ui.weak("Drag along edges. Shift+drag erases this kind.");
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if p.pressed {
            self.done.clear();
        }
        if !p.down || self.kind.is_empty() {
            return;
        }
        let erase = self.erase != p.shift;
        let map = cx.doc.map();
        let mut edit = Edit::new(if erase {
            "Erase hexsides"
        } else {
            "Paint hexsides"
        });
        for pt in pick::samples(p.prev.unwrap_or(p.board), p.board, 0.1) {
            let Some(pk) = pick::hexside_at(&map.grid, pt, SNAP) else {
                continue;
            };
            if !self.done.insert(pk.side) {
                continue;
            }
            let before = map.hexsides.get(&pk.side).cloned().unwrap_or_default();
            let after = self.paint(cx.doc.terrain(), &before, pk, erase);
            edit.push(Change::Hexside {
                side: pk.side,
                before,
                after,
            });
        }
        cx.doc.apply_in_stroke(edit);
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        let grid = &v.doc.map().grid;
        let Some(pk) = p.and_then(|p| pick::hexside_at(grid, p.board, SNAP)) else {
            return;
        };
        let Some([a, b]) = grid.hexside_ends(pk.side) else {
            return;
        };
        sink.line(a, b, 0.12, ACCENT, None);
        if is_line(v.doc.terrain(), &self.kind) {
            // Show the front: a tick towards the protected hex.
            let m = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
            let c = grid.center(pk.near);
            sink.line(
                m,
                [m[0] + (c[0] - m[0]) * 0.35, m[1] + (c[1] - m[1]) * 0.35],
                0.08,
                ACCENT,
                None,
            );
        }
    }
}
