//! The PanzerBlitz heuristic bot against the greedy and random ones, from both sides of
//! shipped situations: it must do better than the bot it replaces.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use sztab::balance::{self, Config, Shard};
use sztab::systems;
use sztab::systems::seam::{BotChoice, GameRecord, Narration};

fn situation(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/panzerblitz")
        .join(name)
}

/// Plays one game, `bots` by side index.
fn play(path: &Path, seed: u64, bots: [&str; 2]) -> (GameRecord, [String; 2]) {
    let (system, bundle, _) = systems::load(path).unwrap();
    let playable = system.prepare(bundle.view()).unwrap();
    let sides: Vec<String> = playable.sides().into_iter().map(|s| s.id).collect();
    let pairs: Vec<(String, String)> = sides
        .iter()
        .zip(bots)
        .map(|(s, b)| (s.clone(), b.to_string()))
        .collect();
    let mut m = playable.new_match(seed, &pairs, Narration::Silent).unwrap();
    while !m.is_over() {
        m.step().unwrap();
    }
    (m.record(), [sides[0].clone(), sides[1].clone()])
}

/// How well side `me` did: 10 for a win, −10 for a loss, plus the enemy's losses less
/// its own.
fn margin(rec: &GameRecord, sides: &[String; 2], me: usize) -> i64 {
    let won = match &rec.winner {
        Some(w) if *w == sides[me] => 10,
        Some(_) => -10,
        None => 0,
    };
    won + i64::from(rec.units_lost[1 - me]) - i64::from(rec.units_lost[me])
}

/// Side `me`'s total margin over `seeds` with bot `mine` against `theirs`.
fn total(path: &Path, me: usize, mine: &str, theirs: &str, seeds: &[u64]) -> i64 {
    seeds
        .iter()
        .map(|&seed| {
            let mut bots = [theirs; 2];
            bots[me] = mine;
            let (rec, sides) = play(path, seed, bots);
            assert!(rec.error.is_none(), "{rec:?}");
            margin(&rec, &sides, me)
        })
        .sum()
}

#[test]
fn the_heuristic_bot_beats_greedy_and_random_from_both_sides() {
    let seeds = [1, 2];
    // Not situation 9: with both sides' levels every bot pairing gives the German a
    // decisive victory there (the Russians get too few units off), so it compares
    // nothing but a couple of losses.
    let cases: Vec<(&str, usize)> = [
        "01-rear-area-raid.scenario.ron",
        "12-nikopol-bridgehead.scenario.ron",
    ]
    .into_iter()
    .flat_map(|s| [(s, 0), (s, 1)])
    .collect();
    std::thread::scope(|scope| {
        for (name, me) in cases {
            let seeds = &seeds;
            scope.spawn(move || {
                let path = situation(name);
                // Where the heuristic falls short of greedy: situation 1's German (side
                // 1), see docs/measurements/panzerblitz-balance.md, "Heuristic against
                // greedy". It must still beat random there.
                if (name, me) != ("01-rear-area-raid.scenario.ron", 1) {
                    let greedy = total(&path, me, "greedy", "greedy", seeds);
                    let heuristic = total(&path, me, "heuristic", "greedy", seeds);
                    assert!(
                        heuristic > greedy,
                        "{name}, side {me}: heuristic vs greedy {heuristic}, greedy vs greedy {greedy}"
                    );
                }
                let random = total(&path, me, "heuristic", "random", seeds);
                assert!(
                    random > 0,
                    "{name}, side {me}: heuristic vs random {random}"
                );
            });
        }
    });
}

#[test]
fn the_heuristic_bot_plays_the_same_game_for_the_same_seed() {
    let path = situation("01-rear-area-raid.scenario.ron");
    let a = play(&path, 4, ["heuristic", "heuristic"]).0;
    let b = play(&path, 4, ["heuristic", "heuristic"]).0;
    assert_eq!(a, b);
    assert!(a.combats > 0, "{a:?}");
}

/// Decision P-20: over the same games of situation 1, measured by the balance runner as
/// the ladder measures a rung, the heuristic at strength 5 against strength 1 wins no
/// fewer games for either side than strength 1 does against itself (the mirror).
#[test]
fn p20_a_stronger_heuristic_does_no_worse_than_strength_one() {
    let path = situation("01-rear-area-raid.scenario.ron");
    let (system, bundle, _) = systems::load(&path).unwrap();
    let playable = system.prepare(bundle.view()).unwrap();
    let sides: Vec<String> = playable.sides().into_iter().map(|s| s.id).collect();
    let stop = AtomicBool::new(false);
    let study = |bots: [&str; 2]| {
        let config = Config {
            games: 6,
            seed: 1,
            bots: bots.map(|b| b.parse::<BotChoice>().unwrap()),
            shard: Shard::ALL,
            jobs: Some(2),
            ..Config::default()
        };
        let study = balance::run(&playable, &config, &|_| {}, &stop).unwrap();
        assert_eq!(study.summary().errors, 0, "{:?}", study.records);
        study.records
    };
    let mirror = study(["heuristic:1", "heuristic:1"]);
    for me in 0..2 {
        let mut bots = ["heuristic:1"; 2];
        bots[me] = "heuristic:5";
        let stronger = study(bots);
        let wins = |r: &[GameRecord]| {
            r.iter()
                .filter(|r| r.winner.as_ref() == Some(&sides[me]))
                .count()
        };
        let (five, one) = (wins(&stronger), wins(&mirror));
        assert!(
            five >= one,
            "{}: strength 5 against 1 won {five} of 6, strength 1 against itself {one}",
            sides[me]
        );
    }
}
