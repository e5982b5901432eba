//! The combat side of R7 (field fortifications, Fixed Positions) and R15 (stars,
//! resilience groups, Volkssturm, fortification units).

use super::*;
use crate::sandbox::Sandbox;
use crate::{CmSide, DefenseOrder, RetreatOrder};
use sztab_core::model::{MovementClass, Mp, Star, UnitKind};

fn cms(o: &Odds, rule: &str) -> i32 {
    o.cms
        .iter()
        .filter(|c| c.rule == rule)
        .map(|c| c.value)
        .sum()
}

fn duel() -> Sandbox {
    let mut s = Sandbox::new(10, 10, 3);
    s.unit("g", "german", "0405");
    s.unit("d", "soviet", "0505");
    s
}

#[test]
fn r7_1_1_a_field_fortification_belongs_to_the_side_under_it() {
    let mut s = duel();
    s.placement("d").unwrap().fortified = true;
    s.bundle.scenario.sides[0].fortified = true;
    let g = start(&s);
    assert_eq!(g.state().ff[hx(&g, "0505")], Some(Side::B));
    assert_eq!(
        g.state().ff[hx(&g, "0405")],
        Some(Side::A),
        "side-wide fortified"
    );
}

#[test]
fn r7_1_5_an_empty_field_fortification_is_removed_at_the_end_of_the_phase() {
    let mut s = Sandbox::new(10, 10, 3);
    s.unit("g", "german", "0303");
    s.placement("g").unwrap().fortified = true;
    let mut g = start(&s);
    mv(&mut g, &["g"], &["0403"]).unwrap();
    assert_eq!(
        g.state().ff[hx(&g, "0303")],
        Some(Side::A),
        "still there during the phase"
    );
    let ev = end(&mut g);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::FfRemoved { hex } if hex.to_string() == "0303"))
    );
}

#[test]
fn r7_1_6_an_enemy_entering_removes_the_field_fortification() {
    let mut s = Sandbox::new(10, 10, 3);
    s.armor("g", "german", "0404", 6, 7);
    s.gun("gun", "soviet", "0505", 2, 1);
    s.placement("gun").unwrap().fortified = true;
    let mut g = start(&s);
    let ev = mv(&mut g, &["g"], &["0505"]).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::FfRemoved { .. })));
    assert_eq!(g.state().ff[hx(&g, "0505")], None);
}

#[test]
fn r7_1_10_r20_1_1_a_field_fortification_gives_one_cm_or_two_in_a_town() {
    let mut s = duel();
    s.placement("d").unwrap().fortified = true;
    let g = start(&s);
    assert_eq!(cms(&odds(&g, &["g"], &["0505"]), "R20.1.1"), 1);
    s.terrain("0505", "clear", &["town"]);
    let g = start(&s);
    let o = odds(&g, &["g"], &["0505"]);
    assert_eq!(cms(&o, "R20.1.1"), 2);
    assert_eq!(cms(&o, "R5.5.1"), 1, "the town's own CM adds");
}

#[test]
fn r7_1_11_units_in_a_field_fortification_need_not_attack() {
    let mut s = duel();
    s.placement("g").unwrap().fortified = true;
    let g = start(&s);
    assert!(g.obligations(Side::A).0.is_empty());
    assert_eq!(g.obligations(Side::B).0, vec![unit(&g, "d")]);
}

fn fixed_position(attacker_hex: &str) -> Game {
    let mut s = Sandbox::new(10, 10, 3);
    s.armor("g", "german", attacker_hex, 8, 7);
    s.unit("d", "soviet", "0505").sp = 2;
    s.hexside("0405", "0505", "fp_line", Some("0505"));
    start(&s)
}

#[test]
fn r7_2_2_attacking_across_a_fixed_position_is_halved_and_gives_three_cms() {
    let g = fixed_position("0405");
    let o = odds(&g, &["g"], &["0505"]);
    assert_eq!(o.attack.total, 4);
    assert_eq!(cms(&o, "R7.2.2"), 3);
}

#[test]
fn r7_2_4_a_fixed_position_attacked_from_the_rear_counts_as_a_field_fortification() {
    let g = fixed_position("0604");
    let o = odds(&g, &["g"], &["0505"]);
    assert_eq!(o.attack.total, 8, "not across the front: no halving");
    assert_eq!((cms(&o, "R7.2.2"), cms(&o, "R7.2.4")), (0, 1));
}

#[test]
fn r7_2_5_units_in_a_fixed_position_need_not_attack() {
    let g = fixed_position("0405");
    assert!(g.obligations(Side::B).0.is_empty());
    assert_eq!(g.obligations(Side::A).0, vec![unit(&g, "g")]);
}

#[test]
fn r7_2_6_the_defender_in_a_fixed_position_sustains_one_cel_less() {
    let mut g = fixed_position("0405");
    until(&mut g, PhaseKind::Combat, Side::A);
    // 4 (halved) against 2 is 2:1, +3 FP gives 1:3; a roll of 3 gives -1/D1.
    attack_rolling(&mut g, &["g"], &["0505"], 3).unwrap();
    assert_eq!(g.fp_reduction(Side::B), 1);
    assert_eq!(g.retreat_loss_due(Side::B, &[]).unwrap().0, 0);
}

fn starred(att: Vec<Star>, def: Vec<Star>, declare_att: bool, declare_def: bool) -> Odds {
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("a", "german", "0405", 6, 7).stars = att;
    s.armor("d", "soviet", "0505", 6, 7).stars = def;
    let g = start(&s);
    let mut o = order(&["a"], &["0505"]);
    if declare_att {
        o.stars = ids(&["a"]);
    }
    let mut eng = g.engagement_of(Side::A, &o).unwrap();
    if declare_def {
        eng.defender_stars = vec![unit(&g, "d")];
    }
    g.assess(&eng)
}

fn star_cm(o: &Odds, side: CmSide) -> i32 {
    o.cms
        .iter()
        .filter(|c| c.rule == "R15.1.1" && c.side == side)
        .map(|c| c.value)
        .sum()
}

#[test]
fn r15_1_1_r15_1_4_each_star_used_gives_one_cm_and_stars_add_up() {
    let o = starred(vec![Star::Blue, Star::Blue], vec![Star::Blue], true, true);
    assert_eq!(
        (star_cm(&o, CmSide::Attacker), star_cm(&o, CmSide::Defender)),
        (2, 1)
    );
}

#[test]
fn r15_1_2_r15_1_3_white_stars_need_armor_opposite() {
    let o = starred(vec![Star::White], vec![], true, false);
    assert_eq!(star_cm(&o, CmSide::Attacker), 1, "the defender is armor");
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("a", "german", "0405", 6, 7).stars = vec![Star::White];
    s.unit("d", "soviet", "0505");
    let g = start(&s);
    let mut ord = order(&["a"], &["0505"]);
    ord.stars = ids(&["a"]);
    let o = g.assess(&g.engagement_of(Side::A, &ord).unwrap());
    assert_eq!(star_cm(&o, CmSide::Attacker), 0, "infantry opposite");
}

#[test]
fn r15_1_5_towed_units_use_their_stars_in_defense() {
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("a", "german", "0405", 6, 7);
    let at = s.unit("at", "soviet", "0505");
    at.kind = UnitKind::AntiTank;
    at.flags.towed = true;
    at.cel = 1;
    at.reduced = None;
    at.stars = vec![Star::White];
    let g = start(&s);
    let mut eng = g.engagement_of(Side::A, &order(&["a"], &["0505"])).unwrap();
    eng.defender_stars = vec![unit(&g, "at")];
    assert_eq!(star_cm(&g.assess(&eng), CmSide::Defender), 1);
}

#[test]
fn r15_1_6_stars_are_used_only_when_declared() {
    let o = starred(vec![Star::Blue], vec![Star::Blue], false, false);
    assert_eq!(
        star_cm(&o, CmSide::Attacker) + star_cm(&o, CmSide::Defender),
        0
    );
}

#[test]
fn r15_1_7_a_side_that_used_stars_loses_a_cel_from_a_starred_unit() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("g", "german", "0405").sp = 1;
    s.unit("d", "soviet", "0505").sp = 4;
    s.unit("d2", "soviet", "0505").stars = vec![Star::Blue];
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 1 against 8: 1:4 (the defender's star makes no difference); a roll of 2: -1/-1D.
    g.script_dice(&faces(2));
    g.apply(Action::Attack(order(&["g"], &["0505"]))).unwrap();
    g.apply(Action::Defend(DefenseOrder {
        stars: ids(&["d2"]),
        ..DefenseOrder::default()
    }))
    .unwrap();
    assert_eq!(
        g.apply(Action::TakeLosses {
            losses: vec![("d".into(), 1)]
        })
        .unwrap_err()
        .rule,
        "R15.1.7"
    );
    assert!(
        g.apply(Action::TakeLosses {
            losses: vec![("d2".into(), 1)]
        })
        .is_ok()
    );
}

#[test]
fn r15_1_8_no_stars_attacking_across_a_big_river() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("a", "german", "0405").stars = vec![Star::Blue];
    s.unit("d", "soviet", "0505");
    s.hexside("0405", "0505", "big_river", None);
    let g = start(&s);
    let mut o = order(&["a"], &["0505"]);
    o.stars = ids(&["a"]);
    let odds = g.assess(&g.engagement_of(Side::A, &o).unwrap());
    assert_eq!(star_cm(&odds, CmSide::Attacker), 0);
    assert_eq!(odds.attack.halving.as_ref().map(|h| h.rule), Some("A-09"));
}

fn rg(s: &mut Sandbox, id: &str, nation: &str, at: &str) {
    let r = s.unit(id, nation, at);
    r.kind = UnitKind::Resilience;
    r.movement = MovementClass::Static;
    r.mp = Mp::ZERO;
    r.sp = 2;
}

#[test]
fn r15_2_1_a_resilience_group_never_moves_or_retreats() {
    let mut s = Sandbox::new(10, 10, 2);
    rg(&mut s, "rg", "german", "0303");
    let mut g = start(&s);
    assert_eq!(mv(&mut g, &["rg"], &["0403"]).unwrap_err().rule, "R15.2.1");
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("g", "german", "0405", 18, 7);
    rg(&mut s, "rg", "soviet", "0505");
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 18 against 2 is 9:1, -1 for the RG: 8:1; a roll of 5 gives -/D4: the RG cannot
    // retreat and sustains every hex.
    let ev = attack_rolling(&mut g, &["g"], &["0505"], 5).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Eliminated { unit, .. } if unit.as_str() == "rg"))
    );
    assert!(g.retreat_paths(unit(&g, "g")).is_empty());
    let _ = RetreatOrder::default();
}

#[test]
fn r15_2_2_a_resilience_group_has_no_zoc() {
    let mut s = Sandbox::new(10, 10, 2);
    rg(&mut s, "rg", "soviet", "0505");
    let g = start(&s);
    assert!(!g.zoc_of(Side::B).covers(hx(&g, "0504")));
}

#[test]
fn r15_2_3_a_resilience_group_gives_its_hex_one_cm() {
    let mut s = duel();
    rg(&mut s, "rg", "soviet", "0505");
    let g = start(&s);
    assert_eq!(cms(&odds(&g, &["g"], &["0505"]), "R15.2.3"), 1);
}

#[test]
fn r15_3_1_r15_3_2_volkssturm_in_attack_helps_the_defender() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("vs", "german", "0405").kind = UnitKind::Volkssturm;
    s.unit("reg", "german", "0405");
    s.unit("d", "soviet", "0505");
    let g = start(&s);
    let o = odds(&g, &["vs", "reg"], &["0505"]);
    assert!(
        o.cms
            .iter()
            .any(|c| c.rule == "R15.3.1" && c.side == CmSide::Defender && c.value == 1)
    );
}

fn fortification_unit(in_ff: bool) -> Game {
    let mut s = duel();
    s.unit("fu", "soviet", "0505").kind = UnitKind::Fortification;
    s.placement("fu").unwrap().fortified = in_ff;
    start(&s)
}

#[test]
fn r15_4_1_r15_4_2_a_fortification_unit_in_a_fortification_gives_two_cms_when_used() {
    for (ff, used, expected) in [(true, true, 2), (true, false, 0), (false, true, 0)] {
        let g = fortification_unit(ff);
        let mut eng = g.engagement_of(Side::A, &order(&["g"], &["0505"])).unwrap();
        if used {
            eng.fortification_units = vec![unit(&g, "fu")];
        }
        assert_eq!(
            cms(&g.assess(&eng), "R15.4.1"),
            expected,
            "ff {ff} used {used}"
        );
    }
}

#[test]
fn r15_4_3_a_side_that_used_its_fu_loses_a_cel_from_it() {
    let mut g = fortification_unit(true);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 4 against 8: 1:2, FF +1 and FU +2: 1:4; a roll of 2 gives -1/-1D.
    g.script_dice(&faces(2));
    g.apply(Action::Attack(order(&["g"], &["0505"]))).unwrap();
    let Decision::Defend {
        fortification_units,
        ..
    } = decision(&g)
    else {
        panic!()
    };
    assert_eq!(fortification_units, ids(&["fu"]));
    g.apply(Action::Defend(DefenseOrder {
        fortification_units: ids(&["fu"]),
        ..DefenseOrder::default()
    }))
    .unwrap();
    assert_eq!(
        g.apply(Action::TakeLosses {
            losses: vec![("d".into(), 1)]
        })
        .unwrap_err()
        .rule,
        "R15.1.7"
    );
    assert!(
        g.apply(Action::TakeLosses {
            losses: vec![("fu".into(), 1)]
        })
        .is_ok()
    );
}

#[test]
fn r15_3_3_r15_3_4_volkssturm_gives_a_cel_to_infantry_beside_it_once_a_turn() {
    let mut s = Sandbox::new(10, 10, 3);
    s.unit("inf", "german", "0305");
    s.placement("inf").unwrap().cel = Some(1);
    s.unit("vs", "german", "0305").kind = sztab_core::model::UnitKind::Volkssturm;
    s.unit("far", "soviet", "1010");
    let mut g = start(&s);
    let t = |g: &mut Game| {
        g.apply(Action::TransferCel {
            volkssturm: "vs".into(),
            infantry: "inf".into(),
        })
    };
    t(&mut g).unwrap();
    assert_eq!((cel(&g, "inf"), cel(&g, "vs")), (2, 1));
    assert_eq!(
        mv(&mut g, &["inf"], &["0405"]).unwrap_err().rule,
        "R3.1.3",
        "neither moves"
    );
    // Once a turn per infantry unit, and only to a reduced unit.
    assert_eq!(t(&mut g).unwrap_err().rule, "R15.3.3");
    let mut s2 = s.clone();
    s2.unit("vs2", "german", "0305").kind = sztab_core::model::UnitKind::Volkssturm;
    s2.unit("inf2", "german", "0305").movement = sztab_core::model::MovementClass::Trucked;
    s2.placement("inf2").unwrap().cel = Some(1);
    let mut g = start(&s2);
    t(&mut g).unwrap();
    let again = Action::TransferCel {
        volkssturm: "vs2".into(),
        infantry: "inf2".into(),
    };
    assert_eq!(g.check(&again).unwrap_err().rule, "R15.3.3", "motorized");
    // The last CEL of a Volkssturm unit: it is gone, merged (no VP for the enemy).
    s.placement("vs").unwrap().cel = Some(1);
    let mut g = start(&s);
    let ev = t(&mut g).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Eliminated {
            cause: crate::event::EliminationCause::Merged,
            ..
        }
    )));
    assert_eq!(cel(&g, "inf"), 2);
}

#[test]
fn r7_1_12_a_field_fortification_adds_no_movement_cost() {
    let mut s = Sandbox::new(10, 10, 3);
    s.unit("a", "german", "0305");
    s.unit("b", "german", "0405");
    s.placement("b").unwrap().fortified = true;
    s.unit("far", "soviet", "1010");
    let mut g = start(&s);
    let r = g.reach(unit(&g, "a")).unwrap();
    assert_eq!(
        r.cost(hx(&g, "0405")),
        Some(sztab_core::model::Mp::whole(1))
    );
    assert!(mv(&mut g, &["a"], &["0405", "0505"]).is_ok());
}

fn fl(att_at: &str, def_side: &str) -> Game {
    let mut s = Sandbox::new(10, 10, 2);
    s.bundle.scenario.rules.fortified_lines = true;
    s.hexside("0405", "0505", "fl_line", Some("0505"));
    let (att, def) = if def_side == "soviet" {
        ("german", "soviet")
    } else {
        ("soviet", "german")
    };
    s.unit("a", att, att_at).sp = 8;
    s.unit("d", def, "0505").sp = 6;
    s.bundle
        .scenario
        .control
        .insert("0505".parse().unwrap(), "soviet".into());
    start(&s)
}

#[test]
fn r19_1_1_r19_1_2_the_line_counts_when_more_than_half_the_attack_crosses_it() {
    let g = fl("0405", "soviet");
    let o = odds(&g, &["a"], &["0505"]);
    assert_eq!(cms(&o, "R19.1.2"), 2);
    assert_eq!(o.attack.total, 4, "halved (R19.1.1)");
    // From the flank, no line: no halving and no CM.
    let g = fl("0504", "soviet");
    let o = odds(&g, &["a"], &["0505"]);
    assert_eq!(cms(&o, "R19.1.2"), 0);
    assert_eq!(o.attack.total, 8);
}

/// The lines are the Red Army's wherever the first control of their hexes lay (an empty
/// line hex behind the front may be German by the A-68 derivation): a Soviet unit that
/// later defends in one still gets the line.
#[test]
fn r19_1_2_the_line_is_soviet_whoever_first_controlled_its_hex() {
    let mut s = Sandbox::new(10, 10, 2);
    s.bundle.scenario.rules.fortified_lines = true;
    s.hexside("0405", "0505", "fl_line", Some("0505"));
    s.unit("a", "german", "0405").sp = 8;
    s.unit("d", "soviet", "0505").sp = 6;
    s.bundle
        .scenario
        .control
        .insert("0505".parse().unwrap(), "german".into());
    let g = start(&s);
    let o = odds(&g, &["a"], &["0505"]);
    assert_eq!(cms(&o, "R19.1.2"), 2);
    assert_eq!(cms(&o, "R19.1.4"), 0);
    assert_eq!(o.attack.total, 4, "halved (R19.1.1)");
}

#[test]
fn r19_1_4_german_units_in_a_captured_line_get_one_cm_and_no_halving() {
    let g = fl("0405", "german");
    let o = odds(&g, &["a"], &["0505"]);
    assert_eq!(cms(&o, "R19.1.4"), 1);
    assert_eq!(o.attack.total, 8);
}
