//! The distributions of a study as egui_plot charts: victory points, victory levels, and
//! the win rates with their confidence intervals.

use egui::{Color32, Ui};
use egui_plot::{Bar, BarChart, Line, Plot, PlotPoints};

use sztab_shell::balance::Summary;

const HEIGHT: f32 = 140.0;
/// Room for the names on the horizontal charts' axis.
const NAMES_WIDTH: f32 = 150.0;

/// `names`: the sides' names, A then B.
pub fn show(ui: &mut Ui, s: &Summary, names: &[String; 2]) {
    ui.strong("Win rate with 95 % interval");
    win_rates(ui, s, names);
    ui.strong("Victory points");
    vp(ui, s);
    ui.strong("Victory levels");
    levels(ui, s);
}

fn vp(ui: &mut Ui, s: &Summary) {
    let bars: Vec<Bar> = s
        .vp_histogram
        .bins
        .iter()
        .map(|&(lo, hi, k)| {
            let width = (hi - lo + 1) as f64;
            Bar::new((lo + hi) as f64 / 2.0, k as f64)
                .width(width * 0.9)
                .name(if lo == hi {
                    format!("{lo} VP")
                } else {
                    format!("{lo}..{hi} VP")
                })
        })
        .collect();
    Plot::new("lab_vp")
        .height(HEIGHT)
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .x_axis_label("VP")
        .y_axis_label("games")
        .show(ui, |p| {
            p.bar_chart(BarChart::new("games", bars).color(Color32::from_rgb(70, 120, 200)))
        });
}

/// Horizontal bars, so that each level's name fits on the axis beside its bar.
fn levels(ui: &mut Ui, s: &Summary) {
    let names: Vec<String> = s.levels.iter().map(|(n, _)| n.clone()).collect();
    let bars: Vec<Bar> = s
        .levels
        .iter()
        .enumerate()
        .map(|(i, (n, k))| Bar::new(i as f64, *k as f64).width(0.7).name(n))
        .collect();
    let height = (26.0 * names.len() as f32 + 50.0).clamp(90.0, HEIGHT * 1.5);
    Plot::new("lab_levels")
        .height(height)
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .include_x(0.0)
        .x_axis_label("games")
        .y_axis_min_width(NAMES_WIDTH)
        .y_axis_formatter(move |m, _| {
            let i = m.value.round();
            if (m.value - i).abs() < 1e-6 && i >= 0.0 {
                names.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .show(ui, |p| {
            p.bar_chart(
                BarChart::new("levels", bars)
                    .horizontal()
                    .color(Color32::from_rgb(200, 140, 40)),
            )
        });
}

/// Horizontal bars, side A on top, each with its interval as a line across its end.
fn win_rates(ui: &mut Ui, s: &Summary, names: &[String; 2]) {
    let labels = names.clone();
    let colours = [
        Color32::from_rgb(40, 90, 230),
        Color32::from_rgb(230, 40, 30),
    ];
    let row = |k: usize| 1.0 - k as f64;
    Plot::new("lab_wins")
        .height(100.0)
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .include_x(0.0)
        .include_x(100.0)
        .include_y(-0.5)
        .include_y(1.5)
        .x_axis_label("% of games won")
        .y_axis_min_width(NAMES_WIDTH)
        .y_axis_formatter(move |m, _| {
            let i = m.value.round();
            if (m.value - i).abs() < 1e-6 && (0.0..2.0).contains(&i) {
                labels[1 - i as usize].clone()
            } else {
                String::new()
            }
        })
        .show(ui, |p| {
            for (k, colour) in colours.into_iter().enumerate() {
                let bar = Bar::new(row(k), 100.0 * s.win_rate[k]).width(0.6);
                p.bar_chart(
                    BarChart::new(format!("{} wins", names[k]), vec![bar])
                        .horizontal()
                        .color(colour),
                );
                let (lo, hi) = s.win_ci[k];
                let ci = PlotPoints::new(vec![[100.0 * lo, row(k)], [100.0 * hi, row(k)]]);
                p.line(
                    Line::new(format!("95 % interval {}", names[k]), ci)
                        .color(Color32::from_rgb(250, 210, 40))
                        .width(4.0),
                );
            }
        });
}
