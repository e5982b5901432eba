//! A whole scenario authored in the window, for systems whose files their schemas
//! describe (issue "One lane"): File → New scenario makes it with a new counter set, then
//! formations and units are added in the Forces tab, set up by dragging their counters
//! onto the map, given start states in their stack, an arrival and a turn of the turn
//! record track are set in the Schedule tab, supply sources and a victory level in the
//! Scenario tab, until the scenario validates without an error; a problem read in the
//! Problems tab locates its hex. Nothing is typed into a RON file.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sztab::editor::EditorApp;
use sztab::editor::tools::ToolKind;
use sztab::hex::HexId;
use sztab::model::AttrValue;

mod common;
use common::{click, copy_dir, drag, harness, root, type_into};

/// A system's shipped folder and assets in `dir`; the path of its map `map`.
fn content(dir: &Path, system: &str, map: &str) -> PathBuf {
    copy_dir(
        &root(&format!("scenarios/{system}")),
        &dir.join("scenarios").join(system),
    );
    copy_dir(
        &root(&format!("assets/{system}")),
        &dir.join("assets").join(system),
    );
    dir.join("scenarios").join(system).join(map)
}

fn settle(h: &mut Harness<EditorApp>) {
    let t = Instant::now();
    loop {
        h.step();
        let app = h.state();
        if !app.doc().is_some_and(|d| app.validator.busy(d)) {
            break;
        }
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "validation never finished"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    h.run();
}

fn errors(h: &Harness<EditorApp>) -> Vec<String> {
    h.state()
        .validator
        .problems()
        .iter()
        .filter(|p| p.is_error())
        .map(|p| p.to_string())
        .collect()
}

fn hex(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

fn scenario(h: &Harness<EditorApp>) -> sztab::model::described::Scenario {
    h.state()
        .doc()
        .unwrap()
        .described()
        .unwrap()
        .bundle
        .scenario
        .clone()
}

/// Drags `unit`'s counter from the Forces tab onto hex `to`.
fn drag_onto(h: &mut Harness<EditorApp>, unit: &str, to: &str) {
    click(h, "Forces");
    reveal(h, &format!("{unit} counter"));
    let from = h.get_by_label(&format!("{unit} counter")).rect().center();
    let at = h.state().hex_screen_pos(hex(to)).unwrap();
    let points: Vec<egui::Pos2> = (0..=10)
        .map(|k| from + (at - from) * (k as f32 / 10.0))
        .collect();
    drag(h, &points, Modifiers::NONE);
    let placed = scenario(h)
        .setup
        .iter()
        .find(|p| p.unit.as_str() == unit)
        .map(|p| p.hex);
    assert_eq!(placed, Some(hex(to)), "{unit}: {}", h.state().status);
}

/// Scrolls the widget named `label` into view (the tables are wider than the panel).
fn reveal(h: &mut Harness<EditorApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
}

/// Types a number into the field named `label` (a value dragged or typed).
fn set_number(h: &mut Harness<EditorApp>, label: &str, n: i64) {
    reveal(h, label);
    h.get_by_label(label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_label(label).type_text(&n.to_string());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

/// What to author for a system: the values its rules need of a unit, the hexes to set
/// up on, a start state, what the turn record track and the scenario's switches need.
struct Plan {
    system: &'static str,
    name: &'static str,
    map: &'static str,
    /// Unit values (label as the Forces table names the cell, the value to choose).
    unit_choices: &'static [(&'static str, &'static str)],
    unit_numbers: &'static [(&'static str, i64)],
    /// A choice every turn of the track needs (its column, the value).
    turn_choice: Option<(&'static str, &'static str)>,
    /// A switch of the scenario that needs a value.
    scenario_choice: Option<(&'static str, &'static str)>,
    german_hexes: [&'static str; 2],
    soviet_hex: &'static str,
    state: &'static str,
    state_key: &'static str,
}

fn author(plan: &Plan) {
    let dir = tempfile::tempdir().unwrap();
    let map = content(dir.path(), plan.system, plan.map);
    let mut h = harness(EditorApp::open(None));
    // New scenario, with a new counter set.
    click(&mut h, "File");
    click(&mut h, "New scenario…");
    click(&mut h, "Rule system");
    click(&mut h, plan.name);
    type_into(&mut h, "Title", "Authored in the window");
    type_into(&mut h, "Map file", map.to_str().unwrap());
    click(&mut h, "Create scenario");
    let s = scenario(&h);
    let sides: Vec<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    assert_eq!(sides, ["german", "soviet"], "the rules' sides");
    assert!(s.tables.is_some(), "the system's charts are linked");
    // Formations and units.
    click(&mut h, "Forces");
    click(&mut h, "Add a German formation");
    click(&mut h, "Add a Soviet formation");
    for _ in 0..2 {
        click(&mut h, "Add a German unit");
    }
    for _ in 0..2 {
        click(&mut h, "Add a Soviet unit");
    }
    let c = &h
        .state()
        .doc()
        .unwrap()
        .described()
        .unwrap()
        .bundle
        .counters;
    assert_eq!((c.formations.len(), c.units.len()), (2, 4));
    for (u, f) in [
        ("german-1", "german-f1"),
        ("german-2", "german-f1"),
        ("soviet-1", "soviet-f1"),
        ("soviet-2", "soviet-f1"),
    ] {
        reveal(&mut h, &format!("{u} formation"));
        click(&mut h, &format!("{u} formation"));
        click(&mut h, f);
        for (cell, value) in plan.unit_choices {
            reveal(&mut h, &format!("{u} {cell}"));
            click(&mut h, &format!("{u} {cell}"));
            click(&mut h, value);
        }
        for (cell, n) in plan.unit_numbers {
            set_number(&mut h, &format!("{u} {cell}"), *n);
        }
    }
    // Set up by dragging counters onto the map.
    drag_onto(&mut h, "german-1", plan.german_hexes[0]);
    drag_onto(&mut h, "german-2", plan.german_hexes[1]);
    drag_onto(&mut h, "soviet-1", plan.soviet_hex);
    // A start state, in the stack.
    h.state_mut().set_tool(ToolKind::Units);
    h.run();
    let p = h.state().hex_screen_pos(hex(plan.german_hexes[0])).unwrap();
    drag(&mut h, &[p], Modifiers::NONE);
    click(&mut h, plan.state);
    let st = scenario(&h);
    let placed = st
        .setup
        .iter()
        .find(|p| p.unit.as_str() == "german-1")
        .unwrap();
    assert_eq!(
        placed.state.get(plan.state_key),
        Some(&AttrValue::Bool(true))
    );
    // soviet-2 arrives on turn 2 from the east edge; turn 1 of the track is printed.
    click(&mut h, "Schedule");
    click(&mut h, "Add an arrival");
    click(&mut h, "Arrival 1 units: no unit");
    click(&mut h, "Arrival 1 units soviet-2");
    type_into(&mut h, "Turn 1 printed", "1 Jan");
    if let Some((field, value)) = plan.turn_choice {
        for turn in 1..=scenario(&h).turns {
            reveal(&mut h, &format!("Turn {turn} {field}"));
            click(&mut h, &format!("Turn {turn} {field}"));
            click(&mut h, value);
        }
    }
    let st = scenario(&h);
    assert_eq!(st.arrivals.len(), 1);
    assert_eq!(st.arrivals[0].units[0].as_str(), "soviet-2");
    assert_eq!(st.turn_track[0].label.as_deref(), Some("1 Jan"));
    // Supply sources and a victory level.
    click(&mut h, "Scenario");
    if let Some((field, value)) = plan.scenario_choice {
        click(&mut h, &format!("Scenario {field}"));
        click(&mut h, value);
    }
    click(&mut h, "Add a German source");
    click(&mut h, "Add a Soviet source");
    click(&mut h, "Add a level");
    let st = scenario(&h);
    assert_eq!(st.supply.len(), 2);
    assert_eq!(st.victory.as_ref().map(|v| v.levels.len()), Some(1));
    settle(&mut h);
    assert_eq!(
        errors(&h),
        Vec::<String>::new(),
        "{}: validates clean",
        plan.system
    );
    // A problem in the list locates its hex: an enemy moved onto German units.
    let (a, b) = (
        h.state().hex_screen_pos(hex(plan.soviet_hex)).unwrap(),
        h.state().hex_screen_pos(hex(plan.german_hexes[1])).unwrap(),
    );
    common::drag_between(&mut h, a, b);
    settle(&mut h);
    let mixed = h
        .state()
        .validator
        .problems()
        .iter()
        .find(|p| p.message.contains("both sides"))
        .map(|p| format!("{} ({})", p.code, p.rule.unwrap_or_default()))
        .expect("the problem");
    let tab = format!("Problems ({})", h.state().validator.open());
    click(&mut h, &tab);
    h.get_by_label_contains(&mixed).click();
    h.run();
    assert_eq!(h.state().selected_hex(), Some(hex(plan.german_hexes[1])));
    common::undo(&mut h);
    settle(&mut h);
    assert_eq!(errors(&h), Vec::<String>::new());
}

#[test]
fn a_roads_to_leningrad_scenario_is_authored_in_the_window() {
    author(&Plan {
        system: "rtl",
        name: "Roads to Leningrad",
        map: "soltsy-example.map.ron",
        unit_choices: &[("Type", "Infantry")],
        unit_numbers: &[("Attack", 3), ("Defense", 3), ("ER", 5), ("Movement", 4)],
        turn_choice: Some(("Historical", "Dry")),
        scenario_choice: Some(("Map side", "Soltsy")),
        german_hexes: ["3116", "3117"],
        soviet_hex: "3422",
        state: "Disrupted",
        state_key: "disrupted",
    });
}

#[test]
fn a_jaws_of_victory_scenario_is_authored_in_the_window() {
    author(&Plan {
        system: "jov",
        name: "The Jaws of Victory",
        map: "korsun-example.map.ron",
        unit_choices: &[("Type", "Infantry")],
        unit_numbers: &[("Strength", 3), ("Movement", 4)],
        turn_choice: None,
        scenario_choice: None,
        german_hexes: ["3922", "4022"],
        soviet_hex: "4420",
        state: "Disorganized",
        state_key: "disorganized",
    });
}
