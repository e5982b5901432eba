//! A rule system's own editor tools, through the seam: the PanzerBlitz line-of-sight
//! probe and hex view picked from the toolbar and used on a shipped board, and the
//! WB-95-only tools (Supply sources, Control) offered only where the system has them.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sztab::editor::tools::ToolKind;

mod common;
use common::{click, click_hex, drag_between, fixture_copy, hex, open, root};

/// PanzerBlitz board 1 in the editor (opened, never changed or saved).
fn board_1() -> egui_kittest::Harness<'static, sztab::editor::EditorApp> {
    open(&root("scenarios/panzerblitz/boards/board-1.map.ron"))
}

fn names(tools: &[ToolKind]) -> Vec<&'static str> {
    tools.iter().map(|k| k.name()).collect()
}

#[test]
fn the_line_of_sight_probe_shows_the_verdict_and_the_note_that_decides() {
    let mut h = board_1();
    click(&mut h, "Line of sight");
    assert_eq!(h.state().tool().name(), "Line of sight");
    assert!(h.query_by_label("Click a hex on the map.").is_some());
    // B-2, a hilltop, and F-4 behind a green hexside: click, click.
    click_hex(&mut h, hex("0202"));
    assert!(h.query_by_label("Click the second hex.").is_some());
    click_hex(&mut h, hex("0604"));
    assert!(h.query_by_label("Blocked").is_some());
    h.get_by_label_contains("B-2 does not see F-4: blocked at hexside E-3/F-4 (Note A:");
    h.get_by_label_contains("hexside E-3/F-4: Note A: the target is directly behind a green");
    h.get_by_label("• from B-2: hilltop (e 2)");
    // Hovering the blocking hexside's hex tells its note in the status bar.
    assert!(h.state().status.contains("Note A"), "{}", h.state().status);

    // A drag from hex to hex asks again: B-2 sees B-6 over the orange hilltop edges.
    let (a, b) = (
        h.state().hex_screen_pos(hex("0202")).unwrap(),
        h.state().hex_screen_pos(hex("0206")).unwrap(),
    );
    drag_between(&mut h, a, b);
    assert!(h.query_by_label("Clear").is_some());
    h.get_by_label_contains("B-2 sees B-6: clear (Target Elevation Table: hilltop to hilltop");
    click(&mut h, "Start over");
    assert!(h.query_by_label("Click a hex on the map.").is_some());
}

#[test]
fn the_hex_view_lists_what_a_unit_on_a_hex_sees() {
    let mut h = board_1();
    // Picked by its key, K.
    h.key_press_modifiers(Modifiers::NONE, Key::K);
    h.run();
    assert_eq!(h.state().tool().name(), "Hex view");
    click_hex(&mut h, hex("0206"));
    h.get_by_label_contains("B-6: hilltop (e 2), woods; a unit here sees");
    h.get_by_label_contains("+1 to the attacker's die roll");
    h.get_by_label("362 mark(s)");
}

#[test]
fn panzerblitz_and_toy_documents_do_not_offer_the_wb95_only_tools() {
    let pb = [
        root("scenarios/panzerblitz/01-rear-area-raid.scenario.ron"),
        root("scenarios/panzerblitz/boards/board-2.map.ron"),
    ];
    for path in pb {
        let mut h = open(&path);
        let tools = names(&h.state().offered_tools());
        assert!(!tools.contains(&"Supply sources"), "{path:?}: {tools:?}");
        assert!(!tools.contains(&"Control"), "{path:?}: {tools:?}");
        assert!(tools.contains(&"Line of sight") && tools.contains(&"Hex view"));
        assert!(h.query_by_label("Supply sources").is_none());
        assert!(h.query_by_label("Control").is_none());
        // Their keys do nothing either.
        h.key_press_modifiers(Modifiers::NONE, Key::O);
        h.key_press_modifiers(Modifiers::NONE, Key::U);
        h.run();
        assert_ne!(h.state().tool(), ToolKind::Control);
        assert_ne!(h.state().tool(), ToolKind::Supply);
    }
    let toy = open(&root("tests/fixtures/toy/valley.scenario.ron"));
    let tools = names(&toy.state().offered_tools());
    assert!(!tools.contains(&"Supply sources") && !tools.contains(&"Control"));
    assert!(!tools.contains(&"Line of sight"), "the toy has no probes");
}

#[test]
fn a_wb95_scenario_keeps_supply_and_control_and_has_no_probes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    let tools = names(&h.state().offered_tools());
    assert!(tools.contains(&"Supply sources") && tools.contains(&"Control"));
    assert!(!tools.contains(&"Line of sight"));
    click(&mut h, "Control");
    assert_eq!(h.state().tool(), ToolKind::Control);
    // Opening a PanzerBlitz board leaves no hidden tool active.
    h.state_mut()
        .load(&root("scenarios/panzerblitz/boards/board-1.map.ron"));
    h.run();
    assert_eq!(h.state().tool(), ToolKind::Brush);
}
