//! Hex features (forest, town, city, swamp): drag to add the chosen feature; Shift+drag or
//! the Remove mode takes it away.

use egui::Ui;

use super::{HOVER, Tool, ToolCtx, ToolKind, View, highlight, keep_valid, pick_id};
use crate::canvas::{EguiSink, Pointer, pick};
use crate::edit::{Change, Edit};
use sztab_core::model::FeatureId;

#[derive(Default)]
pub struct Features {
    feature: String,
    remove: bool,
}

impl Tool for Features {
    fn kind(&self) -> ToolKind {
        ToolKind::Features
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let cat = cx.doc.terrain();
        let opts: Vec<_> = cat
            .features
            .iter()
            .map(|f| (f.id.to_string(), f.name.clone()))
            .collect();
        keep_valid(&mut self.feature, opts.iter().map(|o| o.0.clone()));
        pick_id(ui, "Feature", &mut self.feature, &opts);
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.remove, false, "Add");
            ui.radio_value(&mut self.remove, true, "Remove");
        });
        ui.weak("Drag over hexes. Shift inverts Add/Remove.");
    }

    fn opened(&mut self, doc: &crate::document::Document, other_catalogue: bool) {
        if other_catalogue {
            self.feature.clear();
        }
        let ids = doc.terrain().features.iter().map(|f| f.id.to_string());
        keep_valid(&mut self.feature, ids);
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if !p.down || self.feature.is_empty() {
            return;
        }
        let remove = self.remove != p.shift;
        let map = cx.doc.map();
        let f = FeatureId::new(self.feature.clone());
        let mut edit = Edit::new(if remove {
            "Remove feature"
        } else {
            "Add feature"
        });
        let mut seen = Vec::new();
        for pt in pick::samples(p.prev.unwrap_or(p.board), p.board, 0.3) {
            let Some(id) = map.grid.hex_at(pt) else {
                continue;
            };
            if seen.contains(&id) {
                continue;
            }
            seen.push(id);
            let Some(before) = map.hexes.get(&id).cloned() else {
                continue;
            };
            let mut after = before.clone();
            if remove {
                after.features.retain(|x| x != &f);
            } else if !after.features.contains(&f) {
                after.features.push(f.clone());
            }
            edit.push(Change::Hex {
                id,
                before: Some(before),
                after: Some(after),
            });
        }
        cx.doc.apply_in_stroke(edit);
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}
