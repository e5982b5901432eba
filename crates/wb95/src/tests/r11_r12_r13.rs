//! R11 reinforcements (and withdrawals, A-56; scenario movement restrictions), R12
//! strategic movement, R13 tactical concentration.

use super::*;
use crate::movement::MoveMode;
use crate::sandbox::Sandbox;
use crate::state::Loc;
use sztab_core::hex::MapEdge;
use sztab_core::model::{
    Entry, FormationKind, MovementClass, Mp, Restriction, RestrictionRule, Scope, Withdrawal,
};

fn enter(g: &mut Game, units: &[&str], path: &[&str]) -> Result<Vec<Event>, RuleError> {
    g.apply(Action::Enter {
        units: ids(units),
        path: hexes(path),
    })
}

fn moved_cost(ev: &[Event]) -> Mp {
    ev.iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .unwrap()
}

/// Ten 2-CEL infantry regiments arriving on turn 1 through hex 0105.
fn ten_regiments(entry_features: &[&str], road: bool) -> Game {
    let mut s = Sandbox::new(10, 10, 3);
    let names: Vec<String> = (0..10).map(|i| format!("r{i}")).collect();
    for n in &names {
        s.counter(n, "german");
    }
    let refs: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
    s.arrives(1, vec![Entry::Hex(HexId::parse("0105").unwrap())], &refs);
    s.terrain("0105", "clear", entry_features);
    if road {
        s.road("0105", "0205", "main");
    }
    s.unit("far", "soviet", "1010");
    start(&s)
}

#[test]
fn we_11_1_5a_twenty_cel_need_three_stacks() {
    let mut g = ten_regiments(&[], false);
    assert_eq!(
        enter(&mut g, &["r0", "r1", "r2", "r3", "r4"], &["0105"])
            .unwrap_err()
            .rule,
        "R3.2.1"
    );
    assert!(enter(&mut g, &["r0", "r1", "r2", "r3"], &["0105", "0205"]).is_ok());
}

#[test]
fn we_11_1_5b_stacks_through_a_woods_hex_pay_two_four_six() {
    let mut g = ten_regiments(&["forest"], false);
    let a = enter(&mut g, &["r0", "r1", "r2", "r3"], &["0105"]).unwrap();
    assert_eq!(moved_cost(&a), Mp::whole(2));
    mv(&mut g, &["r0", "r1", "r2", "r3"], &["0205"]).unwrap_err();
    let b = enter(&mut g, &["r4", "r5"], &["0105"]);
    assert!(b.is_err(), "0105 is full");
    let mut g = ten_regiments(&["forest"], false);
    let a = enter(&mut g, &["r0", "r1"], &["0105"]).unwrap();
    let b = enter(&mut g, &["r2", "r3"], &["0105"]).unwrap();
    assert_eq!(
        (moved_cost(&a), moved_cost(&b)),
        (Mp::whole(2), Mp::whole(4))
    );
    assert_eq!(
        enter(&mut g, &["r4"], &["0105"]).unwrap_err().rule,
        "R11.1.5"
    );
}

#[test]
fn we_11_1_5c_stacks_through_a_road_hex_pay_half_one_one_and_a_half() {
    let mut g = ten_regiments(&[], true);
    let half = Mp::ratio(1, 2).unwrap();
    let a = enter(&mut g, &["r0", "r1"], &["0105", "0205"]).unwrap();
    let b = enter(&mut g, &["r2", "r3"], &["0105", "0205"]).unwrap();
    let c = enter(&mut g, &["r4", "r5"], &["0105"]).unwrap();
    // k × 0.5 to come on through 0105, then 0.5 along the road to 0205.
    assert_eq!(moved_cost(&a), half + half);
    assert_eq!(moved_cost(&b), half * 2 + half);
    assert_eq!(moved_cost(&c), half * 3);
}

/// Zones A..J on the west edge (0101..0110); an armored unit of 7 MP due at C.
fn zones() -> Game {
    let mut s = Sandbox::new(12, 10, 4);
    for (i, z) in ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]
        .iter()
        .enumerate()
    {
        s.zone(z, &[&format!("01{:02}", i + 1)]);
    }
    let u = s.counter("pz", "german");
    u.movement = MovementClass::Mechanized;
    u.mp = Mp::whole(7);
    s.arrives(1, vec![Entry::Zone("C".into())], &["pz"]);
    s.unit("far", "soviet", "1210");
    start(&s)
}

#[test]
fn we_11_2_1_an_adjacent_zone_costs_half_the_mp() {
    let g = zones();
    // At B (0102): entry 1, then 2 hexes: 3 <= 3.5; 3 hexes: 4 > 3.5.
    let mut g1 = g.clone();
    assert!(enter(&mut g1, &["pz"], &["0102", "0202", "0302"]).is_ok());
    let mut g2 = g.clone();
    assert_eq!(
        enter(&mut g2, &["pz"], &["0102", "0202", "0302", "0402"])
            .unwrap_err()
            .rule,
        "R3.1.5"
    );
    let mut g3 = g.clone();
    assert!(
        enter(
            &mut g3,
            &["pz"],
            &["0103", "0203", "0303", "0403", "0503", "0603", "0703"]
        )
        .is_ok(),
        "C: full MP"
    );
}

#[test]
fn we_11_2_2_waiting_a_turn_shifts_up_to_three_zones() {
    let mut g = zones();
    assert_eq!(
        enter(&mut g.clone(), &["pz"], &["0105"]).unwrap_err().rule,
        "R11.1.2",
        "E is not adjacent to C"
    );
    assert_eq!(
        g.apply(Action::ShiftZone {
            units: ids(&["pz"]),
            zone: "G".into()
        })
        .unwrap_err()
        .rule,
        "R11.2.2"
    );
    g.apply(Action::ShiftZone {
        units: ids(&["pz"]),
        zone: "F".into(),
    })
    .unwrap();
    assert_eq!(
        enter(&mut g, &["pz"], &["0106"]).unwrap_err().rule,
        "R11.2.2",
        "next turn only"
    );
    end(&mut g);
    until(&mut g, PhaseKind::Movement, Side::A);
    assert!(
        enter(
            &mut g,
            &["pz"],
            &["0106", "0206", "0306", "0406", "0506", "0606", "0706"]
        )
        .is_ok()
    );
}

#[test]
fn r11_1_1_r11_1_2_reinforcements_arrive_on_their_day_through_their_zone() {
    let mut s = Sandbox::new(10, 10, 3);
    s.counter("late", "german");
    s.arrives(
        2,
        vec![Entry::Hex(HexId::parse("0105").unwrap())],
        &["late"],
    );
    s.unit("far", "soviet", "1010");
    let mut g = start(&s);
    assert_eq!(g.unit_state(unit(&g, "late")).loc, Loc::Scheduled);
    end(&mut g);
    until(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(g.unit_state(unit(&g, "late")).loc, Loc::OffMap);
    assert_eq!(
        enter(&mut g, &["late"], &["0106"]).unwrap_err().rule,
        "R11.1.2"
    );
    assert!(enter(&mut g, &["late"], &["0105"]).is_ok());
}

#[test]
fn r11_1_3_reinforcements_enter_in_strategic_movement_under_its_limits() {
    let mut s = Sandbox::new(10, 10, 3);
    s.counter("r", "german").mp = Mp::whole(4);
    s.arrives(1, vec![Entry::Hex(HexId::parse("0105").unwrap())], &["r"]);
    s.unit("z", "soviet", "0305");
    let mut g = start(&s);
    until(&mut g, PhaseKind::Strategic, Side::A);
    assert_eq!(
        g.mp_allowance(unit(&g, "r"), MoveMode::Strategic, false),
        Mp::whole(2)
    );
    // 0205 lies in z's ZoC: no entering it in strategic movement.
    assert_eq!(
        enter(&mut g, &["r"], &["0105", "0205"]).unwrap_err().rule,
        "R12.2.2"
    );
    assert!(enter(&mut g, &["r"], &["0105", "0104"]).is_ok());
}

#[test]
fn r11_1_4_no_entry_through_an_enemy_controlled_zone() {
    let mut s = Sandbox::new(10, 10, 3);
    s.counter("r", "german");
    s.arrives(1, vec![Entry::Hex(HexId::parse("0105").unwrap())], &["r"]);
    s.bundle
        .scenario
        .control
        .insert(HexId::parse("0105").unwrap(), "soviet".into());
    s.unit("far", "soviet", "1010");
    let mut g = start(&s);
    assert_eq!(
        enter(&mut g, &["r"], &["0105"]).unwrap_err().rule,
        "R11.1.4"
    );
}

#[test]
fn r11_1_5_each_further_stack_through_a_hex_pays_once_more() {
    let g = ten_regiments(&["forest"], false);
    let r = unit(&g, "r0");
    assert_eq!(g.entry_stack_cost(r, hx(&g, "0105")), Some(Mp::whole(2)));
    let mut g = g;
    enter(&mut g, &["r0"], &["0105"]).unwrap();
    assert_eq!(g.entry_stack_cost(r, hx(&g, "0105")), Some(Mp::whole(4)));
}

#[test]
fn r11_2_1_r11_2_2_entry_zone_changes() {
    let g = zones();
    let z: Vec<(String, bool)> = g
        .entry_zones(unit(&g, "pz"))
        .into_iter()
        .map(|(z, half)| (g.prepared().zones[z].name.clone(), half))
        .collect();
    assert_eq!(
        z,
        vec![("C".into(), false), ("B".into(), true), ("D".into(), true)]
    );
}

#[test]
fn r11_2_3_a_unit_leaves_through_a_zone_and_comes_back_as_a_reinforcement() {
    let mut s = Sandbox::new(10, 10, 3);
    s.zone("A", &["0105"]);
    s.unit("u", "german", "0205");
    s.unit("far", "soviet", "1010");
    let mut g = start(&s);
    assert_eq!(
        g.apply(Action::LeaveMap { units: ids(&["u"]) })
            .unwrap_err()
            .rule,
        "R11.2.3"
    );
    mv(&mut g, &["u"], &["0105"]).unwrap();
    g.apply(Action::LeaveMap { units: ids(&["u"]) }).unwrap();
    assert_eq!(g.unit_state(unit(&g, "u")).loc, Loc::OffMap);
    assert!(
        g.waiting_units(Side::A).is_empty(),
        "not before the next Movement phase"
    );
    end(&mut g);
    until(&mut g, PhaseKind::Movement, Side::A);
    assert!(enter(&mut g, &["u"], &["0105", "0205"]).is_ok());
}

#[test]
fn r11_2_4_roads_leaving_an_edge_are_its_entry_zones() {
    let mut s = Sandbox::new(10, 10, 3);
    s.road("1003", "0903", "main")
        .road("1007", "0907", "secondary");
    s.counter("r", "soviet");
    s.arrives(1, vec![Entry::Edge(MapEdge::East)], &["r"]);
    s.unit("g", "german", "0101");
    let g = start(&s);
    let mut names: Vec<Vec<HexId>> = g
        .prepared()
        .zones
        .iter()
        .filter(|z| z.line.is_some_and(|(l, _)| l > 0))
        .map(|z| z.hexes.iter().map(|&h| g.hex_id(h)).collect())
        .collect();
    names.sort();
    assert_eq!(names, vec![hexes(&["1003"]), hexes(&["1007"])]);
}

#[test]
fn a_56_a_formation_is_withdrawn_and_lost_cels_are_made_up() {
    let mut s = Sandbox::new(10, 10, 3);
    s.formation("4ARM", "german", FormationKind::Division);
    for id in ["a1", "a2"] {
        s.armor(id, "german", "0203", 6, 7).formation = Some("4ARM".into());
    }
    s.placement("a2").unwrap().cel = Some(1);
    s.armor("other", "german", "0205", 6, 7);
    s.unit("far", "soviet", "1010");
    s.bundle.scenario.withdrawals.push(Withdrawal {
        date: s.bundle.scenario.date_of_turn(2),
        formation: "4ARM".into(),
        or_equivalent: true,
    });
    let mut g = start(&s);
    end(&mut g);
    for _ in 0..20 {
        if matches!(decision(&g), Decision::Withdraw { .. }) {
            break;
        }
        end(&mut g);
    }
    let Decision::Withdraw {
        cel: due, units, ..
    } = decision(&g)
    else {
        panic!()
    };
    assert_eq!((due, units), (1, vec![("other".into(), 2)]));
    assert_eq!(at(&g, "a1"), None);
    g.apply(Action::Withdraw {
        losses: vec![("other".into(), 1)],
    })
    .unwrap();
    assert_eq!(cel(&g, "other"), 1);
}

#[test]
fn scenario_restrictions_freeze_units_and_bar_crossings() {
    let mut s = Sandbox::new(10, 10, 3);
    s.unit("frozen", "german", "0203");
    s.unit("bound", "german", "0205");
    s.unit("bound2", "german", "0206");
    s.hexside("0205", "0305", "donets", None);
    s.hexside("0206", "0306", "donets", None)
        .road("0206", "0306", "main");
    s.unit("far", "soviet", "1010");
    let start_date = s.bundle.scenario.start;
    s.bundle.scenario.restrictions.push(Restriction {
        scope: Scope::Units(ids(&["frozen"])),
        rule: RestrictionRule::NoMoveUntil(start_date.plus_days(1)),
    });
    s.bundle.scenario.restrictions.push(Restriction {
        scope: Scope::Units(ids(&["bound", "bound2"])),
        rule: RestrictionRule::NoCrossing {
            hexside: "donets".into(),
            north_of_row: Some(9),
        },
    });
    let mut g = start(&s);
    assert_eq!(
        mv(&mut g, &["frozen"], &["0303"]).unwrap_err().rule,
        "Scenario"
    );
    assert_eq!(
        mv(&mut g, &["bound"], &["0305"]).unwrap_err().rule,
        "Scenario"
    );
    assert_eq!(
        mv(&mut g, &["bound2"], &["0306"]).unwrap_err().rule,
        "Scenario",
        "even by a bridge"
    );
    end(&mut g);
    until(&mut g, PhaseKind::Movement, Side::A);
    assert!(mv(&mut g, &["frozen"], &["0303"]).is_ok());
}

fn sm_board() -> Sandbox {
    let mut s = Sandbox::new(12, 10, 3);
    s.armor("pz", "german", "0205", 6, 7);
    s.unit("z", "soviet", "0705");
    s
}

#[test]
fn r12_1_1_r12_1_4_units_marked_in_the_movement_phase_move_after_combat() {
    let mut g = start(&sm_board());
    g.apply(Action::MarkStrategic {
        units: ids(&["pz"]),
    })
    .unwrap();
    assert_eq!(mv(&mut g, &["pz"], &["0305"]).unwrap_err().rule, "R12.1.4");
    until(&mut g, PhaseKind::Strategic, Side::A);
    assert!(mv(&mut g, &["pz"], &["0305", "0405"]).is_ok());
}

#[test]
fn r12_1_2_units_that_moved_or_fought_make_no_strategic_move() {
    let mut s = sm_board();
    s.hq("lonely", "soviet", "0305");
    let mut g = start(&s);
    let mut g2 = g.clone();
    mv(&mut g2, &["pz"], &["0204"]).unwrap();
    assert_eq!(
        g2.apply(Action::MarkStrategic {
            units: ids(&["pz"])
        })
        .unwrap_err()
        .rule,
        "R3.1.3"
    );
    // An HQ has no ZoC: pz may be marked next to it, then it attacks and loses the marker.
    g.apply(Action::MarkStrategic {
        units: ids(&["pz"]),
    })
    .unwrap();
    end(&mut g);
    attack_rolling(&mut g, &["pz"], &["0305"], 7).unwrap();
    finish_combat(&mut g);
    if g.state().clock.phase.kind() == PhaseKind::Combat {
        end(&mut g);
    }
    assert!(!g.unit_state(unit(&g, "pz")).strategic);
}

#[test]
fn r12_1_3_all_movement_rules_apply() {
    let mut s = sm_board();
    s.terrain("0305", "clear", &["swamp"]);
    let mut g = start(&s);
    g.apply(Action::MarkStrategic {
        units: ids(&["pz"]),
    })
    .unwrap();
    until(&mut g, PhaseKind::Strategic, Side::A);
    assert_eq!(mv(&mut g, &["pz"], &["0305"]).unwrap_err().rule, "R3.1.11");
    assert_eq!(mv(&mut g, &["pz"], &["0405"]).unwrap_err().rule, "R3.1.4");
}

#[test]
fn r12_2_1_units_in_an_enemy_zoc_neither_get_nor_keep_a_marker() {
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("pz", "german", "0205", 6, 7);
    s.armor("g", "german", "0604", 6, 7);
    s.unit("d", "soviet", "0505").sp = 2;
    s.hq("hq", "soviet", "0306");
    s.unit("z", "soviet", "0909");
    s.armor("near", "german", "0808", 6, 7);
    s.placement("near").unwrap().fortified = true;
    let mut g = start(&s);
    assert_eq!(
        g.apply(Action::MarkStrategic {
            units: ids(&["near"])
        })
        .unwrap_err()
        .rule,
        "R12.2.1"
    );
    // The HQ next to pz has no ZoC: pz may be marked.
    g.apply(Action::MarkStrategic {
        units: ids(&["pz"]),
    })
    .unwrap();
    end(&mut g);
    // 6 against 2 is 3:1; a roll of 6 gives -/D2. d retreats onto the HQ, next to pz.
    attack_rolling(&mut g, &["g"], &["0505"], 6).unwrap();
    g.apply(Action::Retreat(crate::RetreatOrder {
        moves: vec![("d".into(), hexes(&["0405", "0306"]))],
        losses: vec![],
    }))
    .unwrap();
    g.apply(Action::Pursue { moves: vec![] }).unwrap();
    if g.state().clock.phase.kind() == PhaseKind::Combat {
        g.apply(Action::EndPhase).unwrap();
    }
    assert!(
        !g.unit_state(unit(&g, "pz")).strategic,
        "R12.2.1, A-79: checked when the phase starts"
    );
}

#[test]
fn r12_2_2_strategic_movement_never_enters_an_enemy_zoc() {
    let mut g = start(&sm_board());
    g.apply(Action::MarkStrategic {
        units: ids(&["pz"]),
    })
    .unwrap();
    until(&mut g, PhaseKind::Strategic, Side::A);
    // 0605 is next to z on 0705.
    assert_eq!(
        mv(&mut g, &["pz"], &["0305", "0405", "0505", "0605"])
            .unwrap_err()
            .rule,
        "R12.2.2"
    );
}

fn tc_cms(o: &Odds, side: crate::CmSide) -> i32 {
    o.cms
        .iter()
        .filter(|c| c.rule == "R13.1.4" && c.side == side)
        .map(|c| c.value)
        .sum()
}

#[test]
fn r13_1_1_soviet_rifle_divisions_give_no_concentration_but_armored_corps_do() {
    for (kind, expected) in [
        (FormationKind::Division, 0),
        (FormationKind::ArmoredCorps, 1),
    ] {
        let mut s = Sandbox::new(10, 10, 2);
        s.formation("F", "soviet", kind);
        for (id, at) in [("s1", "0404"), ("s2", "0405"), ("s3", "0504")] {
            s.unit(id, "soviet", at).formation = Some("F".into());
        }
        s.unit("g", "german", "0505");
        let g = start(&s);
        let o = odds(&g, &["s1", "s2", "s3"], &["0505"]);
        assert_eq!(tc_cms(&o, crate::CmSide::Attacker), expected, "{kind:?}");
    }
}

#[test]
fn r13_1_2_r13_1_3_either_side_concentrates_and_hexes_need_not_be_shared() {
    let mut s = Sandbox::new(10, 10, 2);
    s.formation("D", "german", FormationKind::Division);
    for id in ["d1", "d2", "d3"] {
        s.unit(id, "german", "0505").formation = Some("D".into());
        s.placement(id).unwrap().cel = Some(1);
    }
    s.formation("A", "german", FormationKind::Division);
    for (id, at) in [("a1", "0303"), ("a2", "0304"), ("a3", "0404")] {
        s.unit(id, "german", at);
        let _ = id;
    }
    s.unit("att", "soviet", "0405");
    let g = start(&s);
    let o = odds(&g, &["att"], &["0505"]);
    assert_eq!(tc_cms(&o, crate::CmSide::Defender), 1);
}

#[test]
fn r13_1_5_a_divisions_own_artillery_counts_for_its_concentration() {
    let mut s = Sandbox::new(10, 10, 2);
    s.formation("D", "german", FormationKind::Division);
    for id in ["d1", "d2"] {
        s.unit(id, "german", "0505").formation = Some("D".into());
    }
    s.gun("art", "german", "0505", 4, 2).formation = Some("D".into());
    s.unit("att", "soviet", "0405");
    let g = start(&s);
    assert_eq!(
        tc_cms(&odds(&g, &["att"], &["0505"]), crate::CmSide::Defender),
        1
    );
}
