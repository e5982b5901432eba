//! The Supply Marker Phase (13.2.1): each SDM may be placed on a road hex joined to a
//! source serving it by a road path that avoids enemy units and enemy zones not held by
//! friends, no more than one increment beyond what its capacity allows. It then stays put
//! for the turn. J-28: SDM displacement by enemy units (13.2.4) is not played.

use std::collections::BTreeMap;

use sztab_core::hex::HexId;

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, RuleError};
use super::state::Loc;
use super::weather::Ground;

impl Game {
    /// Road hexes `sdm` may stand on this turn, with their road distance to a source.
    fn sdm_sites(&self, sdm: usize) -> BTreeMap<HexId, u32> {
        let d = &self.rules.units[sdm];
        let Some(s) = d.sdm else {
            return BTreeMap::new();
        };
        let inc = match self.st.ground {
            Ground::Frozen => s.frozen,
            Ground::Mud => s.mud,
        }
        .max(1);
        let reach = (s.capacity + 1) * inc;
        let mut sites = BTreeMap::new();
        for src in self.source_hexes(sdm) {
            for (h, dist) in self.supply_reach(src, d.army, reach, true) {
                let e = sites.entry(h).or_insert(dist);
                *e = (*e).min(dist);
            }
        }
        sites
    }

    pub(crate) fn sdm_placements(&self) -> Vec<Action> {
        let army = self.st.phase.player;
        let mut out = Vec::new();
        for u in 0..self.rules.units.len() {
            let d = &self.rules.units[u];
            if d.army != army || d.sdm.is_none() || self.st.placed.contains(&u) {
                continue;
            }
            let here = self.st.units[u].hex();
            for h in self.sdm_sites(u).into_keys() {
                if Some(h) != here && !self.enemy_on(h, army) {
                    out.push(Action::PlaceSdm {
                        sdm: self.id(u),
                        hex: h,
                    });
                }
            }
        }
        out
    }

    pub(crate) fn place_sdm(&mut self, id: &str, hex: HexId, out: &mut Vec<Event>) -> Checked<()> {
        let u = self.own(id)?;
        if self.rules.units[u].sdm.is_none() {
            return Err(RuleError::new("13.2", format!("{id} is no SDM")));
        }
        if self.st.placed.contains(&u) {
            return Err(RuleError::new(
                "13.2.1",
                format!("{id} has been placed this turn"),
            ));
        }
        let army = self.rules.units[u].army;
        if self.enemy_on(hex, army) || !self.sdm_sites(u).contains_key(&hex) {
            return Err(RuleError::new(
                "13.2.1",
                format!(
                    "{} is no road hex {id} can reach its source from",
                    self.hex_label(hex)
                ),
            ));
        }
        self.st.placed.insert(u);
        self.st.units[u].loc = Loc::Map(hex);
        self.emit(
            out,
            Event::SdmPlaced {
                sdm: id.to_owned(),
                hex,
            },
        );
        Ok(())
    }
}
