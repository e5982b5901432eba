//! R5.1 obligations and declaration, R5.2 procedure, R5.5 terrain, R5.6
//! disorganization, R9.1.6 and R9.2 HQs in combat.

use super::*;
use crate::event::{CombatStep, TestReason};
use crate::sandbox::Sandbox;
use crate::{CmSide, DefenseOrder, RetreatOrder};
use sztab_core::model::{ArtillerySetup, UnitKind};

/// German g (4 SP) on 0405, Soviet d (4 SP) on 0505.
fn duel() -> Sandbox {
    let mut s = Sandbox::new(12, 12, 4);
    s.unit("g", "german", "0405");
    s.unit("d", "soviet", "0505");
    s
}

fn combat_phase(s: &Sandbox) -> Game {
    let mut g = start(s);
    until(&mut g, PhaseKind::Combat, Side::A);
    g
}

#[test]
fn r5_1_1_a_unit_fights_once_per_combat_phase() {
    let mut s = duel();
    s.unit("g2", "german", "0404");
    s.unit("d3", "soviet", "0403");
    let mut g = combat_phase(&s);
    // 4 against 4 is 1:1; a roll of 9 gives -1/-: both stay.
    attack_rolling(&mut g, &["g"], &["0505"], 9).unwrap();
    assert!(g.state().combat.is_none());
    assert_eq!(
        g.check(&Action::Attack(order(&["g"], &["0505"])))
            .unwrap_err()
            .rule,
        "R5.1.1"
    );
    assert_eq!(
        g.check(&Action::Attack(order(&["g2"], &["0505"])))
            .unwrap_err()
            .rule,
        "R5.1.1"
    );
    let mut g2 = g.clone();
    g2.apply(Action::Attack(order(&["g2"], &["0403"]))).unwrap();
    finish_combat(&mut g2);
    assert_eq!(
        g.check(&Action::Attack(order(&["g"], &["0505"])))
            .unwrap_err()
            .rule,
        "R5.1.1"
    );
}

#[test]
fn r5_1_2_only_adjacent_enemies_are_attacked() {
    let mut s = duel();
    s.unit("far", "german", "0203");
    let g = combat_phase(&s);
    assert_eq!(
        g.check(&Action::Attack(order(&["far"], &["0505"])))
            .unwrap_err()
            .rule,
        "R5.1.2"
    );
    assert_eq!(
        g.check(&Action::Attack(order(&["g"], &["0406"])))
            .unwrap_err()
            .rule,
        "R5.1.2"
    );
}

#[test]
fn r5_1_3_a_unit_in_an_enemy_zoc_must_attack() {
    let g = combat_phase(&duel());
    assert_eq!(g.state().obliged, vec![unit(&g, "g")]);
    let mut g = g;
    assert_eq!(g.apply(Action::EndPhase).unwrap_err().rule, "R5.1.7");
}

#[test]
fn r5_1_4_enemy_units_whose_zoc_binds_an_obliged_unit_must_be_attacked() {
    let mut s = duel();
    s.unit("d2", "soviet", "0406");
    let g = combat_phase(&s);
    let mut must = g.state().must_attack.clone();
    must.sort();
    assert_eq!(must, vec![unit(&g, "d"), unit(&g, "d2")]);
}

#[test]
fn r5_1_5_attackers_in_several_hexes_attack_one_hex_only() {
    let mut s = duel();
    s.unit("g2", "german", "0504");
    s.unit("d2", "soviet", "0404");
    let g = combat_phase(&s);
    // 0405 and 0504 are both next to 0505 and 0404.
    assert_eq!(
        g.check(&Action::Attack(order(&["g", "g2"], &["0505", "0404"])))
            .unwrap_err()
            .rule,
        "R5.1.5"
    );
    assert!(
        g.check(&Action::Attack(order(&["g", "g2"], &["0505"])))
            .is_ok()
    );
    assert!(
        g.check(&Action::Attack(order(&["g"], &["0505", "0404"])))
            .is_ok()
    );
}

#[test]
fn r5_1_6_r5_1_7_the_attacker_picks_the_order_and_ends_when_obligations_are_met() {
    let mut s = duel();
    s.unit("d2", "soviet", "0406");
    let mut g = combat_phase(&s);
    attack_rolling(&mut g, &["g"], &["0406"], 7).unwrap();
    finish_combat(&mut g);
    // g fought; d must still be attacked but nobody unfought can reach it.
    assert!(g.unmet_obligation().is_none());
    assert!(g.apply(Action::EndPhase).is_ok());
}

#[test]
fn r5_1_8_the_owner_picks_who_takes_the_losses() {
    let mut s = duel();
    s.unit("d2", "soviet", "0505").sp = 3;
    let mut g = combat_phase(&s);
    // 4 against 7 is 1:2; a roll of 2 gives -1/D1D: the Soviet 1 CEL loss is theirs to place.
    attack_rolling(&mut g, &["g"], &["0505"], 5).unwrap(); // 1:2 row 5: -1/-1
    let Decision::Losses {
        cel: 1, ref units, ..
    } = decision(&g)
    else {
        panic!("{:?}", g.pending());
    };
    assert_eq!(units.len(), 2);
    assert_eq!(
        g.apply(Action::TakeLosses {
            losses: vec![("d".into(), 2)]
        })
        .unwrap_err()
        .rule,
        "R5.1.8"
    );
    g.apply(Action::TakeLosses {
        losses: vec![("d2".into(), 1)],
    })
    .unwrap();
    assert_eq!((cel(&g, "d"), cel(&g, "d2")), (2, 1));
}

#[test]
fn r5_1_9_r6_6_4_a_limbered_gun_alone_is_attacked_like_a_lone_hq() {
    let mut s = duel();
    s.gun("gun", "soviet", "0404", 4, 2);
    s.placement("gun").unwrap().artillery = Some(ArtillerySetup::Transport);
    let g = combat_phase(&s);
    let o = odds(&g, &["g"], &["0404"]);
    assert_eq!(o.column, crate::Column::HIGHEST);
    assert_eq!(o.forced.as_ref().map(|f| f.0.as_str()), Some("R5.1.9"));
}

#[test]
fn r5_1_10_towed_units_never_attack() {
    let mut s = duel();
    let at = s.unit("at", "german", "0405");
    at.kind = UnitKind::AntiTank;
    at.flags.towed = true;
    at.cel = 1;
    at.reduced = None;
    let g = combat_phase(&s);
    assert_eq!(
        g.check(&Action::Attack(order(&["at"], &["0505"])))
            .unwrap_err()
            .rule,
        "R5.1.10"
    );
    let mut s = duel();
    s.hq("hq", "german", "0405");
    let g = combat_phase(&s);
    assert_eq!(
        g.check(&Action::Attack(order(&["hq"], &["0505"])))
            .unwrap_err()
            .rule,
        "R5.1.10"
    );
}

#[test]
fn r5_2_1_a_combat_runs_in_the_order_of_the_procedure() {
    let mut s = duel();
    s.unit("g2", "german", "0405");
    let mut g = combat_phase(&s);
    // 8 against 4 is 2:1; a roll of 10 gives -1/D1-1.
    let mut all = attack_rolling(&mut g, &["g", "g2"], &["0505"], 10).unwrap();
    let mut bot = crate::ai::RandomBot::new(3);
    while g.state().combat.is_some() {
        let Pending::Decide { side, decision } = g.pending() else {
            break;
        };
        let a = crate::ai::Player::decide(&mut bot, &g, &side, &decision);
        all.extend(g.apply(a).unwrap());
    }
    let pos = |f: &dyn Fn(&Event) -> bool| all.iter().position(f).unwrap();
    let declared = pos(&|e| matches!(e, Event::CombatDeclared { .. }));
    let rolled = pos(&|e| matches!(e, Event::CombatResolved { .. }));
    let att_losses = pos(&|e| {
        matches!(
            e,
            Event::CombatStepDone {
                step: CombatStep::AttackerLosses
            }
        )
    });
    let def_losses = pos(&|e| {
        matches!(
            e,
            Event::CombatStepDone {
                step: CombatStep::DefenderLosses
            }
        )
    });
    let retreat = pos(&|e| {
        matches!(
            e,
            Event::CombatStepDone {
                step: CombatStep::Retreat
            }
        )
    });
    let follow = pos(&|e| {
        matches!(
            e,
            Event::CombatStepDone {
                step: CombatStep::PursuitOrAdvance
            }
        )
    });
    let disorg = pos(&|e| {
        matches!(
            e,
            Event::CombatStepDone {
                step: CombatStep::Disorganization
            }
        )
    });
    let ended = pos(&|e| matches!(e, Event::CombatEnded { .. }));
    let order = [
        declared, rolled, att_losses, def_losses, retreat, follow, disorg, ended,
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
}

#[test]
fn r5_5_1_the_defender_gets_the_terrain_cm_of_its_hex() {
    let mut s = duel();
    s.terrain("0505", "hills", &[]);
    let g = combat_phase(&s);
    let o = odds(&g, &["g"], &["0505"]);
    assert!(
        o.cms
            .iter()
            .any(|c| c.rule == "R5.5.1" && c.value == 1 && c.side == CmSide::Defender)
    );
}

#[test]
fn r5_5_3_with_several_defending_hexes_the_strongest_hex_gives_its_terrain() {
    let mut s = duel();
    s.terrain("0505", "hills", &[])
        .terrain("0506", "clear", &["forest", "city"]);
    s.unit("d2", "soviet", "0506").sp = 7;
    let g = combat_phase(&s);
    let o = odds(&g, &["g"], &["0505", "0506"]);
    assert_eq!(o.key_hex, HexId::parse("0506").unwrap());
    assert_eq!(o.cm_total(CmSide::Defender), 2);
}

#[test]
fn r5_5_4_a_hexside_counts_only_if_more_than_half_the_sp_cross_it() {
    let mut s = duel();
    s.unit("g2", "german", "0504");
    s.hexside("0405", "0505", "river", None);
    let g = combat_phase(&s);
    // 4 of 8 SP across: exactly half, no CM.
    assert!(
        !odds(&g, &["g", "g2"], &["0505"])
            .cms
            .iter()
            .any(|c| c.rule == "R5.5.4")
    );
    let mut s2 = s.clone();
    s2.unit("g3", "german", "0405").sp = 1;
    let g = combat_phase(&s2);
    assert!(
        odds(&g, &["g", "g2", "g3"], &["0505"])
            .cms
            .iter()
            .any(|c| c.rule == "R5.5.4")
    );
}

#[test]
fn r5_6_1a_a_d_result_disorganizes_automatically() {
    let mut g = combat_phase(&duel());
    // 4 against 4 is 1:1; a roll of 2 gives -1/D2D.
    attack_rolling(&mut g, &["g"], &["0505"], 2).unwrap();
    finish_combat(&mut g);
    if at(&g, "d").is_some() {
        assert!(g.unit_state(unit(&g, "d")).is_disorganized());
    }
}

fn marked_attack(test_roll: u8) -> Game {
    let mut s = Sandbox::new(10, 10, 3);
    s.unit("g", "german", "0405").sp = 1;
    s.unit("d", "soviet", "0505").sp = 2;
    let mut g = combat_phase(&s);
    // 1 against 2 is 1:2; a roll of 3 gives •/D1: d holds and loses 1 CEL.
    attack_rolling(&mut g, &["g"], &["0505"], 3).unwrap();
    g.script_dice(&faces(test_roll));
    g.apply(Action::Retreat(RetreatOrder {
        moves: vec![],
        losses: vec![("d".into(), 1)],
    }))
    .unwrap();
    g
}

#[test]
fn r5_6_1b_r5_6_2_the_attacker_tests_and_a_roll_at_its_limit_disorganizes() {
    // German morale 11: 11 disorganizes, 10 does not.
    let g = marked_attack(11);
    assert!(g.unit_state(unit(&g, "g")).is_disorganized());
    let g = marked_attack(10);
    assert!(!g.unit_state(unit(&g, "g")).is_disorganized());
}

#[test]
fn r5_6_1c_a_retreat_of_two_hexes_takes_one_test() {
    let mut s = duel();
    s.armor("g2", "german", "0405", 8, 7);
    let mut g = combat_phase(&s);
    // 12 against 4 is 3:1; a roll of 6 gives -/D2.
    attack_rolling(&mut g, &["g", "g2"], &["0505"], 6).unwrap();
    let p = g
        .retreat_paths(unit(&g, "d"))
        .into_iter()
        .find(|p| p.len() == 2)
        .unwrap();
    g.apply(Action::Retreat(RetreatOrder {
        moves: vec![("d".into(), p)],
        losses: vec![],
    }))
    .unwrap();
    g.script_dice(&[6, 6]);
    let ev = g.apply(Action::Pursue { moves: vec![] }).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DisorganizationTest {
            reason: TestReason::Retreat(1),
            roll: 12,
            ..
        }
    )));
    assert!(
        g.unit_state(unit(&g, "d")).is_disorganized(),
        "12 >= Soviet 9"
    );
}

#[test]
fn r5_6_3_artillery_fighting_next_to_the_enemy_can_be_disorganized() {
    let mut s = duel();
    s.gun("gun", "soviet", "0505", 3, 2);
    let mut g = combat_phase(&s);
    // 4 against 6 is 1:2; a roll of 2 gives -1/D1D.
    attack_rolling(&mut g, &["g"], &["0505"], 2).unwrap();
    finish_combat(&mut g);
    if at(&g, "gun").is_some() {
        assert!(g.unit_state(unit(&g, "gun")).is_disorganized());
    }
}

/// Both sides dug in (no obligations); German g of 1 SP: 1 against 4 + FF is 1:4, where
/// a roll of 2 gives -1/-1D.
fn dug_in_duel() -> Sandbox {
    let mut s = duel();
    s.bundle.counters.units[0].sp = 1;
    s.placement("g").unwrap().fortified = true;
    s.placement("d").unwrap().fortified = true;
    s
}

#[test]
fn r5_6_4_a_disorganized_unit_fights_at_half_strength() {
    let mut g = combat_phase(&dug_in_duel());
    attack_rolling(&mut g, &["g"], &["0505"], 2).unwrap();
    finish_combat(&mut g);
    let d = unit(&g, "d");
    assert!(g.unit_state(d).is_disorganized());
    let o = odds(&g, &["d"], &["0405"]);
    let line = &o.attack.lines[0];
    assert_eq!(line.value, line.printed.div_ceil(2));
    assert!(line.note.as_deref().is_some_and(|n| n.contains("R5.6.4")));
}

#[test]
fn r5_6_5_a_unit_idle_for_twelve_phases_reorganizes() {
    let mut g = combat_phase(&dug_in_duel());
    g.script_dice(&faces(2));
    g.apply(Action::Attack(order(&["g"], &["0505"]))).unwrap();
    finish_combat(&mut g);
    let d = unit(&g, "d");
    assert!(g.unit_state(d).is_disorganized());
    end(&mut g);
    until(&mut g, PhaseKind::Combat, Side::A);
    assert_eq!(g.turn(), 2);
    assert!(g.unit_state(d).is_disorganized(), "11 phases idle");
    let ev = end(&mut g);
    assert!(
        ev.iter().any(|e| matches!(e, Event::Reorganized { .. })),
        "12 phases: end of phase 4 of turn 2"
    );
    assert!(!g.unit_state(d).is_disorganized());
}

#[test]
fn r5_6_6_being_disorganized_again_restarts_the_clock() {
    let mut s = dug_in_duel();
    s.unit("d2", "soviet", "0505");
    let gb = s.unit("gb", "german", "0404");
    gb.sp = 1;
    s.placement("gb").unwrap().fortified = true;
    let mut g = combat_phase(&s);
    attack_rolling(&mut g, &["g"], &["0505"], 2).unwrap();
    g.apply(Action::TakeLosses {
        losses: vec![("d".into(), 1)],
    })
    .unwrap();
    finish_combat(&mut g);
    let d2 = unit(&g, "d2");
    assert!(g.unit_state(d2).is_disorganized());
    end(&mut g);
    until(&mut g, PhaseKind::Combat, Side::A);
    // Disorganized again in phase 4 of turn 2: no recovery at its end.
    attack_rolling(&mut g, &["gb"], &["0505"], 2).unwrap();
    g.apply(Action::TakeLosses {
        losses: vec![("d".into(), 1)],
    })
    .unwrap();
    finish_combat(&mut g);
    let ev = end(&mut g);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Reorganized { unit } if unit.as_str() == "d2"))
    );
    assert!(g.unit_state(d2).is_disorganized());
}

#[test]
fn r9_1_6_r9_1_7_an_eliminated_hq_gives_the_enemy_five_cms_for_two_combat_phases_within_eight_hexes()
 {
    let mut s = duel();
    s.armor("raider", "german", "0403", 6, 7);
    s.hq("hq", "soviet", "0503");
    s.unit("far", "soviet", "1212");
    s.unit("g_far", "german", "1112");
    let mut g = start(&s);
    let ev = mv(&mut g, &["raider"], &["0503"]).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::HqPoolGained { cms: 5, .. }))
    );
    until(&mut g, PhaseKind::Combat, Side::A);
    assert_eq!(g.pool_available(Side::A, &[hx(&g, "0505")]), 5);
    assert_eq!(
        g.pool_available(Side::A, &[hx(&g, "1212")]),
        0,
        "more than 8 hexes away"
    );
    let mut o = order(&["g"], &["0505"]);
    o.hq_pool_cms = 6;
    assert_eq!(
        g.check(&Action::Attack(o.clone())).unwrap_err().rule,
        "R9.1.6"
    );
    o.hq_pool_cms = 3;
    let eng = g.engagement_of(Side::A, &o).unwrap();
    assert!(
        g.assess(&eng)
            .cms
            .iter()
            .any(|c| c.rule == "R9.1.6" && c.value == 3)
    );
    g.script_dice(&faces(7));
    g.apply(Action::Attack(o)).unwrap();
    finish_combat(&mut g);
    assert_eq!(g.pool_available(Side::A, &[hx(&g, "0405")]), 2);
    let _ = DefenseOrder::default();
}
