//! Applying a combat's result (the Expanded SoP's step k-l, 11.0): step losses, the
//! defender first, the Lead unit taking the first (11.21-11.22) save for armor attrition
//! (11.12); No Retreat's extra step (11.4); Disruption (3.71); retreats, the defender
//! first; the advance; CAS back to the Flown Box (13.26), artillery Fired (12.19, 12.24).

use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::state::{AdvanceOrder, After, Battle, Loc, LossOrder, Pending, RetreatOrder};
use super::words::{Class, CrtKind, Side, other};

impl Game {
    /// Units still subject to the results on the attacking side: the attackers and the
    /// attacking artillery next to the Defender Hex (11.13).
    fn attacking_force(&self, b: &Battle) -> Vec<usize> {
        let grid = self.rules.board.grid;
        b.units
            .iter()
            .chain(b.artillery[b.attacker].iter())
            .copied()
            .filter(|&u| self.hex_of(u).is_some_and(|h| grid.are_adjacent(h, b.hex)))
            .collect()
    }

    fn defending_force(&self, b: &Battle) -> Vec<usize> {
        b.defenders
            .iter()
            .copied()
            .filter(|&u| self.hex_of(u) == Some(b.hex))
            .collect()
    }

    fn sheltering_in(&self, b: &Battle) -> Vec<usize> {
        self.st.seq.as_ref().map_or(Vec::new(), |q| {
            q.sheltering
                .iter()
                .filter(|&(&u, &h)| h == b.hex && self.hex_of(u) == Some(h))
                .map(|(&u, _)| u)
                .collect()
        })
    }

    /// One step of the results.
    pub(super) fn aftermath(&mut self, a: After) {
        let Some(b) = self.st.seq.as_ref().and_then(|q| q.battle.clone()) else {
            return;
        };
        let res = b.result.unwrap_or_default();
        let (att, def) = (b.attacker, other(b.attacker));
        match a {
            After::DefenderLoss => {
                let force = self.defending_force(&b);
                let shelter = self.sheltering_in(&b);
                // An E leaves no unfulfilled loss: units that retreated in survive.
                if res.defender.eliminated {
                    for u in force {
                        self.eliminate(u, "an E result");
                    }
                } else {
                    self.assign_loss(
                        def,
                        force,
                        res.defender.steps,
                        b.defender_lead,
                        false,
                        shelter,
                    );
                }
            }
            After::AttackerLoss => {
                let force = self.attacking_force(&b);
                if res.attacker.eliminated {
                    for u in force {
                        self.eliminate(u, "an E result");
                    }
                } else {
                    self.assign_loss(
                        att,
                        force,
                        res.attacker.steps,
                        Some(b.lead),
                        b.attrition,
                        Vec::new(),
                    );
                }
            }
            After::NoRetreatLoss => self.no_retreat_loss(&b, res.defender.retreat),
            After::Disrupt => {
                if res.defender.disrupted {
                    let mut us = self.defending_force(&b);
                    us.extend(self.sheltering_in(&b));
                    self.disrupt(&us);
                }
                if res.attacker.disrupted {
                    let us = self.attacking_force(&b);
                    self.disrupt(&us);
                }
            }
            After::DefenderRetreat => {
                let no_retreat = self
                    .st
                    .seq
                    .as_ref()
                    .is_some_and(|q| q.no_retreat.contains(&b.hex));
                let mut us = self.defending_force(&b);
                us.extend(self.sheltering_in(&b));
                if res.defender.retreat && !no_retreat && !us.is_empty() {
                    self.st.pending.push(Pending::Retreat(RetreatOrder {
                        // In an Overrun the attacker moves them (11.3 exception).
                        chooser: if b.overrun { att } else { def },
                        units: us,
                        from: b.hex,
                        origin: b.hex,
                        exactly_two: b.overrun || b.crt == CrtKind::Mobile,
                        refusal: false,
                        disrupt: b.overrun,
                    }));
                }
            }
            After::OverrunOutcome => self.overrun_outcome(&b),
            After::AttackerRetreat => {
                if res.attacker.retreat && !b.overrun {
                    let force = self.attacking_force(&b);
                    let mut hexes: Vec<_> = force.iter().filter_map(|&u| self.hex_of(u)).collect();
                    hexes.sort();
                    hexes.dedup();
                    for from in hexes.into_iter().rev() {
                        let units: Vec<usize> = force
                            .iter()
                            .copied()
                            .filter(|&u| self.hex_of(u) == Some(from))
                            .collect();
                        self.st.pending.push(Pending::Retreat(RetreatOrder {
                            chooser: att,
                            units,
                            from,
                            origin: b.hex,
                            exactly_two: b.crt == CrtKind::Mobile,
                            refusal: false,
                            disrupt: false,
                        }));
                    }
                }
            }
            After::Advance => self.offer_advance(&b),
            After::Finish => self.finish_battle(&b),
        }
    }

    /// Steps from a force: the Lead's first (or an armor step under attrition), the rest
    /// the chooser's; more steps than the force has eliminate it, and what is left falls
    /// on units that retreated into the hex (11.35).
    pub(super) fn assign_loss(
        &mut self,
        chooser: Side,
        units: Vec<usize>,
        steps: u8,
        lead: Option<usize>,
        armor_first: bool,
        shelter: Vec<usize>,
    ) {
        if steps == 0 {
            return;
        }
        let have: u8 = units.iter().map(|&u| self.st.units[u].steps).sum();
        if steps >= have {
            for &u in &units {
                self.eliminate(u, "its force lost every step");
            }
            if steps > have && !shelter.is_empty() {
                self.assign_loss(chooser, shelter, steps - have, None, false, Vec::new());
            }
            return;
        }
        let mut left = steps;
        let armor: Vec<usize> = units
            .iter()
            .copied()
            .filter(|&u| self.rules.units[u].red_attack)
            .collect();
        let first_armor = armor_first && !armor.is_empty();
        if !first_armor && let Some(l) = lead.filter(|l| units.contains(l)) {
            self.lose_step(l);
            left -= 1;
        }
        let rest: Vec<usize> = units
            .iter()
            .copied()
            .filter(|&u| self.st.units[u].alive())
            .collect();
        if first_armor {
            left -= 1;
        }
        if left > 0 {
            self.st.pending.push(Pending::Loss(LossOrder {
                chooser,
                units: rest,
                steps: left,
                armor_first: false,
            }));
        }
        if first_armor {
            self.st.pending.push(Pending::Loss(LossOrder {
                chooser,
                units: armor,
                steps: 1,
                armor_first: true,
            }));
        }
    }

    pub(super) fn check_loss(&self, o: &LossOrder, unit: &str) -> Checked<usize> {
        let u = self.unit(unit)?;
        if !o.units.contains(&u) || !self.st.units[u].alive() {
            return refuse(
                "11.21",
                format!("{unit} is not among the units that lose steps"),
            );
        }
        Ok(u)
    }

    pub(super) fn take_loss(&mut self, u: usize) {
        self.lose_step(u);
        if let Some(Pending::Loss(o)) = self.st.pending.last_mut() {
            o.steps -= 1;
        }
        self.auto_loss();
    }

    /// A loss with no choice left in it: done, or every unit's every step.
    pub(super) fn auto_loss(&mut self) -> bool {
        let Some(Pending::Loss(o)) = self.st.pending.last().cloned() else {
            return false;
        };
        let units: Vec<usize> = o
            .units
            .iter()
            .copied()
            .filter(|&u| self.st.units[u].alive())
            .collect();
        let have: u8 = units.iter().map(|&u| self.st.units[u].steps).sum();
        if o.steps == 0 || units.is_empty() {
            self.st.pending.pop();
            return true;
        }
        if have <= o.steps {
            self.st.pending.pop();
            for u in units {
                self.eliminate(u, "its force lost every step");
            }
            return true;
        }
        if let Some(Pending::Loss(top)) = self.st.pending.last_mut() {
            top.units = units;
        }
        false
    }

    /// 11.41-11.42: No Retreat turns a retreat into one more step, from the Lead, or else
    /// the best ER (decision R-23); the hex's last step so lost allows no advance.
    fn no_retreat_loss(&mut self, b: &Battle, retreat: bool) {
        let marked = self
            .st
            .seq
            .as_ref()
            .is_some_and(|q| q.no_retreat.contains(&b.hex));
        let force = self.defending_force(b);
        if !marked || !retreat || force.is_empty() {
            return;
        }
        let who = b.defender_lead.filter(|l| force.contains(l)).or_else(|| {
            force
                .iter()
                .copied()
                .max_by_key(|&u| (self.er(u), std::cmp::Reverse(u)))
        });
        if let Some(u) = who {
            self.lose_step(u);
        }
        if self.defending_force(b).is_empty() {
            self.battle_mut().no_advance = true;
        }
    }

    /// 3.71: a stack Disrupted.
    pub(super) fn disrupt(&mut self, units: &[usize]) {
        let hit: Vec<usize> = units
            .iter()
            .copied()
            .filter(|&u| self.st.units[u].alive() && self.rules.units[u].is_combat())
            .collect();
        if hit.is_empty() {
            return;
        }
        for &u in &hit {
            self.st.units[u].disrupted = true;
        }
        let units = self.ids(&hit);
        self.emit(Event::Disrupted { units });
    }

    /// 11.6: the Defender Hex vacated, the attackers may advance — one hex on the Assault
    /// CRT, red-box units two on the Mobile CRT (one if Disrupted), never HE (11.61-11.63).
    fn offer_advance(&mut self, b: &Battle) {
        if b.overrun || b.no_advance || self.occupant(b.hex).is_some() {
            return;
        }
        let units: Vec<usize> = self
            .attacking_force(b)
            .into_iter()
            .filter(|&u| b.units.contains(&u) && self.rules.units[u].class != Class::He)
            .collect();
        if units.is_empty() {
            return;
        }
        let two = units
            .iter()
            .copied()
            .filter(|&u| {
                b.crt == CrtKind::Mobile
                    && self.rules.units[u].class == Class::Mot
                    && !self.st.units[u].disrupted
            })
            .collect();
        self.st.pending.push(Pending::Advance(AdvanceOrder {
            side: b.attacker,
            hex: b.hex,
            units,
            two,
        }));
    }

    /// The combat is over: air to the Flown Box, artillery Fired, the units marked as
    /// having fought (10.11).
    fn finish_battle(&mut self, b: &Battle) {
        for side in [0, 1] {
            for &u in &b.air[side] {
                if self.st.units[u].loc == Loc::Ready {
                    self.st.units[u].loc = Loc::Flown;
                }
            }
            for &u in &b.artillery[side] {
                self.st.units[u].fired = true;
            }
        }
        for &u in &b.defenders {
            if self.rules.units[u].is_artillery() && self.st.units[u].alive() {
                self.st.units[u].fired = true;
            }
        }
        let seq = self.st.seq.as_mut().expect("in a sequence");
        seq.battle = None;
        if !b.overrun {
            seq.fought.extend(b.units.iter().copied());
            seq.fought.extend(b.defenders.iter().copied());
            seq.attacks.retain(|a| a.hex != b.hex);
            seq.no_retreat.remove(&b.hex);
            seq.sheltering.retain(|_, h| *h != b.hex);
        }
    }
}
