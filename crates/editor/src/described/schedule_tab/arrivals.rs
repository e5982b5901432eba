//! Units arriving on a turn (where they may enter: entry zones, hexes, places, map edges)
//! and units leaving on a turn.

use egui::Ui;

use crate::described::draft::ScenarioDraft;
use crate::described::widgets;
use sztab_core::hex::{HexId, MapEdge};
use sztab_core::model::described::{Arrival, Bundle, Departure};
use sztab_core::model::{Entry, ZoneId};

pub fn arrivals(ui: &mut Ui, d: &mut ScenarioDraft, b: &Bundle) {
    egui::CollapsingHeader::new(format!("Arrivals ({})", d.s.arrivals.len()))
        .id_salt("described-arrivals")
        .default_open(true)
        .show(ui, |ui| {
            if ui.button("Add an arrival").clicked() {
                d.s.arrivals.push(Arrival {
                    turn: 2.min(d.s.turns),
                    name: None,
                    units: Vec::new(),
                    entry: vec![Entry::Edge(MapEdge::East)],
                });
                d.named("Add an arrival");
            }
            let mut gone = None;
            for i in 0..d.s.arrivals.len() {
                ui.separator();
                if arrival(ui, d, b, i) {
                    gone = Some(i);
                }
            }
            if let Some(i) = gone {
                d.s.arrivals.remove(i);
                d.named("Remove an arrival");
            }
        });
}

/// Arrival `i`: its turn, name, units and entries; true when it is to be removed.
fn arrival(ui: &mut Ui, d: &mut ScenarioDraft, b: &Bundle, i: usize) -> bool {
    let label = format!("Arrival {}", i + 1);
    let turns = d.s.turns;
    let mut remove = false;
    ui.horizontal(|ui| {
        let r = ui.add(
            egui::DragValue::new(&mut d.s.arrivals[i].turn)
                .range(1..=turns)
                .prefix("turn "),
        );
        crate::described::cells::name(&r, egui::Role::SpinButton, format!("{label} turn"));
        d.note(&r, format!("{label} turn"));
        let mut text = d.s.arrivals[i].name.clone().unwrap_or_default();
        let r = ui.add(
            egui::TextEdit::singleline(&mut text)
                .hint_text("name")
                .desired_width(120.0),
        );
        crate::described::cells::name(&r, egui::Role::TextInput, format!("{label} name"));
        if r.changed() {
            d.s.arrivals[i].name = (!text.trim().is_empty()).then_some(text);
            d.note(&r, format!("{label} name"));
        }
        remove = ui
            .small_button("×")
            .on_hover_text("Remove the arrival")
            .clicked();
    });
    if widgets::units(
        ui,
        &format!("{label} units"),
        &b.counters,
        &mut d.s.arrivals[i].units,
    ) {
        d.named(format!("{label} units"));
    }
    let mut gone = None;
    for k in 0..d.s.arrivals[i].entry.len() {
        ui.horizontal(|ui| {
            let l = format!("{label} entry {}", k + 1);
            if entry(ui, &l, &mut d.s.arrivals[i].entry[k], b) {
                d.named(l);
            }
            if ui.small_button("×").clicked() {
                gone = Some(k);
            }
        });
    }
    if let Some(k) = gone {
        d.s.arrivals[i].entry.remove(k);
        d.named(format!("{label}: an entry out"));
    }
    if ui.small_button("Add an entry").clicked() {
        d.s.arrivals[i].entry.push(Entry::Edge(MapEdge::East));
        d.named(format!("{label}: an entry"));
    }
    remove
}

/// Where units may enter: its kind, then the zone, hex, place or edge.
fn entry(ui: &mut Ui, label: &str, v: &mut Entry, b: &Bundle) -> bool {
    let kinds = ["an entry zone", "a hex", "a place", "a map edge"];
    let kind = match v {
        Entry::Zone(_) => 0,
        Entry::Hex(_) => 1,
        Entry::Place(_) => 2,
        Entry::Edge(_) => 3,
    };
    let mut picked = kind;
    let kind_r = egui::ComboBox::from_id_salt((label, "kind"))
        .selected_text(kinds[kind])
        .show_ui(ui, |ui| {
            for (k, n) in kinds.iter().enumerate() {
                ui.selectable_value(&mut picked, k, *n);
            }
        })
        .response;
    crate::described::cells::name(&kind_r, egui::Role::ComboBox, format!("{label} kind"));
    let zones: Vec<String> = b.map.zones.keys().map(|z| z.to_string()).collect();
    let places: Vec<String> = b.map.places.iter().map(|p| p.name.clone()).collect();
    if picked != kind {
        *v = match picked {
            0 => Entry::Zone(ZoneId::new(zones.first().cloned().unwrap_or_default())),
            1 => Entry::Hex(b.map.grid.iter().next().unwrap_or(HexId::new(1, 1))),
            2 => Entry::Place(places.first().cloned().unwrap_or_default()),
            _ => Entry::Edge(MapEdge::East),
        };
        return true;
    }
    match v {
        Entry::Zone(z) => {
            let mut s = z.to_string();
            let changed = widgets::place(ui, label, &zones, &mut s);
            if changed {
                *z = ZoneId::new(s);
            }
            changed
        }
        Entry::Hex(h) => {
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
        Entry::Place(p) => widgets::place(ui, label, &places, p),
        Entry::Edge(e) => widgets::edge(ui, label, e),
    }
}

pub fn departures(ui: &mut Ui, d: &mut ScenarioDraft, b: &Bundle) {
    egui::CollapsingHeader::new(format!("Departures ({})", d.s.departures.len()))
        .id_salt("described-departures")
        .show(ui, |ui| {
            if ui.button("Add a departure").clicked() {
                d.s.departures.push(Departure {
                    turn: d.s.turns,
                    units: Vec::new(),
                });
                d.named("Add a departure");
            }
            let turns = d.s.turns;
            let mut gone = None;
            for i in 0..d.s.departures.len() {
                let label = format!("Departure {}", i + 1);
                ui.horizontal(|ui| {
                    let r = ui.add(
                        egui::DragValue::new(&mut d.s.departures[i].turn)
                            .range(1..=turns)
                            .prefix("turn "),
                    );
                    d.note(&r, format!("{label} turn"));
                    if ui.small_button("×").clicked() {
                        gone = Some(i);
                    }
                });
                if widgets::units(
                    ui,
                    &format!("{label} units"),
                    &b.counters,
                    &mut d.s.departures[i].units,
                ) {
                    d.named(format!("{label} units"));
                }
            }
            if let Some(i) = gone {
                d.s.departures.remove(i);
                d.named("Remove a departure");
            }
        });
}
