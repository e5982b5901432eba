//! `sztab odds SCENARIO --attackers HEX,HEX --defender HEX [--support HEX|UNIT,...]
//! [--air SP] [--defense-support HEX|UNIT,...] [--defense-air SP] [--disorganized UNIT,...]
//! [--organized UNIT,...] [--oos UNIT[=LEVEL],...] [--full-strength UNIT,...]`: the full
//! breakdown of an attack in the scenario's setup position (as the attacker's Combat
//! phase of turn 1 would see it), with artillery and air support, what-if start states,
//! and the probability of every outcome.

use std::path::PathBuf;
use std::process::ExitCode;

use super::what_if::{self, WhatIf};
use sztab_core::hex::HexId;
use sztab_core::model::UnitId;
use sztab_wb95::combat::odds::AirSupport;
use sztab_wb95::{AttackOrder, Engagement, Game};

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
    #[arg(long, value_delimiter = ',', value_name = "UNIT[=LEVEL]", value_parser = what_if::parse_oos)]
    oos: Vec<(String, u8)>,
    /// Out-of-supply attackers or supporting artillery attacking at full SPs, each for
    /// one more level (R10.2.3).
    #[arg(long, value_delimiter = ',', value_name = "UNIT")]
    full_strength: Vec<String>,
    /// An option of another rule system's odds, `NAME=VALUE` or `NAME` (`sztab systems`).
    #[arg(long = "opt")]
    opts: Vec<String>,
}

/// The odds asked of a system other than WB-95: its options come with `--opt`, and the
/// WB-95 flags are refused by name.
fn odds_through_seam(
    system: &dyn sztab_seam::RuleSystem,
    bundle: sztab_seam::BundleRef<'_>,
    args: &Args,
) -> Result<(), ExitCode> {
    let wb95_only = [
        ("no-stars", args.no_stars),
        ("support", !args.support.is_empty()),
        ("air", args.air > 0),
        ("air-white-star", args.air_white_star),
        ("defense-support", !args.defense_support.is_empty()),
        ("defense-air", args.defense_air > 0),
        ("disorganized", !args.disorganized.is_empty()),
        ("organized", !args.organized.is_empty()),
        ("oos", !args.oos.is_empty()),
        ("full-strength", !args.full_strength.is_empty()),
    ];
    if let Some((name, _)) = wb95_only.iter().find(|(_, given)| *given) {
        eprintln!(
            "sztab odds: --{name} is a WB-95 option; {} has none",
            system.name()
        );
        return Err(ExitCode::from(2));
    }
    let query = sztab_seam::OddsQuery {
        attackers: args.attackers.clone(),
        defender: args.defender.clone(),
        options: args
            .opts
            .iter()
            .map(|o| match o.split_once('=') {
                Some((n, v)) => (n.to_string(), v.to_string()),
                None => (o.clone(), String::new()),
            })
            .collect(),
    };
    match system.odds(bundle, &query) {
        Ok(text) => {
            print!("{text}");
            Ok(())
        }
        Err(e) => {
            eprintln!("sztab odds: {e}");
            Err(super::play::exit_of(&e))
        }
    }
}

/// Artillery named by hexes (every artillery unit there) or by unit ids.
fn artillery(game: &Game, items: &[String]) -> Result<Vec<UnitId>, ExitCode> {
    let mut out = Vec::new();
    for item in items {
        if let Some(u) = game.roster().get(item) {
            out.push(game.unit_id(u).clone());
            continue;
        }
        let Ok(h) = HexId::parse(item) else {
            eprintln!("sztab odds: \"{item}\" is neither a hex nor a unit of the scenario");
            return Err(ExitCode::from(2));
        };
        let Some(x) = game.board().index(h) else {
            eprintln!("sztab odds: hex {h} is not on the map");
            return Err(ExitCode::from(2));
        };
        let guns: Vec<UnitId> = game
            .units_at(x)
            .iter()
            .filter(|&&u| game.info(u).is_artillery())
            .map(|&u| game.unit_id(u).clone())
            .collect();
        if guns.is_empty() {
            eprintln!("sztab odds: no artillery stands on {h}");
            return Err(ExitCode::from(2));
        }
        out.extend(guns);
    }
    Ok(out)
}

fn hex(s: &str) -> Result<HexId, ExitCode> {
    HexId::parse(s).map_err(|e| {
        eprintln!("sztab odds: {e}");
        ExitCode::from(2)
    })
}

pub fn run(args: &Args) -> ExitCode {
    match odds(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(c) => c,
    }
}

fn odds(args: &Args) -> Result<(), ExitCode> {
    let system = sztab_registry::of_file(&args.scenario).map_err(|e| {
        eprintln!("sztab odds: {e}");
        ExitCode::from(2)
    })?;
    if system.id() != sztab_core::model::SystemId::WB95 {
        let (system, bundle, _) = sztab_registry::load(&args.scenario).map_err(|e| {
            eprintln!("sztab odds: {e}");
            ExitCode::from(2)
        })?;
        return odds_through_seam(system, bundle.view(), args);
    }
    if let Some(o) = args.opts.first() {
        eprintln!("sztab odds: --opt {o}: WB-95 takes its options as flags (sztab odds --help)");
        return Err(ExitCode::from(2));
    }
    let mut bundle = super::play::load_bundle(&args.scenario, "odds")?;
    let what_if = WhatIf {
        disorganized: args.disorganized.clone(),
        organized: args.organized.clone(),
        oos: args.oos.clone(),
    };
    what_if::apply_or_exit(&what_if, &mut bundle)?;
    let game = super::play::new_game(&bundle, 0, "odds")?;
    let defender = hex(&args.defender)?;
    let mut attackers: Vec<UnitId> = Vec::new();
    for a in &args.attackers {
        let h = hex(a)?;
        let Some(x) = game.board().index(h) else {
            eprintln!("sztab odds: hex {h} is not on the map");
            return Err(ExitCode::from(2));
        };
        for &u in game.units_at(x) {
            let info = game.info(u);
            if info.can_attack() {
                attackers.push(info.id.clone());
            } else {
                println!(
                    "({} on {h} does not attack: {})",
                    info.id,
                    why_not(&game, u)
                );
            }
        }
    }
    let Some(first) = attackers.first().cloned() else {
        eprintln!(
            "sztab odds: no unit able to attack stands on {}",
            args.attackers.join(", ")
        );
        return Err(ExitCode::from(1));
    };
    let side = game
        .roster()
        .get(first.as_str())
        .map(|u| game.info(u).side)
        .unwrap_or_default();
    let starred = |ids: &[UnitId], g: &Game| -> Vec<UnitId> {
        ids.iter()
            .filter(|id| {
                g.roster()
                    .get(id.as_str())
                    .is_some_and(|u| !g.info(u).stars().is_empty())
            })
            .cloned()
            .collect()
    };
    let support = artillery(&game, &args.support)?;
    let defense_support = artillery(&game, &args.defense_support)?;
    not_locked(&game, side, support.iter().chain(&defense_support))?;
    let order = AttackOrder {
        stars: if args.no_stars {
            vec![]
        } else {
            starred(&attackers, &game)
        },
        attackers,
        defenders: vec![defender],
        hq_pool_cms: 0,
        support,
        air: Vec::new(),
        full_strength: args.full_strength.iter().map(UnitId::new).collect(),
    };
    let mut eng: Engagement = match game.engagement_of(side, &order) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("sztab odds: this attack is not legal: {e}");
            return Err(ExitCode::from(1));
        }
    };
    if !args.no_stars {
        eng.defender_stars = eng
            .defenders
            .iter()
            .copied()
            .filter(|&u| !game.info(u).stars().is_empty())
            .collect();
    }
    eng.fortification_units = eng
        .defenders
        .iter()
        .copied()
        .filter(|&u| game.info(u).is_fu())
        .collect();
    if args.air > 0 {
        eng.attacker_air.push(AirSupport {
            name: format!("air {} SP", args.air),
            sp: args.air,
            white_star: args.air_white_star,
        });
    }
    if args.defense_air > 0 {
        eng.defender_air.push(AirSupport {
            name: format!("air {} SP", args.defense_air),
            sp: args.defense_air,
            white_star: false,
        });
    }
    for id in defense_support {
        let Some(u) = game.roster().get(id.as_str()) else {
            continue;
        };
        let (friendly, enemy) = (&eng.hexes, &eng.hexes);
        if let Err(e) = game.check_support(side.other(), u, friendly, enemy) {
            eprintln!("sztab odds: {id} cannot support the defense: {e}");
            return Err(ExitCode::from(1));
        }
        eng.defender_support.push(u);
    }
    let odds = game.assess(&eng);
    println!(
        "{}: {} attacks {} ({})",
        game.prepared().title,
        game.side_id(side),
        defender,
        game.side_id(side.other())
    );
    if let Some(w) = what_if.describe() {
        println!("{w}");
    }
    print!("{odds}");
    println!("Outcomes (attacker / defender):");
    for o in odds.outcomes(game.prepared().crt) {
        let rolls: Vec<String> = o.rolls.iter().map(|r| r.to_string()).collect();
        println!(
            "  {:>6.2}%  {:<10} rolls {}",
            o.probability * 100.0,
            o.cell.to_string(),
            rolls.join(",")
        );
    }
    Ok(())
}

/// Guns the scenario sets up having fired a barrage may not fire in the next two Combat
/// phases (R6.5.6); the setup position's odds are those of the attacker's Combat phase
/// of turn 1.
fn not_locked<'a>(
    game: &Game,
    attacker: sztab_wb95::Side,
    guns: impl Iterator<Item = &'a UnitId>,
) -> Result<(), ExitCode> {
    for id in guns {
        if let Some(u) = game.roster().get(id.as_str())
            && game.barrage_locked_in_combat(u, 1, attacker)
        {
            eprintln!(
                "sztab odds: {id} fired a barrage and may not fire in this Combat phase of turn 1 (R6.5.6)"
            );
            return Err(ExitCode::from(1));
        }
    }
    Ok(())
}

fn why_not(game: &Game, u: sztab_wb95::Unit) -> &'static str {
    let i = game.info(u);
    if i.is_hq() {
        "an HQ, R5.1.10"
    } else if i.is_towed() {
        "towed, R5.1.10"
    } else {
        "R15.2.1"
    }
}
