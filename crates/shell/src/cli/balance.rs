//! `sztab balance SCENARIO --games N [--bot SIDE=KIND]... [--strength N|SIDE=N]...
//! [--seed S] [--jobs N] [--csv FILE] [--shard K/N]`: bots play many games and the
//! summary says how balanced the scenario is; `sztab balance --merge a.csv b.csv ...`
//! summarizes shard files as one study.

use std::io::{BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::play::parse_bot;
use crate::balance::{self, Config, Progress, Shard, StudyInfo, Summary, csv};
use sztab_core::model::atomic_write;
use sztab_seam::RuleSystem;
use sztab_seam::{BotChoice, SideInfo};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario to study (*.scenario.ron); not with --merge.
    #[arg(required_unless_present = "merge")]
    scenario: Option<PathBuf>,
    /// Games in the study (all shards together).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// The bot of a side, `SIDE=KIND` with one of the system's bots (`sztab systems`;
    /// WB-95: random, heuristic[:1-5], search[:1-5]); sides not named get the system's
    /// first bot (WB-95: heuristic).
    #[arg(long = "bot", value_parser = parse_bot)]
    bots: Vec<(String, String)>,
    /// Strength of the bots that take one (WB-95's heuristic: 1-5): `N` for both sides
    /// or `SIDE=N` for one.
    #[arg(long = "strength")]
    strength: Vec<String>,
    /// Base seed: game i is seeded from it and i, whatever the threads or shards.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Write the per-game records here (one row per game).
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Write the combat heat map here (hex,combats), hottest first.
    #[arg(long = "heat-csv")]
    heat_csv: Option<PathBuf>,
    /// Play only the K-th of N disjoint parts of the study, e.g. 3/8.
    #[arg(long)]
    shard: Option<Shard>,
    /// Summarize these CSV files (shards of one study) instead of playing.
    #[arg(long, num_args = 1.., conflicts_with_all = ["scenario", "shard", "bots", "strength", "jobs"])]
    merge: Vec<PathBuf>,
    /// How many of the hottest hexes to list.
    #[arg(long, default_value_t = 10)]
    hottest: usize,
    /// No progress line on stderr.
    #[arg(long)]
    quiet: bool,
    /// Play the robustness study instead: the same games at weak-weak, strong-strong,
    /// strong-weak and weak-strong, and say whether the verdict holds at every strength.
    #[arg(long, conflicts_with_all = ["bots", "strength", "shard", "csv", "heat_csv", "merge"])]
    robustness: bool,
    /// The weak bot of the robustness study (default: the system's first graded bot at
    /// its weakest, WB-95: heuristic:1).
    #[arg(long, requires = "robustness")]
    weak: Option<String>,
    /// The strong bot of the robustness study (default: that bot at its strongest,
    /// WB-95: heuristic:5; `search:3` is stronger still).
    #[arg(long, requires = "robustness")]
    strong: Option<String>,
}

impl Args {
    fn robustness_args(&self) -> super::robustness::Options<'_> {
        super::robustness::Options {
            games: self.games,
            seed: self.seed,
            jobs: self.jobs,
            weak: self.weak.as_deref(),
            strong: self.strong.as_deref(),
            quiet: self.quiet,
        }
    }
}

pub fn run(args: &Args) -> ExitCode {
    // Before any game is played: a study of hours must not end in "cannot write".
    for out in [&args.csv, &args.heat_csv].into_iter().flatten() {
        if let Err(e) = atomic_write::check_writable(out) {
            eprintln!("sztab balance: cannot write {}: {e}", out.display());
            return ExitCode::from(2);
        }
    }
    if !args.merge.is_empty() {
        return merge(args);
    }
    let Some(path) = &args.scenario else {
        eprintln!("sztab balance: name a scenario, or --merge CSV files");
        return ExitCode::from(2);
    };
    let (system, bundle, _) = match sztab_registry::load(path) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("sztab balance: {e}");
            return ExitCode::from(2);
        }
    };
    let playable = match system.prepare(bundle.view()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("sztab balance: {e}");
            return super::play::exit_of(&e);
        }
    };
    if args.robustness {
        return super::robustness::run(args.robustness_args(), system, &playable);
    }
    let bots = match choose_bots(args, system, &playable.sides()) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("sztab balance: {e}");
            return ExitCode::from(2);
        }
    };
    let config = Config {
        games: args.games,
        seed: args.seed,
        bots,
        shard: args.shard.unwrap_or(Shard::ALL),
        jobs: args.jobs,
        ..Config::default()
    };
    let range = config.shard.range(config.games);
    let total = range.end - range.start;
    let show = !args.quiet && std::io::stderr().is_terminal();
    let shown = AtomicU64::new(0);
    let report = |p: Progress| {
        if !show {
            return;
        }
        let step = (p.total / 100).max(1);
        let last = shown.load(Ordering::Relaxed);
        if p.done == p.total || p.done >= last + step {
            shown.store(p.done, Ordering::Relaxed);
            eprint!(
                "\r  {}/{} games, {:.1} s ",
                p.done,
                p.total,
                p.elapsed.as_secs_f64()
            );
            if p.done == p.total {
                eprintln!();
            }
        }
    };
    if args.shard.is_some() {
        println!(
            "shard {}: games {}..{} of {}",
            config.shard,
            range.start,
            range.end.saturating_sub(1),
            config.games
        );
    }
    let cancel = AtomicBool::new(false);
    let study = match balance::run(&playable, &config, &report, &cancel) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sztab balance: {e}");
            return ExitCode::from(2);
        }
    };
    debug_assert_eq!(study.records.len() as u64, total);
    let summary = study.summary();
    print!("{}", summary.render(args.hottest));
    println!("({} worker threads)", study.threads);
    finish(args, &study.info, &study.records, &summary)
}

/// Each side's bot: the system's default, then `--bot`, then `--strength`.
fn choose_bots(
    args: &Args,
    system: &dyn RuleSystem,
    sides: &[SideInfo],
) -> Result<[BotChoice; 2], String> {
    let ids: Vec<&str> = sides.iter().map(|s| s.id.as_str()).collect();
    let side_ix = |name: &str| ids.iter().position(|s| *s == name);
    let unknown = |side: &str| {
        format!(
            "no side \"{side}\" in this scenario; its sides are {}",
            ids.join(", ")
        )
    };
    let default = BotChoice::default_of(system).ok_or_else(|| {
        format!(
            "{} has no bots yet: cannot study its balance",
            system.name()
        )
    })?;
    let mut bots = [default.clone(), default];
    for (n, (side, bot)) in args.bots.iter().enumerate() {
        if args.bots[..n].iter().any(|(s, _)| s == side) {
            return Err(format!("--bot {side}=... is given twice; one bot a side"));
        }
        let i = side_ix(side).ok_or_else(|| unknown(side))?;
        bots[i] = bot.parse::<BotChoice>()?.normalized(system)?;
    }
    for s in &args.strength {
        let (who, n) = match s.split_once('=') {
            Some((side, n)) => (vec![side_ix(side).ok_or_else(|| unknown(side))?], n),
            None => (vec![0, 1], s.as_str()),
        };
        let n: u8 = n
            .parse()
            .map_err(|_| format!("--strength \"{s}\" should be N or SIDE=N"))?;
        for i in who {
            let info = system.bots().iter().find(|b| b.kind == bots[i].kind);
            if let Some((lo, hi)) = info.and_then(|b| b.strengths) {
                if !(lo..=hi).contains(&n) {
                    return Err(format!(
                        "--strength \"{s}\" should be N or SIDE=N with N {lo}-{hi} and SIDE one of {}",
                        ids.join(", ")
                    ));
                }
                bots[i].strength = Some(n);
            }
        }
    }
    Ok(bots)
}

/// Writes the CSV files asked for.
fn finish(
    args: &Args,
    info: &StudyInfo,
    records: &[balance::GameRecord],
    summary: &Summary,
) -> ExitCode {
    if let Some(path) = &args.csv {
        let mut buf = Vec::new();
        if let Err(e) = csv::write(&mut buf, info, records) {
            eprintln!("sztab balance: cannot write the CSV: {e}");
            return ExitCode::from(2);
        }
        if let Err(e) = write_text(path, buf) {
            eprintln!("sztab balance: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
        println!("records written to {}", path.display());
    }
    if let Some(path) = &args.heat_csv {
        let mut text = String::from("hex,combats\n");
        for (h, k) in &summary.heat {
            text += &format!("{h},{k}\n");
        }
        if let Err(e) = write_text(path, text.into_bytes()) {
            eprintln!("sztab balance: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
        println!("heat map written to {}", path.display());
    }
    ExitCode::SUCCESS
}

fn write_text(path: &Path, bytes: Vec<u8>) -> std::io::Result<()> {
    atomic_write::write(path, &bytes)
}

fn merge(args: &Args) -> ExitCode {
    let mut parts = Vec::new();
    for path in &args.merge {
        let file = match sztab_core::model::io::open_regular(path) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("sztab balance: cannot open {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        match csv::read(BufReader::new(file)) {
            Ok(p) => parts.push(p),
            Err(e) => {
                eprintln!("sztab balance: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        }
    }
    let (info, records) = match csv::merge(parts) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("sztab balance: {e}");
            return ExitCode::from(2);
        }
    };
    let summary = Summary::of(&info, &records, None);
    println!("merged {} file(s)", args.merge.len());
    print!("{}", summary.render(args.hottest));
    finish(args, &info, &records, &summary)
}
