//! The menu bar (File, Edit, View, Game, Map, Help) and the toolbar.

use egui::Ui;

use super::EditorApp;
use crate::files::{ChooserPurpose, Pending};
use crate::panels::properties::Properties;

impl EditorApp {
    pub(super) fn menu_bar(&mut self, ui: &mut Ui) {
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

    pub(super) fn file_menu(&mut self, ui: &mut Ui) {
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

    pub(super) fn play_menu(&mut self, ui: &mut Ui) {
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
        self.described.menu(ui, self.files.doc());
    }

    pub(super) fn toolbar(&mut self, ui: &mut Ui) {
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

    /// Whether the open document can be playtested, and why not.
    pub(super) fn playable(&self) -> (bool, String) {
        match self.files.doc() {
            Some(d) if d.scenario().is_some() => (true, String::new()),
            Some(d) => match d.described() {
                Some(g) if g.system.support().engine => (true, String::new()),
                Some(g) => (false, format!("{} has no engine yet", g.system.name())),
                None => (false, "Open a scenario to playtest it".into()),
            },
            None => (false, "Open a scenario to playtest it".into()),
        }
    }

    /// The open scenario's playtest, whatever its system.
    pub(super) fn open_playtest(&mut self) {
        let Some(d) = self.files.doc() else { return };
        if d.scenario().is_some() {
            self.play.open(d);
        } else if d.described().is_some() {
            self.described.game.open = true;
        }
    }

    /// Load game… onto the open scenario, whatever its system.
    pub(super) fn load_game(&mut self) {
        let Some(d) = self.files.doc() else { return };
        if d.scenario().is_some() {
            self.play.ask_load(d.path());
        } else if d.described().is_some() {
            self.described.game.open = true;
            self.described.game.ask_load(d);
        }
    }
}
