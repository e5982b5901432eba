//! The experimental Impulse Movement & Return Fire sequence (P-25): each player-turn in
//! impulses — A the side moves (half its MF), B the other side returns fire without
//! flipping, C the side fires, D its units that did not fire move the rest and overrun,
//! E close assaults and every unit turned face up.

use super::{mv, ok, refused};
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, hex, units::*};
use crate::engine::{Action, FireOrder, Game, Step};

fn fire(h: &str, by: &[&str]) -> Action {
    Action::Fire {
        attacks: vec![FireOrder::combination(
            hex(h),
            by.iter().map(|s| s.to_string()).collect(),
        )],
        clear_mines: Vec::new(),
    }
}

fn impulse_game(b: &mut Sandbox) -> Game {
    b.s.options.impulse = true;
    b.turns(2);
    b.game(1)
}

/// The farthest a unit may go on clear ground now, in hexes.
fn reach(g: &Game, id: &str) -> u32 {
    let u = g.s.unit(id).unwrap();
    let from = g.state().hex_of(u).unwrap();
    g.reach(u, false)
        .keys()
        .map(|&h| g.s.board.grid.distance(from, h))
        .max()
        .unwrap_or(0)
}

#[test]
fn impulse_p25_a_player_turn_runs_move_return_fire_fire_move_assault() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "pz", PZ_IV, "0101");
    b.unit(RUSSIAN, "r", RIFLE_RU, "1212");
    let mut g = impulse_game(&mut b);
    let mut seen = Vec::new();
    for _ in 0..5 {
        let st = g.state();
        seen.push((st.step, st.side));
        ok(&mut g, Action::EndStep);
    }
    assert_eq!(
        seen,
        [
            (Step::FirstImpulse, GERMAN),
            (Step::ReturnFire, RUSSIAN),
            (Step::Fire, GERMAN),
            (Step::SecondImpulse, GERMAN),
            (Step::Assault, GERMAN),
        ]
    );
    assert_eq!(
        (g.state().step, g.state().side),
        (Step::FirstImpulse, RUSSIAN)
    );
}

#[test]
fn impulse_p25_half_the_mf_each_impulse_the_greater_half_second_mf_1_a_hex_each() {
    let mut b = Sandbox::new(16, 16);
    b.unit(GERMAN, "pz", PZ_IV, "0101");
    b.unit(GERMAN, "t", T34, "0301");
    b.unit(GERMAN, "inf", RIFLE_DE, "0501");
    b.unit(RUSSIAN, "r", RIFLE_RU, "1616");
    let mut g = impulse_game(&mut b);
    // MF 8: 4 and 4; MF 11: 5, then 6; MF 1: one hex each impulse.
    assert_eq!(
        (reach(&g, "pz"), reach(&g, "t"), reach(&g, "inf")),
        (4, 5, 1)
    );
    ok(&mut g, mv("pz", &["0102", "0103"]));
    ok(&mut g, mv("inf", &["0502"]));
    assert_eq!(refused(&mut g, mv("inf", &["0503"])), "How to Move Units");
    ok(&mut g, Action::EndStep);
    ok(&mut g, Action::EndStep);
    ok(&mut g, Action::EndStep);
    assert_eq!(g.state().step, Step::SecondImpulse);
    assert_eq!(
        (reach(&g, "pz"), reach(&g, "t"), reach(&g, "inf")),
        (4, 6, 1)
    );
    ok(&mut g, mv("inf", &["0503"]));
}

#[test]
fn impulse_p25_return_fire_hits_a_mover_and_leaves_the_firer_face_up() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "pz", PZ_III, "0101");
    b.unit(GERMAN, "pz2", PANTHER, "0301");
    b.unit(RUSSIAN, "at", AT_76, "0107");
    let mut g = impulse_game(&mut b);
    ok(&mut g, mv("pz", &["0102", "0103"]));
    ok(&mut g, mv("pz2", &["0302"]));
    ok(&mut g, Action::EndStep);
    assert_eq!(g.state().side, RUSSIAN, "the Russian returns fire");
    g.script(&[6]);
    let e = ok(&mut g, fire("0103", &["at"]));
    assert!(
        e.iter()
            .any(|e| matches!(e, crate::engine::Event::Attacked(a) if a.hex == hex("0103"))),
        "{e:?}"
    );
    // C: the German fires; the Russian gun is not flipped, the moved tank may not fire.
    assert_eq!((g.state().step, g.state().side), (Step::Fire, GERMAN));
    let at = g.s.unit("at").unwrap();
    assert!(!g.state().units[at].fired, "return fire does not flip");
    let pz2 = g.s.unit("pz2").unwrap();
    assert_eq!(
        g.can_fire_at(pz2, hex("0107")).unwrap_err().rule,
        "How to have combat F"
    );
}

#[test]
fn impulse_p25_units_that_fired_stay_those_that_moved_move_on_and_overrun_in_d() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "shooter", PZ_IV, "0301");
    b.unit(GERMAN, "runner", PANTHER, "0501");
    b.unit(RUSSIAN, "r", RECON, "0505");
    b.unit(RUSSIAN, "far", RIFLE_RU, "1212");
    let mut g = impulse_game(&mut b);
    // A: no overrun in the first impulse.
    let overrun = Action::Overrun {
        hex: hex("0505"),
        legs: vec![crate::engine::OverrunLeg {
            unit: "runner".into(),
            approach: vec![hex("0502"), hex("0503"), hex("0504")],
            jump_off: false,
        }],
    };
    assert_eq!(refused(&mut g, overrun.clone()), "Sequence of Play");
    ok(&mut g, Action::EndStep);
    ok(&mut g, Action::EndStep);
    g.script(&[6]);
    ok(&mut g, fire("0505", &["shooter"]));
    assert_eq!(g.state().step, Step::SecondImpulse);
    assert_eq!(
        refused(&mut g, mv("shooter", &["0302"])),
        "How to Move Units B"
    );
    g.script(&[6]);
    ok(&mut g, overrun);
}

/// A situation that switches the rule on plays to its end with bots on both sides, and
/// its log replays.
#[test]
fn impulse_p25_a_situation_plays_it_through_with_bots() {
    let s = super::situation_1_with("impulse_movement");
    assert!(s.options.impulse);
    let lines = super::greedy_game_replays(s);
    for step in [
        "first movement impulse",
        "return fire",
        "second movement impulse",
    ] {
        assert!(
            lines.iter().any(|l| l.contains(step)),
            "no {step} in {lines:#?}"
        );
    }
}
