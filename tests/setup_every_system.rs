//! Setting a scenario up on the map works alike for every system (issue "One lane"): a
//! Roads to Leningrad or Jaws of Victory scenario opens with the same scenario panel (its
//! Forces and its live Problems), a counter dragged on the map moves (and says so only
//! when it did), a click on a stack opens it with the start states the system's
//! placement schema gives, and a problem in the list locates its hex.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sztab::editor::EditorApp;
use sztab::editor::tools::ToolKind;
use sztab::hex::HexId;
use sztab::model::AttrValue;

mod common;
use common::{click, copy_dir, drag, drag_between, harness, root};

/// The example scenario of `system`, with its folder and assets, in `dir`.
fn example(dir: &Path, system: &str, name: &str) -> PathBuf {
    copy_dir(
        &root(&format!("scenarios/{system}")),
        &dir.join("scenarios").join(system),
    );
    copy_dir(
        &root(&format!("assets/{system}")),
        &dir.join("assets").join(system),
    );
    dir.join("scenarios")
        .join(system)
        .join(format!("{name}.scenario.ron"))
}

fn hex(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

/// Where `unit` is set up.
fn placed(h: &Harness<EditorApp>, unit: &str) -> Option<HexId> {
    let g = h.state().doc().unwrap().described().unwrap();
    let setup = &g.bundle.scenario.setup;
    setup
        .iter()
        .find(|p| p.unit.as_str() == unit)
        .map(|p| p.hex)
}

fn state_of(h: &Harness<EditorApp>, unit: &str, key: &str) -> Option<AttrValue> {
    let g = h.state().doc().unwrap().described().unwrap();
    let setup = &g.bundle.scenario.setup;
    let p = setup.iter().find(|p| p.unit.as_str() == unit)?;
    p.state.get(key).cloned()
}

/// Runs frames until the live validation has checked the current document.
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

fn pos(h: &Harness<EditorApp>, at: &str) -> egui::Pos2 {
    h.state().hex_screen_pos(hex(at)).unwrap()
}

/// Drags `unit`'s counter from `from` to `to` and opens the stack there; sets the start
/// state `state` (a yes/no field, by its label); puts an enemy `enemy` on the same hex and
/// reads the problem that says so, whose click selects the hex.
fn set_up(
    system: &str,
    name: &str,
    unit: &str,
    from: &str,
    to: &str,
    state: (&str, &str),
    enemy: &str,
) {
    let dir = tempfile::tempdir().unwrap();
    let path = example(dir.path(), system, name);
    let mut h = harness(EditorApp::open(Some(path)));
    // The same scenario panel as any system's: its Forces and its Problems.
    h.get_by_label("Forces");
    h.state_mut().set_tool(ToolKind::Units);
    h.run();
    assert_eq!(placed(&h, unit), Some(hex(from)), "{system}");
    let (a, b) = (pos(&h, from), pos(&h, to));
    drag_between(&mut h, a, b);
    assert_eq!(
        placed(&h, unit),
        Some(hex(to)),
        "{system}: the counter moved ({})",
        h.state().status
    );
    assert_eq!(h.state().status, format!("moved to {to}"));
    // A click on the stack opens it, with the system's start states.
    let p = pos(&h, to);
    drag(&mut h, &[p], egui::Modifiers::NONE);
    h.get_by_label(&format!("Stack {to}"));
    click(&mut h, state.1);
    assert_eq!(
        state_of(&h, unit, state.0),
        Some(AttrValue::Bool(true)),
        "{system}: the start state is set"
    );
    // An enemy unit on the same hex is a problem the list names and locates.
    let e = placed(&h, enemy).unwrap();
    let (a, b) = (pos(&h, &e.to_string()), pos(&h, to));
    drag_between(&mut h, a, b);
    settle(&mut h);
    let mixed: Vec<String> = h
        .state()
        .validator
        .problems()
        .iter()
        .filter(|p| p.message.contains("both sides"))
        .map(|p| format!("{} ({})", p.code, p.rule.unwrap_or_default()))
        .collect();
    assert_eq!(
        mixed.len(),
        1,
        "{system}: {:?}",
        h.state().validator.problems()
    );
    let tab = format!("Problems ({})", h.state().validator.open());
    click(&mut h, &tab);
    // Something else selected first, so the click is what selects the hex.
    let elsewhere = pos(&h, from);
    drag(&mut h, &[elsewhere], egui::Modifiers::NONE);
    click(&mut h, &tab);
    h.get_by_label_contains(&mixed[0]).click();
    h.run();
    assert_eq!(
        h.state().selected_hex(),
        Some(hex(to)),
        "{system}: the problem locates its hex"
    );
    // Undone, the enemy is back where it was.
    common::undo(&mut h);
    assert_eq!(placed(&h, enemy), Some(e));
}

#[test]
fn a_roads_to_leningrad_scenario_is_set_up_on_the_map() {
    set_up(
        "rtl",
        "soltsy-example",
        "de-59k",
        "3017",
        "3116",
        ("reduced", "Reduced"),
        "su-68",
    );
}

#[test]
fn a_jaws_of_victory_scenario_is_set_up_on_the_map() {
    set_up(
        "jov",
        "korsun-example",
        "de-199",
        "4122",
        "4121",
        ("disorganized", "Disorganized"),
        "su-62gd",
    );
}

/// Every unit of `units` set up, each on a hex of its own.
fn spread_apart(h: &Harness<EditorApp>, units: &[&str]) -> Vec<HexId> {
    let mut hexes: Vec<HexId> = units
        .iter()
        .map(|u| placed(h, u).unwrap_or_else(|| panic!("{u} set up")))
        .collect();
    hexes.sort();
    hexes.dedup();
    assert_eq!(hexes.len(), units.len(), "one unit a hex: {hexes:?}");
    hexes
}

#[test]
fn the_forces_tab_is_the_order_of_battle_tree_and_a_formation_drags_onto_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let path = example(dir.path(), "rtl", "soltsy-example");
    let mut h = harness(EditorApp::open(Some(path)));
    click(&mut h, "Forces");
    // Sides → formations → units.
    h.get_by_label_contains("German: 8 units");
    h.get_by_label("8th Panzer Division (5)");
    h.get_by_label("70th Rifle Division (4)");
    h.get_by_label("HQ 8 Pz designation");
    // Folded, its units are not listed; unfolded, they are again.
    click(&mut h, "Fold 8th Panzer Division");
    assert!(h.query_by_label("HQ 8 Pz designation").is_none());
    h.get_by_label("von Manstein designation");
    click(&mut h, "Fold 8th Panzer Division");
    h.get_by_label("HQ 8 Pz designation");
    // The filter keeps the units it names and the formations they are in.
    common::type_into(&mut h, "Filter", "Rifle");
    h.get_by_label("68 Rifle designation");
    assert!(h.query_by_label("HQ 8 Pz designation").is_none());
    assert!(h.query_by_label("8th Panzer Division (5)").is_none());
    h.get_by_label("Filter").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.run();
    // The formation's name dragged onto the map sets its units up around the hex, one a
    // hex, in one undoable step.
    let units = ["de-8pz-hq", "de-10pz-2", "de-8s-1", "de-59k", "de-80art"];
    let before: Vec<Option<HexId>> = units.iter().map(|u| placed(&h, u)).collect();
    let from = h.get_by_label("8th Panzer Division (5)").rect().center();
    let to = pos(&h, "3416");
    drag_between(&mut h, from, to);
    let hexes = spread_apart(&h, &units);
    assert!(hexes.contains(&hex("3416")), "{hexes:?}");
    assert!(
        hexes.iter().all(|x| {
            let grid = &h.state().doc().unwrap().map().grid;
            grid.distance(*x, hex("3416")) <= 1
        }),
        "around the hex: {hexes:?}"
    );
    assert_eq!(h.state().status, "set up 8th Panzer Division around 3416");
    common::undo(&mut h);
    let after: Vec<Option<HexId>> = units.iter().map(|u| placed(&h, u)).collect();
    assert_eq!(after, before);
}

#[test]
fn the_schedule_timeline_reads_each_turn_of_any_system() {
    let dir = tempfile::tempdir().unwrap();
    let path = example(dir.path(), "rtl", "soltsy-example");
    let (system, bundle, _) = sztab::systems::load(&path).unwrap();
    let b = bundle.described().unwrap();
    let turn = system.schemas().turn;
    let rows = sztab::editor::described::schedule_tab::rows(b, &turn);
    let (head, lines) = &rows[1];
    assert_eq!(head, "Turn 2 (14 Jul PM)");
    assert!(
        lines
            .iter()
            .any(|l| l == "arrive: 183rd Rifle Division (3 units)"),
        "{lines:?}"
    );
    assert!(lines[0].contains("Historical: cloudy"), "{lines:?}");
    // Quiet turns read as one row.
    let path = root("scenarios/panzerblitz/01-rear-area-raid.scenario.ron");
    let (system, bundle, _) = sztab::systems::load(&path).unwrap();
    let b = bundle.described().unwrap();
    let rows = sztab::editor::described::schedule_tab::rows(b, &system.schemas().turn);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[1], ("Turns 2–10".to_owned(), Vec::new()));
}

#[test]
fn a_railroad_is_laid_beside_a_road_on_one_hexside_saved_and_erased_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = example(dir.path(), "rtl", "soltsy-example");
    let mut h = harness(EditorApp::open(Some(path.clone())));
    h.state_mut().set_tool(ToolKind::Roads);
    h.run();
    click(&mut h, "Road kind");
    click(&mut h, "Railroad");
    click(&mut h, "Add beside");
    let side = sztab::hex::Hexside::new(hex("3215"), hex("3216")).unwrap();
    let kinds = |h: &Harness<EditorApp>| -> Vec<String> {
        let m = h.state().doc().unwrap().map();
        m.roads
            .get(&side)
            .map(|r| r.iter().map(|k| k.to_string()).collect())
            .unwrap_or_default()
    };
    assert_eq!(kinds(&h), ["main_road"]);
    let pts = [pos(&h, "3215"), pos(&h, "3216"), pos(&h, "3217")];
    drag(&mut h, &pts, egui::Modifiers::NONE);
    assert_eq!(kinds(&h), ["main_road", "railroad"]);
    // Saved as a list; read back the same.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let map = dir.path().join("scenarios/rtl/soltsy-example.map.ron");
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(
        text.contains(r#""3215-3216": ["main_road", "railroad"]"#),
        "{text}"
    );
    let (_, bundle, _) = sztab::systems::load(&path).unwrap();
    let m = &bundle.described().unwrap().map;
    assert_eq!(m.roads[&side].kinds().len(), 2);
    // Erasing the railroad leaves the road.
    let pts = [pos(&h, "3215"), pos(&h, "3216")];
    drag(&mut h, &pts, egui::Modifiers::SHIFT);
    assert_eq!(kinds(&h), ["main_road"]);
    common::undo(&mut h);
    assert_eq!(kinds(&h), ["main_road", "railroad"]);
}
