//! Soviet attacks on lone Alarm units during movement (9.12): the moving stack pays the
//! MP to enter the Alarm unit's hex plus one, the unit is revealed, and the attack is a
//! free supported combat without air, artillery or engineers and without Breakthrough
//! markers. If the Alarm unit is eliminated or retreats the attackers must enter its
//! hex; they move on if they have MP left and suffered no retreat, loss or
//! Disorganization. J-27: such an attack is part of movement, not the unit's one attack
//! of the turn (12.3.3), and the MP are spent whatever the result.

use sztab_core::hex::HexId;

use super::action::Action;
use super::combat::{Battle, Segment, Stage};
use super::event::Event;
use super::game::{Checked, Game, RuleError};
use super::movement::TerrainCost;
use super::mp::Mp;
use super::side::Army;
use super::state::{Loc, Org};
use super::unit::Kind;

impl Game {
    /// The Alarm units alone on `hex`, if that is all it holds.
    fn lone_alarm(&self, hex: HexId) -> Vec<usize> {
        let units: Vec<usize> = self.st.at(hex).collect();
        let alarms = units
            .iter()
            .all(|&u| self.rules.units[u].kind == Kind::Alarm);
        if alarms { units } else { Vec::new() }
    }

    /// What the attack costs each unit of the moving stack (9.12 a).
    fn alarm_costs(&self, hex: HexId) -> Checked<(HexId, Vec<Mp>)> {
        let m = self
            .st
            .moving
            .as_ref()
            .filter(|m| !m.halted)
            .ok_or_else(|| {
                RuleError::new("9.12", "only a stack moving now attacks during movement")
            })?;
        let from = *m.path.last().expect("a path");
        let army = self.rules.units[m.units[0]].army;
        if army != Army::Soviet
            || self.lone_alarm(hex).is_empty()
            || !self.rules.board.adjacent(from, hex)
        {
            return Err(RuleError::new(
                "9.12",
                format!(
                    "{} holds no lone Alarm unit next to the stack",
                    self.hex_label(hex)
                ),
            ));
        }
        if m.units
            .iter()
            .any(|&u| !self.rules.units[u].attack_capable())
        {
            return Err(RuleError::new(
                "9.12 case 3",
                "non-attack-capable units may not attack Alarm units",
            ));
        }
        let (leave, enter) = (
            self.zone_leaving(from, hex, army),
            self.enemy_zone(hex, army),
        );
        let mut costs = Vec::new();
        for (i, &u) in m.units.iter().enumerate() {
            let TerrainCost::Mp(c) = self.terrain_cost(u, from, hex, m.mode) else {
                return Err(RuleError::new(
                    "9.12 a",
                    format!("{} may not enter {}", self.id(u), self.hex_label(hex)),
                ));
            };
            let cost = c + self.zone_cost(u, leave, enter, m.mode) + Mp::whole(1);
            if m.spent[i] + cost > self.allowance(u, m.mode, m.reserve) {
                return Err(RuleError::new(
                    "9.12 a",
                    format!("{} lacks the MP", self.id(u)),
                ));
            }
            costs.push(cost);
        }
        Ok((from, costs))
    }

    pub(crate) fn alarm_attacks(&self) -> Vec<Action> {
        let Some(m) = &self.st.moving else {
            return Vec::new();
        };
        let from = *m.path.last().expect("a path");
        self.rules
            .board
            .neighbours(from)
            .into_iter()
            .filter(|&h| self.alarm_costs(h).is_ok())
            .map(|hex| Action::AlarmAttack { hex })
            .collect()
    }

    pub(crate) fn alarm_attack(&mut self, hex: HexId, out: &mut Vec<Event>) -> Checked<()> {
        let (from, costs) = self.alarm_costs(hex)?;
        let mut m = self.st.moving.clone().expect("checked");
        let defenders = self.lone_alarm(hex);
        let before: Vec<(u8, Org)> = m
            .units
            .iter()
            .map(|&u| (self.st.units[u].steps, self.st.units[u].org))
            .collect();
        for &u in &defenders {
            self.st.units[u].alarm_side = false;
        }
        self.st.battle = Some(Battle {
            target: hex,
            from: vec![from],
            attacker: Army::Soviet,
            attackers: m.units.clone(),
            defenders,
            segment: Segment::Alarm,
            stage: Stage::NoRetreat,
            supported: m.units.clone(),
            german_air: None,
            soviet_air: None,
            attacker_artillery: Vec::new(),
            defender_artillery: Vec::new(),
            engineer: None,
            no_retreat: false,
            advance: None,
            defender_advance: None,
        });
        self.resolve(out);
        let vacated = self.defenders_on(hex, Army::German).is_empty();
        let mut hurt = false;
        for (i, &u) in m.units.iter().enumerate() {
            m.spent[i] += costs[i];
            let s = &self.st.units[u];
            hurt |= s.loc != Loc::Map(from) || (s.steps, s.org) != before[i];
        }
        if vacated {
            for &u in &m.units {
                if self.st.units[u].loc == Loc::Map(from) {
                    self.st.units[u].loc = Loc::Map(hex);
                    self.mark_holder(u);
                }
            }
            let unit = m
                .units
                .iter()
                .map(|&u| self.id(u))
                .collect::<Vec<_>>()
                .join("+");
            self.emit(
                out,
                Event::Advanced {
                    unit,
                    path: vec![hex],
                },
            );
            m.path.push(hex);
        }
        self.st.battle.as_mut().expect("resolved").advance = None;
        self.st.battle.as_mut().expect("resolved").defender_advance = None;
        self.end_battle(out);
        let kept: Vec<(usize, Mp)> = m
            .units
            .iter()
            .copied()
            .zip(m.spent.iter().copied())
            .filter(|&(u, _)| self.st.units[u].loc != Loc::Eliminated)
            .collect();
        m.units = kept.iter().map(|k| k.0).collect();
        m.spent = kept.iter().map(|k| k.1).collect();
        m.halted |= hurt || m.units.is_empty();
        self.st.moving = Some(m);
        Ok(())
    }
}
