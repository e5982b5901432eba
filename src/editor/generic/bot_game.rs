//! A game of the open generic scenario with a bot on every side, played through the seam
//! (`RuleSystem::prepare` → `Playable::new_match` → `Match::step`) and shown on the
//! editor's map: the playtest shell of every system whose rules the shell does not know.
//! The same seed gives the same game as `sztab play --seed`.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::editor::document::Document;
use crate::hex::HexId;
use crate::model::UnitId;
use crate::render::counter::{Stack, UnitLayer};
use crate::systems::seam::{BotChoice, BundleRef, Match, Narration};

/// Actions a frame plays while running, so the window stays responsive.
const STEPS_PER_FRAME: usize = 50;
/// The account kept in the window: the most recent lines.
const KEPT_LINES: usize = 2000;

/// The bot game window's state.
#[derive(Default)]
pub struct BotGame {
    pub open: bool,
    /// The bot of each side, by side order (`random`, `greedy`…).
    seats: Vec<String>,
    pub seed: u64,
    game: Option<Box<dyn Match>>,
    running: bool,
    lines: Vec<String>,
    error: Option<String>,
    /// The position drawn, rebuilt after each step.
    layer: Option<Arc<UnitLayer>>,
}

impl BotGame {
    /// Ends the game and closes the window (another document was opened).
    pub fn close(&mut self) {
        *self = BotGame {
            seed: self.seed,
            ..BotGame::default()
        };
    }

    /// The game's position while a game is on.
    pub fn layer(&self, doc: &Document) -> Option<Arc<UnitLayer>> {
        doc.generic()?;
        self.game.as_ref()?;
        self.layer.clone()
    }

    /// Starts a game of the document's scenario with the chosen bots.
    pub fn start(&mut self, doc: &Document) {
        let Some(g) = doc.generic() else { return };
        self.error = None;
        self.lines.clear();
        let sides: Vec<String> = g
            .bundle
            .scenario
            .sides
            .iter()
            .map(|s| s.id.to_string())
            .collect();
        let default = BotChoice::default_of(g.system).map(|b| b.to_string());
        self.seats.resize(sides.len(), default.unwrap_or_default());
        let bots: Vec<(String, String)> = sides.into_iter().zip(self.seats.clone()).collect();
        let started = g
            .system
            .prepare(BundleRef::Generic(&g.bundle))
            .and_then(|p| p.new_match(self.seed, &bots, Narration::Events));
        match started {
            Ok(m) => {
                self.game = Some(m);
                self.refresh(doc);
            }
            Err(e) => {
                self.game = None;
                self.error = Some(e.to_string());
            }
        }
    }

    /// The bot to move takes one action.
    pub fn step(&mut self, doc: &Document) {
        let Some(m) = self.game.as_mut() else { return };
        if m.is_over() {
            self.running = false;
            return;
        }
        match m.step() {
            Ok(lines) => self.lines.extend(lines),
            Err(e) => {
                self.error = Some(e.to_string());
                self.running = false;
            }
        }
        if m.is_over() {
            self.lines.extend(m.finish());
            self.running = false;
        }
        let extra = self.lines.len().saturating_sub(KEPT_LINES);
        self.lines.drain(..extra);
        self.refresh(doc);
    }

    /// Plays to the end at once (tests; the window runs a few steps a frame instead).
    pub fn run_to_end(&mut self, doc: &Document) {
        while self.game.as_ref().is_some_and(|m| !m.is_over()) && self.error.is_none() {
            self.step(doc);
        }
    }

    pub fn result(&self) -> Option<String> {
        self.game.as_ref().and_then(|m| m.result())
    }

    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The units on the map now, drawn with the system's counter faces.
    fn refresh(&mut self, doc: &Document) {
        let (Some(g), Some(m)) = (doc.generic(), &self.game) else {
            return;
        };
        let counters = &g.bundle.counters;
        let mut by_hex: BTreeMap<HexId, Stack> = BTreeMap::new();
        for on in m.board() {
            let Some(u) = counters.unit(&on.unit) else {
                continue;
            };
            let face = g.system.counter_face(counters, u, &Default::default());
            let st = by_hex.entry(on.hex).or_insert_with(|| Stack {
                hex: on.hex,
                units: Vec::new(),
                faces: Vec::new(),
            });
            st.units.push(UnitId::new(on.unit));
            st.faces.push(face);
        }
        self.layer = Some(Arc::new(UnitLayer {
            stacks: by_hex.into_values().collect(),
        }));
    }

    pub fn window(&mut self, ctx: &egui::Context, doc: &Document) {
        if !self.open {
            return;
        }
        let mut open = self.open;
        egui::Window::new("Bot game")
            .open(&mut open)
            .default_width(420.0)
            .show(ctx, |ui| self.ui(ui, doc));
        self.open = open;
        if !open {
            self.game = None;
            self.running = false;
        }
        if self.running {
            for _ in 0..STEPS_PER_FRAME {
                self.step(doc);
                if !self.running {
                    break;
                }
            }
            ctx.request_repaint();
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, doc: &Document) {
        let Some(g) = doc.generic() else { return };
        let sides = &g.bundle.scenario.sides;
        let bots = g.system.bots();
        let default = BotChoice::default_of(g.system).map(|b| b.to_string());
        self.seats.resize(sides.len(), default.unwrap_or_default());
        ui.add_enabled_ui(self.game.is_none(), |ui| {
            egui::Grid::new("bot-seats").show(ui, |ui| {
                for (side, seat) in sides.iter().zip(&mut self.seats) {
                    let name = ui.label(&side.name);
                    egui::ComboBox::from_id_salt(("seat", side.id.as_str()))
                        .selected_text(seat.as_str())
                        .show_ui(ui, |ui| {
                            for b in bots {
                                ui.selectable_value(seat, b.kind.to_owned(), b.label);
                            }
                        })
                        .response
                        .labelled_by(name.id);
                    ui.end_row();
                }
                let name = ui.label("Seed");
                ui.add(egui::DragValue::new(&mut self.seed))
                    .labelled_by(name.id);
                ui.end_row();
            });
        });
        ui.horizontal(|ui| {
            if self.game.is_none() {
                if ui.button("Start").clicked() {
                    self.start(doc);
                }
            } else {
                let over = self.game.as_ref().is_some_and(|m| m.is_over());
                if ui.add_enabled(!over, egui::Button::new("Step")).clicked() {
                    self.step(doc);
                }
                let run = if self.running { "Pause" } else { "Run" };
                if ui.add_enabled(!over, egui::Button::new(run)).clicked() {
                    self.running = !self.running;
                }
                if ui.button("New game").clicked() {
                    self.game = None;
                    self.running = false;
                    self.lines.clear();
                }
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(egui::Color32::RED, e);
        }
        if let Some(m) = &self.game {
            ui.label(format!("{} actions", m.actions()));
            if let Some(r) = m.result() {
                ui.strong(r);
            }
        }
        egui::ScrollArea::vertical()
            .max_height(260.0)
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for l in &self.lines {
                    ui.label(l);
                }
            });
    }
}
