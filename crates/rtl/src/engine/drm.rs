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

/// One DRM of a combat: its rule, what gives it, its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrmTerm {
    pub rule: &'static str,
    pub what: String,
    pub value: i32,
}

/// The terms netted and capped at ±5 (10.62).
pub fn net_drm(terms: &[DrmTerm]) -> i32 {
    terms
        .iter()
        .map(|t| t.value)
        .sum::<i32>()
        .clamp(-DRM_CAP, DRM_CAP)
}

impl Game {
    /// The most favourable terrain DRM of the Defender Hex (10.22a), and its name.
    fn hex_terrain_drm(&self, hex: HexId) -> (i32, &'static str) {
        let c = self.rules.board.cell(hex);
        let ch = &self.rules.charts;
        let (ground, name) = match c.ground {
            Ground::Clear => (CombatTerrain::Clear, "clear"),
            Ground::Marsh => (CombatTerrain::Marsh, "marsh"),
            Ground::Swamp => (CombatTerrain::Swamp, "swamp"),
            Ground::Rough => (CombatTerrain::Rough, "rough"),
        };
        let mut drms = vec![(ch.terrain_drm(ground), name)];
        if c.woods {
            drms.push((ch.terrain_drm(CombatTerrain::Woods), "woods"));
        }
        if c.hill {
            drms.push((ch.terrain_drm(CombatTerrain::Hill), "hill"));
        }
        if c.town {
            drms.push((ch.terrain_drm(CombatTerrain::Town), "town"));
        }
        // The first of the highest: the ground before the overlays.
        drms.into_iter()
            .rev()
            .max_by_key(|(d, _)| *d)
            .unwrap_or((0, name))
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
        net_drm(&self.combat_drm_terms(b, units, defenders, cas, failed))
    }

    /// Every DRM of a combat or Overrun with its rule (10.61, 8.67e), before the cap;
    /// [`net_drm`] nets and caps them. Terms that give 0 are left out.
    pub(super) fn combat_drm_terms(
        &self,
        b: &Battle,
        units: &[usize],
        defenders: &[usize],
        cas: i32,
        failed: bool,
    ) -> Vec<DrmTerm> {
        let ch = &self.rules.charts;
        let mut out = Vec::new();
        let mut add = |rule: &'static str, what: String, value: i32| {
            if value != 0 {
                out.push(DrmTerm { rule, what, value });
            }
        };
        let (t, name) = self.hex_terrain_drm(b.hex);
        add("10.22a", format!("{name} in the Defender Hex"), t);
        let water = self.common_water(units, b.hex);
        match water {
            Some(Water::Stream) => add(
                "10.22c",
                "every attacker across a stream".into(),
                ch.terrain_drm(CombatTerrain::Stream),
            ),
            Some(Water::River) => add(
                "10.22c",
                "every attacker across a river".into(),
                ch.terrain_drm(CombatTerrain::River),
            ),
            _ => {}
        }
        let sp = self.defender_strongpoint(b);
        if sp {
            add(
                "10.61b",
                "a Strongpoint in the Defender Hex".into(),
                ch.drms.strongpoint,
            );
        }
        if let Some(dl) = b.defender_lead.filter(|l| defenders.contains(l)) {
            add(
                "10.61c",
                format!(
                    "ER differential: defending Lead {} ER {} − attacking Lead {} ER {}",
                    self.id(dl),
                    self.er(dl),
                    self.id(b.lead),
                    self.er(b.lead)
                ),
                self.er(dl) - self.er(b.lead),
            );
        }
        add("10.61d, 13.23", "Close Air Support".into(), cas);
        if self
            .st
            .seq
            .as_ref()
            .is_some_and(|q| q.no_retreat.contains(&b.hex))
        {
            add(
                "9.43a, 10.61e",
                "a No Retreat marker".into(),
                ch.drms.no_retreat,
            );
        }
        if self.combined_arms(b, units, defenders) {
            add(
                "10.61f",
                "Combined Arms Bonus".into(),
                ch.drms.combined_arms,
            );
        }
        if failed {
            add(
                "10.44, 10.61g",
                "failed combat unit coordination".into(),
                ch.drms.failed_coordination,
            );
        }
        // A town in the hex counts as the town's DRM (decision R-43).
        let engineer = units.iter().any(|&u| self.rules.units[u].is_engineer());
        let stream_drm = water == Some(Water::Stream) && ch.terrain_drm(CombatTerrain::Stream) != 0;
        if !b.overrun && engineer && (self.rules.board.cell(b.hex).town || sp || stream_drm) {
            add("10.61h", "an attacking engineer".into(), ch.drms.engineer);
        }
        out
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
