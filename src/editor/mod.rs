//! The egui editor. Opens a scenario or a map and draws its board.

mod app;
mod view;

use std::path::PathBuf;

pub use app::{Document, EditorApp};

/// Opens the editor window, optionally on a file.
pub fn run(file: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1600.0, 1000.0])
            .with_title("Sztab"),
        ..Default::default()
    };
    eframe::run_native(
        "Sztab",
        options,
        Box::new(move |_cc| Ok(Box::new(EditorApp::open(file)))),
    )
}
