//! Helpers shared by the editor's GUI tests: the fixtures in a temporary folder, a
//! harness around the editor, clicking and typing by label, pointer presses, clicks on
//! hexes and drags, undo and redo.
// Each test file uses some of them.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use egui::{Event, Key, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sztab::editor::EditorApp;
use sztab::hex::{HexId, Hexside};

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

/// The fixture map alone copied into `dir`, its catalogue path made absolute.
pub fn map_fixture_copy(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(root("tests/fixtures/mini.map.ron")).unwrap();
    let cat = root("assets/wb95/kursk-1943.terrain.ron");
    let text = text.replace(
        "../../assets/wb95/kursk-1943.terrain.ron",
        &cat.display().to_string(),
    );
    let path = dir.join("mini.map.ron");
    std::fs::write(&path, text).unwrap();
    path
}

/// The editor opened on a file.
pub fn open(path: &Path) -> Harness<'static, EditorApp> {
    harness(EditorApp::open(Some(path.to_owned())))
}

pub fn hex(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

/// The primary button pressed or released at `pos`.
pub fn button(h: &Harness<EditorApp>, pos: Pos2, pressed: bool, modifiers: Modifiers) {
    h.event(Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers,
    });
}

/// Press at the first point, move through the others, release at the last.
pub fn drag(h: &mut Harness<EditorApp>, points: &[Pos2], modifiers: Modifiers) {
    h.event(Event::ModifiersChanged(modifiers));
    h.hover_at(points[0]);
    h.step();
    button(h, points[0], true, modifiers);
    h.step();
    for &p in &points[1..] {
        h.hover_at(p);
        h.step();
    }
    button(h, *points.last().unwrap(), false, modifiers);
    h.step();
    h.event(Event::ModifiersChanged(Modifiers::NONE));
    h.run();
}

/// Press at `from`, move to `to` in eight steps, release there.
pub fn drag_between(h: &mut Harness<EditorApp>, from: Pos2, to: Pos2) {
    let points: Vec<Pos2> = (0..=8)
        .map(|k| from + (to - from) * (k as f32 / 8.0))
        .collect();
    drag(h, &points, Modifiers::NONE);
}

/// A click on the centre of a hex of the map on screen.
pub fn click_hex(h: &mut Harness<EditorApp>, at: HexId) {
    let p = h.state().hex_screen_pos(at).unwrap();
    drag(h, &[p], Modifiers::NONE);
}

pub fn undo(h: &mut Harness<EditorApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
}

pub fn redo(h: &mut Harness<EditorApp>) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
}

/// Steps the harness until the lab has collected its run.
pub fn wait_for_lab(h: &mut Harness<EditorApp>) {
    let t = std::time::Instant::now();
    while h.state().lab.running() {
        assert!(t.elapsed().as_secs() < 300, "the lab never finished");
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run();
}

/// Copies a folder of shipped files into a test's temporary folder, leaving out the
/// autosaves (dot files) a session may have left beside them.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().map(Result::unwrap) {
        let (src, dst) = (e.path(), to.join(e.file_name()));
        // Not an autosave a session left beside the shipped files.
        if e.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if src.is_dir() {
            copy_dir(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

/// `scenarios/<folder>` and `assets/<system>` copied into `dir` at the same places, so
/// the shipped files' relative paths still hold and edits and autosaves stay in `dir`;
/// the copied scenario folder.
pub fn copy_content(dir: &Path, folder: &str, system: &str) -> PathBuf {
    copy_dir(
        &root(&format!("scenarios/{folder}")),
        &dir.join("scenarios").join(folder),
    );
    copy_dir(
        &root(&format!("assets/{system}")),
        &dir.join("assets").join(system),
    );
    dir.join("scenarios").join(folder)
}

/// The hexsides of the route the Roads tool would take from `a` to `b` now.
pub fn route_sides(h: &Harness<EditorApp>, a: HexId, b: HexId) -> Vec<Hexside> {
    let doc = h.state().doc().unwrap();
    let path = sztab::editor::tools::route::route(doc.map(), doc.terrain(), a, b).unwrap();
    path.windows(2)
        .map(|w| Hexside::new(w[0], w[1]).unwrap())
        .collect()
}
