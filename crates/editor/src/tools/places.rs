//! Places: named towns, cities and villages with their hexes. Type a name and click its
//! hexes; with a place selected, clicks toggle hexes in and out of it.

use egui::Ui;

use super::{ACCENT, HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer};
use crate::edit::{Change, Edit};
use crate::words::count;
use sztab_core::hex::HexId;
use sztab_core::model::{Place, PlaceKind};

#[derive(Default)]
pub struct Places {
    selected: Option<String>,
    name: String,
    kind: PlaceKind,
    /// Hexes toggled in this drag.
    done: Vec<HexId>,
}

const KINDS: [(PlaceKind, &str); 4] = [
    (PlaceKind::City, "City"),
    (PlaceKind::Town, "Town"),
    (PlaceKind::Village, "Village"),
    (PlaceKind::Other, "Other"),
];

impl Places {
    fn toggle(&mut self, h: HexId, cx: &mut ToolCtx, adding: &mut Option<bool>) {
        let before = cx.doc.map().places.clone();
        let mut after = before.clone();
        let name = match &self.selected {
            Some(n) => n.clone(),
            None if !self.name.trim().is_empty() => {
                let n = self.name.trim().to_owned();
                if after.iter().any(|p| p.name == n) {
                    *cx.status = format!("a place named {n} exists: select it to edit");
                    return;
                }
                after.push(Place {
                    name: n.clone(),
                    kind: self.kind,
                    hexes: Vec::new(),
                });
                self.selected = Some(n.clone());
                n
            }
            None => {
                *cx.status = "type a name for a new place, or select one".into();
                return;
            }
        };
        let Some(place) = after.iter_mut().find(|p| p.name == name) else {
            return;
        };
        let add = *adding.get_or_insert(!place.hexes.contains(&h));
        place.hexes.retain(|&x| x != h);
        if add {
            place.hexes.push(h);
        }
        cx.doc.apply_in_stroke(
            Edit::new(format!("Place {name}")).with(Change::Places { before, after }),
        );
    }

    fn list(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let places = cx.doc.map().places.clone();
        egui::ScrollArea::vertical()
            .max_height(160.0)
            .id_salt("places")
            .show(ui, |ui| {
                for p in &places {
                    ui.horizontal(|ui| {
                        let on = self.selected.as_deref() == Some(p.name.as_str());
                        if ui
                            .selectable_label(
                                on,
                                format!("{} ({})", p.name, count(p.hexes.len(), "hex", "hexes")),
                            )
                            .clicked()
                        {
                            self.selected = if on { None } else { Some(p.name.clone()) };
                            self.name = p.name.clone();
                            self.kind = p.kind;
                        }
                        if ui
                            .small_button("Delete")
                            .on_hover_text(format!("Delete {}", p.name))
                            .clicked()
                        {
                            let after: Vec<Place> = places
                                .iter()
                                .filter(|q| q.name != p.name)
                                .cloned()
                                .collect();
                            cx.doc
                                .apply(Edit::new(format!("Delete place {}", p.name)).with(
                                    Change::Places {
                                        before: places.clone(),
                                        after,
                                    },
                                ));
                            self.selected = None;
                        }
                    });
                }
            });
    }
}

impl Tool for Places {
    fn kind(&self) -> ToolKind {
        ToolKind::Places
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        ui.horizontal(|ui| {
            let l = ui.label("Name");
            ui.text_edit_singleline(&mut self.name).labelled_by(l.id);
        });
        ui.horizontal(|ui| {
            for (k, n) in KINDS {
                ui.radio_value(&mut self.kind, k, n);
            }
        });
        if let Some(sel) = self.selected.clone() {
            let before = cx.doc.map().places.clone();
            let mut after = before.clone();
            let unique = !before
                .iter()
                .any(|p| p.name == self.name.trim() && p.name != sel);
            if let Some(p) = after.iter_mut().find(|p| p.name == sel)
                && ui
                    .add_enabled(
                        unique && !self.name.trim().is_empty(),
                        egui::Button::new("Rename / set kind"),
                    )
                    .clicked()
            {
                p.name = self.name.trim().to_owned();
                p.kind = self.kind;
                self.selected = Some(p.name.clone());
                cx.doc.apply(
                    Edit::new(format!("Edit place {sel}")).with(Change::Places { before, after }),
                );
            }
            if ui.button("New place").clicked() {
                self.selected = None;
                self.name.clear();
            }
        }
        self.list(ui, cx);
        ui.weak("Type a name and click its hexes; click again to remove a hex.");
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        if p.pressed {
            self.done.clear();
        }
        let (true, Some(h)) = (p.down, p.hex) else {
            return;
        };
        if self.done.contains(&h) {
            return;
        }
        self.done.push(h);
        // The first hex of a drag decides whether the drag adds or removes.
        let mut adding = if self.done.len() > 1 {
            Some(self.adding_state(cx))
        } else {
            None
        };
        self.toggle(h, cx, &mut adding);
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        if let Some(place) = self.selected.as_ref().and_then(|n| v.doc.map().place(n)) {
            for &h in &place.hexes {
                highlight(sink, v.doc, h, ACCENT);
            }
        }
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}

impl Places {
    /// Whether the first hex of the current drag is now in the place (the drag adds).
    fn adding_state(&self, cx: &ToolCtx) -> bool {
        let first = self.done[0];
        self.selected
            .as_ref()
            .and_then(|n| cx.doc.map().place(n))
            .is_some_and(|p| p.hexes.contains(&first))
    }
}
