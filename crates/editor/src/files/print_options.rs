//! The print kit's choices in the file chooser: paper, counter size and hex size.

use sztab_shell::print::{Length, Options, Paper};

/// Counter sides games print (1/2 in is the classic, 5/8 in the large).
const COUNTERS: &[(&str, f32)] = &[
    ("1/2 in", 0.5),
    ("9/16 in", 0.5625),
    ("5/8 in", 0.625),
    ("3/4 in", 0.75),
];
/// Hexes across the flats, as printed boards measure them.
const HEXES: &[(&str, f32)] = &[
    ("1/2 in", 0.5),
    ("5/8 in", 0.625),
    ("3/4 in", 0.75),
    ("7/8 in", 0.875),
    ("1 in", 1.0),
    ("1 1/4 in", 1.25),
];

pub fn ui(ui: &mut egui::Ui, o: &mut Options) {
    egui::Grid::new("print-options")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Paper");
            ui.horizontal(|ui| {
                ui.radio_value(&mut o.paper, Paper::A4, "A4");
                ui.radio_value(&mut o.paper, Paper::Letter, "Letter");
            });
            ui.end_row();
            let name = ui.label("Counters");
            sizes(ui, name.id, &mut o.counter, COUNTERS);
            ui.end_row();
            let name = ui.label("Hexes across the flats");
            sizes(ui, name.id, &mut o.hex, HEXES);
            ui.end_row();
        });
}

/// A choice of sizes, named for screen readers by the label `name`.
fn sizes(ui: &mut egui::Ui, name: egui::Id, value: &mut Length, choices: &[(&str, f32)]) {
    let now = choices
        .iter()
        .find(|(_, inches)| (Length::inches(*inches).points - value.points).abs() < 0.01)
        .map_or_else(|| value.to_string(), |(name, _)| (*name).to_owned());
    egui::ComboBox::from_id_salt(name)
        .selected_text(now)
        .show_ui(ui, |ui| {
            for (text, inches) in choices {
                let l = Length::inches(*inches);
                if ui.selectable_label(*value == l, *text).clicked() {
                    *value = l;
                }
            }
        })
        .response
        .labelled_by(name);
}
