//! Each side's supply sources: a name as printed and where it is (map edges, places,
//! hexes, a headquarters unit), added and removed. What the rules make of them (lines of
//! 7 or 5 hexes, supply roads) is the system's.

use egui::Ui;

use crate::described::draft::ScenarioDraft;
use crate::described::widgets;
use sztab_core::hex::{HexId, MapEdge};
use sztab_core::model::described::{Bundle, Supply};
use sztab_core::model::{SupplySource, UnitId};

pub fn show(ui: &mut Ui, d: &mut ScenarioDraft, b: &Bundle) {
    egui::CollapsingHeader::new(format!("Supply sources ({})", d.s.supply.len()))
        .id_salt("described-supply")
        .default_open(true)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for s in d.s.sides.clone() {
                    let r = ui.button(format!("Add a {} source", s.name));
                    if r.clicked() {
                        d.s.supply.push(Supply {
                            side: s.id.clone(),
                            name: None,
                            at: vec![SupplySource::Edge(MapEdge::West)],
                            serves: Vec::new(),
                        });
                        d.named(format!("Add a {} supply source", s.name));
                    }
                }
            });
            let mut gone = None;
            for i in 0..d.s.supply.len() {
                ui.separator();
                if source(ui, d, b, i) {
                    gone = Some(i);
                }
            }
            if let Some(i) = gone {
                d.s.supply.remove(i);
                d.named("Remove a supply source");
            }
        });
}

/// Source `i`: its side, name and places; true when it is to be removed.
fn source(ui: &mut Ui, d: &mut ScenarioDraft, b: &Bundle, i: usize) -> bool {
    let sides = d.s.sides.clone();
    let mut remove = false;
    ui.horizontal(|ui| {
        let label = format!("Supply {} side", i + 1);
        if widgets::side(ui, &label, &sides, &mut d.s.supply[i].side) {
            d.named(label);
        }
        let mut text = d.s.supply[i].name.clone().unwrap_or_default();
        let r = ui.add(
            egui::TextEdit::singleline(&mut text)
                .hint_text("name as printed")
                .desired_width(120.0),
        );
        crate::described::cells::name(&r, egui::Role::TextInput, format!("Supply {} name", i + 1));
        if r.changed() {
            d.s.supply[i].name = (!text.trim().is_empty()).then_some(text);
            d.note(&r, format!("Supply {} name", i + 1));
        }
        remove = ui
            .small_button("×")
            .on_hover_text("Remove the source")
            .clicked();
    });
    let places: Vec<String> = b.map.places.iter().map(|p| p.name.clone()).collect();
    let mut gone = None;
    for k in 0..d.s.supply[i].at.len() {
        ui.horizontal(|ui| {
            let label = format!("Supply {} at {}", i + 1, k + 1);
            if at(ui, &label, &mut d.s.supply[i].at[k], b, &places) {
                d.named(label);
            }
            if ui
                .small_button("×")
                .on_hover_text("Take this place out")
                .clicked()
            {
                gone = Some(k);
            }
        });
    }
    if let Some(k) = gone {
        d.s.supply[i].at.remove(k);
        d.named("Take a place out of a supply source");
    }
    if ui.small_button("Add a place").clicked() {
        d.s.supply[i].at.push(SupplySource::Edge(MapEdge::West));
        d.named("Add a place to a supply source");
    }
    remove
}

/// Where a source is: its kind, then the edge, place, hex or headquarters.
fn at(ui: &mut Ui, label: &str, v: &mut SupplySource, b: &Bundle, places: &[String]) -> bool {
    let kind = match v {
        SupplySource::Edge(_) => "a map edge",
        SupplySource::Place(_) => "a place",
        SupplySource::Hex(_) => "a hex",
        SupplySource::Hq(_) => "a headquarters",
    };
    let mut picked = kind;
    let kind_r = egui::ComboBox::from_id_salt((label, "kind"))
        .selected_text(kind)
        .show_ui(ui, |ui| {
            for k in ["a map edge", "a place", "a hex", "a headquarters"] {
                ui.selectable_value(&mut picked, k, k);
            }
        })
        .response;
    crate::described::cells::name(&kind_r, egui::Role::ComboBox, format!("{label} kind"));
    if picked != kind {
        *v = match picked {
            "a place" => SupplySource::Place(places.first().cloned().unwrap_or_default()),
            "a hex" => SupplySource::Hex(b.map.grid.iter().next().unwrap_or(HexId::new(1, 1))),
            "a headquarters" => SupplySource::Hq(
                b.counters
                    .units
                    .first()
                    .map_or_else(|| UnitId::new(""), |u| u.id.clone()),
            ),
            _ => SupplySource::Edge(MapEdge::West),
        };
        return true;
    }
    match v {
        SupplySource::Edge(e) => widgets::edge(ui, label, e),
        SupplySource::Place(p) => widgets::place(ui, label, places, p),
        SupplySource::Hex(h) => {
            let mut list = vec![*h];
            let r = widgets::hexes(ui, label, &b.map, &mut list);
            match list.as_slice() {
                [one] if r.changed() => {
                    *h = *one;
                    true
                }
                _ => false,
            }
        }
        SupplySource::Hq(u) => {
            let before = u.clone();
            egui::ComboBox::from_id_salt(label)
                .selected_text(u.to_string())
                .show_ui(ui, |ui| {
                    for x in &b.counters.units {
                        ui.selectable_value(u, x.id.clone(), &x.designation);
                    }
                });
            *u != before
        }
    }
}
