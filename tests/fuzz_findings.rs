//! The mutation fuzzer's findings (issue 19), each rebuilt from the fixture by the one
//! change the fuzzer made: every one is refused with an error at its file, line and
//! column, or handled quickly, and none panics or hangs.

use std::path::{Path, PathBuf};

use sztab::model::{Bundle, LoadError};
use sztab::systems::wb95::Game;
use sztab::systems::wb95::ai::{BotSpec, Player, play_out};
use sztab::validate::validate_file;

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// The fixture in a temp dir with the terrain catalogue beside the map (the layout of
/// the fuzzer's minimal reproducers), after `edit` changed one file's text.
fn fixture_with(file: &str, edit: impl Fn(String) -> String) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("mini.scenario.ron", "tests/fixtures/mini.scenario.ron"),
        ("mini.map.ron", "tests/fixtures/mini.map.ron"),
        ("mini.counters.ron", "tests/fixtures/mini.counters.ron"),
        (
            "kursk-1943.terrain.ron",
            "assets/wb95/kursk-1943.terrain.ron",
        ),
    ];
    for (name, from) in files {
        let mut text = std::fs::read_to_string(root(from)).unwrap();
        text = text.replace("../../assets/wb95/", "");
        if name == file {
            text = edit(text);
        }
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let scenario = dir.path().join("mini.scenario.ron");
    (dir, scenario)
}

/// The fixture with `from` replaced by `to` (once) in `file`.
fn mutated(file: &str, from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    fixture_with(file, |t| {
        assert!(t.contains(from), "{from:?} is not in {file}");
        t.replacen(from, to, 1)
    })
}

/// The load error of a scenario whose files hold a value out of range.
fn refused_at(scenario: &Path) -> (String, usize, usize, String) {
    match validate_file(scenario) {
        Err(LoadError::Syntax {
            path,
            line,
            column,
            message,
        }) => (
            path.file_name().unwrap().to_string_lossy().into_owned(),
            line,
            column,
            message,
        ),
        other => panic!("expected a located load error, got {other:?}"),
    }
}

/// Column (1-based) of `needle` in line `line` of `text`.
fn column_of(text: &str, line: usize, needle: &str) -> usize {
    let l = text.lines().nth(line - 1).unwrap();
    l[..l.find(needle).unwrap()].chars().count() + 1
}

fn check_refusal(file: &str, from: &str, to: &str, value: &str, what: &str) {
    let (dir, scenario) = mutated(file, from, to);
    let (name, line, column, message) = refused_at(&scenario);
    let text = std::fs::read_to_string(dir.path().join(file)).unwrap();
    let expected_line = text.lines().position(|l| l.contains(to)).unwrap() + 1;
    assert_eq!(name, file);
    assert_eq!(line, expected_line, "{message}");
    let start = column_of(&text, line, value);
    assert!(
        (start..start + value.len()).contains(&column),
        "column {column} is not on {value} (from {start}): {message}"
    );
    assert!(message.contains(what), "{message}");
    // `play` and the editor load through the same path, so they refuse it too.
    assert!(Bundle::load(&scenario).is_err());
}

/// min-r1, panic board.rs:305: a CM of 127 overflowed the sum of a hex's CMs.
#[test]
fn a_combat_modifier_of_127_is_refused_at_its_position() {
    check_refusal(
        "kursk-1943.terrain.ron",
        "foot: Set(1)), combat_cm: 0)",
        "foot: Set(1)), combat_cm: 127)",
        "127",
        "127 is out of range: a combat modifier is -12 to 12",
    );
}

/// min-r2, panic supply.rs:151: a river cost of -32769 overflowed the supply trace.
#[test]
fn a_negative_river_cost_is_refused_at_its_position() {
    check_refusal(
        "kursk-1943.terrain.ron",
        "crossing: (trucked: Add(1), mechanized: Add(1), foot: Add(1)), combat_cm: 1)",
        "crossing: (trucked: Add(-32769), mechanized: Add(1), foot: Add(1)), combat_cm: 1)",
        "-32769",
        "a movement cost in MP is 0 to 30",
    );
}

/// min-r3, panic reach.rs:175: an HQ cost of -129 in swamp made `play` grow to 22 GB.
#[test]
fn a_negative_hq_cost_is_refused_at_its_position() {
    check_refusal(
        "kursk-1943.terrain.ron",
        "hq: Set(5)), combat_cm: 1, no_field_fortification: true)",
        "hq: Set(-129)), combat_cm: 1, no_field_fortification: true)",
        "-129",
        "-129 is out of range",
    );
}

/// min-r4 and hang-play-e2c39a: an HQ cost of "-1/3" in mountains ran `play` out of memory.
#[test]
fn a_negative_fractional_cost_is_refused_at_its_position() {
    check_refusal(
        "kursk-1943.terrain.ron",
        "foot: Set(3), hq: Set(5)), combat_cm: 2)",
        "foot: Set(3), hq: Set(\"-1/3\")), combat_cm: 2)",
        "\"-1/3\"",
        "-1/3 is out of range",
    );
}

/// tests/fuzz.rs: an MP of -2147483648 (the smallest i32) overflowed taking its size.
#[test]
fn the_smallest_i32_as_a_cost_is_refused_at_its_position() {
    check_refusal(
        "kursk-1943.terrain.ron",
        "crossing: (trucked: Add(1), mechanized: Add(1), foot: Add(1)), combat_cm: 1)",
        "crossing: (trucked: Add(-2147483648), mechanized: Add(1), foot: Add(1)), combat_cm: 1)",
        "-2147483648",
        "-2147483648 MP is out of range",
    );
}

/// Values beyond their type (a u8 SP of 300) get the same message as any out of range.
#[test]
fn an_sp_beyond_its_type_names_the_range() {
    check_refusal(
        "mini.counters.ron",
        "movement: Foot, sp: 4, mp: 4, cel: 2, reduced: (sp: 2)),",
        "movement: Foot, sp: 300, mp: 4, cel: 2, reduced: (sp: 2)),",
        "300",
        "300 is out of range: a strength (SP) is 0 to 60",
    );
}

/// min-r5a, panic ai/heuristic/combat.rs:257: a counter of 0 SP whose reduced side has
/// 2. Each value is in range, so the file loads; the check refuses the counter and the
/// game does not start.
#[test]
fn a_reduced_side_stronger_than_the_full_side_is_refused() {
    let (_dir, scenario) = mutated(
        "mini.counters.ron",
        "\"10ID/85\", designation: \"85\", formation: \"10ID\", nation: \"german\", kind: Infantry, size: Regiment, movement: Foot, sp: 4,",
        "\"10ID/85\", designation: \"85\", formation: \"10ID\", nation: \"german\", kind: Infantry, size: Regiment, movement: Foot, sp: 0,",
    );
    let report = validate_file(&scenario).unwrap();
    let p = report
        .problems
        .iter()
        .find(|p| p.code == "U05")
        .expect("U05");
    assert!(p.is_error() && p.message.contains("10ID/85"), "{p}");
    assert!(p.message.contains("stronger than its full side"), "{p}");
    assert_eq!(
        p.file.as_deref().and_then(|f| f.file_name()),
        Some("mini.counters.ron".as_ref())
    );
    assert!(p.line.is_some() && p.column.is_some(), "{p}");
    let (bundle, _) = Bundle::load(&scenario).unwrap();
    assert!(Game::new(&bundle, 148).is_err());
}

/// The same finding, had the check been skipped: the heuristic bot's loss estimate
/// must not overflow on a counter whose reduced side is the stronger.
#[test]
fn the_heuristic_bot_survives_a_stronger_reduced_side() {
    let (_dir, scenario) = mutated(
        "mini.counters.ron",
        "\"10ID/85\", designation: \"85\", formation: \"10ID\", nation: \"german\", kind: Infantry, size: Regiment, movement: Foot, sp: 4,",
        "\"10ID/85\", designation: \"85\", formation: \"10ID\", nation: \"german\", kind: Infantry, size: Regiment, movement: Foot, sp: 0,",
    );
    let (bundle, _) = Bundle::load(&scenario).unwrap();
    let prepared = sztab::systems::wb95::prepared::Prepared::new(&bundle);
    let mut game = Game::start(prepared, 148);
    let mut players: Vec<(sztab::model::SideId, Box<dyn Player>)> = vec![
        (
            "german".into(),
            "heuristic:1".parse::<BotSpec>().unwrap().build(1),
        ),
        ("soviet".into(), BotSpec::RANDOM.build(2)),
    ];
    // Any end is fine (a result, or a bot's illegal move on this odd counter): no panic.
    let _ = play_out(&mut game, &mut players, 20_000, |_, _, _| {});
}

/// A scenario whose list was duplicated many times (min-s20000, hang-validate-*): the
/// checks are linear, every duplicate is reported, and validation ends.
fn duplicated(file: &str, line_containing: &str, copies: usize) -> (tempfile::TempDir, PathBuf) {
    fixture_with(file, |t| {
        let line = t
            .lines()
            .find(|l| l.contains(line_containing))
            .unwrap()
            .to_owned();
        let extra = format!("{line}\n").repeat(copies);
        t.replacen(&format!("{line}\n"), &format!("{line}\n{extra}"), 1)
    })
}

#[test]
fn twenty_thousand_duplicated_sides_are_each_reported() {
    let (_dir, scenario) = duplicated("mini.scenario.ron", "(id: \"german\", name:", 20_000);
    let report = validate_file(&scenario).unwrap();
    let twice = report
        .problems
        .iter()
        .filter(|p| p.code == "S01" && p.message.contains("declared twice"))
        .count();
    assert_eq!(twice, 20_000);
}

/// Duplicates up to the bound of a set-up list (`limits::PLACEMENTS`, 20,000; the
/// fixture has 19 placements of its own): each unit placed twice is reported once.
#[test]
fn duplicated_placements_are_each_reported() {
    let (_dir, scenario) = duplicated("mini.scenario.ron", "(unit: \"307\"", 19_900);
    let report = validate_file(&scenario).unwrap();
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.code == "U01" && p.message.contains("placed 19901 times"))
    );
}

/// hang-validate-292a14 and hang-play-5f5beb: tens of thousands of VP awards, each
/// evaluated every turn: refused at load (issue 36: the bound is checked where every
/// command reads the file) at the first award over the 100 a scenario may have.
#[test]
fn tens_of_thousands_of_vp_awards_are_refused() {
    let (dir, scenario) = duplicated("mini.scenario.ron", "(vp: 3, event: CrossRiver(", 50_000);
    let (file, line, _, message) = refused_at(&scenario);
    assert_eq!(file, "mini.scenario.ron");
    assert!(
        message.contains("more than 100 VP awards or automatic victories in a scenario"),
        "{message}"
    );
    let text = std::fs::read_to_string(dir.path().join(file)).unwrap();
    assert!(
        text.lines()
            .nth(line - 1)
            .unwrap()
            .contains("(vp: 3, event: CrossRiver("),
        "{line}: {message}"
    );
    assert!(Bundle::load(&scenario).is_err());
}

/// A scenario of thousands of turns would play for ever: refused.
#[test]
fn a_scenario_of_thousands_of_turns_is_refused() {
    let (_dir, scenario) = mutated(
        "mini.scenario.ron",
        "end: \"1943-07-08\"",
        "end: \"9999-07-08\"",
    );
    let report = validate_file(&scenario).unwrap();
    let p = report
        .problems
        .iter()
        .find(|p| p.code == "S02")
        .expect("S02");
    assert!(p.message.contains("at most 400"), "{p}");
}
