//! The New map form: rule system, name, size, printed numbering and terrain catalogue.

use std::path::PathBuf;

use egui::Ui;

use super::properties::grid_fields;
use crate::document::Document;
use sztab_core::hex::{Grid, Numbering};
use sztab_core::model::{Map, io};

pub struct NewMap {
    /// The rule system whose catalogues are offered.
    system: &'static str,
    name: String,
    cols: u16,
    rows: u16,
    numbering: Numbering,
    catalogue: String,
    error: Option<String>,
}

/// Catalogues shipped for a rule system (`assets/<system>/`).
pub fn known_catalogues(system: &str) -> Vec<PathBuf> {
    sztab_registry::catalogues_of(system)
}

impl Default for NewMap {
    fn default() -> Self {
        let catalogue = known_catalogues("wb95")
            .into_iter()
            .find(|p| p.to_string_lossy().contains("kursk"))
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        Self {
            system: "wb95",
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
        self.system_pick(ui);
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
        for p in known_catalogues(self.system) {
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

    /// The rule system: picking one offers its shipped catalogues and takes the first.
    fn system_pick(&mut self, ui: &mut Ui) {
        let before = self.system;
        ui.horizontal(|ui| {
            let l = ui.label("Rule system");
            let name = sztab_registry::get(self.system).map_or(self.system, |s| s.name());
            egui::ComboBox::from_id_salt("new-map-system")
                .selected_text(name)
                .show_ui(ui, |ui| {
                    for s in sztab_registry::all() {
                        ui.selectable_value(&mut self.system, s.id(), s.name());
                    }
                })
                .response
                .labelled_by(l.id);
        });
        if self.system != before {
            self.catalogue = known_catalogues(self.system)
                .first()
                .map(|p| p.display().to_string())
                .unwrap_or_default();
        }
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
        let mut map = Map::new(self.name.clone(), path.clone(), grid, &first);
        // A map is of its catalogue's system.
        map.system = cat.system.clone();
        Ok(Document::new_map(map, cat, path))
    }
}
