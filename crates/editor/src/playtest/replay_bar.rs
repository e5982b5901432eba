//! Replaying a game log step by step: forward and back by action or by phase, to either
//! end, and "Play from here" to take over at any position.

use egui::Ui;

use super::PlayMode;

pub fn show(ui: &mut Ui, pm: &mut PlayMode) {
    let Some(s) = pm.session_mut() else { return };
    let Some((at, len)) = s.replay_position() else {
        return;
    };
    ui.heading("Replay");
    ui.label(format!("Action {at} of {len}"));
    // The buttons come before the action's text, so their places never move with it.
    ui.horizontal_wrapped(|ui| {
        if ui.button("⏮ Start").clicked() {
            s.replay_from_start();
        }
        if ui.button("◀◀ Phase back").clicked() {
            s.replay_back_phase();
        }
        if ui.button("◀ Action back").clicked() {
            s.replay_back();
        }
        if ui.button("Action forward ▶").clicked() {
            s.replay_forward();
        }
        if ui.button("Phase forward ▶▶").clicked() {
            s.replay_forward_phase();
        }
        if ui.button("End ⏭").clicked() {
            s.replay_to_end();
        }
    });
    let text = at
        .checked_sub(1)
        .and_then(|i| s.actions().get(i))
        .map_or_else(|| "the start of the game".to_string(), |a| a.to_string());
    // One line, cut short with the whole text on hover.
    ui.add(egui::Label::new(egui::RichText::new(format!("Last: {text}")).weak()).truncate())
        .on_hover_text(text);
    ui.separator();
    if ui
        .button("Play from here")
        .on_hover_text(
            "Leave the replay; the game goes on from this position with the players set in Players",
        )
        .clicked()
    {
        s.play_from_here();
    }
}
