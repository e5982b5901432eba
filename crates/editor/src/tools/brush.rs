//! The terrain brush: paints the brush's look on every hex within its radius along the
//! drag. Shift paints the catalogue's first terrain without features (the eraser).

use std::collections::HashSet;

use egui::Ui;

use super::{Brush, HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer, pick};
use crate::edit::{Change, Edit};
use sztab_core::hex::{Grid, HexId};
use sztab_core::model::{HexCell, TerrainCatalogue};

#[derive(Default)]
pub struct BrushTool {
    /// Hexes already painted in this stroke.
    done: HashSet<HexId>,
}

/// The hexes a brush of `radius` covers around `h`.
pub fn footprint(grid: &Grid, h: HexId, radius: u32) -> Vec<HexId> {
    grid.range(h, radius.min(3))
}

/// The blank look erasers paint: the catalogue's first terrain.
pub fn blank(cat: &TerrainCatalogue) -> HexCell {
    HexCell::new(cat.terrain.first().map_or("clear", |t| t.id.as_str()))
}

/// The catalogue's terrain and features as pickers for a brush.
pub fn look_picker(ui: &mut Ui, brush: &mut Brush, cat: &TerrainCatalogue) {
    ui.label("Terrain");
    ui.horizontal_wrapped(|ui| {
        for t in &cat.terrain {
            let on = brush.cell.terrain == t.id;
            super::swatch(ui, t.colour);
            if ui.selectable_label(on, &t.name).clicked() {
                brush.cell.terrain = t.id.clone();
            }
        }
    });
    ui.checkbox(&mut brush.with_features, "Paint features too");
    if brush.with_features {
        ui.horizontal_wrapped(|ui| {
            for f in &cat.features {
                let mut on = brush.cell.has(f.id.as_str());
                if ui.checkbox(&mut on, &f.name).changed() {
                    brush.cell.features.retain(|x| x != &f.id);
                    if on {
                        brush.cell.features.push(f.id.clone());
                    }
                }
            }
        });
    }
}

impl Tool for BrushTool {
    fn kind(&self) -> ToolKind {
        ToolKind::Brush
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        look_picker(ui, cx.brush, cx.doc.terrain());
        ui.add(egui::Slider::new(&mut cx.brush.radius, 0..=3).text("Radius ([ and ])"));
        ui.weak("Drag to paint; Shift+drag erases to the first terrain.");
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if p.pressed {
            self.done.clear();
        }
        if !p.down {
            return;
        }
        let map = cx.doc.map();
        let grid = map.grid;
        let eraser = blank(cx.doc.terrain());
        let mut edit = Edit::new(if p.shift {
            "Erase terrain"
        } else {
            "Paint terrain"
        });
        let from = p.prev.unwrap_or(p.board);
        for pt in pick::samples(from, p.board, 0.3) {
            let Some(h) = grid.hex_at(pt) else { continue };
            for id in footprint(&grid, h, cx.brush.radius) {
                if !self.done.insert(id) {
                    continue;
                }
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
        }
        cx.doc.apply_in_stroke(edit);
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        let Some(h) = p.and_then(|p| p.hex) else {
            return;
        };
        for id in footprint(&v.doc.map().grid, h, v.brush.radius) {
            highlight(sink, v.doc, id, HOVER);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::hex::Numbering;

    #[test]
    fn brush_radius_covers_hex_rings() {
        let g = Grid::new(20, 20, Numbering::default());
        let c = HexId::new(10, 10);
        assert_eq!(footprint(&g, c, 0), vec![c]);
        assert_eq!(footprint(&g, c, 1).len(), 7);
        assert_eq!(footprint(&g, c, 2).len(), 19);
        assert_eq!(footprint(&g, c, 3).len(), 37);
        assert_eq!(footprint(&g, c, 9).len(), 37, "capped at 3");
        // Clipped at the board's corner.
        assert_eq!(footprint(&g, HexId::new(1, 1), 1).len(), 3);
    }
}
