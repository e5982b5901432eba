//! What a hex costs to enter (8.3-8.4): the natural terrain's highest cost plus woods off
//! the roads (8.31a, 8.34a); the road, trail or railroad rate along one, the cheapest
//! where a hexside carries several (8.33-8.35, decision R-45),
//! trails ignored in Rain (8.42); stream and river hexsides unless bridged (8.36); swamp
//! (8.37). Every number is the scenario's Terrain Effects Chart.

use sztab_core::hex::HexId;

use super::board::{Cell, Ground, Link, Links, Water};
use super::charts::{Cost, TecCell, TecRow};
use super::game::Game;
use super::words::{Mp, Weather};

/// The price of entering a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Price {
    Mp(Mp),
    /// The entire Movement Allowance: the unit stops (8.37b, 8.36c, 8.23b).
    All,
}

impl Price {
    fn plus(self, add: Mp) -> Price {
        match self {
            Price::Mp(m) => Price::Mp(m + add),
            Price::All => Price::All,
        }
    }

    fn max(self, o: Price) -> Price {
        match (self, o) {
            (Price::Mp(a), Price::Mp(b)) => Price::Mp(a.max(b)),
            _ => Price::All,
        }
    }
}

fn link_row(l: Link) -> TecRow {
    match l {
        Link::MainRoad => TecRow::MainRoad,
        Link::MinorRoad => TecRow::MinorRoad,
        Link::Trail => TecRow::Trail,
        Link::Railroad => TecRow::Railroad,
    }
}

impl Game {
    fn tec(&self, row: TecRow, u: usize) -> TecCell {
        let d = &self.rules.units[u];
        self.rules.charts.tec.get(row, d.class, self.st.weather)
    }

    /// An added cost of the TEC ("+1"); a prohibited one is none here, as the rule that
    /// prohibits is checked where it applies.
    pub(super) fn added(&self, row: TecRow, u: usize) -> Mp {
        match self.tec(row, u).cost {
            Cost::Add(m) | Cost::Mp(m) => m,
            Cost::All | Cost::Prohibited => Mp::ZERO,
        }
    }

    /// The natural terrain's highest cost, plus woods unless `ignore_woods` (8.31a,
    /// 8.34a, 8.42); cavalry pays the swamp cell's second value (8.37b).
    fn off_road(&self, u: usize, cell: Cell, ignore_woods: bool) -> Result<Price, &'static str> {
        let mut rows = vec![match cell.ground {
            Ground::Clear => TecRow::Clear,
            Ground::Marsh => TecRow::Marsh,
            Ground::Swamp => TecRow::Swamp,
            Ground::Rough => TecRow::Rough,
        }];
        if cell.hill {
            rows.push(TecRow::Hill);
        }
        if cell.town {
            rows.push(TecRow::Town);
        }
        let mut price = Price::Mp(Mp::ZERO);
        for r in rows {
            let c = self.tec(r, u);
            let p = match c.cost {
                Cost::Mp(m) | Cost::Add(m) => Price::Mp(m),
                Cost::All if r == TecRow::Swamp && self.rules.units[u].is_cavalry() => {
                    Price::Mp(c.second.unwrap_or(Mp::ZERO))
                }
                Cost::All => Price::All,
                Cost::Prohibited => return Err("8.3"),
            };
            price = price.max(p);
        }
        if cell.woods && !ignore_woods {
            price = price.plus(self.added(TecRow::Woods, u));
        }
        Ok(price)
    }

    /// The rate along a link into a hex: the cell's first value in a plain clear hex, its
    /// second (if any) in other terrain (8.33 note, decision R-05); `None` if prohibited.
    fn road_rate(&self, u: usize, l: Link, cell: Cell) -> Option<Mp> {
        let c = self.tec(link_row(l), u);
        match c.cost {
            Cost::Mp(m) | Cost::Add(m) => Some(if cell.plain() {
                m
            } else {
                c.second.unwrap_or(m)
            }),
            Cost::All | Cost::Prohibited => None,
        }
    }

    /// The price for unit `u` of entering `to` from `from` (from off the map when
    /// `from` is `None`), before enemy ZOC and Strongpoints; `no_roads` when a MOT unit
    /// moves straight from one enemy ZOC to another (8.22).
    pub(super) fn terrain_price(
        &self,
        u: usize,
        from: Option<HexId>,
        to: HexId,
        no_roads: bool,
    ) -> Result<Price, &'static str> {
        let b = &self.rules.board;
        if !b.contains(to) {
            return Err("8.11");
        }
        let cell = b.cell(to);
        let side = self.rules.units[u].side;
        let crossing = match from {
            Some(f) => {
                if let Some(rule) = self.crossing_rule(u, f, to) {
                    return Err(rule);
                }
                self.crossing(f, to, side)
            }
            None => None,
        };
        let links = match (from, crossing) {
            (Some(_), Some(c)) => c.links,
            // Entering along a road at the map's edge (5.22b, decision R-11).
            (None, _) => self.entry_link(u, to).into_iter().collect(),
            _ => Links::default(),
        };
        let rain_trail = self.st.weather == Weather::Rain
            && crossing.is_some_and(|c| b.links(c.side).contains(Link::Trail));
        let off = self.off_road(u, cell, rain_trail);
        // The cheapest rate of the links along the hexside (decision R-45); a railroad
        // is a road only where it is cheaper (8.35).
        let along = links
            .iter()
            .filter(|_| !no_roads)
            .filter_map(|l| {
                let r = self.road_rate(u, l, cell)?;
                Some(match off {
                    Ok(Price::Mp(o)) if l == Link::Railroad => r.min(o),
                    _ => r,
                })
            })
            .min();
        let mut price = match along {
            Some(r) => Price::Mp(r),
            None => off?,
        };
        if let Some(c) = crossing
            && let Some(w) = c.water
            && !c.bridged
        {
            let row = match w {
                Water::Stream => TecRow::Stream,
                Water::River => TecRow::River,
                Water::Lake => TecRow::Lake,
            };
            price = match self.tec(row, u).cost {
                Cost::Add(m) | Cost::Mp(m) => price.plus(m),
                Cost::All => Price::All,
                Cost::Prohibited => return Err("8.36"),
            };
        }
        Ok(price)
    }

    /// The cheapest link a unit entering the map at `to` may come along.
    fn entry_link(&self, u: usize, to: HexId) -> Option<Link> {
        let cell = self.rules.board.cell(to);
        self.rules
            .board
            .links_of(to)
            .iter()
            .filter(|l| !(*l == Link::Trail && self.st.weather == Weather::Rain))
            .filter_map(|l| self.road_rate(u, l, cell).map(|r| (r, l)))
            .min_by_key(|(r, _)| *r)
            .map(|(_, l)| l)
    }
}
