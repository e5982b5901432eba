//! Map properties: name, size, printed numbering and terrain catalogue. Applying is one
//! undo step. Hexes keep their data by position from the north-west corner, so a resize
//! crops or extends at the east and south, and a renumbering keeps the terrain where it is.

use std::path::PathBuf;

use egui::Ui;

use crate::document::Document;
use crate::edit::{Change, Edit};
use sztab_core::hex::{Grid, HexId, Hexside, Numbering, Parity};
use sztab_core::model::{HexCell, Map, io};

/// The map moved to a new grid: every hex, hexside, road, place, label and zone follows its
/// position; what falls off is dropped and new hexes get `fill`.
pub fn remap(map: &Map, grid: Grid, fill: &str) -> Map {
    let (on, nn) = (map.grid.numbering, grid.numbering);
    let to = |h: HexId| -> Option<HexId> {
        let c = u32::from(h.col).checked_sub(u32::from(on.first_col))? + u32::from(nn.first_col);
        let r = u32::from(h.row).checked_sub(u32::from(on.first_row))? + u32::from(nn.first_row);
        let id = HexId::new(u16::try_from(c).ok()?, u16::try_from(r).ok()?);
        grid.contains(id).then_some(id)
    };
    let side = |s: Hexside| -> Option<Hexside> {
        let (a, b) = s.hexes();
        grid.hexside(to(a)?, to(b)?)
    };
    let mut out = map.clone();
    out.grid = grid;
    out.hexes = map
        .hexes
        .iter()
        .filter_map(|(&h, c)| Some((to(h)?, c.clone())))
        .collect();
    for h in grid.iter() {
        out.hexes.entry(h).or_insert_with(|| HexCell::new(fill));
    }
    out.hexsides = map
        .hexsides
        .iter()
        .filter_map(|(&s, fs)| {
            let mut fs = fs.clone();
            for f in &mut fs {
                f.protects = f.protects.and_then(to);
            }
            Some((side(s)?, fs))
        })
        .collect();
    out.roads = map
        .roads
        .iter()
        .filter_map(|(&s, k)| Some((side(s)?, k.clone())))
        .collect();
    for p in &mut out.places {
        p.hexes = p.hexes.iter().filter_map(|&h| to(h)).collect();
    }
    out.places.retain(|p| !p.hexes.is_empty());
    out.labels = map
        .labels
        .iter()
        .filter_map(|l| {
            Some(sztab_core::model::Label {
                hex: to(l.hex)?,
                ..l.clone()
            })
        })
        .collect();
    out.zones = map
        .zones
        .iter()
        .map(|(z, hs)| {
            (
                z.clone(),
                hs.iter().filter_map(|&h| to(h)).collect::<Vec<_>>(),
            )
        })
        .filter(|(_, hs)| !hs.is_empty())
        .collect();
    out
}

/// The numbering and size fields shared by New map and Map properties.
pub fn grid_fields(ui: &mut Ui, cols: &mut u16, rows: &mut u16, n: &mut Numbering) {
    egui::Grid::new("grid-fields")
        .num_columns(2)
        .show(ui, |ui| {
            let row = |ui: &mut Ui, label: &str, v: &mut u16, max: u16| {
                let l = ui.label(label);
                ui.add(egui::DragValue::new(v).range(1..=max))
                    .labelled_by(l.id);
                ui.end_row();
            };
            row(ui, "Columns", cols, io::MAX_MAP_SIDE);
            row(ui, "Rows", rows, io::MAX_MAP_SIDE);
            row(ui, "First column number", &mut n.first_col, 999);
            let l = ui.label("First row number");
            ui.add(egui::DragValue::new(&mut n.first_row).range(0..=999))
                .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Digits per part");
            ui.add(egui::DragValue::new(&mut n.digits).range(1..=4))
                .labelled_by(l.id);
            ui.end_row();
            ui.label("Shifted columns");
            ui.horizontal(|ui| {
                ui.radio_value(&mut n.shifted, Parity::Even, "even (0201 lower)");
                ui.radio_value(&mut n.shifted, Parity::Odd, "odd (0101 lower)");
            });
            ui.end_row();
        });
}

/// The Map properties form.
pub struct Properties {
    name: String,
    cols: u16,
    rows: u16,
    numbering: Numbering,
    catalogue: String,
    error: Option<String>,
}

impl Properties {
    pub fn of(doc: &Document) -> Self {
        let m = doc.map();
        Self {
            name: m.name.clone(),
            cols: m.grid.cols,
            rows: m.grid.rows,
            numbering: m.grid.numbering,
            catalogue: doc.terrain_path().display().to_string(),
            error: None,
        }
    }

    /// Shows the form; returns true when it should close.
    pub fn show(&mut self, ui: &mut Ui, doc: &mut Document) -> bool {
        ui.horizontal(|ui| {
            let l = ui.label("Name");
            ui.text_edit_singleline(&mut self.name).labelled_by(l.id);
        });
        grid_fields(ui, &mut self.cols, &mut self.rows, &mut self.numbering);
        ui.horizontal(|ui| {
            let l = ui.label("Terrain catalogue");
            ui.text_edit_singleline(&mut self.catalogue)
                .labelled_by(l.id);
        });
        if let Some(e) = &self.error {
            ui.colored_label(egui::Color32::RED, e);
        }
        let mut close = false;
        ui.horizontal(|ui| {
            if ui.button("Apply").clicked() {
                match self.edit(doc) {
                    Ok(edit) => {
                        doc.apply(edit);
                        close = true;
                    }
                    Err(e) => self.error = Some(e),
                }
            }
            close |= ui.button("Cancel").clicked();
        });
        close
    }

    fn edit(&self, doc: &Document) -> Result<Edit, String> {
        let mut edit = Edit::new("Map properties");
        let path = PathBuf::from(self.catalogue.trim());
        let mut cat = doc.terrain().clone();
        if path != doc.terrain_path() {
            cat = io::load_terrain(&path).map_err(|e| e.to_string())?.value;
            edit.push(Change::Catalogue {
                before: Box::new((doc.terrain_path().to_owned(), doc.terrain().clone())),
                after: Box::new((path.clone(), cat.clone())),
            });
        }
        let fill = cat.terrain.first().map_or("clear", |t| t.id.as_str());
        let mut map = remap(
            doc.map(),
            Grid::new(self.cols, self.rows, self.numbering),
            fill,
        );
        map.name = self.name.clone();
        if path != doc.terrain_path() {
            map.terrain = match doc.map_path() {
                Some(file) => crate::files::paths::relative(file, &path),
                None => std::path::absolute(&path).unwrap_or(path),
            };
        }
        edit.push(Change::Map {
            before: Box::new(doc.map().clone()),
            after: Box::new(map),
        });
        Ok(edit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remap_keeps_positions_and_crops() {
        let mut map = Map::new("m", "", Grid::new(4, 4, Numbering::default()), "clear");
        map.hexes.get_mut(&HexId::new(2, 2)).unwrap().terrain = "hills".into();
        map.roads.insert(
            Hexside::new(HexId::new(1, 1), HexId::new(1, 2)).unwrap(),
            "main".into(),
        );
        map.roads.insert(
            Hexside::new(HexId::new(4, 1), HexId::new(4, 2)).unwrap(),
            "main".into(),
        );
        let n = Numbering {
            first_col: 10,
            first_row: 0,
            ..Numbering::default()
        };
        // Column 11 takes the place of column 2, so odd printed columns are the shifted ones.
        let n = Numbering {
            shifted: sztab_core::hex::Parity::Odd,
            ..n
        };
        let out = remap(&map, Grid::new(3, 5, n), "clear");
        assert_eq!(out.hexes.len(), 15);
        assert_eq!(out.hexes[&HexId::new(11, 1)].terrain.as_str(), "hills");
        assert_eq!(out.roads.len(), 1, "the column-4 road fell off");
        assert!(
            out.roads
                .contains_key(&Hexside::new(HexId::new(10, 0), HexId::new(10, 1)).unwrap())
        );
    }
}
