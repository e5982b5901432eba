//! Supply (13, 14.2): each SDM receives its capacity less one SP an increment of road
//! beyond the first to its source, none one increment past its capacity (14.2); a unit is
//! In supply within its side's range (13.4.1) of a source or an SDM serving it, by a
//! path that avoids enemy units and enemy zones not held by friends, lakes, unbridged
//! rivers and swamps (13.3), or on the road between its SDM and the source (13.4.1);
//! otherwise OOS1. J-17: SDMs stay where they stand (the Supply Marker Phase is not
//! played), and one that cannot reach its source by road supplies nothing.

use std::collections::{BTreeMap, VecDeque};

use sztab_core::hex::HexId;

use super::board::Water;
use super::event::Event;
use super::game::Game;
use super::side::Army;
use super::state::Supply;
use super::zoc::Zone;

impl Game {
    /// Does source `s` serve unit `u` (13.1)?
    fn serves(&self, serves: &[usize], u: usize) -> bool {
        serves.is_empty()
            || self.rules.units[u]
                .formations
                .iter()
                .any(|&f| serves.contains(&f))
    }

    /// Source hexes serving unit `u`.
    pub(crate) fn source_hexes(&self, u: usize) -> Vec<HexId> {
        let army = self.rules.units[u].army;
        self.rules
            .sources
            .iter()
            .filter(|s| s.army == army && self.serves(&s.serves, u))
            .flat_map(|s| s.hexes.iter().copied())
            .collect()
    }

    /// May a supply path of `army` go from `a` into `b` (13.3)? `first`: the unit's own
    /// hexside, which it may trace across a river (13.3).
    fn supply_step(&self, a: HexId, b: HexId, army: Army, first: bool) -> bool {
        let side = self.hexside(a, b);
        let bridged = side.bridge || side.rail_bridge;
        let water_ok = match side.water {
            Some(Water::Lake | Water::Dnepr) => false,
            Some(w) if w.is_river() => bridged || first,
            Some(Water::Swamp) => bridged,
            _ => true,
        };
        let mined = army == Army::German && self.mined_side(a, b).is_some();
        let friends = !self.own_on(b, army).is_empty();
        water_ok
            && !mined
            && !self.enemy_on(b, army)
            && (friends || self.enemy_zone(b, army) == Zone::None)
    }

    /// Hexes a supply path of `army` reaches from `from` within `range`, with distances.
    pub(crate) fn supply_reach(
        &self,
        from: HexId,
        army: Army,
        range: u32,
        roads_only: bool,
    ) -> BTreeMap<HexId, u32> {
        let mut seen = BTreeMap::from([(from, 0)]);
        let mut q = VecDeque::from([from]);
        while let Some(h) = q.pop_front() {
            let d = seen[&h];
            if d >= range {
                continue;
            }
            for n in self.rules.board.neighbours(h) {
                if seen.contains_key(&n) || (roads_only && self.roads_across(h, n).is_empty()) {
                    continue;
                }
                if self.supply_step(h, n, army, h == from && !roads_only) {
                    seen.insert(n, d + 1);
                    q.push_back(n);
                }
            }
        }
        seen
    }

    /// An SDM's road distance to its source, if it can reach it (13.2.1, 14.2).
    fn sdm_road(&self, sdm: usize) -> Option<u32> {
        let h = self.st.units[sdm].hex()?;
        let army = self.rules.units[sdm].army;
        let sources = self.source_hexes(sdm);
        let reach = self.supply_reach(h, army, 200, true);
        sources.iter().filter_map(|s| reach.get(s).copied()).min()
    }

    /// The Supply Point Reception Phase (14.2).
    pub(crate) fn receive_supply(&mut self, out: &mut Vec<Event>) {
        self.st.sp.clear();
        for u in 0..self.rules.units.len() {
            let Some(sdm) = self.rules.units[u].sdm else {
                continue;
            };
            if self.st.units[u].hex().is_none() {
                continue;
            }
            let Some(len) = self.sdm_road(u) else {
                continue;
            };
            let inc = match self.st.ground {
                super::weather::Ground::Frozen => sdm.frozen,
                super::weather::Ground::Mud => sdm.mud,
            }
            .max(1);
            let increments = len.div_ceil(inc);
            let beyond = increments.saturating_sub(1);
            if beyond > sdm.capacity {
                continue;
            }
            let sp = sdm.capacity - beyond;
            self.st.sp.insert(u, sp);
            let name = self.id(u);
            self.emit(
                out,
                Event::SupplyPoints {
                    sdm: name,
                    increments,
                    sp,
                },
            );
        }
    }

    /// The Supply Determination Phase (13.4): every unit on the map In or OOS1.
    pub(crate) fn determine_supply(&mut self, out: &mut Vec<Event>) {
        let g = self.st.ground.index();
        for u in 0..self.rules.units.len() {
            let d = &self.rules.units[u];
            let Some(h) = self.st.units[u].hex() else {
                continue;
            };
            if d.is_sdm() {
                continue;
            }
            let (supply, sdm) = if d.kind == super::unit::Kind::Alarm {
                (Supply::In, None)
            } else {
                let range = self.rules.charts.supply_range[usize::from(d.army == Army::German)][g];
                match self.trace(u, h, range) {
                    Some(s) => (Supply::In, s),
                    None => (Supply::Oos1, None),
                }
            };
            let s = &mut self.st.units[u];
            s.sdm = sdm;
            if supply == Supply::In {
                s.on_foot = false;
            }
            if s.supply != supply {
                s.supply = supply;
                let unit = self.id(u);
                self.emit(out, Event::SupplyChanged { unit, supply });
            }
        }
    }

    /// Traces unit `u` on `h` to an SDM serving it (the one with the most SPs) or to a
    /// source; `Some(sdm)` when in supply.
    pub(crate) fn trace(&self, u: usize, h: HexId, range: u32) -> Option<Option<usize>> {
        let army = self.rules.units[u].army;
        let reach = self.supply_reach(h, army, range, false);
        let mut sdms: Vec<usize> = (0..self.rules.units.len())
            .filter(|&s| self.st.sp.contains_key(&s) && self.rules.units[s].army == army)
            .filter(|&s| {
                let f = self.rules.units[s].formations.first().copied();
                f.is_none_or(|f| self.rules.units[u].formations.contains(&f))
            })
            .filter(|&s| {
                self.st.units[s]
                    .hex()
                    .is_some_and(|sh| reach.contains_key(&sh))
            })
            .collect();
        sdms.sort_by_key(|&s| (std::cmp::Reverse(self.st.sp[&s]), s));
        if let Some(&s) = sdms.first() {
            return Some(Some(s));
        }
        if self.source_hexes(u).iter().any(|s| reach.contains_key(s)) {
            return Some(None);
        }
        None
    }
}
