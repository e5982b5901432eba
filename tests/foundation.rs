//! Foundation: file formats, loading with clear errors, atomic saves, schemas, the
//! `validate` CLI, and a fuzz harness that feeds the loaders random and mutated bytes.

use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::prelude::*;
use sztab::hex::{HexId, Hexside};
use sztab::model::check::{check_counters, check_map, check_scenario, check_terrain};
use sztab::model::{
    Bundle, Counters, FileKind, LoadError, Map, Scenario, Source, TerrainCatalogue, io,
};

const FIXTURE: &str = "tests/fixtures/mini.scenario.ron";
const KURSK_TERRAIN: &str = "assets/wb95/kursk-1943.terrain.ron";
const GENERIC_TERRAIN: &str = "assets/wb95/generic.terrain.ron";

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn sztab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn round_trip<T>(kind: FileKind, path: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let src = io::read_text(&root(path)).unwrap();
    let value: T = io::parse(&src).unwrap();
    let text = io::to_ron(kind, &value).unwrap();
    let again: T = io::parse(&Source::new(path, text.clone())).unwrap();
    assert_eq!(value, again, "{path}: load → save → load changed the data");
    // Saving what was loaded from a save is byte-stable.
    assert_eq!(io::to_ron(kind, &again).unwrap(), text);
}

#[test]
fn load_save_load_is_identity_for_every_file_type() {
    round_trip::<TerrainCatalogue>(FileKind::Terrain, KURSK_TERRAIN);
    round_trip::<TerrainCatalogue>(FileKind::Terrain, GENERIC_TERRAIN);
    round_trip::<Map>(FileKind::Map, "tests/fixtures/mini.map.ron");
    round_trip::<Counters>(FileKind::Counters, "tests/fixtures/mini.counters.ron");
    round_trip::<Scenario>(FileKind::Scenario, FIXTURE);
}

#[test]
fn a_one_hex_edit_changes_one_line_of_the_saved_map() {
    let mut map: Map =
        io::parse(&io::read_text(&root("tests/fixtures/mini.map.ron")).unwrap()).unwrap();
    let before = io::to_ron(FileKind::Map, &map).unwrap();
    map.hexes.get_mut(&HexId::new(5, 8)).unwrap().terrain = "hills".into();
    let after = io::to_ron(FileKind::Map, &map).unwrap();
    let (b, a): (Vec<_>, Vec<_>) = (before.lines().collect(), after.lines().collect());
    assert_eq!(b.len(), a.len());
    let changed: Vec<_> = b.iter().zip(&a).filter(|(x, y)| x != y).collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(changed[0].1.contains("\"0508\": (t: \"hills\")"));
    // A river on one more hexside is one more line too.
    map.hexsides.insert(
        Hexside::parse("0508-0509").unwrap(),
        vec![sztab::model::HexsideFeature::new("river")],
    );
    assert_eq!(
        io::to_ron(FileKind::Map, &map).unwrap().lines().count(),
        a.len() + 1
    );
}

#[test]
fn the_fixture_scenario_loads_with_no_problems() {
    let (bundle, problems) = Bundle::load(&root(FIXTURE)).unwrap();
    assert!(problems.is_empty(), "{problems:#?}");
    assert_eq!(bundle.scenario.turns(), 4);
    assert_eq!(bundle.map.grid.len(), 140);
    assert!(
        bundle.map.bridges().count() >= 1,
        "the main road crosses the Wisla"
    );
    assert!(bundle.check().is_empty());
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// A copy of the fixture in a temp dir, with one file's text replaced.
fn broken_copy(file: &str, from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    for name in ["mini.scenario.ron", "mini.map.ron", "mini.counters.ron"] {
        let mut text = std::fs::read_to_string(root(&format!("tests/fixtures/{name}"))).unwrap();
        text = text.replace(
            "../../assets/",
            &format!("{}/assets/", env!("CARGO_MANIFEST_DIR")),
        );
        if name == file {
            assert!(text.contains(from), "{from:?} not in {name}");
            text = text.replacen(from, to, 1);
        }
        write(dir.path(), name, &text);
    }
    let scenario = dir.path().join("mini.scenario.ron");
    (dir, scenario)
}

#[test]
fn a_syntax_error_names_line_and_column() {
    let (_d, path) = broken_copy(
        "mini.scenario.ron",
        "initiative: \"german\",",
        "initiative: \"german\"",
    );
    match Bundle::load(&path) {
        Err(LoadError::Syntax {
            line,
            column,
            message,
            ..
        }) => {
            assert_eq!((line, column), (19, 5), "{message}");
            assert!(message.contains("comma"), "{message}");
        }
        other => panic!("expected a syntax error, got {other:?}"),
    }
}

#[test]
fn a_wrong_value_type_says_what_was_expected() {
    let (_d, path) = broken_copy(
        "mini.scenario.ron",
        "start: \"1943-07-05\"",
        "start: \"5 July\"",
    );
    let err = Bundle::load(&path).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, LoadError::Syntax { line: 11, .. }), "{text}");
    assert!(
        text.contains("\"5 July\" is not a date: expected year-month-day"),
        "{text}"
    );
}

#[test]
fn an_unknown_id_is_named_with_its_position() {
    let (_d, path) = broken_copy(
        "mini.counters.ron",
        "formation: \"10ID\", nation: \"german\", kind: Infantry",
        "formation: \"11ID\", nation: \"german\", kind: Infantry",
    );
    let (_, problems) = Bundle::load(&path).unwrap();
    let p = problems
        .iter()
        .find(|p| p.code == "U03")
        .expect("unknown formation reported");
    assert!(p.message.contains("\"11ID\""), "{}", p.message);
    assert_eq!(
        p.file.as_deref(),
        Some(path.with_file_name("mini.counters.ron").as_path())
    );
    assert_eq!((p.line, p.column), (Some(25), Some(55)));
}

#[test]
fn a_hex_off_the_map_is_reported() {
    let (_d, path) = broken_copy(
        "mini.scenario.ron",
        "(unit: \"307\", hex: \"0806\")",
        "(unit: \"307\", hex: \"3001\")",
    );
    let (_, problems) = Bundle::load(&path).unwrap();
    let p = problems
        .iter()
        .find(|p| p.code == "M01")
        .expect("off-map hex reported");
    assert!(p.message.contains("3001"), "{}", p.message);
    assert!(p.line.is_some());
    // An unknown terrain kind in the map and an unknown unit in the scenario, too.
    let (_d, path) = broken_copy(
        "mini.map.ron",
        "\"0508\": (t: \"clear\")",
        "\"0508\": (t: \"tundra\")",
    );
    let (_, problems) = Bundle::load(&path).unwrap();
    assert!(
        problems
            .iter()
            .any(|p| p.code == "T01" && p.message.contains("tundra") && p.line == Some(61))
    );
    let (_d, path) = broken_copy("mini.scenario.ron", "units: [\"505\"]", "units: [\"506\"]");
    let (_, problems) = Bundle::load(&path).unwrap();
    assert!(
        problems
            .iter()
            .any(|p| p.code == "U02" && p.message.contains("\"506\""))
    );
}

#[test]
fn oversize_inputs_are_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.map.ron");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(io::MAX_FILE_BYTES + 1).unwrap();
    let err = io::load_map(&big).unwrap_err();
    assert!(matches!(err, LoadError::TooLarge { .. }), "{err}");
    assert!(err.to_string().contains("refused"));

    let text = std::fs::read_to_string(root("tests/fixtures/mini.map.ron"))
        .unwrap()
        .replace("cols: 14", "cols: 1001");
    let huge = write(dir.path(), "huge.map.ron", &text);
    let err = io::load_map(&huge).unwrap_err();
    // At the value in the file.
    let line = text.lines().position(|l| l.contains("cols: 1001")).unwrap() + 1;
    assert!(
        matches!(err, LoadError::Syntax { line: l, .. } if l == line),
        "{err}"
    );
    assert!(err.to_string().contains("1001×10"), "{err}");
}

#[test]
fn deeply_nested_input_is_an_error_not_a_crash() {
    let text = format!("({}", "[".repeat(100_000));
    let err = io::parse::<Map>(&Source::new("deep.map.ron", text)).unwrap_err();
    assert!(matches!(err, LoadError::Syntax { .. }));
}

#[test]
fn saves_are_atomic_and_leave_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.counters.ron");
    let counters: Counters =
        io::parse(&io::read_text(&root("tests/fixtures/mini.counters.ron")).unwrap()).unwrap();
    io::save(FileKind::Counters, &path, &counters).unwrap();
    io::save(FileKind::Counters, &path, &counters).unwrap();
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("x.counters.ron")]);
    assert_eq!(io::load_counters(&path).unwrap().value, counters);
    // Saving into a missing directory fails without touching anything.
    assert!(
        io::save(
            FileKind::Counters,
            &dir.path().join("no/such/dir/x.counters.ron"),
            &counters
        )
        .is_err()
    );
}

#[test]
fn schemas_are_up_to_date() {
    for (name, text) in sztab::systems::schema_files() {
        let path = root("schemas").join(name);
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            on_disk == text,
            "{} is out of date: run `cargo run -- schema --out schemas`",
            path.display()
        );
    }
}

#[test]
fn cli_validate_exit_codes() {
    let ok = sztab(&["validate", FIXTURE, KURSK_TERRAIN, GENERIC_TERRAIN]);
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );

    let (_d, path) = broken_copy(
        "mini.scenario.ron",
        "(unit: \"307\", hex: \"0806\")",
        "(unit: \"307\", hex: \"3001\")",
    );
    let bad = sztab(&["validate", path.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&bad.stdout);
    assert_eq!(bad.status.code(), Some(1), "{out}");
    assert!(out.contains("mini.scenario.ron:31:28: error[M01]"), "{out}");

    let json = sztab(&["validate", "--json", path.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v[0]["problems"][0]["code"], "M01");
    assert_eq!(v[0]["problems"][0]["line"], 31);

    let (_d, path) = broken_copy(
        "mini.scenario.ron",
        "initiative: \"german\",",
        "initiative: \"german\"",
    );
    let unparsable = sztab(&["validate", path.to_str().unwrap()]);
    assert_eq!(unparsable.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unparsable.stdout).contains(":19:5: error: expected comma"));
    assert_eq!(
        sztab(&["validate", "no-such-file.scenario.ron"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(sztab(&["validate", "README.md"]).status.code(), Some(2));
}

#[test]
fn cli_schema_writes_the_committed_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let out = sztab(&["schema", "--out", dir.path().to_str().unwrap()]);
    assert!(out.status.success());
    for (name, _) in sztab::systems::schema_files() {
        assert_eq!(
            std::fs::read(dir.path().join(&name)).unwrap(),
            std::fs::read(root("schemas").join(&name)).unwrap()
        );
    }
}

// ---- Fuzzing: random bytes and random mutations of valid files never panic. ----

struct Fixtures {
    texts: Vec<(FileKind, String)>,
    terrain: TerrainCatalogue,
    map: Map,
    counters: Counters,
}

fn fixtures() -> &'static Fixtures {
    static F: std::sync::OnceLock<Fixtures> = std::sync::OnceLock::new();
    F.get_or_init(|| {
        let read = |p: &str| std::fs::read_to_string(root(p)).unwrap();
        let texts = vec![
            (FileKind::Scenario, read(FIXTURE)),
            (FileKind::Map, read("tests/fixtures/mini.map.ron")),
            (FileKind::Counters, read("tests/fixtures/mini.counters.ron")),
            (FileKind::Terrain, read(KURSK_TERRAIN)),
        ];
        let (b, _) = Bundle::load(&root(FIXTURE)).unwrap();
        Fixtures {
            texts,
            terrain: b.terrain,
            map: b.map,
            counters: b.counters,
        }
    })
}

/// Loads bytes as a file of `kind` and runs its reference checks, as the loaders do.
fn load_and_check(kind: FileKind, bytes: Vec<u8>) {
    let f = fixtures();
    let Ok(src) = io::decode(Path::new("fuzz.ron"), bytes) else {
        return;
    };
    match kind {
        FileKind::Terrain => {
            if let Ok(t) = io::parse::<TerrainCatalogue>(&src) {
                check_terrain(&t, &src);
                check_map(&f.map, &t, &src);
            }
        }
        FileKind::Map => {
            if let Ok(m) = io::parse_map(&src) {
                check_map(&m, &f.terrain, &src);
                let s: Scenario =
                    io::parse(&Source::new("s", fixtures().texts[0].1.clone())).unwrap();
                check_scenario(&s, &m, &f.counters, &src);
            }
        }
        FileKind::Counters => {
            if let Ok(c) = io::parse::<Counters>(&src) {
                check_counters(&c, &src);
                let s: Scenario =
                    io::parse(&Source::new("s", fixtures().texts[0].1.clone())).unwrap();
                check_scenario(&s, &f.map, &c, &src);
            }
        }
        FileKind::Scenario => {
            if let Ok(s) = io::parse::<Scenario>(&src) {
                check_scenario(&s, &f.map, &f.counters, &src);
                let _ = s.turns();
            }
        }
    }
}

#[derive(Debug, Clone)]
enum Mutation {
    Flip { at: usize, byte: u8 },
    Delete { at: usize, len: usize },
    Duplicate { at: usize, len: usize, to: usize },
    Token { at: usize, token: &'static str },
}

const TOKENS: &[&str] = &[
    "\"",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\"9999\"",
    "\"0000\"",
    "-1",
    "99999999999999999999",
    "1e308",
    "NaN",
    "Some(",
    "None",
    "\"\\u{0}\"",
    "\"0101-0101\"",
    "\"0101-0909\"",
    "Set(\"1/0\")",
    "cols: 0",
    "ż",
    "/*",
    "//",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Flip { at, byte }),
        (any::<usize>(), 1usize..64).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), 1usize..200, any::<usize>())
            .prop_map(|(at, len, to)| Mutation::Duplicate { at, len, to }),
        (any::<usize>(), proptest::sample::select(TOKENS))
            .prop_map(|(at, token)| Mutation::Token { at, token }),
    ]
}

fn apply(text: &str, muts: &[Mutation]) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    for m in muts {
        let n = b.len().max(1);
        match *m {
            Mutation::Flip { at, byte } => {
                if !b.is_empty() {
                    b[at % n] = byte;
                }
            }
            Mutation::Delete { at, len } => {
                let s = at % n;
                let e = (s + len).min(b.len());
                b.drain(s.min(b.len())..e);
            }
            Mutation::Duplicate { at, len, to } => {
                let s = at % n;
                let e = (s + len).min(b.len());
                let chunk: Vec<u8> = b[s.min(b.len())..e].to_vec();
                let t = to % (b.len() + 1);
                b.splice(t..t, chunk);
            }
            Mutation::Token { at, token } => {
                let t = at % (b.len() + 1);
                b.splice(t..t, token.bytes());
            }
        }
    }
    b
}

fn fuzz_cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

proptest! {
    // 256 cases in the test suite; set PROPTEST_CASES for a longer fuzzing run.
    #![proptest_config(ProptestConfig { cases: fuzz_cases(), failure_persistence: None, .. ProptestConfig::default() })]

    #[test]
    fn fuzz_random_bytes_never_panic(kind in 0usize..4, bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        load_and_check(FileKind::ALL[kind], bytes);
    }

    #[test]
    fn fuzz_mutated_files_never_panic(file in 0usize..4, muts in proptest::collection::vec(mutation(), 1..6)) {
        let (kind, text) = &fixtures().texts[file];
        load_and_check(*kind, apply(text, &muts));
    }
}
