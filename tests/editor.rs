//! The editor driven as a user would, with egui_kittest (no display, no GPU): painting,
//! filling, rivers, roads, undo and redo, saving and reopening, the file chooser, autosave
//! recovery, and tracing a synthetic scan (calibration and terrain suggestions).

use std::path::{Path, PathBuf};

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sztab::editor::tools::ToolKind;
use sztab::editor::{Document, EditorApp};
use sztab::hex::{HexId, Hexside};
use sztab::model::{HexCell, Map, MapBundle, io};
use sztab::render::{Layers, Similarity, render_with};

const FIXTURE: &str = "tests/fixtures/mini.map.ron";

mod common;
use common::{
    button, click, click_hex, drag, harness, map_fixture_copy as fixture_copy, open, redo, root,
    route_sides, type_into, undo,
};

fn map(h: &Harness<EditorApp>) -> Map {
    h.state().doc().unwrap().map().clone()
}

fn id(s: &str) -> HexId {
    common::hex(s)
}

#[test]
fn paint_a_hex_undo_redo() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().set_tool(ToolKind::Brush);
    h.state_mut().brush.cell = HexCell::new("hills");
    click_hex(&mut h, id("0105"));
    assert_eq!(map(&h).hexes[&id("0105")].terrain.as_str(), "hills");
    assert!(h.state().doc().unwrap().is_dirty());
    assert!(h.state().title().starts_with('●'), "{}", h.state().title());
    undo(&mut h);
    assert_eq!(map(&h).hexes[&id("0105")].terrain.as_str(), "clear");
    assert!(!h.state().doc().unwrap().is_dirty());
    redo(&mut h);
    assert_eq!(map(&h).hexes[&id("0105")].terrain.as_str(), "hills");
    // Ctrl+Y redoes too.
    undo(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(map(&h).hexes[&id("0105")].terrain.as_str(), "hills");
}

#[test]
fn a_brush_stroke_is_one_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().set_tool(ToolKind::Brush);
    h.state_mut().brush.cell = HexCell::new("mountain");
    h.state_mut().brush.radius = 1;
    let pts: Vec<Pos2> = ["0707", "0708", "0709"]
        .iter()
        .map(|s| h.state().hex_screen_pos(id(s)).unwrap())
        .collect();
    drag(&mut h, &pts, Modifiers::NONE);
    let m = map(&h);
    let painted = m
        .hexes
        .values()
        .filter(|c| c.terrain.as_str() == "mountain")
        .count();
    assert!(
        painted >= 12 + 9,
        "radius-1 strokes over three hexes paint their neighbours too: {painted}"
    );
    assert_eq!(h.state().doc().unwrap().history().done().len(), 1);
    undo(&mut h);
    assert_eq!(
        map(&h)
            .hexes
            .values()
            .filter(|c| c.terrain.as_str() == "mountain")
            .count(),
        12
    );
}

#[test]
fn fill_a_region_undo_redo() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.get_by_label("Fill").click();
    h.run();
    assert_eq!(h.state().tool(), ToolKind::Fill);
    h.state_mut().brush.cell = HexCell::new("mountain");
    click_hex(&mut h, id("0308"));
    let m = map(&h);
    let hills = [
        "0207", "0208", "0209", "0210", "0307", "0308", "0309", "0310", "0407", "0408", "0409",
        "0410",
    ];
    for s in hills {
        assert_eq!(m.hexes[&id(s)].terrain.as_str(), "mountain", "{s}");
    }
    assert_eq!(
        m.hexes[&id("0206")].terrain.as_str(),
        "clear",
        "the fill stops at other terrain"
    );
    undo(&mut h);
    assert!(
        hills
            .iter()
            .all(|s| map(&h).hexes[&id(s)].terrain.as_str() == "hills")
    );
    redo(&mut h);
    assert!(
        hills
            .iter()
            .all(|s| map(&h).hexes[&id(s)].terrain.as_str() == "mountain")
    );
}

#[test]
fn paint_a_river_along_three_hexsides() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.key_press(Key::H);
    h.run();
    assert_eq!(h.state().tool(), ToolKind::Hexsides);
    h.get_by_label("Kind").click();
    h.run();
    h.get_by_label("River").click();
    h.run();
    let hex = id("0508");
    let g = map(&h).grid;
    let sides: Vec<Hexside> = [sztab::hex::Dir::N, sztab::hex::Dir::NE, sztab::hex::Dir::SE]
        .iter()
        .map(|&d| g.hexside_towards(hex, d).unwrap())
        .collect();
    let pts: Vec<Pos2> = sides
        .iter()
        .map(|&s| h.state().hexside_screen_pos(s, 0.5, hex).unwrap())
        .collect();
    drag(&mut h, &pts, Modifiers::NONE);
    let m = map(&h);
    let fixture = io::load_map(&root(FIXTURE)).unwrap().value;
    let added: Vec<_> = m
        .hexsides
        .keys()
        .filter(|k| !fixture.hexsides.contains_key(k))
        .collect();
    for s in &sides {
        assert_eq!(m.hexsides[s][0].kind.as_str(), "river", "{s}");
    }
    assert_eq!(added.len(), 3, "exactly three new hexsides");
    assert_eq!(
        h.state().doc().unwrap().history().done().len(),
        1,
        "one stroke, one step"
    );
    undo(&mut h);
    assert!(sides.iter().all(|s| !map(&h).hexsides.contains_key(s)));
    redo(&mut h);
    assert!(sides.iter().all(|s| map(&h).hexsides.contains_key(s)));
}

#[test]
fn a_fortification_line_protects_the_pointer_side() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().set_tool(ToolKind::Hexsides);
    h.run();
    h.get_by_label("Kind").click();
    h.run();
    h.get_by_label("Fixed Position").click();
    h.run();
    let (a, b) = (id("1208"), id("1209"));
    let side = Hexside::new(a, b).unwrap();
    let p = h.state().hexside_screen_pos(side, 0.5, b).unwrap();
    drag(&mut h, &[p], Modifiers::NONE);
    let f = &map(&h).hexsides[&side][0];
    assert_eq!((f.kind.as_str(), f.protects), ("fp_line", Some(b)));
}

#[test]
fn draw_a_road_between_two_hexes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().set_tool(ToolKind::Roads);
    h.run();
    h.get_by_label("Route").click();
    h.run();
    let before = map(&h).roads.len();
    let (a, b) = (id("0108"), id("0510"));
    click_hex(&mut h, a);
    click_hex(&mut h, b);
    let m = map(&h);
    let added: Vec<Hexside> = m
        .roads
        .keys()
        .filter(|s| !map_roads_fixture().contains(s))
        .copied()
        .collect();
    assert_eq!(
        added.len() as u32,
        m.grid.distance(a, b),
        "a shortest chain over open ground"
    );
    // The chain joins a to b.
    let mut at = a;
    let mut left = added.clone();
    while at != b {
        let i = left.iter().position(|s| s.touches(at)).expect("connected");
        at = left.remove(i).other(at).unwrap();
    }
    undo(&mut h);
    assert_eq!(map(&h).roads.len(), before);
    redo(&mut h);
    assert_eq!(map(&h).roads.len(), before + added.len());
    // Dragging through hexes lays a road too, and Shift+drag erases it.
    h.get_by_label("Drag").click();
    h.run();
    let pts: Vec<Pos2> = ["1307", "1308", "1309"]
        .iter()
        .map(|s| h.state().hex_screen_pos(id(s)).unwrap())
        .collect();
    drag(&mut h, &pts, Modifiers::NONE);
    let road = Hexside::new(id("1307"), id("1308")).unwrap();
    assert_eq!(map(&h).roads[&road].first().as_str(), "main");
    drag(&mut h, &pts, Modifiers::SHIFT);
    assert!(!map(&h).roads.contains_key(&road));
}

fn map_roads_fixture() -> Vec<Hexside> {
    io::load_map(&root(FIXTURE))
        .unwrap()
        .value
        .roads
        .keys()
        .copied()
        .collect()
}

#[test]
fn save_reopen_and_compare() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    h.state_mut().set_tool(ToolKind::Brush);
    h.state_mut().brush.cell = HexCell::new("hills");
    click_hex(&mut h, id("1305"));
    h.state_mut().set_tool(ToolKind::Features);
    h.run();
    click_hex(&mut h, id("1306"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(
        !h.state().doc().unwrap().is_dirty(),
        "{:?}",
        h.state().error()
    );
    let edited = map(&h);
    assert!(edited.hexes[&id("1306")].has("forest"));
    let (reopened, _) = MapBundle::load(&path).unwrap();
    assert_eq!(reopened.map, edited);
    let h2 = open(&path);
    assert_eq!(map(&h2), edited);
}

#[test]
fn the_path_field_opens_and_saves_without_a_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    std::fs::write(dir.path().join("notes.txt"), "not a map").unwrap();
    let mut h = harness(EditorApp::open(None));
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    let prefix = format!("{}/mi", dir.path().display());
    h.get_by_label("Path").click();
    h.run();
    h.get_by_label("Path").type_text(&prefix);
    h.run();
    // The completion lists the map (and not the text file); a click selects it, Open
    // file opens it.
    let full = path.display().to_string();
    h.get_by_label(full.as_str()).click();
    h.run();
    assert!(h.state().doc().is_none(), "a click only selects");
    h.get_by_label("Open file").click();
    h.run();
    assert_eq!(h.state().doc().unwrap().path(), Some(path.as_path()));
    // Save As through the same field.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    let copy = dir.path().join("copy.map.ron");
    // It proposes the document's own file.
    assert_eq!(path_field(&h), path.display().to_string());
    type_into(&mut h, "Path", &copy.display().to_string());
    h.get_by_label("Save file").click();
    h.run();
    assert!(copy.exists(), "{:?}", h.state().error());
    assert_eq!(io::load_map(&copy).unwrap().value.hexes, map(&h).hexes);
    let listed =
        sztab::editor::files::Chooser::complete(&format!("{}/no", dir.path().display()), &["ron"]);
    assert!(
        listed.is_empty(),
        "only matching file kinds are listed: {listed:?}"
    );
}

#[test]
fn closing_with_unsaved_changes_asks() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().brush.cell = HexCell::new("hills");
    click_hex(&mut h, id("0105"));
    assert!(!h.state_mut().close_requested());
    h.run();
    h.get_by_label("Unsaved changes");
    h.get_by_label("Discard").click();
    h.run();
    assert!(h.state_mut().close_requested());
}

#[test]
fn an_autosave_is_offered_for_recovery() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    {
        let (mut doc, _) = Document::open(&path).unwrap();
        let before = doc.map().hexes.get(&id("0105")).cloned();
        doc.apply(
            sztab::editor::edit::Edit::new("paint").with(sztab::editor::edit::Change::Hex {
                id: id("0105"),
                before,
                after: Some(HexCell::new("mountain")),
            }),
        );
        doc.autosave().unwrap();
        assert!(dir.path().join(".mini.autosave.map.ron").exists());
    }
    let mut h = open(&path);
    h.get_by_label("Recover").click();
    h.run();
    assert_eq!(map(&h).hexes[&id("0105")].terrain.as_str(), "mountain");
    assert!(h.state().doc().unwrap().is_dirty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(
        !dir.path().join(".mini.autosave.map.ron").exists(),
        "saving removes the autosave"
    );
}

#[test]
fn untitled_work_is_offered_at_the_next_start_and_an_unreadable_autosave_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let data = dir.path().join("autosave");
    {
        // A session that paints a new map and ends before it is saved.
        let mut app = EditorApp::open(None);
        app.autosave_untitled_to(data.clone());
        let b = MapBundle::load(&path).unwrap().0;
        app.set_document(Document::new_map(b.map, b.terrain, b.terrain_path));
        let mut h = harness(app);
        h.state_mut().set_tool(ToolKind::Brush);
        h.state_mut().brush.cell = HexCell::new("mountain");
        click_hex(&mut h, id("0105"));
        let later = sztab::editor::AUTOSAVE_SECONDS * 1000.0;
        assert!(matches!(
            h.state_mut().files.autosave_tick(later),
            sztab::editor::files::Autosave::Written(_)
        ));
    }
    let mut app = EditorApp::open(None);
    app.autosave_untitled_to(data.clone());
    let mut h = harness(app);
    h.get_by_label("Recover untitled work?");
    h.get_by_label("Recover").click();
    h.run();
    assert_eq!(map(&h).hexes[&id("0105")].terrain.as_str(), "mountain");
    assert!(h.state().doc().unwrap().path().is_none());
    assert!(h.state().title().starts_with('●'), "{}", h.state().title());

    std::fs::write(data.join("untitled.map.ron"), "(name: \"cut").unwrap();
    let mut app = EditorApp::open(None);
    app.autosave_untitled_to(data);
    let h = harness(app);
    let e = h
        .state()
        .error()
        .expect("the unreadable autosave is reported");
    assert!(e.contains("untitled.map.ron"), "{e}");
    h.get_by_label_contains("autosave of untitled work cannot be read");
    assert!(h.query_by_label("Recover untitled work?").is_none());
}

#[test]
fn the_history_panel_jumps_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().brush.cell = HexCell::new("hills");
    for s in ["0105", "0106", "0107"] {
        click_hex(&mut h, id(s));
    }
    assert_eq!(h.state().doc().unwrap().history().done().len(), 3);
    h.get_by_label("1. Paint terrain").click();
    h.run();
    let m = map(&h);
    assert_eq!(m.hexes[&id("0105")].terrain.as_str(), "hills");
    assert_eq!(m.hexes[&id("0106")].terrain.as_str(), "clear");
    assert_eq!(h.state().doc().unwrap().history().undone().len(), 2);
}

// ---- tracing a scan ----

/// A known placement of the board on the synthetic scan: scale, a small rotation, offset.
fn truth() -> Similarity {
    Similarity::new(31.0, 1.8, [95.0, 60.0])
}

/// Renders the fixture as a "scan" (PNG) with the known placement.
fn synthetic_scan(dir: &Path) -> PathBuf {
    let (b, _) = MapBundle::load(&root(FIXTURE)).unwrap();
    let layers = Layers {
        zones: false,
        ..Layers::printed()
    };
    let img = render_with(&b.map, &b.terrain, layers, truth(), 900, 800).unwrap();
    let path = dir.join("scan.png");
    img.save(&path).unwrap();
    path
}

/// A map with the fixture's grid and every hex clear: what a map maker starts from.
fn blank_copy(dir: &Path) -> PathBuf {
    let path = fixture_copy(dir);
    let mut m = io::load_map(&path).unwrap().value;
    m = Map {
        hexsides: Default::default(),
        roads: Default::default(),
        places: vec![],
        labels: vec![],
        zones: Default::default(),
        ..Map::new(m.name.clone(), m.terrain.clone(), m.grid, "clear")
    };
    let out = dir.join("blank.map.ron");
    io::save(io::FileKind::Map, &out, &m).unwrap();
    out
}

fn wait_for_scan(h: &mut Harness<EditorApp>) {
    for _ in 0..500 {
        h.step();
        if h.state().trace.scan.is_some() {
            h.run();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the scan did not load: {:?}", h.state().trace.message);
}

/// Clicks three hex centres on the scan and types their numbers, then applies the fit.
fn calibrate(h: &mut Harness<EditorApp>) {
    h.state_mut().set_tool(ToolKind::Calibrate);
    h.run();
    let g = map(h).grid;
    for (i, s) in ["0202", "1303", "0709"].iter().enumerate() {
        let c = g.center(id(s));
        let px = truth().apply([f64::from(c[0]), f64::from(c[1])]);
        let p = h.state().scan_pixel_screen_pos(px).unwrap();
        drag(h, &[p], Modifiers::NONE);
        let label = format!("Hex number {}", i + 1);
        h.get_by_label(label.as_str()).click();
        h.run();
        h.get_by_label(label.as_str()).type_text(s);
        h.run();
    }
    h.get_by_label("Apply calibration").click();
    h.run();
}

#[test]
fn calibrating_a_synthetic_scan_from_three_clicks() {
    let dir = tempfile::tempdir().unwrap();
    let scan = synthetic_scan(dir.path());
    let mut h = open(&blank_copy(dir.path()));
    h.state_mut().load_scan(&scan);
    h.run();
    wait_for_scan(&mut h);
    calibrate(&mut h);
    let m = map(&h);
    let cal = m
        .underlay
        .as_ref()
        .and_then(|u| u.calibration.clone())
        .expect("calibration applied");
    let fit = Similarity::of(&cal);
    let hex_px = 31.0 * 3f64.sqrt();
    let mut worst: f64 = 0.0;
    for hex in m.grid.iter() {
        let c = m.grid.center(hex);
        let c = [f64::from(c[0]), f64::from(c[1])];
        let (a, b) = (fit.apply(c), truth().apply(c));
        worst = worst.max((a[0] - b[0]).hypot(a[1] - b[1]) / hex_px);
    }
    eprintln!(
        "calibration: worst hex centre off by {:.4} % of a hex",
        worst * 100.0
    );
    assert!(
        worst < 0.02,
        "worst hex centre off by {:.2} % of a hex",
        worst * 100.0
    );
    assert_eq!(cal.points.len(), 3);
    // Calibration is one undo step.
    undo(&mut h);
    assert!(map(&h).underlay.unwrap().calibration.is_none());
}

/// Loads the synthetic scan under a blank copy of the fixture, calibrates it and computes
/// terrain suggestions.
fn suggest_from_synthetic_scan(dir: &Path) -> Harness<'static, EditorApp> {
    let scan = synthetic_scan(dir);
    let mut h = open(&blank_copy(dir));
    h.state_mut().load_scan(&scan);
    h.run();
    wait_for_scan(&mut h);
    calibrate(&mut h);
    h.state_mut().set_tool(ToolKind::Suggest);
    h.run();
    h.get_by_label("Compute suggestions").click();
    h.run();
    h
}

fn set_threshold(h: &mut Harness<EditorApp>, percent: f64) {
    h.get_by_role_and_label(Role::Slider, "Accept at or above")
        .set_value_accesskit(percent);
    h.run();
}

#[test]
fn terrain_suggestions_from_the_synthetic_scan() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = suggest_from_synthetic_scan(dir.path());
    let n = h.state().trace.suggestions.list.len();
    assert!(n > 50, "only {n} suggestions");
    set_threshold(&mut h, 0.0);
    let accept = format!("Accept {n} suggestions");
    h.get_by_label(accept.as_str()).click();
    h.run();
    let truth_map = io::load_map(&root(FIXTURE)).unwrap().value;
    let m = map(&h);
    let right = truth_map
        .hexes
        .iter()
        .filter(|(k, v)| m.hexes.get(k) == Some(v))
        .count();
    let share = right as f64 / truth_map.hexes.len() as f64;
    eprintln!(
        "suggestions: {right} of {} hexes right after accepting all",
        truth_map.hexes.len()
    );
    assert!(
        share > 0.95,
        "{right} of {} hexes right",
        truth_map.hexes.len()
    );
    let steps = h.state().doc().unwrap().history().done().len();
    undo(&mut h);
    assert_eq!(h.state().doc().unwrap().history().done().len(), steps - 1);
    assert!(
        map(&h).hexes.values().all(|c| c == &HexCell::new("clear")),
        "accepting was one undo step"
    );
}

#[test]
fn hexside_and_road_suggestions_from_the_synthetic_scan() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = suggest_from_synthetic_scan(dir.path());
    let truth_map = io::load_map(&root(FIXTURE)).unwrap().value;
    let lines = &h.state().trace.lines;
    let n = lines.list.len();
    assert!(n > 0, "no hexside or road suggestions");
    assert!(
        lines
            .list
            .iter()
            .all(|x| x.accepted == (x.confidence >= lines.threshold)),
        "suggestions start accepted exactly at or above the threshold"
    );
    // A click on a line's marker, a third of the way along it, rejects or accepts it.
    let first = lines.list[0].clone();
    let [a, b] = first.segment(&truth_map.grid).unwrap();
    let at = [a[0] + (b[0] - a[0]) * 0.3, a[1] + (b[1] - a[1]) * 0.3];
    let at = h.state().board_screen_pos(at);
    drag(&mut h, &[at], Modifiers::NONE);
    assert_ne!(h.state().trace.lines.list[0].accepted, first.accepted);
    h.get_by_role_and_label(Role::Slider, "Lines at or above")
        .set_value_accesskit(0.0);
    h.run();
    let steps = h.state().doc().unwrap().history().done().len();
    h.get_by_label(format!("Accept {n} hexsides and roads").as_str())
        .click();
    h.run();
    let m = map(&h);
    let kinds = |v: &[sztab::model::HexsideFeature]| -> Vec<String> {
        v.iter().map(|f| f.kind.to_string()).collect()
    };
    let sides = truth_map
        .hexsides
        .iter()
        .filter(|(k, v)| m.hexsides.get(k).map(|w| kinds(w)) == Some(kinds(v)))
        .count();
    let roads = truth_map
        .roads
        .iter()
        .filter(|(k, v)| m.roads.get(k) == Some(v))
        .count();
    eprintln!(
        "lines: {sides} of {} hexsides and {roads} of {} roads right after accepting all {n}",
        truth_map.hexsides.len(),
        truth_map.roads.len()
    );
    // How right they are is measured on every shipped map (trace::scans); here the
    // fortification lines are the hexsides most often wrong (a Soviet Fortified Line
    // taken for a Fixed Position), the roads all right.
    assert!(
        sides * 10 >= truth_map.hexsides.len() * 6,
        "{sides} hexsides right"
    );
    assert!(
        roads * 10 >= truth_map.roads.len() * 9,
        "{roads} roads right"
    );
    assert_eq!(h.state().doc().unwrap().history().done().len(), steps + 1);
    undo(&mut h);
    let m = map(&h);
    assert!(
        m.hexsides.is_empty() && m.roads.is_empty(),
        "accepting was one undo step"
    );
}

#[test]
fn towns_traced_from_the_synthetic_scan_are_offered_to_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = suggest_from_synthetic_scan(dir.path());
    set_threshold(&mut h, 0.0);
    let n = h.state().trace.suggestions.list.len();
    h.get_by_label(format!("Accept {n} suggestions").as_str())
        .click();
    h.run();
    assert!(map(&h).places.is_empty());
    // Bravo's six town hexes, 0101 first, are one place to name.
    h.get_by_label("Name of the place at 0101").click();
    h.run();
    h.get_by_label("Name of the place at 0101")
        .type_text("Bravo");
    h.run();
    h.get_by_label("Name 0101").click();
    h.run();
    let places = map(&h).places;
    assert_eq!(places.len(), 1, "{places:?}");
    let truth_map = io::load_map(&root(FIXTURE)).unwrap().value;
    let bravo = truth_map.places.iter().find(|p| p.name == "Bravo").unwrap();
    assert_eq!(
        (places[0].name.as_str(), places[0].kind),
        ("Bravo", bravo.kind)
    );
    // Neighbouring town hexes are one place to the scan: Bravo's and the unnamed town
    // next to it.
    let got = &places[0].hexes;
    assert!(bravo.hexes.iter().all(|x| got.contains(x)), "{got:?}");
    assert!(got.iter().all(|x| map(&h).hexes[x].has("town")), "{got:?}");
    assert!(h.query_by_label("Name of the place at 0101").is_none());
    undo(&mut h);
    assert!(map(&h).places.is_empty(), "naming was one undo step");
}

#[test]
fn the_confidence_threshold_decides_which_suggestions_start_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = suggest_from_synthetic_scan(dir.path());
    let accepted = |h: &Harness<EditorApp>| h.state().trace.suggestions.accepted().count();
    let s = &h.state().trace.suggestions;
    let n = s.list.len();
    assert!(
        s.list
            .iter()
            .all(|x| x.accepted == (x.confidence >= s.threshold)),
        "suggestions start accepted exactly at or above the threshold"
    );
    let sure = |h: &Harness<EditorApp>, t: f32| {
        let s = &h.state().trace.suggestions;
        s.list.iter().filter(|x| x.confidence >= t).count()
    };
    // 100 %: none is that sure, so none is accepted and there is nothing to apply.
    set_threshold(&mut h, 100.0);
    assert_eq!(accepted(&h), sure(&h, 1.0));
    assert!(h.query_by_label("Accept 0 suggestions").is_none());
    // 70 %: exactly the suggestions that sure.
    set_threshold(&mut h, 70.0);
    let k = accepted(&h);
    assert_eq!(k, sure(&h, 0.7));
    assert!(k > 0 && k < n, "{k} of {n} at or above 70 %");
    // A click on a marked hex accepts one more by hand; applying takes just those.
    let unsure = h
        .state()
        .trace
        .suggestions
        .list
        .iter()
        .find(|x| !x.accepted)
        .map(|x| x.hex)
        .unwrap();
    click_hex(&mut h, unsure);
    assert_eq!(accepted(&h), k + 1);
    let steps = h.state().doc().unwrap().history().done().len();
    h.get_by_label(format!("Accept {} suggestions", k + 1).as_str())
        .click();
    h.run();
    let m = map(&h);
    let changed = m
        .hexes
        .values()
        .filter(|c| **c != HexCell::new("clear"))
        .count();
    assert_eq!(
        changed,
        k + 1,
        "exactly the accepted suggestions are applied"
    );
    let after = h.state().doc().unwrap().history().done().len();
    assert_eq!(after, steps + 1, "applying is one undo step");
}

#[test]
fn a_corrupt_scan_is_a_message_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("scan.png");
    std::fs::write(&bad, b"\x89PNG\r\n\x1a\nthis is not really a PNG").unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().load_scan(&bad);
    for _ in 0..200 {
        h.step();
        if h.state().trace.loader.is_none() && h.state().trace.message.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(h.state().trace.scan.is_none());
    assert!(
        h.state()
            .trace
            .message
            .as_deref()
            .unwrap_or("")
            .contains("scan.png")
    );
}

#[test]
fn render_writes_a_printed_style_png() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("map.png");
    let st = std::process::Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args(["render", FIXTURE, "--out"])
        .arg(&out)
        .args(["--scale", "12"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        st.status.success(),
        "{}",
        String::from_utf8_lossy(&st.stderr)
    );
    let img = image::open(&out).unwrap();
    assert!(img.width() > 200 && img.height() > 150);
    let st = std::process::Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args(["render", "no-such.map.ron", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(st.status.code(), Some(2));
}

/// Writes a traced-scan demo (a synthetic scan and a blank map calibrated to it from three
/// points) into `$SZTAB_DEMO_DIR`, for screenshots: `cargo test --test editor -- --ignored`.
#[test]
#[ignore]
fn write_trace_demo() {
    let Some(dir) = std::env::var_os("SZTAB_DEMO_DIR") else {
        return;
    };
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let scan = synthetic_scan(&dir);
    let blank = blank_copy(&dir);
    let mut m = io::load_map(&blank).unwrap().value;
    let points: Vec<sztab::model::CalibrationPoint> = ["0202", "1303", "0709"]
        .iter()
        .map(|s| {
            let c = m.grid.center(id(s));
            let p = truth().apply([f64::from(c[0]), f64::from(c[1])]);
            sztab::model::CalibrationPoint {
                hex: id(s),
                pixel: [p[0] + 1.5, p[1] - 1.0],
            }
        })
        .collect();
    let pairs: Vec<_> = points
        .iter()
        .map(|p| {
            let c = m.grid.center(p.hex);
            ([f64::from(c[0]), f64::from(c[1])], p.pixel)
        })
        .collect();
    let fit = sztab::editor::trace::solve(&pairs).unwrap();
    m.underlay = Some(sztab::model::Underlay {
        image: scan.file_name().unwrap().into(),
        calibration: Some(fit.to_calibration(points)),
        opacity: 0.7,
        locked: false,
    });
    io::save(io::FileKind::Map, &dir.join("traced.map.ron"), &m).unwrap();
}

// ---- hexside kinds sharing an edge, and a line's front ----

fn pick_kind(h: &mut Harness<EditorApp>, kind: &str) {
    h.state_mut().set_tool(ToolKind::Hexsides);
    h.run();
    h.get_by_label("Kind").click();
    h.run();
    h.get_by_label(kind).click();
    h.run();
}

#[test]
fn a_second_line_on_a_hexside_is_refused_until_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    // 0703-0803 holds the Wisla and a Soviet Fortified Line protecting 0803.
    let side = Hexside::new(id("0703"), id("0803")).unwrap();
    let before = map(&h).hexsides[&side].clone();
    assert_eq!(before.len(), 2);
    pick_kind(&mut h, "Fixed Position");
    let p = h.state().hexside_screen_pos(side, 0.5, id("0803")).unwrap();
    drag(&mut h, &[p], Modifiers::NONE);
    assert_eq!(
        map(&h).hexsides[&side],
        before,
        "the Fortified Line is not replaced quietly"
    );
    assert!(h.state().doc().unwrap().history().done().is_empty());
    let status = h.state().status.clone();
    assert!(
        status.contains("not painted") && status.contains("Soviet Fortified Line"),
        "{status}"
    );
    // Confirmed: the Fixed Position replaces the line, the river stays; one undo step.
    h.get_by_label("Replace on 1 hexside").click();
    h.run();
    let kinds: Vec<_> = map(&h).hexsides[&side]
        .iter()
        .map(|f| (f.kind.to_string(), f.protects))
        .collect();
    assert_eq!(
        kinds,
        [("river".into(), None), ("fp_line".into(), Some(id("0803")))]
    );
    undo(&mut h);
    assert_eq!(map(&h).hexsides[&side], before);
    // A second watercourse is refused too; a river beside a lone line is painted.
    pick_kind(&mut h, "Stream");
    drag(&mut h, &[p], Modifiers::NONE);
    assert_eq!(map(&h).hexsides[&side], before);
    let lone = Hexside::new(id("1208"), id("1209")).unwrap();
    pick_kind(&mut h, "Fixed Position");
    let q = h.state().hexside_screen_pos(lone, 0.5, id("1209")).unwrap();
    drag(&mut h, &[q], Modifiers::NONE);
    pick_kind(&mut h, "River");
    drag(&mut h, &[q], Modifiers::NONE);
    let kinds: Vec<_> = map(&h).hexsides[&lone]
        .iter()
        .map(|f| f.kind.to_string())
        .collect();
    assert_eq!(kinds, ["fp_line", "river"]);
}

/// The hexsides between columns 10 and 11, rows 3 to 6, in order down the board.
fn zigzag(h: &Harness<EditorApp>) -> Vec<Hexside> {
    let g = map(h).grid;
    let mut sides = Vec::new();
    for r in 3..=6 {
        let hex = HexId::new(10, r);
        for d in [sztab::hex::Dir::NE, sztab::hex::Dir::SE] {
            let s = g.hexside_towards(hex, d).unwrap();
            if !sides.contains(&s) {
                sides.push(s);
            }
        }
    }
    sides
}

fn fronts(h: &Harness<EditorApp>, sides: &[Hexside]) -> Vec<HexId> {
    let m = map(h);
    sides
        .iter()
        .map(|s| m.hexsides[s][0].protects.expect("a line protects a hex"))
        .collect()
}

#[test]
fn a_line_stroke_keeps_the_side_it_started_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    pick_kind(&mut h, "Soviet Fortified Line");
    let sides = zigzag(&h);
    // The pointer wanders from one side of the line to the other along the stroke.
    let pts: Vec<Pos2> = sides
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let (a, b) = s.hexes();
            let towards = if i % 2 == 0 { a } else { b };
            h.state().hexside_screen_pos(s, 0.5, towards).unwrap()
        })
        .collect();
    drag(&mut h, &pts, Modifiers::NONE);
    let f = fronts(&h, &sides);
    assert!(
        f.iter().all(|x| x.col == 10),
        "the whole line protects column 10, where the stroke started: {f:?}"
    );
    assert_eq!(h.state().doc().unwrap().history().done().len(), 1);
    // X right after the stroke flips the whole line, as one more undo step.
    h.key_press(Key::X);
    h.run();
    assert!(fronts(&h, &sides).iter().all(|x| x.col == 11));
    assert_eq!(h.state().doc().unwrap().history().done().len(), 2);
    undo(&mut h);
    undo(&mut h);
    assert!(sides.iter().all(|s| !map(&h).hexsides.contains_key(s)));
    // X while the stroke is held flips it within the stroke: one undo step.
    h.hover_at(pts[0]);
    h.step();
    button(&h, pts[0], true, Modifiers::NONE);
    h.step();
    h.hover_at(pts[1]);
    h.step();
    h.key_press(Key::X);
    h.step();
    for &p in &pts[2..] {
        h.hover_at(p);
        h.step();
    }
    button(&h, *pts.last().unwrap(), false, Modifiers::NONE);
    h.run();
    assert!(fronts(&h, &sides).iter().all(|x| x.col == 11));
    assert_eq!(h.state().doc().unwrap().history().done().len(), 1);
}

#[test]
fn a_line_drawn_beside_the_edges_paints_only_the_line() {
    for col in [10, 11] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = open(&fixture_copy(dir.path()));
        pick_kind(&mut h, "Fixed Position");
        let sides = zigzag(&h);
        // The pointer runs a third of a hex inside column `col`, along the line.
        let g = map(&h).grid;
        let pts: Vec<Pos2> = sides
            .iter()
            .flat_map(|&s| {
                let [a, b] = g.hexside_ends(s).unwrap();
                let (x, y) = s.hexes();
                let inside = if x.col == col { x } else { y };
                let c = g.center(inside);
                [0.25f32, 0.5, 0.75].map(|t| {
                    let p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
                    h.state()
                        .board_screen_pos([p[0] + (c[0] - p[0]) * 0.3, p[1] + (c[1] - p[1]) * 0.3])
                })
            })
            .collect();
        drag(&mut h, &pts, Modifiers::NONE);
        let fixture = io::load_map(&root(FIXTURE)).unwrap().value;
        let added: Vec<Hexside> = map(&h)
            .hexsides
            .keys()
            .filter(|k| !fixture.hexsides.contains_key(k))
            .copied()
            .collect();
        let mut want = sides.clone();
        want.sort();
        assert_eq!(
            added, want,
            "only the line's own hexsides (pointer in column {col})"
        );
        assert!(fronts(&h, &sides).iter().all(|f| f.col == col));
        assert_eq!(h.state().doc().unwrap().history().done().len(), 1);
    }
}

#[test]
fn a_route_adds_roads_only_where_there_were_none_unless_upgrading() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().set_tool(ToolKind::Roads);
    h.run();
    h.get_by_label("Route").click();
    h.run();
    // 0906-0910 is a secondary road; the route to 1110 follows it, then needs new road.
    let (a, b) = (id("0906"), id("1110"));
    let path = route_sides(&h, a, b);
    let before = map(&h).roads;
    let secondary: Vec<Hexside> = path
        .iter()
        .filter(|s| before.get(s).is_some_and(|k| k.contains("secondary")))
        .copied()
        .collect();
    assert!(secondary.len() >= 3, "{path:?}");
    click_hex(&mut h, a);
    click_hex(&mut h, b);
    let m = map(&h);
    for s in &path {
        let want = before.get(s).map_or("main", |k| k.first().as_str());
        assert_eq!(m.roads[s].first().as_str(), want, "{s}");
    }
    assert!(path.len() > secondary.len());
    assert!(h.state().status.contains("kept"), "{}", h.state().status);
    // Replacing, the route upgrades the roads it follows.
    h.get_by_label("Replace").click();
    h.run();
    let path = route_sides(&h, a, b);
    click_hex(&mut h, a);
    click_hex(&mut h, b);
    for s in &path {
        assert_eq!(map(&h).roads[s].kinds(), ["main".into()], "{s} upgraded");
    }
    assert!(secondary.iter().any(|s| path.contains(s)));
}

// ---- quick clicks: press and release within one frame (touchpad taps) ----

/// A click whose press and release reach the editor in the same frame (the harness runs
/// one frame per queued event, so both go straight into the frame's input).
fn quick_click(h: &mut Harness<EditorApp>, pos: Pos2) {
    h.hover_at(pos);
    h.step();
    for pressed in [true, false] {
        h.input_mut().events.push(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.step();
    h.run();
}

#[test]
fn quick_clicks_work_in_the_places_and_calibration_tools() {
    let dir = tempfile::tempdir().unwrap();
    let scan = synthetic_scan(dir.path());
    let mut h = open(&blank_copy(dir.path()));
    h.state_mut().set_tool(ToolKind::Places);
    h.run();
    sztab_type(&mut h, "Name", "Delta");
    let p = h.state().hex_screen_pos(id("0604")).unwrap();
    quick_click(&mut h, p);
    let place = map(&h).place("Delta").cloned();
    assert_eq!(place.map(|p| p.hexes), Some(vec![id("0604")]));
    // A second quick click on the hex takes it out again.
    quick_click(&mut h, p);
    assert_eq!(map(&h).place("Delta").unwrap().hexes, vec![]);
    // Calibration points.
    h.state_mut().load_scan(&scan);
    h.run();
    wait_for_scan(&mut h);
    h.state_mut().set_tool(ToolKind::Calibrate);
    h.run();
    let c = map(&h).grid.center(id("0505"));
    let px = truth().apply([f64::from(c[0]), f64::from(c[1])]);
    let q = h.state().scan_pixel_screen_pos(px).unwrap();
    let canvas = h.state().canvas.rect();
    quick_click(&mut h, q);
    assert_eq!(h.state().trace.points.len(), 1, "{}", h.state().status);
    assert_eq!(
        h.state().canvas.rect(),
        canvas,
        "the hex number field does not widen the tool panel"
    );
    // Hex features too.
    h.state_mut().set_tool(ToolKind::Features);
    h.run();
    let p = h.state().hex_screen_pos(id("0604")).unwrap();
    quick_click(&mut h, p);
    assert!(map(&h).hexes[&id("0604")].has("forest"));
}

fn sztab_type(h: &mut Harness<EditorApp>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

// ---- keyboard: typing goes to the field just clicked ----

/// Key and text events of typing `text` on a keyboard (letters only).
fn keystrokes(text: &str) -> Vec<Event> {
    text.chars()
        .flat_map(|c| {
            let key = Key::from_name(&c.to_ascii_uppercase().to_string()).unwrap();
            let k = |pressed| Event::Key {
                key,
                physical_key: Some(key),
                pressed,
                repeat: false,
                modifiers: Modifiers::NONE,
            };
            [k(true), Event::Text(c.to_string()), k(false)]
        })
        .collect()
}

#[test]
fn keys_typed_right_after_clicking_a_field_go_to_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().set_tool(ToolKind::Places);
    h.run();
    // The click and the typing reach the editor in one frame.
    let at = h.get_by_label("Name").rect().center();
    h.hover_at(at);
    h.step();
    let mut events = vec![];
    for pressed in [true, false] {
        events.push(Event::PointerButton {
            pos: at,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    events.extend(keystrokes("Testowa"));
    h.input_mut().events.extend(events);
    h.step();
    h.run();
    assert_eq!(h.state().tool(), ToolKind::Places, "no tool switched");
    assert_eq!(h.get_by_label("Name").value().as_deref(), Some("Testowa"));
    // The next frame's keys go to the field too; outside a field they switch tools.
    h.input_mut().events.extend(keystrokes("s"));
    h.step();
    h.run();
    assert_eq!(h.state().tool(), ToolKind::Places);
    h.key_press(Key::Escape);
    h.run();
    h.input_mut().events.extend(keystrokes("b"));
    h.step();
    h.run();
    assert_eq!(h.state().tool(), ToolKind::Brush);
}

#[test]
fn the_help_menu_lists_the_shortcuts_and_shows_the_user_guide() {
    let mut h = harness(EditorApp::open(None));
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("Keyboard shortcuts").click();
    h.run();
    h.get_by_label("Hexsides tool");
    h.get_by_label("Hexsides: flip the front of the line being drawn, or just drawn");
    h.key_press(Key::F1);
    h.run();
    assert!(h.state().help.guide);
    // The guide opens on the map tools' table, and shows any chapter of the manual.
    h.get_by_label("Select tool");
    h.get_by_label("Tracing a scan").click();
    h.run();
    h.get_by_label_contains("Load the scan.");
    // Every section can be shown (no character the fonts lack).
    for s in sztab::editor::panels::help::sections() {
        h.get_by_label(s.title.as_str()).click();
        h.run();
    }
}

#[test]
fn toolbar_tooltips_say_what_a_tool_does_and_its_key() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.get_by_label("Hexsides").hover();
    h.run_steps(60);
    h.get_by_label_contains("Drag along edges to paint rivers and fortification lines (key H)");
}

#[test]
fn a_place_of_one_hex_says_1_hex() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.state_mut().set_tool(ToolKind::Places);
    h.run();
    h.get_by_label("Charlie (1 hex)");
    h.get_by_label("Bravo (6 hexes)");
}

#[test]
fn the_minimap_keeps_off_the_map_and_collapses() {
    let path = root("scenarios/kursk-1943/armored-claws.scenario.ron");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .with_max_steps(30)
        .build_ui_state(
            |ui, app: &mut EditorApp| app.ui(ui),
            EditorApp::open(Some(path)),
        );
    h.run();
    let (min, max) = map(&h).grid.bounds();
    let on_screen = egui::Rect::from_min_max(
        h.state().board_screen_pos(min),
        h.state().board_screen_pos(max),
    );
    let mini = h.state().canvas.minimap_rect();
    assert!(
        !mini.intersects(on_screen),
        "at fit the minimap sits beside the map: {mini:?} {on_screen:?}"
    );
    assert!(mini.width() >= 60.0);
    // Zoomed in, it lies over the map; its button collapses it and paints nothing beneath.
    h.state_mut().set_tool(ToolKind::Brush);
    for _ in 0..4 {
        h.key_press(Key::Plus);
        h.run();
    }
    h.get_by_label("Collapse minimap").click();
    h.run();
    assert!(!h.state().canvas.show_minimap);
    h.get_by_label("Show minimap").click();
    h.run();
    assert!(h.state().canvas.show_minimap);
    assert!(h.state().doc().unwrap().history().done().is_empty());
}

/// File → New map: the minimap draws the new map, and the hex read-out, the status line and
/// the hex under the pointer no longer speak of the old one (all stale before: both
/// documents were at revision 1, so the minimap kept the old picture).
#[test]
fn a_new_map_replaces_the_old_one_in_the_minimap_read_out_and_status() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    let old = h.state().doc().map(|d| (d.id(), d.revision()));
    assert_eq!(h.state().canvas.minimap_shows(), old);
    h.hover_at(h.state().hex_screen_pos(id("0105")).unwrap());
    h.run();
    h.get_by_label("Hex 0105");
    menu(&mut h, "File", "New map…");
    // The fixture's size, so the minimap keeps its size too.
    type_into(&mut h, "Columns", "14");
    type_into(&mut h, "Rows", "10");
    click(&mut h, "Create");
    let doc = h.state().doc().unwrap();
    assert_eq!(doc.map().name, "New map");
    assert_ne!(
        Some(doc.revision()),
        old.map(|o| o.1),
        "a revision of its own"
    );
    assert_eq!(
        h.state().canvas.minimap_shows(),
        Some((doc.id(), doc.revision())),
        "the minimap shows the new map"
    );
    assert!(h.query_by_label("Hex 0105").is_none(), "the read-out");
    assert!(h.query_by_label("0105").is_none(), "the status line's hex");
    h.get_by_label("New map: 14×10 hexes, not saved yet");
}

/// Picks `item` from the menu `menu` (items with a shortcut are labelled with it).
fn menu(h: &mut Harness<EditorApp>, menu: &str, item: &str) {
    click(h, menu);
    h.get_by_label_contains(item).click();
    h.run();
}

fn path_field(h: &Harness<EditorApp>) -> String {
    h.get_by_label("Path").value().unwrap_or_default()
}

/// File choosers start in the document's folder, a file to write is named after the
/// document (never a fixed "map.png"), and writing over a file that exists asks first.
#[test]
fn choosers_start_beside_the_document_and_ask_before_replacing() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    menu(&mut h, "File", "Export image…");
    let png = dir.path().join("mini.png");
    assert_eq!(path_field(&h), png.display().to_string());
    click(&mut h, "Export PNG");
    assert!(png.exists(), "{:?}", h.state().error());
    // Again, onto the file now there: nothing is written until the user agrees.
    std::fs::write(&png, b"kept").unwrap();
    menu(&mut h, "File", "Export image…");
    click(&mut h, "Export PNG");
    let question = format!("{} exists. Replace it?", png.display());
    h.get_by_label(&question);
    assert_eq!(std::fs::read(&png).unwrap(), b"kept");
    click(&mut h, "Keep it");
    assert!(h.query_by_label(&question).is_none());
    assert_eq!(std::fs::read(&png).unwrap(), b"kept");
    click(&mut h, "Export PNG");
    click(&mut h, "Replace");
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    assert!(
        h.query_by_label("Export PNG").is_none(),
        "the chooser closed"
    );
    menu(&mut h, "File", "Open…");
    assert_eq!(path_field(&h), format!("{}/", dir.path().display()));
    h.get_by_label(&format!("{}/mini.map.ron", dir.path().display()));
}

/// Issue 33: the map's layers are tessellated once per view. Hovering over hexes (the
/// readout follows the pointer) makes nothing again; an edit, a zoom and a layer switched
/// off each make the layers once more.
#[test]
fn the_map_is_drawn_once_per_view_and_again_after_an_edit() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    h.run();
    let builds = |h: &Harness<EditorApp>| h.state().canvas.scene.builds;
    let before = builds(&h);
    assert!(before > 0);
    for hex in ["0105", "0206", "0307"] {
        let at = h.state().hex_screen_pos(id(hex)).unwrap();
        h.hover_at(at);
        h.run();
        let label = format!("Hex {hex}");
        assert!(
            h.query_by_label_contains(&label).is_some(),
            "no readout {label}"
        );
    }
    assert_eq!(builds(&h), before, "hovering made the map's layers again");
    h.state_mut().set_tool(ToolKind::Brush);
    h.state_mut().brush.cell = HexCell::new("hills");
    click_hex(&mut h, id("0105"));
    let edited = builds(&h);
    assert!(edited > before, "an edit did not make the layers again");
    let rect = h.state().canvas.rect();
    h.state_mut()
        .canvas
        .camera
        .zoom_at(rect, rect.center(), 2.0);
    h.run();
    let zoomed = builds(&h);
    assert!(zoomed > edited, "a zoom did not make the layers again");
    h.state_mut().canvas.layers.numbers = !h.state().canvas.layers.numbers;
    h.run();
    assert!(
        builds(&h) > zoomed,
        "a layer switched off did not make the layers again"
    );
}

/// With OpenGL the window shows the map's static layers from a texture (canvas/gpu.rs):
/// a frame of a map hands egui one paint callback instead of their meshes, and the map
/// is still made once per view.
#[test]
fn with_textures_a_frame_hands_the_map_over_as_one_callback() {
    let dir = tempfile::tempdir().unwrap();
    let (doc, _) = Document::open(&fixture_copy(dir.path())).unwrap();
    let mut app = EditorApp::open(None);
    app.set_document(doc);
    let ctx = egui::Context::default();
    let frame = |app: &mut EditorApp, t: f64| {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                Pos2::ZERO,
                egui::vec2(1200.0, 800.0),
            )),
            time: Some(t),
            ..Default::default()
        };
        let mut out = ctx.run_ui(input, |ui| app.ui(ui));
        // No painter here to take the font atlas.
        out.textures_delta.clear();
        let prims = ctx.tessellate(out.shapes, out.pixels_per_point);
        let callbacks = prims
            .iter()
            .filter(|p| matches!(p.primitive, egui::epaint::Primitive::Callback(_)))
            .count();
        let vertices: usize = prims
            .iter()
            .map(|p| match &p.primitive {
                egui::epaint::Primitive::Mesh(m) => m.vertices.len(),
                egui::epaint::Primitive::Callback(_) => 0,
            })
            .sum();
        (callbacks, vertices)
    };
    for t in 0..3 {
        frame(&mut app, f64::from(t));
    }
    let (none, with_meshes) = frame(&mut app, 3.0);
    assert_eq!(none, 0, "without OpenGL the map is meshes");
    app.canvas.gpu = Some(sztab::editor::canvas::GpuLayers::default());
    let builds = app.canvas.scene.builds;
    let (callbacks, without) = frame(&mut app, 4.0);
    assert_eq!(callbacks, 1, "terrain, marks and names in one texture");
    assert!(
        without * 2 < with_meshes,
        "{without} vertices left of {with_meshes}: the map's meshes still go to egui"
    );
    assert_eq!(
        app.canvas.scene.builds, builds,
        "the layers were made again"
    );
}
