//! The account `sztab play` prints of a WB-95 game: a paragraph per turn with the moves
//! counted, combats, losses, arrivals, supply and VP; every event when verbose.

use super::event::{Motion, OosReason};
use super::{Event, Game};

/// Turns events into a readable account, a paragraph per turn (`sztab play`).
#[derive(Clone)]
pub struct Narrator {
    verbose: bool,
    lines: Vec<String>,
    /// What is ready to print.
    out: Vec<String>,
    header: Option<String>,
    moved: Vec<(String, u32)>,
    vp: i32,
}

impl Narrator {
    pub fn new(verbose: bool) -> Self {
        Self {
            verbose,
            lines: Vec::new(),
            out: Vec::new(),
            header: None,
            moved: Vec::new(),
            vp: 0,
        }
    }

    /// Ends the turn being told: its summary goes out.
    pub fn flush(&mut self) {
        if let Some(h) = self.header.take() {
            self.out.push(h);
            if !self.moved.is_empty() {
                let m: Vec<String> = self.moved.iter().map(|(s, n)| format!("{s} {n}")).collect();
                self.out.push(format!("  units moved: {}", m.join(", ")));
            }
            let lines: Vec<String> = self.lines.drain(..).map(|l| format!("  {l}")).collect();
            self.out.extend(lines);
            self.out.push(format!("  VP so far: {}", self.vp));
        }
        self.moved.clear();
    }

    /// Tells `events`, just applied to `game`.
    pub fn events(&mut self, game: &Game, events: &[Event]) {
        for e in events {
            if self.verbose {
                self.out.push(format!("    . {e}"));
            }
            match e {
                Event::TurnBegan { turn, date } => {
                    self.flush();
                    self.header = Some(format!("Turn {turn} ({date})"));
                }
                Event::Deployed { .. } | Event::SetUpDone { .. } => {
                    self.header
                        .get_or_insert_with(|| "Set-up (before turn 1)".to_string());
                    self.lines.push(e.to_string());
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

impl Narrator {
    /// The lines told since the last call.
    pub fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.out)
    }
}
