//! Overruns (8.6): a stack moving in a Mobile Sequence's Movement Phase attacks an
//! adjacent hex on the Mobile CRT, paying the hex's cost plus the Overrun's; no Refusal,
//! Reaction or No Retreat, no coordination; one German A air unit at most (8.66).

use sztab_core::hex::HexId;

use super::action::Action;
use super::board::{Ground, Water};
use super::charts::{Cost, TecRow};
use super::cost::Price;
use super::game::{Checked, Game, refuse};
use super::state::{Battle, BattleStage, Loc, LossOrder, Pending};
use super::unit::AirType;
use super::words::{CrtKind, GERMAN, Mp, SeqKind, Supply, Weather, other};

/// A checked Overrun.
pub(super) struct OverrunPlan {
    hex: HexId,
    lead: usize,
    air: Option<usize>,
    costs: Vec<(usize, Mp)>,
}

impl Game {
    /// The stack's units may overrun (8.62): all red box or cavalry, one of them armor, a
    /// silhouette or cavalry, none OoS or Disrupted, all from the same starting hex.
    fn overrun_stack_rule(&self, units: &[usize]) -> Option<&'static str> {
        let seq = self.st.seq.as_ref()?;
        let d = |u: usize| &self.rules.units[u];
        if !units.iter().all(|&u| d(u).joins_overrun()) {
            return Some("8.62a");
        }
        if !units.iter().any(|&u| d(u).overruns()) {
            return Some("8.62a");
        }
        if units
            .iter()
            .any(|&u| self.st.units[u].disrupted || self.st.units[u].supply == Supply::Oos)
        {
            return Some("8.62");
        }
        let starts: std::collections::BTreeSet<_> =
            units.iter().map(|u| seq.start.get(u)).collect();
        if starts.len() > 1 {
            return Some("8.62b");
        }
        None
    }

    pub(super) fn check_overrun(
        &self,
        hex: HexId,
        lead: &str,
        air: &Option<String>,
    ) -> Checked<OverrunPlan> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        if seq.kind != SeqKind::Mobile {
            return refuse("8.61", "Overruns are made in a Mobile Sequence");
        }
        if self.st.weather == Weather::Rain {
            return refuse("8.64a", "no Overruns in Rain");
        }
        let Some(m) = &seq.mover else {
            return refuse("8.6", "no stack is moving");
        };
        if let Some(rule) = self.overrun_stack_rule(&m.units) {
            return refuse(rule, "this stack may not overrun");
        }
        let side = seq.side;
        let grid = self.rules.board.grid;
        if !grid.are_adjacent(m.hex, hex) || self.defenders(hex, side).is_empty() {
            return refuse(
                "8.6",
                format!("{hex} is no adjacent hex of enemy combat units"),
            );
        }
        let b = &self.rules.board;
        let hs = b.side(m.hex, hex).expect("adjacent");
        if b.water(hs) == Some(Water::River) {
            return refuse("8.64b", "no Overrun across a river, bridge or not");
        }
        let cell = b.cell(hex);
        if cell.ground == Ground::Swamp || cell.town || self.enemy_strongpoint(side, hex) {
            return refuse(
                "8.64c",
                "no Overrun into swamp, a town or an enemy Strongpoint",
            );
        }
        if self.enemy_zoc_sources(side, m.hex).len() > 1 {
            return refuse(
                "8.64d",
                "no Overrun from the ZOC of enemy units in two hexes",
            );
        }
        let mut costs = Vec::new();
        for &u in &m.units {
            let rule = self.crossing_rule(u, m.hex, hex);
            if let Some(r) = rule {
                return refuse(r, format!("{} may not cross into {hex}", self.id(u)));
            }
            if self
                .rules
                .charts
                .tec
                .get(TecRow::Overrun, self.rules.units[u].class, self.st.weather)
                .cost
                == Cost::Prohibited
            {
                return refuse("8.64a", "the TEC prohibits the Overrun");
            }
            // The hex's terrain (its road rate along a road, 8.64e) plus the Overrun;
            // no ZOC cost, as the booklet's example counts it (8.63, decision R-20).
            let price = self
                .terrain_price(u, Some(m.hex), hex, false)
                .map_err(|r| super::game::RuleError::new(r, "the hex cannot be entered"))?;
            let Price::Mp(p) = price else {
                return refuse("8.63", "the Overrun costs the entire MA");
            };
            let cost = p + self.added(TecRow::Overrun, u);
            if self.spent(u) + cost > self.allowance(u) {
                return refuse(
                    "8.63",
                    format!("{} lacks the MP for the Overrun", self.id(u)),
                );
            }
            costs.push((u, cost));
        }
        let l = self.own(lead, side)?;
        if !m.units.contains(&l) || self.attack_of(l) == 0 {
            return refuse("8.67b", format!("{lead} cannot lead the Overrun"));
        }
        let air = match air {
            None => None,
            Some(id) => {
                let a = self.own(id, side)?;
                let ok = side == GERMAN
                    && self.rules.units[a].air == Some(AirType::A)
                    && self.st.units[a].loc == Loc::Ready
                    && self.offensive_cas_open(side, l, &m.units)
                    && self.hq_near(side, hex);
                if !ok {
                    return refuse("8.66", format!("{id} cannot support this Overrun"));
                }
                Some(a)
            }
        };
        let attack = self.attack_total(&m.units, hex);
        let defense: u32 = self
            .defenders(hex, side)
            .iter()
            .map(|&u| self.defense_of(u))
            .sum();
        if self.rules.charts.mobile.column(attack, defense).is_none() {
            return refuse("8.65", format!("{attack} to {defense} is below 1:4"));
        }
        Ok(OverrunPlan {
            hex,
            lead: l,
            air,
            costs,
        })
    }

    fn hq_near(&self, side: usize, hex: HexId) -> bool {
        let grid = self.rules.board.grid;
        (0..self.rules.units.len()).any(|h| {
            self.rules.units[h].is_hq()
                && self.side_of(h) == side
                && !self.st.units[h].disrupted
                && self.hex_of(h).is_some_and(|x| grid.distance(x, hex) <= 4)
        })
    }

    pub(super) fn overrun(&mut self, p: OverrunPlan) {
        let side = self.st.seq.as_ref().expect("in a sequence").side;
        let units = {
            let seq = self.st.seq.as_mut().expect("in a sequence");
            for &(u, c) in &p.costs {
                *seq.spent.entry(u).or_default() += c;
            }
            seq.mover.as_ref().expect("a moving stack").units.clone()
        };
        let mut air = [Vec::new(), Vec::new()];
        if let Some(a) = p.air {
            air[side].push(a);
            self.st.cas_left[side] -= 1;
            let (f, free) = self.cas_formation(p.lead, &units);
            if let (Some(f), false) = (f, free) {
                self.st.cas_formations.insert(f);
            }
        }
        self.st.seq.as_mut().expect("in a sequence").battle = Some(Battle {
            hex: p.hex,
            attacker: side,
            overrun: true,
            crt: CrtKind::Mobile,
            units,
            lead: p.lead,
            defender_lead: None,
            hq: [None; 2],
            leader: [None; 2],
            air,
            artillery: [Vec::new(), Vec::new()],
            stage: BattleStage::Lead,
            result: None,
            defenders: Vec::new(),
            no_advance: false,
            cp: [0; 2],
            attrition: false,
            cas: [0; 2],
        });
    }

    pub(super) fn check_overrun_lead(&self, unit: &str) -> Checked<usize> {
        let b = self.battle();
        let u = self.own(unit, other(b.attacker))?;
        let here = self.defenders(b.hex, b.attacker);
        if !here.contains(&u) {
            return refuse("8.67b", format!("{unit} is not in the Defender Hex"));
        }
        if self.rules.units[u].is_hq() && !here.iter().all(|&x| self.rules.units[x].is_hq()) {
            return refuse("15.12c", "an HQ leads only a hex of HQs");
        }
        Ok(u)
    }

    pub(super) fn overrun_lead(&mut self, u: usize) {
        self.battle_mut().defender_lead = Some(u);
        self.roll_battle();
    }

    pub(super) fn overrun_lead_candidates(&self) -> Vec<Action> {
        let b = self.battle();
        self.defenders(b.hex, b.attacker)
            .into_iter()
            .map(|u| Action::Lead {
                hex: b.hex,
                unit: self.id(u),
            })
            .filter(|a| self.check(a).is_ok())
            .collect()
    }

    pub(super) fn overrun_candidates(&self) -> Vec<Action> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let Some(m) = &seq.mover else {
            return Vec::new();
        };
        if seq.kind != SeqKind::Mobile || self.st.weather == Weather::Rain {
            return Vec::new();
        }
        let airs: Vec<Option<String>> = std::iter::once(None)
            .chain(
                (0..self.rules.units.len())
                    .filter(|&a| self.side_of(a) == seq.side && self.st.units[a].loc == Loc::Ready)
                    .map(|a| Some(self.id(a))),
            )
            .collect();
        let mut out = Vec::new();
        for n in self.rules.board.grid.neighbours(m.hex) {
            if self.defenders(n, seq.side).is_empty() {
                continue;
            }
            for &l in &m.units {
                for air in &airs {
                    out.push(Action::Overrun {
                        hex: n,
                        lead: self.id(l),
                        air: air.clone(),
                    });
                }
            }
        }
        out
    }

    /// 8.67h-i, 8.68: the hex cleared, the stack enters it free of ZOC and may move on,
    /// overrunning again where the hex is in another enemy ZOC; not cleared, it stops and
    /// loses a step more.
    pub(super) fn overrun_outcome(&mut self, b: &Battle) {
        let side = b.attacker;
        let stack: Vec<usize> = b
            .units
            .iter()
            .copied()
            .filter(|&u| self.st.units[u].alive())
            .collect();
        if stack.is_empty() {
            self.finish_mover();
            return;
        }
        if self.occupant(b.hex).is_none() {
            self.place(&stack, b.hex);
            let zoc = self.in_enemy_zoc(side, b.hex);
            let seq = self.st.seq.as_mut().expect("in a sequence");
            if let Some(m) = seq.mover.as_mut() {
                m.hex = b.hex;
                m.moved = true;
                m.units = stack;
                m.must_overrun = zoc;
            }
            return;
        }
        self.finish_mover();
        self.st.pending.push(Pending::Loss(LossOrder {
            chooser: side,
            units: stack,
            steps: 1,
            armor_first: false,
        }));
    }
}
