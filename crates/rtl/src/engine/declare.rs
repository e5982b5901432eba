//! Combat Declaration (9.1): which units attack which adjacent hex, and the naming of each
//! Defender Hex's Lead unit (3.43, 15.12c).

use sztab_core::hex::HexId;

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::state::Attack;
use super::words::{SeqKind, other};

impl Game {
    /// A unit that may be declared in this sequence: the Active Formation's and activated
    /// Army units; in an Assault Sequence also other formations' units (9.11), but not
    /// Army units no formation activated (7.41, decision R-32).
    fn may_attack(&self, u: usize) -> bool {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        self.active(u)
            || (seq.kind == SeqKind::Assault
                && self.rules.units[u].side == seq.side
                && !self.rules.is_army(u))
    }

    pub(super) fn check_declare(&self, unit: &str, hex: HexId) -> Checked<usize> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let u = self.own(unit, seq.side)?;
        let d = &self.rules.units[u];
        if self.hex_of(u).is_none() || !d.is_combat() || d.is_artillery() {
            return refuse("9.11", format!("{unit} cannot be declared in an attack"));
        }
        if !self.may_attack(u) {
            return refuse("7.21", format!("{unit} is not of the Active Formation"));
        }
        if self.attack_of(u) == 0 {
            return refuse("9.14", format!("{unit} has no attack strength"));
        }
        if seq.attacks.iter().any(|a| a.units.contains(&u)) || seq.fought.contains(&u) {
            return refuse("10.11", format!("{unit} already attacks"));
        }
        if self.occupant(hex) != Some(other(seq.side)) {
            return refuse("9.11", format!("{hex} holds no enemy combat unit"));
        }
        if !self.can_attack_across(u, hex) {
            return refuse(
                "9.15",
                format!("{unit} cannot attack {hex} from where it stands"),
            );
        }
        Ok(u)
    }

    pub(super) fn declare(&mut self, u: usize, hex: HexId) {
        let seq = self.st.seq.as_mut().expect("in a sequence");
        match seq.attacks.iter_mut().find(|a| a.hex == hex) {
            Some(a) => a.units.push(u),
            None => seq.attacks.push(Attack {
                hex,
                units: vec![u],
            }),
        }
        let unit = self.id(u);
        self.emit(Event::Declared { unit, hex });
        // Attacking ends a Strongpoint's construction (14.26b).
        self.builder_gone(u);
    }

    pub(super) fn declare_candidates(&self) -> Vec<Action> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let mut out = Vec::new();
        for u in 0..self.rules.units.len() {
            let Some(h) = self.hex_of(u) else { continue };
            if self.side_of(u) != seq.side {
                continue;
            }
            for n in self.rules.board.grid.neighbours(h) {
                out.push(Action::Declare {
                    unit: self.id(u),
                    hex: n,
                });
            }
        }
        out
    }

    /// The declarations are closed: an attack without a unit of the Active Formation has
    /// no Lead (3.43c), one below 1:4 cannot be declared (10.53a, decision R-09).
    pub(super) fn close_declaration(&mut self) {
        let attacks = self.st.seq.as_ref().expect("in a sequence").attacks.clone();
        let side = self.st.seq.as_ref().expect("in a sequence").side;
        let mut kept = Vec::new();
        for a in attacks {
            let attack = self.attack_total(&a.units, a.hex);
            let defense: u32 = self
                .defenders(a.hex, side)
                .iter()
                .map(|&u| self.defense_of(u))
                .sum();
            let why = if !a.units.iter().any(|&u| self.active(u)) {
                Some("no unit of the Active Formation attacks it (3.43c)".to_string())
            } else if !self.odds_reach_table(attack, defense) {
                Some(format!("{attack} to {defense} is below 1:4 (10.53a)"))
            } else {
                None
            };
            match why {
                Some(why) => self.emit(Event::AttackVoid { hex: a.hex, why }),
                None => kept.push(a),
            }
        }
        self.st.seq.as_mut().expect("in a sequence").attacks = kept;
    }

    pub(super) fn check_lead(&self, hex: HexId, unit: &str) -> Checked<usize> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        if !seq.attacks.iter().any(|a| a.hex == hex) || seq.leads.contains_key(&hex) {
            return refuse(
                "3.43",
                format!("{hex} is no Defender Hex waiting for its Lead"),
            );
        }
        let u = self.own(unit, other(seq.side))?;
        let here = self.defenders(hex, seq.side);
        if !here.contains(&u) {
            return refuse("3.43", format!("{unit} does not defend {hex}"));
        }
        let only_hqs = here.iter().all(|&x| self.rules.units[x].is_hq());
        if self.rules.units[u].is_hq() && !only_hqs {
            return refuse("15.12c", "an HQ leads only a hex of HQs");
        }
        Ok(u)
    }

    pub(super) fn name_lead(&mut self, hex: HexId, u: usize) {
        let overrun = self
            .st
            .seq
            .as_ref()
            .and_then(|q| q.battle.as_ref())
            .is_some_and(|b| b.overrun);
        if overrun {
            self.overrun_lead(u);
            return;
        }
        self.st
            .seq
            .as_mut()
            .expect("in a sequence")
            .leads
            .insert(hex, u);
        let unit = self.id(u);
        self.emit(Event::LeadNamed { hex, unit });
    }

    pub(super) fn lead_candidates(&self) -> Vec<Action> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let Some(a) = seq.attacks.iter().find(|a| !seq.leads.contains_key(&a.hex)) else {
            return Vec::new();
        };
        self.defenders(a.hex, seq.side)
            .into_iter()
            .map(|u| Action::Lead {
                hex: a.hex,
                unit: self.id(u),
            })
            .filter(|x| self.check(x).is_ok())
            .collect()
    }

    /// Attacks whose Defender Hex was emptied, or whose attackers are all gone, are over;
    /// a Lead lost is named again. True if anything changed.
    pub(super) fn prune_attacks(&mut self) -> bool {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let side = seq.side;
        let mut changed = false;
        let mut attacks = seq.attacks.clone();
        let mut leads = seq.leads.clone();
        for a in &mut attacks {
            let before = a.units.len();
            a.units.retain(|&u| {
                self.hex_of(u)
                    .is_some_and(|h| self.rules.board.grid.are_adjacent(h, a.hex))
            });
            changed |= a.units.len() != before;
        }
        let before = attacks.len();
        // An attack with no unit left that may lead it (3.43c, 10.18) is over too.
        attacks.retain(|a| {
            a.units
                .iter()
                .any(|&u| self.active(u) && self.attack_of(u) > 0)
                && !self.defenders(a.hex, side).is_empty()
        });
        changed |= attacks.len() != before;
        for a in &attacks {
            if let Some(&l) = leads.get(&a.hex)
                && !self.defenders(a.hex, side).contains(&l)
            {
                // The Lead left (it refused, or was eliminated): the best ER leads.
                let best = self
                    .defenders(a.hex, side)
                    .into_iter()
                    .max_by_key(|&u| (self.er(u), std::cmp::Reverse(u)));
                if let Some(b) = best {
                    leads.insert(a.hex, b);
                    changed = true;
                }
            }
        }
        if changed {
            let seq = self.st.seq.as_mut().expect("in a sequence");
            seq.attacks = attacks;
            seq.leads = leads;
        }
        changed
    }
}
