//! Random legal play: whatever the players choose among the legal actions, the game keeps
//! its invariants — stacking within 9 points at the end of every phase, every unit in one
//! place, steps never below zero nor above the counter's, nothing stuck — and ends.

use std::path::Path;

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::movement::STACKING;
use crate::engine::state::{Loc, Phase, Stage};
use crate::engine::{Action, Game, compile};
use crate::schema::SCHEMAS;
use sztab_core::model::described::Bundle;

fn example() -> std::sync::Arc<crate::engine::Rules> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/rtl/soltsy-example.scenario.ron");
    let b = Bundle::load(&path, &SCHEMAS).unwrap().0;
    std::sync::Arc::new(compile(&b).unwrap())
}

/// Whether the phase under way is past its moves: stacking must hold.
fn settled(g: &Game) -> bool {
    let st = g.state();
    st.pending.is_empty()
        && match &st.phase {
            Phase::Sequence => st.seq().is_some_and(|q| {
                q.battle.is_none()
                    && matches!(
                        q.stage,
                        Stage::Declaration
                            | Stage::Leads
                            | Stage::Refusal
                            | Stage::NoRetreat
                            | Stage::Combat
                    )
            }),
            _ => true,
        }
}

fn invariants(g: &Game) {
    let st = g.state();
    if let Some(m) = st.seq().and_then(|q| q.mover.as_ref()) {
        for &u in &m.units {
            assert_eq!(
                st.units[u].loc,
                Loc::Map(m.hex),
                "a moving unit is where its stack is"
            );
        }
    }
    for (u, s) in st.units.iter().enumerate() {
        let d = &g.rules.units[u];
        assert!(s.steps <= d.steps(), "{} has {} steps", d.id, s.steps);
        assert_eq!(
            s.steps == 0,
            s.loc == Loc::Gone,
            "{}: steps {} at {:?}",
            d.id,
            s.steps,
            s.loc
        );
        if let Loc::Map(h) = s.loc {
            assert!(g.rules.board.contains(h), "{} is off the map at {h}", d.id);
            assert!(d.is_ground(), "air unit {} on the map", d.id);
        }
        if matches!(s.loc, Loc::Ready | Loc::Flown) {
            assert!(!d.is_ground(), "{} in the Air Display", d.id);
        }
    }
    // No hex holds both sides' combat units (8.14).
    let mut hexes: Vec<_> = st.units.iter().filter_map(|s| s.hex()).collect();
    hexes.sort();
    hexes.dedup();
    for h in hexes {
        let sides: std::collections::BTreeSet<_> = g
            .state()
            .at(h)
            .filter(|&u| g.rules.units[u].is_combat())
            .map(|u| g.rules.units[u].side)
            .collect();
        assert!(sides.len() <= 1, "both sides on {h}");
        if settled(g) {
            for side in [0, 1] {
                assert!(
                    g.stack_points(h, side) <= STACKING,
                    "{h} overstacked in {:?}",
                    st.phase
                );
            }
        }
    }
}

/// How much more often a random player picks an action of this kind: fighting is
/// favoured, shuffling Bridge units is not, so random games fight.
fn weight(a: &Action) -> u32 {
    match a {
        Action::PlaceBridge { .. } | Action::LiftBridge { .. } => 1,
        Action::End | Action::Halt => 20,
        Action::Declare { .. } | Action::Overrun { .. } => 150,
        Action::Step { .. }
        | Action::Resolve { .. }
        | Action::Air { .. }
        | Action::Artillery { .. } => 60,
        _ => 40,
    }
}

fn choose<'a>(legal: &'a [Action], rng: &mut ChaCha8Rng) -> &'a Action {
    let total: u32 = legal.iter().map(weight).sum();
    let mut x = rng.random_range(0..total);
    for a in legal {
        let w = weight(a);
        if x < w {
            return a;
        }
        x -= w;
    }
    &legal[legal.len() - 1]
}

/// Plays a game to its end choosing at random among the legal actions.
fn random_game(rules: std::sync::Arc<crate::engine::Rules>, seed: u64, limit: usize) -> Game {
    let mut g = Game::new(rules, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..limit {
        invariants(&g);
        if g.to_act().is_none() {
            assert!(g.result().is_some());
            return g;
        }
        let legal = g.legal();
        assert!(!legal.is_empty(), "nothing legal in {:?}", g.state().phase);
        let a = choose(&legal, &mut rng);
        g.apply(a)
            .unwrap_or_else(|e| panic!("listed {a} refused: {e}"));
    }
    panic!("the game did not end in {limit} actions")
}

#[test]
fn random_games_of_the_example_end_with_a_result_and_keep_the_invariants() {
    let rules = example();
    for seed in 0..6 {
        let g = random_game(rules.clone(), seed, 20_000);
        let r = g.result().unwrap();
        assert!(r.turn >= 1 && r.turn <= 4, "{r:?}");
    }
}

#[test]
fn the_same_seed_and_choices_give_the_same_game() {
    let rules = example();
    let a = random_game(rules.clone(), 3, 20_000);
    let b = random_game(rules, 3, 20_000);
    assert_eq!(a.result(), b.result());
    assert_eq!(
        format!("{:?}", a.state().units),
        format!("{:?}", b.state().units)
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    #[test]
    fn any_random_legal_play_ends_and_keeps_the_invariants(seed in 0u64..1_000_000) {
        let g = random_game(example(), seed, 20_000);
        prop_assert!(g.result().is_some());
    }
}

/// A crowded sandbox: two formations a side (one a Panzer division), HQs, armor,
/// motorized infantry, cavalry, artillery, flak, engineers, Army units, air, a Bridge
/// unit, Strongpoints, reinforcements, terrain of every kind, in contact from the start.
fn melee() -> std::sync::Arc<crate::engine::Rules> {
    use crate::engine::board::{Ground, Link, Water};
    use crate::engine::rules::{Cond, Level, Scoring, VpLine};
    use crate::engine::sandbox::{Sandbox, units::*};
    use crate::engine::unit::AirType;
    use crate::engine::words::{GERMAN, SOVIET};
    let mut sb = Sandbox::new(12, 12);
    sb.turns(4);
    sb.rules.historical_weather = false;
    for (i, b) in sb.rules.track.iter_mut().enumerate() {
        b.dry_to = 5 - i as u8;
        b.cloudy_to = 8;
    }
    sb.rules.cas = [2, 1];
    sb.formation(GERMAN, "pz", 2, 2)
        .formation(GERMAN, "inf", 1, 1);
    sb.rules.formations[0].panzer = true;
    sb.formation(SOVIET, "rd", 1, 1)
        .formation(SOVIET, "cd", 1, 2)
        .activate_any();
    sb.ground(&["0505", "0606"], Ground::Marsh)
        .ground(&["0707", "0708"], Ground::Swamp)
        .ground(&["0305", "0405"], Ground::Rough)
        .woods(&["0305", "0604", "0804"])
        .town(&["0606"])
        .hill(&["0503"])
        .link(
            &[
                "0101", "0202", "0303", "0404", "0505", "0606", "0707", "0808", "0909",
            ],
            Link::MainRoad,
        )
        .link(&["0110", "0210", "0310", "0410", "0510"], Link::Trail)
        .water("0603", "0604", Water::Stream)
        .water("0505", "0506", Water::River)
        .water("0404", "0405", Water::River)
        .bridge("0404", "0405")
        .source(GERMAN, &["0101", "0110"])
        .source(SOVIET, &["1212", "1201"]);
    sb.unit(GERMAN, "pz-hq", HQ, Some("pz"), "0403");
    sb.unit(GERMAN, "pz-t1", TANK, Some("pz"), "0504");
    sb.unit(GERMAN, "pz-t2", TANK, Some("pz"), "0504");
    sb.unit(GERMAN, "pz-m", MOT_INF, Some("pz"), "0604");
    sb.unit(GERMAN, "pz-r", RECON, Some("pz"), "0403");
    sb.unit(GERMAN, "pz-art", ARTILLERY, Some("pz"), "0302");
    sb.unit(GERMAN, "inf-hq", HQ, Some("inf"), "0205");
    sb.unit(GERMAN, "inf-1", RIFLE, Some("inf"), "0405");
    sb.unit(GERMAN, "inf-2", ENGINEER, Some("inf"), "0306");
    sb.unit(GERMAN, "flak", FLAK, None, "0404");
    sb.unit(GERMAN, "army-mot", MOT_INF, None, "0203");
    sb.bridge_unit(GERMAN, "brk", "0505", sztab_core::hex::Dir::S);
    sb.reinforcement(GERMAN, "pz-late", TANK, Some("pz"), 2, &["0101", "0110"]);
    sb.air(GERMAN, "ju87", AirType::A, 7, 2);
    sb.air(GERMAN, "do17", AirType::B, 6, 1);
    sb.unit(SOVIET, "rd-hq", HQ, Some("rd"), "0807");
    sb.unit(SOVIET, "rd-1", RIFLE, Some("rd"), "0605");
    sb.unit(SOVIET, "rd-2", RIFLE, Some("rd"), "0705");
    sb.unit(SOVIET, "rd-3", RIFLE, Some("rd"), "0506");
    sb.unit(SOVIET, "rd-at", AT_GUN, Some("rd"), "0705");
    sb.unit(SOVIET, "rd-art", ARTILLERY, Some("rd"), "0806");
    sb.unit(SOVIET, "cd-hq", HQ, Some("cd"), "0908");
    sb.unit(SOVIET, "cd-1", CAVALRY, Some("cd"), "0607");
    sb.unit(SOVIET, "cd-2", CAVALRY, Some("cd"), "0707");
    sb.unit(SOVIET, "cd-t", TANK, Some("cd"), "0806");
    sb.unit(SOVIET, "army-car", ARMORED_CAR, None, "0905");
    sb.reinforcement(SOVIET, "rd-late", RIFLE, Some("rd"), 2, &["1212", "1211"]);
    sb.air(SOVIET, "il2", AirType::A, 5, 1);
    sb.air(SOVIET, "pe2", AirType::B, 5, 1);
    sb.strongpoint("0605", SOVIET);
    sb.rules.points = vec![
        VpLine {
            side: GERMAN,
            value: 5,
            scoring: Scoring::Holds(vec![crate::engine::sandbox::hex("0606")]),
            from_turn: 1,
            to_turn: 9,
        },
        VpLine {
            side: GERMAN,
            value: 1,
            scoring: Scoring::StepLost(SOVIET),
            from_turn: 1,
            to_turn: 9,
        },
        VpLine {
            side: GERMAN,
            value: -1,
            scoring: Scoring::StepLost(GERMAN),
            from_turn: 1,
            to_turn: 9,
        },
    ];
    sb.rules.levels = vec![
        Level {
            name: "German decisive".into(),
            winner: GERMAN,
            all_of: vec![Cond::Points {
                side: GERMAN,
                at_least: 12,
            }],
            sudden: true,
        },
        Level {
            name: "German victory".into(),
            winner: GERMAN,
            all_of: vec![Cond::Points {
                side: GERMAN,
                at_least: 4,
            }],
            sudden: false,
        },
        Level {
            name: "Soviet victory".into(),
            winner: SOVIET,
            all_of: vec![],
            sudden: false,
        },
    ];
    std::sync::Arc::new(sb.rules)
}

#[test]
fn random_games_of_a_crowded_sandbox_fight_and_keep_the_invariants() {
    let rules = melee();
    let mut fights = 0;
    for seed in 0..4 {
        let g = random_game(rules.clone(), seed, 40_000);
        assert!(g.result().is_some());
        fights += g.state().eliminated.len() + g.state().steps_lost.iter().sum::<u32>() as usize;
    }
    assert!(fights > 0, "random play fought");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, .. ProptestConfig::default() })]

    #[test]
    fn any_random_legal_play_of_the_crowded_sandbox_ends_and_keeps_the_invariants(seed in 0u64..1_000_000) {
        let g = random_game(melee(), seed, 40_000);
        prop_assert!(g.result().is_some());
    }
}

/// A random game of the crowded sandbox: its actions and, for each, its events.
fn recorded(seed: u64) -> (Vec<Action>, Vec<Vec<crate::engine::Event>>, Game) {
    let mut g = Game::new(melee(), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut actions, mut events) = (Vec::new(), Vec::new());
    while g.to_act().is_some() {
        let legal = g.legal();
        let a = choose(&legal, &mut rng).clone();
        events.push(g.apply(&a).unwrap());
        actions.push(a);
    }
    (actions, events, g)
}

#[test]
fn actions_and_events_read_back_from_json_and_print_as_one_line_each() {
    let (actions, events, g) = recorded(11);
    for a in &actions {
        let json = serde_json::to_string(a).unwrap();
        let back: Action = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, a);
        let line = a.to_string();
        assert!(!line.is_empty() && !line.contains('\n'), "{line}");
    }
    for e in events.iter().flatten().chain(g.opening_events()) {
        let json = serde_json::to_string(e).unwrap();
        let back: crate::engine::Event = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, e);
        let line = e.to_string();
        assert!(!line.is_empty() && !line.contains('\n'), "{line}");
    }
    let r = g.result().unwrap();
    let back: crate::engine::Outcome =
        serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(back, r);
}

#[test]
fn a_game_replays_from_its_seed_and_actions_event_for_event() {
    let (actions, events, g) = recorded(23);
    let mut replay = Game::new(melee(), 23);
    for (a, ev) in actions.iter().zip(&events) {
        assert_eq!(&replay.apply(a).unwrap(), ev, "{a}");
    }
    assert_eq!(replay.result(), g.result());
}

#[test]
fn a_refused_action_changes_nothing() {
    let mut g = Game::new(melee(), 5);
    let before = (format!("{:?}", g.state().units), g.legal());
    let e = g
        .apply(&Action::Step {
            to: crate::engine::sandbox::hex("0101"),
        })
        .unwrap_err();
    assert!(!e.why.is_empty());
    assert_eq!((format!("{:?}", g.state().units), g.legal()), before);
    // The die is untouched too: the same next roll as a fresh game.
    let mut fresh = Game::new(melee(), 5);
    assert_eq!(g.d10(), fresh.d10());
}
