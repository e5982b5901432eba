//! The worked examples of §1.W (docs/wb95/worked-examples.md), one test each; those of
//! artillery, air, supply, reinforcements and the Kursk rules sit with their chapter's tests.

use super::*;
use crate::combat::strength::half_up;
use crate::crt::Column;
use crate::event::{LossCause, TestReason};
use crate::sandbox::Sandbox;
use crate::{DefenseOrder, RetreatOrder};
use sztab_core::model::{
    Cost, FormationKind, MovementClass, Mp, Restriction, RestrictionRule, Scope, Star, UnitKind,
};

fn col(s: &str) -> Column {
    (0..13)
        .map(|i| Column::from_index(i).unwrap())
        .find(|c| c.to_string() == s)
        .unwrap()
}

fn ratio(a: u32, d: u32) -> Column {
    Column::clamped(Column::raw_position(a, d))
}

#[test]
fn we_1_5_eight_against_five_is_two_to_one() {
    assert_eq!(ratio(4 + 4, 5), col("2:1"));
}

#[test]
fn we_1_6a_three_attacker_cms_and_one_defender_cm() {
    assert_eq!(ratio(8, 3), col("3:1"));
    assert_eq!(ratio(8, 3).shift(3).shift(-1), col("5:1"));
}

#[test]
fn we_1_6b_clamps_after_each_step() {
    let initial = ratio(18, 4);
    assert_eq!(initial, col("5:1"));
    let after_attacker = initial.shift(7);
    assert_eq!(after_attacker, col("10:1"), "12:1 clamps to 10:1");
    assert_eq!(after_attacker.shift(-2), col("8:1"));
}

#[test]
fn we_1_7_halving_rounds_up_and_ratios_round_half_up() {
    assert_eq!(half_up(1), 1, "WE-1.7a");
    assert_eq!(half_up(5), 3, "WE-1.7b");
    assert_eq!(half_up(13), 7);
    assert_eq!(ratio(3, 2), col("2:1"), "WE-1.7c");
    assert_eq!(ratio(649, 100), col("6:1"), "WE-1.7d");
    assert_eq!(ratio(7, 10), col("1:1"), "WE-1.7e");
    assert_eq!(ratio(4, 10), col("1:3"), "WE-1.7f");
    assert_eq!(ratio(2, 9), col("1:4"), "WE-1.7g");
    assert_eq!(ratio(1, 12).shift(2), col("1:2"), "WE-1.7h");
    assert_eq!(ratio(40, 2).shift(-3), col("7:1"), "WE-1.7i");
}

/// A German armored division of 3 units (6 with a black star, 6, 5) on 0405 next to two
/// Soviet cavalry brigades of 4 SP on 0505.
fn armored_division_against_cavalry(woods: bool) -> Sandbox {
    let mut s = Sandbox::new(10, 10, 3);
    s.formation("PzD", "german", FormationKind::Division);
    for (id, sp) in [("pz1", 6), ("pz2", 6), ("pz3", 5)] {
        let u = s.armor(id, "german", "0405", sp, 7);
        u.formation = Some("PzD".into());
        u.cel = 2;
    }
    s.bundle.counters.units[0].stars = vec![Star::Black];
    for id in ["cav1", "cav2"] {
        let u = s.unit(id, "soviet", "0505");
        u.kind = UnitKind::Cavalry;
        u.sp = 4;
    }
    if woods {
        s.terrain("0505", "clear", &["forest"]);
    }
    s
}

#[test]
fn we_5_2_1_armored_division_against_cavalry_in_woods_is_three_to_one() {
    let g = start(&armored_division_against_cavalry(true));
    let mut o = order(&["pz1", "pz2", "pz3"], &["0505"]);
    o.stars = ids(&["pz1"]);
    let odds = g.assess(&g.engagement_of(Side::A, &o).unwrap());
    assert_eq!((odds.attack.total, odds.defense.total), (17, 8));
    assert_eq!(odds.initial, col("2:1"));
    let rules: Vec<&str> = odds.cms.iter().map(|c| c.rule).collect();
    assert!(
        rules.contains(&"R13.1.4") && rules.contains(&"R15.1.1") && rules.contains(&"R5.5.1"),
        "{rules:?}"
    );
    assert_eq!(odds.after_attacker, col("4:1"));
    assert_eq!(odds.column, col("3:1"));
}

#[test]
fn we_5_2_1_the_loss_comes_from_the_star_unit_and_the_defender_chooses_how_to_retreat() {
    // In the open the same attack is 4:1, where a roll of 10 gives -1/D2 (the
    // example's result).
    let mut g = start(&armored_division_against_cavalry(false));
    until(&mut g, PhaseKind::Combat, Side::A);
    let mut o = order(&["pz1", "pz2", "pz3"], &["0505"]);
    o.stars = ids(&["pz1"]);
    g.script_dice(&faces(10));
    let ev = g.apply(Action::Attack(o)).unwrap();
    let (_, _, cell, column) = resolved(&ev).unwrap();
    assert_eq!((column, cell.to_string().as_str()), (col("4:1"), "-1/D2"));
    let Decision::Losses { must_include, .. } = decision(&g) else {
        panic!("the attacker chooses its loss");
    };
    assert_eq!(must_include, vec![ids(&["pz1"])]);
    let wrong = g.apply(Action::TakeLosses {
        losses: vec![("pz2".into(), 1)],
    });
    assert_eq!(wrong.unwrap_err().rule, "R15.1.7");
    g.apply(Action::TakeLosses {
        losses: vec![("pz1".into(), 1)],
    })
    .unwrap();
    assert_eq!(cel(&g, "pz1"), 1);
    let Decision::Retreat { hexes: 2, .. } = decision(&g) else {
        panic!("the Soviets retreat 2");
    };
    let cav1 = unit(&g, "cav1");
    let two: Vec<_> = g
        .retreat_paths(cav1)
        .into_iter()
        .filter(|p| p.len() == 2)
        .collect();
    let one: Vec<_> = g
        .retreat_paths(cav1)
        .into_iter()
        .filter(|p| p.len() == 1)
        .collect();
    let both = |p: &Vec<HexId>| vec![("cav1".into(), p.clone()), ("cav2".into(), p.clone())];
    // (i) stay: 2 CEL; (ii) retreat 1: 1 CEL; (iii) retreat 2: none.
    assert_eq!(g.retreat_loss_due(Side::B, &[]).unwrap().0, 2);
    assert_eq!(g.retreat_loss_due(Side::B, &both(&one[0])).unwrap().0, 1);
    assert_eq!(g.retreat_loss_due(Side::B, &both(&two[0])).unwrap().0, 0);
    g.apply(Action::Retreat(RetreatOrder {
        moves: both(&two[0]),
        losses: vec![],
    }))
    .unwrap();
    g.script_dice(&[1, 1]);
    let ev = g.apply(Action::Pursue { moves: vec![] }).unwrap();
    let tests = count(&ev, |e| {
        matches!(
            e,
            Event::DisorganizationTest {
                reason: TestReason::Retreat(_),
                ..
            }
        )
    });
    assert_eq!(tests, 1, "(iii) retreating 2 hexes costs 1 test");
}

#[test]
fn we_5_5_2_r5_5_2_woods_and_river_add_up() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("g", "german", "0405");
    s.unit("r", "soviet", "0505");
    s.terrain("0505", "clear", &["forest"])
        .hexside("0405", "0505", "river", None);
    let g = start(&s);
    let o = odds(&g, &["g"], &["0505"]);
    assert_eq!(o.cm_total(crate::CmSide::Defender), 2);
    assert!(o.cms.iter().any(|c| c.rule == "R5.5.4"));
}

fn fortified_line(defender_sp: u8) -> Sandbox {
    let mut s = Sandbox::new(10, 10, 2);
    s.bundle.scenario.rules.fortified_lines = true;
    // 20 + 5 + 4 SP in the book (division, artillery, air; see the test with support
    // below); here three ground units of the same 29 SP attack across the line.
    for (id, sp) in [("a", 10), ("b", 10), ("c", 9)] {
        s.armor(id, "german", "0405", sp, 7);
    }
    s.unit("div", "soviet", "0505").sp = defender_sp;
    s.hexside("0405", "0505", "fl_line", Some("0505"));
    s
}

#[test]
fn we_fl_the_line_halves_the_attack_and_gives_two_cms() {
    let g = start(&fortified_line(7));
    let o = odds(&g, &["a", "b", "c"], &["0505"]);
    let h = o.attack.halving.as_ref().unwrap();
    assert_eq!((h.before, h.after, h.rule), (29, 15, "R19.1.1"));
    assert_eq!(o.initial, col("2:1"));
    assert_eq!(o.column, col("1:2"));
    assert!(o.fortified);
}

#[test]
fn we_fl_with_artillery_and_air_the_whole_attack_is_halved() {
    // The book's numbers: an armored division of 20 SP, artillery of 5 and air of 4 attack
    // across the line into a Soviet division of 7 SP.
    let mut s = Sandbox::new(10, 10, 2);
    s.bundle.scenario.rules.fortified_lines = true;
    s.armor("pzd", "german", "0405", 20, 7);
    s.gun("art", "german", "0305", 5, 3);
    s.unit("div", "soviet", "0505").sp = 7;
    s.hexside("0405", "0505", "fl_line", Some("0505"));
    s.air(
        "ju",
        "german",
        "german",
        4,
        sztab_core::model::AirKind::GroundAttack,
    );
    let mut g = start(&s);
    g.apply(Action::AirMissions {
        missions: vec![crate::AirMission {
            counters: vec!["ju".into()],
            kind: crate::MissionKind::OffensiveSupport,
            hex: "0505".parse().unwrap(),
            spread: vec![],
        }],
    })
    .unwrap();
    until(&mut g, PhaseKind::Combat, Side::A);
    let mut o = order(&["pzd"], &["0505"]);
    o.support = ids(&["art"]);
    o.air = vec!["ju".into()];
    let odds = g.assess(&g.engagement_of(Side::A, &o).unwrap());
    let h = odds.attack.halving.as_ref().unwrap();
    assert_eq!((h.before, h.after, h.rule), (29, 15, "R19.1.1"));
    assert_eq!(odds.attack.total, 15);
    assert_eq!(odds.initial, col("2:1"));
    assert_eq!(odds.column, col("1:2"));
}

#[test]
fn we_fl_b_defenders_of_four_sp_get_one_cm() {
    let g = start(&fortified_line(4));
    let o = odds(&g, &["a", "b", "c"], &["0505"]);
    assert_eq!(o.initial, col("4:1"));
    assert!(o.cms.iter().any(|c| c.rule == "R19.1.3" && c.value == 1));
    assert_eq!(o.column, col("3:1"));
}

/// Two 2-CEL Soviet units of `sp` SP each on 0505 and German armor of `att` SP on 0405.
fn pair_attacked(sp: u8, att: &[u8]) -> Sandbox {
    let mut s = Sandbox::new(10, 10, 3);
    for (i, &a) in att.iter().enumerate() {
        s.armor(&format!("g{i}"), "german", "0405", a, 7);
    }
    for id in ["d1", "d2"] {
        let u = s.unit(id, "soviet", "0505");
        u.sp = sp;
        u.reduced = Some(sztab_core::model::ReducedSide {
            sp: sp.max(1),
            defense: None,
            mp: None,
        });
    }
    s
}

fn attackers(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("g{i}")).collect()
}

fn german_attack(g: &mut Game, n: usize, roll: u8) -> Vec<Event> {
    until(g, PhaseKind::Combat, Side::A);
    let names = attackers(n);
    let att: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    attack_rolling(g, &att, &["0505"], roll).unwrap()
}

fn full_paths(g: &Game, u: &str, n: usize) -> Vec<Vec<HexId>> {
    g.retreat_paths(unit(g, u))
        .into_iter()
        .filter(|p| p.len() == n)
        .collect()
}

#[test]
fn we_5_3_7_sustained_retreat_costs_one_cel_per_hex_not_retreated() {
    // 20 against 4 is 5:1; a roll of 5 gives -/D3.
    let mut g = start(&pair_attacked(2, &[10, 10]));
    let ev = german_attack(&mut g, 2, 5);
    assert_eq!(resolved(&ev).unwrap().2.to_string(), "-/D3");
    let p3 = full_paths(&g, "d1", 3);
    let p2 = full_paths(&g, "d1", 2);
    let p1 = full_paths(&g, "d1", 1);
    let both = |p: &Vec<HexId>| vec![("d1".into(), p.clone()), ("d2".into(), p.clone())];
    let due = |m: &[(UnitId, Vec<HexId>)]| g.retreat_loss_due(Side::B, m).unwrap().0;
    assert_eq!(due(&both(&p3[0])), 0);
    assert_eq!(due(&both(&p2[0])), 1);
    assert_eq!(due(&both(&p1[0])), 2);
    assert_eq!(due(&[]), 3);
    g.apply(Action::Retreat(RetreatOrder {
        moves: both(&p3[0]),
        losses: vec![],
    }))
    .unwrap();
    g.script_dice(&[1, 1, 1, 1]);
    let ev = g.apply(Action::Pursue { moves: vec![] }).unwrap();
    assert_eq!(
        count(&ev, |e| matches!(
            e,
            Event::DisorganizationTest {
                reason: TestReason::Retreat(_),
                ..
            }
        )),
        2,
        "retreating 3 hexes costs 2 tests"
    );
}

#[test]
fn we_5_3_8_sustained_losses_are_counted_per_side_not_per_hex() {
    // Three battalions attack from three hexes at 1:1; a roll of 10 gives A1/-.
    let mut s = Sandbox::new(10, 10, 3);
    for (id, at) in [("b1", "0404"), ("b2", "0405"), ("b3", "0504")] {
        s.armor(id, "german", at, 3, 7);
    }
    s.unit("d", "soviet", "0505").sp = 9;
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    let ev = attack_rolling(&mut g, &["b1", "b2", "b3"], &["0505"], 10).unwrap();
    assert_eq!(resolved(&ev).unwrap().2.to_string(), "A1/-");
    let path = |u: &str| (UnitId::new(u), full_paths(&g, u, 1)[0].clone());
    let due = |m: &[(UnitId, Vec<HexId>)]| g.retreat_loss_due(Side::A, m).unwrap();
    assert_eq!(due(&[]).0, 1, "all hold: 1 CEL in total");
    assert_eq!(
        due(&[path("b1"), path("b2"), path("b3")]).0,
        0,
        "all withdraw: none"
    );
    let (n, from) = due(&[path("b1"), path("b2")]);
    assert_eq!(
        (n, from),
        (1, ids(&["b3"])),
        "some hold: 1 CEL from the holders"
    );
}

#[test]
fn we_5_3_9a_a2_retreated_2_takes_one_test() {
    // 4 against 8 is 1:2; a roll of 10 gives A2-1/-1.
    let mut g = start(&pair_attacked(4, &[2, 2]));
    let ev = german_attack(&mut g, 2, 10);
    assert_eq!(resolved(&ev).unwrap().2.to_string(), "A2-1/-1");
    g.apply(Action::TakeLosses {
        losses: vec![("g0".into(), 1)],
    })
    .unwrap();
    g.apply(Action::TakeLosses {
        losses: vec![("d1".into(), 1)],
    })
    .unwrap();
    let moves: Vec<(UnitId, Vec<HexId>)> = ["g0", "g1"]
        .iter()
        .map(|u| (UnitId::new(*u), full_paths(&g, u, 2)[0].clone()))
        .collect();
    g.apply(Action::Retreat(RetreatOrder {
        moves,
        losses: vec![],
    }))
    .unwrap();
    g.script_dice(&[1, 1]);
    let ev = g.apply(Action::Pursue { moves: vec![] }).unwrap();
    assert_eq!(
        count(&ev, |e| matches!(e, Event::DisorganizationTest { .. })),
        1
    );
}

#[test]
fn we_5_3_9b_d4_retreated_3_takes_two_tests_and_one_cel() {
    // 16 against 2 is 8:1; a roll of 5 gives -/D4.
    let mut g = start(&pair_attacked(1, &[8, 8]));
    let ev = german_attack(&mut g, 2, 5);
    assert_eq!(resolved(&ev).unwrap().2.to_string(), "-/D4");
    let p = full_paths(&g, "d1", 3)[0].clone();
    let moves = vec![("d1".into(), p.clone()), ("d2".into(), p)];
    assert_eq!(g.retreat_loss_due(Side::B, &moves).unwrap().0, 1);
    g.apply(Action::Retreat(RetreatOrder {
        moves,
        losses: vec![("d1".into(), 1)],
    }))
    .unwrap();
    g.script_dice(&[1, 1, 1, 1]);
    let ev = g.apply(Action::Pursue { moves: vec![] }).unwrap();
    assert_eq!(
        count(&ev, |e| matches!(e, Event::DisorganizationTest { .. })),
        2
    );
    assert_eq!(cel(&g, "d1") + cel(&g, "d2"), 3);
}

#[test]
fn we_5_3_9c_d3_retreated_1_takes_no_test_and_two_cel() {
    // 10 against 2 is 5:1; a roll of 5 gives -/D3.
    let mut g = start(&pair_attacked(1, &[10]));
    german_attack(&mut g, 1, 5);
    let p = full_paths(&g, "d1", 1)[0].clone();
    let moves = vec![("d1".into(), p.clone()), ("d2".into(), p)];
    assert_eq!(g.retreat_loss_due(Side::B, &moves).unwrap().0, 2);
    let ev = g
        .apply(Action::Retreat(RetreatOrder {
            moves,
            losses: vec![("d1".into(), 1), ("d2".into(), 1)],
        }))
        .unwrap();
    let ev2 = g.apply(Action::Pursue { moves: vec![] }).unwrap();
    assert_eq!(
        count(&ev, |e| matches!(
            e,
            Event::CelLost {
                cause: LossCause::SustainedRetreat,
                ..
            }
        )),
        2
    );
    assert_eq!(
        count(&ev2, |e| matches!(e, Event::DisorganizationTest { .. })),
        0
    );
}

#[test]
fn we_5_3_4_retreating_onto_a_friend_in_enemy_zoc_costs_one_cel() {
    let mut s = Sandbox::new(10, 10, 3);
    s.armor("g", "german", "0405", 12, 7);
    s.unit("zoc", "german", "0603");
    s.unit("d", "soviet", "0505");
    s.armor("friend", "soviet", "0604", 3, 7);
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 12 against 4 is 3:1; a roll of 9 gives -/D1.
    let ev = attack_rolling(&mut g, &["g"], &["0505"], 9).unwrap();
    assert_eq!(resolved(&ev).unwrap().2.to_string(), "-/D1");
    let ev = g
        .apply(Action::Retreat(RetreatOrder {
            moves: vec![("d".into(), hexes(&["0604"]))],
            losses: vec![],
        }))
        .unwrap();
    assert_eq!(
        count(&ev, |e| matches!(
            e,
            Event::CelLost {
                cause: LossCause::RetreatThroughZoc,
                cel: 1,
                ..
            }
        )),
        1
    );
}

#[test]
fn we_5_4_6_pursuit_is_no_longer_than_the_retreat_and_starts_on_the_emptied_hex() {
    // 16 against 2 (one 2-CEL unit of 2 SP): 8:1, a roll of 5 gives -/D4.
    let mut s = Sandbox::new(12, 12, 3);
    s.armor("g0", "german", "0405", 8, 7);
    s.armor("g1", "german", "0405", 8, 7);
    s.unit("d", "soviet", "0505").sp = 2;
    let mut g = start(&s);
    german_attack(&mut g, 2, 5);
    let p = full_paths(&g, "d", 3)[0].clone();
    g.apply(Action::Retreat(RetreatOrder {
        moves: vec![("d".into(), p.clone())],
        losses: vec![("d".into(), 1)],
    }))
    .unwrap();
    let pursue = |path: Vec<HexId>| Action::Pursue {
        moves: vec![("g0".into(), path)],
    };
    let origin = HexId::parse("0505").unwrap();
    assert!(
        g.check(&pursue(vec![origin, p[0], p[1]])).is_ok(),
        "3 hexes"
    );
    assert_eq!(
        g.check(&pursue(vec![origin, p[0], p[1], p[2]]))
            .unwrap_err()
            .rule,
        "R5.4.6"
    );
    assert_eq!(
        g.check(&pursue(vec![p[0], p[1]])).unwrap_err().rule,
        "R5.4.4"
    );
    assert!(g.check(&pursue(vec![origin])).is_ok());
}

/// Infantry (2 CEL, 2 SP) and a towed gun (2/1) in combat setup on 0505; 9 SP of armor.
fn infantry_and_gun() -> Game {
    let mut s = Sandbox::new(10, 10, 3);
    s.armor("g", "german", "0405", 9, 7);
    s.unit("inf", "soviet", "0505").sp = 2;
    s.gun("gun", "soviet", "0505", 2, 1);
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 9 against 3 is 3:1; a roll of 6 gives -/D2.
    let ev = attack_rolling(&mut g, &["g"], &["0505"], 6).unwrap();
    assert_eq!(resolved(&ev).unwrap().2.to_string(), "-/D2");
    g
}

#[test]
fn we_6_2_a_infantry_retreats_the_gun_stays_and_a_pursuer_destroys_it() {
    let mut g = infantry_and_gun();
    let p = full_paths(&g, "inf", 2)[0].clone();
    g.apply(Action::Retreat(RetreatOrder {
        moves: vec![("inf".into(), p)],
        losses: vec![],
    }))
    .unwrap();
    assert_eq!(at(&g, "gun"), Some(HexId::parse("0505").unwrap()));
    let ev = g
        .apply(Action::Pursue {
            moves: vec![("g".into(), hexes(&["0505"]))],
        })
        .unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Eliminated { unit, .. } if unit.as_str() == "gun"))
    );
}

#[test]
fn we_6_2_b_the_gun_takes_the_shortfall_and_the_infantry_retreats_one() {
    let mut g = infantry_and_gun();
    let p = full_paths(&g, "inf", 1)[0].clone();
    let moves = vec![("inf".into(), p)];
    assert_eq!(
        g.retreat_loss_due(Side::B, &moves).unwrap(),
        (1, ids(&["inf", "gun"]))
    );
    g.apply(Action::Retreat(RetreatOrder {
        moves,
        losses: vec![("gun".into(), 1)],
    }))
    .unwrap();
    assert_eq!(at(&g, "gun"), None);
    assert_eq!(cel(&g, "inf"), 2);
}

#[test]
fn we_6_2_c_both_stay_and_lose_one_cel_each() {
    let mut g = infantry_and_gun();
    assert_eq!(g.retreat_loss_due(Side::B, &[]).unwrap().0, 2);
    g.apply(Action::Retreat(RetreatOrder {
        moves: vec![],
        losses: vec![("gun".into(), 1), ("inf".into(), 1)],
    }))
    .unwrap();
    assert_eq!((at(&g, "gun"), cel(&g, "inf")), (None, 1));
}

fn fixed_position(attack: u8) -> Game {
    let mut s = Sandbox::new(10, 10, 3);
    s.armor("g", "german", "0405", attack, 7);
    let d = s.unit("d", "soviet", "0505");
    d.sp = 1;
    d.reduced = Some(sztab_core::model::ReducedSide {
        sp: 1,
        defense: None,
        mp: None,
    });
    s.hexside("0405", "0505", "fp_line", Some("0505"));
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    g
}

#[test]
fn we_7_2_6_sustained_losses_in_a_fixed_position_are_one_less() {
    // Across the FP the attack is halved and the defender gets +3: 12 SP give 6:1
    // initial, 3:1 final; 16 SP give 8:1, 5:1.
    for (attack, roll, n, due) in [(12u8, 9u8, 1u8, 0u8), (12, 6, 2, 1), (16, 5, 3, 2)] {
        let mut g = fixed_position(attack);
        let ev = attack_rolling(&mut g, &["g"], &["0505"], roll).unwrap();
        assert_eq!(resolved(&ev).unwrap().2.defender.retreat, n);
        assert_eq!(
            g.retreat_loss_due(Side::B, &[]).unwrap().0,
            due,
            "D{n} held in an FP"
        );
    }
}

#[test]
fn we_hq_a_lone_hq_is_always_attacked_at_ten_to_one_and_eliminated() {
    for roll in 2..=12 {
        let mut s = Sandbox::new(10, 10, 3);
        s.unit("g", "german", "0405").sp = 1;
        s.hq("hq", "soviet", "0505");
        let mut g = start(&s);
        until(&mut g, PhaseKind::Combat, Side::A);
        let ev = attack_rolling(&mut g, &["g"], &["0505"], roll).unwrap();
        assert_eq!(resolved(&ev).unwrap().3, Column::HIGHEST);
        finish_combat(&mut g);
        assert_eq!(at(&g, "hq"), None, "roll {roll}");
    }
}

#[test]
fn we_6_1_7_entering_lone_guns_costs_one_mp_each_and_one_more_if_fortified() {
    for (fortified, cost) in [(false, 4), (true, 5)] {
        let mut s = Sandbox::new(10, 10, 3);
        s.armor("g", "german", "0404", 6, 7);
        for id in ["gun1", "gun2", "gun3"] {
            s.gun(id, "soviet", "0505", 2, 1);
            s.placement(id).unwrap().fortified = fortified;
        }
        let mut g = start(&s);
        // 0404 -> 0505: clear, 1 MP, plus 3 guns (plus 1 if fortified).
        let ev = mv(&mut g, &["g"], &["0505"]).unwrap();
        assert_eq!(count(&ev, |e| matches!(e, Event::Eliminated { .. })), 3);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Moved { cost: c, .. } if *c == Mp::whole(cost)))
        );
    }
}

#[test]
fn we_6_6_3_lone_guns_defend_with_one_sp_and_with_a_regular_unit_with_theirs() {
    let mut s = Sandbox::new(10, 10, 3);
    s.armor("g", "german", "0405", 6, 7);
    s.unit("cav", "soviet", "0505").sp = 5;
    s.gun("gun1", "soviet", "0506", 5, 3);
    s.gun("gun2", "soviet", "0506", 5, 3);
    let g = start(&s);
    assert_eq!(odds(&g, &["g"], &["0505", "0506"]).defense.total, 6);
    let mut s2 = s.clone();
    s2.unit("inf", "soviet", "0506").sp = 4;
    let g = start(&s2);
    assert_eq!(
        odds(&g, &["g"], &["0505", "0506"]).defense.total,
        5 + 3 + 3 + 4
    );
}

fn hq_range(attacker_hq: bool, defender_hq: bool) -> Game {
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405").sp = 4;
    s.unit("d", "soviet", "0505").sp = 4;
    if attacker_hq {
        s.hq("ghq", "german", "0205");
    }
    if defender_hq {
        s.hq("shq", "soviet", "0705");
    }
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    g
}

#[test]
fn we_9_2_hq_die_modifiers() {
    let mut g = hq_range(true, false);
    let (roll, modified, ..) =
        resolved(&attack_rolling(&mut g, &["g"], &["0505"], 8).unwrap()).unwrap();
    assert_eq!((roll, modified), (8, 7));
    let mut g = hq_range(true, true);
    let (_, modified, ..) =
        resolved(&attack_rolling(&mut g, &["g"], &["0505"], 8).unwrap()).unwrap();
    assert_eq!(modified, 8, "both in range: they cancel");
}

#[test]
fn we_9_2b_the_modified_roll_is_clamped_to_twelve() {
    let mut g = hq_range(false, true);
    let (roll, modified, ..) =
        resolved(&attack_rolling(&mut g, &["g"], &["0505"], 12).unwrap()).unwrap();
    assert_eq!((roll, modified), (12, 12));
}

#[test]
fn we_3_1_13a_a_first_step_dearer_than_all_the_mp_is_allowed() {
    let mut s = Sandbox::new(10, 10, 2);
    if let Some(r) = s
        .bundle
        .terrain
        .hexsides
        .iter_mut()
        .find(|k| k.id.as_str() == "river")
    {
        r.crossing.as_mut().unwrap().mechanized = Cost::Add(Mp::whole(8));
    }
    s.hexside("0405", "0505", "river", None);
    s.armor("m", "german", "0405", 6, 7);
    s.armor("m2", "german", "0405", 6, 7);
    let mut g = start(&s);
    // 0405 -> 0505 costs clear 1 + river 8 = 9 > 7.
    assert!(mv(&mut g, &["m"], &["0505"]).is_ok());
    assert_eq!(
        mv(&mut g, &["m2"], &["0505", "0605"]).unwrap_err().rule,
        "R3.1.5"
    );
}

#[test]
fn we_3_1_13b_a_halved_unit_still_enters_one_hex() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("inf", "german", "0405");
    s.terrain("0505", "clear", &["swamp"]);
    s.bundle.scenario.restrictions.push(Restriction {
        scope: Scope::Units(ids(&["inf"])),
        rule: RestrictionRule::HalfMpOn(s.bundle.scenario.start),
    });
    let mut g = start(&s);
    assert_eq!(
        g.mp_allowance(unit(&g, "inf"), crate::movement::MoveMode::Normal, false),
        Mp::whole(2)
    );
    // Swamp costs foot 1 + 2 = 3 > 2. The out-of-supply half of the example (no OoS level for
    // the step) is `r10_supply::we_3_1_13b_an_oos_unit_with_halved_mp_still_enters_one_hex_at_no_oos_cost`.
    assert!(mv(&mut g, &["inf"], &["0505"]).is_ok());
}

#[test]
fn we_3_1_12_costs_are_cumulative() {
    let mut s = Sandbox::new(10, 10, 2);
    if let Some(c) = s
        .bundle
        .terrain
        .terrain
        .iter_mut()
        .find(|t| t.id.as_str() == "clear")
    {
        c.movement.as_mut().unwrap().mechanized = Cost::Set(Mp::whole(2));
    }
    s.terrain("0505", "clear", &["forest"])
        .hexside("0405", "0505", "stream", None);
    s.armor("m", "german", "0405", 6, 7);
    let mut g = start(&s);
    let ev = mv(&mut g, &["m"], &["0505"]).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cost, .. } if *cost == Mp::whole(5)))
    );
}

#[test]
fn we_12_2_3_r12_2_3_strategic_movement_costs_two_mp() {
    let mut s = Sandbox::new(12, 10, 2);
    let u = s.unit("mot", "german", "0205");
    u.kind = UnitKind::MotorizedInfantry;
    u.movement = MovementClass::Mechanized;
    u.mp = Mp::whole(7);
    let mut g = start(&s);
    g.apply(Action::MarkStrategic {
        units: ids(&["mot"]),
    })
    .unwrap();
    until(&mut g, PhaseKind::Strategic, Side::A);
    let m = crate::movement::MoveMode::Strategic;
    assert_eq!(g.mp_allowance(unit(&g, "mot"), m, false), Mp::whole(5));
    assert_eq!(
        mv(
            &mut g,
            &["mot"],
            &["0305", "0405", "0505", "0605", "0705", "0805"]
        )
        .unwrap_err()
        .rule,
        "R3.1.5"
    );
    assert!(mv(&mut g, &["mot"], &["0305", "0405", "0505", "0605", "0705"]).is_ok());
}

fn concentration(divisions: &[(&str, usize)]) -> Odds {
    let mut s = Sandbox::new(10, 10, 2);
    let hexes = ["0404", "0405", "0504", "0506", "0604", "0605"];
    let mut n = 0;
    let mut names = Vec::new();
    for (div, units) in divisions {
        s.formation(div, "german", FormationKind::Division);
        for k in 0..*units {
            let id = format!("{div}-{k}");
            let u = s.unit(&id, "german", hexes[n / 3]);
            u.formation = Some((*div).into());
            s.placement(&id).unwrap().cel = Some(1);
            names.push(id);
            n += 1;
        }
    }
    s.unit("d", "soviet", "0505");
    let g = start(&s);
    let att: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    odds(&g, &att, &["0505"])
}

#[test]
fn we_13_1_4_r13_1_4_nine_units_of_three_divisions_give_three_cms() {
    let o = concentration(&[("d1", 3), ("d2", 3), ("d3", 3)]);
    let tc: i32 = o
        .cms
        .iter()
        .filter(|c| c.rule == "R13.1.4")
        .map(|c| c.value)
        .sum();
    assert_eq!(tc, 3);
}

#[test]
fn we_13_1_4b_six_units_of_one_division_give_two_cms() {
    let o = concentration(&[("d1", 6)]);
    let tc: i32 = o
        .cms
        .iter()
        .filter(|c| c.rule == "R13.1.4")
        .map(|c| c.value)
        .sum();
    assert_eq!(tc, 2);
}

#[test]
fn we_15_3_volkssturm_gives_the_enemy_two_cms_less_one_per_regular_unit() {
    for (regulars, expected) in [(0, 2), (1, 1), (2, 0)] {
        let mut s = Sandbox::new(10, 10, 2);
        s.unit("vs", "german", "0505").kind = UnitKind::Volkssturm;
        for k in 0..regulars {
            let id = format!("reg{k}");
            s.unit(&id, "german", "0505");
        }
        s.unit("att", "soviet", "0405");
        let g = start(&s);
        let o = odds(&g, &["att"], &["0505"]);
        let vs: i32 = o
            .cms
            .iter()
            .filter(|c| c.rule == "R15.3.1" && c.side == crate::CmSide::Attacker)
            .map(|c| c.value)
            .sum();
        assert_eq!(vs, expected, "{regulars} regular unit(s)");
    }
}

fn stars(att: &[Star], def: &[Star], fortified: bool) -> Odds {
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("a", "german", "0405", 6, 7).stars = att.to_vec();
    s.armor("d", "soviet", "0505", 6, 7).stars = def.to_vec();
    s.placement("d").unwrap().fortified = fortified;
    let g = start(&s);
    let mut o = order(&["a"], &["0505"]);
    o.stars = ids(&["a"]);
    let mut eng = g.engagement_of(Side::A, &o).unwrap();
    eng.defender_stars = vec![unit(&g, "d")];
    g.assess(&eng)
}

fn star_cms(o: &Odds, side: crate::CmSide) -> i32 {
    o.cms
        .iter()
        .filter(|c| c.rule == "R15.1.1" && c.side == side)
        .map(|c| c.value)
        .sum()
}

#[test]
fn we_15_1_a_white_star_disables_black_and_yellow() {
    use crate::CmSide::*;
    let o = stars(&[Star::Black, Star::Yellow], &[Star::White], false);
    assert_eq!((star_cms(&o, Attacker), star_cms(&o, Defender)), (0, 1));
}

#[test]
fn we_15_1b_yellow_is_useless_in_defense_and_black_needs_an_unfortified_defender() {
    use crate::CmSide::*;
    let o = stars(&[Star::Black], &[Star::Yellow], false);
    assert_eq!((star_cms(&o, Attacker), star_cms(&o, Defender)), (1, 0));
    let o = stars(&[Star::Black], &[Star::Yellow], true);
    assert_eq!(star_cms(&o, Attacker), 0);
}

#[test]
fn we_15_1c_the_generic_cap_is_three_stars_per_hex() {
    for (cap, expected) in [(Some(3), 3), (None, 5)] {
        let mut s = Sandbox::new(10, 10, 2);
        s.bundle.scenario.rules.star_cap_per_hex = cap;
        let names: Vec<String> = (0..5).map(|i| format!("s{i}")).collect();
        for n in &names {
            s.unit(n, "german", "0405").stars = vec![Star::Blue];
            s.placement(n).unwrap().cel = Some(1);
        }
        s.unit("d", "soviet", "0505");
        let g = start(&s);
        let att: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let mut o = order(&att, &["0505"]);
        o.stars = ids(&att);
        let odds = g.assess(&g.engagement_of(Side::A, &o).unwrap());
        assert_eq!(star_cms(&odds, crate::CmSide::Attacker), expected);
    }
}

#[test]
fn we_5_1_5a_armor_in_an_infantry_zoc_must_attack_it() {
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("us", "german", "0405", 6, 7);
    s.unit("inf", "soviet", "0505");
    let g = start(&s);
    let (obliged, must) = g.obligations(Side::A);
    assert_eq!(
        (obliged, must),
        (vec![unit(&g, "us")], vec![unit(&g, "inf")])
    );
}

#[test]
fn we_5_1_5b_cavalry_in_swamp_must_be_attacked_but_need_not_attack() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("cav", "german", "0505").kind = UnitKind::Cavalry;
    s.terrain("0505", "clear", &["swamp"]);
    s.armor("mech", "soviet", "0405", 5, 7);
    let g = start(&s);
    assert_eq!(
        g.obligations(Side::A),
        (vec![], vec![]),
        "no Soviet ZoC in the swamp"
    );
    assert_eq!(
        g.obligations(Side::B),
        (vec![unit(&g, "mech")], vec![unit(&g, "cav")])
    );
}

fn example_c() -> Game {
    let mut s = Sandbox::new(10, 10, 2);
    for (id, at) in [("one", "0505"), ("two", "0404"), ("three", "0406")] {
        s.unit(id, "german", at).sp = 6;
    }
    s.placement("two").unwrap().fortified = true;
    s.placement("three").unwrap().fortified = true;
    s.unit("A", "soviet", "0405").sp = 1;
    s.unit("B", "soviet", "0604").sp = 1;
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    g
}

#[test]
fn we_5_1_5c_entrenched_units_create_no_obligation_but_their_neighbour_does() {
    let mut g = example_c();
    let (obliged, mut must) = g.obligations(Side::A);
    must.sort();
    assert_eq!(obliged, vec![unit(&g, "one")]);
    assert_eq!(must, vec![unit(&g, "A"), unit(&g, "B")]);
    assert_eq!(g.apply(Action::EndPhase).unwrap_err().rule, "R5.1.7");
    // Solution 1: unit 1 attacks A and B together.
    attack_rolling(&mut g, &["one"], &["0405", "0604"], 7).unwrap();
    finish_combat(&mut g);
    assert!(g.unmet_obligation().is_none());
    // Solution 2: unit 1 attacks B, unit 2 attacks A.
    let mut g = example_c();
    attack_rolling(&mut g, &["one"], &["0604"], 7).unwrap();
    finish_combat(&mut g);
    assert!(g.unmet_obligation().is_some(), "A is still to be attacked");
    attack_rolling(&mut g, &["two"], &["0405"], 7).unwrap();
    finish_combat(&mut g);
    assert!(g.unmet_obligation().is_none());
    let _ = DefenseOrder::default();
}
