//! R9 headquarters: no ZoC, 10 MP as trucked with 5 MP swamp and mountain, one CEL
//! that may absorb a loss, elimination by entry, range and the die modifier.

use super::*;
use crate::event::EliminationCause;
use crate::sandbox::Sandbox;
use sztab_core::model::Mp;

#[test]
fn r9_1_1_an_hq_has_no_zoc() {
    let mut s = Sandbox::new(10, 10, 2);
    s.hq("hq", "german", "0405");
    s.unit("d", "soviet", "0905");
    let g = start(&s);
    assert!(!g.zoc_of(Side::A).covers(hx(&g, "0505")));
}

#[test]
fn r9_1_2_r9_1_3_an_hq_moves_ten_mp_as_trucked_and_five_into_swamp() {
    let mut s = Sandbox::new(12, 10, 2);
    s.hq("hq", "german", "0105");
    s.unit("d", "soviet", "1209");
    s.terrain("0705", "clear", &["swamp"]);
    let mut g = start(&s);
    let u = unit(&g, "hq");
    let r = g.reach(u).unwrap();
    // Clear costs a trucked unit 2: five hexes for 10 MP.
    assert_eq!(r.cost(hx(&g, "0605")), Some(Mp::whole(10)));
    assert!(r.cost(hx(&g, "0705")).is_none());
    assert!(mv(&mut g, &["hq"], &["0205", "0305", "0405"]).is_ok());
    next_phase(&mut g, PhaseKind::Movement, Side::A);
    // From 0405: 0505, 0605 cost 4, the swamp 5 flat: 9 MP.
    assert!(mv(&mut g, &["hq"], &["0505", "0605", "0705"]).is_ok());
}

#[test]
fn r9_1_4_an_hq_may_take_a_loss_of_its_stack() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("g", "german", "0405").sp = 8;
    s.unit("d", "soviet", "0505");
    s.hq("hq", "soviet", "0505");
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 8 vs 4 is 2:1; a roll of 11 gives -1/-1.
    attack_rolling(&mut g, &["g"], &["0505"], 11).unwrap();
    finish_until_losses(&mut g);
    match decision(&g) {
        Decision::Losses { units, .. } => {
            assert!(units.iter().any(|(u, c)| u.as_str() == "hq" && *c == 1));
        }
        d => panic!("{d:?}"),
    }
}

fn finish_until_losses(g: &mut Game) {
    for _ in 0..10 {
        match decision(g) {
            Decision::Losses {
                step: crate::event::CombatStep::DefenderLosses,
                ..
            } => return,
            Decision::Defend { .. } => {
                g.apply(Action::Defend(Default::default())).unwrap();
            }
            Decision::Losses { units, cel, .. } => {
                g.apply(Action::TakeLosses {
                    losses: vec![(units[0].0.clone(), cel)],
                })
                .unwrap();
            }
            d => panic!("{d:?}"),
        }
    }
}

#[test]
fn r9_1_5_a_lone_hq_is_eliminated_by_an_entering_regular_unit() {
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("tank", "german", "0405", 6, 7);
    s.hq("hq", "soviet", "0605");
    let mut g = start(&s);
    let ev = mv(&mut g, &["tank"], &["0505", "0605"]).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Eliminated {
            cause: EliminationCause::Overrun,
            ..
        }
    )));
    assert!(at(&g, "hq").is_none());
}

#[test]
fn r9_2_2_hq_range_is_four_for_germans_and_three_for_soviets() {
    let mut s = Sandbox::new(12, 12, 2);
    s.unit("g", "german", "0405");
    s.unit("d", "soviet", "0505");
    s.hq("ghq", "german", "0805");
    s.hq("shq", "soviet", "0905");
    let g = start(&s);
    let o = odds(&g, &["g"], &["0505"]);
    assert_eq!(o.hq.attacker_hqs, ids(&["ghq"]), "4 hexes");
    assert!(
        o.hq.defender_hqs.is_empty(),
        "4 hexes: out of the Soviet range of 3"
    );
    assert_eq!(o.hq.net, -1);
}

#[test]
fn r9_2_1_r9_2_3_r9_2_4_one_modifier_per_side_and_both_cancel() {
    let mut s = Sandbox::new(12, 12, 2);
    s.unit("g", "german", "0405");
    s.unit("d", "soviet", "0505");
    s.hq("ghq", "german", "0305");
    s.hq("ghq2", "german", "0304");
    let g = start(&s);
    assert_eq!(
        odds(&g, &["g"], &["0505"]).hq.net,
        -1,
        "two HQs still give 1"
    );
    s.hq("shq", "soviet", "0605");
    let g = start(&s);
    assert_eq!(odds(&g, &["g"], &["0505"]).hq.net, 0);
}

#[test]
fn r9_2_1_each_attacking_unit_within_range_of_some_hq_not_one_hq_for_all() {
    // Attackers on both sides of 0805, each 4 hexes from its own HQ and 6 from the other.
    let mut s = Sandbox::new(16, 12, 2);
    s.unit("west", "german", "0705");
    s.unit("east", "german", "0905");
    s.unit("d", "soviet", "0805");
    s.hq("ghq_w", "german", "0305");
    s.hq("ghq_e", "german", "1305");
    let g = start(&s);
    let o = odds(&g, &["west", "east"], &["0805"]);
    assert_eq!(
        o.hq.net, -1,
        "every attacker is within range of a German HQ"
    );
    assert_eq!(o.hq.attacker_hqs, ids(&["ghq_w", "ghq_e"]));
    // Without the eastern HQ one attacker is out of range: no modifier.
    s.bundle
        .scenario
        .setup
        .retain(|p| p.unit.as_str() != "ghq_e");
    let g = start(&s);
    let o = odds(&g, &["west", "east"], &["0805"]);
    assert_eq!(o.hq.net, 0);
    assert!(o.hq.attacker_hqs.is_empty());
}

#[test]
fn r9_2_1_each_defending_unit_within_range_of_some_hq_not_one_hq_for_all() {
    // One stack attacks two hexes; each defending hex is 3 hexes from its own Soviet
    // HQ and 5 from the other.
    let mut s = Sandbox::new(16, 12, 2);
    s.unit("g", "german", "0805").sp = 8;
    s.unit("west", "soviet", "0705");
    s.unit("east", "soviet", "0905");
    s.hq("shq_w", "soviet", "0405");
    s.hq("shq_e", "soviet", "1205");
    let g = start(&s);
    let o = odds(&g, &["g"], &["0705", "0905"]);
    assert_eq!(o.hq.net, 1, "every defender is within range of a Soviet HQ");
    assert_eq!(o.hq.defender_hqs, ids(&["shq_w", "shq_e"]));
    s.bundle
        .scenario
        .setup
        .retain(|p| p.unit.as_str() != "shq_w");
    let g = start(&s);
    let o = odds(&g, &["g"], &["0705", "0905"]);
    assert_eq!(o.hq.net, 0);
    assert!(o.hq.defender_hqs.is_empty());
}

#[test]
fn r9_1_8_r5_1_9_a_lone_hq_attacked_is_fought_at_ten_to_one() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("g", "german", "0405").sp = 1;
    s.hq("hq", "soviet", "0505");
    let g = start(&s);
    assert_eq!(odds(&g, &["g"], &["0505"]).column, crate::Column::HIGHEST);
}

/// A lone Soviet HQ on 0505 attacked by `g` from 0405, with a second Soviet HQ on 0506
/// and a German HQ on `german_hq`, if any.
fn lone_hq(german_hq: Option<&str>) -> Game {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("g", "german", "0405");
    s.hq("hq", "soviet", "0505");
    s.hq("hq2", "soviet", "0506");
    if let Some(h) = german_hq {
        s.hq("ghq", "german", h);
    }
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    g
}

#[test]
fn a93_r9_2_r5_1_9_a_lone_hq_attacked_gets_no_die_modifier_from_itself_or_another_hq() {
    let mut g = lone_hq(None);
    let o = odds(&g, &["g"], &["0505"]);
    assert_eq!(o.column, crate::Column::HIGHEST);
    assert!(o.hq.defender_hqs.is_empty(), "{:?}", o.hq);
    assert_eq!(o.hq.net, 0);
    // A roll of 11 stays 11 at 10:1: the attacker tests (•/D3) instead of losing a
    // CEL disorganized (D-1/D2).
    let (roll, modified, cell, _) =
        resolved(&attack_rolling(&mut g, &["g"], &["0505"], 11).unwrap()).unwrap();
    assert_eq!((roll, modified), (11, 11));
    assert_eq!(cell.to_string(), "•/D3");
    // The attacker's own HQ still counts: 11 becomes 10.
    let mut g = lone_hq(Some("0205"));
    assert_eq!(odds(&g, &["g"], &["0505"]).hq.net, -1);
    let (_, modified, ..) =
        resolved(&attack_rolling(&mut g, &["g"], &["0505"], 11).unwrap()).unwrap();
    assert_eq!(modified, 10);
}

#[test]
fn a93_r9_2_1_an_hq_is_within_its_own_range_for_the_units_stacked_with_it() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("g", "german", "0405").sp = 8;
    s.unit("d", "soviet", "0505");
    s.hq("hq", "soviet", "0505");
    let g = start(&s);
    let o = odds(&g, &["g"], &["0505"]);
    assert_eq!(o.hq.defender_hqs, ids(&["hq"]));
    assert_eq!(o.hq.net, 1);
}
