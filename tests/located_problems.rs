//! Every problem `validate` reports is at its own file, line and column (issue 19): the
//! value's position comes from the parser's outline of the file, not from searching the
//! text for an id, so a duplicate is reported at the duplicate; the engine's setup
//! checks are located too.

use std::path::{Path, PathBuf};

use sztab::model::{LoadError, Problem};
use sztab::validate::validate_file;

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// The fixture in a temp dir, with `from` replaced by `to` in `file`.
fn mutated(file: &str, from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    for name in ["mini.scenario.ron", "mini.map.ron", "mini.counters.ron"] {
        let mut text = std::fs::read_to_string(root(&format!("tests/fixtures/{name}"))).unwrap();
        text = text.replace(
            "../../assets/",
            &format!("{}/assets/", env!("CARGO_MANIFEST_DIR")),
        );
        if name == file {
            assert!(text.contains(from), "{from:?} is not in {name}");
            text = text.replacen(from, to, 1);
        }
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let scenario = dir.path().join("mini.scenario.ron");
    (dir, scenario)
}

/// Line and column (1-based) of `needle` in the first line of `file` containing `line_with`.
fn expected(dir: &Path, file: &str, line_with: &str, needle: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    let (i, line) = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(line_with))
        .last()
        .unwrap_or_else(|| panic!("no line with {line_with:?} in {file}"));
    let col = line[..line.find(needle).expect("needle on the line")]
        .chars()
        .count();
    (i + 1, col + 1)
}

/// The first problem of `code` whose message contains `text`.
fn problem_with(scenario: &Path, code: &str, text: &str) -> Problem {
    let report = validate_file(scenario).unwrap();
    report
        .problems
        .iter()
        .find(|p| p.code == code && p.message.contains(text))
        .unwrap_or_else(|| panic!("no {code} in {:#?}", report.problems))
        .clone()
}

fn problem(scenario: &Path, code: &str) -> Problem {
    problem_with(scenario, code, "")
}

/// Mutates the fixture, validates, and checks `code` is reported in `file` on the last
/// line containing `line_with`, at `needle`.
fn located(mutation: (&str, &str, &str), code: &str, file: &str, line_with: &str, needle: &str) {
    let (dir, scenario) = mutated(mutation.0, mutation.1, mutation.2);
    let p = problem(&scenario, code);
    let name = p.file.as_deref().and_then(|f| f.file_name());
    assert_eq!(name, Some(file.as_ref()), "{p}");
    let at = expected(dir.path(), file, line_with, needle);
    assert_eq!((p.line, p.column), (Some(at.0), Some(at.1)), "{p}");
}

#[test]
fn a_duplicate_unit_is_reported_at_the_duplicate() {
    let line = "(id: \"10ID/41\", designation: \"41\"";
    let text = std::fs::read_to_string(root("tests/fixtures/mini.counters.ron")).unwrap();
    let full = text.lines().find(|l| l.contains(line)).unwrap().to_owned();
    // The copy comes second: the problem is on it, not on the original.
    located(
        ("mini.counters.ron", &full, &format!("{full}\n{full}")),
        "U01",
        "mini.counters.ron",
        line,
        "\"10ID/41\"",
    );
}

#[test]
fn a_duplicate_side_is_reported_at_the_duplicate() {
    let side = "(id: \"german\", name: \"Germany\", nations: [\"german\"], supply: [Edge(West)]),";
    let (dir, scenario) = mutated(
        "mini.scenario.ron",
        side,
        &format!("{side}\n        {side}"),
    );
    let p = problem_with(&scenario, "S01", "declared twice");
    let at = expected(dir.path(), "mini.scenario.ron", side, "\"german\"");
    assert_eq!((p.line, p.column), (Some(at.0), Some(at.1)), "{p}");
}

#[test]
fn stacking_and_mixed_hexes_are_at_the_placement() {
    // Five German units of 2 CEL on 0605 make 10 CEL: the fifth, 10ID/85, passes 8.
    let (dir, scenario) = mutated(
        "mini.scenario.ron",
        "(unit: \"10ID/20\", hex: \"0606\"),\n        (unit: \"10ID/41\", hex: \"0607\"),\n        (unit: \"10ID/85\", hex: \"0608\"),",
        "(unit: \"10ID/20\", hex: \"0605\"),\n        (unit: \"10ID/41\", hex: \"0605\"),\n        (unit: \"10ID/85\", hex: \"0605\"),",
    );
    let p = problem(&scenario, "P01");
    let at = expected(
        dir.path(),
        "mini.scenario.ron",
        "(unit: \"10ID/85\"",
        "\"0605\"",
    );
    assert_eq!((p.line, p.column), (Some(at.0), Some(at.1)), "{p}");
    located(
        (
            "mini.scenario.ron",
            "(unit: \"307\", hex: \"0806\")",
            "(unit: \"307\", hex: \"0607\")",
        ),
        "P02",
        "mini.scenario.ron",
        "(unit: \"307\"",
        "\"0607\"",
    );
}

#[test]
fn terrain_a_unit_cannot_enter_is_at_its_hex() {
    located(
        (
            "mini.scenario.ron",
            "(unit: \"IIARM/26\", hex: \"1005\")",
            "(unit: \"IIARM/26\", hex: \"0501\")",
        ),
        "P03",
        "mini.scenario.ron",
        "(unit: \"IIARM/26\"",
        "\"0501\"",
    );
}

#[test]
fn a_date_outside_the_scenario_is_at_the_date() {
    located(
        (
            "mini.scenario.ron",
            "(date: \"1943-07-06\", name: \"505",
            "(date: \"1943-07-20\", name: \"505",
        ),
        "S04",
        "mini.scenario.ron",
        "(date: \"1943-07-20\"",
        "\"1943-07-20\"",
    );
}

#[test]
fn counter_and_nation_problems_are_in_the_counters_file() {
    located(
        (
            "mini.counters.ron",
            "kind: Headquarters, size: Corps, movement: Trucked, sp: 0,",
            "kind: Headquarters, size: Corps, movement: Trucked, sp: 1,",
        ),
        "U04",
        "mini.counters.ron",
        "(id: \"HQ XX\"",
        "Headquarters",
    );
    located(
        (
            "mini.counters.ron",
            "volkssturm: 9), supply_mp: 10,",
            "volkssturm: 9), supply_mp: 0,",
        ),
        "L03",
        "mini.counters.ron",
        "supply_mp: 0,",
        "0, hq_range",
    );
}

#[test]
fn rule_switches_and_air_windows_are_at_their_values() {
    located(
        ("mini.scenario.ron", "mines: (dice: 4,", "mines: (dice: 5,"),
        "K02",
        "mini.scenario.ron",
        "mines: (dice: 5,",
        "(dice",
    );
    located(
        ("mini.scenario.ron", "air_per_hex: 2,", "air_per_hex: 1,"),
        "K04",
        "mini.scenario.ron",
        "air_per_hex: 1,",
        "1,",
    );
    located(
        (
            "mini.scenario.ron",
            "choose: 1, from: \"1943-07-05\", until: \"1943-07-08\"",
            "choose: 1",
        ),
        "A01",
        "mini.scenario.ron",
        "(side: \"german\", counters: [\"Ju87\"",
        "(side",
    );
}

#[test]
fn map_problems_are_at_the_hexes_and_their_keys() {
    let text = std::fs::read_to_string(root("tests/fixtures/mini.map.ron")).unwrap();
    let first = text
        .lines()
        .find(|l| l.contains("\"0101\":"))
        .unwrap()
        .to_owned();
    located(
        ("mini.map.ron", &format!("{first}\n"), ""),
        "G01",
        "mini.map.ron",
        "    hexes: {",
        "{",
    );
    located(
        (
            "mini.map.ron",
            &first,
            &format!("{first}\n        \"3001\": (t: \"clear\"),"),
        ),
        "M01",
        "mini.map.ron",
        "\"3001\":",
        "\"3001\"",
    );
}

#[test]
fn an_empty_file_name_is_refused_in_the_file_that_holds_it() {
    let (dir, scenario) = mutated(
        "mini.scenario.ron",
        "counters: \"mini.counters.ron\"",
        "counters: \"\"",
    );
    match validate_file(&scenario) {
        Err(LoadError::Syntax {
            path,
            line,
            column,
            message,
        }) => {
            assert_eq!(path, scenario);
            let at = expected(dir.path(), "mini.scenario.ron", "counters: \"\"", "\"\"");
            assert_eq!((line, column), at, "{message}");
            assert!(message.contains("`counters` is empty"), "{message}");
        }
        other => panic!("expected a located error, got {other:?}"),
    }
}

#[test]
fn a_huge_value_is_quoted_cut_short() {
    let long = "x".repeat(100_000);
    let (_dir, scenario) = mutated(
        "mini.scenario.ron",
        "(unit: \"307\", hex: \"0806\")",
        &format!("(unit: \"{long}\", hex: \"0806\")"),
    );
    let p = problem(&scenario, "U02");
    assert!(p.message.len() < 200, "{} bytes", p.message.len());
    assert!(p.message.contains("…"), "{}", p.message);
}

/// The files of `folder` in a temp dir, their references to `assets/` made absolute, with
/// each `(from, to)` of `edits` made once in `scenario`.
fn system_copy(
    folder: &str,
    scenario: &str,
    edits: &[(&str, &str)],
) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let assets = format!("{}/assets/", env!("CARGO_MANIFEST_DIR"));
    for e in std::fs::read_dir(root(folder)).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        let mut text = std::fs::read_to_string(&p).unwrap();
        text = text.replace("../../../assets/", &assets);
        text = text.replace("../../assets/", &assets);
        if name == scenario {
            for (from, to) in edits {
                assert!(text.contains(from), "{from:?} is not in {name}");
                text = text.replacen(from, to, 1);
            }
        }
        std::fs::write(dir.path().join(&name), text).unwrap();
    }
    let path = dir.path().join(scenario);
    (dir, path)
}

#[test]
fn other_systems_setup_problems_are_at_the_placement_they_name() {
    // Roads to Leningrad: a German battalion set up on a Soviet HQ's hex (RT02, 8.14).
    let (dir, scenario) = system_copy(
        "scenarios/rtl",
        "soltsy-example.scenario.ron",
        &[(
            "(unit: \"de-8s-1\", hex: \"3118\")",
            "(unit: \"de-8s-1\", hex: \"3321\")",
        )],
    );
    let p = problem(&scenario, "RT02");
    assert_eq!(p.file.as_deref(), Some(scenario.as_path()), "{p}");
    let at = expected(
        dir.path(),
        "soltsy-example.scenario.ron",
        "de-8s-1",
        "(unit",
    );
    assert_eq!((p.line, p.column), (Some(at.0), Some(at.1)), "{p}");
    // PanzerBlitz: four German units on 0103, over the stacking limit (PB01).
    let (dir, scenario) = system_copy(
        "tests/fixtures/panzerblitz",
        "krasny.scenario.ron",
        &[
            ("hex: \"0104\"", "hex: \"0103\""),
            ("hex: \"0105\"", "hex: \"0103\""),
            (
                "(unit: \"G/932\", hex: \"0205\")",
                "(unit: \"G/932\", hex: \"0103\")",
            ),
        ],
    );
    let p = problem(&scenario, "PB01");
    assert_eq!(p.file.as_deref(), Some(scenario.as_path()), "{p}");
    let at = expected(dir.path(), "krasny.scenario.ron", "G/411", "(unit");
    assert_eq!((p.line, p.column), (Some(at.0), Some(at.1)), "{p}");
}
