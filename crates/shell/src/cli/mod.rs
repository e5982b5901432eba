//! The `sztab` command line: one subcommand per file, each a thin layer over the library.

mod balance;
mod card;
mod ladder;
mod new;
mod odds;
mod play;
mod print;
mod render;
mod replay;
mod robustness;
mod schema;
mod systems;
mod validate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "sztab",
    version,
    about = "Scenario editor, map tracer and rules engines for hex-and-counter wargames (WB-95 and more: `sztab systems`)"
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Scenario or map to open in the editor.
    file: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open the editor (the default when no subcommand is given).
    Edit { file: Option<PathBuf> },
    /// Check scenario, map, counters or terrain files and report every problem.
    Validate(validate::Args),
    /// Write the JSON Schema of every file format.
    Schema(schema::Args),
    /// Draw a map as a printed-style PNG (hex numbers, places, rivers, roads, lines).
    Render(render::Args),
    /// Play a whole game with bots; print each turn and the result.
    Play(play::Args),
    /// Replay a game log and check it reproduces the same events.
    Replay(replay::Args),
    /// Print the odds of an attack in a scenario's setup position.
    Odds(odds::Args),
    /// Let bots play many games of a scenario and summarize the results.
    Balance(balance::Args),
    /// Measure the bot ladder: each rung's win share against the one below, both sides.
    Ladder(ladder::Args),
    /// Write a scenario's setup card: a printable HTML page like the rulebook's.
    Card(card::Args),
    /// Write a print-and-play kit: the map at true scale, counter sheets with their
    /// backs, the setup card and the turn track, as one PDF.
    Print(print::Args),
    /// List the rule systems: what each supports, its catalogue vocabulary, its counters.
    Systems(systems::Args),
    /// Create a new file (`sztab new map --system toy --out valley.map.ron`).
    #[command(subcommand)]
    New(new::What),
}

/// Opens the editor window on a file: the binary's, which has the editor.
pub type OpenEditor = fn(Option<PathBuf>) -> Result<(), String>;

/// Runs the command line; the exit code follows each subcommand's contract. `editor`
/// opens the window for `sztab edit` (and no subcommand).
pub fn run(editor: OpenEditor) -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => open_editor(editor, cli.file),
        Some(Command::Edit { file }) => open_editor(editor, file),
        Some(Command::Validate(args)) => validate::run(&args),
        Some(Command::Schema(args)) => schema::run(&args),
        Some(Command::Render(args)) => render::run(&args),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Odds(args)) => odds::run(&args),
        Some(Command::Balance(args)) => balance::run(&args),
        Some(Command::Ladder(args)) => ladder::run(&args),
        Some(Command::Card(args)) => card::run(&args),
        Some(Command::Print(args)) => print::run(&args),
        Some(Command::Systems(args)) => systems::run(&args),
        Some(Command::New(what)) => new::run(&what),
    }
}

fn open_editor(editor: OpenEditor, file: Option<PathBuf>) -> ExitCode {
    match editor(file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sztab: cannot open the editor window: {e}");
            ExitCode::from(2)
        }
    }
}
