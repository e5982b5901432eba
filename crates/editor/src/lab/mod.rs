//! The balance lab: bots play N games of the open scenario on all cores (`sztab::balance`
//! on a background thread) with a progress bar and Cancel; the results show each side's
//! win rate with its 95 % Wilson interval, the distributions of VP and of victory
//! levels (egui_plot), average losses, automatic victories and their turns, the heat map
//! of where combats were fought (drawn on the map), and export as CSV.

mod plots;
mod results;
mod robust;
mod setup;

use std::time::Duration;

use egui::Ui;

use super::document::Document;
use super::files::{Chooser, ChooserPurpose};
use sztab_core::hex::HexId;
use sztab_seam::BundleRef;
use sztab_shell::balance::{Runner, Study, Summary};

pub use setup::LabSetup;

/// The side names in the order of play, as the balance runner orders them.
fn side_names(bundle: BundleRef<'_>) -> [String; 2] {
    let sides = bundle.sides_in_play_order();
    let name = |i: usize| {
        sides
            .get(i)
            .map_or_else(|| "?".to_string(), |s| s.1.clone())
    };
    [name(0), name(1)]
}

/// The names of a study's sides (it knows their ids), the id where the scenario no
/// longer has that side.
fn names_of(bundle: BundleRef<'_>, ids: &[String; 2]) -> [String; 2] {
    let sides = bundle.sides_in_play_order();
    ids.clone()
        .map(|id| sides.iter().find(|s| s.0 == id).map_or(id, |s| s.1.clone()))
}

#[derive(Default)]
pub struct Lab {
    pub open: bool,
    pub setup: LabSetup,
    runner: Option<Runner>,
    study: Option<Study>,
    summary: Option<Summary>,
    /// Draw the combat heat map on the map.
    pub show_heat: bool,
    pub message: Option<String>,
    chooser: Option<Chooser>,
    /// The scenario's file: the CSV is proposed beside it.
    scenario_file: Option<std::path::PathBuf>,
    pub robustness: robust::RobustnessPanel,
}

impl Lab {
    pub fn running(&self) -> bool {
        self.runner.is_some() || self.robustness.running()
    }

    pub fn summary(&self) -> Option<&Summary> {
        self.summary.as_ref()
    }

    pub fn study(&self) -> Option<&Study> {
        self.study.as_ref()
    }

    /// Starts the study on `bundle`, refusing a scenario its rules refuse.
    pub fn start(&mut self, bundle: BundleRef<'_>) {
        let Some(system) = sztab_registry::get(bundle.system().as_str()) else {
            self.message = Some(format!("unknown rule system \"{}\"", bundle.system()));
            return;
        };
        let playable = match system.prepare(bundle) {
            Ok(p) => p,
            Err(e) => {
                self.message = Some(e.to_string());
                return;
            }
        };
        self.setup.fit(system);
        self.runner = Some(Runner::spawn(playable, self.setup.config()));
        self.study = None;
        self.summary = None;
        self.message = None;
    }

    pub fn cancel(&self) {
        if let Some(r) = &self.runner {
            r.cancel();
        }
    }

    /// Collects a finished run; true when one was collected.
    pub fn poll(&mut self) -> bool {
        if !self.runner.as_ref().is_some_and(Runner::is_finished) {
            return false;
        }
        let Some(r) = self.runner.take() else {
            return false;
        };
        match r.join() {
            Ok(study) => {
                self.summary = Some(study.summary());
                self.study = Some(study);
            }
            Err(e) => self.message = Some(e.to_string()),
        }
        true
    }

    /// Combats per hex for the map overlay, while the lab is open and the overlay is
    /// switched on.
    pub fn heat(&self) -> Option<Vec<(HexId, u32)>> {
        let s = self
            .summary
            .as_ref()
            .filter(|_| self.open && self.show_heat)?;
        Some(
            s.heat
                .iter()
                .map(|&(h, k)| (h, u32::try_from(k).unwrap_or(u32::MAX)))
                .collect(),
        )
    }

    /// Writes the records as CSV (the `sztab balance --csv` format).
    pub fn export_csv(&mut self, path: &std::path::Path) -> Result<(), String> {
        let study = self.study.as_ref().ok_or("no results to export")?;
        let mut out = Vec::new();
        sztab_shell::balance::csv::write(&mut out, &study.info, &study.records)
            .map_err(|e| e.to_string())?;
        let text = String::from_utf8(out).map_err(|e| e.to_string())?;
        sztab_core::model::io::write_atomic(path, &text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        self.message = Some(format!(
            "{} games written to {}",
            study.records.len(),
            path.display()
        ));
        Ok(())
    }

    /// The lab window (when open) and its CSV chooser.
    pub fn window(&mut self, ctx: &egui::Context, doc: Option<&Document>) {
        if self.poll() {
            ctx.request_repaint();
        }
        if let Some(b) = doc.and_then(Document::rules_view)
            && self.robustness.poll(&side_names(b))
        {
            ctx.request_repaint();
        }
        if self.running() {
            ctx.request_repaint_after(Duration::from_millis(100));
        }
        let bundle = doc.and_then(Document::rules_view);
        self.scenario_file = doc.and_then(Document::path).map(ToOwned::to_owned);
        let mut open = self.open;
        egui::Window::new("Balance lab")
            .open(&mut open)
            .default_pos(ctx.content_rect().right_top() + egui::vec2(-620.0, 52.0))
            .default_width(560.0)
            .default_height(940.0)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.body(ui, bundle));
            });
        self.open = open;
        self.chooser_window(ctx);
    }

    fn body(&mut self, ui: &mut Ui, bundle: Option<BundleRef<'_>>) {
        let Some(bundle) = bundle else {
            ui.label("Open a scenario to study its balance.");
            return;
        };
        let Some(system) = sztab_registry::get(bundle.system().as_str()) else {
            ui.label(format!("Unknown rule system \"{}\".", bundle.system()));
            return;
        };
        if !system.support().bots {
            ui.label(format!(
                "{} has no bots yet: the lab cannot play it.",
                system.name()
            ));
            return;
        }
        ui.label(format!("Scenario: {}", bundle.title()));
        let names = side_names(bundle);
        let busy = self.running();
        ui.add_enabled_ui(!busy, |ui| self.setup.show(ui, &names, system));
        self.run_controls(ui, bundle);
        if let Some(m) = &self.message {
            ui.colored_label(egui::Color32::from_rgb(190, 30, 30), m);
        }
        ui.separator();
        egui::CollapsingHeader::new("Robustness: does the verdict hold at every strength?")
            .id_salt("lab_robustness_section")
            .show(ui, |ui| {
                ui.add_enabled_ui(self.runner.is_none(), |ui| {
                    self.robustness
                        .show(ui, bundle, system, &self.setup, &names)
                });
            });
        if let (Some(s), Some(study)) = (&self.summary, &self.study) {
            ui.separator();
            let names = names_of(bundle, &s.info.sides);
            results::show(ui, s, study, &names, &mut self.show_heat);
            if s.games > s.errors {
                plots::show(ui, s, &names);
            }
            if ui.button("Export CSV…").clicked() {
                let start = crate::files::suggest::start(
                    ChooserPurpose::ExportCsv,
                    crate::files::suggest::Context {
                        file: self.scenario_file.as_deref(),
                        title: "balance",
                        ..Default::default()
                    },
                );
                self.chooser = Some(Chooser::new(ChooserPurpose::ExportCsv, &start));
            }
        }
    }

    fn run_controls(&mut self, ui: &mut Ui, bundle: BundleRef<'_>) {
        match &self.runner {
            Some(r) => {
                let (done, total) = r.progress();
                let elapsed = r.last_report().map_or(0.0, |p| p.elapsed.as_secs_f64());
                let rate = if elapsed > 0.0 {
                    done as f64 / elapsed
                } else {
                    0.0
                };
                let left = if rate > 0.0 {
                    format!(
                        ", {} left",
                        duration_text(total.saturating_sub(done) as f64 / rate)
                    )
                } else {
                    String::new()
                };
                ui.add(
                    egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                        .text(format!("{done} of {total} games, {rate:.1} games/s{left}")),
                );
                if ui.button("Cancel").clicked() {
                    r.cancel();
                }
            }
            None => {
                if ui
                    .add_enabled(
                        !self.robustness.running(),
                        egui::Button::new("Run the games"),
                    )
                    .clicked()
                {
                    self.start(bundle);
                }
            }
        }
    }

    fn chooser_window(&mut self, ctx: &egui::Context) {
        let Some(ch) = &mut self.chooser else { return };
        let mut open = true;
        let chosen = ch.show(ctx, &mut open);
        if !open {
            self.chooser = None;
        }
        if let Some(path) = chosen {
            self.chooser = None;
            if let Err(e) = self.export_csv(&path) {
                self.message = Some(e);
            }
        }
    }
}

/// "42 s", "3 min 5 s", "1 h 12 min": a time left.
fn duration_text(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, (s % 3600) / 60),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn time_left_reads_in_the_largest_units() {
        assert_eq!(super::duration_text(41.6), "42 s");
        assert_eq!(super::duration_text(185.0), "3 min 5 s");
        assert_eq!(super::duration_text(4320.0), "1 h 12 min");
    }
}
