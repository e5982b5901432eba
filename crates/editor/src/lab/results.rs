//! The numbers of a study: games and speed, each side's win rate with its 95 % Wilson
//! interval, average losses, automatic victories and their turns, and the hottest hexes.

use egui::{RichText, Ui};

use sztab_shell::balance::{Study, Summary};

/// `names`: the sides' names, A then B.
pub fn show(ui: &mut Ui, s: &Summary, study: &Study, names: &[String; 2], show_heat: &mut bool) {
    let i = &s.info;
    let speed = s.games_per_second.map_or(String::new(), |g| {
        format!(", {g:.1} games/s on {} threads", study.threads)
    });
    let cancelled = if study.cancelled { " (cancelled)" } else { "" };
    ui.heading(format!("{} games{cancelled}{speed}", s.games));
    ui.label(format!(
        "{} {} against {} {}",
        names[0], i.bots[0], names[1], i.bots[1]
    ));
    if s.errors > 0 {
        let first = study
            .records
            .iter()
            .find_map(|r| Some((r.game, r.error.as_deref()?)));
        let why = first.map_or(String::new(), |(g, e)| format!(" (game {g}: {e})"));
        ui.colored_label(
            egui::Color32::from_rgb(190, 30, 30),
            format!("{} game(s) could not be finished{why}", s.errors),
        );
    }
    if s.games == s.errors {
        return;
    }
    egui::Grid::new("lab_sides").striped(true).show(ui, |ui| {
        ui.strong("side");
        ui.strong("wins");
        ui.strong("win rate (95 % CI)");
        ui.strong(format!("{} lost", s.info.loss_unit));
        ui.strong("units lost");
        ui.end_row();
        for (k, name) in names.iter().enumerate() {
            let (lo, hi) = s.win_ci[k];
            ui.label(name);
            ui.label(s.wins[k].to_string());
            ui.label(
                RichText::new(format!(
                    "{:.1} % ({:.1}-{:.1} %)",
                    100.0 * s.win_rate[k],
                    100.0 * lo,
                    100.0 * hi
                ))
                .strong(),
            );
            ui.label(format!("{:.1}", s.avg_cel_lost[k]));
            ui.label(format!("{:.1}", s.avg_units_lost[k]));
            ui.end_row();
        }
    });
    if s.no_winner > 0 {
        ui.label(format!("{} game(s) without a winner", s.no_winner));
    }
    let v = &s.vp;
    ui.label(format!(
        "VP: mean {:.1}, median {:.1}, sd {:.1}, from {} to {}",
        v.mean, v.median, v.sd, v.min, v.max
    ));
    ui.label(format!(
        "Per game: {:.1} turns, {:.1} combats",
        s.avg_turns, s.avg_combats
    ));
    if s.automatic == 0 {
        ui.label("Automatic victories: none");
    } else {
        let turns: Vec<String> = s
            .auto_turns
            .iter()
            .map(|(t, k)| format!("turn {t}: {k}"))
            .collect();
        ui.label(format!(
            "Automatic victories: {} ({})",
            s.automatic,
            turns.join(", ")
        ));
    }
    let hot: Vec<String> = s
        .heat
        .iter()
        .take(8)
        .map(|(h, k)| format!("{h} ({k})"))
        .collect();
    if !hot.is_empty() {
        ui.label(format!("Hottest hexes: {}", hot.join(", ")));
        ui.checkbox(show_heat, "Show the combat heat map on the map");
    }
}
