//! Close Air Support (10.41, 13.1-13.2): the HQ within four hexes that lets air units
//! fly, the turn's offensive missions and the once-a-formation rule, the Soviet bombers,
//! the Lead air unit's check.

use sztab_core::hex::HexId;

use super::action::Action;
use super::charts::Check;
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::state::Loc;
use super::unit::AirType;
use super::words::{GERMAN, SOVIET, Side};

impl Game {
    /// A friendly, non-Disrupted HQ within four hexes of the Defender Hex (13.14), of any
    /// formation (decision R-39).
    pub(super) fn air_cover(&self, side: Side, hex: HexId) -> bool {
        let grid = self.rules.board.grid;
        (0..self.rules.units.len()).any(|h| {
            self.rules.units[h].is_hq()
                && self.side_of(h) == side
                && !self.st.units[h].disrupted
                && self.hex_of(h).is_some_and(|x| grid.distance(x, hex) <= 4)
        })
    }

    /// The formation an offensive CAS mission is charged to, and whether it flies freely
    /// within the turn's missions (13.24b2-3).
    pub(super) fn cas_formation(&self, lead: usize, units: &[usize]) -> (Option<usize>, bool) {
        let f = self.formation_for(lead);
        let panzer = f.is_some_and(|f| self.rules.formations[f].panzer)
            && self.side_of(lead) == GERMAN
            && units
                .iter()
                .filter(|&&u| self.formation_for(u) == f)
                .count()
                * 2
                > units.len();
        (f, panzer)
    }

    /// Whether `side` may still fly an offensive mission for this attack (13.24b).
    pub(super) fn offensive_cas_open(&self, side: Side, lead: usize, units: &[usize]) -> bool {
        if self.st.cas_left[side] == 0 {
            return false;
        }
        let (f, free) = self.cas_formation(lead, units);
        free || f.is_none_or(|f| !self.st.cas_formations.contains(&f))
    }

    pub(super) fn check_air(&self, side: Side, unit: &str) -> Checked<usize> {
        let b = self.battle();
        let u = self.own(unit, side)?;
        let d = &self.rules.units[u];
        if d.air.is_none() || self.st.units[u].loc != Loc::Ready {
            return refuse("13.13", format!("{unit} is no air unit in the Ready Box"));
        }
        if b.air[side].contains(&u) || b.air[side].len() >= 2 {
            return refuse("13.21", "up to two air units a side a combat");
        }
        if !self.air_cover(side, b.hex) {
            return refuse(
                "13.14",
                "no friendly non-Disrupted HQ within four hexes of the Defender Hex",
            );
        }
        if side == b.attacker {
            if b.air[side].is_empty() && !self.offensive_cas_open(side, b.lead, &b.units) {
                return refuse("13.24b", "no offensive CAS mission is left for this attack");
            }
            let has_a = b.air[side]
                .iter()
                .any(|&x| self.rules.units[x].air == Some(AirType::A));
            if side == SOVIET && d.air == Some(AirType::B) && !has_a {
                // B only alongside an A: the A is committed first (decision R-18).
                return refuse(
                    "13.24b5",
                    "a Soviet bomber flies only with a ground attack unit",
                );
            }
        }
        Ok(u)
    }

    pub(super) fn commit_air(&mut self, u: usize) {
        let side = self.side_of(u);
        let (attacker, lead, units) = {
            let b = self.battle();
            (b.attacker, b.lead, b.units.clone())
        };
        if side == attacker && self.battle().air[side].is_empty() {
            self.st.cas_left[side] -= 1;
            let (f, free) = self.cas_formation(lead, &units);
            if let (Some(f), false) = (f, free) {
                self.st.cas_formations.insert(f);
            }
        }
        self.battle_mut().air[side].push(u);
        let unit = self.id(u);
        self.emit(Event::AirCommitted { unit });
    }

    pub(super) fn air_candidates(&self, side: Side) -> Vec<Action> {
        (0..self.rules.units.len())
            .filter(|&u| self.side_of(u) == side && self.st.units[u].loc == Loc::Ready)
            .map(|u| Action::Air { unit: self.id(u) })
            .collect()
    }

    /// The CAS check of a side (10.41b-c): its DRM if the Lead air unit passes, none and
    /// every committed air unit Flown if it fails.
    pub(super) fn cas_check(&mut self, side: Side) -> i32 {
        let b = self.battle().clone();
        let Some(&lead) = b.air[side].first() else {
            return 0;
        };
        let drm = self.coordination_drm(&b, side, Check::Cas);
        let passed = self.er_check("CAS coordination (10.41)", lead, drm).0;
        let total: i32 = b.air[side].iter().map(|&u| self.rules.units[u].cas).sum();
        let sign = if side == b.attacker { -1 } else { 1 };
        let given = if passed { sign * total } else { 0 };
        if !passed {
            for &u in &b.air[side] {
                self.st.units[u].loc = Loc::Flown;
            }
            self.battle_mut().air[side].clear();
        }
        self.emit(Event::Cas { side, drm: given });
        given
    }
}
