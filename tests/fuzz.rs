//! Property fuzzing of the four file kinds through the loaders, the checks and the rules
//! engine (issue 19). Each input is a fixture file changed value by value through its
//! outline (a number replaced by an extreme, an id by another, a list item copied many
//! times or deleted, two values swapped) or byte by byte; the changed file joins the
//! fixture's other files, and the scenario is loaded, checked, located, drawn as a setup
//! card and, when sound, started and played by bots for a few dozen actions. No input
//! may panic or hang: a watchdog aborts the run naming the input when one case takes
//! longer than `FUZZ_HANG_SECS` (default 300: a debug build on a loaded machine may take a
//! minute over a large input; a hang takes forever).
//!
//! The test suite runs `FUZZ_CASES` cases per file kind (default 200, about a second
//! each in a debug build). A long run optimizes the crate but keeps the debug build's
//! overflow checks and debug assertions:
//!
//! ```sh
//! cargo test --config 'profile.dev.package.sztab.opt-level=2' --test fuzz \
//!   -- --nocapture --test-threads=2          # with FUZZ_CASES=250000 in the environment
//! ```
//!
//! prints, per kind, the inputs run, how many parsed, passed the checks, started a game,
//! and the slowest case. A panic fails the test with the smallest changed file found.
//!
//! The files of every other system (PanzerBlitz, Roads to Leningrad, The Jaws of Victory,
//! the toy game), the tables files and the composed maps are fuzzed below the WB-95 part,
//! through the commands' own loaders (`FUZZ_SYSTEM_CASES` cases per test, else
//! `FUZZ_CASES`); the long run's command and figures are in `docs/measurements/fuzzing.md`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use sztab::model::check::{check_counters, check_map, check_scenario, check_terrain};
use sztab::model::outline::Outline;
use sztab::model::{
    Bundle, Counters, FileKind, Map, Scenario, Source, Sources, TerrainCatalogue, io,
};
use sztab::render::{Layers, render_map_units};
use sztab::systems::wb95::ai::{BotSpec, Player, play_out};
use sztab::systems::wb95::prepared::Prepared;
use sztab::systems::wb95::{Game, setup_check};

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

// ---- the fixture ----

struct Fixture {
    /// The texts mutated, by kind: scenario (two of them), map, counters, terrain.
    texts: Vec<(FileKind, String)>,
    bundle: Bundle,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let read = |p: &str| std::fs::read_to_string(root(p)).unwrap();
        let (bundle, _) = Bundle::load(&root("tests/fixtures/mini.scenario.ron")).unwrap();
        Fixture {
            texts: vec![
                (FileKind::Scenario, read("tests/fixtures/mini.scenario.ron")),
                (
                    FileKind::Scenario,
                    read("tests/fixtures/mini-free.scenario.ron"),
                ),
                (FileKind::Map, read("tests/fixtures/mini.map.ron")),
                (FileKind::Counters, read("tests/fixtures/mini.counters.ron")),
                (
                    FileKind::Terrain,
                    read("assets/wb95/kursk-1943.terrain.ron"),
                ),
            ],
            bundle,
        }
    })
}

// ---- mutations ----

/// Values that break ranges, types and references. A value is mostly replaced by one of
/// its own shape (a number by a number), so most inputs still parse and go deeper.
const TOKENS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "-0",
    "3",
    "8",
    "9",
    "12",
    "13",
    "30",
    "31",
    "60",
    "61",
    "127",
    "128",
    "255",
    "256",
    "-129",
    "400",
    "401",
    "999",
    "1000",
    "1001",
    "32767",
    "-32769",
    "65535",
    "65536",
    "2147483647",
    "-2147483648",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "99999999999999999999",
    "1e308",
    "-1e308",
    "NaN",
    "inf",
    "-inf",
    "0.5",
    "1.5",
    "0.0001",
    "-0.5",
    "\"1/3\"",
    "\"-1/3\"",
    "\"1/0\"",
    "\"0/0\"",
    "\"7/2\"",
    "\"\"",
    "\"x\"",
    "\"9999\"",
    "\"0000\"",
    "\"0101\"",
    "\"927\"",
    "\"1410\"",
    "\"0101-0102\"",
    "\"0101-0101\"",
    "\"0101-0909\"",
    "\"1943-07-05\"",
    "\"1943-07-31\"",
    "\"0001-01-01\"",
    "\"9999-12-31\"",
    "\"1943-02-30\"",
    "\"german\"",
    "\"soviet\"",
    "\"10ID\"",
    "\"1PzD\"",
    "\"XX\"",
    "\"307\"",
    "\"505\"",
    "\"HQ XX\"",
    "\"Alpha\"",
    "\"Wisla\"",
    "\"A\"",
    "\"clear\"",
    "\"swamp\"",
    "\"river\"",
    "\"fl_line\"",
    "\"main\"",
    "\"#ff0000\"",
    "\"#zz\"",
    "None",
    "Some(0)",
    "true",
    "false",
    "Impassable",
    "Set(0)",
    "Add(30)",
    "Set(31)",
    "Add(\"-1/3\")",
    "()",
    "[]",
    "{}",
    "Edge(North)",
    "Zone(\"Q\")",
    "Headquarters",
    "Artillery",
    "Static",
    "Transport",
    "Generic",
    "Kursk1943",
];

/// The shape of a token or value: a number, a string, or anything else.
fn shape(t: &str) -> u8 {
    match t.as_bytes().first() {
        Some(b'0'..=b'9' | b'-' | b'+') => 0,
        Some(b'"') => 1,
        _ if matches!(t, "NaN" | "inf") => 0,
        _ => 2,
    }
}

#[derive(Clone, Debug)]
enum Edit {
    /// Replace a number, string or identifier by a token.
    Value { pick: usize, token: usize },
    /// Replace a value by another value of the file.
    Swap { a: usize, b: usize },
    /// Copy an item or field next to itself.
    Copy { pick: usize, times: usize },
    /// Delete an item or field.
    Delete { pick: usize },
    /// Change, delete or insert bytes.
    Bytes { at: usize, kind: u8, byte: u8 },
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        6 => (any::<usize>(), any::<usize>()).prop_map(|(pick, token)| Edit::Value { pick, token }),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Swap { a, b }),
        2 => (any::<usize>(), prop_oneof![4 => 1usize..3, 1 => 50usize..2000])
            .prop_map(|(pick, times)| Edit::Copy { pick, times }),
        2 => any::<usize>().prop_map(|pick| Edit::Delete { pick }),
        1 => (any::<usize>(), 0u8..3, any::<u8>()).prop_map(|(at, kind, byte)| Edit::Bytes { at, kind, byte }),
    ]
}

/// `text` with `e` applied (a text the outline finds nothing in is changed byte-wise).
fn apply(text: &str, e: &Edit) -> String {
    let o = Outline::of(text);
    // The file's value, not its `#![enable(...)]` attributes.
    let first = o.root(text).map_or(0, |r| r.offset());
    let values: Vec<_> = o.values(text).filter(|v| v.offset() >= first).collect();
    let leaves: Vec<_> = values.iter().filter(|v| v.is_leaf()).collect();
    // Items and fields: every value held by another, with its key.
    let held: Vec<(usize, usize, bool)> = values
        .iter()
        .flat_map(|v| v.children())
        .map(|c| {
            let field = c.key_text().is_some() && !text[c.key_offset()..].starts_with('"');
            (c.key_offset(), c.span().end, field)
        })
        .collect();
    // A struct field copied is a duplicate field: copy list items and map entries.
    let items: Vec<_> = held.iter().filter(|h| !h.2).collect();
    let splice = |r: std::ops::Range<usize>, with: &str| {
        let mut t = text.to_owned();
        t.replace_range(r, with);
        t
    };
    match *e {
        Edit::Value { pick, token } if !leaves.is_empty() => {
            let at = leaves[pick % leaves.len()].span();
            let same: Vec<&str> = TOKENS
                .iter()
                .copied()
                .filter(|t| shape(t) == shape(&text[at.clone()]))
                .collect();
            // Four in five keep the shape; the rest may be anything.
            let t = if token % 5 != 0 && !same.is_empty() {
                same[token / 5 % same.len()]
            } else {
                TOKENS[token / 5 % TOKENS.len()]
            };
            splice(at, t)
        }
        Edit::Swap { a, b } if !leaves.is_empty() => {
            let a = leaves[a % leaves.len()].span();
            // Four in five with a value of the same shape.
            let alike: Vec<_> = leaves
                .iter()
                .filter(|v| b % 5 == 0 || shape(&text[v.span()]) == shape(&text[a.clone()]))
                .collect();
            let b = alike[b / 5 % alike.len()].span();
            if a.start == b.start || a.end > b.start && b.end > a.start {
                return text.to_owned();
            }
            let (first, second) = if a.start < b.start { (a, b) } else { (b, a) };
            let (x, y) = (
                text[first.clone()].to_owned(),
                text[second.clone()].to_owned(),
            );
            let t = splice(second, &x);
            let mut t2 = t;
            t2.replace_range(first, &y);
            t2
        }
        Edit::Copy { pick, times } if !items.is_empty() => {
            let &&(s, end, _) = &items[pick % items.len()];
            let copy = format!(", {}", &text[s..end]).repeat(times);
            splice(end..end, &copy)
        }
        Edit::Delete { pick } if !held.is_empty() => {
            // Mostly an item or entry: most fields are required, so deleting one only
            // tests the parser's error.
            let (s, mut end, _) = match pick % 4 {
                0 => held[pick / 4 % held.len()],
                _ if !items.is_empty() => *items[pick / 4 % items.len()],
                _ => held[pick / 4 % held.len()],
            };
            if text[end..].starts_with(',') {
                end += 1;
            }
            splice(s..end, "")
        }
        Edit::Bytes { at, kind, byte } => {
            let mut b = text.as_bytes().to_vec();
            let at = at % (b.len() + 1);
            match kind {
                0 if at < b.len() => b[at] = byte,
                1 if at < b.len() => {
                    b.remove(at);
                }
                _ => b.insert(at, byte),
            }
            String::from_utf8_lossy(&b).into_owned()
        }
        _ => text.to_owned(),
    }
}

// ---- what one input goes through ----

#[derive(Default)]
struct Stats {
    cases: AtomicU64,
    parsed: AtomicU64,
    sound: AtomicU64,
    games: AtomicU64,
    actions: AtomicU64,
    slowest_us: AtomicU64,
}

/// The counts of one file kind.
fn stats(kind: FileKind) -> &'static Stats {
    static S: OnceLock<[Stats; 4]> = OnceLock::new();
    let all = S.get_or_init(Default::default);
    &all[FileKind::ALL.iter().position(|k| *k == kind).unwrap_or(0)]
}

/// Loads the changed file with the fixture's others as `sztab validate` and `play`
/// would, and plays a few bot moves when the scenario is sound.
fn run(kind: FileKind, text: &str, seed: u64) {
    let f = fixture();
    let name = format!("fuzz{}", kind.suffix());
    let Ok(src) = io::decode(Path::new(&name), text.as_bytes().to_vec()) else {
        return;
    };
    let mut b = f.bundle.clone();
    let parsed = match kind {
        FileKind::Terrain => io::parse::<TerrainCatalogue>(&src).map(|t| b.terrain = t),
        FileKind::Map => io::parse_map(&src).map(|m: Map| b.map = m),
        FileKind::Counters => io::parse::<Counters>(&src).map(|c| b.counters = c),
        FileKind::Scenario => io::parse::<Scenario>(&src).map(|s| b.scenario = s),
        // A system's charts: fuzzed by tests/foundation.rs, not part of this bundle.
        FileKind::Tables => return,
    };
    if parsed.is_err() {
        return;
    }
    stats(kind).parsed.fetch_add(1, Ordering::Relaxed);
    // The reference checks, located in the changed file (its outline and positions).
    let none = Source::default();
    let at = |k: FileKind| if k == kind { &src } else { &none };
    let mut problems = check_terrain(&b.terrain, at(FileKind::Terrain));
    problems.extend(check_map(&b.map, &b.terrain, at(FileKind::Map)));
    problems.extend(check_counters(&b.counters, at(FileKind::Counters)));
    problems.extend(check_scenario(
        &b.scenario,
        &b.map,
        &b.counters,
        at(FileKind::Scenario),
    ));
    let _ = sztab::card::html(&b);
    if b.map.grid.cols <= 40 && b.map.grid.rows <= 40 {
        let _ = render_map_units(&b.map, &b.terrain, Layers::printed(), 3.0, None);
    }
    if problems.iter().any(|p| p.is_error()) {
        return;
    }
    let prepared = Prepared::new(&b);
    let mut setup = setup_check::check(&b, &prepared);
    let sources = Sources {
        scenario: at(FileKind::Scenario).clone(),
        map: at(FileKind::Map).clone(),
        counters: at(FileKind::Counters).clone(),
        terrain: at(FileKind::Terrain).clone(),
    };
    sources.locate(&mut setup);
    if setup.iter().any(|p| p.is_error()) {
        return;
    }
    stats(kind).sound.fetch_add(1, Ordering::Relaxed);
    let Ok(mut game) = Game::new(&b, seed) else {
        return;
    };
    stats(kind).games.fetch_add(1, Ordering::Relaxed);
    let sides: Vec<String> = game
        .prepared()
        .sides
        .iter()
        .map(|s| s.id.to_string())
        .collect();
    let heuristic = seed.is_multiple_of(4);
    let mut players: Vec<(sztab::model::SideId, Box<dyn Player>)> = sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let spec = if heuristic && i == 0 {
                "heuristic:1".parse::<BotSpec>().unwrap()
            } else {
                BotSpec::RANDOM
            };
            (s.as_str().into(), spec.build(seed.wrapping_add(i as u64)))
        })
        .collect();
    let mut n = 0;
    // A game of the fixture is a few hundred actions: a few dozen reach its combats.
    let _ = play_out(&mut game, &mut players, 60, |_, _, _| n += 1);
    stats(kind).actions.fetch_add(n, Ordering::Relaxed);
}

// ---- the watchdog: no case may hang ----

/// The case each test thread is running, since when.
struct Watch {
    running: Mutex<HashMap<ThreadId, (Instant, String)>>,
}

fn watch() -> &'static Watch {
    static W: OnceLock<Watch> = OnceLock::new();
    W.get_or_init(|| {
        let limit = Duration::from_secs(
            std::env::var("FUZZ_HANG_SECS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(300),
        );
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(500));
                let running = watch().running.lock().unwrap();
                if let Some((_, input)) = running.values().find(|(t, _)| t.elapsed() > limit) {
                    eprintln!("HANG: one case ran over {limit:?}; its input:\n{input}");
                    std::process::abort();
                }
            }
        });
        Watch {
            running: Mutex::new(HashMap::new()),
        }
    })
}

fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

/// Runs the cases for the fixture texts of one kind.
fn fuzz(kind: FileKind) {
    let texts: Vec<&str> = fixture()
        .texts
        .iter()
        .filter(|(k, _)| *k == kind)
        .map(|(_, t)| t.as_str())
        .collect();
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let strategy = (
        0..texts.len(),
        proptest::collection::vec(edit(), 1..4),
        any::<u64>(),
    );
    let w = watch();
    let start = Instant::now();
    let result = TestRunner::new(config).run(&strategy, |(which, edits, seed)| {
        let text = edits
            .iter()
            .fold(texts[which].to_owned(), |t, e| apply(&t, e));
        let me = std::thread::current().id();
        w.running
            .lock()
            .unwrap()
            .insert(me, (Instant::now(), text.clone()));
        let t = Instant::now();
        let outcome = std::panic::catch_unwind(|| run(kind, &text, seed));
        let us = t.elapsed().as_micros() as u64;
        w.running.lock().unwrap().remove(&me);
        if outcome.is_err() {
            return Err(TestCaseError::fail(format!(
                "panicked on this {} file:\n{text}",
                kind.name()
            )));
        }
        stats(kind).cases.fetch_add(1, Ordering::Relaxed);
        stats(kind).slowest_us.fetch_max(us, Ordering::Relaxed);
        Ok(())
    });
    let s = stats(kind);
    println!(
        "{}: {} inputs in {:.1} s: {} parsed, {} sound, {} games started, {} bot actions; slowest case {:.1} ms",
        kind.name(),
        s.cases.load(Ordering::Relaxed),
        start.elapsed().as_secs_f64(),
        s.parsed.load(Ordering::Relaxed),
        s.sound.load(Ordering::Relaxed),
        s.games.load(Ordering::Relaxed),
        s.actions.load(Ordering::Relaxed),
        s.slowest_us.load(Ordering::Relaxed) as f64 / 1000.0
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn fuzz_terrain_catalogues() {
    fuzz(FileKind::Terrain);
}

#[test]
fn fuzz_maps() {
    fuzz(FileKind::Map);
}

#[test]
fn fuzz_counter_sets() {
    fuzz(FileKind::Counters);
}

#[test]
fn fuzz_scenarios() {
    fuzz(FileKind::Scenario);
}

#[test]
fn mutations_change_what_they_say() {
    let t = "(a: 1, b: [\"x\", \"y\"], c: Set(2))";
    // Token 1 keeps the shape: the second number token.
    assert_eq!(
        apply(t, &Edit::Value { pick: 0, token: 1 }),
        "(a: 0, b: [\"x\", \"y\"], c: Set(2))"
    );
    let copied = apply(t, &Edit::Copy { pick: 0, times: 2 });
    assert!(copied.contains("\"x\", \"x\", \"x\""), "{copied}");
    let deleted = apply(t, &Edit::Delete { pick: 0 });
    assert!(deleted.len() < t.len(), "{deleted}");
}

// ---- every system's files, through the commands' own loaders ----
//
// The files of PanzerBlitz, Roads to Leningrad, The Jaws of Victory and the toy game,
// their charts (tables files) and their composed maps, changed as above and written into
// a copy of the project's content, then read as the commands read them: `validate` of
// the changed file and of its scenario, the registry's load (every command's), the setup
// card, the counters on the map drawn, and, when the scenario is sound, a game of the
// system's bots for a few dozen actions.

/// One fixture file that is changed, and the scenario that reads it (`None`: a file
/// validated on its own).
struct Target {
    kind: FileKind,
    /// What it is, for the report: "rtl scenario".
    label: &'static str,
    file: &'static str,
    scenario: Option<&'static str>,
}

const TARGETS: &[Target] = &[
    Target {
        kind: FileKind::Scenario,
        label: "panzerblitz",
        file: "tests/fixtures/panzerblitz/krasny.scenario.ron",
        scenario: Some("tests/fixtures/panzerblitz/krasny.scenario.ron"),
    },
    Target {
        kind: FileKind::Map,
        label: "panzerblitz",
        file: "tests/fixtures/panzerblitz/krasny.map.ron",
        scenario: Some("tests/fixtures/panzerblitz/krasny.scenario.ron"),
    },
    Target {
        kind: FileKind::Counters,
        label: "panzerblitz",
        file: "tests/fixtures/panzerblitz/krasny.counters.ron",
        scenario: Some("tests/fixtures/panzerblitz/krasny.scenario.ron"),
    },
    Target {
        kind: FileKind::Scenario,
        label: "rtl",
        file: "scenarios/rtl/soltsy-example.scenario.ron",
        scenario: Some("scenarios/rtl/soltsy-example.scenario.ron"),
    },
    Target {
        kind: FileKind::Map,
        label: "rtl",
        file: "scenarios/rtl/soltsy-example.map.ron",
        scenario: Some("scenarios/rtl/soltsy-example.scenario.ron"),
    },
    Target {
        kind: FileKind::Counters,
        label: "rtl",
        file: "scenarios/rtl/soltsy-example.counters.ron",
        scenario: Some("scenarios/rtl/soltsy-example.scenario.ron"),
    },
    Target {
        kind: FileKind::Tables,
        label: "rtl",
        file: "assets/rtl/rtl.tables.ron",
        scenario: Some("scenarios/rtl/soltsy-example.scenario.ron"),
    },
    Target {
        kind: FileKind::Scenario,
        label: "jov",
        file: "scenarios/jov/korsun-example.scenario.ron",
        scenario: Some("scenarios/jov/korsun-example.scenario.ron"),
    },
    Target {
        kind: FileKind::Map,
        label: "jov",
        file: "scenarios/jov/korsun-example.map.ron",
        scenario: Some("scenarios/jov/korsun-example.scenario.ron"),
    },
    Target {
        kind: FileKind::Counters,
        label: "jov",
        file: "scenarios/jov/korsun-example.counters.ron",
        scenario: Some("scenarios/jov/korsun-example.scenario.ron"),
    },
    Target {
        kind: FileKind::Tables,
        label: "jov",
        file: "assets/jov/jov.tables.ron",
        scenario: Some("scenarios/jov/korsun-example.scenario.ron"),
    },
    Target {
        kind: FileKind::Scenario,
        label: "toy",
        file: "tests/fixtures/toy/valley.scenario.ron",
        scenario: Some("tests/fixtures/toy/valley.scenario.ron"),
    },
    Target {
        kind: FileKind::Map,
        label: "toy",
        file: "tests/fixtures/toy/valley.map.ron",
        scenario: Some("tests/fixtures/toy/valley.scenario.ron"),
    },
    Target {
        kind: FileKind::Counters,
        label: "toy",
        file: "tests/fixtures/toy/valley.counters.ron",
        scenario: Some("tests/fixtures/toy/valley.scenario.ron"),
    },
    Target {
        kind: FileKind::Tables,
        label: "made-up",
        file: "tests/fixtures/tables/made-up.tables.ron",
        scenario: None,
    },
    // Composed maps: the file that lays the boards out, and a board it reads.
    Target {
        kind: FileKind::Map,
        label: "jov composed",
        file: "scenarios/jov/korsun-two-sheets.map.ron",
        scenario: Some("scenarios/jov/korsun-two-sheets.scenario.ron"),
    },
    Target {
        kind: FileKind::Map,
        label: "jov board",
        file: "scenarios/jov/korsun-sheet-b.map.ron",
        scenario: Some("scenarios/jov/korsun-two-sheets.scenario.ron"),
    },
    Target {
        kind: FileKind::Map,
        label: "panzerblitz composed",
        file: "scenarios/panzerblitz/maps/side-1-2-3.map.ron",
        scenario: Some("scenarios/panzerblitz/01-rear-area-raid.scenario.ron"),
    },
    Target {
        kind: FileKind::Map,
        label: "panzerblitz board",
        file: "scenarios/panzerblitz/boards/board-2.map.ron",
        scenario: Some("scenarios/panzerblitz/01-rear-area-raid.scenario.ron"),
    },
];

/// Which targets a test runs: a file kind, or the composed maps and their boards.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    Kind(FileKind),
    Composed,
}

impl Group {
    fn has(self, t: &Target) -> bool {
        let composed = t.label.ends_with("composed") || t.label.ends_with("board");
        match self {
            Group::Composed => composed,
            Group::Kind(k) => !composed && t.kind == k,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Group::Composed => "composed map",
            Group::Kind(k) => k.name(),
        }
    }
}

/// A copy of the content the targets read (assets, the fixtures, the example
/// scenarios), so a changed file is written without touching the project's.
fn content_copy() -> tempfile::TempDir {
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
    for d in [
        "assets",
        "tests/fixtures/panzerblitz",
        "tests/fixtures/toy",
        "tests/fixtures/tables",
        "scenarios/jov",
        "scenarios/rtl",
        "scenarios/panzerblitz",
    ] {
        copy(&root(d), &dir.path().join(d));
    }
    dir
}

#[derive(Default)]
struct SystemStats {
    cases: AtomicU64,
    loaded: AtomicU64,
    sound: AtomicU64,
    games: AtomicU64,
    actions: AtomicU64,
    slowest_us: AtomicU64,
}

/// Reads the changed file as the commands do; `dir` is the content copy it is in.
fn run_system(dir: &Path, target: &Target, text: &str, seed: u64, stats: &SystemStats) {
    let file = dir.join(target.file);
    std::fs::write(&file, text).unwrap();
    let _ = sztab::validate::validate_file(&file);
    let Some(scenario) = target.scenario.map(|s| dir.join(s)) else {
        return;
    };
    let report = sztab::validate::validate_file(&scenario);
    let Ok((system, bundle, _)) = sztab::systems::load(&scenario) else {
        return;
    };
    stats.loaded.fetch_add(1, Ordering::Relaxed);
    let _ = sztab::card::html_of(system, bundle.view());
    let units = sztab::systems::seam::counters::setup_layer(system, bundle.view());
    let map = bundle.map();
    if map.grid.cols <= 40 && map.grid.rows <= 40 {
        let _ = sztab::render::render_map_units(
            map,
            bundle.terrain(),
            Layers::printed(),
            3.0,
            Some(&units),
        );
    }
    let sound = report.is_ok_and(|r| !r.problems.iter().any(|p| p.is_error()));
    if !sound || !system.support().engine {
        return;
    }
    stats.sound.fetch_add(1, Ordering::Relaxed);
    // The system's random bot where it has one (fast), else its first.
    let Some(bot) = system
        .bots()
        .iter()
        .find(|b| b.kind == "random")
        .or(system.bots().first())
    else {
        return;
    };
    let bots: Vec<(String, String)> = bundle
        .view()
        .sides_in_play_order()
        .into_iter()
        .map(|(side, _)| (side, bot.kind.to_owned()))
        .collect();
    let Ok(mut game) = system.new_match(
        bundle.view(),
        seed,
        &bots,
        sztab::systems::seam::Narration::Turns,
    ) else {
        return;
    };
    stats.games.fetch_add(1, Ordering::Relaxed);
    let mut n = 0;
    while n < 40 && !game.is_over() {
        if game.step().is_err() {
            break;
        }
        n += 1;
    }
    stats.actions.fetch_add(n, Ordering::Relaxed);
}

/// Cases per test of every system's files: `FUZZ_SYSTEM_CASES`, else `FUZZ_CASES`. (Each
/// reads its files from disk and plays a game: slower than WB-95's in-memory cases.)
fn system_cases() -> u32 {
    std::env::var("FUZZ_SYSTEM_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(cases)
}

fn fuzz_systems(group: Group) {
    let targets: Vec<&Target> = TARGETS.iter().filter(|t| group.has(t)).collect();
    let texts: Vec<String> = targets
        .iter()
        .map(|t| std::fs::read_to_string(root(t.file)).unwrap())
        .collect();
    let dir = content_copy();
    let stats = SystemStats::default();
    let config = Config {
        cases: system_cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let strategy = (
        0..targets.len(),
        proptest::collection::vec(edit(), 1..4),
        any::<u64>(),
    );
    let w = watch();
    let start = Instant::now();
    let result = TestRunner::new(config).run(&strategy, |(which, edits, seed)| {
        let target = targets[which];
        let text = edits.iter().fold(texts[which].clone(), |t, e| apply(&t, e));
        let me = std::thread::current().id();
        w.running.lock().unwrap().insert(
            me,
            (
                Instant::now(),
                format!("{} ({}):\n{text}", target.file, target.label),
            ),
        );
        let t = Instant::now();
        let outcome =
            std::panic::catch_unwind(|| run_system(dir.path(), target, &text, seed, &stats));
        let us = t.elapsed().as_micros() as u64;
        w.running.lock().unwrap().remove(&me);
        // The next case starts from the fixture as it is.
        std::fs::write(dir.path().join(target.file), &texts[which]).unwrap();
        if outcome.is_err() {
            return Err(TestCaseError::fail(format!(
                "panicked on this {} ({}):\n{text}",
                target.file, target.label
            )));
        }
        stats.cases.fetch_add(1, Ordering::Relaxed);
        stats.slowest_us.fetch_max(us, Ordering::Relaxed);
        Ok(())
    });
    let labels: Vec<String> = targets
        .iter()
        .map(|t| format!("{} {}", t.label, t.kind.name()))
        .collect();
    println!(
        "{} files of every system ({}): {} inputs in {:.1} s: {} loaded, {} sound, {} games started, {} bot actions; slowest case {:.1} ms",
        group.name(),
        labels.join(", "),
        stats.cases.load(Ordering::Relaxed),
        start.elapsed().as_secs_f64(),
        stats.loaded.load(Ordering::Relaxed),
        stats.sound.load(Ordering::Relaxed),
        stats.games.load(Ordering::Relaxed),
        stats.actions.load(Ordering::Relaxed),
        stats.slowest_us.load(Ordering::Relaxed) as f64 / 1000.0
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn fuzz_every_systems_scenarios() {
    fuzz_systems(Group::Kind(FileKind::Scenario));
}

#[test]
fn fuzz_every_systems_maps() {
    fuzz_systems(Group::Kind(FileKind::Map));
}

#[test]
fn fuzz_every_systems_counters() {
    fuzz_systems(Group::Kind(FileKind::Counters));
}

#[test]
fn fuzz_every_systems_tables() {
    fuzz_systems(Group::Kind(FileKind::Tables));
}

#[test]
fn fuzz_composed_maps_and_their_boards() {
    fuzz_systems(Group::Composed);
}

#[test]
fn every_system_and_file_kind_is_fuzzed() {
    for system in sztab::systems::all() {
        if system.id() == "wb95" {
            continue; // The four kinds above, in memory.
        }
        for kind in [FileKind::Scenario, FileKind::Map, FileKind::Counters] {
            assert!(
                TARGETS.iter().any(|t| t.kind == kind
                    && std::fs::read_to_string(root(t.file))
                        .is_ok_and(|s| s.contains(&format!("system: \"{}\"", system.id())))),
                "no {} file of {} is fuzzed",
                kind.name(),
                system.id()
            );
        }
    }
    for group in [Group::Kind(FileKind::Tables), Group::Composed] {
        assert!(TARGETS.iter().any(|t| group.has(t)), "{}", group.name());
    }
}
