//! Roads to Leningrad and The Jaws of Victory in the editor's window: their hexside kinds
//! painted with the shared Hexsides tool, units placed and their schema's fields set in
//! the Forces table, and their charts entered in the table editor (typed and pasted,
//! checked as typed, undone, saved), with a malformed cell reported where it is written.
//! The cells entered here are made up for the tests: no value is from a printed chart.

use std::path::{Path, PathBuf};

use egui::{Event, Key, Modifiers, Pos2};
use egui_kittest::kittest::Queryable;
use sztab::editor::EditorApp;
use sztab::hex::{Dir, HexId, Hexside};
use sztab::model::io;
use sztab::model::tables::Tables;
use sztab::validate::validate_file;

mod common;
use common::{click, drag, harness, root};

/// `file` copied into `dir` with its catalogue named by its absolute path.
fn with_catalogue(dir: &Path, file: &str, system: &str) -> PathBuf {
    let text = std::fs::read_to_string(root(file)).unwrap();
    let rel = format!("../../assets/{system}/{system}.terrain.ron");
    let abs = root(&format!("assets/{system}/{system}.terrain.ron"));
    assert!(text.contains(&rel), "{file} names {rel}");
    let path = dir.join(Path::new(file).file_name().unwrap());
    std::fs::write(&path, text.replace(&rel, abs.to_str().unwrap())).unwrap();
    path
}

/// The example scenario of `system` with its files and the shipped blank charts in `dir`.
fn example_copy(dir: &Path, system: &str, name: &str) -> PathBuf {
    with_catalogue(dir, &format!("scenarios/{system}/{name}.map.ron"), system);
    std::fs::copy(
        root(&format!("scenarios/{system}/{name}.counters.ron")),
        dir.join(format!("{name}.counters.ron")),
    )
    .unwrap();
    std::fs::copy(
        root(&format!("assets/{system}/{system}.tables.ron")),
        dir.join(format!("{system}.tables.ron")),
    )
    .unwrap();
    // The copy reads the copy of the shipped blank charts, whatever charts the example
    // plays with (Roads to Leningrad's are invented): the tests here are about them.
    let text =
        std::fs::read_to_string(root(&format!("scenarios/{system}/{name}.scenario.ron"))).unwrap();
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("tables:"))
        .expect("the example names its charts");
    let text = text.replacen(line, &format!("    tables: \"{system}.tables.ron\","), 1);
    let path = dir.join(format!("{name}.scenario.ron"));
    std::fs::write(&path, text).unwrap();
    path
}

fn hex(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

fn map(h: &egui_kittest::Harness<EditorApp>) -> sztab::model::Map {
    h.state().doc().unwrap().map().clone()
}

/// Paints `kind` (its name in the Kind list) along the hexsides of `at` towards `dirs`,
/// in one stroke, and checks they hold it; returns them.
fn paint_hexsides(
    h: &mut egui_kittest::Harness<EditorApp>,
    kind: &str,
    id: &str,
    at: HexId,
    dirs: &[Dir],
) -> Vec<Hexside> {
    h.key_press(Key::H);
    h.run();
    click(h, "Kind");
    click(h, kind);
    let g = map(h).grid;
    let sides: Vec<Hexside> = dirs
        .iter()
        .map(|&d| g.hexside_towards(at, d).unwrap())
        .collect();
    let pts: Vec<Pos2> = sides
        .iter()
        .map(|&s| h.state().hexside_screen_pos(s, 0.5, at).unwrap())
        .collect();
    drag(h, &pts, Modifiers::NONE);
    let m = map(h);
    for s in &sides {
        assert!(
            m.hexsides
                .get(s)
                .is_some_and(|fs| fs.iter().any(|f| f.kind.as_str() == id)),
            "{kind} on {s}: {:?}",
            m.hexsides.get(s)
        );
    }
    sides
}

#[test]
fn rtl_and_jov_hexside_kinds_are_painted_with_the_shared_tool() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = with_catalogue(dir.path(), "scenarios/rtl/soltsy-example.map.ron", "rtl");
    let mut h = harness(EditorApp::open(Some(rtl.clone())));
    let streams = paint_hexsides(&mut h, "Stream", "stream", hex("3422"), &[Dir::N, Dir::NE]);
    let lakes = paint_hexsides(&mut h, "Lake", "lake", hex("2923"), &[Dir::S, Dir::SE]);
    assert_eq!(h.state().doc().unwrap().history().done().len(), 2);
    common::undo(&mut h);
    assert!(h.state_mut().save());
    let saved = io::load_map(&rtl).unwrap().value;
    let kinds = |s: &Hexside| -> Vec<String> {
        saved
            .hexsides
            .get(s)
            .into_iter()
            .flatten()
            .map(|f| f.kind.as_str().to_owned())
            .collect()
    };
    assert!(
        streams
            .iter()
            .all(|s| kinds(s).contains(&"stream".to_owned()))
    );
    assert!(lakes.iter().all(|s| !kinds(s).contains(&"lake".to_owned())));

    let jov = with_catalogue(dir.path(), "scenarios/jov/korsun-example.map.ron", "jov");
    let mut h = harness(EditorApp::open(Some(jov)));
    paint_hexsides(
        &mut h,
        "Swamp hexside",
        "swamp",
        hex("4024"),
        &[Dir::N, Dir::NE],
    );
    paint_hexsides(
        &mut h,
        "Fordable river",
        "fordable_river",
        hex("4125"),
        &[Dir::NE],
    );
    paint_hexsides(&mut h, "Dnepr", "dnepr", hex("4026"), &[Dir::N]);
}

/// Scrolls the field named `label` into view (the Forces table is wider and taller than
/// its window).
fn reveal(h: &mut egui_kittest::Harness<EditorApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
}

#[test]
fn units_are_placed_and_their_schema_fields_set_in_the_forces_table() {
    let dir = tempfile::tempdir().unwrap();
    // Roads to Leningrad: the 183rd's HQ set up, the panzer battalion's silhouette off.
    let path = example_copy(dir.path(), "rtl", "soltsy-example");
    let mut h = harness(EditorApp::open(Some(path)));
    click(&mut h, "Game");
    click(&mut h, "Forces…");
    h.get_by_label("Command Range");
    h.get_by_label("HQ 183 Command Range");
    reveal(&mut h, "HQ 183 set up at");
    common::type_into(&mut h, "HQ 183 set up at", "3320");
    h.key_press(Key::Enter);
    h.run();
    reveal(&mut h, "II/10 Pz Vehicle silhouette");
    click(&mut h, "II/10 Pz Vehicle silhouette");
    let doc = h.state().doc().unwrap();
    let b = &doc.described().unwrap().bundle;
    let placed = b
        .scenario
        .setup
        .iter()
        .find(|p| p.unit.as_str() == "su-183-hq");
    assert_eq!(placed.map(|p| p.hex), Some(hex("3320")));
    let pz = b
        .counters
        .units
        .iter()
        .find(|u| u.id.as_str() == "de-10pz-2")
        .unwrap();
    assert_eq!(
        pz.attrs.get("vehicle"),
        Some(&sztab::model::AttrValue::Bool(false))
    );
    assert_eq!(doc.history().done().len(), 2);
    common::undo(&mut h);
    common::undo(&mut h);
    let b = &h.state().doc().unwrap().described().unwrap().bundle;
    assert!(
        b.scenario
            .setup
            .iter()
            .all(|p| p.unit.as_str() != "su-183-hq")
    );

    // The Jaws of Victory: Wiking's panzers set up, a regiment's cadre side off.
    let path = example_copy(dir.path(), "jov", "korsun-example");
    let mut h = harness(EditorApp::open(Some(path.clone())));
    click(&mut h, "Game");
    click(&mut h, "Forces…");
    h.get_by_label("Cadre side");
    reveal(&mut h, "Pz Abt Wiking set up at");
    common::type_into(&mut h, "Pz Abt Wiking set up at", "4424");
    h.key_press(Key::Enter);
    h.run();
    reveal(&mut h, "GR 217 Cadre side");
    click(&mut h, "GR 217 Cadre side");
    assert!(h.state_mut().save());
    let saved: sztab::model::described::Scenario =
        io::parse(&io::read_text(&path).unwrap()).unwrap();
    let placed = saved
        .setup
        .iter()
        .find(|p| p.unit.as_str() == "de-wiking-pz");
    assert_eq!(placed.map(|p| p.hex), Some(hex("4424")));
}

/// Made-up cells for a Roads to Leningrad combat table: every one reads with its codes.
fn made_up(row: usize, column: usize) -> String {
    const CELLS: [&str; 8] = ["A2", "A1", "A1 D1", "D1", "D1R", "D2R", "DE", "—"];
    CELLS[(row + column) % CELLS.len()].to_owned()
}

#[test]
fn the_table_editor_enters_and_saves_a_whole_combat_table_typed_and_pasted() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rtl.tables.ron");
    std::fs::copy(root("assets/rtl/rtl.tables.ron"), &path).unwrap();
    // File → Open on a tables file opens the table editor.
    let mut h = harness(EditorApp::open(Some(path.clone())));
    assert!(h.state().tables.is_open());
    let shape: Tables = io::load_tables(&path).unwrap().value;
    let crt = shape.table("mobile_crt").unwrap().clone();
    let (rows, columns) = (crt.rows.len(), crt.columns.len());
    assert_eq!((rows, columns), (12, 12));
    click(&mut h, "Mobile CRT (144 empty)");

    // The first row typed, Tab moving on from cell to cell.
    click(&mut h, "row ≤0, column 1:4");
    for (c, label) in crt.columns.iter().enumerate() {
        h.get_by_label(&format!("Cell row ≤0, column {label}"))
            .type_text(&made_up(0, c));
        h.run();
        h.key_press(Key::Tab);
        h.run();
    }
    // The other eleven rows pasted as a spreadsheet copies them.
    click(&mut h, "row 1, column 1:4");
    let block: String = (1..rows)
        .map(|r| {
            let cells: Vec<String> = (0..columns).map(|c| made_up(r, c)).collect();
            cells.join("\t") + "\r\n"
        })
        .collect();
    h.event(Event::Paste(block));
    h.run();
    let entered = |h: &egui_kittest::Harness<EditorApp>| {
        h.state()
            .tables
            .doc()
            .unwrap()
            .tables
            .table("mobile_crt")
            .unwrap()
            .clone()
    };
    assert_eq!(
        entered(&h).empty_cells(),
        0,
        "{:?}",
        h.state().tables.message
    );
    assert!(
        h.query_by_label_contains("Mobile CRT (").is_none(),
        "its tab counts no empty cell"
    );

    // A code the table does not have is red with the reason as it is typed, and not
    // entered; Escape leaves the cell as it was.
    click(&mut h, "row 5, column 3:1");
    h.get_by_label("Cell row 5, column 3:1").type_text("Q2");
    h.run();
    h.get_by_label_contains("\"Q2\" is not a code of combat results");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(
        h.state().tables.editing.as_ref().map(|e| e.text.as_str()),
        Some("Q2")
    );
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().tables.editing.is_none());
    assert_eq!(entered(&h).lookup("5", "3:1"), Some(made_up(5, 6).as_str()));
    // Codes the vocabulary has, in an order the rules give no meaning, are refused the
    // same way, with the engine's reason (issue 33 item 7).
    click(&mut h, "row 5, column 3:1");
    h.get_by_label("Cell row 5, column 3:1").type_text("RRE3*");
    h.run();
    h.get_by_label_contains("a result begins with A or D");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(
        h.state().tables.editing.as_ref().map(|e| e.text.as_str()),
        Some("RRE3*"),
        "not entered"
    );
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(entered(&h).lookup("5", "3:1"), Some(made_up(5, 6).as_str()));
    // After a refused entry and Escape, a click on the cell and typed keys reach it.
    click(&mut h, "row 5, column 3:1");
    h.event(Event::Text("D2".into()));
    h.run();
    h.run();
    assert_eq!(
        h.state().tables.editing.as_ref().map(|e| e.text.as_str()),
        Some("D2"),
        "the keys typed after the click"
    );
    h.key_press(Key::Escape);
    h.run();

    // The paste is one step of the table edit history: undone and redone.
    common::undo(&mut h);
    assert_eq!(entered(&h).empty_cells(), (rows - 1) * columns);
    assert!(h.state().doc().is_none(), "no map or scenario was touched");
    common::redo(&mut h);
    assert_eq!(entered(&h).empty_cells(), 0);

    // Saved: the file reads back with the whole table, and checks with no empty cell
    // left in it.
    click(&mut h, "Save tables");
    assert!(!h.state().tables.is_dirty());
    let back: Tables = io::load_tables(&path).unwrap().value;
    let t = back.table("mobile_crt").unwrap();
    for r in 0..rows {
        for c in 0..columns {
            assert_eq!(t.cell(r, c), Some(made_up(r, c).as_str()), "{r} {c}");
        }
    }
    let report = validate_file(&path).unwrap();
    assert_eq!(report.errors(), 0, "{:?}", report.problems);
    assert!(
        report
            .problems
            .iter()
            .all(|p| !p.message.starts_with("table Mobile CRT has")),
        "{:?}",
        report.problems
    );
    assert!(
        report.problems.iter().any(|p| p
            .message
            .starts_with("table Assault CRT has 131 empty cells")),
        "the other tables are still to enter"
    );
}

#[test]
fn a_malformed_cell_is_reported_with_file_line_and_column_when_opened() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(root("tests/fixtures/tables/made-up.tables.ron")).unwrap();
    let path = dir.path().join("t.tables.ron");
    std::fs::write(&path, text.replacen(r#""—/1D"]"#, r#""—/1DX"]"#, 1)).unwrap();
    let mut h = harness(EditorApp::open(Some(path.clone())));
    assert!(h.state().tables.is_open());
    // Row "5-9" of the CRT is line 41; the "X" after "—/1D" is at column 57.
    h.get_by_label_contains(
        "t.tables.ron:41:57: error[X05]: table Made-up CRT, row 5-9, column 2:1: \"X\" is not a code",
    );
    // Typing the cell right clears the error.
    click(&mut h, "Made-up CRT (1 empty)");
    click(&mut h, "row 5-9, column 2:1");
    h.get_by_label("Cell row 5-9, column 2:1").type_text("—/1D");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().tables.problems().iter().all(|p| !p.is_error()));

    // A file that does not parse is refused with its line and column.
    let broken = dir.path().join("broken.tables.ron");
    std::fs::write(&broken, text.replacen("rows: [", "rows: [[", 1)).unwrap();
    let h = harness(EditorApp::open(Some(broken)));
    let e = h.state().error().unwrap_or_default().to_owned();
    assert!(e.contains("broken.tables.ron:"), "{e}");
    assert!(!h.state().tables.is_open());
}

#[test]
fn a_scenarios_charts_open_from_the_file_menu_and_follow_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let path = example_copy(dir.path(), "rtl", "soltsy-example");
    let mut h = harness(EditorApp::open(Some(path)));
    click(&mut h, "File");
    click(&mut h, "Edit tables…");
    assert!(h.state().tables.is_open());
    click(&mut h, "Terrain Effects on Movement (48 empty)");
    click(&mut h, "row Hill, column NM Dry/Cloudy");
    h.get_by_label("Cell row Hill, column NM Dry/Cloudy")
        .type_text("2");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().tables.is_dirty());
    let doc = h.state().doc().unwrap();
    let (t, _) = doc.described().unwrap().bundle.tables.as_ref().unwrap();
    assert_eq!(
        t.table("tec_movement")
            .unwrap()
            .lookup("Hill", "NM Dry/Cloudy"),
        Some("2")
    );
    assert!(!doc.is_dirty(), "the scenario itself is unchanged");
}
