//! `sztab play SCENARIO --bot SIDE=KIND... [--seed N] [--log FILE]`: plays a whole game
//! with bots, prints each turn's summary and the result, and can write a replayable log.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::model::{Bundle, io::write_atomic};
use crate::systems::MatchError;
use crate::systems::seam::Narration;
use crate::systems::wb95::{Action, Game};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario to play (*.scenario.ron).
    scenario: PathBuf,
    /// A bot for a side, `SIDE=KIND` with the scenario's side id; KIND is one of the
    /// system's bots (`sztab systems`), e.g. for WB-95 `random`, `heuristic` or
    /// `heuristic:STRENGTH` (1-5, default 3).
    #[arg(long = "bot", value_parser = parse_bot, required = true)]
    bots: Vec<(String, String)>,
    /// Seed of the dice (and of the bots).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the game log (RON) here, for `sztab replay`.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Print every event, not only the turn summaries.
    #[arg(long)]
    verbose: bool,
}

/// `SIDE=KIND`; the kind is checked by the scenario's system.
pub(crate) fn parse_bot(s: &str) -> Result<(String, String), String> {
    let (side, kind) = s
        .split_once('=')
        .ok_or_else(|| format!("\"{s}\" should be SIDE=KIND, e.g. german=random"))?;
    Ok((side.to_string(), kind.to_string()))
}

/// The exit code of a game that cannot start or go on.
pub(crate) fn exit_of(e: &MatchError) -> ExitCode {
    match e {
        MatchError::Refused(_) | MatchError::Failed(_) => ExitCode::from(1),
        MatchError::Unsupported(_) | MatchError::BadRequest(_) | MatchError::BadLog(_) => {
            ExitCode::from(2)
        }
    }
}

/// Loads a scenario and starts a game, reporting problems on stderr.
pub(crate) fn start_game(path: &Path, seed: u64, what: &str) -> Result<(Bundle, Game), ExitCode> {
    let bundle = match Bundle::load(path) {
        Ok((b, _)) => b,
        Err(e) => {
            eprintln!("sztab {what}: {e}");
            return Err(ExitCode::from(2));
        }
    };
    match Game::new(&bundle, seed) {
        Ok(g) => Ok((bundle, g)),
        Err(refused) => {
            eprintln!("sztab {what}: the scenario cannot be played:");
            for p in refused.problems.iter().filter(|p| p.is_error()) {
                eprintln!("  {p}");
            }
            Err(ExitCode::from(1))
        }
    }
}

pub fn run(args: &Args) -> ExitCode {
    let bundle = match crate::systems::load(&args.scenario) {
        Ok((system, bundle, _)) => (system, bundle),
        Err(e) => {
            eprintln!("sztab play: {e}");
            return ExitCode::from(2);
        }
    };
    let (system, bundle) = bundle;
    let narration = if args.verbose {
        Narration::Events
    } else {
        Narration::Turns
    };
    let mut game = match system.new_match(bundle.view(), args.seed, &args.bots, narration) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("sztab play: {e}");
            return exit_of(&e);
        }
    };
    println!("{} — seed {}", game.title(), args.seed);
    while !game.is_over() {
        if game.actions() >= MAX_ACTIONS {
            eprintln!("sztab play: no result after {MAX_ACTIONS} actions");
            return ExitCode::from(1);
        }
        match game.step() {
            Ok(lines) => lines.iter().for_each(|l| println!("{l}")),
            Err(e) => {
                eprintln!("sztab play: {e}");
                return exit_of(&e);
            }
        }
    }
    game.finish().iter().for_each(|l| println!("{l}"));
    if let Some(r) = game.result() {
        println!("Result: {r}");
    }
    if let Some(path) = &args.log {
        let (text, actions, events) = match game.log(&args.scenario) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("sztab play: {e}");
                return ExitCode::from(2);
            }
        };
        if let Err(e) = write_atomic(path, &text) {
            eprintln!("sztab play: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
        println!(
            "log written to {} ({actions} actions, {events} events)",
            path.display()
        );
    }
    ExitCode::SUCCESS
}

/// Actions after which `sztab play` gives a game up.
const MAX_ACTIONS: usize = 1_000_000;

/// An action as one line, for replays and errors.
pub(crate) fn describe(a: &Action) -> String {
    format!("{a:?}")
}
