//! Bridges (15.2): controlled by the side whose unit last crossed (J-30: at set-up, by
//! the side holding its hexes); destroyed by its controller the instant an enemy unit
//! first enters a hex of it in movement or an advance, or in his own Engineering Phase,
//! with a friendly engineer within three hexes (the path crossing no river but by a
//! bridge): a die, +2 for a railroad bridge over a river, 1-5 destroys. A destroyed
//! bridge carries no road movement and leaves the water unbridged. Repair in one's
//! Engineering Phase with both hexes held: stream bridges by themselves with an engineer
//! within three hexes (or, Soviet, a division next to them); river bridges by an
//! in-supply engineer next to them for 1 SP, finished on a later phase's 1-5; railroad
//! bridges never.

use std::collections::BTreeSet;

use sztab_core::hex::{HexId, Hexside};

use super::action::Action;
use super::board::{Road, Side, Water};
use super::event::Event;
use super::game::{Checked, Game, RuleError};
use super::phase::Step;
use super::side::Army;
use super::state::{BridgeState, Supply};
use super::unit::{Kind, Size};
use super::zoc::Zone;

impl Game {
    /// The hexside as it is now: a destroyed bridge is no bridge.
    pub fn hexside(&self, a: HexId, b: HexId) -> Side {
        let mut s = self.rules.board.side(a, b);
        if self.bridge_down(a, b) {
            s.bridge = false;
            s.rail_bridge = false;
        }
        s
    }

    /// The roads across a hexside, none if its bridge is destroyed (9.2.2).
    pub fn roads_across(&self, a: HexId, b: HexId) -> &[Road] {
        if self.bridge_down(a, b) {
            &[]
        } else {
            self.rules.board.roads(a, b)
        }
    }

    fn bridge_down(&self, a: HexId, b: HexId) -> bool {
        Hexside::new(a, b).is_some_and(|h| self.st.bridges.get(&h).is_some_and(|x| x.destroyed))
    }

    /// Every bridge, controlled by the side holding its hexes at set-up.
    pub(crate) fn init_bridges(&mut self) {
        for hs in self.rules.board.bridge_sides() {
            let (a, b) = hs.hexes();
            let held: BTreeSet<Army> = [a, b]
                .iter()
                .filter_map(|h| self.st.holder.get(h).copied())
                .collect();
            let controller = (held.len() == 1).then(|| *held.iter().next().expect("one"));
            self.st.bridges.insert(
                hs,
                BridgeState {
                    controller,
                    destroyed: false,
                    repairing: false,
                },
            );
        }
    }

    /// A unit of `army` crossed `a`-`b`: the bridge there is now its side's.
    pub(crate) fn cross(&mut self, a: HexId, b: HexId, army: Army) {
        if let Some(x) = Hexside::new(a, b).and_then(|h| self.st.bridges.get_mut(&h))
            && !x.destroyed
        {
            x.controller = Some(army);
        }
    }

    /// The bridges of `hex` its enemy (of `mover`) may try to blow now.
    fn demolitions_at(&self, hex: HexId, mover: Army) -> Vec<Hexside> {
        let owner = mover.enemy();
        self.rules
            .board
            .neighbours(hex)
            .into_iter()
            .filter_map(|n| Hexside::new(hex, n))
            .filter(|hs| self.may_demolish(*hs, owner))
            .collect()
    }

    fn may_demolish(&self, hs: Hexside, owner: Army) -> bool {
        let Some(x) = self.st.bridges.get(&hs) else {
            return false;
        };
        !x.destroyed
            && x.controller == Some(owner)
            && !self.st.attempted.contains(&hs)
            && self.engineer_near(hs, owner)
    }

    /// A friendly engineer within 3 hexes of a hex of the bridge, by a path through no
    /// enemy unit and across no river but by a bridge (15.2.1).
    fn engineer_near(&self, hs: Hexside, army: Army) -> bool {
        let (a, b) = hs.hexes();
        let mut seen: BTreeSet<HexId> = [a, b].into_iter().collect();
        let mut frontier: Vec<HexId> = seen
            .iter()
            .copied()
            .filter(|&h| !self.enemy_on(h, army))
            .collect();
        for _ in 0..=3 {
            if frontier.iter().any(|&h| {
                self.own_on(h, army).into_iter().any(|u| {
                    matches!(self.rules.units[u].kind, Kind::Engineer(_))
                        && !self.st.units[u].shaken()
                })
            }) {
                return true;
            }
            let mut next = Vec::new();
            for h in frontier {
                for n in self.rules.board.neighbours(h) {
                    let s = self.hexside(h, n);
                    let river =
                        s.water.is_some_and(|w| w.is_river()) && !s.bridge && !s.rail_bridge;
                    if !river && !self.enemy_on(n, army) && seen.insert(n) {
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        false
    }

    /// After an enemy unit entered `hex` in movement or an advance: offers the bridges
    /// there to their controller.
    pub(crate) fn offer_demolition(&mut self, hex: HexId, mover: Army) {
        let sides = self.demolitions_at(hex, mover);
        if !sides.is_empty() && self.st.interception.is_none() {
            self.st.demolition = Some(sides);
        }
    }

    pub(crate) fn demolition_options(&self) -> Vec<Action> {
        let mut v: Vec<Action> = self
            .st
            .demolition
            .iter()
            .flatten()
            .map(|hs| {
                let (a, b) = hs.hexes();
                Action::DestroyBridge { a, b }
            })
            .collect();
        v.push(Action::Decline);
        v
    }

    /// One attempt (15.2.1 procedure).
    pub(crate) fn destroy_bridge(
        &mut self,
        a: HexId,
        b: HexId,
        owner: Army,
        out: &mut Vec<Event>,
    ) -> Checked<()> {
        let hs = Hexside::new(a, b).ok_or_else(|| RuleError::new("15.2.1", "no such hexside"))?;
        if !self.may_demolish(hs, owner) {
            return Err(RuleError::new(
                "15.2.1",
                format!("{hs} is no bridge you may destroy now"),
            ));
        }
        self.st.attempted.insert(hs);
        let side = self.rules.board.side(a, b);
        let drm = if side.rail_bridge && side.water.is_some_and(|w| w.is_river()) {
            2
        } else {
            0
        };
        let roll = self.dice.d6();
        let destroyed = i32::from(roll) + drm <= 5;
        if destroyed && let Some(x) = self.st.bridges.get_mut(&hs) {
            x.destroyed = true;
            x.repairing = false;
        }
        self.emit(
            out,
            Event::BridgeDemolition {
                a,
                b,
                roll,
                drm,
                destroyed,
            },
        );
        Ok(())
    }

    pub(crate) fn demolition_decision(&mut self, a: &Action, out: &mut Vec<Event>) -> Checked<()> {
        if !self.demolition_options().contains(a) {
            return Err(RuleError::new(
                "15.2.1",
                format!("\"{a}\" is not an answer to the bridge"),
            ));
        }
        let owner = self.actor();
        self.st.demolition = None;
        if let Action::DestroyBridge { a, b } = a {
            self.destroy_bridge(*a, *b, owner, out)?;
        }
        Ok(())
    }

    /// Does `army` hold both hexes, with a unit on any in an enemy zone (15.2.2)?
    fn holds_both(&self, hs: Hexside, army: Army) -> bool {
        let (a, b) = hs.hexes();
        [a, b].into_iter().all(|h| {
            self.holds(army, h)
                && (self.enemy_zone(h, army) == Zone::None || !self.own_on(h, army).is_empty())
        })
    }

    /// Engineering-phase bridge actions: blowing friendly bridges, starting repairs.
    pub(crate) fn bridge_works(&self) -> Vec<Action> {
        let army = self.st.phase.player;
        let mut v = Vec::new();
        for (&hs, x) in &self.st.bridges {
            let (a, b) = hs.hexes();
            if self.may_demolish(hs, army) {
                v.push(Action::DestroyBridge { a, b });
            }
            for u in self.repairers(hs, x, army) {
                v.push(Action::RepairBridge {
                    a,
                    b,
                    unit: self.id(u),
                });
            }
        }
        v
    }

    /// In-supply engineers next to a destroyed river bridge that may start its repair.
    fn repairers(&self, hs: Hexside, x: &BridgeState, army: Army) -> Vec<usize> {
        let side = self.rules.board.side(hs.hexes().0, hs.hexes().1);
        let river = side.water.is_some_and(|w| w.is_river());
        if !x.destroyed || x.repairing || side.rail_bridge || !river || !self.holds_both(hs, army) {
            return Vec::new();
        }
        let (a, b) = hs.hexes();
        let mut v: Vec<usize> = [a, b]
            .into_iter()
            .flat_map(|h| self.own_on(h, army))
            .filter(|&u| {
                let s = &self.st.units[u];
                matches!(self.rules.units[u].kind, Kind::Engineer(_))
                    && s.supply == Supply::In
                    && !s.shaken()
                    && s.sdm
                        .is_some_and(|d| self.st.sp.get(&d).is_some_and(|&sp| sp > 0))
            })
            .collect();
        v.sort_unstable();
        v
    }

    pub(crate) fn start_repair(
        &mut self,
        a: HexId,
        b: HexId,
        id: &str,
        out: &mut Vec<Event>,
    ) -> Checked<()> {
        let u = self.own(id)?;
        let hs = Hexside::new(a, b).ok_or_else(|| RuleError::new("15.2.2", "no such hexside"))?;
        let x = self
            .st
            .bridges
            .get(&hs)
            .cloned()
            .ok_or_else(|| RuleError::new("15.2.2", "no bridge there"))?;
        let army = self.rules.units[u].army;
        if !self.repairers(hs, &x, army).contains(&u) {
            return Err(RuleError::new(
                "15.2.2",
                format!("{id} may not repair the bridge at {hs}"),
            ));
        }
        let sdm = self.st.units[u].sdm.expect("checked");
        self.spend(sdm, 1, out);
        if let Some(x) = self.st.bridges.get_mut(&hs) {
            x.repairing = true;
        }
        self.emit(out, Event::BridgeRepairStarted { a, b });
        Ok(())
    }

    /// The start of a side's Engineering Phase: repairs under way roll (1-5 completes),
    /// stream bridges repair themselves (15.2.2).
    pub(crate) fn repair_bridges(&mut self, out: &mut Vec<Event>) {
        let army = self.st.phase.player;
        let sides: Vec<Hexside> = self.st.bridges.keys().copied().collect();
        for hs in sides {
            let x = self.st.bridges[&hs].clone();
            let (a, b) = hs.hexes();
            let side = self.rules.board.side(a, b);
            if !x.destroyed || side.rail_bridge || !self.holds_both(hs, army) {
                continue;
            }
            let done = if side.water == Some(Water::Stream) {
                self.stream_repair(hs, army)
            } else if x.repairing {
                let roll = self.dice.d6();
                self.emit(out, Event::BridgeRepairRolled { a, b, roll });
                roll <= 5
            } else {
                false
            };
            if done && let Some(x) = self.st.bridges.get_mut(&hs) {
                x.destroyed = false;
                x.repairing = false;
                x.controller = Some(army);
                self.emit(out, Event::BridgeRepaired { a, b });
            }
        }
    }

    /// 15.2.2 case 2: an engineer within 3 hexes, or a Soviet division next to it.
    fn stream_repair(&self, hs: Hexside, army: Army) -> bool {
        let (a, b) = hs.hexes();
        let division = army == Army::Soviet
            && [a, b]
                .into_iter()
                .flat_map(|h| self.rules.board.neighbours(h).into_iter().chain([h]))
                .any(|h| {
                    self.own_on(h, army)
                        .into_iter()
                        .any(|u| self.rules.units[u].size == Size::Division)
                });
        division || self.engineer_near(hs, army)
    }

    /// Attempts made this phase are forgotten when the phase changes.
    pub(crate) fn new_bridge_phase(&mut self) {
        if matches!(
            self.st.phase.step,
            Step::Movement | Step::CombatResolution | Step::Engineering
        ) {
            self.st.attempted.clear();
        }
    }
}
