//! Recorded game logs must replay to the same events. The logs in `tests/fixtures/logs/`
//! are never rewritten (see its README): the WB-95 logs written by `sztab play --log` at
//! commit e942f7c (or re-recorded since by a rules fix), before logs carried a format, are
//! format 1 (rand 0.10's dice, the RON-text fingerprint); the others are in the formats
//! named in them; the toy and PanzerBlitz logs were written before the seam owned the
//! game loop, the Roads to Leningrad log through it. A change that alters a game on
//! purpose (a rules fix) says so in its commit, raises the system's rules version and
//! re-records here.

use std::path::{Path, PathBuf};

use sztab::model::Bundle;
use sztab::systems::seam::play::LogHead;
use sztab::systems::wb95::{GameLog, LogFormat, Wb95Log};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/logs")
}

fn logs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("the logs folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".game.ron"))
        .collect();
    v.sort();
    v
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).expect("the log")
}

/// Replays a log as `sztab replay` does: its head names the scenario, whose system
/// replays it.
fn replay(path: &Path) -> Result<sztab::systems::seam::Replayed, String> {
    let text = text(path);
    let head = LogHead::read(path, &text).map_err(|e| e.to_string())?;
    let (system, bundle, _) =
        sztab::systems::load(&head.scenario_path(path)).map_err(|e| e.to_string())?;
    system
        .replay(bundle.view(), path, &text)
        .map_err(|e| e.to_string())
}

#[test]
fn every_recorded_game_of_every_system_replays_to_the_same_events() {
    let logs = logs();
    let mut systems = Vec::new();
    for path in &logs {
        let head = LogHead::read(path, &text(path)).unwrap();
        systems.push(head.system.clone());
        let r = replay(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            r.same,
            "{} replays differently: {} events {} against {} {}",
            path.display(),
            r.events,
            r.fingerprint,
            r.logged_events,
            r.logged_fingerprint
        );
    }
    for s in ["toy", "panzerblitz", "rtl", ""] {
        assert!(systems.iter().any(|x| x == s), "a {s:?} log: {systems:?}");
    }
}

#[test]
fn the_wb95_logs_of_both_formats_are_there_and_replay_with_their_dice() {
    let wb95: Vec<GameLog> = logs()
        .iter()
        .filter(|p| LogHead::read(p, &text(p)).unwrap().system.is_empty())
        .map(|p| ron::from_str(&text(p)).unwrap())
        .collect();
    let formats: Vec<LogFormat> = wb95.iter().map(|l| l.log_format().unwrap()).collect();
    assert!(
        formats.iter().filter(|f| **f == LogFormat::V1).count() >= 7,
        "the seven logs of before formats are there: {formats:?}"
    );
    assert!(formats.contains(&LogFormat::CURRENT), "{formats:?}");
}

/// A format-1 log replayed with today's dice and fingerprint would not match: the
/// format really decides both.
#[test]
fn a_format_1_log_does_not_replay_in_format_2() {
    let path = dir().join("mini.random.game.ron");
    let mut log: GameLog = ron::from_str(&text(&path)).unwrap();
    assert_eq!(log.log_format(), Ok(LogFormat::V1));
    log.format = LogFormat::V2.number();
    let scenario = path.parent().expect("a folder").join(&log.scenario);
    let (bundle, _) = Bundle::load(&scenario).expect("the scenario loads");
    // Other dice may also make a recorded action illegal: that is a failed replay too.
    if let Ok(r) = log.replay(&bundle) {
        assert!(!log.matches(&r.fingerprint, r.game.state().result.as_ref()));
    }
}

/// A log of other rules is refused before it is replayed, naming the version that
/// recorded it.
#[test]
fn a_log_of_another_rules_version_is_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "mini.random.v2.game.ron",
        "toy-valley.random-greedy.game.ron",
        "panzerblitz-krasny.random-heuristic.game.ron",
        "rtl-soltsy.random.game.ron",
    ] {
        let source = self::dir().join(name);
        let text = text(&source);
        let head = LogHead::read(&source, &text).unwrap();
        let scenario = head.scenario_path(&source);
        // The same log, recorded by rules version 7, beside its scenario (logs written
        // through the seam name their version; older ones read as 1).
        let log = dir.path().join(name);
        let own = format!("rules: {},", head.rules);
        let versioned = if text.contains(&own) {
            text.replacen(&own, "rules: 7,", 1)
        } else {
            text.replacen("seed:", "rules: 7,\n    seed:", 1)
        };
        let versioned = versioned.replace(
            &format!("\"{}\"", head.scenario.display()),
            &format!("\"{}\"", scenario.display()),
        );
        std::fs::write(&log, versioned).unwrap();
        let e = replay(&log).unwrap_err();
        assert!(
            e.contains("recorded by version 7")
                && e.contains(&format!("plays version {}", head.rules)),
            "{name}: {e}"
        );
    }
}

/// The Kursk log as recorded at e942f7c: the rules changed at 825daaf (R9.2.1), before
/// logs carried a rules version, so it is replayed and its failure says it has none.
#[test]
fn a_log_of_older_unversioned_rules_fails_saying_it_carries_no_version() {
    let path = dir().join("kursk.heuristic.e942f7c.diverged.ron");
    let e = replay(&path).unwrap_err();
    assert!(e.contains("action 146"), "{e}");
    assert!(e.contains("carries no rules version"), "{e}");
}

/// A recorded game stepped through as the playtest's replay bar does: any position is
/// the same whichever way it is reached, and a game goes on from it.
#[test]
fn every_systems_log_steps_back_and_forth_and_plays_on_from_any_position() {
    use sztab::systems::seam::Narration;
    for name in [
        "toy-valley.random-greedy.game.ron",
        "panzerblitz-krasny.random-heuristic.game.ron",
        "mini.random.v2.game.ron",
        "rtl-soltsy.random.game.ron",
    ] {
        let path = dir().join(name);
        let text = text(&path);
        let head = LogHead::read(&path, &text).unwrap();
        let (system, bundle, _) = sztab::systems::load(&head.scenario_path(&path)).unwrap();
        let rules = system.prepare(bundle.view()).unwrap();
        let mut review = rules
            .clone()
            .review(&path, &text, Narration::Events)
            .unwrap();
        assert!(review.reproduces(), "{name}");
        let len = review.recorded();
        assert_eq!(review.at(), len, "{name}: a review opens at the end");
        assert!(review.position().is_over(), "{name}");
        assert!(
            review.position().decision().is_none(),
            "{name}: nobody is seated"
        );
        let end_lines = review.lines().to_vec();
        // The middle, reached forward from the start and back from the end.
        let mid = len / 2;
        review.seek(mid).unwrap();
        let back = (review.position().board(), review.lines().to_vec());
        review.seek(0).unwrap();
        assert_eq!(review.at(), 0);
        review.seek(mid).unwrap();
        let forward = (review.position().board(), review.lines().to_vec());
        assert_eq!(back, forward, "{name}: the middle is one position");
        assert!(
            forward.1.len() < end_lines.len(),
            "{name}: told up to there"
        );
        review.seek(len).unwrap();
        assert_eq!(review.lines(), end_lines, "{name}: told once to the end");
        // Phases start at 0, in order, within the game.
        let starts = review.phase_starts();
        assert_eq!(starts.first(), Some(&0));
        assert!(
            starts.windows(2).all(|w| w[0] < w[1]) && starts.len() > 2,
            "{name}"
        );
        assert!(review.action(len - 1).is_some() && review.action(len).is_none());
        // Play on from the middle with bots: the game is the log's up to there.
        review.seek(mid).unwrap();
        let bots: Vec<(String, String)> = rules
            .sides()
            .iter()
            .map(|s| (s.id.clone(), system.bots()[0].kind.to_owned()))
            .collect();
        let mut game = review.play_from_here(&bots).unwrap();
        assert_eq!(game.actions(), mid);
        assert_eq!(game.board(), forward.0, "{name}");
        while !game.is_over() {
            game.step().unwrap();
        }
        // Its log replays: the recorded half and the half played on.
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("on.game.ron");
        let (on, actions, _) = game.log(&head.scenario_path(&path)).unwrap();
        std::fs::write(&log, &on).unwrap();
        assert!(actions >= mid);
        let r = system.replay(bundle.view(), &log, &on).unwrap();
        assert!(r.same, "{name}: {r:?}");
    }
}

/// Issue 36: a game log is read with the files' bounds. A log nested a million brackets
/// deep (which the parser would take seconds on) is refused at the bracket that passes
/// the bound, with its line and column, before it is parsed or replayed.
#[test]
fn a_game_log_nested_past_the_bound_is_refused_where_it_passes_it() {
    let path = Path::new("deep.game.ron");
    let deep = format!(
        "(system: \"toy\", actions: [{}])",
        "Some(".repeat(1_000_000)
    );
    let e = LogHead::read(path, &deep).unwrap_err().to_string();
    assert!(e.contains("deep.game.ron:1:"), "{e}");
    assert!(e.contains("nested more than 64 deep"), "{e}");
    // A sound log still reads.
    let good = text(&dir().join("rtl-soltsy.random.game.ron"));
    assert!(LogHead::read(path, &good).is_ok());
}
