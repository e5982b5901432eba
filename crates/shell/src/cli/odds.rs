//! `sztab odds SCENARIO --attackers HEX,HEX --defender HEX [--opt NAME[=VALUE]]...`: the
//! full breakdown of an attack in the scenario's setup position, as the scenario's rule
//! system gives it. The named flags (`--support`, `--air`, ...) are the options of WB-95's
//! odds written as flags: each is passed on as the option of its name, and a system that
//! does not read it refuses it by name.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario (*.scenario.ron).
    scenario: PathBuf,
    /// Hexes of the attacking units, comma-separated: all their units able to attack.
    #[arg(long, value_delimiter = ',', required = true)]
    attackers: Vec<String>,
    /// The defending hex: all its units defend.
    #[arg(long)]
    defender: String,
    /// Do not use the stars of either side (by default every starred unit uses them).
    #[arg(long)]
    no_stars: bool,
    /// Artillery supporting the attack, comma-separated: a hex (all its artillery) or a
    /// unit id. It must be in combat setup and within 3 hexes (R6.3).
    #[arg(long, value_delimiter = ',')]
    support: Vec<String>,
    /// Air SPs in offensive support of the attack (R8.2.2).
    #[arg(long, default_value_t = 0)]
    air: u32,
    /// The attacking air is a white-star counter (R21.1.1).
    #[arg(long)]
    air_white_star: bool,
    /// Artillery supporting the defense, as `--support` (R6.3.3).
    #[arg(long, value_delimiter = ',')]
    defense_support: Vec<String>,
    /// Air SPs in defensive support; half of them count (R8.2.4).
    #[arg(long, default_value_t = 0)]
    defense_air: u32,
    /// What if these units, set up on the map, were disorganized (R5.6.4).
    #[arg(long, value_delimiter = ',', value_name = "UNIT")]
    disorganized: Vec<String>,
    /// What if these units were not disorganized (the scenario sets them up so).
    #[arg(long, value_delimiter = ',', value_name = "UNIT")]
    organized: Vec<String>,
    /// What if these units were out of supply at LEVEL (default 1; 0: in supply) (R10.2).
    #[arg(long, value_delimiter = ',', value_name = "UNIT[=LEVEL]")]
    oos: Vec<String>,
    /// Out-of-supply attackers or supporting artillery attacking at full SPs, each for
    /// one more level (R10.2.3).
    #[arg(long, value_delimiter = ',', value_name = "UNIT")]
    full_strength: Vec<String>,
    /// An option of the scenario's system's odds, `NAME=VALUE` or `NAME`; the flags above
    /// are the options WB-95 reads (the system refuses one it does not read, by name).
    #[arg(long = "opt")]
    opts: Vec<String>,
}

impl Args {
    /// The question as the seam asks it: every flag given becomes the option of its name,
    /// then the `--opt`s in their order.
    fn query(&self) -> sztab_seam::OddsQuery {
        let mut options: Vec<(String, String)> = Vec::new();
        let mut flag = |name: &str, on: bool| {
            if on {
                options.push((name.into(), String::new()));
            }
        };
        flag("no-stars", self.no_stars);
        flag("air-white-star", self.air_white_star);
        let lists = [
            ("support", &self.support),
            ("defense-support", &self.defense_support),
            ("disorganized", &self.disorganized),
            ("organized", &self.organized),
            ("oos", &self.oos),
            ("full-strength", &self.full_strength),
        ];
        for (name, values) in lists {
            options.extend(values.iter().map(|v| (name.to_string(), v.clone())));
        }
        for (name, sp) in [("air", self.air), ("defense-air", self.defense_air)] {
            if sp > 0 {
                options.push((name.into(), sp.to_string()));
            }
        }
        options.extend(self.opts.iter().map(|o| match o.split_once('=') {
            Some((n, v)) => (n.to_string(), v.to_string()),
            None => (o.clone(), String::new()),
        }));
        sztab_seam::OddsQuery {
            attackers: self.attackers.clone(),
            defender: self.defender.clone(),
            options,
        }
    }
}

pub fn run(args: &Args) -> ExitCode {
    let (system, bundle, _) = match sztab_registry::load(&args.scenario) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("sztab odds: {e}");
            return ExitCode::from(2);
        }
    };
    match system.odds(bundle.view(), &args.query()) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sztab odds: {e}");
            super::play::exit_of(&e)
        }
    }
}
