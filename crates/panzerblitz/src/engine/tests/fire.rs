//! How to have combat, Weapon-to-Target Relationships and the WEC, Hill and Slope
//! Defense, Spotting, Indirect Fire, the CRT, How to "factor" a battle (the worked
//! example).

use super::{mv, ok, refused, to_step};
use crate::engine::board::{Cover, Level};
use crate::engine::crt::{self, Outcome};
use crate::engine::event::{Attack, AttackKind};
use crate::engine::fire::Sight;
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, Template, hex, units::*};
use crate::engine::unit::{Class, Factors, Kind};
use crate::engine::{Action, Battle, Event, FireOrder, Game, Mode, Step, Target};

fn fire(g: &mut Game, orders: Vec<FireOrder>) -> Vec<Event> {
    ok(
        g,
        Action::Fire {
            attacks: orders,
            clear_mines: vec![],
        },
    )
}

fn attacks(e: &[Event]) -> Vec<Attack> {
    e.iter()
        .filter_map(|e| match e {
            Event::Attacked(a) => Some(a.clone()),
            _ => None,
        })
        .collect()
}

fn combo(h: &str, by: &[&str]) -> FireOrder {
    FireOrder::combination(hex(h), by.iter().map(|s| s.to_string()).collect())
}

fn aimed(h: &str, mode: Mode, battles: &[(&str, &[&str])]) -> FireOrder {
    FireOrder {
        hex: hex(h),
        mode,
        battles: battles
            .iter()
            .map(|(t, by)| Battle {
                target: Some(Target::Unit(t.to_string())),
                attackers: by.iter().map(|s| s.to_string()).collect(),
            })
            .collect(),
        intensive: vec![],
    }
}

fn factor(g: &Game, u: &str, h: &str, armored: bool) -> u32 {
    g.fire_factor(g.s.unit(u).unwrap(), hex(h), armored, false)
        .unwrap_or_else(|e| panic!("{e}"))
        .value
}

#[test]
fn how_to_have_combat_a_odds_are_rounded_off_in_the_defenders_favour() {
    assert_eq!(crt::column(11, 3), Some(5), "11 to 3 is 3-1");
    assert_eq!(crt::odds_name(5), "3-1");
    assert_eq!(crt::column(3, 11), Some(0), "3 to 11 is 1-4");
    assert_eq!(crt::column(4, 4), Some(3));
    assert_eq!(crt::column(5, 21), Some(-1));
    assert_eq!(crt::odds_name(-1), "1-5");
    assert_eq!(crt::column(50, 4), Some(14));
}

#[test]
fn how_to_factor_c_the_panther_firing_at_a_recon_company_in_woods_on_a_hilltop() {
    let mut b = Sandbox::new(12, 12);
    b.cover(Cover::Woods, &["0505"])
        .level(Level::Hilltop, &["0505"]);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(GERMAN, "spotter", RIFLE_DE, "0506");
    b.unit(RUSSIAN, "recon", RECON, "0505");
    let mut g = b.game(1);
    let f = g
        .fire_factor(g.s.unit("panther").unwrap(), hex("0505"), false, false)
        .unwrap();
    assert_eq!(
        f.steps.iter().map(|s| s.1).collect::<Vec<_>>(),
        vec![8, 4],
        "halved by the WEC, then by the TEC"
    );
    g.script(&[3]);
    let e = fire(&mut g, vec![combo("0505", &["panther"])]);
    let a = &attacks(&e)[0];
    assert_eq!((a.attack, a.defense, a.column), (4, 4, 3), "4 to 4, 1-1");
    assert_eq!(a.modifier, 1, "woods add one to the roll");
    assert_eq!(i32::from(a.roll) + a.modifier, 4);
    assert_eq!(a.outcome, Outcome::NoEffect);
}

#[test]
fn wec_a_class_doubles_against_armor_at_half_range_or_less_and_halves_against_the_rest() {
    let mut b = Sandbox::new(12, 14);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "near", T34, "0507");
    b.unit(RUSSIAN, "far", T34, "0508");
    b.unit(RUSSIAN, "inf", RIFLE_RU, "0509");
    let g = b.game(1);
    assert_eq!(factor(&g, "panther", "0507", true), 32);
    assert_eq!(factor(&g, "panther", "0508", true), 16);
    assert_eq!(factor(&g, "panther", "0509", false), 8);
}

#[test]
fn wec_h_and_m_classes_are_halved_against_armor_beyond_half_range() {
    let mut b = Sandbox::new(12, 14);
    b.unit(GERMAN, "stuh", STUH, "0501");
    b.unit(RUSSIAN, "a", T34, "0507");
    b.unit(RUSSIAN, "b", T34, "0508");
    b.unit(RUSSIAN, "c", RIFLE_RU, "0511");
    let g = b.game(1);
    assert_eq!(factor(&g, "stuh", "0507", true), 14);
    assert_eq!(factor(&g, "stuh", "0508", true), 7);
    assert_eq!(factor(&g, "stuh", "0511", false), 14);
}

#[test]
fn wec_half_range_is_rounded_down() {
    const GUN9: Template = Template {
        name: "gun",
        kind: Kind::Gun,
        f: Factors {
            attack: 10,
            class: Class::A,
            range: 9,
            defense: 2,
            movement: 0,
        },
    };
    let mut b = Sandbox::new(12, 14);
    b.unit(GERMAN, "gun", GUN9, "0501");
    b.unit(RUSSIAN, "a", T34, "0505");
    b.unit(RUSSIAN, "b", T34, "0506");
    let g = b.game(1);
    assert_eq!(
        factor(&g, "gun", "0505", true),
        20,
        "4 hexes: half of 9 is 4"
    );
    assert_eq!(factor(&g, "gun", "0506", true), 10);
}

#[test]
fn wec_i_class_may_not_fire_at_armored_targets() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "inf", RIFLE_DE, "0504");
    b.unit(RUSSIAN, "tank", T34, "0505");
    let mut g = b.game(1);
    let r = refused(
        &mut g,
        Action::Fire {
            attacks: vec![combo("0505", &["inf"])],
            clear_mines: vec![],
        },
    );
    assert_eq!(r, "WEC / Close Assault G");
}

#[test]
fn normal_attacking_c_only_targets_within_range() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "inf", RIFLE_DE, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0508");
    let mut g = b.game(1);
    let r = refused(
        &mut g,
        Action::Fire {
            attacks: vec![combo("0508", &["inf"])],
            clear_mines: vec![],
        },
    );
    assert_eq!(r, "Normal Attacking C");
}

#[test]
fn how_to_have_combat_e_f_a_unit_fires_once_and_may_not_move_that_turn() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tk", PANTHER, "0501");
    b.unit(RUSSIAN, "a", RIFLE_RU, "0505");
    b.unit(RUSSIAN, "b", RIFLE_RU, "0605");
    let mut g = b.game(1);
    let twice = vec![combo("0505", &["tk"]), combo("0605", &["tk"])];
    assert_eq!(
        refused(
            &mut g,
            Action::Fire {
                attacks: twice,
                clear_mines: vec![]
            }
        ),
        "How to have combat E"
    );
    fire(&mut g, vec![combo("0505", &["tk"])]);
    assert_eq!(g.state().step, Step::VehicleMove);
    assert_eq!(refused(&mut g, mv("tk", &["0502"])), "How to Move Units B");
}

#[test]
fn how_to_have_combat_i1_a_selective_attack_hits_only_the_weakest_unit() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "tank", T34, "0505");
    b.unit(RUSSIAN, "inf", RIFLE_RU, "0505");
    let mut g = b.game(1);
    // 32 to 9 against the tank (3-1), 8 to 16 against the rifles (1-2).
    let r = refused(
        &mut g,
        Action::Fire {
            attacks: vec![aimed("0505", Mode::Selective, &[("inf", &["panther"])])],
            clear_mines: vec![],
        },
    );
    assert_eq!(r, "How to have combat I-1");
    g.script(&[6]);
    let e = fire(
        &mut g,
        vec![aimed("0505", Mode::Selective, &[("tank", &["panther"])])],
    );
    let a = &attacks(&e)[0];
    assert_eq!(
        (a.attack, a.defense, crt::odds_name(a.column).as_str()),
        (32, 9, "3-1")
    );
    assert_eq!(a.targets, vec![Target::Unit("tank".into())]);
}

#[test]
fn how_to_have_combat_i2_a_multiple_attack_takes_the_weakest_first_at_1_1_or_better() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(GERMAN, "s1", STUH, "0601");
    b.unit(GERMAN, "s2", STUH, "0701");
    b.unit(RUSSIAN, "tank", T34, "0505");
    b.unit(RUSSIAN, "inf", RIFLE_RU, "0505");
    let mut g = b.game(1);
    let short = aimed(
        "0505",
        Mode::Multiple,
        &[("tank", &["panther"]), ("inf", &["s1"])],
    );
    assert_eq!(
        refused(
            &mut g,
            Action::Fire {
                attacks: vec![short],
                clear_mines: vec![]
            }
        ),
        "How to have combat I-2",
        "14 to 16 is below 1-1"
    );
    let lone = aimed("0505", Mode::Multiple, &[("inf", &["s1", "s2"])]);
    assert_eq!(
        refused(
            &mut g,
            Action::Fire {
                attacks: vec![lone],
                clear_mines: vec![]
            }
        ),
        "How to have combat I-2"
    );
    g.script(&[6, 6]);
    let order = aimed(
        "0505",
        Mode::Multiple,
        &[("inf", &["s1", "s2"]), ("tank", &["panther"])],
    );
    let e = fire(&mut g, vec![order]);
    let a = attacks(&e);
    assert_eq!(a.len(), 2, "a die roll for each battle");
    assert_eq!(
        a[0].targets,
        vec![Target::Unit("tank".into())],
        "the weakest first"
    );
}

#[test]
fn weapon_to_target_a_a_mixed_stack_evenly_split_counts_as_the_least_favourable_type() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "tank", T34, "0505");
    b.unit(RUSSIAN, "inf", RIFLE_RU, "0505");
    let mut g = b.game(1);
    g.script(&[6]);
    let e = fire(&mut g, vec![combo("0505", &["panther"])]);
    let a = &attacks(&e)[0];
    assert_eq!((a.attack, a.defense), (8, 25));
    assert_eq!(crt::odds_name(a.column), "1-4");
}

#[test]
fn weapon_to_target_b_units_in_towns_are_armored_targets_attacked_together() {
    let mut b = Sandbox::new(12, 12);
    b.cover(Cover::Town, &["0505"]);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(GERMAN, "spotter", RIFLE_DE, "0506");
    b.unit(RUSSIAN, "a", RIFLE_RU, "0505");
    b.unit(RUSSIAN, "b", RECON, "0505");
    let mut g = b.game(1);
    let sel = aimed("0505", Mode::Selective, &[("b", &["panther"])]);
    assert_eq!(
        refused(
            &mut g,
            Action::Fire {
                attacks: vec![sel],
                clear_mines: vec![]
            }
        ),
        "Weapon-to-Target B"
    );
    g.script(&[6]);
    let e = fire(&mut g, vec![combo("0505", &["panther"])]);
    let a = &attacks(&e)[0];
    assert_eq!((a.attack, a.defense, a.modifier), (32, 20, 1));
}

#[test]
fn hill_and_slope_defense_a_hilltop_attackers_are_not_halved() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Hilltop, &["0505", "0501"]);
    b.unit(GERMAN, "hill", PZ_IV, "0501");
    b.unit(GERMAN, "low", PZ_IV, "0902");
    b.unit(RUSSIAN, "r", T34, "0505");
    let g = b.game(1);
    assert_eq!(factor(&g, "hill", "0505", true), 28);
    assert_eq!(factor(&g, "low", "0505", true), 7, "doubled, then halved");
}

#[test]
fn hill_and_slope_defense_b_adjacent_attackers_are_not_halved_unless_across_brown() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Slope, &["0505"]);
    b.brown("0605", "0505");
    b.unit(GERMAN, "adj", PZ_IV, "0504");
    b.unit(GERMAN, "brown", PZ_IV, "0605");
    b.unit(GERMAN, "far", PZ_IV, "0502");
    b.unit(RUSSIAN, "r", T34, "0505");
    let g = b.game(1);
    assert_eq!(factor(&g, "adj", "0505", true), 28);
    assert_eq!(factor(&g, "brown", "0505", true), 14);
    assert_eq!(
        factor(&g, "far", "0505", true),
        14,
        "C: all other cases are halved"
    );
}

#[test]
fn spotting_a_c_a_unit_in_woods_is_fired_on_from_afar_only_when_a_friend_is_next_to_it() {
    let mut b = Sandbox::new(12, 12);
    b.cover(Cover::Woods, &["0505"]);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "spot", RIFLE_DE, "0905");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0505");
    let mut g = b.game(1);
    let r = refused(
        &mut g,
        Action::Fire {
            attacks: vec![combo("0505", &["tk"])],
            clear_mines: vec![],
        },
    );
    assert_eq!(r, "Spotting");
    let mut b2 = b.clone();
    b2.s.setup.retain(|(u, _, _)| b2.s.units[*u].id != "spot");
    b2.unit(GERMAN, "spot2", RIFLE_DE, "0506");
    let g2 = b2.game(1);
    assert!(
        g2.can_fire_at(g2.s.unit("tk").unwrap(), hex("0505"))
            .is_ok(),
        "B: the spotter need not fire"
    );
    b2.dispersed("spot2");
    let g3 = b2.game(1);
    assert_eq!(
        g3.can_fire_at(g3.s.unit("tk").unwrap(), hex("0505"))
            .unwrap_err()
            .rule,
        "Spotting",
        "C: dispersed units do not spot"
    );
}

#[test]
fn indirect_fire_a_b_mortars_fire_at_what_a_command_post_sees() {
    let mut b = Sandbox::new(12, 12);
    b.green("0506", "0507");
    b.unit(GERMAN, "mortar", MORTAR_81, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0508");
    let g = b.game(1);
    let m = g.s.unit("mortar").unwrap();
    assert_eq!(
        g.can_fire_at(m, hex("0508")).unwrap_err().rule,
        "Line of Sight"
    );
    b.unit(GERMAN, "cp", CP, "0808");
    let g = b.game(1);
    assert!(matches!(
        g.can_fire_at(m, hex("0508")),
        Ok(Sight::Indirect { .. })
    ));
    let mut off = b.clone();
    off.s.options.indirect_fire = false;
    let g = off.game(1);
    assert!(g.can_fire_at(m, hex("0508")).is_err(), "an optional rule");
}

#[test]
fn indirect_fire_d_spa_only_beyond_half_their_range() {
    let mut b = Sandbox::new(12, 40);
    b.green("0506", "0507").green("0525", "0526");
    b.unit(GERMAN, "wespe", WESPE, "0501");
    b.unit(GERMAN, "cp", CP, "0807");
    b.unit(RUSSIAN, "near", RIFLE_RU, "0508");
    b.unit(RUSSIAN, "far", RIFLE_RU, "0530");
    b.unit(GERMAN, "cp2", CP, "0830");
    let g = b.game(1);
    let w = g.s.unit("wespe").unwrap();
    let refusal = g.can_fire_at(w, hex("0508")).unwrap_err();
    assert_eq!(refusal.rule, "Indirect Fire D", "7 hexes: not beyond 16");
    assert!(refusal.why.contains("half its range is 16"), "{refusal}");
    assert!(matches!(
        g.can_fire_at(w, hex("0530")),
        Ok(Sight::Indirect { .. })
    ));
}

#[test]
fn crt_the_seeds_anchors_and_the_below_table_rule() {
    assert_eq!(
        crt::result(3, 4),
        Outcome::NoEffect,
        "1-1 at 4, the worked example"
    );
    assert_eq!(crt::result(0, -1), Outcome::D);
    assert_eq!(crt::result(1, -1), Outcome::DD);
    assert_eq!(crt::result(1, 0), Outcome::D);
    assert_eq!(crt::result(1, 2), Outcome::NoEffect);
    assert_eq!(crt::result(6, 6), Outcome::X);
    assert_eq!(crt::result(6, 7), Outcome::NoEffect);
    assert_eq!(crt::result(9, 0), Outcome::X, "above 4-1 is 4-1");
    // Below the table: one column right a point.
    assert_eq!(crt::result(0, -2), Outcome::DD);
    assert_eq!(crt::result(1, -2), Outcome::X);
    let total: f64 = crt::chances(3, 0).iter().map(|c| c.1).sum();
    assert!((total - 1.0).abs() < 1e-9);
}

#[test]
fn crt_d_and_dd_a_dispersed_unit_is_easier_to_hit_and_dd_destroys_it() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(GERMAN, "i1", RIFLE_DE, "0504");
    b.unit(GERMAN, "i2", RIFLE_DE, "0604");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0505");
    let mut g = b.game(1);
    // 8 to 16 is 1-2: a 1 disperses.
    g.script(&[1]);
    let e = fire(&mut g, vec![combo("0505", &["panther"])]);
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Dispersed { unit } if unit == "r"))
    );
    to_step(&mut g, Step::Assault);
    // 6 to 16 is 1-3; a 2, less 2 for the assault and 1 for the dispersal, is −1: DD.
    g.script(&[2]);
    let e = ok(
        &mut g,
        Action::Assault {
            hex: hex("0505"),
            units: vec!["i1".into(), "i2".into()],
        },
    );
    let a = &attacks(&e)[0];
    assert_eq!(
        (a.kind, a.modifier, a.outcome),
        (AttackKind::Assault, -3, Outcome::DD)
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Destroyed { unit, .. } if unit == "r"))
    );
}

#[test]
fn crt_d_a_dispersed_unit_neither_moves_nor_fires_and_recovers_after_its_next_turn() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0505");
    b.unit(RUSSIAN, "t", T34, "0709");
    let mut g = b.game(1);
    g.script(&[1]);
    fire(&mut g, vec![combo("0505", &["panther"])]);
    to_step(&mut g, Step::Assault);
    ok(&mut g, Action::EndStep);
    assert_eq!(g.state().side, RUSSIAN);
    let r = g.s.unit("r").unwrap();
    assert!(g.state().units[r].dispersed);
    assert_eq!(g.can_fire_at(r, hex("0501")).unwrap_err().rule, "CRT: D");
    to_step(&mut g, Step::FootMove);
    assert_eq!(refused(&mut g, mv("r", &["0506"])), "How to Move Units B");
    to_step(&mut g, Step::Assault);
    ok(&mut g, Action::EndStep);
    assert!(
        !g.state().units[r].dispersed,
        "face-up at the end of its own turn"
    );
}

#[test]
fn spotting_b_the_spotter_need_not_take_part_in_the_attack() {
    let mut b = Sandbox::new(12, 12);
    b.cover(Cover::Woods, &["0505"]);
    b.unit(GERMAN, "tk", PZ_IV, "0501");
    b.unit(GERMAN, "spot", RIFLE_DE, "0506");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0505");
    let mut g = b.game(1);
    let e = fire(&mut g, vec![combo("0505", &["tk"])]);
    let a = &attacks(&e)[0];
    assert_eq!(a.attackers, vec!["tk".to_string()]);
    // The spotter did not fire: it may still move.
    to_step(&mut g, Step::FootMove);
    ok(&mut g, mv("spot", &["0606"]));
}

#[test]
fn indirect_fire_c_a_target_in_woods_must_still_be_spotted_but_not_by_the_cp() {
    let mut b = Sandbox::new(12, 12);
    b.green("0506", "0507");
    b.cover(Cover::Woods, &["0508"]);
    b.unit(GERMAN, "mortar", MORTAR_81, "0501");
    b.unit(GERMAN, "cp", CP, "0808");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0508");
    let g = b.game(1);
    let m = g.s.unit("mortar").unwrap();
    assert!(g.sees(hex("0808"), hex("0508")), "the CP sees the target");
    assert_eq!(
        g.can_fire_at(m, hex("0508")).unwrap_err().rule,
        "Spotting",
        "but nobody spots it in the woods"
    );
    // A rifle platoon next to it spots for the command post.
    b.unit(GERMAN, "spot", RIFLE_DE, "0509");
    let g = b.game(1);
    assert!(matches!(
        g.can_fire_at(m, hex("0508")),
        Ok(Sight::Indirect { cp }) if g.s.units[cp].id == "cp"
    ));
}

/// The 150mm infantry howitzer: 20 H 12, DF 2 (the counter set's G/71).
const SIG_150: Template = Template {
    name: "150mm Inf. How.",
    kind: Kind::Gun,
    f: Factors {
        attack: 20,
        class: Class::H,
        range: 12,
        defense: 2,
        movement: 0,
    },
};

#[test]
fn wtr_a_p16_an_evenly_divided_stack_is_one_type_for_the_whole_attack() {
    let mut b = Sandbox::new(12, 14);
    b.unit(GERMAN, "panther", PANTHER, "0505");
    b.unit(GERMAN, "sig", SIG_150, "0501");
    b.unit(RUSSIAN, "t34", T34, "0509");
    b.unit(RUSSIAN, "recon", RECON, "0509");
    let mut g = b.game(1);
    // Each unit's own worse type would give 8 (the Panther against infantry) + 10 (the
    // howitzer against armor beyond half range) = 18, 1-1. The whole stack as one type:
    // 32 + 10 = 42 armored, 8 + 20 = 28 non-armored.
    assert_eq!(factor(&g, "panther", "0509", true), 32);
    assert_eq!(factor(&g, "panther", "0509", false), 8);
    assert_eq!(factor(&g, "sig", "0509", true), 10);
    assert_eq!(factor(&g, "sig", "0509", false), 20);
    let plans = g
        .plan_fire(&combo("0509", &["panther", "sig"]))
        .unwrap_or_else(|e| panic!("{e}"));
    let note = plans[0].note.clone().unwrap_or_default();
    assert!(note.contains("counts as non-armored"), "{note}");
    g.script(&[6]);
    let e = fire(&mut g, vec![combo("0509", &["panther", "sig"])]);
    let a = &attacks(&e)[0];
    assert_eq!((a.attack, a.defense), (28, 13), "the lower total, 28 to 13");
    assert_eq!(crt::odds_name(a.column), "2-1");
}

#[test]
fn wec_p17_halved_factors_drop_their_fractions_unit_by_unit() {
    let mut b = Sandbox::new(12, 14);
    b.cover(Cover::Town, &["0509"]);
    b.unit(RUSSIAN, "m1", MORTAR_82, "0501");
    b.unit(RUSSIAN, "m2", MORTAR_82, "0501");
    b.unit(RUSSIAN, "spotter", RIFLE_RU, "0510");
    b.unit(GERMAN, "mortar", MORTAR_81, "0509");
    let g = b.game(1).what_if(RUSSIAN, Step::Fire);
    // In a town the 81mm mortar is an armored target (Weapon-to-Target B), 8 hexes off:
    // beyond the 82mm mortars' half range of 6, each 3 is halved to 1.
    let plans = g
        .plan_fire(&combo("0509", &["m1", "m2"]))
        .unwrap_or_else(|e| panic!("{e}"));
    let p = &plans[0];
    assert_eq!(
        p.factors.iter().map(|f| f.value).collect::<Vec<_>>(),
        vec![1, 1]
    );
    assert_eq!((p.attack, p.defense), (2, 3), "1 + 1, not 1½ + 1½ = 3");
    assert_eq!(crt::odds_name(p.column), "1-2");
}

#[test]
fn crt_d_p18_a_partly_dispersed_stack_takes_the_minus_one_when_the_attack_is_upon_the_dispersed_unit()
 {
    let mut b = Sandbox::new(12, 12);
    b.marker("0505", crate::engine::scenario::Marker::Mines);
    b.unit(RUSSIAN, "rifle", RIFLE_RU, "0505");
    b.unit(RUSSIAN, "mortar", MORTAR_82, "0505");
    b.unit(GERMAN, "how", HOW_105, "0501");
    let mut g = b.game(1);
    while !(g.state().side == RUSSIAN && g.state().step == Step::Assault) {
        ok(&mut g, Action::EndStep);
    }
    // The German turn opens with the minefield's attacks at 2-1: a 4 disperses the
    // rifle, a 6 leaves the mortar alone.
    g.script(&[4, 6]);
    ok(&mut g, Action::EndStep);
    assert_eq!((g.state().side, g.state().step), (GERMAN, Step::Fire));
    let now = |g: &Game, u: &str| g.state().units[g.s.unit(u).unwrap()].dispersed_now;
    assert!(now(&g, "rifle") && !now(&g, "mortar"));
    // A selective attack on the undispersed mortar: no -1.
    let mut sel = g.clone();
    sel.script(&[6]);
    let e = fire(
        &mut sel,
        vec![aimed("0505", Mode::Selective, &[("mortar", &["how"])])],
    );
    assert_eq!(attacks(&e)[0].modifier, 0);
    // The whole stack, the dispersed rifle with it: -1, and a DD falls on each unit by
    // itself — the rifle, dispersed this turn, is destroyed, the mortar dispersed.
    g.script(&[3]);
    let e = fire(&mut g, vec![combo("0505", &["how"])]);
    let a = &attacks(&e)[0];
    assert_eq!((a.attack, a.defense, a.modifier), (40, 19, -1));
    assert_eq!(a.outcome, Outcome::DD, "2-1 at 3 - 1 = 2");
    assert!(e.contains(&Event::Destroyed {
        unit: "rifle".into(),
        hex: hex("0505")
    }));
    assert!(e.contains(&Event::Dispersed {
        unit: "mortar".into()
    }));
}
