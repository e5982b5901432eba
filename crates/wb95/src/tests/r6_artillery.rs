//! R6 artillery: setups, support fire in attack and defense, ranged attacks, fire at
//! objects, barrage and its limits, artillery in direct combat; R13.1.5 and R9.2.1 with
//! supporting artillery.

use super::*;
use crate::event::{LossCause, StrikeKind};
use crate::sandbox::Sandbox;
use crate::tables::FireTable;
use crate::{DefenseOrder, FireOrder};
use sztab_core::model::{ArtillerySetup, FormationKind};

/// German infantry g (4 SP) on 0405 against Soviet d (`d_sp` SP) on 0505, a German
/// gun (5/3) on `gun_at` in combat setup.
fn supported(d_sp: u8, gun_at: &str) -> Sandbox {
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405");
    s.unit("d", "soviet", "0505").sp = d_sp;
    s.gun("art", "german", gun_at, 5, 3);
    s
}

fn with_support(att: &[&str], def: &[&str], support: &[&str]) -> AttackOrder {
    let mut o = order(att, def);
    o.support = ids(support);
    o
}

fn combat(s: &Sandbox) -> Game {
    let mut g = start(s);
    until(&mut g, PhaseKind::Combat, Side::A);
    g
}

fn odds_of(g: &Game, o: &AttackOrder) -> Odds {
    let side = g.info(unit(g, o.attackers[0].as_str())).side;
    g.assess(&g.engagement_of(side, o).unwrap_or_else(|e| panic!("{e}")))
}

fn strike(events: &[Event]) -> Option<(FireTable, i32, u8)> {
    events.iter().find_map(|e| match e {
        Event::StrikeResolved {
            table, sp, roll, ..
        } => Some((*table, *sp, *roll)),
        _ => None,
    })
}

#[test]
fn r6_3_1_artillery_in_combat_setup_adds_its_attack_sp() {
    let g = combat(&supported(9, "0205"));
    let o = odds_of(&g, &with_support(&["g"], &["0505"], &["art"]));
    assert_eq!(o.attack.total, 9);
    assert_eq!(o.initial, crate::Column::ONE_TO_ONE);
    assert_eq!(o.attack.support.len(), 1);
}

#[test]
fn r6_1_3_r6_3_1_only_artillery_in_combat_setup_supports() {
    let mut s = supported(9, "0205");
    s.placement("art").unwrap().artillery = Some(ArtillerySetup::Transport);
    let g = combat(&s);
    let a = Action::Attack(with_support(&["g"], &["0505"], &["art"]));
    assert_eq!(g.check(&a).unwrap_err().rule, "R6.1.3");
}

#[test]
fn r6_1_2_r6_3_2_support_within_three_hexes_of_an_attacking_hex() {
    // 0105 is 3 hexes from the attacking hex 0405, 0004 does not exist: 0105 is in range.
    let g = combat(&supported(9, "0105"));
    assert!(
        g.check(&Action::Attack(with_support(&["g"], &["0505"], &["art"])))
            .is_ok()
    );
    let mut s = supported(9, "0105");
    s.placement("g").unwrap().hex = "0505".parse().unwrap();
    s.placement("d").unwrap().hex = "0605".parse().unwrap();
    let g = combat(&s);
    assert_eq!(
        g.check(&Action::Attack(with_support(&["g"], &["0605"], &["art"])))
            .unwrap_err()
            .rule,
        "R6.3.2"
    );
    // A-37 option: measured to the defending hex instead.
    let mut s = supported(9, "0205");
    s.bundle.scenario.rules.artillery_range = sztab_core::model::ArtilleryRange::DefenderHex;
    s.placement("art").unwrap().hex = "0105".parse().unwrap();
    let g = combat(&s);
    assert_eq!(
        g.check(&Action::Attack(with_support(&["g"], &["0505"], &["art"])))
            .unwrap_err()
            .rule,
        "R6.3.2"
    );
}

#[test]
fn r6_1_4_artillery_fires_once_per_combat_phase() {
    let mut s = supported(9, "0305");
    s.unit("g2", "german", "0404");
    s.unit("d2", "soviet", "0504");
    let mut g = combat(&s);
    attack_rolling_order(&mut g, with_support(&["g"], &["0505"], &["art"]), 9);
    finish_combat(&mut g);
    assert_eq!(
        g.check(&Action::Attack(with_support(&["g2"], &["0504"], &["art"])))
            .unwrap_err()
            .rule,
        "R6.1.4"
    );
}

fn attack_rolling_order(g: &mut Game, o: AttackOrder, roll: u8) -> Vec<Event> {
    g.script_dice(&faces(roll));
    g.apply(Action::Attack(o)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn r6_3_4_support_from_afar_is_immune_to_the_result() {
    // 9 vs 9 is 1:1; a roll of 7 gives -1/-1.
    let mut g = combat(&supported(9, "0205"));
    let ev = attack_rolling_order(&mut g, with_support(&["g"], &["0505"], &["art"]), 7);
    assert_eq!(resolved(&ev).unwrap().2.to_string(), "-1/-1");
    finish_combat(&mut g);
    assert_eq!(cel(&g, "g"), 1, "the infantry takes the loss alone");
    assert_eq!(cel(&g, "art"), 1);
}

#[test]
fn r6_3_5_r6_6_2_support_from_next_to_the_enemy_shares_the_result() {
    // The gun stands alone on 0504, next to the defender: it may support (R6.6.2) and
    // is one of the units that may take the loss (R6.3.5).
    let mut g = combat(&supported(9, "0504"));
    attack_rolling_order(&mut g, with_support(&["g"], &["0505"], &["art"]), 7);
    match decision(&g) {
        Decision::Losses { units, .. } => {
            assert!(units.iter().any(|(u, _)| u.as_str() == "art"), "{units:?}");
        }
        d => panic!("{d:?}"),
    }
    g.apply(Action::TakeLosses {
        losses: vec![("art".into(), 1)],
    })
    .unwrap();
    assert!(at(&g, "art").is_none(), "the gun took the loss and is gone");
}

#[test]
fn r6_3_3_r6_6_1_the_defender_supports_with_defense_sp_from_within_range() {
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405").sp = 8;
    s.unit("d", "soviet", "0505");
    s.gun("sart", "soviet", "0705", 5, 3);
    let mut g = combat(&s);
    g.apply(Action::Attack(order(&["g"], &["0505"]))).unwrap();
    match decision(&g) {
        Decision::Defend { artillery, .. } => assert_eq!(artillery, ids(&["sart"])),
        d => panic!("{d:?}"),
    }
    let mut eng = g.engagement().unwrap();
    eng.defender_support = vec![unit(&g, "sart")];
    assert_eq!(
        g.assess(&eng).defense.total,
        4 + 3,
        "defense SP of the supporting gun"
    );
    let ev = g
        .apply(Action::Defend(DefenseOrder {
            support: ids(&["sart"]),
            ..DefenseOrder::default()
        }))
        .unwrap();
    assert!(ev.iter().any(
        |e| matches!(e, Event::DefenseDeclared { support, .. } if support == &ids(&["sart"]))
    ));
    // R6.6.1: guns in the attacked hex support only with a regular unit beside them.
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405").sp = 8;
    s.gun("a1", "soviet", "0505", 5, 3);
    let g = combat(&s);
    assert_eq!(odds(&g, &["g"], &["0505"]).defense.total, 1);
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405").sp = 8;
    s.gun("a1", "soviet", "0505", 5, 3);
    s.unit("inf", "soviet", "0505");
    let g = combat(&s);
    assert_eq!(odds(&g, &["g"], &["0505"]).defense.total, 4 + 3);
}

#[test]
fn r6_2_2_a_limbered_gun_beside_a_regular_unit_does_not_fire_in_defense() {
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405").sp = 8;
    s.gun("a1", "soviet", "0505", 5, 3);
    s.unit("inf", "soviet", "0505");
    s.placement("a1").unwrap().artillery = Some(ArtillerySetup::Transport);
    let g = combat(&s);
    assert_eq!(odds(&g, &["g"], &["0505"]).defense.total, 4);
}

#[test]
fn r6_6_5_r6_1_1_self_propelled_artillery_attacks_with_its_sp_and_has_a_zoc() {
    let mut s = Sandbox::new(12, 12, 3);
    s.self_propelled("sp", "german", "0405", 6, 4);
    s.unit("d", "soviet", "0505");
    s.unit("d2", "soviet", "0705");
    let g = combat(&s);
    let o = odds(&g, &["sp"], &["0505"]);
    assert_eq!(o.attack.total, 6);
    assert!(
        g.zoc_of(Side::A).covers(hx(&g, "0505")),
        "A-38: it has a ZoC"
    );
    // It may instead fire at range 3 (R6.1.1).
    let fire = Action::RangedAttack(FireOrder {
        artillery: ids(&["sp"]),
        target: "0705".parse().unwrap(),
        air: vec![],
        full_strength: vec![],
    });
    assert!(g.check(&fire).is_ok(), "{:?}", g.check(&fire));
}

#[test]
fn r6_2_1_r6_2_3_towed_artillery_moves_as_trucked_in_transport_setup() {
    let mut s = Sandbox::new(12, 12, 3);
    s.gun("a", "german", "0405", 5, 3);
    s.placement("a").unwrap().artillery = Some(ArtillerySetup::Transport);
    s.terrain("0505", "clear", &["swamp"]);
    s.unit("far", "soviet", "1212");
    let mut g = start(&s);
    assert_eq!(
        mv(&mut g, &["a"], &["0505"]).unwrap_err().rule,
        "R3.1.11",
        "swamp is closed to trucks"
    );
    assert!(mv(&mut g, &["a"], &["0404"]).is_ok());
}

fn ranged(s: &Sandbox) -> Game {
    combat(s)
}

/// Two German guns (5 attack each) on 0205 and 0206, Soviet d on 0505, and `extra`.
fn battery() -> Sandbox {
    let mut s = Sandbox::new(12, 12, 3);
    s.gun("a1", "german", "0205", 5, 3);
    s.gun("a2", "german", "0206", 5, 3);
    s.unit("d", "soviet", "0505");
    // Entrenched: no attack obligation on the Soviet side (R7.1.11).
    s.placement("d").unwrap().fortified = true;
    s
}

fn fire(art: &[&str], target: &str) -> Action {
    Action::RangedAttack(FireOrder {
        artillery: ids(art),
        target: target.parse().unwrap(),
        air: vec![],
        full_strength: vec![],
    })
}

#[test]
fn r6_4_1_r6_4_2_a_ranged_attack_subtracts_twice_the_terrain_cms() {
    let mut s = battery();
    s.terrain("0505", "clear", &["forest"]);
    let mut g = ranged(&s);
    // 10 SP - 2 x 1 = 8: row 6-8; a roll of 2 gives -1•.
    g.script_dice(&[1, 1, 6, 6]);
    let ev = g.apply(fire(&["a1", "a2"], "0505")).unwrap();
    assert_eq!(strike(&ev), Some((FireTable::Artillery, 8, 2)));
    assert_eq!(cel(&g, "d"), 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CelLost {
            cause: LossCause::Fire,
            ..
        }
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DisorganizationTest { roll: 12, .. }))
    );
    assert!(g.unit_state(unit(&g, "d")).is_disorganized());
}

#[test]
fn r6_4_3_no_ranged_attack_on_an_adjacent_hex() {
    let mut s = battery();
    s.gun("a3", "german", "0405", 5, 3);
    let g = ranged(&s);
    assert_eq!(g.check(&fire(&["a3"], "0505")).unwrap_err().rule, "R6.4.3");
    assert_eq!(
        g.check(&fire(&["a1"], "0805")).unwrap_err().rule,
        "R6.4.2",
        "no enemy there"
    );
}

#[test]
fn r6_4_5_an_obliged_hex_is_not_fired_at_and_a_hex_fired_at_is_not_attacked() {
    let mut s = battery();
    s.unit("g", "german", "0404");
    let g = ranged(&s);
    assert!(g.board().adjacent(hx(&g, "0404"), hx(&g, "0505")));
    // g stands in d's ZoC, so d must be attacked (R5.1.3-5.1.4): no ranged attack.
    assert_eq!(g.check(&fire(&["a1"], "0505")).unwrap_err().rule, "R6.4.5");
    // Fortified, g is not obliged (R7.1.11): d may be fired at, and then not attacked.
    s.placement("g").unwrap().fortified = true;
    // Another Soviet unit next to g keeps the Combat phase open.
    s.unit("d3", "soviet", "0403");
    s.placement("d3").unwrap().fortified = true;
    let mut g = ranged(&s);
    g.script_dice(&[3, 4]);
    g.apply(fire(&["a1", "a2"], "0505")).unwrap();
    assert_eq!(g.state().clock.phase, crate::Phase::CombatA);
    assert!(!g.attackable(Side::A, hx(&g, "0505")));
    assert_eq!(
        g.check(&Action::Attack(order(&["g"], &["0505"])))
            .unwrap_err()
            .rule,
        "R5.1.1"
    );
}

#[test]
fn r6_4_4_r8_2_3_air_support_joins_a_ranged_attack() {
    let mut s = battery();
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
    g.script_dice(&[3, 4]);
    let ev = g
        .apply(Action::RangedAttack(FireOrder {
            artillery: ids(&["a1", "a2"]),
            target: "0505".parse().unwrap(),
            air: vec!["ju".into()],
            full_strength: vec![],
        }))
        .unwrap();
    assert_eq!(strike(&ev).map(|x| x.1), Some(14), "10 + 4 air SP");
}

#[test]
fn r6_4_7_r14_1_1_r14_1_2_artillery_destroys_a_bridge_on_the_objects_table_even_next_to_it() {
    let mut s = Sandbox::new(12, 12, 3);
    s.hexside("0505", "0605", "river", None)
        .road("0505", "0605", "main");
    s.gun("a1", "german", "0405", 5, 3);
    s.unit("far", "soviet", "1010");
    let mut g = combat(&s);
    // 5 SP, no terrain subtracted: row 3-5; a roll of 2 destroys (Z).
    g.script_dice(&[1, 1]);
    let ev = g
        .apply(Action::FireAtBridge {
            artillery: ids(&["a1"]),
            bridge: "0505-0605".parse().unwrap(),
        })
        .unwrap();
    assert_eq!(strike(&ev), Some((FireTable::Objects, 5, 2)));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::BridgeChanged {
            standing: false,
            ..
        }
    )));
    let b = g.board().bridge_at("0505-0605".parse().unwrap()).unwrap();
    assert!(!g.state().bridge_up[b]);
    // R14.1.2: the road no longer crosses there.
    let d = g.board().dir_to(hx(&g, "0505"), hx(&g, "0605")).unwrap();
    let step = g.board().step_over(
        hx(&g, "0505"),
        d,
        crate::Mover::Trucked,
        &g.state().bridge_up,
    );
    assert_eq!(
        step.map(|s| s.1),
        Some(None),
        "off the road: over the river"
    );
}

fn barrage_game(ammo: u32, turns: &[u32]) -> Game {
    let mut s = battery();
    s.gun("a3", "german", "0204", 5, 3);
    s.unit("g", "german", "0404");
    s.placement("g").unwrap().fortified = true;
    s.barrage("german", ammo, turns);
    s.terrain("0505", "clear", &["forest"]);
    start(&s)
}

#[test]
fn we_6_5_3_r6_5_3_barrage_doubles_the_artillery_sp() {
    let mut g = barrage_game(4, &[1]);
    assert!(matches!(decision(&g), Decision::Barrage { ammo: 4, .. }));
    g.script_dice(&[3, 4]);
    let ev = g
        .apply(Action::Barrage(FireOrder {
            artillery: ids(&["a1", "a2"]),
            target: "0505".parse().unwrap(),
            air: vec![],
            full_strength: vec![],
        }))
        .unwrap();
    // Two guns of 5 on a forest hex: 2 x (5 + 5) - 2 x 1 = 18.
    assert_eq!(strike(&ev), Some((FireTable::Artillery, 18, 7)));
    assert_eq!(g.state().ammo[0], 2, "one AU per gun (R6.5.7)");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::StrikeDeclared {
            kind: StrikeKind::Barrage,
            ..
        }
    )));
    let mut s = battery();
    s.barrage("german", 2, &[1]);
    s.terrain("0505", "clear", &["forest"]);
    s.bundle
        .counters
        .units
        .iter_mut()
        .filter(|u| u.id.as_str() == "a1")
        .for_each(|u| u.sp = 6);
    let mut g = start(&s);
    g.script_dice(&[3, 4]);
    let ev = g
        .apply(Action::Barrage(FireOrder {
            artillery: ids(&["a1", "a2"]),
            target: "0505".parse().unwrap(),
            air: vec![],
            full_strength: vec![],
        }))
        .unwrap();
    assert_eq!(strike(&ev).map(|x| x.1), Some(20), "WE-6.5.3: 2 x 11 - 2");
}

#[test]
fn r6_5_4_a_barrage_hex_takes_at_least_two_guns_once() {
    let mut g = barrage_game(4, &[1]);
    let one = Action::Barrage(FireOrder {
        artillery: ids(&["a1"]),
        target: "0505".parse().unwrap(),
        air: vec![],
        full_strength: vec![],
    });
    assert_eq!(g.check(&one).unwrap_err().rule, "R6.5.4");
    g.apply(Action::Barrage(FireOrder {
        artillery: ids(&["a1", "a2"]),
        target: "0505".parse().unwrap(),
        air: vec![],
        full_strength: vec![],
    }))
    .unwrap();
    let again = Action::Barrage(FireOrder {
        artillery: ids(&["a3", "a1"]),
        target: "0505".parse().unwrap(),
        air: vec![],
        full_strength: vec![],
    });
    assert!(g.check(&again).is_err());
}

#[test]
fn r6_5_1_r6_5_2_r6_5_8_barrage_only_when_the_scenario_grants_it_and_by_choice() {
    let s = battery();
    let mut g = start(&s);
    assert_eq!(
        g.state().clock.phase,
        crate::Phase::MovementA,
        "no barrage phase stop"
    );
    let mut g2 = barrage_game(4, &[2]);
    assert_eq!(g2.state().clock.phase, crate::Phase::MovementA, "not today");
    let _ = (&mut g, &mut g2);
    // Granted: the player may end the phase without firing (R6.5.8).
    let mut g3 = barrage_game(4, &[1]);
    assert_eq!(g3.state().clock.phase, crate::Phase::BarrageA);
    end(&mut g3);
    assert_eq!(g3.state().ammo[0], 4);
}

#[test]
fn r6_5_5_r6_5_6_barrage_guns_neither_move_nor_support_for_two_combat_phases() {
    let mut g = barrage_game(4, &[1]);
    g.apply(Action::Barrage(FireOrder {
        artillery: ids(&["a1", "a2"]),
        target: "0505".parse().unwrap(),
        air: vec![],
        full_strength: vec![],
    }))
    .unwrap();
    // One gun and two AUs left: no second barrage is possible, the phase ended.
    assert_eq!(g.state().clock.phase, crate::Phase::MovementA);
    assert_eq!(
        g.check(&Action::ChangeSetup { unit: "a1".into() })
            .unwrap_err()
            .rule,
        "R6.2.4",
        "no MP this Movement phase (R6.5.5)"
    );
    until(&mut g, PhaseKind::Combat, Side::A);
    let o = with_support(&["g"], &["0505"], &["a1"]);
    assert_eq!(g.check(&Action::Attack(o)).unwrap_err().rule, "R6.5.6");
    assert_eq!(g.state().ammo[0], 2);
    assert_eq!(
        g.check(&fire(&["a2"], "0505")).unwrap_err().rule,
        "R6.5.6",
        "A-84: no ranged fire either"
    );
    assert!(g.barrage_locked(unit(&g, "a1")));
    next_phase(&mut g, PhaseKind::Combat, Side::B);
    assert!(
        g.barrage_locked(unit(&g, "a1")),
        "the enemy's Combat phase too"
    );
    next_phase(&mut g, PhaseKind::Combat, Side::A);
    assert!(!g.barrage_locked(unit(&g, "a1")), "free again on turn 2");
}

#[test]
fn we_6_5_7_r6_5_7_ammunition_lasts_across_the_barrage_days() {
    let mut g = barrage_game(5, &[1, 2]);
    g.apply(Action::Barrage(FireOrder {
        artillery: ids(&["a1", "a2", "a3"]),
        target: "0505".parse().unwrap(),
        air: vec![],
        full_strength: vec![],
    }))
    .unwrap();
    assert_eq!(g.state().ammo[0], 2);
    next_phase(&mut g, PhaseKind::Barrage, Side::A);
    assert_eq!(g.turn(), 2);
    assert!(
        g.check(&Action::Barrage(FireOrder {
            artillery: ids(&["a1", "a2", "a3"]),
            target: "0505".parse().unwrap(),
            air: vec![],
            full_strength: vec![],
        }))
        .is_err_and(|e| e.rule == "R6.5.7"),
        "3 guns need 3 AUs; 2 are left"
    );
    g.apply(Action::Barrage(FireOrder {
        artillery: ids(&["a1", "a2"]),
        target: "0505".parse().unwrap(),
        air: vec![],
        full_strength: vec![],
    }))
    .unwrap();
    assert_eq!(g.state().ammo[0], 0);
}

#[test]
fn we_6_4_6_r6_4_6_a_gun_disorganized_by_ranged_fire_still_supports_at_half() {
    let mut s = battery();
    s.gun("sg", "soviet", "0405", 5, 3);
    s.unit("d2", "soviet", "0606");
    s.unit("g", "german", "0706").sp = 8;
    let mut g = ranged(&s);
    // 10 SP: row 9-12; a roll of 4 gives D.
    g.script_dice(&[1, 3]);
    g.apply(fire(&["a1", "a2"], "0405")).unwrap();
    assert!(g.unit_state(unit(&g, "sg")).is_disorganized());
    g.apply(Action::Attack(order(&["g"], &["0606"]))).unwrap();
    match decision(&g) {
        Decision::Defend { artillery, .. } => assert_eq!(artillery, ids(&["sg"])),
        d => panic!("{d:?}"),
    }
    let mut eng = g.engagement().unwrap();
    eng.defender_support = vec![unit(&g, "sg")];
    assert_eq!(g.assess(&eng).defense.total, 4 + 2, "ceil(3 / 2)");
}

#[test]
fn r6_6_3_r6_6_4_lone_guns_defend_with_one_sp_or_as_a_lone_hq() {
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405").sp = 8;
    s.gun("a1", "soviet", "0505", 5, 3);
    s.gun("a2", "soviet", "0505", 5, 3);
    let g = combat(&s);
    assert_eq!(odds(&g, &["g"], &["0505"]).defense.total, 1);
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405").sp = 2;
    s.gun("a1", "soviet", "0505", 5, 3);
    s.placement("a1").unwrap().artillery = Some(ArtillerySetup::Transport);
    let g = combat(&s);
    assert_eq!(odds(&g, &["g"], &["0505"]).column, crate::Column::HIGHEST);
}

#[test]
fn r13_1_5_organic_artillery_supporting_from_range_counts_for_concentration() {
    let mut s = supported(4, "0205");
    s.formation("D", "german", FormationKind::Division);
    for id in ["g", "art"] {
        if let Some(u) = s
            .bundle
            .counters
            .units
            .iter_mut()
            .find(|u| u.id.as_str() == id)
        {
            u.formation = Some("D".into());
        }
    }
    s.unit("g2", "german", "0404").formation = Some("D".into());
    let g = combat(&s);
    let o = odds_of(&g, &with_support(&["g", "g2"], &["0505"], &["art"]));
    assert!(
        o.cms.iter().any(|c| c.rule == "R13.1.4" && c.value == 1),
        "{:?}",
        o.cms
    );
    let o = odds_of(&g, &order(&["g", "g2"], &["0505"]));
    assert!(!o.cms.iter().any(|c| c.rule == "R13.1.4"));
}

#[test]
fn r9_2_1_supporting_artillery_must_be_in_hq_range_too() {
    let mut s = supported(4, "0105");
    s.hq("hq", "german", "0605");
    s.unit("far", "soviet", "1212");
    let g = combat(&s);
    assert_eq!(odds(&g, &["g"], &["0505"]).hq.net, -1);
    let o = odds_of(&g, &with_support(&["g"], &["0505"], &["art"]));
    assert_eq!(o.hq.net, 0, "0105 is 5 hexes from the HQ on 0605");
}

#[test]
fn r10_2_2_r10_2_3_out_of_supply_guns_fire_at_half_or_at_full_strength_for_a_level() {
    let mut g = ranged(&battery());
    set_oos(&mut g, "a1", 1);
    g.script_dice(&[3, 4]);
    let ev = g.apply(fire(&["a1", "a2"], "0505")).unwrap();
    assert_eq!(strike(&ev).map(|x| x.1), Some(3 + 5), "a1 fires with 3");
    let mut g = ranged(&battery());
    set_oos(&mut g, "a1", 1);
    g.script_dice(&[3, 4]);
    let ev = g
        .apply(Action::RangedAttack(FireOrder {
            artillery: ids(&["a1", "a2"]),
            target: "0505".parse().unwrap(),
            air: vec![],
            full_strength: ids(&["a1"]),
        }))
        .unwrap();
    assert_eq!(strike(&ev).map(|x| x.1), Some(10));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::OosChanged {
            level: 2,
            reason: crate::event::OosReason::FullStrength,
            ..
        }
    )));
}
