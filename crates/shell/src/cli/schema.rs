//! `sztab schema --out DIR`: writes the JSON Schema of each file format, and of each
//! rule system's own counters and scenarios, all or nothing
//! ([`sztab_core::model::atomic_write::write_folder`]): a new folder appears whole or
//! not at all, and a failure while writing into an existing one (a full disk) changes
//! none of its files.

use std::path::PathBuf;
use std::process::ExitCode;

use sztab_core::model::atomic_write::write_folder;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Directory to write `<kind>.schema.json` files into.
    #[arg(long, default_value = "schemas")]
    out: PathBuf,
}

pub fn run(args: &Args) -> ExitCode {
    let files: Vec<(String, Vec<u8>)> = sztab_registry::schema_files()
        .into_iter()
        .map(|(name, text)| (name, text.into_bytes()))
        .collect();
    if let Err(e) = write_folder(&args.out, &files) {
        eprintln!(
            "sztab schema: cannot write {}: {e}; no file was changed",
            args.out.display()
        );
        return ExitCode::from(2);
    }
    for (name, _) in &files {
        println!("wrote {}", args.out.join(name).display());
    }
    ExitCode::SUCCESS
}
