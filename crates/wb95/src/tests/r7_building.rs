//! R7.1 building field fortifications (and R5.3.10), R7.2.3 Fixed Position groups.

use super::*;
use crate::RetreatOrder;
use crate::event::MpUse;
use crate::sandbox::Sandbox;
use sztab_core::model::Mp;

fn fortify(g: &mut Game, u: &str) -> Result<Vec<Event>, RuleError> {
    g.apply(Action::Fortify { unit: u.into() })
}

fn base() -> Sandbox {
    let mut s = Sandbox::new(12, 10, 4);
    s.unit("g", "german", "0305");
    s.unit("far", "soviet", "1209");
    s
}

#[test]
fn r7_1_2_r7_1_4_a_regular_unit_that_has_not_moved_spends_all_its_mp_to_fortify() {
    let mut g = start(&base());
    let ev = fortify(&mut g, "g").unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MpSpent {
            reason: MpUse::BuildFf,
            mp,
            ..
        } if *mp == Mp::whole(4)
    )));
    assert_eq!(g.state().ff[hx(&g, "0305")], Some(Side::A));
    assert_eq!(mv(&mut g, &["g"], &["0405"]).unwrap_err().rule, "R3.1.3");
    let mut g = start(&base());
    mv(&mut g, &["g"], &["0405"]).unwrap();
    assert_eq!(fortify(&mut g, "g").unwrap_err().rule, "R7.1.4");
    let mut s = base();
    s.gun("gun", "german", "0205", 5, 3);
    let mut g = start(&s);
    assert_eq!(fortify(&mut g, "gun").unwrap_err().rule, "R7.1.2");
}

#[test]
fn r7_1_8_r7_1_9_no_field_fortification_on_swamp_or_a_fixed_position() {
    let mut s = base();
    s.terrain("0305", "clear", &["swamp"]);
    let mut g = start(&s);
    assert_eq!(fortify(&mut g, "g").unwrap_err().rule, "R7.1.8");
    let mut s = base();
    s.hexside("0305", "0405", "fp_line", Some("0305"));
    let mut g = start(&s);
    assert_eq!(fortify(&mut g, "g").unwrap_err().rule, "R7.1.9");
}

#[test]
fn r7_1_7_either_side_may_rebuild_on_the_same_hex() {
    let mut s = base();
    s.placement("g").unwrap().hex = "0205".parse().unwrap();
    s.unit("s", "soviet", "0405").sp = 1;
    s.placement("s").unwrap().fortified = true;
    let mut g = start(&s);
    assert_eq!(g.state().ff[hx(&g, "0405")], Some(Side::B));
    // The Soviets leave; the Germans come and build their own there.
    until(&mut g, PhaseKind::Movement, Side::B);
    mv(&mut g, &["s"], &["0505", "0605"]).unwrap();
    until(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(
        g.state().ff[hx(&g, "0405")],
        None,
        "removed when empty (R7.1.5)"
    );
    mv(&mut g, &["g"], &["0305", "0405"]).unwrap();
    next_phase(&mut g, PhaseKind::Movement, Side::A);
    fortify(&mut g, "g").unwrap();
    assert_eq!(g.state().ff[hx(&g, "0405")], Some(Side::A));
}

#[test]
fn r5_3_10_r7_1_2_r7_1_3_a_unit_that_retreated_builds_only_if_it_cannot_leave_the_enemy_zoc() {
    let mut s = Sandbox::new(12, 10, 4);
    s.unit("g", "german", "0405");
    // Entrenched, g need not attack d in its own Combat phase (R7.1.11).
    s.placement("g").unwrap().fortified = true;
    s.unit("d", "soviet", "0505").sp = 8;
    s.unit("far", "german", "0101");
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::B);
    // 8 vs 4 at 2:1, -1 for the FF: 1:1; a roll of 6 gives -/D1: g retreats one hex.
    attack_rolling(&mut g, &["d"], &["0405"], 6).unwrap();
    let path = g.retreat_paths(unit(&g, "g"))[0].clone();
    g.apply(Action::Retreat(RetreatOrder {
        moves: vec![("g".into(), path)],
        losses: vec![],
    }))
    .unwrap();
    finish_combat(&mut g);
    until(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(fortify(&mut g, "g").unwrap_err().rule, "R5.3.10");
}

#[test]
fn r7_2_3_a_scenario_sets_the_cm_of_a_fixed_position_group() {
    let mut s = Sandbox::new(12, 10, 2);
    s.unit("g", "german", "0405");
    s.unit("d", "soviet", "0505");
    s.hexside("0405", "0505", "fp_line", Some("0505"));
    for f in s.bundle.map.hexsides.values_mut() {
        f[0].group = Some("Stalin Line".into());
    }
    let g = start(&s);
    let cm = |g: &Game| {
        odds(g, &["g"], &["0505"])
            .cms
            .iter()
            .find(|c| c.rule == "R7.2.2")
            .map(|c| c.value)
    };
    assert_eq!(cm(&g), Some(3));
    s.bundle.scenario.fp_groups.insert("Stalin Line".into(), 2);
    let g = start(&s);
    assert_eq!(cm(&g), Some(2));
}
