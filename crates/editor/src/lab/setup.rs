//! What the lab plays: how many games, the base seed, each side's bot and strength, and
//! how many threads.

use egui::Ui;

use sztab_seam::BotChoice;
use sztab_seam::RuleSystem;
use sztab_shell::balance::{Config, MAX_ACTIONS, Shard};

pub struct LabSetup {
    pub games: u64,
    pub seed: u64,
    /// Per side, in the order of play (the side that moves first, then the other).
    pub bots: [BotChoice; 2],
    /// Worker threads; 0 uses every core.
    pub jobs: usize,
}

impl Default for LabSetup {
    fn default() -> Self {
        Self {
            games: 100,
            seed: 1,
            bots: Config::default().bots,
            jobs: 0,
        }
    }
}

impl LabSetup {
    pub fn config(&self) -> Config {
        Config {
            games: self.games.max(1),
            seed: self.seed,
            bots: self.bots.clone(),
            shard: Shard::ALL,
            jobs: (self.jobs > 0).then_some(self.jobs),
            max_actions: MAX_ACTIONS,
        }
    }

    /// Keeps each side's bot one that `system` has (a new scenario of another system
    /// gets the system's default).
    pub fn fit(&mut self, system: &dyn RuleSystem) {
        for b in &mut self.bots {
            match b.normalized(system) {
                Ok(n) => *b = n,
                Err(_) => {
                    if let Some(d) = BotChoice::default_of(system) {
                        *b = d;
                    }
                }
            }
        }
    }

    /// One row per side (its name labels its bot and strength), then the numbers.
    pub fn show(&mut self, ui: &mut Ui, names: &[String; 2], system: &dyn RuleSystem) {
        self.fit(system);
        egui::Grid::new("lab_setup").num_columns(3).show(ui, |ui| {
            ui.weak("side");
            ui.weak("bot");
            ui.weak("strength");
            ui.end_row();
            for (i, name) in names.iter().enumerate() {
                let l = ui.label(name);
                let bot = &mut self.bots[i];
                egui::ComboBox::from_id_salt(("lab_bot", i))
                    .selected_text(bot.kind.clone())
                    .show_ui(ui, |ui| {
                        for info in system.bots() {
                            if ui
                                .selectable_label(bot.kind == info.kind, info.kind)
                                .on_hover_text(info.label)
                                .clicked()
                            {
                                *bot = BotChoice::new(info.kind, bot.strength);
                            }
                        }
                    })
                    .response
                    .labelled_by(l.id);
                let range = system
                    .bots()
                    .iter()
                    .find(|b| b.kind == bot.kind)
                    .and_then(|b| b.strengths);
                match (range, bot.strength) {
                    (Some((lo, hi)), Some(mut s)) => {
                        ui.add(egui::Slider::new(&mut s, lo..=hi))
                            .labelled_by(l.id)
                            .on_hover_text(format!("{lo} plays weakest, {hi} strongest"));
                        bot.strength = Some(s);
                    }
                    _ => {
                        ui.label("");
                    }
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
