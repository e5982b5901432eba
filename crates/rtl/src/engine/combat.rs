//! Resolving a Declared Attack (10.0, the Expanded SoP's Combat Phase a-j): the CRT
//! (10.3), the Lead unit and Command Points, Close Air Support (10.41, 13.2), artillery
//! Fire Support (10.42, 12.1), the odds (10.5), combat unit coordination (10.44), the DRMs
//! (10.6) and the roll.

use sztab_core::hex::HexId;

use super::action::Action;
use super::board::Ground;
use super::charts::{Check, CoordRow, ROLLS};
use super::crt::CrtResult;
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::state::{After, Battle, BattleStage, Pending};
use super::unit::Kind;
use super::words::{CrtKind, SeqKind, Side, Weather, other};

/// A checked Resolve action.
pub(super) struct ResolvePlan {
    hex: HexId,
    crt: CrtKind,
    lead: usize,
    hq: Option<usize>,
    leader: Option<usize>,
    units: Vec<usize>,
}

/// The steps of a combat's results, last first (they are pushed on the pending stack).
const AFTER_COMBAT: [After; 8] = [
    After::Finish,
    After::Advance,
    After::AttackerRetreat,
    After::DefenderRetreat,
    After::Disrupt,
    After::NoRetreatLoss,
    After::AttackerLoss,
    After::DefenderLoss,
];

const AFTER_OVERRUN: [After; 6] = [
    After::Finish,
    After::OverrunOutcome,
    After::DefenderRetreat,
    After::Disrupt,
    After::AttackerLoss,
    After::DefenderLoss,
];

impl Game {
    pub(super) fn battle(&self) -> &Battle {
        self.st
            .seq
            .as_ref()
            .and_then(|q| q.battle.as_ref())
            .expect("a combat under way")
    }

    pub(super) fn battle_mut(&mut self) -> &mut Battle {
        self.st
            .seq
            .as_mut()
            .and_then(|q| q.battle.as_mut())
            .expect("a combat under way")
    }

    /// 10.32-10.33: the CRTs an attack may use.
    pub(super) fn crt_options(&self, hex: HexId, units: &[usize], overrun: bool) -> Vec<CrtKind> {
        if overrun {
            return vec![CrtKind::Mobile];
        }
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let cell = self.rules.board.cell(hex);
        let defender = other(seq.side);
        let sp = self
            .st
            .strongpoints
            .get(&hex)
            .is_some_and(|s| s.complete && s.side == defender);
        let armor = units.iter().any(|&u| self.rules.units[u].is_armored());
        let all_river = units.iter().all(|&u| self.across_river(u, hex));
        let assault = seq.kind == SeqKind::Assault
            || self.st.weather == Weather::Rain
            || !armor
            || cell.town
            || cell.hill
            || cell.ground == Ground::Swamp
            || sp
            || all_river;
        if assault {
            vec![CrtKind::Assault]
        } else {
            vec![CrtKind::Mobile, CrtKind::Assault]
        }
    }

    /// The HQ that may spend Command Points on an attack (4.34, 10.44b, 15.33a1): of the
    /// Lead's formation, in Command Range of it, and more than half the attacking units
    /// of that formation (activated Army units counting as the Active Formation's).
    fn check_attack_hq(
        &self,
        hq: &Option<String>,
        lead: usize,
        units: &[usize],
    ) -> Checked<Option<usize>> {
        let Some(h) = self.check_hq_for(hq, lead)? else {
            return Ok(None);
        };
        let f = self.formation_for(lead);
        let of_it = units
            .iter()
            .filter(|&&u| self.formation_for(u) == f)
            .count();
        if of_it * 2 <= units.len() {
            return refuse(
                "4.34",
                "the HQ's formation is not the majority of the attack",
            );
        }
        Ok(Some(h))
    }

    /// A Leader adding its Command Points to the HQ's (15.25, decision R-17): von Manstein
    /// within its range of that HQ, Voroshilov stacked with it.
    fn check_leader(
        &self,
        leader: &Option<String>,
        hq: Option<usize>,
        lead: usize,
    ) -> Checked<Option<usize>> {
        let Some(id) = leader else { return Ok(None) };
        let l = self.own(id, self.side_of(lead))?;
        let d = &self.rules.units[l];
        let Some(h) = hq else {
            return refuse(
                "15.25",
                "a Leader spends with the HQ that commits its points",
            );
        };
        let grid = self.rules.board.grid;
        let (Some(lh), Some(hh), Some(at)) = (self.hex_of(l), self.hex_of(h), self.hex_of(lead))
        else {
            return refuse("15.25", "the Leader is not on the map");
        };
        let ok = if d.command_range >= 8 {
            grid.distance(lh, hh) <= d.command_range
        } else {
            lh == hh && grid.distance(lh, at) <= d.command_range
        };
        if d.kind != Kind::Leader || self.command_points(l) == 0 || !ok {
            return refuse("15.25", format!("{id} cannot add its Command Points here"));
        }
        Ok(Some(l))
    }

    pub(super) fn check_resolve(&self, a: &Action) -> Checked<ResolvePlan> {
        let Action::Resolve {
            hex,
            crt,
            lead,
            hq,
            leader,
        } = a
        else {
            return refuse("10.0", "not a combat");
        };
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let Some(attack) = seq.attacks.iter().find(|x| x.hex == *hex) else {
            return refuse("10.12", format!("no attack is declared on {hex}"));
        };
        let units = attack.units.clone();
        if !self.crt_options(*hex, &units, false).contains(crt) {
            return refuse("10.32", format!("the {crt} may not be used against {hex}"));
        }
        let l = self.own(lead, seq.side)?;
        if !units.contains(&l) || !self.active(l) || self.attack_of(l) == 0 {
            return refuse("3.43c", format!("{lead} cannot lead this attack"));
        }
        let hq = self.check_attack_hq(hq, l, &units)?;
        let leader = self.check_leader(leader, hq, l)?;
        Ok(ResolvePlan {
            hex: *hex,
            crt: *crt,
            lead: l,
            hq,
            leader,
            units,
        })
    }

    pub(super) fn resolve(&mut self, p: ResolvePlan) {
        let side = self.st.seq.as_ref().expect("in a sequence").side;
        let mut cp = [0; 2];
        for x in [p.hq, p.leader].into_iter().flatten() {
            cp[side] += self.command_points(x);
            self.spend(x);
        }
        let defender_lead = self
            .st
            .seq
            .as_ref()
            .and_then(|q| q.leads.get(&p.hex).copied());
        let mut hq = [None; 2];
        hq[side] = p.hq;
        let mut leader = [None; 2];
        leader[side] = p.leader;
        self.st.seq.as_mut().expect("in a sequence").battle = Some(Battle {
            hex: p.hex,
            attacker: side,
            overrun: false,
            crt: p.crt,
            units: p.units,
            lead: p.lead,
            defender_lead,
            hq,
            leader,
            air: [Vec::new(), Vec::new()],
            artillery: [Vec::new(), Vec::new()],
            stage: BattleStage::Defend,
            result: None,
            defenders: Vec::new(),
            no_advance: false,
            cp,
            attrition: false,
            cas: [0, 0],
        });
    }

    pub(super) fn resolve_candidates(&self) -> Vec<Action> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let mut out = Vec::new();
        for a in &seq.attacks {
            for crt in self.crt_options(a.hex, &a.units, false) {
                for &l in &a.units {
                    if !self.active(l) || self.attack_of(l) == 0 {
                        continue;
                    }
                    for hq in self.hq_options(l) {
                        let mut leaders = vec![None];
                        if hq.is_some() {
                            leaders.extend(
                                self.leaders(seq.side).into_iter().map(|x| Some(self.id(x))),
                            );
                        }
                        for leader in leaders {
                            out.push(Action::Resolve {
                                hex: a.hex,
                                crt,
                                lead: self.id(l),
                                hq: hq.clone(),
                                leader,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    // ---- the defender's Command Points (15.33b) ----

    pub(super) fn check_defend(&self, hq: &Option<String>) -> Checked<Option<usize>> {
        let b = self.battle();
        match b.defender_lead {
            Some(l) => self.check_hq_for(hq, l),
            None if hq.is_none() => Ok(None),
            None => refuse("15.33b", "no Lead unit defends"),
        }
    }

    pub(super) fn defend(&mut self, hq: Option<usize>) {
        let side = other(self.battle().attacker);
        if let Some(h) = hq {
            let cp = self.command_points(h);
            self.spend(h);
            let b = self.battle_mut();
            b.cp[side] += cp;
            b.hq[side] = Some(h);
        }
        let att = self.battle().attacker;
        self.battle_mut().stage = BattleStage::Air(att);
    }

    pub(super) fn defend_candidates(&self) -> Vec<Action> {
        match self.battle().defender_lead {
            Some(l) => self
                .hq_options(l)
                .into_iter()
                .map(|hq| Action::Defend { hq })
                .collect(),
            None => vec![Action::Defend { hq: None }],
        }
    }

    /// The Combat Coordination Table's DRMs on a check (10.4): Command Points; the
    /// sequence, on the attacker's checks (decision R-21); woods in the Defender Hex;
    /// Cloudy and Rain; attackers in three or more hexes.
    pub(super) fn coordination_drm(&self, b: &Battle, side: Side, check: Check) -> i32 {
        let c = &self.rules.charts;
        let mut drm = b.cp[side] as i32 * c.coordination(CoordRow::CommandPoint, check);
        if side == b.attacker && !b.overrun {
            let kind = self.st.seq.as_ref().map_or(SeqKind::Mobile, |q| q.kind);
            drm += c.coordination(
                if kind == SeqKind::Assault {
                    CoordRow::Assault
                } else {
                    CoordRow::Mobile
                },
                check,
            );
        }
        if self.rules.board.cell(b.hex).woods {
            drm += c.coordination(CoordRow::Woods, check);
        }
        match self.st.weather {
            Weather::Cloudy => drm += c.coordination(CoordRow::Cloudy, check),
            Weather::Rain => drm += c.coordination(CoordRow::Rain, check),
            Weather::Dry => {}
        }
        if check == Check::Combat {
            let hexes: std::collections::BTreeSet<_> =
                b.units.iter().filter_map(|&u| self.hex_of(u)).collect();
            if hexes.len() >= 3 {
                drm += c.coordination(CoordRow::ThreeHexes, check);
            }
        }
        drm
    }

    /// One side has committed its air or artillery: the next stage.
    pub(super) fn end_commit(&mut self) {
        let b = self.battle().clone();
        let def = other(b.attacker);
        let next = match b.stage {
            BattleStage::Air(s) if s == b.attacker => Some(BattleStage::Air(def)),
            BattleStage::Air(_) => {
                let a = self.cas_check(b.attacker);
                let d = self.cas_check(def);
                self.battle_mut().cas = [a, d];
                Some(BattleStage::Artillery(b.attacker))
            }
            BattleStage::Artillery(s) if s == b.attacker => Some(BattleStage::Artillery(def)),
            _ => None,
        };
        match next {
            Some(st) => self.battle_mut().stage = st,
            None => self.roll_battle(),
        }
    }

    /// Steps f-j: final strengths and odds, combat unit coordination, DRMs, the roll.
    pub(super) fn roll_battle(&mut self) {
        let b = self.battle().clone();
        let grid = self.rules.board.grid;
        let units: Vec<usize> = b
            .units
            .iter()
            .copied()
            .filter(|&u| self.hex_of(u).is_some_and(|h| grid.are_adjacent(h, b.hex)))
            .collect();
        let defenders = self.defenders(b.hex, b.attacker);
        let cas = if b.overrun {
            self.cas_check(b.attacker)
        } else {
            b.cas[0] + b.cas[1]
        };
        let (attack, defense) = self.final_strengths(&b, &units, &defenders);
        let failed = !b.overrun && !self.combat_coordinated(&b, &units);
        let drm = self.combat_drm(&b, &units, &defenders, cas, failed);
        let (result, roll, odds) = self.read_crt(b.crt, attack, defense, drm);
        self.emit(Event::Combat {
            hex: b.hex,
            overrun: b.overrun,
            crt: b.crt,
            attack,
            defense,
            odds,
            drm,
            roll,
            result,
        });
        let (result, attrition) = self.adjust_result(result, &units, &defenders, b.hex);
        let bm = self.battle_mut();
        bm.units = units;
        bm.defenders = defenders;
        bm.result = Some(result);
        bm.attrition = attrition;
        bm.stage = BattleStage::Aftermath;
        let steps: &[After] = if b.overrun {
            &AFTER_OVERRUN
        } else {
            &AFTER_COMBAT
        };
        for &a in steps {
            self.st.pending.push(Pending::Aftermath(a));
        }
    }

    /// 10.51: each side's ground strength and its support, which never exceeds the
    /// strength of the side's non-artillery units (10.42e, 12.13f). In an Overrun only the
    /// artillery in the Defender Hex supports, at full strength (8.66).
    fn final_strengths(&mut self, b: &Battle, units: &[usize], defenders: &[usize]) -> (u32, u32) {
        let supporter = self.hex_supporter(b.hex, defenders);
        let ground_attack = self.attack_total(units, b.hex);
        let ground_defense: u32 = defenders
            .iter()
            .filter(|&&u| Some(u) != supporter)
            .map(|&u| self.defense_of(u))
            .sum();
        let (sup_a, sup_d) = if b.overrun {
            (0, supporter.map_or(0, |u| self.rules.units[u].support))
        } else {
            let def = other(b.attacker);
            (self.support(b.attacker, None), self.support(def, supporter))
        };
        let non_art_defense: u32 = defenders
            .iter()
            .filter(|&&u| !self.rules.units[u].is_artillery())
            .map(|&u| self.defense_of(u))
            .sum();
        (
            ground_attack + sup_a.min(ground_attack),
            ground_defense + sup_d.min(non_art_defense),
        )
    }

    /// 10.63: the odds' column, the roll with its DRM; below 1:4 the automatic result
    /// (10.53a).
    fn read_crt(
        &mut self,
        kind: CrtKind,
        attack: u32,
        defense: u32,
        drm: i32,
    ) -> (CrtResult, Option<u8>, String) {
        let crt = self.rules.charts.crt(kind).clone();
        match crt.column(attack, defense) {
            None => (crt.below(), None, "below 1:4".to_string()),
            Some(col) => {
                let roll = self.d10();
                let m = (i32::from(roll) + drm).clamp(ROLLS.0, ROLLS.1);
                (
                    crt.result(col, m).unwrap_or_default(),
                    Some(roll),
                    crt.label(col),
                )
            }
        }
    }

    /// 10.44: automatic when every attacker stands in one hex and none is Disrupted;
    /// otherwise the Lead's ER check.
    fn combat_coordinated(&mut self, b: &Battle, units: &[usize]) -> bool {
        let hexes: std::collections::BTreeSet<_> =
            units.iter().filter_map(|&u| self.hex_of(u)).collect();
        if hexes.len() <= 1 && !units.iter().any(|&u| self.st.units[u].disrupted) {
            return true;
        }
        let drm = self.coordination_drm(b, b.attacker, Check::Combat);
        self.er_check("combat unit coordination (10.44)", b.lead, drm)
            .0
    }
}
