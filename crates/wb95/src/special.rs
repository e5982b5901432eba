//! The Kursk 1943 special rules played in the German Supply and Movement phases: mine
//! losses in the Fortified Lines (R18), Panther breakdowns (R22), armor repair (R17),
//! and the scenario's CEL drain at the start of a Movement phase (Prochorowka 15,
//! The German chooses who loses the CELs; the mines, breakdowns and repair dice
//! are rolled by the engine.

use super::decision::Decision;
use super::error::{RuleError, refuse};
use super::event::{Event, LossCause};
use super::game::Game;
use super::roster::Unit;
use super::side::Side;
use sztab_core::model::{Eligibility, UnitId, UnitKind};

impl Game {
    fn turn_start_tick(&self) -> u32 {
        (self.turn().saturating_sub(1)) * 12
    }

    /// Moved or attacked this turn (A-60 option, A-61 option).
    fn activated_this_turn(&self, u: Unit) -> bool {
        let st = self.state.unit(u);
        st.moved_tick.is_some_and(|t| t >= self.turn_start_tick())
            || st.attacked_turn == Some(self.turn())
    }

    /// R18.1.1-18.1.4: in the mines window, nK6 at the German Supply phase; each 1-3
    /// costs a CEL of the units activated this turn, the German's choice. With
    /// no unit eligible the loss is void.
    pub(crate) fn mines(&mut self, side: Side) {
        let Some(m) = self.state.prepared.rules.mines.clone() else {
            return;
        };
        let today = self.state.prepared.date_of_turn(self.turn());
        if today < m.from || today > m.until {
            return;
        }
        let dice: Vec<u8> = (0..m.dice).map(|_| self.dice.d6()).collect();
        let hits = dice.iter().filter(|&&d| d <= 3).count() as u32;
        self.emit(Event::MinesRolled { dice });
        let turn = self.turn();
        let eligible: Vec<Unit> = self
            .units_on_map(side)
            .filter(|&u| match m.eligibility {
                Eligibility::Activated => self.state.unit(u).fl_turn == Some(turn),
                Eligibility::All => self.activated_this_turn(u),
            })
            .collect();
        self.owe(side, hits, LossCause::Mines, &eligible);
    }

    /// CELs owed by `side` from `units`, at most what they have.
    fn owe(&mut self, side: Side, cel: u32, cause: LossCause, units: &[Unit]) {
        let have: u32 = units
            .iter()
            .map(|&u| u32::from(self.state.unit(u).cel))
            .sum();
        let cel = cel.min(have).min(255) as u8;
        if cel > 0 {
            self.emit(Event::LossesOwed {
                side: self.side_id(side).clone(),
                cel,
                cause,
                units: self.unit_ids(units),
            });
        }
    }

    /// R22.1.1-22.1.2: 1K6 per Panther unit on the map (or, by option, per
    /// Panther unit activated this turn); 1-3 costs it a CEL.
    pub(crate) fn panthers(&mut self, side: Side) {
        let Some(who) = self.state.prepared.rules.panthers else {
            return;
        };
        let units: Vec<Unit> = self
            .units_on_map(side)
            .filter(|&u| self.info(u).def.flags.panther)
            .filter(|&u| who == Eligibility::All || self.activated_this_turn(u))
            .collect();
        for u in units {
            let roll = self.dice.d6();
            self.emit(Event::PantherRoll {
                unit: self.unit_id(u).clone(),
                roll,
            });
            if roll <= 3 {
                self.take_losses(&[(u, 1)], LossCause::Panther);
            }
        }
    }

    /// Armor a repair marker may go on (R17.1.2-17.1.3, A-62): German ARM or AG units,
    /// reduced, supplied this phase, never Panthers or Ferdinands.
    pub fn repairable(&self, side: Side) -> Vec<Unit> {
        self.units_on_map(side)
            .filter(|&u| {
                let i = self.info(u);
                let st = self.state.unit(u);
                matches!(i.def.kind, UnitKind::Armored | UnitKind::AssaultGun)
                    && !(i.def.flags.panther || i.def.flags.ferdinand)
                    && st.cel < i.max_cel()
                    && st.supplied
                    && !self.state.repair.iter().any(|(x, _)| *x == u)
                    && st.hex().is_some_and(|h| !self.in_enemy_zoc(side, h))
            })
            .collect()
    }

    /// R17.1.2 step 2: a marked unit that stayed idle and out of enemy ZoCs since the
    /// last German Supply phase regains a CEL. The markers are placed again once the
    /// phase's mine and Panther losses are taken (`offer_repairs`).
    pub(crate) fn resolve_repairs(&mut self) {
        for (u, placed) in self.state.repair.clone() {
            let st = self.state.unit(u);
            let idle = st.last_active.is_none_or(|t| t <= placed);
            // The regained CEL must fit the hex's stacking limit (R3.2.1 holds at the end
            // of every phase; the rules are silent on a full stack, so it is not repaired, A-87).
            let room = st
                .hex()
                .is_some_and(|h| self.stacked_cel(h) < super::movement::STACKING_LIMIT);
            let repaired = idle && room && st.cel < self.info(u).max_cel();
            self.emit(Event::RepairEnded {
                unit: self.unit_id(u).clone(),
                repaired,
            });
        }
    }

    /// R17.1.2 step 3, in the German Supply phase once its losses are taken: offers the
    /// free markers. `true` if it did.
    pub(crate) fn offer_repairs(&mut self) -> bool {
        let phase = self.state.clock.phase;
        let Some(side) = self.state.prepared.german else {
            return false;
        };
        if phase.kind() != super::phase::PhaseKind::Supply
            || phase.owner() != Some(side)
            || self.state.repair_offered == Some(self.state.tick())
            || self.state.repair.len() >= usize::from(self.state.prepared.rules.repair_markers)
        {
            return false;
        }
        let units = self.repairable(side);
        if units.is_empty() {
            return false;
        }
        self.emit(Event::RepairOffered {
            units: self.unit_ids(&units),
        });
        true
    }

    /// A marker is lost when its unit stands in an enemy ZoC (A-62: checked at every
    /// phase end and after every move).
    pub(crate) fn spoil_repairs(&mut self) {
        for (u, _) in self.state.repair.clone() {
            let side = self.info(u).side;
            if self
                .state
                .unit(u)
                .hex()
                .is_some_and(|h| self.in_enemy_zoc(side, h))
            {
                self.emit(Event::RepairEnded {
                    unit: self.unit_id(u).clone(),
                    repaired: false,
                });
            }
        }
    }

    pub(crate) fn repair_decision(&self) -> Option<(Side, Decision)> {
        let units = self.state.repair_offer.as_ref()?;
        let side = self.state.prepared.german?;
        let free = self.state.prepared.rules.repair_markers as usize;
        let markers = free.saturating_sub(self.state.repair.len()) as u8;
        (markers > 0 && !units.is_empty()).then(|| {
            (
                side,
                Decision::Repair {
                    markers,
                    units: self.unit_ids(units),
                },
            )
        })
    }

    pub(crate) fn plan_repair(&self, side: Side, ids: &[UnitId]) -> Result<Vec<Unit>, RuleError> {
        let Some((s, Decision::Repair { markers, .. })) = self.repair_decision() else {
            return refuse("R17.1.2", "no repair marker is to be placed now");
        };
        if s != side {
            return refuse("R17.1.1", "only the German player repairs armor");
        }
        let units = self.resolve_units(ids)?;
        let offer = self.state.repair_offer.clone().unwrap_or_default();
        if units.len() > usize::from(markers) {
            return refuse(
                "R17.1.1",
                format!("{} markers, not {}", markers, units.len()),
            );
        }
        for &u in &units {
            if !offer.contains(&u) {
                return refuse(
                    "R17.1.2",
                    format!(
                        "{} is not a reduced, supplied armored unit that may be repaired",
                        self.unit_id(u)
                    ),
                );
            }
        }
        Ok(units)
    }

    pub(crate) fn execute_repair(&mut self, units: Vec<Unit>) {
        self.emit(Event::RepairPlaced {
            units: self.unit_ids(&units),
        });
    }

    /// the scenario's side loses CELs of its choice at the start of each of its
    /// Movement phases.
    pub(crate) fn cel_drain(&mut self, side: Side) {
        let Some(d) = self.state.prepared.rules.cel_drain.clone() else {
            return;
        };
        if self.side_id(side) != &d.side {
            return;
        }
        let units: Vec<Unit> = self.units_on_map(side).collect();
        self.owe(side, u32::from(d.cel), LossCause::Drain, &units);
    }
}

impl Game {
    /// R15.3.3-15.3.4: a Volkssturm unit and reduced regular foot infantry in one hex,
    /// neither having moved this Movement phase; at most one CEL per infantry unit a
    /// turn. Both stay where they are for the rest of the phase.
    pub(crate) fn plan_transfer(
        &self,
        side: Side,
        vs: &UnitId,
        inf: &UnitId,
    ) -> Result<(Unit, Unit), RuleError> {
        if self.state.clock.phase.kind() != super::phase::PhaseKind::Movement {
            return refuse("R15.3.3", "Volkssturm gives CELs in the Movement phase");
        }
        let us = self.resolve_units(&[vs.clone(), inf.clone()])?;
        let (a, b) = (us[0], us[1]);
        for &u in &us {
            if self.info(u).side != side || self.state.unit(u).hex().is_none() {
                return refuse(
                    "R2.1.1",
                    format!(
                        "{} is not a unit of the phasing player on the map",
                        self.unit_id(u)
                    ),
                );
            }
            if self.moved_this_phase(u) || self.mp_spent(u) > sztab_core::model::Mp::ZERO {
                return refuse(
                    "R15.3.3",
                    format!("{} has moved this phase", self.unit_id(u)),
                );
            }
        }
        if !self.info(a).is_vs() {
            return refuse("R15.3.3", format!("{vs} is not Volkssturm"));
        }
        let i = self.info(b);
        let infantry = matches!(i.def.kind, UnitKind::Infantry | UnitKind::Airborne);
        if !(i.is_regular() && infantry && i.mover == super::board::Mover::Foot) {
            return refuse("R15.3.3", format!("{inf} is not regular foot infantry"));
        }
        if self.state.unit(a).hex() != self.state.unit(b).hex() {
            return refuse("R15.3.3", "the two units must share a hex");
        }
        if self.state.unit(b).cel >= i.max_cel() {
            return refuse("R15.3.3", format!("{inf} has all its CELs"));
        }
        if self.state.unit(b).vs_gain_turn == Some(self.turn()) {
            return refuse("R15.3.4", format!("{inf} gained a CEL this turn already"));
        }
        Ok((a, b))
    }

    pub(crate) fn execute_transfer(&mut self, vs: Unit, inf: Unit) {
        self.emit(Event::CelTransferred {
            from: self.unit_id(vs).clone(),
            to: self.unit_id(inf).clone(),
        });
        if self.state.unit(vs).cel == 0 {
            self.eliminate(vs, super::event::EliminationCause::Merged);
        }
    }
}
