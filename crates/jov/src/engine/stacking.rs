//! Stacking (11): three units a hex, two in forest, SDMs not counted; a Soviet hex holds
//! one division and two brigades, a German hex two infantry regiments; units of other
//! armies, corps, korps or divisions do not stack together. Checked at the end of the
//! owner's movement and combat segments (11.1.2): every unit of an over-stacked hex is
//! Disorganized and the strongest loses a step.

use sztab_core::hex::HexId;

use super::event::Event;
use super::game::Game;
use super::side::Army;
use super::state::Org;
use super::unit::{Kind, Level, Size};

impl Game {
    /// The first stacking rule `units` on `hex` break, if any.
    pub fn stacking_fault(&self, hex: HexId, units: &[usize]) -> Option<&'static str> {
        let counted: Vec<usize> = units
            .iter()
            .copied()
            .filter(|&u| !self.rules.units[u].is_sdm())
            .collect();
        let limit = self.rules.board.cell(hex).map_or(3, |c| c.stacking_limit());
        if counted.len() > limit {
            return Some("11.0: 3 units a hex, 2 in forest");
        }
        let count = |f: &dyn Fn(usize) -> bool| counted.iter().filter(|&&u| f(u)).count();
        let defs = &self.rules.units;
        let soviet = counted
            .first()
            .is_some_and(|&u| defs[u].army == Army::Soviet);
        if soviet {
            if count(&|u| defs[u].size == Size::Division) > 1 {
                return Some("11.0 Soviet 2: one division a hex");
            }
            if count(&|u| defs[u].size == Size::Brigade) > 2 {
                return Some("11.0 Soviet 3: two brigades a hex");
            }
            if self.mixed(&counted, Level::Army) || self.mixed(&counted, Level::Corps) {
                return Some("11.0 Soviet 1: no stacking across armies or corps");
            }
        } else {
            let regiments =
                count(&|u| defs[u].size == Size::Regiment && defs[u].kind.is_infantry_type());
            if regiments > 2 {
                return Some("11.0 German 2: two infantry regiments a hex");
            }
            let korps_only: Vec<usize> = counted
                .iter()
                .copied()
                .filter(|&u| !(defs[u].cadre && self.st.units[u].steps == 1))
                .collect();
            if self.mixed(&counted, Level::Korps) || self.mixed(&korps_only, Level::Division) {
                return Some("11.0 German 1: no stacking across korps or divisions");
            }
        }
        None
    }

    /// Do `units` belong to more than one formation of `level` (units with none of that
    /// level do not count)?
    fn mixed(&self, units: &[usize], level: Level) -> bool {
        let mut seen = None;
        for &u in units {
            if matches!(self.rules.units[u].kind, Kind::Alarm) {
                continue;
            }
            if let Some(f) = self.rules.formation_at(u, level) {
                match seen {
                    Some(s) if s != f => return true,
                    _ => seen = Some(f),
                }
            }
        }
        false
    }

    /// 11.1.2: the violations of `army`'s hexes are punished.
    pub(crate) fn enforce_stacking(&mut self, army: Army, out: &mut Vec<Event>) {
        let mut hexes: Vec<HexId> = self
            .st
            .units
            .iter()
            .enumerate()
            .filter(|(u, _)| self.rules.units[*u].army == army)
            .filter_map(|(_, s)| s.hex())
            .collect();
        hexes.sort_unstable();
        hexes.dedup();
        for hex in hexes {
            let units = self.own_on(hex, army);
            if self.stacking_fault(hex, &units).is_none() {
                continue;
            }
            self.emit(out, Event::Overstacked { hex });
            let counted: Vec<usize> = units
                .into_iter()
                .filter(|&u| !self.rules.units[u].is_sdm())
                .collect();
            for &u in &counted {
                self.set_org(u, Org::Disorganized, "11.1.2", out);
            }
            if let Some(&u) = counted
                .iter()
                .max_by_key(|&&u| (self.strength(u), std::cmp::Reverse(u)))
            {
                self.lose_step(u, "11.1.2", out);
            }
        }
    }

    /// A unit's printed strength at its current steps.
    pub fn strength(&self, u: usize) -> u32 {
        self.rules.units[u].strength_at(self.st.units[u].steps)
    }
}
