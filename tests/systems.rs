//! The rule-system seam: every file names its system (old files are WB-95's and load
//! unchanged), the registry dispatches on it, and the toy test system — a second,
//! complete game built for these tests — is validated, played, replayed, studied and
//! carded through the seam alone, as WB-95 is.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::AtomicBool;

use sztab::balance::{self, Config, Shard};
use sztab::model::Map;
use sztab::model::io::{self, FileKind};
use sztab::systems::seam::{BotChoice, Narration};
use sztab::systems::{self, RuleSystem};

const TOY: &str = "tests/fixtures/toy/valley.scenario.ron";
const CLAWS: &str = "scenarios/kursk-1943/armored-claws.scenario.ron";

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn sztab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Copies the toy fixture to a temporary folder with `from` replaced by `to` in `file`.
fn toy_copy(file: &str, from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let fix = dir.path().join("tests/fixtures/toy");
    std::fs::create_dir_all(&fix).unwrap();
    std::fs::create_dir_all(dir.path().join("assets/toy")).unwrap();
    std::fs::copy(
        root("assets/toy/toy.terrain.ron"),
        dir.path().join("assets/toy/toy.terrain.ron"),
    )
    .unwrap();
    for f in [
        "valley.map.ron",
        "valley.counters.ron",
        "valley.scenario.ron",
    ] {
        let mut text = std::fs::read_to_string(root("tests/fixtures/toy").join(f)).unwrap();
        if f == file {
            assert!(text.contains(from), "{f} has no {from}");
            text = text.replace(from, to);
        }
        std::fs::write(fix.join(f), text).unwrap();
    }
    let path = fix.join("valley.scenario.ron");
    (dir, path)
}

#[test]
fn files_without_a_system_are_wb95_files_and_a_save_names_the_system() {
    let src = io::read_text(&root("scenarios/kursk-1943/north.map.ron")).unwrap();
    assert!(
        !src.text.contains("system:"),
        "the shipped map predates systems"
    );
    assert_eq!(io::probe_system(&src).unwrap().as_str(), "wb95");
    let map: Map = io::parse(&src).unwrap();
    assert!(map.system.is_wb95());
    let saved = io::to_ron(FileKind::Map, &map).unwrap();
    assert!(saved.contains("    system: \"wb95\",\n"));
    let (system, bundle, problems) = systems::load(&root(CLAWS)).unwrap();
    assert_eq!(system.id(), "wb95");
    assert!(bundle.wb95().is_some());
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:#?}");
}

#[test]
fn sztab_systems_lists_every_system_with_what_it_supports() {
    let (code, out, _) = sztab(&["systems"]);
    assert_eq!(code, 0);
    let table: Vec<&str> = out.lines().take(3).collect();

    let first_words = |l: &str| l.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    assert_eq!(first_words(table[0]), "system name", "{out}");
    assert_eq!(first_words(table[1]), "wb95 WB-95", "{out}");
    assert!(table[2].starts_with("toy"), "{out}");
    assert!(table[2].contains("greedy, random"), "{out}");
    assert!(out.contains("counter schema:"), "{out}");
    assert!(out.contains("hexside  wall"), "{out}");
    let (code, out, _) = sztab(&["systems", "toy"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Toy (test system) (toy)"), "{out}");
    let (code, _, err) = sztab(&["systems", "chess"]);
    assert_eq!(code, 2);
    assert!(err.contains("no system \"chess\""), "{err}");
}

#[test]
fn the_toy_scenario_validates_through_its_system() {
    for f in [
        TOY,
        "tests/fixtures/toy/valley.map.ron",
        "tests/fixtures/toy/valley.counters.ron",
        "assets/toy/toy.terrain.ron",
    ] {
        let (code, out, _) = sztab(&["validate", f]);
        assert_eq!(code, 0, "{f}: {out}");
        assert!(out.contains("ok (0 error(s), 0 warning(s))"), "{out}");
    }
}

#[test]
fn a_unit_value_outside_the_toy_schema_is_located() {
    let (_d, path) = toy_copy(
        "valley.counters.ron",
        "\"attack\": 4, \"defense\": 3, \"move\": 6",
        "\"attack\": 14, \"defense\": 3, \"move\": 6",
    );
    let report = sztab::validate::validate_file(&path).unwrap();
    let p = report
        .problems
        .iter()
        .find(|p| p.code == "A10")
        .expect("A10 for the attack value");
    assert!(
        p.message
            .contains("unit B4: Attack is 14; it must be from 0 to 9"),
        "{p}"
    );
    assert!(p.file.as_ref().unwrap().ends_with("valley.counters.ron"));
    assert!(p.line.is_some() && p.column.is_some(), "{p}");
}

#[test]
fn setup_checks_of_the_toy_rules_refuse_a_stacked_hex() {
    let (_d, path) = toy_copy(
        "valley.scenario.ron",
        "(unit: \"B2\", hex: \"0105\")",
        "(unit: \"B2\", hex: \"0103\")",
    );
    let (code, out, _) = sztab(&["validate", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error[T01] (toy: one unit a hex): hex 0103 holds 2 units: B1, B2"),
        "{out}"
    );
    let (code, _, err) = sztab(&[
        "play",
        path.to_str().unwrap(),
        "--bot",
        "blue=greedy",
        "--bot",
        "red=greedy",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("cannot be played") && err.contains("T01"),
        "{err}"
    );
}

#[test]
fn a_catalogue_missing_the_rules_terms_and_a_mixed_system_are_errors() {
    let (_d, path) = toy_copy("valley.map.ron", "system: \"toy\"", "system: \"wb95\"");
    let (_, _, problems) = systems::load(&path).unwrap();
    assert!(
        problems
            .iter()
            .any(|p| p.code == "Y01" && p.message.contains("its map")),
        "{problems:#?}"
    );
    let dir = tempfile::tempdir().unwrap();
    let cat = dir.path().join("bad.terrain.ron");
    let text = std::fs::read_to_string(root("assets/toy/toy.terrain.ron"))
        .unwrap()
        .replace("(id: \"wall\"", "(id: \"fence\"");
    std::fs::write(&cat, text).unwrap();
    let r = sztab::validate::validate_file(&cat).unwrap();
    assert!(
        r.problems
            .iter()
            .any(|p| p.code == "C01" && p.message.contains("no hexside \"wall\"")),
        "{:#?}",
        r.problems
    );
}

#[test]
fn an_unknown_system_is_refused_by_name() {
    let (_d, path) = toy_copy(
        "valley.scenario.ron",
        "system: \"toy\"",
        "system: \"chess\"",
    );
    let e = match systems::load(&path) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("a scenario of an unknown system loaded"),
    };
    assert!(
        e.contains("unknown rule system \"chess\"; Sztab knows wb95, toy"),
        "{e}"
    );
    let (code, out, _) = sztab(&["validate", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
}

#[test]
fn bots_play_the_toy_game_to_the_end_and_its_log_replays() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("toy.game.ron");
    let (code, out, err) = sztab(&[
        "play",
        TOY,
        "--bot",
        "blue=greedy",
        "--bot",
        "red=random",
        "--seed",
        "4",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Toy: the fight for Hill 7 — seed 4\nTurn 1\n"),
        "{out}"
    );
    assert!(out.contains("\nResult: "), "{out}");
    let (code, out, err) = sztab(&["replay", log.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("replay matches the log"), "{out}");
    // A tampered log differs.
    let text = std::fs::read_to_string(&log).unwrap();
    let fp = text
        .lines()
        .find(|l| l.trim_start().starts_with("fingerprint:"))
        .unwrap()
        .to_owned();
    std::fs::write(
        &log,
        text.replace(&fp, "    fingerprint: \"0000000000000000\","),
    )
    .unwrap();
    let (code, out, _) = sztab(&["replay", log.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let (code, _, err) = sztab(&["play", TOY, "--bot", "blue=greedy", "--bot", "red=deep"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown bot \"deep\""), "{err}");
}

#[test]
fn the_same_seed_plays_the_same_toy_game() {
    let (system, bundle, _) = systems::load(&root(TOY)).unwrap();
    let play = || {
        let bots = [
            ("blue".to_string(), "random".to_string()),
            ("red".to_string(), "random".to_string()),
        ];
        let mut m = system
            .new_match(bundle.view(), 77, &bots, Narration::Silent)
            .unwrap();
        while !m.is_over() {
            m.step().unwrap();
        }
        (m.record(), m.log(Path::new("valley.scenario.ron")).unwrap())
    };
    let (a, b) = (play(), play());
    assert_eq!(a, b);
    assert!(a.0.winner.is_some() || a.0.level.as_deref() == Some("draw"));
}

#[test]
fn the_balance_runner_plays_the_toy_on_every_thread_count_alike() {
    let (system, bundle, _) = systems::load(&root(TOY)).unwrap();
    let playable = system.prepare(bundle.view()).unwrap();
    let config = |jobs| Config {
        games: 12,
        seed: 3,
        bots: [
            BotChoice::new("greedy", None),
            BotChoice::new("random", None),
        ],
        shard: Shard::ALL,
        jobs: Some(jobs),
        ..Config::default()
    };
    let stop = AtomicBool::new(false);
    let one = balance::run(&playable, &config(1), &|_| {}, &stop).unwrap();
    let two = balance::run(&playable, &config(2), &|_| {}, &stop).unwrap();
    assert_eq!(one.records, two.records);
    let s = one.summary();
    assert_eq!(s.games, 12);
    assert_eq!(s.errors, 0, "{:?}", one.records);
    // The greedy Blue against a random Red takes Hill 7 in most games.
    assert!(s.wins[0] >= 8, "{:?}", s.wins);
    let (code, out, err) = sztab(&[
        "balance",
        TOY,
        "--games",
        "10",
        "--bot",
        "red=random",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("10 games, blue greedy vs red random"), "{out}");
    assert!(out.contains("Win rates"), "{out}");
}

/// Roads to Leningrad's odds (decision R-46): the attack on Soltsy with the units placed
/// beside it, its Strongpoint's DRM with the rule and the Assault CRT only (10.32); an
/// option it does not read refused by name.
#[test]
fn r10_61_rtl_odds_break_an_attack_down_and_refuse_unknown_options() {
    const RTL: &str = "scenarios/rtl/soltsy-example.scenario.ron";
    let args = [
        "odds",
        RTL,
        "--attackers",
        "3119",
        "--defender",
        "3219",
        "--opt",
        "place=de-10pz-2@3119",
        "--opt",
        "place=de-8s-1@3119",
    ];
    let (code, out, err) = sztab(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Assault CRT in an Assault Sequence"), "{out}");
    assert!(
        out.contains("+1 a Strongpoint in the Defender Hex (10.61b)"),
        "{out}"
    );
    assert!(out.contains("11 to 3: column 3:1, DRM -1"), "{out}");
    let mut bad = args.to_vec();
    bad.extend(["--opt", "shift"]);
    let (code, _, err) = sztab(&bad);
    assert_eq!(code, 2);
    assert!(
        err.contains("Roads to Leningrad has no --opt shift; it reads mobile"),
        "{err}"
    );
}

#[test]
fn odds_card_and_render_speak_to_the_toy_system() {
    let (code, out, err) = sztab(&["odds", TOY, "--attackers", "0204", "--defender", "0504"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the die must show 5 or more: 2 in 6"), "{out}");
    let (code, _, err) = sztab(&[
        "odds",
        TOY,
        "--attackers",
        "0204",
        "--defender",
        "0504",
        "--air",
        "5",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("has no --air option"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let card = dir.path().join("card.html");
    let (code, _, err) = sztab(&["card", TOY, "--out", card.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&card).unwrap();
    assert!(html.contains("<h1>Toy: the fight for Hill 7</h1>"));
    assert!(html.contains("Blue holds Hill 7"), "victory in words");
    assert!(html.contains("<svg"), "counter pictures");
    let png = dir.path().join("toy.png");
    let (code, _, err) = sztab(&["render", TOY, "--units", "--out", png.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(image::open(&png).is_ok());
}

#[test]
fn sztab_new_map_makes_a_map_of_the_chosen_system() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("new.map.ron");
    let (code, stdout, err) = sztab(&[
        "new",
        "map",
        "--system",
        "toy",
        "--cols",
        "6",
        "--rows",
        "5",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("Toy (test system) map"), "{stdout}");
    let report = sztab::validate::validate_file(&out).unwrap();
    assert_eq!(report.errors(), 0, "{:#?}", report.problems);
    let map: Map = io::parse(&io::read_text(&out).unwrap()).unwrap();
    assert_eq!(map.system.as_str(), "toy");
    assert_eq!(map.hexes.len(), 30);
    let (code, _, err) = sztab(&[
        "new",
        "map",
        "--system",
        "go",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no system \"go\""), "{err}");
}

/// A system that supports nothing but authoring: the seam's defaults say what is
/// missing instead of failing obscurely.
struct AuthoringOnly;

impl RuleSystem for AuthoringOnly {
    fn id(&self) -> &'static str {
        "draft"
    }
    fn name(&self) -> &'static str {
        "Draft"
    }
    fn about(&self) -> &'static str {
        "authoring only"
    }
    fn vocabulary(&self) -> &'static [systems::seam::Term] {
        &[]
    }
    fn unit_schema(&self) -> sztab::model::Schema {
        sztab::model::Schema::EMPTY
    }
    fn setup_checks(&self, _: systems::seam::BundleRef<'_>) -> Vec<sztab::model::Problem> {
        Vec::new()
    }
}

#[test]
fn a_system_without_an_engine_says_so() {
    let (_, bundle, _) = systems::load(&root(TOY)).unwrap();
    let e = AuthoringOnly
        .new_match(bundle.view(), 1, &[], Narration::Turns)
        .err()
        .unwrap();
    assert_eq!(e.to_string(), "Draft has no engine yet: cannot play");
    let e = AuthoringOnly
        .odds(bundle.view(), &Default::default())
        .unwrap_err();
    assert_eq!(e.to_string(), "Draft has no engine yet: no odds");
    assert!(BotChoice::default_of(&AuthoringOnly).is_none());
    // What it supports is derived from the parts it has: no engine, no bots.
    let support = (&AuthoringOnly as &dyn RuleSystem).support();
    assert!(!support.engine && !support.bots && support.authoring);
}

#[test]
fn a_composed_map_loads_from_its_sections_and_saves_as_its_file() {
    let path = root("tests/fixtures/toy/twin.map.ron");
    let (b, problems) = sztab::model::MapBundle::load(&path).unwrap();
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:#?}");
    let m = &b.map;
    assert!(m.is_composed());
    assert_eq!(m.hexes.len(), 19 * 8);
    // The seam column is the west valley's last and the turned east valley's last too.
    assert_eq!(
        m.labels_of(sztab::hex::HexId::new(10, 4)),
        ["W-1004", "E-1005"]
    );
    // Hill 7 (0504 of a valley) is on both halves.
    let hill = m.place("Hill 7").unwrap();
    assert_eq!(hill.hexes.len(), 2, "{:?}", hill.hexes);
    // A save writes the composition, not the assembled hexes.
    let text = io::to_ron(FileKind::Map, m.file_form()).unwrap();
    assert!(text.contains("sections: ["), "{text}");
    assert!(!text.contains("(t: \"rough\")"), "{text}");
    let (code, out, _) = sztab(&["validate", "tests/fixtures/toy/twin.map.ron"]);
    assert_eq!(code, 0, "{out}");
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("twin.png");
    let (code, _, err) = sztab(&[
        "render",
        "tests/fixtures/toy/twin.map.ron",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn the_toy_rules_refuse_a_victory_condition_they_cannot_judge_and_bad_zones_and_ratios_are_errors()
{
    let (_d, path) = toy_copy(
        "valley.scenario.ron",
        "all_of: [HoldsPlace(side: \"blue\", place: \"Hill 7\")]",
        "all_of: [ZoneRatio(side: \"blue\", zone: Place(\"Hill 7\"), at_least: 2.0)]",
    );
    let (code, out, _) = sztab(&["validate", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error[T06]") && out.contains("cannot judge"),
        "{out}"
    );

    let (_d, path) = toy_copy(
        "valley.scenario.ron",
        "all_of: [HoldsPlace(side: \"blue\", place: \"Hill 7\")]",
        "all_of: [InZone(side: \"blue\", zone: Place(\"Atlantis\"), at_least: 1), LossRatio(side: \"blue\", at_least: -1.0)]",
    );
    let (code, out, _) = sztab(&["validate", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error[V02]") && out.contains("Atlantis has no hex on the map"),
        "{out}"
    );
    assert!(
        out.contains("the ratio -1 is not a number of 0 or more"),
        "{out}"
    );
}
