//! R3 movement, R3.2 stacking.

use super::*;
use crate::movement::MoveMode;
use crate::sandbox::Sandbox;
use sztab_core::model::{ArtillerySetup, Mp};

fn open_board() -> Sandbox {
    let mut s = Sandbox::new(12, 10, 3);
    s.unit("inf", "german", "0205");
    s.armor("pz", "german", "0205", 6, 7);
    s
}

#[test]
fn r3_1_1_units_move_in_movement_phases_and_not_in_combat_phases() {
    let mut s = open_board();
    s.unit("far", "soviet", "1205");
    let mut g = start(&s);
    assert!(mv(&mut g, &["inf"], &["0305"]).is_ok());
    // With no attack possible the Combat phase passes; the Soviet Movement phase is
    // theirs: German units may not move.
    assert_eq!(mv(&mut g, &["pz"], &["0305"]).map(|_| ()), Ok(()));
    end(&mut g);
    assert_eq!(g.state().clock.phase.owner(), Some(Side::B));
    assert_eq!(mv(&mut g, &["pz"], &["0405"]).unwrap_err().rule, "R2.1.1");
}

#[test]
fn r3_1_2_retreats_ignore_movement_points() {
    // A towed gun in transport setup has 6 MP but retreats 3 hexes of swamp-free clear
    // without paying anything: Moved events of retreats cost 0.
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("g", "german", "0405", 16, 7);
    let d = s.unit("d", "soviet", "0505");
    d.sp = 2;
    d.mp = Mp::whole(1);
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    attack_rolling(&mut g, &["g"], &["0505"], 5).unwrap(); // 8:1, -/D4
    let p = g
        .retreat_paths(unit(&g, "d"))
        .into_iter()
        .find(|p| p.len() == 4)
        .unwrap();
    let ev = g
        .apply(Action::Retreat(crate::RetreatOrder {
            moves: vec![("d".into(), p)],
            losses: vec![],
        }))
        .unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cost, .. } if *cost == Mp::ZERO))
    );
}

#[test]
fn r3_1_3_each_unit_moves_once_per_phase_in_the_owners_order() {
    let mut g = start(&open_board());
    mv(&mut g, &["pz"], &["0305"]).unwrap();
    assert!(mv(&mut g, &["inf"], &["0305"]).is_ok());
    assert_eq!(mv(&mut g, &["pz"], &["0405"]).unwrap_err().rule, "R3.1.3");
}

#[test]
fn r3_1_4_a_path_is_contiguous() {
    let mut g = start(&open_board());
    assert_eq!(mv(&mut g, &["inf"], &["0405"]).unwrap_err().rule, "R3.1.4");
    assert_eq!(mv(&mut g, &["inf"], &[]).unwrap_err().rule, "R3.1.4");
}

#[test]
fn r3_1_5_r3_1_6_a_move_is_limited_by_the_units_mp() {
    let mut g = start(&open_board());
    // Foot, 4 MP, clear 1 MP a hex.
    assert_eq!(
        mv(&mut g, &["inf"], &["0305", "0405", "0505", "0605", "0705"])
            .unwrap_err()
            .rule,
        "R3.1.5"
    );
    assert!(mv(&mut g, &["inf"], &["0305", "0405", "0505", "0605"]).is_ok());
}

#[test]
fn r3_1_7_unused_mp_are_lost_and_not_passed_on() {
    let mut s = open_board();
    s.unit("far", "soviet", "1208");
    let mut g = start(&s);
    mv(&mut g, &["inf"], &["0305"]).unwrap();
    assert_eq!(g.mp_spent(unit(&g, "inf")), Mp::whole(1));
    end(&mut g);
    until(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(g.turn(), 2);
    assert_eq!(
        g.mp_spent(unit(&g, "inf")),
        Mp::ZERO,
        "a new phase, full MP again"
    );
    assert!(mv(&mut g, &["inf"], &["0405", "0505", "0605", "0705"]).is_ok());
}

#[test]
fn r3_1_8_no_unit_enters_an_enemy_hex() {
    let mut s = open_board();
    s.unit("enemy", "soviet", "0305");
    let mut g = start(&s);
    assert_eq!(mv(&mut g, &["pz"], &["0305"]).unwrap_err().rule, "R3.1.8");
}

#[test]
fn r3_1_9_r3_1_10_units_pass_through_friends_regardless_of_stacking() {
    let mut s = open_board();
    for i in 0..4 {
        s.unit(&format!("full{i}"), "german", "0305");
    }
    let mut g = start(&s);
    assert_eq!(g.stacked_cel(hx(&g, "0305")), 8);
    assert!(mv(&mut g, &["inf"], &["0305", "0405"]).is_ok());
    assert_eq!(mv(&mut g, &["pz"], &["0305"]).unwrap_err().rule, "R3.2.1");
}

#[test]
fn r3_1_11_costs_depend_on_the_movement_class() {
    let mut s = open_board();
    let t = s.unit("truck", "german", "0205");
    t.movement = sztab_core::model::MovementClass::Trucked;
    t.mp = Mp::whole(6);
    s.terrain("0305", "clear", &["forest"]);
    let mut g = start(&s);
    let cost = |ev: &[Event]| {
        ev.iter()
            .find_map(|e| match e {
                Event::Moved { cost, .. } => Some(*cost),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(
        cost(&mv(&mut g, &["inf"], &["0305"]).unwrap()),
        Mp::whole(2)
    );
    assert_eq!(cost(&mv(&mut g, &["pz"], &["0305"]).unwrap()), Mp::whole(2));
    assert_eq!(
        cost(&mv(&mut g, &["truck"], &["0305"]).unwrap()),
        Mp::whole(4)
    );
}

#[test]
fn r3_1_12_a_road_replaces_terrain_and_hexside_costs() {
    let mut s = open_board();
    s.terrain("0305", "clear", &["forest"])
        .hexside("0205", "0305", "river", None)
        .road("0205", "0305", "main");
    let mut g = start(&s);
    let ev = mv(&mut g, &["pz"], &["0305"]).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cost, .. } if *cost == Mp::ratio(1, 2).unwrap()))
    );
}

#[test]
fn r3_1_12_a_destroyed_bridge_cuts_the_road() {
    let mut s = open_board();
    s.hexside("0205", "0305", "river", None)
        .road("0205", "0305", "main");
    s.bundle
        .scenario
        .destroyed_bridges
        .push(sztab_core::hex::Hexside::parse("0205-0305").unwrap());
    let mut g = start(&s);
    let ev = mv(&mut g, &["pz"], &["0305"]).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cost, .. } if *cost == Mp::whole(2)))
    );
}

#[test]
fn a_7_a_move_all_along_a_secondary_road_gets_one_extra_hex() {
    let mut s = Sandbox::new(12, 10, 2);
    s.unit("inf", "german", "0105");
    s.unit("inf2", "german", "0105");
    let hexes = ["0105", "0205", "0305", "0405", "0505", "0605"];
    for w in hexes.windows(2) {
        s.road(w[0], w[1], "secondary");
    }
    let mut g = start(&s);
    // Foot: 1 MP a hex on the secondary road, 4 MP, and one hex more.
    assert!(mv(&mut g, &["inf"], &hexes[1..]).is_ok());
    assert_eq!(
        mv(&mut g, &["inf2"], &["0205", "0305", "0405", "0505", "0506"])
            .unwrap_err()
            .rule,
        "R3.1.5"
    );
}

#[test]
fn r3_1_13_the_minimum_move_is_only_for_a_single_step_and_never_into_impassable_terrain() {
    let mut s = open_board();
    s.terrain("0305", "mountain", &[]);
    s.terrain("0204", "clear", &["swamp"]);
    let truck = s.unit("truck", "german", "0205");
    truck.movement = sztab_core::model::MovementClass::Trucked;
    let mut g = start(&s);
    assert_eq!(mv(&mut g, &["pz"], &["0305"]).unwrap_err().rule, "R3.1.11");
    assert_eq!(
        mv(&mut g, &["truck"], &["0204"]).unwrap_err().rule,
        "R3.1.11"
    );
    // Foot into mountain: 3 MP of 4, fine; then no minimum move after a first step.
    assert!(mv(&mut g, &["inf"], &["0305"]).is_ok());
}

#[test]
fn r3_2_1_a_move_may_not_end_over_eight_cel() {
    let mut s = open_board();
    for i in 0..3 {
        s.unit(&format!("x{i}"), "german", "0305");
    }
    let mut g = start(&s);
    assert!(mv(&mut g, &["inf"], &["0305"]).is_ok());
    assert_eq!(mv(&mut g, &["pz"], &["0305"]).unwrap_err().rule, "R3.2.1");
}

#[test]
fn r3_2_2_an_hq_and_a_towed_gun_count_one_cel() {
    let mut s = open_board();
    for i in 0..3 {
        s.unit(&format!("x{i}"), "german", "0305");
    }
    s.hq("hq", "german", "0205");
    s.gun("gun", "german", "0205", 4, 2);
    s.placement("gun").unwrap().artillery = Some(ArtillerySetup::Transport);
    let mut g = start(&s);
    assert_eq!(g.stacked_cel(hx(&g, "0205")), 2 + 2 + 1 + 1);
    assert!(mv(&mut g, &["hq"], &["0305"]).is_ok());
    assert!(mv(&mut g, &["gun"], &["0305"]).is_ok());
    assert_eq!(g.stacked_cel(hx(&g, "0305")), 8);
}

#[test]
fn r6_2_3_r6_2_4_a_gun_limbers_up_for_one_mp_before_moving() {
    let mut s = open_board();
    s.gun("gun", "german", "0205", 4, 2);
    let mut g = start(&s);
    assert_eq!(mv(&mut g, &["gun"], &["0305"]).unwrap_err().rule, "R6.2.3");
    g.apply(Action::ChangeSetup { unit: "gun".into() }).unwrap();
    assert_eq!(g.mp_spent(unit(&g, "gun")), Mp::whole(1));
    // 6 MP trucked, 2 per clear hex: 1 + 2 + 2 = 5.
    assert!(mv(&mut g, &["gun"], &["0305", "0405"]).is_ok());
}

#[test]
fn reach_finds_every_legal_destination_with_a_legal_path() {
    let mut s = open_board();
    s.unit("enemy", "soviet", "0705");
    s.terrain("0405", "clear", &["forest"]);
    let g = start(&s);
    let pz = unit(&g, "pz");
    let dests = g.destinations(pz);
    assert!(!dests.is_empty());
    for d in &dests {
        let mut g2 = g.clone();
        let r = g2.apply(Action::Move {
            units: ids(&["pz"]),
            path: d.path.clone(),
        });
        assert!(r.is_ok(), "{:?}: {r:?}", d);
    }
    let reach = g.reach(pz).unwrap();
    assert_eq!(
        reach.cost(hx(&g, "0405")),
        Some(Mp::whole(3)),
        "clear 1 + forest 1... via 0305: 1 + 2"
    );
    assert_eq!(g.mp_allowance(pz, MoveMode::Normal, false), Mp::whole(7));
}

#[test]
fn r3_2_1_overrun_guns_do_not_count_against_the_stacking_limit() {
    let mut s = Sandbox::new(10, 10, 2);
    for id in ["a", "b", "c"] {
        s.armor(id, "german", "0404", 6, 7);
    }
    for id in ["gun1", "gun2", "gun3"] {
        s.gun(id, "soviet", "0505", 2, 1);
    }
    let mut g = start(&s);
    // 6 CEL of armor enter the hex of 3 guns (3 CEL): the guns go, the stack fits.
    let ev = mv(&mut g, &["a", "b", "c"], &["0505"]).unwrap();
    assert_eq!(count(&ev, |e| matches!(e, Event::Eliminated { .. })), 3);
    assert_eq!(g.stacked_cel(hx(&g, "0505")), 6);
}
