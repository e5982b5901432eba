//! The odds breakdown of a combat before rolling, as the engine computes and resolves
//! it: each side's SP with every halving, the initial ratio, every CM with its rule and
//! source, the columns after each clamping step, the HQ die modifier, and the chance of
//! every CRT outcome.

use egui::{Color32, RichText, Ui};

use crate::systems::wb95::combat::strength::Strength;
use crate::systems::wb95::{CmSide, Crt, Odds};

pub fn show(ui: &mut Ui, odds: &Odds, crt: &Crt) {
    ui.columns(2, |cols| {
        side(&mut cols[0], "Attacker", &odds.attack);
        side(&mut cols[1], "Defender", &odds.defense);
    });
    ui.label(format!(
        "Initial ratio {}:{} gives column {} (R1.5, R1.7; terrain of {})",
        odds.attack.total, odds.defense.total, odds.initial, odds.key_hex
    ));
    if odds.cms.is_empty() {
        ui.weak("No combat modifiers.");
    }
    egui::Grid::new("cms").striped(true).show(ui, |ui| {
        for c in &odds.cms {
            let (sign, colour) = match c.side {
                CmSide::Attacker => ("+", Color32::from_rgb(20, 120, 40)),
                CmSide::Defender => ("−", Color32::from_rgb(170, 30, 30)),
            };
            ui.label(
                RichText::new(format!("{sign}{}", c.value))
                    .color(colour)
                    .strong(),
            );
            ui.label(&c.reason);
            ui.weak(c.rule);
            ui.weak(c.source.clone().unwrap_or_default());
            ui.end_row();
        }
    });
    ui.label(format!(
        "After attacker CMs {}, after defender CMs {} (clamped after each step)",
        odds.after_attacker, odds.column
    ));
    if let Some((rule, why)) = &odds.forced {
        ui.label(format!("Forced column {}: {why} [{rule}]", odds.column));
    }
    let hq = crate::systems::wb95::combat::HqModifier::list;
    ui.label(format!(
        "HQ die modifier {:+} (attacker HQ: {}, defender HQ: {}) [R9.2]",
        odds.hq.net,
        hq(&odds.hq.attacker_hqs),
        hq(&odds.hq.defender_hqs)
    ));
    ui.heading(format!("Column {}", odds.column));
    outcomes(ui, odds, crt);
}

fn side(ui: &mut Ui, title: &str, s: &Strength) {
    ui.strong(format!("{title}: {} SP", s.total));
    for l in s.lines.iter().chain(&s.support) {
        let mut t = format!("{} {}  {} SP", l.unit, l.hex, l.printed);
        if l.value != l.printed {
            t += &format!(", counts {}", l.value);
        }
        if let Some(n) = &l.note {
            t += &format!(" ({n})");
        }
        ui.label(t);
    }
    if let Some(h) = &s.halving {
        ui.label(format!(
            "halved {}: {} to {} SP [{}]",
            h.reason, h.before, h.after, h.rule
        ));
    }
}

/// Every outcome with its chance, as bars.
pub fn outcomes(ui: &mut Ui, odds: &Odds, crt: &Crt) {
    ui.strong("Outcomes (attacker / defender)");
    for o in odds.outcomes(crt) {
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(o.probability as f32)
                    .desired_width(90.0)
                    .text(format!("{:.1}%", o.probability * 100.0)),
            );
            ui.monospace(format!("{:<10}", o.cell.to_string()));
            let rolls: Vec<String> = o.rolls.iter().map(|r| r.to_string()).collect();
            ui.weak(format!("rolls {}", rolls.join(",")));
        });
    }
}
