//! Nothing lost (issue 27): a save writes every edit into the file that holds it and
//! names every file written; the autosave covers every part of every document of every
//! system and comes back after the editor is killed; a save keeps what it did not change
//! (comments, order, layout), so one edited cell is one changed line; the charts that
//! ship with Sztab are templates, saved as a copy beside the scenario.

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sztab::editor::EditorApp;
use sztab::editor::edit::{Change, Edit, Slot};
use sztab::editor::files::{Autosave, FileSession, Saved, SharedSave};
use sztab::hex::HexId;
use sztab::model::HexCell;
use sztab::model::decompose::Destination;

mod common;
use common::{click, copy_content, copy_dir, drag, harness, root};

// ---- the shipped content, copied where its relative paths still hold ----

/// `scenarios/<folder>` and `assets/<system>` copied into `dir` at the same places.
fn content(dir: &Path, folder: &str, system: &str) -> PathBuf {
    copy_content(dir, folder, system)
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

/// Lines removed and added from `a` to `b`.
fn diff_lines(a: &str, b: &str) -> (usize, usize) {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let mut len = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            len[i][j] = if a[i] == b[j] {
                len[i + 1][j + 1] + 1
            } else {
                len[i + 1][j].max(len[i][j + 1])
            };
        }
    }
    (a.len() - len[0][0], b.len() - len[0][0])
}

/// The hex of a map printed `label` ("B-4722").
fn labelled(map: &sztab::model::Map, label: &str) -> HexId {
    map.grid
        .iter()
        .find(|h| map.labels_of(*h).iter().any(|l| l == label))
        .unwrap_or_else(|| panic!("no hex is labelled {label}"))
}

/// The autosave, far on from any tick a window's own frames made.
fn autosave_now(s: &mut FileSession) -> Vec<PathBuf> {
    let _ = s.autosave_tick(0.0);
    match s.autosave_tick(sztab::editor::AUTOSAVE_SECONDS * 1000.0) {
        Autosave::Written(files) => files,
        other => panic!("no autosave: {other:?}"),
    }
}

fn names(files: &[PathBuf]) -> Vec<String> {
    let mut v: Vec<String> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

// ---- 1. a composed map's edits go into its sheets ----

#[test]
fn a_village_added_on_a_composed_map_is_saved_into_its_sheet_and_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let jov = content(dir.path(), "jov", "jov");
    let scenario = jov.join("korsun-two-sheets.scenario.ron");
    let (layout, sheet_a, sheet_b) = (
        jov.join("korsun-two-sheets.map.ron"),
        jov.join("korsun-example.map.ron"),
        jov.join("korsun-sheet-b.map.ron"),
    );
    let (layout_text, a_text, b_text) = (read(&layout), read(&sheet_a), read(&sheet_b));
    let mut h = harness(EditorApp::open(Some(scenario.clone())));
    h.state_mut()
        .set_tool(sztab::editor::tools::ToolKind::Features);
    h.run();
    click(&mut h, "Feature");
    h.get_by_label("Village").click();
    h.run();
    let hex = labelled(h.state().doc().unwrap().map(), "B-4722");
    let p = h.state().hex_screen_pos(hex).unwrap();
    drag(&mut h, &[p], Modifiers::NONE);
    assert!(h.state().doc().unwrap().map().hexes[&hex].has("village"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let status = h.state().status.clone();
    assert!(
        status.starts_with("saved ") && status.contains("korsun-sheet-b.map.ron"),
        "{status}"
    );
    assert!(!status.contains("korsun-two-sheets.map.ron"), "{status}");
    assert_eq!(read(&layout), layout_text, "the layout file is untouched");
    assert_eq!(read(&sheet_a), a_text, "the other sheet is untouched");
    let b_now = read(&sheet_b);
    assert_eq!(diff_lines(&b_text, &b_now), (1, 1), "{b_now}");
    assert!(b_now.starts_with("// The Jaws of Victory: the second sheet"));
    // Opened again, the village is there.
    let (doc, _) = sztab::editor::Document::open(&scenario).unwrap();
    assert!(doc.map().hexes[&hex].has("village"));
    assert!(!doc.is_dirty());
}

/// Every composed map of the shipped content: a hex edited on each board lands in that
/// board's file (or the layout's own, where the designer keeps it), and comes back.
#[test]
fn every_shipped_composed_map_saves_its_edits_where_they_lie() {
    for (folder, system, scenario) in [
        ("jov", "jov", "korsun-two-sheets.scenario.ron"),
        ("panzerblitz", "panzerblitz", "06-dnieper-bend.scenario.ron"),
        ("kursk-1943", "wb95", "kursk-prochorowka.scenario.ron"),
    ] {
        for to in [Destination::Boards, Destination::Layout] {
            let dir = tempfile::tempdir().unwrap();
            let path = content(dir.path(), folder, system).join(scenario);
            let mut s = FileSession::default();
            s.open(&path).unwrap();
            let doc = s.doc_mut().unwrap();
            let map = doc.map().clone();
            let comp = map.composition.as_deref().unwrap();
            let other = doc.terrain().terrain[1].id.clone();
            let mut edit = Edit::new("paint");
            let mut painted = Vec::new();
            for board in 0..comp.boards.len() {
                let (h, _) = comp
                    .origins
                    .iter()
                    .find(|(h, o)| o.len() == 1 && o[0].0 == board && map.hexes[h].terrain != other)
                    .unwrap();
                edit.push(Change::Hex {
                    id: *h,
                    before: map.hexes.get(h).cloned(),
                    after: Some(HexCell::new(other.as_str())),
                });
                painted.push(*h);
            }
            doc.apply(edit);
            let written = match s.save_boards(to) {
                Ok(Saved::Files(f)) => f,
                other => panic!("{scenario}: {other:?}"),
            };
            let layout = s.doc().unwrap().map_path().unwrap().to_owned();
            match to {
                Destination::Boards => assert_eq!(
                    written.len(),
                    comp.boards.len(),
                    "{scenario}: one file a board: {written:?}"
                ),
                Destination::Layout => assert_eq!(written, vec![layout], "{scenario}"),
            }
            let (again, _) = sztab::editor::Document::open(&path).unwrap();
            for h in &painted {
                assert_eq!(again.map().hexes[h].terrain, other, "{scenario} {h}");
            }
            assert_eq!(
                sztab::model::decompose::differs(again.map(), s.doc().unwrap().map()),
                None,
                "{scenario} reads back as edited"
            );
        }
    }
}

#[test]
fn a_board_other_layouts_use_is_asked_about_and_each_answer_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let pb = content(dir.path(), "panzerblitz", "panzerblitz");
    let path = pb.join("01-rear-area-raid.scenario.ron");
    let board1 = pb.join("boards/board-1.map.ron");
    let board_text = read(&board1);
    let mut s = FileSession::default();
    s.open(&path).unwrap();
    let doc = s.doc_mut().unwrap();
    let map = doc.map().clone();
    let comp = map.composition.as_deref().unwrap();
    let (h, _) = comp
        .origins
        .iter()
        .find(|(_, o)| o.len() == 1 && o[0].0 == 0)
        .unwrap();
    doc.apply(Edit::new("paint").with(Change::Hex {
        id: *h,
        before: map.hexes.get(h).cloned(),
        after: Some(HexCell::new("woods")),
    }));
    // The layout is situation 9's too; then the board is every layout's.
    let Ok(Saved::SharedMap(others)) = s.save() else {
        panic!("the shared layout is asked about first")
    };
    assert_eq!(names(&others), ["09-drive-on-stalino.scenario.ron"]);
    let Ok(Saved::SharedBoards(boards)) = s.save_shared(SharedSave::ForAll) else {
        panic!("then the shared board")
    };
    assert_eq!(boards.len(), 1);
    assert!(boards[0].0.ends_with("board-1.map.ron"));
    assert_eq!(boards[0].1.len(), 8, "the other layouts: {:?}", boards[0].1);
    assert_eq!(read(&board1), board_text, "nothing written while asked");
    // Kept in this layout: the board stays as it was.
    let Ok(Saved::Files(written)) = s.save_boards(Destination::Layout) else {
        panic!()
    };
    assert_eq!(names(&written), ["side-1-2-3.map.ron"]);
    assert_eq!(read(&board1), board_text);
    let (again, _) = sztab::editor::Document::open(&path).unwrap();
    assert_eq!(again.map().hexes[h].terrain.as_str(), "woods");
}

// ---- 2. every part of every system's documents is autosaved and recovered ----

/// A scenario of each system (in its copied content) and a composed map of those that
/// have one.
fn documents(dir: &Path) -> Vec<(&'static str, PathBuf)> {
    vec![
        (
            "wb95",
            content(dir, "kursk-1943", "wb95").join("armored-claws.scenario.ron"),
        ),
        (
            "wb95 joined",
            dir.join("scenarios/kursk-1943/kursk-prochorowka.scenario.ron"),
        ),
        (
            "panzerblitz",
            content(dir, "panzerblitz", "panzerblitz").join("01-rear-area-raid.scenario.ron"),
        ),
        (
            "rtl",
            content(dir, "rtl", "rtl").join("soltsy-example.scenario.ron"),
        ),
        (
            "jov",
            content(dir, "jov", "jov").join("korsun-example.scenario.ron"),
        ),
        (
            "jov two sheets",
            dir.join("scenarios/jov/korsun-two-sheets.scenario.ron"),
        ),
        ("toy", toy(dir, "valley.map.ron")),
        ("toy twin", toy(dir, "twin.map.ron")),
    ]
}

/// The toy system's fixture scenario in `dir`, on the map `map` (the twin map is two
/// copies of the valley, one turned).
fn toy(dir: &Path, map: &str) -> PathBuf {
    let toy = dir.join("tests/fixtures/toy");
    if !toy.exists() {
        copy_dir(&root("tests/fixtures/toy"), &toy);
        copy_dir(&root("assets/toy"), &dir.join("assets/toy"));
    }
    let name = format!("on-{map}").replace(".map.ron", ".scenario.ron");
    let text = read(&toy.join("valley.scenario.ron"))
        .replace("map: \"valley.map.ron\"", &format!("map: \"{map}\""));
    std::fs::write(toy.join(&name), text).unwrap();
    toy.join(name)
}

/// The kinds of edit: a hex of the map (of a board, on a composed map), a counter, a
/// placement of the scenario.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Hex,
    Counter,
    Placement,
}

fn edit_of(doc: &sztab::editor::Document, kind: Kind) -> Change {
    match kind {
        Kind::Hex => {
            let map = doc.map();
            let h = map.grid.iter().nth(map.grid.cols as usize + 2).unwrap();
            let before = map.hexes.get(&h).cloned();
            let mut after = before.clone().unwrap();
            after.features.push("autosaved".into());
            Change::Hex {
                id: h,
                before,
                after: Some(after),
            }
        }
        Kind::Counter => match (doc.counters(), doc.described()) {
            (Some(c), _) => {
                let u = c.units[0].clone();
                let mut v = u.clone();
                v.designation.push_str(" (edited)");
                Change::Unit(Slot::replace(0, u, v))
            }
            (_, Some(g)) => {
                let u = g.bundle.counters.units[0].clone();
                let mut v = u.clone();
                v.designation.push_str(" (edited)");
                Change::DescribedUnit(Slot::replace(0, u, v))
            }
            _ => unreachable!(),
        },
        Kind::Placement => {
            let map = doc.map();
            let to = map.grid.iter().nth(3).unwrap();
            match (doc.scenario(), doc.described()) {
                (Some(s), _) => {
                    let p = s.setup[0].clone();
                    Change::Placement(Slot::replace(
                        0,
                        p.clone(),
                        sztab::model::Placement { hex: to, ..p },
                    ))
                }
                (_, Some(g)) => {
                    let p = g.bundle.scenario.setup[0].clone();
                    Change::DescribedPlacement(Slot::replace(
                        0,
                        p.clone(),
                        sztab::model::described::Placement { hex: to, ..p },
                    ))
                }
                _ => unreachable!(),
            }
        }
    }
}

/// What a kind of edit changes, to compare the recovered document with the edited one.
fn part_of(doc: &sztab::editor::Document, kind: Kind) -> String {
    match kind {
        Kind::Hex => format!("{:?}", doc.map().hexes),
        Kind::Counter => format!(
            "{:?}{:?}",
            doc.counters(),
            doc.described().map(|g| &g.bundle.counters)
        ),
        Kind::Placement => {
            format!(
                "{:?}{:?}",
                doc.scenario(),
                doc.described().map(|g| &g.bundle.scenario)
            )
        }
    }
}

#[test]
fn every_kind_of_edit_of_every_system_is_autosaved_and_recovered_after_a_kill() {
    for kind in [Kind::Hex, Kind::Counter, Kind::Placement] {
        let dir = tempfile::tempdir().unwrap();
        for (what, path) in documents(dir.path()) {
            let mut s = FileSession::default();
            s.open(&path).unwrap();
            let change = edit_of(s.doc().unwrap(), kind);
            s.doc_mut().unwrap().apply(Edit::new("edit").with(change));
            let edited = part_of(s.doc().unwrap(), kind);
            let written = autosave_now(&mut s);
            let expect = match kind {
                Kind::Hex => s.doc().unwrap().map_path().unwrap().to_owned(),
                Kind::Counter => s.doc().unwrap().counters_path().unwrap().to_owned(),
                Kind::Placement => path.clone(),
            };
            assert_eq!(written, vec![expect], "{what} {kind:?}");
            // Killed: nothing saved, nothing cleaned up.
            drop(s);
            let mut t = FileSession::default();
            t.open(&path).unwrap();
            assert!(t.recovery_offered(), "{what} {kind:?}: recovery is offered");
            assert!(t.recover());
            assert_eq!(part_of(t.doc().unwrap(), kind), edited, "{what} {kind:?}");
            assert!(t.is_dirty());
            // Saved, the recovered edit is in the files and the autosave is gone.
            let Ok(Saved::Files(files)) = t.save_boards(Destination::Boards) else {
                panic!("{what} {kind:?}")
            };
            assert!(!files.is_empty());
            let (again, _) = sztab::editor::Document::open(&path).unwrap();
            assert_eq!(part_of(&again, kind), edited, "{what} {kind:?}");
            assert!(again.recoverable().0.is_none(), "{what} {kind:?}");
        }
    }
}

#[test]
fn forces_edits_of_rtl_and_jov_are_autosaved_and_come_back_after_a_kill() {
    for (folder, scenario, unit, id, to) in [
        (
            "rtl",
            "soltsy-example",
            "HQ 183 set up at",
            "su-183-hq",
            "3320",
        ),
        (
            "jov",
            "korsun-example",
            "Pz Abt Wiking set up at",
            "de-wiking-pz",
            "4424",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = content(dir.path(), folder, folder).join(format!("{scenario}.scenario.ron"));
        let mut h = harness(EditorApp::open(Some(path.clone())));
        click(&mut h, "Game");
        click(&mut h, "Forces…");
        h.get_by_label(unit).scroll_to_me();
        h.run();
        common::type_into(&mut h, unit, to);
        h.key_press(Key::Enter);
        h.run();
        let written = autosave_now(&mut h.state_mut().files);
        assert_eq!(names(&written), [format!("{scenario}.scenario.ron")]);
        drop(h);
        let mut h = harness(EditorApp::open(Some(path.clone())));
        click(&mut h, "Recover");
        let doc = h.state().doc().unwrap();
        let placed = doc
            .described()
            .unwrap()
            .bundle
            .scenario
            .setup
            .iter()
            .find(|p| p.unit.as_str() == id)
            .map(|p| p.hex);
        assert_eq!(placed, Some(HexId::parse(to).unwrap()), "{folder}");
        assert!(doc.is_dirty());
    }
}

// ---- 3. shipped charts are templates ----

/// The scenario at `path` made to read the charts `tables` instead of its own (the
/// Roads to Leningrad example plays with invented charts beside it).
fn reading_charts(path: &Path, tables: &str) {
    let text = read(path);
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("tables:"))
        .expect("the scenario names its charts");
    let text = text.replacen(line, &format!("    tables: {tables:?},"), 1);
    std::fs::write(path, text).unwrap();
}

/// The Roads to Leningrad example in `dir`, playing with the charts that ship with
/// Sztab (named by their absolute path).
fn with_shipped_charts(dir: &Path) -> PathBuf {
    let rtl = content(dir, "rtl", "rtl");
    let path = rtl.join("soltsy-example.scenario.ron");
    reading_charts(&path, root("assets/rtl/rtl.tables.ron").to_str().unwrap());
    path
}

fn type_cell(h: &mut Harness<EditorApp>, table: &str, cell: &str, text: &str) {
    click(h, table);
    click(h, cell);
    h.get_by_label(&format!("Cell {cell}")).type_text(text);
    h.run();
    h.key_press(Key::Enter);
    h.run();
}

#[test]
fn shipped_charts_are_saved_as_a_copy_beside_the_scenario_with_one_line_changed() {
    let dir = tempfile::tempdir().unwrap();
    let path = with_shipped_charts(dir.path());
    let shipped = root("assets/rtl/rtl.tables.ron");
    let shipped_text = read(&shipped);
    let mut h = harness(EditorApp::open(Some(path.clone())));
    click(&mut h, "File");
    click(&mut h, "Edit tables…");
    type_cell(
        &mut h,
        "Terrain Effects on Movement (48 empty)",
        "row Hill, column NM Dry/Cloudy",
        "2",
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert_eq!(read(&shipped), shipped_text, "nothing written yet");
    h.get_by_label_contains("is the program's own template");
    click(&mut h, "Save the copy");
    assert_eq!(
        read(&shipped),
        shipped_text,
        "the shipped charts stay as they are"
    );
    let copy = path.with_file_name("soltsy-example.tables.ron");
    assert_eq!(diff_lines(&shipped_text, &read(&copy)), (1, 1));
    assert!(
        read(&copy).starts_with("// Roads to Leningrad"),
        "the header stays"
    );
    // The scenario now plays with the copy: an edit of it, saved with it.
    let doc = h.state().doc().unwrap();
    assert!(doc.is_dirty());
    let (t, p) = doc.described().unwrap().bundle.tables.as_ref().unwrap();
    assert_eq!(p, &copy);
    assert_eq!(
        t.table("tec_movement")
            .unwrap()
            .lookup("Hill", "NM Dry/Cloudy"),
        Some("2")
    );
    assert!(h.state_mut().save());
    assert!(read(&path).contains("tables: \"soltsy-example.tables.ron\""));
    // Edited again, the copy is the file written, one more line.
    let before = read(&copy);
    click(&mut h, "File");
    click(&mut h, "Edit tables…");
    type_cell(
        &mut h,
        "Terrain Effects on Movement (47 empty)",
        "row Hill, column NM Rain",
        "3",
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert_eq!(diff_lines(&before, &read(&copy)), (1, 1));
    assert_eq!(read(&shipped), shipped_text);
}

#[test]
fn table_edits_are_autosaved_and_recovered_after_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let path = content(dir.path(), "rtl", "rtl").join("soltsy-example.scenario.ron");
    // The copy of the shipped blank charts, beside the copy of the example.
    reading_charts(&path, "../../assets/rtl/rtl.tables.ron");
    let charts = dir.path().join("assets/rtl/rtl.tables.ron");
    let mut h = harness(EditorApp::open(Some(path.clone())));
    click(&mut h, "File");
    click(&mut h, "Edit tables…");
    type_cell(
        &mut h,
        "Terrain Effects on Movement (48 empty)",
        "row Hill, column NM Dry/Cloudy",
        "2",
    );
    // Far on from any tick the window's own frames made.
    let _ = h.state_mut().tables.autosave_tick(0.0);
    let written = h
        .state_mut()
        .tables
        .autosave_tick(sztab::editor::AUTOSAVE_SECONDS * 1000.0);
    assert!(sztab::model::users::same_file(
        &written.unwrap().unwrap(),
        &charts
    ));
    drop(h);
    let mut h = harness(EditorApp::open(Some(path)));
    click(&mut h, "File");
    click(&mut h, "Edit tables…");
    click(&mut h, "Recover autosave");
    let t = &h.state().tables.doc().unwrap().tables;
    assert_eq!(
        t.table("tec_movement")
            .unwrap()
            .lookup("Hill", "NM Dry/Cloudy"),
        Some("2")
    );
    assert!(h.state().tables.is_dirty());
}

// ---- 4. a save keeps what it did not change ----

#[test]
fn counters_saved_from_the_editor_keep_their_comments_and_change_one_line() {
    let dir = tempfile::tempdir().unwrap();
    for (what, path, counters) in [
        (
            "rtl",
            content(dir.path(), "rtl", "rtl").join("soltsy-example.scenario.ron"),
            "soltsy-example.counters.ron",
        ),
        (
            "wb95",
            content(dir.path(), "kursk-1943", "wb95").join("armored-claws.scenario.ron"),
            "kursk-1943.counters.ron",
        ),
    ] {
        let file = path.with_file_name(counters);
        let before = read(&file);
        let mut s = FileSession::default();
        s.open(&path).unwrap();
        let change = edit_of(s.doc().unwrap(), Kind::Counter);
        s.doc_mut().unwrap().apply(Edit::new("rename").with(change));
        let Ok(Saved::Files(written)) = s.save() else {
            panic!("{what}")
        };
        assert_eq!(written, vec![file.clone()], "{what}");
        let after = read(&file);
        assert_eq!(diff_lines(&before, &after), (1, 1), "{what}");
        assert_eq!(
            before.lines().next(),
            after.lines().next(),
            "{what}: the header stays"
        );
    }
}

#[test]
fn a_save_with_nothing_changed_writes_nothing_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = content(dir.path(), "jov", "jov").join("korsun-example.scenario.ron");
    let mut h = harness(EditorApp::open(Some(path.clone())));
    let before = read(&path);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert_eq!(read(&path), before);
    assert!(
        !h.state().status.starts_with("saved"),
        "{}",
        h.state().status
    );
}

// ---- 5. random edits: save → load gives the edited document back ----

use proptest::prelude::*;
use sztab::hex::Dir;
use sztab::model::{HexsideFeature, Map};

/// One random edit, its numbers taken modulo what the document has.
#[derive(Clone, Debug)]
enum Op {
    Paint(usize, usize),
    Feature(usize, usize),
    Road(usize, usize, usize),
    Side(usize, usize, usize),
    Rename(usize),
    Move(usize, usize),
    Undo,
}

fn op() -> impl Strategy<Value = Op> {
    let n = 0usize..10_000;
    prop_oneof![
        (n.clone(), n.clone()).prop_map(|(a, b)| Op::Paint(a, b)),
        (n.clone(), n.clone()).prop_map(|(a, b)| Op::Feature(a, b)),
        (n.clone(), 0usize..6, n.clone()).prop_map(|(a, d, k)| Op::Road(a, d, k)),
        (n.clone(), 0usize..6, n.clone()).prop_map(|(a, d, k)| Op::Side(a, d, k)),
        n.clone().prop_map(Op::Rename),
        (n.clone(), n).prop_map(|(a, b)| Op::Move(a, b)),
        Just(Op::Undo),
    ]
}

fn nth<T: Clone>(v: &[T], i: usize) -> Option<T> {
    (!v.is_empty()).then(|| v[i % v.len()].clone())
}

/// The change `op` makes to `doc`, if it applies to it.
fn change_of(doc: &sztab::editor::Document, op: &Op) -> Option<Change> {
    let (map, cat) = (doc.map(), doc.terrain());
    let hexes: Vec<HexId> = map.grid.iter().collect();
    match *op {
        Op::Paint(h, t) => {
            let id = nth(&hexes, h)?;
            let before = map.hexes.get(&id).cloned();
            let terrain = nth(&cat.terrain, t)?.id;
            let after = HexCell {
                terrain,
                ..before.clone().unwrap_or_else(|| HexCell::new("clear"))
            };
            Some(Change::Hex {
                id,
                before,
                after: Some(after),
            })
        }
        Op::Feature(h, f) => {
            let id = nth(&hexes, h)?;
            let before = map.hexes.get(&id).cloned()?;
            let f = nth(&cat.features, f)?.id;
            let mut after = before.clone();
            match after.features.iter().position(|x| *x == f) {
                Some(i) => {
                    after.features.remove(i);
                }
                None => after.features.push(f),
            }
            Some(Change::Hex {
                id,
                before: Some(before),
                after: Some(after),
            })
        }
        Op::Road(h, d, k) => {
            let side = map.grid.hexside_towards(nth(&hexes, h)?, Dir::ALL[d])?;
            let before = map.roads.get(&side).cloned();
            // A second kind is laid beside the first; a hexside of two loses both.
            let kind = nth(&cat.roads, k)?.id;
            let after = match &before {
                Some(b) if b.kinds().len() == 1 && !b.contains(kind.as_str()) => {
                    let mut two = b.clone();
                    two.insert(kind);
                    Some(two)
                }
                Some(_) => None,
                None => Some(kind.into()),
            };
            Some(Change::Road {
                side,
                before,
                after,
            })
        }
        Op::Side(h, d, k) => {
            let side = map.grid.hexside_towards(nth(&hexes, h)?, Dir::ALL[d])?;
            let before = map.hexsides.get(&side).cloned().unwrap_or_default();
            let after = if before.is_empty() {
                vec![HexsideFeature::new(nth(&cat.hexsides, k)?.id.as_str())]
            } else {
                Vec::new()
            };
            Some(Change::Hexside {
                side,
                before,
                after,
            })
        }
        Op::Rename(u) => Some(match (doc.counters(), doc.described()) {
            (Some(c), _) => {
                let i = u % c.units.len();
                let mut v = c.units[i].clone();
                v.designation.push('*');
                Change::Unit(Slot::replace(i, c.units[i].clone(), v))
            }
            (_, Some(g)) => {
                let units = &g.bundle.counters.units;
                let i = u % units.len();
                let mut v = units[i].clone();
                v.designation.push('*');
                Change::DescribedUnit(Slot::replace(i, units[i].clone(), v))
            }
            _ => return None,
        }),
        Op::Move(p, h) => {
            let to = nth(&hexes, h)?;
            Some(match (doc.scenario(), doc.described()) {
                (Some(s), _) => {
                    let i = p % s.setup.len();
                    let was = s.setup[i].clone();
                    let now = sztab::model::Placement {
                        hex: to,
                        ..was.clone()
                    };
                    Change::Placement(Slot::replace(i, was, now))
                }
                (_, Some(g)) => {
                    let setup = &g.bundle.scenario.setup;
                    let i = p % setup.len();
                    let was = setup[i].clone();
                    let now = sztab::model::described::Placement {
                        hex: to,
                        ..was.clone()
                    };
                    Change::DescribedPlacement(Slot::replace(i, was, now))
                }
                _ => return None,
            })
        }
        Op::Undo => None,
    }
}

/// The document as a save and a load must keep it: its map's content, scenario and
/// counters.
fn same_document(a: &sztab::editor::Document, b: &sztab::editor::Document) -> Result<(), String> {
    let plain = |m: &Map| Map {
        composition: None,
        printed: Default::default(),
        ..m.clone()
    };
    if let Some(what) = sztab::model::decompose::differs(a.map(), b.map()) {
        return Err(format!("the map's {what}"));
    }
    if plain(a.map()).roads != plain(b.map()).roads {
        return Err("the roads".into());
    }
    if a.scenario() != b.scenario() || a.counters() != b.counters() {
        return Err("the WB-95 scenario or counters".into());
    }
    let g = |d: &sztab::editor::Document| {
        d.described()
            .map(|g| (g.bundle.scenario.clone(), g.bundle.counters.clone()))
    };
    if g(a) != g(b) {
        return Err("the scenario or counters".into());
    }
    Ok(())
}

fn save_and_load_back(which: usize, ops: &[Op]) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let (what, path) = documents(dir.path()).swap_remove(which);
    let mut s = FileSession::default();
    s.open(&path).map_err(|e| format!("{what}: {e}"))?;
    for op in ops {
        let doc = s.doc_mut().unwrap();
        match change_of(doc, op) {
            Some(c) => doc.apply(Edit::new("random").with(c)),
            None => {
                doc.undo();
            }
        }
    }
    let before = files_of(dir.path());
    match s.save_boards(Destination::Boards) {
        Ok(Saved::Files(_)) => {}
        // Taking away what a board placed twice draws is refused, writing nothing.
        Err(e) if e.contains("placed twice") => {
            return match files_of(dir.path()) == before {
                true => Ok(()),
                false => Err(format!("{what}: a refused save wrote files")),
            };
        }
        other => return Err(format!("{what}: {other:?}")),
    }
    let (again, _) = sztab::editor::Document::open(&path).map_err(|e| format!("{what}: {e}"))?;
    same_document(s.doc().unwrap(), &again).map_err(|e| format!("{what}: {e} differs"))
}

/// Every file below `dir` with its text.
fn files_of(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_owned()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().map(Result::unwrap) {
            if e.path().is_dir() {
                todo.push(e.path());
            } else {
                out.push((
                    e.path(),
                    std::fs::read_to_string(e.path()).unwrap_or_default(),
                ));
            }
        }
    }
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_edits_of_every_systems_documents_save_and_load_back_exactly(
        which in 0usize..8,
        ops in proptest::collection::vec(op(), 1..24),
    ) {
        prop_assert_eq!(save_and_load_back(which, &ops), Ok(()));
    }
}

// ---- 6. killed while saving: every file whole, the old or the new ----

/// The child of the kill test: saves and autosaves the scenario in `SZTAB_KILL_DIR`
/// over and over, a hex and a placement toggled between two states, until killed.
#[test]
fn kill_child() {
    let Ok(path) = std::env::var("SZTAB_KILL_SCENARIO") else {
        return;
    };
    let path = PathBuf::from(path);
    let mut s = FileSession::default();
    s.open(&path).unwrap();
    loop {
        for kind in [Kind::Hex, Kind::Placement, Kind::Counter] {
            let doc = s.doc_mut().unwrap();
            let c = edit_of(doc, kind);
            doc.apply(Edit::new("toggle").with(c));
            doc.autosave().unwrap();
            s.save_boards(Destination::Boards).unwrap();
        }
        // Saving: the parent's clock may start.
        let _ = std::fs::write(ready_marker(&path), b"");
    }
}

/// The file the kill test's child writes once it is saving in its loop.
fn ready_marker(scenario: &Path) -> PathBuf {
    scenario.with_file_name("kill-child-saving")
}

#[test]
fn a_kill_at_any_moment_of_a_save_leaves_every_file_whole_and_readable() {
    let dir = tempfile::tempdir().unwrap();
    let path = content(dir.path(), "jov", "jov").join("korsun-two-sheets.scenario.ron");
    let files: Vec<PathBuf> = [
        "korsun-two-sheets.scenario.ron",
        "korsun-example.counters.ron",
        "korsun-example.map.ron",
        "korsun-sheet-b.map.ron",
        "korsun-two-sheets.map.ron",
    ]
    .iter()
    .map(|f| path.with_file_name(f))
    .collect();
    let originals: Vec<String> = files.iter().map(|f| read(f)).collect();
    for wait_ms in [15u64, 40, 90, 160, 250, 400] {
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "kill_child", "--nocapture", "--test-threads=1"])
            .env("SZTAB_KILL_SCENARIO", &path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // However slowly the child starts, the kill falls while it saves.
        let started = std::time::Instant::now();
        while !ready_marker(&path).exists() {
            assert!(started.elapsed().as_secs() < 300, "the child never saved");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        std::thread::sleep(std::time::Duration::from_millis(wait_ms));
        child.kill().unwrap();
        let _ = std::fs::remove_file(ready_marker(&path));
        child.wait().unwrap();
        // Every file and every autosave is whole: each one reads as its kind.
        for f in &files {
            for file in [f.clone(), sztab::editor::files::paths::autosave_of(f)] {
                if file == *f || file.exists() {
                    reads_whole(&file).unwrap_or_else(|e| panic!("after {wait_ms} ms: {e}"));
                }
            }
        }
        let (doc, _) = sztab::editor::Document::open(&path)
            .unwrap_or_else(|e| panic!("after {wait_ms} ms: {e}"));
        // The autosave left, if newer, is offered and applies.
        let (edit, unreadable) = doc.recoverable();
        assert!(unreadable.is_empty(), "{unreadable:?}");
        if let Some(edit) = edit {
            let mut doc = doc;
            doc.apply(edit);
        }
    }
    let now: Vec<String> = files.iter().map(|f| read(f)).collect();
    assert_ne!(now, originals, "the child saved before it was killed");
}

/// The file parses as what its name says it is.
fn reads_whole(f: &Path) -> Result<(), String> {
    use sztab::model::{described, io};
    let name = f.to_string_lossy();
    let source = io::read_text(f).map_err(|e| e.to_string())?;
    let parsed = if name.ends_with(".map.ron") {
        io::parse::<Map>(&source).map(drop)
    } else if name.ends_with(".counters.ron") {
        io::parse::<described::Counters>(&source).map(drop)
    } else {
        io::parse::<described::Scenario>(&source).map(drop)
    };
    parsed.map_err(|e| e.to_string())
}
