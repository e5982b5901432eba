//! A scenario's start states (`Placement`): a unit set up disorganized, out of supply,
//! with its movement spent, having fired a barrage, or masked plays exactly as a unit
//! that got into that state in the game.

use super::*;
use crate::FireOrder;
use crate::movement::MoveMode;
use crate::phase::{Clock, Phase};
use crate::sandbox::Sandbox;
use crate::visibility::StackView;
use sztab_core::model::Mp;

/// Plays on (answering with `pass`) and returns the phase at whose end `unit`
/// reorganized.
fn reorganized_at(g: &mut Game, unit: &str) -> Clock {
    let mut clock = g.state().clock;
    for _ in 0..80 {
        for e in pass(g) {
            match e {
                Event::Reorganized { unit: u } if u.as_str() == unit => return clock,
                Event::TurnBegan { turn, .. } => clock.turn = turn,
                Event::PhaseBegan { phase } => clock.phase = phase,
                _ => {}
            }
        }
    }
    panic!("{unit} never reorganized");
}

#[test]
fn r5_6_4_a_unit_set_up_disorganized_fights_at_half_strength() {
    let mut s = Sandbox::new(12, 10, 2);
    s.unit("g", "german", "0405").sp = 6;
    s.unit("d", "soviet", "0505");
    s.placement("d").unwrap().disorganized = true;
    let g = start(&s);
    assert!(g.unit_state(unit(&g, "d")).is_disorganized());
    let o = odds(&g, &["g"], &["0505"]);
    assert_eq!((o.attack.total, o.defense.total), (6, 2), "4 halved");
    s.placement("g").unwrap().disorganized = true;
    let g = start(&s);
    assert_eq!(odds(&g, &["g"], &["0505"]).attack.total, 3);
}

#[test]
fn r5_6_5_a_unit_set_up_disorganized_reorganizes_after_a_full_idle_turn() {
    let mut s = Sandbox::new(12, 10, 3);
    s.unit("g", "german", "0205");
    s.unit("d", "soviet", "1005");
    s.placement("d").unwrap().disorganized = true;
    let mut g = start(&s);
    // Disorganized as in the first phase of turn 1: the twelve phases after it are
    // idle, so it reorganizes at the end of the first phase of turn 2.
    assert_eq!(
        reorganized_at(&mut g, "d"),
        Clock {
            turn: 2,
            phase: Phase::AirFirst
        }
    );
    // Moving is activity: the clock restarts from the move.
    s.placement("g").unwrap().disorganized = true;
    let mut g = start(&s);
    until(&mut g, PhaseKind::Movement, Side::A);
    mv(&mut g, &["g"], &["0305"]).unwrap();
    assert_eq!(
        reorganized_at(&mut g, "g"),
        Clock {
            turn: 2,
            phase: Phase::MovementA
        }
    );
}

#[test]
fn r10_2_2_a_unit_set_up_out_of_supply_moves_and_attacks_at_half() {
    let mut s = Sandbox::new(12, 10, 2);
    s.unit("g", "german", "0405");
    s.unit("d", "soviet", "0505");
    s.placement("g").unwrap().out_of_supply = 2;
    s.placement("d").unwrap().out_of_supply = 1;
    let g = start(&s);
    assert_eq!(oos(&g, "g"), 2);
    let gu = unit(&g, "g");
    assert!(
        !g.unit_state(gu).supplied,
        "it did not trace a line of supply"
    );
    assert_eq!(g.mp_allowance(gu, MoveMode::Normal, false), Mp::whole(2));
    let o = odds(&g, &["g"], &["0505"]);
    assert_eq!(
        (o.attack.total, o.defense.total),
        (2, 4),
        "defense unaffected"
    );
    // R10.2.3: full strength for a level.
    let mut o = order(&["g"], &["0505"]);
    o.full_strength = ids(&["g"]);
    let eng = g.engagement_of(Side::A, &o).unwrap();
    assert_eq!(g.assess(&eng).attack.total, 4);
}

#[test]
fn r10_2_7_a_unit_set_up_out_of_supply_that_traces_drops_four_levels_at_its_supply_phase() {
    let mut s = Sandbox::new(12, 10, 2);
    s.unit("g", "german", "0305");
    s.unit("d", "soviet", "1005");
    s.placement("g").unwrap().out_of_supply = 5;
    let mut g = start(&s);
    until(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(oos(&g, "g"), 5);
    next_phase(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(oos(&g, "g"), 1, "traced from the west edge: 5 - 4");
    assert!(g.unit_state(unit(&g, "g")).supplied);
}

#[test]
fn r3_1_5_a_unit_set_up_with_its_movement_spent_waits_for_turn_2() {
    let mut s = Sandbox::new(12, 10, 2);
    s.unit("g", "german", "0205");
    s.unit("d", "soviet", "1005");
    s.placement("g").unwrap().movement_spent = true;
    s.placement("d").unwrap().movement_spent = true;
    let mut g = start(&s);
    until(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(g.mp_spent(unit(&g, "g")), Mp::whole(4));
    assert_eq!(mv(&mut g, &["g"], &["0305"]).unwrap_err().rule, "R3.1.3");
    assert!(
        g.check(&Action::Fortify { unit: "g".into() }).is_err(),
        "R7.1.4: no MPs left to build"
    );
    assert_eq!(
        g.check(&Action::MarkStrategic { units: ids(&["g"]) })
            .unwrap_err()
            .rule,
        "R3.1.3",
        "R12.1.2: activated"
    );
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(mv(&mut g, &["d"], &["0905"]).unwrap_err().rule, "R3.1.3");
    until(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(g.turn(), 2);
    mv(&mut g, &["g"], &["0305"]).unwrap();
}

#[test]
fn r6_5_5_r6_5_6_artillery_set_up_having_fired_a_barrage_neither_moves_nor_fires() {
    let mut s = Sandbox::new(12, 12, 3);
    s.gun("a1", "german", "0205", 5, 3);
    s.gun("a2", "german", "0206", 5, 3);
    s.gun("a3", "german", "0204", 5, 3);
    s.unit("d", "soviet", "0505");
    s.placement("d").unwrap().fortified = true;
    // Entrenched neighbours: each side may attack, neither must.
    s.unit("g", "german", "0404");
    s.placement("g").unwrap().fortified = true;
    s.gun("s1", "soviet", "0807", 4, 2);
    s.placement("a1").unwrap().barrage_fired = true;
    s.placement("s1").unwrap().barrage_fired = true;
    s.barrage("german", 4, &[1]);
    let mut g = start(&s);
    // It fired in this very Barrage phase (R6.1.4); the AUs are untouched.
    assert_eq!(g.state().clock.phase, Phase::BarrageA);
    assert_eq!(g.state().ammo[0], 4);
    let barrage = |guns: &[&str]| {
        Action::Barrage(FireOrder {
            artillery: ids(guns),
            target: "0505".parse().unwrap(),
            air: vec![],
            full_strength: vec![],
        })
    };
    assert_eq!(g.check(&barrage(&["a1", "a2"])).unwrap_err().rule, "R6.1.4");
    assert!(g.check(&barrage(&["a3", "a2"])).is_ok());
    until(&mut g, PhaseKind::Movement, Side::A);
    let a1 = unit(&g, "a1");
    assert!(g.barrage_immobile(a1), "R6.5.5");
    assert_eq!(g.mp_allowance(a1, MoveMode::Normal, false), Mp::ZERO);
    until(&mut g, PhaseKind::Combat, Side::A);
    let fire = |guns: &[&str]| {
        Action::RangedAttack(FireOrder {
            artillery: ids(guns),
            target: "0505".parse().unwrap(),
            air: vec![],
            full_strength: vec![],
        })
    };
    assert_eq!(g.check(&fire(&["a1"])).unwrap_err().rule, "R6.5.6");
    // The Soviet gun fired in the Soviet Barrage phase of turn 1, after this one.
    assert!(!g.barrage_locked(unit(&g, "s1")));
    until(&mut g, PhaseKind::Combat, Side::B);
    assert!(g.barrage_locked(unit(&g, "s1")));
    assert!(g.barrage_locked(a1), "the second Combat phase after it");
    until(&mut g, PhaseKind::Combat, Side::A);
    assert_eq!(g.turn(), 2);
    assert!(g.check(&fire(&["a1"])).is_ok());
}

#[test]
fn r16_1_2_a_stack_set_up_masked_shows_no_counter() {
    let mut s = Sandbox::new(12, 10, 2);
    s.unit("g", "german", "0305");
    s.unit("d1", "soviet", "0905");
    s.armor("d2", "soviet", "0905", 6, 7);
    s.placement("d1").unwrap().masked = true;
    s.placement("d2").unwrap().masked = true;
    let g = start(&s);
    assert_eq!(
        g.stack_view(Side::A, hx(&g, "0905")),
        Some(StackView::Masked { count: 2 })
    );
}
