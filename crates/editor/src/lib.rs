//! The egui editor: a document with undo history, a canvas that draws the visible part of
//! the map in layers, tools that turn pointer input into undoable edits, the trace workflow
//! for scanned boards, and for scenarios the workbench (order of battle, setup, schedule,
//! settings) with live validation by the engine.
//!
//! The playtest reuses the same pieces: the [`Document`] and its edits, the
//! [`canvas::Canvas`] (`interact`, then `paint` with an overlay), the [`tools::Tool`]
//! shape for its own pointer handling, and `render::counter` for the counters.

mod app;
pub mod canvas;
pub mod described;
pub mod document;
pub mod edit;
pub mod files;
pub mod history;
mod keyboard;
pub mod lab;
pub mod links;
pub mod panels;
pub mod playtest;
pub mod scenario;
pub mod tables;
pub mod tools;
pub mod trace;
pub mod validation;
pub mod words;
pub mod worker;

use std::path::PathBuf;

pub use app::EditorApp;
pub use document::{Content, Document};
pub use files::AUTOSAVE_SECONDS;

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
        Box::new(move |cc| {
            let mut app = EditorApp::open(None);
            if let Some(r) = cc
                .storage
                .and_then(|s| eframe::get_value(s, files::recent::STORAGE_KEY))
            {
                app.files.recent = r;
            }
            if let Some(f) = file {
                app.load(&f);
            }
            if let Some(dir) = files::untitled::data_folder() {
                app.autosave_untitled_to(dir);
            }
            Ok(Box::new(app))
        }),
    )
}
