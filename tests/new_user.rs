//! What a new user of the editor tripped over (issue 33, "Editor craft and speed"), each
//! driven with egui_kittest as they did it.

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sztab::editor::EditorApp;
use sztab::editor::tools::ToolKind;
use sztab::hex::{HexId, Hexside};

mod common;
use common::{click, click_hex, copy_content, hex, open, root, route_sides};

/// A shipped scenario of `system` with its folder and assets copied into `dir`, so edits
/// and autosaves stay there.
fn example(dir: &Path, system: &str, folder: &str, name: &str) -> PathBuf {
    copy_content(dir, folder, system).join(format!("{name}.scenario.ron"))
}

fn opened(path: &str) -> Harness<'static, EditorApp> {
    open(&root(path))
}

#[test]
fn a_scenario_of_every_system_opens_with_the_units_tool() {
    for path in [
        "scenarios/panzerblitz/01-rear-area-raid.scenario.ron",
        "scenarios/rtl/soltsy-example.scenario.ron",
        "scenarios/jov/korsun-example.scenario.ron",
        "scenarios/kursk-1943/armored-claws.scenario.ron",
    ] {
        let h = opened(path);
        assert_eq!(h.state().tool(), ToolKind::Units, "{path}");
    }
    // A map opens with the brush, and a scenario opened after it with Units again.
    let mut h = opened("scenarios/panzerblitz/boards/board-1.map.ron");
    assert_eq!(h.state().tool(), ToolKind::Brush);
    h.state_mut()
        .load(&root("scenarios/rtl/soltsy-example.scenario.ron"));
    h.run();
    assert_eq!(h.state().tool(), ToolKind::Units);
}

fn first_kinds(h: &Harness<EditorApp>, sides: &[Hexside]) -> Vec<Option<String>> {
    let m = h.state().doc().unwrap().map();
    sides
        .iter()
        .map(|s| m.roads.get(s).map(|r| r.first().to_string()))
        .collect()
}

/// The issue's "Upgrade existing roads" box became "Existing roads: Keep / Replace / Add
/// beside": only Replace may give a Main route the Secondary kind.
#[test]
fn a_secondary_route_along_a_main_route_leaves_it_main_unless_replacing() {
    let dir = tempfile::tempdir().unwrap();
    let path = example(dir.path(), "wb95", "kursk-1943", "armored-claws");
    let mut h = open(&path);
    h.state_mut().set_tool(ToolKind::Roads);
    h.run();
    click(&mut h, "Road kind");
    click(&mut h, "Secondary route");
    click(&mut h, "Route");
    let (a, b) = (hex("1424"), hex("1922"));
    let sides = route_sides(&h, a, b);
    let before = first_kinds(&h, &sides);
    let main = before
        .iter()
        .filter(|k| k.as_deref() == Some("main"))
        .count();
    assert!(main >= 3, "the route follows the Main route: {before:?}");
    for existing in ["Replace", "Keep", "Add beside"] {
        click(&mut h, existing);
        click_hex(&mut h, a);
        click_hex(&mut h, b);
        // North.map.ron is shared with other scenarios: the first edit asks about it.
        if h.query_by_label("Edit the shared map").is_some() {
            click(&mut h, "Edit the shared map");
        }
        let after = first_kinds(&h, &sides);
        let m = h.state().doc().unwrap().map();
        for (k, s) in sides.iter().enumerate() {
            let kinds: Vec<&str> = m.roads[s].iter().map(|k| k.as_str()).collect();
            match (existing, before[k].as_deref()) {
                // Only Replace, chosen, gives the Main route the Secondary kind.
                ("Replace", _) => assert_eq!(kinds, ["secondary"], "{s}"),
                (_, None) => assert_eq!(kinds, ["secondary"], "{existing}: {s}"),
                ("Keep", Some(w)) => assert_eq!(kinds, [w], "{existing}: {s}"),
                (_, Some(w)) => {
                    assert_eq!(after[k].as_deref(), Some(w), "{existing}: {s}");
                    assert!(kinds.contains(&"secondary"), "{s}: {kinds:?}");
                }
            }
        }
        common::undo(&mut h);
        assert_eq!(first_kinds(&h, &sides), before, "{existing} undone");
    }
}

/// Two neighbouring hexes near the middle of the open map.
fn neighbours_in_the_middle(h: &Harness<EditorApp>) -> (HexId, HexId) {
    let m = h.state().doc().unwrap().map();
    let mut ids: Vec<HexId> = m.hexes.keys().copied().collect();
    ids.sort_by_key(|x| (x.col, x.row));
    let a = ids[ids.len() / 2];
    let b = m
        .grid
        .neighbours(a)
        .find(|n| m.hexes.contains_key(n))
        .unwrap();
    (a, b)
}

/// Draws a road from `a` to `b` with the Roads tool (Drag mode) and adds a feature to
/// `a` with the Hex features tool; returns the road's kinds and `a`'s features.
fn road_and_feature(h: &mut Harness<EditorApp>) -> (Vec<String>, Vec<String>) {
    let (a, b) = neighbours_in_the_middle(h);
    h.state_mut().set_tool(ToolKind::Roads);
    h.run();
    let (pa, pb) = (
        h.state().hex_screen_pos(a).unwrap(),
        h.state().hex_screen_pos(b).unwrap(),
    );
    common::drag_between(h, pa, pb);
    h.state_mut().set_tool(ToolKind::Features);
    h.run();
    click_hex(h, a);
    let m = h.state().doc().unwrap().map();
    let roads = m
        .roads
        .get(&Hexside::new(a, b).unwrap())
        .map(|r| r.iter().map(|k| k.to_string()).collect())
        .unwrap_or_default();
    let features = m.hexes[&a].features.iter().map(|f| f.to_string()).collect();
    (roads, features)
}

#[test]
fn road_kinds_and_features_chosen_in_one_system_do_not_carry_into_another() {
    let dir = tempfile::tempdir().unwrap();
    let wb95 = example(dir.path(), "wb95", "kursk-1943", "armored-claws");
    let pb = example(
        dir.path(),
        "panzerblitz",
        "panzerblitz",
        "01-rear-area-raid",
    );
    let rtl = example(dir.path(), "rtl", "rtl", "soltsy-example");
    let jov = example(dir.path(), "jov", "jov", "korsun-example");
    let board = pb.parent().unwrap().join("boards/board-1.map.ron");
    let jov_map = jov.with_file_name("korsun-example.map.ron");

    let mut h = open(&wb95);
    h.state_mut().set_tool(ToolKind::Roads);
    h.run();
    click(&mut h, "Road kind");
    click(&mut h, "Secondary route");
    h.state_mut().set_tool(ToolKind::Features);
    h.run();
    click(&mut h, "Feature");
    click(&mut h, "Swamp");
    // The choices hold for the next document of the same catalogue.
    h.state_mut().load(&wb95);
    h.run();
    h.state_mut().set_tool(ToolKind::Roads);
    h.run();
    assert_eq!(
        h.get_by_label("Road kind").value().as_deref(),
        Some("Secondary route")
    );

    h.state_mut().load(&board);
    h.run();
    assert_eq!(
        road_and_feature(&mut h),
        (vec!["road".to_owned()], vec!["gully".to_owned()]),
        "PanzerBlitz's first road kind and feature"
    );
    assert!(h.state().error().is_none(), "{:?}", h.state().error());

    h.state_mut().load(&rtl);
    h.run();
    h.state_mut().set_tool(ToolKind::Roads);
    h.run();
    click(&mut h, "Road kind");
    click(&mut h, "Main road");
    h.state_mut().load(&jov_map);
    h.run();
    let (roads, features) = road_and_feature(&mut h);
    assert_eq!(roads, ["primary_road"], "JoV's first road kind");
    assert_eq!(features, ["village"]);
}

#[test]
fn route_mode_starts_at_its_own_first_click_not_at_the_end_of_a_drag() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&common::map_fixture_copy(dir.path()));
    h.state_mut().set_tool(ToolKind::Roads);
    h.run();
    let (a, b) = (hex("0303"), hex("0304"));
    let (pa, pb) = (
        h.state().hex_screen_pos(a).unwrap(),
        h.state().hex_screen_pos(b).unwrap(),
    );
    common::drag_between(&mut h, pa, pb);
    assert!(
        h.state()
            .doc()
            .unwrap()
            .map()
            .roads
            .contains_key(&Hexside::new(a, b).unwrap())
    );
    click(&mut h, "Route");
    let (c, d) = (hex("1003"), hex("1007"));
    let sides = route_sides(&h, c, d);
    let before = h.state().doc().unwrap().map().roads.clone();
    click_hex(&mut h, c);
    assert!(
        h.state().status.starts_with("road from 1003"),
        "{}",
        h.state().status
    );
    assert_eq!(h.state().doc().unwrap().map().roads, before, "nothing yet");
    click_hex(&mut h, d);
    let m = h.state().doc().unwrap().map();
    for s in &sides {
        assert!(m.roads.contains_key(s), "{s} on the route 1003-1007");
    }
    // Nothing was laid from the drag's end (0304) towards 1003.
    let added = m.roads.len() - before.len();
    assert!(added <= sides.len(), "{added} segments for {}", sides.len());
}

#[test]
fn a_short_stroke_along_one_hexside_paints_that_hexside_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&example(dir.path(), "wb95", "kursk-1943", "armored-claws"));
    h.state_mut().set_tool(ToolKind::Hexsides);
    h.run();
    let (at, below) = (hex("1703"), hex("1704"));
    let side = Hexside::new(at, below).unwrap();
    let before = h.state().doc().unwrap().map().hexsides.clone();
    assert!(!before.contains_key(&side));
    let points: Vec<egui::Pos2> = (1..=9)
        .map(|k| {
            h.state()
                .hexside_screen_pos(side, k as f32 / 10.0, at)
                .unwrap()
        })
        .collect();
    common::drag(&mut h, &points, egui::Modifiers::NONE);
    let after = &h.state().doc().unwrap().map().hexsides;
    let changed: Vec<String> = after
        .iter()
        .filter(|(s, f)| before.get(s) != Some(f))
        .map(|(s, _)| s.to_string())
        .collect();
    assert_eq!(changed, [side.to_string()]);
}

#[test]
fn ctrl_o_gives_the_path_field_the_keyboard() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&common::fixture_copy(dir.path()));
    assert_eq!(h.state().tool(), ToolKind::Units);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run();
    let start = h.get_by_label("Path").value().unwrap_or_default();
    // Typed as a keyboard types: a key press and its text.
    for c in ["b", "r", "f"] {
        h.key_press(egui::Key::from_name(c).unwrap());
        h.event(egui::Event::Text(c.to_owned()));
        h.run();
    }
    assert_eq!(h.state().tool(), ToolKind::Units, "no tool shortcut fired");
    assert_eq!(
        h.get_by_label("Path").value().unwrap_or_default(),
        format!("{start}brf")
    );
}

/// The playtest window's place and size on screen.
fn playtest_rect(h: &Harness<EditorApp>) -> egui::Rect {
    h.ctx
        .memory(|m| {
            m.area_rect(egui::Id::unique(Some(std::borrow::Cow::Borrowed(
                "Playtest",
            ))))
        })
        .expect("the playtest window is open")
}

#[test]
fn the_playtest_window_keeps_its_place_follows_its_log_and_forgets_the_last_game() {
    let mut h = opened("scenarios/panzerblitz/01-rear-area-raid.scenario.ron");
    click(&mut h, "Game");
    click(&mut h, "Play ▶ (playtest)…");
    {
        let pt = &mut h.state_mut().described.game;
        pt.seed = 2;
        pt.seats = vec![
            sztab::editor::described::Seat::Human,
            sztab::editor::described::Seat::Bot("greedy".into()),
        ];
    }
    click(&mut h, "Start");
    let at_start = playtest_rect(&h);
    let new_game = h.get_by_label("New game").rect();
    // A person's choices one after another (the first general one: ending a phase), the
    // bot playing its turns in between.
    let mut actions = 0;
    for _ in 0..200 {
        if actions >= 12 || h.state().described.game.result().is_some() {
            break;
        }
        let Some(d) = h.state().described.game.decision().cloned() else {
            h.step();
            continue;
        };
        let label = d
            .general()
            .next()
            .expect("a choice of no unit")
            .label
            .clone();
        click(&mut h, &label);
        actions += 1;
        assert_eq!(playtest_rect(&h), at_start, "after {actions} choices");
        assert_eq!(h.get_by_label("New game").rect(), new_game);
    }
    assert!(actions >= 12);
    // The newest line of the log is in view, inside the window.
    let lines = h.state().described.game.lines().to_vec();
    assert!(lines.len() > 20, "{}", lines.len());
    let last = h
        .query_all_by_label(lines.last().unwrap())
        .last()
        .expect("the last line is drawn")
        .rect();
    let window = playtest_rect(&h);
    assert!(
        window.contains(last.center()),
        "{last:?} outside {window:?}"
    );
    // Another scenario: the game and its log are gone.
    h.state_mut().load(&root(
        "scenarios/panzerblitz/02-advance-on-nikopol.scenario.ron",
    ));
    h.run();
    assert!(h.state().described.game.lines().is_empty());
    assert!(h.state().described.game.result().is_none());
    assert!(h.query_by_label(lines.last().unwrap()).is_none());
}

/// Runs frames until the live validation has checked the current document.
fn settle(h: &mut Harness<EditorApp>) {
    let t = std::time::Instant::now();
    loop {
        h.step();
        let app = h.state();
        if !app.doc().is_some_and(|d| app.validator.busy(d)) {
            break;
        }
        assert!(t.elapsed().as_secs() < 60, "validation never finished");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    h.run();
}

fn codes(h: &Harness<EditorApp>, code: &str) -> usize {
    h.state()
        .validator
        .problems()
        .iter()
        .filter(|p| p.code == code)
        .count()
}

#[test]
fn a_new_formation_area_binds_nobody_until_painted_and_behind_the_lines_is_shaded() {
    use sztab::editor::scenario::legality::Verdict;
    use sztab::model::Holder;
    use sztab::model::area::ResolvedAreas;
    use sztab::model::area_check::ScenarioOob;
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&example(dir.path(), "wb95", "kursk-1943", "armored-claws"));
    settle(&mut h);
    let (z02, z03) = (codes(&h, "Z02"), codes(&h, "Z03"));
    let problems = h.state().validator.problems().len();
    click(&mut h, "Set-up areas");
    click(&mut h, "New set-up area");
    h.get_by_role_and_label(egui::accesskit::Role::RadioButton, "a formation")
        .click();
    h.run();
    let doc = h.state().doc().unwrap();
    let (s, c) = (doc.scenario().unwrap(), doc.counters().unwrap());
    let Holder::Formation(f) = &s.areas.last().unwrap().holder else {
        panic!("{:?}", s.areas.last().unwrap().holder)
    };
    assert!(
        c.formation(f.as_str()).unwrap().parent.is_some(),
        "{f}: not an army's root"
    );
    // Not painted yet: one problem for the area (Z02), none for its units.
    settle(&mut h);
    assert_eq!(codes(&h, "Z02"), z02 + 1);
    assert_eq!(codes(&h, "Z03"), z03);
    assert_eq!(h.state().validator.problems().len(), problems + 1);
    common::undo(&mut h);
    common::undo(&mut h);
    settle(&mut h);

    // A stack of units no area binds, dragged: hexes behind the enemy's lines are shaded
    // as such, not legal.
    let doc = h.state().doc().unwrap();
    let b = doc.bundle().unwrap();
    let (s, c) = (&b.scenario, &b.counters);
    let oob = ScenarioOob::new(s, c);
    let areas = ResolvedAreas::new(&s.areas, &b.map);
    let free = |u: &sztab::model::UnitId| areas.for_unit(&s.areas, u, &oob, false).is_none();
    let at = s
        .setup
        .iter()
        .map(|p| p.hex)
        .find(|&x| s.setup.iter().filter(|p| p.hex == x).all(|p| free(&p.unit)))
        .expect("a stack no area binds");
    h.state_mut().set_tool(ToolKind::Units);
    h.run();
    let from = h.state().hex_screen_pos(at).unwrap();
    h.hover_at(from);
    h.step();
    common::button(&h, from, true, egui::Modifiers::NONE);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + egui::vec2(6.0 * k as f32, 0.0));
        h.step();
    }
    let verdicts = h.state().scen.dragging.clone().expect("dragging shades");
    common::button(&h, from, false, egui::Modifiers::NONE);
    h.run();
    let control: std::collections::HashMap<HexId, String> = h
        .state()
        .validator
        .control()
        .iter()
        .map(|(x, side)| (*x, side.to_string()))
        .collect();
    let grid = h.state().doc().unwrap().map().grid;
    let own = control[&at].clone();
    let behind: Vec<HexId> = verdicts
        .iter()
        .filter(|(_, v)| *v == Verdict::BehindEnemyLines)
        .map(|(x, _)| *x)
        .collect();
    assert!(behind.len() > 20, "{} hexes behind the lines", behind.len());
    for x in &behind {
        for n in std::iter::once(*x).chain(grid.neighbours(*x)) {
            assert!(control.get(&n).is_some_and(|c| *c != own), "{x}: {n}");
        }
    }
    assert!(verdicts.iter().any(|(_, v)| *v == Verdict::Legal));
}

/// Every text drawn this frame with its colour.
fn texts(h: &Harness<EditorApp>) -> Vec<(String, egui::Color32)> {
    h.output()
        .shapes
        .iter()
        .filter_map(|c| match &c.shape {
            egui::Shape::Text(t) => Some((
                t.galley.text().to_owned(),
                t.galley
                    .job
                    .sections
                    .first()
                    .map_or(t.fallback_color, |s| s.format.color),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn no_warnings_is_not_drawn_in_the_warning_colour() {
    use sztab::editor::validation::panel::WARNING;
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&example(dir.path(), "wb95", "kursk-1943", "armored-claws"));
    settle(&mut h);
    assert_eq!(
        h.state().validator.warnings(),
        0,
        "every warning acknowledged"
    );
    let shown: Vec<_> = texts(&h)
        .into_iter()
        .filter(|(t, _)| t.starts_with("0 warnings"))
        .collect();
    assert!(!shown.is_empty());
    for (t, c) in shown {
        assert_ne!(c, WARNING, "{t}");
    }
}

/// A feature drawn with the texture of a terrain kind looks like that terrain: Roads to
/// Leningrad's Hill looked like its Rough.
#[test]
fn no_shipped_feature_is_textured_like_a_terrain_of_its_catalogue() {
    use sztab::model::Pattern;
    for dir in std::fs::read_dir(root("assets")).unwrap() {
        for f in std::fs::read_dir(dir.unwrap().path()).unwrap() {
            let path = f.unwrap().path();
            if !path.to_string_lossy().ends_with(".terrain.ron") {
                continue;
            }
            let cat = sztab::model::io::load_terrain(&path).unwrap().value;
            for feature in &cat.features {
                if feature.pattern == Pattern::Plain {
                    continue;
                }
                for t in &cat.terrain {
                    assert_ne!(
                        t.pattern,
                        feature.pattern,
                        "{}: {} and {}",
                        path.display(),
                        t.id,
                        feature.id
                    );
                }
            }
        }
    }
}

#[test]
fn at_fit_the_minimap_covers_no_hex_of_a_composed_map() {
    for path in [
        "scenarios/kursk-1943/kursk-prochorowka.map.ron",
        "scenarios/jov/korsun-two-sheets.map.ron",
    ] {
        let h = opened(path);
        let mini = h.state().canvas.minimap_rect();
        assert!(mini.width() >= 60.0, "{path}: {mini:?}");
        let m = h.state().doc().unwrap().map();
        let covered: Vec<String> = m
            .hexes
            .keys()
            .filter(|&&x| mini.contains(h.state().hex_screen_pos(x).unwrap()))
            .map(|x| x.to_string())
            .collect();
        assert!(covered.is_empty(), "{path}: {mini:?} covers {covered:?}");
    }
}
