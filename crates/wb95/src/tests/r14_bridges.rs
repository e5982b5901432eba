//! R14 bridges: control, demolition by units, rebuilding in HQ range, and an HQ
//! building a bridge over a big river in two turns.

use super::*;
use crate::event::{BridgeCause, MpUse};
use crate::sandbox::Sandbox;

fn side(s: &str) -> sztab_core::hex::Hexside {
    s.parse().unwrap()
}

fn bridge_up(g: &Game, s: &str) -> bool {
    let b = g.board().bridge_at(side(s)).unwrap();
    g.state().bridge_up[b]
}

/// A river between columns 05 and 06 with a road bridge on row 05; German g on 0505.
fn river() -> Sandbox {
    let mut s = Sandbox::new(12, 10, 4);
    for r in 1..=10 {
        s.hexside(&format!("05{r:02}"), &format!("06{r:02}"), "river", None);
    }
    for c in 1..8 {
        s.road(&format!("{c:02}05"), &format!("{:02}05", c + 1), "main");
    }
    s.unit("g", "german", "0505");
    s.unit("far", "soviet", "1209");
    s
}

#[test]
fn r14_1_3_a_bridge_is_held_by_the_side_holding_both_ends_or_first_there() {
    let mut s = river();
    s.bundle
        .scenario
        .control
        .insert("0605".parse().unwrap(), "german".into());
    let g = start(&s);
    let b = g.board().bridge_at(side("0505-0605")).unwrap();
    assert_eq!(g.state().bridge_control[b], Some(Side::A));
    // The Soviets take the far end: the Germans, there first, keep it while they hold
    // their end.
    let mut s = river();
    // g's ZoC keeps the Soviets from taking the empty near end (R4.3.6).
    s.placement("g").unwrap().hex = "0504".parse().unwrap();
    s.bundle
        .scenario
        .control
        .insert("0605".parse().unwrap(), "german".into());
    s.unit("s", "soviet", "0705");
    let mut g = start(&s);
    until(&mut g, PhaseKind::Movement, Side::B);
    mv(&mut g, &["s"], &["0605"]).unwrap();
    until(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(g.state().control[hx(&g, "0605")], Some(Side::B));
    assert_eq!(g.state().bridge_control[b], Some(Side::A));
}

#[test]
fn r14_2_1_r14_1_4_a_unit_of_the_controlling_side_blows_a_bridge_for_one_mp() {
    let mut s = river();
    s.bundle
        .scenario
        .control
        .insert("0605".parse().unwrap(), "german".into());
    let mut g = start(&s);
    let ev = g
        .apply(Action::DemolishBridge {
            unit: "g".into(),
            bridge: side("0505-0605"),
        })
        .unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MpSpent {
            reason: MpUse::DemolishBridge,
            ..
        }
    )));
    assert!(!bridge_up(&g, "0505-0605"));
    assert_eq!(g.mp_spent(unit(&g, "g")), sztab_core::model::Mp::whole(1));
    // R14.1.4: only the controlling side.
    let mut s = river();
    s.bundle
        .scenario
        .control
        .insert("0605".parse().unwrap(), "soviet".into());
    let g = start(&s);
    assert_eq!(
        g.check(&Action::DemolishBridge {
            unit: "g".into(),
            bridge: side("0505-0605"),
        })
        .unwrap_err()
        .rule,
        "R14.1.4"
    );
}

#[test]
fn r14_2_2_r14_2_3_a_printed_bridge_is_rebuilt_for_three_mp_within_hq_range() {
    let mut s = river();
    s.bundle.scenario.destroyed_bridges = vec![side("0505-0605")];
    let g = start(&s);
    let rebuild = Action::RebuildBridge {
        unit: "g".into(),
        bridge: side("0505-0605"),
    };
    assert_eq!(
        g.check(&rebuild).unwrap_err().rule,
        "R14.2.2",
        "no HQ in range"
    );
    s.hq("hq", "german", "0305");
    let mut g = start(&s);
    let ev = g.apply(rebuild).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::BridgeChanged {
            standing: true,
            cause: BridgeCause::Rebuilt,
            ..
        }
    )));
    assert!(bridge_up(&g, "0505-0605"));
    // Only printed bridges: a river hexside with no road has none to rebuild.
    assert!(g.board().bridge_at(side("0504-0604")).is_none());
}

#[test]
fn r14_3_1_a_big_river_bridge_costs_three_mp_to_blow() {
    let mut s = Sandbox::new(12, 10, 4);
    s.hexside("0505", "0605", "big_river", None)
        .road("0505", "0605", "main");
    s.unit("g", "german", "0505");
    s.unit("far", "soviet", "1209");
    s.bundle
        .scenario
        .control
        .insert("0605".parse().unwrap(), "german".into());
    let mut g = start(&s);
    g.apply(Action::DemolishBridge {
        unit: "g".into(),
        bridge: side("0505-0605"),
    })
    .unwrap();
    assert_eq!(g.mp_spent(unit(&g, "g")), sztab_core::model::Mp::whole(3));
}

/// A big river between columns 05 and 06, no bridge; an HQ on its bank at 0505.
fn big_river() -> Sandbox {
    let mut s = Sandbox::new(12, 10, 6);
    for r in 1..=10 {
        s.hexside(
            &format!("05{r:02}"),
            &format!("06{r:02}"),
            "big_river",
            None,
        );
        if r > 1 {
            s.hexside(
                &format!("05{r:02}"),
                &format!("06{:02}", r - 1),
                "big_river",
                None,
            );
        }
    }
    s.hq("hq", "german", "0505");
    s.unit("inf", "german", "0605");
    s.unit("far", "soviet", "1209");
    s
}

#[test]
fn r14_3_2_r14_3_3_r14_3_4_an_hq_builds_a_big_river_bridge_over_two_turns() {
    let mut g = start(&big_river());
    let build = Action::BuildBridge {
        hq: "hq".into(),
        bridge: side("0505-0605"),
    };
    assert_eq!(
        g.check(&build).unwrap_err().rule,
        "R14.3.2",
        "eligible only after a Supply phase on the bank"
    );
    next_phase(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(g.turn(), 2);
    let ev = g.apply(build.clone()).unwrap();
    // "Secretly declares": only the builder may read where.
    let declared = ev
        .iter()
        .find(|e| matches!(e, Event::BridgeBuildDeclared { .. }))
        .unwrap();
    assert_eq!(g.secret_of(declared), Some(Side::A));
    assert!(
        ev.iter()
            .filter(|e| *e != declared)
            .all(|e| g.secret_of(e).is_none())
    );
    assert!(g.building_bridge(unit(&g, "hq")));
    assert_eq!(
        mv(&mut g, &["hq"], &["0504"]).unwrap_err().rule,
        "R3.1.3",
        "all its MPs are spent"
    );
    until(&mut g, PhaseKind::Movement, Side::B);
    // R14.3.4: it may not move while building, nor retreat.
    assert!(!g.retreat_mobile(unit(&g, "hq")));
    next_phase(&mut g, PhaseKind::Movement, Side::A);
    assert_eq!(g.turn(), 3);
    assert!(bridge_up(&g, "0505-0605"), "the far bank stayed German");
    assert!(!g.building_bridge(unit(&g, "hq")));
    // The bridge carries trucks over the big river.
    let b = g.board();
    let d = b.dir_to(hx(&g, "0505"), hx(&g, "0605")).unwrap();
    assert!(
        b.step_over(
            hx(&g, "0505"),
            d,
            crate::Mover::Trucked,
            &g.state().bridge_up
        )
        .is_some()
    );
}
