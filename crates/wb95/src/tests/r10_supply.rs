//! R10 supply: the line of supply (roads free, off-road at trucked costs within the
//! nation's supply MPs, free between friends, blocked by enemy units and ZoCs unless a
//! friendly regular unit holds the hex, enemy artillery and towns projecting ZoC), the
//! out-of-supply levels and their effects, surrender and recovery; R4.3.4-4.3.5.

use proptest::prelude::*;

use super::*;
use crate::event::{EliminationCause, OosReason};
use crate::movement::MoveMode;
use crate::sandbox::Sandbox;
use crate::supply;
use sztab_core::model::{ArtillerySetup, Mp, SupplySource};

fn supplied(g: &Game, u: &str) -> bool {
    let side = g.info(unit(g, u)).side;
    g.supply_status(side).0.contains(&unit(g, u))
}

/// A 12 x 10 clear board, with the Germans supplied from the west edge (10 MP) and the
/// Soviets from the east edge (8 MP).
fn board() -> Sandbox {
    Sandbox::new(12, 10, 4)
}

fn road(s: &mut Sandbox, row: u16, from: u16, to: u16) {
    for c in from..to {
        s.road(
            &format!("{c:02}{row:02}"),
            &format!("{:02}{row:02}", c + 1),
            "main",
        );
    }
}

#[test]
fn r10_1_6_r10_1_7_off_road_the_nation_supply_mp_are_the_limit() {
    let mut s = board();
    s.unit("near", "german", "0605");
    s.unit("far", "german", "0708");
    s.unit("snear", "soviet", "0807");
    s.unit("sfar", "soviet", "0703");
    let g = start(&s);
    // Clear costs a truck 2: 0105 -> 0605 is 10 MP, 0708 more.
    assert!(supplied(&g, "near"));
    assert!(!supplied(&g, "far"));
    // Soviets: 8 MP from the east edge (1207 -> 0807 is 8, 0703 is 10).
    assert!(supplied(&g, "snear"));
    assert!(!supplied(&g, "sfar"));
}

#[test]
fn r10_1_5_r10_1_1_along_a_road_the_line_has_no_limit() {
    let mut s = board();
    road(&mut s, 5, 1, 11);
    s.unit("deep", "german", "1105");
    let g = start(&s);
    assert!(supplied(&g, "deep"));
    assert_eq!(g.supply_map(Side::A)[hx(&g, "1105")], 0);
}

#[test]
fn r10_1_8_off_road_at_trucked_costs_so_never_through_swamp() {
    let mut s = board();
    for r in 1..=10 {
        s.terrain(&format!("03{r:02}"), "clear", &["swamp"]);
    }
    s.unit("g", "german", "0405");
    let g = start(&s);
    assert!(!supplied(&g, "g"));
    let mut s2 = s.clone();
    road(&mut s2, 5, 1, 4);
    let g = start(&s2);
    assert!(supplied(&g, "g"), "a road across the swamp");
}

#[test]
fn r10_1_9_a_step_between_two_friendly_hexes_is_free() {
    let mut s = board();
    for (i, c) in [5, 6, 7, 8].iter().enumerate() {
        s.unit(&format!("g{i}"), "german", &format!("{c:02}05"));
    }
    let g = start(&s);
    assert!(
        supplied(&g, "g3"),
        "0105 -> 0505 costs 8, the chain is free"
    );
    s.placement("g2").unwrap().hex = "0707".parse().unwrap();
    let g = start(&s);
    assert!(!supplied(&g, "g3"));
}

/// A road along row 5 from the west edge to 1005 and a German unit at its end; a swamp
/// belt down column 06 leaves the road the only way through for the line.
fn road_and_raider() -> Sandbox {
    let mut s = board();
    road(&mut s, 5, 1, 10);
    for r in 1..=10 {
        s.terrain(&format!("06{r:02}"), "clear", &["swamp"]);
    }
    s.unit("raider", "german", "1005");
    s
}

#[test]
fn r10_1_10_enemy_units_and_their_zoc_block_the_line_unless_a_friend_holds_the_hex() {
    let mut s = road_and_raider();
    s.unit("block", "soviet", "0606");
    let g = start(&s);
    assert!(g.zoc_of(Side::B).covers(hx(&g, "0605")));
    assert!(!g.zoc_of(Side::B).covers(hx(&g, "0505")));
    assert!(
        !supplied(&g, "raider"),
        "the road hex 0605 is in the enemy ZoC"
    );
    s.unit("hold", "german", "0605");
    let g = start(&s);
    assert!(supplied(&g, "raider"), "a regular unit holds 0605");
    // An HQ does not hold the hex.
    let mut s2 = road_and_raider();
    s2.unit("block", "soviet", "0606");
    s2.hq("gun", "german", "0605");
    let g = start(&s2);
    assert!(!supplied(&g, "raider"));
    // The enemy unit itself blocks.
    let mut s3 = road_and_raider();
    s3.unit("on", "soviet", "0505");
    s3.placement("on").unwrap().fortified = false;
    let g = start(&s3);
    assert!(!supplied(&g, "raider"));
}

#[test]
fn r10_1_11_r6_1_5_enemy_guns_in_combat_setup_block_the_line_limbered_guns_and_hqs_do_not() {
    let mut s = road_and_raider();
    s.gun("sgun", "soviet", "0506", 5, 3);
    let g = start(&s);
    assert!(
        !g.zoc_of(Side::B).covers(hx(&g, "0605")),
        "no ZoC for movement"
    );
    assert!(!supplied(&g, "raider"), "but one for the line of supply");
    s.placement("sgun").unwrap().artillery = Some(ArtillerySetup::Transport);
    let g = start(&s);
    assert!(supplied(&g, "raider"));
    let mut s2 = road_and_raider();
    s2.hq("shq", "soviet", "0506");
    let g = start(&s2);
    assert!(supplied(&g, "raider"));
}

#[test]
fn r10_1_11_an_enemy_controlled_town_blocks_the_line() {
    // An empty town on the road beyond the swamp belt, in Soviet hands: its ZoC
    // covers the road hex 0605 through the belt.
    let mut s = road_and_raider();
    s.terrain("0705", "clear", &["town"]);
    s.bundle
        .scenario
        .control
        .insert("0705".parse().unwrap(), "soviet".into());
    let g = start(&s);
    assert!(!supplied(&g, "raider"));
    s.bundle
        .scenario
        .control
        .insert("0705".parse().unwrap(), "german".into());
    let g = start(&s);
    assert!(supplied(&g, "raider"));
}

#[test]
fn r10_1_4_sources_are_edges_places_hexes_and_headquarters() {
    let mut s = board();
    s.bundle.scenario.sides[0].supply = vec![SupplySource::Hex("0905".parse().unwrap())];
    s.unit("g", "german", "0805");
    s.unit("g2", "german", "0205");
    let g = start(&s);
    assert!(supplied(&g, "g"));
    assert!(!supplied(&g, "g2"));
    let mut s = board();
    s.bundle.scenario.sides[0].supply = vec![SupplySource::Hq("hq".into())];
    s.hq("hq", "german", "0606");
    s.unit("g", "german", "0605");
    let mut g = start(&s);
    assert!(supplied(&g, "g"));
    // The HQ moves and the source with it.
    mv(&mut g, &["hq"], &["0607", "0608", "0609"]).unwrap();
    assert!(g.supply_sources(Side::A).contains(&hx(&g, "0609")));
}

#[test]
fn r10_2_1_r10_1_2_a_unit_without_a_line_in_its_supply_phase_is_oos_level_1_then_more() {
    let mut s = board();
    s.unit("cut", "german", "0905");
    s.unit("far", "soviet", "1209");
    let mut g = start(&s);
    assert_eq!(oos(&g, "cut"), 0, "levels change only in the Supply phase");
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(oos(&g, "cut"), 1);
    end(&mut g);
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(oos(&g, "cut"), 2, "A-49: +1 each Supply phase");
}

#[test]
fn r10_2_2_out_of_supply_halves_mp_and_attack_not_defense() {
    let mut s = board();
    s.unit("g", "german", "0405");
    s.unit("d", "soviet", "0505");
    let mut g = start(&s);
    set_oos(&mut g, "g", 1);
    set_oos(&mut g, "d", 1);
    let gu = unit(&g, "g");
    assert_eq!(g.mp_allowance(gu, MoveMode::Normal, false), Mp::whole(2));
    let o = odds(&g, &["g"], &["0505"]);
    assert_eq!((o.attack.total, o.defense.total), (2, 4));
}

#[test]
fn we_10_2_3_r10_2_3_full_mp_and_full_strength_each_cost_a_level() {
    let mut s = board();
    s.unit("g", "german", "0305");
    s.unit("d", "soviet", "0505");
    let mut g = start(&s);
    set_oos(&mut g, "g", 1);
    g.apply(Action::FullMp { units: ids(&["g"]) }).unwrap();
    assert_eq!(oos(&g, "g"), 2);
    let gu = unit(&g, "g");
    assert_eq!(g.mp_allowance(gu, MoveMode::Normal, false), Mp::whole(4));
    mv(&mut g, &["g"], &["0405"]).unwrap();
    assert_eq!(
        g.check(&Action::FullMp { units: ids(&["g"]) })
            .unwrap_err()
            .rule,
        "R10.2.3"
    );
    until(&mut g, PhaseKind::Combat, Side::A);
    let mut o = order(&["g"], &["0505"]);
    o.full_strength = ids(&["g"]);
    let eng = g.engagement_of(Side::A, &o).unwrap();
    assert_eq!(g.assess(&eng).attack.total, 4);
    // 4 vs 4 at 1:1; a roll of 7 gives -1/-1: no defender retreat, the attack failed.
    g.script_dice(&faces(7));
    let ev = g.apply(Action::Attack(o)).unwrap();
    // WE-10.2.4: +1 full MP, +1 full strength, +1 failed attack.
    let levels: Vec<(u8, OosReason)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::OosChanged { level, reason, .. } => Some((*level, *reason)),
            _ => None,
        })
        .collect();
    assert_eq!(
        &levels[..2],
        &[(3, OosReason::FullStrength), (4, OosReason::AttackFailed)]
    );
}

#[test]
fn we_10_2_4_r10_2_4_r10_2_5_a_successful_attack_raises_the_defenders_level_at_once() {
    let mut s = board();
    s.unit("g", "german", "0405").sp = 8;
    s.unit("d", "soviet", "0505");
    let mut g = start(&s);
    set_oos(&mut g, "d", 3);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 8 vs 4 at 2:1; a roll of 7 gives -/D1.
    attack_rolling(&mut g, &["g"], &["0505"], 7).unwrap();
    finish_combat(&mut g);
    assert_eq!(oos(&g, "d"), 4);
    assert!(
        g.state().combat.is_none(),
        "raised when the combat ends, before the next one"
    );
}

#[test]
fn we_10_2_6_r10_2_6_an_oos_unit_surrenders_when_its_level_less_the_roll_is_positive() {
    for (level, roll, surrenders) in [(2, 2, false), (3, 2, true), (3, 3, false), (5, 4, true)] {
        let mut s2 = board();
        s2.unit("cut", "german", "0905");
        s2.unit("far", "soviet", "1209");
        let mut h = start(&s2);
        // The Supply phase raises the level by one before the test.
        set_oos(&mut h, "cut", level - 1);
        // Phases 4-6 play themselves: the first dice are the Supply phase's.
        h.script_dice(&faces(roll));
        let ev = end(&mut h);
        let test = ev.iter().find_map(|e| match e {
            Event::SurrenderTest {
                level: l,
                roll: r,
                surrendered,
                ..
            } => Some((*l, *r, *surrendered)),
            _ => None,
        });
        assert_eq!(
            test,
            Some((level, roll, surrenders)),
            "level {level} roll {roll}"
        );
        assert_eq!(
            ev.iter().any(|e| matches!(
                e,
                Event::Eliminated {
                    cause: EliminationCause::Surrender,
                    ..
                }
            )),
            surrenders
        );
    }
}

#[test]
fn we_10_2_7_r10_2_7_r10_2_8_a_resupplied_unit_drops_four_levels_a_supply_phase() {
    let mut s = board();
    s.unit("g", "german", "0305");
    s.unit("far", "soviet", "1209");
    let mut g = start(&s);
    set_oos(&mut g, "g", 5);
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(oos(&g, "g"), 1);
    end(&mut g);
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(oos(&g, "g"), 0, "cleared: two turns");
}

#[test]
fn we_3_1_13b_an_oos_unit_with_halved_mp_still_enters_one_hex_at_no_oos_cost() {
    let mut s = board();
    s.unit("inf", "german", "0405");
    s.terrain("0505", "clear", &["swamp"]);
    s.unit("far", "soviet", "1209");
    let mut g = start(&s);
    set_oos(&mut g, "inf", 1);
    assert_eq!(
        g.mp_allowance(unit(&g, "inf"), MoveMode::Normal, false),
        Mp::whole(2)
    );
    // Swamp costs foot 3 > 2: the minimum move; the level stays 1.
    mv(&mut g, &["inf"], &["0505"]).unwrap();
    assert_eq!(oos(&g, "inf"), 1);
}

/// A German unit that drives from 0905 to 1105, deep in Soviet-controlled ground.
fn raid() -> Game {
    let mut s = board();
    s.unit("cut", "german", "0905");
    s.unit("far", "soviet", "1209");
    let mut g = start(&s);
    let c = |g: &Game, h: &str| g.state().control[hx(g, h)];
    assert_eq!(c(&g, "1105"), Some(Side::B));
    assert_eq!(c(&g, "1205"), Some(Side::B));
    mv(&mut g, &["cut"], &["1005", "1105"]).unwrap();
    g
}

#[test]
fn r4_3_5_only_supplied_units_give_control_by_zoc() {
    let mut g = raid();
    until(&mut g, PhaseKind::Movement, Side::B);
    let c = |g: &Game, h: &str| g.state().control[hx(g, h)];
    assert_eq!(c(&g, "1105"), Some(Side::A), "occupied: controlled (A-76)");
    assert_eq!(
        c(&g, "1205"),
        Some(Side::B),
        "its ZoC gives nothing out of supply"
    );
}

#[test]
fn r4_3_4_a_unit_that_surrendered_gives_no_control() {
    let mut g = raid();
    set_oos(&mut g, "cut", 12);
    g.script_dice(&[1, 1]);
    end(&mut g);
    assert!(at(&g, "cut").is_none());
    assert_eq!(g.state().control[hx(&g, "1105")], Some(Side::B));
}

#[test]
fn we_10_1_friends_carry_the_line_and_a_unit_in_the_enemy_zoc_reopens_the_road() {
    // The book's GD division, on a hand-made map: the road along row 5 is cut by the ZoC
    // of a Soviet division on 0606; off the road everything east of column 03 is forest
    // (4 MP a hex for trucks). Two infantry units on 0504 and 0503 extend the line to the
    // armor on 0502 and 0501 by friendly steps; the assault guns on 0907 and the Tigers
    // on 1003 are out of supply, for the line reaches the road beyond the cut with too
    // few MPs left. A unit on the road hex 0605, in the enemy ZoC, reopens the road.
    let mut s = board();
    road(&mut s, 5, 1, 11);
    for c in 4..=11u16 {
        for r in 1..=10u16 {
            if r != 5 {
                s.terrain(&format!("{c:02}{r:02}"), "clear", &["forest"]);
            }
        }
    }
    s.unit("d18", "soviet", "0606");
    for (id, at) in [
        ("mot1", "0504"),
        ("mot2", "0503"),
        ("arm1", "0502"),
        ("arm2", "0501"),
    ] {
        s.unit(id, "german", at);
    }
    s.unit("ag", "german", "0907");
    s.unit("tiger", "german", "1003");
    let g = start(&s);
    for u in ["mot1", "mot2", "arm1", "arm2"] {
        assert!(supplied(&g, u), "{u}");
    }
    s.placement("mot2").unwrap().hex = "0109".parse().unwrap();
    let g2 = start(&s);
    assert!(!supplied(&g2, "arm1"), "without the infantry between them");
    assert!(!supplied(&g, "ag"));
    assert!(!supplied(&g, "tiger"));
    s.placement("mot2").unwrap().hex = "0503".parse().unwrap();
    s.unit("fix", "german", "0605");
    let g = start(&s);
    assert!(supplied(&g, "tiger"), "the road is open again");
    assert!(supplied(&g, "ag"));
}

/// Random positions on a small board: terrain, roads, units of both sides.
fn position(seed: u64) -> Sandbox {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut s = Sandbox::new(9, 8, 2);
    let hex = |c: u16, r: u16| format!("{c:02}{r:02}");
    for c in 1..=9u16 {
        for r in 1..=8u16 {
            match rng.random_range(0..10) {
                0 => {
                    s.terrain(&hex(c, r), "clear", &["swamp"]);
                }
                1 => {
                    s.terrain(&hex(c, r), "clear", &["forest"]);
                }
                2 => {
                    s.terrain(&hex(c, r), "hills", &[]);
                }
                3 => {
                    s.terrain(&hex(c, r), "clear", &["town"]);
                }
                _ => {}
            }
            if r < 8 && rng.random_bool(0.15) {
                s.hexside(&hex(c, r), &hex(c, r + 1), "river", None);
            }
            if c < 9 && rng.random_bool(0.2) {
                s.road(&hex(c, r), &hex(c + 1, r), "main");
            }
        }
    }
    let mut used = std::collections::BTreeSet::new();
    for i in 0..rng.random_range(4..14) {
        let (c, r) = (rng.random_range(1..=9u16), rng.random_range(1..=8u16));
        if !used.insert((c, r)) {
            continue;
        }
        let side = if c < 5 { "german" } else { "soviet" };
        let id = format!("u{i}");
        match rng.random_range(0..4) {
            0 => {
                s.gun(&id, side, &hex(c, r), 4, 2);
                if rng.random_bool(0.5) {
                    s.placement(&id).unwrap().artillery = Some(ArtillerySetup::Transport);
                }
            }
            1 => {
                s.hq(&id, side, &hex(c, r));
            }
            _ => {
                s.unit(&id, side, &hex(c, r));
            }
        }
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// The one search per side gives every unit the answer of a separate backward
    /// search from that unit.
    #[test]
    fn r10_1_3_supply_of_every_unit_matches_a_per_unit_trace(seed in 0u64..1_000_000) {
        let s = position(seed);
        let Ok(g) = s.game(1) else { return Ok(()); };
        for side in Side::BOTH {
            let input = g.supply_input(side);
            let cost = supply::trace(&input);
            for u in g.units_on_map(side) {
                let h = g.unit_state(u).hex().unwrap();
                let budget = g.info(u).supply_mp;
                let one = supply::trace_one(&input, h, budget);
                prop_assert_eq!(cost[h] <= budget.twelfths(), one, "seed {} unit {}", seed, g.unit_id(u));
            }
        }
    }
}

#[test]
fn r10_2_surrender_and_growth_never_make_a_level_negative() {
    let mut s = board();
    s.unit("g", "german", "0305");
    s.unit("far", "soviet", "1209");
    let mut g = start(&s);
    set_oos(&mut g, "g", 2);
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(oos(&g, "g"), 0, "2 - 4 floors at 0");
}
