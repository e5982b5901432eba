//! The Enemy Reaction Phase (9.2-9.4): Combat Refusal, Reaction Movement, No Retreat.

use sztab_core::hex::HexId;

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::state::{AdvanceOrder, Pending, RetreatOrder, Stage};
use super::unit::Kind;
use super::words::{Class, SOVIET, Supply, other};

impl Game {
    fn defender_hex(&self, hex: HexId) -> bool {
        self.st
            .seq
            .as_ref()
            .is_some_and(|q| q.attacks.iter().any(|a| a.hex == hex))
    }

    fn lead_of(&self, hex: HexId) -> Option<usize> {
        self.st
            .seq
            .as_ref()
            .and_then(|q| q.leads.get(&hex).copied())
    }

    /// An HQ of `lead`'s formation that may spend Command Points on it (15.14-15.15).
    pub(super) fn check_hq_for(&self, hq: &Option<String>, lead: usize) -> Checked<Option<usize>> {
        let Some(id) = hq else { return Ok(None) };
        let side = self.side_of(lead);
        let h = self.own(id, side)?;
        let d = &self.rules.units[h];
        let same = d.formation.is_some() && d.formation == self.formation_for(lead);
        let in_range = match (self.hex_of(h), self.hex_of(lead)) {
            (Some(a), Some(b)) => self.rules.board.grid.distance(a, b) <= d.command_range,
            _ => false,
        };
        if !d.is_hq() || !same || !in_range || self.command_points(h) == 0 {
            return refuse(
                "15.14",
                format!("{id} cannot spend Command Points on {}", self.id(lead)),
            );
        }
        Ok(Some(h))
    }

    /// The formation a unit counts as: its own, or for an activated Army unit the Active
    /// Formation's (7.46, 15.14 note).
    pub(super) fn formation_for(&self, u: usize) -> Option<usize> {
        let seq = self.st.seq.as_ref();
        if self.rules.is_army(u) {
            return seq
                .filter(|q| q.army.contains(&u))
                .and_then(|q| q.formations.first().copied());
        }
        self.rules.units[u].formation
    }

    /// HQs that could help a check on `lead`, for the candidates.
    pub(super) fn hq_options(&self, lead: usize) -> Vec<Option<String>> {
        let mut out = vec![None];
        for h in 0..self.rules.units.len() {
            if self.rules.units[h].is_hq() && self.side_of(h) == self.side_of(lead) {
                let hq = Some(self.id(h));
                if self.check_hq_for(&hq, lead).is_ok() {
                    out.push(hq);
                }
            }
        }
        out
    }

    // ---- Combat Refusal (9.2) ----

    pub(super) fn check_refuse(&self, hex: HexId) -> Checked<()> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        if !self.defender_hex(hex) || seq.tried.contains(&(Stage::Refusal, hex)) {
            return refuse(
                "9.21",
                format!("{hex} is no Defender Hex that may still refuse"),
            );
        }
        let here = self.defenders(hex, seq.side);
        let eligible = here.iter().all(|&u| {
            let d = &self.rules.units[u];
            (d.class == Class::Mot || d.is_cavalry()) && !self.st.units[u].disrupted
        });
        if here.is_empty() || !eligible {
            return refuse(
                "9.21",
                "only red-box and cavalry units, none Disrupted, may refuse combat",
            );
        }
        let order = self.refusal_order(hex);
        for &u in &here {
            if self.normal_paths(&order, &[u]).is_empty() {
                return refuse(
                    "9.25",
                    format!(
                        "{} has no retreat that avoids vacant hexes in enemy ZOC",
                        self.id(u)
                    ),
                );
            }
        }
        Ok(())
    }

    fn refusal_order(&self, hex: HexId) -> RetreatOrder {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        RetreatOrder {
            chooser: other(seq.side),
            units: self.defenders(hex, seq.side),
            from: hex,
            origin: hex,
            exactly_two: true,
            refusal: true,
            disrupt: false,
        }
    }

    /// 9.23: an ER check on the Lead, no DRM; passed, the stack retreats two hexes and the
    /// attackers may advance into the hex; their combat is over.
    pub(super) fn refuse_combat(&mut self, hex: HexId) {
        let order = self.refusal_order(hex);
        {
            let seq = self.st.seq.as_mut().expect("in a sequence");
            seq.tried.insert((Stage::Refusal, hex));
        }
        for &u in &order.units {
            self.st.units[u].refused = true;
        }
        let lead = self.lead_of(hex).unwrap_or(order.units[0]);
        if !self.er_check("Combat Refusal (9.23)", lead, 0).0 {
            return;
        }
        let seq = self.st.seq.as_mut().expect("in a sequence");
        let i = seq
            .attacks
            .iter()
            .position(|a| a.hex == hex)
            .expect("a Defender Hex");
        let attack = seq.attacks.remove(i);
        seq.fought.extend(attack.units.iter().copied());
        let side = seq.side;
        let units: Vec<usize> = attack
            .units
            .into_iter()
            .filter(|&u| self.rules.units[u].class != Class::He)
            .collect();
        self.st.pending.push(Pending::Advance(AdvanceOrder {
            side,
            hex,
            units,
            two: Vec::new(),
        }));
        self.st.pending.push(Pending::Retreat(order));
    }

    pub(super) fn refuse_candidates(&self) -> Vec<Action> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        seq.attacks
            .iter()
            .map(|a| Action::Refuse { hex: a.hex })
            .collect()
    }

    // ---- Reaction Movement (9.3) ----

    /// 9.32: red box, not an HQ, neither Disrupted nor OoS, within two hexes of a Defender
    /// Hex (not in one) whose Lead is of its formation, or an Army unit (any: R-41); a
    /// Soviet unit not in an enemy ZOC; and it has not tried Combat Refusal this turn.
    fn may_react(&self, u: usize) -> bool {
        let d = &self.rules.units[u];
        let s = &self.st.units[u];
        let Some(hex) = s.hex() else { return false };
        let seq = self.st.seq.as_ref().expect("in a sequence");
        if d.side == seq.side || d.class != Class::Mot || d.kind == Kind::Hq || !d.is_combat() {
            return false;
        }
        if s.disrupted || s.supply == Supply::Oos || s.refused || self.defender_hex(hex) {
            return false;
        }
        if d.side == SOVIET && self.in_enemy_zoc(d.side, hex) {
            return false;
        }
        let grid = self.rules.board.grid;
        seq.attacks.iter().any(|a| {
            grid.distance(hex, a.hex) <= 2
                && (self.rules.is_army(u)
                    || self
                        .lead_of(a.hex)
                        .is_some_and(|l| self.rules.units[l].formation == d.formation))
        })
    }

    pub(super) fn check_react(
        &self,
        hex: HexId,
        lead: &str,
        hq: &Option<String>,
    ) -> Checked<(usize, Option<usize>)> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        if seq.tried.contains(&(Stage::Reaction, hex)) {
            return refuse("9.33b", format!("the units of {hex} have tried already"));
        }
        let l = self.own(lead, other(seq.side))?;
        if self.hex_of(l) != Some(hex) || !self.may_react(l) {
            return refuse(
                "9.32",
                format!("{lead} is not eligible for Reaction Movement"),
            );
        }
        let h = self.check_hq_for(hq, l)?;
        Ok((l, h))
    }

    pub(super) fn react(&mut self, hex: HexId, lead: usize, hq: Option<usize>) {
        let drm = hq.map_or(0, |h| -(self.command_points(h) as i32));
        if let Some(h) = hq {
            self.spend(h);
        }
        self.finish_mover();
        let units: Vec<usize> = self.st.at(hex).filter(|&u| self.may_react(u)).collect();
        self.st
            .seq
            .as_mut()
            .expect("in a sequence")
            .tried
            .insert((Stage::Reaction, hex));
        if self.er_check("Reaction Movement (9.33)", lead, drm).0 {
            self.st
                .seq
                .as_mut()
                .expect("in a sequence")
                .reacting
                .extend(units);
        }
    }

    pub(super) fn react_candidates(&self) -> Vec<Action> {
        let mut out = Vec::new();
        for u in 0..self.rules.units.len() {
            let Some(hex) = self.hex_of(u) else { continue };
            if !self.may_react(u) {
                continue;
            }
            for hq in self.hq_options(u) {
                out.push(Action::React {
                    hex,
                    lead: self.id(u),
                    hq,
                });
            }
        }
        out
    }

    // ---- No Retreat (9.4) ----

    pub(super) fn check_no_retreat(
        &self,
        hex: HexId,
        hq: &Option<String>,
    ) -> Checked<Option<usize>> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        if !self.defender_hex(hex) || seq.tried.contains(&(Stage::NoRetreat, hex)) {
            return refuse(
                "9.41",
                format!("{hex} is no Defender Hex that may still try"),
            );
        }
        let defender = other(seq.side);
        let steps: u32 = self
            .defenders(hex, seq.side)
            .iter()
            .map(|&u| u32::from(self.st.units[u].steps))
            .sum();
        let sp = self
            .st
            .strongpoints
            .get(&hex)
            .is_some_and(|s| s.complete && s.side == defender);
        if steps < 2 || !sp {
            return refuse(
                "9.41",
                "No Retreat needs two steps and a Strongpoint in the hex",
            );
        }
        let lead = self.lead_of(hex).expect("a Lead named");
        self.check_hq_for(hq, lead)
    }

    pub(super) fn no_retreat(&mut self, hex: HexId, hq: Option<usize>) {
        let drm = hq.map_or(0, |h| -(self.command_points(h) as i32));
        if let Some(h) = hq {
            self.spend(h);
        }
        let lead = self.lead_of(hex).expect("a Lead named");
        self.st
            .seq
            .as_mut()
            .expect("in a sequence")
            .tried
            .insert((Stage::NoRetreat, hex));
        if self.er_check("No Retreat (9.42)", lead, drm).0 {
            self.st
                .seq
                .as_mut()
                .expect("in a sequence")
                .no_retreat
                .insert(hex);
            self.emit(Event::NoRetreatMarked { hex });
        }
    }

    pub(super) fn no_retreat_candidates(&self) -> Vec<Action> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let mut out = Vec::new();
        for a in &seq.attacks {
            let Some(l) = self.lead_of(a.hex) else {
                continue;
            };
            for hq in self.hq_options(l) {
                out.push(Action::NoRetreat { hex: a.hex, hq });
            }
        }
        out
    }
}
