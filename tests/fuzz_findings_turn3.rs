//! The second round of fuzzing's findings (issue 36, `tests/fuzz-findings/turn3/`), each a
//! named test: every one is refused with an error at its file, line and column, by the
//! loaders every command reads files through, or runs a bounded amount of work. The
//! changed files are the fuzzer's where they are small (in the findings' folders), else
//! rebuilt here from the fixtures by the one change each README.txt describes.
//!
//! How long each takes is not tested here (a debug build on a shared machine says little);
//! `docs/measurements/fuzzing.md` has the times of the release build.

use std::path::{Path, PathBuf};
use std::process::Command;

use sztab::model::limits;
use sztab::model::{Bundle, LoadError};
use sztab::validate::validate_file;

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn finding(name: &str, file: &str) -> String {
    std::fs::read_to_string(root(&format!("tests/fuzz-findings/turn3/{name}/{file}"))).unwrap()
}

/// A copy of the project's content (assets, fixtures, example scenarios) in a temporary
/// folder, laid out as in the project so every relative path in the files holds.
fn content() -> tempfile::TempDir {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            let t = to.join(e.file_name());
            if e.file_type().unwrap().is_dir() {
                copy(&e.path(), &t);
            } else {
                std::fs::copy(e.path(), t).unwrap();
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    for d in ["assets", "tests/fixtures", "scenarios/jov", "scenarios/rtl"] {
        copy(&root(d), &dir.path().join(d));
    }
    dir
}

/// `validate`'s answer: a load error at a file, line and column.
fn located(path: &Path) -> (String, usize, usize, String) {
    match validate_file(path) {
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

/// The 1-based line and column of the first `needle` in `text`.
fn position_of(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let column = text[..at].rsplit('\n').next().unwrap().chars().count() + 1;
    (line, column)
}

/// A `turns` out of range, refused at its value by `validate` and by every loader.
fn refused_turns(scenario: &Path, value: &str) {
    let text = std::fs::read_to_string(scenario).unwrap();
    let (file, line, column, message) = located(scenario);
    assert_eq!(file, scenario.file_name().unwrap().to_string_lossy());
    let (l, c) = position_of(&text, value);
    assert_eq!(line, l, "{message}");
    assert!(
        (c..=c + value.len()).contains(&column),
        "{column}: {message}"
    );
    assert!(
        message.contains(&format!(
            "{value} is out of range: a number of turns is 1 to 400"
        )),
        "{message}"
    );
    // `card`, `render`, `play`, `balance` and the editor load through the registry.
    assert!(sztab::systems::load(scenario).is_err());
}

/// hang-card-generic-turns: `card` of a PanzerBlitz scenario of 4,294,967,295 turns ran
/// for ever (and the same on Roads to Leningrad).
#[test]
fn hang_card_generic_turns_is_refused_at_the_value() {
    let dir = content();
    let s = dir
        .path()
        .join("tests/fixtures/panzerblitz/krasny.scenario.ron");
    std::fs::write(
        &s,
        finding("hang-card-generic-turns", "krasny.scenario.ron"),
    )
    .unwrap();
    refused_turns(&s, "4294967295");
    let rtl = dir.path().join("scenarios/rtl/soltsy-example.scenario.ron");
    let text = std::fs::read_to_string(&rtl).unwrap();
    std::fs::write(
        &rtl,
        text.replacen("    turns: 4,", "    turns: 4294967295,", 1),
    )
    .unwrap();
    refused_turns(&rtl, "4294967295");
}

/// oom-validate-rtl-turns: `validate` made one RT18 error a turn of 10,000,000 turns.
#[test]
fn oom_validate_rtl_turns_is_refused_at_the_value() {
    let dir = content();
    let s = dir.path().join("scenarios/rtl/soltsy-example.scenario.ron");
    std::fs::write(
        &s,
        finding("oom-validate-rtl-turns", "soltsy-example.scenario.ron"),
    )
    .unwrap();
    refused_turns(&s, "10000000");
}

/// oom-validate-jov-turns: `validate` gathered every one of 2,147,483,647 turns.
#[test]
fn oom_validate_jov_turns_is_refused_at_the_value() {
    let dir = content();
    let s = dir.path().join("scenarios/jov/korsun-example.scenario.ron");
    std::fs::write(
        &s,
        finding("oom-validate-jov-turns", "korsun-example.scenario.ron"),
    )
    .unwrap();
    refused_turns(&s, "2147483647");
}

/// slow-play-pb-turns: `play` of 65,535 turns ran for minutes. The bound is 400, the
/// same as WB-95's, and a scenario of 400 turns is accepted.
#[test]
fn slow_play_pb_turns_is_refused_and_400_turns_are_accepted() {
    let dir = content();
    let s = dir
        .path()
        .join("tests/fixtures/panzerblitz/krasny.scenario.ron");
    let text = finding("slow-play-pb-turns", "krasny.scenario.ron");
    std::fs::write(&s, &text).unwrap();
    refused_turns(&s, "65535");
    std::fs::write(&s, text.replace("turns: 65535,", "turns: 400,")).unwrap();
    let report = validate_file(&s).unwrap();
    assert!(
        !report.problems.iter().any(|p| p.is_error()),
        "{:?}",
        report.problems
    );
    std::fs::write(&s, text.replace("turns: 65535,", "turns: 401,")).unwrap();
    refused_turns(&s, "401");
}

/// hang-validate-nested-some: a value in `Some(` 1,000,000 deep parsed at 4 µs a byte.
/// Refused before parsing, at the bracket that passes the bound.
#[test]
fn hang_validate_nested_some_is_refused_at_the_deep_bracket() {
    let dir = content();
    let path = dir
        .path()
        .join("tests/fixtures/panzerblitz/krasny.counters.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let i = text.find("\"attack\": 14").unwrap() + "\"attack\": ".len();
    let depth = 1_000_000;
    let deep = format!(
        "{}{}14{}{}",
        &text[..i],
        "Some(".repeat(depth),
        ")".repeat(depth),
        &text[i + 2..]
    );
    std::fs::write(&path, &deep).unwrap();
    let (file, line, column, message) = located(&path);
    assert_eq!(file, "krasny.counters.ron");
    let (some_line, some_column) = position_of(&deep, "Some(");
    assert_eq!(line, some_line, "{message}");
    // Inside the run of `Some(`, where the 65th bracket of the file opens.
    assert!(
        column > some_column && column < some_column + 5 * limits::NESTING.max,
        "{column}: {message}"
    );
    assert_eq!(
        &deep.lines().nth(line - 1).unwrap()[column - 5..column],
        "Some("
    );
    assert!(message.contains("nested more than 64 deep"), "{message}");
    // Through the scenario too, and with the other brackets.
    let s = dir
        .path()
        .join("tests/fixtures/panzerblitz/krasny.scenario.ron");
    assert!(matches!(validate_file(&s), Err(LoadError::Syntax { .. })));
    for open in ["[", "("] {
        let text = format!("({}1{})", open.repeat(100), "]".repeat(100));
        let e = sztab::model::io::parse::<sztab::model::Map>(&sztab::model::Source::new(
            "deep.map.ron",
            text,
        ))
        .unwrap_err();
        assert!(e.to_string().contains("nested more than 64 deep"), "{e}");
    }
}

/// hang-validate-tables-rows: validating a tables file was quadratic in its rows (16,000
/// rows: over 20 s). A table holds at most 1,000 rows, refused at the first row over; up
/// to the bound every duplicated row is reported where it is, in one pass over the file.
#[test]
fn hang_validate_tables_rows_is_refused_and_the_check_is_linear() {
    let dir = content();
    let path = dir.path().join("tests/fixtures/tables/made-up.tables.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let copied = |n: usize| {
        let mut lines: Vec<&str> = text.split('\n').collect();
        let i = lines
            .iter()
            .position(|l| l.contains("(key: \"2-4\""))
            .unwrap();
        let row = lines[i];
        for _ in 0..n {
            lines.insert(i + 1, row);
        }
        lines.join("\n")
    };
    let t = copied(16_000);
    std::fs::write(&path, &t).unwrap();
    let (file, line, _, message) = located(&path);
    assert_eq!(file, "made-up.tables.ron");
    assert!(
        message.contains("more than 1000 rows in one table"),
        "{message}"
    );
    assert!(
        t.lines().nth(line - 1).unwrap().contains("(key: \"2-4\""),
        "{line}"
    );
    // 900 copies: within the bound, each copy reported at its own line.
    let t = copied(900);
    std::fs::write(&path, &t).unwrap();
    let report = validate_file(&path).unwrap();
    let twice: Vec<_> = report
        .problems
        .iter()
        .filter(|p| p.code == "X02" && p.message.contains("row \"2-4\" is given twice"))
        .collect();
    assert_eq!(twice.len(), 900);
    let first = t.lines().position(|l| l.contains("(key: \"2-4\"")).unwrap() + 1;
    for (k, p) in twice.iter().enumerate() {
        assert_eq!(p.line, Some(first + 1 + k), "{p}");
    }
}

/// oom-card-50mb-scenario: `card` of a 52 MB scenario (one placement copied 1,456,280
/// times) grew a 2.2 GB page. Refused before it is parsed, at its millionth-and-first
/// placement (no list, map or struct holds more than a million items); a set-up list of
/// 20,001 placements is refused at its last by the bound of set-up lists.
#[test]
fn oom_card_50mb_scenario_is_refused_at_the_first_placement_over() {
    let dir = content();
    let path = dir.path().join("tests/fixtures/mini.scenario.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = "        (unit: \"202\", hex: \"0805\"),\n";
    let at = text.find(line).unwrap() + line.len();
    let copied = |n: usize| format!("{}{}{}", &text[..at], line.repeat(n), &text[at..]);
    let setup = text.lines().position(|l| l.contains("setup: [")).unwrap() + 1;
    let big = copied(1_456_279);
    assert!(big.len() > 50_000_000 && (big.len() as u64) < limits::FILE_BYTES);
    std::fs::write(&path, &big).unwrap();
    let (file, line_no, column, message) = located(&path);
    assert_eq!(file, "mini.scenario.ron");
    assert!(
        message.contains("this is item 1000001 of its list, map or struct"),
        "{message}"
    );
    assert_eq!(line_no, setup + limits::LIST_ITEMS.max + 1, "{message}");
    assert_eq!(column, 9, "at the item's bracket");
    assert!(Bundle::load(&path).is_err());
    assert!(sztab::systems::load(&path).is_err());
    // 20,001 placements in all: refused at the last.
    let placed = text[text.find("setup: [").unwrap()..]
        .lines()
        .take_while(|l| !l.trim_start().starts_with(']'))
        .filter(|l| l.contains("(unit:"))
        .count();
    std::fs::write(&path, copied(limits::PLACEMENTS.max + 1 - placed)).unwrap();
    let (_, line_no, _, message) = located(&path);
    assert!(
        message.contains("more than 20000 placements in one set-up list"),
        "{message}"
    );
    assert_eq!(line_no, setup + limits::PLACEMENTS.max + 1, "{message}");
}

/// The fixture with unit 202 copied `n` times (ids X0...) and every copy placed, spread
/// over the map (the finding's make.py).
fn many_units(dir: &Path, n: usize) -> PathBuf {
    let fixtures = dir.join("tests/fixtures");
    let counters = std::fs::read_to_string(fixtures.join("mini.counters.ron")).unwrap();
    let unit_at = counters.find("(id: \"202\",").unwrap();
    let start = counters[..unit_at].rfind('\n').unwrap() + 1;
    let end = unit_at + counters[unit_at..].find('\n').unwrap() + 1;
    let unit = &counters[start..end];
    let copies: String = (0..n)
        .map(|j| unit.replacen("\"202\"", &format!("\"X{j}\""), 1))
        .collect();
    let c = format!("{}{copies}{}", &counters[..end], &counters[end..]);
    std::fs::write(fixtures.join(format!("n{n}.counters.ron")), c).unwrap();
    let hexes: Vec<String> = (1..=14)
        .flat_map(|col| (1..=10).map(move |row| format!("{col:02}{row:02}")))
        .collect();
    let s = std::fs::read_to_string(fixtures.join("mini.scenario.ron"))
        .unwrap()
        .replace(
            "counters: \"mini.counters.ron\"",
            &format!("counters: \"n{n}.counters.ron\""),
        );
    let line = "        (unit: \"202\", hex: \"0805\"),\n";
    let j = s.find(line).unwrap();
    let placed: String = (0..n)
        .map(|k| {
            format!(
                "        (unit: \"X{k}\", hex: \"{}\"),\n",
                hexes[k % hexes.len()]
            )
        })
        .collect();
    let path = fixtures.join(format!("n{n}.scenario.ron"));
    std::fs::write(&path, format!("{}{placed}{}", &s[..j], &s[j..])).unwrap();
    path
}

/// slow-card-render-many-units: `card` and `render --units` were quadratic in the units
/// and skipped the 20,000-unit limit. 40,000 units are refused at load, where every
/// command reads them; at the bound, the card and the counters on the map are drawn.
#[test]
fn slow_card_render_many_units_is_refused_and_the_bound_is_drawn() {
    let dir = content();
    let path = many_units(dir.path(), 40_000);
    // The scenario is read first: its 20,001st placement.
    let (file, line, _, message) = located(&path);
    assert_eq!(file, "n40000.scenario.ron");
    assert!(
        message.contains("more than 20000 placements in one set-up list"),
        "{message}"
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.lines().nth(line - 1).unwrap().contains("(unit: \"X"),
        "{line}"
    );
    // The counters file on its own: its 20,001st unit.
    let (file, line, _, message) = located(&path.with_file_name("n40000.counters.ron"));
    assert_eq!(file, "n40000.counters.ron");
    assert!(
        message.contains("more than 20000 units in a counters file"),
        "{message}"
    );
    let text = std::fs::read_to_string(path.with_file_name("n40000.counters.ron")).unwrap();
    let units = text.lines().position(|l| l.contains("units: [")).unwrap() + 1;
    assert_eq!(line, units + limits::UNITS.max + 1, "{message}");
    // At the bound (with the fixture's own 18 units): loaded, drawn and set up.
    let n = limits::UNITS.max - 18;
    let path = many_units(dir.path(), n);
    let (system, bundle, _) = sztab::systems::load(&path).unwrap();
    let card = sztab::card::html_of(system, bundle.view());
    assert!(card.matches("<svg").count() >= n, "every unit pictured");
    let layer = sztab::systems::seam::counters::setup_layer(system, bundle.view());
    let drawn: usize = layer.stacks.iter().map(|s| s.units.len()).sum();
    assert!(drawn > n);
    let report = validate_file(&path).unwrap();
    assert!(
        !report.problems.iter().any(|p| p.code == "U10"),
        "{:?}",
        report.problems.iter().find(|p| p.code == "U10")
    );
}

/// Every command refuses what passes a bound with the same located message: `validate`,
/// `card`, `render`, `play` (and `odds`, on a WB-95 scenario) exit 2 naming file, line
/// and column.
#[test]
fn every_command_refuses_a_file_over_a_bound_at_its_position() {
    let dir = content();
    let s = dir
        .path()
        .join("tests/fixtures/panzerblitz/krasny.scenario.ron");
    std::fs::write(
        &s,
        finding("hang-card-generic-turns", "krasny.scenario.ron"),
    )
    .unwrap();
    let s = s.to_str().unwrap();
    let out = dir.path().join("out");
    let out = out.to_str().unwrap();
    let wb95 = many_units(dir.path(), 40_000);
    let wb95 = wb95.to_str().unwrap();
    for (args, at) in [
        (vec!["validate", s], "krasny.scenario.ron:12:"),
        (vec!["card", s, "--out", out], "krasny.scenario.ron:12:"),
        (
            vec!["render", s, "--units", "--out", out],
            "krasny.scenario.ron:12:",
        ),
        (
            vec![
                "play",
                s,
                "--bot",
                "german=random",
                "--bot",
                "russian=random",
            ],
            "krasny.scenario.ron:12:",
        ),
        (vec!["card", wb95, "--out", out], "n40000.scenario.ron:"),
        (
            vec!["render", wb95, "--units", "--out", out],
            "n40000.scenario.ron:",
        ),
        (
            vec!["odds", wb95, "--attackers", "0606", "--defender", "0805"],
            "n40000.scenario.ron:",
        ),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_sztab"))
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        let said = format!("{err}{}", String::from_utf8_lossy(&o.stdout));
        assert_eq!(o.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains(at), "{args:?}: {said}");
        assert!(
            said.contains("out of range") || said.contains("more than"),
            "{said}"
        );
    }
    assert!(!Path::new(out).exists(), "nothing written");
}
