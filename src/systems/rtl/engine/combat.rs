//! Resolving a Declared Attack (10.0, the Expanded SoP's Combat Phase a-j): the CRT
//! (10.3), the Lead unit and Command Points, Close Air Support (10.41, 13.2), artillery
//! Fire Support (10.42, 12.1), the odds (10.5), combat unit coordination (10.44), the DRMs
//! (10.6) and the roll.

use crate::hex::HexId;

use super::action::Action;
use super::board::Ground;
use super::charts::{Check, CoordRow, ROLLS};
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::state::{After, Battle, BattleStage, Loc, Pending};
use super::unit::{AirType, Kind};
use super::words::{CrtKind, GERMAN, SOVIET, SeqKind, Side, Weather, other};

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

    // ---- Close Air Support (10.41, 13.1-13.2) ----

    /// A friendly, non-Disrupted HQ within four hexes of the Defender Hex (13.14), of any
    /// formation (decision R-39).
    fn air_cover(&self, side: Side, hex: HexId) -> bool {
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
    fn cas_check(&mut self, side: Side) -> i32 {
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

    // ---- Fire Support (10.42, 12.1) ----

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
    fn support(&mut self, side: Side, auto: Option<usize>) -> u32 {
        let b = self.battle().clone();
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

    /// Steps f-j: final strengths and odds, combat unit coordination, DRMs, the roll.
    pub(super) fn roll_battle(&mut self) {
        let b = self.battle().clone();
        let (att, def) = (b.attacker, other(b.attacker));
        let units: Vec<usize> = b
            .units
            .iter()
            .copied()
            .filter(|&u| {
                self.hex_of(u)
                    .is_some_and(|h| self.rules.board.grid.are_adjacent(h, b.hex))
            })
            .collect();
        let defenders = self.defenders(b.hex, att);
        let supporter = self.hex_supporter(b.hex, &defenders);
        let ground_attack = self.attack_total(&units, b.hex);
        let ground_defense: u32 = defenders
            .iter()
            .filter(|&&u| Some(u) != supporter)
            .map(|&u| self.defense_of(u))
            .sum();
        let cas_total = if b.overrun {
            self.cas_check(att)
        } else {
            b.cas[0] + b.cas[1]
        };
        let (sup_a, sup_d) = if b.overrun {
            (0, supporter.map_or(0, |u| self.rules.units[u].support))
        } else {
            (self.support(att, None), self.support(def, supporter))
        };
        let non_art_defense: u32 = defenders
            .iter()
            .filter(|&&u| !self.rules.units[u].is_artillery())
            .map(|&u| self.defense_of(u))
            .sum();
        let attack = ground_attack + sup_a.min(ground_attack);
        let defense = ground_defense + sup_d.min(non_art_defense);
        let failed = !b.overrun && !self.combat_coordinated(&b, &units);
        let drm = self.combat_drm(&b, &units, &defenders, cas_total, failed);
        let crt = self.rules.charts.crt(b.crt).clone();
        let (result, roll, odds) = match crt.column(attack, defense) {
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
        };
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
        let result = self.adjust_result(result, &units, &defenders, b.hex);
        let bm = self.battle_mut();
        bm.units = units;
        bm.defenders = defenders;
        bm.result = Some(result.0);
        bm.attrition = result.1;
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
