//! `sztab replay GAME.ron`: replays a game log and checks it reproduces the same events.
//! Exit 0 when it does, 1 when it does not, 2 when the log or scenario cannot be read.
//! One path for every system: the log's head names the scenario, its system replays it.

use std::path::PathBuf;
use std::process::ExitCode;

use sztab_core::model::io::read_text;
use sztab_seam::play::LogHead;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A log written by `sztab play --log`.
    log: PathBuf,
}

pub fn run(args: &Args) -> ExitCode {
    let text = match read_text(&args.log) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sztab replay: {e}");
            return ExitCode::from(2);
        }
    };
    let head = match LogHead::read(&args.log, &text.text) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("sztab replay: {e}");
            return ExitCode::from(2);
        }
    };
    let scenario = head.scenario_path(&args.log);
    let (system, bundle, _) = match sztab_registry::load(&scenario) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("sztab replay: {e}");
            return ExitCode::from(2);
        }
    };
    match system.replay(bundle.view(), &args.log, &text.text) {
        Ok(r) => {
            println!(
                "replayed {} actions (log format {}, rules version {}): {} events, fingerprint {} (log: {} events, {})",
                r.actions,
                head.format,
                head.rules,
                r.events,
                r.fingerprint,
                r.logged_events,
                r.logged_fingerprint
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
