//! The hover read-out and inspector: everything the map says about one hex.

use egui::Ui;

use crate::document::Document;
use sztab_core::hex::{Dir, HexId};

pub fn show(ui: &mut Ui, doc: &Document, h: HexId) {
    let map = doc.map();
    let cat = doc.terrain();
    let g = &map.grid;
    let labels = map.labels_of(h);
    if labels.len() == 1 && labels[0] == g.numbering.label(h) && labels[0] == h.to_string() {
        ui.strong(format!("Hex {h}"));
    } else {
        // Files name the hex by its number; the board prints its own labels.
        ui.strong(format!("Hex {} ({h})", labels.join(" / ")));
    }
    if let Some(cell) = map.hexes.get(&h) {
        if let Some(e) = cell.elevation {
            ui.label(format!("Elevation {e}"));
        }
        let t = cat
            .terrain(cell.terrain.as_str())
            .map_or(cell.terrain.to_string(), |t| t.name.clone());
        let fs: Vec<String> = cell
            .features
            .iter()
            .map(|f| {
                cat.feature(f.as_str())
                    .map_or(f.to_string(), |k| k.name.clone())
            })
            .collect();
        ui.label(if fs.is_empty() {
            t
        } else {
            format!("{t}, {}", fs.join(", "))
        });
    }
    for d in Dir::ALL {
        let Some(side) = g.hexside_towards(h, d) else {
            continue;
        };
        let mut parts: Vec<String> = map
            .hexsides
            .get(&side)
            .into_iter()
            .flatten()
            .map(|f| {
                let mut s = cat
                    .hexside(f.kind.as_str())
                    .map_or(f.kind.to_string(), |k| k.name.clone());
                if let Some(n) = &f.name {
                    s.push_str(&format!(" \"{n}\""));
                }
                if let Some(p) = f.protects {
                    s.push_str(&format!(", protects {p}"));
                }
                s
            })
            .collect();
        for r in map.roads.get(&side).into_iter().flat_map(|rs| rs.iter()) {
            parts.push(
                cat.road(r.as_str())
                    .map_or(r.to_string(), |k| k.name.clone()),
            );
        }
        if !parts.is_empty() {
            ui.label(format!("{d:?} ({side}): {}", parts.join("; ")));
        }
    }
    for p in map.places.iter().filter(|p| p.hexes.contains(&h)) {
        ui.label(format!("Place: {} ({:?})", p.name, p.kind));
    }
    for (z, hexes) in &map.zones {
        if hexes.contains(&h) {
            ui.label(format!("Entry zone {z}"));
        }
    }
    let edges = g.edges_of(h);
    if !edges.is_empty() {
        ui.weak(format!("Map edge: {edges:?}"));
    }
}
