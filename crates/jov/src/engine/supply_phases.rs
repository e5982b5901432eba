//! The supply phases with decisions: extended supply (14.7), artillery resupply (14.4)
//! and the Soviet air-drop (14.8).

use sztab_core::hex::HexId;

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, RuleError};
use super::side::Army;
use super::state::Supply;
use super::unit::{Kind, Size};

impl Game {
    /// Does SDM `sdm` serve unit `u` (13.2.3): is the SDM's formation one of the unit's?
    pub(crate) fn sdm_serves(&self, sdm: usize, u: usize) -> bool {
        let f = self.rules.units[sdm].formations.first().copied();
        f.is_none_or(|f| self.rules.units[u].formations.contains(&f))
    }

    /// The units `sdm` would put in supply on `hex` (14.7: up to 3 OOS units, never
    /// artillery; J-24: the strongest first).
    fn extended_units(&self, sdm: usize, hex: HexId) -> Vec<usize> {
        let army = self.rules.units[sdm].army;
        let mut v: Vec<usize> = self
            .own_on(hex, army)
            .into_iter()
            .filter(|&u| {
                let d = &self.rules.units[u];
                !d.is_sdm() && d.kind != Kind::Artillery && self.st.units[u].supply != Supply::In
            })
            .filter(|&u| self.sdm_serves(sdm, u))
            .collect();
        v.sort_by_key(|&u| (std::cmp::Reverse(self.strength(u)), u));
        v.truncate(3);
        v
    }

    /// Hexes `sdm` reaches at twice the unit supply range (14.7).
    fn extended_reach(&self, sdm: usize) -> Vec<HexId> {
        let army = self.rules.units[sdm].army;
        let Some(h) = self.st.units[sdm].hex() else {
            return Vec::new();
        };
        let range = self.rules.charts.supply_range[usize::from(army == Army::German)]
            [self.st.ground.index()];
        self.supply_reach(h, army, 2 * range, false)
            .into_keys()
            .collect()
    }

    pub(crate) fn extensions(&self) -> Vec<Action> {
        let army = self.st.phase.player;
        let mut out = Vec::new();
        for (&sdm, &sp) in &self.st.sp {
            if sp == 0 || self.rules.units[sdm].army != army {
                continue;
            }
            for hex in self.extended_reach(sdm) {
                if !self.extended_units(sdm, hex).is_empty() {
                    out.push(Action::Extend {
                        sdm: self.id(sdm),
                        hex,
                    });
                }
            }
        }
        out
    }

    pub(crate) fn extend(&mut self, id: &str, hex: HexId, out: &mut Vec<Event>) -> Checked<()> {
        let sdm = self.own(id)?;
        if self.st.sp.get(&sdm).is_none_or(|&sp| sp == 0) {
            return Err(RuleError::new("14.7", format!("{id} has no SP")));
        }
        let units = self.extended_units(sdm, hex);
        if units.is_empty() || !self.extended_reach(sdm).contains(&hex) {
            return Err(RuleError::new(
                "14.7",
                format!("{id} cannot extend supply to {}", self.hex_label(hex)),
            ));
        }
        self.spend(sdm, 1, out);
        for u in units {
            self.st.units[u].supply = Supply::In;
            // Extended supply supports no combat (14.7 c).
            self.st.units[u].sdm = None;
            let unit = self.id(u);
            self.emit(
                out,
                Event::SupplyChanged {
                    unit,
                    supply: Supply::In,
                },
            );
        }
        Ok(())
    }

    /// Spends `n` SPs of `sdm`.
    pub(crate) fn spend(&mut self, sdm: usize, n: u32, out: &mut Vec<Event>) {
        let left = {
            let sp = self.st.sp.entry(sdm).or_default();
            *sp = sp.saturating_sub(n);
            *sp
        };
        let name = self.id(sdm);
        self.emit(
            out,
            Event::SpSpent {
                sdm: name,
                sp: n,
                left,
            },
        );
    }

    /// The SPs resupplying artillery unit `u` costs (14.4), `None` if it needs none.
    fn resupply_cost(&self, u: usize, full: bool) -> Option<u32> {
        let (d, s) = (&self.rules.units[u], &self.st.units[u]);
        if d.kind != Kind::Artillery || s.hex().is_none() {
            return None;
        }
        let regiment = d.army == Army::German && d.size == Size::Regiment;
        match (regiment && s.out_of_ammo, s.fired) {
            (true, true) if full => Some(2),
            (true, _) if !full => Some(1),
            (false, true) if !full => Some(1),
            _ => None,
        }
    }

    pub(crate) fn resupplies(&self) -> Vec<Action> {
        let army = self.st.phase.player;
        let mut out = Vec::new();
        for u in 0..self.rules.units.len() {
            if self.rules.units[u].army != army {
                continue;
            }
            let Some(sdm) = self.st.units[u].sdm else {
                continue;
            };
            for full in [false, true] {
                if self
                    .resupply_cost(u, full)
                    .is_some_and(|c| self.st.sp.get(&sdm).is_some_and(|&sp| sp >= c))
                {
                    out.push(Action::Resupply {
                        unit: self.id(u),
                        full,
                    });
                }
            }
        }
        out
    }

    pub(crate) fn resupply(&mut self, id: &str, full: bool, out: &mut Vec<Event>) -> Checked<()> {
        let u = self.own(id)?;
        let cost = self
            .resupply_cost(u, full)
            .ok_or_else(|| RuleError::new("14.4", format!("{id} needs no such resupply")))?;
        let sdm = self.st.units[u].sdm.ok_or_else(|| {
            RuleError::new("14.4", format!("{id} is not in supply through an SDM"))
        })?;
        if self.st.sp.get(&sdm).is_none_or(|&sp| sp < cost) {
            return Err(RuleError::new(
                "14.4",
                format!("{} lacks the {cost} SP", self.id(sdm)),
            ));
        }
        self.spend(sdm, cost, out);
        let s = &mut self.st.units[u];
        if s.out_of_ammo {
            s.out_of_ammo = false;
            s.fired &= !full;
        } else {
            s.fired = false;
        }
        self.emit(
            out,
            Event::Resupplied {
                unit: id.to_owned(),
                sp: cost,
            },
        );
        Ok(())
    }

    /// The Front of the OOS Soviet units on `hex` that may still fly its air-drop.
    fn drop_front(&self, hex: HexId) -> Option<usize> {
        self.own_on(hex, Army::Soviet)
            .into_iter()
            .filter(|&u| self.st.units[u].supply != Supply::In && !self.rules.units[u].is_sdm())
            .filter_map(|u| self.front_of(u))
            .find(|f| !self.st.air_drops.contains(f))
    }

    pub(crate) fn air_drops(&self) -> Vec<Action> {
        let mut hexes: Vec<HexId> = (0..self.rules.units.len())
            .filter(|&u| self.rules.units[u].army == Army::Soviet)
            .filter_map(|u| self.st.units[u].hex())
            .filter(|&h| self.drop_front(h).is_some())
            .collect();
        hexes.sort_unstable();
        hexes.dedup();
        hexes
            .into_iter()
            .map(|hex| Action::AirDrop { hex })
            .collect()
    }

    /// 14.8: one die, 1-2 puts every unit of the hex in supply.
    pub(crate) fn air_drop(&mut self, hex: HexId, out: &mut Vec<Event>) -> Checked<()> {
        let front = self.drop_front(hex).ok_or_else(|| {
            RuleError::new(
                "14.8",
                format!("no Front may air-drop on {}", self.hex_label(hex)),
            )
        })?;
        self.st.air_drops.insert(front);
        let roll = self.dice.d6();
        let supplied = roll <= 2;
        self.emit(
            out,
            Event::AirDropRolled {
                hex,
                roll,
                supplied,
            },
        );
        if supplied {
            for u in self.own_on(hex, Army::Soviet) {
                if self.st.units[u].supply != Supply::In {
                    self.st.units[u].supply = Supply::In;
                    let unit = self.id(u);
                    self.emit(
                        out,
                        Event::SupplyChanged {
                            unit,
                            supply: Supply::In,
                        },
                    );
                }
            }
        }
        Ok(())
    }
}
