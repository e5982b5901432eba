//! Game logs recorded before the rule-system seam (and before any later change to the
//! engine's plumbing) must replay to the same events: the files in `tests/fixtures/logs/`
//! were written by `sztab play --log` at commit e942f7c and are never rewritten. A change
//! that alters a game on purpose (a rules fix) says so in its commit and re-records here.

use std::path::{Path, PathBuf};

use sztab::model::Bundle;
use sztab::systems::wb95::{Fingerprint, Game, GameLog};

fn logs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/logs");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the logs folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".game.ron"))
        .collect();
    v.sort();
    v
}

fn replay(path: &Path) -> (usize, String, usize, String) {
    let text = std::fs::read_to_string(path).expect("the log");
    let log: GameLog = ron::from_str(&text).expect("a game log");
    let scenario = path.parent().expect("a folder").join(&log.scenario);
    let (bundle, _) = Bundle::load(&scenario).expect("the scenario loads");
    let mut game = Game::new(&bundle, log.seed).expect("the scenario is playable");
    let mut fp = Fingerprint::default();
    fp.extend(game.opening_events());
    for (i, a) in log.actions.iter().enumerate() {
        let events = game
            .apply(a.clone())
            .unwrap_or_else(|e| panic!("{}: action {} refused: {e}", path.display(), i + 1));
        fp.extend(&events);
    }
    (fp.count(), fp.hex(), log.events, log.fingerprint)
}

#[test]
fn every_recorded_game_replays_to_the_same_events() {
    let logs = logs();
    assert!(logs.len() >= 7, "the recorded logs are there");
    for path in logs {
        let (count, hash, want_count, want_hash) = replay(&path);
        assert_eq!(
            (count, hash.as_str()),
            (want_count, want_hash.as_str()),
            "{} replays differently",
            path.display()
        );
    }
}
