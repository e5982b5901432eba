//! A timeline of the scenario's turns: what enters (and leaves) on each day, when
//! restrictions lift, air and barrage windows, the mines rule. Dated items outside the
//! scenario are listed at the end (S04). Clicking an arrival selects its group.

use egui::{Color32, RichText, Ui};

use super::schedule::group_name;
use super::workbench::Workbench;
use crate::document::Document;
use sztab_core::model::{Date, RestrictionRule, Scenario, Scope, range};

/// One thing that happens on a day.
#[derive(Clone, Debug, PartialEq)]
pub enum Happening {
    /// A reinforcement group (index) enters.
    Arrives(usize, String),
    Leaves(String),
    Note(String),
}

/// What happens on each date, in date order.
pub fn happenings(s: &Scenario) -> Vec<(Date, Happening)> {
    let mut v: Vec<(Date, Happening)> = Vec::new();
    for (i, r) in s.reinforcements.iter().enumerate() {
        let opt = if r.optional { " (optional)" } else { "" };
        v.push((
            r.date,
            Happening::Arrives(
                i,
                format!(
                    "{}{opt}: {}",
                    group_name(r),
                    crate::words::count(r.units.len(), "unit", "units")
                ),
            ),
        ));
        if let Some(d) = r.cannot_move_before {
            v.push((d, Happening::Note(format!("{} may move", group_name(r)))));
        }
    }
    for w in &s.withdrawals {
        let eq = if w.or_equivalent {
            " or equivalent"
        } else {
            ""
        };
        v.push((
            w.date,
            Happening::Leaves(format!("{}{eq} withdrawn", w.formation)),
        ));
    }
    for r in &s.restrictions {
        let who = match &r.scope {
            Scope::Formation(f) => f.to_string(),
            Scope::Units(u) => format!("{} unit(s)", u.len()),
        };
        match &r.rule {
            RestrictionRule::NoMoveUntil(d) => {
                v.push((*d, Happening::Note(format!("{who} may move"))))
            }
            RestrictionRule::HalfMpOn(d) => {
                v.push((*d, Happening::Note(format!("{who}: half MP"))))
            }
            RestrictionRule::NoCrossing { .. } => {}
        }
    }
    for b in &s.barrage {
        for d in &b.dates {
            v.push((
                *d,
                Happening::Note(format!("{} barrage ({} AU)", b.side, b.ammo_units)),
            ));
        }
    }
    for a in &s.air {
        if let Some(d) = a.from {
            v.push((d, Happening::Note(format!("{} air from today", a.side))));
        }
        if let Some(d) = a.until {
            v.push((d, Happening::Note(format!("{} air until today", a.side))));
        }
    }
    if let Some(m) = &s.rules.mines {
        v.push((
            m.from,
            Happening::Note(format!("mines {}K6 from today", m.dice)),
        ));
        v.push((m.until, Happening::Note("mines until today".into())));
    }
    v.sort_by_key(|(d, _)| *d);
    v
}

pub fn show(ui: &mut Ui, wb: &mut Workbench, doc: &Document) {
    ui.heading("Timeline");
    let Some(s) = doc.scenario() else { return };
    let all = happenings(s);
    let turns = s.turns().clamp(0, i64::from(range::TURNS.max)) as u32;
    egui::ScrollArea::vertical()
        .id_salt("timeline")
        .max_height(260.0)
        .show(ui, |ui| {
            for t in 1..=turns {
                let d = s.date_of_turn(t);
                let today: Vec<&Happening> = all
                    .iter()
                    .filter(|(x, _)| *x == d)
                    .map(|(_, h)| h)
                    .collect();
                ui.horizontal(|ui| {
                    ui.label(RichText::new(format!("T{t:>2}  {d}")).monospace());
                    if today.is_empty() {
                        ui.weak("·");
                    }
                });
                for h in today {
                    item(ui, wb, h);
                }
            }
            let outside: Vec<&(Date, Happening)> = all
                .iter()
                .filter(|(d, _)| *d < s.start || *d > s.end)
                .collect();
            if !outside.is_empty() {
                ui.colored_label(
                    Color32::from_rgb(210, 40, 40),
                    "Outside the scenario's dates (S04):",
                );
                for (d, h) in outside {
                    ui.label(format!("{d}"));
                    item(ui, wb, h);
                }
            }
        });
}

fn item(ui: &mut Ui, wb: &mut Workbench, h: &Happening) {
    ui.horizontal(|ui| {
        ui.add_space(24.0);
        match h {
            Happening::Arrives(i, text) => {
                let t = RichText::new(format!("+ {text}")).color(Color32::from_rgb(30, 130, 50));
                if ui
                    .link(t)
                    .on_hover_text("Select this reinforcement")
                    .clicked()
                {
                    wb.selection.reinforcement = Some(*i);
                }
            }
            Happening::Leaves(text) => {
                ui.label(RichText::new(format!("− {text}")).color(Color32::from_rgb(190, 40, 40)));
            }
            Happening::Note(text) => {
                ui.weak(text);
            }
        }
    });
}
