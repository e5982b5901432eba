//! `sztab card SCENARIO --out card.html`: the scenario's setup card, a printable HTML page
//! laid out like the rulebook's scenario pages.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::model::Bundle;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The .scenario.ron file.
    scenario: PathBuf,
    /// The HTML file to write.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: &Args) -> ExitCode {
    let b = match Bundle::load(&args.scenario) {
        Ok((b, _)) => b,
        Err(e) => {
            eprintln!("sztab card: {e}");
            return ExitCode::from(2);
        }
    };
    match crate::card::write(&b, &args.out) {
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
