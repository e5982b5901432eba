//! Transporting Units, Overrun Attack, Close Assault Tactics, Fortifications, Wreckage.

use super::{mv, ok, refused, to_step};
use crate::engine::board::{Cover, Level};
use crate::engine::crt::Outcome;
use crate::engine::event::{Attack, AttackKind};
use crate::engine::fire::Sight;
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, hex, units::*};
use crate::engine::scenario::Marker;
use crate::engine::state::Loc;
use crate::engine::{Action, Event, FireOrder, Game, OverrunLeg, Step, Target};

fn attacks(e: &[Event]) -> Vec<Attack> {
    e.iter()
        .filter_map(|e| match e {
            Event::Attacked(a) => Some(a.clone()),
            _ => None,
        })
        .collect()
}

fn load(c: &str, p: &str) -> Action {
    Action::Load {
        carrier: c.into(),
        passenger: p.into(),
    }
}

fn overrun(h: &str, legs: &[(&str, &[&str])]) -> Action {
    Action::Overrun {
        hex: hex(h),
        legs: legs
            .iter()
            .map(|(u, path)| OverrunLeg {
                unit: u.to_string(),
                approach: path.iter().map(|x| hex(x)).collect(),
                jump_off: false,
            })
            .collect(),
    }
}

fn assault(h: &str, by: &[&str]) -> Action {
    Action::Assault {
        hex: hex(h),
        units: by.iter().map(|s| s.to_string()).collect(),
    }
}

fn vehicles(b: &Sandbox) -> Game {
    let mut g = b.game(1);
    to_step(&mut g, Step::VehicleMove);
    g
}

#[test]
fn transporting_a_b_load_after_beginning_the_turn_together_and_go_no_further() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tr", TRUCK, "0503");
    b.unit(GERMAN, "inf", RIFLE_DE, "0503");
    b.unit(GERMAN, "tr2", TRUCK, "0501");
    b.unit(GERMAN, "inf2", RIFLE_DE, "0502");
    let mut g = vehicles(&b);
    assert_eq!(refused(&mut g, load("tr2", "inf2")), "Transporting B");
    ok(&mut g, load("tr", "inf"));
    assert_eq!(refused(&mut g, mv("tr", &["0504"])), "How to Move Units");
    assert_eq!(
        refused(
            &mut g,
            Action::Unload {
                carrier: "tr".into()
            }
        ),
        "Transporting A"
    );
    // Moved carriers may not load.
    ok(&mut g, mv("tr2", &["0401"]));
    ok(&mut g, mv("tr2", &["0501"]));
}

#[test]
fn transporting_b_a_unit_that_fired_does_not_load_and_a_passenger_does_not_fire() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tr", TRUCK, "0503");
    b.unit(GERMAN, "inf", RIFLE_DE, "0503");
    b.unit(GERMAN, "ht", SDKFZ_251, "0603");
    b.unit(GERMAN, "rider", RIFLE_DE, "0603");
    b.aboard("rider", "ht");
    b.unit(RUSSIAN, "r", RECON, "0506");
    let mut g = b.game(1);
    assert_eq!(
        g.can_fire_at(g.s.unit("rider").unwrap(), hex("0506"))
            .unwrap_err()
            .rule,
        "Transporting B"
    );
    // E: the halftrack fires with its passenger aboard.
    assert!(g.can_fire_at(g.s.unit("ht").unwrap(), hex("0506")).is_ok());
    g.script(&[6]);
    ok(
        &mut g,
        Action::Fire {
            attacks: vec![FireOrder::combination(hex("0506"), vec!["inf".into()])],
            clear_mines: vec![],
        },
    );
    assert_eq!(refused(&mut g, load("tr", "inf")), "Transporting B");
}

#[test]
fn transporting_c_an_unloaded_passenger_does_not_move_that_turn() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tr", TRUCK, "0503");
    b.unit(GERMAN, "inf", RIFLE_DE, "0503");
    b.aboard("inf", "tr");
    let mut g = vehicles(&b);
    ok(&mut g, mv("tr", &["0504", "0505"]));
    ok(
        &mut g,
        Action::Unload {
            carrier: "tr".into(),
        },
    );
    assert_eq!(
        g.state().hex_of(g.s.unit("inf").unwrap()),
        Some(hex("0505"))
    );
    assert_eq!(refused(&mut g, mv("tr", &["0506"])), "How to Move Units");
    to_step(&mut g, Step::FootMove);
    assert_eq!(refused(&mut g, mv("inf", &["0506"])), "Transporting C");
}

#[test]
fn transporting_d_e_f_h_defense_and_results_of_carriers_and_passengers() {
    let mut b = Sandbox::new(12, 12);
    b.unit(RUSSIAN, "tr", TRUCK, "0505");
    b.unit(RUSSIAN, "inf", RIFLE_RU, "0505");
    b.aboard("inf", "tr");
    b.unit(RUSSIAN, "ht", M2, "0705");
    b.unit(RUSSIAN, "gun", AT_45, "0705");
    b.aboard("gun", "ht");
    b.unit(RUSSIAN, "tank", T34, "0905");
    b.unit(RUSSIAN, "smg", SMG_RU, "0905");
    b.aboard("smg", "tank");
    b.unit(GERMAN, "panther", PANTHER, "0501");
    let g = b.game(1);
    let truck = g.pieces(hex("0505"), RUSSIAN, true);
    assert_eq!(
        (truck.len(), truck[0].df, truck[0].units.len()),
        (1, 1, 2),
        "D: a truck and its load defend at 1"
    );
    let ht = g.pieces(hex("0705"), RUSSIAN, true);
    assert_eq!(
        (ht.len(), ht[0].df, ht[0].armored),
        (1, 2, true),
        "E: the halftrack's own DF"
    );
    let tank = g.pieces(hex("0905"), RUSSIAN, true);
    assert_eq!(tank.len(), 2, "H: riders on a tank may be attacked apart");
    let rider = tank.iter().find(|p| p.passenger).unwrap();
    assert_eq!((rider.df, rider.units.len()), (1, 1));
    let mut g = g;
    g.script(&[1]);
    let e = ok(
        &mut g,
        Action::Fire {
            attacks: vec![FireOrder::combination(hex("0505"), vec!["panther".into()])],
            clear_mines: vec![],
        },
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Destroyed { unit, .. } if unit == "inf")),
        "F: both share the result"
    );
    assert!(
        !e.iter().any(|e| matches!(e, Event::WreckLeft { .. })),
        "trucks leave no wreck"
    );
}

#[test]
fn transporting_j_russian_cavalry_is_never_carried() {
    let mut b = Sandbox::new(12, 12);
    b.s.sides.swap(0, 1);
    b.unit(0, "tr", TRUCK, "0503");
    b.unit(0, "cav", CAVALRY, "0503");
    b.unit(1, "g", RIFLE_DE, "1212");
    let mut g = vehicles(&b);
    assert_eq!(refused(&mut g, load("tr", "cav")), "Transporting J");
}

#[test]
fn transporting_b_dispersed_units_neither_load_nor_unload() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tr", TRUCK, "0503");
    b.unit(GERMAN, "inf", RIFLE_DE, "0503");
    b.dispersed("inf");
    let mut g = vehicles(&b);
    // Set-up dispersal lasts until the end of the Germans' first turn.
    assert_eq!(refused(&mut g, load("tr", "inf")), "Transporting B");
}

#[test]
fn overrun_b_c_d_through_the_stack_to_the_opposite_hex_one_column_better_less_two() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0503");
    let mut g = vehicles(&b);
    g.script(&[3]);
    let e = ok(&mut g, overrun("0503", &[("panther", &["0502"])]));
    let a = &attacks(&e)[0];
    assert_eq!(a.kind, AttackKind::Overrun);
    assert_eq!(
        (a.attack, a.defense),
        (16, 16),
        "E: printed factors, no WEC"
    );
    assert_eq!(a.column, 4, "1-1 becomes 2-1");
    assert_eq!(
        (a.modifier, a.outcome),
        (-2, Outcome::X),
        "3 less 2 is 1: X"
    );
    let p = g.s.unit("panther").unwrap();
    assert_eq!(g.state().hex_of(p), Some(hex("0504")));
    assert!(g.state().units[p].stopped);
    // D: one overrun on a stack a turn.
    assert!(g.state().overrun.contains(&hex("0503")));
}

#[test]
fn overrun_b_not_into_an_enemy_exit_hex_nor_without_the_mf() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0503");
    b.unit(RUSSIAN, "s", RIFLE_RU, "0504");
    let mut g = vehicles(&b);
    assert_eq!(
        refused(&mut g, overrun("0503", &[("panther", &["0502"])])),
        "Overrun B"
    );
    let mut b = Sandbox::new(12, 16);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0511");
    let mut g = vehicles(&b);
    let far: Vec<&str> = vec![
        "0502", "0503", "0504", "0505", "0506", "0507", "0508", "0509", "0510",
    ];
    assert_eq!(
        refused(&mut g, overrun("0511", &[("panther", &far)])),
        "Overrun B"
    );
}

#[test]
fn overrun_d_several_units_combine_from_different_hexes() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "a", PZ_IV, "0502");
    b.unit(GERMAN, "b", PZ_IV, "0603");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0503");
    let mut g = vehicles(&b);
    g.script(&[6]);
    let e = ok(&mut g, overrun("0503", &[("a", &[]), ("b", &[])]));
    let a = &attacks(&e)[0];
    assert_eq!(a.attack, 28);
    assert_eq!(g.state().hex_of(g.s.unit("a").unwrap()), Some(hex("0504")));
    assert_eq!(g.state().hex_of(g.s.unit("b").unwrap()), Some(hex("0402")));
}

#[test]
fn overrun_g_h_i_where_and_by_whom_overruns_are_forbidden() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(GERMAN, "wespe", WESPE, "0701");
    b.unit(GERMAN, "ht", SDKFZ_251, "0901");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0503");
    b.unit(RUSSIAN, "t", T34, "0903");
    b.unit(RUSSIAN, "w", RIFLE_RU, "0703");
    b.marker("0703", Marker::Wreck { side: RUSSIAN });
    let mut g = vehicles(&b);
    assert_eq!(
        refused(&mut g, overrun("0703", &[("wespe", &["0702"])])),
        "Overrun G"
    );
    let mut b2 = b.clone();
    b2.cover(Cover::Woods, &["0503"]);
    let mut g2 = vehicles(&b2);
    assert_eq!(
        refused(&mut g2, overrun("0503", &[("panther", &["0502"])])),
        "Overrun I"
    );
    let mut b3 = b.clone();
    b3.level(Level::Slope, &["0503"]);
    let mut g3 = vehicles(&b3);
    assert_eq!(
        refused(&mut g3, overrun("0503", &[("panther", &["0502"])])),
        "Overrun I"
    );
    assert_eq!(
        refused(&mut g, overrun("0903", &[("ht", &["0902"])])),
        "Overrun H"
    );
    let mut b4 = b.clone();
    b4.s.setup.retain(|(u, _, _)| b4.s.units[*u].id != "w");
    b4.s.markers.clear();
    let mut g4 = vehicles(&b4);
    assert_eq!(
        refused(&mut g4, overrun("0503", &[("wespe", &["0602", "0502"])])),
        "Overrun A, H"
    );
}

#[test]
fn close_assault_a_b_d_adjacent_units_after_movement_less_two_the_stack_combined() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "i1", RIFLE_DE, "0502");
    b.unit(GERMAN, "i2", RIFLE_DE, "0604");
    b.unit(RUSSIAN, "r", RECON, "0504");
    b.unit(RUSSIAN, "s", RECON, "0504");
    let mut g = b.game(1);
    to_step(&mut g, Step::FootMove);
    assert_eq!(
        refused(&mut g, assault("0504", &["i1"])),
        "Sequence of Play"
    );
    // C: assaulting units may move first.
    ok(&mut g, mv("i1", &["0503"]));
    to_step(&mut g, Step::Assault);
    g.script(&[4]);
    let e = ok(&mut g, assault("0504", &["i1", "i2"]));
    let a = &attacks(&e)[0];
    assert_eq!((a.attack, a.defense, a.column, a.modifier), (6, 8, 2, -2));
    assert_eq!(a.targets.len(), 2);
    assert_eq!(refused(&mut g, assault("0504", &["i2"])), "Close Assault D");
}

#[test]
fn close_assault_e_an_engineer_with_infantry_raises_the_odds_a_column() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "e", ENGINEER_DE, "0503");
    b.unit(GERMAN, "i", RIFLE_DE, "0503");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0504");
    let mut g = b.game(1);
    to_step(&mut g, Step::Assault);
    let plan = g
        .plan_assault(hex("0504"), &["e".into(), "i".into()])
        .unwrap();
    assert_eq!(
        (plan.attack, plan.defense, plan.column),
        (6, 16, 2),
        "1-3 raised to 1-2"
    );
}

#[test]
fn close_assault_g_infantry_attacks_armor_only_by_close_assault() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "i", RIFLE_DE, "0503");
    b.unit(RUSSIAN, "t", T34, "0504");
    let mut g = b.game(1);
    to_step(&mut g, Step::Assault);
    let plan = g.plan_assault(hex("0504"), &["i".into()]).unwrap();
    assert_eq!((plan.attack, plan.defense), (3, 9));
    ok(&mut g, assault("0504", &["i"]));
}

#[test]
fn close_assault_c_i_j_who_may_assault() {
    let mut b = Sandbox::new(12, 12);
    b.s.sides.swap(0, 1);
    b.road(&["0301", "0302", "0303"]);
    b.unit(0, "cav", CAVALRY, "0501");
    b.unit(0, "roadie", RIFLE_RU, "0301");
    b.unit(0, "shooter", RIFLE_RU, "0603");
    b.unit(0, "ht", M2, "0504");
    b.unit(1, "g", RIFLE_DE, "0503");
    b.unit(1, "g2", RIFLE_DE, "0402");
    let mut g = b.game(1);
    g.script(&[6]);
    ok(
        &mut g,
        Action::Fire {
            attacks: vec![FireOrder::combination(hex("0503"), vec!["shooter".into()])],
            clear_mines: vec![],
        },
    );
    to_step(&mut g, Step::FootMove);
    ok(&mut g, mv("cav", &["0502", "0602"]));
    ok(&mut g, mv("roadie", &["0302"]));
    to_step(&mut g, Step::Assault);
    assert_eq!(
        refused(&mut g, assault("0503", &["cav"])),
        "Close Assault I"
    );
    assert_eq!(
        refused(&mut g, assault("0402", &["roadie"])),
        "Close Assault I"
    );
    assert_eq!(
        refused(&mut g, assault("0503", &["shooter"])),
        "Close Assault C"
    );
    assert_eq!(
        refused(&mut g, assault("0503", &["ht"])),
        "Close Assault (who), J"
    );
}

#[test]
fn fortifications_c_units_inside_defend_with_its_factor_as_an_armored_target() {
    let mut b = Sandbox::new(12, 12);
    b.marker(
        "0505",
        Marker::Fort {
            df: 40,
            side: Some(RUSSIAN),
        },
    );
    b.unit(RUSSIAN, "r", RIFLE_RU, "0505");
    b.unit(RUSSIAN, "s", SMG_RU, "0505");
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    let g = b.game(1);
    let p = g.pieces(hex("0505"), RUSSIAN, true);
    assert_eq!(p.len(), 1);
    assert_eq!(
        (p[0].target.clone(), p[0].df, p[0].armored, p[0].units.len()),
        (Target::Fort(hex("0505")), 40, true, 2)
    );
}

#[test]
fn fortifications_e_p_a_destroyed_fortification_takes_its_units_and_becomes_a_block() {
    let mut b = Sandbox::new(12, 12);
    b.marker(
        "0505",
        Marker::Fort {
            df: 4,
            side: Some(RUSSIAN),
        },
    );
    b.unit(RUSSIAN, "r", RIFLE_RU, "0505");
    b.unit(GERMAN, "tk", PANTHER, "0503");
    let mut g = b.game(1);
    g.script(&[1]);
    let e = ok(
        &mut g,
        Action::Fire {
            attacks: vec![FireOrder::combination(hex("0505"), vec!["tk".into()])],
            clear_mines: vec![],
        },
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Destroyed { unit, .. } if unit == "r"))
    );
    assert!(g.state().blocks.contains(&hex("0505")));
    assert!(!g.state().forts.contains_key(&hex("0505")));
}

#[test]
fn fortifications_g_l_captured_by_moving_in_and_the_occupants_may_not_leave_under_an_enemy() {
    let mut b = Sandbox::new(12, 12);
    b.marker(
        "0503",
        Marker::Fort {
            df: 40,
            side: Some(RUSSIAN),
        },
    );
    b.marker(
        "0507",
        Marker::Fort {
            df: 40,
            side: Some(RUSSIAN),
        },
    );
    b.unit(GERMAN, "i", RIFLE_DE, "0502");
    b.unit(GERMAN, "j", RIFLE_DE, "0508");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0507");
    let mut g = b.game(1);
    to_step(&mut g, Step::FootMove);
    ok(&mut g, mv("i", &["0503"]));
    assert!(
        g.state().units[g.s.unit("i").unwrap()].in_fort,
        "G: captured"
    );
    ok(&mut g, mv("j", &["0507"]));
    assert!(
        !g.state().units[g.s.unit("j").unwrap()].in_fort,
        "K: on top"
    );
    to_step(&mut g, Step::Assault);
    ok(&mut g, Action::EndStep);
    to_step(&mut g, Step::FootMove);
    assert_eq!(refused(&mut g, mv("r", &["0506"])), "Fortifications L");
}

#[test]
fn wreckage_an_armored_vehicle_destroyed_in_combat_leaves_a_wreck_that_counts_for_stacking() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tk", PANTHER, "0501");
    b.unit(RUSSIAN, "t", T34, "0505");
    let mut g = b.game(1);
    g.script(&[1]);
    let e = ok(
        &mut g,
        Action::Fire {
            attacks: vec![FireOrder::combination(hex("0505"), vec!["tk".into()])],
            clear_mines: vec![],
        },
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::WreckLeft { side: 1, .. }))
    );
    assert_eq!(g.state().wrecks[&hex("0505")], [0, 1]);
    assert_eq!(
        g.state().units[g.s.unit("t").unwrap()].loc(),
        Loc::Destroyed
    );
    assert_eq!(g.state().stack(&g.s, hex("0505"), GERMAN), 1);
}

#[test]
fn overrun_e_printed_factors_without_the_weapons_chart() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0503");
    // Fired, its A weapons would be halved against the rifles (WEC)...
    let g = b.game(1);
    let fired = g
        .fire_factor(g.s.unit("panther").unwrap(), hex("0503"), false, false)
        .unwrap();
    assert_eq!(fired.value, 8);
    // ... overrunning, the Panther attacks with its printed 16.
    let mut g = vehicles(&b);
    g.script(&[6]);
    let e = ok(&mut g, overrun("0503", &[("panther", &["0502"])]));
    assert_eq!((attacks(&e)[0].attack, attacks(&e)[0].defense), (16, 16));
}

#[test]
fn overrun_f_a_unit_that_fired_does_not_overrun() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(GERMAN, "tiger", TIGER, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0503");
    b.unit(RUSSIAN, "s", RIFLE_RU, "0703");
    let mut g = b.game(1);
    g.script(&[6]);
    ok(
        &mut g,
        Action::Fire {
            attacks: vec![FireOrder::combination(hex("0703"), vec!["panther".into()])],
            clear_mines: vec![],
        },
    );
    to_step(&mut g, Step::VehicleMove);
    assert_eq!(
        refused(&mut g, overrun("0503", &[("panther", &["0502"])])),
        "How to Move Units B"
    );
    g.script(&[6]);
    ok(&mut g, overrun("0503", &[("tiger", &["0502"])]));
}

#[test]
fn close_assault_f_infantry_next_to_the_enemy_may_fire_at_it_instead() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "i", RIFLE_DE, "0503");
    b.unit(RUSSIAN, "r", RECON, "0504");
    let mut g = b.game(1);
    g.script(&[6]);
    let e = ok(
        &mut g,
        Action::Fire {
            attacks: vec![FireOrder::combination(hex("0504"), vec!["i".into()])],
            clear_mines: vec![],
        },
    );
    assert_eq!(
        attacks(&e)[0].kind,
        AttackKind::Fire(crate::engine::Mode::Combination)
    );
    // Having fired it may not also assault (C), and nothing obliges it to.
    to_step(&mut g, Step::Assault);
    assert_eq!(refused(&mut g, assault("0504", &["i"])), "Close Assault C");
    ok(&mut g, Action::EndStep);
}

#[test]
fn close_assault_h_any_defender_in_any_terrain_may_be_assaulted() {
    let cases: [(&str, Option<Cover>, Option<Level>); 5] = [
        ("woods", Some(Cover::Woods), None),
        ("town", Some(Cover::Town), None),
        ("swamp", Some(Cover::Swamp), None),
        ("slope", None, Some(Level::Slope)),
        ("hilltop", None, Some(Level::Hilltop)),
    ];
    for (what, cover, level) in cases {
        for (kind, defender) in [("halftrack", M2), ("gun", AT_45), ("truck", TRUCK)] {
            let mut b = Sandbox::new(12, 12);
            if let Some(c) = cover {
                b.cover(c, &["0504"]);
            }
            if let Some(l) = level {
                b.level(l, &["0504"]);
            }
            b.unit(GERMAN, "i", RIFLE_DE, "0503");
            b.unit(GERMAN, "j", RIFLE_DE, "0604");
            b.unit(RUSSIAN, "d", defender, "0504");
            let mut g = b.game(1);
            to_step(&mut g, Step::Assault);
            g.script(&[6]);
            let e = g
                .apply(&assault("0504", &["i", "j"]))
                .unwrap_or_else(|r| panic!("a {kind} in {what}: {r}"));
            assert_eq!(attacks(&e)[0].kind, AttackKind::Assault, "{kind} in {what}");
        }
    }
}

#[test]
fn transporting_g_an_armored_vehicle_carries_one_passenger() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tk", PZ_IV, "0503");
    b.unit(GERMAN, "i", RIFLE_DE, "0503");
    b.unit(GERMAN, "e", ENGINEER_DE, "0503");
    let mut g = vehicles(&b);
    ok(&mut g, load("tk", "i"));
    assert_eq!(refused(&mut g, load("tk", "e")), "Transporting A");
    let i = g.s.unit("i").unwrap();
    assert_eq!(
        g.state().units[i].loc(),
        Loc::Carried(g.s.unit("tk").unwrap())
    );
}

#[test]
fn transporting_i_armored_carriers_fire_when_loading_unloading_or_carrying() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "carrying", PZ_IV, "0503");
    b.unit(GERMAN, "rider", RIFLE_DE, "0503");
    b.aboard("rider", "carrying");
    b.unit(GERMAN, "unloading", PZ_IV, "0703");
    b.unit(GERMAN, "rider2", RIFLE_DE, "0703");
    b.aboard("rider2", "unloading");
    b.unit(GERMAN, "loading", PZ_IV, "0903");
    b.unit(GERMAN, "walker", RIFLE_DE, "0903");
    b.unit(RUSSIAN, "r1", RIFLE_RU, "0506");
    b.unit(RUSSIAN, "r2", RIFLE_RU, "0706");
    b.unit(RUSSIAN, "r3", RIFLE_RU, "0906");
    let mut g = b.game(1);
    g.script(&[6, 6, 6]);
    ok(
        &mut g,
        Action::Fire {
            attacks: vec![
                FireOrder::combination(hex("0506"), vec!["carrying".into()]),
                FireOrder::combination(hex("0706"), vec!["unloading".into()]),
                FireOrder::combination(hex("0906"), vec!["loading".into()]),
            ],
            clear_mines: vec![],
        },
    );
    to_step(&mut g, Step::VehicleMove);
    ok(
        &mut g,
        Action::Unload {
            carrier: "unloading".into(),
        },
    );
    ok(&mut g, load("loading", "walker"));
    // The passenger itself never fires while carried (B).
    let rider = g.s.unit("rider").unwrap();
    assert!(
        g.what_if(GERMAN, Step::Fire)
            .can_fire_at(rider, hex("0506"))
            .is_err()
    );
}

#[test]
fn overrun_d_the_log_names_the_overruns_column_shift() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0503");
    let mut g = vehicles(&b);
    g.script(&[4]);
    let e = ok(&mut g, overrun("0503", &[("panther", &["0502"])]));
    let line = attacks(&e)[0].to_string();
    assert!(
        line.contains("16 to 16, 1-1, one column better (Overrun D): 2-1 roll 4 -2 = 2"),
        "{line}"
    );
}

#[test]
fn wreckage_a_d_halftracks_leave_wrecks_trucks_do_not_and_wrecks_leave_combat_alone() {
    let mut b = Sandbox::new(12, 12);
    b.marker("0505", Marker::Wreck { side: GERMAN });
    b.unit(GERMAN, "tk", PANTHER, "0501");
    b.unit(GERMAN, "pz", PZ_IV, "0503");
    b.unit(RUSSIAN, "ht", M2, "0505");
    b.unit(RUSSIAN, "tr", TRUCK, "0507");
    let mut g = b.game(1);
    g.script(&[1, 1]);
    let e = ok(
        &mut g,
        Action::Fire {
            attacks: vec![
                FireOrder::combination(hex("0505"), vec!["tk".into()]),
                FireOrder::combination(hex("0507"), vec!["pz".into()]),
            ],
            clear_mines: vec![],
        },
    );
    let a = attacks(&e);
    // D: the wreck already there changes neither the odds nor the die.
    assert_eq!((a[0].attack, a[0].defense, a[0].modifier), (32, 2, 0));
    assert_eq!((a[0].outcome, a[1].outcome), (Outcome::X, Outcome::X));
    // The halftrack is an armored vehicle and leaves a wreck; the truck does not.
    let wrecks: Vec<&Event> = e
        .iter()
        .filter(|e| matches!(e, Event::WreckLeft { .. }))
        .collect();
    assert_eq!(
        wrecks,
        vec![&Event::WreckLeft {
            hex: hex("0505"),
            side: RUSSIAN
        }]
    );
    assert_eq!(g.state().wrecks[&hex("0505")], [1, 1]);
    assert!(!g.state().wrecks.contains_key(&hex("0507")));
}

/// A Russian fortification on 0505 with a T-34 inside and three Panthers of the German
/// on top of it; Russian SU-152s two and three hexes off.
fn fort_with_germans_on_top() -> Sandbox {
    let mut b = Sandbox::new(12, 12);
    b.marker(
        "0505",
        Marker::Fort {
            df: 8,
            side: Some(RUSSIAN),
        },
    );
    b.unit(RUSSIAN, "t34", T34, "0505");
    for p in ["p1", "p2", "p3"] {
        b.unit(GERMAN, p, PANTHER, "0505");
    }
    for (x, h) in [
        ("s1", "0503"),
        ("s2", "0503"),
        ("s3", "0502"),
        ("s4", "0502"),
    ] {
        b.unit(RUSSIAN, x, SU_152, h);
    }
    b.unit(GERMAN, "eng", ENGINEER_DE, "0505");
    for (u, _, start) in &mut b.s.setup {
        if b.s.units[*u].side == GERMAN {
            start.on_top = true;
        }
    }
    b
}

#[test]
fn fortifications_k_wreckage_e_fire_on_enemies_on_top_rolls_again_for_ones_own_inside() {
    let mut b = fort_with_germans_on_top();
    // Stacking would not allow the engineer with three Panthers: here it is not needed.
    let eng = b.s.unit("eng").unwrap();
    b.s.setup.retain(|(u, _, _)| *u != eng);
    let mut g = b.game(1);
    while !(g.state().side == RUSSIAN && g.state().step == Step::Fire) {
        ok(&mut g, Action::EndStep);
    }
    g.script(&[1, 1]);
    let e = ok(
        &mut g,
        Action::Fire {
            attacks: vec![FireOrder::combination(
                hex("0505"),
                ["s1", "s2", "s3", "s4"].map(String::from).to_vec(),
            )],
            clear_mines: vec![],
        },
    );
    let a = attacks(&e);
    assert_eq!(a.len(), 2, "two rolls: {a:?}");
    assert_eq!(
        a[0].kind,
        AttackKind::Fire(crate::engine::Mode::Combination)
    );
    assert_eq!(
        a[0].targets,
        ["p1", "p2", "p3"].map(|p| Target::Unit(p.into())).to_vec()
    );
    assert_eq!(
        (a[0].attack, a[0].defense, a[0].outcome),
        (160, 36, Outcome::X)
    );
    // The second roll, for the T-34 inside, at the attack's column (P-09).
    assert_eq!(a[1].kind, AttackKind::OwnFort);
    assert_eq!(a[1].targets, vec![Target::Fort(hex("0505"))]);
    assert_eq!((a[1].column, a[1].outcome), (a[0].column, Outcome::X));
    assert!(a[1].to_string().contains("at the attack's column, 4-1"));
    // Wreckage E: three Panther wrecks fill the hex; the T-34 leaves none.
    assert_eq!(g.state().wrecks[&hex("0505")], [3, 0]);
    assert!(e.contains(&Event::Destroyed {
        unit: "t34".into(),
        hex: hex("0505")
    }));
    assert!(e.contains(&Event::FortDestroyed { hex: hex("0505") }));
}

#[test]
fn fortifications_l_inside_and_on_top_attack_each_other_as_if_adjacent_only_those_on_top_assault() {
    let mut b = fort_with_germans_on_top();
    let p3 = b.s.unit("p3").unwrap();
    b.s.setup.retain(|(u, _, _)| *u != p3);
    b.unit(RUSSIAN, "smg", SMG_RU, "0505");
    let mut g = b.game(1);
    // The German on top close-assaults the fortification.
    to_step(&mut g, Step::Assault);
    let plan = g
        .plan_assault(hex("0505"), &["eng".into()])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(plan.pieces[0].target, Target::Fort(hex("0505")));
    // The Russians inside fire at those on top as if next to them ...
    let mut g = g.what_if(RUSSIAN, Step::Fire);
    let smg = g.s.unit("smg").unwrap();
    assert_eq!(g.can_fire_at(smg, hex("0505")), Ok(Sight::Adjacent));
    // ... but may not close-assault them.
    g = g.what_if(RUSSIAN, Step::Assault);
    assert_eq!(
        g.plan_assault(hex("0505"), &["smg".into()])
            .unwrap_err()
            .rule,
        "Fortifications L"
    );
}

fn jump_off(h: &str, unit: &str, approach: &[&str]) -> Action {
    Action::Overrun {
        hex: hex(h),
        legs: vec![OverrunLeg {
            unit: unit.into(),
            approach: approach.iter().map(|x| hex(x)).collect(),
            jump_off: true,
        }],
    }
}

/// The optional PanzerBlitz Assault rule (P-24): infantry riding an armored vehicle jump
/// off in the hex in front of the stack it overruns, and may close-assault that stack
/// (and no other) though they were carried this turn.
#[test]
fn panzerblitz_assault_p24_infantry_jump_off_before_the_overrun_and_assault_it() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "ht", SDKFZ_251, "0501");
    b.unit(GERMAN, "inf", RIFLE_DE, "0501");
    b.aboard("inf", "ht");
    b.unit(RUSSIAN, "r", RECON, "0503");
    b.unit(RUSSIAN, "r2", RECON, "0602");
    assert!(b.s.board.grid.are_adjacent(hex("0502"), hex("0602")));
    let mut g = vehicles(&b);
    assert_eq!(
        refused(&mut g, jump_off("0503", "ht", &["0502"])),
        "PanzerBlitz Assault",
        "the rule is not in use"
    );
    b.s.options.panzerblitz_assault = true;
    let mut g = vehicles(&b);
    // A person is offered it beside the plain overrun.
    let d = crate::engine::seat::decision(&g, &Default::default());
    let offered: Vec<&str> = d
        .choices
        .iter()
        .map(|c| c.label.as_str())
        .filter(|l| l.starts_with("overrun 0503 with ht"))
        .collect();
    assert_eq!(
        offered,
        [
            "overrun 0503 with ht (1-1)",
            "overrun 0503 with ht (1-1, Rifle inf jumping off to assault)"
        ]
    );
    // 2 to 4 is 1-2, one column better 1-1; 6 less 2 is 4: no effect.
    g.script(&[6]);
    let e = ok(&mut g, jump_off("0503", "ht", &["0502"]));
    assert!(matches!(e[0], Event::JumpedOff { .. }), "{e:?}");
    assert_eq!(attacks(&e)[0].outcome, Outcome::NoEffect);
    let (ht, inf) = (g.s.unit("ht").unwrap(), g.s.unit("inf").unwrap());
    assert_eq!(g.state().hex_of(inf), Some(hex("0502")), "in front of 0503");
    assert_eq!(g.state().hex_of(ht), Some(hex("0504")));
    assert_eq!(g.state().units[ht].carrying, None);
    to_step(&mut g, Step::Assault);
    assert_eq!(
        refused(&mut g, assault("0602", &["inf"])),
        "PanzerBlitz Assault",
        "only the stack overrun"
    );
    g.script(&[6]);
    let e = ok(&mut g, assault("0503", &["inf"]));
    assert_eq!(attacks(&e)[0].kind, AttackKind::Assault);
    // Without the jump-off a passenger unloaded this turn may not attack.
    let mut g = vehicles(&b);
    ok(&mut g, mv("ht", &["0502"]));
    ok(
        &mut g,
        Action::Unload {
            carrier: "ht".into(),
        },
    );
    to_step(&mut g, Step::Assault);
    assert_eq!(refused(&mut g, assault("0503", &["inf"])), "Transporting B");
}

/// P-24: the bots use PanzerBlitz Assault: infantry riding an overrun jump off.
#[test]
fn panzerblitz_assault_p24_the_bots_jump_their_infantry_off() {
    let mut b = Sandbox::new(12, 12);
    for (ht, inf) in [("ht1", "inf1"), ("ht2", "inf2")] {
        b.unit(GERMAN, ht, SDKFZ_251, "0501");
        b.unit(GERMAN, inf, RIFLE_DE, "0501");
        b.aboard(inf, ht);
    }
    b.unit(RUSSIAN, "r", RECON, "0503");
    b.s.options.panzerblitz_assault = true;
    for bot in ["greedy", "heuristic"] {
        let g = vehicles(&b);
        let mut bot = crate::engine::bots::build(bot, 1).unwrap();
        let a = bot.decide(&g);
        let Action::Overrun { legs, .. } = &a else {
            panic!("an overrun: {a}");
        };
        assert!(legs.iter().all(|l| l.jump_off), "{legs:?}");
    }
}
