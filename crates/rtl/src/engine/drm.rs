//! The combat DRMs (10.61-10.62): terrain in the Defender Hex and the hexside attacked
//! across (10.22), the Strongpoint, the ER differential, CAS, No Retreat, the Combined
//! Arms Bonus, failed coordination, engineers; netted and capped at ±5. And the result as
//! it applies: reduced loss (11.24) and armor attrition (11.12).

use sztab_core::hex::HexId;

use super::board::{Ground, Water};
use super::charts::CombatTerrain;
use super::crt::CrtResult;
use super::game::Game;
use super::state::Battle;
use super::words::{Weather, other};

/// The final DRM never goes beyond ±5 (10.62).
pub const DRM_CAP: i32 = 5;

impl Game {
    /// The most favourable terrain DRM of the Defender Hex (10.22a).
    fn hex_terrain_drm(&self, hex: HexId) -> i32 {
        let c = self.rules.board.cell(hex);
        let ch = &self.rules.charts;
        let mut drms = vec![ch.terrain_drm(match c.ground {
            Ground::Clear => CombatTerrain::Clear,
            Ground::Marsh => CombatTerrain::Marsh,
            Ground::Swamp => CombatTerrain::Swamp,
            Ground::Rough => CombatTerrain::Rough,
        })];
        if c.woods {
            drms.push(ch.terrain_drm(CombatTerrain::Woods));
        }
        if c.hill {
            drms.push(ch.terrain_drm(CombatTerrain::Hill));
        }
        if c.town {
            drms.push(ch.terrain_drm(CombatTerrain::Town));
        }
        drms.into_iter().max().unwrap_or(0)
    }

    /// The water every non-artillery attacker attacks across, if it is the same (10.22c).
    fn common_water(&self, units: &[usize], hex: HexId) -> Option<Water> {
        let b = &self.rules.board;
        let mut waters = units.iter().map(|&u| {
            self.hex_of(u)
                .and_then(|f| b.side(f, hex))
                .and_then(|s| b.water(s))
        });
        let first = waters.next()??;
        waters.all(|w| w == Some(first)).then_some(first)
    }

    /// 10.61f: armor and motorized infantry attacking together, not across a river, not
    /// Disrupted; no anti-tank defender; Dry or Cloudy; not swamp, town or Strongpoint.
    pub(super) fn combined_arms(&self, b: &Battle, units: &[usize], defenders: &[usize]) -> bool {
        let ok = |u: usize| !self.across_river(u, b.hex) && !self.st.units[u].disrupted;
        let armor = units
            .iter()
            .any(|&u| self.rules.units[u].is_armored() && ok(u));
        let infantry = units
            .iter()
            .any(|&u| self.rules.units[u].is_cab_infantry() && ok(u));
        let at = defenders
            .iter()
            .any(|&u| self.rules.units[u].is_anti_tank());
        let cell = self.rules.board.cell(b.hex);
        armor
            && infantry
            && !at
            && self.st.weather != Weather::Rain
            && cell.ground != Ground::Swamp
            && !cell.town
            && !self.defender_strongpoint(b)
    }

    fn defender_strongpoint(&self, b: &Battle) -> bool {
        self.st
            .strongpoints
            .get(&b.hex)
            .is_some_and(|s| s.complete && s.side == other(b.attacker))
    }

    /// The net DRM of a combat or Overrun (10.61, 8.67e), capped (10.62).
    pub(super) fn combat_drm(
        &self,
        b: &Battle,
        units: &[usize],
        defenders: &[usize],
        cas: i32,
        failed: bool,
    ) -> i32 {
        let ch = &self.rules.charts;
        let mut drm = self.hex_terrain_drm(b.hex);
        let water = self.common_water(units, b.hex);
        match water {
            Some(Water::Stream) => drm += ch.terrain_drm(CombatTerrain::Stream),
            Some(Water::River) => drm += ch.terrain_drm(CombatTerrain::River),
            _ => {}
        }
        let sp = self.defender_strongpoint(b);
        if sp {
            drm += ch.drms.strongpoint;
        }
        if let Some(dl) = b.defender_lead.filter(|l| defenders.contains(l)) {
            drm += self.er(dl) - self.er(b.lead);
        }
        drm += cas;
        if self
            .st
            .seq
            .as_ref()
            .is_some_and(|q| q.no_retreat.contains(&b.hex))
        {
            drm += ch.drms.no_retreat;
        }
        if self.combined_arms(b, units, defenders) {
            drm += ch.drms.combined_arms;
        }
        if failed {
            drm += ch.drms.failed_coordination;
        }
        // A town in the hex counts as the town's DRM (decision R-43).
        let engineer = units.iter().any(|&u| self.rules.units[u].is_engineer());
        let stream_drm = water == Some(Water::Stream) && ch.terrain_drm(CombatTerrain::Stream) != 0;
        if !b.overrun && engineer && (self.rules.board.cell(b.hex).town || sp || stream_drm) {
            drm += ch.drms.engineer;
        }
        drm.clamp(-DRM_CAP, DRM_CAP)
    }

    /// The result as applied: a side wiped out with loss unfulfilled cuts the other's
    /// loss by one (11.24); a shaded box with armor attacking and a red defense defending
    /// costs at least one armor step (11.12). Returns the result and the attrition flag.
    pub(super) fn adjust_result(
        &self,
        raw: CrtResult,
        units: &[usize],
        defenders: &[usize],
        hex: HexId,
    ) -> (CrtResult, bool) {
        let steps = |us: &[usize]| -> u8 { us.iter().map(|&u| self.st.units[u].steps).sum() };
        let mut subject: Vec<usize> = units.to_vec();
        if let Some(b) = self.st.seq.as_ref().and_then(|q| q.battle.as_ref()) {
            subject.extend(b.artillery[b.attacker].iter().copied().filter(|&u| {
                self.hex_of(u)
                    .is_some_and(|h| self.rules.board.grid.are_adjacent(h, hex))
            }));
        }
        let (sa, sd) = (steps(&subject), steps(defenders));
        let mut r = raw;
        if !raw.defender.eliminated && raw.defender.steps > sd {
            r.attacker.steps = r.attacker.steps.saturating_sub(1);
        }
        if !raw.attacker.eliminated && raw.attacker.steps > sa {
            r.defender.steps = r.defender.steps.saturating_sub(1);
        }
        let armor = units.iter().any(|&u| self.rules.units[u].red_attack);
        let red = defenders.iter().any(|&u| self.rules.units[u].red_defense);
        let attrition = raw.attrition && armor && red;
        if attrition && r.attacker.steps == 0 && !r.attacker.eliminated {
            r.attacker.steps = 1;
        }
        (r, attrition)
    }
}
