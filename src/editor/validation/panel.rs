//! The Problems panel: every error and warning with its code, rule and message, errors
//! first; a click on one returns it so the app can select and centre its subject.

use egui::{Color32, RichText, Ui};

use super::Validator;
use crate::model::{Problem, Severity};

pub const ERROR: Color32 = Color32::from_rgb(210, 40, 40);
pub const WARNING: Color32 = Color32::from_rgb(215, 140, 0);

/// Which problems to list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filter {
    pub warnings: bool,
    pub text: String,
}

impl Default for Filter {
    fn default() -> Self {
        Self {
            warnings: true,
            text: String::new(),
        }
    }
}

fn matches(p: &Problem, f: &Filter) -> bool {
    if !f.warnings && !p.is_error() {
        return false;
    }
    let t = f.text.trim().to_lowercase();
    t.is_empty()
        || p.code.to_lowercase().contains(&t)
        || p.message.to_lowercase().contains(&t)
        || p.rule.is_some_and(|r| r.to_lowercase().contains(&t))
}

/// The panel; returns a clicked problem.
pub fn show(ui: &mut Ui, v: &Validator, filter: &mut Filter, stale: bool) -> Option<Problem> {
    ui.horizontal(|ui| {
        ui.label(RichText::new(super::count(v.errors(), "error")).color(ERROR));
        ui.label(RichText::new(super::count(v.warnings(), "warning")).color(WARNING));
        if stale {
            ui.weak("checking…");
        } else if let Some(d) = v.last_duration {
            ui.weak(format!("checked in {:.0} ms", d.as_secs_f64() * 1000.0));
        }
    });
    ui.horizontal(|ui| {
        ui.checkbox(&mut filter.warnings, "Show warnings");
        ui.add(
            egui::TextEdit::singleline(&mut filter.text)
                .hint_text("filter: code, rule or text")
                .desired_width(160.0),
        )
        .on_hover_text("Filter problems");
    });
    let mut list: Vec<&Problem> = v.problems().iter().filter(|p| matches(p, filter)).collect();
    list.sort_by_key(|p| (p.severity, p.code));
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .id_salt("problems")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            if list.is_empty() {
                ui.weak("No problems.");
            }
            for p in list {
                let colour = match p.severity {
                    Severity::Error => ERROR,
                    Severity::Warning => WARNING,
                };
                let rule = p.rule.map_or(String::new(), |r| format!(" ({r})"));
                let text = RichText::new(format!("{}{rule}: {}", p.code, p.message)).color(colour);
                let r = ui.add(egui::Button::selectable(false, text).wrap());
                let r = if p.subject.is_some() {
                    r.on_hover_text("Click to select and centre it on the map")
                } else {
                    r.on_hover_text("Click to go where it is fixed")
                };
                if r.clicked() {
                    clicked = Some(p.clone());
                }
            }
        });
    clicked
}
