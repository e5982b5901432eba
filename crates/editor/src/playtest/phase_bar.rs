//! The phase bar (R2.2): the twelve phases of the turn with the current one lit, the
//! turn and its date, who must decide what, and the End-phase button.

use egui::{Color32, RichText, Ui};

use super::chronicle::phase_name;
use sztab_wb95::{Decision, Game, Phase, PhaseKind, Side};

fn short(p: Phase) -> &'static str {
    match p.kind() {
        PhaseKind::Air => "Air",
        PhaseKind::Barrage => "Barr",
        PhaseKind::Movement => "Move",
        PhaseKind::Combat => "Comb",
        PhaseKind::Strategic => "SM",
        PhaseKind::Supply => "Supp",
    }
}

/// What a decision asks, in a few words.
pub fn asks(d: &Decision) -> String {
    match d {
        Decision::SetUp { waiting, .. } => format!("set-up ({} unit(s) to set up)", waiting.len()),
        Decision::Move { phase } => format!("{} orders", phase_name(*phase)),
        Decision::Attack { .. } => "attacks".into(),
        Decision::Barrage { ammo, .. } => format!("barrage ({ammo} AU left)"),
        other => super::decisions::title(other).unwrap_or_default(),
    }
}

/// Draws the bar; true when End phase was clicked.
pub fn show(ui: &mut Ui, g: &Game, deciding: Option<(Side, &Decision)>, may_end: bool) -> bool {
    let clock = g.state().clock;
    let p = g.prepared();
    let mut end = false;
    ui.horizontal(|ui| {
        if g.setting_up() {
            ui.label(
                RichText::new(format!("Set-up before turn 1 — {}", p.date_of_turn(1)))
                    .strong()
                    .color(Color32::WHITE)
                    .background_color(Color32::from_rgb(40, 90, 170)),
            );
        } else {
            ui.label(
                RichText::new(format!(
                    "Turn {} of {} — {}",
                    clock.turn,
                    p.turns,
                    p.date_of_turn(clock.turn)
                ))
                .strong(),
            );
        }
        ui.separator();
        for phase in Phase::ALL {
            let owner = phase
                .owner()
                .map_or("both".to_string(), |s| initial(&p.sides[s.index()].name));
            let text = format!("{} {} {owner}", phase.number(), short(phase));
            let current = phase == clock.phase && !g.setting_up();
            let rt = if current {
                RichText::new(text)
                    .strong()
                    .color(Color32::WHITE)
                    .background_color(Color32::from_rgb(40, 90, 170))
            } else if phase < clock.phase || g.setting_up() {
                RichText::new(text).weak()
            } else {
                RichText::new(text)
            };
            ui.label(rt)
                .on_hover_text(super::chronicle::phase_title(g, phase));
        }
        ui.separator();
        if let Some((side, d)) = deciding {
            ui.label(format!("{} — {}", p.sides[side.index()].name, asks(d)));
        }
        if may_end && g.setting_up() {
            end = ui
                .button(RichText::new("End set-up ▶").strong())
                .on_hover_text("End your set-up once every unit stands in its area")
                .clicked();
        } else if may_end {
            end = ui
                .button(RichText::new("End phase ▶").strong())
                .on_hover_text("End this phase (R2.1.4); the engine refuses while attacks are owed")
                .clicked();
        }
    });
    end
}

fn initial(name: &str) -> String {
    name.chars().take(3).collect()
}
