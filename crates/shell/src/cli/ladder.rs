//! `sztab ladder SCENARIO [--rungs A,B,C...] [--games N] [--seed S] [--jobs N]
//! [--estimate]`: is each bot rung stronger than the one below, from both sides?

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::balance::ladder::{self, Ladder};
use crate::balance::series::SeriesProgress;
use sztab_seam::BotChoice;
use sztab_seam::RuleSystem;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario (*.scenario.ron).
    scenario: PathBuf,
    /// The rungs, weakest first, comma-separated (default for WB-95:
    /// random,heuristic:1,heuristic:5,search:3).
    #[arg(long, value_delimiter = ',')]
    rungs: Vec<String>,
    /// Games per match (each step plays three matches).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Base seed: every match plays the games seeded from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Time one game of each match and print how long the ladder would take; play
    /// nothing more.
    #[arg(long)]
    estimate: bool,
    /// No progress line on stderr.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: &Args) -> ExitCode {
    let (system, bundle, _) = match sztab_registry::load(&args.scenario) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("sztab ladder: {e}");
            return ExitCode::from(2);
        }
    };
    let playable = match system.prepare(bundle.view()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("sztab ladder: {e}");
            return super::play::exit_of(&e);
        }
    };
    let rungs = match rungs(args, system) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("sztab ladder: {e}");
            return ExitCode::from(2);
        }
    };
    let series = ladder::series(&rungs, args.games, args.seed, args.jobs);
    let threads = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |c| c.get()));
    if args.estimate {
        let t = series.estimate(&playable, threads);
        println!(
            "{} matches of {} games on {threads} thread(s): about {:.0} s ({:.1} min), from one game of each",
            series.pairings.len(),
            args.games,
            t.as_secs_f64(),
            t.as_secs_f64() / 60.0
        );
        return ExitCode::SUCCESS;
    }
    let show = !args.quiet && std::io::stderr().is_terminal();
    let start = Instant::now();
    let report = |p: SeriesProgress| {
        if show {
            let g = p.game;
            let left = g.elapsed.as_secs_f64() / g.done.max(1) as f64
                * g.total.saturating_sub(g.done) as f64;
            eprint!(
                "\r  match {}/{}: {}/{} games, {:.1} games/s, {:.0} s left in this match, {:.0} s in all ",
                p.pairing + 1,
                p.pairings,
                g.done,
                g.total,
                g.done as f64 / g.elapsed.as_secs_f64().max(1e-9),
                left,
                start.elapsed().as_secs_f64()
            );
        }
    };
    let cancel = AtomicBool::new(false);
    let studies = match series.run(&playable, &report, &cancel) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sztab ladder: {e}");
            return ExitCode::from(2);
        }
    };
    if show {
        eprintln!();
    }
    let failed: usize = studies
        .iter()
        .map(|s| s.records.iter().filter(|r| r.error.is_some()).count())
        .sum();
    let Some(ladder) = Ladder::of(&rungs, &series, &studies) else {
        eprintln!("sztab ladder: the run stopped before every match was played");
        return ExitCode::from(1);
    };
    print!("{}", ladder.render());
    if failed > 0 {
        println!("\n{failed} game(s) could not be finished and count for neither side");
    }
    println!(
        "\n{} matches in {:.1} s ({} worker threads)",
        studies.len(),
        start.elapsed().as_secs_f64(),
        studies.first().map_or(0, |s| s.threads)
    );
    ExitCode::SUCCESS
}

/// The rungs asked for, or the system's: random, its first graded bot at its weakest
/// and strongest, then its other graded bots at their defaults.
fn rungs(args: &Args, system: &dyn RuleSystem) -> Result<Vec<BotChoice>, String> {
    let out: Vec<BotChoice> = if args.rungs.is_empty() {
        let bots = system.bots();
        let mut out: Vec<BotChoice> = bots
            .iter()
            .filter(|b| b.strengths.is_none())
            .map(|b| BotChoice::new(b.kind, None))
            .collect();
        let mut graded = bots.iter().filter_map(|b| Some((b, b.strengths?)));
        if let Some((b, (lo, hi))) = graded.next() {
            out.push(BotChoice::new(b.kind, Some(lo)));
            out.push(BotChoice::new(b.kind, Some(hi)));
        }
        out.extend(graded.map(|(b, _)| BotChoice::new(b.kind, Some(b.default_strength))));
        out
    } else {
        args.rungs
            .iter()
            .map(|r| r.parse::<BotChoice>()?.normalized(system))
            .collect::<Result<_, _>>()?
    };
    if out.len() < 2 {
        return Err(format!(
            "a ladder needs two rungs or more; {} has {}",
            system.name(),
            out.len()
        ));
    }
    Ok(out)
}
