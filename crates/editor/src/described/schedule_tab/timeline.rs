//! The scenario's turns at a glance: for each turn, what the turn record track prints,
//! who arrives and leaves, and the replacement points received, read from the parts the
//! sections below it edit.

use egui::Ui;

use sztab_core::model::Schema;
use sztab_core::model::described::{Bundle, Scenario};

/// What happens on `turn`, a line each.
pub fn of_turn(b: &Bundle, turn_schema: &Schema, turn: u32) -> Vec<String> {
    let s = &b.scenario;
    let mut lines = Vec::new();
    if let Some(r) = s.turn_track.iter().find(|r| r.turn == turn) {
        let values: Vec<String> = turn_schema
            .fields
            .iter()
            .filter_map(|f| r.attrs.get(f.key).map(|v| format!("{}: {v}", f.label)))
            .collect();
        if !values.is_empty() {
            lines.push(values.join(", "));
        }
    }
    for a in s.arrivals.iter().filter(|a| a.turn == turn) {
        let who = a.name.clone().unwrap_or_else(|| names(b, &a.units));
        lines.push(format!("arrive: {who} ({})", count(a.units.len())));
    }
    for d in s.departures.iter().filter(|d| d.turn == turn) {
        lines.push(format!("leave: {}", names(b, &d.units)));
    }
    for r in s.replacements.iter().filter(|r| r.turn == turn) {
        let points: Vec<String> = r.points.iter().map(|(k, v)| format!("{v} {k}")).collect();
        lines.push(format!(
            "replacements for {}: {}",
            side_name(s, r.side.as_str()),
            points.join(", ")
        ));
    }
    lines
}

fn count(n: usize) -> String {
    if n == 1 {
        "1 unit".into()
    } else {
        format!("{n} units")
    }
}

/// Units by designation, the first few.
fn names(b: &Bundle, units: &[sztab_core::model::UnitId]) -> String {
    const SHOWN: usize = 4;
    let mut v: Vec<String> = units
        .iter()
        .take(SHOWN)
        .map(|u| {
            b.counters
                .unit(u.as_str())
                .map_or_else(|| u.to_string(), |x| x.designation.clone())
        })
        .collect();
    if units.len() > SHOWN {
        v.push(format!("{} more", units.len() - SHOWN));
    }
    v.join(", ")
}

fn side_name<'a>(s: &'a Scenario, id: &'a str) -> &'a str {
    s.sides
        .iter()
        .find(|x| x.id.as_str() == id)
        .map_or(id, |x| x.name.as_str())
}

/// The turns in rows: a turn with happenings a row, a run of quiet turns one row.
pub fn rows(b: &Bundle, turn_schema: &Schema) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut quiet: Option<(u32, u32)> = None;
    let flush = |quiet: &mut Option<(u32, u32)>, out: &mut Vec<(String, Vec<String>)>| {
        if let Some((a, z)) = quiet.take() {
            let head = if a == z {
                format!("Turn {a}")
            } else {
                format!("Turns {a}–{z}")
            };
            out.push((head, Vec::new()));
        }
    };
    for turn in 1..=b.scenario.turns {
        let printed = b
            .scenario
            .turn_track
            .iter()
            .find(|r| r.turn == turn)
            .and_then(|r| r.label.clone());
        let lines = of_turn(b, turn_schema, turn);
        if lines.is_empty() && printed.is_none() {
            quiet = Some(quiet.map_or((turn, turn), |(a, _)| (a, turn)));
            continue;
        }
        flush(&mut quiet, &mut out);
        let head = match printed {
            Some(p) => format!("Turn {turn} ({p})"),
            None => format!("Turn {turn}"),
        };
        out.push((head, lines));
    }
    flush(&mut quiet, &mut out);
    out
}

/// Width of the turn column.
const TURN_WIDTH: f32 = 110.0;

/// The timeline, a row a turn (quiet turns together).
pub fn show(ui: &mut Ui, b: &Bundle, turn_schema: &Schema) {
    egui::CollapsingHeader::new("Timeline")
        .id_salt("described-timeline")
        .default_open(true)
        .show(ui, |ui| {
            for (head, lines) in rows(b, turn_schema) {
                ui.horizontal_top(|ui| {
                    ui.add_sized(
                        [TURN_WIDTH, 16.0],
                        egui::Label::new(egui::RichText::new(head).strong()),
                    );
                    ui.vertical(|ui| {
                        if lines.is_empty() {
                            ui.weak("nothing scheduled");
                        }
                        for l in lines {
                            ui.label(l);
                        }
                    });
                });
            }
        });
}
