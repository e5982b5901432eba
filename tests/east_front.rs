//! Roads to Leningrad (`rtl`) and The Jaws of Victory (`jov`) behind the seam: both are
//! registered with authoring and setup checks; their catalogues, blank charts and example
//! scenarios load and validate; their setup checks fire with their codes and rules; their
//! charts are checked against the shape the rulebooks give; `sztab card` writes their
//! cards. The example content is invented (scenarios/rtl/README.md, scenarios/jov/README.md
//! say what is from the rulebooks); no chart cell here is from a printed chart.

use std::path::{Path, PathBuf};
use std::process::Command;

use sztab::model::Problem;
use sztab::systems;
use sztab::validate::validate_file;

const RTL: &str = "scenarios/rtl/soltsy-example.scenario.ron";
const JOV: &str = "scenarios/jov/korsun-example.scenario.ron";

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

/// The system's content (its `scenarios/<id>` and `assets/<id>` folders) copied to a
/// temporary folder, with `from` replaced by `to` in `file` (relative to the root).
fn variant(id: &str, file: &str, from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    variant_edits(id, &[(file, from, to)])
}

/// The example scenario of `id`, reading the shipped blank charts again
/// (`assets/<id>/<id>.tables.ron`) rather than the charts it plays with, and `from`
/// replaced by `to` in those blank charts.
fn blank_charts_variant(id: &str, from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    let scenario = if id == "rtl" { RTL } else { JOV };
    let text = std::fs::read_to_string(root(scenario)).unwrap();
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("tables:"))
        .expect("the example names its charts");
    let blank = format!("    tables: \"../../assets/{id}/{id}.tables.ron\",");
    variant_edits(
        id,
        &[
            (scenario, line, &blank),
            (&format!("assets/{id}/{id}.tables.ron"), from, to),
        ],
    )
}

/// The system's content copied as [`variant`] does, with each edit `(file, from, to)`
/// made in turn.
fn variant_edits(id: &str, edits: &[(&str, &str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    for sub in [format!("scenarios/{id}"), format!("assets/{id}")] {
        let to_dir = dir.path().join(&sub);
        std::fs::create_dir_all(&to_dir).unwrap();
        for e in std::fs::read_dir(root(&sub)).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, to_dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    for (file, from, to) in edits {
        let target = dir.path().join(file);
        let text = std::fs::read_to_string(&target).unwrap();
        assert!(text.contains(from), "{file} has no {from}");
        std::fs::write(&target, text.replacen(from, to, 1)).unwrap();
    }
    let scenario = if id == "rtl" { RTL } else { JOV };
    let path = dir.path().join(scenario);
    (dir, path)
}

fn problems(path: &Path) -> Vec<Problem> {
    validate_file(path).unwrap().problems
}

/// The problems with `code`, as `code rule: message` lines.
fn with_code(ps: &[Problem], code: &str) -> Vec<String> {
    ps.iter()
        .filter(|p| p.code == code)
        .map(|p| format!("{} {}: {}", p.code, p.rule.unwrap_or(""), p.message))
        .collect()
}

fn assert_raises(id: &str, file: &str, from: &str, to: &str, code: &str, needle: &str) {
    let (_d, p) = variant(id, file, from, to);
    assert_problem(&p, from, to, code, needle);
}

/// As [`assert_raises`], with the edit made in the shipped blank charts, which the
/// example scenario's copy reads.
fn assert_blank_charts_raise(id: &str, from: &str, to: &str, code: &str, needle: &str) {
    let (_d, p) = blank_charts_variant(id, from, to);
    assert_problem(&p, from, to, code, needle);
}

fn assert_problem(p: &Path, from: &str, to: &str, code: &str, needle: &str) {
    let ps = problems(p);
    let found = with_code(&ps, code);
    assert!(
        found.iter().any(|l| l.contains(needle)),
        "{code} with \"{needle}\" expected after {from} -> {to}; got {found:?}\nall: {:?}",
        ps.iter().map(|p| p.to_string()).collect::<Vec<_>>()
    );
}

#[test]
fn both_systems_are_registered_for_authoring_and_setup_checks() {
    for (id, example) in [
        ("rtl", "scenarios/rtl/soltsy-example.scenario.ron"),
        ("jov", "scenarios/jov/korsun-example.scenario.ron"),
    ] {
        let s = systems::get(id).unwrap();
        assert!(s.support().authoring && s.support().setup_checks, "{id}");
        // Both have their engines and a random bot (issues 29 and 30).
        assert!(s.support().engine && s.support().bots, "{id}");
        assert!(s.blank_tables().is_some(), "{id}");
        // Their game records count steps lost.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(example);
        let (system, bundle, _) = systems::load(&path).unwrap();
        let playable = system.prepare(bundle.view()).unwrap();
        assert_eq!(playable.loss_unit(), "steps", "{id}");
    }
    let (code, out, _) = sztab(&["systems"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Roads to Leningrad") && out.contains("The Jaws of Victory"),
        "{out}"
    );
}

#[test]
fn catalogues_and_blank_charts_validate_with_their_empty_cells_counted() {
    for id in ["rtl", "jov"] {
        let terrain = validate_file(&root(&format!("assets/{id}/{id}.terrain.ron"))).unwrap();
        assert!(terrain.problems.is_empty(), "{id}: {:?}", terrain.problems);
        let charts = validate_file(&root(&format!("assets/{id}/{id}.tables.ron"))).unwrap();
        assert_eq!(charts.errors(), 0, "{id}: {:?}", charts.problems);
        assert!(
            charts.problems.iter().all(|p| p.code == "X06"),
            "{id}: {:?}",
            charts.problems
        );
    }
    let rtl = problems(&root("assets/rtl/rtl.tables.ron"));
    let msgs: Vec<&str> = rtl.iter().map(|p| p.message.as_str()).collect();
    assert!(
        msgs.iter().any(|m| m.starts_with(
            "table Assault CRT has 131 empty cells (of 132): enter them from the printed chart (row "
        ) && m.ends_with("; and 128 more)")),
        "{msgs:?}"
    );
    assert!(
        !msgs.iter().any(|m| m.contains("Combat DRMs")),
        "every Combat DRM is in the rulebook's text: {msgs:?}"
    );
}

#[test]
fn the_rulebooks_cells_are_filled_and_marked_as_theirs() {
    use sztab::model::tables::{Origin, Tables};
    let parse = |id: &str| -> Tables {
        let text = systems::get(id).unwrap().blank_tables().unwrap();
        sztab::model::io::parse(&sztab::model::Source::new("x", text)).unwrap()
    };
    let rtl = parse("rtl");
    let assault = rtl.table("assault_crt").unwrap();
    assert_eq!(assault.lookup("5", "3:1"), Some("DR*"));
    let (r, c) = (assault.row("5").unwrap(), assault.column("3:1").unwrap());
    assert_eq!(assault.origin(r, c), Origin::Rulebook);
    assert_eq!(assault.given_at(r, c).unwrap().rule, "11.12 example");
    assert_eq!(
        rtl.table("mobile_crt").unwrap().columns.len(),
        12,
        "1:4 to 8:1"
    );
    assert_eq!(assault.columns.len(), 11, "1:4 to 7:1");
    let jov = parse("jov");
    let crt = jov.table("crt").unwrap();
    assert_eq!(crt.rows.len(), 11, "2d6: 2 to 12");
    assert_eq!(crt.empty_cells(), crt.rows.len() * crt.columns.len());
    assert_eq!(
        jov.table("german_artillery").unwrap().lookup("4", "5"),
        Some("2"),
        "12.10.2: OBS 5, a roll of 4, two shifts"
    );
    assert_eq!(
        jov.table("armor_superiority").unwrap().empty_cells(),
        0,
        "the Armor Guide gives the whole table"
    );
}

#[test]
fn the_example_scenarios_validate_with_only_the_charts_left_to_enter() {
    for path in [RTL, JOV] {
        let r = validate_file(&root(path)).unwrap();
        assert_eq!(r.errors(), 0, "{path}: {:?}", r.problems);
        let other: Vec<String> = r
            .problems
            .iter()
            .filter(|p| p.code != "X06")
            .map(|p| p.to_string())
            .collect();
        assert!(other.is_empty(), "{path}: {other:?}");
        assert!(
            r.files
                .iter()
                .any(|f| f.to_string_lossy().ends_with(".tables.ron"))
        );
    }
    let (code, out, _) = sztab(&["validate", RTL, JOV]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn the_cards_show_formations_turn_track_and_victory() {
    let dir = tempfile::tempdir().unwrap();
    for (path, needles) in [
        (
            RTL,
            &[
                "8th Panzer Division",
                "14 Jul PM",
                "Weather Boxes",
                "Activation Markers",
                "Air Display: Ready Box",
                "Victory points",
                "Map side",
            ][..],
        ),
        (
            JOV,
            &[
                "57th Infantry Division",
                "Turn Record Track",
                "Replacement points",
                "Markers at start",
                "Korsun rail terminal",
                "Soviet victory",
            ][..],
        ),
    ] {
        let out = dir.path().join("card.html");
        let (code, _, err) = sztab(&["card", path, "--out", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let html = std::fs::read_to_string(&out).unwrap();
        for n in needles {
            assert!(html.contains(n), "{path}: the card lacks {n}");
        }
    }
}

#[test]
fn rtl_setup_checks_fire_with_their_codes_and_rules() {
    let s = "scenarios/rtl/soltsy-example.scenario.ron";
    let c = "scenarios/rtl/soltsy-example.counters.ron";
    let m = "scenarios/rtl/soltsy-example.map.ron";
    // r3_31: 9 stacking points a hex.
    assert_raises(
        "rtl",
        c,
        r#""vehicle": true, "stacking": 2"#,
        r#""vehicle": true, "stacking": 9"#,
        "RT01",
        "3.31: hex 3118 holds 10 stacking points; the limit is 9",
    );
    // r8_14: no hex holds both sides.
    assert_raises(
        "rtl",
        s,
        r#"(unit: "su-252", hex: "3221")"#,
        r#"(unit: "su-252", hex: "3118")"#,
        "RT02",
        "8.14: hex 3118 holds units of both sides",
    );
    // r8_37a: MOT in swamp off the roads.
    assert_raises(
        "rtl",
        s,
        r#"(unit: "de-59k", hex: "3017")"#,
        r#"(unit: "de-59k", hex: "3022")"#,
        "RT03",
        "8.37a: MOT unit de-59k sets up in the swamp hex 3022",
    );
    // r16_21: a Bridge unit's arrow on a river or stream.
    assert_raises(
        "rtl",
        s,
        r#"state: {"arrow": "S"}"#,
        r#"state: {"arrow": "N"}"#,
        "RT06",
        "which is no river or stream",
    );
    // r4_13: a one-step unit cannot start reduced.
    assert_raises(
        "rtl",
        s,
        r#"(unit: "su-70-hq", hex: "3321")"#,
        r#"(unit: "su-70-hq", hex: "3321", state: {"reduced": true})"#,
        "RT09",
        "unit su-70-hq starts reduced but has one step",
    );
    // r3_62: Fired is artillery's.
    assert_raises(
        "rtl",
        s,
        r#"(unit: "de-59k", hex: "3017")"#,
        r#"(unit: "de-59k", hex: "3017", state: {"fired": true})"#,
        "RT10",
        "starts Fired but is not artillery",
    );
    // r4_14: air starts in the Ready Box.
    assert_raises(
        "rtl",
        c,
        r#""type": "motorcycle""#,
        r#""type": "air""#,
        "RT11",
        "air unit de-59k is set up on the map (3017)",
    );
    // r14_22: no Strongpoint in swamp.
    assert_raises(
        "rtl",
        s,
        r#"(kind: "strongpoint", hex: "3219")"#,
        r#"(kind: "strongpoint", hex: "3021")"#,
        "RT07",
        "a Strongpoint on 3021, a swamp hex",
    );
    // r14_23: a Strongpoint under construction needs a builder.
    assert_raises(
        "rtl",
        s,
        r#"(kind: "strongpoint", hex: "3219")"#,
        r#"(kind: "sp_construction", hex: "3321")"#,
        "RT08",
        "has no builder",
    );
    // r5_2: reinforcements enter on a map edge.
    assert_raises(
        "rtl",
        s,
        r#"Hex("3622")"#,
        r#"Hex("3320")"#,
        "RT15",
        "183rd Rifle Division enters at 3320, not on a map edge",
    );
    // r5_21: no set-up on an enemy entry hex.
    assert_raises(
        "rtl",
        s,
        r#"(unit: "de-59k", hex: "3017")"#,
        r#"(unit: "de-59k", hex: "3622")"#,
        "RT16",
        "unit de-59k sets up on 3622",
    );
    // r6_31: both sides have supply.
    assert_raises(
        "rtl",
        s,
        r#"(side: "soviet", name: "Soviet east edge", at: [Hex("3615"), Hex("3624")]),"#,
        "",
        "RT17",
        "Soviet has no supply source",
    );
    // r5_11: a Weather Box for every turn, Dry before Cloudy.
    assert_raises(
        "rtl",
        s,
        r#"(turn: 4, label: "15 Jul PM", attrs: {"dry_to": 4, "cloudy_to": 7, "historical": "cloudy"}),"#,
        "",
        "RT18",
        "turn 4 has no Weather Box",
    );
    assert_raises(
        "rtl",
        s,
        r#""dry_to": 6, "cloudy_to": 8"#,
        r#""dry_to": 9, "cloudy_to": 8"#,
        "RT18",
        "14 Jul AM: the Weather Box's Dry rolls (1-9) run past its Cloudy ones (to 8)",
    );
    // r7_12: the turn-1 Initiative tie.
    assert_raises(
        "rtl",
        s,
        r#", "initiative_tie": "german""#,
        "",
        "RT19",
        "Initiative tie on turn 1",
    );
    // r2_21a: a combat unit has a defense.
    assert_raises(
        "rtl",
        c,
        r#""type": "motorcycle", "size": "II", "attack": 3, "defense": 3"#,
        r#""type": "motorcycle", "size": "II", "attack": 3, "defense": 0"#,
        "RT21",
        "unit de-59k: a combat unit's defense is at least 1",
    );
    // r15_13: an HQ belongs to a formation.
    assert_raises(
        "rtl",
        c,
        r#"(id: "su-70-hq", designation: "HQ 70", nation: "su", formation: "70rd","#,
        r#"(id: "su-70-hq", designation: "HQ 70", nation: "su","#,
        "RT13",
        "HQ su-70-hq belongs to no formation",
    );
    // r8_36b: a printed bridge crosses water under a road.
    assert_raises(
        "rtl",
        m,
        r#""3120-3121": [(kind: "river")]"#,
        r#""3120-3121": [(kind: "river"), (kind: "bridge")]"#,
        "RT25",
        "the bridge on hexside 3120-3121 carries no road",
    );
    // r2_24: the Strongpoint markers of the counter mix, not given or too few.
    assert_raises(
        "rtl",
        s,
        r#", "strongpoint_markers": 6"#,
        "",
        "RT26",
        "Strongpoints are not limited",
    );
    assert_raises(
        "rtl",
        s,
        r#""strongpoint_markers": 6"#,
        r#""strongpoint_markers": 0"#,
        "RT26",
        "Strongpoints are not limited",
    );
    // 5.2: no replacements in this booklet.
    assert_raises(
        "rtl",
        s,
        "    supply: [",
        "    replacements: [(turn: 2, side: \"soviet\", points: {})],\n    supply: [",
        "RT23",
        "Roads to Leningrad has none",
    );
}

#[test]
fn jov_setup_checks_fire_with_their_codes_and_rules() {
    let s = "scenarios/jov/korsun-example.scenario.ron";
    let c = "scenarios/jov/korsun-example.counters.ron";
    // r11_0: 3 units a hex, 2 in forest.
    assert_raises(
        "jov",
        s,
        r#"(unit: "su-31rd", hex: "3920""#,
        r#"(unit: "su-31rd", hex: "4420""#,
        "JV01",
        "11.0: hex 4420 holds 3 units; the limit there is 2",
    );
    assert_raises(
        "jov",
        s,
        r#"(unit: "su-31rd", hex: "3920""#,
        r#"(unit: "su-31rd", hex: "4120""#,
        "JV01",
        "hex 4120 holds 2 Soviet divisions; the limit is 1",
    );
    // r9_10_4: no hex holds both sides.
    assert_raises(
        "jov",
        s,
        r#"(unit: "su-62gd", hex: "4120")"#,
        r#"(unit: "su-62gd", hex: "4122")"#,
        "JV02",
        "9.10.4: hex 4122 holds units of both sides",
    );
    // r15_1_1: IPs in clear, village-free hexes.
    assert_raises(
        "jov",
        s,
        r#"(kind: "ip", hex: "4122")"#,
        r#"(kind: "ip", hex: "3821")"#,
        "JV03",
        "an Improved Position on 3821",
    );
    // r15_3: minefields face a hexside and keep to the allotment.
    assert_raises(
        "jov",
        s,
        r#"(kind: "minefield", hex: "4219", facing: "4220")"#,
        r#"(kind: "minefield", hex: "4219")"#,
        "JV04",
        "faces no hexside",
    );
    assert_raises(
        "jov",
        s,
        r#""minefields": 1"#,
        r#""minefields": 0"#,
        "JV04",
        "1 minefields at the start; the scenario allots 0",
    );
    // r15_2: bridge markers on bridges; railroad bridges are never repaired.
    assert_raises(
        "jov",
        s,
        r#"(kind: "alarm_hex", hex: "4323")"#,
        r#"(kind: "bridge_repair", hex: "4221", facing: "4222")"#,
        "JV05",
        "a railroad bridge (4221-4222) is never repaired",
    );
    assert_raises(
        "jov",
        s,
        r#"(kind: "alarm_hex", hex: "4323")"#,
        r#"(kind: "bridge_destroyed", hex: "3921", facing: "3922")"#,
        "JV05",
        "which carries no bridge, printed or implied",
    );
    // r18_6: fords need the optional rule.
    assert_raises(
        "jov",
        s,
        r#"(kind: "alarm_hex", hex: "4323")"#,
        r#"(kind: "ford", hex: "3921", facing: "3922")"#,
        "JV07",
        "does not use the fords rule",
    );
    // r4_4: no more steps than the counter's.
    assert_raises(
        "jov",
        s,
        r#"state: {"steps": 2}"#,
        r#"state: {"steps": 5}"#,
        "JV08",
        "unit de-217 starts with 5 steps; its counter has 3",
    );
    // r4_5_4: the Sherman stays with its division.
    assert_raises(
        "jov",
        s,
        r#"(unit: "su-11gcd-sh", hex: "4420")"#,
        r#"(unit: "su-11gcd-sh", hex: "4519")"#,
        "JV09",
        "not with su-11gcd on 4420",
    );
    // r4_8_1: Alarm units start Alarm side up.
    assert_raises(
        "jov",
        s,
        r#"state: {"alarm_side": true}"#,
        r#"state: {"alarm_side": false}"#,
        "JV11",
        "Alarm unit de-alarm starts Alarm side up",
    );
    // r13_1: every formation is served by a supply source.
    assert_raises(
        "jov",
        s,
        r#"serves: ["xi"]"#,
        r#"serves: ["57id"]"#,
        "JV14",
        "no German supply source serves the formation of de-sdm-xi, de-wiking-ge",
    );
    // r8_1_2: RPs go to a Front or a Korps.
    assert_raises(
        "jov",
        s,
        r#"formation: "2uf", points"#,
        r#"formation: "4ga", points"#,
        "JV15",
        "4th Guards Army, a army: RPs go to a Front or a Korps",
    );
    // r3_1: a ground DRM for every turn.
    assert_raises(
        "jov",
        s,
        r#"(turn: 3, label: "30 Jan", attrs: {"ground_drm": 1, "reliability": true}),"#,
        "",
        "JV16",
        "no ground condition DRM for turn 3",
    );
    // r4_7: only Soviet divisions extend.
    assert_raises(
        "jov",
        s,
        r#"(unit: "de-199", hex: "4122")"#,
        r#"(unit: "de-199", hex: "4122", state: {"extended": "N"})"#,
        "JV22",
        "only a Soviet infantry or cavalry division extends",
    );
    // r4_4_4: multi-step units carry a chit class.
    assert_raises(
        "jov",
        c,
        r#""steps": 3, "chit": "B""#,
        r#""steps": 3"#,
        "JV25",
        "unit de-wiking-ge: a unit of 3 or more steps has a strength chit class",
    );
}

#[test]
fn a_scenarios_charts_must_hold_every_table_the_rules_read() {
    // The example plays with invented charts; these are the shipped blank ones.
    assert_blank_charts_raise(
        "rtl",
        r#"id: "initiative""#,
        r#"id: "initiative_table""#,
        "X09",
        "the rtl rules read the table Initiative Table (\"initiative\", 7.11, 7.13)",
    );
    assert_blank_charts_raise(
        "rtl",
        "die: D10,\n            rows_are: \"d10 + net DRM (capped at ±5, 10.62)\",\n            columns_are: \"Odds, rounded in the defender's favour (10.5)\",\n            vocabulary: \"crt\",\n            columns: [\"1:4\", \"1:3\", \"1:2\", \"1:1\", \"3:2\", \"2:1\", \"3:1\", \"4:1\", \"5:1\", \"6:1\", \"7:1\"]",
        "die: D6,\n            rows_are: \"d10 + net DRM (capped at ±5, 10.62)\",\n            columns_are: \"Odds, rounded in the defender's favour (10.5)\",\n            vocabulary: \"crt\",\n            columns: [\"1:4\", \"1:3\", \"1:2\", \"1:1\", \"3:2\", \"2:1\", \"3:1\", \"4:1\", \"5:1\", \"6:1\", \"7:1\"]",
        "X09",
        "table Assault CRT: the rules read it with d10, the file with d6",
    );
    // A malformed cell of a JoV chart (the examples' invented charts), with its line and
    // column.
    let (_d, p) = variant(
        "jov",
        "scenarios/jov/korsun.invented.tables.ron",
        r#"(key: "Attacker 1 more", cells: ["1R"])"#,
        r#"(key: "Attacker 1 more", cells: ["1X"])"#,
    );
    let lines: Vec<String> = problems(&p).iter().map(|p| p.to_string()).collect();
    assert!(
        lines.iter().any(|l| l.contains("korsun.invented.tables.ron:") && l.contains("error[X05]: table Armor Superiority, row Attacker 1 more, column Shift: \"X\" is not a code of column shifts")),
        "{lines:?}"
    );
}

#[test]
fn the_described_scenario_data_they_use_is_reference_checked() {
    let s = "scenarios/rtl/soltsy-example.scenario.ron";
    let j = "scenarios/jov/korsun-example.scenario.ron";
    // A box and a marker the system does not have.
    assert_raises(
        "rtl",
        s,
        r#"box: "ready"),"#,
        r#"box: "hangar"),"#,
        "B01",
        "unit de-ju87 starts in box \"hangar\"",
    );
    assert_raises(
        "rtl",
        s,
        r#"(kind: "strongpoint", hex: "3219")"#,
        r#"(kind: "minefield", hex: "3219")"#,
        "K01",
        "marker \"minefield\" on 3219",
    );
    assert_raises(
        "jov",
        j,
        r#"facing: "4220""#,
        r#"facing: "4420""#,
        "K02",
        "faces 4420, which is not a neighbour of 4219",
    );
    // The turn track and replacements keep to the scenario's turns and commands.
    assert_raises(
        "rtl",
        s,
        r#"(turn: 4, label: "15 Jul PM""#,
        r#"(turn: 5, label: "15 Jul PM""#,
        "S03",
        "turn track: turn 5 is not a turn of the scenario (1 to 4)",
    );
    assert_raises(
        "jov",
        j,
        r#"formation: "2uf", points"#,
        r#"formation: "9uf", points"#,
        "R04",
        "formation \"9uf\" is not in the counters file",
    );
    // Supply sources and victory points name what exists.
    assert_raises(
        "jov",
        j,
        r#"at: [Place("Korsun")]"#,
        r#"at: [Place("Uman")]"#,
        "L01",
        "the map has no place \"Uman\"",
    );
    assert_raises(
        "rtl",
        s,
        r#"for: Place("Hill 52"), from_turn: 3"#,
        r#"for: Place("Hill 52"), from_turn: 7"#,
        "V03",
        "the turns 7-4 are not turns of the scenario",
    );
}

/// The Jaws of Victory's map is two sheets joined (2.2): the example on two sheets is
/// the core's composed map of two sheet files, every hex labelled with its sheet's
/// letter before its printed number, and its scenario validates like the one-sheet
/// example.
#[test]
fn the_two_sheet_jov_example_composes_its_sheets_with_their_letters_and_validates() {
    use sztab::hex::{HexId, Hexside};
    use sztab::model::MapBundle;
    let hex = |s: &str| HexId::parse(s).unwrap();
    let (b, found) = MapBundle::load(&root("scenarios/jov/korsun-two-sheets.map.ron")).unwrap();
    assert!(found.is_empty(), "{found:?}");
    let m = &b.map;
    assert_eq!(m.sections.len(), 2);
    assert_eq!((m.grid.cols, m.grid.rows), (16, 8));
    assert_eq!(m.labels_of(hex("4223")), ["A-4223"]);
    assert_eq!(m.labels_of(hex("4921")), ["B-4921"]);
    assert_eq!(m.labels_of(hex("5326")), ["B-5326"]);
    // A person names a hex by the label printed on the sheet, or by its number.
    assert_eq!(m.hex_by_label("B-4921"), Ok(hex("4921")));
    assert_eq!(m.hex_by_label(" b-4921 "), Ok(hex("4921")));
    assert_eq!(m.hex_by_label("4921"), Ok(hex("4921")));
    assert_eq!(m.label_of(hex("4921")), "B-4921");
    let e = m.hex_by_label("C-4921").unwrap_err();
    assert!(e.starts_with("\"C-4921\" is no hex of this map"), "{e}");
    // Each sheet's terrain, and the road and railroad its own file carries across the join.
    assert_eq!(m.hexes[&hex("4223")].terrain.as_str(), "town");
    assert_eq!(m.hexes[&hex("4921")].terrain.as_str(), "town");
    let road = |a: &str, b: &str| {
        m.roads
            .get(&Hexside::new(hex(a), hex(b)).unwrap())
            .map(|k| k.first().as_str().to_owned())
    };
    assert_eq!(road("4520", "4620").as_deref(), Some("railroad"));
    assert_eq!(road("4523", "4623").as_deref(), Some("secondary_road"));
    assert_eq!(road("4423", "4523").as_deref(), Some("secondary_road"));
    assert!(sztab::model::compose::inner_holes(m).is_empty());
    assert!(m.places.iter().any(|p| p.name == "Gorodishche"));

    let two = root("scenarios/jov/korsun-two-sheets.scenario.ron");
    let r = validate_file(&two).unwrap();
    assert_eq!(r.errors(), 0, "{:?}", r.problems);
    let other: Vec<String> = r
        .problems
        .iter()
        .filter(|p| p.code != "X06")
        .map(|p| p.to_string())
        .collect();
    assert!(other.is_empty(), "{other:?}");
    // An entry hex inside sheet B, off the map's edge, is refused as on any map.
    let file = "scenarios/jov/korsun-two-sheets.scenario.ron";
    let (d, _) = variant("jov", file, r#"Hex("5323")"#, r#"Hex("4923")"#);
    let found = with_code(&problems(&d.path().join(file)), "JV13");
    assert!(found.iter().any(|l| l.contains("4923")), "{found:?}");
    // The scenario's map sheets are its map's.
    let (d, _) = variant("jov", file, r#""maps": 2"#, r#""maps": 1"#);
    let found = with_code(&problems(&d.path().join(file)), "JV26");
    assert_eq!(
        found,
        [
            "JV26 18.6: the scenario is played on 1 map sheet (its \"maps\"), but its map is 2 sheets"
        ]
    );
}

/// X11: a Roads to Leningrad combat result whose codes the vocabulary has but in an order
/// the engine reads as no result is an error at its cell; a result the engine reads is not.
#[test]
fn rtl_crt_cells_the_engine_cannot_read_are_errors_at_their_cell() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rtl.tables.ron");
    let text = std::fs::read_to_string(root("assets/rtl/rtl.tables.ron")).unwrap();
    let key = "(key: \"1\", cells: [\"\"";
    let at = text
        .find(key)
        .expect("a row keyed 1 with an empty first cell");
    let (line, column) = {
        let before = &text[..at + key.len() - 2];
        let line = before.matches('\n').count() + 1;
        let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
        (line, column)
    };
    let bad = text.replacen(key, "(key: \"1\", cells: [\"RRE3*\"", 1);
    std::fs::write(&path, &bad).unwrap();
    let report = validate_file(&path).unwrap();
    let x11: Vec<&Problem> = report.problems.iter().filter(|p| p.code == "X11").collect();
    assert_eq!(x11.len(), 1, "{:?}", report.problems);
    assert!(
        x11[0]
            .message
            .contains("\"RRE3*\": a result begins with A or D"),
        "{}",
        x11[0].message
    );
    assert_eq!((x11[0].line, x11[0].column), (Some(line), Some(column)));
    std::fs::write(
        &path,
        text.replacen(key, "(key: \"1\", cells: [\"A1 DR*\"", 1),
    )
    .unwrap();
    let report = validate_file(&path).unwrap();
    assert!(
        report.problems.iter().all(|p| p.code != "X11"),
        "{:?}",
        report.problems
    );
}

/// A Jaws of Victory problem names the hex as its sheet prints it ("B-4921"), not by the
/// composed map's number.
#[test]
fn jov_problems_name_hexes_by_their_sheet_labels() {
    use sztab::hex::HexId;
    let path = root("scenarios/jov/korsun-two-sheets.scenario.ron");
    let (system, mut b, _) = systems::load(&path).unwrap();
    let systems::AnyBundle::Described(g) = &mut b else {
        panic!("a described bundle")
    };
    let crowded = HexId::parse("4921").unwrap();
    for p in g.scenario.setup.iter_mut().take(4) {
        p.hex = crowded;
    }
    let problems = system.setup_checks(b.view());
    let jv01: Vec<&str> = problems
        .iter()
        .filter(|p| p.code == "JV01")
        .map(|p| p.message.as_str())
        .collect();
    assert!(
        jv01.iter().any(|m| m.starts_with("hex B-4921 holds")),
        "{jv01:?}"
    );
}

/// Issue 33: a Jaws of Victory game on two sheets is narrated with the sheets' printed
/// labels ("A-4122"), and its log, whose fingerprint is made of the hex numbers, replays.
#[test]
fn jov_narration_names_hexes_by_their_sheet_labels_and_the_log_replays() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("korsun.game.ron");
    let (code, out, err) = sztab(&[
        "play",
        "scenarios/jov/korsun-two-sheets.scenario.ron",
        "--bot",
        "german=random",
        "--bot",
        "soviet=random",
        "--verbose",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let placed: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split(" set up at ").nth(1))
        .collect();
    assert!(!placed.is_empty(), "{out}");
    assert!(
        placed
            .iter()
            .all(|h| h.starts_with("A-") || h.starts_with("B-")),
        "{placed:?}"
    );
    let (code, out, err) = sztab(&["replay", log.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
}
