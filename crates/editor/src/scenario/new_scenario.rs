//! File → New scenario: pick the rule system, a map and a counter set (for WB-95, or
//! start a new one with the German and Soviet nations of the Kursk edition), the first day
//! and the number of turns. The sides follow the counter set's first two nations;
//! everything else is set in the panels. Other systems' scenarios are made by
//! [`super::new_described`].

use std::path::{Path, PathBuf};

use egui::Ui;

use crate::document::Document;
use sztab_core::model::{
    Colour, Counters, Date, Edition, MapBundle, Morale, Mp, Nation, NationId, RuleSwitches,
    Scenario, SideDef, SideId, SystemId, io,
};

pub struct NewScenario {
    /// The rule system's id: WB-95's typed scenario, or another system's described one.
    pub system: &'static str,
    pub title: String,
    pub map: String,
    /// `None`: a new counter set.
    pub counters: Option<String>,
    pub start: String,
    pub turns: u32,
    pub edition: Edition,
    pub error: Option<String>,
}

impl Default for NewScenario {
    fn default() -> Self {
        Self {
            system: "wb95",
            title: "New scenario".into(),
            map: known("map.ron").into_iter().next().unwrap_or_default(),
            counters: None,
            start: "1943-07-05".into(),
            turns: 5,
            edition: Edition::Kursk1943,
            error: None,
        }
    }
}

/// Files ending in `suffix` under `scenarios/`, from the working directory or the source
/// tree.
pub fn known(suffix: &str) -> Vec<String> {
    for root in [
        PathBuf::from("scenarios"),
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("scenarios"),
    ] {
        let mut out = Vec::new();
        let Ok(dirs) = std::fs::read_dir(&root) else {
            continue;
        };
        for d in dirs.filter_map(Result::ok) {
            let Ok(files) = std::fs::read_dir(d.path()) else {
                continue;
            };
            for f in files.filter_map(Result::ok) {
                let p = f.path();
                let name = p
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                if name.ends_with(suffix) && !name.starts_with('.') {
                    out.push(p.display().to_string());
                }
            }
        }
        out.sort();
        if !out.is_empty() {
            return out;
        }
    }
    Vec::new()
}

/// The German and Soviet nations of the Kursk edition: morale (§4), supply MPs (R10.1.6)
/// and HQ ranges (R9.2.2).
pub fn kursk_nations() -> Vec<Nation> {
    vec![
        Nation {
            id: NationId::new("german"),
            name: "Germany".into(),
            colour: Colour::rgb(0x8c, 0x9a, 0xa3),
            text_colour: Colour::rgb(0, 0, 0),
            morale: Morale {
                regular: 11,
                elite: Some(12),
                volksgrenadier: None,
                volkssturm: None,
            },
            supply_mp: Mp::whole(10),
            hq_range: 4,
            soviet: false,
            air_supply: false,
        },
        Nation {
            id: NationId::new("soviet"),
            name: "Soviet Union".into(),
            colour: Colour::rgb(0xc9, 0xa3, 0x6b),
            text_colour: Colour::rgb(0, 0, 0),
            morale: Morale {
                regular: 9,
                elite: Some(11),
                volksgrenadier: None,
                volkssturm: None,
            },
            supply_mp: Mp::whole(8),
            hq_range: 3,
            soviet: true,
            air_supply: false,
        },
    ]
}

impl NewScenario {
    /// The form; returns the new document when "Create" succeeds, and whether to close.
    pub fn show(
        &mut self,
        ui: &mut Ui,
        browse: &mut Option<crate::files::ChooserPurpose>,
    ) -> (Option<Document>, bool) {
        self.system_pick(ui);
        if self.system != "wb95" {
            return self.show_described(ui, browse);
        }
        egui::Grid::new("new scenario")
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                let l = ui.label("Title");
                ui.text_edit_singleline(&mut self.title).labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Map file");
                ui.horizontal(|ui| {
                    ui.add(egui::TextEdit::singleline(&mut self.map).desired_width(300.0))
                        .labelled_by(l.id);
                    if ui.button("Browse maps…").clicked() {
                        *browse = Some(crate::files::ChooserPurpose::Map);
                    }
                });
                ui.end_row();
                ui.label("");
                ui.horizontal_wrapped(|ui| {
                    for m in known("map.ron") {
                        if ui.small_button(short(&m)).on_hover_text(&m).clicked() {
                            self.map = m;
                        }
                    }
                });
                ui.end_row();
                ui.label("Counters");
                ui.vertical(|ui| {
                    let mut new = self.counters.is_none();
                    ui.radio_value(
                        &mut new,
                        true,
                        "a new counter set (German and Soviet nations)",
                    );
                    ui.radio_value(&mut new, false, "an existing counter set");
                    if new {
                        self.counters = None;
                    } else {
                        let c = self.counters.get_or_insert_with(|| {
                            known("counters.ron").into_iter().next().unwrap_or_default()
                        });
                        ui.horizontal(|ui| {
                            ui.add(
                                egui::TextEdit::singleline(c)
                                    .desired_width(300.0)
                                    .hint_text("Counter file"),
                            );
                            if ui.button("Browse counters…").clicked() {
                                *browse = Some(crate::files::ChooserPurpose::Counters);
                            }
                        });
                    }
                });
                ui.end_row();
                let l = ui.label("First day");
                ui.text_edit_singleline(&mut self.start).labelled_by(l.id);
                ui.end_row();
                ui.label("Turns");
                ui.add(egui::DragValue::new(&mut self.turns).range(1..=200))
                    .on_hover_text("Turns, one a day");
                ui.end_row();
                ui.label("Edition");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut self.edition, Edition::Kursk1943, "Kursk 1943");
                    ui.radio_value(&mut self.edition, Edition::Generic, "Generic");
                });
                ui.end_row();
            });
        self.buttons(ui, Self::create)
    }

    fn system_pick(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let l = ui.label("Rule system");
            let name = sztab_registry::get(self.system).map_or(self.system, |s| s.name());
            egui::ComboBox::from_id_salt("new-scenario-system")
                .selected_text(name)
                .show_ui(ui, |ui| {
                    for s in sztab_registry::all()
                        .iter()
                        .filter(|s| s.support().authoring)
                    {
                        ui.selectable_value(&mut self.system, s.id(), s.name());
                    }
                })
                .response
                .labelled_by(l.id);
        });
    }

    /// The form for another system: title, its map and counter set, turns.
    fn show_described(
        &mut self,
        ui: &mut Ui,
        browse: &mut Option<crate::files::ChooserPurpose>,
    ) -> (Option<Document>, bool) {
        use crate::files::ChooserPurpose;
        egui::Grid::new("new described scenario")
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                let l = ui.label("Title");
                ui.text_edit_singleline(&mut self.title).labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Map file");
                ui.horizontal(|ui| {
                    ui.add(egui::TextEdit::singleline(&mut self.map).desired_width(300.0))
                        .labelled_by(l.id);
                    if ui.button("Browse maps…").clicked() {
                        *browse = Some(ChooserPurpose::Map);
                    }
                });
                ui.end_row();
                ui.label("Counters");
                ui.vertical(|ui| {
                    let mut new = self.counters.is_none();
                    ui.radio_value(&mut new, true, "a new counter set (a nation for each side)");
                    ui.radio_value(&mut new, false, "an existing counter set");
                    if new {
                        self.counters = None;
                    } else {
                        let c = self.counters.get_or_insert_with(String::new);
                        ui.horizontal(|ui| {
                            let l = ui.label("Counter file");
                            ui.add(egui::TextEdit::singleline(c).desired_width(240.0))
                                .labelled_by(l.id);
                            if ui.button("Browse counters…").clicked() {
                                *browse = Some(ChooserPurpose::Counters);
                            }
                        });
                    }
                });
                ui.end_row();
                let l = ui.label("Turns");
                ui.add(egui::DragValue::new(&mut self.turns).range(1..=200))
                    .labelled_by(l.id);
                ui.end_row();
            });
        let sides = sztab_registry::get(self.system).map_or(&[][..], |s| s.sides());
        ui.weak(match sides {
            [] => "The sides are the counter set's first two nations; the first moves first."
                .to_owned(),
            s => {
                let names: Vec<&str> = s.iter().map(|(_, n)| *n).collect();
                format!(
                    "The sides are the rules': {}, the first moving first; a new counter set \
                     is saved beside the scenario.",
                    names.join(" and ")
                )
            }
        });
        self.buttons(ui, Self::create_described)
    }

    /// The error line and the Create scenario / Cancel row both forms end with; returns the
    /// document made and whether to close.
    fn buttons(
        &mut self,
        ui: &mut egui::Ui,
        create: fn(&Self) -> Result<Document, String>,
    ) -> (Option<Document>, bool) {
        let (mut made, mut close) = (None, false);
        if let Some(e) = &self.error {
            ui.colored_label(egui::Color32::RED, e);
        }
        ui.horizontal(|ui| {
            if ui.button("Create scenario").clicked() {
                match create(self) {
                    Ok(d) => {
                        made = Some(d);
                        close = true;
                    }
                    Err(e) => self.error = Some(e),
                }
            }
            if ui.button("Cancel").clicked() {
                close = true;
            }
        });
        (made, close)
    }

    /// Builds a scenario of another system (see [`super::new_described`]).
    pub fn create_described(&self) -> Result<Document, String> {
        let system = sztab_registry::get(self.system)
            .ok_or_else(|| format!("no rule system \"{}\"", self.system))?;
        let map = PathBuf::from(self.map.trim());
        let counters = self.counters.as_deref().map(|c| PathBuf::from(c.trim()));
        super::new_described::create(&super::new_described::Request {
            system,
            title: &self.title,
            map: &map,
            counters: counters.as_deref(),
            turns: self.turns,
        })
    }

    /// Builds the document: loads the map (and counters), makes two sides.
    pub fn create(&self) -> Result<Document, String> {
        let start = Date::parse(&self.start).ok_or("the first day is written 1943-07-05")?;
        let map_path = PathBuf::from(self.map.trim());
        let (map, _) = MapBundle::load(&map_path).map_err(|e| e.to_string())?;
        let (counters, counters_path) = match &self.counters {
            Some(p) => {
                let p = PathBuf::from(p.trim());
                (
                    io::load_counters(&p).map_err(|e| e.to_string())?.value,
                    Some(p),
                )
            }
            None => (
                Counters {
                    name: format!("{} counters", self.title),
                    nations: kursk_nations(),
                    ..Counters::default()
                },
                None,
            ),
        };
        let sides: Vec<SideDef> = counters
            .nations
            .iter()
            .take(2)
            .map(|n| SideDef {
                id: SideId::new(n.id.as_str()),
                name: n.name.clone(),
                nations: vec![n.id.clone()],
                fortified: false,
                supply: vec![],
            })
            .collect();
        let initiative = sides
            .first()
            .map(|s| s.id.clone())
            .ok_or("the counter set has no nations")?;
        let scenario = Scenario {
            system: SystemId::default(),
            title: self.title.trim().to_owned(),
            notes: String::new(),
            edition: self.edition,
            map: PathBuf::new(),
            counters: PathBuf::new(),
            start,
            end: start.plus_days(self.turns.max(1) - 1),
            stated_days: None,
            sides,
            initiative,
            setup: vec![],
            free_setup: Vec::new(),
            areas: Vec::new(),
            reinforcements: vec![],
            withdrawals: vec![],
            restrictions: vec![],
            air: vec![],
            barrage: vec![],
            victory: None,
            rules: RuleSwitches::default(),
            control: Default::default(),
            destroyed_bridges: vec![],
            fp_groups: Default::default(),
            acknowledged: Vec::new(),
        };
        Ok(Document::new_scenario(
            scenario,
            map,
            counters,
            counters_path,
        ))
    }
}

fn short(p: &str) -> String {
    Path::new(p)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| p.to_owned())
}
