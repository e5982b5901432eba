//! The scenario editor driven as a user would, with egui_kittest (no display, no GPU): creating
//! a unit, placing it by dragging from the order of battle, a stacking error from the live
//! validation appearing and going away on undo, scheduling a reinforcement, changing the
//! victory levels, saving and reopening; and building a new scenario on the Kursk northern
//! map from scratch with UI interactions only.

use std::path::Path;
use std::time::{Duration, Instant};

use egui::{Event, Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sztab::editor::EditorApp;
use sztab::editor::tools::ToolKind;
use sztab::hex::HexId;
use sztab::model::{Bundle, Scenario, io};

mod common;
use common::{click, drag_between, fixture_copy, harness, root, type_into, undo};

/// The editor on a file, once the live validation has run.
fn open(path: &Path) -> Harness<'static, EditorApp> {
    let mut h = common::open(path);
    settle(&mut h);
    h
}

/// Runs frames until the live validation has checked the current document.
fn settle(h: &mut Harness<EditorApp>) {
    let t = Instant::now();
    loop {
        h.step();
        let app = h.state();
        let busy = app.doc().is_some_and(|d| app.validator.busy(d));
        if !busy {
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

fn hex_pos(h: &Harness<EditorApp>, s: &str) -> Pos2 {
    h.state().hex_screen_pos(HexId::parse(s).unwrap()).unwrap()
}

fn scenario(h: &Harness<EditorApp>) -> Scenario {
    h.state().doc().unwrap().scenario().unwrap().clone()
}

fn placed_on(h: &Harness<EditorApp>, unit: &str) -> Option<HexId> {
    scenario(h)
        .setup
        .iter()
        .find(|p| p.unit.as_str() == unit)
        .map(|p| p.hex)
}

fn codes(h: &Harness<EditorApp>) -> Vec<&'static str> {
    h.state()
        .validator
        .problems()
        .iter()
        .map(|p| p.code)
        .collect()
}

/// Leaves a field (its typing becomes one undo step).
fn leave_field(h: &mut Harness<EditorApp>) {
    h.key_press(Key::Escape);
    h.run();
}

#[test]
fn create_a_unit_validate_its_values_and_place_it_by_drag() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    assert!(!codes(&h).iter().any(|c| c.starts_with('P') && *c == "P01"));
    // Open the corps, pick the 10th Infantry Division and add a unit to it.
    click(&mut h, "XX — XX Army Corps (10)");
    click(&mut h, "10ID — 10th Infantry Division (3)");
    click(&mut h, "Add unit");
    let c = h.state().doc().unwrap().counters().unwrap().clone();
    let u = c
        .unit("10ID/86")
        .expect("a copy of the division's last regiment, numbered on");
    assert_eq!((u.designation.as_str(), u.sp), ("86", 4));
    // A bad value is shown, not taken; a good one is.
    type_into(&mut h, "SP of 10ID/86", "x");
    assert_eq!(
        h.state()
            .doc()
            .unwrap()
            .counters()
            .unwrap()
            .unit("10ID/86")
            .unwrap()
            .sp,
        4
    );
    type_into(&mut h, "SP of 10ID/86", "5");
    leave_field(&mut h);
    assert_eq!(
        h.state()
            .doc()
            .unwrap()
            .counters()
            .unwrap()
            .unit("10ID/86")
            .unwrap()
            .sp,
        5
    );
    // Drag its row from the order of battle onto 0303.
    let row = h
        .get_by_label_contains("10ID/86  — unplaced")
        .rect()
        .center();
    let to = hex_pos(&h, "0303");
    drag_between(&mut h, row, to);
    assert_eq!(
        placed_on(&h, "10ID/86"),
        Some(HexId::parse("0303").unwrap())
    );
    settle(&mut h);
    assert!(!codes(&h).contains(&"P01"));
}

#[test]
fn a_ninth_cel_is_a_stacking_error_until_undone() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    // 0605 holds two 2-CEL tank battalions; two 2-CEL regiments make 8 CEL.
    for from in ["0606", "0607"] {
        let (a, b) = (hex_pos(&h, from), hex_pos(&h, "0605"));
        drag_between(&mut h, a, b);
    }
    settle(&mut h);
    assert!(!codes(&h).contains(&"P01"), "{:?}", codes(&h));
    // The corps HQ is the ninth CEL.
    let (a, b) = (hex_pos(&h, "0304"), hex_pos(&h, "0605"));
    drag_between(&mut h, a, b);
    assert_eq!(placed_on(&h, "HQ XX"), Some(HexId::parse("0605").unwrap()));
    settle(&mut h);
    let p01: Vec<_> = h
        .state()
        .validator
        .problems()
        .iter()
        .filter(|p| p.code == "P01")
        .collect();
    assert_eq!(p01.len(), 1, "{:?}", codes(&h));
    assert!(p01[0].message.contains("9 CEL"), "{}", p01[0].message);
    // The Problems tab lists it; clicking it selects and centres the hex.
    let tab = format!("Problems ({})", h.state().validator.problems().len());
    click(&mut h, &tab);
    h.get_by_label_contains("P01 (R3.2.1)").click();
    h.run();
    undo(&mut h);
    assert_eq!(placed_on(&h, "HQ XX"), Some(HexId::parse("0304").unwrap()));
    settle(&mut h);
    assert!(!codes(&h).contains(&"P01"), "{:?}", codes(&h));
}

#[test]
fn schedule_a_reinforcement_change_victory_levels_save_and_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    // Select a unit in the tree, then schedule it as a new reinforcement.
    click(&mut h, "60A — 60th Army (8)");
    click(&mut h, "IIARM — II Tank Corps (3)");
    h.get_by_label_contains("IIARM/169  — 1007").click();
    h.run();
    click(&mut h, "Schedule");
    click(&mut h, "New reinforcement");
    click(&mut h, "Add selected unit IIARM/169");
    type_into(&mut h, "Arrival date", "1943-07-07");
    leave_field(&mut h);
    let s = scenario(&h);
    let r = s.reinforcements.last().unwrap();
    assert_eq!(r.units.last().unwrap().as_str(), "IIARM/169");
    assert_eq!(r.date.to_string(), "1943-07-07");
    assert_eq!(
        placed_on(&h, "IIARM/169"),
        None,
        "a scheduled unit leaves the map"
    );
    click(&mut h, "Half MP on the turn it enters");
    assert!(
        scenario(&h)
            .reinforcements
            .last()
            .unwrap()
            .half_mp_first_turn
    );
    // The victory levels: the German victory from 9 VP.
    click(&mut h, "Scenario");
    type_into(&mut h, "Minimum VP of level 2", "9");
    leave_field(&mut h);
    let v = scenario(&h).victory.unwrap();
    assert_eq!(v.levels[1].min_vp, Some(9));
    settle(&mut h);
    assert_eq!(h.state().validator.errors(), 0, "{:?}", codes(&h));
    // Save, reopen: everything is there.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().doc().unwrap().is_dirty());
    let edited = scenario(&h);
    let (reopened, problems) = Bundle::load(&path).unwrap();
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:?}");
    assert_eq!(reopened.scenario, edited);
    let h2 = open(&path);
    assert_eq!(scenario(&h2), edited);
}

#[test]
fn saving_writes_a_changed_counter_set_and_undo_restores_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    click(&mut h, "XX — XX Army Corps (10)");
    click(&mut h, "1PzD — 1st Panzer Division (4)");
    h.get_by_label_contains("113  1PzD/113").click();
    h.run();
    click(&mut h, "Duplicate");
    assert!(
        h.state()
            .doc()
            .unwrap()
            .counters()
            .unwrap()
            .unit("1PzD/114")
            .is_some()
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let saved = io::load_counters(&dir.path().join("mini.counters.ron"))
        .unwrap()
        .value;
    assert_eq!(&saved, h.state().doc().unwrap().counters().unwrap());
    undo(&mut h);
    assert!(
        h.state()
            .doc()
            .unwrap()
            .counters()
            .unwrap()
            .unit("1PzD/114")
            .is_none()
    );
}

/// A new small scenario on the Kursk northern map, from File → New scenario to a saved
/// file that validates and plays, with UI interactions only.
#[test]
fn build_a_scenario_on_the_northern_map_from_scratch() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(EditorApp::open(None));
    click(&mut h, "File");
    click(&mut h, "New scenario…");
    type_into(&mut h, "Title", "Ponyri station");
    let map = root("scenarios/kursk-1943/north.map.ron");
    type_into(&mut h, "Map file", &map.display().to_string());
    type_into(&mut h, "First day", "1943-07-10");
    click(&mut h, "Create scenario");
    // The new scenario asks for its file at once.
    let path = dir.path().join("ponyri.scenario.ron");
    type_into(&mut h, "Path", &path.display().to_string());
    click(&mut h, "Save file");
    assert!(path.exists(), "{:?}", h.state().error());
    assert!(dir.path().join("ponyri.counters.ron").exists());

    // Forces: a German division of three regiments, a Soviet division of two.
    click(&mut h, "Add formation to Germany");
    type_into(&mut h, "Id of formation Formation 2", "292 ID");
    leave_field(&mut h);
    type_into(
        &mut h,
        "Name of formation 292 ID",
        "292nd Infantry Division",
    );
    leave_field(&mut h);
    for _ in 0..3 {
        click(&mut h, "Add unit");
    }
    click(&mut h, "Add formation to Soviet Union");
    type_into(&mut h, "Id of formation Formation 2", "81 RD");
    leave_field(&mut h);
    type_into(&mut h, "Name of formation 81 RD", "81st Rifle Division");
    leave_field(&mut h);
    for _ in 0..2 {
        click(&mut h, "Add unit");
    }
    let c = h.state().doc().unwrap().counters().unwrap().clone();
    assert_eq!(c.units.len(), 5);
    assert_eq!(c.unit("3/292 ID").unwrap().nation.as_str(), "german");
    assert_eq!(c.unit("2/81 RD").unwrap().nation.as_str(), "soviet");

    // Setup: drag each division onto the map; it fills stacks up to 8 CEL.
    let row = h
        .get_by_label("292 ID — 292nd Infantry Division (3)")
        .rect()
        .center();
    let to = hex_pos(&h, "1607");
    drag_between(&mut h, row, to);
    let row = h
        .get_by_label("81 RD — 81st Rifle Division (2)")
        .rect()
        .center();
    let to = hex_pos(&h, "1709");
    drag_between(&mut h, row, to);
    assert_eq!(scenario(&h).setup.len(), 5);
    assert_eq!(
        placed_on(&h, "1/81 RD"),
        Some(HexId::parse("1709").unwrap())
    );

    // A fourth German regiment arrives on turn 2 from the north edge.
    click(&mut h, "292 ID — 292nd Infantry Division (3)");
    click(&mut h, "Add unit");
    click(&mut h, "Schedule");
    click(&mut h, "New reinforcement");
    click(&mut h, "Add selected unit 4/292 ID");
    click(&mut h, "north edge");
    let r = scenario(&h).reinforcements[0].clone();
    assert_eq!(r.units[0].as_str(), "4/292 ID");
    assert_eq!(r.date.to_string(), "1943-07-11");

    // Scenario: three turns, supply, victory for holding Ponyri.
    click(&mut h, "Scenario");
    type_into(&mut h, "Turns", "3");
    leave_field(&mut h);
    click(&mut h, "Sides and supply");
    h.get_by_label_contains("Supply sources of Germany").click();
    h.run();
    click(&mut h, "north edge");
    h.get_by_label_contains("Supply sources of Soviet Union")
        .click();
    h.run();
    click(&mut h, "east edge");
    click(&mut h, "Add victory conditions");
    click(&mut h, "Add VP award");
    h.get_by_label("Event of award 1").click();
    h.run();
    click(&mut h, "place held at the end");
    h.get_by_label("Place or river of award 1").click();
    h.run();
    click(&mut h, "Ponyri");
    let s = scenario(&h);
    assert_eq!(s.turns(), 3);
    assert_eq!(s.sides[0].supply.len(), 1);
    assert_eq!(s.sides[1].supply.len(), 1);
    let v = s.victory.clone().unwrap();
    assert_eq!(
        v.points[0].event,
        sztab::model::VpEvent::ControlPlace("Ponyri".into())
    );

    settle(&mut h);
    assert_eq!(
        h.state().validator.errors(),
        0,
        "{:?}",
        h.state().validator.problems()
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();

    // The saved files validate and play.
    let report = sztab::validate::validate_file(&path).unwrap();
    assert_eq!(report.errors(), 0, "{:?}", report.problems);
    let (b, _) = Bundle::load(&path).unwrap();
    let mut g = sztab::systems::wb95::Game::new(&b, 3).unwrap();
    let mut bots: Vec<(
        sztab::model::SideId,
        Box<dyn sztab::systems::wb95::ai::Player>,
    )> = vec![
        (
            "german".into(),
            Box::new(sztab::systems::wb95::ai::RandomBot::new(1)),
        ),
        (
            "soviet".into(),
            Box::new(sztab::systems::wb95::ai::RandomBot::new(2)),
        ),
    ];
    let played =
        sztab::systems::wb95::ai::play_out(&mut g, &mut bots, 100_000, |_, _, _| {}).unwrap();
    assert_eq!(played.result.turn, 3);
}

/// The example built with the editor (scenarios/examples) stays valid and playable.
#[test]
fn the_example_scenario_validates_and_plays() {
    let path = root("scenarios/examples/ponyri-station.scenario.ron");
    let report = sztab::validate::validate_file(&path).unwrap();
    assert_eq!(report.errors(), 0, "{:?}", report.problems);
    let (b, _) = Bundle::load(&path).unwrap();
    let mut g = sztab::systems::wb95::Game::new(&b, 5).unwrap();
    let mut bots: Vec<(
        sztab::model::SideId,
        Box<dyn sztab::systems::wb95::ai::Player>,
    )> = vec![
        (
            "german".into(),
            Box::new(sztab::systems::wb95::ai::RandomBot::new(9)),
        ),
        (
            "soviet".into(),
            Box::new(sztab::systems::wb95::ai::RandomBot::new(10)),
        ),
    ];
    let played =
        sztab::systems::wb95::ai::play_out(&mut g, &mut bots, 100_000, |_, _, _| {}).unwrap();
    assert_eq!(played.result.turn, 3);
}

#[test]
fn drag_a_unit_onto_a_formation_to_move_it_and_see_setup_zones() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    click(&mut h, "60A — 60th Army (8)");
    let from = h.get_by_label_contains("202  202  — 0805").rect().center();
    let to = h.get_by_label("IIARM — II Tank Corps (3)").rect().center();
    drag_between(&mut h, from, to);
    let c = h.state().doc().unwrap().counters().unwrap().clone();
    assert_eq!(
        c.unit("202").unwrap().formation.as_ref().unwrap().as_str(),
        "IIARM"
    );
    // A German unit dropped on a Soviet formation stays where it is.
    click(&mut h, "XX — XX Army Corps (10)");
    let from = h.get_by_label_contains("HQ XX  HQ XX").rect().center();
    let to = h.get_by_label("IIARM — II Tank Corps (4)").rect().center();
    drag_between(&mut h, from, to);
    let c = h.state().doc().unwrap().counters().unwrap().clone();
    assert_eq!(
        c.unit("HQ XX")
            .unwrap()
            .formation
            .as_ref()
            .unwrap()
            .as_str(),
        "XX"
    );
    undo(&mut h);
    let c = h.state().doc().unwrap().counters().unwrap().clone();
    assert_eq!(
        c.unit("202").unwrap().formation.as_ref().unwrap().as_str(),
        "60A"
    );
    // The engine's initial control map gives each side its setup zone.
    settle(&mut h);
    let control = h.state().validator.control();
    let of = |hex: &str| {
        control
            .iter()
            .find(|(x, _)| *x == HexId::parse(hex).unwrap())
            .map(|(_, s)| s.to_string())
    };
    assert_eq!(of("0605").as_deref(), Some("german"));
    assert_eq!(of("0805").as_deref(), Some("soviet"));
}

/// `sztab card` writes the rulebook-style page: setup lines by army with hexes, counter
/// pictures, reinforcements, special rules and victory conditions.
#[test]
fn the_card_command_writes_a_rulebook_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("card.html");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args([
            "card",
            "scenarios/kursk-1943/armored-claws.scenario.ron",
            "--out",
        ])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .unwrap();
    assert!(status.success());
    let html = std::fs::read_to_string(&out).unwrap();
    for text in [
        "<h1>Armored Claws: the northern front, 7-23 July 1943</h1>",
        "18 PzD (-1), 244 AG-BR",
        "258 ID",
        "0502, 0703, 0904",
        "12 VII 1943 (6)",
        "½ MP on the turn it enters",
        "Soviet Fortified Lines are in play",
        "26 or more",
        "@media print",
        "<svg",
    ] {
        assert!(html.contains(text), "{text} missing from the card");
    }
    let missing = std::process::Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args(["card", "nowhere.scenario.ron", "--out"])
        .arg(&out)
        .status()
        .unwrap();
    assert_eq!(missing.code(), Some(2));
}

#[test]
fn the_stack_window_reorders_and_reduces_and_delete_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    // A click on a stack opens its window, top unit first.
    let at = hex_pos(&h, "0605");
    drag_between(&mut h, at, at);
    h.get_by_label("Stack 0605");
    h.get_all_by_label("Down").next().unwrap().click();
    h.run();
    let order: Vec<String> = scenario(&h)
        .setup
        .iter()
        .filter(|p| p.hex == HexId::parse("0605").unwrap())
        .map(|p| p.unit.to_string())
        .collect();
    assert_eq!(order, ["1PzD/2", "1PzD/1"]);
    h.get_all_by_label("reduced").next().unwrap().click();
    h.run();
    let p = scenario(&h)
        .setup
        .into_iter()
        .find(|p| p.unit.as_str() == "1PzD/2")
        .unwrap();
    assert_eq!(p.cel, Some(1));
    // Delete unplaces the selected unit (picked by its counter in the window).
    click(&mut h, "Select 1PzD/2");
    h.key_press(Key::Escape);
    h.run();
    h.key_press(Key::Delete);
    h.run();
    assert_eq!(placed_on(&h, "1PzD/2"), None);
    undo(&mut h);
    assert!(placed_on(&h, "1PzD/2").is_some());
    // Deleting a placed unit asks, then removes it everywhere; undo brings it back.
    click(&mut h, "Delete unit");
    h.get_by_label("Delete unit 1PzD/2?");
    click(&mut h, "Delete");
    assert!(
        h.state()
            .doc()
            .unwrap()
            .counters()
            .unwrap()
            .unit("1PzD/2")
            .is_none()
    );
    assert_eq!(placed_on(&h, "1PzD/2"), None);
    undo(&mut h);
    assert!(
        h.state()
            .doc()
            .unwrap()
            .counters()
            .unwrap()
            .unit("1PzD/2")
            .is_some()
    );
    assert!(placed_on(&h, "1PzD/2").is_some());
}

fn placement(h: &Harness<EditorApp>, unit: &str) -> sztab::model::Placement {
    scenario(h)
        .setup
        .into_iter()
        .find(|p| p.unit.as_str() == unit)
        .unwrap()
}

#[test]
fn the_stack_window_sets_start_states_in_undoable_steps() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    let steps = h.state().doc().unwrap().history().done().len();
    let at = hex_pos(&h, "0605");
    drag_between(&mut h, at, at);
    h.get_by_label("Stack 0605");
    // The top unit, 1PzD/1: disorganized and out of supply at level 2.
    h.get_all_by_label("disorganized").next().unwrap().click();
    h.run();
    h.get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|n| n.value().as_deref() == Some("in supply"))
        .unwrap()
        .click();
    h.run();
    click(&mut h, "out of supply 2");
    // The second, 1PzD/2: its movement spent; then the whole stack masked.
    h.get_all_by_label("movement spent").nth(1).unwrap().click();
    h.run();
    click(&mut h, "masked");
    let (top, second) = (placement(&h, "1PzD/1"), placement(&h, "1PzD/2"));
    assert!(top.disorganized && !second.disorganized);
    assert_eq!((top.out_of_supply, second.out_of_supply), (2, 0));
    assert!(second.movement_spent && !top.movement_spent);
    assert!(top.masked && second.masked);
    assert_eq!(
        h.state().doc().unwrap().history().done().len(),
        steps + 4,
        "one undoable step each"
    );
    settle(&mut h);
    assert!(!codes(&h).contains(&"P13"), "the whole stack is masked");
    // Artillery may start having fired its barrage; others are not offered it.
    assert!(h.query_by_label("barrage fired").is_none());
    h.key_press(Key::Escape);
    h.run();
    let at = hex_pos(&h, "0507");
    drag_between(&mut h, at, at);
    h.get_by_label("Stack 0507");
    click(&mut h, "barrage fired");
    assert!(placement(&h, "Art/XX").barrage_fired);
    // Saved, the states are in the file; undone, they are gone.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.contains("disorganized: true, out_of_supply: 2")
            && saved.contains("barrage_fired: true"),
        "{saved}"
    );
    for _ in 0..5 {
        undo(&mut h);
    }
    let p = placement(&h, "1PzD/1");
    assert!(!p.disorganized && p.out_of_supply == 0 && !p.masked);
    assert!(!placement(&h, "Art/XX").barrage_fired);
}

/// The scenario's initial control overrides of each hex, as `CCRR -> side`.
fn overrides(h: &Harness<EditorApp>) -> Vec<(String, String)> {
    scenario(h)
        .control
        .iter()
        .map(|(x, s)| (x.to_string(), s.to_string()))
        .collect()
}

/// The engine's initial control of a hex in the last validation.
fn engine_control(h: &Harness<EditorApp>, hex: &str) -> Option<String> {
    let x = HexId::parse(hex).unwrap();
    h.state()
        .validator
        .control()
        .iter()
        .find(|(y, _)| *y == x)
        .map(|(_, s)| s.to_string())
}

/// Picks the Control tool's paint choice named `label` (a radio button).
fn paint_choice(h: &mut Harness<EditorApp>, label: &str) {
    h.get_by_role_and_label(egui::accesskit::Role::RadioButton, label)
        .click();
    h.run();
}

#[test]
fn paint_initial_control_undo_it_see_p05_and_keep_it_on_save() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    click(&mut h, "Control");
    assert_eq!(h.state().tool(), ToolKind::Control);
    // The west edge is German supply: 0202 and 0203 are German by derivation.
    assert_eq!(engine_control(&h, "0202").as_deref(), Some("german"));
    assert_eq!(engine_control(&h, "0203").as_deref(), Some("german"));
    assert!(overrides(&h).is_empty());
    let steps = h.state().doc().unwrap().history().done().len();
    // One stroke over two hexes for the Soviet side: one undo step.
    paint_choice(&mut h, "Soviet Union");
    let (a, b) = (hex_pos(&h, "0202"), hex_pos(&h, "0203"));
    drag_between(&mut h, a, b);
    let soviet = |x: &str| (x.to_owned(), "soviet".to_owned());
    assert_eq!(overrides(&h), vec![soviet("0202"), soviet("0203")]);
    assert_eq!(h.state().doc().unwrap().history().done().len(), steps + 1);
    h.get_by_label("Overridden hexes: 2");
    h.get_by_label("  Soviet Union: 2");
    settle(&mut h);
    assert_eq!(engine_control(&h, "0202").as_deref(), Some("soviet"));
    // Undo takes the whole stroke back; redo it.
    undo(&mut h);
    assert!(overrides(&h).is_empty());
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(overrides(&h), vec![soviet("0202"), soviet("0203")]);
    // The German corps HQ on a Soviet hex is warned about (P05) until undone.
    settle(&mut h);
    assert!(!codes(&h).contains(&"P05"), "{:?}", codes(&h));
    let hq = hex_pos(&h, "0304");
    drag_between(&mut h, hq, hq);
    settle(&mut h);
    assert!(codes(&h).contains(&"P05"), "{:?}", codes(&h));
    undo(&mut h);
    settle(&mut h);
    assert!(!codes(&h).contains(&"P05"), "{:?}", codes(&h));
    // "Derived" removes an override.
    paint_choice(&mut h, "Derived (remove the override)");
    let a = hex_pos(&h, "0202");
    drag_between(&mut h, a, a);
    assert_eq!(overrides(&h), vec![soviet("0203")]);
    settle(&mut h);
    assert_eq!(engine_control(&h, "0202").as_deref(), Some("german"));
    assert_eq!(engine_control(&h, "0203").as_deref(), Some("soviet"));
    // Save and reopen: the override is in the file.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().doc().unwrap().is_dirty());
    let (reopened, _) = Bundle::load(&path).unwrap();
    assert_eq!(
        reopened
            .scenario
            .control
            .get(&HexId::parse("0203").unwrap()),
        Some(&sztab::model::SideId::new("soviet"))
    );
    let mut h2 = open(&path);
    assert_eq!(overrides(&h2), vec![soviet("0203")]);
    // Clear overrides is one undoable step.
    h2.key_press(Key::O);
    h2.run();
    assert_eq!(h2.state().tool(), ToolKind::Control);
    click(&mut h2, "Clear overrides");
    assert!(overrides(&h2).is_empty());
    undo(&mut h2);
    assert_eq!(overrides(&h2), vec![soviet("0203")]);
}

#[test]
fn panels_keep_their_width_when_errors_and_fields_appear() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    let canvas = h.state().canvas.rect();
    // A field's reason for refusing a value appears beside it and goes again.
    click(&mut h, "XX — XX Army Corps (10)");
    click(&mut h, "10ID — 10th Infantry Division (3)");
    click(&mut h, "Add unit");
    type_into(
        &mut h,
        "SP of 10ID/86",
        "not a number at all, and a long one that would widen any panel",
    );
    assert_eq!(h.state().canvas.rect(), canvas, "while the reason shows");
    type_into(&mut h, "SP of 10ID/86", "5");
    leave_field(&mut h);
    assert_eq!(h.state().canvas.rect(), canvas, "after it went");
    // A long error in the tool panel wraps.
    h.state_mut().load(
        &dir.path().join(
            "a-file-name-long-enough-to-need-wrapping-in-any-panel-of-the-editor.scenario.ron",
        ),
    );
    h.run();
    assert!(h.state().error().is_some());
    assert_eq!(h.state().canvas.rect(), canvas, "with an error");
}

/// A designation copied from another program is pasted into the unit editor (egui's
/// `Event::Paste`, which eframe's clipboard feature produces from Ctrl+V): the text
/// replaces the selection and becomes the unit's value.
#[test]
fn pasting_into_a_unit_field_sets_the_value() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    click(&mut h, "XX — XX Army Corps (10)");
    click(&mut h, "10ID — 10th Infantry Division (3)");
    click(&mut h, "Add unit");
    h.get_by_label("Designation of 10ID/86").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.event(Event::Paste("Gren. 86 (pasted)".into()));
    h.run();
    leave_field(&mut h);
    let designation = |h: &Harness<EditorApp>| {
        h.state()
            .doc()
            .unwrap()
            .counters()
            .unwrap()
            .unit("10ID/86")
            .unwrap()
            .designation
            .clone()
    };
    assert_eq!(designation(&h), "Gren. 86 (pasted)");
    // A number pasted into a number field is taken too; text that is no number is not.
    h.get_by_label("SP of 10ID/86").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.event(Event::Paste("7".into()));
    h.run();
    leave_field(&mut h);
    let sp = h
        .state()
        .doc()
        .unwrap()
        .counters()
        .unwrap()
        .unit("10ID/86")
        .unwrap()
        .sp;
    assert_eq!(sp, 7);
}

/// The first edit of a scenario's map that other scenarios use names them and asks: a copy
/// of the map for this scenario (Save then writes it, the shared map left as it was), the
/// shared map itself, or the edit cancelled. Asked once per document.
#[test]
fn a_shared_map_asks_at_its_first_edit_and_saves_as_answered() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let other = dir.path().join("other.scenario.ron");
    std::fs::copy(&path, &other).unwrap();
    std::fs::copy(&path, dir.path().join("third.scenario.ron")).unwrap();
    let shared = std::fs::read_to_string(dir.path().join("mini.map.ron")).unwrap();
    let question = "mini.map.ron is also used by other.scenario.ron, third.scenario.ron. Edit it";
    // The question at the first edit, or the one at Save.
    let asks = |h: &Harness<EditorApp>| {
        h.query_by_label_contains("Edit it for every scenario")
            .or_else(|| h.query_by_label_contains("Saving the changed map"))
            .map(|_| ())
    };
    let mut h = open(&path);
    // Said on opening, before any edit.
    assert!(
        h.state()
            .status
            .ends_with("its map is also used by other.scenario.ron, third.scenario.ron"),
        "{}",
        h.state().status
    );
    h.state_mut().set_tool(ToolKind::Brush);
    h.state_mut().brush.cell = sztab::model::HexCell::new("mountain");
    let hex = |s: &str| HexId::parse(s).unwrap();
    let terrain = |h: &Harness<EditorApp>, s: &str| {
        h.state().doc().unwrap().map().hexes[&hex(s)]
            .terrain
            .to_string()
    };
    common::click_hex(&mut h, hex("0104"));
    h.get_by_label_contains(question);
    click(&mut h, "Make a copy for this scenario");
    assert_eq!(terrain(&h, "0104"), "mountain", "the edit is kept");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mini.map.ron")).unwrap(),
        shared,
        "nothing written yet"
    );
    // Save writes the copy without asking again.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(asks(&h).is_none());
    let copy = dir.path().join("mini-2.map.ron");
    assert!(copy.exists(), "{:?}", h.state().error());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mini.map.ron")).unwrap(),
        shared,
        "the shared map is untouched"
    );
    let saved = io::load_scenario(&path).unwrap().value;
    assert_eq!(saved.map, Path::new("mini-2.map.ron"));
    let (b, _) = Bundle::load(&path).unwrap();
    assert_eq!(b.map.hexes[&hex("0104")].terrain.as_str(), "mountain");
    assert!(!h.state().doc().unwrap().is_dirty());
    // The scenario has a map of its own now: editing and saving it asks no more.
    common::click_hex(&mut h, hex("0105"));
    assert!(asks(&h).is_none());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(asks(&h).is_none());
    assert!(!h.state().doc().unwrap().is_dirty());

    // Cancel takes the edit back and asks again at the next edit.
    let mut h = open(&other);
    let before = terrain(&h, "0104");
    h.state_mut().set_tool(ToolKind::Brush);
    h.state_mut().brush.cell = sztab::model::HexCell::new("mountain");
    common::click_hex(&mut h, hex("0104"));
    h.get_by_label_contains("also used by third.scenario.ron. Edit it");
    click(&mut h, "Cancel the edit");
    assert_eq!(terrain(&h, "0104"), before);
    assert!(!h.state().doc().unwrap().is_dirty());
    common::click_hex(&mut h, hex("0104"));
    // Edit the shared map: no more questions, and Save writes the shared map.
    click(&mut h, "Edit the shared map");
    common::click_hex(&mut h, hex("0105"));
    assert!(asks(&h).is_none());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(asks(&h).is_none());
    assert_ne!(
        std::fs::read_to_string(dir.path().join("mini.map.ron")).unwrap(),
        shared
    );
    assert!(!h.state().doc().unwrap().is_dirty());
}
