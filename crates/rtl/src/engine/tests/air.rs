//! Close Air Support (10.41, 13.1-13.2): an HQ within four hexes, the Lead air unit's
//! check, the offensive missions of a turn, the Soviet bombers, the German A unit of an
//! Overrun.

use super::*;
use crate::engine::sandbox::Sandbox;
use crate::engine::sandbox::units::*;
use crate::engine::state::Loc;
use crate::engine::unit::AirType;
use crate::engine::words::{CrtKind, GERMAN, SOVIET};

fn air(u: &str) -> Action {
    Action::Air { unit: u.into() }
}

/// Two German attacks from one formation, a Ju 87 and a Do 17 ready.
fn two_attacks(panzer: bool) -> Sandbox {
    let mut sb = duel(10, 10);
    sb.rules.formations[0].panzer = panzer;
    sb.rules.cas = [2, 1];
    sb.unit(GERMAN, "hq", HQ, Some("gd"), "0501");
    sb.unit(GERMAN, "a", RIFLE, Some("gd"), "0402");
    sb.unit(GERMAN, "b", RIFLE, Some("gd"), "0602");
    sb.unit(SOVIET, "da", RIFLE, Some("sd"), "0403");
    sb.unit(SOVIET, "db", RIFLE, Some("sd"), "0603");
    sb.air(GERMAN, "ju87", AirType::A, 7, 2);
    sb.air(GERMAN, "do17", AirType::B, 6, 1);
    sb
}

#[test]
fn r13_14_air_flies_only_with_a_friendly_hq_within_four_hexes() {
    let mut sb = duel(10, 10);
    sb.unit(GERMAN, "a", RIFLE, Some("gd"), "0402");
    sb.unit(SOVIET, "d", RIFLE, Some("sd"), "0403");
    sb.air(GERMAN, "ju87", AirType::A, 7, 2);
    let mut far = sb.clone();
    far.unit(GERMAN, "hq", HQ, Some("gd"), "0410");
    let mut g = german(&far, SeqKind::Assault, &[5, 5]);
    to_combat(&mut g, &[("a", "0403")], &[]);
    maybe(&mut g, resolve("0403", CrtKind::Assault, "a"));
    assert!(!g.legal().contains(&air("ju87")));
    sb.unit(GERMAN, "hq", HQ, Some("gd"), "0406");
    let mut g = german(&sb, SeqKind::Assault, &[5, 5]);
    to_combat(&mut g, &[("a", "0403")], &[]);
    maybe(&mut g, resolve("0403", CrtKind::Assault, "a"));
    assert!(g.legal().contains(&air("ju87")), "{:?}", g.legal());
}

/// 10.41b-c, 13.23: the Lead air unit's ER check; passed, each air unit gives its printed
/// DRM (the attacker's minus); failed, none, and the air units go to the Flown Box.
#[test]
fn r10_41_the_cas_check_passed_gives_the_printed_drm_failed_sends_the_air_home() {
    let sb = two_attacks(false);
    let ju = sb.rules.unit("ju87").unwrap();
    for (roll, drm) in [(7u8, -2), (8, 0)] {
        // CAS check (the Assault row gives no DRM), then the combat roll.
        let mut g = german(&sb, SeqKind::Assault, &[roll, 5]);
        to_combat(&mut g, &[("a", "0403")], &[]);
        maybe(&mut g, resolve("0403", CrtKind::Assault, "a"));
        ok(&mut g, air("ju87"));
        let ev = play_until(&mut g, |g| {
            g.state().seq().is_none_or(|q| q.battle.is_none())
        });
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Cas { drm: d, .. } if *d == drm)),
            "{ev:?}"
        );
        assert_eq!(g.state().units[ju].loc, Loc::Flown);
        assert_eq!(combats(&ev)[0].3, drm, "{ev:?}");
    }
}

/// 13.24b: the turn's offensive missions; one a turn for a formation that is no German
/// Panzer or Motorized formation; those fly freely within the missions.
#[test]
fn r13_24b_offensive_missions_a_turn_and_one_a_formation() {
    for (panzer, second) in [(false, false), (true, true)] {
        let sb = two_attacks(panzer);
        let mut g = german(&sb, SeqKind::Assault, &[1, 5, 1, 5]);
        to_combat(&mut g, &[("a", "0403"), ("b", "0603")], &[]);
        ok(&mut g, resolve("0403", CrtKind::Assault, "a"));
        ok(&mut g, air("ju87"));
        play_until(&mut g, |g| {
            g.state()
                .seq()
                .is_some_and(|q| q.battle.is_none() && q.attacks.len() == 1)
                && g.state().pending.is_empty()
        });
        assert_eq!(g.state().cas_left[GERMAN], 1);
        maybe(&mut g, resolve("0603", CrtKind::Assault, "b"));
        assert_eq!(
            g.legal().contains(&air("do17")),
            second,
            "panzer {panzer}: {:?}",
            g.legal()
        );
    }
}

#[test]
fn r13_24b5_a_soviet_bomber_flies_only_with_a_ground_attack_unit() {
    let mut sb = duel(10, 10);
    sb.unit(SOVIET, "hq", HQ, Some("sd"), "0505");
    sb.unit(SOVIET, "a", RIFLE, Some("sd"), "0402");
    sb.unit(GERMAN, "d", RIFLE, Some("gd"), "0403");
    sb.air(SOVIET, "pe2", AirType::B, 5, 1);
    sb.air(SOVIET, "il2", AirType::A, 5, 1);
    let mut g = sb.scripted(&[10, 1, 5, 5]);
    ok(
        &mut g,
        Action::Play {
            am: "sd".into(),
            sequence: SeqKind::Assault,
            formation: None,
        },
    );
    to_combat(&mut g, &[("a", "0403")], &[]);
    maybe(&mut g, resolve("0403", CrtKind::Assault, "a"));
    assert_eq!(refused(&mut g, air("pe2")), "13.24b5");
    ok(&mut g, air("il2"));
    ok(&mut g, air("pe2"));
}

#[test]
fn r8_66_a_german_overrun_takes_one_a_air_unit_no_bomber() {
    let mut sb = duel(10, 10);
    sb.unit(GERMAN, "hq", HQ, Some("gd"), "0501");
    sb.unit(GERMAN, "tank", TANK, Some("gd"), "0402");
    sb.unit(SOVIET, "d", RIFLE, Some("sd"), "0403");
    sb.air(GERMAN, "ju87", AirType::A, 7, 2);
    sb.air(GERMAN, "do17", AirType::B, 6, 1);
    let mut g = german(&sb, SeqKind::Mobile, &[7, 1]);
    ok(&mut g, pick("tank"));
    let over = |air: &str| Action::Overrun {
        hex: hex("0403"),
        lead: "tank".into(),
        air: Some(air.into()),
    };
    assert_eq!(refused(&mut g, over("do17")), "8.66");
    let ev = ok(&mut g, over("ju87"));
    assert!(
        ev.iter().any(|e| matches!(e, Event::Cas { drm: -2, .. })),
        "{ev:?}"
    );
}
