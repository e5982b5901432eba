//! File → Compose boards…: three PanzerBlitz boards put together in the dialog, the
//! composed map written and opened.

mod common;

use common::{click, harness, root, type_into};
use egui_kittest::kittest::Queryable;
use sztab::editor::EditorApp;
use sztab::hex::HexId;

#[test]
fn composing_three_boards_side_by_side_writes_and_opens_the_composed_map() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pb-side.map.ron");
    let mut h = harness(EditorApp::open(None));
    click(&mut h, "File");
    h.get_by_label_contains("Compose boards").click();
    h.run();
    type_into(&mut h, "Composed map file", &out.display().to_string());
    type_into(&mut h, "Name", "Boards 1, 2, 3");
    let boards = root("scenarios/panzerblitz/boards");
    type_into(&mut h, "Boards folder", &boards.display().to_string());
    for _ in 0..3 {
        click(&mut h, "Add board");
    }
    click(&mut h, "Side by side (along rows)");
    // The preview has composed them: 33 columns, three boards of 11 rows sharing two rows.
    h.get_by_label_contains("33 columns × 31 rows, 3 boards");
    click(&mut h, "Board 3 turned 180°");
    click(&mut h, "Create");

    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("board-3.map.ron"), "{text}");
    assert!(text.contains("turned: true"), "{text}");
    let doc = h.state().doc().expect("the composed map is open");
    assert_eq!(doc.path(), Some(out.as_path()));
    let map = doc.map();
    assert!(map.is_composed());
    assert_eq!((map.grid.cols, map.grid.rows), (33, 31));
    // Row 11 is board 1's last row and board 2's first: the seam hex keeps both labels.
    let seam = &map.printed[&HexId::new(1, 11)];
    assert_eq!(seam.len(), 2, "{seam:?}");
    assert!(
        seam[0].starts_with("1-") && seam[1].starts_with("2-"),
        "{seam:?}"
    );
}

#[test]
fn a_board_of_another_system_is_shown_as_the_previews_error_and_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mixed.map.ron");
    let mut h = harness(EditorApp::open(None));
    click(&mut h, "File");
    h.get_by_label_contains("Compose boards").click();
    h.run();
    type_into(&mut h, "Composed map file", &out.display().to_string());
    type_into(
        &mut h,
        "Boards folder",
        &root("scenarios/jov").display().to_string(),
    );
    click(&mut h, "Add board");
    type_into(
        &mut h,
        "Boards folder",
        &root("scenarios/panzerblitz/boards").display().to_string(),
    );
    click(&mut h, "Add board");
    h.get_by_label_contains("is a panzerblitz map; this map is jov");
    click(&mut h, "Create");
    assert!(!out.exists());
    assert!(h.state().doc().is_none());
}
