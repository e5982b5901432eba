//! Artillery Fire Support (10.42, 12.1-12.2): who may fire, the coordination check and
//! its three outcomes, halving in swamp and marsh in Rain, the units always coordinated,
//! artillery in the Defender Hex.

use sztab_core::hex::HexId;

use super::action::Action;
use super::board::Ground;
use super::charts::Check;
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::state::Battle;
use super::words::{Side, Weather};

impl Game {
    pub(super) fn check_artillery(&self, side: Side, unit: &str) -> Checked<usize> {
        let b = self.battle();
        let u = self.own(unit, side)?;
        let d = &self.rules.units[u];
        let s = &self.st.units[u];
        let Some(at) = s.hex() else {
            return refuse("12.13", format!("{unit} is not on the map"));
        };
        if !d.is_artillery() || s.fired || s.disrupted {
            return refuse("12.13d", format!("{unit} cannot fire"));
        }
        if b.artillery[side].contains(&u) || at == b.hex {
            return refuse("12.15", format!("{unit} is committed already"));
        }
        if self.rules.board.grid.distance(at, b.hex) > d.range {
            return refuse("12.13a", format!("{} is out of {unit}'s range", b.hex));
        }
        let zoc = self.in_enemy_zoc(side, at);
        if side == b.attacker {
            if !self.active(u) {
                return refuse("12.13b", format!("{unit} is not of the Active Formation"));
            }
            if zoc && !self.rules.board.grid.are_adjacent(at, b.hex) {
                return refuse(
                    "12.14",
                    format!("{unit} is in an enemy ZOC: it supports only the adjacent hex"),
                );
            }
        } else {
            let f = b.defender_lead.and_then(|l| self.rules.units[l].formation);
            if !(self.rules.is_army(u) || d.formation == f) {
                return refuse(
                    "12.13c",
                    format!("{unit} is not of the Defender Hex's Lead's formation"),
                );
            }
            if d.offensive_only {
                return refuse("12.0", format!("{unit}'s \"A\" support is offensive only"));
            }
            if zoc {
                return refuse(
                    "12.14",
                    format!("{unit} is in an enemy ZOC: it supports only its own hex"),
                );
            }
        }
        Ok(u)
    }

    pub(super) fn commit_artillery(&mut self, u: usize) {
        let side = self.side_of(u);
        self.battle_mut().artillery[side].push(u);
        let (unit, support) = (self.id(u), self.rules.units[u].support);
        self.emit(Event::ArtilleryCommitted { unit, support });
    }

    pub(super) fn artillery_candidates(&self, side: Side) -> Vec<Action> {
        (0..self.rules.units.len())
            .filter(|&u| self.side_of(u) == side && self.rules.units[u].is_artillery())
            .map(|u| Action::Artillery { unit: self.id(u) })
            .collect()
    }

    /// The defending artillery unit in the Defender Hex that adds its support: one, with
    /// a unit beside it that is neither artillery nor an HQ (12.22-12.23), the strongest
    /// (decision R-22).
    pub(super) fn hex_supporter(&self, hex: HexId, defenders: &[usize]) -> Option<usize> {
        let with_others = defenders
            .iter()
            .any(|&u| !self.rules.units[u].is_artillery() && !self.rules.units[u].is_hq());
        if !with_others {
            return None;
        }
        defenders
            .iter()
            .copied()
            .filter(|&u| {
                let (d, s) = (&self.rules.units[u], &self.st.units[u]);
                d.is_artillery()
                    && !s.fired
                    && !s.disrupted
                    && !d.offensive_only
                    && s.hex() == Some(hex)
            })
            .max_by_key(|&u| (self.rules.units[u].support, std::cmp::Reverse(u)))
    }

    /// 10.42c, 3.55, 10.28, 12.17: a side's support after its coordination check — full,
    /// halved, or none at 10 or more; halved again into swamp (or marsh in Rain); at
    /// least 1 a unit that fires; one adjacent attacking unit (the strongest: R-22) and
    /// the Defender Hex's own always coordinated.
    pub(super) fn support(&mut self, side: Side, auto: Option<usize>) -> u32 {
        let b = self.battle().clone();
        let (auto, units) = self.support_split(&b, side, auto);
        let mut factor: Option<u32> = Some(1);
        if let Some(&lead) = units.first() {
            let drm = self.coordination_drm(&b, side, Check::Artillery);
            let (passed, modified) = self.er_check("artillery coordination (10.42)", lead, drm);
            factor = if passed {
                Some(1)
            } else if modified < 10 {
                Some(2)
            } else {
                None
            };
        }
        self.support_total(&b, auto, &units, factor)
    }

    /// The artillery of a side's support always coordinated (the Defender Hex's own, or
    /// the attacker's strongest adjacent unit), and the rest, its Lead first (10.42).
    pub(super) fn support_split(
        &self,
        b: &Battle,
        side: Side,
        auto: Option<usize>,
    ) -> (Option<usize>, Vec<usize>) {
        let mut units = b.artillery[side].clone();
        let auto = auto.or_else(|| {
            (side == b.attacker)
                .then(|| {
                    units
                        .iter()
                        .copied()
                        .filter(|&u| {
                            self.hex_of(u)
                                .is_some_and(|h| self.rules.board.grid.are_adjacent(h, b.hex))
                        })
                        .max_by_key(|&u| (self.rules.units[u].support, std::cmp::Reverse(u)))
                })
                .flatten()
        });
        units.retain(|&u| Some(u) != auto);
        (auto, units)
    }

    /// The support of the always coordinated unit and of the rest at `factor` (1 full, 2
    /// halved, `None` none).
    pub(super) fn support_total(
        &self,
        b: &Battle,
        auto: Option<usize>,
        units: &[usize],
        factor: Option<u32>,
    ) -> u32 {
        let cell = self.rules.board.cell(b.hex);
        let soaked = cell.ground == Ground::Swamp
            || (cell.ground == Ground::Marsh && self.st.weather == Weather::Rain);
        let one = |g: &Game, u: usize, div: u32| -> u32 {
            let mut s = g.rules.units[u].support / div;
            if soaked {
                s /= 2;
            }
            s.max(1)
        };
        let mut total = auto.map_or(0, |u| one(self, u, 1));
        if let Some(div) = factor {
            total += units.iter().map(|&u| one(self, u, div)).sum::<u32>();
        }
        total
    }
}
