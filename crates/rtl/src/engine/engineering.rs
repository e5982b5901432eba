//! Engineering (14.2, 16.2): Strongpoints begun in an Assault Sequence's Engineering
//! Phase and completed at the builder's next Assault Engineering Phase or the
//! Reorganization Segment; a builder that moves, retreats, attacks or dies ends the work;
//! Bridge units placed, moved or taken off the map.

use sztab_core::hex::{Dir, HexId};

use super::action::Action;
use super::board::{Ground, Water};
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::state::{Loc, Strongpoint};
use super::unit::Kind;
use super::words::{SeqKind, Side, Supply};

impl Game {
    /// 14.22-14.24: a builder of the Active Formation (or an activated Army unit),
    /// neither Disrupted nor OoS, on a hex without swamp or a Strongpoint.
    pub(super) fn check_build(&self, unit: &str) -> Checked<usize> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let u = self.own(unit, seq.side)?;
        let Some(hex) = self.hex_of(u) else {
            return refuse("14.22", format!("{unit} is not on the map"));
        };
        if seq.kind != SeqKind::Assault || !self.active(u) {
            return refuse(
                "14.25a",
                format!("{unit} is not of the Active Formation in an Assault Sequence"),
            );
        }
        if !self.rules.units[u].builds_strongpoints() {
            return refuse("14.23", format!("{unit} does not build Strongpoints"));
        }
        let s = &self.st.units[u];
        if s.disrupted || s.supply == Supply::Oos {
            return refuse("14.24", format!("{unit} is Disrupted or out of supply"));
        }
        if self.rules.board.cell(hex).ground == Ground::Swamp
            || self.st.strongpoints.contains_key(&hex)
        {
            return refuse("14.22", format!("no Strongpoint can be built on {hex}"));
        }
        if let Some(n) = self.rules.strongpoint_markers
            && self.st.strongpoints.len() >= n
        {
            return refuse(
                "2.24",
                format!("all {n} Strongpoint markers of the counter mix are on the map"),
            );
        }
        Ok(u)
    }

    pub(super) fn build(&mut self, u: usize) {
        let hex = self.hex_of(u).expect("on the map");
        self.st.strongpoints.insert(
            hex,
            Strongpoint {
                side: self.side_of(u),
                complete: false,
                builder: Some(u),
            },
        );
        let unit = self.id(u);
        self.emit(Event::StrongpointBegun { hex, unit });
    }

    pub(super) fn build_candidates(&self) -> Vec<Action> {
        (0..self.rules.units.len())
            .filter(|&u| self.rules.units[u].builds_strongpoints() && self.hex_of(u).is_some())
            .map(|u| Action::BuildStrongpoint { unit: self.id(u) })
            .collect()
    }

    /// A builder still able to finish: on its hex, neither Disrupted nor OoS (14.25c).
    fn builder_ready(&self, hex: HexId, b: usize) -> bool {
        let s = &self.st.units[b];
        s.hex() == Some(hex) && !s.disrupted && s.supply != Supply::Oos
    }

    /// 14.25b-c: at an Assault Sequence's Engineering Phase, the Active Formation's
    /// Strongpoints under construction are complete.
    pub(super) fn complete_on_activation(&mut self) {
        let Some(seq) = self.st.seq.as_ref() else {
            return;
        };
        if seq.kind != SeqKind::Assault {
            return;
        }
        let done: Vec<HexId> = self
            .st
            .strongpoints
            .iter()
            .filter(|(h, sp)| {
                sp.builder.is_some_and(|b| {
                    self.rules.units[b]
                        .formation
                        .is_some_and(|f| seq.formations.contains(&f))
                        && self.builder_ready(**h, b)
                })
            })
            .map(|(h, _)| *h)
            .collect();
        for hex in done {
            self.complete_strongpoint(hex);
        }
    }

    fn complete_strongpoint(&mut self, hex: HexId) {
        if let Some(sp) = self.st.strongpoints.get_mut(&hex) {
            sp.complete = true;
            sp.builder = None;
            self.emit(Event::StrongpointCompleted { hex });
        }
    }

    /// 14.26b: the builder moved, retreated, attacked or was lost.
    pub(super) fn builder_gone(&mut self, u: usize) {
        let hexes: Vec<HexId> = self
            .st
            .strongpoints
            .iter()
            .filter(|(_, sp)| sp.builder == Some(u))
            .map(|(h, _)| *h)
            .collect();
        for hex in hexes {
            self.st.strongpoints.remove(&hex);
            self.emit(Event::StrongpointRemoved {
                hex,
                why: "its builder left the work (14.26b)".into(),
            });
        }
    }

    /// 14.26a, 14.25c: the Reorganization Segment's Engineering Phase.
    pub(super) fn reorganize_strongpoints(&mut self) {
        let all: Vec<(HexId, Strongpoint)> = self
            .st
            .strongpoints
            .iter()
            .map(|(h, s)| (*h, s.clone()))
            .collect();
        for (hex, sp) in all {
            let taken = self
                .combat_at(hex, 1 - sp.side)
                .iter()
                .any(|&u| !self.st.units[u].disrupted);
            if sp.complete && taken {
                self.st.strongpoints.remove(&hex);
                self.emit(Event::StrongpointRemoved {
                    hex,
                    why: "enemy combat units hold its hex (14.26a)".into(),
                });
            } else if let Some(b) = sp.builder
                && self.builder_ready(hex, b)
            {
                self.complete_strongpoint(hex);
            }
        }
    }

    /// 16.21-16.24: a Bridge unit beside a stream or river, the arrow on it, within
    /// Command Range of a friendly HQ, not in an enemy ZOC, in swamp only on a road.
    pub(super) fn check_bridge(
        &self,
        side: Side,
        unit: &str,
        hex: HexId,
        arrow: Dir,
    ) -> Checked<usize> {
        let u = self.own(unit, side)?;
        if self.rules.units[u].kind != Kind::Bridge || !self.st.units[u].alive() {
            return refuse("16.21", format!("{unit} is no Bridge unit"));
        }
        let b = &self.rules.board;
        let Some(hs) = b.grid.hexside_towards(hex, arrow) else {
            return refuse("16.21", "the arrow points off the map");
        };
        if !matches!(b.water(hs), Some(Water::Stream | Water::River)) {
            return refuse("16.21", format!("hexside {hs} is no stream or river"));
        }
        let grid = b.grid;
        let in_range = (0..self.rules.units.len()).any(|h| {
            self.rules.units[h].is_hq()
                && self.side_of(h) == side
                && self
                    .hex_of(h)
                    .is_some_and(|x| grid.distance(x, hex) <= self.rules.units[h].command_range)
        });
        if !in_range {
            return refuse("16.22", "no friendly HQ has the hex in Command Range");
        }
        if self.in_enemy_zoc(side, hex) || self.occupant(hex) == Some(1 - side) {
            return refuse("16.22", "the hex is in an enemy ZOC");
        }
        if b.cell(hex).ground == Ground::Swamp && b.links_of(hex).is_empty() {
            return refuse(
                "16.24",
                "a Bridge in swamp stands on a road, railroad or trail",
            );
        }
        if self.next_to_enemy(side, hex) && self.combat_at(hex, side).is_empty() {
            return refuse(
                "8.15",
                "a Bridge unit is not placed next to the enemy alone",
            );
        }
        Ok(u)
    }

    pub(super) fn place_bridge(&mut self, u: usize, hex: HexId, arrow: Dir) {
        let s = &mut self.st.units[u];
        s.loc = Loc::Map(hex);
        s.arrow = Some(arrow);
        let unit = self.id(u);
        self.emit(Event::BridgePlaced {
            unit,
            hex,
            arrow: format!("{arrow:?}"),
        });
    }

    pub(super) fn check_lift(&self, side: Side, unit: &str) -> Checked<usize> {
        let u = self.own(unit, side)?;
        if self.rules.units[u].kind != Kind::Bridge || self.hex_of(u).is_none() {
            return refuse("16.23", format!("{unit} is no Bridge unit on the map"));
        }
        Ok(u)
    }

    pub(super) fn lift_bridge(&mut self, u: usize) {
        self.st.units[u].loc = Loc::Off;
        self.st.units[u].arrow = None;
        let unit = self.id(u);
        self.emit(Event::BridgeRemoved {
            unit,
            why: "taken off the map (16.23)".into(),
        });
    }

    pub(super) fn bridge_candidates(&self, side: Side) -> Vec<Action> {
        let bridges: Vec<usize> = (0..self.rules.units.len())
            .filter(|&u| {
                self.rules.units[u].kind == Kind::Bridge
                    && self.side_of(u) == side
                    && self.st.units[u].alive()
            })
            .collect();
        if bridges.is_empty() {
            return Vec::new();
        }
        let grid = self.rules.board.grid;
        let mut hexes = std::collections::BTreeSet::new();
        for h in 0..self.rules.units.len() {
            if self.rules.units[h].is_hq()
                && self.side_of(h) == side
                && let Some(x) = self.hex_of(h)
            {
                hexes.extend(grid.range(x, self.rules.units[h].command_range));
            }
        }
        let mut out = Vec::new();
        for &u in &bridges {
            for &hex in &hexes {
                for arrow in Dir::ALL {
                    let hs = grid.hexside_towards(hex, arrow);
                    if hs.and_then(|s| self.rules.board.water(s)).is_some() {
                        out.push(Action::PlaceBridge {
                            unit: self.id(u),
                            hex,
                            arrow,
                        });
                    }
                }
            }
            if self.hex_of(u).is_some() {
                out.push(Action::LiftBridge { unit: self.id(u) });
            }
        }
        out
    }
}
