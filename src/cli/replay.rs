//! `sztab replay GAME.ron`: replays a game log and checks it reproduces the same events.
//! Exit 0 when it does, 1 when it does not, 2 when the log or scenario cannot be read.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::model::io::read_text;
use crate::systems::wb95::{GameLog, ReplayError};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A log written by `sztab play --log`.
    log: PathBuf,
}

/// The scenario a log names: relative to the log's folder (as `play --log` and the
/// editor write it), else as written (logs of earlier versions held the path as typed:
/// absolute, or relative to the folder `play` ran in).
fn scenario_path(log_path: &Path, scenario: &Path) -> PathBuf {
    let beside_log = crate::model::io::resolve(log_path, scenario);
    if beside_log.exists() {
        return beside_log;
    }
    scenario.to_owned()
}

pub fn run(args: &Args) -> ExitCode {
    let text = match read_text(&args.log) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sztab replay: {e}");
            return ExitCode::from(2);
        }
    };
    let system = match crate::model::io::probe_system(&text)
        .and_then(|id| crate::systems::of(&id, &args.log))
    {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sztab replay: {e}");
            return ExitCode::from(2);
        }
    };
    if system.id() != crate::model::SystemId::WB95 {
        return replay_through_seam(system, args, &text.text);
    }
    let log: GameLog = match ron::from_str(&text.text) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("sztab replay: {}: not a game log: {e}", args.log.display());
            return ExitCode::from(2);
        }
    };
    let path = scenario_path(&args.log, &log.scenario);
    let bundle = match super::play::load_bundle(&path, "replay") {
        Ok(b) => b,
        Err(code) => return code,
    };
    let replayed = match log.replay(&bundle) {
        Ok(r) => r,
        Err(ReplayError::Setup(r)) => {
            eprintln!("sztab replay: the scenario cannot be played:");
            for p in r.problems.iter().filter(|p| p.is_error()) {
                eprintln!("  {p}");
            }
            return ExitCode::from(1);
        }
        Err(ReplayError::Refused {
            index,
            action,
            error,
        }) => {
            eprintln!(
                "sztab replay: action {index} is refused: {error}\n  {}",
                super::play::describe(&action)
            );
            return ExitCode::from(1);
        }
        Err(e @ ReplayError::Fingerprint(_)) => {
            eprintln!("sztab replay: {e}");
            return ExitCode::from(1);
        }
    };
    let (game, fp) = (replayed.game, replayed.fingerprint);
    let result = game.state().result.clone();
    let same = log.matches(&fp, result.as_ref());
    println!(
        "replayed {} actions (log format {}): {} events, fingerprint {} (log: {} events, {})",
        log.actions.len(),
        log.format.number(),
        fp.count(),
        fp.hex(),
        log.events,
        log.fingerprint
    );
    if let Some(r) = &result {
        println!("Result: {r}");
    }
    if same {
        println!("replay matches the log");
        ExitCode::SUCCESS
    } else {
        println!("replay DIFFERS from the log");
        ExitCode::from(1)
    }
}

/// A log of a system other than WB-95, replayed by its system.
fn replay_through_seam(
    system: &dyn crate::systems::RuleSystem,
    args: &Args,
    text: &str,
) -> ExitCode {
    match system.replay(&args.log, text) {
        Ok(r) => {
            println!(
                "replayed {} actions: {} events, fingerprint {} (log: {} events, {})",
                r.actions, r.events, r.fingerprint, r.logged_events, r.logged_fingerprint
            );
            if let Some(res) = &r.result {
                println!("Result: {res}");
            }
            if r.same {
                println!("replay matches the log");
                ExitCode::SUCCESS
            } else {
                println!("replay DIFFERS from the log");
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("sztab replay: {e}");
            super::play::exit_of(&e)
        }
    }
}
