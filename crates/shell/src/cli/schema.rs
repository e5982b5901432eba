//! `sztab schema --out DIR`: writes the JSON Schema of each file format, and of each
//! rule system's own counters and scenarios.

use std::path::PathBuf;
use std::process::ExitCode;

use sztab_core::model::io::write_atomic;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Directory to write `<kind>.schema.json` files into.
    #[arg(long, default_value = "schemas")]
    out: PathBuf,
}

pub fn run(args: &Args) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("sztab schema: cannot create {}: {e}", args.out.display());
        return ExitCode::from(2);
    }
    for (name, text) in sztab_registry::schema_files() {
        let path = args.out.join(name);
        if let Err(e) = write_atomic(&path, &text) {
            eprintln!("sztab schema: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
        println!("wrote {}", path.display());
    }
    ExitCode::SUCCESS
}
