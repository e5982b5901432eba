//! What an attack will likely give, worked out before it is made with the engine's own
//! functions (the strengths of 10.5 and 3.56, the DRMs of 10.61 capped by 10.62, the
//! checks of 10.4 and the scenario's CRTs), without rolling a die: every check is
//! counted over the ten faces of the d10 (decision R-46). `sztab odds` prints it and the
//! heuristic bot weighs attacks by it.

use sztab_core::hex::HexId;

use super::charts::{Check, ROLLS};
use super::crt::CrtResult;
use super::drm::{DrmTerm, net_drm};
use super::game::Game;
use super::state::{Battle, BattleStage};
use super::words::{CrtKind, Side, other};

/// One way the checks of a combat may go, and what is rolled on then.
#[derive(Clone, Debug, PartialEq)]
pub struct Branch {
    pub p: f64,
    /// Final strengths with support (10.51).
    pub attack: u32,
    pub defense: u32,
    /// The CRT column, `None` below the first (10.53a).
    pub column: Option<usize>,
    pub drm: i32,
    pub coordinated: bool,
    /// The CAS DRM of both sides.
    pub cas: i32,
}

/// An attack's forecast.
#[derive(Clone, Debug, PartialEq)]
pub struct Forecast {
    pub crt: CrtKind,
    /// The ground strengths (3.56, 10.51) before support.
    pub ground_attack: u32,
    pub ground_defense: u32,
    /// The DRMs when combat units are coordinated and no CAS is given.
    pub terms: Vec<DrmTerm>,
    /// The chance the combat units are coordinated (10.44).
    pub p_coordinated: f64,
    pub branches: Vec<Branch>,
    /// Every result the CRT may give, with its chance, most likely first.
    pub results: Vec<(CrtResult, f64)>,
}

/// The chance of an ER check of `er` with `drm` passing on a d10 (3.42).
pub fn p_pass(er: i32, drm: i32) -> f64 {
    f64::from((er - drm).clamp(0, 10)) / 10.0
}

impl Forecast {
    /// The expected steps each force loses (attacker, defender), counting an "E" as
    /// every step of the force and the reduction of 11.24 as the CRT gives it.
    pub fn expected_steps(&self, attacker_steps: u8, defender_steps: u8) -> (f64, f64) {
        let mut a = 0.0;
        let mut d = 0.0;
        for (r, p) in &self.results {
            let la = if r.attacker.eliminated {
                attacker_steps
            } else {
                r.attacker.steps.min(attacker_steps)
            };
            let ld = if r.defender.eliminated {
                defender_steps
            } else {
                r.defender.steps.min(defender_steps)
            };
            a += p * f64::from(la);
            d += p * f64::from(ld);
        }
        (a, d)
    }

    /// The chance the defender must leave the hex (retreat or elimination).
    pub fn p_defender_out(&self) -> f64 {
        self.results
            .iter()
            .filter(|(r, _)| r.defender.retreat || r.defender.eliminated)
            .map(|(_, p)| p)
            .sum()
    }
}

impl Game {
    /// A combat not yet made: `units` of `attacker` against `hex` on `crt`.
    pub(super) fn what_if_battle(
        &self,
        hex: HexId,
        attacker: Side,
        crt: CrtKind,
        units: Vec<usize>,
        lead: usize,
        defender_lead: Option<usize>,
    ) -> Battle {
        Battle {
            hex,
            attacker,
            overrun: false,
            crt,
            units,
            lead,
            defender_lead,
            hq: [None; 2],
            leader: [None; 2],
            air: [Vec::new(), Vec::new()],
            artillery: [Vec::new(), Vec::new()],
            stage: BattleStage::Defend,
            result: None,
            defenders: Vec::new(),
            no_advance: false,
            cp: [0, 0],
            attrition: false,
            cas: [0, 0],
        }
    }

    /// A side's support (10.42) by how its coordination check goes: (chance, strength).
    fn support_odds(&self, b: &Battle, side: Side, auto: Option<usize>) -> Vec<(f64, u32)> {
        let (auto, units) = self.support_split(b, side, auto);
        let Some(&lead) = units.first() else {
            return vec![(1.0, self.support_total(b, auto, &units, Some(1)))];
        };
        let drm = self.coordination_drm(b, side, Check::Artillery);
        let er = self.er(lead);
        let mut counts = [0u32; 3];
        for roll in 1..=10 {
            let m = roll + drm;
            counts[if m <= er {
                0
            } else if m < 10 {
                1
            } else {
                2
            }] += 1;
        }
        [(0, Some(1)), (1, Some(2)), (2, None)]
            .into_iter()
            .filter(|&(i, _)| counts[i] > 0)
            .map(|(i, f)| {
                (
                    f64::from(counts[i]) / 10.0,
                    self.support_total(b, auto, &units, f),
                )
            })
            .collect()
    }

    /// A side's CAS (10.41, 13.23): (chance, DRM).
    fn cas_odds(&self, b: &Battle, side: Side) -> Vec<(f64, i32)> {
        let Some(&lead) = b.air[side].first() else {
            return vec![(1.0, 0)];
        };
        let p = p_pass(self.er(lead), self.coordination_drm(b, side, Check::Cas));
        let total: i32 = b.air[side].iter().map(|&u| self.rules.units[u].cas).sum();
        let sign = if side == b.attacker { -1 } else { 1 };
        vec![(p, sign * total), (1.0 - p, 0)]
    }

    /// The forecast of battle `b` (its units, Leads, committed air and artillery and
    /// Command Points) against the defenders in its hex now: the same strengths, DRMs
    /// and table as [`Game::roll_battle`], every check counted over the d10.
    pub(super) fn forecast(&self, b: &Battle) -> Forecast {
        let defenders = self.defenders(b.hex, b.attacker);
        let units = &b.units;
        let supporter = self.hex_supporter(b.hex, &defenders);
        let ground_attack = self.attack_total(units, b.hex);
        let ground_defense: u32 = defenders
            .iter()
            .filter(|&&u| Some(u) != supporter)
            .map(|&u| self.defense_of(u))
            .sum();
        let non_art_defense: u32 = defenders
            .iter()
            .filter(|&&u| !self.rules.units[u].is_artillery())
            .map(|&u| self.defense_of(u))
            .sum();
        let def = other(b.attacker);
        let sup_a = self.support_odds(b, b.attacker, None);
        let sup_d = self.support_odds(b, def, supporter);
        let hexes: std::collections::BTreeSet<_> =
            units.iter().filter_map(|&u| self.hex_of(u)).collect();
        let p_coordinated =
            if hexes.len() <= 1 && !units.iter().any(|&u| self.st.units[u].disrupted) {
                1.0
            } else {
                p_pass(
                    self.er(b.lead),
                    self.coordination_drm(b, b.attacker, Check::Combat),
                )
            };
        let (cas_a, cas_d) = (self.cas_odds(b, b.attacker), self.cas_odds(b, def));
        let crt = self.rules.charts.crt(b.crt);
        let mut branches = Vec::new();
        let mut results: Vec<(CrtResult, f64)> = Vec::new();
        let mut add = |r: CrtResult, p: f64| match results.iter_mut().find(|(x, _)| *x == r) {
            Some((_, q)) => *q += p,
            None => results.push((r, p)),
        };
        for &(pa, sa) in &sup_a {
            for &(pd, sd) in &sup_d {
                for (pc, coordinated) in [(p_coordinated, true), (1.0 - p_coordinated, false)] {
                    for &(pca, ca) in &cas_a {
                        for &(pcd, cd) in &cas_d {
                            let p = pa * pd * pc * pca * pcd;
                            if p <= 0.0 {
                                continue;
                            }
                            let attack = ground_attack + sa.min(ground_attack);
                            let defense = ground_defense + sd.min(non_art_defense);
                            let cas = ca + cd;
                            let drm = net_drm(&self.combat_drm_terms(
                                b,
                                units,
                                &defenders,
                                cas,
                                !coordinated,
                            ));
                            let column = crt.column(attack, defense);
                            match column {
                                None => add(crt.below(), p),
                                Some(col) => {
                                    for roll in 1..=10 {
                                        let m = (roll + drm).clamp(ROLLS.0, ROLLS.1);
                                        add(crt.result(col, m).unwrap_or_default(), p / 10.0);
                                    }
                                }
                            }
                            branches.push(Branch {
                                p,
                                attack,
                                defense,
                                column,
                                drm,
                                coordinated,
                                cas,
                            });
                        }
                    }
                }
            }
        }
        results.sort_by(|a, b| b.1.total_cmp(&a.1));
        Forecast {
            crt: b.crt,
            ground_attack,
            ground_defense,
            terms: self.combat_drm_terms(b, units, &defenders, 0, false),
            p_coordinated,
            branches,
            results,
        }
    }
}
