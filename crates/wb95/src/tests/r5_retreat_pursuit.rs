//! R5.3 retreat and R5.4 pursuit and advance.

use super::*;
use crate::RetreatOrder;
use crate::event::{EliminationCause, LossCause, Motion};
use crate::sandbox::Sandbox;
use sztab_core::model::{MovementClass, UnitKind};

/// Column and roll giving the defender -/D`n` and nothing else: (attack per defense SP, roll).
fn d_result(n: u8) -> (u8, u8) {
    match n {
        1 => (3, 9),
        2 => (3, 6),
        3 => (5, 5),
        _ => (8, 5),
    }
}

/// Every German unit on 0405 (armor `g`, sized for the ratio) attacks the Soviets on
/// 0505 (foot `d` of 2 SP and whatever `extra` adds) for -/D`n`.
pub fn beaten(n: u8, extra: impl Fn(&mut Sandbox)) -> Game {
    let (k, roll) = d_result(n);
    let mut s = Sandbox::new(12, 12, 3);
    s.armor("g", "german", "0405", 1, 7);
    s.unit("d", "soviet", "0505").sp = 2;
    extra(&mut s);
    let at = |s: &Sandbox, h: &str, nation: &str| -> Vec<(String, u32)> {
        s.bundle
            .scenario
            .setup
            .iter()
            .filter(|p| p.hex == HexId::parse(h).unwrap())
            .filter_map(|p| s.bundle.counters.unit(p.unit.as_str()))
            .filter(|u| u.nation.as_str() == nation)
            .map(|u| (u.id.to_string(), u32::from(u.sp)))
            .collect()
    };
    let defense: u32 = at(&s, "0505", "soviet").iter().map(|x| x.1).sum();
    let others: u32 = at(&s, "0405", "german")
        .iter()
        .filter(|x| x.0 != "g")
        .map(|x| x.1)
        .sum();
    s.bundle.counters.units[0].sp = (u32::from(k) * defense - others) as u8;
    let attackers: Vec<String> = at(&s, "0405", "german").into_iter().map(|x| x.0).collect();
    let att: Vec<&str> = attackers.iter().map(|x| x.as_str()).collect();
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    let ev = attack_rolling(&mut g, &att, &["0505"], roll).unwrap();
    assert_eq!(
        resolved(&ev).unwrap().2.defender.retreat,
        n,
        "{:?}",
        resolved(&ev)
    );
    g
}

fn retreat(
    g: &mut Game,
    moves: &[(&str, &[&str])],
    losses: &[(&str, u8)],
) -> Result<Vec<Event>, RuleError> {
    g.apply(Action::Retreat(RetreatOrder {
        moves: moves
            .iter()
            .map(|(u, p)| (UnitId::new(*u), hexes(p)))
            .collect(),
        losses: losses.iter().map(|(u, n)| (UnitId::new(*u), *n)).collect(),
    }))
}

#[test]
fn r5_3_1_a_d_result_retreats_the_defender_and_an_a_result_the_attacker() {
    let g = beaten(1, |_| {});
    assert!(
        matches!(g.pending(), Pending::Decide { side, decision: Decision::Retreat { hexes: 1, .. } } if side.as_str() == "soviet")
    );
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("g", "german", "0405").sp = 4;
    s.unit("d", "soviet", "0505").sp = 4;
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 1:1, a roll of 10: A1/-.
    attack_rolling(&mut g, &["g"], &["0505"], 10).unwrap();
    assert!(
        matches!(g.pending(), Pending::Decide { side, decision: Decision::Retreat { hexes: 1, .. } } if side.as_str() == "german")
    );
}

#[test]
fn r5_3_2_each_retreat_step_moves_away_from_the_combat_hex() {
    let mut g = beaten(2, |_| {});
    // 0604 is one hex from 0505, 0504 also one: a sideways second step.
    assert_eq!(
        retreat(&mut g, &[("d", &["0604", "0504"])], &[])
            .unwrap_err()
            .rule,
        "R5.3.2"
    );
    assert!(retreat(&mut g, &[("d", &["0604", "0704"])], &[]).is_ok());
}

#[test]
fn r5_3_3_no_retreat_into_enemy_zoc_enemy_units_or_impassable_terrain() {
    let mut g = beaten(1, |s| {
        s.unit("other", "german", "0704");
        s.terrain("0605", "mountain", &[]);
        s.bundle
            .counters
            .units
            .iter_mut()
            .find(|u| u.id.as_str() == "d")
            .unwrap()
            .movement = MovementClass::Trucked;
    });
    // 0506 and 0404 are next to g; 0604 next to `other`; 0605 mountain for a truck.
    for (path, rule) in [
        ("0506", "R5.3.3"),
        ("0604", "R5.3.3"),
        ("0605", "R5.3.3"),
        ("0404", "R5.3.3"),
    ] {
        assert_eq!(
            retreat(&mut g, &[("d", &[path])], &[]).unwrap_err().rule,
            rule,
            "{path}"
        );
    }
    let r = retreat(&mut g, &[("d", &["0504"])], &[]);
    assert!(r.is_ok(), "{r:?}");
}

#[test]
fn r5_3_4_an_enemy_zoc_hex_is_passable_only_when_a_friend_holds_it() {
    let mut g = beaten(2, |s| {
        s.unit("other", "german", "0603");
        s.unit("friend", "soviet", "0604");
    });
    let ev = retreat(&mut g, &[("d", &["0604", "0705"])], &[]).unwrap();
    assert_eq!(
        count(&ev, |e| matches!(
            e,
            Event::CelLost {
                cause: LossCause::RetreatThroughZoc,
                ..
            }
        )),
        1
    );
}

#[test]
fn r5_3_4_retreat_options_give_each_path_its_zoc_cel_cost() {
    let g = beaten(2, |s| {
        s.unit("other", "german", "0603");
        s.unit("friend", "soviet", "0604");
    });
    let options = g.retreat_options(unit(&g, "d"));
    let cost = |p: &[&str]| {
        options
            .iter()
            .find(|(q, _)| *q == hexes(p))
            .map(|(_, c)| *c)
    };
    assert_eq!(cost(&["0604", "0705"]), Some(1), "{options:?}");
    assert_eq!(cost(&["0605", "0706"]), Some(0), "{options:?}");
    assert_eq!(
        g.retreat_paths(unit(&g, "d")),
        options.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>()
    );
}

#[test]
fn r5_3_5_a_big_river_is_crossed_in_retreat_only_by_a_bridge() {
    let mut g = beaten(1, |s| {
        s.hexside("0505", "0504", "big_river", None)
            .hexside("0505", "0604", "big_river", None);
        s.hexside("0505", "0605", "big_river", None)
            .road("0505", "0605", "main");
    });
    assert_eq!(
        retreat(&mut g, &[("d", &["0504"])], &[]).unwrap_err().rule,
        "R5.3.5"
    );
    assert!(retreat(&mut g, &[("d", &["0605"])], &[]).is_ok());
}

#[test]
fn r5_3_6_a_retreat_may_pass_but_not_end_on_a_full_hex() {
    let mut g = beaten(2, |s| {
        for i in 0..4 {
            s.unit(&format!("f{i}"), "soviet", "0604");
        }
    });
    assert_eq!(
        retreat(&mut g, &[("d", &["0604"])], &[("d", 1)])
            .unwrap_err()
            .rule,
        "R5.3.6"
    );
    assert!(retreat(&mut g, &[("d", &["0604", "0704"])], &[]).is_ok());
}

#[test]
fn r5_3_7_sustained_retreat_costs_one_cel_per_hex() {
    let mut g = beaten(2, |_| {});
    assert_eq!(g.retreat_loss_due(Side::B, &[]).unwrap().0, 2);
    assert_eq!(
        retreat(&mut g, &[], &[("d", 1)]).unwrap_err().rule,
        "R5.3.7"
    );
    let ev = retreat(&mut g, &[], &[("d", 2)]).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Eliminated { unit, .. } if unit.as_str() == "d"))
    );
}

#[test]
fn r5_3_8_units_not_retreating_fully_hold_at_one_distance() {
    let mut g = beaten(3, |s| {
        s.unit("d2", "soviet", "0505");
        s.unit("d3", "soviet", "0505");
    });
    // d retreats 1, d2 stays: two holding distances.
    assert_eq!(
        retreat(&mut g, &[("d", &["0604"])], &[]).unwrap_err().rule,
        "R5.3.8"
    );
    // d and d2 retreat 1, d3 retreats fully: 2 CEL from d and d2.
    let (due, from) = g
        .retreat_loss_due(
            Side::B,
            &[
                ("d".into(), hexes(&["0604"])),
                ("d2".into(), hexes(&["0604"])),
                ("d3".into(), hexes(&["0604", "0704", "0804"])),
            ],
        )
        .unwrap();
    assert_eq!((due, from), (2, ids(&["d", "d2"])));
}

#[test]
fn r5_3_9_every_retreat_hex_after_the_first_costs_a_test() {
    let mut g = beaten(4, |_| {});
    g.script_dice(&[1, 1, 1, 1, 1, 1]);
    let p = g
        .retreat_paths(unit(&g, "d"))
        .into_iter()
        .find(|p| p.len() == 4)
        .unwrap();
    g.apply(Action::Retreat(RetreatOrder {
        moves: vec![("d".into(), p)],
        losses: vec![],
    }))
    .unwrap();
    let ev = g.apply(Action::Pursue { moves: vec![] }).unwrap();
    assert_eq!(
        count(&ev, |e| matches!(e, Event::DisorganizationTest { .. })),
        3
    );
}

fn retreated_two() -> Game {
    let mut g = beaten(2, |s| {
        s.unit("bystander", "german", "0303");
    });
    retreat(&mut g, &[("d", &["0604", "0704"])], &[]).unwrap();
    g
}

fn pursue(g: &Game, who: &str, path: &[&str]) -> Result<(), RuleError> {
    g.check(&Action::Pursue {
        moves: vec![(who.into(), hexes(path))],
    })
}

#[test]
fn r5_4_1_only_units_of_the_combat_pursue() {
    let g = retreated_two();
    let Decision::Pursue { pursuers, .. } = decision(&g) else {
        panic!()
    };
    assert_eq!(pursuers, ids(&["g"]));
    assert_eq!(
        pursue(&g, "bystander", &["0505"]).unwrap_err().rule,
        "R5.4.1"
    );
}

#[test]
fn r5_4_2_r5_4_3_pursuit_follows_a_retreat_path_and_may_leave_it_by_one_hex_at_the_end() {
    let g = retreated_two();
    assert!(pursue(&g, "g", &["0505", "0604"]).is_ok());
    assert!(
        pursue(&g, "g", &["0505", "0605"]).is_ok(),
        "the last hex leaves the path by one"
    );
    let mut g3 = beaten(3, |_| {});
    retreat(&mut g3, &[("d", &["0604", "0704", "0804"])], &[]).unwrap();
    assert_eq!(
        pursue(&g3, "g", &["0505", "0605", "0705"])
            .unwrap_err()
            .rule,
        "R5.4.2"
    );
}

#[test]
fn r5_4_4_pursuit_starts_on_the_emptied_hex() {
    let g = retreated_two();
    assert_eq!(pursue(&g, "g", &["0406"]).unwrap_err().rule, "R5.4.4");
}

#[test]
fn r5_4_5_pursuit_ignores_enemy_zocs() {
    let mut g = beaten(3, |s| {
        s.unit("z1", "soviet", "0603");
        s.unit("z2", "soviet", "0805");
    });
    retreat(&mut g, &[("d", &["0604", "0704", "0804"])], &[]).unwrap();
    // 0604 and 0704 both lie in z1's ZoC; in movement that step is forbidden (R4.2.3).
    assert!(pursue(&g, "g", &["0505", "0604", "0704"]).is_ok());
    let ev = g
        .clone()
        .apply(Action::Pursue {
            moves: vec![("g".into(), hexes(&["0505", "0604", "0704"]))],
        })
        .unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Moved {
            how: Motion::Pursuit,
            ..
        }
    )));
}

#[test]
fn r5_4_6_pursuit_is_no_longer_than_the_retreat() {
    let g = retreated_two();
    assert_eq!(
        pursue(&g, "g", &["0505", "0604", "0704"]).unwrap_err().rule,
        "R5.4.6"
    );
}

#[test]
fn r5_4_7_pursuers_stay_out_of_impassable_terrain_and_overrun_lone_guns() {
    let mut g = beaten(2, |s| {
        s.terrain("0604", "clear", &["swamp"]);
        s.gun("gun", "soviet", "0505", 2, 1);
    });
    let ev = retreat(&mut g, &[("d", &["0604", "0704"])], &[]).unwrap();
    // The infantry retreats through the swamp; the gun in combat setup cannot and stays
    // alone on the emptied hex; the combat waits for the pursuit.
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Moved { unit, path, how: Motion::Retreat, .. }
                if unit.as_str() == "d" && *path == hexes(&["0604", "0704"])
        )),
        "{ev:?}"
    );
    assert_eq!(at(&g, "d"), Some(HexId::parse("0704").unwrap()));
    assert_eq!(at(&g, "gun"), Some(HexId::parse("0505").unwrap()));
    assert!(g.state().combat.is_some(), "the pursuit is still to come");
    assert_eq!(
        pursue(&g, "g", &["0505", "0604"]).unwrap_err().rule,
        "R5.4.7",
        "armor in swamp"
    );
    let ev = g
        .apply(Action::Pursue {
            moves: vec![("g".into(), hexes(&["0505"]))],
        })
        .unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Eliminated {
            cause: EliminationCause::Overrun,
            ..
        }
    )));
}

#[test]
fn r5_4_8_a_pursuer_stops_after_crossing_a_big_river() {
    let mut g = beaten(3, |s| {
        s.unit("foot", "german", "0405").sp = 4;
        s.hexside("0604", "0704", "big_river", None)
            .road("0604", "0704", "main");
    });
    retreat(&mut g, &[("d", &["0604", "0704", "0804"])], &[]).unwrap();
    assert_eq!(
        pursue(&g, "foot", &["0505", "0604", "0704"]).map(|_| ()),
        Ok(())
    );
    let mut g4 = beaten(4, |s| {
        s.unit("foot", "german", "0405").sp = 4;
        s.hexside("0604", "0704", "big_river", None)
            .road("0604", "0704", "main");
    });
    retreat(&mut g4, &[("d", &["0604", "0704", "0804", "0904"])], &[]).unwrap();
    assert_eq!(
        pursue(&g4, "g", &["0505", "0604", "0704", "0804"])
            .unwrap_err()
            .rule,
        "R5.4.8"
    );
}

#[test]
fn r5_4_9_towed_units_never_pursue() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("g", "german", "0405").sp = 4;
    s.unit("d", "soviet", "0505").sp = 4;
    let at = s.unit("at", "soviet", "0505");
    at.kind = UnitKind::AntiTank;
    at.flags.towed = true;
    at.cel = 1;
    at.reduced = None;
    at.sp = 0;
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 1:1, a roll of 10: A1/-.
    attack_rolling(&mut g, &["g"], &["0505"], 10).unwrap();
    retreat(&mut g, &[("g", &["0305"])], &[]).unwrap();
    let Decision::Pursue { pursuers, .. } = decision(&g) else {
        panic!("{:?}", g.pending())
    };
    assert_eq!(pursuers, ids(&["d"]));
}

fn eliminated_defender() -> Game {
    let mut s = Sandbox::new(12, 12, 2);
    s.armor("g", "german", "0405", 12, 7);
    let d = s.unit("d", "soviet", "0505");
    d.sp = 1;
    d.cel = 1;
    d.reduced = None;
    s.unit("z", "soviet", "0704");
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 12:1 clamps to 10:1; a roll of 3 gives •/D5-1: the 1-CEL defender dies of the loss.
    attack_rolling(&mut g, &["g"], &["0505"], 3).unwrap();
    g
}

#[test]
fn r5_4_10_victors_advance_into_the_emptied_hex_and_one_more_unless_in_enemy_zoc() {
    let g = eliminated_defender();
    let Decision::Advance {
        hexes: h, units, ..
    } = decision(&g)
    else {
        panic!("{:?}", g.pending())
    };
    assert_eq!((h, units), (hexes(&["0505"]), ids(&["g"])));
    let adv = |path: &[&str]| Action::Advance {
        moves: vec![("g".into(), hexes(path))],
    };
    assert!(g.check(&adv(&["0505"])).is_ok());
    assert!(g.check(&adv(&["0505", "0506"])).is_ok());
    assert_eq!(
        g.check(&adv(&["0505", "0506", "0507"])).unwrap_err().rule,
        "R5.4.10"
    );
    let mut s2 = Sandbox::new(12, 12, 2);
    s2.armor("g", "german", "0405", 12, 7);
    let d = s2.unit("d", "soviet", "0505");
    d.sp = 1;
    d.cel = 1;
    d.reduced = None;
    s2.unit("z", "soviet", "0604");
    let mut g2 = start(&s2);
    until(&mut g2, PhaseKind::Combat, Side::A);
    attack_rolling(&mut g2, &["g"], &["0505"], 3).unwrap();
    // 0505 is next to z: the advance stops there.
    assert_eq!(
        g2.check(&adv(&["0505", "0506"])).unwrap_err().rule,
        "R5.4.10"
    );
}
