//! An Operations Sequence's phases (7.21, The Operations Sequences): Mobile — Movement,
//! the enemy's Reaction Phase (Combat Refusal, Reaction Movement, No Retreat), Combat;
//! Assault — Engineering first; Pass — Engineering (Bridge units) only. A phase ends when
//! its player says so, or by itself when nothing is left in it.

use super::event::Event;
use super::game::Game;
use super::state::{BattleStage, Stage};
use super::words::{SeqKind, Side, other};

impl Game {
    /// Who decides in the sequence now.
    pub(super) fn sequence_actor(&self) -> Option<Side> {
        let seq = self.st.seq.as_ref()?;
        if let Some(b) = &seq.battle {
            return match b.stage {
                BattleStage::Defend | BattleStage::Lead => Some(other(b.attacker)),
                BattleStage::Air(s) | BattleStage::Artillery(s) => Some(s),
                BattleStage::Aftermath => None,
            };
        }
        Some(match seq.stage {
            Stage::Engineering | Stage::Movement | Stage::Declaration | Stage::Combat => seq.side,
            Stage::Leads | Stage::Refusal | Stage::Reaction | Stage::NoRetreat => other(seq.side),
        })
    }

    /// A phase begins.
    pub(super) fn enter_stage(&mut self, stage: Stage) {
        let side = {
            let seq = self.st.seq.as_mut().expect("in a sequence");
            seq.stage = stage;
            seq.mover = None;
            seq.side
        };
        self.emit(Event::PhaseBegan {
            phase: stage.name().into(),
        });
        match stage {
            Stage::Engineering => self.complete_on_activation(),
            Stage::Movement | Stage::Reaction => {
                let mover_side = if stage == Stage::Movement {
                    side
                } else {
                    other(side)
                };
                let start = (0..self.rules.units.len())
                    .filter(|&u| self.side_of(u) == mover_side)
                    .filter_map(|u| self.hex_of(u).map(|h| (u, h)))
                    .collect();
                let seq = self.st.seq.as_mut().expect("in a sequence");
                seq.start = start;
                seq.spent.clear();
                seq.done.clear();
            }
            Stage::Combat => {
                self.st.seq.as_mut().expect("in a sequence").fought.clear();
            }
            _ => {}
        }
    }

    /// The player ends the phase (or nothing is left in it).
    pub(super) fn end_stage(&mut self) {
        let (stage, kind) = {
            let seq = self.st.seq.as_ref().expect("in a sequence");
            (seq.stage, seq.kind)
        };
        match stage {
            Stage::Engineering if kind == SeqKind::Pass => self.end_sequence(),
            Stage::Engineering => self.enter_stage(Stage::Movement),
            Stage::Movement => {
                self.finish_mover();
                self.enforce_stacking();
                self.enter_stage(Stage::Declaration);
            }
            Stage::Declaration => {
                self.close_declaration();
                if self.st.seq.as_ref().is_some_and(|q| q.attacks.is_empty()) {
                    self.end_sequence();
                } else {
                    self.enter_stage(Stage::Leads);
                }
            }
            Stage::Leads => self.enter_stage(Stage::Refusal),
            Stage::Refusal => self.enter_stage(Stage::Reaction),
            Stage::Reaction => {
                self.finish_mover();
                self.enforce_stacking();
                self.enter_stage(Stage::NoRetreat);
            }
            Stage::NoRetreat => self.enter_stage(Stage::Combat),
            Stage::Combat => self.end_sequence(),
        }
    }

    /// What the sequence does by itself; true if it did something.
    pub(super) fn advance_sequence(&mut self) -> bool {
        let Some(seq) = self.st.seq.as_ref() else {
            return false;
        };
        if seq.battle.is_some() {
            return false;
        }
        let stage = seq.stage;
        match stage {
            Stage::Leads => {
                if seq.attacks.iter().all(|a| seq.leads.contains_key(&a.hex)) {
                    self.end_stage();
                    return true;
                }
                false
            }
            Stage::Refusal | Stage::Reaction | Stage::NoRetreat | Stage::Combat => {
                if self.prune_attacks() {
                    return true;
                }
                let empty = self.st.seq.as_ref().is_some_and(|q| q.attacks.is_empty());
                if stage == Stage::Combat && empty {
                    self.end_stage();
                    return true;
                }
                false
            }
            _ => false,
        }
    }

    /// The sequence is over: the next one begins (7.23).
    pub(super) fn end_sequence(&mut self) {
        self.finish_mover();
        self.enforce_stacking();
        self.st.seq = None;
        self.next_sequence();
    }
}
