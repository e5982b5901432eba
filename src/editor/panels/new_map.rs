//! The New map form: name, size, printed numbering and terrain catalogue.

use std::path::{Path, PathBuf};

use egui::Ui;

use super::properties::grid_fields;
use crate::editor::document::Document;
use crate::hex::{Grid, Numbering};
use crate::model::{Map, io};

pub struct NewMap {
    name: String,
    cols: u16,
    rows: u16,
    numbering: Numbering,
    catalogue: String,
    error: Option<String>,
}

/// Catalogues shipped with the program, found from the working directory or the source tree.
pub fn known_catalogues() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in [
        Path::new("assets/wb95").to_owned(),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/wb95"),
    ] {
        if let Ok(entries) = std::fs::read_dir(&dir) {
            let mut v: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(".terrain.ron"))
                .collect();
            v.sort();
            out.extend(v);
        }
        if !out.is_empty() {
            break;
        }
    }
    out
}

impl Default for NewMap {
    fn default() -> Self {
        let catalogue = known_catalogues()
            .into_iter()
            .find(|p| p.to_string_lossy().contains("kursk"))
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        Self {
            name: "New map".into(),
            cols: 30,
            rows: 20,
            numbering: Numbering::default(),
            catalogue,
            error: None,
        }
    }
}

impl NewMap {
    /// Shows the form; returns the new document when created, and whether to close.
    pub fn show(&mut self, ui: &mut Ui) -> (Option<Document>, bool) {
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
        for p in known_catalogues() {
            if ui.small_button(p.display().to_string()).clicked() {
                self.catalogue = p.display().to_string();
            }
        }
        if let Some(e) = &self.error {
            ui.colored_label(egui::Color32::RED, e);
        }
        let mut result = (None, false);
        ui.horizontal(|ui| {
            if ui.button("Create").clicked() {
                match self.create() {
                    Ok(doc) => result = (Some(doc), true),
                    Err(e) => self.error = Some(e),
                }
            }
            if ui.button("Cancel").clicked() {
                result.1 = true;
            }
        });
        result
    }

    fn create(&self) -> Result<Document, String> {
        let path = PathBuf::from(self.catalogue.trim());
        let cat = io::load_terrain(&path).map_err(|e| e.to_string())?.value;
        let first = cat
            .terrain
            .first()
            .ok_or("the catalogue has no terrain")?
            .id
            .to_string();
        let grid = Grid::new(self.cols, self.rows, self.numbering);
        let map = Map::new(self.name.clone(), path.clone(), grid, &first);
        Ok(Document::new_map(map, cat, path))
    }
}
