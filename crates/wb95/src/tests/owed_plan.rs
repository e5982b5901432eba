//! The engine's plan for the attacks owed (R5.1.3-5.1.4), on hand-made positions and on
//! Armored Claws' first German Combat phase: every planned attack is one the engine
//! accepts, no unit attacks twice (R5.1.1), no hex is attacked twice, and the plan
//! meets every obligation the position leaves a way to meet.

use std::path::Path;

use super::*;
use crate::ai::{Player, RandomBot};
use sztab_core::model::Bundle;

fn combat_phase(s: &Sandbox) -> Game {
    let mut g = start(s);
    until(&mut g, PhaseKind::Combat, Side::A);
    g
}

/// The plan as (attackers, hexes attacked), each checked as a declaration.
fn plan(g: &Game) -> Vec<(Vec<String>, Vec<String>)> {
    g.owed_attacks()
        .into_iter()
        .map(|(o, _)| {
            assert!(g.check(&Action::Attack(o.clone())).is_ok(), "{o:?}");
            let mut a: Vec<String> = o.attackers.iter().map(|u| u.to_string()).collect();
            a.sort();
            (a, o.defenders.iter().map(|h| h.to_string()).collect())
        })
        .collect()
}

fn pair(att: &[&str], def: &[&str]) -> (Vec<String>, Vec<String>) {
    (
        att.iter().map(|s| s.to_string()).collect(),
        def.iter().map(|s| s.to_string()).collect(),
    )
}

#[test]
fn r5_1_4_every_hex_owed_gets_an_attack_the_hex_with_fewest_attackers_first() {
    // g1 (0404) is next to d2 (0403) and d1 (0405); g2 (0406) only to d1. Both Germans
    // must attack, both Soviets must be attacked: g1 takes d2, the only one it can
    // reach, and g2 takes d1. (g1 and g2 together against d1 would leave d2 unattacked.)
    let mut s = Sandbox::new(12, 12, 4);
    s.unit("g1", "german", "0404");
    s.unit("g2", "german", "0406");
    s.unit("d1", "soviet", "0405");
    s.unit("d2", "soviet", "0403");
    let g = combat_phase(&s);
    assert_eq!(g.state().obliged.len(), 2);
    assert_eq!(g.state().must_attack.len(), 2);
    assert_eq!(
        plan(&g),
        [pair(&["g1"], &["0403"]), pair(&["g2"], &["0405"])]
    );
}

#[test]
fn r5_1_5_a_lone_stack_between_two_owed_hexes_attacks_both() {
    let mut s = Sandbox::new(12, 12, 4);
    s.unit("g", "german", "0404");
    s.unit("d1", "soviet", "0403");
    s.unit("d2", "soviet", "0405");
    let g = combat_phase(&s);
    assert_eq!(plan(&g), [pair(&["g"], &["0403", "0405"])]);
}

#[test]
fn r5_1_3_a_stack_that_must_attack_joins_the_attack_next_to_it() {
    // g1 and g2 both stand next to d alone: one attack, many against one (R5.1.5).
    let mut s = Sandbox::new(12, 12, 4);
    s.unit("g1", "german", "0404");
    s.unit("g2", "german", "0406");
    s.unit("d", "soviet", "0405");
    let g = combat_phase(&s);
    assert_eq!(plan(&g), [pair(&["g1", "g2"], &["0405"])]);
}

#[test]
fn r5_1_10_r7_1_11_no_towed_attacker_and_no_attack_a_fortified_unit_does_not_owe() {
    let mut s = Sandbox::new(12, 12, 4);
    s.unit("g", "german", "0404");
    s.gun("gun", "german", "0404", 4, 2);
    s.unit("d", "soviet", "0405");
    // f is in its field fortification: exempt (R7.1.11), so e need not be attacked.
    s.unit("f", "german", "0409");
    s.placement("f").unwrap().fortified = true;
    s.unit("e", "soviet", "0410");
    let g = combat_phase(&s);
    assert!(!g.state().obliged.contains(&unit(&g, "f")));
    assert_eq!(plan(&g), [pair(&["g"], &["0405"])]);
}

#[test]
fn r5_1_7_no_obligation_no_plan_though_an_attack_is_possible() {
    // g, in its field fortification next to d, may attack but need not (R7.1.11).
    let mut s = Sandbox::new(12, 12, 4);
    s.unit("g", "german", "0404");
    s.placement("g").unwrap().fortified = true;
    s.unit("d", "soviet", "0405");
    let g = combat_phase(&s);
    assert!(g.check(&Action::Attack(order(&["g"], &["0405"]))).is_ok());
    assert!(g.unmet_obligation().is_none());
    assert!(g.owed_attacks().is_empty());
}

fn armored_claws() -> Game {
    let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("scenarios/kursk-1943/armored-claws.scenario.ron");
    let b = Bundle::load(&p).unwrap().0;
    Game::new(&b, 5).unwrap()
}

/// Answers everything but attacks without moving a unit, up to the German Combat phase.
fn to_first_combat(g: &mut Game) {
    for _ in 0..50 {
        let Pending::Decide { decision, .. } = g.pending() else {
            panic!("the game ended");
        };
        let a = match decision {
            Decision::Attack { .. } => return,
            Decision::ChooseAir {
                counters, choose, ..
            } => Action::ChooseAir {
                counters: counters.into_iter().take(usize::from(choose)).collect(),
            },
            Decision::AirMissions { .. } => Action::AirMissions { missions: vec![] },
            _ => Action::EndPhase,
        };
        g.apply(a).unwrap();
    }
    panic!("never reached a Combat phase");
}

#[test]
fn r5_1_3_r5_1_4_armored_claws_first_combat_accepting_the_plan_meets_every_obligation() {
    let mut g = armored_claws();
    to_first_combat(&mut g);
    assert_eq!(g.state().clock.phase.kind(), PhaseKind::Combat);
    assert!(
        g.unmet_obligation().is_some(),
        "the front starts in contact"
    );
    let first = g.owed_attacks();
    assert!(first.len() >= 10, "{} attacks", first.len());
    eprintln!(
        "PLAN {} attacks, obliged {}",
        first.len(),
        g.state().obliged.len()
    );
    let planned_units: Vec<String> = first
        .iter()
        .flat_map(|(o, _)| o.attackers.iter().map(|u| u.to_string()))
        .collect();
    let mut units = planned_units.clone();
    units.sort();
    units.dedup();
    assert_eq!(units.len(), planned_units.len(), "a unit attacks once");
    let mut hexes: Vec<_> = first
        .iter()
        .flat_map(|(o, _)| o.defenders.clone())
        .collect();
    let n = hexes.len();
    hexes.sort();
    hexes.dedup();
    assert_eq!(hexes.len(), n, "a hex is attacked once");
    for (o, _) in &first {
        assert!(g.check(&Action::Attack(o.clone())).is_ok(), "{o:?}");
        assert!(g.meets_obligation(Side::A, o), "{o:?} meets no obligation");
    }
    // Every unit that must attack and can is in the plan.
    for &u in &g.state().obliged {
        if g.can_attack_now(u) {
            let id = g.unit_id(u).to_string();
            assert!(planned_units.contains(&id), "{id} is not in the plan");
        }
    }
    // Accept the plan's first attack each time, the bot answering the combats' decisions.
    let mut bot = RandomBot::new(3);
    let mut accepted = 0;
    for _ in 0..500 {
        let Pending::Decide { side, decision } = g.pending() else {
            break;
        };
        let a = match decision {
            Decision::Attack { .. } => match g.owed_attacks().first() {
                Some((o, _)) => {
                    accepted += 1;
                    Action::Attack(o.clone())
                }
                None => break,
            },
            d => bot.decide(&g, &side, &d),
        };
        g.apply(a).unwrap();
    }
    assert_eq!(g.unmet_obligation(), None, "after {accepted} attacks");
    assert!(accepted >= 10, "{accepted}");
    assert_eq!(g.state().clock.phase.kind(), PhaseKind::Combat);
    assert!(g.check(&Action::EndPhase).is_ok());
}
