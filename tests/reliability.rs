//! Reliability at the edges (issue 19): what is not a regular file, text from other
//! editors (a byte-order mark, old Mac line ends), and more below.

use std::path::{Path, PathBuf};

use sztab::model::{Bundle, LoadError};
use sztab::validate::validate_file;

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// The fixture scenario, map and counters in a temp dir (the terrain stays in assets/),
/// after `edit` changed one file's text.
fn fixture_with(file: &str, edit: impl Fn(String) -> String) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    for name in ["mini.scenario.ron", "mini.map.ron", "mini.counters.ron"] {
        let mut text = std::fs::read_to_string(root(&format!("tests/fixtures/{name}"))).unwrap();
        text = text.replace(
            "../../assets/",
            &format!("{}/assets/", env!("CARGO_MANIFEST_DIR")),
        );
        if name == file {
            text = edit(text);
        }
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let scenario = dir.path().join("mini.scenario.ron");
    (dir, scenario)
}

fn fixture() -> Bundle {
    Bundle::load(&root("tests/fixtures/mini.scenario.ron"))
        .unwrap()
        .0
}

// ---- Files that are not regular files ----

/// The error of a file that cannot be read; one the scenario names is the scenario's
/// error, naming the field that refers to it.
fn io_error_of(scenario: &Path) -> String {
    match validate_file(scenario) {
        Err(e @ LoadError::Io { .. }) => e.to_string(),
        Err(e @ LoadError::Refused { .. }) if e.to_string().contains("cannot be read") => {
            e.to_string()
        }
        other => panic!("expected a read error, got {other:?}"),
    }
}

#[test]
fn a_missing_file_is_named_with_the_file_and_field_that_refer_to_it() {
    // Roads to Leningrad's example copied without the assets its map names.
    let dir = tempfile::tempdir().unwrap();
    for e in std::fs::read_dir(root("scenarios/rtl")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.path().join(p.file_name().unwrap())).unwrap();
    }
    let scenario = dir.path().join("soltsy-example.scenario.ron");
    let e = validate_file(&scenario).unwrap_err();
    assert_eq!(e.path(), dir.path().join("soltsy-example.map.ron"), "{e}");
    let text = e.to_string();
    assert!(
        text.contains("soltsy-example.map.ron: its terrain file ")
            && text.contains("rtl.terrain.ron cannot be read"),
        "{text}"
    );
    // The map gone too: the scenario names it.
    std::fs::remove_file(dir.path().join("soltsy-example.map.ron")).unwrap();
    let text = validate_file(&scenario).unwrap_err().to_string();
    assert!(
        text.contains("soltsy-example.scenario.ron: its map file ")
            && text.contains("soltsy-example.map.ron cannot be read"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_named_as_the_map_is_refused_not_waited_on() {
    let (dir, scenario) = fixture_with("mini.scenario.ron", |t| {
        t.replace("map: \"mini.map.ron\"", "map: \"pipe.map.ron\"")
    });
    let fifo = dir.path().join("pipe.map.ron");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let e = io_error_of(&scenario);
    assert!(e.contains("pipe.map.ron") && e.contains("FIFO"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_device_or_a_directory_named_as_a_file_is_refused() {
    let (dir, scenario) = fixture_with("mini.scenario.ron", |t| {
        t.replace("counters: \"mini.counters.ron\"", "counters: \"/dev/null\"")
    });
    let e = io_error_of(&scenario);
    assert!(e.contains("/dev/null") && e.contains("a device"), "{e}");
    std::fs::create_dir(dir.path().join("dir.map.ron")).unwrap();
    std::fs::write(
        &scenario,
        std::fs::read_to_string(&scenario)
            .unwrap()
            .replace("map: \"mini.map.ron\"", "map: \"dir.map.ron\""),
    )
    .unwrap();
    let e = io_error_of(&scenario);
    assert!(e.contains("a directory, not a regular file"), "{e}");
}

// ---- Text written by other editors ----

#[test]
fn a_byte_order_mark_is_accepted_and_positions_stay_right() {
    let (_d, scenario) = fixture_with("mini.counters.ron", |t| format!("\u{feff}{t}"));
    let (b, problems) = Bundle::load(&scenario).unwrap();
    assert!(problems.iter().all(|p| !p.is_error()), "{problems:?}");
    assert_eq!(b.counters, fixture().counters);
    // An error still points at the line and column an editor shows.
    let (_d, scenario) = fixture_with("mini.counters.ron", |t| {
        format!("\u{feff}{}", t.replacen("sp: 4,", "sp: 400,", 1))
    });
    let text = std::fs::read_to_string(scenario.with_file_name("mini.counters.ron")).unwrap();
    let line = text.lines().position(|l| l.contains("sp: 400")).unwrap() + 1;
    match Bundle::load(&scenario) {
        Err(LoadError::Syntax { line: l, .. }) => assert_eq!(l, line),
        other => panic!("expected a located error, got {other:?}"),
    }
}

#[test]
fn old_mac_line_ends_are_accepted() {
    // The counters file opens with `//` comments: with a lone CR read as no line end,
    // the first comment swallowed the file.
    let (_d, scenario) = fixture_with("mini.counters.ron", |t| t.replace('\n', "\r"));
    let (b, _) = Bundle::load(&scenario).unwrap();
    assert_eq!(b.counters, fixture().counters);
    // Windows line ends too.
    let (_d, scenario) = fixture_with("mini.counters.ron", |t| t.replace('\n', "\r\n"));
    let (b, _) = Bundle::load(&scenario).unwrap();
    assert_eq!(b.counters, fixture().counters);
    // Lines are counted at the CRs.
    let (_d, scenario) = fixture_with("mini.counters.ron", |t| {
        t.replacen("sp: 4,", "sp: 400,", 1).replace('\n', "\r")
    });
    let text = std::fs::read_to_string(root("tests/fixtures/mini.counters.ron")).unwrap();
    let line = text.lines().position(|l| l.contains("sp: 4,")).unwrap() + 1;
    match Bundle::load(&scenario) {
        Err(LoadError::Syntax { line: l, .. }) => assert_eq!(l, line),
        other => panic!("expected a located error, got {other:?}"),
    }
}

// ---- Writes that never leave a broken file ----

fn sztab(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sztab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Runs `script` with `$DISK` a fresh tmpfs of `kib` KiB, in a private mount namespace
/// (no root needed where user namespaces are allowed). `None` where no tmpfs can be
/// mounted; the injected-error tests of `model::atomic_write` cover the writer there.
fn on_small_disk(kib: u64, script: &str) -> Option<std::process::Output> {
    let probe = std::process::Command::new("unshare")
        .args(["-rm", "sh", "-c", "mount -t tmpfs tmpfs \"$(mktemp -d)\""])
        .output()
        .ok()?;
    if !probe.status.success() {
        eprintln!("no tmpfs can be mounted here; the full-disk test is skipped");
        return None;
    }
    let full = format!(
        "set -e; DISK=$(mktemp -d); mount -t tmpfs -o size={kib}k tmpfs \"$DISK\"; {script}"
    );
    Some(
        std::process::Command::new("unshare")
            .args(["-rm", "sh", "-c", &full])
            .env("SZTAB", env!("CARGO_BIN_EXE_sztab"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap(),
    )
}

#[test]
fn a_full_disk_leaves_the_old_card_and_png_whole() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.html");
    let out = sztab(&[
        "card",
        "tests/fixtures/mini.scenario.ron",
        "--out",
        good.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let size_kib = std::fs::metadata(&good).unwrap().len() / 1024 + 1;
    // Room for the old card and a little more, not for a second copy: the new card's
    // temporary runs out of space half-way.
    let script = format!(
        "cp '{good}' \"$DISK/card.html\"; \
         dd if=/dev/zero of=\"$DISK/filler\" bs=1k count=8 2>/dev/null; \
         set +e; \"$SZTAB\" card tests/fixtures/mini.scenario.ron --out \"$DISK/card.html\"; echo \"exit=$?\"; \
         cmp -s '{good}' \"$DISK/card.html\" && echo card-intact; \
         \"$SZTAB\" render tests/fixtures/mini.map.ron --out \"$DISK/map.png\"; echo \"render-exit=$?\"; \
         ls -a \"$DISK\"",
        good = good.display()
    );
    let Some(run) = on_small_disk(size_kib + 24, &script) else {
        return;
    };
    let text = String::from_utf8_lossy(&run.stdout);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(text.contains("exit=2"), "{text}\n{err}");
    assert!(text.contains("card-intact"), "{text}\n{err}");
    assert!(err.contains("No space left"), "{err}");
    assert!(text.contains("render-exit=2"), "{text}\n{err}");
    // No temporary and no partial PNG is left behind.
    assert!(
        !text.contains(".tmp") && !text.contains("map.png"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn a_card_written_through_a_symlink_keeps_the_link_and_the_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("cards")).unwrap();
    let real = dir.path().join("cards/mini.html");
    std::fs::write(&real, "old").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o604)).unwrap();
    let link = dir.path().join("card.html");
    std::os::unix::fs::symlink("cards/mini.html", &link).unwrap();
    let out = sztab(&[
        "card",
        "tests/fixtures/mini.scenario.ron",
        "--out",
        link.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(meta.file_type().is_symlink(), "the link is still a link");
    assert!(std::fs::read_to_string(&real).unwrap().contains("<html"));
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o604);
    assert_eq!(files_in(&dir.path().join("cards")), ["mini.html"]);
}

#[test]
fn play_and_balance_check_their_outputs_before_playing() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("no/such/folder/game.ron");
    let out = sztab(&[
        "play",
        "tests/fixtures/mini.scenario.ron",
        "--bot",
        "german=random",
        "--bot",
        "soviet=random",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("Turn 1"), "no game was played: {text}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write"));
    for flag in ["--csv", "--heat-csv"] {
        let out = sztab(&[
            "balance",
            "tests/fixtures/mini.scenario.ron",
            "--games",
            "2",
            "--quiet",
            flag,
            dir.path().to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("a directory"), "{err}");
        assert!(
            String::from_utf8_lossy(&out.stdout).is_empty(),
            "nothing played"
        );
    }
}

#[test]
fn a_scenario_save_that_fails_leaves_the_old_set_whole() {
    use sztab::editor::document::Document;
    use sztab::editor::edit::{Change, Edit};
    let (dir, scenario) = fixture_with("mini.scenario.ron", |t| t);
    let (mut doc, _) = Document::open(&scenario).unwrap();
    let (s, c) = (
        doc.scenario().unwrap().clone(),
        doc.counters().unwrap().clone(),
    );
    let mut s2 = s.clone();
    s2.title = "Changed".into();
    let mut c2 = c.clone();
    c2.name = "Changed".into();
    doc.apply(
        Edit::new("both")
            .with(Change::Scenario {
                before: Box::new(s),
                after: Box::new(s2),
            })
            .with(Change::Counters {
                before: Box::new(c),
                after: Box::new(c2),
            }),
    );
    // The counters file cannot be replaced (a directory took its name).
    let counters = dir.path().join("mini.counters.ron");
    let before = std::fs::read(&scenario).unwrap();
    std::fs::remove_file(&counters).unwrap();
    std::fs::create_dir(&counters).unwrap();
    let err = doc.save().unwrap_err();
    assert!(err.contains("mini.counters.ron"), "{err}");
    assert_eq!(
        std::fs::read(&scenario).unwrap(),
        before,
        "the scenario is untouched"
    );
    assert!(files_in(dir.path()).iter().all(|f| !f.ends_with(".tmp")));
    // Once the counters can be written, both are saved.
    std::fs::remove_dir(&counters).unwrap();
    doc.save().unwrap();
    let (b, _) = Bundle::load(&scenario).unwrap();
    assert_eq!(
        (b.scenario.title.as_str(), b.counters.name.as_str()),
        ("Changed", "Changed")
    );
}

// ---- Command-line edges ----

const MINI: &str = "tests/fixtures/mini.scenario.ron";

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn play_refuses_a_side_without_a_bot_before_playing() {
    let out = sztab(&["play", MINI, "--bot", "german=random"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stdout).is_empty(),
        "nothing played"
    );
    let err = stderr_of(&out);
    assert!(err.contains("no --bot for soviet"), "{err}");
}

#[test]
fn a_second_bot_for_one_side_is_refused() {
    let out = sztab(&[
        "play",
        MINI,
        "--bot",
        "german=random",
        "--bot",
        "soviet=random",
        "--bot",
        "german=heuristic",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("given twice"),
        "{}",
        stderr_of(&out)
    );
    let out = sztab(&[
        "balance",
        MINI,
        "--games",
        "1",
        "--quiet",
        "--bot",
        "german=random",
        "--bot",
        "german=random",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("given twice"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn balance_refuses_absurd_game_counts_and_caps_threads_at_the_cores() {
    let out = sztab(&["balance", MINI, "--games", &u64::MAX.to_string(), "--quiet"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("--shard"), "{err}");
    let out = sztab(&[
        "balance",
        MINI,
        "--games",
        "2",
        "--jobs",
        "10000",
        "--quiet",
        "--bot",
        "german=random",
        "--bot",
        "soviet=random",
    ]);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let threads: usize = text
        .lines()
        .find_map(|l| {
            l.strip_prefix('(')?
                .strip_suffix(" worker threads)")?
                .parse()
                .ok()
        })
        .expect("the thread count");
    let cores = std::thread::available_parallelism().unwrap().get();
    assert!(threads <= cores, "{threads} threads on {cores} cores");
}

fn replay_from(dir: &Path, log: &Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sztab"))
        .arg("replay")
        .arg(log)
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn a_game_log_names_its_scenario_relative_to_itself() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("logs")).unwrap();
    let log = dir.path().join("logs/game.ron");
    let out = sztab(&[
        "play",
        &root(MINI).display().to_string(),
        "--bot",
        "german=random",
        "--bot",
        "soviet=random",
        "--seed",
        "3",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = std::fs::read_to_string(&log).unwrap();
    let written = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("scenario: \""))
        .unwrap()
        .trim_end_matches("\",");
    assert!(!Path::new(written).is_absolute(), "{written}");
    assert_eq!(
        std::fs::canonicalize(log.parent().unwrap().join(written)).unwrap(),
        std::fs::canonicalize(root(MINI)).unwrap()
    );
    // It replays from any folder.
    let out = replay_from(dir.path(), &log);
    assert!(out.status.success(), "{}", stderr_of(&out));
    // Logs of earlier versions: an absolute path, or one relative to where play ran.
    for (name, path) in [
        ("abs.ron", root(MINI).display().to_string()),
        ("cwd.ron", MINI.to_string()),
    ] {
        let old = dir.path().join(name);
        std::fs::write(&old, text.replace(written, &path)).unwrap();
        let out = replay_from(&root(""), &old);
        assert!(out.status.success(), "{name}: {}", stderr_of(&out));
    }
}
