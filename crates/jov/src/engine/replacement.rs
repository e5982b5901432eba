//! Replacements (8): each Front's and Korps' track receives the Turn Record Track's
//! RPs (8.3); one RP returns one step to a reduced eligible unit of that command, in
//! supply (8.4). Soviet units must be 4 hexes from any German unit, have 2 steps or
//! fewer, take up to 2 steps a turn, do not move that turn and are Disorganized; German
//! units take one step a turn, may be next to the enemy, and go to Regroup. Divisions
//! and regiments never return to full strength (8.4 case 3). J-26: German armor RPs
//! accrue but are not applied (the counters do not say which armor type 8.5.2's table
//! names); eliminated units do not return.

use super::action::Action;
use super::event::Event;
use super::game::{Checked, Game, RuleError};
use super::side::Army;
use super::state::{Org, Supply};
use super::unit::{Foot, Kind, Level, Size};

impl Game {
    /// The command whose track pays for `u` and whether it pays armor RPs.
    fn rp_track(&self, u: usize) -> Option<(usize, bool)> {
        let d = &self.rules.units[u];
        match d.army {
            Army::Soviet => {
                let front = self.rules.formation_at(u, Level::Front)?;
                match (d.kind, d.size) {
                    (Kind::Infantry(Foot::Rifle), Size::Division) => Some((front, false)),
                    (Kind::Armor, Size::Brigade) if d.star => Some((front, true)),
                    _ => None,
                }
            }
            Army::German => {
                let korps = self.rules.formation_at(u, Level::Korps)?;
                let foot = matches!(
                    d.kind,
                    Kind::Infantry(Foot::Rifle | Foot::Motorized | Foot::Mechanized)
                );
                let size = matches!(
                    d.size,
                    Size::Regiment | Size::RegimentGroup | Size::DivisionGroup | Size::Battalion
                );
                (foot && size).then_some((korps, false))
            }
        }
    }

    /// May `u` take a replacement step now?
    fn may_replace(&self, u: usize) -> bool {
        let (d, s) = (&self.rules.units[u], &self.st.units[u]);
        let Some(h) = s.hex() else { return false };
        let Some((cmd, armor)) = self.rp_track(u) else {
            return false;
        };
        let rps = self.st.rp.get(&cmd).map_or(0, |r| r[usize::from(armor)]);
        let cap = if armor {
            d.max_steps()
        } else {
            d.max_steps() - 1
        };
        let ok = d.army == self.st.phase.player
            && rps > 0
            && (!s.shaken() || (d.army == Army::Soviet && s.replaced > 0))
            && s.supply == Supply::In
            && s.steps < cap;
        ok && match d.army {
            Army::Soviet => {
                s.steps.saturating_sub(s.replaced) <= 2
                    && s.replaced < 2
                    && !self.near_enemy(h, Army::Soviet, 3)
            }
            Army::German => s.replaced == 0,
        }
    }

    pub(crate) fn replacements(&self) -> Vec<Action> {
        (0..self.rules.units.len())
            .filter(|&u| self.may_replace(u))
            .map(|u| Action::Replace { unit: self.id(u) })
            .collect()
    }

    /// The Replacement Segment begins: the phasing side's tracks receive their RPs.
    pub(crate) fn receive_rps(&mut self, out: &mut Vec<Event>) {
        let army = self.st.phase.player;
        let receipts: Vec<_> = self
            .rules
            .replacements
            .iter()
            .filter(|r| r.turn == self.st.turn && r.army == army)
            .cloned()
            .collect();
        for r in receipts {
            let t = self.st.rp.entry(r.command).or_default();
            t[0] += r.infantry;
            t[1] += r.armor;
            let command = self.rules.formations[r.command].id.clone();
            self.emit(
                out,
                Event::RpsReceived {
                    command,
                    infantry: r.infantry,
                    armor: r.armor,
                },
            );
        }
    }

    pub(crate) fn replace(&mut self, id: &str, out: &mut Vec<Event>) -> Checked<()> {
        let u = self.own(id)?;
        if !self.may_replace(u) {
            return Err(RuleError::new(
                "8.4",
                format!("{id} may not take a replacement now"),
            ));
        }
        let (cmd, armor) = self.rp_track(u).expect("checked");
        if let Some(t) = self.st.rp.get_mut(&cmd) {
            t[usize::from(armor)] -= 1;
        }
        let s = &mut self.st.units[u];
        s.steps += 1;
        s.replaced += 1;
        let steps = s.steps;
        self.emit(
            out,
            Event::Replaced {
                unit: id.to_owned(),
                steps,
            },
        );
        match self.rules.units[u].army {
            Army::Soviet => self.set_org(u, Org::Disorganized, "8.4", out),
            Army::German => self.set_org(u, Org::Regroup, "8.4", out),
        }
        Ok(())
    }
}
