//! R8 air units and R21 (Kursk air): allotments and "any N", missions placed
//! face down and revealed together, air combat, one flight a turn, the per-hex limit,
//! every mission type, white stars.

use super::*;
use crate::event::{LossCause, OosReason, StrikeKind};
use crate::sandbox::Sandbox;
use crate::tables::FireTable;
use crate::{AirMission, DefenseOrder, MissionKind, Phase};
use sztab_core::model::{AirChoice, AirKind, Mp};

fn mission(kind: MissionKind, hex: &str, counters: &[&str]) -> AirMission {
    AirMission {
        counters: counters.iter().map(|c| (*c).into()).collect(),
        kind,
        hex: hex.parse().unwrap(),
        spread: vec![],
    }
}

fn fly(g: &mut Game, missions: Vec<AirMission>) -> Result<Vec<Event>, RuleError> {
    g.apply(Action::AirMissions { missions })
}

/// German g (4 SP) on 0405 and Soviet d on 0505; German counters of the given SP.
fn front(german_air: &[(&str, u8)]) -> Sandbox {
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405");
    s.unit("d", "soviet", "0505");
    // Entrenched: neither side must attack the other (R7.1.11).
    s.placement("g").unwrap().fortified = true;
    s.placement("d").unwrap().fortified = true;
    for (id, sp) in german_air {
        s.air(id, "german", "german", *sp, AirKind::GroundAttack);
    }
    s
}

fn strikes(events: &[Event]) -> Vec<(FireTable, i32, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::StrikeResolved {
                table, sp, shift, ..
            } => Some((*table, *sp, *shift)),
            _ => None,
        })
        .collect()
}

#[test]
fn r8_1_7_missions_are_placed_face_down_and_revealed_together() {
    let mut s = front(&[("ju", 5)]);
    s.air("yak", "soviet", "soviet", 4, AirKind::GroundAttack);
    let mut g = start(&s);
    let Pending::Decide { side, decision } = g.pending() else {
        panic!()
    };
    assert_eq!(side.as_str(), "german");
    assert!(matches!(decision, Decision::AirMissions { .. }));
    let ev = fly(
        &mut g,
        vec![mission(MissionKind::AirAttack, "0909", &["ju"])],
    )
    .unwrap();
    // Only the fact of placing: no mission, no hex, no counter in the events or state.
    assert_eq!(
        ev,
        vec![Event::AirOrdersSealed {
            side: "german".into()
        }]
    );
    assert!(g.state().air.missions.is_empty());
    let Pending::Decide { side, decision } = g.pending() else {
        panic!()
    };
    assert_eq!(side.as_str(), "soviet");
    let Decision::AirMissions { counters, .. } = decision else {
        panic!()
    };
    assert_eq!(counters, vec![("yak".into(), 4)], "its own counters only");
    let ev = fly(&mut g, vec![]).unwrap();
    let revealed = ev.iter().find_map(|e| match e {
        Event::AirMissionsRevealed { missions } => Some(missions.clone()),
        _ => None,
    });
    assert_eq!(revealed.map(|m| m.len()), Some(1));
}

#[test]
fn r8_1_6_r21_1_2_at_most_two_counters_fly_to_one_hex() {
    let s = front(&[("a", 2), ("b", 2), ("c", 2)]);
    let mut g = start(&s);
    let three = vec![mission(MissionKind::AirAttack, "0505", &["a", "b", "c"])];
    assert_eq!(fly(&mut g, three).unwrap_err().rule, "R21.1.2");
    let split = vec![
        mission(MissionKind::AirAttack, "0505", &["a", "b"]),
        mission(MissionKind::OffensiveSupport, "0505", &["c"]),
    ];
    assert_eq!(fly(&mut g, split).unwrap_err().rule, "R21.1.2");
    let ok = vec![
        mission(MissionKind::AirAttack, "0505", &["a", "b"]),
        mission(MissionKind::OffensiveSupport, "0504", &["c"]),
    ];
    assert!(fly(&mut g, ok).is_ok());
}

#[test]
fn r8_1_2_r8_1_5_each_counter_flies_one_mission_a_turn_in_an_air_phase() {
    let s = front(&[("ju", 5)]);
    let mut g = start(&s);
    let twice = vec![
        mission(MissionKind::AirAttack, "0505", &["ju"]),
        mission(MissionKind::AirAttack, "0909", &["ju"]),
    ];
    assert_eq!(fly(&mut g, twice).unwrap_err().rule, "R8.1.5");
    fly(
        &mut g,
        vec![mission(MissionKind::AirAttack, "0909", &["ju"])],
    )
    .unwrap();
    until(&mut g, PhaseKind::Movement, Side::B);
    // Phase 7 passed without asking: the counter flew this turn.
    assert!(g.air_available(Side::A).is_empty());
    next_phase(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(g.turn(), 2);
}

#[test]
fn we_8_1_8_r8_1_8_r8_1_9_the_lower_total_loses_the_air_combat_for_the_turn() {
    let mut s = front(&[("g1", 5), ("g2", 5)]);
    s.air("s1", "soviet", "soviet", 4, AirKind::GroundAttack);
    s.air("s2", "soviet", "soviet", 4, AirKind::GroundAttack);
    let mut g = start(&s);
    fly(
        &mut g,
        vec![mission(
            MissionKind::OffensiveSupport,
            "0505",
            &["g1", "g2"],
        )],
    )
    .unwrap();
    // German 10 SP + 3 = 13 against Soviet 8 SP + 6 = 14 over adjacent hexes.
    g.script_dice(&[3, 6]);
    let ev = fly(
        &mut g,
        vec![mission(MissionKind::AirAttack, "0405", &["s1", "s2"])],
    )
    .unwrap();
    let combat = ev.iter().find_map(|e| match e {
        Event::AirCombat {
            sp, loser, lost, ..
        } => Some((*sp, loser.clone(), lost.clone())),
        _ => None,
    });
    assert_eq!(
        combat,
        Some(([10, 8], "german".into(), vec!["g1".into(), "g2".into()]))
    );
    assert!(
        g.state()
            .air
            .missions
            .iter()
            .filter(|m| m.side == Side::A)
            .all(|m| m.done)
    );
    assert!(g.state().air.lost.iter().flatten().count() == 2);
    // Ties are rerolled.
    let mut s = front(&[("g1", 4)]);
    s.air("s1", "soviet", "soviet", 4, AirKind::GroundAttack);
    let mut g = start(&s);
    fly(
        &mut g,
        vec![mission(MissionKind::AirAttack, "0505", &["g1"])],
    )
    .unwrap();
    g.script_dice(&[5, 5, 2, 1]);
    let ev = fly(
        &mut g,
        vec![mission(MissionKind::AirAttack, "0505", &["s1"])],
    )
    .unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::AirCombat { rolls, loser, .. } if rolls.len() == 2 && loser.as_str() == "soviet"
    )));
}

#[test]
fn r8_2_2_offensive_support_adds_its_sp_to_an_attack_on_the_mission_hex() {
    let s = front(&[("ju", 5)]);
    let mut g = start(&s);
    fly(
        &mut g,
        vec![mission(MissionKind::OffensiveSupport, "0505", &["ju"])],
    )
    .unwrap();
    until(&mut g, PhaseKind::Combat, Side::A);
    let mut o = order(&["g"], &["0505"]);
    o.air = vec!["ju".into()];
    let eng = g.engagement_of(Side::A, &o).unwrap();
    assert_eq!(g.assess(&eng).attack.total, 9);
    g.apply(Action::Attack(o.clone())).unwrap();
    finish_combat(&mut g);
    assert!(g.state().air.missions.iter().all(|m| m.done), "used once");
}

#[test]
fn we_8_2_4_r8_2_4_defensive_support_adds_half_rounded_up() {
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405");
    s.placement("g").unwrap().fortified = true;
    s.unit("d", "soviet", "0505").sp = 8;
    // The generic edition: any number of counters per hex.
    s.bundle.scenario.edition = sztab_core::model::Edition::Generic;
    s.bundle
        .terrain
        .field_fortification
        .as_mut()
        .unwrap()
        .urban_cm = None;
    for (id, sp) in [("a", 5), ("b", 4), ("c", 4)] {
        s.air(id, "german", "german", sp, AirKind::GroundAttack);
    }
    s.bundle.scenario.rules.air_per_hex = None;
    let mut g = start(&s);
    fly(&mut g, vec![]).unwrap();
    while g.state().clock.phase != Phase::AirSecond {
        pass(&mut g);
    }
    fly(
        &mut g,
        vec![mission(
            MissionKind::DefensiveSupport,
            "0405",
            &["a", "b", "c"],
        )],
    )
    .unwrap();
    until(&mut g, PhaseKind::Combat, Side::B);
    g.apply(Action::Attack(order(&["d"], &["0405"]))).unwrap();
    match decision(&g) {
        Decision::Defend { air, .. } => assert_eq!(air.len(), 3),
        d => panic!("{d:?}"),
    }
    let mut eng = g.engagement().unwrap();
    eng.defender_air = g.air_support(&g.air_missions_on(
        Side::A,
        &MissionKind::DefensiveSupport,
        &[hx(&g, "0405")],
    ));
    assert_eq!(g.assess(&eng).defense.total, 4 + 7, "13 SP defend with 7");
    let ev = g
        .apply(Action::Defend(DefenseOrder {
            air: vec!["a".into(), "b".into(), "c".into()],
            ..DefenseOrder::default()
        }))
        .unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DefenseDeclared { air, .. } if air.len() == 3))
    );
}

#[test]
fn r8_2_5_soviet_air_flies_no_defensive_support() {
    let mut s = front(&[]);
    s.air("yak", "soviet", "soviet", 4, AirKind::GroundAttack);
    let mut g = start(&s);
    let m = vec![mission(MissionKind::DefensiveSupport, "0505", &["yak"])];
    assert_eq!(fly(&mut g, m).unwrap_err().rule, "R8.2.5");
}

#[test]
fn we_8_2_7_r8_2_6_r8_2_7_an_air_attack_subtracts_twice_the_terrain_cms() {
    let mut s = Sandbox::new(12, 12, 3);
    s.armor("tank", "soviet", "0505", 6, 7);
    s.terrain("0505", "hills", &[]);
    s.unit("g", "german", "0105");
    s.air("a", "german", "german", 10, AirKind::GroundAttack);
    s.air("b", "german", "german", 10, AirKind::GroundAttack);
    let mut g = start(&s);
    g.script_dice(&[4, 4]);
    let ev = fly(
        &mut g,
        vec![mission(MissionKind::AirAttack, "0505", &["a", "b"])],
    )
    .unwrap();
    // [K] hills +1: 20 - 2 = 18, row 17+; a roll of 8 gives -1.
    assert_eq!(strikes(&ev), vec![(FireTable::Air, 18, 0)]);
    assert_eq!(cel(&g, "tank"), 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CelLost {
            cause: LossCause::AirAttack,
            ..
        }
    )));
    // The book's "2 CMs": hills and a forest, 20 - 4 = 16, row 13-16.
    s.terrain("0505", "hills", &["forest"]);
    let mut g = start(&s);
    let ev = fly(
        &mut g,
        vec![mission(MissionKind::AirAttack, "0505", &["a", "b"])],
    )
    .unwrap();
    assert_eq!(strikes(&ev)[0].1, 16);
}

#[test]
fn a_18_bombers_use_the_bomber_table_and_a_mixed_mission_is_split() {
    let mut s = front(&[("ju", 5)]);
    s.air("he", "german", "german", 6, AirKind::Bomber);
    let mut g = start(&s);
    let ev = fly(
        &mut g,
        vec![mission(MissionKind::AirAttack, "0505", &["ju", "he"])],
    )
    .unwrap();
    let tables: Vec<FireTable> = strikes(&ev).iter().map(|x| x.0).collect();
    assert_eq!(tables, vec![FireTable::Air, FireTable::Bomber]);
}

#[test]
fn we_10_r21_1_1_a_white_star_counter_reads_one_row_down_against_armor() {
    let mut s = Sandbox::new(12, 12, 3);
    s.armor("tank", "soviet", "0505", 6, 7);
    s.unit("g", "german", "0105");
    s.air("hs", "german", "german", 7, AirKind::GroundAttack);
    s.bundle.counters.air[0].white_star = true;
    let mut g = start(&s);
    let ev = fly(
        &mut g,
        vec![mission(MissionKind::AirAttack, "0505", &["hs"])],
    )
    .unwrap();
    assert_eq!(strikes(&ev), vec![(FireTable::Air, 7, 1)]);
    // Against infantry the star gives nothing.
    let mut s2 = s.clone();
    s2.bundle.counters.units[0].movement = sztab_core::model::MovementClass::Foot;
    let mut g = start(&s2);
    let ev = fly(
        &mut g,
        vec![mission(MissionKind::AirAttack, "0505", &["hs"])],
    )
    .unwrap();
    assert_eq!(strikes(&ev), vec![(FireTable::Air, 7, 0)]);
}

#[test]
fn r21_1_1_a_75_a_white_star_counter_in_support_gives_a_cm_and_disables_black_stars() {
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("g", "german", "0405").sp = 8;
    s.armor("tank", "soviet", "0505", 6, 7).stars = vec![sztab_core::model::Star::Black];
    s.air("hs", "german", "german", 2, AirKind::GroundAttack);
    s.bundle.counters.air[0].white_star = true;
    let mut g = start(&s);
    fly(
        &mut g,
        vec![mission(MissionKind::OffensiveSupport, "0505", &["hs"])],
    )
    .unwrap();
    until(&mut g, PhaseKind::Combat, Side::A);
    let mut o = order(&["g"], &["0505"]);
    o.air = vec!["hs".into()];
    let mut eng = g.engagement_of(Side::A, &o).unwrap();
    eng.defender_stars = vec![unit(&g, "tank")];
    let odds = g.assess(&eng);
    let stars = |side| {
        odds.cms
            .iter()
            .filter(|c| c.rule == "R15.1.1" && c.side == side)
            .map(|c| c.value)
            .sum::<i32>()
    };
    assert_eq!(stars(crate::CmSide::Attacker), 1);
    assert_eq!(stars(crate::CmSide::Defender), 0, "black falls to white");
}

#[test]
fn r8_2_8_r8_2_10_a_bridge_attack_needs_four_sp_and_uses_the_objects_table() {
    let mut s = front(&[("a", 3), ("b", 2)]);
    s.hexside("0707", "0807", "river", None)
        .road("0707", "0807", "main");
    let mut g = start(&s);
    let weak = vec![mission(
        MissionKind::Bridge("0707-0807".parse().unwrap()),
        "0707",
        &["a"],
    )];
    assert_eq!(fly(&mut g, weak).unwrap_err().rule, "R8.2.10");
    g.script_dice(&[1, 1]);
    let ev = fly(
        &mut g,
        vec![mission(
            MissionKind::Bridge("0707-0807".parse().unwrap()),
            "0807",
            &["a", "b"],
        )],
    )
    .unwrap();
    assert_eq!(strikes(&ev), vec![(FireTable::Objects, 5, 0)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::StrikeDeclared {
            kind: StrikeKind::AirOnBridge,
            ..
        }
    )));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::BridgeChanged {
            standing: false,
            ..
        }
    )));
}

/// Soviet units under German movement-disorganization missions on 0805.
fn disrupted(missions: usize) -> Game {
    let mut s = Sandbox::new(14, 12, 3);
    s.unit("g", "german", "0205");
    s.armor("brig", "soviet", "1005", 6, 7);
    s.road("1005", "0905", "main")
        .road("0905", "0805", "main")
        .road("0805", "0705", "main")
        .road("0705", "0605", "main");
    s.unit("inf", "soviet", "0805");
    for i in 0..missions {
        s.air(
            &format!("a{i}"),
            "german",
            "german",
            7,
            AirKind::GroundAttack,
        );
    }
    let mut g = start(&s);
    fly(&mut g, vec![]).unwrap();
    while g.state().clock.phase != Phase::AirSecond {
        pass(&mut g);
    }
    let m = (0..missions)
        .map(|i| {
            mission(
                MissionKind::MovementDisorganization,
                "0805",
                &[&format!("a{i}")],
            )
        })
        .collect();
    fly(&mut g, m).unwrap();
    until(&mut g, PhaseKind::Movement, Side::B);
    g
}

#[test]
fn we_8_2_15_r8_2_11_r8_2_15_movement_disorganization_slows_soviet_units() {
    let mut g = disrupted(1);
    // The brigade on the road pays +1 per hex of the area: 0905 (next to 0805) costs
    // 1/2 + 1, 0805 itself is held by a friend, then 0705 (next to 0805) again +1.
    let ev = mv(&mut g, &["brig"], &["0905"]).unwrap();
    let cost = ev.iter().find_map(|e| match e {
        Event::Moved { cost, .. } => Some(*cost),
        _ => None,
    });
    assert_eq!(cost, Some(Mp::ratio(3, 2).unwrap()));
    // The infantry starts in the area: 4 - 1 = 3 MP.
    let inf = unit(&g, "inf");
    assert_eq!(
        g.mp_allowance(inf, crate::movement::MoveMode::Normal, false),
        Mp::whole(3)
    );
    let mut g = disrupted(2);
    let inf = unit(&g, "inf");
    assert_eq!(
        g.mp_allowance(inf, crate::movement::MoveMode::Normal, false),
        Mp::whole(2),
        "two missions: -2"
    );
    let ev = mv(&mut g, &["brig"], &["0905"]).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cost, .. } if *cost == Mp::ratio(5, 2).unwrap()))
    );
    // At least 7 SP, and only against Soviet units.
    let mut s = front(&[("x", 6)]);
    s.unit("far", "soviet", "1111");
    let mut g = start(&s);
    let weak = vec![mission(
        MissionKind::MovementDisorganization,
        "0505",
        &["x"],
    )];
    assert_eq!(fly(&mut g, weak).unwrap_err().rule, "R8.2.11");
    let mut s = front(&[]);
    s.air("yak", "soviet", "soviet", 8, AirKind::GroundAttack);
    let mut g = start(&s);
    let m = vec![mission(
        MissionKind::MovementDisorganization,
        "0405",
        &["yak"],
    )];
    assert_eq!(fly(&mut g, m).unwrap_err().rule, "R8.2.11");
}

#[test]
fn we_8_2_19_r8_2_16_r8_2_21_river_crossing_attacks_roll_for_each_crossing_unit() {
    let mut s = Sandbox::new(12, 12, 3);
    s.unit("far", "german", "0101");
    for r in 1..=12 {
        s.hexside(
            &format!("06{r:02}"),
            &format!("07{r:02}"),
            "big_river",
            None,
        );
    }
    s.unit("sov", "soviet", "0705");
    s.air("a", "german", "german", 1, AirKind::GroundAttack);
    let mut g = start(&s);
    fly(&mut g, vec![]).unwrap();
    while g.state().clock.phase != Phase::AirSecond {
        pass(&mut g);
    }
    // A 1-SP mission gives 2 attacks on 0605 (WE-8.2.19: 5 SP give 10).
    fly(
        &mut g,
        vec![mission(MissionKind::RiverCrossing, "0605", &["a"])],
    )
    .unwrap();
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(g.river_attacks_on(Side::B, hx(&g, "0605")), 2);
    g.script_dice(&[6, 3]);
    let ev = mv(&mut g, &["sov"], &["0605"]).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::RiverCrossingAttack { rolls, .. } if rolls == &vec![6, 3]
    )));
    assert_eq!(cel(&g, "sov"), 1, "one 6, one CEL");
}

#[test]
fn we_8_2_25_r8_2_22_r8_2_25_a_supply_mission_lowers_oos_levels() {
    let mut s = front(&[("c47a", 3), ("c47b", 2)]);
    s.air("c47c", "german", "german", 2, AirKind::Bomber);
    // The generic edition: three counters over one hex.
    s.bundle.scenario.edition = sztab_core::model::Edition::Generic;
    s.bundle
        .terrain
        .field_fortification
        .as_mut()
        .unwrap()
        .urban_cm = None;
    s.bundle.scenario.rules.air_per_hex = None;
    s.bundle.counters.nations[0].air_supply = true;
    let mut g = start(&s);
    set_oos(&mut g, "g", 4);
    g.script_dice(&[1, 4, 6]);
    let ev = fly(
        &mut g,
        vec![mission(
            MissionKind::Supply,
            "0405",
            &["c47a", "c47b", "c47c"],
        )],
    )
    .unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::OosChanged {
            level: 2,
            reason: OosReason::AirSupply,
            ..
        }
    )));
    assert_eq!(oos(&g, "g"), 2);
    // Only American and British air; at least 7 SP.
    let s = front(&[("ju", 5), ("he", 5)]);
    let mut g = start(&s);
    let m = vec![mission(MissionKind::Supply, "0405", &["ju", "he"])];
    assert_eq!(fly(&mut g, m).unwrap_err().rule, "R8.2.22");
}

#[test]
fn a_59_r8_1_1_any_n_counters_are_chosen_once_or_each_turn() {
    let mut s = front(&[("a", 5), ("b", 5), ("c", 5)]);
    s.bundle.scenario.air[0].choose = Some(2);
    let mut g = start(&s);
    match decision(&g) {
        Decision::ChooseAir {
            choose, counters, ..
        } => {
            assert_eq!((choose, counters.len()), (2, 3));
        }
        d => panic!("{d:?}"),
    }
    assert_eq!(
        g.apply(Action::ChooseAir {
            counters: vec!["a".into()]
        })
        .unwrap_err()
        .rule,
        "A-59"
    );
    g.apply(Action::ChooseAir {
        counters: vec!["a".into(), "c".into()],
    })
    .unwrap();
    let avail: Vec<_> = g
        .air_available(Side::A)
        .iter()
        .map(|&c| g.prepared().air[c].id.to_string())
        .collect();
    assert_eq!(avail, vec!["a", "c"]);
    fly(&mut g, vec![]).unwrap();
    next_phase(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(g.turn(), 2);
    s.bundle.scenario.rules.air_choice = AirChoice::EachTurn;
    let mut g = start(&s);
    g.apply(Action::ChooseAir {
        counters: vec!["a".into(), "b".into()],
    })
    .unwrap();
    fly(&mut g, vec![]).unwrap();
    while g.turn() < 2 {
        pass(&mut g);
    }
    assert!(
        matches!(decision(&g), Decision::ChooseAir { .. }),
        "each turn"
    );
}

#[test]
fn a_73_missions_expire_at_the_end_of_the_half_turn() {
    let s = front(&[("ju", 5)]);
    let mut g = start(&s);
    fly(
        &mut g,
        vec![mission(MissionKind::OffensiveSupport, "0505", &["ju"])],
    )
    .unwrap();
    assert_eq!(g.state().air.missions.len(), 1);
    let mut expired = false;
    while g.state().clock.phase != Phase::MovementB {
        expired |= pass(&mut g).contains(&Event::AirMissionsExpired);
    }
    assert!(expired);
    assert!(g.state().air.missions.is_empty());
}
