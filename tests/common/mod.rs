//! Helpers shared by the editor's GUI tests: the fixture scenario in a temporary folder,
//! a harness around the editor, and clicking and typing by label.
// Each test file uses some of them.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use egui::{Modifiers, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sztab::editor::EditorApp;

pub fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// The fixture scenario with its map and counters copied into `dir`.
pub fn fixture_copy(dir: &Path) -> PathBuf {
    for f in ["mini.scenario.ron", "mini.counters.ron"] {
        std::fs::copy(root(&format!("tests/fixtures/{f}")), dir.join(f)).unwrap();
    }
    let map = std::fs::read_to_string(root("tests/fixtures/mini.map.ron")).unwrap();
    let cat = root("assets/wb95/kursk-1943.terrain.ron");
    let map = map.replace(
        "../../assets/wb95/kursk-1943.terrain.ron",
        &cat.display().to_string(),
    );
    std::fs::write(dir.join("mini.map.ron"), map).unwrap();
    dir.join("mini.scenario.ron")
}

/// The editor in a 1600x1000 window, after its first frames.
pub fn harness(app: EditorApp) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(vec2(1600.0, 1000.0))
        .with_max_steps(40)
        .build_ui_state(|ui, app: &mut EditorApp| app.ui(ui), app);
    h.run();
    h
}

pub fn click(h: &mut Harness<EditorApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Replaces the text of the field named `label` with `text`.
pub fn type_into(h: &mut Harness<EditorApp>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}
