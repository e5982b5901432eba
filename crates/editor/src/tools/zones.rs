//! Entry zones: a letter and the map-edge hexes it covers (R11). Click edge hexes to add
//! or remove them; Shift+click takes a hex out of every zone.

use egui::Ui;

use super::{HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer};
use crate::edit::{Change, Edit};
use sztab_core::model::ZoneId;
use sztab_core::render::ZONE_COLOUR;

pub struct Zones {
    letter: String,
}

impl Default for Zones {
    fn default() -> Self {
        Self { letter: "A".into() }
    }
}

impl Tool for Zones {
    fn kind(&self) -> ToolKind {
        ToolKind::Zones
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        ui.horizontal(|ui| {
            let l = ui.label("Zone letter");
            ui.text_edit_singleline(&mut self.letter).labelled_by(l.id);
        });
        let zones = cx.doc.map().zones.clone();
        for (z, hexes) in &zones {
            ui.horizontal(|ui| {
                if ui
                    .selectable_label(
                        z.as_str() == self.letter,
                        format!("{z}: {}", crate::words::count(hexes.len(), "hex", "hexes")),
                    )
                    .clicked()
                {
                    self.letter = z.to_string();
                }
                if ui
                    .small_button("Delete")
                    .on_hover_text(format!("Delete zone {z}"))
                    .clicked()
                {
                    let mut after = zones.clone();
                    after.remove(z);
                    cx.doc
                        .apply(Edit::new(format!("Delete zone {z}")).with(Change::Zones {
                            before: zones.clone(),
                            after,
                        }));
                }
            });
        }
        ui.weak("Click hexes on the map edge to add or remove them.");
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        let (true, Some(h)) = (p.pressed, p.hex) else {
            return;
        };
        let map = cx.doc.map();
        let before = map.zones.clone();
        let mut after = before.clone();
        let letter = self.letter.trim().to_owned();
        if p.shift {
            for hexes in after.values_mut() {
                hexes.retain(|&x| x != h);
            }
            after.retain(|_, v| !v.is_empty());
        } else if letter.is_empty() {
            *cx.status = "type a zone letter first".into();
            return;
        } else if map.grid.edges_of(h).is_empty() {
            *cx.status = format!("{h} is not on a map edge: entry zones are edge hexes");
            return;
        } else {
            let hexes = after.entry(ZoneId::new(letter.clone())).or_default();
            if hexes.contains(&h) {
                hexes.retain(|&x| x != h);
            } else {
                hexes.push(h);
                hexes.sort();
            }
            after.retain(|_, v| !v.is_empty());
        }
        cx.doc
            .apply(Edit::new(format!("Zone {letter}")).with(Change::Zones { before, after }));
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        if let Some(h) = p.and_then(|p| p.hex) {
            let edge = !v.doc.map().grid.edges_of(h).is_empty();
            highlight(sink, v.doc, h, if edge { ZONE_COLOUR } else { HOVER });
        }
    }
}
