//! `sztab play SCENARIO --bot SIDE=KIND... [--seed N] [--log FILE]`: plays a whole game
//! with bots, prints each turn's summary and the result, and can write a replayable log.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::model::{Bundle, SideId, io::write_atomic};
use crate::systems::wb95::ai::{BotSpec, Player, play_out};
use crate::systems::wb95::event::{Motion, OosReason};
use crate::systems::wb95::{Action, Event, Game, GameLog, LogFormat};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario to play (*.scenario.ron).
    scenario: PathBuf,
    /// A bot for a side, `SIDE=KIND` with the scenario's side id; KIND is `random`,
    /// `heuristic` or `heuristic:STRENGTH` (1-5, default 3).
    #[arg(long = "bot", value_parser = parse_bot, required = true)]
    bots: Vec<(String, BotSpec)>,
    /// Seed of the dice (and of the bots).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the game log (RON) here, for `sztab replay`.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Print every event, not only the turn summaries.
    #[arg(long)]
    verbose: bool,
}

pub(crate) fn parse_bot(s: &str) -> Result<(String, BotSpec), String> {
    let (side, kind) = s
        .split_once('=')
        .ok_or_else(|| format!("\"{s}\" should be SIDE=KIND, e.g. german=random"))?;
    Ok((side.to_string(), kind.parse()?))
}

/// Loads a scenario, reporting a file that cannot be read on stderr (exit 2).
pub(crate) fn load_bundle(path: &Path, what: &str) -> Result<Bundle, ExitCode> {
    match Bundle::load(path) {
        Ok((b, _)) => Ok(b),
        Err(e) => {
            eprintln!("sztab {what}: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// Reports a scenario the engine refuses on stderr (exit 1).
pub(crate) fn refused(what: &str, refused: &crate::systems::wb95::SetupRefused) -> ExitCode {
    eprintln!("sztab {what}: the scenario cannot be played:");
    for p in refused.problems.iter().filter(|p| p.is_error()) {
        eprintln!("  {p}");
    }
    ExitCode::from(1)
}

/// Loads a scenario and starts a game (in the current log format), reporting problems
/// on stderr.
pub(crate) fn start_game(path: &Path, seed: u64, what: &str) -> Result<(Bundle, Game), ExitCode> {
    let bundle = load_bundle(path, what)?;
    let game = Game::new_in(&bundle, seed, LogFormat::CURRENT).map_err(|r| refused(what, &r))?;
    Ok((bundle, game))
}

pub fn run(args: &Args) -> ExitCode {
    let (_, mut game) = match start_game(&args.scenario, args.seed, "play") {
        Ok(x) => x,
        Err(code) => return code,
    };
    let mut players: Vec<(SideId, Box<dyn Player>)> = Vec::new();
    for (i, (side, bot)) in args.bots.iter().enumerate() {
        if game.side_of_id(side).is_none() {
            let sides: Vec<String> = game
                .prepared()
                .sides
                .iter()
                .map(|s| s.id.to_string())
                .collect();
            eprintln!(
                "sztab play: no side \"{side}\" in this scenario; its sides are {}",
                sides.join(", ")
            );
            return ExitCode::from(2);
        }
        let seed = args
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(i as u64 + 1);
        players.push((SideId::new(side.clone()), bot.build(seed)));
    }
    println!("{} — seed {}", game.prepared().title, args.seed);
    let mut chron = Chronicle::new(args.verbose);
    chron.events(&game, game.opening_events());
    let played = play_out(&mut game, &mut players, 1_000_000, |g, _, events| {
        chron.events(g, events)
    });
    chron.flush();
    let played = match played {
        Ok(p) => p,
        Err(e) => {
            eprintln!("sztab play: {e}");
            return ExitCode::from(1);
        }
    };
    println!("Result: {}", played.result);
    if let Some(path) = &args.log {
        let log = GameLog::of(
            args.scenario.clone(),
            &game,
            played.actions,
            &played.fingerprint,
        );
        let text = match ron::ser::to_string_pretty(
            &log,
            ron::ser::PrettyConfig::default().depth_limit(2),
        ) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("sztab play: cannot write the log: {e}");
                return ExitCode::from(2);
            }
        };
        if let Err(e) = write_atomic(path, &text) {
            eprintln!("sztab play: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
        println!(
            "log written to {} ({} actions, {} events)",
            path.display(),
            log.actions.len(),
            log.events
        );
    }
    ExitCode::SUCCESS
}

/// Turns events into a readable account, a paragraph per turn.
struct Chronicle {
    verbose: bool,
    lines: Vec<String>,
    header: Option<String>,
    moved: Vec<(String, u32)>,
    vp: i32,
}

impl Chronicle {
    fn new(verbose: bool) -> Self {
        Self {
            verbose,
            lines: Vec::new(),
            header: None,
            moved: Vec::new(),
            vp: 0,
        }
    }

    fn flush(&mut self) {
        if let Some(h) = self.header.take() {
            println!("{h}");
            if !self.moved.is_empty() {
                let m: Vec<String> = self.moved.iter().map(|(s, n)| format!("{s} {n}")).collect();
                println!("  units moved: {}", m.join(", "));
            }
            for l in self.lines.drain(..) {
                println!("  {l}");
            }
            println!("  VP so far: {}", self.vp);
        }
        self.moved.clear();
    }

    fn events(&mut self, game: &Game, events: &[Event]) {
        for e in events {
            if self.verbose {
                println!("    . {e}");
            }
            match e {
                Event::TurnBegan { turn, date } => {
                    self.flush();
                    self.header = Some(format!("Turn {turn} ({date})"));
                }
                Event::Moved { unit, how, .. }
                    if matches!(how, Motion::Move | Motion::Strategic | Motion::Entry) =>
                {
                    let side = game
                        .roster()
                        .get(unit.as_str())
                        .map(|u| game.side_id(game.info(u).side).to_string())
                        .unwrap_or_default();
                    match self.moved.iter_mut().find(|(s, _)| *s == side) {
                        Some(x) => x.1 += 1,
                        None => self.moved.push((side, 1)),
                    }
                    if *how == Motion::Entry {
                        self.lines.push(e.to_string());
                    }
                }
                Event::Moved { .. }
                | Event::CombatDeclared { .. }
                | Event::CombatResolved { .. }
                | Event::Eliminated { .. }
                | Event::CelLost { .. }
                | Event::Disorganized { .. }
                | Event::Arrived { .. }
                | Event::Withdrawn { .. }
                | Event::HqPoolGained { .. }
                | Event::AutoVictoryArmed { .. }
                | Event::StrikeDeclared { .. }
                | Event::StrikeResolved { .. }
                | Event::AirCombat { .. }
                | Event::AirChosen { .. }
                | Event::AirSupplyDropped { .. }
                | Event::RiverCrossingAttack { .. }
                | Event::FfBuilt { .. }
                | Event::BridgeChanged { .. }
                | Event::BridgeBuildDeclared { .. }
                | Event::BridgeBuildEnded { .. }
                | Event::MinesRolled { .. }
                | Event::PantherRoll { .. }
                | Event::RepairPlaced { .. }
                | Event::RepairEnded { .. }
                | Event::AmmoSpent { .. } => self.lines.push(e.to_string()),
                Event::AirMissionsRevealed { missions } if !missions.is_empty() => {
                    self.lines.push(e.to_string())
                }
                Event::DefenseDeclared { support, air, .. }
                    if !(support.is_empty() && air.is_empty()) =>
                {
                    self.lines.push(e.to_string())
                }
                Event::SupplyTraced { cut_off, .. } if !cut_off.is_empty() => {
                    self.lines.push(e.to_string())
                }
                Event::OosChanged { reason, .. }
                    if !matches!(reason, OosReason::CutOff | OosReason::Resupplied) =>
                {
                    self.lines.push(e.to_string())
                }
                Event::SurrenderTest {
                    surrendered: true, ..
                } => self.lines.push(e.to_string()),
                Event::ControlChanged { side, hexes } => self
                    .lines
                    .push(format!("{side} takes control of {} hex(es)", hexes.len())),
                Event::VpScored { vp, .. } => {
                    self.vp += vp;
                    self.lines.push(e.to_string());
                }
                Event::GameEnded { .. } => self.flush(),
                _ => {}
            }
        }
    }
}

/// An action as one line, for replays and errors.
pub(crate) fn describe(a: &Action) -> String {
    format!("{a:?}")
}
