//! Supply sources of each side (R10.1.4), when a scenario is open: map edges, named places
//! and single hexes (click a hex to add it, Shift+click to remove it).

use egui::Ui;

use super::{ACCENT, HOVER, Tool, ToolCtx, ToolKind, View, highlight};
use crate::canvas::{EguiSink, Pointer};
use crate::edit::{Change, Edit};
use sztab_core::hex::MapEdge;
use sztab_core::model::SupplySource;

#[derive(Default)]
pub struct Supply {
    side: usize,
    place: String,
}

fn describe(s: &SupplySource) -> String {
    match s {
        SupplySource::Edge(e) => format!("{e:?} edge"),
        SupplySource::Place(p) => format!("place {p}"),
        SupplySource::Hex(h) => format!("hex {h}"),
        SupplySource::Hq(u) => format!("HQ {u}"),
    }
}

impl Supply {
    fn set(&self, cx: &mut ToolCtx, after: Vec<SupplySource>) {
        let Some(side) = cx.doc.scenario().and_then(|s| s.sides.get(self.side)) else {
            return;
        };
        let change = Change::Supply {
            side: self.side,
            before: side.supply.clone(),
            after,
        };
        cx.doc
            .apply(Edit::new(format!("Supply of {}", side.name)).with(change));
    }
}

impl Tool for Supply {
    fn kind(&self) -> ToolKind {
        ToolKind::Supply
    }

    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx) {
        let Some(s) = cx.doc.scenario() else {
            ui.label("Open a scenario to edit its sides' supply sources.");
            return;
        };
        let sides: Vec<String> = s.sides.iter().map(|s| s.name.clone()).collect();
        self.side = self.side.min(sides.len().saturating_sub(1));
        egui::ComboBox::from_label("Side")
            .selected_text(sides.get(self.side).cloned().unwrap_or_default())
            .show_ui(ui, |ui| {
                for (i, n) in sides.iter().enumerate() {
                    ui.selectable_value(&mut self.side, i, n);
                }
            });
        let Some(current) = s.sides.get(self.side).map(|s| s.supply.clone()) else {
            return;
        };
        let places: Vec<String> = cx.doc.map().places.iter().map(|p| p.name.clone()).collect();
        for (i, src) in current.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(describe(src));
                if ui
                    .small_button("Remove")
                    .on_hover_text(format!("Remove {}", describe(src)))
                    .clicked()
                {
                    let mut after = current.clone();
                    after.remove(i);
                    self.set(cx, after);
                }
            });
        }
        ui.horizontal(|ui| {
            for e in MapEdge::ALL {
                let src = SupplySource::Edge(e);
                if ui
                    .add_enabled(
                        !current.contains(&src),
                        egui::Button::new(format!("+ {e:?}")),
                    )
                    .clicked()
                {
                    let mut after = current.clone();
                    after.push(src);
                    self.set(cx, after);
                }
            }
        });
        ui.horizontal(|ui| {
            egui::ComboBox::from_label("Place")
                .selected_text(self.place.clone())
                .show_ui(ui, |ui| {
                    for p in &places {
                        ui.selectable_value(&mut self.place, p.clone(), p);
                    }
                });
            let src = SupplySource::Place(self.place.clone());
            if ui
                .add_enabled(
                    !self.place.is_empty() && !current.contains(&src),
                    egui::Button::new("+ Place"),
                )
                .clicked()
            {
                let mut after = current.clone();
                after.push(src);
                self.set(cx, after);
            }
        });
        ui.weak("Click a hex to add it as a source; Shift+click removes it.");
    }

    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx) {
        let (true, Some(h)) = (p.pressed, p.hex) else {
            return;
        };
        let Some(current) = cx
            .doc
            .scenario()
            .and_then(|s| s.sides.get(self.side))
            .map(|s| s.supply.clone())
        else {
            *cx.status = "supply sources belong to a scenario".into();
            return;
        };
        let mut after: Vec<SupplySource> = current
            .into_iter()
            .filter(|s| s != &SupplySource::Hex(h))
            .collect();
        if !p.shift {
            after.push(SupplySource::Hex(h));
        }
        self.set(cx, after);
    }

    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View) {
        let map = v.doc.map();
        if let Some(side) = v.doc.scenario().and_then(|s| s.sides.get(self.side)) {
            for src in &side.supply {
                let hexes = match src {
                    SupplySource::Edge(e) => map.grid.edge_hexes(*e),
                    SupplySource::Place(n) => {
                        map.place(n).map(|p| p.hexes.clone()).unwrap_or_default()
                    }
                    SupplySource::Hex(h) => vec![*h],
                    SupplySource::Hq(_) => Vec::new(),
                };
                for h in hexes {
                    highlight(sink, v.doc, h, ACCENT);
                }
            }
        }
        if let Some(h) = p.and_then(|p| p.hex) {
            highlight(sink, v.doc, h, HOVER);
        }
    }
}
