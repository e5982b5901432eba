//! The editor application: menus, toolbar, panels, the canvas, shortcuts and dialogs.
//! What is open and its files (saving, autosave, recovery, the unsaved-changes question)
//! is the [`FileSession`]'s; the app shows its questions and carries out its answers.
//! `EditorApp::ui` is the whole window, so tests drive exactly what a user sees.
//!
//! This file holds the window's state and its layout; each part of the window is a file
//! of `app/`: `menus` (menu bar, toolbar), `keys`, `side_panels` (tools panel, status
//! bar), `central` (the map), `scenario_ui` (a scenario's panels and drag and drop),
//! `dialogs`, and what the app does around them (`file_actions`, `autosave`). The
//! questions asked about files have a file each: `recovery`, `shared_map` (at the first
//! edit), `shared_save` and `shared_boards` (at Save).

use std::path::PathBuf;

use egui::{Pos2, Ui};

mod autosave;
mod central;
mod dialogs;
mod file_actions;
mod keys;
mod menus;
mod recovery;
mod scenario_ui;
mod shared_boards;
mod shared_map;
mod shared_save;
mod side_panels;

use super::canvas::Canvas;
use super::document::Document;
use super::files::{Chooser, FileSession};
use super::panels::{compose::ComposeBoards, new_map::NewMap, properties::Properties};
use super::scenario::Workbench;
use super::tools::{Brush, ToolKind, Toolbox};
use super::trace::Trace;
use super::validation::Validator;
use sztab_core::hex::{HexId, Hexside};
use sztab_core::model::Problem;

/// How an autosave error begins (cleared by the next autosave that works).
const AUTOSAVE_FAILED: &str = "autosave failed:";

pub struct EditorApp {
    /// The open document and its files.
    pub files: FileSession,
    pub canvas: Canvas,
    tools: Toolbox,
    pub brush: Brush,
    pub trace: Trace,
    selected: Option<HexId>,
    hovered: Option<HexId>,
    pub status: String,
    error: Option<String>,
    chooser: Option<Chooser>,
    new_map: Option<NewMap>,
    /// File → Compose boards…, while open.
    compose: Option<ComposeBoards>,
    properties: Option<Properties>,
    scan_request: Option<PathBuf>,
    last_title: String,
    /// The scenario workbench: order of battle, setup, schedule, settings.
    pub scen: Workbench,
    /// Live validation of the open document.
    pub validator: Validator,
    new_scenario: Option<super::scenario::new_scenario::NewScenario>,
    /// Playtest mode: its start dialog and the game in play.
    pub play: super::playtest::PlayMode,
    /// The balance lab window.
    pub lab: super::lab::Lab,
    /// Text typed as a field was clicked, for that field.
    click_typing: super::keyboard::ClickTyping,
    /// The Help menu's windows.
    pub help: super::panels::help::Help,
    /// Save found the changed map shared with these scenarios: asking how to save it.
    shared_map: Option<Vec<PathBuf>>,
    /// Save found a composed map's edits going into boards other files use: asking
    /// whether they go there or stay in the composed map's own file.
    shared_boards: Option<crate::document::SharedBoards>,
    /// A scenario of another rule system: its Forces table and bot game.
    pub described: super::described::DescribedPanels,
    /// The table editor's window, on a rule system's charts.
    pub tables: super::tables::TableEditor,
}

impl EditorApp {
    pub fn open(path: Option<PathBuf>) -> Self {
        let mut app = Self {
            files: FileSession::default(),
            canvas: Canvas::default(),
            tools: Toolbox::default(),
            brush: Brush::default(),
            trace: Trace::default(),
            selected: None,
            hovered: None,
            status: String::new(),
            error: None,
            chooser: None,
            new_map: None,
            compose: None,
            properties: None,
            scan_request: None,
            last_title: String::new(),
            scen: Workbench::default(),
            validator: Validator::default(),
            new_scenario: None,
            play: super::playtest::PlayMode::default(),
            lab: super::lab::Lab::default(),
            click_typing: Default::default(),
            help: Default::default(),
            shared_map: None,
            shared_boards: None,
            described: Default::default(),
            tables: Default::default(),
        };
        if let Some(p) = path {
            app.load(&p);
        }
        app
    }

    /// The hex selected on the map (clicked, or a located problem's).
    pub fn selected_hex(&self) -> Option<HexId> {
        self.selected
    }

    pub fn doc(&self) -> Option<&Document> {
        self.files.doc()
    }

    pub fn doc_mut(&mut self) -> Option<&mut Document> {
        self.files.doc_mut()
    }

    pub fn tool(&self) -> ToolKind {
        self.tools.active
    }

    pub fn set_tool(&mut self, k: ToolKind) {
        self.tools.active = k;
    }

    /// The tools the open document's rule system offers, in toolbar order.
    pub fn offered_tools(&self) -> Vec<ToolKind> {
        ToolKind::offered(self.files.doc().and_then(super::tools::system_of))
    }

    /// Problems found when the open files were loaded.
    pub fn problems(&self) -> &[Problem] {
        self.files.problems()
    }

    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Screen position of a hex centre on the last frame.
    pub fn hex_screen_pos(&self, h: HexId) -> Option<Pos2> {
        let g = self.files.doc()?.map().grid;
        g.contains(h).then(|| self.canvas.screen_of(g.center(h)))
    }

    /// Screen position of a board point (board units) on the last frame.
    pub fn board_screen_pos(&self, p: [f32; 2]) -> Pos2 {
        self.canvas.screen_of(p)
    }

    /// Screen position of a point on the hexside `side`, a fraction `t` along it, nudged a
    /// little towards hex `towards` (the side a line is painted from).
    pub fn hexside_screen_pos(&self, side: Hexside, t: f32, towards: HexId) -> Option<Pos2> {
        let g = self.files.doc()?.map().grid;
        let [a, b] = g.hexside_ends(side)?;
        let c = g.center(towards);
        let p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
        Some(
            self.canvas
                .screen_of([p[0] + (c[0] - p[0]) * 0.1, p[1] + (c[1] - p[1]) * 0.1]),
        )
    }

    /// Screen position of a scan pixel under the scan's current placement.
    pub fn scan_pixel_screen_pos(&self, px: [f64; 2]) -> Option<Pos2> {
        let view = self.trace.scan.as_ref()?;
        let b = view.transform.invert(px);
        Some(self.canvas.screen_of([b[0] as f32, b[1] as f32]))
    }

    /// Puts an in-memory document in the editor (a generated map, a benchmark).
    pub fn set_document(&mut self, doc: Document) {
        self.files.set_document(doc);
        self.after_open();
    }

    /// The whole window; also driven by UI tests.
    pub fn ui(&mut self, ui: &mut Ui) {
        self.click_typing.begin(ui.ctx());
        self.help.keys(ui.ctx());
        if self.play.playing() {
            self.play_screen(ui);
        } else {
            self.editor_screen(ui);
        }
        self.help.windows(ui.ctx());
        self.click_typing.end(ui.ctx());
    }

    fn editor_screen(&mut self, ui: &mut Ui) {
        self.background(ui);
        self.tables.track_focus(ui.ctx());
        self.shortcuts(ui);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::top("toolbar").show(ui, |ui| self.toolbar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        self.scenario_table(ui);
        egui::Panel::left("tools")
            .default_size(300.0)
            .show(ui, |ui| {
                super::panels::at_panel_width(ui, "tools", true, |ui| self.side_panel(ui));
            });
        self.scenario_panels(ui);
        // The central panel's fill is the window's clear colour (`clear_color`), not a
        // second fill under the map: under software OpenGL every pixel drawn costs.
        egui::CentralPanel::default()
            .frame(egui::Frame::central_panel(ui.style()).fill(egui::Color32::TRANSPARENT))
            .show(ui, |ui| self.central(ui));
        self.dialogs(ui.ctx());
        self.scenario_windows(ui.ctx());
        self.play.editor_dialogs(ui.ctx(), self.files.doc());
        self.lab.window(ui.ctx(), self.files.doc());
        self.described.windows(ui.ctx(), self.files.doc_mut());
        if let Some(saved) = self.tables.window(ui.ctx()) {
            self.tables_saved(saved);
        }
        self.keys(ui);
    }

    /// The playtest screen instead of the editor; the document is only read.
    fn play_screen(&mut self, ui: &mut Ui) {
        self.background(ui);
        self.play.heat = self.lab.heat().unwrap_or_default();
        let leave = match self.files.doc() {
            Some(doc) => self.play.ui(ui, doc, &mut self.canvas),
            None => true,
        };
        if leave {
            self.play.stop();
        }
        if std::mem::take(&mut self.play.lab_asked) {
            self.lab.open = true;
        }
        self.lab.window(ui.ctx(), self.files.doc());
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        // SZTAB_CANVAS_MESHES=1 keeps the meshes: the measurements compare both ways.
        if frame.gl().is_some()
            && self.canvas.gpu.is_none()
            && std::env::var_os("SZTAB_CANVAS_MESHES").is_none()
        {
            self.canvas.gpu = Some(super::canvas::GpuLayers::default());
        }
        let ctx = ui.ctx().clone();
        if ctx.input(|i| i.viewport().close_requested()) && !self.close_requested() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        let title = self.title();
        if title != self.last_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.last_title = title;
        }
        EditorApp::ui(self, ui);
    }

    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        visuals.panel_fill.to_normalized_gamma_f32()
    }

    fn on_exit(&mut self, gl: Option<&eframe::glow::Context>) {
        if let (Some(gpu), Some(gl)) = (&self.canvas.gpu, gl) {
            gpu.destroy(gl);
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(
            storage,
            super::files::recent::STORAGE_KEY,
            &self.files.recent,
        );
    }
}

/// The names of files, as the status line says them ("a.map.ron, b.scenario.ron").
pub(crate) fn file_names(files: &[PathBuf]) -> String {
    files
        .iter()
        .map(|f| {
            f.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect::<Vec<_>>()
        .join(", ")
}
