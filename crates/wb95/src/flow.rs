//! The turn as a state machine (R2, §7): turn start, the twelve phases with
//! their automatic entry and exit work, the end of the game, and `advance`, which plays
//! every automatic step up to the next decision.

use super::error::{RuleError, refuse};
use super::event::Event;
use super::game::Game;
use super::phase::{Phase, PhaseKind};
use super::side::Side;
use super::state::Loc;

/// Phases a unit must stay idle to reorganize (R5.6.5).
pub const RECOVERY_PHASES: u32 = 12;

impl Game {
    pub(crate) fn begin_turn(&mut self, turn: u32) {
        let date = self.state.prepared.date_of_turn(turn);
        self.emit(Event::TurnBegan { turn, date });
        self.arrive();
        self.withdraw_due();
        self.begin_phase(Phase::AirFirst);
    }

    fn begin_phase(&mut self, phase: Phase) {
        self.emit(Event::PhaseBegan { phase });
        let owner = phase.owner().unwrap_or(Side::A);
        match phase.kind() {
            PhaseKind::Combat => self.fix_obligations(),
            PhaseKind::Strategic => self.drop_blocked_markers(),
            PhaseKind::Movement => {
                self.finish_bridge_builds(owner);
                self.cel_drain(owner);
            }
            PhaseKind::Supply => {
                self.trace_supply(owner);
                if self.state.prepared.german == Some(owner) {
                    self.mines(owner);
                    self.panthers(owner);
                    self.resolve_repairs();
                }
            }
            PhaseKind::Air | PhaseKind::Barrage => {}
        }
    }

    /// Plays automatic steps until a side must decide or the game is over.
    pub(crate) fn advance(&mut self) {
        loop {
            let waits_for_setup = self.setting_up();
            if waits_for_setup
                || self.state.result.is_some()
                || !self.state.withdrawal_short.is_empty()
            {
                return;
            }
            if !self.state.owed.is_empty() {
                if !self.owed_auto_step() {
                    return;
                }
                continue;
            }
            if self.state.combat.is_some() {
                if !self.combat_auto_step() {
                    return;
                }
                continue;
            }
            if self.state.strike.is_some() {
                if !self.strike_auto_step() {
                    return;
                }
                continue;
            }
            if self.state.repair_offer.is_some() {
                if self.repair_decision().is_some() {
                    return;
                }
                self.emit(Event::RepairPlaced { units: Vec::new() });
                continue;
            }
            if self.offer_repairs() {
                continue;
            }
            let phase = self.state.clock.phase;
            let owner = phase.owner().unwrap_or(Side::A);
            let waits = match phase.kind() {
                PhaseKind::Movement => true,
                PhaseKind::Strategic => self.strategic_options(owner),
                PhaseKind::Combat => self.any_attack_possible() || self.any_fire_possible(owner),
                PhaseKind::Barrage => self.barrage_possible(owner),
                PhaseKind::Air => {
                    if self.air_decision().is_some() {
                        return;
                    }
                    if self.air_auto_step() {
                        continue;
                    }
                    false
                }
                PhaseKind::Supply => false,
            };
            if waits {
                return;
            }
            self.end_phase();
        }
    }

    /// Can the phasing player do anything in this Strategic Movement phase?
    fn strategic_options(&self, side: Side) -> bool {
        let marked = self.units_on_map(side).any(|u| {
            let st = self.state.unit(u);
            st.strategic && !self.moved_this_phase(u)
        });
        marked || !self.waiting_units(side).is_empty()
    }

    /// R12.2.1, A-79: a marked unit that stands in an enemy ZoC when the Strategic
    /// Movement phase starts loses its marker.
    fn drop_blocked_markers(&mut self) {
        let side = self.state.clock.phase.owner().unwrap_or(Side::A);
        let blocked: Vec<_> = self
            .units_on_map(side)
            .filter(|&u| self.state.unit(u).strategic)
            .filter(|&u| {
                self.state
                    .unit(u)
                    .hex()
                    .is_some_and(|h| self.in_enemy_zoc(side, h))
            })
            .collect();
        for u in blocked {
            self.emit(Event::StrategicCleared {
                unit: self.unit_id(u).clone(),
            });
        }
    }

    /// Whether the phasing player may end the current phase now.
    pub(crate) fn plan_end_phase(&self) -> Result<(), RuleError> {
        if self.state.clock.phase.kind() == PhaseKind::Combat
            && let Some(unmet) = self.unmet_obligation()
        {
            return refuse("R5.1.7", unmet);
        }
        Ok(())
    }

    /// Ends the current phase: its exit work, then the next phase or turn.
    pub(crate) fn end_phase(&mut self) {
        let phase = self.state.clock.phase;
        self.on_exit(phase);
        if self.state.result.is_some() {
            return;
        }
        match phase.next() {
            Some(next) => self.begin_phase(next),
            None => self.end_turn(),
        }
    }

    fn on_exit(&mut self, phase: Phase) {
        let owner = phase.owner().unwrap_or(Side::A);
        match phase.kind() {
            PhaseKind::Supply => self.supply_phase_work(owner),
            PhaseKind::Combat => self.drop_fought_markers(owner),
            PhaseKind::Strategic => self.drop_all_markers(owner),
            _ => {}
        }
        // R3.2.1 is enforced by every action that ends a move, so no hex is overstacked
        // here; the debug build verifies it.
        debug_assert!(
            (0..self.board().len()).all(|h| self.stacked_cel(h) <= super::movement::STACKING_LIMIT),
            "overstacked at the end of phase {phase}"
        );
        self.remove_empty_ff();
        self.reorganize();
        self.expire_pools();
        self.spoil_repairs();
        if phase.kind() == PhaseKind::Supply {
            self.check_automatic_victory(owner);
        }
    }

    /// The automatic work at the end of a Supply phase (§7 steps 4-6), after the trace,
    /// the surrender tests and the special rules of its start: control of hexes by
    /// occupation and by the ZoC of supplied units (R4.3.2-4.3.5), bridge control
    /// (R14.1.3), river-crossing VPs, big-river bridge building (R14.3.2), and
    /// the expiry of the half-turn's air missions.
    fn supply_phase_work(&mut self, side: Side) {
        let supplied = self.supplied_units(side);
        self.gain_control(side, &supplied);
        self.update_bridge_control();
        self.score_river_crossings(side, &supplied);
        self.bridge_build_eligibility(side);
        self.expire_air();
    }

    /// SM markers of units that fought are removed (§7, R12.1.2).
    fn drop_fought_markers(&mut self, side: Side) {
        let tick = self.state.tick();
        let fought: Vec<_> = self
            .units_on_map(side)
            .filter(|&u| {
                let st = self.state.unit(u);
                st.strategic && st.fought_tick == Some(tick)
            })
            .collect();
        for u in fought {
            self.emit(Event::StrategicCleared {
                unit: self.unit_id(u).clone(),
            });
        }
    }

    fn drop_all_markers(&mut self, side: Side) {
        let marked: Vec<_> = self
            .roster()
            .all()
            .filter(|&u| self.info(u).side == side && self.state.unit(u).strategic)
            .collect();
        for u in marked {
            self.emit(Event::StrategicCleared {
                unit: self.unit_id(u).clone(),
            });
        }
    }

    /// R7.1.5: an FF with no units under it is removed at the end of a phase.
    fn remove_empty_ff(&mut self) {
        let empty: Vec<_> = (0..self.board().len())
            .filter(|&h| self.state.ff[h].is_some() && self.units_at(h).is_empty())
            .collect();
        for h in empty {
            self.emit(Event::FfRemoved {
                hex: self.hex_id(h),
            });
        }
    }

    /// R5.6.5: a disorganized unit idle for 12 phases reorganizes at the end of a phase.
    fn reorganize(&mut self) {
        let now = self.state.tick();
        let ready: Vec<_> = self
            .roster()
            .all()
            .filter(|&u| {
                let st = self.state.unit(u);
                let Some(since) = st.disorganized_since else {
                    return false;
                };
                let idle_since = since.max(st.last_active.unwrap_or(0));
                matches!(st.loc, Loc::OnMap(_) | Loc::OffMap) && now >= idle_since + RECOVERY_PHASES
            })
            .collect();
        for u in ready {
            self.emit(Event::Reorganized {
                unit: self.unit_id(u).clone(),
            });
        }
    }

    fn end_turn(&mut self) {
        let turn = self.turn();
        if turn >= self.state.prepared.turns {
            self.finish(None);
        } else {
            self.begin_turn(turn + 1);
        }
    }
}
