//! The editor application: menus, toolbar, panels, the canvas, shortcuts and dialogs.
//! What is open and its files (saving, autosave, recovery, the unsaved-changes question)
//! is the [`FileSession`]'s; the app shows its questions and carries out its answers.
//! `EditorApp::ui` is the whole window, so tests drive exactly what a user sees.

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers, Pos2, Ui};

mod scenario_ui;
mod shared_boards;
mod shared_map;

use super::canvas::{Canvas, Pointer};
use super::document::Document;
use super::files::{
    AUTOSAVE_SECONDS, Answer, Autosave, Chooser, ChooserPurpose, FileSession, Pending, Saved,
    SharedSave,
};
use super::panels::{
    compose::ComposeBoards, history, inspector, new_map::NewMap, properties::Properties,
};
use super::scenario::Workbench;
use super::tools::{Brush, Request, Tool, ToolCtx, ToolKind, Toolbox, View};
use super::trace::{ScanLoader, Trace};
use super::validation::Validator;
use sztab_core::hex::{HexId, Hexside};
use sztab_core::model::{Problem, Underlay};
use sztab_core::render::Layers;

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
    pub generic: super::generic::GenericPanels,
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
            generic: Default::default(),
            tables: Default::default(),
        };
        if let Some(p) = path {
            app.load(&p);
        }
        app
    }

    // ---- what tests and the window ask of the app ----

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

    /// Opens a file, replacing the document (no unsaved-changes question: see `request`);
    /// a tables file opens in the table editor instead, beside the document.
    pub fn load(&mut self, path: &Path) {
        if super::tables::is_tables_file(path) {
            self.open_tables(path);
            return;
        }
        match self.files.open(path) {
            Ok(unreadable) => {
                self.after_open();
                self.error = (!unreadable.is_empty()).then(|| unreadable.join("; "));
                if let Some(u) = self.files.doc().and_then(|d| d.map().underlay.clone()) {
                    self.request_scan(&u);
                    // The saved points come back with their residuals, to check or refine.
                    let points = u.calibration.map(|c| c.points).unwrap_or_default();
                    self.trace.points = points
                        .into_iter()
                        .map(|p| super::trace::CalPoint {
                            pixel: p.pixel,
                            hex_text: p.hex.to_string(),
                        })
                        .collect();
                }
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Forgets what belonged to the previous document: its hexes under the pointer and
    /// selected, its status and error, its tracing, scenario and validation state.
    fn after_open(&mut self) {
        self.canvas.request_fit();
        self.selected = None;
        self.hovered = None;
        self.error = None;
        self.properties = None;
        self.status = match self.files.doc() {
            Some(d) => {
                let g = d.map().grid;
                let shared: Vec<String> = self
                    .files
                    .map_shared_with()
                    .iter()
                    .map(|p| {
                        p.file_name()
                            .unwrap_or_default()
                            .to_string_lossy()
                            .into_owned()
                    })
                    .collect();
                match d.path() {
                    Some(p) if !shared.is_empty() => format!(
                        "opened {}; its map is also used by {}",
                        p.display(),
                        shared.join(", ")
                    ),
                    Some(p) => format!("opened {}", p.display()),
                    None => format!("{}: {}×{} hexes, not saved yet", d.title(), g.cols, g.rows),
                }
            }
            None => String::new(),
        };
        self.trace = Trace::default();
        // The playtest belongs to the scenario it was started on: its game and log go.
        self.generic.game.close();
        self.scen.reset();
        self.validator.reset();
        // Every scenario opens with the Units tool, of any rule system: a painting brush
        // would turn the first stray drag into terrain edits.
        let scenario = self.files.doc().is_some_and(|d| d.system().is_some());
        if scenario {
            self.tools.active = ToolKind::Units;
        }
        if !self.offered_tools().contains(&self.tools.active) {
            self.tools.active = ToolKind::Brush;
        }
        if let Some(doc) = self.files.doc() {
            self.brush.cell = super::tools::brush_blank(doc.terrain());
            self.tools.opened(doc);
        }
    }

    fn request_scan(&mut self, u: &Underlay) {
        let path = match self.files.doc().and_then(|d| d.map_path()) {
            Some(map_path) => sztab_core::model::io::resolve(map_path, &u.image),
            None => u.image.clone(),
        };
        // Opening a map starts no load that would be refused (a scan too large to
        // decode): it says why instead.
        match super::trace::probe(&path) {
            Ok(_) => self.scan_request = Some(path),
            Err(why) => {
                self.status = format!("The map's scan is not loaded: {why}");
                self.trace.message = Some(why);
            }
        }
    }

    /// Loads a scan as the map's underlay (in the background), as File → Load scan does.
    pub fn load_scan(&mut self, path: &Path) {
        let Some(doc) = self.files.doc_mut() else {
            return;
        };
        let image = match doc.map_path() {
            Some(file) => super::files::paths::relative(file, path),
            None => std::path::absolute(path).unwrap_or_else(|_| path.to_owned()),
        };
        let before = doc.map().underlay.clone();
        let after = Underlay {
            image,
            calibration: None,
            opacity: 0.6,
            locked: false,
        };
        doc.apply(
            super::edit::Edit::new("Load scan").with(super::edit::Change::Underlay {
                before,
                after: Some(after),
            }),
        );
        self.trace.points.clear();
        self.trace.draft = None;
        self.scan_request = Some(path.to_owned());
    }

    /// File → Save: writes the changed files, or asks for a name when there is none yet.
    pub fn save(&mut self) -> bool {
        let saved = self.files.save();
        self.report_save(saved)
    }

    /// Shows what a save did; true when files were written.
    fn report_save(&mut self, saved: Result<Saved, String>) -> bool {
        match saved {
            Ok(Saved::Files(files)) => {
                self.status = if files.is_empty() {
                    "nothing to save: every file is as on disk".into()
                } else {
                    format!(
                        "saved {}",
                        files
                            .iter()
                            .map(|f| f.display().to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                };
                true
            }
            Ok(Saved::NeedsName) => {
                self.chooser = Some(self.files.chooser(ChooserPurpose::SaveAs));
                false
            }
            Ok(Saved::Nothing) => false,
            Ok(Saved::SharedMap(others)) => {
                self.shared_map = Some(others);
                false
            }
            Ok(Saved::SharedBoards(boards)) => {
                self.shared_boards = Some(boards);
                false
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    pub fn save_as(&mut self, path: &Path) -> bool {
        if self.files.doc().is_none() {
            return false;
        }
        match self.files.save_as(path) {
            Ok(files) => {
                self.report_save(Ok(Saved::Files(files)));
                true
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    pub fn export_image(&mut self, path: &Path, scale: f32) {
        let Some(doc) = self.files.doc() else { return };
        let layers = Layers {
            underlay: false,
            ..self.canvas.layers
        };
        let units = doc
            .bundle()
            .map(|b| sztab_core::render::counter::UnitLayer::of_setup(&b.scenario, &b.counters));
        match sztab_core::render::render_png_units(
            doc.map(),
            doc.terrain(),
            layers,
            scale,
            units.as_ref(),
            path,
        ) {
            Ok((w, h)) => self.status = format!("exported {} ({w}×{h})", path.display()),
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Opens a tables file in the table editor, for the open scenario when it plays
    /// with those charts (shipped charts are then saved as a copy beside it).
    pub fn open_tables(&mut self, path: &Path) {
        let scenario = self
            .scenario_tables()
            .filter(|t| sztab_core::model::users::same_file(t, path))
            .and(self.files.doc().and_then(|d| d.path()).map(Path::to_owned));
        match self.tables.open_for(path, scenario.as_deref()) {
            Ok(()) => {
                self.files.recent.add(path);
                self.status = format!("opened {} in the table editor", path.display());
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// The tables file of the open scenario, if it names one.
    fn scenario_tables(&self) -> Option<PathBuf> {
        let g = self.files.doc()?.generic()?;
        g.bundle.tables.as_ref().map(|(_, p)| p.clone())
    }

    /// The table editor saved its tables: the open scenario's copy of those charts
    /// follows; a copy of shipped charts saved for the scenario becomes its charts (an
    /// undoable edit of the scenario, saved with it).
    fn tables_saved(&mut self, saved: super::tables::Saved) {
        let Some(doc) = self.files.doc_mut() else {
            self.status = format!("saved {}", saved.path.display());
            return;
        };
        if saved.copy_of.is_none() {
            doc.charts_saved(&saved.path, saved.tables);
            self.status = format!("saved {}", saved.path.display());
            return;
        }
        match doc.use_charts(&saved.path) {
            Ok(()) => {
                self.status = format!(
                    "saved the charts as {}; the scenario now plays with them: save the \
                     scenario to keep that",
                    saved.path.display()
                )
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Asks before dropping unsaved changes, then does `p`.
    fn request(&mut self, p: Pending) {
        if let Pending::Open(path) = &p
            && super::tables::is_tables_file(path)
        {
            self.open_tables(&path.clone());
            return;
        }
        if let Some(p) = self.files.guard(p) {
            self.proceed(p);
        }
    }

    fn proceed(&mut self, p: Pending) {
        match p {
            Pending::Close => {}
            Pending::Open(path) => self.load(&path),
            Pending::New => self.new_map = Some(NewMap::default()),
            Pending::NewScenario => {
                self.new_scenario = Some(super::scenario::new_scenario::NewScenario::default())
            }
        }
    }

    /// Window title: file name, and a ● when there are unsaved changes.
    pub fn title(&self) -> String {
        self.files.title()
    }

    /// Whether the window may close now; otherwise the unsaved-changes question is shown
    /// (the table editor's first, when its tables have unsaved changes).
    pub fn close_requested(&mut self) -> bool {
        if self.tables.is_dirty() {
            self.tables.close();
            return false;
        }
        self.files.close_requested()
    }

    // ---- the window ----

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
        egui::CentralPanel::default().show(ui, |ui| self.central(ui));
        self.dialogs(ui.ctx());
        self.scenario_windows(ui.ctx());
        self.play.editor_dialogs(ui.ctx(), self.files.doc());
        self.lab.window(ui.ctx(), self.files.doc());
        self.generic.windows(ui.ctx(), self.files.doc_mut());
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

    /// Whether the open document can be playtested, and why not.
    fn playable(&self) -> (bool, String) {
        match self.files.doc() {
            Some(d) if d.scenario().is_some() => (true, String::new()),
            Some(d) => match d.generic() {
                Some(g) if g.system.support().engine => (true, String::new()),
                Some(g) => (false, format!("{} has no engine yet", g.system.name())),
                None => (false, "Open a scenario to playtest it".into()),
            },
            None => (false, "Open a scenario to playtest it".into()),
        }
    }

    /// The open scenario's playtest, whatever its system.
    fn open_playtest(&mut self) {
        let Some(d) = self.files.doc() else { return };
        if d.scenario().is_some() {
            self.play.open(d);
        } else if d.generic().is_some() {
            self.generic.game.open = true;
        }
    }

    /// Load game… onto the open scenario, whatever its system.
    fn load_game(&mut self) {
        let Some(d) = self.files.doc() else { return };
        if d.scenario().is_some() {
            self.play.ask_load(d.path());
        } else if d.generic().is_some() {
            self.generic.game.open = true;
            self.generic.game.ask_load(d);
        }
    }

    fn play_menu(&mut self, ui: &mut Ui) {
        let (can, why) = self.playable();
        if ui
            .add_enabled(can, egui::Button::new("Play ▶ (playtest)…"))
            .on_disabled_hover_text(why.clone())
            .clicked()
        {
            self.open_playtest();
        }
        if ui
            .add_enabled(can, egui::Button::new("Load game…"))
            .on_disabled_hover_text(why)
            .clicked()
        {
            self.load_game();
        }
        let rules = self.files.doc().is_some_and(|d| d.rules_view().is_some());
        if ui
            .add_enabled(rules, egui::Button::new("Balance lab…"))
            .clicked()
        {
            self.lab.open = true;
        }
        self.generic.menu(ui, self.files.doc());
    }

    fn background(&mut self, ui: &Ui) {
        if let Some(p) = self.scan_request.take() {
            self.trace.loader = Some(ScanLoader::start(ui.ctx(), &p));
        }
        self.trace.poll();
        if let (Some(view), Some(doc)) = (&mut self.trace.scan, self.files.doc()) {
            view.sync(doc.map(), self.trace.draft);
        }
        if let Some(doc) = self.files.doc() {
            let now = ui.input(|i| i.time);
            self.validator.poll(doc, now, ui.ctx());
        }
        self.autosave(ui);
    }

    fn autosave(&mut self, ui: &Ui) {
        let now = ui.input(|i| i.time);
        match self.files.autosave_tick(now) {
            Autosave::Idle => {}
            Autosave::Due(secs) => ui
                .ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(secs)),
            Autosave::Written(files) => {
                self.status = format!("autosaved {}", file_names(&files));
                self.clear_autosave_error();
            }
            Autosave::Failed(e) => self.autosave_failed(e),
        }
        if self.tables.is_dirty() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(AUTOSAVE_SECONDS));
        }
        match self.tables.autosave_tick(now) {
            None => {}
            Some(Ok(file)) => {
                self.status = format!("autosaved {}", file_names(&[file]));
                self.clear_autosave_error();
            }
            Some(Err(e)) => self.autosave_failed(e),
        }
    }

    fn clear_autosave_error(&mut self) {
        if self
            .error
            .as_deref()
            .is_some_and(|e| e.starts_with(AUTOSAVE_FAILED))
        {
            self.error = None;
        }
    }

    fn autosave_failed(&mut self, e: String) {
        self.error = Some(format!(
            "{AUTOSAVE_FAILED} {e} (trying again every {AUTOSAVE_SECONDS} s)"
        ));
    }

    /// Autosaves untitled work to `dir` and offers what an earlier session left there;
    /// an autosave that cannot be read is shown as an error. The window passes a folder
    /// of the user's data folder.
    pub fn autosave_untitled_to(&mut self, dir: PathBuf) {
        if let Err(e) = self.files.autosave_untitled_to(dir) {
            self.error = Some(match self.error.take() {
                Some(before) => format!("{before}; {e}"),
                None => e,
            });
        }
    }

    fn shortcuts(&mut self, ui: &mut Ui) {
        let cmd = Modifiers::COMMAND;
        let (redo, undo, save_as, save, open, new) = ui.input_mut(|i| {
            (
                i.consume_key(cmd | Modifiers::SHIFT, Key::Z) || i.consume_key(cmd, Key::Y),
                i.consume_key(cmd, Key::Z),
                i.consume_key(cmd | Modifiers::SHIFT, Key::S),
                i.consume_key(cmd, Key::S),
                i.consume_key(cmd, Key::O),
                i.consume_key(cmd, Key::N),
            )
        });
        if self.tables.focused() {
            // The table editor has the keyboard: its tables, not the document.
            if redo {
                self.tables.redo();
            } else if undo {
                self.tables.undo();
            }
            if (save || save_as)
                && let Some(saved) = self.tables.save()
            {
                self.tables_saved(saved);
            }
            if open {
                self.chooser = Some(self.files.chooser(ChooserPurpose::Open));
            }
            return;
        }
        if let Some(doc) = self.files.doc_mut() {
            if redo {
                doc.redo();
            } else if undo {
                doc.undo();
            }
        }
        if save_as {
            self.chooser = Some(self.files.chooser(ChooserPurpose::SaveAs));
        } else if save {
            self.save();
        }
        if open {
            self.chooser = Some(self.files.chooser(ChooserPurpose::Open));
        }
        if new {
            self.request(Pending::New);
        }
    }

    /// Single keys: tools, the tool's own keys, brush size, scenario keys. Run after the
    /// panels and dialogs, so a text field clicked in this same frame already has the
    /// keyboard and the keys typed into it never switch tools.
    fn keys(&mut self, ui: &mut Ui) {
        if ui.ctx().egui_wants_keyboard_input() || self.tables.focused() {
            return;
        }
        self.scenario_keys(ui);
        let none = Modifiers::NONE;
        for &k in self.tools.active().keys() {
            if ui.input_mut(|i| i.consume_key(none, k)) {
                self.with_tool(|t, cx| t.key(k, cx));
            }
        }
        for k in self.offered_tools() {
            if let Some(key) = k.shortcut()
                && ui.input_mut(|i| i.consume_key(none, key))
            {
                self.tools.active = k;
            }
        }
        let (smaller, bigger) = ui.input_mut(|i| {
            (
                i.consume_key(none, Key::OpenBracket),
                i.consume_key(none, Key::CloseBracket),
            )
        });
        if smaller {
            self.brush.radius = self.brush.radius.saturating_sub(1);
        }
        if bigger {
            self.brush.radius = (self.brush.radius + 1).min(3);
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| self.file_menu(ui));
            ui.menu_button("Edit", |ui| {
                let (can_undo, can_redo) = self.files.doc().map_or((false, false), |d| {
                    (
                        !d.history().done().is_empty(),
                        !d.history().undone().is_empty(),
                    )
                });
                if ui
                    .add_enabled(can_undo, egui::Button::new("Undo").shortcut_text("Ctrl+Z"))
                    .clicked()
                    && let Some(d) = self.files.doc_mut()
                {
                    d.undo();
                }
                if ui
                    .add_enabled(
                        can_redo,
                        egui::Button::new("Redo").shortcut_text("Ctrl+Shift+Z"),
                    )
                    .clicked()
                    && let Some(d) = self.files.doc_mut()
                {
                    d.redo();
                }
            });
            ui.menu_button("View", |ui| {
                for (name, on) in self.canvas.layers.toggles() {
                    ui.checkbox(on, name);
                }
                ui.checkbox(&mut self.scen.show_table, "Unit table");
                ui.checkbox(&mut self.canvas.show_minimap, "Minimap");
                if ui.button("Zoom to fit").on_hover_text("Home").clicked() {
                    self.canvas.request_fit();
                }
            });
            ui.menu_button("Game", |ui| self.play_menu(ui));
            ui.menu_button("Map", |ui| {
                if ui
                    .add_enabled(
                        self.files.doc().is_some(),
                        egui::Button::new("Map properties…"),
                    )
                    .clicked()
                    && let Some(d) = self.files.doc()
                {
                    self.properties = Some(Properties::of(d));
                }
                if ui
                    .add_enabled(self.files.doc().is_some(), egui::Button::new("Load scan…"))
                    .clicked()
                {
                    self.chooser = Some(self.files.chooser(ChooserPurpose::LoadScan));
                }
            });
            ui.menu_button("Help", |ui| self.help.menu(ui));
        });
    }

    fn file_menu(&mut self, ui: &mut Ui) {
        if ui
            .add(egui::Button::new("New map…").shortcut_text("Ctrl+N"))
            .clicked()
        {
            self.request(Pending::New);
        }
        if ui.button("New scenario…").clicked() {
            self.request(Pending::NewScenario);
        }
        if ui
            .button("Compose boards…")
            .on_hover_text("A map put together from board map files")
            .clicked()
        {
            self.compose = Some(self.compose_form());
        }
        if ui
            .add(egui::Button::new("Open…").shortcut_text("Ctrl+O"))
            .clicked()
        {
            self.chooser = Some(self.files.chooser(ChooserPurpose::Open));
        }
        ui.menu_button("Recent files", |ui| {
            for f in self.files.recent.files.clone() {
                if ui.button(f.display().to_string()).clicked() {
                    self.request(Pending::Open(f));
                }
            }
            if self.files.recent.files.is_empty() {
                ui.weak("none yet");
            }
        });
        let has = self.files.doc().is_some();
        if ui
            .add_enabled(has, egui::Button::new("Save").shortcut_text("Ctrl+S"))
            .clicked()
        {
            self.save();
        }
        if ui
            .add_enabled(
                has,
                egui::Button::new("Save As…").shortcut_text("Ctrl+Shift+S"),
            )
            .clicked()
        {
            self.chooser = Some(self.files.chooser(ChooserPurpose::SaveAs));
        }
        if ui
            .add_enabled(has, egui::Button::new("Export image…"))
            .clicked()
        {
            self.chooser = Some(self.files.chooser(ChooserPurpose::ExportImage));
        }
        let tables = self.scenario_tables();
        if ui
            .add_enabled(tables.is_some(), egui::Button::new("Edit tables…"))
            .on_hover_text("Open the charts the scenario names in the table editor")
            .on_disabled_hover_text(
                "Open a scenario that names a tables file, or open a .tables.ron file",
            )
            .clicked()
            && let Some(p) = tables
        {
            self.open_tables(&p);
        }
        let scenario = self.files.doc().is_some_and(|d| d.rules_view().is_some());
        if ui
            .add_enabled(scenario, egui::Button::new("Export setup card…"))
            .clicked()
        {
            self.chooser = Some(self.files.chooser(ChooserPurpose::ExportCard));
        }
        if ui
            .add_enabled(scenario, egui::Button::new("Print kit…"))
            .on_hover_text("The scenario as a PDF to print and play on a table: map at true scale, counter sheets with backs, setup card and turn track")
            .clicked()
        {
            self.chooser = Some(self.files.chooser(ChooserPurpose::PrintKit));
        }
        if ui.button("Quit").clicked() {
            self.request(Pending::Close);
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    fn toolbar(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            let (can, why) = self.playable();
            if ui
                .add_enabled(
                    can,
                    egui::Button::new(egui::RichText::new("Play ▶").strong()),
                )
                .on_hover_text("Playtest the scenario as it is now, hot-seat or against a bot")
                .on_disabled_hover_text(why)
                .clicked()
            {
                self.open_playtest();
            }
            ui.separator();
            for k in self.offered_tools() {
                let b = ui.selectable_label(self.tools.active == k, k.name());
                let tip = match k.shortcut() {
                    Some(key) => format!("{} (key {})", k.hint(), key.name()),
                    None => k.hint().to_owned(),
                };
                if b.on_hover_text(tip).clicked() {
                    self.tools.active = k;
                }
            }
        });
    }

    fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            if let Some(h) = self.hovered {
                ui.monospace(format!("{h}"));
            }
            ui.label(format!("zoom {:.0} px/hex", self.canvas.camera.zoom));
            if let Some(d) = self.files.doc() {
                ui.label(format!(
                    "{}×{} hexes, {} drawn",
                    d.map().grid.cols,
                    d.map().grid.rows,
                    self.canvas.drawn
                ));
            }
            self.validation_status(ui);
            ui.label(&self.status);
        });
    }

    fn side_panel(&mut self, ui: &mut Ui) {
        if let Some(e) = self.error.clone() {
            ui.add(egui::Label::new(egui::RichText::new(e).color(egui::Color32::RED)).wrap());
            if ui.small_button("Dismiss").clicked() {
                self.error = None;
            }
        }
        let Some(doc) = self.files.doc_mut() else {
            ui.label("No file open: use File, Open or File, New map.");
            return;
        };
        ui.heading(self.tools.active.name());
        let mut switch_to = None;
        let mut requests = Vec::new();
        let mut cx = ToolCtx {
            doc,
            brush: &mut self.brush,
            trace: &mut self.trace,
            selected: &mut self.selected,
            status: &mut self.status,
            switch_to: &mut switch_to,
            requests: &mut requests,
            scen: &mut self.scen,
            control: self.validator.control(),
        };
        self.tools.active_mut().options(ui, &mut cx);
        self.handle(switch_to, requests);
        ui.separator();
        egui::CollapsingHeader::new("Edit history")
            .default_open(true)
            .show(ui, |ui| {
                if let Some(doc) = self.files.doc_mut() {
                    history::show(ui, doc);
                }
            });
        egui::CollapsingHeader::new("Layers").show(ui, |ui| {
            for (name, on) in self.canvas.layers.toggles() {
                ui.checkbox(on, name);
            }
        });
        if let (Some(doc), Some(h)) = (self.files.doc(), self.hovered.or(self.selected)) {
            ui.separator();
            inspector::show(ui, doc, h);
        }
        let live = self.files.doc().is_some_and(|d| d.scenario().is_some());
        let problems = self.files.problems();
        if !problems.is_empty() && !live {
            egui::CollapsingHeader::new(format!("Problems when opened ({})", problems.len())).show(
                ui,
                |ui| {
                    for p in problems {
                        ui.label(p.to_string());
                    }
                },
            );
        }
    }

    /// Runs `f` on the active tool with its context, when a document is open.
    fn with_tool(&mut self, f: impl FnOnce(&mut dyn Tool, &mut ToolCtx)) {
        let Some(doc) = self.files.doc_mut() else {
            return;
        };
        let mut switch_to = None;
        let mut requests = Vec::new();
        let mut cx = ToolCtx {
            doc,
            brush: &mut self.brush,
            trace: &mut self.trace,
            selected: &mut self.selected,
            status: &mut self.status,
            switch_to: &mut switch_to,
            requests: &mut requests,
            scen: &mut self.scen,
            control: self.validator.control(),
        };
        f(self.tools.active_mut(), &mut cx);
        self.handle(switch_to, requests);
    }

    fn handle(&mut self, switch_to: Option<ToolKind>, requests: Vec<Request>) {
        if let Some(k) = switch_to {
            self.tools.active = k;
        }
        for r in requests {
            match r {
                Request::Choose(p) => self.chooser = Some(self.files.chooser(p)),
            }
        }
    }

    fn central(&mut self, ui: &mut Ui) {
        let Some(doc) = self.files.doc_mut() else {
            ui.centered_and_justified(|ui| {
                ui.label(
                    "Open a scenario or map (File, Open), or create one (File, New map or New scenario).",
                )
            });
            return;
        };
        let frame = self.canvas.interact(ui, doc);
        self.drop_units(&frame);
        let Some(doc) = self.files.doc_mut() else {
            return;
        };
        // The read-out keeps the last hex under the pointer, so the panel does not jump.
        if let Some(h) = frame.pointer.and_then(|p| p.hex) {
            self.hovered = Some(h);
        }
        let mut switch_to = None;
        let mut requests = Vec::new();
        if let Some(p) = &frame.pointer {
            if self.generic.game.takes_clicks() {
                // A person at a playtest seat decides on the map.
                self.generic.game.pointer(doc, p.hex, p.pressed);
            } else {
                let mut cx = ToolCtx {
                    doc,
                    brush: &mut self.brush,
                    trace: &mut self.trace,
                    selected: &mut self.selected,
                    status: &mut self.status,
                    switch_to: &mut switch_to,
                    requests: &mut requests,
                    scen: &mut self.scen,
                    control: self.validator.control(),
                };
                self.tools.active_mut().pointer(p, &mut cx);
                if p.released || !p.down {
                    doc.end_stroke();
                }
            }
        }
        if let (Some(view), Some(doc)) = (&mut self.trace.scan, self.files.doc()) {
            view.sync(doc.map(), self.trace.draft);
        }
        let layer = self
            .files
            .doc()
            .filter(|d| d.rules_view().is_some() && self.canvas.layers.units)
            .map(|d| match self.generic.game_layer(d) {
                Some(l) => l,
                None => self.scen.layer(d),
            });
        let dnd = self.dnd_verdicts(&frame);
        let Some(doc) = self.files.doc() else { return };
        let pointer: Option<Pointer> = frame.pointer;
        let view = View {
            doc,
            trace: &self.trace,
            brush: &self.brush,
            selected: self.selected,
            scen: &self.scen,
            layer: layer.as_deref(),
            control: self.validator.control(),
        };
        let tool = self.tools.active();
        let window = self.canvas.window(&doc.map().grid);
        let markers = super::validation::markers::by_hex(self.validator.problems(), doc);
        let zones = self.canvas.layers.setup_zones && doc.scenario().is_some();
        let control = self.validator.control();
        let heat = self.lab.heat();
        let game = &self.generic.game;
        // While something is dragged from a panel the canvas is not "hovered": use the
        // pointer itself.
        let hover = ui
            .input(|i| i.pointer.latest_pos())
            .filter(|p| frame.rect.contains(*p))
            .map(|p| self.canvas.camera.to_board(frame.rect, p));
        self.canvas
            .paint(ui, doc, self.trace.scan.as_ref(), |sink, counters| {
                if let (true, Some(w)) = (zones, &window) {
                    scenario_ui::paint_setup_zones(sink, doc, control, w);
                }
                scenario_ui::paint_markers(sink, doc, &markers);
                if let Some(h) = &heat {
                    super::playtest::overlays::heat(sink, &doc.map().grid, h);
                }
                if let Some(v) = &dnd {
                    super::tools::units::shade_verdicts(sink, &view, &v.verdicts);
                }
                if let Some(v) = &view.scen.dragging {
                    super::tools::units::shade_verdicts(sink, &view, v);
                }
                game.paint_below(sink, &doc.map().grid);
                if let (Some(l), Some(w)) = (&layer, &window) {
                    counters.draw(sink, &doc.map().grid, l, w);
                }
                game.paint_above(sink, &doc.map().grid);
                tool.overlay(sink, pointer.as_ref(), &view);
                if let (Some(v), Some(at)) = (&dnd, hover) {
                    scenario_ui::paint_dragged(sink, doc, &v.units, at);
                }
            });
        self.handle(switch_to, requests);
    }

    fn dialogs(&mut self, ctx: &egui::Context) {
        self.chooser_dialog(ctx);
        if let Some(form) = &mut self.new_map {
            let mut open = true;
            let mut result = (None, false);
            egui::Window::new("New map")
                .open(&mut open)
                .show(ctx, |ui| result = form.show(ui));
            if let Some(doc) = result.0 {
                self.set_document(doc);
            }
            if result.1 || !open {
                self.new_map = None;
            }
        }
        if let Some(form) = &mut self.compose {
            let mut open = true;
            let mut result = (None, false);
            egui::Window::new("Compose boards")
                .open(&mut open)
                .default_width(640.0)
                .show(ctx, |ui| result = form.show(ui));
            if result.1 || !open {
                self.compose = None;
            }
            if let Some(path) = result.0 {
                self.request(Pending::Open(path));
            }
        }
        if let (Some(form), Some(doc)) = (&mut self.properties, self.files.doc_mut()) {
            let mut open = true;
            let mut close = false;
            egui::Window::new("Map properties")
                .open(&mut open)
                .show(ctx, |ui| close = form.show(ui, doc));
            if close || !open {
                self.properties = None;
            }
        }
        self.confirm_dialog(ctx);
        self.recovery_dialog(ctx);
        self.shared_map_dialog(ctx);
        self.shared_boards_dialog(ctx);
        self.first_edit_dialog(ctx);
    }

    /// The Compose boards form, starting in the open document's folder.
    fn compose_form(&self) -> ComposeBoards {
        let dir = self
            .files
            .doc()
            .and_then(|d| d.path())
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .unwrap_or_default();
        ComposeBoards::new(
            dir.join("composed.map.ron").display().to_string(),
            dir.display().to_string(),
        )
    }

    /// "The map is shared": save it for every scenario on it, or a copy for this one.
    fn shared_map_dialog(&mut self, ctx: &egui::Context) {
        let Some(others) = &self.shared_map else {
            return;
        };
        let map = self
            .files
            .doc()
            .and_then(|d| d.map_path())
            .and_then(|p| p.file_name())
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let names: Vec<String> = others
            .iter()
            .map(|p| {
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        let mut answer = None;
        let mut cancel = false;
        egui::Modal::new(egui::Id::unique("shared map")).show(ctx, |ui| {
            ui.heading("The map is shared");
            ui.label(format!(
                "{map} is also used by {}. Saving the changed map changes {} too.",
                names.join(", "),
                if names.len() == 1 { "it" } else { "them" }
            ));
            ui.horizontal(|ui| {
                if ui.button("Save for all").clicked() {
                    answer = Some(SharedSave::ForAll);
                }
                if ui
                    .button("Save a copy for this scenario")
                    .on_hover_text("The map goes to a new file beside the scenario, which uses it from now on; the shared map stays as it is")
                    .clicked()
                {
                    answer = Some(SharedSave::Copy);
                }
                if ui.button("Cancel").clicked() {
                    cancel = true;
                }
            });
        });
        if cancel {
            self.shared_map = None;
        }
        if let Some(how) = answer {
            self.shared_map = None;
            let saved = self.files.save_shared(how);
            self.report_save(saved);
        }
    }

    fn chooser_dialog(&mut self, ctx: &egui::Context) {
        let Some(ch) = &mut self.chooser else { return };
        let mut open = true;
        let chosen = ch.show(ctx, &mut open);
        let (purpose, scale, print) = (ch.purpose, ch.scale, ch.print);
        if !open {
            self.chooser = None;
        }
        let Some(path) = chosen else { return };
        self.chooser = None;
        match purpose {
            ChooserPurpose::Open => self.request(Pending::Open(path)),
            ChooserPurpose::SaveAs => {
                self.save_as(&path);
            }
            ChooserPurpose::ExportImage => self.export_image(&path, scale),
            ChooserPurpose::LoadScan => self.load_scan(&path),
            ChooserPurpose::ExportCard => self.export_card(&path),
            ChooserPurpose::PrintKit => self.print_kit(&path, &print),
            ChooserPurpose::Map | ChooserPurpose::Counters => {
                self.chosen_for_new_scenario(purpose, path)
            }
            ChooserPurpose::Catalogue
            | ChooserPurpose::SaveGame
            | ChooserPurpose::LoadGame
            | ChooserPurpose::ExportCsv => {}
        }
    }

    fn confirm_dialog(&mut self, ctx: &egui::Context) {
        if self.files.question().is_none() {
            return;
        }
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label("Save the changes before going on?");
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(Answer::Save);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(Answer::Discard);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(Answer::Cancel);
                }
            });
        });
        let Some(a) = answer else { return };
        let answered = self.files.answer(a);
        if let Some(saved) = answered.saved {
            self.report_save(saved);
        }
        if let Some(p) = answered.proceed {
            let closing = p == Pending::Close;
            self.proceed(p);
            if closing {
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    fn recovery_dialog(&mut self, ctx: &egui::Context) {
        if !self.files.recovery_offered() {
            self.untitled_recovery_dialog(ctx);
            return;
        }
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("recover")).show(ctx, |ui| {
            ui.heading("Recover unsaved changes?");
            ui.label(
                "An autosave newer than the file was found: the editor did not close cleanly.",
            );
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard autosave").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) if self.files.recover() => {
                self.status = "recovered the autosave: save to keep it".into();
            }
            Some(false) => self.files.discard_recovery(),
            _ => {}
        }
    }

    /// Untitled work autosaved by a session that ended before it was saved.
    fn untitled_recovery_dialog(&mut self, ctx: &egui::Context) {
        let Some(doc) = self.files.untitled_offered() else {
            return;
        };
        let what = if doc.scenario().is_some() {
            "scenario"
        } else {
            "map"
        };
        let title = doc.title();
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("recover-untitled")).show(ctx, |ui| {
            ui.heading("Recover untitled work?");
            ui.label(format!(
                "The editor closed before the new {what} \"{title}\" was saved. Its autosave \
                 can be opened as an untitled {what}."
            ));
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard autosave").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) if self.files.recover_untitled() => {
                self.after_open();
                self.status = "recovered untitled work: Save As to keep it".into();
            }
            Some(false) => self.files.discard_untitled(),
            _ => {}
        }
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
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
