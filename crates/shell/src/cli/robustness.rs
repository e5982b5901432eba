//! `sztab balance SCENARIO --robustness [--weak BOT] [--strong BOT]`: the balance at
//! four strength pairings and whether its verdict holds at every one.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::balance::robustness::{self, Robustness};
use crate::balance::series::SeriesProgress;
use sztab_seam::Playable;
use sztab_seam::RuleSystem;

/// The options of `sztab balance` the robustness study uses.
pub struct Options<'a> {
    pub games: u64,
    pub seed: u64,
    pub jobs: Option<usize>,
    pub weak: Option<&'a str>,
    pub strong: Option<&'a str>,
    pub quiet: bool,
}

pub fn run(opts: Options<'_>, system: &dyn RuleSystem, playable: &Arc<dyn Playable>) -> ExitCode {
    let (weak, strong) = match robustness::bots(system, opts.weak, opts.strong) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("sztab balance: {e}");
            return ExitCode::from(2);
        }
    };
    let series = robustness::series(&weak, &strong, opts.games, opts.seed, opts.jobs);
    let show = !opts.quiet && std::io::stderr().is_terminal();
    let start = Instant::now();
    let report = |p: SeriesProgress| {
        if show {
            eprint!(
                "\r  pairing {}/{}: {}/{} games, {:.0} s ",
                p.pairing + 1,
                p.pairings,
                p.game.done,
                p.game.total,
                start.elapsed().as_secs_f64()
            );
        }
    };
    let studies = match series.run(playable, &report, &AtomicBool::new(false)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sztab balance: {e}");
            return ExitCode::from(2);
        }
    };
    if show {
        eprintln!();
    }
    let names = playable.sides();
    let name = |i: usize| names.get(i).map(|s| s.name.clone()).unwrap_or_default();
    let study = Robustness::of([name(0), name(1)], &studies);
    println!(
        "{}: robustness, {} games a pairing, weak {weak}, strong {strong} (first side's bot first)\n",
        playable.title(),
        opts.games
    );
    for c in &study.cells {
        let (lo, hi) = c.share.interval(0);
        println!(
            "  {:<14} {:<28} {} wins {:5.1} %  ({:.1}-{:.1} %)",
            c.label,
            format!("{} vs {}", c.bots[0], c.bots[1]),
            study.sides[0],
            c.share.rate(0) * 100.0,
            lo * 100.0,
            hi * 100.0
        );
    }
    println!("\nVerdict: {}", study.verdict());
    println!("({:.1} s)", start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
