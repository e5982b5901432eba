//! The lab's robustness study: the same games at weak-weak, strong-strong, strong-weak
//! and weak-strong, a chart of the first side's win rate at each, and the sentence that
//! says whether the verdict holds at every strength.

use egui::{Color32, Ui};
use egui_plot::{Bar, BarChart, Line, Plot, PlotPoints, VLine};

use super::LabSetup;
use sztab_seam::RuleSystem;
use sztab_seam::{BotChoice, BundleRef};
use sztab_shell::balance::robustness::{self, Robustness};
use sztab_shell::balance::series::SeriesRunner;

#[derive(Default)]
pub struct RobustnessPanel {
    /// The weak and strong bots; `None` until fitted to a system.
    pub bots: Option<(BotChoice, BotChoice)>,
    runner: Option<SeriesRunner>,
    pub result: Option<Robustness>,
    message: Option<String>,
}

impl RobustnessPanel {
    pub fn running(&self) -> bool {
        self.runner.is_some()
    }

    /// Collects a finished run; true when one was collected.
    pub fn poll(&mut self, names: &[String; 2]) -> bool {
        if !self.runner.as_ref().is_some_and(SeriesRunner::is_finished) {
            return false;
        }
        let Some(r) = self.runner.take() else {
            return false;
        };
        match r.join() {
            Ok(studies) => self.result = Some(Robustness::of(names.clone(), &studies)),
            Err(e) => self.message = Some(e.to_string()),
        }
        true
    }

    /// The system's first graded bot at its weakest and strongest (kept while valid).
    fn fit(&mut self, system: &dyn RuleSystem) {
        let valid = |b: &BotChoice| b.normalized(system).is_ok_and(|n| n == *b);
        if self
            .bots
            .as_ref()
            .is_some_and(|(w, s)| valid(w) && valid(s))
        {
            return;
        }
        self.bots = robustness::bots(system, None, None).ok();
    }

    fn start(&mut self, bundle: BundleRef<'_>, system: &dyn RuleSystem, setup: &LabSetup) {
        let Some((weak, strong)) = &self.bots else {
            return;
        };
        let playable = match system.prepare(bundle) {
            Ok(p) => p,
            Err(e) => {
                self.message = Some(e.to_string());
                return;
            }
        };
        let c = setup.config();
        let series = robustness::series(weak, strong, c.games, c.seed, c.jobs);
        self.runner = Some(SeriesRunner::spawn(playable, series));
        self.result = None;
        self.message = None;
    }

    pub fn show(
        &mut self,
        ui: &mut Ui,
        bundle: BundleRef<'_>,
        system: &dyn RuleSystem,
        setup: &LabSetup,
        names: &[String; 2],
    ) {
        self.fit(system);
        let Some((weak, strong)) = self.bots.clone() else {
            ui.label(format!(
                "{} has no bot with strengths to compare.",
                system.name()
            ));
            return;
        };
        ui.label(format!(
            "The games and seed above at four pairings of {weak} (weak) and {strong} (strong)."
        ));
        for (label, bot) in [("Weak bot", 0), ("Strong bot", 1)] {
            ui.horizontal(|ui| {
                let l = ui.label(label);
                let current = if bot == 0 { &weak } else { &strong };
                egui::ComboBox::from_id_salt(("lab_robust", bot))
                    .selected_text(current.to_string())
                    .show_ui(ui, |ui| {
                        for choice in choices(system) {
                            if ui
                                .selectable_label(*current == choice, choice.to_string())
                                .clicked()
                                && let Some(b) = &mut self.bots
                            {
                                *(if bot == 0 { &mut b.0 } else { &mut b.1 }) = choice;
                            }
                        }
                    })
                    .response
                    .labelled_by(l.id);
            });
        }
        match &self.runner {
            Some(r) => {
                let text = r.progress().map_or("starting…".to_owned(), |p| {
                    format!(
                        "pairing {} of {}: {} of {} games",
                        p.pairing + 1,
                        p.pairings,
                        p.game.done,
                        p.game.total
                    )
                });
                let frac = r.progress().map_or(0.0, |p| {
                    (p.pairing as f32 + p.game.done as f32 / p.game.total.max(1) as f32)
                        / p.pairings.max(1) as f32
                });
                ui.add(egui::ProgressBar::new(frac).text(text));
                if ui.button("Cancel the robustness study").clicked() {
                    r.cancel();
                }
            }
            None => {
                if ui.button("Run the robustness study").clicked() {
                    self.start(bundle, system, setup);
                }
            }
        }
        if let Some(m) = &self.message {
            ui.colored_label(Color32::from_rgb(190, 30, 30), m);
        }
        if let Some(r) = &self.result {
            ui.strong(format!("Verdict: {}", r.verdict()));
            chart(ui, r, names);
        }
    }
}

/// Every bot of the system at every strength.
fn choices(system: &dyn RuleSystem) -> Vec<BotChoice> {
    system
        .bots()
        .iter()
        .flat_map(|b| match b.strengths {
            Some((lo, hi)) => (lo..=hi).map(|s| BotChoice::new(b.kind, Some(s))).collect(),
            None => vec![BotChoice::new(b.kind, None)],
        })
        .collect()
}

/// The first side's win rate at each pairing, with its 95 % interval and the 50 % line.
fn chart(ui: &mut Ui, r: &Robustness, names: &[String; 2]) {
    let labels: Vec<&'static str> = r.cells.iter().map(|c| c.label).collect();
    let n = labels.len();
    Plot::new("lab_robustness")
        .height(30.0 * n as f32 + 60.0)
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .include_x(0.0)
        .include_x(100.0)
        .x_axis_label(format!("% of games {} won", names[0]))
        .y_axis_min_width(110.0)
        .y_axis_formatter(move |m, _| {
            let i = m.value.round();
            if (m.value - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < n {
                labels[n - 1 - i as usize].to_owned()
            } else {
                String::new()
            }
        })
        .show(ui, |p| {
            p.vline(VLine::new("50 %", 50.0).color(Color32::GRAY));
            for (k, c) in r.cells.iter().enumerate() {
                let row = (n - 1 - k) as f64;
                p.bar_chart(
                    BarChart::new(
                        c.label,
                        vec![Bar::new(row, 100.0 * c.share.rate(0)).width(0.6)],
                    )
                    .horizontal()
                    .color(Color32::from_rgb(40, 90, 230)),
                );
                let (lo, hi) = c.share.interval(0);
                p.line(
                    Line::new(
                        format!("95 % interval {}", c.label),
                        PlotPoints::new(vec![[100.0 * lo, row], [100.0 * hi, row]]),
                    )
                    .color(Color32::from_rgb(250, 210, 40))
                    .width(4.0),
                );
            }
        });
}
