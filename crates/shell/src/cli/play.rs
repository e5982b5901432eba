//! `sztab play SCENARIO --bot SIDE=KIND... [--seed N] [--log FILE]`: plays a whole game
//! with bots, prints each turn's summary and the result, and can write a replayable log.

use std::path::PathBuf;
use std::process::ExitCode;

use sztab_core::model::atomic_write;
use sztab_core::model::io::{relative, write_atomic};
use sztab_seam::MatchError;
use sztab_seam::Narration;

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

/// Every side of the scenario has exactly one `--bot`, and every `--bot` names a side:
/// checked before the game starts, not when a side without a player must decide.
pub(crate) fn bots_cover_sides(bots: &[(String, String)], sides: &[String]) -> Result<(), String> {
    let list = sides.join(", ");
    for (i, (side, _)) in bots.iter().enumerate() {
        if !sides.contains(side) {
            return Err(format!(
                "no side \"{side}\" in this scenario; its sides are {list}"
            ));
        }
        if bots[..i].iter().any(|(s, _)| s == side) {
            return Err(format!("--bot {side}=... is given twice; one bot a side"));
        }
    }
    let missing: Vec<&str> = sides
        .iter()
        .filter(|s| !bots.iter().any(|(b, _)| b == *s))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "no --bot for {}; every side needs one (its sides are {list}), e.g. --bot {}=random",
            missing.join(", "),
            missing[0]
        ));
    }
    Ok(())
}

/// `SIDE=KIND`; the kind is checked by the scenario's system.
pub(crate) fn parse_bot(s: &str) -> Result<(String, String), String> {
    let (side, kind) = s
        .split_once('=')
        .ok_or_else(|| format!("\"{s}\" should be SIDE=KIND, e.g. german=random"))?;
    Ok((side.to_string(), kind.to_string()))
}

/// The exit code of a game that cannot start or go on: 1 when the answer is "no" (the
/// rules refuse, the system cannot do it), 2 when the input cannot be used.
pub(crate) fn exit_of(e: &MatchError) -> ExitCode {
    match e {
        MatchError::Refused(_) | MatchError::Failed(_) | MatchError::Unsupported(_) => {
            ExitCode::from(1)
        }
        MatchError::BadRequest(_) | MatchError::BadLog(_) => ExitCode::from(2),
    }
}

pub fn run(args: &Args) -> ExitCode {
    // Before the game is played, not after.
    if let Some(log) = &args.log
        && let Err(e) = atomic_write::check_writable(log)
    {
        eprintln!("sztab play: cannot write {}: {e}", log.display());
        return ExitCode::from(2);
    }
    let bundle = match sztab_registry::load(&args.scenario) {
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
    let sides: Vec<String> = bundle
        .view()
        .sides_in_play_order()
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    if let Err(why) = bots_cover_sides(&args.bots, &sides) {
        eprintln!("sztab play: {why}");
        return ExitCode::from(2);
    }
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
        // Relative to the log, so the pair replays wherever it is copied together.
        let (text, actions, events) = match game.log(&relative(path, &args.scenario)) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_system_that_cannot_do_it_answers_no_not_bad_input() {
        let no = MatchError::Unsupported("Draft has no engine yet: cannot play".into());
        assert_eq!(exit_of(&no), ExitCode::from(1));
        assert_eq!(exit_of(&MatchError::Refused(vec![])), ExitCode::from(1));
        let bad = MatchError::BadRequest("no side \"x\"".into());
        assert_eq!(exit_of(&bad), ExitCode::from(2));
    }
}
