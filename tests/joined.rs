//! The joined game of Kursk and Prochorowka (the printed "Join Scenarios" rule, A-95): the
//! two maps side by side at their own numbers with a strip between them, both orders of
//! battle on one turn track, STAWKA reserves entering on either map, and bots playing it
//! to the end.

use std::path::{Path, PathBuf};

use sztab::hex::{HexId, Hexside};
use sztab::model::{Bundle, FileKind, Map, MapBundle, Scenario, SideId, ZoneId, io};
use sztab::systems::wb95::ai::{BotSpec, Player, play_out};
use sztab::systems::wb95::{Action, Decision, Event, Game, Pending, PhaseKind};

const DIR: &str = "scenarios/kursk-1943";

fn path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR).join(name)
}

fn hex(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

fn joined() -> Bundle {
    let (b, problems) = Bundle::load(&path("kursk-prochorowka.scenario.ron")).unwrap();
    let errors: Vec<_> = problems.iter().filter(|p| p.is_error()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    b
}

fn scenario(name: &str) -> Scenario {
    Bundle::load(&path(&format!("{name}.scenario.ron")))
        .unwrap()
        .0
        .scenario
}

#[test]
fn a95_the_joined_map_keeps_both_sheets_printed_numbers_and_fills_the_strip() {
    let (b, problems) = MapBundle::load(&path("kursk-prochorowka.map.ron")).unwrap();
    assert!(problems.is_empty(), "{problems:#?}");
    let m = &b.map;
    assert!(m.is_composed());
    assert_eq!((m.grid.cols, m.grid.rows), (63, 35));
    assert_eq!(m.hexes.len(), 63 * 35);
    // A hex of each sheet carries its sheet's printed number, and the scenarios' places
    // are where their own sheets put them.
    assert_eq!(m.labels_of(hex("0927")), ["N-0927"]);
    assert_eq!(m.labels_of(hex("4207")), ["S-4207"]);
    assert!(m.place("Kursk").unwrap().hexes.contains(&hex("0927")));
    assert!(m.place("Obojań").unwrap().hexes.contains(&hex("4207")));
    // The strip between the sheets is the joined map's own, and the sheets touch it.
    assert_eq!(m.labels_of(hex("3210")), ["3210"]);
    assert_eq!(m.labels_of(hex("3334")), ["3334"]);
    assert_eq!(
        m.hexes[&hex("3223")].features.len(),
        1,
        "the forest beside 3123"
    );
    // The Kastornoje road leaves the northern sheet and reaches the southern one.
    for (a, c) in [("3119", "3218"), ("3218", "3318"), ("3318", "3418")] {
        let side = Hexside::new(hex(a), hex(c)).unwrap();
        assert!(m.roads.contains_key(&side), "no road {a}-{c}");
    }
    // Each sheet's entry zones stay apart under its prefix.
    assert_eq!(m.zones[&ZoneId::from("N-E4")], [hex("3119")]);
    assert_eq!(m.zones[&ZoneId::from("S-E1")], [hex("6308")]);
    assert!(!m.zones.contains_key(&ZoneId::from("E1")));
}

#[test]
fn a95_the_joined_scenario_validates_with_no_errors() {
    let report = sztab::validate::validate_file(&path("kursk-prochorowka.scenario.ron")).unwrap();
    assert_eq!(report.errors(), 0, "{:#?}", report.problems);
    // Only the warnings the two scenarios have themselves (see their notes).
    for p in &report.problems {
        assert!(
            ["U07", "U08", "P08", "L02", "P09", "P10"].contains(&p.code),
            "unexpected {p:#?}"
        );
    }
    let (code, out, err) = sztab(&[
        "validate",
        "scenarios/kursk-1943/kursk-prochorowka.scenario.ron",
    ]);
    assert_eq!(code, 0, "{out}{err}");
}

/// Issue 15 item 7 for the joined game: it opens with no warning to act on. It keeps the
/// acknowledgements of Kursk and Prochorowka for the same units and adds the join's own
/// (the LII Corps on ground the Central Front's nearer supply makes Soviet, A-68, A-95);
/// none is stale (S06).
#[test]
fn a95_the_joined_scenario_opens_with_every_warning_acknowledged() {
    let report = sztab::validate::validate_file(&path("kursk-prochorowka.scenario.ron")).unwrap();
    let open: Vec<String> = report
        .problems
        .iter()
        .filter(|p| p.is_open_warning())
        .map(|p| p.to_string())
        .collect();
    assert!(open.is_empty(), "warnings to act on: {open:#?}");
    assert!(report.acknowledged() > 0);
    for p in &report.problems {
        let why = p.acknowledged.as_deref().unwrap_or_default();
        assert!(why.len() > 20, "{p} has no real reason");
    }
    let joined = joined().scenario;
    let own = ["HQ LII AK", "464/255 ID", "Art/LII AK"];
    for a in &joined.acknowledged {
        let in_a_source = ["kursk", "prochorowka"].iter().any(|s| {
            scenario(s)
                .acknowledged
                .iter()
                .any(|b| b.code == a.code && b.subject == a.subject)
        });
        let joins_own = a.code == "P09"
            && own
                .iter()
                .any(|u| a.subject.as_ref().map(ToString::to_string) == Some(format!("unit {u}")));
        assert!(
            in_a_source || joins_own,
            "acknowledges {a:?}, which neither scenario does"
        );
    }
}

#[test]
fn a95_the_joined_scenario_holds_both_orders_of_battle_and_schedules() {
    let j = joined().scenario;
    let (k, p) = (scenario("kursk"), scenario("prochorowka"));
    assert_eq!(j.setup.len(), k.setup.len() + p.setup.len());
    for s in k.setup.iter().chain(&p.setup) {
        let at = j.setup.iter().find(|x| x.unit == s.unit).unwrap();
        assert_eq!(at.hex, s.hex, "{} moved", s.unit);
    }
    // The German of the south starts in field fortifications, as in Prochorowka.
    let fortified = |u: &str| {
        j.setup
            .iter()
            .find(|x| x.unit.as_str() == u)
            .unwrap()
            .fortified
    };
    assert!(fortified("Pz 1/SS-AH") && !fortified("Pz 29/12 PzD"));
    assert_eq!(
        j.reinforcements.len(),
        k.reinforcements.len() + p.reinforcements.len()
    );
    assert_eq!(
        j.restrictions.len(),
        k.restrictions.len() + p.restrictions.len()
    );
    assert_eq!((j.start, j.end, j.turns()), (k.start, k.end, 19));
    assert_eq!(j.rules.repair_markers, 2, "one per front (R17.1.1)");
}

/// The first STAWKA reserve, called in on 5 July instead of 12 for the test, may come on
/// through the northern sheet's east-edge road zones or the southern sheet's.
#[test]
fn a95_a_stawka_reserve_enters_on_either_map() {
    let mut b = joined();
    let group = b
        .scenario
        .reinforcements
        .iter_mut()
        .find(|r| r.optional)
        .unwrap();
    assert_eq!(
        group.name.as_deref(),
        Some("STAWKA reserve: 2nd Mechanized Corps")
    );
    group.date = b.scenario.start;
    let unit = group.units[0].clone();
    let mut g = Game::new(&b, 3).unwrap();
    let mut players: Vec<(SideId, Box<dyn Player>)> = vec![
        ("german".into(), BotSpec::RANDOM.build(1)),
        ("soviet".into(), BotSpec::RANDOM.build(2)),
    ];
    // Bots play up to the Soviet Movement phase of turn 1.
    loop {
        let Pending::Decide { side, decision } = g.pending() else {
            panic!("the game ended on turn 1")
        };
        if side.as_str() == "soviet"
            && matches!(decision, Decision::Move { phase } if phase.kind() == PhaseKind::Movement)
        {
            break;
        }
        let player = &mut players.iter_mut().find(|(s, _)| *s == side).unwrap().1;
        let action = player.decide(&g, &side, &decision);
        g.apply(action).unwrap();
    }
    assert_eq!(g.turn(), 1);
    let u = g.roster().get(unit.as_str()).unwrap();
    // Exactly the ten east-edge road zones of the two sheets: a sheet's west-edge zones
    // (S-W1..) are on another line, not adjacent to its east-edge ones (R11.2.1).
    let mut zones: Vec<&str> = g
        .entry_zones(u)
        .iter()
        .map(|&(z, _)| g.prepared().zones[z].name.as_str())
        .collect();
    zones.sort_unstable();
    let expected: Vec<String> = ["N", "S"]
        .iter()
        .flat_map(|s| (1..=5).map(move |i| format!("{s}-E{i}")))
        .collect();
    assert_eq!(zones, expected);
    for at in ["3119", "6308"] {
        let mut game = g.clone();
        let events = game
            .apply(Action::Enter {
                units: vec![unit.clone()],
                path: vec![hex(at)],
            })
            .unwrap_or_else(|e| panic!("entering at {at}: {e}"));
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::VpScored { vp: 3, .. })),
            "calling in the corps gives the German 3 VP"
        );
        let on = game.unit_state(u).hex().map(|h| game.hex_id(h));
        assert_eq!(on, Some(hex(at)));
    }
}

#[test]
fn a95_heuristic_bots_play_the_joined_game_to_its_end() {
    let b = joined();
    let mut g = Game::new(&b, 1).unwrap();
    let mut players: Vec<(SideId, Box<dyn Player>)> = vec![
        ("german".into(), BotSpec::heuristic(1).build(1)),
        ("soviet".into(), BotSpec::heuristic(1).build(2)),
    ];
    let played = play_out(&mut g, &mut players, 1_000_000, |_, _, _| {}).unwrap();
    assert!(played.result.winner.is_some(), "{:?}", played.result);
    assert!(g.turn() >= 1);
}

#[test]
fn the_joined_files_are_in_the_form_the_editor_saves() {
    fn same<T: serde::de::DeserializeOwned + serde::Serialize>(kind: FileKind, file: &str) {
        let src = io::read_text(&path(file)).unwrap();
        let value: T = io::parse(&src).unwrap();
        let saved = io::to_ron(kind, &value).unwrap();
        assert!(saved == src.text, "{file} is not in saved form:\n{saved}");
    }
    same::<Map>(FileKind::Map, "kursk-prochorowka.map.ron");
    same::<Scenario>(FileKind::Scenario, "kursk-prochorowka.scenario.ron");
}

fn sztab(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}
