//! The editor application: the open document and the window's panels.

use std::path::{Path, PathBuf};

use crate::model::{Bundle, FileKind, LoadError, Map, MapBundle, Problem, TerrainCatalogue};

use super::view::MapView;

/// What the editor has open.
pub enum Document {
    Scenario(Box<Bundle>),
    Map(Box<MapBundle>),
}

impl Document {
    pub fn load(path: &Path) -> Result<(Document, Vec<Problem>), LoadError> {
        match FileKind::of_path(path) {
            Some(FileKind::Scenario) => {
                Bundle::load(path).map(|(b, p)| (Document::Scenario(Box::new(b)), p))
            }
            Some(FileKind::Map) => {
                MapBundle::load(path).map(|(b, p)| (Document::Map(Box::new(b)), p))
            }
            _ => Err(LoadError::UnknownKind {
                path: path.to_owned(),
            }),
        }
    }

    pub fn map(&self) -> &Map {
        match self {
            Document::Scenario(b) => &b.map,
            Document::Map(b) => &b.map,
        }
    }

    pub fn terrain(&self) -> &TerrainCatalogue {
        match self {
            Document::Scenario(b) => &b.terrain,
            Document::Map(b) => &b.terrain,
        }
    }

    pub fn title(&self) -> String {
        match self {
            Document::Scenario(b) => b.scenario.title.clone(),
            Document::Map(b) => b.map.name.clone(),
        }
    }
}

pub struct EditorApp {
    pub path: Option<PathBuf>,
    pub doc: Option<Document>,
    pub problems: Vec<Problem>,
    pub load_error: Option<String>,
    view: MapView,
}

impl EditorApp {
    pub fn open(path: Option<PathBuf>) -> Self {
        let mut app = Self {
            path: None,
            doc: None,
            problems: Vec::new(),
            load_error: None,
            view: MapView::default(),
        };
        if let Some(p) = path {
            app.load(&p);
        }
        app
    }

    pub fn load(&mut self, path: &Path) {
        match Document::load(path) {
            Ok((doc, problems)) => {
                self.doc = Some(doc);
                self.problems = problems;
                self.load_error = None;
                self.view = MapView::default();
            }
            Err(e) => self.load_error = Some(e.to_string()),
        }
        self.path = Some(path.to_owned());
    }

    fn side_panel(&mut self, ui: &mut egui::Ui) {
        if let Some(e) = &self.load_error {
            ui.colored_label(egui::Color32::RED, e);
        }
        let Some(doc) = &self.doc else {
            ui.label("No file open. Run `sztab FILE` with a .scenario.ron or .map.ron file.");
            return;
        };
        ui.heading(doc.title());
        let map = doc.map();
        ui.label(format!(
            "{}: {}×{} hexes",
            map.name, map.grid.cols, map.grid.rows
        ));
        if let Document::Scenario(b) = doc {
            let s = &b.scenario;
            ui.label(format!("{} – {} ({} turns)", s.start, s.end, s.turns()));
            ui.label(format!(
                "{} units set up, {} reinforcement groups",
                s.setup.len(),
                s.reinforcements.len()
            ));
        }
        ui.separator();
        let errors = self.problems.iter().filter(|p| p.is_error()).count();
        ui.label(format!(
            "{errors} error(s), {} warning(s)",
            self.problems.len() - errors
        ));
        egui::ScrollArea::vertical().show(ui, |ui| {
            for p in &self.problems {
                ui.label(p.to_string());
            }
        });
        if let Some(h) = self.view.hovered {
            ui.separator();
            ui.label(format!("Hex {}", map.grid.numbering.label(h)));
            if let Some(cell) = map.hexes.get(&h) {
                ui.label(format!(
                    "{} {}",
                    cell.terrain,
                    cell.features
                        .iter()
                        .map(|f| f.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
            }
        }
    }

    /// The whole window; also driven by UI tests.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        egui::Panel::left("info")
            .default_size(300.0)
            .show(ui, |ui| self.side_panel(ui));
        egui::CentralPanel::default().show(ui, |ui| match &self.doc {
            Some(doc) => self.view.show(ui, doc.map(), doc.terrain()),
            None => {
                ui.centered_and_justified(|ui| ui.label("Open a scenario or map: sztab FILE"));
            }
        });
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let title = match (&self.doc, &self.path) {
            (Some(d), Some(p)) => format!("Sztab – {} ({})", d.title(), p.display()),
            _ => "Sztab".to_owned(),
        };
        ui.ctx()
            .send_viewport_cmd(egui::ViewportCommand::Title(title));
        EditorApp::ui(self, ui);
    }
}
