//! The set-up phase of units without a fixed hex: the second player sets up first,
//! every unit inside its set-up area, within the stacking limit (R3.2.1), never with the
//! enemy (R3.1.8); turn 1 begins when both have set up; the bots set up too.

use std::path::Path;

use super::{hx, ids, unit};
use crate::ai::{HeuristicBot, Player, RandomBot, play_out};
use crate::{Action, Decision, Event, Game, Pending};
use sztab_core::hex::HexId;
use sztab_core::model::{AreaShape, AreaUse, Bundle, FreeSetup, Holder, SetupArea};

fn h(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

fn free(unit: &str) -> FreeSetup {
    FreeSetup {
        unit: unit.into(),
        cel: None,
        fortified: false,
        artillery: None,
    }
}

/// The fixture with the 10th Infantry Division's regiments and the Soviet army HQ set up
/// freely: the regiments on 0605-0608 or 0805 (which the Soviets hold), the HQ on 1105
/// or 1106.
fn bundle() -> Bundle {
    let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("tests/fixtures/mini.scenario.ron");
    let mut b = Bundle::load(&p).unwrap().0;
    let s = &mut b.scenario;
    let moved = ["10ID/20", "10ID/41", "10ID/85", "HQ 60A"];
    s.setup.retain(|p| !moved.contains(&p.unit.as_str()));
    s.free_setup = moved.iter().map(|u| free(u)).collect();
    let hexes = |v: &[&str]| AreaShape::Hexes(v.iter().map(|x| h(x)).collect());
    s.areas = vec![
        SetupArea {
            name: "10th Division".into(),
            holder: Holder::Formation("10ID".into()),
            usage: AreaUse::FreeSetup,
            shapes: vec![hexes(&["0605", "0606", "0607", "0608", "0805"])],
        },
        SetupArea {
            name: "Army HQ".into(),
            holder: Holder::Units(vec!["HQ 60A".into()]),
            usage: AreaUse::FreeSetup,
            shapes: vec![hexes(&["1105", "1106"])],
        },
    ];
    b
}

fn game() -> Game {
    Game::new(&bundle(), 1).unwrap_or_else(|e| panic!("{e:#?}"))
}

fn pending(g: &Game) -> (String, Decision) {
    match g.pending() {
        Pending::Decide { side, decision } => (side.to_string(), decision),
        p => panic!("{p:?}"),
    }
}

fn deploy(units: &[&str], hex: &str) -> Action {
    Action::Deploy {
        units: ids(units),
        hex: h(hex),
    }
}

#[test]
fn a92_the_second_player_sets_up_first_then_the_first_and_turn_1_begins() {
    let mut g = game();
    assert!(g.setting_up());
    assert_eq!(g.turn(), 0);
    assert!(g.opening_events().is_empty(), "no turn before the set-up");
    let (side, d) = pending(&g);
    assert_eq!(side, "soviet");
    assert_eq!(
        d,
        Decision::SetUp {
            waiting: ids(&["HQ 60A"]),
            deployed: vec![],
        }
    );
    // The Soviet HQ off its area is refused, naming the area.
    let e = g.apply(deploy(&["HQ 60A"], "1006")).unwrap_err();
    assert_eq!(e.rule, "set-up area");
    assert!(
        e.message.contains("1006 lies outside HQ 60A's set-up area"),
        "{e}"
    );
    // Ending the set-up with a unit waiting is refused.
    assert_eq!(g.apply(Action::EndPhase).unwrap_err().rule, "set-up area");
    let ev = g.apply(deploy(&["HQ 60A"], "1106")).unwrap();
    assert_eq!(
        ev,
        vec![Event::Deployed {
            unit: "HQ 60A".into(),
            hex: h("1106"),
        }]
    );
    // It may be moved while the Soviet set-up lasts.
    g.apply(deploy(&["HQ 60A"], "1105")).unwrap();
    assert_eq!(g.unit_state(unit(&g, "HQ 60A")).hex(), Some(hx(&g, "1105")));
    assert!(g.units_at(hx(&g, "1106")).is_empty());
    g.apply(Action::EndPhase).unwrap();
    let (side, d) = pending(&g);
    assert_eq!(side, "german");
    assert!(matches!(d, Decision::SetUp { ref waiting, .. } if waiting.len() == 3));
    assert_eq!(g.turn(), 0);
}

#[test]
fn r3_2_1_and_r3_1_8_a_set_up_keeps_the_stacking_limit_and_never_joins_the_enemy() {
    let mut g = game();
    g.apply(deploy(&["HQ 60A"], "1106")).unwrap();
    g.apply(Action::EndPhase).unwrap();
    // 0805 is in the area, but the Soviet 202nd and the anti-tank brigade hold it.
    let e = g.apply(deploy(&["10ID/20"], "0805")).unwrap_err();
    assert_eq!(e.rule, "R3.1.8");
    // 0605 holds two 2-CEL tank battalions: two regiments make 8 CEL, a third 10.
    g.apply(deploy(&["10ID/20", "10ID/41"], "0605")).unwrap();
    let e = g.apply(deploy(&["10ID/85"], "0605")).unwrap_err();
    assert_eq!(e.rule, "R3.2.1");
    assert!(e.message.contains("0605 would hold 10 CEL"), "{e}");
    let free_hexes: Vec<HexId> = g
        .deploy_hexes(&[unit(&g, "10ID/85")])
        .into_iter()
        .map(|x| g.hex_id(x))
        .collect();
    assert_eq!(free_hexes, vec![h("0606"), h("0607"), h("0608")]);
    g.apply(deploy(&["10ID/85"], "0607")).unwrap();
    let events = g.apply(Action::EndPhase).unwrap();
    assert!(matches!(events[0], Event::SetUpDone { .. }));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TurnBegan { turn: 1, .. })),
        "{events:?}"
    );
    assert!(!g.setting_up());
    assert!(
        g.check(&deploy(&["10ID/85"], "0606")).is_err(),
        "the set-up is over"
    );
}

#[test]
fn a92_the_hexes_the_set_up_units_hold_are_controlled_when_the_set_up_ends() {
    let mut g = game();
    let far = hx(&g, "1105");
    let before = g.state().control[far];
    g.apply(deploy(&["HQ 60A"], "1105")).unwrap();
    g.apply(Action::EndPhase).unwrap();
    for (u, x) in [
        ("10ID/20", "0606"),
        ("10ID/41", "0607"),
        ("10ID/85", "0608"),
    ] {
        g.apply(deploy(&[u], x)).unwrap();
    }
    g.apply(Action::EndPhase).unwrap();
    let soviet = g.side_of_id("soviet");
    assert_eq!(g.state().control[far], soviet, "was {before:?}");
    let german = g.side_of_id("german");
    assert_eq!(g.state().control[hx(&g, "0607")], german);
}

#[test]
fn a_scenario_without_free_set_up_units_starts_at_once() {
    let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("tests/fixtures/mini.scenario.ron");
    let b = Bundle::load(&p).unwrap().0;
    let g = Game::new(&b, 1).unwrap();
    assert!(!g.setting_up());
    assert!(matches!(
        g.opening_events().first(),
        Some(Event::TurnBegan { turn: 1, .. })
    ));
}

#[test]
fn the_bots_set_up_inside_the_areas_and_play_on() {
    for seed in 1..=3 {
        for heuristic in [false, true] {
            let mut g = Game::new(&bundle(), seed).unwrap();
            let bot = |s: u64| -> Box<dyn Player> {
                if heuristic {
                    Box::new(HeuristicBot::new(3, s))
                } else {
                    Box::new(RandomBot::new(s))
                }
            };
            let mut players = vec![
                ("german".into(), bot(seed)),
                ("soviet".into(), bot(seed + 100)),
            ];
            let mut deployed = Vec::new();
            let played = play_out(&mut g, &mut players, 20_000, |_, _, events| {
                for e in events {
                    if let Event::Deployed { unit, hex } = e {
                        deployed.push((unit.to_string(), hex.to_string()));
                    }
                }
            })
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert!(played.result.turn >= 1);
            assert_eq!(deployed.len(), 4, "{deployed:?}");
            for (u, x) in &deployed {
                let ok: &[&str] = if u == "HQ 60A" {
                    &["1105", "1106"]
                } else {
                    &["0605", "0606", "0607", "0608"]
                };
                assert!(ok.contains(&x.as_str()), "{u} on {x}");
            }
        }
    }
}
