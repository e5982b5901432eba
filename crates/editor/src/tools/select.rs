//! Select and inspect: click a hex to show everything about it in the inspector.

use egui::Ui;

use super::{ACCENT, HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer};

pub struct Select;

impl Tool for Select {
    fn kind(&self) -> ToolKind {
        ToolKind::Select
    }

    fn options(&mut self, ui: &mut Ui, _cx: &mut ToolCtx) {
        ui.label("Click a hex to inspect it.");
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if p.pressed {
            *cx.selected = p.hex;
        }
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
        if let Some(h) = v.selected {
            highlight(sink, v.doc, h, ACCENT);
        }
    }
}
