//! Strongpoints (14.0) and Bridge units (16.2).

use super::*;
use crate::engine::board::{Ground, Water};
use crate::engine::sandbox::units::*;
use crate::engine::words::{GERMAN, SOVIET};
use sztab_core::hex::Dir;

/// 14.25c's example: a Soviet infantry unit begins a Strongpoint in its Assault
/// Sequence's Engineering Phase; it stays and does not attack, and the Reorganization
/// Segment's Engineering Phase completes it.
#[test]
fn r14_25_the_booklets_strongpoint_example() {
    let mut sb = duel(8, 8);
    sb.unit(SOVIET, "inf", RIFLE, Some("sd"), "0404");
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0808");
    let mut g = sb.scripted(&[10, 1]);
    ok(
        &mut g,
        Action::Play {
            am: "sd".into(),
            sequence: SeqKind::Assault,
            formation: None,
        },
    );
    let ev = ok(&mut g, Action::BuildStrongpoint { unit: "inf".into() });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::StrongpointBegun { .. }))
    );
    assert!(!g.state().strongpoints[&hex("0404")].complete);
    let ev = play_until(&mut g, |g| g.state().turn == 2);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::StrongpointCompleted { .. })),
        "{ev:?}"
    );
    assert!(g.state().strongpoints[&hex("0404")].complete);
}

#[test]
fn r14_26b_a_builder_that_moves_ends_the_work() {
    let mut sb = duel(8, 8);
    sb.unit(SOVIET, "inf", RIFLE, Some("sd"), "0404");
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0808");
    let mut g = sb.scripted(&[10, 1]);
    ok(
        &mut g,
        Action::Play {
            am: "sd".into(),
            sequence: SeqKind::Assault,
            formation: None,
        },
    );
    ok(&mut g, Action::BuildStrongpoint { unit: "inf".into() });
    // Nothing else to do in the Engineering Phase: the Movement Phase follows.
    ok(&mut g, pick("inf"));
    let ev = ok(&mut g, step("0405"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::StrongpointRemoved { .. }))
    );
    assert!(g.state().strongpoints.is_empty());
}

#[test]
fn r14_22_no_strongpoint_in_swamp_nor_by_a_disrupted_unit_nor_in_a_mobile_sequence() {
    let mut sb = duel(8, 8);
    sb.ground(&["0404"], Ground::Swamp);
    sb.unit(SOVIET, "swamp", RIFLE, Some("sd"), "0404");
    let d = sb.unit(SOVIET, "shaken", RIFLE, Some("sd"), "0604");
    sb.start(d).disrupted = true;
    sb.unit(SOVIET, "ok", RIFLE, Some("sd"), "0204");
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0808");
    let mut g = sb.scripted(&[10, 1]);
    ok(
        &mut g,
        Action::Play {
            am: "sd".into(),
            sequence: SeqKind::Assault,
            formation: None,
        },
    );
    assert_eq!(
        refused(
            &mut g,
            Action::BuildStrongpoint {
                unit: "swamp".into()
            }
        ),
        "14.22"
    );
    assert_eq!(
        refused(
            &mut g,
            Action::BuildStrongpoint {
                unit: "shaken".into()
            }
        ),
        "14.24"
    );
    ok(&mut g, Action::BuildStrongpoint { unit: "ok".into() });
}

#[test]
fn r14_12_r14_26a_an_enemy_strongpoint_costs_one_more_mp_and_falls_to_enemy_units_in_it() {
    let mut sb = duel(8, 8);
    sb.strongpoint("0103", SOVIET).strongpoint("0303", SOVIET);
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0101");
    sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0301");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0808");
    sb.unit(SOVIET, "keep", RIFLE, Some("sd"), "0103");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    let spent = walk(&mut g, "mot", &["0302", "0303"]);
    assert_eq!(
        spent[1],
        Mp::whole(2),
        "clear and the empty enemy Strongpoint"
    );
    let ev = play_until(&mut g, |g| g.state().turn == 2);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::StrongpointRemoved { hex: h, .. } if *h == hex("0303"))),
        "{ev:?}"
    );
    assert!(g.state().strongpoints.contains_key(&hex("0103")));
}

/// 16.21-16.26: a Bridge unit bridges the river its arrow points at — vehicles cross, no
/// crossing cost — placed within an HQ's Command Range, never in an enemy ZOC; an enemy
/// entering its hex removes it.
#[test]
fn r16_2_a_bridge_unit_bridges_its_hexside() {
    let mut sb = duel(8, 8);
    sb.water("0202", "0203", Water::River)
        .water("0402", "0403", Water::River);
    sb.unit(GERMAN, "hq", HQ, Some("gd"), "0201");
    sb.bridge_unit(GERMAN, "br", "0202", Dir::S);
    sb.unit(GERMAN, "tank", TANK, Some("gd"), "0202");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0808");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    assert_eq!(
        walk(&mut g, "tank", &["0203"]),
        [Mp::whole(1)],
        "over the bridge, clear"
    );
    // In a Pass Sequence: a bridge is placed only within Command Range, out of enemy ZOC.
    let mut g = sb.scripted(&[1, 10]);
    ok(
        &mut g,
        Action::Play {
            am: "gd".into(),
            sequence: SeqKind::Pass,
            formation: None,
        },
    );
    let place = |h: &str, d: Dir| Action::PlaceBridge {
        unit: "br".into(),
        hex: hex(h),
        arrow: d,
    };
    assert_eq!(
        refused(&mut g, place("0402", Dir::NE)),
        "16.21",
        "no water there"
    );
    ok(&mut g, place("0402", Dir::S));
}

#[test]
fn r16_26_an_enemy_entering_the_hex_removes_the_bridge_unit() {
    let mut sb = duel(8, 8);
    sb.water("0404", "0405", Water::Stream);
    sb.unit(GERMAN, "hq", HQ, Some("gd"), "0401");
    sb.bridge_unit(GERMAN, "br", "0404", Dir::S);
    sb.unit(SOVIET, "s", MOT_INF, Some("sd"), "0406");
    let mut g = sb.scripted(&[10, 1]);
    ok(
        &mut g,
        Action::Play {
            am: "sd".into(),
            sequence: SeqKind::Mobile,
            formation: None,
        },
    );
    ok(&mut g, pick("s"));
    ok(&mut g, step("0405"));
    let ev = ok(&mut g, step("0404"));
    assert!(
        ev.iter().any(|e| matches!(e, Event::BridgeRemoved { .. })),
        "{ev:?}"
    );
}

/// 2.24, 14.22: no more Strongpoints on the map than the counter mix has markers (the
/// scenario's number, R-50), either side's counting.
#[test]
fn r2_24_no_more_strongpoints_than_the_counter_mix_has_markers() {
    for (markers, allowed) in [(2, false), (3, true)] {
        let mut sb = duel(8, 8);
        sb.strongpoint("0101", GERMAN).strongpoint("0103", SOVIET);
        sb.unit(SOVIET, "a", RIFLE, Some("sd"), "0404");
        sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0808");
        sb.rules.strongpoint_markers = Some(markers);
        let mut g = sb.scripted(&[10, 1]);
        ok(
            &mut g,
            Action::Play {
                am: "sd".into(),
                sequence: SeqKind::Assault,
                formation: None,
            },
        );
        let build = Action::BuildStrongpoint { unit: "a".into() };
        if allowed {
            ok(&mut g, build);
        } else {
            // No Strongpoint can be begun, so the Engineering Phase has nothing to offer.
            assert_eq!(g.check_build("a").unwrap_err().rule, "2.24");
            assert!(!g.legal().contains(&build));
        }
    }
}
