//! Integration tests of the rules engine: whole games, worked examples of the rulebook
//! on hand-made positions, and property tests over random-bot games.

use std::path::{Path, PathBuf};

use sztab::ai::{RandomBot, play_out};
use sztab::model::{Bundle, SideId};
use sztab::wb95::Game;

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn fixture() -> Bundle {
    Bundle::load(&root("tests/fixtures/mini.scenario.ron"))
        .unwrap()
        .0
}

#[test]
fn a_random_game_of_the_fixture_finishes() {
    let b = fixture();
    let mut g = Game::new(&b, 7).unwrap();
    let mut players: Vec<(SideId, Box<dyn sztab::ai::Player>)> = vec![
        ("german".into(), Box::new(RandomBot::new(1))),
        ("soviet".into(), Box::new(RandomBot::new(2))),
    ];
    let played = play_out(&mut g, &mut players, 100_000, |_, _, _| {}).unwrap();
    println!("{:?}", played.result);
}

#[test]
fn debug_print_game() {
    let b = fixture();
    let g = Game::new(&b, 7);
    let mut g = match g {
        Ok(g) => g,
        Err(e) => panic!("{e:#?}"),
    };
    for e in g.opening_events() {
        println!("{e:?}");
    }
    let mut players: Vec<(SideId, Box<dyn sztab::ai::Player>)> = vec![
        ("german".into(), Box::new(RandomBot::new(1))),
        ("soviet".into(), Box::new(RandomBot::new(2))),
    ];
    let played = play_out(&mut g, &mut players, 100_000, |_, a, es| {
        println!("ACTION {a:?}");
        for e in es {
            println!("   {e:?}");
        }
    })
    .unwrap();
    println!("{:?}", played.result);
}

#[test]
fn debug_zoc() {
    use sztab::hex::HexId;
    let b = fixture();
    let g = Game::new(&b, 7).unwrap();
    let h = g.board().index(HexId::parse("0706").unwrap()).unwrap();
    let german = g.side_of_id("german").unwrap();
    println!("sources {:?}", g.zoc_of(german).sources(h));
    for (d, n) in g.board().neighbours(h) {
        println!("{d} {}", g.hex_id(n));
    }
}
