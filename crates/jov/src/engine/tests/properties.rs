//! Properties of random legal play on the example scenarios: no hex holds both sides
//! (9.10.4), steps stay within a counter's (4.4), an over-stacked hex is Disorganized
//! (11.1.2), OOS2 comes only from combat or a long motorized move (13.4.2), a refused
//! action changes nothing, and a game always ends.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::example_rules;
use crate::engine::state::{Loc, Org, Supply};
use crate::engine::{Action, Army, Event, Game};

fn check_invariants(g: &Game, events: &[Event]) {
    let mut sides: BTreeMap<sztab_core::hex::HexId, Vec<Army>> = BTreeMap::new();
    for (u, s) in g.state().units.iter().enumerate() {
        let d = &g.rules.units[u];
        assert!(s.steps <= d.max_steps(), "{} has {} steps", d.id, s.steps);
        if let Loc::Map(h) = s.loc {
            assert!(s.steps > 0, "{} is on the map with no step", d.id);
            sides.entry(h).or_default().push(d.army);
        }
        if s.loc == Loc::Eliminated {
            assert_eq!(s.steps, 0);
        }
    }
    for (h, armies) in sides {
        assert!(
            armies.windows(2).all(|w| w[0] == w[1]),
            "{h} holds both sides"
        );
    }
    for e in events {
        match e {
            Event::Overstacked { hex } => {
                for u in g.state().at(*hex) {
                    let s = &g.state().units[u];
                    assert!(
                        g.rules.units[u].is_sdm() || s.org != Org::Ok,
                        "{} over-stacked but organized",
                        g.rules.units[u].id
                    );
                }
            }
            Event::SupplyChanged {
                unit,
                supply: Supply::Oos2,
            } => {
                let u = g.rules.unit(unit).unwrap();
                let s = &g.state().units[u];
                assert!(
                    s.attacked
                        || g.state().attacked_units.contains(&u)
                        || s.hexes_moved > 1
                        || g.state().battle.is_none(),
                    "{unit} OOS2 without cause"
                );
            }
            _ => {}
        }
    }
}

/// Plays a game choosing by `picks`; every few actions also tries an action of the
/// wrong kind, which must be refused without a trace.
fn play(name: &str, seed: u64, picks: &[u16]) {
    let mut g = Game::new(example_rules(name), seed);
    let mut n = 0usize;
    while g.to_act().is_some() {
        let legal = g.legal();
        assert!(!legal.is_empty());
        let pick = picks.get(n % picks.len().max(1)).copied().unwrap_or(0) as usize;
        if n % 7 == 3 {
            let wrong = Action::NoRetreat(true);
            if !legal.contains(&wrong) {
                let before = format!("{:?}", g.state());
                assert!(g.apply(&wrong).is_err());
                assert_eq!(
                    before,
                    format!("{:?}", g.state()),
                    "a refusal changed the game"
                );
            }
        }
        let a = legal[pick % legal.len()].clone();
        let events = g
            .apply(&a)
            .unwrap_or_else(|e| panic!("legal {a} refused: {e}"));
        check_invariants(&g, &events);
        n += 1;
        assert!(n < 20_000, "the game does not end");
    }
    assert!(g.result().is_some());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_play_keeps_the_rules_invariants(seed in 0u64..1000, picks in prop::collection::vec(any::<u16>(), 1..64)) {
        play("korsun-example.scenario.ron", seed, &picks);
    }

    #[test]
    fn random_legal_play_on_two_sheets_ends(seed in 0u64..1000, picks in prop::collection::vec(any::<u16>(), 1..64)) {
        play("korsun-two-sheets.scenario.ron", seed, &picks);
    }
}

#[test]
fn r14_2_the_example_soviet_sdm_receives_its_sp_and_supplies_the_4th_guards() {
    let mut g = Game::new(example_rules("korsun-example.scenario.ron"), 1);
    super::sandbox::past_markers(&mut g);
    let sdm = g.rules.unit("su-sdm-4ga").unwrap();
    assert_eq!(g.state().sp.get(&sdm), Some(&4));
    let div = g.rules.unit("su-62gd").unwrap();
    assert_eq!(g.state().units[div].sdm, Some(sdm));
}
