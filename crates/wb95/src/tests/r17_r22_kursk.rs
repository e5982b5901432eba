//! The Kursk 1943 special rules: armor repair (R17), mine losses (R18), Panthers
//! (R22), and the scenario notes' CEL drain (Prochorowka 15, A-58).

use super::*;
use crate::event::LossCause;
use crate::sandbox::Sandbox;
use sztab_core::model::{CelDrain, Eligibility, Mines, UnitKind};

fn mines_board(days: u32) -> Sandbox {
    let mut s = Sandbox::new(12, 10, days);
    s.bundle.scenario.rules.fortified_lines = true;
    s.bundle.scenario.rules.mines = Some(Mines {
        dice: 4,
        from: s.bundle.scenario.start,
        until: s.bundle.scenario.date_of_turn(days.min(7)),
        eligibility: Eligibility::Activated,
    });
    s.hexside("0405", "0505", "fl_line", Some("0505"));
    s.bundle
        .scenario
        .control
        .insert("0505".parse().unwrap(), "soviet".into());
    s.armor("pz1", "german", "0405", 6, 7);
    s.armor("pz2", "german", "0405", 6, 7);
    s.unit("idle", "german", "0303");
    s.unit("far", "soviet", "1209");
    s
}

fn mines_rolled(events: &[Event]) -> Option<Vec<u8>> {
    events.iter().find_map(|e| match e {
        Event::MinesRolled { dice } => Some(dice.clone()),
        _ => None,
    })
}

#[test]
fn we_18_r18_1_1_r18_1_4_mines_cost_a_cel_per_die_of_1_to_3_from_units_activated_in_the_line() {
    let mut g = start(&mines_board(8));
    next_phase(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(g.turn(), 2, "6 July");
    mv(&mut g, &["pz1", "pz2"], &["0505"]).unwrap();
    // Phases 4-6 play themselves: the first dice are the mines'.
    g.script_dice(&[1, 3, 5, 6]);
    let ev = end(&mut g);
    assert_eq!(mines_rolled(&ev), Some(vec![1, 3, 5, 6]));
    match decision(&g) {
        Decision::LoseCel {
            cause: LossCause::Mines,
            cel,
            units,
        } => {
            assert_eq!(cel, 2);
            let who: Vec<&str> = units.iter().map(|(u, _)| u.as_str()).collect();
            assert_eq!(
                who,
                vec!["pz1", "pz2"],
                "only the units that crossed the line"
            );
        }
        d => panic!("{d:?}"),
    }
    g.apply(Action::TakeLosses {
        losses: vec![("pz1".into(), 1), ("pz2".into(), 1)],
    })
    .unwrap();
    assert_eq!((cel(&g, "pz1"), cel(&g, "pz2")), (1, 1));
    // 12 July: the window is over, no roll.
    let mut rolled_late = false;
    while g.turn() < 8 || g.state().clock.phase != crate::Phase::SupplyB {
        let ev = match g.pending() {
            Pending::Decide { .. } => pass(&mut g),
            Pending::GameOver(_) => break,
        };
        rolled_late |= g.turn() == 8 && mines_rolled(&ev).is_some();
    }
    assert!(!rolled_late);
}

#[test]
fn r18_1_3_a_60_no_eligible_unit_voids_the_loss() {
    let mut g = start(&mines_board(3));
    g.script_dice(&[1, 1, 1, 1]);
    let ev = end(&mut g);
    assert!(mines_rolled(&ev).is_some());
    assert!(!ev.iter().any(|e| matches!(e, Event::LossesOwed { .. })));
}

fn panthers(rolls: &[u8]) -> (Game, Vec<Event>) {
    let mut s = Sandbox::new(12, 10, 3);
    s.bundle.scenario.rules.panthers = Some(Eligibility::All);
    s.armor("p1", "german", "0203", 7, 6).flags.panther = true;
    s.armor("p2", "german", "0205", 7, 6).flags.panther = true;
    s.unit("far", "soviet", "1209");
    let mut g = start(&s);
    g.script_dice(rolls);
    let ev = end(&mut g);
    (g, ev)
}

#[test]
fn we_22_r22_1_1_a_panther_unit_rolling_1_to_3_loses_a_cel() {
    let (g, ev) = panthers(&[2, 4]);
    let rolls: Vec<(String, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::PantherRoll { unit, roll } => Some((unit.to_string(), *roll)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![("p1".into(), 2), ("p2".into(), 4)]);
    assert_eq!((cel(&g, "p1"), cel(&g, "p2")), (1, 2));
}

#[test]
fn r22_1_2_panthers_roll_once_a_turn_in_the_german_supply_phase() {
    let (mut g, _) = panthers(&[4, 4]);
    let mut rolls = 0;
    while g.turn() < 2 {
        let ev = pass(&mut g);
        rolls += ev
            .iter()
            .filter(|e| matches!(e, Event::PantherRoll { .. }))
            .count();
    }
    assert_eq!(rolls, 0, "none in the Soviet Supply phase");
}

/// A reduced German armored unit on 0203, supplied; the Soviets far away.
fn repair(markers: u8) -> Sandbox {
    let mut s = Sandbox::new(12, 10, 4);
    s.bundle.scenario.rules.repair_markers = markers;
    s.armor("pz", "german", "0203", 6, 7);
    s.placement("pz").unwrap().cel = Some(1);
    s.armor("pz2", "german", "0204", 6, 7);
    s.placement("pz2").unwrap().cel = Some(1);
    s.unit("far", "soviet", "1209");
    s
}

fn to_repair_decision(g: &mut Game) {
    for _ in 0..20 {
        if matches!(decision(g), Decision::Repair { .. }) {
            return;
        }
        pass(g);
    }
    panic!("no repair decision");
}

#[test]
fn r17_1_1_r17_1_2_an_idle_armored_unit_under_the_marker_regains_a_cel() {
    let mut g = start(&repair(1));
    to_repair_decision(&mut g);
    match decision(&g) {
        Decision::Repair { markers, units } => {
            assert_eq!(markers, 1);
            assert_eq!(units, ids(&["pz", "pz2"]));
        }
        d => panic!("{d:?}"),
    }
    assert_eq!(
        g.check(&Action::Repair {
            units: ids(&["pz", "pz2"])
        })
        .unwrap_err()
        .rule,
        "R17.1.1",
        "one marker per front"
    );
    g.apply(Action::Repair {
        units: ids(&["pz"]),
    })
    .unwrap();
    // Next German Supply phase: pz stayed idle and out of enemy ZoCs.
    next_phase(&mut g, PhaseKind::Movement, Side::A);
    let ev = end(&mut g);
    assert!(ev.contains(&Event::RepairEnded {
        unit: "pz".into(),
        repaired: true
    }));
    assert_eq!(cel(&g, "pz"), 2);
}

#[test]
fn r17_1_2_a_marked_unit_that_moves_is_not_repaired() {
    let mut g = start(&repair(1));
    to_repair_decision(&mut g);
    g.apply(Action::Repair {
        units: ids(&["pz"]),
    })
    .unwrap();
    next_phase(&mut g, PhaseKind::Movement, Side::A);
    mv(&mut g, &["pz"], &["0303"]).unwrap();
    let ev = end(&mut g);
    assert!(ev.contains(&Event::RepairEnded {
        unit: "pz".into(),
        repaired: false
    }));
    assert_eq!(cel(&g, "pz"), 1);
}

#[test]
fn r17_1_2_r3_2_1_a_marked_unit_in_a_full_stack_is_not_repaired() {
    // pz (1 CEL) shares 0203 with 7 CEL of infantry: a regained CEL would overstack.
    let mut s = repair(1);
    for (id, cel) in [("i1", 2), ("i2", 2), ("i3", 2), ("i4", 1)] {
        s.unit(id, "german", "0203");
        s.placement(id).unwrap().cel = Some(cel);
    }
    let mut g = start(&s);
    to_repair_decision(&mut g);
    g.apply(Action::Repair {
        units: ids(&["pz"]),
    })
    .unwrap();
    next_phase(&mut g, PhaseKind::Movement, Side::A);
    let ev = end(&mut g);
    assert!(ev.contains(&Event::RepairEnded {
        unit: "pz".into(),
        repaired: false
    }));
    assert_eq!(cel(&g, "pz"), 1);
}

#[test]
fn r17_1_3_panthers_and_ferdinands_are_never_repaired() {
    let mut s = repair(1);
    for u in s.bundle.counters.units.iter_mut() {
        if u.id.as_str() == "pz" {
            u.flags.panther = true;
        }
        if u.id.as_str() == "pz2" {
            u.flags.ferdinand = true;
        }
    }
    s.armor("ag", "german", "0205", 5, 6).kind = UnitKind::AssaultGun;
    s.placement("ag").unwrap().cel = Some(1);
    let mut g = start(&s);
    to_repair_decision(&mut g);
    match decision(&g) {
        Decision::Repair { units, .. } => assert_eq!(units, ids(&["ag"])),
        d => panic!("{d:?}"),
    }
}

#[test]
fn a_58_prochorowka_15_the_german_loses_two_cel_at_each_of_his_movement_phases() {
    let mut s = Sandbox::new(12, 10, 3);
    s.bundle.scenario.rules.cel_drain = Some(CelDrain {
        side: "german".into(),
        cel: 2,
    });
    s.unit("a", "german", "0203");
    s.unit("b", "german", "0205");
    s.unit("far", "soviet", "1209");
    let mut g = start(&s);
    match decision(&g) {
        Decision::LoseCel {
            cause: LossCause::Drain,
            cel: 2,
            units,
        } => assert_eq!(units.len(), 2),
        d => panic!("{d:?}"),
    }
    g.apply(Action::TakeLosses {
        losses: vec![("a".into(), 2)],
    })
    .unwrap();
    assert!(at(&g, "a").is_none());
    assert!(matches!(decision(&g), Decision::Move { .. }));
    let ev = pass(&mut g);
    assert!(!ev.iter().any(|e| matches!(e, Event::LossesOwed { .. })));
    assert_eq!(
        g.state().clock.phase,
        crate::Phase::MovementB,
        "not the Soviets'"
    );
}

#[test]
fn kursk_notes_a_51_stawka_reserves_enter_at_half_mp_and_give_the_german_three_vp() {
    use sztab_core::model::{Entry, Victory, VictoryLevel, VpAward, VpEvent};
    let mut s = Sandbox::new(12, 10, 3);
    s.unit("g", "german", "0205");
    s.zone("E", &["1205"]);
    s.counter("res", "soviet");
    let r = s.arrives(1, vec![Entry::Zone("E".into())], &["res"]);
    r.optional = true;
    r.half_mp_first_turn = true;
    r.enemy_vp = 3;
    s.bundle.scenario.rules.optional_reserves = true;
    s.bundle.scenario.victory = Some(Victory {
        scorer: "german".into(),
        points: vec![VpAward {
            vp: 1,
            event: VpEvent::EnemyUnitEliminated,
        }],
        levels: vec![VictoryLevel {
            name: "any".into(),
            winner: "german".into(),
            min_vp: None,
        }],
        automatic: vec![],
    });
    let mut g = start(&s);
    until(&mut g, PhaseKind::Movement, Side::B);
    let res = unit(&g, "res");
    assert_eq!(
        g.call_in_vp(res),
        3,
        "what the bots weigh before calling it in"
    );
    assert_eq!(g.call_in_vp(unit(&g, "g")), 0);
    let reach = g.reach_from_entry(res, hx(&g, "1205")).unwrap();
    // 4 MP halved: the entry hex (1) and one more clear hex (1).
    assert!(reach.cost(hx(&g, "1105")).is_some());
    assert!(reach.cost(hx(&g, "1005")).is_none());
    let ev = g
        .apply(Action::Enter {
            units: ids(&["res"]),
            path: hexes(&["1205", "1105"]),
        })
        .unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::VpScored { vp: 3, .. }))
    );
    assert_eq!(g.state().vp, 3);
}
