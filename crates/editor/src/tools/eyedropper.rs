//! Eyedropper: click a hex to take its look into the brush, then back to the brush.

use egui::Ui;

use super::{HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer};

pub struct Eyedropper;

impl Tool for Eyedropper {
    fn kind(&self) -> ToolKind {
        ToolKind::Eyedropper
    }

    fn options(&mut self, ui: &mut Ui, _cx: &mut ToolCtx) {
        ui.label("Click a hex to paint with its terrain and features.");
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        let (true, Some(h)) = (p.pressed, p.hex) else {
            return;
        };
        if let Some(cell) = cx.doc.map().hexes.get(&h) {
            cx.brush.cell = cell.clone();
            cx.brush.with_features = true;
            *cx.switch_to = Some(ToolKind::Brush);
            *cx.status = format!(
                "brush: {} {}",
                cell.terrain,
                cell.features
                    .iter()
                    .map(|f| f.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}
