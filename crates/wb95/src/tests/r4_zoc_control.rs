//! R4 zones of control and hex control.

use super::*;
use crate::sandbox::Sandbox;
use sztab_core::model::{MovementClass, Mp, UnitKind};

fn around_enemy() -> Sandbox {
    let mut s = Sandbox::new(10, 10, 3);
    s.unit("E", "soviet", "0505");
    s
}

fn sources(g: &Game, side: Side, h: &str) -> Vec<Unit> {
    g.zoc_of(side).sources(hx(g, h)).to_vec()
}

#[test]
fn r4_1_1_a_zoc_covers_the_six_neighbours() {
    let g = start(&around_enemy());
    let e = unit(&g, "E");
    for h in ["0504", "0506", "0604", "0605", "0404", "0405"] {
        assert_eq!(sources(&g, Side::B, h), vec![e], "{h}");
    }
    assert!(sources(&g, Side::B, "0505").is_empty());
    assert!(sources(&g, Side::B, "0703").is_empty());
}

#[test]
fn r4_1_2_towed_artillery_hqs_and_resilience_groups_have_no_zoc() {
    let mut s = Sandbox::new(10, 10, 2);
    s.gun("gun", "soviet", "0303", 4, 2);
    s.hq("hq", "soviet", "0306");
    let rg = s.unit("rg", "soviet", "0703");
    rg.kind = UnitKind::Resilience;
    rg.movement = MovementClass::Static;
    rg.mp = Mp::ZERO;
    let sp = s.armor("sp", "soviet", "0706", 4, 6);
    sp.kind = UnitKind::Artillery;
    sp.flags.self_propelled = true;
    let g = start(&s);
    for h in ["0304", "0307", "0704"] {
        assert!(sources(&g, Side::B, h).is_empty(), "{h}");
    }
    assert_eq!(sources(&g, Side::B, "0707"), vec![unit(&g, "sp")], "A-38");
}

#[test]
fn r4_1_3_no_zoc_across_a_big_river() {
    let mut s = around_enemy();
    s.hexside("0505", "0605", "big_river", None);
    let g = start(&s);
    assert!(sources(&g, Side::B, "0605").is_empty());
    assert!(!sources(&g, Side::B, "0604").is_empty());
}

#[test]
fn r4_1_4_motorized_units_project_no_zoc_into_swamp() {
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("mech", "soviet", "0505", 5, 7);
    s.unit("foot", "soviet", "0303");
    s.terrain("0604", "clear", &["swamp"])
        .terrain("0304", "clear", &["swamp"]);
    let g = start(&s);
    assert!(sources(&g, Side::B, "0604").is_empty());
    assert_eq!(sources(&g, Side::B, "0304"), vec![unit(&g, "foot")]);
}

#[test]
fn r4_1_5_zocs_of_both_sides_overlap() {
    let mut s = around_enemy();
    s.unit("G", "german", "0304");
    let g = start(&s);
    // 0404 is next to both.
    assert!(!sources(&g, Side::A, "0404").is_empty() && !sources(&g, Side::B, "0404").is_empty());
}

#[test]
fn r4_2_1_entering_an_enemy_zoc_stops_the_move() {
    let mut s = around_enemy();
    s.armor("G", "german", "0403", 6, 7);
    let mut g = start(&s);
    assert_eq!(
        mv(&mut g, &["G"], &["0404", "0304"]).unwrap_err().rule,
        "R4.2.1"
    );
    assert!(mv(&mut g, &["G"], &["0404"]).is_ok());
}

#[test]
fn r4_2_2_entering_an_enemy_zoc_costs_nothing_extra() {
    let mut s = around_enemy();
    s.armor("G", "german", "0403", 6, 7);
    let mut g = start(&s);
    let ev = mv(&mut g, &["G"], &["0404"]).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cost, .. } if *cost == Mp::whole(1)))
    );
}

#[test]
fn r4_2_3_no_step_between_two_hexes_of_one_enemy_units_zoc() {
    let mut s = around_enemy();
    s.armor("G", "german", "0404", 6, 7);
    let mut g = start(&s);
    assert_eq!(mv(&mut g, &["G"], &["0405"]).unwrap_err().rule, "R4.2.3");
}

#[test]
fn r4_2_4_a_unit_may_leave_one_zoc_for_another_and_stops() {
    let mut s = around_enemy();
    s.unit("F", "soviet", "0303");
    s.armor("G", "german", "0404", 6, 7);
    let mut g = start(&s);
    // 0404 (E's ZoC) -> 0304 (F's ZoC, not E's), and no further.
    assert!(g.zoc_of(Side::B).sources(hx(&g, "0304")) == [unit(&g, "F")]);
    assert_eq!(
        mv(&mut g, &["G"], &["0304", "0204"]).unwrap_err().rule,
        "R4.2.1"
    );
    assert!(mv(&mut g, &["G"], &["0304"]).is_ok());
}

#[test]
fn r4_2_5_a_unit_may_reenter_the_same_zoc_through_a_free_hex() {
    let mut s = around_enemy();
    s.armor("G", "german", "0404", 6, 7);
    let mut g = start(&s);
    let ev = mv(&mut g, &["G"], &["0403", "0504"]).unwrap();
    // Leaving costs 1 more (R4.2.6): 1 + 1, then 1.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cost, .. } if *cost == Mp::whole(3)))
    );
}

#[test]
fn r4_2_6_leaving_an_enemy_zoc_costs_one_mp() {
    let mut s = around_enemy();
    s.unit("G", "german", "0404");
    let mut g = start(&s);
    let ev = mv(&mut g, &["G"], &["0304"]).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cost, .. } if *cost == Mp::whole(2)))
    );
}

#[test]
fn r4_3_1_initial_control_follows_positions_sources_and_overrides() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("G", "german", "0805");
    s.unit("S", "soviet", "0205");
    s.bundle.scenario.control.insert(
        sztab_core::hex::HexId::parse("0101").unwrap(),
        "soviet".into(),
    );
    let g = start(&s);
    let c = |h: &str| g.state().control[hx(&g, h)];
    assert_eq!(c("0805"), Some(Side::A), "occupied");
    assert_eq!(c("0205"), Some(Side::B), "occupied");
    assert_eq!(c("0905"), Some(Side::A), "only in German ZoC");
    assert_eq!(c("0110"), Some(Side::A), "nearer the German supply edge");
    assert_eq!(c("1010"), Some(Side::B), "nearer the Soviet supply edge");
    assert_eq!(c("0101"), Some(Side::B), "scenario override");
}

fn deep_raid() -> Game {
    let mut s = Sandbox::new(10, 10, 3);
    // A road from the German supply edge keeps the raider supplied (R4.3.5).
    for c in 1..8 {
        s.road(&format!("{c:02}05"), &format!("{:02}05", c + 1), "main");
    }
    s.armor("G", "german", "0605", 6, 7);
    s.unit("S", "soviet", "1005");
    let mut g = start(&s);
    mv(&mut g, &["G"], &["0705", "0805"]).unwrap();
    g
}

#[test]
fn r4_3_2_a_side_controls_the_hexes_it_occupies_at_the_end_of_its_supply_phase() {
    let mut g = deep_raid();
    assert_eq!(
        g.state().control[hx(&g, "0805")],
        Some(Side::B),
        "not before the Supply phase"
    );
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(g.state().control[hx(&g, "0805")], Some(Side::A));
}

#[test]
fn r4_3_3_r4_1_6_and_the_empty_hexes_in_its_zoc_alone() {
    let mut g = deep_raid();
    until(&mut g, PhaseKind::Movement, Side::B);
    let c = |g: &Game, h: &str| g.state().control[hx(g, h)];
    assert_eq!(c(&g, "0804"), Some(Side::A));
    assert_eq!(c(&g, "0806"), Some(Side::A));
    assert_eq!(c(&g, "0906"), Some(Side::B), "also in the Soviet ZoC");
}

#[test]
fn r4_3_6_an_enemy_zoc_blocks_control_and_control_persists() {
    let mut g = deep_raid();
    until(&mut g, PhaseKind::Movement, Side::B);
    // 0905 is next to both the German (0805) and the Soviet (1005) unit.
    assert_eq!(g.state().control[hx(&g, "0905")], Some(Side::B));
    // The Soviets do not come: the Germans leave, their control stays.
    end(&mut g);
    until(&mut g, PhaseKind::Movement, Side::A);
    mv(&mut g, &["G"], &["0705"]).unwrap();
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(g.state().control[hx(&g, "0804")], Some(Side::A));
}
