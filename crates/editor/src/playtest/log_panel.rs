//! The right-hand panel: the VP tracker (VP scored, the total if the game ended now and
//! the level it would give), the latest combat with its dice, and the event log filed by
//! turn and phase.

use egui::{Color32, RichText, Ui};

use super::chronicle::{Entry, Tone};
use super::session::Session;
use sztab_wb95::Side;

/// `viewer`: the side the player at the screen plays under fog of war (`None`: all).
pub fn show(ui: &mut Ui, s: &Session, viewer: Option<Side>) {
    vp(ui, s);
    ui.separator();
    combat(ui, s);
    ui.separator();
    log(ui, s, viewer);
}

fn vp(ui: &mut Ui, s: &Session) {
    let g = s.game();
    ui.heading("Victory points");
    let Some(v) = g.prepared().victory.as_ref() else {
        ui.weak("The scenario has no victory conditions.");
        return;
    };
    let scorer = &g.prepared().sides[v.scorer.index()].name;
    let now = g.vp_if_ended_now();
    ui.label(format!("{scorer} scores. So far: {} VP", g.state().vp));
    let level = g.level_of(now).map_or("no level".to_string(), |(l, side)| {
        format!("{l} ({})", g.prepared().sides[side.index()].name)
    });
    ui.label(RichText::new(format!("If the game ended now: {now} VP, {level}")).strong());
    egui::CollapsingHeader::new("Levels").show(ui, |ui| {
        for (name, side, min) in &v.levels {
            let min = min.map_or("any".into(), |m| format!("{m}+ VP"));
            ui.label(format!(
                "{min}: {name} ({})",
                g.prepared().sides[side.index()].name
            ));
        }
    });
    if let Some(r) = s.result() {
        ui.label(
            RichText::new(format!("Game over: {r}"))
                .strong()
                .color(Color32::from_rgb(20, 90, 160)),
        );
    }
}

fn combat(ui: &mut Ui, s: &Session) {
    ui.heading("Last combat");
    let Some(c) = &s.combat_card else {
        ui.weak("No combat yet.");
        return;
    };
    let ids = |v: &[sztab_core::model::UnitId]| {
        v.iter()
            .map(|u| u.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let hexes: Vec<String> = c.hexes.iter().map(|h| h.to_string()).collect();
    ui.label(format!(
        "{} attack {} ({})",
        ids(&c.attackers),
        hexes.join(", "),
        ids(&c.defenders)
    ));
    match &c.result {
        Some((column, roll, modified, cell)) => {
            let m = if roll != modified {
                format!(" (modified {modified})")
            } else {
                String::new()
            };
            ui.label(
                RichText::new(format!("🎲 {roll}{m} on {column}: {cell}"))
                    .size(18.0)
                    .strong(),
            );
        }
        None => {
            ui.weak("Waiting for the defender.");
        }
    }
    for a in &c.after {
        ui.label(a);
    }
}

fn colour(e: &Entry) -> Option<Color32> {
    match e.tone {
        Tone::Heading => None,
        Tone::Plain => None,
        Tone::Dice => Some(Color32::from_rgb(30, 80, 170)),
        Tone::Loss => Some(Color32::from_rgb(170, 40, 30)),
        Tone::Score => Some(Color32::from_rgb(20, 120, 50)),
    }
}

fn log(ui: &mut Ui, s: &Session, viewer: Option<Side>) {
    ui.heading("Event log");
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for e in s
                .chronicle
                .tail(400)
                .iter()
                .filter(|e| e.readable_by(viewer))
            {
                let mut t = RichText::new(&e.text);
                if e.tone == Tone::Heading {
                    t = t.strong();
                    if e.text.starts_with("Turn") {
                        t = t.size(15.0);
                    }
                } else if let Some(c) = colour(e) {
                    t = t.color(c);
                }
                ui.label(t);
            }
        });
}
