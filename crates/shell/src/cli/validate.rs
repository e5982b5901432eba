//! `sztab validate FILE... [--json]`: exit 0 when clean, 1 when problems (errors) were
//! found, 2 when a file cannot be read or parsed. Warnings the scenario acknowledges are
//! shown as such and never fail `--strict`.

use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use crate::validate::validate_file;
use sztab_core::model::{LoadError, Problem};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files to check (*.scenario.ron, *.map.ron, *.counters.ron, *.terrain.ron).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON document instead of human-readable lines.
    #[arg(long)]
    json: bool,
    /// Exit 1 on warnings too (acknowledged warnings excepted).
    #[arg(long)]
    strict: bool,
}

#[derive(Serialize)]
struct FileReport {
    file: PathBuf,
    /// Files read besides the one named.
    reads: Vec<PathBuf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    load_error: Option<LoadErrorJson>,
    problems: Vec<Problem>,
}

#[derive(Serialize)]
struct LoadErrorJson {
    file: PathBuf,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    message: String,
}

impl From<&LoadError> for LoadErrorJson {
    fn from(e: &LoadError) -> Self {
        let pos = e.position();
        Self {
            file: e.path().to_owned(),
            line: pos.map(|p| p.0),
            column: pos.map(|p| p.1),
            message: e.detail(),
        }
    }
}

pub fn run(args: &Args) -> ExitCode {
    let mut reports = Vec::new();
    let (mut unreadable, mut errors, mut warnings, mut acknowledged) = (false, 0, 0, 0);
    for file in &args.files {
        match validate_file(file) {
            Ok(r) => {
                errors += r.errors();
                warnings += r.warnings();
                acknowledged += r.acknowledged();
                let reads = r.files.into_iter().filter(|f| f != file).collect();
                reports.push(FileReport {
                    file: file.clone(),
                    reads,
                    load_error: None,
                    problems: r.problems,
                });
            }
            Err(e) => {
                unreadable = true;
                let load_error = Some(LoadErrorJson::from(&e));
                reports.push(FileReport {
                    file: file.clone(),
                    reads: vec![],
                    load_error,
                    problems: vec![],
                });
            }
        }
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&reports).expect("reports are plain data")
        );
    } else {
        print_human(&reports, errors, warnings, acknowledged);
    }
    if unreadable {
        ExitCode::from(2)
    } else if errors > 0 || (args.strict && warnings > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn print_human(reports: &[FileReport], errors: usize, warnings: usize, acknowledged: usize) {
    for r in reports {
        if let Some(e) = &r.load_error {
            match (e.line, e.column) {
                (Some(l), Some(c)) => {
                    println!("{}:{l}:{c}: error: {}", e.file.display(), e.message)
                }
                _ => println!("{}: error: {}", e.file.display(), e.message),
            }
            continue;
        }
        for p in &r.problems {
            println!("{p}");
        }
        let count = |f: fn(&Problem) -> bool| r.problems.iter().filter(|p| f(p)).count();
        let (e, w, a) = (
            count(Problem::is_error),
            count(Problem::is_open_warning),
            count(|p| p.acknowledged.is_some()),
        );
        let verdict = if e == 0 { "ok" } else { "FAILED" };
        println!(
            "{}: {verdict} ({e} error(s), {w} warning(s){})",
            r.file.display(),
            acknowledged_note(a)
        );
    }
    if reports.len() > 1 {
        println!(
            "total: {errors} error(s), {warnings} warning(s){}",
            acknowledged_note(acknowledged)
        );
    }
}

/// ", 31 acknowledged" when the scenario acknowledges warnings.
fn acknowledged_note(n: usize) -> String {
    if n == 0 {
        String::new()
    } else {
        format!(", {n} acknowledged")
    }
}
