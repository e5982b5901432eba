//! A scenario of a rule system other than WB-95 in the editor, through the seam alone: the
//! toy system (built for the tests) is opened, its forces edited by the fields of its unit
//! schema with undo, saved and read back, checked live by its own rules, drawn on the map,
//! and played by bots in the editor's playtest — the same game `sztab play` plays with the
//! same seed — or by a person at a seat against a bot, on the map (PanzerBlitz too).

use std::path::{Path, PathBuf};
use std::process::Command;

use egui_kittest::kittest::Queryable;
use sztab::editor::EditorApp;
use sztab::editor::described::Seat;
use sztab::editor::document::Document;
use sztab::editor::edit::{Change, Edit, Slot};
use sztab::hex::HexId;
use sztab::model::AttrValue;
use sztab::model::described::Placement;

mod common;
use common::{click, harness, root};

/// The toy valley scenario, map and counters copied into `dir` (the map's catalogue by its
/// absolute path), so saves never touch the fixtures.
fn toy_copy(dir: &Path) -> PathBuf {
    let src = root("tests/fixtures/toy");
    for f in ["valley.scenario.ron", "valley.counters.ron"] {
        std::fs::copy(src.join(f), dir.join(f)).unwrap();
    }
    let map = std::fs::read_to_string(src.join("valley.map.ron")).unwrap();
    let terrain = root("assets/toy/toy.terrain.ron");
    let map = map.replace(
        "\"../../../assets/toy/toy.terrain.ron\"",
        &format!("{:?}", terrain.to_str().unwrap()),
    );
    std::fs::write(dir.join("valley.map.ron"), map).unwrap();
    dir.join("valley.scenario.ron")
}

fn attack_of(doc: &Document, unit: usize) -> Option<AttrValue> {
    let g = doc.described().unwrap();
    g.bundle.counters.units[unit].attrs.get("attack").cloned()
}

#[test]
fn a_toy_scenario_opens_edits_with_undo_and_saves_through_its_system() {
    let dir = tempfile::tempdir().unwrap();
    let path = toy_copy(dir.path());
    let (mut doc, problems) = Document::open(&path).unwrap();
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:#?}");
    let g = doc.described().expect("a described scenario");
    assert_eq!(g.system.id(), "toy");
    assert!(doc.scenario().is_none(), "not a WB-95 scenario");
    assert_eq!(doc.system().unwrap().id(), "toy");

    // A unit's attack, as the Forces table sets it.
    let unit = g.bundle.counters.units[0].clone();
    let mut after = unit.clone();
    after.attrs.insert("attack".into(), AttrValue::Int(5));
    let mut edit = Edit::new("1/1B: Attack");
    edit.push(Change::DescribedUnit(Slot::replace(0, unit, after)));
    doc.apply(edit);
    assert_eq!(attack_of(&doc, 0), Some(AttrValue::Int(5)));
    assert!(doc.is_dirty());
    doc.undo();
    assert_eq!(attack_of(&doc, 0), Some(AttrValue::Int(3)));
    doc.redo();

    // B3 set up on 0303 instead of 0204.
    let setup = doc.described().unwrap().bundle.scenario.setup.clone();
    let i = setup.iter().position(|p| p.unit.as_str() == "B3").unwrap();
    let mut edit = Edit::new("Set up 3/1B");
    edit.push(Change::DescribedPlacement(Slot::replace(
        i,
        setup[i].clone(),
        Placement {
            hex: HexId::parse("0303").unwrap(),
            ..setup[i].clone()
        },
    )));
    doc.apply(edit);
    let written = doc.save().unwrap();
    assert_eq!(
        written.len(),
        2,
        "the scenario and its counters: {written:?}"
    );
    assert!(!doc.is_dirty());

    // Read back through the seam, as `sztab validate` would.
    let (system, bundle, problems) = sztab::systems::load(&path).unwrap();
    assert_eq!(system.id(), "toy");
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:#?}");
    let sztab::systems::AnyBundle::Described(b) = bundle else {
        panic!("a described bundle")
    };
    assert_eq!(b.counters.units[0].attrs["attack"], AttrValue::Int(5));
    let b3 = b.scenario.setup.iter().find(|p| p.unit.as_str() == "B3");
    assert_eq!(b3.unwrap().hex, HexId::parse("0303").unwrap());
}

#[test]
fn the_live_checks_of_a_toy_scenario_are_its_rules_setup_checks() {
    let dir = tempfile::tempdir().unwrap();
    let path = toy_copy(dir.path());
    let mut h = common::open(&path);
    let app = h.state_mut();
    let doc = app.files.doc_mut().unwrap();
    // B2 moved onto B1's hex: one unit a hex (T01).
    let setup = doc.described().unwrap().bundle.scenario.setup.clone();
    let i = setup.iter().position(|p| p.unit.as_str() == "B2").unwrap();
    let mut edit = Edit::new("Set up 2/1B");
    edit.push(Change::DescribedPlacement(Slot::replace(
        i,
        setup[i].clone(),
        Placement {
            hex: setup[0].hex,
            ..setup[i].clone()
        },
    )));
    doc.apply(edit);
    let doc = app.files.doc().unwrap();
    app.validator.check_now(doc);
    let codes: Vec<&str> = app.validator.problems().iter().map(|p| p.code).collect();
    assert!(codes.contains(&"T01"), "{codes:?}");
}

#[test]
fn bots_play_the_toy_scenario_in_the_editor_as_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = toy_copy(dir.path());
    let mut h = harness(EditorApp::open(Some(path.clone())));
    // The Forces table is generated from the toy's unit schema (Game → Forces… shows its
    // tab of the scenario panel).
    click(&mut h, "Game");
    click(&mut h, "Forces…");
    h.get_by_label("Attack");
    h.get_by_label("Tk/1B Attack");
    // R3 (arriving later) is not set up: typing a hex sets it up, one undo step.
    h.get_by_label("3/2R set up at").scroll_to_me();
    h.run();
    common::type_into(&mut h, "3/2R set up at", "0704");
    h.key_press(egui::Key::Enter);
    h.run();
    let doc = h.state().doc().unwrap();
    let setup = &doc.described().unwrap().bundle.scenario.setup;
    let r3 = setup.iter().find(|p| p.unit.as_str() == "R3");
    assert_eq!(r3.map(|p| p.hex), Some(HexId::parse("0704").unwrap()));
    assert_eq!(doc.history().done().len(), 1);
    common::undo(&mut h);
    let doc = h.state().doc().unwrap();
    let setup = &doc.described().unwrap().bundle.scenario.setup;
    assert!(setup.iter().all(|p| p.unit.as_str() != "R3"));
    click(&mut h, "Game");
    click(&mut h, "Play ▶ (playtest)…");
    h.state_mut().described.game.seed = 4;
    click(&mut h, "Start");
    // The map shows the game's position, not the setup, once it has started.
    let app = h.state();
    let layer = app
        .described
        .game_layer(app.doc().unwrap())
        .expect("the game's units");
    assert_eq!(layer.stacks.len(), 5, "the five units set up");
    click(&mut h, "Run");
    for _ in 0..200 {
        if h.state().described.game.result().is_some() {
            break;
        }
        h.step();
    }
    let result = h.state().described.game.result().expect("the game ended");
    assert!(h.state().described.game.error().is_none());

    // The first bot the toy offers sits on both sides by default.
    let bot = sztab::systems::get("toy").unwrap().bots()[0].kind;
    let out = Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args(["play", path.to_str().unwrap(), "--seed", "4"])
        .args([
            "--bot",
            &format!("blue={bot}"),
            "--bot",
            &format!("red={bot}"),
        ])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.contains(&format!("Result: {result}")),
        "{out}\nvs {result}"
    );
}

#[test]
fn the_new_map_dialog_makes_a_map_of_the_chosen_system() {
    let mut h = harness(EditorApp::open(None));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    click(&mut h, "Rule system");
    click(&mut h, "Toy (test system)");
    click(&mut h, "Create");
    let doc = h.state().doc().expect("a new map");
    assert_eq!(doc.map().system.as_str(), "toy");
    assert_eq!(doc.terrain().system.as_str(), "toy");
    // The brush offers the toy catalogue's terrain.
    h.get_by_label("Rough");
}

#[test]
fn the_setup_card_of_a_toy_scenario_is_exported_from_the_editor() {
    let dir = tempfile::tempdir().unwrap();
    let path = toy_copy(dir.path());
    let mut h = harness(EditorApp::open(Some(path)));
    let card = dir.path().join("valley.card.html");
    h.state_mut().export_card(&card);
    let html = std::fs::read_to_string(&card).unwrap();
    assert!(html.contains("Toy: the fight for Hill 7"), "{html}");
    assert!(html.contains("Tk/1B"), "the units of the counter set");
    h.run();
}

/// The toy scenario's playtest with a person at `human`'s seat and the first bot at the
/// other, started.
fn seated_playtest(path: &Path, human: usize) -> egui_kittest::Harness<'static, EditorApp> {
    let mut h = harness(EditorApp::open(Some(path.to_owned())));
    click(&mut h, "Game");
    click(&mut h, "Play ▶ (playtest)…");
    let pt = &mut h.state_mut().described.game;
    pt.seed = 2;
    pt.seats = (0..2)
        .map(|i| {
            if i == human {
                Seat::Human
            } else {
                Seat::Bot("greedy".into())
            }
        })
        .collect();
    click(&mut h, "Start");
    h
}

/// Where `unit` stands in the game on screen.
fn hex_of(h: &egui_kittest::Harness<'static, EditorApp>, unit: &str) -> Option<HexId> {
    let app = h.state();
    let layer = app.described.game_layer(app.doc()?)?;
    layer
        .stacks
        .iter()
        .find(|s| s.units.iter().any(|u| u.as_str() == unit))
        .map(|s| s.hex)
}

#[test]
fn a_person_plays_the_toy_scenario_to_the_end_against_a_bot_on_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let path = toy_copy(dir.path());
    let mut h = seated_playtest(&path, 0);
    let d = h
        .state()
        .described
        .game
        .decision()
        .expect("blue decides first")
        .clone();
    assert!(d.prompt.starts_with("Blue"), "{}", d.prompt);
    // Click a unit, then one of its shaded hexes: it moves there.
    let mv = d
        .choices
        .iter()
        .find(|c| c.label.starts_with("move "))
        .unwrap();
    let (unit, to) = (mv.units[0].clone(), mv.target.unwrap());
    let at = hex_of(&h, &unit).unwrap();
    common::click_hex(&mut h, at);
    assert_eq!(
        h.state().described.game.selected.as_deref(),
        Some(unit.as_str())
    );
    common::click_hex(&mut h, to);
    assert_eq!(
        hex_of(&h, &unit),
        Some(to),
        "{:?}",
        h.state().described.game.message
    );
    // Then attack whenever a unit can (on the map), else end the phase (in the list);
    // the bot plays red's turns by itself.
    let mut attacks = 0;
    for _ in 0..400 {
        if h.state().described.game.result().is_some() {
            break;
        }
        let Some(d) = h.state().described.game.decision().cloned() else {
            h.step();
            continue;
        };
        if let Some(a) = d.choices.iter().find(|c| c.label.contains(" attacks ")) {
            let at = hex_of(&h, &a.units[0]).unwrap();
            common::click_hex(&mut h, at);
            common::click_hex(&mut h, a.target.unwrap());
            attacks += 1;
            continue;
        }
        let end = d
            .general()
            .next()
            .expect("a way to end the phase")
            .label
            .clone();
        click(&mut h, &end);
    }
    let pt = &h.state().described.game;
    let result = pt.result().expect("the game ended");
    assert!(pt.error().is_none(), "{:?}", pt.error());
    assert!(attacks > 0, "blue attacked on the map");
    assert!(
        pt.lines().iter().any(|l| l.contains("game over")),
        "{result}: {:?}",
        pt.lines()
    );
}

/// The PanzerBlitz test situation copied into `dir`, its catalogue by absolute path.
fn krasny_copy(dir: &Path) -> PathBuf {
    let src = root("tests/fixtures/panzerblitz");
    for f in ["krasny.scenario.ron", "krasny.counters.ron"] {
        std::fs::copy(src.join(f), dir.join(f)).unwrap();
    }
    let map = std::fs::read_to_string(src.join("krasny.map.ron")).unwrap();
    let terrain = root("assets/panzerblitz/panzerblitz.terrain.ron");
    let map = map.replace(
        "\"../../../assets/panzerblitz/panzerblitz.terrain.ron\"",
        &format!("{:?}", terrain.to_str().unwrap()),
    );
    std::fs::write(dir.join("krasny.map.ron"), map).unwrap();
    dir.join("krasny.scenario.ron")
}

#[test]
fn a_person_fires_with_the_odds_shown_and_moves_a_panzerblitz_unit_on_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let path = krasny_copy(dir.path());
    // The Russian mortar set up in the open, in sight of the German tanks.
    let text = std::fs::read_to_string(&path).unwrap();
    let text = text.replace(
        "(unit: \"R/82\", hex: \"0907\")",
        "(unit: \"R/82\", hex: \"0406\")",
    );
    std::fs::write(&path, text).unwrap();
    let mut h = seated_playtest(&path, 0);
    // A passenger is drawn in its carrier's stack, marked aboard it.
    let app = h.state();
    let layer = app.described.game_layer(app.doc().unwrap()).unwrap();
    let stack = layer.stack_at(common::hex("0204")).unwrap();
    let aboard: Vec<&str> = stack.faces.iter().map(|f| f.formation.as_str()).collect();
    assert!(aboard.contains(&"aboard G/931"), "{aboard:?}");
    let d = h
        .state()
        .described
        .game
        .decision()
        .expect("the Germans fire first")
        .clone();
    assert!(d.prompt.contains("fire"), "{}", d.prompt);
    let shot = d
        .choices
        .iter()
        .find(|c| c.label.contains(" fires at ") && c.explain.is_some())
        .unwrap_or_else(|| panic!("a unit in range and sight of an enemy: {d:#?}"))
        .clone();
    let (unit, target) = (shot.units[0].clone(), shot.target.unwrap());
    // Pick the unit, point at the target: the window shows the line of sight and odds.
    let at = hex_of(&h, &unit).unwrap();
    common::click_hex(&mut h, at);
    assert_eq!(
        h.state().described.game.selected.as_deref(),
        Some(unit.as_str())
    );
    let p = h.state().hex_screen_pos(target).unwrap();
    h.hover_at(p);
    h.run();
    h.get_by_label_contains("line of sight");
    h.get_by_label_contains("attack");
    // Clicking the target plans the shot; firing resolves it.
    common::click_hex(&mut h, target);
    let d = h.state().described.game.decision().unwrap().clone();
    let fire = d
        .general()
        .find(|c| c.label.starts_with("fire the 1 planned"))
        .expect("the planned shot can be fired")
        .label
        .clone();
    click(&mut h, &fire);
    let pt = &h.state().described.game;
    assert!(
        pt.lines().iter().any(|l| l.contains(&target.to_string())),
        "{:?}",
        pt.lines()
    );
    // The combat is marked on its hex, and named in the window with its odds and roll.
    let mark = pt.last_combat.clone().expect("the last combat is marked");
    assert_eq!(mark.hex, target);
    assert!(mark.text.contains(", roll "), "{}", mark.text);
    h.get_by_label_contains(&format!("Last combat on {target}: "));
    let pt = &h.state().described.game;
    // The vehicle movement step: another unit moves on the map.
    let d = pt.decision().expect("the Germans move").clone();
    let mv = d
        .choices
        .iter()
        .find(|c| c.label.starts_with("move ") && c.units[0] != unit)
        .unwrap();
    let (mover, to) = (mv.units[0].clone(), mv.target.unwrap());
    // A stack: each click on it picks the next of its units.
    for _ in 0..4 {
        if h.state().described.game.selected.as_deref() == Some(mover.as_str()) {
            break;
        }
        let at = hex_of(&h, &mover).unwrap();
        common::click_hex(&mut h, at);
    }
    common::click_hex(&mut h, to);
    assert_eq!(
        hex_of(&h, &mover),
        Some(to),
        "{:?}",
        h.state().described.game.message
    );
}

#[test]
fn a_person_aims_a_selective_attack_and_sees_the_minefield_and_a_wreck_on_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let path = krasny_copy(dir.path());
    // A rifle and an SMG company stacked in the open in sight of the German tanks; a
    // Russian wreck beside the minefield.
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace(
            "(unit: \"R/103\", hex: \"0704\")",
            "(unit: \"R/103\", hex: \"0406\")",
        )
        .replace(
            "(unit: \"R/121\", hex: \"0704\")",
            "(unit: \"R/121\", hex: \"0406\")",
        )
        .replace(
            "(unit: \"R/mines\", hex: \"0404\"),",
            "(unit: \"R/mines\", hex: \"0404\"), (unit: \"R/wreck\", hex: \"0305\"),",
        );
    std::fs::write(&path, text).unwrap();
    let counters = dir.path().join("krasny.counters.ron");
    let text = std::fs::read_to_string(&counters).unwrap().replace(
        "    ],\n)",
        "        (id: \"R/wreck\", designation: \"Wreck\", nation: \"russian\", attrs: {\"pic\": 0, \"type\": \"wreck\", \"attack\": 0, \"class\": \"-\", \"range\": 0, \"defense\": 0, \"movement\": 0}),\n    ],\n)",
    );
    std::fs::write(&counters, text).unwrap();
    let mut h = seated_playtest(&path, 0);
    // The minefield and the wreck are in the game's features and listed in the window.
    let features = h.state().described.game.features().to_vec();
    assert!(
        features
            .iter()
            .any(|f| f.kind == "minefield" && f.hex == common::hex("0404")),
        "{features:?}"
    );
    assert!(
        features
            .iter()
            .any(|f| f.kind == "wreck" && f.hex == common::hex("0305") && f.side == Some(1)),
        "{features:?}"
    );
    h.get_by_label("minefield on 0404");
    h.get_by_label("wreck (Russian) on 0305");
    // A tank's selective attack on the weakest unit of the stack, the SMG.
    let d = h.state().described.game.decision().unwrap().clone();
    let shot = d
        .choices
        .iter()
        .find(|c| {
            c.label
                .contains(" fires at SMG R/121 on 0406 (selective attack, 1-")
        })
        .unwrap_or_else(|| panic!("a selective attack on the SMG: {d:#?}"))
        .clone();
    let unit = shot.units[0].clone();
    for _ in 0..4 {
        if h.state().described.game.selected.as_deref() == Some(unit.as_str()) {
            break;
        }
        let at = hex_of(&h, &unit).unwrap();
        common::click_hex(&mut h, at);
    }
    // Clicking the stack asks which attack: the whole stack, or one of its units.
    common::click_hex(&mut h, common::hex("0406"));
    h.get_by_label_contains("the whole stack (combination attack");
    // Pointing at the selective attack shows its breakdown: the SMG's defense alone.
    h.get_by_label(&shot.label).hover();
    h.run();
    h.get_by_label_contains("target: R/121 (defense 12, non-armored)");
    click(&mut h, &shot.label);
    let d = h.state().described.game.decision().unwrap().clone();
    let fire = d
        .general()
        .find(|c| c.label.starts_with("fire the 1 planned"))
        .expect("the selective attack can be fired")
        .clone();
    assert!(
        fire.explain
            .as_deref()
            .is_some_and(|e| e.contains(&format!("0406: selective attack by {unit} at R/121"))),
        "{:?}",
        fire.explain
    );
    click(&mut h, &fire.label);
    let pt = &h.state().described.game;
    assert!(
        pt.lines()
            .iter()
            .any(|l| l.contains(&format!("selective fire on 0406 (R/121) by {unit}"))),
        "{:?}",
        pt.lines()
    );
}

#[test]
fn the_new_scenario_dialog_makes_a_scenario_of_the_chosen_system() {
    let dir = tempfile::tempdir().unwrap();
    toy_copy(dir.path());
    let (map, counters) = (
        dir.path().join("valley.map.ron"),
        dir.path().join("valley.counters.ron"),
    );
    let mut h = harness(EditorApp::open(None));
    click(&mut h, "File");
    click(&mut h, "New scenario…");
    click(&mut h, "Rule system");
    click(&mut h, "Toy (test system)");
    common::type_into(&mut h, "Title", "The ford");
    common::type_into(&mut h, "Map file", map.to_str().unwrap());
    click(&mut h, "an existing counter set");
    common::type_into(&mut h, "Counter file", counters.to_str().unwrap());
    click(&mut h, "Create scenario");
    let doc = h.state().doc().expect("a new scenario");
    let g = doc.described().expect("a scenario of the toy system");
    assert_eq!(g.system.id(), "toy");
    let s = &g.bundle.scenario;
    assert_eq!(s.title, "The ford");
    let sides: Vec<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    assert_eq!(sides, ["blue", "red"], "the counter set's nations");
    assert_eq!(s.first.as_str(), "blue");
    // Save As (which the dialog asks for next) writes a scenario its system reads.
    let path = dir.path().join("ford.scenario.ron");
    h.state_mut().doc_mut().unwrap().save_as(&path).unwrap();
    let (system, _, problems) = sztab::systems::load(&path).unwrap();
    assert_eq!(system.id(), "toy");
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:#?}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("map: \"valley.map.ron\""), "{text}");
}

#[test]
fn a_panzerblitz_situation_plays_to_the_end_with_bots_in_the_playtest() {
    let path = root("scenarios/panzerblitz/01-rear-area-raid.scenario.ron");
    let mut h = harness(EditorApp::open(Some(path)));
    click(&mut h, "Game");
    click(&mut h, "Play ▶ (playtest)…");
    h.state_mut().described.game.seed = 3;
    click(&mut h, "Start");
    let EditorApp {
        files, described, ..
    } = h.state_mut();
    described.game.run_to_end(files.doc().unwrap());
    let pt = &h.state().described.game;
    assert!(pt.error().is_none(), "{:?}", pt.error());
    let result = pt.result().expect("the situation ends");
    assert!(result.contains("after turn"), "{result}");
    h.run();
}

/// Roads to Leningrad through the same playtest, with no code of its own in the editor:
/// its example plays to a result with random bots, and its Strongpoint is on the map.
#[test]
fn a_roads_to_leningrad_example_plays_to_the_end_with_bots_in_the_playtest() {
    let path = root("scenarios/rtl/soltsy-example.scenario.ron");
    let mut h = harness(EditorApp::open(Some(path)));
    click(&mut h, "Game");
    click(&mut h, "Play ▶ (playtest)…");
    h.state_mut().described.game.seed = 3;
    click(&mut h, "Start");
    let pt = &h.state().described.game;
    assert!(
        pt.features().iter().any(|f| f.kind == "strongpoint"),
        "{:?}",
        pt.features()
    );
    let EditorApp {
        files, described, ..
    } = h.state_mut();
    described.game.run_to_end(files.doc().unwrap());
    let pt = &h.state().described.game;
    assert!(pt.error().is_none(), "{:?}", pt.error());
    let result = pt.result().expect("the example ends");
    assert!(result.contains("after turn 4"), "{result}");
    h.run();
}

#[test]
fn the_balance_lab_plays_the_toy_scenario_through_its_system() {
    let dir = tempfile::tempdir().unwrap();
    let path = toy_copy(dir.path());
    let mut h = harness(EditorApp::open(Some(path.clone())));
    click(&mut h, "Game");
    click(&mut h, "Balance lab…");
    assert!(h.state().lab.open);
    h.get_by_role_and_label(egui::accesskit::Role::SpinButton, "Games")
        .set_value_accesskit(8.0);
    h.run();
    let config = h.state().lab.setup.config();
    assert_eq!(config.games, 8);
    click(&mut h, "Run the games");
    common::wait_for_lab(&mut h);
    let study = h.state().lab.study().expect("a finished study").clone();
    let s = h.state().lab.summary().unwrap().clone();
    assert_eq!(s.games, 8);
    assert_eq!(s.errors, 0, "{:?}", study.records);
    assert_eq!(s.wins[0] + s.wins[1] + s.no_winner, 8);
    // The very games the balance runner plays for the toy through the seam.
    let (system, bundle, _) = sztab::systems::load(&path).unwrap();
    let playable = system.prepare(bundle.view()).unwrap();
    let again = sztab::balance::run(
        &playable,
        &sztab::balance::Config {
            jobs: Some(1),
            ..config
        },
        &|_| {},
        &std::sync::atomic::AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(again.records, study.records);
    // The results are on screen, with their speed.
    h.get_by_label_contains("games/s");
}

/// Where every unit of the game on screen stands.
fn positions(h: &egui_kittest::Harness<'static, EditorApp>) -> Vec<(String, HexId)> {
    let app = h.state();
    let layer = app
        .described
        .game_layer(app.doc().unwrap())
        .expect("a game");
    let mut v: Vec<(String, HexId)> = layer
        .stacks
        .iter()
        .flat_map(|s| s.units.iter().map(|u| (u.as_str().to_owned(), s.hex)))
        .collect();
    v.sort();
    v
}

#[test]
fn a_panzerblitz_game_is_saved_replayed_and_resumed_in_the_playtest() {
    let dir = tempfile::tempdir().unwrap();
    let path = root("scenarios/panzerblitz/01-rear-area-raid.scenario.ron");
    let mut h = harness(EditorApp::open(Some(path)));
    click(&mut h, "Game");
    click(&mut h, "Play ▶ (playtest)…");
    h.state_mut().described.game.seed = 3;
    click(&mut h, "Start");
    let setup = positions(&h);
    let played = 40;
    for _ in 0..played {
        let EditorApp {
            files, described, ..
        } = h.state_mut();
        described.game.step(files.doc().unwrap());
    }
    h.run();
    let moved = positions(&h);
    assert_ne!(moved, setup, "units have moved in {played} actions");

    // Save game… writes the seam's log beside the scenario's name.
    let file = dir.path().join("raid.game.ron");
    click(&mut h, "Save game…");
    common::type_into(&mut h, "Path", &file.display().to_string());
    click(&mut h, "Save game file");
    let text = std::fs::read_to_string(&file).expect("the game saved");
    assert!(text.contains("system: \"panzerblitz\""), "{text}");
    let note = h.state().described.game.note.clone().unwrap();
    assert!(note.contains("40 actions"), "{note}");

    // The replay bar steps through the game so far.
    click(&mut h, "Replay…");
    let game =
        |h: &egui_kittest::Harness<'static, EditorApp>| h.state().described.game.replay_position();
    assert_eq!(game(&h), Some((played, played)));
    assert_eq!(positions(&h), moved);
    click(&mut h, "⏮ Start");
    assert_eq!(game(&h), Some((0, played)));
    assert_eq!(positions(&h), setup, "the start is the setup");
    h.get_by_label("Last: the start of the game");
    click(&mut h, "Phase forward ▶▶");
    let (phase, _) = game(&h).unwrap();
    assert!(
        phase > 0 && phase < played,
        "a phase of several actions: {phase}"
    );
    click(&mut h, "Action forward ▶");
    assert_eq!(game(&h), Some((phase + 1, played)));
    click(&mut h, "End ⏭");
    assert_eq!(positions(&h), moved);

    // A new game, then the saved one loaded: it opens at its last position and plays on.
    click(&mut h, "New game");
    assert_eq!(game(&h), None);
    click(&mut h, "Load game…");
    common::type_into(&mut h, "Path", &file.display().to_string());
    click(&mut h, "Load game file");
    assert_eq!(
        game(&h),
        Some((played, played)),
        "{:?}",
        h.state().described.game.error()
    );
    assert_eq!(positions(&h), moved);
    click(&mut h, "◀ Action back");
    click(&mut h, "Play from here");
    assert_eq!(game(&h), None, "out of the replay");
    let EditorApp {
        files, described, ..
    } = h.state_mut();
    described.game.run_to_end(files.doc().unwrap());
    let pt = &h.state().described.game;
    assert!(pt.error().is_none(), "{:?}", pt.error());
    assert!(
        pt.result()
            .expect("the resumed game ends")
            .contains("after turn")
    );
    h.run();
}

#[test]
fn both_jaws_of_victory_examples_play_to_the_end_with_bots_in_the_playtest() {
    for example in ["korsun-example", "korsun-two-sheets"] {
        let path = root(&format!("scenarios/jov/{example}.scenario.ron"));
        let mut h = harness(EditorApp::open(Some(path)));
        click(&mut h, "Game");
        click(&mut h, "Play ▶ (playtest)…");
        h.state_mut().described.game.seed = 3;
        click(&mut h, "Start");
        let EditorApp {
            files, described, ..
        } = h.state_mut();
        described.game.run_to_end(files.doc().unwrap());
        let pt = &h.state().described.game;
        assert!(pt.error().is_none(), "{example}: {:?}", pt.error());
        let result = pt.result().expect("the example ends");
        assert!(!result.is_empty(), "{example}");
        h.run();
    }
}

/// Issue 33, printed labels: a PanzerBlitz unit is set up by typing the label printed on
/// the board ("2-G-8"), its field shows the printed label, and a label the map does not
/// have stays in the field, red, with the reason beside it.
#[test]
fn a_panzerblitz_unit_is_set_up_by_its_printed_hex_label() {
    let dir = tempfile::tempdir().unwrap();
    let situations = root("scenarios/panzerblitz");
    let text = std::fs::read_to_string(situations.join("01-rear-area-raid.scenario.ron"))
        .unwrap()
        .replace(
            "map: \"maps/side-1-2-3.map.ron\"",
            &format!("map: {:?}", situations.join("maps/side-1-2-3.map.ron")),
        )
        .replace(
            "counters: \"panzerblitz.counters.ron\"",
            &format!(
                "counters: {:?}",
                situations.join("panzerblitz.counters.ron")
            ),
        );
    let path = dir.path().join("raid.scenario.ron");
    std::fs::write(&path, text).unwrap();
    let mut h = harness(EditorApp::open(Some(path)));
    click(&mut h, "Game");
    click(&mut h, "Forces…");
    let b = &h.state().doc().unwrap().described().unwrap().bundle;
    let cp = b
        .counters
        .units
        .iter()
        .find(|u| u.id.as_str() == "G/201")
        .unwrap();
    let field = format!("{} set up at", cp.designation);
    assert_eq!(b.map.label_of(HexId::parse("0717").unwrap()), "2-G-7");
    h.get_by_label(&field).scroll_to_me();
    h.run();
    assert_eq!(h.get_by_label(&field).value().as_deref(), Some("2-G-7"));
    common::type_into(&mut h, &field, "2-G-8");
    h.key_press(egui::Key::Enter);
    h.run();
    let placed = |h: &egui_kittest::Harness<EditorApp>| {
        let b = &h.state().doc().unwrap().described().unwrap().bundle;
        b.scenario
            .setup
            .iter()
            .find(|p| p.unit.as_str() == "G/201")
            .map(|p| p.hex)
    };
    assert_eq!(placed(&h), Some(HexId::parse("0718").unwrap()));
    assert_eq!(h.get_by_label(&field).value().as_deref(), Some("2-G-8"));
    // A label no board prints is kept, red, with why.
    common::type_into(&mut h, &field, "4-G-8");
    h.key_press(egui::Key::Enter);
    h.run();
    h.get_by_label_contains("\"4-G-8\" is no hex of this map");
    assert_eq!(placed(&h), Some(HexId::parse("0718").unwrap()));
}

/// Issue 32: a click on a stack lists every unit on it, passengers and all, with their
/// sides, markers and carriers.
#[test]
fn a_click_on_a_stack_lists_its_units_with_passengers() {
    let dir = tempfile::tempdir().unwrap();
    let path = krasny_copy(dir.path());
    // The passenger listed before its carrier: the map still puts the carrier on top.
    let (truck, rifles) = (
        "(unit: \"G/931\", hex: \"0204\"),",
        "(unit: \"G/101\", hex: \"0204\", state: {\"aboard\": \"G/931\"}),",
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(truck) && text.contains(rifles));
    let text = text
        .replace(truck, "TRUCK")
        .replace(rifles, truck)
        .replace("TRUCK", rifles);
    std::fs::write(&path, text).unwrap();
    let mut h = seated_playtest(&path, 0);
    common::click_hex(&mut h, common::hex("0204"));
    h.get_by_label_contains("Stack on 0204 (2)");
    // Both, the passenger naming its carrier.
    h.get_by_label_contains(" G/931, ");
    h.get_by_label_contains("aboard G/931");
    // On the map the carrier is drawn on top of its passenger (the first is on top).
    let app = h.state();
    let layer = app.described.game_layer(app.doc().unwrap()).unwrap();
    let stack = layer.stacks.iter().find(|s| s.hex == common::hex("0204"));
    assert_eq!(stack.unwrap().units[0].as_str(), "G/931");
}

/// Issue 32: a person's move is taken back with the playtest's Take back button (that a
/// rolled die stops it is the engines' test, `p21_...`).
#[test]
fn take_back_returns_a_moved_unit() {
    let dir = tempfile::tempdir().unwrap();
    let path = toy_copy(dir.path());
    let mut h = seated_playtest(&path, 0);
    let d = h.state().described.game.decision().unwrap().clone();
    let mv = d
        .choices
        .iter()
        .find(|c| c.label.starts_with("move "))
        .unwrap()
        .clone();
    let (unit, to) = (mv.units[0].clone(), mv.target.unwrap());
    let from = hex_of(&h, &unit).unwrap();
    common::click_hex(&mut h, from);
    common::click_hex(&mut h, to);
    assert_eq!(hex_of(&h, &unit), Some(to));
    click(&mut h, "Take back");
    assert_eq!(hex_of(&h, &unit), Some(from), "the unit is back");
    assert!(
        h.state()
            .described
            .game
            .lines()
            .iter()
            .any(|l| l.starts_with("taken back: ")),
        "{:?}",
        h.state().described.game.lines()
    );
    let m = h.state().described.game.decision().unwrap();
    assert!(
        m.choices.iter().any(|c| c.label == mv.label),
        "the move is offered again"
    );
}

/// Issue 32: the line-of-sight probe works during a game: while it is the active tool the
/// map's clicks go to it, from any hex (an enemy unit's too), and the game waits.
#[test]
fn the_line_of_sight_probe_works_during_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = krasny_copy(dir.path());
    let mut h = seated_playtest(&path, 0);
    let actions = h.state().described.game.decision().map(|d| d.choices.len());
    click(&mut h, "Line of sight");
    h.get_by_label_contains("The map's clicks go to the probe");
    let enemy = hex_of(&h, "R/82").expect("a Russian unit on the map");
    common::click_hex(&mut h, enemy);
    common::click_hex(&mut h, common::hex("0204"));
    assert!(
        h.query_by_label_contains(" sees 0204: ").is_some()
            || h.query_by_label_contains(" does not see 0204: ").is_some(),
        "the probe answered"
    );
    let pt = &h.state().described.game;
    assert!(
        pt.selected.is_none(),
        "no unit was picked by the probe's clicks"
    );
    assert_eq!(
        pt.decision().map(|d| d.choices.len()),
        actions,
        "nothing was chosen"
    );
}

/// Issue 32: the stack window says whether the enemy spots a stack in cover, and a
/// carrier's unloading heads its list of choices.
#[test]
fn units_in_cover_say_if_spotted_and_a_carrier_lists_unloading_first() {
    let dir = tempfile::tempdir().unwrap();
    let path = krasny_copy(dir.path());
    let mut h = seated_playtest(&path, 0);
    // The Russian rifle company in Krasny, no German unit next to it.
    common::click_hex(&mut h, common::hex("0604"));
    h.get_by_label_contains("Stack on 0604");
    h.get_by_label_contains("unspotted in cover");
    click(&mut h, "end the fire step without firing");
    // The halftrack with the rifle platoon aboard.
    common::click_hex(&mut h, common::hex("0204"));
    let d = h.state().described.game.decision().unwrap().clone();
    let first = d.of_unit("G/931").next().unwrap();
    assert!(first.label.contains("unloads"), "{}", first.label);
    assert!(
        d.of_unit("G/931")
            .filter(|c| c.label.starts_with("move "))
            .all(|c| c.mark.as_deref().is_some_and(|m| m.ends_with(" left"))),
        "every move marks its MF left"
    );
    h.get_by_label_contains("unloads Rifle");
}
