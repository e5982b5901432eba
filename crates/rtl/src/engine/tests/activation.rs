//! Initiative (7.1), the cups and the Activation Pool (7.14-7.34), combining formations
//! (7.3), the "Activate Any Formation" marker (4.37) and Army units (7.4).

use super::*;
use crate::engine::sandbox::units::*;
use crate::engine::state::Phase;
use crate::engine::words::{GERMAN, SOVIET};

fn play(am: &str, kind: SeqKind) -> Action {
    Action::Play {
        am: am.into(),
        sequence: kind,
        formation: None,
    }
}

fn initiative(ev: &[Event]) -> Vec<([u8; 2], [i32; 2], usize)> {
    events(ev, |e| match e {
        Event::Initiative { rolls, drms, first } => Some((*rolls, *drms, *first)),
        _ => None,
    })
}

fn formations(sb: &mut crate::engine::sandbox::Sandbox, side: usize, n: usize, prefix: &str) {
    for i in 0..n {
        let id = format!("{prefix}{i}");
        sb.formation(side, &id, 1, 0);
        let at = format!("{:02}{:02}", 1 + i, if side == GERMAN { 1 } else { 8 });
        sb.unit(side, &format!("{id}-u"), RIFLE, Some(&id), &at);
    }
}

#[test]
fn r7_12_the_higher_roll_has_the_initiative_a_tie_goes_to_its_last_holder() {
    let mut sb = duel(6, 8);
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0101");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0608");
    // Turn 1: Soviet 4, German 4, the scenario gives ties to the German.
    let g = sb.scripted(&[4, 4]);
    assert_eq!(initiative(g.opening_events()), [([4, 4], [0, 0], GERMAN)]);
    let mut sb2 = sb.clone();
    sb2.rules.initiative_tie = SOVIET;
    let mut g = sb2.scripted(&[4, 4]);
    assert_eq!(initiative(g.opening_events())[0].2, SOVIET);
    // Turn 2: a tie again stays with the Soviet, last turn's holder.
    g.script(&[6, 6]);
    let ev = play_until(&mut g, |g| g.state().turn == 2);
    assert_eq!(initiative(&ev), [([6, 6], [0, 0], SOVIET)]);
    // A higher German roll wins.
    let g = sb2.scripted(&[3, 9]);
    assert_eq!(initiative(g.opening_events())[0].2, GERMAN);
}

#[test]
fn r7_13_each_pass_the_opponent_took_last_turn_adds_the_initiative_tables_drm() {
    let mut sb = duel(6, 8);
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0101");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0608");
    let mut g = sb.scripted(&[1, 10]);
    let ev = ok(&mut g, play("gd", SeqKind::Pass));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Passed { side: GERMAN, .. }))
    );
    assert_eq!(g.state().pool[GERMAN], g.rules.am("gd"));
    g.script(&[5, 5]);
    let ev = play_until(&mut g, |g| g.state().turn == 2);
    // The German passed once: +1 for the Soviet, from the Initiative Table.
    assert_eq!(initiative(&ev), [([5, 5], [0, 1], SOVIET)]);
}

/// 7.14's examples: the German has the Initiative and four AMs; the Soviet has seven and
/// may put five in his cup. With the Initiative and seven, the Soviet puts all seven in,
/// and the German his four.
#[test]
fn r7_14_the_second_player_puts_in_at_most_one_am_more_than_the_first() {
    let mut sb = crate::engine::sandbox::Sandbox::new(8, 8);
    formations(&mut sb, GERMAN, 4, "g");
    formations(&mut sb, SOVIET, 7, "s");
    let mut g = sb.scripted(&[1, 10]);
    assert_eq!(g.state().phase, Phase::HoldOut { side: SOVIET });
    assert_eq!(g.to_act(), Some(SOVIET));
    ok(&mut g, Action::HoldOut { am: "s0".into() });
    assert_eq!(refused(&mut g, Action::HoldOut { am: "s0".into() }), "7.14");
    ok(&mut g, Action::HoldOut { am: "s6".into() });
    assert_eq!(
        g.state().cup[GERMAN].len(),
        4,
        "the First Player cannot omit any"
    );
    assert_eq!(g.state().cup[SOVIET].len(), 5);
    assert!(matches!(
        g.state().phase,
        Phase::ChooseFirst { side: GERMAN }
    ));
    let g = sb.scripted(&[10, 1]);
    assert_eq!(g.state().cup[SOVIET].len(), 7);
    assert_eq!(g.state().cup[GERMAN].len(), 4);
}

#[test]
fn r7_15_the_first_player_chooses_the_scenarios_first_am_the_rest_are_drawn_blind() {
    let mut sb = crate::engine::sandbox::Sandbox::new(8, 8);
    formations(&mut sb, GERMAN, 3, "g");
    formations(&mut sb, SOVIET, 1, "s");
    let mut g = sb.scripted(&[1, 10]);
    let choices: Vec<_> = g.legal();
    assert_eq!(choices.len(), 3, "{choices:?}");
    let ev = ok(&mut g, Action::ChooseFirst { am: "g2".into() });
    assert!(
        ev.is_empty()
            || !ev
                .iter()
                .any(|e| matches!(e, Event::Drawn { chosen: false, .. }))
    );
    ok(&mut g, play("g2", SeqKind::Mobile));
    let ev = play_until(&mut g, |g| {
        matches!(g.state().phase, Phase::Choose { side: GERMAN, .. })
    });
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Drawn {
                side: GERMAN,
                chosen: false,
                ..
            }
        )),
        "{ev:?}"
    );
}

#[test]
fn r7_25_a_player_out_of_ams_does_nothing_while_the_other_plays_his_in_turn() {
    let mut sb = crate::engine::sandbox::Sandbox::new(8, 8);
    formations(&mut sb, GERMAN, 1, "g");
    formations(&mut sb, SOVIET, 2, "s");
    let mut g = sb.scripted(&[1, 10]);
    let ev = play_until(&mut g, |g| g.state().turn == 2);
    let sides: Vec<usize> = sequences(&ev).into_iter().map(|(s, _)| s).collect();
    assert_eq!(sides[..3], [GERMAN, SOVIET, SOVIET]);
}

#[test]
fn r7_22_r7_31_with_an_am_in_the_pool_a_player_draws_or_plays_it_and_may_swap() {
    let mut sb = crate::engine::sandbox::Sandbox::new(8, 8);
    formations(&mut sb, GERMAN, 2, "g");
    formations(&mut sb, SOVIET, 1, "s");
    let mut g = sb.scripted(&[1, 10]);
    ok(&mut g, Action::ChooseFirst { am: "g0".into() });
    ok(&mut g, play("g0", SeqKind::Pass));
    // The Soviet's sequence, then the German's with g0 pooled.
    play_until(&mut g, |g| {
        matches!(g.state().phase, Phase::Open { side: GERMAN })
    });
    assert!(g.legal().contains(&Action::Draw));
    assert_eq!(refused(&mut g, play("g0", SeqKind::Pass)), "7.22");
    ok(&mut g, Action::Draw);
    // g1 drawn: play the pooled g0, g1 goes to the Pool.
    let ev = ok(&mut g, play("g0", SeqKind::Assault));
    assert_eq!(sequences(&ev), [(GERMAN, SeqKind::Assault)]);
    assert_eq!(g.state().pool[GERMAN], g.rules.am("g1"));
}

#[test]
fn r7_33_a_combination_roll_of_8_or_more_activates_both_formations() {
    let mut sb = crate::engine::sandbox::Sandbox::new(8, 8);
    formations(&mut sb, GERMAN, 2, "g");
    sb.rules.formations[0].combination = 3;
    formations(&mut sb, SOVIET, 1, "s");
    // Initiative, then the combination roll 5 + 3 = 8.
    let mut g = sb.scripted(&[1, 10, 5]);
    ok(&mut g, Action::ChooseFirst { am: "g1".into() });
    ok(&mut g, play("g1", SeqKind::Pass));
    play_until(&mut g, |g| {
        matches!(g.state().phase, Phase::Open { side: GERMAN })
    });
    ok(&mut g, Action::Draw);
    let ev = ok(
        &mut g,
        Action::Combine {
            face_up: "g0".into(),
            sequence: SeqKind::Mobile,
            leader: None,
        },
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Combination {
            roll: 5,
            modified: 8,
            combined: true,
            ..
        }
    )));
    assert_eq!(g.state().seq().unwrap().formations.len(), 2);
    assert_eq!(g.state().pool[GERMAN], None);
    // 4 + 3 = 7: only the face-up formation, the other stays pooled.
    let mut g = sb.scripted(&[1, 10, 4]);
    ok(&mut g, Action::ChooseFirst { am: "g1".into() });
    ok(&mut g, play("g1", SeqKind::Pass));
    play_until(&mut g, |g| {
        matches!(g.state().phase, Phase::Open { side: GERMAN })
    });
    ok(&mut g, Action::Draw);
    ok(
        &mut g,
        Action::Combine {
            face_up: "g0".into(),
            sequence: SeqKind::Mobile,
            leader: None,
        },
    );
    assert_eq!(g.state().seq().unwrap().formations, [0]);
    assert_eq!(g.state().pool[GERMAN], g.rules.am("g1"));
}

#[test]
fn r7_32_two_ams_of_one_formation_do_not_combine() {
    let mut sb = crate::engine::sandbox::Sandbox::new(8, 8);
    sb.formation(GERMAN, "gd", 2, 4);
    sb.formation(SOVIET, "sd", 1, 0);
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0101");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0808");
    let mut g = sb.scripted(&[1, 10]);
    ok(&mut g, Action::ChooseFirst { am: "gd".into() });
    ok(&mut g, play("gd", SeqKind::Pass));
    play_until(&mut g, |g| {
        matches!(g.state().phase, Phase::Open { side: GERMAN })
    });
    ok(&mut g, Action::Draw);
    let combine = Action::Combine {
        face_up: "gd".into(),
        sequence: SeqKind::Mobile,
        leader: None,
    };
    assert_eq!(refused(&mut g, combine), "7.32");
}

#[test]
fn r4_37_the_activate_any_marker_activates_the_formation_it_names() {
    let mut sb = crate::engine::sandbox::Sandbox::new(8, 8);
    formations(&mut sb, GERMAN, 1, "g");
    formations(&mut sb, SOVIET, 2, "s");
    sb.rules.ams.retain(|a| a.side == GERMAN);
    sb.activate_any();
    let mut g = sb.scripted(&[10, 1]);
    let listed = g.legal();
    assert!(listed.contains(&Action::Play {
        am: "any".into(),
        sequence: SeqKind::Assault,
        formation: Some("s1".into()),
    }));
    let ev = ok(
        &mut g,
        Action::Play {
            am: "any".into(),
            sequence: SeqKind::Mobile,
            formation: Some("s1".into()),
        },
    );
    assert!(ev.iter().any(|e| matches!(e, Event::SequenceBegan { formations, .. } if formations == &["s1".to_string()])));
}

#[test]
fn r7_44_r7_45_army_units_activate_in_command_range_or_by_an_er_check_once_or_twice_a_turn() {
    let mut sb = duel(8, 8);
    sb.unit(GERMAN, "hq", HQ, Some("gd"), "0101");
    sb.unit(GERMAN, "near", RIFLE, None, "0103");
    sb.unit(GERMAN, "far", RIFLE, None, "0108");
    sb.unit(GERMAN, "motor", MOT_INF, None, "0802");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0808");
    let act = |u: &str| Action::ActivateArmy {
        unit: u.into(),
        hq: None,
    };
    // Rolls after the Initiative: far passes with 5 (ER 5), motor fails with 9.
    let mut g = german(&sb, SeqKind::Mobile, &[5, 9]);
    assert_eq!(refused(&mut g, pick("near")), "8.13", "not active yet");
    let ev = ok(&mut g, act("near"));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Check { .. })),
        "automatic in range"
    );
    ok(&mut g, pick("near"));
    let ev = ok(&mut g, act("far"));
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Check {
                roll: 5,
                passed: true,
                ..
            }
        )),
        "{ev:?}"
    );
    let ev = ok(&mut g, act("motor"));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Activated {
            activated: false,
            ..
        }
    )));
    assert_eq!(
        refused(&mut g, pick("motor")),
        "8.13",
        "failed: it may not move"
    );
    let u = g.rules.unit("near").unwrap();
    assert_eq!(
        g.state().units[u].activations,
        1,
        "its Final Activation marker"
    );
    let m = g.rules.unit("motor").unwrap();
    assert_eq!(
        g.state().units[m].activations,
        1,
        "a First Activation marker: one more try"
    );
}

#[test]
fn r15_33d_a_leaders_command_points_help_a_combination_and_are_spent() {
    use crate::engine::unit::Kind;
    let mut sb = crate::engine::sandbox::Sandbox::new(8, 8);
    formations(&mut sb, GERMAN, 2, "g");
    formations(&mut sb, SOVIET, 1, "s");
    let l = sb.unit(GERMAN, "manstein", RIFLE, None, "0404");
    {
        let d = sb.values(l);
        d.kind = Kind::Leader;
        d.stacking = 0;
        d.reduced = None;
        d.command_points = 2;
        d.command_range = 8;
    }
    // 6 + 0 + 2 = 8: combined.
    let mut g = sb.scripted(&[1, 10, 6]);
    ok(&mut g, Action::ChooseFirst { am: "g1".into() });
    ok(&mut g, play("g1", SeqKind::Pass));
    play_until(&mut g, |g| {
        matches!(g.state().phase, Phase::Open { side: GERMAN })
    });
    ok(&mut g, Action::Draw);
    let ev = ok(
        &mut g,
        Action::Combine {
            face_up: "g0".into(),
            sequence: SeqKind::Mobile,
            leader: Some("manstein".into()),
        },
    );
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Combination {
                modified: 8,
                combined: true,
                ..
            }
        )),
        "{ev:?}"
    );
    assert!(g.state().units[l].spent);
}

#[test]
fn r5_28_army_reinforcements_enter_with_any_formation_activated() {
    let mut sb = duel(8, 8);
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0101");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0808");
    sb.reinforcement(GERMAN, "army", MOT_INF, None, 1, &["0801"]);
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    ok(
        &mut g,
        Action::Enter {
            unit: "army".into(),
            hex: hex("0801"),
        },
    );
    let u = g.rules.unit("army").unwrap();
    assert_eq!(g.state().units[u].activations, 1, "its First Activation");
    assert!(g.active(u));
}
