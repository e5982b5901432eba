//! What the lab plays: how many games, the base seed, each side's bot and strength, and
//! how many threads.

use egui::Ui;

use crate::balance::{Config, MAX_ACTIONS, Shard};
use crate::systems::wb95::ai::{BotKind, BotSpec};

pub struct LabSetup {
    pub games: u64,
    pub seed: u64,
    /// Per side, A (initiative) then B.
    pub bots: [BotSpec; 2],
    /// Worker threads; 0 uses every core.
    pub jobs: usize,
}

impl Default for LabSetup {
    fn default() -> Self {
        Self {
            games: 100,
            seed: 1,
            bots: [BotSpec::default(); 2],
            jobs: 0,
        }
    }
}

impl LabSetup {
    pub fn config(&self) -> Config {
        Config {
            games: self.games.max(1),
            seed: self.seed,
            bots: self.bots,
            shard: Shard::ALL,
            jobs: (self.jobs > 0).then_some(self.jobs),
            max_actions: MAX_ACTIONS,
        }
    }

    /// One row per side (its name labels its bot and strength), then the numbers.
    pub fn show(&mut self, ui: &mut Ui, names: &[String; 2]) {
        egui::Grid::new("lab_setup").num_columns(3).show(ui, |ui| {
            ui.weak("side");
            ui.weak("bot");
            ui.weak("strength (1-5)");
            ui.end_row();
            for (i, name) in names.iter().enumerate() {
                let l = ui.label(name);
                let bot = &mut self.bots[i];
                egui::ComboBox::from_id_salt(("lab_bot", i))
                    .selected_text(match bot.kind {
                        BotKind::Random => "random",
                        BotKind::Heuristic => "heuristic",
                    })
                    .show_ui(ui, |ui| {
                        if ui
                            .selectable_label(bot.kind == BotKind::Random, "random")
                            .clicked()
                        {
                            *bot = BotSpec::RANDOM;
                        }
                        if ui
                            .selectable_label(bot.kind == BotKind::Heuristic, "heuristic")
                            .clicked()
                        {
                            *bot = BotSpec::heuristic(bot.strength);
                        }
                    })
                    .response
                    .labelled_by(l.id);
                if bot.kind == BotKind::Heuristic {
                    let mut s = bot.strength;
                    ui.add(egui::Slider::new(&mut s, 1..=5))
                        .labelled_by(l.id)
                        .on_hover_text("1 plays weakest, 5 strongest");
                    *bot = bot.with_strength(s);
                } else {
                    ui.label("");
                }
                ui.end_row();
            }
        });
        ui.horizontal(|ui| {
            let l = ui.label("Games");
            ui.add(egui::DragValue::new(&mut self.games).range(1..=1_000_000))
                .labelled_by(l.id);
            let l = ui.label("Seed");
            ui.add(egui::DragValue::new(&mut self.seed))
                .labelled_by(l.id);
            let l = ui.label("Threads (0: all cores)");
            ui.add(egui::DragValue::new(&mut self.jobs).range(0..=256))
                .labelled_by(l.id);
        });
    }
}
