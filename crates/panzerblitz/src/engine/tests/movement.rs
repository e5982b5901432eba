//! How to Move Units, Road Movement, the TEC's movement column, Stacking, Mines,
//! Blockage, entering and leaving the board.

use super::{mv, ok, refused, to_step};
use crate::engine::board::{Cover, Level};
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, Template, hex, units::*};
use crate::engine::scenario::Marker;
use crate::engine::unit::Kind;
use crate::engine::{Action, Event, Step};
use sztab_core::hex::MapEdge;

/// The MF a unit has spent after its last move.
fn spent(events: &[Event]) -> u32 {
    events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Moved { spent, .. } | Event::Entered { spent, .. } => Some(*spent),
            _ => None,
        })
        .expect("a move")
}

fn vehicles(b: &Sandbox) -> crate::engine::Game {
    let mut g = b.game(1);
    to_step(&mut g, Step::VehicleMove);
    g
}

#[test]
fn tec_clear_costs_one_mf_and_trucks_two() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "tr", TRUCK, "0601");
    let mut g = vehicles(&b);
    assert_eq!(
        refused(
            &mut g,
            mv(
                "tk",
                &[
                    "0502", "0503", "0504", "0505", "0506", "0507", "0508", "0509", "0510"
                ]
            )
        ),
        "How to Move Units C"
    );
    let e = ok(
        &mut g,
        mv(
            "tk",
            &[
                "0502", "0503", "0504", "0505", "0506", "0507", "0508", "0509",
            ],
        ),
    );
    assert_eq!(spent(&e), 16);
    assert_eq!(
        refused(
            &mut g,
            mv(
                "tr",
                &["0602", "0603", "0604", "0605", "0606", "0607", "0608"]
            )
        ),
        "How to Move Units C"
    );
    let e = ok(
        &mut g,
        mv("tr", &["0602", "0603", "0604", "0605", "0606", "0607"]),
    );
    assert_eq!(spent(&e), 24);
}

#[test]
fn road_a_half_mf_a_road_hex_and_terrain_cost_onto_the_road() {
    let mut b = Sandbox::new(12, 14);
    let road: Vec<String> = (1..=12).map(|r| format!("05{r:02}")).collect();
    let road: Vec<&str> = road.iter().map(String::as_str).collect();
    b.road(&road);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "tr", TRUCK, "0401");
    let mut g = vehicles(&b);
    // Eleven road hexes at ½ MF: 5½ of its 8 MF.
    let e = ok(&mut g, mv("tk", &road[1..]));
    assert_eq!(spent(&e), 11);
    // Onto the road through a non-road hexside: the clear terrain's cost (a truck's 2).
    let e = ok(&mut g, mv("tr", &["0502", "0503"]));
    assert_eq!(spent(&e), 5);
}

#[test]
fn road_c_d_e_passing_a_unit_on_the_road_costs_its_hex_and_the_next() {
    let mut b = Sandbox::new(12, 12);
    b.road(&["0501", "0502", "0503", "0504", "0505", "0506"]);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "other", PZ_IV, "0504");
    let mut g = vehicles(&b);
    // ½ + ½ + 1 (onto the unit) + 1 (the next road hex) + ½.
    let e = ok(&mut g, mv("tk", &["0502", "0503", "0504", "0505", "0506"]));
    assert_eq!(spent(&e), 7);
    // Ending on the unit: no road rate onto it.
    let mut g = vehicles(&b);
    let e = ok(&mut g, mv("tk", &["0502", "0503", "0504"]));
    assert_eq!(spent(&e), 4);
}

#[test]
fn road_f_a_unit_may_split_off_a_stack_at_the_road_rate() {
    let mut b = Sandbox::new(12, 12);
    b.road(&["0501", "0502", "0503", "0504"]);
    b.unit(GERMAN, "a", PZ_IV, "0501");
    b.unit(GERMAN, "b", PZ_IV, "0501");
    let mut g = vehicles(&b);
    let e = ok(&mut g, mv("a", &["0502", "0503", "0504"]));
    assert_eq!(spent(&e), 3);
}

#[test]
fn road_g_a_vehicle_and_its_passenger_use_the_road_rate_together() {
    let mut b = Sandbox::new(12, 12);
    b.road(&["0501", "0502", "0503", "0504"]);
    b.unit(GERMAN, "tr", TRUCK, "0501");
    b.unit(GERMAN, "inf", RIFLE_DE, "0501");
    b.aboard("inf", "tr");
    let mut g = vehicles(&b);
    let e = ok(&mut g, mv("tr", &["0502", "0503", "0504"]));
    assert_eq!(spent(&e), 3);
    assert_eq!(
        g.state().hex_of(g.s.unit("inf").unwrap()),
        Some(hex("0504"))
    );
}

#[test]
fn road_e_passing_keeps_the_prohibitions_of_the_terrain_swamp() {
    let mut b = Sandbox::new(12, 12);
    b.road(&["0501", "0502", "0503", "0504"]);
    b.cover(Cover::Swamp, &["0503"]);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "inf", RIFLE_DE, "0503");
    let mut g = vehicles(&b);
    assert_eq!(
        refused(&mut g, mv("tk", &["0502", "0503", "0504"])),
        "Road Movement E"
    );
    // Onto the unit on the swamp road, and stop there.
    ok(&mut g, mv("tk", &["0502", "0503"]));
    assert!(g.state().units[g.s.unit("tk").unwrap()].stopped);
}

#[test]
fn stacking_g_vehicles_do_not_stack_on_swamp_roads() {
    let mut b = Sandbox::new(12, 12);
    b.road(&["0501", "0502", "0503"]);
    b.cover(Cover::Swamp, &["0503"]);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "tk2", PZ_IV, "0503");
    let mut g = vehicles(&b);
    assert_eq!(refused(&mut g, mv("tk", &["0502", "0503"])), "Stacking G");
}

#[test]
fn tec_woods_vehicles_cross_green_hexsides_only_along_a_road() {
    let mut b = Sandbox::new(12, 12);
    b.cover(Cover::Woods, &["0504", "0604"])
        .green("0503", "0504")
        .green("0603", "0604");
    b.road(&["0603", "0604"]);
    b.unit(GERMAN, "tk", PZ_IV, "0503");
    b.unit(GERMAN, "tk2", PZ_IV, "0603");
    b.unit(GERMAN, "inf", RIFLE_DE, "0502");
    let mut g = vehicles(&b);
    assert_eq!(refused(&mut g, mv("tk", &["0504"])), "TEC Woods");
    ok(&mut g, mv("tk2", &["0604"]));
    to_step(&mut g, Step::FootMove);
    // Foot units cross green hexsides; woods cost them 1 MF.
    let e = ok(&mut g, mv("inf", &["0503"]));
    assert_eq!(spent(&e), 2);
}

#[test]
fn tec_swamps_vehicles_may_not_enter_except_on_roads() {
    let mut b = Sandbox::new(12, 12);
    b.cover(Cover::Swamp, &["0502", "0602"]);
    b.road(&["0601", "0602"]);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "tk2", PZ_IV, "0601");
    b.unit(GERMAN, "inf", RIFLE_DE, "0503");
    let mut g = vehicles(&b);
    assert_eq!(refused(&mut g, mv("tk", &["0502"])), "TEC Swamps");
    ok(&mut g, mv("tk2", &["0602"]));
    to_step(&mut g, Step::FootMove);
    ok(&mut g, mv("inf", &["0502"]));
}

#[test]
fn tec_slopes_cost_vehicles_three_trucks_four_and_foot_one() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Slope, &["0502", "0602", "0702"]);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "tr", TRUCK, "0601");
    b.unit(GERMAN, "inf", RIFLE_DE, "0701");
    let mut g = vehicles(&b);
    assert_eq!(spent(&ok(&mut g, mv("tk", &["0502"]))), 6);
    assert_eq!(spent(&ok(&mut g, mv("tr", &["0602"]))), 8);
    to_step(&mut g, Step::FootMove);
    assert_eq!(spent(&ok(&mut g, mv("inf", &["0702"]))), 2);
}

#[test]
fn tec_gullies_cost_the_terrain_along_them_and_three_or_five_mf_to_leave() {
    let mut b = Sandbox::new(12, 12);
    b.gully(&["0502", "0503", "0504"]).ford(&["0504"]);
    b.unit(GERMAN, "tk", PZ_IV, "0502");
    b.unit(GERMAN, "tk2", PZ_IV, "0503");
    b.unit(GERMAN, "tr", TRUCK, "0502");
    let mut g = vehicles(&b);
    // Leaving: 1 MF for the clear hex entered and 3 to climb out.
    assert_eq!(spent(&ok(&mut g, mv("tk", &["0602"]))), 8);
    // A truck: 2 and 5.
    assert_eq!(spent(&ok(&mut g, mv("tr", &["0402"]))), 14);
    // Along the gully onto the ford, then out of the ford: no leaving cost.
    assert_eq!(spent(&ok(&mut g, mv("tk2", &["0504", "0505"]))), 4);
}

#[test]
fn terrain_features_the_pond_hex_and_pond_hexsides_stop_every_unit() {
    let mut b = Sandbox::new(12, 12);
    b.pond("0503");
    b.mark("0601", "0602", |m| m.pond = true);
    b.unit(GERMAN, "inf", RIFLE_DE, "0502");
    b.unit(GERMAN, "inf2", RIFLE_DE, "0601");
    let mut g = b.game(1);
    to_step(&mut g, Step::FootMove);
    assert_eq!(refused(&mut g, mv("inf", &["0503"])), "Terrain Features");
    assert_eq!(refused(&mut g, mv("inf2", &["0602"])), "TEC Ponds");
}

#[test]
fn how_to_move_c_a_unit_with_an_mf_of_1_moves_one_hex_whatever_the_terrain() {
    const TRACTOR: Template = Template {
        name: "tractor",
        kind: Kind::Armored,
        f: crate::engine::unit::Factors {
            attack: 1,
            class: crate::engine::unit::Class::A,
            range: 1,
            defense: 1,
            movement: 1,
        },
    };
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Slope, &["0502", "0503"]);
    b.unit(GERMAN, "t", TRACTOR, "0501");
    let mut g = vehicles(&b);
    assert_eq!(
        refused(&mut g, mv("t", &["0502", "0503"])),
        "How to Move Units C"
    );
    ok(&mut g, mv("t", &["0502"]));
    assert_eq!(refused(&mut g, mv("t", &["0503"])), "How to Move Units");
}

#[test]
fn how_to_move_d_e_f_through_friends_never_through_or_onto_enemies() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "friend", PZ_IV, "0502");
    b.unit(RUSSIAN, "foe", T34, "0504");
    let mut g = vehicles(&b);
    assert_eq!(
        refused(&mut g, mv("tk", &["0502", "0503", "0504", "0505"])),
        "How to Move Units E"
    );
    assert_eq!(
        refused(&mut g, mv("tk", &["0502", "0503", "0504"])),
        "How to Move Units E"
    );
    ok(&mut g, mv("tk", &["0502", "0503"]));
}

#[test]
fn how_to_move_a_vehicles_move_in_step_4_and_foot_units_in_step_5() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "inf", RIFLE_DE, "0601");
    let mut g = b.game(1);
    assert_eq!(refused(&mut g, mv("tk", &["0502"])), "Sequence of Play");
    to_step(&mut g, Step::VehicleMove);
    assert_eq!(refused(&mut g, mv("inf", &["0602"])), "Sequence of Play");
    to_step(&mut g, Step::FootMove);
    assert_eq!(refused(&mut g, mv("tk", &["0502"])), "Sequence of Play");
    ok(&mut g, mv("inf", &["0602"]));
}

#[test]
fn stacking_a_b_three_germans_two_russians_a_hex() {
    let mut b = Sandbox::new(12, 12);
    for (i, h) in ["0501", "0502", "0503", "0504"].iter().enumerate() {
        b.unit(GERMAN, &format!("g{i}"), PZ_IV, h);
    }
    b.unit(GERMAN, "g4", PZ_IV, "0505");
    b.unit(GERMAN, "g5", PZ_IV, "0505");
    let mut g = vehicles(&b);
    ok(&mut g, mv("g0", &["0502", "0503", "0504", "0505", "0506"]));
    ok(&mut g, mv("g1", &["0503", "0504", "0505"]));
    assert_eq!(
        refused(&mut g, mv("g2", &["0504", "0505"])),
        "Stacking A, B"
    );
    let mut b = Sandbox::new(12, 12);
    b.unit(RUSSIAN, "r0", T34, "0501");
    b.unit(RUSSIAN, "r1", T34, "0502");
    b.unit(RUSSIAN, "r2", T34, "0503");
    b.s.sides.swap(0, 1);
    for u in &mut b.s.units {
        u.side = 0;
    }
    let mut g = vehicles(&b);
    ok(&mut g, mv("r0", &["0502"]));
    assert_eq!(refused(&mut g, mv("r2", &["0502"])), "Stacking A, B");
}

#[test]
fn stacking_c_e_f_carriers_count_one_wrecks_and_blocks_count_mines_and_forts_do_not() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tr", TRUCK, "0503");
    b.unit(GERMAN, "inf", RIFLE_DE, "0503");
    b.aboard("inf", "tr");
    b.unit(GERMAN, "a", PZ_IV, "0501");
    b.unit(GERMAN, "c", PZ_IV, "0505");
    b.marker("0503", Marker::Wreck { side: RUSSIAN });
    b.marker(
        "0503",
        Marker::Fort {
            df: 40,
            side: Some(GERMAN),
        },
    );
    b.marker("0503", Marker::Mines);
    let mut g = vehicles(&b);
    // Truck and passenger (1) + the wreck (1) + one more: 3.
    ok(&mut g, mv("a", &["0502", "0503"]));
    assert_eq!(refused(&mut g, mv("c", &["0504", "0503"])), "Stacking A, B");
}

#[test]
fn mines_d_e_a_unit_stops_on_a_minefield_which_attacks_it_in_the_enemy_turn() {
    let mut b = Sandbox::new(12, 12);
    b.marker("0503", Marker::Mines);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "1212");
    let mut g = vehicles(&b);
    assert_eq!(
        refused(&mut g, mv("tk", &["0502", "0503", "0504"])),
        "Mines D"
    );
    ok(&mut g, mv("tk", &["0502", "0503"]));
    to_step(&mut g, Step::Assault);
    g.script(&[1]);
    let e = ok(&mut g, Action::EndStep);
    let attack = e
        .iter()
        .find_map(|e| match e {
            Event::Attacked(a) => Some(a.clone()),
            _ => None,
        })
        .expect("the minefield attacks in the Russian player-turn");
    assert_eq!(attack.column, 4, "2-1");
    assert_eq!(attack.modifier, 0);
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Destroyed { unit, .. } if unit == "tk"))
    );
    assert!(
        e.iter().any(|e| matches!(e, Event::WreckLeft { .. })),
        "Wreckage"
    );
}

#[test]
fn mines_f_g_engineers_next_to_a_minefield_clear_it_on_a_1() {
    let mut b = Sandbox::new(12, 12);
    b.marker("0503", Marker::Mines);
    b.unit(GERMAN, "eng", ENGINEER_DE, "0502");
    let mut g = b.game(1);
    g.script(&[2]);
    let e = ok(
        &mut g,
        Action::Fire {
            attacks: vec![],
            clear_mines: vec![("eng".into(), hex("0503"))],
        },
    );
    assert!(e.iter().any(|e| matches!(e, Event::MinesHeld { .. })));
    assert!(g.state().mines.contains(&hex("0503")), "never used up");
    // Having tried, the engineer may not move this turn.
    to_step(&mut g, Step::FootMove);
    assert_eq!(refused(&mut g, mv("eng", &["0501"])), "How to Move Units B");
    // Next turn it rolls again.
    while !(g.state().side == GERMAN && g.state().turn == 2) {
        ok(&mut g, Action::EndStep);
    }
    g.script(&[1]);
    let e = ok(
        &mut g,
        Action::Fire {
            attacks: vec![],
            clear_mines: vec![("eng".into(), hex("0503"))],
        },
    );
    assert!(e.iter().any(|e| matches!(e, Event::MinesCleared { .. })));
    assert!(!g.state().mines.contains(&hex("0503")));
}

#[test]
fn blockage_b_only_a_unit_that_began_next_to_a_block_enters_it_and_stops() {
    let mut b = Sandbox::new(12, 12);
    b.marker("0504", Marker::Block);
    b.unit(GERMAN, "near", RIFLE_DE, "0503");
    b.unit(GERMAN, "far", PZ_IV, "0501");
    let mut g = vehicles(&b);
    assert_eq!(
        refused(&mut g, mv("far", &["0502", "0503", "0504"])),
        "Blockage B"
    );
    to_step(&mut g, Step::FootMove);
    ok(&mut g, mv("near", &["0504"]));
}

#[test]
fn blockage_e_wreckage_c_a_block_or_a_wreck_negates_the_road() {
    let mut b = Sandbox::new(12, 12);
    b.road(&["0501", "0502", "0503", "0504"]);
    b.marker("0503", Marker::Wreck { side: GERMAN });
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    let mut g = vehicles(&b);
    // ½ + 1 (the wreck's hex is a non-road hex) + 1 (and so is the hexside out of it).
    assert_eq!(spent(&ok(&mut g, mv("tk", &["0502", "0503", "0504"]))), 5);
}

#[test]
fn arrivals_enter_on_their_hexes_and_units_leave_across_an_edge() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tk", PZ_IV, "");
    b.unit(GERMAN, "tr", TRUCK, "");
    b.unit(GERMAN, "gun", AT_75, "");
    b.arrive_edge(1, &["tk", "tr", "gun"], MapEdge::West);
    let mut g = vehicles(&b);
    assert_eq!(
        refused(
            &mut g,
            Action::Enter {
                unit: "tk".into(),
                hex: hex("0505"),
                passenger: None
            }
        ),
        "Situation Card"
    );
    ok(
        &mut g,
        Action::Enter {
            unit: "tk".into(),
            hex: hex("0105"),
            passenger: None,
        },
    );
    ok(&mut g, mv("tk", &["0205"]));
    ok(
        &mut g,
        Action::Enter {
            unit: "tr".into(),
            hex: hex("0103"),
            passenger: Some("gun".into()),
        },
    );
    assert_eq!(
        g.state().hex_of(g.s.unit("gun").unwrap()),
        Some(hex("0103"))
    );
    ok(
        &mut g,
        Action::Exit {
            unit: "tr".into(),
            edge: MapEdge::West,
        },
    );
    assert_eq!(
        g.state().units[g.s.unit("gun").unwrap()].loc(),
        crate::engine::state::Loc::Exited(MapEdge::West)
    );
}

/// The minefield attacks in `events`, as (unit attacked, column, modifier).
fn mine_attacks(events: &[Event]) -> Vec<(String, i32, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attacked(a) if a.kind == crate::engine::event::AttackKind::Mines => {
                Some((a.targets[0].to_string(), a.column, a.modifier))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn mines_b_c_minefields_stay_where_placed_and_attack_both_sides() {
    let mut b = Sandbox::new(12, 12);
    b.marker("0503", Marker::Mines)
        .marker("0903", Marker::Mines);
    b.cover(Cover::Woods, &["0903"]);
    b.unit(GERMAN, "tk", PZ_IV, "0503");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0903");
    let mut g = b.game(1);
    // C: the Germans' first player-turn opens with the minefield attacking the Russian
    // on it, at 2-1 whatever the terrain (E: the woods give no +1).
    let opening = mine_attacks(g.opening_events());
    assert_eq!(opening, vec![("r".to_string(), 4, 0)], "{opening:?}");
    // ... and the Russians' with the German one on its own side's field.
    let mut russian_turn = Vec::new();
    while g.state().side == GERMAN {
        russian_turn.extend(ok(&mut g, Action::EndStep));
    }
    let attacked: Vec<String> = mine_attacks(&russian_turn)
        .into_iter()
        .map(|(t, _, _)| t)
        .collect();
    assert_eq!(attacked, vec!["tk".to_string()]);
    // B: once placed a minefield does not move: both are where they were set up.
    let mines: Vec<_> = g.state().mines.iter().copied().collect();
    assert_eq!(mines, vec![hex("0503"), hex("0903")]);
}

#[test]
fn blockage_a_c_a_block_stays_put_and_affects_neither_sight_nor_combat() {
    let mut b = Sandbox::new(12, 12);
    b.marker("0503", Marker::Block);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0505");
    b.unit(RUSSIAN, "on", RIFLE_RU, "0503");
    let mut g = b.game(1);
    // C: the line of sight runs over the block.
    assert!(g.sees(hex("0501"), hex("0505")));
    let tk = g.s.unit("tk").unwrap();
    assert!(g.can_fire_at(tk, hex("0505")).is_ok());
    // C: a unit on a block is attacked with no die modifier.
    g.script(&[6]);
    let e = ok(
        &mut g,
        Action::Fire {
            attacks: vec![crate::engine::FireOrder::combination(
                hex("0503"),
                vec!["tk".into()],
            )],
            clear_mines: vec![],
        },
    );
    let modifier = e.iter().find_map(|e| match e {
        Event::Attacked(a) => Some(a.modifier),
        _ => None,
    });
    assert_eq!(modifier, Some(0));
    // A: blocks are never moved or removed.
    while g.state().turn < 2 {
        ok(&mut g, Action::EndStep);
    }
    assert!(g.state().blocks.contains(&hex("0503")));
}

#[test]
fn blockage_e_vehicles_neither_enter_a_swamp_road_block_nor_cross_green_off_a_road_block() {
    let mut b = Sandbox::new(12, 12);
    b.road(&["0501", "0502", "0503", "0504"]);
    b.cover(Cover::Swamp, &["0503"]);
    b.marker("0503", Marker::Block);
    b.unit(GERMAN, "tk", PZ_IV, "0502");
    b.road(&["0801", "0802", "0803"]);
    b.green("0802", "0803");
    b.marker("0802", Marker::Block);
    b.unit(GERMAN, "tk2", PZ_IV, "0802");
    b.unit(GERMAN, "tk3", PZ_IV, "1002");
    b.road(&["1001", "1002", "1003"]);
    b.green("1002", "1003");
    let mut g = vehicles(&b);
    // The block negates the road: the swamp under it is closed to vehicles.
    assert_eq!(refused(&mut g, mv("tk", &["0503"])), "TEC Swamps");
    // Off a block-road hex a vehicle may not cross the green hexside along the road...
    assert_eq!(refused(&mut g, mv("tk2", &["0803"])), "TEC Woods");
    // ... as it may where no block stands.
    ok(&mut g, mv("tk3", &["1003"]));
}

#[test]
fn mines_g_only_an_engineer_next_to_the_minefield_since_the_turn_began_clears_it() {
    let mut b = Sandbox::new(12, 12);
    b.marker("0505", Marker::Mines);
    b.unit(GERMAN, "far", ENGINEER_DE, "0503");
    b.unit(GERMAN, "rifle", RIFLE_DE, "0504");
    b.unit(GERMAN, "shooter", ENGINEER_DE, "0504");
    b.unit(GERMAN, "down", ENGINEER_DE, "0506");
    b.dispersed("down");
    b.unit(RUSSIAN, "r", RECON, "0501");
    let mut g = b.game(1);
    let clear = |id: &str| Action::Fire {
        attacks: vec![],
        clear_mines: vec![(id.into(), hex("0505"))],
    };
    assert_eq!(refused(&mut g, clear("far")), "Mines G", "not next to it");
    assert_eq!(
        refused(&mut g, clear("rifle")),
        "Mines F, G",
        "not an engineer"
    );
    assert_eq!(refused(&mut g, clear("down")), "CRT: D", "dispersed");
    assert_eq!(
        refused(
            &mut g,
            Action::Fire {
                attacks: vec![crate::engine::FireOrder::combination(
                    hex("0501"),
                    vec!["shooter".into()]
                )],
                clear_mines: vec![("shooter".into(), hex("0505"))],
            }
        ),
        "Mines G",
        "an engineer that fires does not clear"
    );
    // The far engineer moves next to the minefield this turn and rolls on the next.
    to_step(&mut g, Step::FootMove);
    ok(&mut g, mv("far", &["0504"]));
    assert_eq!(refused(&mut g, clear("far")), "Sequence of Play");
    while !(g.state().side == GERMAN && g.state().turn == 2) {
        ok(&mut g, Action::EndStep);
    }
    g.script(&[1]);
    let e = ok(&mut g, clear("far"));
    assert!(e.contains(&Event::MinesCleared {
        hex: hex("0505"),
        unit: "far".into(),
        roll: 1
    }));
    assert!(!g.state().mines.contains(&hex("0505")));
}
