//! The start dialog of Play ▶: the engine's setup checks on the current document (a
//! scenario with errors is refused, with the errors listed), who plays each side, the
//! seed, and whether each player sees only what R16 shows.

use egui::{Color32, Ui};

use super::seats::Seat;
use sztab_core::model::Bundle;
use sztab_wb95::ai::BotSpec;
use sztab_wb95::{Game, Side};

pub struct StartDialog {
    pub seats: [Seat; 2],
    pub seed: u64,
    /// Hide the other side's stacks as R16 says.
    pub fog: bool,
    /// The side names, A then B.
    names: [String; 2],
    /// The setup errors that refuse the game, if any.
    pub refused: Vec<String>,
}

/// What the dialog asks for.
pub enum StartAnswer {
    Start(Box<Game>, [Seat; 2], bool),
    Cancel,
}

/// What fog of war does, said before the game starts: a newcomer otherwise wonders where
/// the odds went.
pub const FOG_ON: &str = "With fog of war you see an enemy stack only as R16 shows it: the top counter from afar, the types and CELs of a stack next to yours, the whole stack once it has fought. The odds of an attack on a stack you do not see whole are shown once the attack is declared, and the combat card then shows every counter. Turn fog off to see every stack and every odds while learning the rules or testing the scenario; in a game between people the View menu switches it, against a bot it stays on.";
pub const FOG_OFF: &str =
    "Without fog of war every stack and the odds of every attack are shown to both players.";

impl StartDialog {
    /// Checks the scenario as `Game::new` does.
    pub fn new(bundle: &Bundle) -> Self {
        let seed = 1;
        let (names, refused) = match Game::new(bundle, seed) {
            Ok(g) => (
                Side::BOTH.map(|s| g.prepared().sides[s.index()].name.clone()),
                Vec::new(),
            ),
            Err(e) => (
                ["A".into(), "B".into()],
                e.problems
                    .iter()
                    .filter(|p| p.is_error())
                    .map(|p| p.to_string())
                    .collect(),
            ),
        };
        Self {
            seats: [Seat::Human, Seat::Bot(BotSpec::default())],
            seed,
            fog: true,
            names,
            refused,
        }
    }

    pub fn show(&mut self, ctx: &egui::Context, bundle: &Bundle) -> Option<StartAnswer> {
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("playtest_start")).show(ctx, |ui| {
            ui.set_max_width(560.0);
            answer = self.body(ui, bundle);
        });
        answer
    }

    fn body(&mut self, ui: &mut Ui, bundle: &Bundle) -> Option<StartAnswer> {
        ui.heading("Playtest");
        if !self.refused.is_empty() {
            ui.colored_label(
                Color32::from_rgb(190, 30, 30),
                format!(
                    "The rules engine refuses this scenario: {} setup error(s). Fix them in the editor first.",
                    self.refused.len()
                ),
            );
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    for e in &self.refused {
                        ui.label(e);
                    }
                });
            return ui.button("Close").clicked().then_some(StartAnswer::Cancel);
        }
        ui.label("The game is played on the scenario as it is now in the editor; the document is not changed.");
        egui::Grid::new("seats").show(ui, |ui| {
            for side in Side::BOTH {
                let name = &self.names[side.index()];
                let initiative = if side == Side::A {
                    " (moves first)"
                } else {
                    ""
                };
                let seat = &mut self.seats[side.index()];
                egui::ComboBox::from_label(format!("plays {name}{initiative}"))
                    .selected_text(seat.label())
                    .show_ui(ui, |ui| {
                        for c in Seat::choices() {
                            ui.selectable_value(seat, c, c.label());
                        }
                    });
                ui.end_row();
            }
        });
        ui.horizontal(|ui| {
            let l = ui.label("Seed of the dice");
            ui.add(egui::DragValue::new(&mut self.seed))
                .labelled_by(l.id);
        });
        ui.checkbox(
            &mut self.fog,
            "Fog of war: each player sees only the top counter of enemy stacks (R16)",
        );
        ui.weak(if self.fog { FOG_ON } else { FOG_OFF });
        if self.seats.iter().all(|s| s.is_human()) {
            ui.weak("Hot-seat: the screen asks to hand over between players.");
        }
        let mut answer = None;
        ui.horizontal(|ui| {
            if ui.button("Start game").clicked() {
                answer = Some(match Game::new(bundle, self.seed) {
                    Ok(g) => StartAnswer::Start(Box::new(g), self.seats, self.fog),
                    Err(e) => {
                        self.refused = vec![e.to_string()];
                        return;
                    }
                });
            }
            if ui.button("Cancel").clicked() {
                answer = Some(StartAnswer::Cancel);
            }
        });
        answer
    }
}
