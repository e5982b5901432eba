//! PanzerBlitz played through the seam: a situation file compiles for the engine, bots
//! play it to the end (in the library, `sztab play` and `sztab balance`), its log
//! replays, and `sztab odds` prints an attack's breakdown.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::AtomicBool;

use sztab::balance::{self, Config, Shard};
use sztab::hex::HexId;
use sztab::systems;
use sztab::systems::panzerblitz::engine::board::Level;
use sztab::systems::panzerblitz::engine::play::Compiled;
use sztab::systems::panzerblitz::engine::scenario::Marker;
use sztab::systems::panzerblitz::engine::unit::Kind;
use sztab::systems::seam::{BotChoice, Narration};

const KRASNY: &str = "tests/fixtures/panzerblitz/krasny.scenario.ron";
/// Units set up next to each other in the open, for every kind of attack `sztab odds`
/// answers.
const ODDS: &str = "tests/fixtures/panzerblitz/odds.scenario.ron";

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

#[test]
fn a_situation_file_compiles_to_the_engines_situation() {
    let (system, bundle, problems) = systems::load(&root(KRASNY)).unwrap();
    assert_eq!(system.id(), "panzerblitz");
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:?}");
    let s = Compiled::of(bundle.view()).unwrap().0;
    assert_eq!(s.sides[0].id, "german", "the side moving first is side 0");
    assert_eq!((s.sides[0].stacking, s.sides[1].stacking), (3, 2));
    assert_eq!(s.turns, 6);
    let tank = &s.units[s.unit("G/411").unwrap()];
    assert_eq!(tank.kind, Kind::Armored);
    assert_eq!(
        (tank.f.attack, tank.f.range, tank.f.defense, tank.f.movement),
        (14, 8, 8, 8)
    );
    // The passengers start under their halftracks; the minefield is a marker.
    let rifle = s.unit("G/101").unwrap();
    let carrier = s.unit("G/931").unwrap();
    assert!(
        s.setup
            .iter()
            .any(|(u, _, st)| *u == rifle && st.carried_by == Some(carrier))
    );
    assert!(s.unit("R/mines").is_none());
    assert!(s.markers.iter().any(|(_, m)| *m == Marker::Mines));
    // The arrival zone's hexes; the town as a place; the rules switches.
    assert_eq!(s.arrivals[0].turn, 3);
    assert_eq!(s.arrivals[0].hexes.len(), 5);
    assert_eq!(s.places["Krasny"].len(), 3);
    assert!(s.options.indirect_fire && !s.options.intensive_fire);
    assert!(s.board.has_road(s.places["Krasny"][0]));
    // Elevation, gullies and the coloured hexsides of the map.
    let hex = |h: &str| HexId::parse(h).unwrap();
    assert_eq!(s.board.level(hex("1005")), Level::Hilltop);
    assert_eq!(s.board.level(hex("0905")), Level::Slope);
    assert_eq!(s.board.level(hex("0105")), Level::Ground);
    assert!(s.board.cell(hex("0507")).gully);
    let side = s.board.grid.hexside(hex("0905"), hex("1005")).unwrap();
    assert!(s.board.marks(side).orange);
}

/// Issue 32: every optional and experimental rule of the rulebook is played; a
/// situation that switches them all on plays to its end with bots.
#[test]
fn a_situation_with_every_optional_rule_on_plays_through() {
    let dir = tempfile::tempdir().unwrap();
    let fix = dir.path().join("tests/fixtures/panzerblitz");
    std::fs::create_dir_all(&fix).unwrap();
    std::fs::create_dir_all(dir.path().join("assets/panzerblitz")).unwrap();
    std::fs::copy(
        root("assets/panzerblitz/panzerblitz.terrain.ron"),
        dir.path()
            .join("assets/panzerblitz/panzerblitz.terrain.ron"),
    )
    .unwrap();
    let every = [
        "indirect_fire",
        "real_space_los",
        "ammunition",
        "panzerblitz_assault",
        "hidden_deployment",
        "experimental_indirect_fire",
        "impulse_movement",
    ]
    .map(|r| format!("\"{r}\": true"))
    .join(", ");
    for f in [
        "krasny.map.ron",
        "krasny.counters.ron",
        "krasny.scenario.ron",
    ] {
        let text = std::fs::read_to_string(root("tests/fixtures/panzerblitz").join(f)).unwrap();
        let text = text.replace(
            "rules: {\"indirect_fire\": true}",
            &format!("rules: {{{every}}}"),
        );
        std::fs::write(fix.join(f), text).unwrap();
    }
    let (system, bundle, _) = systems::load(&fix.join("krasny.scenario.ron")).unwrap();
    let playable = system.prepare(bundle.view()).expect("every rule is played");
    let bots = [
        ("german".to_string(), "heuristic".to_string()),
        ("russian".to_string(), "heuristic".to_string()),
    ];
    let mut m = playable
        .new_match(3, &bots, sztab::systems::seam::Narration::Events)
        .unwrap();
    let mut lines = Vec::new();
    while !m.is_over() {
        lines.extend(m.step().unwrap());
    }
    assert!(m.result().is_some());
    assert!(lines.iter().any(|l| l.contains("return fire")), "impulses");
}

fn play(seed: u64, german: &str, russian: &str) -> (sztab::systems::seam::GameRecord, String) {
    let (system, bundle, _) = systems::load(&root(KRASNY)).unwrap();
    let bots = [
        ("german".to_string(), german.to_string()),
        ("russian".to_string(), russian.to_string()),
    ];
    let mut m = system
        .new_match(bundle.view(), seed, &bots, Narration::Silent)
        .unwrap();
    let mut guard = 0;
    while !m.is_over() {
        m.step().unwrap();
        guard += 1;
        assert!(guard < 20_000, "the game does not end");
    }
    let (log, _, _) = m.log(Path::new("krasny.scenario.ron")).unwrap();
    (m.record(), log)
}

#[test]
fn a_whole_game_of_bots_ends_with_a_result_after_the_last_turn() {
    for (seed, g, r) in [
        (1, "greedy", "greedy"),
        (2, "random", "greedy"),
        (3, "greedy", "random"),
    ] {
        let (rec, _) = play(seed, g, r);
        assert_eq!(rec.turns, 6, "{g} vs {r}: {rec:?}");
        assert!(rec.error.is_none());
        assert!(rec.level.is_some(), "{rec:?}");
        assert!(rec.actions > 20, "{rec:?}");
    }
    // The greedy bots fight: attacks are made and units are lost.
    let (rec, _) = play(1, "greedy", "greedy");
    assert!(rec.combats > 0, "{rec:?}");
}

#[test]
fn the_same_seed_plays_the_same_game() {
    assert_eq!(play(9, "random", "random"), play(9, "random", "random"));
    assert_eq!(play(9, "greedy", "greedy"), play(9, "greedy", "greedy"));
}

#[test]
fn sztab_play_runs_a_situation_and_its_log_replays() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("krasny.game.ron");
    let (code, out, err) = sztab(&[
        "play",
        KRASNY,
        "--bot",
        "german=greedy",
        "--bot",
        "russian=random",
        "--seed",
        "5",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Test: the crossroads at Krasny — seed 5\nTurn 1\n"),
        "{out}"
    );
    assert!(out.contains("\nTurn 6\n"), "{out}");
    assert!(out.contains("\nResult: "), "{out}");
    let (code, out, err) = sztab(&["replay", log.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("replay matches the log"), "{out}");
}

#[test]
fn sztab_balance_plays_a_situation_on_every_thread_count_alike() {
    let (system, bundle, _) = systems::load(&root(KRASNY)).unwrap();
    let playable = system.prepare(bundle.view()).unwrap();
    let config = |jobs| Config {
        games: 4,
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
    assert_eq!(one.summary().errors, 0, "{:?}", one.records);
    let (code, out, err) = sztab(&["balance", KRASNY, "--games", "2", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("2 games, german heuristic:3 vs russian heuristic:3"),
        "{out}"
    );
    assert!(out.contains("Win rates"), "{out}");
}

#[test]
fn sztab_odds_prints_each_units_factor_the_odds_and_the_chances() {
    let (code, out, err) = sztab(&["odds", KRASNY, "--attackers", "0604", "--defender", "0206"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("target: G/141 (defense 10, non-armored)"),
        "{out}"
    );
    assert!(
        out.contains("Rifle R/101 (5I 4-16), range 4, direct fire: 5 = 5"),
        "{out}"
    );
    assert!(out.contains("attack 5 to defense 10: 1-2"), "{out}");
    assert!(out.contains("D:  33.3 % (die 1, 2)"), "{out}");
    // The weapons chart: a mortar's factor halved against armor beyond half range.
    let (code, out, err) = sztab(&["odds", KRASNY, "--attackers", "0907", "--defender", "0205"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "3 → 1 (M against an armored target at 7 hexes, beyond half range (6): halved (WEC))"
        ),
        "{out}"
    );
    // A target in a town is not seen from afar; an unknown option is named.
    let (code, _, err) = sztab(&["odds", KRASNY, "--attackers", "0104", "--defender", "0604"]);
    assert_eq!(code, 2);
    assert!(err.contains("(Spotting)"), "{err}");
    let (code, _, err) = sztab(&[
        "odds",
        KRASNY,
        "--attackers",
        "0604",
        "--defender",
        "0206",
        "--opt",
        "air=5",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("PanzerBlitz has no --opt air"), "{err}");
}

#[test]
fn sztab_odds_names_who_is_left_out_every_shift_and_answers_overruns_multiple_attacks_and_mines() {
    let odds = |args: &[&str]| {
        let mut all = vec!["odds", ODDS];
        all.extend(args);
        let (code, out, err) = sztab(&all);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    // The rifle company may not fire at the T-34: it is left out, with the rule.
    let out = odds(&["--attackers", "0803,0805", "--defender", "0807"]);
    assert!(
        out.contains("Rifle G/102: G/102 has I weapons: it attacks armored targets only by close assault (WEC / Close Assault G)"),
        "{out}"
    );
    assert!(out.contains("attack 28 to defense 9: 3-1"), "{out}");
    // The overrun's column shift, named.
    let out = odds(&[
        "--attackers",
        "0801",
        "--defender",
        "0802",
        "--opt",
        "overrun",
    ]);
    assert!(
        out.contains("attack 28 to defense 19: 1-1 (odds rounded in the defender's favour); one column better for overrun (Overrun D): 2-1"),
        "{out}"
    );
    // The engineers' shift.
    let out = odds(&[
        "--attackers",
        "0702,0803",
        "--defender",
        "0802",
        "--opt",
        "assault",
    ]);
    assert!(
        out.contains("one column better for an engineer stacked with infantry or cavalry (Close Assault E): 1-2"),
        "{out}"
    );
    // A multiple attack: a battle for each unit.
    let out = odds(&[
        "--attackers",
        "0702,0801,0805",
        "--defender",
        "0802",
        "--opt",
        "multiple=R/45:G/101",
        "--opt",
        "multiple=R/101:G/411,G/412,G/413",
    ]);
    assert!(out.contains("attack 3 to defense 3: 1-1"), "{out}");
    assert!(out.contains("attack 21 to defense 16: 1-1"), "{out}");
    // The minefield under the T-34.
    let out = odds(&[
        "--attackers",
        "0805",
        "--defender",
        "0807",
        "--opt",
        "mines",
    ]);
    assert!(out.contains("the minefield attacks it at 2-1"), "{out}");
}

#[test]
fn every_shipped_situation_plays_to_its_last_turn_with_the_greedy_bots() {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root("scenarios/panzerblitz"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".scenario.ron"))
        .collect();
    paths.sort();
    assert_eq!(paths.len(), 12);
    std::thread::scope(|scope| {
        for path in &paths {
            scope.spawn(move || {
                let (system, bundle, _) = systems::load(path).unwrap();
                let playable = system.prepare(bundle.view()).unwrap();
                let bots: Vec<(String, String)> = playable
                    .sides()
                    .into_iter()
                    .map(|s| (s.id, "greedy".to_string()))
                    .collect();
                let mut m = playable.new_match(1, &bots, Narration::Silent).unwrap();
                while !m.is_over() {
                    m.step()
                        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                }
                let rec = m.record();
                assert!(rec.level.is_some(), "{}: {rec:?}", path.display());
                assert!(rec.turns >= 8, "{}: {rec:?}", path.display());
            });
        }
    });
}

/// Issue 33: on the printed boards the command line speaks the boards' labels. `play`
/// narrates fire on "2-G-7", not on its number, and its log (whose fingerprint is made of
/// the numbers) still replays; `odds` takes a printed label and answers with it.
#[test]
fn the_command_line_names_hexes_as_the_boards_print_them() {
    let s = "scenarios/panzerblitz/01-rear-area-raid.scenario.ron";
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("raid.game.ron");
    let (code, out, err) = sztab(&[
        "play",
        s,
        "--bot",
        "german=greedy",
        "--bot",
        "russian=greedy",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let fired: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split(" fire on ").nth(1))
        .filter_map(|rest| rest.split(' ').next())
        .collect();
    assert!(!fired.is_empty(), "{out}");
    // "2-G-7": a board, a column letter, a row.
    assert!(fired.iter().all(|h| h.split('-').count() == 3), "{fired:?}");
    let (code, out, err) = sztab(&["replay", log.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = sztab(&[
        "odds",
        s,
        "--attackers",
        "2-G-7",
        "--defender",
        "2-g-7",
        "--opt",
        "mines",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("minefield attack on 2-G-7"), "{out}");
    assert!(out.contains("Command Post 201 G/201"), "{out}");
}
