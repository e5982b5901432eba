//! Combat (10.0-11.6) and artillery (12.0): the odds, the CRTs and when each is used, the
//! DRMs, losses, armor attrition, retreats and advances — with the booklet's examples.

use super::*;
use crate::engine::board::{Ground, Link};
use crate::engine::sandbox::invented_charts;
use crate::engine::sandbox::units::*;
use crate::engine::state::Pending;
use crate::engine::words::{CrtKind, GERMAN, SOVIET, Supply, Weather};

/// 10.52's examples: 8 to 2 is 4:1, 8 to 3 and 8 to 4 are 2:1, 8 to 5 is 3:2; 10.53:
/// below 1:4 no column, above 7:1 (Assault) and 8:1 (Mobile) the last.
#[test]
fn r10_52_odds_round_in_the_defenders_favour_to_a_listed_column() {
    let c = invented_charts();
    let label = |crt: &crate::engine::crt::Crt, a, d| crt.column(a, d).map(|x| crt.label(x));
    assert_eq!(label(&c.assault, 8, 2).as_deref(), Some("4:1"));
    assert_eq!(label(&c.assault, 8, 3).as_deref(), Some("2:1"));
    assert_eq!(label(&c.assault, 8, 4).as_deref(), Some("2:1"));
    assert_eq!(label(&c.assault, 8, 5).as_deref(), Some("3:2"));
    assert_eq!(label(&c.assault, 1, 5), None, "below 1:4");
    assert_eq!(label(&c.assault, 1, 4).as_deref(), Some("1:4"));
    assert_eq!(label(&c.assault, 30, 3).as_deref(), Some("7:1"));
    assert_eq!(label(&c.mobile, 30, 3).as_deref(), Some("8:1"));
    // 10.53a: A2R below 1:4 on the Mobile CRT, A2Rd on the Assault CRT.
    assert_eq!(c.mobile.below().to_string(), "A2R");
    assert_eq!(c.assault.below().to_string(), "A2Rd");
}

#[test]
fn r10_53a_an_attack_below_1_to_4_at_declaration_is_not_made() {
    let mut sb = duel(6, 6);
    let u = sb.unit(GERMAN, "weak", RIFLE, Some("gd"), "0102");
    sb.values(u).full.attack = 1;
    let d = sb.unit(SOVIET, "strong", RIFLE, Some("sd"), "0103");
    sb.values(d).full.defense = 5;
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    let ev = to_combat(&mut g, &[("weak", "0103")], &[]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::AttackVoid { why, .. } if why.contains("below 1:4"))),
        "{ev:?}"
    );
    assert!(g.state().seq().is_none_or(|q| q.attacks.is_empty()));
}

#[test]
fn r10_32_r10_33_the_assault_crt_is_mandatory_unless_armor_attacks_in_a_mobile_sequence() {
    let mut sb = duel(8, 8);
    sb.town(&["0103"])
        .hill(&["0303"])
        .ground(&["0503"], Ground::Swamp)
        .link(&["0502", "0503"], Link::MainRoad);
    for (n, at, target) in [
        ("a", "0102", "0103"),
        ("b", "0302", "0303"),
        ("c", "0502", "0503"),
        ("d", "0702", "0703"),
    ] {
        sb.unit(GERMAN, &format!("tank-{n}"), TANK, Some("gd"), at);
        sb.unit(SOVIET, &format!("def-{n}"), RIFLE, Some("sd"), target);
    }
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0701");
    let g = german(&sb, SeqKind::Mobile, &[]);
    let units = |id: &str| vec![g.rules.unit(id).unwrap()];
    let h = crate::engine::sandbox::hex;
    assert_eq!(
        g.crt_options(h("0103"), &units("tank-a"), false),
        [CrtKind::Assault],
        "a town"
    );
    assert_eq!(
        g.crt_options(h("0303"), &units("tank-b"), false),
        [CrtKind::Assault],
        "a hill"
    );
    assert_eq!(
        g.crt_options(h("0503"), &units("tank-c"), false),
        [CrtKind::Assault],
        "swamp"
    );
    assert_eq!(
        g.crt_options(h("0703"), &units("inf"), false),
        [CrtKind::Assault],
        "no armor"
    );
    assert_eq!(
        g.crt_options(h("0703"), &units("tank-d"), false),
        [CrtKind::Mobile, CrtKind::Assault]
    );
    let g = german(&sb, SeqKind::Assault, &[]);
    assert_eq!(
        g.crt_options(h("0703"), &units("tank-d"), false),
        [CrtKind::Assault],
        "an Assault Sequence"
    );
    let mut rain = sb.clone();
    rain.weather(Weather::Rain);
    let g = german(&rain, SeqKind::Mobile, &[]);
    assert_eq!(
        g.crt_options(h("0703"), &units("tank-d"), false),
        [CrtKind::Assault],
        "Rain"
    );
}

/// 10.61c's example: the attacker's Lead has ER 5, the defender's 7: +2.
#[test]
fn r10_61c_the_er_differential_is_the_defenders_er_less_the_attackers() {
    let mut sb = duel(6, 6);
    sb.unit(GERMAN, "att", RIFLE, Some("gd"), "0102");
    let d = sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0103");
    sb.values(d).full.er = 7;
    let mut g = german(&sb, SeqKind::Assault, &[5]);
    let mut ev = to_combat(&mut g, &[("att", "0103")], &[]);
    ev.extend(maybe(&mut g, resolve("0103", CrtKind::Assault, "att")));
    let c = combats(&ev);
    assert_eq!(c[0].3, 2, "{c:?}");
}

/// 11.12's example: a Soviet stack of a two-step armor unit and a non-armor Lead attacks a
/// German anti-aircraft unit (red defense) at 3:1 on the Assault CRT; the modified roll of
/// 5 is "DR" in a shaded box: the German retreats, and the Soviet armor loses a step though
/// the result calls for no attacker loss.
#[test]
fn r11_12_the_booklets_armor_attrition_example() {
    let mut sb = duel(6, 6);
    let tank = sb.unit(SOVIET, "armor", TANK, Some("sd"), "0304");
    sb.values(tank).full.attack = 4;
    let lead = sb.unit(SOVIET, "lead", RIFLE, Some("sd"), "0304");
    sb.values(lead).full.attack = 2;
    sb.values(lead).full.er = 6;
    let flak = sb.unit(GERMAN, "flak", FLAK, Some("gd"), "0303");
    sb.values(flak).full.defense = 2;
    // The Soviet wins the Initiative and plays an Assault Sequence; the combat roll is 5.
    let mut g = sb.scripted(&[10, 1, 5]);
    ok(
        &mut g,
        Action::Play {
            am: "sd".into(),
            sequence: SeqKind::Assault,
            formation: None,
        },
    );
    let mut ev = to_combat(&mut g, &[("armor", "0303"), ("lead", "0303")], &[]);
    ev.extend(maybe(&mut g, resolve("0303", CrtKind::Assault, "lead")));
    let c = combats(&ev);
    assert_eq!(
        (c[0].0, c[0].1, c[0].2.as_str(), c[0].4),
        (6, 2, "3:1", Some(5)),
        "{c:?}"
    );
    assert_eq!(c[0].5.to_string(), "DR*");
    assert_eq!(g.state().units[tank].steps, 1, "the armor's step: {ev:?}");
    assert_eq!(g.state().units[lead].steps, 2, "not the Lead's");
    assert!(matches!(g.state().pending.last(), Some(Pending::Retreat(o)) if o.units == [flak]));
}

/// 3.55's example: three artillery units support an attack on a swamp hex; one (3) is
/// next to it and always coordinated; the Lead of the other two (4 and 5) fails its check,
/// halving them to 2 and 2; the swamp halves all three: 1 + 1 + 1 = 3.
#[test]
fn r3_55_the_booklets_artillery_halving_example() {
    let mut sb = duel(8, 8);
    sb.ground(&["0404"], Ground::Swamp);
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0403");
    let a = sb.unit(GERMAN, "a3", ARTILLERY, Some("gd"), "0503");
    sb.values(a).support = 3;
    let b = sb.unit(GERMAN, "a4", ARTILLERY, Some("gd"), "0401");
    sb.values(b).support = 4;
    let c = sb.unit(GERMAN, "a5", ARTILLERY, Some("gd"), "0201");
    sb.values(c).support = 5;
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0404");
    // The artillery check: 9 (less 1 for the Assault Sequence) fails ER 5 but is under 10.
    let mut g = german(&sb, SeqKind::Assault, &[9, 5]);
    let mut ev = to_combat(&mut g, &[("inf", "0404")], &[]);
    ev.extend(maybe(&mut g, resolve("0404", CrtKind::Assault, "inf")));
    for u in ["a4", "a5", "a3"] {
        ev.extend(ok(&mut g, Action::Artillery { unit: u.into() }));
    }
    ev.extend(maybe(&mut g, Action::End));
    let c = combats(&ev);
    assert_eq!(c[0].0, 4 + 3, "the infantry's 4 and 3 of support: {ev:?}");
}

/// 3.56's example: two armored units (3 and 4, the 4 out of supply) and an infantry unit
/// attack a swamp hex across a road hexside: the 4 halves to 2, the armor's 5 halves to 2
/// in the swamp; the infantry is not halved.
#[test]
fn r3_56_the_booklets_attack_halving_example() {
    let mut sb = duel(8, 8);
    sb.ground(&["0404"], Ground::Swamp)
        .link(&["0403", "0404"], Link::MainRoad);
    let t3 = sb.unit(GERMAN, "t3", TANK, Some("gd"), "0403");
    sb.values(t3).full.attack = 3;
    let t4 = sb.unit(GERMAN, "t4", TANK, Some("gd"), "0403");
    sb.values(t4).full.attack = 4;
    sb.start(t4).supply = Supply::Oos;
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0403");
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0404");
    let mut g = german(&sb, SeqKind::Assault, &[5]);
    let mut ev = to_combat(
        &mut g,
        &[("t3", "0404"), ("t4", "0404"), ("inf", "0404")],
        &[],
    );
    ev.extend(maybe(&mut g, resolve("0404", CrtKind::Assault, "inf")));
    assert_eq!(combats(&ev)[0].0, 2 + 4, "{ev:?}");
}

/// 10.42e's example: defense 5 and two supporting artillery units of 4 passing their
/// check: only 5 support points count.
#[test]
fn r10_42e_support_never_exceeds_the_sides_ground_strength() {
    let mut sb = duel(8, 8);
    sb.unit(GERMAN, "att", TANK, Some("gd"), "0102");
    let d = sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0103");
    sb.values(d).full.defense = 5;
    for (n, at) in [("s1", "0105"), ("s2", "0205")] {
        let a = sb.unit(SOVIET, n, ARTILLERY, Some("sd"), at);
        sb.values(a).support = 4;
    }
    // The Soviet artillery check passes with 1; then the combat roll.
    let mut g = german(&sb, SeqKind::Assault, &[1, 5]);
    let mut ev = to_combat(&mut g, &[("att", "0103")], &[]);
    ev.extend(maybe(&mut g, resolve("0103", CrtKind::Assault, "att")));
    ev.extend(ok(&mut g, Action::Artillery { unit: "s1".into() }));
    ev.extend(ok(&mut g, Action::Artillery { unit: "s2".into() }));
    ev.extend(maybe(&mut g, Action::End));
    assert_eq!(combats(&ev)[0].1, 5 + 5, "{ev:?}");
    let s1 = g.rules.unit("s1").unwrap();
    assert!(
        g.state().units[s1].fired,
        "turned to its Fired side (12.19)"
    );
}

#[test]
fn r10_61f_the_combined_arms_bonus_needs_armor_and_motorized_infantry_and_no_anti_tank() {
    let mut sb = duel(8, 8);
    sb.unit(GERMAN, "tank", TANK, Some("gd"), "0102");
    sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0102");
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0103");
    let tank_er = 7;
    let _ = tank_er;
    let mut g = german(&sb, SeqKind::Mobile, &[5]);
    let mut ev = to_combat(&mut g, &[("tank", "0103"), ("mot", "0103")], &[]);
    ev.extend(maybe(&mut g, resolve("0103", CrtKind::Mobile, "mot")));
    // ER 6 against ER 5: -1; the bonus: -1 more.
    assert_eq!(combats(&ev)[0].3, -2, "{ev:?}");
    let mut with_at = sb.clone();
    with_at.unit(SOVIET, "at", AT_GUN, Some("sd"), "0103");
    let mut g = german(&with_at, SeqKind::Mobile, &[5]);
    let mut ev = to_combat(
        &mut g,
        &[("tank", "0103"), ("mot", "0103")],
        &[("0103", "def")],
    );
    ev.extend(maybe(&mut g, resolve("0103", CrtKind::Mobile, "mot")));
    assert_eq!(
        combats(&ev)[0].3,
        -1,
        "an anti-tank unit cancels the bonus (16.12): {ev:?}"
    );
}

#[test]
fn r10_44_attackers_from_two_hexes_check_coordination_a_failure_is_plus_two() {
    let mut sb = duel(8, 8);
    sb.unit(GERMAN, "a", RIFLE, Some("gd"), "0302");
    sb.unit(GERMAN, "b", RIFLE, Some("gd"), "0304");
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0303");
    // The coordination roll 9 (-1 in an Assault Sequence) fails ER 5; then the roll.
    let mut g = german(&sb, SeqKind::Assault, &[9, 5]);
    let mut ev = to_combat(&mut g, &[("a", "0303"), ("b", "0303")], &[]);
    ev.extend(maybe(&mut g, resolve("0303", CrtKind::Assault, "a")));
    assert!(ev.iter().any(|e| matches!(e, Event::Check { what, passed: false, .. } if what.starts_with("combat unit coordination"))));
    assert_eq!(combats(&ev)[0].3, 2, "{ev:?}");
}

#[test]
fn r10_62_the_net_drm_is_capped_at_five() {
    let mut sb = duel(8, 8);
    sb.town(&["0303"]).woods(&["0303"]);
    let a = sb.unit(GERMAN, "a", RIFLE, Some("gd"), "0302");
    sb.values(a).full.er = 1;
    let d = sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0303");
    sb.values(d).full.er = 10;
    sb.strongpoint("0303", SOVIET);
    let mut g = german(&sb, SeqKind::Assault, &[5]);
    let mut ev = to_combat(&mut g, &[("a", "0303")], &[]);
    ev.extend(maybe(&mut g, resolve("0303", CrtKind::Assault, "a")));
    // Town +2, Strongpoint +1, ER +9: capped at +5.
    assert_eq!(combats(&ev)[0].3, 5, "{ev:?}");
}

#[test]
fn r11_21_r11_22_the_lead_loses_the_first_step_the_owner_chooses_the_rest() {
    let mut sb = duel(8, 8);
    for n in ["t1", "t2"] {
        let t = sb.unit(GERMAN, n, TANK, Some("gd"), "0302");
        sb.values(t).full.attack = 20;
    }
    sb.unit(SOVIET, "lead", RIFLE, Some("sd"), "0303");
    sb.unit(SOVIET, "other", RIFLE, Some("sd"), "0303");
    // 40 to 8 is 5:1 on the Assault CRT; a roll of 1 with the ER differential (-2).
    let mut g = german(&sb, SeqKind::Assault, &[1]);
    let mut ev = to_combat(
        &mut g,
        &[("t1", "0303"), ("t2", "0303")],
        &[("0303", "lead")],
    );
    ev.extend(maybe(&mut g, resolve("0303", CrtKind::Assault, "t1")));
    let (_, _, _, _, _, r) = combats(&ev)[0].clone();
    let lead = g.rules.unit("lead").unwrap();
    assert!(
        r.defender.steps >= 2,
        "a result of {r} is no test of the choice"
    );
    assert!(
        g.state().units[lead].steps < 2,
        "the Lead loses the first step: {ev:?}"
    );
    let Some(Pending::Loss(o)) = g.state().pending.last().cloned() else {
        panic!("the owner's choice of the rest: {:?}", g.state().pending)
    };
    assert_eq!(g.to_act(), Some(SOVIET), "the owner chooses");
    assert_eq!(o.steps, r.defender.steps - 1);
    ok(
        &mut g,
        Action::Loss {
            unit: "other".into(),
        },
    );
    let other = g.rules.unit("other").unwrap();
    assert_eq!(g.state().units[other].steps, 1);
}

/// 11.5's example: a German stack of a motorized unit and an orange-circle artillery unit
/// must retreat two hexes, and every way out passes a vacant hex in an enemy ZOC. The
/// artillery is eliminated; the motorized unit retreats through the ZOC in the first hex
/// only, and checks its ER after.
#[test]
fn r11_55_the_booklets_retreat_through_an_enemy_zoc_example() {
    let mut sb = duel(8, 8);
    let mot = sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0404");
    let art = sb.unit(GERMAN, "art", ARTILLERY, Some("gd"), "0404");
    sb.unit(SOVIET, "tank", TANK, Some("sd"), "0403");
    let r = sb.unit(SOVIET, "rifle", RIFLE, Some("sd"), "0403");
    sb.values(r).full.attack = 9;
    sb.unit(SOVIET, "z1", RIFLE, Some("sd"), "0306");
    sb.unit(SOVIET, "z2", RIFLE, Some("sd"), "0506");
    // 16 to 4 and the artillery's 4 in its own hex (12.23) is 2:1 on the Mobile CRT; the
    // roll 8 with -1 (ER 7 against 6) reads "DR".
    // Then the retreat's ER check: 7 fails the motorized unit's ER 6.
    let mut g = sb.scripted(&[10, 1, 8, 7]);
    ok(
        &mut g,
        Action::Play {
            am: "sd".into(),
            sequence: SeqKind::Mobile,
            formation: None,
        },
    );
    let mut ev = to_combat(
        &mut g,
        &[("tank", "0404"), ("rifle", "0404")],
        &[("0404", "mot")],
    );
    ev.extend(maybe(&mut g, resolve("0404", CrtKind::Mobile, "tank")));
    assert_eq!(combats(&ev)[0].5.to_string(), "DR", "{ev:?}");
    assert!(
        !g.state().units[art].alive(),
        "the artillery cannot retreat: {ev:?}"
    );
    let legal = g.legal();
    assert!(
        !legal.is_empty()
            && legal
                .iter()
                .all(|a| matches!(a, Action::Retreat { unit: None, path } if path.len() == 2)),
        "{legal:?}"
    );
    let a = legal[0].clone();
    let Action::Retreat { path, .. } = &a else {
        unreachable!()
    };
    let first_in_zoc = g.in_enemy_zoc(GERMAN, path[0]);
    let second_in_zoc = g.in_enemy_zoc(GERMAN, path[1]);
    assert!(first_in_zoc && !second_in_zoc);
    let ev = ok(&mut g, a);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Check {
                roll: 7,
                passed: false,
                ..
            }
        )),
        "{ev:?}"
    );
    assert_eq!(
        g.state().units[mot].steps,
        1,
        "the failed check costs a step"
    );
}

/// 11.56d, the Motorized Attacker Advantage example (stack B): a retreating stack without
/// a red-box unit, through the ZOC of an enemy red-box unit, loses a step without a check,
/// the enemy choosing which.
#[test]
fn r11_56d_the_motorized_attacker_advantage() {
    let mut sb = duel(8, 8);
    sb.unit(SOVIET, "r1", RIFLE, Some("sd"), "0404");
    sb.unit(SOVIET, "r2", RIFLE, Some("sd"), "0404");
    let t = sb.unit(GERMAN, "tank", TANK, Some("gd"), "0403");
    sb.values(t).full.attack = 16;
    sb.unit(GERMAN, "mz1", MOT_INF, Some("gd"), "0306");
    sb.unit(GERMAN, "mz2", MOT_INF, Some("gd"), "0506");
    // 16 to 8 is 2:1; the roll 10 with -2 (ER 7 against 5): "DR" on the Mobile CRT.
    let mut g = german(&sb, SeqKind::Mobile, &[10]);
    let mut ev = to_combat(&mut g, &[("tank", "0404")], &[("0404", "r1")]);
    ev.extend(maybe(&mut g, resolve("0404", CrtKind::Mobile, "tank")));
    assert_eq!(combats(&ev)[0].5.to_string(), "DR", "{ev:?}");
    let a = g.legal()[0].clone();
    assert!(matches!(a, Action::Retreat { unit: None, .. }), "{a:?}");
    ok(&mut g, a);
    assert_eq!(g.to_act(), Some(GERMAN), "the enemy chooses the step");
    let ev = ok(&mut g, Action::Loss { unit: "r2".into() });
    assert!(!ev.iter().any(|e| matches!(e, Event::Check { .. })));
    let r2 = g.rules.unit("r2").unwrap();
    assert_eq!(g.state().units[r2].steps, 1);
}

#[test]
fn r11_34_a_retreat_ends_in_an_enemy_zoc_only_beside_a_friendly_unit_and_moves_away() {
    let mut sb = duel(8, 8);
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0404");
    let t = sb.unit(GERMAN, "tank", TANK, Some("gd"), "0403");
    sb.values(t).full.attack = 10;
    sb.unit(GERMAN, "side", RIFLE, Some("gd"), "0606");
    let mut g = german(&sb, SeqKind::Mobile, &[8]);
    let mut ev = to_combat(&mut g, &[("tank", "0404")], &[]);
    ev.extend(maybe(&mut g, resolve("0404", CrtKind::Mobile, "tank")));
    assert!(combats(&ev)[0].5.defender.retreat, "{ev:?}");
    let grid = g.rules.board.grid;
    for a in g.legal() {
        let Action::Retreat { path, .. } = a else {
            continue;
        };
        assert_eq!(path.len(), 2, "a Mobile CRT retreat is two hexes (11.31a)");
        let origin = crate::engine::sandbox::hex("0404");
        assert!(
            grid.distance(origin, path[1]) == 2,
            "away from the Defender Hex: {path:?}"
        );
        assert!(
            !g.in_enemy_zoc(SOVIET, path[1]),
            "not ending in a vacant enemy ZOC: {path:?}"
        );
    }
}

/// 11.6's example: attack A, on the Assault CRT, advances one hex, its heavy weapons unit
/// not at all; attack B, on the Mobile CRT, advances its units up to two hexes, into enemy
/// ZOCs in the second.
#[test]
fn r11_61_the_booklets_advance_after_combat_example() {
    let mut sb = duel(10, 10);
    let a1 = sb.unit(GERMAN, "rifle", RIFLE, Some("gd"), "0302");
    sb.values(a1).full.attack = 20;
    sb.unit(GERMAN, "gun", AT_GUN, Some("gd"), "0302");
    sb.unit(SOVIET, "a-def", RIFLE, Some("sd"), "0303");
    let mut g = german(&sb, SeqKind::Assault, &[1]);
    let mut ev = to_combat(&mut g, &[("rifle", "0303"), ("gun", "0303")], &[]);
    ev.extend(maybe(&mut g, resolve("0303", CrtKind::Assault, "rifle")));
    assert_eq!(
        g.occupant(crate::engine::sandbox::hex("0303")),
        None,
        "{ev:?}"
    );
    assert!(g.legal().contains(&Action::Advance {
        unit: "rifle".into(),
        path: vec![crate::engine::sandbox::hex("0303")]
    }));
    assert_eq!(
        refused(
            &mut g,
            Action::Advance {
                unit: "gun".into(),
                path: vec![crate::engine::sandbox::hex("0303")]
            }
        ),
        "11.63"
    );
    assert!(
        !g.legal()
            .iter()
            .any(|a| matches!(a, Action::Advance { path, .. } if path.len() == 2)),
        "one hex on the Assault CRT"
    );

    let mut sb = duel(10, 10);
    for (n, tp) in [("tank", TANK), ("mot", MOT_INF), ("foot", RIFLE)] {
        let u = sb.unit(GERMAN, n, tp, Some("gd"), "0302");
        sb.values(u).full.attack = 10;
    }
    sb.unit(SOVIET, "b-def", RIFLE, Some("sd"), "0303");
    sb.unit(SOVIET, "beyond", RIFLE, Some("sd"), "0305");
    let mut g = german(&sb, SeqKind::Mobile, &[1]);
    let mut ev = to_combat(
        &mut g,
        &[("tank", "0303"), ("mot", "0303"), ("foot", "0303")],
        &[],
    );
    ev.extend(maybe(&mut g, resolve("0303", CrtKind::Mobile, "tank")));
    assert_eq!(
        g.occupant(crate::engine::sandbox::hex("0303")),
        None,
        "{ev:?}"
    );
    let two = Action::Advance {
        unit: "tank".into(),
        path: vec![
            crate::engine::sandbox::hex("0303"),
            crate::engine::sandbox::hex("0304"),
        ],
    };
    assert!(g.in_enemy_zoc(GERMAN, crate::engine::sandbox::hex("0304")));
    ok(&mut g, two);
    assert_eq!(
        refused(
            &mut g,
            Action::Advance {
                unit: "foot".into(),
                path: vec![
                    crate::engine::sandbox::hex("0303"),
                    crate::engine::sandbox::hex("0403")
                ]
            }
        ),
        "11.61",
        "non-motorized units advance one hex"
    );
    ok(
        &mut g,
        Action::Advance {
            unit: "mot".into(),
            path: vec![
                crate::engine::sandbox::hex("0303"),
                crate::engine::sandbox::hex("0304"),
            ],
        },
    );
}

/// 12.25's example: the Soviet's Mobile CRT attack A advanced two hexes, next to the
/// German artillery units C and D: neither may support the defense against attack B.
#[test]
fn r12_25_artillery_the_enemy_reached_supports_only_its_own_hex() {
    let mut sb = duel(10, 10);
    for (n, tp) in [("tank", TANK), ("mot", MOT_INF)] {
        let u = sb.unit(SOVIET, n, tp, Some("sd"), "0302");
        sb.values(u).full.attack = 10;
    }
    sb.unit(GERMAN, "a-def", RIFLE, Some("gd"), "0303");
    sb.unit(SOVIET, "b-att", TANK, Some("sd"), "0702");
    sb.unit(GERMAN, "b-def", RIFLE, Some("gd"), "0703");
    let c = sb.unit(GERMAN, "art-c", ARTILLERY, Some("gd"), "0305");
    sb.values(c).range = 8;
    sb.unit(GERMAN, "art-d", ARTILLERY, Some("gd"), "0705");
    let mut g = sb.scripted(&[10, 1, 1]);
    ok(
        &mut g,
        Action::Play {
            am: "sd".into(),
            sequence: SeqKind::Mobile,
            formation: None,
        },
    );
    let mut ev = to_combat(
        &mut g,
        &[("tank", "0303"), ("mot", "0303"), ("b-att", "0703")],
        &[],
    );
    ev.extend(maybe(&mut g, resolve("0303", CrtKind::Mobile, "tank")));
    // The German declines to fire art-c for 0303, which it still could.
    assert!(g.legal().contains(&Action::Artillery {
        unit: "art-c".into()
    }));
    ev.extend(ok(&mut g, Action::End));
    assert_eq!(
        g.occupant(crate::engine::sandbox::hex("0303")),
        None,
        "{ev:?}"
    );
    let h = crate::engine::sandbox::hex;
    ok(
        &mut g,
        Action::Advance {
            unit: "tank".into(),
            path: vec![h("0303"), h("0304")],
        },
    );
    play_until(&mut g, |g| g.state().pending.is_empty());
    maybe(&mut g, resolve("0703", CrtKind::Mobile, "b-att"));
    play_until(&mut g, |g| {
        g.state()
            .seq()
            .and_then(|q| q.battle.as_ref())
            .is_some_and(|b| b.stage == crate::engine::state::BattleStage::Artillery(GERMAN))
            || g.state().seq().is_none()
    });
    assert!(g.legal().contains(&Action::Artillery {
        unit: "art-d".into()
    }));
    assert_eq!(
        refused(
            &mut g,
            Action::Artillery {
                unit: "art-c".into()
            }
        ),
        "12.14"
    );
}

#[test]
fn r8_68_an_overrun_that_does_not_clear_the_hex_costs_a_step_and_stops_the_stack() {
    let mut sb = duel(8, 8);
    let t = sb.unit(GERMAN, "tank", TANK, Some("gd"), "0402");
    sb.values(t).full.attack = 3;
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0403");
    // 3 to 4 is 1:2 on the Mobile CRT; a roll of 8 with -2 reads "A1".
    let mut g = german(&sb, SeqKind::Mobile, &[8]);
    ok(&mut g, pick("tank"));
    let ev = ok(
        &mut g,
        Action::Overrun {
            hex: crate::engine::sandbox::hex("0403"),
            lead: "tank".into(),
            air: None,
        },
    );
    let c = combats(&ev);
    assert!(
        !c[0].5.defender.retreat && c[0].5.defender.steps == 0,
        "{c:?}"
    );
    assert!(
        !g.state().units[t].alive(),
        "the CRT's step and one more (8.68): {ev:?}"
    );
}

#[test]
fn r8_64d_no_overrun_from_a_hex_in_the_zoc_of_enemy_units_in_two_hexes() {
    let mut sb = duel(8, 8);
    sb.unit(GERMAN, "tank", TANK, Some("gd"), "0404");
    sb.unit(SOVIET, "a", RIFLE, Some("sd"), "0405");
    sb.unit(SOVIET, "b", RIFLE, Some("sd"), "0403");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    ok(&mut g, pick("tank"));
    let over = Action::Overrun {
        hex: crate::engine::sandbox::hex("0405"),
        lead: "tank".into(),
        air: None,
    };
    assert_eq!(refused(&mut g, over), "8.64d");
}

/// 4.34, 15.33a: the HQ of the Lead's formation, the majority of the attack, in Command
/// Range, spends its points: each is -1 on the coordination checks (the chart's row).
#[test]
fn r4_34_r15_33_the_hq_of_the_majority_formation_helps_the_attacks_checks() {
    let mut sb = duel(8, 8);
    sb.formation(GERMAN, "other", 1, 0);
    sb.unit(GERMAN, "hq", HQ, Some("gd"), "0301");
    sb.unit(GERMAN, "a", RIFLE, Some("gd"), "0302");
    sb.unit(GERMAN, "b", RIFLE, Some("gd"), "0304");
    sb.unit(GERMAN, "c", RIFLE, Some("other"), "0402");
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0303");
    let with_hq = |lead: &str| Action::Resolve {
        hex: crate::engine::sandbox::hex("0303"),
        crt: CrtKind::Assault,
        lead: lead.into(),
        hq: Some("hq".into()),
        leader: None,
    };
    // The coordination check's DRM: -1 (Assault), -1 (the HQ's point), +1 (attackers in
    // three hexes); without the HQ it would be 0.
    let mut g = sb.scripted(&[1, 10, 5, 5]);
    ok(&mut g, Action::ChooseFirst { am: "gd".into() });
    ok(
        &mut g,
        Action::Play {
            am: "gd".into(),
            sequence: SeqKind::Assault,
            formation: None,
        },
    );
    let mut ev = to_combat(&mut g, &[("a", "0303"), ("b", "0303"), ("c", "0303")], &[]);
    assert_eq!(
        refused(&mut g, with_hq("c")),
        "3.43c",
        "a unit of a non-active formation does not lead"
    );
    ev.extend(ok(&mut g, with_hq("a")));
    assert!(ev.iter().any(|e| matches!(e, Event::Check { what, roll: 5, drm: -1, passed: true, .. } if what.starts_with("combat unit"))), "{ev:?}");
    let hq = g.rules.unit("hq").unwrap();
    assert!(g.state().units[hq].spent, "Spent (15.32)");
}

#[test]
fn r13_21_the_defender_commits_air_after_the_attacker() {
    use crate::engine::unit::AirType;
    let mut sb = duel(8, 8);
    sb.unit(GERMAN, "a", RIFLE, Some("gd"), "0302");
    sb.unit(SOVIET, "hq", HQ, Some("sd"), "0305");
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0303");
    sb.air(SOVIET, "il2", AirType::A, 5, 1);
    // The Soviet CAS check 4 passes ER 5; the combat roll.
    let mut g = german(&sb, SeqKind::Assault, &[4, 5]);
    to_combat(&mut g, &[("a", "0303")], &[]);
    maybe(&mut g, resolve("0303", CrtKind::Assault, "a"));
    assert_eq!(g.to_act(), Some(SOVIET));
    ok(&mut g, Action::Defend { hq: None });
    let mut ev = ok(&mut g, Action::Air { unit: "il2".into() });
    ev.extend(maybe(&mut g, Action::End));
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Cas {
                side: SOVIET,
                drm: 1
            }
        )),
        "{ev:?}"
    );
    assert_eq!(combats(&ev)[0].3, 1, "the defender's +1: {ev:?}");
}

#[test]
fn r11_65_an_advance_never_overstacks() {
    let mut sb = duel(8, 8);
    for i in 0..4 {
        let u = sb.unit(
            GERMAN,
            &format!("t{i}"),
            TANK,
            Some("gd"),
            if i == 3 { "0402" } else { "0302" },
        );
        sb.values(u).full.attack = 10;
        if i == 3 {
            sb.values(u).stacking = 4;
        }
    }
    sb.unit(GERMAN, "t4", TANK, Some("gd"), "0402");
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0303");
    sb.unit(GERMAN, "there", MOT_INF, Some("gd"), "0304");
    // The coordination check (two hexes attack), then the combat roll.
    let mut g = german(&sb, SeqKind::Assault, &[1, 1]);
    let mut ev = to_combat(
        &mut g,
        &[
            ("t0", "0303"),
            ("t1", "0303"),
            ("t2", "0303"),
            ("t3", "0303"),
            ("t4", "0303"),
        ],
        &[],
    );
    ev.extend(maybe(&mut g, resolve("0303", CrtKind::Assault, "t0")));
    assert_eq!(
        g.occupant(crate::engine::sandbox::hex("0303")),
        None,
        "{ev:?}"
    );
    let h = crate::engine::sandbox::hex("0303");
    for u in ["t0", "t1", "t2"] {
        ok(
            &mut g,
            Action::Advance {
                unit: u.into(),
                path: vec![h],
            },
        );
    }
    assert_eq!(
        refused(
            &mut g,
            Action::Advance {
                unit: "t3".into(),
                path: vec![h]
            }
        ),
        "11.65",
        "6 + 4 points"
    );
    ok(
        &mut g,
        Action::Advance {
            unit: "t4".into(),
            path: vec![h],
        },
    );
}
