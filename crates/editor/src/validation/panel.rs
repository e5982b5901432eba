//! The Problems panel: every error and warning with its code, rule and message, errors
//! first; a click on one returns it so the app can select and centre its subject, and each
//! unit or hex its message names is a link that centres and zooms the map on it. A
//! warning that is the scenario's intent can be acknowledged with a reason: it moves to the
//! "Acknowledged" list, kept in the scenario file, and is no longer counted.

use egui::{Color32, RichText, Ui};

use super::Validator;
use crate::links::{self, Target};
use sztab_core::hex::HexId;
use sztab_core::model::{Acknowledgement, Problem, Severity};

pub const ERROR: Color32 = Color32::from_rgb(210, 40, 40);
pub const WARNING: Color32 = Color32::from_rgb(215, 140, 0);

/// A count's colour: the alarm's when there are some, the plain text's for none ("0
/// warnings" in orange looked like something to act on).
pub fn tally(n: usize, alarm: Color32, plain: Color32) -> Color32 {
    if n > 0 { alarm } else { plain }
}
pub const ACKNOWLEDGED: Color32 = Color32::from_gray(130);

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

/// An acknowledgement being written: the warning, the reason typed so far, and whether
/// it covers every warning of the code.
#[derive(Clone, Debug, PartialEq)]
pub struct AckDraft {
    pub problem: Problem,
    pub reason: String,
    pub every: bool,
}

/// The panel's own state: the filter and the acknowledgement being written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PanelState {
    pub filter: Filter,
    pub draft: Option<AckDraft>,
}

/// What the designer did in the panel.
#[derive(Clone, Debug, PartialEq)]
pub enum PanelAction {
    /// Select and centre a problem's subject.
    Show(Problem),
    /// Keep this acknowledgement in the scenario.
    Acknowledge(Acknowledgement),
    /// Take back the acknowledgement that covers this warning.
    Withdraw(Problem),
    /// A unit or hex named in a message was clicked.
    Goto(Target),
}

/// Which words of a message are names of the document: unit ids and hexes of the map.
pub struct Names<'a> {
    pub is_unit: &'a dyn Fn(&str) -> bool,
    pub is_hex: &'a dyn Fn(HexId) -> bool,
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

/// The panel; `scenario` is false for a map, whose warnings cannot be acknowledged.
pub fn show(
    ui: &mut Ui,
    v: &Validator,
    state: &mut PanelState,
    stale: bool,
    scenario: bool,
    names: &Names,
) -> Option<PanelAction> {
    ui.horizontal(|ui| {
        let plain = ui.visuals().text_color();
        ui.label(
            RichText::new(super::count(v.errors(), "error")).color(tally(v.errors(), ERROR, plain)),
        );
        ui.label(
            RichText::new(super::count(v.warnings(), "warning")).color(tally(
                v.warnings(),
                WARNING,
                plain,
            )),
        );
        if v.acknowledged() > 0 {
            ui.label(
                RichText::new(format!("{} acknowledged", v.acknowledged())).color(ACKNOWLEDGED),
            );
        }
        if stale {
            ui.weak("checking…");
        } else if let Some(d) = v.last_duration {
            ui.weak(format!("checked in {:.0} ms", d.as_secs_f64() * 1000.0));
        }
    });
    ui.horizontal(|ui| {
        ui.checkbox(&mut state.filter.warnings, "Show warnings");
        ui.add(
            egui::TextEdit::singleline(&mut state.filter.text)
                .hint_text("filter: code, rule or text")
                .desired_width(160.0),
        )
        .on_hover_text("Filter problems");
    });
    let mut action = draft_form(ui, state);
    let mut list: Vec<&Problem> = v
        .problems()
        .iter()
        .filter(|p| matches(p, &state.filter))
        .collect();
    list.sort_by_key(|p| (p.severity, p.code));
    let (acked, open): (Vec<&Problem>, Vec<&Problem>) =
        list.into_iter().partition(|p| p.acknowledged.is_some());
    egui::ScrollArea::vertical()
        .id_salt("problems")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            if open.is_empty() {
                ui.weak("No problems to act on.");
            }
            for p in open {
                if let Some(a) = row(ui, p, scenario, state, names) {
                    action = Some(a);
                }
            }
            if !acked.is_empty() {
                ui.separator();
                egui::CollapsingHeader::new(format!("Acknowledged ({})", acked.len()))
                    .id_salt("acknowledged")
                    .show(ui, |ui| {
                        for p in acked {
                            if let Some(a) = acknowledged_row(ui, p, names) {
                                action = Some(a);
                            }
                        }
                    });
            }
        });
    action
}

/// One open problem: its code and rule (a click shows it), "Acknowledge…" for a warning of
/// a scenario, and the message with its units and hexes as links.
fn row(
    ui: &mut Ui,
    p: &Problem,
    scenario: bool,
    state: &mut PanelState,
    names: &Names,
) -> Option<PanelAction> {
    let colour = match p.severity {
        Severity::Error => ERROR,
        Severity::Warning => WARNING,
    };
    let mut action = None;
    ui.horizontal_top(|ui| {
        if scenario && !p.is_error() {
            let b = ui
                .small_button("Acknowledge…")
                .on_hover_text("This warning is the scenario's intent: keep it, with a reason");
            if b.clicked() {
                state.draft = Some(AckDraft {
                    problem: p.clone(),
                    reason: String::new(),
                    every: false,
                });
            }
        }
        if code_button(ui, p, colour).clicked() {
            action = Some(PanelAction::Show(p.clone()));
        }
        let go = links::show(ui, &p.message, Some(colour), names.is_unit, names.is_hex);
        if let Some(t) = go {
            action = Some(PanelAction::Goto(t));
        }
    });
    action
}

/// "P08 (R5.1.3)": selects and centres the problem's subject, or opens its tab.
fn code_button(ui: &mut Ui, p: &Problem, colour: egui::Color32) -> egui::Response {
    let rule = p.rule.map_or(String::new(), |r| format!(" ({r})"));
    let text = RichText::new(format!("{}{rule}", p.code))
        .color(colour)
        .strong();
    let r = ui.add(egui::Button::selectable(false, text));
    if p.subject.is_some() {
        r.on_hover_text("Click to select and centre it on the map")
    } else {
        r.on_hover_text("Click to go where it is fixed")
    }
}

fn acknowledged_row(ui: &mut Ui, p: &Problem, names: &Names) -> Option<PanelAction> {
    let why = p.acknowledged.as_deref().unwrap_or_default();
    let mut action = None;
    ui.horizontal_top(|ui| {
        if ui
            .small_button("Withdraw")
            .on_hover_text("Take the acknowledgement back: the warning counts again")
            .clicked()
        {
            action = Some(PanelAction::Withdraw(p.clone()));
        }
        if code_button(ui, p, ACKNOWLEDGED).clicked() {
            action = Some(PanelAction::Show(p.clone()));
        }
        ui.vertical(|ui| {
            let go = links::show(
                ui,
                &p.message,
                Some(ACKNOWLEDGED),
                names.is_unit,
                names.is_hex,
            );
            if let Some(t) = go {
                action = Some(PanelAction::Goto(t));
            }
            ui.label(
                RichText::new(format!("— {why}"))
                    .italics()
                    .color(ACKNOWLEDGED),
            );
        });
    });
    action
}

/// The acknowledgement being written: its reason, whether it covers every warning of the
/// code, and the buttons that keep or drop it.
fn draft_form(ui: &mut Ui, state: &mut PanelState) -> Option<PanelAction> {
    let d = state.draft.as_mut()?;
    let mut action = None;
    let mut close = false;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(format!(
            "Acknowledge {}: {}",
            d.problem.code, d.problem.message
        ));
        let l = ui.label("Reason");
        ui.add(
            egui::TextEdit::singleline(&mut d.reason)
                .hint_text("why it is intended, e.g. the historical front line")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(l.id);
        ui.checkbox(
            &mut d.every,
            format!("every {} warning of this scenario", d.problem.code),
        );
        ui.horizontal(|ui| {
            let ok = !d.reason.trim().is_empty();
            if ui
                .add_enabled(ok, egui::Button::new("Keep acknowledged"))
                .on_disabled_hover_text("Give a reason first")
                .clicked()
            {
                let mut a = Acknowledgement::of(&d.problem, d.reason.trim());
                if d.every {
                    a.subject = None;
                }
                action = Some(PanelAction::Acknowledge(a));
                close = true;
            }
            if ui.button("Cancel").clicked() {
                close = true;
            }
        });
    });
    if close {
        state.draft = None;
    }
    action
}
