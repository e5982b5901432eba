//! The Enemy Reaction Phase (9.2-9.4): Combat Refusal, Reaction Movement and No Retreat,
//! with the booklet's examples.

use super::*;
use crate::engine::sandbox::units::*;
use crate::engine::state::{Pending, Stage};
use crate::engine::words::{CrtKind, GERMAN, SOVIET};

fn soviet_plays(sb: &crate::engine::sandbox::Sandbox, kind: SeqKind, faces: &[u8]) -> Game {
    let mut script = vec![10, 1];
    script.extend_from_slice(faces);
    let mut g = sb.scripted(&script);
    ok(
        &mut g,
        Action::Play {
            am: "sd".into(),
            sequence: kind,
            formation: None,
        },
    );
    g
}

fn stage(g: &Game) -> Option<Stage> {
    g.state().seq().map(|q| q.stage)
}

fn declare(g: &mut Game, attacks: &[(&str, &str)]) {
    play_until(g, |g| stage(g) == Some(Stage::Declaration));
    for (u, h) in attacks {
        ok(
            g,
            Action::Declare {
                unit: (*u).into(),
                hex: hex(h),
            },
        );
    }
    if stage(g) == Some(Stage::Declaration) {
        ok(g, Action::End);
    }
}

/// 9.2's example: the Soviet declares attacks A, B and C. In A the German unit is
/// surrounded by enemy ZOCs; in B it is neither red box nor cavalry; in C, with the
/// cavalry unit as Lead (a roll of 1-6 passes), both units retreat two hexes, to separate
/// hexes, and the attacker may advance into the hex.
#[test]
fn r9_2_the_booklets_combat_refusal_example() {
    let mut sb = duel(10, 10);
    sb.unit(GERMAN, "a", MOT_INF, Some("gd"), "0303");
    sb.unit(GERMAN, "b", RIFLE, Some("gd"), "0603");
    let cav = sb.unit(GERMAN, "cav", CAVALRY, Some("gd"), "0905");
    sb.values(cav).full.er = 6;
    sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0905");
    sb.unit(SOVIET, "s-a", RIFLE, Some("sd"), "0302");
    sb.unit(SOVIET, "s-a2", RIFLE, Some("sd"), "0304");
    sb.unit(SOVIET, "s-b", RIFLE, Some("sd"), "0602");
    sb.unit(SOVIET, "s-c", RIFLE, Some("sd"), "0904");
    let mut g = soviet_plays(&sb, SeqKind::Mobile, &[6]);
    declare(&mut g, &[("s-a", "0303"), ("s-b", "0603"), ("s-c", "0905")]);
    ok(
        &mut g,
        Action::Lead {
            hex: hex("0905"),
            unit: "cav".into(),
        },
    );
    assert_eq!(stage(&g), Some(Stage::Refusal));
    assert_eq!(g.to_act(), Some(GERMAN));
    assert_eq!(refused(&mut g, Action::Refuse { hex: hex("0303") }), "9.25");
    assert_eq!(refused(&mut g, Action::Refuse { hex: hex("0603") }), "9.21");
    let ev = ok(&mut g, Action::Refuse { hex: hex("0905") });
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Check {
                roll: 6,
                er: 6,
                drm: 0,
                passed: true,
                ..
            }
        )),
        "{ev:?}"
    );
    let Some(Pending::Retreat(o)) = g.state().pending.last().cloned() else {
        panic!("a retreat: {:?}", g.state().pending)
    };
    assert!(o.exactly_two && o.refusal);
    let paths: Vec<_> = g
        .legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::Retreat {
                unit: Some(u),
                path,
            } if u == "cav" => Some(path),
            _ => None,
        })
        .collect();
    assert!(paths.iter().all(|p| p.len() == 2));
    ok(
        &mut g,
        Action::Retreat {
            unit: Some("cav".into()),
            path: paths[0].clone(),
        },
    );
    let other = g
        .legal()
        .into_iter()
        .find(|a| matches!(a, Action::Retreat { path, .. } if *path != paths[0]))
        .expect("another hex for the second unit");
    ok(&mut g, other);
    assert_eq!(g.to_act(), Some(SOVIET), "the attacker may advance");
    ok(
        &mut g,
        Action::Advance {
            unit: "s-c".into(),
            path: vec![hex("0905")],
        },
    );
    assert!(
        g.state()
            .seq()
            .unwrap()
            .attacks
            .iter()
            .all(|a| a.hex != hex("0905")),
        "that combat is over"
    );
}

/// 9.3's example: German unit A is attacked. C is of another formation, D more than two
/// hexes away: neither may react. B may, being German, though in an enemy ZOC. E passes
/// its check (1-6) and moves up to 3 MP, half its MA; it may not enter a hex next to the
/// enemy unless a friendly unit is there.
#[test]
fn r9_3_the_booklets_reaction_movement_example() {
    let mut sb = duel(10, 10);
    sb.formation(GERMAN, "other", 1, 0);
    sb.unit(GERMAN, "A", RIFLE, Some("gd"), "0505");
    sb.unit(GERMAN, "B", MOT_INF, Some("gd"), "0604");
    let c = sb.unit(GERMAN, "C", MOT_INF, Some("other"), "0606");
    let _ = c;
    sb.unit(GERMAN, "D", MOT_INF, Some("gd"), "0509");
    let e = sb.unit(GERMAN, "E", MOT_INF, Some("gd"), "0306");
    sb.values(e).movement = Mp::whole(6);
    sb.unit(SOVIET, "att", RIFLE, Some("sd"), "0504");
    let mut g = soviet_plays(&sb, SeqKind::Assault, &[6]);
    declare(&mut g, &[("att", "0505")]);
    assert_eq!(stage(&g), Some(Stage::Reaction));
    let reacting: Vec<String> = g
        .legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::React { lead, hq: None, .. } => Some(lead),
            _ => None,
        })
        .collect();
    assert_eq!(reacting, ["B", "E"], "C and D may not react");
    let ev = ok(
        &mut g,
        Action::React {
            hex: hex("0306"),
            lead: "E".into(),
            hq: None,
        },
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Check {
            roll: 6,
            er: 6,
            passed: true,
            ..
        }
    )));
    ok(&mut g, pick("E"));
    assert_eq!(g.allowance(e), Mp::whole(3), "half its MA");
    ok(&mut g, step("0405"));
    assert_eq!(
        refused(&mut g, step("0404")),
        "9.34",
        "next to the enemy, no friend there"
    );
    let ev = ok(&mut g, step("0505"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { mp, .. } if *mp == Mp::whole(1))),
        "no ZOC cost into a friendly hex: {ev:?}"
    );
    assert!(
        ev.iter().any(|e| matches!(e, Event::Stopped { .. })),
        "and it stops"
    );
}

/// 9.4: two steps and a Strongpoint: the No Retreat check passed adds +1 to the combat's
/// DRM; a retreat result becomes one more step lost, from the Lead (11.41-11.42).
#[test]
fn r9_4_r11_4_no_retreat_holds_the_hex_at_the_cost_of_a_step() {
    let mut sb = duel(8, 8);
    sb.unit(GERMAN, "r1", RIFLE, Some("gd"), "0404");
    sb.unit(GERMAN, "r2", RIFLE, Some("gd"), "0404");
    sb.strongpoint("0404", GERMAN);
    for n in ["t1", "t2"] {
        let t = sb.unit(SOVIET, n, TANK, Some("sd"), "0403");
        sb.values(t).full.attack = 10;
    }
    // The No Retreat check 3 passes ER 5; the combat roll 4.
    let mut g = soviet_plays(&sb, SeqKind::Assault, &[3, 4]);
    declare(&mut g, &[("t1", "0404"), ("t2", "0404")]);
    ok(
        &mut g,
        Action::Lead {
            hex: hex("0404"),
            unit: "r1".into(),
        },
    );
    let ev = ok(
        &mut g,
        Action::NoRetreat {
            hex: hex("0404"),
            hq: None,
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::NoRetreatMarked { .. })),
        "{ev:?}"
    );
    let mut ev = play_until(&mut g, |g| {
        stage(g) == Some(Stage::Combat) || g.state().seq().is_none()
    });
    ev.extend(maybe(&mut g, resolve("0404", CrtKind::Assault, "t1")));
    let c = combats(&ev);
    // 20 to 8 is 2:1. Strongpoint +1, No Retreat +1, ER 5 against 7: -2.
    assert_eq!(c[0].3, 0, "{c:?}");
    assert!(c[0].5.defender.retreat, "{c:?}");
    let r1 = g.rules.unit("r1").unwrap();
    assert_eq!(
        g.state().units[r1].steps,
        1,
        "No Retreat's step, from the Lead: {ev:?}"
    );
    let r2 = g.rules.unit("r2").unwrap();
    assert_eq!(g.hex_of(r2), Some(hex("0404")), "no retreat");
    assert!(
        !g.state()
            .pending
            .iter()
            .any(|p| matches!(p, Pending::Retreat(_)))
    );
}
