//! The rules engine as a whole: bot-played games of the fixture scenario (determinism,
//! replay, and property tests over many seeds: stacking, sides never sharing a hex, CEL,
//! units on the map, attack obligations), and the `play`, `replay`, `odds` and
//! `validate` commands. Rule-by-rule tests live beside the engine (`src/systems/wb95/tests`).

use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::prelude::*;
use sztab::model::{Bundle, SideId};
use sztab::systems::wb95::ai::{HeuristicBot, Player, RandomBot, play_out};
use sztab::systems::wb95::state::Loc;
use sztab::systems::wb95::{Action, Decision, Event, Fingerprint, Game, Pending};

const FIXTURE: &str = "tests/fixtures/mini.scenario.ron";

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn fixture() -> Bundle {
    Bundle::load(&root(FIXTURE)).unwrap().0
}

fn bots(seed: u64) -> Vec<(SideId, Box<dyn Player>)> {
    vec![
        ("german".into(), Box::new(RandomBot::new(seed * 2 + 1))),
        ("soviet".into(), Box::new(RandomBot::new(seed * 2 + 2))),
    ]
}

/// Plays a game, returning every event and the actions.
fn play(seed: u64) -> (Vec<Event>, Vec<Action>) {
    let mut g = Game::new(&fixture(), seed).unwrap();
    let mut events = g.opening_events().to_vec();
    let played = play_out(&mut g, &mut bots(seed), 100_000, |_, _, es| {
        events.extend_from_slice(es)
    })
    .unwrap();
    (events, played.actions)
}

#[test]
fn a_random_game_of_the_fixture_ends_with_a_result() {
    let mut g = Game::new(&fixture(), 7).unwrap();
    let played = play_out(&mut g, &mut bots(7), 100_000, |_, _, _| {}).unwrap();
    assert_eq!(played.result.turn, 4);
    assert!(played.result.level.is_some());
    assert!(matches!(g.pending(), Pending::GameOver(_)));
    assert!(
        g.apply(Action::EndPhase).is_err(),
        "nothing is legal after the end"
    );
}

#[test]
fn the_same_seed_and_actions_give_the_same_events_and_a_replay_reproduces_them() {
    let (a, actions) = play(11);
    let (b, _) = play(11);
    assert_eq!(a, b);
    let mut g = Game::new(&fixture(), 11).unwrap();
    let mut replayed = g.opening_events().to_vec();
    for act in actions {
        replayed.extend(g.apply(act).unwrap());
    }
    assert_eq!(replayed, a);
    let (c, _) = play(12);
    assert_ne!(a, c, "another seed, another game");
}

#[test]
fn events_alone_rebuild_the_final_state() {
    let (events, _) = play(5);
    let g = Game::new(&fixture(), 5).unwrap();
    let mut state = sztab::systems::wb95::state::GameState::new(g.prepared().clone());
    for e in &events {
        state.apply(e);
    }
    let mut g2 = Game::new(&fixture(), 5).unwrap();
    play_out(&mut g2, &mut bots(5), 100_000, |_, _, _| {}).unwrap();
    let cel = |s: &sztab::systems::wb95::state::GameState| {
        s.units.iter().map(|u| (u.loc, u.cel)).collect::<Vec<_>>()
    };
    assert_eq!(cel(&state), cel(g2.state()));
    assert_eq!(state.control, g2.state().control);
    assert_eq!(state.vp, g2.state().vp);
}

/// Checks the invariants of a position.
fn check_position(g: &Game) -> Result<(), String> {
    let b = g.board();
    for h in 0..b.len() {
        let units = g.units_at(h);
        if g.stacked_cel(h) > 8 && g.state().combat.is_none() {
            return Err(format!("{} holds {} CEL", b.id(h), g.stacked_cel(h)));
        }
        if let Some(&first) = units.first() {
            let side = g.info(first).side;
            if units.iter().any(|&u| g.info(u).side != side) {
                return Err(format!("both sides on {}", b.id(h)));
            }
        }
        for &u in units {
            if g.unit_state(u).hex() != Some(h) {
                return Err(format!(
                    "{} listed on {} but is elsewhere",
                    g.unit_id(u),
                    b.id(h)
                ));
            }
        }
    }
    for u in g.roster().all() {
        let st = g.unit_state(u);
        match st.loc {
            Loc::OnMap(h) => {
                if h >= b.len() || !g.units_at(h).contains(&u) {
                    return Err(format!("{} is off the map", g.unit_id(u)));
                }
                if st.cel == 0 || st.cel > g.info(u).max_cel() {
                    return Err(format!("{} has {} CEL", g.unit_id(u), st.cel));
                }
            }
            Loc::Eliminated if st.cel != 0 => {
                return Err(format!("{} eliminated with CEL", g.unit_id(u)));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Every obligation is met or impossible when a Combat phase ends (R5.1.3-5.1.7).
fn check_obligations(g: &Game) -> Result<(), String> {
    let Some(side) = g.state().clock.phase.owner() else {
        return Ok(());
    };
    let b = g.board();
    for &u in &g.state().obliged {
        let Some(h) = g.unit_state(u).hex() else {
            continue;
        };
        if !g.fought(u) && b.neighbours(h).any(|(_, n)| g.attackable(side, n)) {
            return Err(format!(
                "{} was obliged to attack and did not",
                g.unit_id(u)
            ));
        }
    }
    for &e in &g.state().must_attack {
        let Some(h) = g.unit_state(e).hex() else {
            continue;
        };
        let reachable = b.neighbours(h).any(|(_, n)| {
            g.units_at(n)
                .iter()
                .any(|&a| g.info(a).side == side && g.info(a).can_attack() && !g.fought(a))
        });
        if !g.fought(e) && g.attackable(side, h) && reachable {
            return Err(format!("{} had to be attacked and was not", g.unit_id(e)));
        }
    }
    Ok(())
}

/// Every destination the reach query offers a unit is a legal move (R3, R4.2, R12).
fn check_destinations(g: &Game, units: &[sztab::model::UnitId]) -> Result<(), String> {
    let Some(u) = units.first().and_then(|id| g.roster().get(id.as_str())) else {
        return Ok(());
    };
    for d in g.destinations(u) {
        let a = Action::Move {
            units: vec![g.unit_id(u).clone()],
            path: d.path.clone(),
        };
        g.check(&a)
            .map_err(|e| format!("reach offered {d:?} but: {e}"))?;
    }
    Ok(())
}

/// Air missions never break the per-hex limit (R21.1.2): the missions in play at any
/// moment come from one Air phase.
fn check_air(g: &Game) -> Result<(), String> {
    let Some(limit) = g.prepared().rules.air_per_hex else {
        return Ok(());
    };
    let mut per: Vec<((sztab::systems::wb95::Side, usize), usize)> = Vec::new();
    for m in &g.state().air.missions {
        for h in m.hexes() {
            match per.iter_mut().find(|(k, _)| *k == (m.side, h)) {
                Some(e) => e.1 += m.counters.len(),
                None => per.push(((m.side, h), m.counters.len())),
            }
        }
    }
    match per.iter().find(|(_, n)| *n > usize::from(limit)) {
        Some(((_, h), n)) => Err(format!("{n} air counters over {}", g.hex_id(*h))),
        None => Ok(()),
    }
}

/// Out-of-supply levels stay in range: never negative (u8), 0 off the map or in supply
/// long enough, and never above the number of Supply phases and choices played.
fn check_oos(g: &Game) -> Result<(), String> {
    let bound = 3 * (g.turn() + 1) * 2;
    for u in g.roster().all() {
        let st = g.unit_state(u);
        if u32::from(st.oos) > bound {
            return Err(format!("{} at OoS level {}", g.unit_id(u), st.oos));
        }
    }
    Ok(())
}

/// Plays a whole game checking the invariants after every action and the obligations
/// before every Combat phase ends; replays its actions and checks the events match;
/// returns the fingerprint.
fn checked_game(seed: u64) -> Result<String, String> {
    let mut g = Game::new(&fixture(), seed).map_err(|e| e.to_string())?;
    let mut players = bots(seed);
    let mut fp = Fingerprint::new(sztab::systems::wb95::LogFormat::CURRENT.encoding());
    fp.extend(g.opening_events()).map_err(|e| e.to_string())?;
    let mut actions = Vec::new();
    for _ in 0..100_000 {
        check_position(&g)?;
        check_air(&g)?;
        check_oos(&g)?;
        let (side, decision) = match g.pending() {
            Pending::GameOver(_) => {
                let mut r = Game::new(&fixture(), seed).map_err(|e| e.to_string())?;
                let mut rfp = Fingerprint::new(sztab::systems::wb95::LogFormat::CURRENT.encoding());
                rfp.extend(r.opening_events()).map_err(|e| e.to_string())?;
                for a in actions {
                    rfp.extend(&r.apply(a).map_err(|e| format!("replay: {e}"))?)
                        .map_err(|e| e.to_string())?;
                }
                if rfp.hex() != fp.hex() {
                    return Err("the replay of the log differs".into());
                }
                return Ok(fp.hex());
            }
            Pending::Decide { side, decision } => (side, decision),
        };
        let player = &mut players
            .iter_mut()
            .find(|(s, _)| *s == side)
            .ok_or("no player")?
            .1;
        let action = player.decide(&g, &side, &decision);
        if let (Decision::Move { .. }, Action::Move { units, .. }) = (&decision, &action) {
            check_destinations(&g, units)?;
        }
        let ending_combat =
            matches!(decision, Decision::Attack { .. }) && action == Action::EndPhase;
        if ending_combat {
            check_obligations(&g)?;
        }
        let events = g
            .apply(action.clone())
            .map_err(|e| format!("{action:?}: {e}"))?;
        fp.extend(&events).map_err(|e| e.to_string())?;
        actions.push(action);
    }
    Err("the game did not end".into())
}

#[test]
fn the_four_shipped_scenarios_play_to_the_end_with_random_bots_and_replay() {
    for name in ["kursk", "armored-claws", "prochorowka", "prochorowka-15"] {
        let path = root(&format!("scenarios/kursk-1943/{name}.scenario.ron"));
        let bundle = Bundle::load(&path).unwrap().0;
        let mut g = Game::new(&bundle, 3).unwrap();
        let mut players: Vec<(SideId, Box<dyn Player>)> = vec![
            ("german".into(), Box::new(RandomBot::new(5))),
            ("soviet".into(), Box::new(RandomBot::new(6))),
        ];
        let played = play_out(&mut g, &mut players, 1_000_000, |_, _, _| {}).unwrap();
        let turns = bundle.scenario.turns();
        if played.result.automatic {
            assert!(i64::from(played.result.turn) <= turns, "{name}");
        } else {
            assert_eq!(i64::from(played.result.turn), turns, "{name}");
        }
        let mut r = Game::new(&bundle, 3).unwrap();
        let mut fp = Fingerprint::new(sztab::systems::wb95::LogFormat::CURRENT.encoding());
        fp.extend(r.opening_events()).unwrap();
        for a in played.actions {
            fp.extend(&r.apply(a).unwrap()).unwrap();
        }
        assert_eq!(fp.hex(), played.fingerprint.hex(), "{name} replays");
    }
}

fn cases() -> u32 {
    std::env::var("SZTAB_GAME_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules_invariants_and_are_reproducible(seed in 0u64..1_000_000) {
        let first = checked_game(seed);
        prop_assert!(first.is_ok(), "seed {}: {:?}", seed, first);
        prop_assert_eq!(first, checked_game(seed));
    }
}

fn sztab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// A copy of the fixture in a temp dir, with one replacement in the scenario.
fn fixture_copy(from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    fixture_edited(&[(from, to)])
}

/// The fixture in a temporary folder, with each `(from, to)` replaced once in its
/// scenario.
fn fixture_edited(edits: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    for name in ["mini.scenario.ron", "mini.map.ron", "mini.counters.ron"] {
        let mut text = std::fs::read_to_string(root(&format!("tests/fixtures/{name}"))).unwrap();
        text = text.replace(
            "../../assets/",
            &format!("{}/assets/", env!("CARGO_MANIFEST_DIR")),
        );
        if name == "mini.scenario.ron" {
            for (from, to) in edits {
                assert!(text.contains(from), "{from}");
                text = text.replacen(from, to, 1);
            }
        }
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let p = dir.path().join("mini.scenario.ron");
    (dir, p)
}

#[test]
fn cli_play_writes_a_log_that_replay_reproduces() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.ron");
    let log_s = log.to_str().unwrap();
    let out = sztab(&[
        "play",
        FIXTURE,
        "--bot",
        "german=random",
        "--bot",
        "soviet=random",
        "--seed",
        "7",
        "--log",
        log_s,
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("Turn 1 (1943-07-05)") && text.contains("Result:"),
        "{text}"
    );
    // The bot game uses artillery, air and supply.
    for needle in ["artillery support", "air missions: ", "out of supply"] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    let replay = sztab(&["replay", log_s]);
    assert_eq!(
        replay.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&replay.stdout)
    );
    assert!(String::from_utf8_lossy(&replay.stdout).contains("replay matches"));
    let tampered = std::fs::read_to_string(&log)
        .unwrap()
        .replace("seed: 7", "seed: 8");
    std::fs::write(&log, tampered).unwrap();
    assert_eq!(sztab(&["replay", log_s]).status.code(), Some(1));
    let bad = sztab(&["play", FIXTURE, "--bot", "prussia=random"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn cli_odds_prints_the_breakdown_and_every_outcome() {
    let (_d, path) = fixture_copy(
        "(unit: \"1PzD/113\", hex: \"0704\", cel: 1)",
        "(unit: \"1PzD/113\", hex: \"0705\", cel: 1)",
    );
    let out = sztab(&[
        "odds",
        path.to_str().unwrap(),
        "--attackers",
        "0705",
        "--defender",
        "0805",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for needle in [
        "R19.1.1",
        "R19.1.2",
        "R20.1.1",
        "Initial ratio",
        "HQ die modifier",
        "Outcomes",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    let total: f64 = text
        .lines()
        .filter_map(|l| l.trim().split('%').next()?.trim().parse::<f64>().ok())
        .sum();
    assert!((total - 100.0).abs() < 0.05, "{total}\n{text}");
    let illegal = sztab(&["odds", FIXTURE, "--attackers", "0605", "--defender", "0805"]);
    assert_eq!(illegal.status.code(), Some(1));
    // Artillery (by hex or unit id) and air SPs in support, both sides.
    let out = sztab(&[
        "odds",
        path.to_str().unwrap(),
        "--attackers",
        "0705",
        "--defender",
        "0805",
        "--support",
        "0507",
        "--air",
        "5",
        "--defense-support",
        "Art/60A",
        "--defense-air",
        "6",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    for needle in [
        "Art/XX       0507   5 SP  (artillery support (R6.3.1))",
        "air 5 SP",
        "air defensive support: half, rounded up (R8.2.4)",
        "halved across a Fortified Line (1PzD/113, Art/XX, air 5 SP): 13 -> 7 SP",
        "total 17 SP",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    let far = sztab(&[
        "odds",
        path.to_str().unwrap(),
        "--attackers",
        "0705",
        "--defender",
        "0805",
        "--support",
        "0508",
    ]);
    assert_eq!(far.status.code(), Some(1), "out of range (R6.3.2)");
}

/// `sztab odds` on the fixture with the 113th moved to 0705, facing 202 and 1AT on 0805
/// across the Wisla and the Fortified Line, with `extra` flags: exit code, stdout, stderr.
fn odds_113_on_0805(path: &std::path::Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let mut args = vec![
        "odds",
        path.to_str().unwrap(),
        "--attackers",
        "0705",
        "--defender",
        "0805",
    ];
    args.extend_from_slice(extra);
    let out = sztab(&args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_odds_what_if_flags_change_the_breakdown_as_the_rules_say() {
    let moved = (
        "(unit: \"1PzD/113\", hex: \"0704\", cel: 1)",
        "(unit: \"1PzD/113\", hex: \"0705\", cel: 1)",
    );
    let (_d, path) = fixture_edited(&[moved]);
    let (code, plain, _) = odds_113_on_0805(&path, &[]);
    assert_eq!(code, Some(0));
    assert!(plain.contains("  total 11 SP"), "{plain}");
    assert!(!plain.contains("What if"));
    // R5.6.4: a disorganized defender is halved, 7 -> 4.
    let (code, text, _) = odds_113_on_0805(&path, &["--disorganized", "202"]);
    assert_eq!(code, Some(0));
    for needle in [
        "What if: 202 disorganized",
        "202          0805   7 SP -> 4  (disorganized: halved (R5.6.4))",
        "  total 8 SP",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    // R10.2.2: out of supply, the attack is halved (3 -> 2), the defense is not.
    let (code, text, _) = odds_113_on_0805(&path, &["--oos", "1PzD/113=2,202"]);
    assert_eq!(code, Some(0));
    for needle in [
        "What if: 1PzD/113 out of supply (level 2); 202 out of supply (level 1)",
        "1PzD/113     0705   3 SP -> 2  (out of supply: halved (R10.2.2))",
        "202          0805   7 SP  (out of supply: defense not halved (R10.2.2))",
        "halved across a Fortified Line (1PzD/113): 2 -> 1 SP",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    // R10.2.3: at full strength for a level; only an out-of-supply unit may.
    let (code, text, _) =
        odds_113_on_0805(&path, &["--oos", "1PzD/113", "--full-strength", "1PzD/113"]);
    assert_eq!(code, Some(0));
    assert!(
        text.contains(
            "1PzD/113     0705   3 SP  (out of supply: full strength for a level (R10.2.3))"
        ),
        "{text}"
    );
    let (code, _, err) = odds_113_on_0805(&path, &["--full-strength", "1PzD/113"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("R10.2.3: 1PzD/113 is in supply"), "{err}");
    // Units that are not on the map, and bad levels, are input errors.
    for bad in [
        ["--oos", "nobody"],
        ["--disorganized", "505"],
        ["--oos", "202=high"],
    ] {
        let (code, _, err) = odds_113_on_0805(&path, &bad);
        assert_eq!(code, Some(2), "{bad:?}: {err}");
    }
    // A scenario's own start states: undone by --organized and --oos UNIT=0.
    let (_d2, set_up) = fixture_edited(&[
        moved,
        (
            "(unit: \"202\", hex: \"0805\")",
            "(unit: \"202\", hex: \"0805\", disorganized: true)",
        ),
        (
            "(unit: \"1PzD/113\", hex: \"0705\", cel: 1)",
            "(unit: \"1PzD/113\", hex: \"0705\", cel: 1, out_of_supply: 3)",
        ),
    ]);
    let (code, text, _) = odds_113_on_0805(&set_up, &[]);
    assert_eq!(code, Some(0));
    assert!(text.contains("(disorganized: halved (R5.6.4))"), "{text}");
    assert!(text.contains("(out of supply: halved (R10.2.2))"), "{text}");
    let (code, text, _) = odds_113_on_0805(&set_up, &["--organized", "202", "--oos", "1PzD/113=0"]);
    assert_eq!(code, Some(0));
    assert!(text.contains("What if: 202 not disorganized; 1PzD/113 in supply"));
    assert_eq!(
        text.lines()
            .filter(|l| l.contains("  total "))
            .collect::<Vec<_>>(),
        plain
            .lines()
            .filter(|l| l.contains("  total "))
            .collect::<Vec<_>>()
    );
}

#[test]
fn cli_odds_refuses_support_from_a_gun_set_up_having_fired_a_barrage() {
    let (_d, path) = fixture_edited(&[
        (
            "(unit: \"1PzD/113\", hex: \"0704\", cel: 1)",
            "(unit: \"1PzD/113\", hex: \"0705\", cel: 1)",
        ),
        (
            "(unit: \"Art/XX\", hex: \"0507\", artillery: Combat)",
            "(unit: \"Art/XX\", hex: \"0507\", artillery: Combat, barrage_fired: true)",
        ),
    ]);
    let (code, _, err) = odds_113_on_0805(&path, &["--support", "Art/XX"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("(R6.5.6)"), "{err}");
    // The Soviet guns fire their turn-1 barrage after the German Combat phase.
    let (_d2, soviet) = fixture_edited(&[
        (
            "(unit: \"1PzD/113\", hex: \"0704\", cel: 1)",
            "(unit: \"1PzD/113\", hex: \"0705\", cel: 1)",
        ),
        (
            "(unit: \"Art/60A\", hex: \"0906\", artillery: Combat)",
            "(unit: \"Art/60A\", hex: \"0906\", artillery: Combat, barrage_fired: true)",
        ),
    ]);
    let (code, text, err) = odds_113_on_0805(&soviet, &["--defense-support", "Art/60A"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(text.contains("Art/60A"), "{text}");
}

/// The fixture with start states: 202 (on the front line) disorganized, 1PzD/113 out of
/// supply at level 2, 10ID/20 with its movement spent, the corps artillery having fired
/// a barrage, the Soviet 0806 stack masked.
fn fixture_with_start_states() -> (tempfile::TempDir, PathBuf) {
    fixture_edited(&[
        (
            "(unit: \"202\", hex: \"0805\")",
            "(unit: \"202\", hex: \"0805\", disorganized: true)",
        ),
        (
            "(unit: \"1PzD/113\", hex: \"0704\", cel: 1)",
            "(unit: \"1PzD/113\", hex: \"0704\", cel: 1, out_of_supply: 2)",
        ),
        (
            "(unit: \"10ID/20\", hex: \"0606\")",
            "(unit: \"10ID/20\", hex: \"0606\", movement_spent: true)",
        ),
        (
            "(unit: \"Art/XX\", hex: \"0507\", artillery: Combat)",
            "(unit: \"Art/XX\", hex: \"0507\", artillery: Combat, barrage_fired: true)",
        ),
        (
            "(unit: \"307\", hex: \"0806\")",
            "(unit: \"307\", hex: \"0806\", masked: true)",
        ),
    ])
}

#[test]
fn a_scenario_with_disorganized_and_out_of_supply_units_validates_and_plays_to_the_end() {
    let (_d, path) = fixture_with_start_states();
    let out = sztab(&["validate", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let (bundle, _) = Bundle::load(&path).unwrap();
    let start = Game::new(&bundle, 1).unwrap();
    let st = |g: &Game, u: &str| g.unit_state(g.roster().get(u).unwrap()).clone();
    assert!(st(&start, "202").is_disorganized());
    assert_eq!(st(&start, "1PzD/113").oos, 2);
    for seed in 0..8 {
        let mut g = Game::new(&bundle, seed).unwrap();
        let played = play_out(&mut g, &mut bots(seed), 100_000, |_, _, _| {}).unwrap();
        assert!(played.result.turn >= 1);
    }
    let mut g = Game::new(&bundle, 3).unwrap();
    let mut heuristic: Vec<(SideId, Box<dyn Player>)> = vec![
        ("german".into(), Box::new(HeuristicBot::new(3, 1))),
        ("soviet".into(), Box::new(HeuristicBot::new(3, 2))),
    ];
    let played = play_out(&mut g, &mut heuristic, 100_000, |_, _, _| {}).unwrap();
    assert_eq!(played.result.turn, 4, "to the last turn");
    // Recorded and replayed by the command line alike.
    let log = path.with_file_name("game.ron");
    let out = sztab(&[
        "play",
        path.to_str().unwrap(),
        "--bot",
        "german=heuristic",
        "--bot",
        "soviet=random",
        "--seed",
        "5",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        sztab(&["replay", log.to_str().unwrap()]).status.code(),
        Some(0)
    );
}

#[test]
fn cli_validate_reports_the_setup_checks() {
    let (_d, path) = fixture_copy(
        "(unit: \"202\", hex: \"0805\")",
        "(unit: \"202\", hex: \"0605\")",
    );
    let out = sztab(&["validate", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("error[P02] (R3.1.8)"), "{text}");
    let ok = sztab(&["validate", FIXTURE]);
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );
}

#[test]
fn the_fixture_is_refused_when_overstacked() {
    let mut b = fixture();
    for p in b.scenario.setup.iter_mut() {
        if p.unit.as_str().starts_with("10ID") {
            p.hex = "0605".parse().unwrap();
        }
    }
    let refused = Game::new(&b, 1).unwrap_err();
    assert!(refused.problems.iter().any(|p| p.code == "P01"));
}
