//! Set-up areas and acknowledged warnings, driven as a designer would with egui_kittest
//! (no display, no GPU): acknowledging a warning that is the scenario's intent, painting a
//! set-up area and seeing a placement outside it refused by the checks, drop targets
//! shaded by it, free set-up units deployed in the playtest's set-up phase.

use std::path::Path;
use std::time::{Duration, Instant};

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sztab::editor::EditorApp;
use sztab::hex::HexId;
use sztab::model::{Bundle, Scenario, Subject};

mod common;
use common::{click, fixture_copy, harness, type_into};

fn open(path: &Path) -> Harness<'static, EditorApp> {
    let mut h = harness(EditorApp::open(Some(path.to_owned())));
    settle(&mut h);
    h
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

fn button(h: &Harness<EditorApp>, pos: Pos2, pressed: bool) {
    h.event(Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

/// Press at `from`, move there in steps, release at `to`.
fn drag(h: &mut Harness<EditorApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.step();
    button(h, from, true);
    h.step();
    for k in 1..=8 {
        let t = k as f32 / 8.0;
        h.hover_at(from + (to - from) * t);
        h.step();
    }
    button(h, to, false);
    h.step();
    h.run();
}

fn hex_pos(h: &Harness<EditorApp>, s: &str) -> Pos2 {
    h.state().hex_screen_pos(HexId::parse(s).unwrap()).unwrap()
}

fn scenario(h: &Harness<EditorApp>) -> Scenario {
    h.state().doc().unwrap().scenario().unwrap().clone()
}

fn undo(h: &mut Harness<EditorApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
}

#[test]
fn acknowledge_a_warning_keep_it_in_the_file_and_withdraw_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    let v = &h.state().validator;
    let (warnings, errors) = (v.warnings(), v.errors());
    assert_eq!((errors, warnings), (0, 5), "{:?}", v.problems());
    click(&mut h, "Problems (5)");
    // One "Acknowledge…" per warning, listed by code: L02, L02, P06, P09, U08. The P06
    // warning of the anti-tank brigade's setup opens the reason field.
    assert_eq!(h.get_all_by_label("Acknowledge…").count(), 5);
    h.get_all_by_label("Acknowledge…").nth(2).unwrap().click();
    h.run();
    h.get_by_label_contains("Acknowledge P06");
    // No reason, no acknowledgement.
    assert!(
        h.get_by_label("Keep acknowledged")
            .accesskit_node()
            .is_disabled()
    );
    type_into(
        &mut h,
        "Reason",
        "the printed setup gives none; combat setup is right",
    );
    click(&mut h, "Keep acknowledged");
    let acks = scenario(&h).acknowledged;
    assert_eq!(acks.len(), 1);
    assert_eq!(acks[0].code, "P06");
    assert_eq!(acks[0].subject, Some(Subject::Unit("1AT".into())));
    settle(&mut h);
    let v = &h.state().validator;
    assert_eq!((v.errors(), v.warnings(), v.acknowledged()), (0, 4, 1));
    // The status bar (and the tab) count 4 warnings and show the acknowledged one apart.
    assert_eq!(h.get_all_by_label("4 warnings").count(), 2);
    h.get_by_label("(1 acknowledged)");
    h.get_by_label("Acknowledged (1)").click();
    h.run();
    h.get_by_label_contains("— the printed setup gives none");
    // Saved in the scenario file, read back by `sztab validate`'s code.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let r = sztab::validate::validate_file(&path).unwrap();
    assert_eq!((r.errors(), r.warnings(), r.acknowledged()), (0, 4, 1));
    // Withdraw is one undoable step.
    click(&mut h, "Withdraw");
    assert!(scenario(&h).acknowledged.is_empty());
    settle(&mut h);
    assert_eq!(h.state().validator.warnings(), 5);
    undo(&mut h);
    assert_eq!(scenario(&h).acknowledged.len(), 1);
    let (b, _) = Bundle::load(&path).unwrap();
    assert_eq!(b.scenario.acknowledged, scenario(&h).acknowledged);
}

fn sztab(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args(args)
        .output()
        .unwrap()
}

/// The fixture copied into `dir` with `f` applied to its scenario.
fn fixture_with(dir: &Path, f: impl FnOnce(&mut Scenario)) -> std::path::PathBuf {
    let path = fixture_copy(dir);
    let mut b = Bundle::load(&path).unwrap().0;
    f(&mut b.scenario);
    sztab::model::io::save(sztab::model::FileKind::Scenario, &path, &b.scenario).unwrap();
    path
}

#[test]
fn validate_shows_acknowledged_warnings_and_strict_ignores_them() {
    use sztab::model::Acknowledgement;
    let dir = tempfile::tempdir().unwrap();
    let ack = |code: &str, subject: Option<Subject>| Acknowledgement {
        code: code.into(),
        subject,
        reason: "intended".into(),
    };
    let path = fixture_with(dir.path(), |s| {
        s.acknowledged = vec![
            ack("L02", None),
            ack("U08", Some(Subject::Unit("1AT".into()))),
        ];
    });
    let file = path.to_str().unwrap();
    let out = sztab(&["validate", "--strict", file]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "P06 and P09 are still open: {text}"
    );
    assert!(text.contains("acknowledged[U08] (R15.1.5): unit 1AT: a towed unit uses its stars in defense only [intended]"), "{text}");
    assert!(
        text.contains("ok (0 error(s), 2 warning(s), 3 acknowledged)"),
        "{text}"
    );
    let json = sztab(&["validate", "--json", file]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let acked = v[0]["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["acknowledged"] == "intended")
        .count();
    assert_eq!(acked, 3);
    // Every warning acknowledged: --strict passes.
    let path = fixture_with(dir.path(), |s| {
        s.acknowledged = vec![
            ack("L02", None),
            ack("U08", None),
            ack("P06", None),
            ack("P09", None),
        ];
    });
    let out = sztab(&["validate", "--strict", path.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // An acknowledgement that matches nothing is itself a warning.
    let path = fixture_with(dir.path(), |s| {
        s.acknowledged = vec![ack(
            "P08",
            Some(Subject::Hex(HexId::parse("0101").unwrap())),
        )];
    });
    let out = sztab(&["validate", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "warning[S06]: the acknowledgement of P08 on hex 0101 matches no warning; remove it"
        ),
        "{text}"
    );
}

#[test]
fn sztab_play_bots_set_up_the_free_units_and_the_log_replays() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.ron");
    let scenario = common::root("tests/fixtures/mini-free.scenario.ron");
    let out = sztab(&[
        "play",
        scenario.to_str().unwrap(),
        "--bot",
        "german=heuristic",
        "--bot",
        "soviet=random",
        "--seed",
        "3",
        "--log",
        log.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let setup = text.split("Turn 1").next().unwrap();
    assert!(setup.contains("Set-up (before turn 1)"), "{text}");
    for u in ["HQ 60A", "10ID/20", "10ID/41", "10ID/85"] {
        assert!(setup.contains(&format!("{u} is set up on")), "{u}: {setup}");
    }
    assert!(setup.find("soviet has set up") < setup.find("german has set up"));
    let replay = sztab(&["replay", log.to_str().unwrap()]);
    assert_eq!(
        replay.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&replay.stdout)
    );
}

/// The hexes of the scenario's area `i`, painted (its hex-list shapes).
fn area_hexes(h: &Harness<EditorApp>, i: usize) -> Vec<String> {
    let s = scenario(h);
    let map = h.state().doc().unwrap().map().clone();
    s.areas[i]
        .hexes(&map)
        .iter()
        .map(|x| x.to_string())
        .collect()
}

#[test]
fn paint_a_set_up_area_see_a_placement_outside_it_and_drops_shaded_by_it() {
    use sztab::editor::scenario::legality::Verdict;
    use sztab::model::{AreaShape, AreaUse, Holder};
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    click(&mut h, "Set-up areas");
    assert_eq!(h.state().tool(), sztab::editor::tools::ToolKind::Areas);
    click(&mut h, "New set-up area");
    // Give it to the 10th Infantry Division, as a constraint.
    h.get_by_role_and_label(egui::accesskit::Role::RadioButton, "a formation")
        .click();
    h.run();
    click(&mut h, "formation");
    click(&mut h, "10ID — 10th Infantry Division");
    assert_eq!(
        scenario(&h).areas[0].holder,
        Holder::Formation("10ID".into())
    );
    assert_eq!(scenario(&h).areas[0].usage, AreaUse::Constraint);
    // One stroke over 0606 and 0607 paints both: one undo step.
    let steps = h.state().doc().unwrap().history().done().len();
    let (a, b) = (hex_pos(&h, "0606"), hex_pos(&h, "0607"));
    drag(&mut h, a, b);
    assert_eq!(area_hexes(&h, 0), vec!["0606", "0607"]);
    assert_eq!(h.state().doc().unwrap().history().done().len(), steps + 1);
    // The third regiment on 0608 is now outside its area: an error with code and rule.
    settle(&mut h);
    let z03: Vec<_> = h
        .state()
        .validator
        .problems()
        .iter()
        .filter(|p| p.code == "Z03")
        .cloned()
        .collect();
    assert_eq!(z03.len(), 1, "{z03:?}");
    assert_eq!(z03[0].subject, Some(Subject::Unit("10ID/85".into())));
    assert_eq!(z03[0].rule, Some("set-up area"));
    // Undo takes the stroke back, the error goes.
    undo(&mut h);
    assert!(area_hexes(&h, 0).is_empty());
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    // Add "within 0 of 0607" (the hex itself) from the panel.
    h.get_by_label("Add a place, zone, distance or line")
        .click();
    h.run();
    type_into(&mut h, "of hex", "0607");
    click(&mut h, "Add distance");
    let shapes = scenario(&h).areas[0].shapes.clone();
    assert!(matches!(
        shapes.last(),
        Some(AreaShape::Within { distance: 0, .. })
    ));
    // Dragging the regiment with the Units tool shades its area: outside it is dimmed.
    click(&mut h, "Units");
    let (from, to) = (hex_pos(&h, "0608"), hex_pos(&h, "0305"));
    h.hover_at(from);
    h.step();
    button(&h, from, true);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 8.0));
        h.step();
    }
    let verdicts = h
        .state()
        .scen
        .dragging
        .clone()
        .expect("dragging shades the map");
    let at = |x: &str| {
        verdicts
            .iter()
            .find(|(y, _)| y.to_string() == x)
            .map(|(_, v)| v.clone())
            .unwrap()
    };
    assert_eq!(at("0606"), Verdict::Legal);
    assert!(matches!(at("0305"), Verdict::OutsideArea(ref n) if n.contains("Set-up area 1")));
    button(&h, from, false);
    h.step();
    h.run();
}

#[test]
fn a_free_set_up_area_takes_its_units_off_their_fixed_hexes() {
    use sztab::model::AreaUse;
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    h.key_press(Key::A);
    h.run();
    assert_eq!(h.state().tool(), sztab::editor::tools::ToolKind::Areas);
    click(&mut h, "New set-up area");
    h.get_by_role_and_label(egui::accesskit::Role::RadioButton, "a formation")
        .click();
    h.run();
    click(&mut h, "formation");
    click(&mut h, "10ID — 10th Infantry Division");
    h.get_by_role_and_label(
        egui::accesskit::Role::RadioButton,
        "Free set-up: its units without a fixed hex are set up inside by their player",
    )
    .click();
    h.run();
    assert_eq!(scenario(&h).areas[0].usage, AreaUse::FreeSetup);
    let (a, b) = (hex_pos(&h, "0506"), hex_pos(&h, "0508"));
    drag(&mut h, a, b);
    click(&mut h, "Set up its 3 unit(s) freely");
    let s = scenario(&h);
    let free: Vec<&str> = s.free_setup.iter().map(|f| f.unit.as_str()).collect();
    assert_eq!(free, vec!["10ID/20", "10ID/41", "10ID/85"]);
    assert!(!s.setup.iter().any(|p| p.unit.as_str().starts_with("10ID")));
    settle(&mut h);
    let errors: Vec<_> = h
        .state()
        .validator
        .problems()
        .iter()
        .filter(|p| p.is_error())
        .cloned()
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    h.get_by_label("Set up freely: 3 unit(s) of formation 10ID");
    // Saved and reopened, the units are still free.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let (b, _) = Bundle::load(&path).unwrap();
    assert_eq!(b.scenario.free_setup.len(), 3);
    undo(&mut h);
    assert!(scenario(&h).free_setup.is_empty());
}

fn click_hex(h: &mut Harness<EditorApp>, s: &str) {
    let pos = hex_pos(h, s);
    h.hover_at(pos);
    h.step();
    button(h, pos, true);
    h.step();
    button(h, pos, false);
    h.run();
}

/// The free set-up fixture copied beside the fixture's map and counters.
fn free_fixture(dir: &Path) -> std::path::PathBuf {
    fixture_copy(dir);
    let to = dir.join("mini-free.scenario.ron");
    std::fs::copy(common::root("tests/fixtures/mini-free.scenario.ron"), &to).unwrap();
    to
}

fn deployed_on(h: &Harness<EditorApp>, unit: &str) -> Option<String> {
    let g = h.state().play.session()?.game();
    let u = g.roster().get(unit)?;
    g.unit_state(u).hex().map(|x| g.hex_id(x).to_string())
}

#[test]
fn the_playtest_opens_a_set_up_phase_where_each_player_sets_up_inside_the_areas() {
    use sztab::editor::playtest::Seat;
    use sztab::systems::wb95::{Decision, Side};
    let dir = tempfile::tempdir().unwrap();
    let path = free_fixture(dir.path());
    let mut h = open(&path);
    click(&mut h, "Play ▶");
    let dialog = h.state_mut().play.start.as_mut().expect("the start dialog");
    assert!(dialog.refused.is_empty(), "{:?}", dialog.refused);
    dialog.seats = [Seat::Human, Seat::Human];
    dialog.fog = false;
    h.run();
    click(&mut h, "Start game");
    let pending = |h: &Harness<EditorApp>| h.state().play.session().unwrap().decision();
    // The Soviet player sets up first; the phase bar says so.
    assert!(matches!(
        pending(&h),
        Some((Side::B, Decision::SetUp { .. }))
    ));
    h.get_by_label_contains("Set-up before turn 1");
    h.get_by_label("To set up (1)");
    // Outside the HQ's area (Alpha and the hexes around it): refused, naming the area.
    click_hex(&mut h, "1307");
    let msg = h.state().play.message.clone().unwrap_or_default();
    assert!(msg.contains("outside HQ 60A's set-up area"), "{msg}");
    click_hex(&mut h, "1105");
    assert_eq!(deployed_on(&h, "HQ 60A").as_deref(), Some("1105"));
    h.get_by_label("Set up (1)");
    click(&mut h, "End set-up ▶");
    // The German player: each click sets up the next regiment.
    assert!(matches!(
        pending(&h),
        Some((Side::A, Decision::SetUp { .. }))
    ));
    h.get_by_label("To set up (3)");
    for x in ["0606", "0607", "0608"] {
        click_hex(&mut h, x);
    }
    assert_eq!(deployed_on(&h, "10ID/20").as_deref(), Some("0606"));
    assert_eq!(deployed_on(&h, "10ID/85").as_deref(), Some("0608"));
    // Pick a regiment on the map and move it before ending the set-up.
    click_hex(&mut h, "0608");
    click_hex(&mut h, "0507");
    assert_eq!(deployed_on(&h, "10ID/85").as_deref(), Some("0507"));
    click(&mut h, "End set-up ▶");
    let g = h.state().play.session().unwrap().game();
    assert!(!g.setting_up());
    assert_eq!(g.turn(), 1);
}

#[test]
fn a_bot_sets_up_its_units_in_the_playtest() {
    use sztab::editor::playtest::{Pace, Seat};
    use sztab::systems::wb95::ai::BotSpec;
    let dir = tempfile::tempdir().unwrap();
    let path = free_fixture(dir.path());
    let mut h = open(&path);
    click(&mut h, "Play ▶");
    let dialog = h.state_mut().play.start.as_mut().unwrap();
    dialog.seats = [Seat::Bot(BotSpec::default()), Seat::Human];
    dialog.fog = false;
    h.run();
    click(&mut h, "Start game");
    h.state_mut().play.pace = Pace::Step;
    h.run();
    // The human Soviet sets up first, then the German bot.
    click_hex(&mut h, "1005");
    click(&mut h, "End set-up ▶");
    // The bot sets up one unit an action, then ends its set-up.
    for _ in 0..4 {
        if h.state().play.session().unwrap().game().setting_up() {
            h.state_mut().play.bot_step();
        }
    }
    h.run();
    assert!(
        !h.state().play.session().unwrap().game().setting_up(),
        "{:?} {:?}",
        h.state().play.session().unwrap().decision(),
        h.state().play.message
    );
    for u in ["10ID/20", "10ID/41", "10ID/85"] {
        let at = deployed_on(&h, u).unwrap_or_else(|| panic!("{u} not set up"));
        let ok = [
            "0505", "0506", "0507", "0508", "0509", "0605", "0606", "0607", "0608", "0609", "0706",
            "0707", "0708", "0705",
        ];
        assert!(ok.contains(&at.as_str()), "{u} on {at}");
    }
}

#[test]
fn the_setup_card_shows_the_areas_and_the_units_set_up_by_the_player() {
    let (b, _) = Bundle::load(&common::root("tests/fixtures/mini-free.scenario.ron")).unwrap();
    let html = sztab::card::html(&b);
    assert!(html.contains("<h2>Set-up areas</h2>"), "{html}");
    assert!(html.contains("<td>Army HQ</td><td>unit HQ 60A</td><td>the player sets its free units up inside</td><td>within 1 of Alpha"), "{html}");
    assert!(html.contains("<td>German bank of the Wisla</td><td>side german</td><td>its units set up inside</td><td>0101&#39;s side of the Wisla (70 hexes)"), "{html}");
    assert_eq!(html.matches("<h3>Set up by the player</h3>").count(), 2);
    assert!(
        html.contains("in German bank of the Wisla and 10th Division front"),
        "{html}"
    );
    assert!(html.contains("in Army HQ</span>"), "{html}");
}

#[test]
fn a_unit_or_hex_named_in_a_problem_is_a_link_that_zooms_the_map_to_it() {
    use egui::accesskit::Role;
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    click(&mut h, "Problems (5)");
    let p09 = h
        .state()
        .validator
        .problems()
        .iter()
        .find(|p| p.code == "P09")
        .cloned()
        .unwrap();
    let Some(Subject::Unit(unit)) = &p09.subject else {
        panic!("{p09:?}")
    };
    let at = scenario(&h)
        .setup
        .iter()
        .find(|p| &p.unit == unit)
        .unwrap()
        .hex;
    let shown = |h: &Harness<EditorApp>, hex: HexId| {
        let app = h.state();
        app.canvas.camera.zoom >= sztab::editor::canvas::SHOW_ZOOM
            && app
                .hex_screen_pos(hex)
                .unwrap()
                .distance(app.canvas.rect().center())
                < 2.0
    };
    h.state_mut().canvas.camera.zoom = 5.0;
    h.run();
    assert!(!shown(&h, at));
    // "unit X is set up on HHHH, where ...": the unit and the hex are links (the unit
    // is named by other warnings too).
    h.get_all_by_role_and_label(Role::Link, unit.as_str())
        .next()
        .unwrap()
        .click();
    h.run();
    assert!(shown(&h, at), "{}", p09.message);
    assert_eq!(h.state().scen.selection.unit.as_ref(), Some(unit));
    // The Problems tab stays open to follow the next link.
    assert_eq!(h.get_all_by_label("Acknowledge…").count(), 5);
    h.state_mut().canvas.camera.zoom = 5.0;
    h.run();
    h.get_all_by_role_and_label(Role::Link, &at.to_string())
        .next()
        .unwrap()
        .click();
    h.run();
    assert!(shown(&h, at));
}
