//! Supply (6.0): in the Supply Determination Phase every combat unit on the map traces a
//! Supply Route — a Supply Line of at most 7 hexes (5 in Rain, through marsh, or along a
//! road through swamp) to a Supply Road or a Supply Source; a Supply Road is a network of
//! main and minor roads (trails for non-motorized units in Dry or Cloudy weather) from a
//! friendly source that no enemy holds. No route: Emergency Supply, then out of supply.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use sztab_core::hex::HexId;

use super::board::{Ground, Link, Water};
use super::event::Event;
use super::game::Game;
use super::words::{Class, Side, Supply, Weather, other};

/// A Supply Line's length (6.21).
pub const LINE: u32 = 7;
/// Its length in Rain, through marsh, or along a road through swamp.
pub const SHORT_LINE: u32 = 5;

impl Game {
    /// 6.2, 6.24, 14.11: a hex a Supply Route may pass: no enemy combat unit, not vacant
    /// and contested or enemy-controlled, in an enemy ZOC only with a friendly combat unit
    /// in it, no completed enemy Strongpoint.
    fn route_hex(&self, side: Side, hex: HexId) -> bool {
        match self.occupant(hex) {
            Some(s) if s != side => return false,
            Some(_) => {}
            None => {
                if self.contested(hex)
                    || self.control(hex) == Some(other(side))
                    || self.in_enemy_zoc(side, hex)
                {
                    return false;
                }
            }
        }
        !self.enemy_strongpoint(side, hex)
    }

    /// A stream, river or lake hexside crossed only at a bridge (6.21b, 6.22).
    fn bridged_or_dry(&self, side: Side, a: HexId, b: HexId) -> bool {
        let Some(c) = self.crossing(a, b, side) else {
            return false;
        };
        match c.water {
            None => true,
            Some(Water::Lake) => false,
            Some(_) => c.bridged,
        }
    }

    /// The hexes of `side`'s Supply Roads and sources for units that may (or may not)
    /// use trails (6.22-6.23), from the sources that serve `formation`.
    fn supply_network(
        &self,
        side: Side,
        trails: bool,
        formation: Option<usize>,
    ) -> BTreeSet<HexId> {
        let mut seen = BTreeSet::new();
        let mut queue = VecDeque::new();
        for s in &self.rules.sources {
            let serves = s.serves.is_empty() || formation.is_some_and(|f| s.serves.contains(&f));
            if s.side != side || !serves {
                continue;
            }
            for &h in &s.hexes {
                // A captured source gives no supply (6.31, 3.11c).
                if self.control(h) != Some(other(side)) && self.route_hex(side, h) && seen.insert(h)
                {
                    queue.push_back(h);
                }
            }
        }
        let grid = self.rules.board.grid;
        while let Some(h) = queue.pop_front() {
            for n in grid.neighbours(h) {
                if seen.contains(&n) {
                    continue;
                }
                let b = &self.rules.board;
                let links = b.side(h, n).map(|s| b.links(s)).unwrap_or_default();
                // Railroads are no Supply Road: 6.22 names main and minor roads;
                // any Supply Road along the hexside serves.
                let road = links.iter().any(|l| match l {
                    Link::MainRoad | Link::MinorRoad => true,
                    Link::Trail => trails,
                    Link::Railroad => false,
                });
                if road && self.route_hex(side, n) && self.bridged_or_dry(side, h, n) {
                    seen.insert(n);
                    queue.push_back(n);
                }
            }
        }
        seen
    }

    /// Whether unit `u` traces a Supply Line to `network` (6.21): its length counts every
    /// hex entered, the Supply Road's first hex too (decision R-40).
    fn traces(&self, u: usize, network: &BTreeSet<HexId>) -> bool {
        let side = self.side_of(u);
        let Some(start) = self.hex_of(u) else {
            return true;
        };
        if network.contains(&start) {
            return true;
        }
        let rain = self.st.weather == Weather::Rain;
        let limit = |short: bool| if short || rain { SHORT_LINE } else { LINE };
        let b = &self.rules.board;
        let grid = b.grid;
        // Breadth first over (hex, shortened): the fewest hexes to each.
        let mut best: BTreeMap<(HexId, bool), u32> = BTreeMap::new();
        let mut queue = VecDeque::from([(start, false, 0u32)]);
        best.insert((start, false), 0);
        while let Some((h, short, d)) = queue.pop_front() {
            for n in grid.neighbours(h) {
                if !self.route_hex(side, n) || !self.bridged_or_dry(side, h, n) {
                    continue;
                }
                let cell = b.cell(n);
                let links = b.side(h, n).map(|s| b.links(s)).unwrap_or_default();
                let links = if rain {
                    links.without(Link::Trail)
                } else {
                    links
                };
                let swamp = cell.ground == Ground::Swamp;
                if swamp && links.is_empty() {
                    continue;
                }
                let short = short || swamp || cell.ground == Ground::Marsh;
                let d = d + 1;
                if d > limit(short) {
                    continue;
                }
                if network.contains(&n) {
                    return true;
                }
                let key = (n, short);
                if best.get(&key).is_some_and(|&x| x <= d) {
                    continue;
                }
                best.insert(key, d);
                queue.push_back((n, short, d));
            }
        }
        false
    }

    /// 6.12: the Supply Determination Phase.
    pub(super) fn supply_phase(&mut self) {
        let rain = self.st.weather == Weather::Rain;
        let mut networks: BTreeMap<(Side, bool, Option<usize>), BTreeSet<HexId>> = BTreeMap::new();
        for u in 0..self.rules.units.len() {
            let d = &self.rules.units[u];
            if !d.is_combat() || self.hex_of(u).is_none() {
                continue;
            }
            let trails = !rain && d.class == Class::Nm;
            let key = (d.side, trails, d.formation);
            let network = match networks.get(&key) {
                Some(n) => n,
                None => {
                    let n = self.supply_network(d.side, trails, d.formation);
                    networks.entry(key).or_insert(n)
                }
            };
            let traced = self.traces(u, network);
            let old = self.st.units[u].supply;
            let new = match (traced, old) {
                (true, _) => Supply::In,
                (false, Supply::In) => Supply::Emergency,
                (false, _) => Supply::Oos,
            };
            if new != old {
                self.st.units[u].supply = new;
                let unit = self.id(u);
                self.emit(Event::Supply { unit, supply: new });
            }
        }
    }
}
