//! Heuristic-bot benchmarks: one full game of Armored Claws (17 turns, about 150
//! units) with the heuristic bot on both sides, at the default strength and at the
//! weakest and strongest, and one game of the fixture scenario; the search bot's cost
//! per searched decision (the first German Movement phase of Armored Claws) at each
//! strength.

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sztab::balance::{MAX_ACTIONS, game_seed, play_one};
use sztab::model::Bundle;
use sztab::systems::seam::{BotChoice, Playable};
use sztab::systems::wb95::Game;
use sztab::systems::wb95::ai::BotSpec;
use sztab::systems::wb95::system::playable;

fn prepared(path: &str) -> Arc<dyn Playable> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let bundle = Bundle::load(&path).expect("the scenario loads").0;
    playable(
        Game::new(&bundle, 1)
            .expect("the scenario plays")
            .prepared()
            .clone(),
    )
}

fn benches(c: &mut Criterion) {
    let claws = prepared("scenarios/kursk-1943/armored-claws.scenario.ron");
    let mut group = c.benchmark_group("heuristic");
    group.sample_size(20);
    for strength in [3u8, 1, 5] {
        let bots = [BotSpec::heuristic(strength); 2].map(BotChoice::from);
        group.bench_function(
            format!("game: heuristic:{strength} both sides, Armored Claws (17 turns)"),
            |b| {
                let mut i = 0;
                b.iter(|| {
                    i += 1;
                    let r = play_one(&claws, &bots, i, game_seed(1, i), MAX_ACTIONS);
                    black_box(r)
                })
            },
        );
    }
    let fixture = prepared("tests/fixtures/mini.scenario.ron");
    group.bench_function("game: heuristic:3 both sides, fixture (4 turns)", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            let bots = [BotSpec::heuristic(3); 2].map(BotChoice::from);
            black_box(play_one(&fixture, &bots, i, game_seed(1, i), MAX_ACTIONS))
        })
    });
    group.finish();
    search(c);
}

/// One searched decision: the search bot's first Move decision of Armored Claws.
fn search(c: &mut Criterion) {
    use sztab::systems::wb95::ai::{HeuristicBot, Player, SearchBot};
    use sztab::systems::wb95::{Decision, Pending};
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/kursk-1943/armored-claws.scenario.ron");
    let bundle = Bundle::load(&path).expect("the scenario loads").0;
    let mut game = Game::new(&bundle, 1).expect("the scenario plays");
    let mut bot = HeuristicBot::new(3, 1);
    let (side, decision) = loop {
        let Pending::Decide { side, decision } = game.pending() else {
            panic!("the game ended before a Movement phase")
        };
        if matches!(decision, Decision::Move { .. }) {
            break (side, decision);
        }
        let a = bot.decide(&game, &side, &decision);
        game.apply(a).expect("the heuristic plays legally");
    };
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for strength in [1u8, 3, 5] {
        group.bench_function(
            format!("decision: search:{strength}, first Movement phase of Armored Claws"),
            |b| {
                b.iter(|| {
                    let mut s = SearchBot::new(strength, 1);
                    black_box(s.decide(&game, &side, &decision))
                })
            },
        );
    }
    group.finish();
}

criterion_group!(bot, benches);
criterion_main!(bot);
