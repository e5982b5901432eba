//! Recorded game logs must replay to the same events. The logs in `tests/fixtures/logs/`
//! are never rewritten (see its README): the seven written by `sztab play --log` at commit
//! e942f7c, before logs carried a format, are format 1 (rand 0.10's dice, the RON-text
//! fingerprint); the others are in the formats named in them. A change that alters a
//! game on purpose (a rules fix) says so in its commit and re-records here.

use std::path::{Path, PathBuf};

use sztab::model::Bundle;
use sztab::systems::wb95::{GameLog, LogFormat};

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

fn read(path: &Path) -> GameLog {
    let text = std::fs::read_to_string(path).expect("the log");
    ron::from_str(&text).expect("a game log")
}

#[test]
fn every_recorded_game_replays_to_the_same_events() {
    let logs = logs();
    let formats: Vec<LogFormat> = logs.iter().map(|p| read(p).format).collect();
    assert!(
        formats.iter().filter(|f| **f == LogFormat::V1).count() >= 7,
        "the seven logs of before formats are there: {formats:?}"
    );
    assert!(formats.contains(&LogFormat::CURRENT), "{formats:?}");
    for path in logs {
        let log = read(&path);
        let scenario = path.parent().expect("a folder").join(&log.scenario);
        let (bundle, _) = Bundle::load(&scenario).expect("the scenario loads");
        let replayed = log
            .replay(&bundle)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let fp = &replayed.fingerprint;
        assert_eq!(
            (fp.count(), fp.hex()),
            (log.events, log.fingerprint.clone()),
            "{} replays differently",
            path.display()
        );
        assert!(log.matches(fp, replayed.game.state().result.as_ref()));
    }
}

/// A format-1 log replayed with today's dice and fingerprint would not match: the
/// format really decides both.
#[test]
fn a_format_1_log_does_not_replay_in_format_2() {
    let path = logs()
        .into_iter()
        .find(|p| p.to_string_lossy().ends_with("mini.random.game.ron"))
        .expect("the fixture's log");
    let mut log = read(&path);
    assert_eq!(log.format, LogFormat::V1);
    log.format = LogFormat::V2;
    let scenario = path.parent().expect("a folder").join(&log.scenario);
    let (bundle, _) = Bundle::load(&scenario).expect("the scenario loads");
    // Other dice may also make a recorded action illegal: that is a failed replay too.
    if let Ok(r) = log.replay(&bundle) {
        assert!(!log.matches(&r.fingerprint, r.game.state().result.as_ref()));
    }
}
