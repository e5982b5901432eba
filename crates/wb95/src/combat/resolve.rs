//! Carrying a combat through (R5.2.1e-g, §2.5): the defender's declaration,
//! the dice, then losses, retreat, pursuit or advance and disorganization, each either
//! a player's decision or, when the rules leave no choice, done automatically.

use crate::decision::Decision;
use crate::event::{CombatStep, Event};
use crate::game::Game;
use crate::side::Side;

use super::odds::modified_roll;

impl Game {
    /// The decision the combat in progress waits for, if any.
    pub(crate) fn combat_decision(&self) -> Option<(Side, Decision)> {
        let c = self.state.combat.as_ref()?;
        if c.defense.is_none() {
            return self.defense_decision();
        }
        c.resolution.as_ref()?;
        if self.loss_step().is_some() {
            return self.loss_decision();
        }
        if !c.is_done(CombatStep::Retreat) {
            return self.retreat_decision();
        }
        if !c.is_done(CombatStep::PursuitOrAdvance) {
            return self.follow_decision();
        }
        None
    }

    /// Plays the next automatic step of the combat in progress; `false` when it waits
    /// for a decision.
    pub(crate) fn combat_auto_step(&mut self) -> bool {
        if self.combat_decision().is_some() {
            return false;
        }
        let Some(c) = &self.state.combat else {
            return false;
        };
        let (id, declared, resolved) = (c.id, c.defense.is_some(), c.resolution.is_some());
        let done = |s| c.is_done(s);
        let (retreated, followed, tested) = (
            done(CombatStep::Retreat),
            done(CombatStep::PursuitOrAdvance),
            done(CombatStep::Disorganization),
        );
        if !declared {
            self.emit(Event::DefenseDeclared {
                stars: vec![],
                fortification_units: vec![],
                hq_pool_cms: 0,
                support: vec![],
                air: vec![],
            });
        } else if !resolved {
            self.resolve_combat();
        } else if self.loss_step().is_some() {
            let plan = self.forced_losses();
            self.execute_losses(plan);
        } else if !retreated {
            let plan = self.forced_retreat();
            self.execute_retreat(plan);
        } else if !followed {
            self.emit(Event::CombatStepDone {
                step: CombatStep::PursuitOrAdvance,
            });
        } else if !tested {
            self.disorganize_after_combat();
        } else {
            self.oos_after_combat();
            self.emit(Event::CombatEnded { id });
        }
        true
    }

    /// Rolls 2K6 and reads the CRT (R5.2.1e-f).
    fn resolve_combat(&mut self) {
        let Some(eng) = self.engagement() else {
            return;
        };
        let odds = self.assess(&eng);
        let roll = self.dice.two_d6();
        let modified = modified_roll(roll, odds.hq.net);
        let cell = self.state.prepared.crt.cell(modified, odds.column);
        let defender = eng.attacker.other();
        self.emit(Event::CombatResolved {
            column: odds.column,
            roll,
            modified,
            cell,
            star_units: [
                self.unit_ids(&odds.star_units[0]),
                self.unit_ids(&odds.star_units[1]),
            ],
            fortification_units: self.unit_ids(&odds.fu_units),
            fp_reduction: self.fp_reduction(defender),
        });
    }
}
