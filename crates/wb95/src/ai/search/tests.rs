//! The search bot plays legal games, replays identically, and decides from what its side
//! sees only.

use super::SearchBot;
use crate::ai::{BotSpec, Player, play_out};
use crate::log::{GameLog, Wb95Log};
use crate::{Decision, Game, Pending, PhaseKind, Side};
use sztab_core::model::{Bundle, SideId};

fn bundle(path: &str) -> Bundle {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(path);
    Bundle::load(&path).unwrap().0
}

fn mini() -> Bundle {
    bundle("tests/fixtures/mini.scenario.ron")
}

fn search_game(b: &Bundle, seed: u64) -> (Game, super::super::Played) {
    let mut game = Game::new(b, seed).unwrap();
    let mut players: Vec<(SideId, Box<dyn Player>)> = vec![
        (SideId::new("german"), BotSpec::search(1).build(seed + 1)),
        (SideId::new("soviet"), BotSpec::heuristic(1).build(seed + 2)),
    ];
    let played = play_out(&mut game, &mut players, 100_000, |_, _, _| {}).unwrap();
    (game, played)
}

#[test]
fn a_search_bot_plays_a_game_to_its_end_and_it_replays_identically() {
    let b = mini();
    let (game, played) = search_game(&b, 4);
    let log = GameLog::of(
        "mini".into(),
        &game,
        played.actions.clone(),
        &played.fingerprint,
    );
    let replayed = log.replay(&b).unwrap();
    assert!(log.matches(&replayed.fingerprint, replayed.game.state().result.as_ref()));
    // Played again from the same seeds, the search bot chooses the same actions.
    let (_, again) = search_game(&b, 4);
    assert_eq!(again.actions, played.actions);
    assert_eq!(again.fingerprint.hex(), played.fingerprint.hex());
}

#[test]
fn r16_the_search_bot_decides_the_same_whatever_it_cannot_see() {
    let b = bundle("scenarios/kursk-1943/armored-claws.scenario.ron");
    let mut game = Game::new(&b, 2).unwrap();
    // Up to the first Movement phase's first decision.
    let mut bot = crate::ai::HeuristicBot::new(1, 1);
    let (side, decision) = loop {
        let Pending::Decide { side, decision } = game.pending() else {
            panic!("over")
        };
        if matches!(decision, Decision::Move { .. }) {
            break (side, decision);
        }
        let action = bot.decide(&game, &side, &decision);
        game.apply(action).unwrap();
    };
    let me = game.side_of_id(side.as_str()).unwrap();
    assert_eq!(game.state().clock.phase.kind(), PhaseKind::Movement);
    // The same position with the enemy's hidden units elsewhere, and other dice.
    let other_truth = game.determinized(me, 77);
    assert_eq!(other_truth.visible_state(me), game.visible_state(me));
    let mut a = SearchBot::new(1, 9);
    let mut b = SearchBot::new(1, 9);
    assert_eq!(
        a.decide(&game, &side, &decision),
        b.decide(&other_truth, &side, &decision)
    );
    assert_eq!(a.stats().searches, 1);
    assert_eq!(
        a.stats().rollouts,
        2,
        "strength 1: 2 candidates, 1 rollout each"
    );
}

#[test]
fn the_score_prefers_a_game_won() {
    let b = mini();
    let (game, played) = search_game(&b, 5);
    let winner = played.result.winner.clone();
    for s in [Side::A, Side::B] {
        let score = super::score(&game, s);
        match &winner {
            Some(w) if w == game.side_id(s) => assert!(score > 0.0),
            Some(_) => assert!(score < 0.0),
            None => assert_eq!(score, 0.0),
        }
    }
}

fn soviet_search_game(b: &Bundle, seed: u64) -> super::super::Played {
    let mut game = Game::new(b, seed).unwrap();
    let mut players: Vec<(SideId, Box<dyn Player>)> = vec![
        (SideId::new("german"), BotSpec::heuristic(3).build(seed + 1)),
        (SideId::new("soviet"), BotSpec::search(2).build(seed + 2)),
    ];
    play_out(&mut game, &mut players, 100_000, |_, _, _| {}).unwrap()
}

#[test]
fn a_defending_search_bot_replays_identically() {
    let b = mini();
    let a = soviet_search_game(&b, 6);
    let again = soviet_search_game(&b, 6);
    assert_eq!(again.actions, a.actions);
    assert_eq!(again.fingerprint.hex(), a.fingerprint.hex());
}

#[test]
fn the_first_candidate_keeps_its_place_unless_beaten_by_the_margin() {
    use super::{CANDIDATES, SWITCH_MARGIN, choose};
    let [first, second, third, ..] = CANDIDATES;
    let close = [(first, 0.0), (second, SWITCH_MARGIN - 0.1)];
    assert_eq!(choose(&close), Some(first));
    assert_eq!(choose(&[]), None);
    let clear = [
        (first, 0.0),
        (second, SWITCH_MARGIN + 0.1),
        (third, SWITCH_MARGIN + 0.5),
    ];
    assert_eq!(choose(&clear), Some(third));
}

/// The Soviet's first Movement phase of Armored Claws: the postures the search weighs
/// give the defender different plans (not the same plan found by another route).
#[test]
fn the_defenders_candidates_make_different_plans() {
    let b = bundle("scenarios/kursk-1943/armored-claws.scenario.ron");
    let mut game = Game::new(&b, 3).unwrap();
    let mut bot = crate::ai::HeuristicBot::new(1, 1);
    loop {
        let Pending::Decide { side, decision } = game.pending() else {
            panic!("over")
        };
        let soviet_moves = side.as_str() == "soviet" && matches!(decision, Decision::Move { .. });
        if soviet_moves && game.state().clock.phase.kind() == PhaseKind::Movement {
            break;
        }
        let action = bot.decide(&game, &side, &decision);
        game.apply(action).unwrap();
    }
    let plan = |c: super::Candidate| {
        let mut g = game.clone();
        let mut policy = c.bot(5);
        let tick = g.state().tick();
        let mut actions = Vec::new();
        while g.state().tick() == tick {
            let Pending::Decide { side, decision } = g.pending() else {
                break;
            };
            let a = policy.decide(&g, &side, &decision);
            g.apply(a.clone()).unwrap();
            actions.push(a);
        }
        actions
    };
    let me = game.side_of_id("soviet").unwrap();
    assert_eq!(super::candidates(&game, me), &super::DEFENDER_CANDIDATES);
    let plans: Vec<_> = super::DEFENDER_CANDIDATES[..4]
        .iter()
        .map(|&c| plan(c))
        .collect();
    let mut distinct = plans.clone();
    distinct.sort_by_key(|p| format!("{p:?}"));
    distinct.dedup();
    assert!(
        distinct.len() >= 3,
        "{} distinct plans of 4 postures",
        distinct.len()
    );
}

/// The side taking objectives weighs the attacker's candidates, the side defending them
/// the defender's, sparing its units first.
#[test]
fn each_side_weighs_its_own_candidates() {
    use super::super::heuristic::Posture;
    let b = bundle("scenarios/kursk-1943/armored-claws.scenario.ron");
    let game = Game::new(&b, 1).unwrap();
    let german = game.side_of_id("german").unwrap();
    let soviet = game.side_of_id("soviet").unwrap();
    assert_eq!(super::candidates(&game, german), &super::CANDIDATES);
    assert_eq!(
        super::candidates(&game, soviet),
        &super::DEFENDER_CANDIDATES
    );
    assert_eq!(super::DEFENDER_CANDIDATES[0].posture, Posture::Guarded);
    assert_eq!(super::CANDIDATES[0].posture, Posture::Standard);
    // The defender never weighs falling back to the rear victory hexes.
    assert!(
        super::DEFENDER_CANDIDATES
            .iter()
            .all(|c| !c.posture.rear_pull())
    );
}

/// A rollout plays whole turns ahead, as many as the strength's budget says, and stops
/// there: the stronger searches look three turns ahead, where plans differ.
#[test]
fn a_rollout_plays_the_budgets_turns_ahead() {
    use super::{Budget, TURN_TICKS, rollout};
    use crate::ai::HeuristicBot;
    assert_eq!(Budget::of(1).turns, 1);
    assert_eq!(Budget::of(3).turns, 3);
    for s in 1..5 {
        assert!(Budget::of(s).turns <= Budget::of(s + 1).turns);
    }
    let b = bundle("scenarios/kursk-1943/armored-claws.scenario.ron");
    let mut game = Game::new(&b, 1).unwrap();
    let me = game.side_of_id("german").unwrap();
    let until = game.state().tick() + Budget::of(3).turns * TURN_TICKS;
    let mut mine = HeuristicBot::new(1, 1);
    let mut theirs = HeuristicBot::new(1, 2);
    let played = rollout::play_ahead(&mut game, me, &mut mine, &mut theirs, until);
    assert!(played > 0);
    assert!(game.state().result.is_none(), "Armored Claws lasts longer");
    assert_eq!(game.state().tick(), until);
}
