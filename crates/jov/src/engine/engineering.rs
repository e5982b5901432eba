//! Engineering (15): German Improved Positions (15.1). A German engineer that did not
//! attack this turn, in supply and neither Disorganized nor Regroup (12.17.2 #7), spends
//! 1 SP of its SDM to build one in its clear, non-village hex, even next to the enemy;
//! one a hex.

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, RuleError};
use super::side::Army;
use super::state::Supply;
use super::unit::Kind;

impl Game {
    fn may_build_ip(&self, u: usize) -> bool {
        let (d, s) = (&self.rules.units[u], &self.st.units[u]);
        let Some(h) = s.hex() else { return false };
        let clear = self
            .rules
            .board
            .cell(h)
            .is_some_and(|c| c.is_clear() && !c.village);
        d.army == Army::German
            && matches!(d.kind, Kind::Engineer(_))
            && !s.attacked
            && !s.shaken()
            && s.supply == Supply::In
            && clear
            && !self.st.improved_positions.contains(&h)
            && s.sdm
                .is_some_and(|sdm| self.st.sp.get(&sdm).is_some_and(|&sp| sp > 0))
    }

    pub(crate) fn ip_builders(&self) -> Vec<Action> {
        if self.st.phase.player != Army::German {
            return Vec::new();
        }
        (0..self.rules.units.len())
            .filter(|&u| self.may_build_ip(u))
            .map(|u| Action::BuildIp { unit: self.id(u) })
            .collect()
    }

    pub(crate) fn build_ip(&mut self, id: &str, out: &mut Vec<Event>) -> Checked<()> {
        let u = self.own(id)?;
        if !self.may_build_ip(u) {
            return Err(RuleError::new(
                "15.1",
                format!("{id} may not build an Improved Position"),
            ));
        }
        let sdm = self.st.units[u].sdm.expect("checked");
        self.spend(sdm, 1, out);
        let hex = self.st.units[u].hex().expect("checked");
        self.st.improved_positions.insert(hex);
        self.emit(out, Event::IpBuilt { hex });
        Ok(())
    }
}
