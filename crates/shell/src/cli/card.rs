//! `sztab card SCENARIO --out card.html`: the scenario's setup card, a printable HTML page
//! laid out like the rulebook's scenario pages.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The .scenario.ron file.
    scenario: PathBuf,
    /// The HTML file to write.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: &Args) -> ExitCode {
    let (system, b) = match sztab_registry::load(&args.scenario) {
        Ok((system, b, _)) => (system, b),
        Err(e) => {
            eprintln!("sztab card: {e}");
            return ExitCode::from(2);
        }
    };
    let html = crate::card::html_of(system, b.view());
    match sztab_core::model::io::write_atomic(&args.out, &html) {
        Ok(()) => {
            println!("wrote {}", args.out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sztab card: cannot write {}: {e}", args.out.display());
            ExitCode::from(2)
        }
    }
}
