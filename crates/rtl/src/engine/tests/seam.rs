//! The engine through the seam's game loop: the compiled example plays to its end with a
//! random bot on each side, its log replays event for event, a person's decision lists
//! the legal actions and a choice's key carries one out, and the clock moves on with the
//! sequence of play and never runs back.

use std::path::{Path, PathBuf};

use std::mem::Discriminant;
use std::sync::Arc;

use crate::Rtl;
use crate::engine::play::Compiled;
use crate::engine::state::{Phase, Stage};
use crate::engine::{Action, Game, Outcome};
use crate::schema::SCHEMAS;
use sztab_core::model::described::Bundle;
use sztab_seam::play::{GameLog, GameRules, GameState};
use sztab_seam::{BundleRef, Narration, RuleSystem};

fn example() -> (Bundle, PathBuf) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/rtl/soltsy-example.scenario.ron");
    (Bundle::load(&path, &SCHEMAS).unwrap().0, path)
}

fn bots() -> Vec<(String, String)> {
    vec![
        ("german".to_string(), "random".to_string()),
        ("soviet".to_string(), "random".to_string()),
    ]
}

#[test]
fn the_example_plays_through_the_seam_with_random_bots_and_its_log_replays() {
    let (b, path) = example();
    let playable = Rtl.prepare(BundleRef::Described(&b)).unwrap();
    for seed in [17, 18] {
        let mut m = playable.new_match(seed, &bots(), Narration::Turns).unwrap();
        let mut lines = Vec::new();
        while !m.is_over() {
            lines.extend(m.step().unwrap());
        }
        lines.extend(m.finish());
        assert!(lines.iter().any(|l| l.starts_with("turn 1")), "{lines:?}");
        let result = m.result().unwrap();
        assert!(result.contains("after turn"), "{result}");
        let (log, actions, events) = m.log(&path).unwrap();
        assert!(actions > 0 && events > actions);
        let replayed = playable.replay(&path, &log).unwrap();
        assert_eq!(replayed.actions, m.actions());
        assert!(replayed.same, "{replayed:?}");
        let record = m.record();
        assert!(record.winner.is_some() || record.level.as_deref() == Some("draw"));
    }
}

#[test]
fn a_persons_decision_lists_the_legal_actions_and_a_key_carries_one_out() {
    let (b, _) = example();
    let mut g = Game::from_bundle(&b, 3).unwrap();
    let d = GameState::decision(&g, &());
    assert_eq!(d.choices.len(), g.legal().len());
    assert_eq!(Some(d.side), g.to_act());
    let key = d.choices[0].key.clone();
    let a = GameState::choose(&g, &mut (), &key).unwrap().unwrap();
    assert_eq!(a, g.legal()[0]);
    GameState::apply(&mut g, &a).unwrap();
    assert!(GameState::choose(&g, &mut (), "not an action").is_err());
    assert!(!GameState::board(&g).is_empty());
    assert!(GameState::phase_name(&g).starts_with("turn 1"));
}

/// 8.1: once a stack is picked, each step it may take is a choice of its units with the
/// hex it enters, so the playtest shades those hexes on the map when one of them is
/// selected; the sequences read as English ("an Assault Sequence").
#[test]
fn r8_1_a_picked_stack_s_steps_are_choices_of_its_units() {
    let (b, _) = example();
    let mut g = Game::from_bundle(&b, 3).unwrap();
    let mut checked = false;
    let mut picks_named = false;
    for _ in 0..200 {
        let legal = g.legal();
        let labels: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
        assert!(
            labels.iter().all(|l| !l.contains(" a Assault")),
            "{labels:?}"
        );
        let d = GameState::decision(&g, &());
        let steps: Vec<_> = d
            .choices
            .iter()
            .zip(&legal)
            .filter(|(_, a)| matches!(a, Action::Step { .. }))
            .collect();
        // A pick names the unit as its counter prints it, not by id.
        for (c, a) in d.choices.iter().zip(&legal) {
            if let Action::Pick { unit } = a {
                let u = g.rules.unit(unit).unwrap();
                assert_eq!(c.label, format!("pick {}", g.rules.units[u].name));
                picks_named = true;
            }
        }
        if let Some((c, Action::Step { to })) = steps.first() {
            let mover = g.state().seq().and_then(|q| q.mover.as_ref()).unwrap();
            let ids: Vec<String> = mover
                .units
                .iter()
                .map(|&u| g.rules.units[u].id.clone())
                .collect();
            assert!(!ids.is_empty());
            assert_eq!(c.units, ids);
            assert_eq!(c.target, Some(*to));
            // The target hex shows the step's MP and what the stack has left after it.
            let steps = g.check_step(*to).unwrap();
            let cost = steps.iter().map(|s| s.cost).max().unwrap();
            let left = steps
                .iter()
                .map(|s| g.allowance(s.unit) - g.spent(s.unit) - s.cost)
                .min()
                .unwrap();
            assert_eq!(c.mark, Some(format!("{cost} MP · {left} left")));
            assert!(left < g.allowance(mover.units[0]), "{:?}", c.mark);
            checked = true;
            break;
        }
        // Play on: a Mobile Sequence where one is offered, then the first pick.
        let next = legal
            .iter()
            .find(|a| a.to_string().contains("Mobile Sequence"))
            .or_else(|| legal.iter().find(|a| matches!(a, Action::Pick { .. })))
            .unwrap_or(&legal[0])
            .clone();
        GameState::apply(&mut g, &next).unwrap();
    }
    assert!(checked, "no step was offered");
    assert!(picks_named, "no pick was offered");
}

/// A person at the Soviet seat, a bot at the German: the game waits for the person, and
/// the choice made is the action the log records.
#[test]
fn a_seats_choice_is_applied_and_recorded() {
    let (b, path) = example();
    let playable = Rtl.prepare(BundleRef::Described(&b)).unwrap();
    let mut m = playable
        .new_match(5, &[("german".into(), "random".into())], Narration::Silent)
        .unwrap();
    let mut chosen = 0;
    while chosen < 3 && !m.is_over() {
        let Some(d) = m.decision() else {
            m.step().unwrap();
            continue;
        };
        assert_eq!(m.sides()[d.side].id, "soviet");
        assert!(m.step().is_err(), "the person's side has no bot");
        let before = m.actions();
        let last = d.choices.last().unwrap().clone();
        m.choose(&last).unwrap();
        assert_eq!(m.actions(), before + 1, "the choice is one action");
        let (log, _, _) = m.log(&path).unwrap();
        let log: GameLog<Action, Outcome> = ron::from_str(&log).unwrap();
        let a: Action = serde_json::from_str(&last.key).unwrap();
        assert_eq!(log.actions.last(), Some(&a), "the log records the choice");
        chosen += 1;
    }
    assert_eq!(chosen, 3, "the Soviet player was asked three times");
}

/// Which phase the game is in: the turn, the sequences begun, the phase and the stage.
fn phase_of(g: &Game) -> (u32, u32, Discriminant<Phase>, Option<Stage>) {
    let st = g.state();
    (
        st.turn,
        st.sequences,
        std::mem::discriminant(&st.phase),
        st.seq().map(|q| q.stage),
    )
}

/// The seam cuts off a bot that takes more actions in one tick of the clock than its
/// budget; the clock must therefore move on with each phase, never run back (a phase
/// visited again would share its count), and leave every phase of a real game room.
#[test]
fn the_clock_moves_on_with_every_phase_and_random_games_stay_within_its_budget() {
    let (b, _) = example();
    let rules = Compiled(Arc::new(crate::engine::compile(&b).unwrap()));
    for seed in 0..6u64 {
        let mut g = rules.start(seed, 1);
        let mut bot = rules.bot("random", seed).unwrap();
        let (mut tick, budget) = GameState::clock(&g);
        let mut phase = phase_of(&g);
        let (mut in_tick, mut most, mut ticks) = (0usize, 0usize, 1usize);
        while g.to_act().is_some() {
            let a = bot.decide(&g);
            GameState::apply(&mut g, &a).unwrap();
            in_tick += 1;
            let t = GameState::clock(&g).0;
            assert!(t >= tick, "seed {seed}: the clock ran back after {a}");
            let now = phase_of(&g);
            assert_eq!(
                t == tick,
                now == phase,
                "seed {seed}: after {a} the phase went from {phase:?} to {now:?}, the clock from {tick} to {t}"
            );
            if t != tick {
                (tick, in_tick, ticks) = (t, 0, ticks + 1);
            }
            most = most.max(in_tick);
            phase = now;
        }
        assert!(
            ticks > 20,
            "seed {seed}: the clock moved only {ticks} times"
        );
        assert!(
            most * 4 < budget,
            "seed {seed}: a phase took {most} actions of a budget of {budget}"
        );
    }
}

/// 14.1: the example's Soviet Strongpoint at 3219 is on the map the seam draws, a work
/// round the Soviet unit in it, and so are the markers of a reduced unit.
#[test]
fn r14_1_the_strongpoint_and_the_units_markers_are_on_the_map_the_seam_draws() {
    let (b, _) = example();
    let g = Game::from_bundle(&b, 3).unwrap();
    let features = GameState::features(&g);
    let sp = features
        .iter()
        .find(|f| f.hex == crate::engine::sandbox::hex("3219"))
        .expect("the Strongpoint at 3219");
    assert_eq!(sp.kind, "strongpoint");
    assert_eq!(sp.detail, "", "complete");
    assert_eq!(GameState::sides(&g)[sp.side.unwrap()].id, "soviet");
    assert_eq!(sp.look, sztab_seam::FeatureLook::Shelter);
    assert_eq!(sp.holds, ["su-68"]);
    let board = GameState::board(&g);
    let su68 = board.iter().find(|o| o.unit == "su-68").unwrap();
    assert!(su68.marks.contains(&"reduced".to_string()), "{su68:?}");
    let art = board.iter().find(|o| o.unit == "de-80art").unwrap();
    assert!(art.marks.contains(&"Fired".to_string()), "{art:?}");
}
