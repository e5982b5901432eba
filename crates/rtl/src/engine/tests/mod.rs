//! The rules against the booklet: each test names the rule it checks (`r8_36c_...`), and
//! the booklet's worked examples are tests. Positions are built by hand on the sandbox's
//! board with the example's invented charts (scenarios/rtl/soltsy-example.invented.tables.ron).

mod activation;
mod air;
mod bots;
mod combat;
mod compile;
mod engineering;
mod links;
mod movement;
mod play;
mod reaction;
mod seam;
mod supply;
mod turn;

use super::action::Action;
use super::event::Event;
use super::game::Game;
use super::sandbox::{Sandbox, hex};
use super::words::{Mp, SeqKind};

/// Applies an action that must be legal; it must also be listed by `legal()`.
pub fn ok(g: &mut Game, a: Action) -> Vec<Event> {
    assert!(
        g.legal().contains(&a),
        "{a} is not listed among the legal actions: {:?}",
        g.legal()
    );
    g.apply(&a).unwrap_or_else(|e| panic!("{a} refused: {e}"))
}

/// Applies an action that must be refused; returns the rule cited. The game must not
/// change, and the action must not be listed.
pub fn refused(g: &mut Game, a: Action) -> &'static str {
    assert!(!g.legal().contains(&a), "{a} is listed as legal");
    let before = format!("{:?}", g.state().units);
    match g.apply(&a) {
        Ok(ev) => panic!("{a} was allowed: {ev:?}"),
        Err(r) => {
            assert_eq!(
                before,
                format!("{:?}", g.state().units),
                "a refusal changed the game"
            );
            r.rule
        }
    }
}

pub fn pick(u: &str) -> Action {
    Action::Pick { unit: u.into() }
}

pub fn step(h: &str) -> Action {
    Action::Step { to: hex(h) }
}

/// Moves the unit alone along `path`, returning the MP each step cost.
pub fn walk(g: &mut Game, unit: &str, path: &[&str]) -> Vec<Mp> {
    ok(g, pick(unit));
    path.iter()
        .map(|h| {
            let ev = ok(g, step(h));
            ev.iter()
                .find_map(|e| match e {
                    Event::Moved { mp, .. } => Some(*mp),
                    _ => None,
                })
                .expect("a move")
        })
        .collect()
}

pub fn total(mps: &[Mp]) -> Mp {
    mps.iter().fold(Mp::ZERO, |a, &b| a + b)
}

/// A sandbox with one German formation `gd` and one Soviet formation `sd`, one AM each.
pub fn duel(cols: u16, rows: u16) -> Sandbox {
    let mut sb = Sandbox::new(cols, rows);
    sb.formation(super::words::GERMAN, "gd", 1, 0);
    sb.formation(super::words::SOVIET, "sd", 1, 0);
    sb
}

/// The German player wins the Initiative (the Soviet rolls 1, the German 10) and plays
/// the AM of `gd` in a `kind` Sequence; `faces` follow in the die.
pub fn german(sb: &Sandbox, kind: SeqKind, faces: &[u8]) -> Game {
    let mut script = vec![1, 10];
    script.extend_from_slice(faces);
    let mut g = sb.scripted(&script);
    ok(
        &mut g,
        Action::Play {
            am: "gd".into(),
            sequence: kind,
            formation: None,
        },
    );
    g
}

/// Events of one kind.
pub fn events<T>(ev: &[Event], f: impl Fn(&Event) -> Option<T>) -> Vec<T> {
    ev.iter().filter_map(f).collect()
}

/// Plays on — "done" where it may, else the first legal action — until `stop` holds or
/// the game ends; returns the events.
pub fn play_until(g: &mut Game, stop: impl Fn(&Game) -> bool) -> Vec<Event> {
    let mut out = Vec::new();
    for _ in 0..10_000 {
        if stop(g) || g.to_act().is_none() {
            return out;
        }
        let legal = g.legal();
        let a = if legal.contains(&Action::End) {
            Action::End
        } else {
            legal[0].clone()
        };
        out.extend(g.apply(&a).unwrap_or_else(|e| panic!("{a}: {e}")));
    }
    panic!("never stopped")
}

/// The sides of the sequences that began, in order.
pub fn sequences(ev: &[Event]) -> Vec<(usize, SeqKind)> {
    events(ev, |e| match e {
        Event::SequenceBegan { side, kind, .. } => Some((*side, *kind)),
        _ => None,
    })
}

/// Ends the phases up to the Combat Declaration, declares `attacks` (unit, hex), names the
/// defenders' Leads (hex, unit) and plays the Reaction Phase out to the Combat Phase.
pub fn to_combat(g: &mut Game, attacks: &[(&str, &str)], leads: &[(&str, &str)]) -> Vec<Event> {
    use super::state::Stage;
    let stage = |g: &Game| g.state().seq().map(|q| q.stage);
    let mut ev = play_until(g, |g| stage(g) == Some(Stage::Declaration));
    for (u, h) in attacks {
        ev.extend(ok(
            g,
            Action::Declare {
                unit: (*u).into(),
                hex: hex(h),
            },
        ));
    }
    // With every unit declared, the phase may have ended by itself.
    if stage(g) == Some(Stage::Declaration) {
        ev.extend(ok(g, Action::End));
    }
    for (h, u) in leads {
        let a = Action::Lead {
            hex: hex(h),
            unit: (*u).into(),
        };
        if g.legal().contains(&a) {
            ev.extend(ok(g, a));
        }
    }
    ev.extend(play_until(g, |g| {
        stage(g) == Some(Stage::Combat) || g.state().seq().is_none()
    }));
    ev
}

pub fn resolve(hex_id: &str, crt: super::words::CrtKind, lead: &str) -> Action {
    Action::Resolve {
        hex: hex(hex_id),
        crt,
        lead: lead.into(),
        hq: None,
        leader: None,
    }
}

/// The combats of the events: (attack, defense, odds, drm, roll, result).
pub fn combats(ev: &[Event]) -> Vec<(u32, u32, String, i32, Option<u8>, super::crt::CrtResult)> {
    events(ev, |e| match e {
        Event::Combat {
            attack,
            defense,
            odds,
            drm,
            roll,
            result,
            ..
        } => Some((*attack, *defense, odds.clone(), *drm, *roll, *result)),
        _ => None,
    })
}

/// Applies `a` if it is listed; a forced decision was taken already.
pub fn maybe(g: &mut Game, a: Action) -> Vec<Event> {
    if g.legal().contains(&a) {
        ok(g, a)
    } else {
        Vec::new()
    }
}
