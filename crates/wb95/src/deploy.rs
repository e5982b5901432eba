//! The set-up phase: before turn 1, the players set up their units without a fixed hex
//! inside the set-up areas the scenario gives them (`model::area`). The second player (B)
//! sets up first and the first player (A) second, as a printed game has the side that
//! moves second on the board before the side that moves first. A stack is deployed
//! with `Deploy` (again to move it while the side's set-up lasts), within the stacking limit
//! (R3.2.1), on terrain each unit could enter (R3.1.11) and never with the enemy (R3.1.8);
//! `EndPhase` ends a side's set-up once all its units are on the map. Then the initial
//! control of the hexes the new units hold follows A-68, and turn 1 begins.
//!
//! A scenario without free set-up units has no set-up phase: its games are unchanged.

use super::board::{Hx, Mover};
use super::control;
use super::decision::Decision;
use super::error::{RuleError, refuse};
use super::event::Event;
use super::game::Game;
use super::roster::Unit;
use super::side::Side;
use super::state::{GameState, Loc};
use sztab_core::hex::HexId;
use sztab_core::model::{SideId, UnitId};

/// The stacking limit of the set-up (R3.2.1).
const STACK_LIMIT: u32 = 8;

/// The rule a deployment outside its area breaks: the scenario's set-up area.
const AREA_RULE: &str = "set-up area";

impl Game {
    /// Is the game still in its set-up phase (before turn 1)?
    pub fn setting_up(&self) -> bool {
        self.setup_side().is_some()
    }

    /// The side that sets up now: B first, then A, each only if it has free units.
    fn setup_side(&self) -> Option<Side> {
        if self.state.clock.turn != 0 {
            return None;
        }
        [Side::B, Side::A]
            .into_iter()
            .find(|&s| !self.state.setup_done[s.index()] && self.free_units(s).next().is_some())
    }

    /// The free set-up units of a side.
    pub fn free_units(&self, side: Side) -> impl Iterator<Item = Unit> + '_ {
        self.prepared()
            .free
            .iter()
            .map(|f| f.unit)
            .filter(move |&u| self.info(u).side == side)
    }

    pub(crate) fn setup_decision(&self) -> Option<(Side, Decision)> {
        let side = self.setup_side()?;
        let (deployed, waiting): (Vec<Unit>, Vec<Unit>) = self
            .free_units(side)
            .partition(|&u| self.state.unit(u).hex().is_some());
        Some((
            side,
            Decision::SetUp {
                waiting: self.unit_ids(&waiting),
                deployed: self.unit_ids(&deployed),
            },
        ))
    }

    /// The hexes `units` may be deployed on together now, in board order.
    pub fn deploy_hexes(&self, units: &[Unit]) -> Vec<Hx> {
        let Some(&first) = units.first() else {
            return Vec::new();
        };
        let Some(f) = self.prepared().free_start(first) else {
            return Vec::new();
        };
        let side = self.info(first).side;
        f.hexes
            .iter()
            .copied()
            .filter(|&h| self.check_deploy(side, units, h).is_ok())
            .collect()
    }

    /// May `units` of `side` be set up together on `h` now?
    pub(crate) fn check_deploy(&self, side: Side, units: &[Unit], h: Hx) -> Result<(), RuleError> {
        let id = self.hex_id(h);
        for &u in units {
            let uid = self.unit_id(u);
            let Some(f) = self.prepared().free_start(u) else {
                return refuse(
                    AREA_RULE,
                    format!("{uid} has a fixed hex; only units without one are set up"),
                );
            };
            if self.info(u).side != side {
                return refuse("R2.1.1", format!("{uid} is not one of this side's units"));
            }
            if f.hexes.binary_search(&h).is_err() {
                return refuse(AREA_RULE, format!("{id} lies outside {uid}'s set-up area"));
            }
            let mover = self.info(u).mover;
            if mover != Mover::Static && !self.board().enterable(h, mover) {
                return refuse(
                    "R3.1.11",
                    format!("{uid} cannot stand on {id}: terrain it could never enter"),
                );
            }
        }
        if self.occupant(h).is_some_and(|s| s != side) {
            return refuse("R3.1.8", format!("enemy units stand on {id}"));
        }
        let staying: u32 = self
            .units_at(h)
            .iter()
            .filter(|u| !units.contains(u))
            .map(|&u| u32::from(self.state.unit(u).cel))
            .sum();
        let cel = staying
            + units
                .iter()
                .map(|&u| u32::from(self.state.unit(u).cel))
                .sum::<u32>();
        if cel > STACK_LIMIT {
            return refuse(
                "R3.2.1",
                format!("{id} would hold {cel} CEL; at most {STACK_LIMIT}"),
            );
        }
        Ok(())
    }

    pub(crate) fn plan_deploy(
        &self,
        side: Side,
        ids: &[UnitId],
        hex: HexId,
    ) -> Result<(Vec<Unit>, Hx), RuleError> {
        let units = self.resolve_units(ids)?;
        if units.is_empty() {
            return refuse("R2.1.1", "name the units to set up");
        }
        let [h] = self.resolve_hexes(&[hex])?[..] else {
            return refuse("R2.1.1", "name one hex");
        };
        self.check_deploy(side, &units, h)?;
        Ok((units, h))
    }

    pub(crate) fn execute_deploy(&mut self, units: Vec<Unit>, h: Hx) {
        let hex = self.hex_id(h);
        for u in units {
            self.emit(Event::Deployed {
                unit: self.unit_id(u).clone(),
                hex,
            });
        }
    }

    pub(crate) fn plan_end_setup(&self, side: Side) -> Result<(), RuleError> {
        let waiting: Vec<Unit> = self
            .free_units(side)
            .filter(|&u| self.state.unit(u).hex().is_none())
            .collect();
        match waiting.first() {
            Some(&u) => refuse(
                AREA_RULE,
                format!(
                    "{} of its units still wait to be set up, {} first",
                    waiting.len(),
                    self.unit_id(u)
                ),
            ),
            None => Ok(()),
        }
    }

    /// Ends a side's set-up; after the last one, the initial control of the hexes the
    /// new units hold and cover, and turn 1.
    pub(crate) fn execute_end_setup(&mut self, side: Side) {
        self.emit(Event::SetUpDone {
            side: self.side_id(side).clone(),
        });
        if self.setting_up() {
            return;
        }
        self.control_after_setup();
        self.begin_turn(1);
    }

    fn control_after_setup(&mut self) {
        let p = self.prepared().clone();
        let positions: Vec<(Unit, Hx)> = p
            .roster
            .all()
            .filter_map(|u| self.state.unit(u).hex().map(|h| (u, h)))
            .collect();
        let derived = control::initial(
            &p.board,
            &p.roster,
            &positions,
            [&p.sides[0].sources, &p.sides[1].sources],
            &p.control_overrides,
        );
        for side in Side::BOTH {
            let hexes: Vec<HexId> = (0..p.board.len())
                .filter(|&h| derived[h] == Some(side) && self.state.control[h] != Some(side))
                .map(|h| p.board.id(h))
                .collect();
            if !hexes.is_empty() {
                self.emit(Event::ControlChanged {
                    side: self.side_id(side).clone(),
                    hexes,
                });
            }
        }
    }
}

impl Event {
    /// The sentences of the set-up phase.
    pub(super) fn fmt_setup(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::Deployed { unit, hex } => write!(f, "{unit} is set up on {hex}"),
            Event::SetUpDone { side } => write!(f, "{side} has set up"),
            _ => Ok(()),
        }
    }
}

impl GameState {
    /// The events of the set-up phase.
    pub(super) fn apply_setup(&mut self, e: &Event) {
        match e {
            Event::Deployed { unit, hex } => self.apply_deployed(unit, *hex),
            Event::SetUpDone { side } => self.apply_setup_done(side),
            _ => {}
        }
    }

    /// `Deployed`: the unit stands on the hex (moved there if it was set up elsewhere).
    fn apply_deployed(&mut self, unit: &UnitId, hex: HexId) {
        let (Some(u), Some(h)) = (
            self.prepared.roster.get(unit.as_str()),
            self.prepared.board.index(hex),
        ) else {
            return;
        };
        if let Some(old) = self.units[u.ix()].hex() {
            self.hex_units[old].retain(|&x| x != u);
        }
        self.units[u.ix()].loc = Loc::OnMap(h);
        self.hex_units[h].push(u);
    }

    /// `SetUpDone`: the side's set-up is over; its fortified units dig in where they
    /// stand (R7.1.8-7.1.9: not on swamp or a Fixed Position).
    fn apply_setup_done(&mut self, side: &SideId) {
        let Some(s) = self.prepared.side_by_id(side.as_str()) else {
            return;
        };
        self.setup_done[s.index()] = true;
        let p = self.prepared.clone();
        for f in p.free.iter().filter(|f| f.fortified) {
            if p.roster.info(f.unit).side != s {
                continue;
            }
            if let Some(h) = self.units[f.unit.ix()].hex()
                && !p.board.no_ff[h]
                && !p.board.fp_hex[h]
            {
                self.ff[h] = Some(s);
            }
        }
    }
}
