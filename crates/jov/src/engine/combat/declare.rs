//! Declaring combats (12.1.1) and the support declarations of each combat (12.1.3 A):
//! supported or not, German CAS, the attacker's artillery, the defender's, the Assault
//! Engineer, No Retreat. A declaration with only one possible answer is skipped.

use sztab_core::hex::HexId;

use super::super::action::Action;
use super::super::event::Event;
use super::super::game::{Checked, Game, RuleError};
use super::super::phase::Step;
use super::super::side::Army;
use super::super::state::{Org, Supply};
use super::super::unit::{Kind, Level, Sapper, Size};
use super::{Battle, Segment, Stage};

impl Game {
    /// 12.1.1: the attacker marks an enemy hex next to his attack-capable units.
    pub(crate) fn declare(&mut self, hex: HexId, out: &mut Vec<Event>) -> Checked<()> {
        let army = self.st.phase.player;
        if self.st.declared.contains_key(&hex) {
            return Err(RuleError::new(
                "12.1.1",
                format!("{} is declared already", self.hex_label(hex)),
            ));
        }
        if !self.defenders_on(hex, army.enemy()).iter().any(|_| true) {
            return Err(RuleError::new(
                "12.3",
                format!("{} holds no enemy unit to attack", self.hex_label(hex)),
            ));
        }
        if self.attack_hexes(hex, Segment::Normal).is_empty() {
            return Err(RuleError::new(
                "12.3",
                format!(
                    "no attack-capable unit of yours is next to {}",
                    self.hex_label(hex)
                ),
            ));
        }
        self.st.declared.insert(hex, None);
        self.emit(out, Event::Declared { hex });
        Ok(())
    }

    /// The units that would defend `hex` (12.3.1): all but SDMs.
    pub(crate) fn defenders_on(&self, hex: HexId, army: Army) -> Vec<usize> {
        self.own_on(hex, army)
            .into_iter()
            .filter(|&u| !self.rules.units[u].is_sdm())
            .collect()
    }

    /// May `u` attack in this segment (12.2, 12.3.3)?
    pub(crate) fn may_attack(&self, u: usize, seg: Segment) -> bool {
        let (d, s) = (&self.rules.units[u], &self.st.units[u]);
        if !d.attack_capable() || d.kind == Kind::Artillery || s.alarm_side {
            return false;
        }
        match seg {
            Segment::Normal => !s.attacked && !s.reserve,
            Segment::Reserve => !s.attacked && s.reserve,
            Segment::Breakthrough => s.breakthrough,
            Segment::Alarm => true,
        }
    }

    /// The attacker's units in `from` that join an attack (12.3.1: all of them).
    pub(crate) fn attackers_in(&self, from: HexId, seg: Segment) -> Vec<usize> {
        let army = self.st.phase.player;
        self.own_on(from, army)
            .into_iter()
            .filter(|&u| self.may_attack(u, seg))
            .collect()
    }

    /// Hexes next to `target` from which the side may attack it (never across a lake,
    /// 12.5).
    pub(crate) fn attack_hexes(&self, target: HexId, seg: Segment) -> Vec<HexId> {
        let b = &self.rules.board;
        let mut v: Vec<HexId> = b
            .neighbours(target)
            .into_iter()
            .filter(|&n| {
                let w = b.side(n, target).water;
                !matches!(
                    w,
                    Some(super::super::board::Water::Lake | super::super::board::Water::Dnepr)
                ) && !self.attackers_in(n, seg).is_empty()
            })
            .collect();
        v.sort_unstable();
        v
    }

    /// The segment the current step fights in.
    pub(crate) fn segment(&self) -> Segment {
        match self.st.phase.step {
            Step::Breakthrough => Segment::Breakthrough,
            Step::ReserveCombat => Segment::Reserve,
            _ => Segment::Normal,
        }
    }

    /// An Attack action: the combat on `target` from `from` begins (12.1.3).
    pub(crate) fn attack(
        &mut self,
        target: HexId,
        from: &[HexId],
        out: &mut Vec<Event>,
    ) -> Checked<()> {
        let seg = self.segment();
        let army = self.st.phase.player;
        if self.st.attacked_hexes.contains(&target) {
            return Err(RuleError::new(
                "12.3.3",
                format!("{} has been attacked this segment", self.hex_label(target)),
            ));
        }
        if seg == Segment::Normal && !self.st.declared.contains_key(&target) {
            return Err(RuleError::new(
                "12.1.3",
                format!("{} was not declared", self.hex_label(target)),
            ));
        }
        let defenders = self.defenders_on(target, army.enemy());
        if defenders.is_empty() {
            return Err(RuleError::new(
                "12.3",
                format!("{} holds no enemy unit", self.hex_label(target)),
            ));
        }
        if from.is_empty() {
            return Err(RuleError::new("12.3", "name the hexes that attack"));
        }
        let legal = self.attack_hexes(target, seg);
        let mut attackers = Vec::new();
        for (i, h) in from.iter().enumerate() {
            if from[..i].contains(h) || !legal.contains(h) {
                return Err(RuleError::new(
                    "12.3.2",
                    format!(
                        "{} cannot attack {}",
                        self.hex_label(*h),
                        self.hex_label(target)
                    ),
                ));
            }
            attackers.extend(self.attackers_in(*h, seg));
        }
        for &u in &attackers {
            if self.st.units[u].org == Org::Regroup {
                self.set_org(u, Org::Disorganized, "12.17.3", out);
            }
            self.st.units[u].attacked = true;
            self.st.units[u].reserve &= seg != Segment::Reserve;
        }
        for &u in &defenders {
            self.st.units[u].alarm_side = false;
        }
        self.st.attacked_hexes.insert(target);
        let soviet_air = self.st.declared.get(&target).copied().flatten();
        self.st.battle = Some(Battle {
            target,
            from: from.to_vec(),
            attacker: army,
            attackers,
            defenders,
            segment: seg,
            stage: Stage::Support,
            supported: Vec::new(),
            german_air: None,
            soviet_air: if seg == Segment::Normal {
                soviet_air
            } else {
                None
            },
            attacker_artillery: Vec::new(),
            defender_artillery: Vec::new(),
            engineer: None,
            no_retreat: false,
            advance: None,
            defender_advance: None,
        });
        self.skip_stages(out);
        Ok(())
    }

    /// A decision of the battle under way.
    pub(crate) fn battle_decision(&mut self, a: &Action, out: &mut Vec<Event>) -> Checked<()> {
        let b = self.st.battle.clone().expect("a battle");
        let options = self.stage_options(&b);
        if matches!(b.stage, Stage::Advance | Stage::DefenderAdvance) {
            return match a {
                Action::EndPhase => {
                    self.end_battle(out);
                    Ok(())
                }
                Action::Advance { unit, path } => self.advance(unit, path, out),
                _ => Err(RuleError::new(
                    "12.15",
                    "the attacker may advance or end the combat",
                )),
            };
        }
        if !options.contains(a) {
            return Err(RuleError::new(
                "12.1.3 A",
                format!(
                    "\"{a}\" is not an answer the {:?} declaration allows",
                    b.stage
                ),
            ));
        }
        self.take(a, out);
        if b.stage == Stage::NoRetreat {
            self.resolve(out);
        } else {
            self.next_stage();
        }
        self.skip_stages(out);
        Ok(())
    }

    /// Carries out a support declaration.
    fn take(&mut self, a: &Action, out: &mut Vec<Event>) {
        let mut b = self.st.battle.take().expect("a battle");
        match a {
            Action::Supported(true) => b.supported = self.support(&b, out),
            Action::GermanAir(true) => {
                if let Some(c) = self.draw_cas(Army::German) {
                    self.st.air.german = self.st.air.german.saturating_sub(1);
                    b.german_air = Some(c);
                    self.emit(
                        out,
                        Event::AirAssigned {
                            side: Army::German,
                            hex: b.target,
                        },
                    );
                }
            }
            Action::Artillery(ids) => {
                let units: Vec<usize> = ids.iter().filter_map(|i| self.rules.unit(i)).collect();
                let defending = b.stage == Stage::DefenderArtillery;
                for &u in &units {
                    self.fire_artillery(u, defending);
                }
                if defending {
                    b.defender_artillery = units;
                } else {
                    b.attacker_artillery = units;
                }
            }
            Action::Engineer(Some(id)) => b.engineer = self.rules.unit(id),
            Action::NoRetreat(yes) => b.no_retreat = *yes,
            _ => {}
        }
        self.st.battle = Some(b);
    }

    fn next_stage(&mut self) {
        if let Some(b) = self.st.battle.as_mut() {
            b.stage = match b.stage {
                Stage::Support => Stage::GermanAir,
                Stage::GermanAir => Stage::AttackerArtillery,
                Stage::AttackerArtillery => Stage::DefenderArtillery,
                Stage::DefenderArtillery => Stage::Engineer,
                Stage::Engineer => Stage::NoRetreat,
                Stage::NoRetreat | Stage::Advance => Stage::Advance,
                Stage::DefenderAdvance => Stage::DefenderAdvance,
            };
        }
    }

    /// Skips declarations with a single answer; after the last, resolves the combat.
    pub(crate) fn skip_stages(&mut self, out: &mut Vec<Event>) {
        loop {
            let Some(b) = self.st.battle.clone() else {
                return;
            };
            let none = |a: &Option<super::Advance>| a.as_ref().is_none_or(|a| a.units.is_empty());
            if b.stage == Stage::Advance && none(&b.advance) {
                if none(&b.defender_advance) {
                    self.end_battle(out);
                } else if let Some(x) = self.st.battle.as_mut() {
                    x.stage = Stage::DefenderAdvance;
                }
                continue;
            }
            if b.stage == Stage::DefenderAdvance && none(&b.defender_advance) {
                self.end_battle(out);
                return;
            }
            if matches!(b.stage, Stage::Advance | Stage::DefenderAdvance) {
                return;
            }
            let options = self.stage_options(&b);
            if options.len() > 1 {
                return;
            }
            if let Some(a) = options.first() {
                self.take(a, out);
            }
            if b.stage == Stage::NoRetreat {
                self.resolve(out);
                continue;
            }
            self.next_stage();
        }
    }

    /// The answers the battle's current declaration allows, in a fixed order.
    pub(crate) fn stage_options(&self, b: &Battle) -> Vec<Action> {
        match b.stage {
            Stage::Support => {
                let can = b.segment == Segment::Breakthrough || !self.supportable(b).is_empty();
                if can {
                    vec![Action::Supported(true), Action::Supported(false)]
                } else {
                    vec![Action::Supported(false)]
                }
            }
            Stage::GermanAir => {
                let role_ok = b.attacker == Army::Soviet || b.is_supported();
                let can = b.segment == Segment::Normal && role_ok && self.st.air.german > 0;
                if can {
                    vec![Action::GermanAir(true), Action::GermanAir(false)]
                } else {
                    vec![Action::GermanAir(false)]
                }
            }
            Stage::AttackerArtillery | Stage::DefenderArtillery => {
                let defending = b.stage == Stage::DefenderArtillery;
                let allowed = b.segment == Segment::Normal && (defending || b.is_supported());
                let eligible = if allowed {
                    self.artillery_for(b, defending)
                } else {
                    Vec::new()
                };
                let most = if defending { 1 } else { 3 };
                let mut v = vec![Action::Artillery(Vec::new())];
                for set in subsets(&eligible, most) {
                    v.push(Action::Artillery(set.iter().map(|&u| self.id(u)).collect()));
                }
                v
            }
            Stage::Engineer => {
                let mut v = vec![Action::Engineer(None)];
                if b.segment == Segment::Normal && b.is_supported() {
                    v.extend(
                        self.assault_engineers(b)
                            .into_iter()
                            .map(|u| Action::Engineer(Some(self.id(u)))),
                    );
                }
                v
            }
            Stage::NoRetreat => {
                if self.may_refuse_retreat(b) {
                    vec![Action::NoRetreat(true), Action::NoRetreat(false)]
                } else {
                    vec![Action::NoRetreat(false)]
                }
            }
            Stage::Advance | Stage::DefenderAdvance => Vec::new(),
        }
    }

    /// The formation each attacking unit is supported through (12.4): a Soviet army or
    /// tank/mech/cavalry corps; a German panzer division (J-10: a division with armor) or
    /// korps.
    pub(crate) fn support_formation(&self, u: usize) -> Option<usize> {
        match self.rules.units[u].army {
            Army::Soviet => self
                .rules
                .formation_at(u, Level::Corps)
                .or_else(|| self.rules.formation_at(u, Level::Army)),
            Army::German => {
                let div = self.rules.formation_at(u, Level::Division).filter(|&d| {
                    self.rules.units.iter().enumerate().any(|(x, ud)| {
                        ud.is_armor() && self.rules.formation_at(x, Level::Division) == Some(d)
                    })
                });
                div.or_else(|| self.rules.formation_at(u, Level::Korps))
            }
        }
    }

    /// The formations that can be supported and the SDM each pays from: one of its units
    /// in the combat is in supply through an SDM with an SP left (12.4).
    pub(crate) fn supportable(&self, b: &Battle) -> Vec<(Option<usize>, usize)> {
        let mut out: Vec<(Option<usize>, usize)> = Vec::new();
        for &u in &b.attackers {
            let f = self.support_formation(u);
            if out.iter().any(|(x, _)| *x == f) {
                continue;
            }
            let sdm = b
                .attackers
                .iter()
                .filter(|&&x| {
                    self.support_formation(x) == f && self.st.units[x].supply == Supply::In
                })
                .filter_map(|&x| self.st.units[x].sdm)
                .find(|s| self.st.sp.get(s).is_some_and(|&sp| sp > 0));
            if let Some(s) = sdm {
                out.push((f, s));
            }
        }
        out
    }

    /// Spends the SPs of a supported attack and names the units it supports (12.4);
    /// a breakthrough combat is supported when the attack that gave the marker was
    /// (12.1.4 B3, J-11: every unit with a marker counts as supported).
    fn support(&mut self, b: &Battle, out: &mut Vec<Event>) -> Vec<usize> {
        if b.segment == Segment::Breakthrough {
            return b.attackers.clone();
        }
        let mut supported = Vec::new();
        for (f, sdm) in self.supportable(b) {
            let left = {
                let sp = self.st.sp.entry(sdm).or_default();
                *sp -= 1;
                *sp
            };
            let name = self.id(sdm);
            self.emit(
                out,
                Event::SpSpent {
                    sdm: name,
                    sp: 1,
                    left,
                },
            );
            supported.extend(
                b.attackers
                    .iter()
                    .copied()
                    .filter(|&u| self.support_formation(u) == f),
            );
        }
        supported
    }

    /// Artillery that may support the combat (12.10): the side's, front side up or a
    /// German regiment's defensive fire, neither Disorganized nor Regroup nor No Fire,
    /// the defending hex within range, its formation's units in the combat, not in an
    /// attacked hex (a lone gun defends only itself, 12.10.7).
    fn artillery_for(&self, b: &Battle, defending: bool) -> Vec<usize> {
        let army = if defending { b.defender() } else { b.attacker };
        let ours: &[usize] = if defending {
            &b.defenders
        } else {
            &b.attackers
        };
        let mut v = Vec::new();
        for (u, d) in self.rules.units.iter().enumerate() {
            let s = &self.st.units[u];
            let Some(h) = s.hex() else { continue };
            if d.army != army
                || d.kind != Kind::Artillery
                || s.shaken()
                || s.no_fire > 0
                || s.out_of_ammo
            {
                continue;
            }
            let value = if defending { d.dbs } else { d.obs };
            let regiment = d.army == Army::German && d.size == Size::Regiment;
            let front_only = !(defending && regiment);
            if value == 0 || (front_only && s.fired) {
                continue;
            }
            if self.rules.board.distance(h, b.target) > d.range {
                continue;
            }
            if h == b.target
                && b.defenders
                    .iter()
                    .all(|&x| self.rules.units[x].kind == Kind::Artillery && x == u)
            {
                continue;
            }
            if h != b.target
                && self.st.attacked_hexes.contains(&h)
                && self.st.battle.as_ref().is_some_and(|x| x.target != h)
            {
                continue;
            }
            let scope = d.formations.first().copied();
            let serves = scope.is_none_or(|f| {
                ours.iter()
                    .any(|&x| self.rules.units[x].formations.contains(&f))
            });
            if serves {
                v.push(u);
            }
        }
        v
    }

    /// Flips a gun that fires (12.10.3, 12.10.5).
    pub(crate) fn fire_artillery(&mut self, u: usize, defending: bool) {
        let d = &self.rules.units[u];
        let regiment = d.army == Army::German && d.size == Size::Regiment;
        let s = &mut self.st.units[u];
        if regiment && (!defending || s.fired) {
            s.out_of_ammo = true;
        }
        s.fired = true;
    }

    /// Assault engineers that may give the bonus (12.9.1): stacked with attack-capable
    /// units of their German division or Soviet army, not Disorganized or Regroup.
    fn assault_engineers(&self, b: &Battle) -> Vec<usize> {
        b.attackers
            .iter()
            .copied()
            .filter(|&u| {
                self.rules.units[u].kind == Kind::Engineer(Sapper::Assault)
                    && !self.st.units[u].shaken()
            })
            .filter(|&u| {
                let level = if self.rules.units[u].army == Army::German {
                    Level::Division
                } else {
                    Level::Army
                };
                let f = self.rules.formation_at(u, level);
                let h = self.st.units[u].hex();
                b.attackers.iter().any(|&x| {
                    x != u
                        && self.st.units[x].hex() == h
                        && f.is_some()
                        && self.rules.formation_at(x, level) == f
                })
            })
            .collect()
    }

    /// 12.14.1: an attack-capable infantry step, the right terrain, no Disorganized,
    /// Regroup or OOS2 unit.
    fn may_refuse_retreat(&self, b: &Battle) -> bool {
        let units = &b.defenders;
        if units
            .iter()
            .any(|&u| self.st.units[u].shaken() || self.st.units[u].supply == Supply::Oos2)
        {
            return false;
        }
        if units.iter().map(|&u| self.zoc_steps(u)).sum::<u32>() == 0 {
            return false;
        }
        let Some(cell) = self.rules.board.cell(b.target) else {
            return false;
        };
        let terrain_ok = !cell.is_clear() || cell.village;
        let marked = self.st.improved_positions.contains(&b.target) || self.minefield_at(b.target);
        let across = b.from.iter().all(|&f| {
            self.rules
                .board
                .side(f, b.target)
                .water
                .is_some_and(|w| w.is_river() || w == super::super::board::Water::Stream)
        });
        terrain_ok || marked || across
    }

    /// Ends the battle: OOS1 units that fought become OOS2 (13.4.2).
    pub(crate) fn end_battle(&mut self, out: &mut Vec<Event>) {
        let Some(b) = self.st.battle.take() else {
            return;
        };
        for u in b.attackers.iter().chain(&b.defenders).copied() {
            if self.st.units[u].supply == Supply::Oos1 && self.st.units[u].hex().is_some() {
                self.st.units[u].supply = Supply::Oos2;
                let unit = self.id(u);
                self.emit(
                    out,
                    Event::SupplyChanged {
                        unit,
                        supply: Supply::Oos2,
                    },
                );
            }
        }
        self.st.attacked_units.extend(b.defenders.iter().copied());
        self.st.declared.remove(&b.target);
    }
}

/// The non-empty subsets of `v` of at most `most` members, in a fixed order.
fn subsets(v: &[usize], most: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let n = v.len().min(12);
    for mask in 1u32..(1 << n) {
        if mask.count_ones() as usize <= most {
            out.push(
                (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| v[i])
                    .collect(),
            );
        }
    }
    out
}
