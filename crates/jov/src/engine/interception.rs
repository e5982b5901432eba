//! Armor interception (9.11): when enemy armor moves from one hex next to a friendly
//! armor unit to another next to it, both hexes clear (a village is clear) and not across
//! a river, the friendly player may fire one unit at one moving armor unit: a die at or
//! under the firer's white dots costs the target a step. The target may then halt and
//! return fire the same way. One interception a hex a moving stack; none by
//! Disorganized or Regroup units (12.17.2 #9), none in breakthrough movement (12.1.4).

use sztab_core::hex::HexId;

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, RuleError};
use super::phase::Step;
use super::side::Army;
use super::state::{Interception, Loc};

impl Game {
    /// The enemy's interceptors on `hex` (white dots, organized).
    fn interceptors(&self, hex: HexId, mover: Army) -> Vec<usize> {
        self.st
            .at(hex)
            .filter(|&u| {
                let d = &self.rules.units[u];
                d.army != mover && d.white > 0 && !self.st.units[u].shaken()
            })
            .collect()
    }

    /// The moving stack's armor still on the map.
    fn moving_armor(&self) -> Vec<usize> {
        self.st
            .moving
            .as_ref()
            .map(|m| {
                m.units
                    .iter()
                    .copied()
                    .filter(|&u| {
                        self.rules.units[u].is_armor() && self.st.units[u].loc != Loc::Eliminated
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// After a step from `from` to `to`: offers an interception if one is allowed.
    pub(crate) fn offer_interception(&mut self, from: HexId, to: HexId) {
        if !matches!(self.st.phase.step, Step::Movement | Step::ReserveMovement)
            || self.moving_armor().is_empty()
        {
            return;
        }
        let Some(m) = &self.st.moving else { return };
        let mover = self.rules.units[m.units[0]].army;
        let b = &self.rules.board;
        let clear = |h: HexId| b.cell(h).is_some_and(|c| c.is_clear());
        if !clear(from) || !clear(to) {
            return;
        }
        let hexes: Vec<HexId> = b
            .neighbours(to)
            .into_iter()
            .filter(|&h| b.adjacent(h, from) && clear(h) && !m.intercepted.contains(&h))
            .filter(|&h| !b.side(h, to).water.is_some_and(|w| w.is_river()))
            .filter(|&h| !self.interceptors(h, mover).is_empty())
            .collect();
        if !hexes.is_empty() {
            self.st.interception = Some(Interception::Offer { hexes });
        }
    }

    pub(crate) fn interception_actor(&self, i: &Interception) -> Army {
        let mover = self.st.phase.player;
        match i {
            Interception::Offer { .. } => mover.enemy(),
            Interception::ReturnFire { .. } => mover,
        }
    }

    pub(crate) fn interception_options(&self) -> Vec<Action> {
        let mut v = Vec::new();
        match &self.st.interception {
            Some(Interception::Offer { hexes }) => {
                for &h in hexes {
                    for i in self.interceptors(h, self.st.phase.player) {
                        for t in self.moving_armor() {
                            v.push(Action::Intercept {
                                interceptor: self.id(i),
                                target: self.id(t),
                            });
                        }
                    }
                }
            }
            Some(Interception::ReturnFire { .. }) => v.push(Action::ReturnFire),
            None => {}
        }
        v.push(Action::Decline);
        v
    }

    /// Fires one die at `target`: a hit at or under `firer`'s white dots.
    fn armor_shot(&mut self, firer: usize, target: usize, out: &mut Vec<Event>) {
        let dots = self.rules.units[firer].white;
        let roll = self.dice.d6();
        let hit = u32::from(roll) <= dots;
        let (f, t) = (self.id(firer), self.id(target));
        self.emit(
            out,
            Event::InterceptionFire {
                firer: f,
                target: t,
                roll,
                dots,
                hit,
            },
        );
        if hit {
            self.lose_step(target, "9.11", out);
        }
    }

    pub(crate) fn interception_decision(
        &mut self,
        a: &Action,
        out: &mut Vec<Event>,
    ) -> Checked<()> {
        if !self.interception_options().contains(a) {
            return Err(RuleError::new(
                "9.11",
                format!("\"{a}\" is not an answer to the interception"),
            ));
        }
        let pending = self.st.interception.take().expect("an interception");
        match (a, pending) {
            (
                Action::Intercept {
                    interceptor,
                    target,
                },
                Interception::Offer { .. },
            ) => {
                let (i, t) = (self.unit(interceptor)?, self.unit(target)?);
                let hex = self.st.units[i].hex().expect("on the map");
                if let Some(m) = self.st.moving.as_mut() {
                    m.intercepted.push(hex);
                }
                self.armor_shot(i, t, out);
                if self.st.units[t].loc != Loc::Eliminated {
                    self.st.interception = Some(Interception::ReturnFire {
                        target: t,
                        interceptor: i,
                    });
                }
            }
            (
                Action::ReturnFire,
                Interception::ReturnFire {
                    target,
                    interceptor,
                },
            ) => {
                self.armor_shot(target, interceptor, out);
                // The target halts; the rest of the stack may go on (9.11 step 5).
                if let Some(m) = self.st.moving.as_mut()
                    && let Some(k) = m.units.iter().position(|&u| u == target)
                {
                    m.units.remove(k);
                    m.spent.remove(k);
                    m.halted |= m.units.is_empty();
                }
            }
            _ => {}
        }
        self.drop_lost_movers();
        Ok(())
    }

    /// Eliminated units leave the moving stack.
    fn drop_lost_movers(&mut self) {
        let lost: Vec<bool> = self
            .st
            .moving
            .as_ref()
            .map(|m| {
                m.units
                    .iter()
                    .map(|&u| self.st.units[u].loc == Loc::Eliminated)
                    .collect()
            })
            .unwrap_or_default();
        if let Some(m) = self.st.moving.as_mut() {
            let mut i = 0;
            m.units.retain(|_| {
                let keep = !lost[i];
                i += 1;
                keep
            });
            let mut j = 0;
            m.spent.retain(|_| {
                let keep = !lost[j];
                j += 1;
                keep
            });
            m.halted |= m.units.is_empty();
        }
    }
}
