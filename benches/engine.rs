//! Engine benchmarks: reachable hexes of one unit, an odds computation, the supply trace
//! of a whole side on Kursk (the largest shipped scenario), one full random-bot game of
//! the fixture, of Armored Claws, and of a large synthetic board (31 × 28 hexes, 150
//! units, 17 turns).

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use sztab::model::{Bundle, SideId};
use sztab::systems::wb95::ai::{Player, RandomBot, play_out};
use sztab::systems::wb95::sandbox::Sandbox;
use sztab::systems::wb95::{Action, AttackOrder, Decision, Game, Pending, Side};

fn load(p: &str) -> Bundle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(p);
    Bundle::load(&path).expect("the scenario loads").0
}

fn fixture() -> Bundle {
    load("tests/fixtures/mini.scenario.ron")
}

fn bots(seed: u64) -> Vec<(SideId, Box<dyn Player>)> {
    vec![
        ("german".into(), Box::new(RandomBot::new(seed))),
        ("soviet".into(), Box::new(RandomBot::new(seed + 1))),
    ]
}

/// Two armies of 75 units facing each other across the middle of a 31 × 28 board.
fn large() -> Bundle {
    let mut s = Sandbox::new(31, 28, 17);
    let mut n = 0;
    for col in [12u16, 13, 14] {
        for row in 2..27u16 {
            let hex = format!("{col:02}{row:02}");
            if n % 3 == 0 {
                s.armor(&format!("g{n}"), "german", &hex, 6, 7);
            } else {
                s.unit(&format!("g{n}"), "german", &hex);
            }
            n += 1;
        }
    }
    for col in [18u16, 19, 20] {
        for row in 2..27u16 {
            let hex = format!("{col:02}{row:02}");
            s.unit(&format!("s{n}"), "soviet", &hex).sp = 5;
            n += 1;
        }
    }
    for (i, row) in (1..=28u16).step_by(3).enumerate() {
        s.terrain(&format!("16{row:02}"), "clear", &["forest"]);
        s.terrain(&format!("{:02}{row:02}", 5 + i), "hills", &[]);
    }
    s.bundle
}

/// Answers the opening decisions (air counters, air missions, barrage) doing nothing,
/// up to the first Movement phase.
fn to_movement(g: &mut Game) {
    while let Pending::Decide { decision, .. } = g.pending() {
        let a = match decision {
            Decision::Move { .. } => return,
            Decision::ChooseAir {
                counters, choose, ..
            } => Action::ChooseAir {
                counters: counters.into_iter().take(usize::from(choose)).collect(),
            },
            Decision::AirMissions { .. } => Action::AirMissions { missions: vec![] },
            _ => Action::EndPhase,
        };
        g.apply(a).expect("a legal opening");
    }
}

fn benches(c: &mut Criterion) {
    let bundle = fixture();
    let mut game = Game::new(&bundle, 1).expect("the fixture plays");
    to_movement(&mut game);
    let tank = game.roster().get("1PzD/1").expect("a unit of the fixture");
    c.bench_function("reach: one armored unit, fixture", |b| {
        b.iter(|| black_box(game.reach(black_box(tank))))
    });

    let mut attack = bundle.clone();
    for p in attack
        .scenario
        .setup
        .iter_mut()
        .filter(|p| p.unit.as_str() == "1PzD/113")
    {
        p.hex = "0705".parse().expect("a hex");
    }
    let mut g = Game::new(&attack, 1).expect("the position plays");
    to_movement(&mut g);
    let order = AttackOrder {
        attackers: vec!["1PzD/113".into()],
        defenders: vec!["0805".parse().expect("a hex")],
        stars: vec![],
        hq_pool_cms: 0,
        support: vec![],
        air: vec![],
        full_strength: vec![],
    };
    let eng = g.engagement_of(Side::A, &order).expect("a legal attack");
    c.bench_function("odds: across the Fortified Line, fixture", |b| {
        b.iter(|| black_box(g.assess(black_box(&eng))))
    });

    c.bench_function("game: random bots, fixture (4 turns)", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(&bundle, seed).expect("the fixture plays");
            black_box(play_out(&mut g, &mut bots(seed), 1_000_000, |_, _, _| {}).expect("a result"))
        })
    });

    let kursk = load("scenarios/kursk-1943/kursk.scenario.ron");
    let g = Game::new(&kursk, 1).expect("Kursk plays");
    c.bench_function("supply: trace every Soviet unit, Kursk (one search)", |b| {
        b.iter(|| black_box(g.supply_status(black_box(Side::B))))
    });
    c.bench_function("supply: trace every German unit, Kursk (one search)", |b| {
        b.iter(|| black_box(g.supply_status(black_box(Side::A))))
    });

    let claws = load("scenarios/kursk-1943/armored-claws.scenario.ron");
    let mut group = c.benchmark_group("armored claws");
    group.sample_size(20);
    group.bench_function("game: random bots, Armored Claws (17 turns)", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(&claws, seed).expect("Armored Claws plays");
            black_box(
                play_out(&mut g, &mut bots(seed), 10_000_000, |_, _, _| {}).expect("a result"),
            )
        })
    });
    group.finish();

    let big = large();
    let mut g = Game::new(&big, 1).expect("the large board plays");
    to_movement(&mut g);
    let u = g.roster().get("g0").expect("a unit");
    c.bench_function("reach: one armored unit, 31x28 board", |b| {
        b.iter(|| black_box(g.reach(black_box(u))))
    });
    let mut group = c.benchmark_group("large");
    group.sample_size(10);
    group.bench_function("game: random bots, 31x28 board, 150 units, 17 turns", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(&big, seed).expect("the large board plays");
            black_box(
                play_out(&mut g, &mut bots(seed), 10_000_000, |_, _, _| {}).expect("a result"),
            )
        })
    });
    group.finish();
}

criterion_group!(engine, benches);
criterion_main!(engine);
