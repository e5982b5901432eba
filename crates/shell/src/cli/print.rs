//! `sztab print SCENARIO --out kit.pdf [--paper a4|letter] [--counter 1/2in] [--hex 5/8in]`:
//! the scenario as a print-and-play PDF kit.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::print::{Length, Options, Paper};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The .scenario.ron file.
    scenario: PathBuf,
    /// The PDF to write.
    #[arg(long)]
    out: PathBuf,
    /// a4 or letter.
    #[arg(long, default_value = "a4", value_parser = |s: &str| s.parse::<Paper>())]
    paper: Paper,
    /// A counter's side: 1/2in, 5/8in, 16mm, …
    #[arg(long, default_value = "1/2in", value_parser = |s: &str| s.parse::<Length>())]
    counter: Length,
    /// A hex across its flats, as on the printed board: 5/8in, 3/4in, 19mm, …
    #[arg(long, default_value = "5/8in", value_parser = |s: &str| s.parse::<Length>())]
    hex: Length,
}

pub fn run(args: &Args) -> ExitCode {
    let (system, b) = match sztab_registry::load(&args.scenario) {
        Ok((system, b, _)) => (system, b),
        Err(e) => {
            eprintln!("sztab print: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = Options {
        paper: args.paper,
        counter: args.counter,
        hex: args.hex,
    };
    match crate::print::write(system, b.view(), &opts, &args.out) {
        Ok(kit) => {
            println!("wrote {}: {}", args.out.display(), kit.summary());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sztab print: {e}");
            ExitCode::from(2)
        }
    }
}
