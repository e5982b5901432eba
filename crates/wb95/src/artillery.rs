//! Artillery fire (R6): who may fire and support (combat setup, range 3, once per
//! Combat phase, not after a barrage), ranged attacks (R6.4), fire at bridges (R6.4.7)
//! and barrage (R6.5). Support in a combat is declared with the attack or the defense
//! (`combat::declare`); the fire itself is resolved as a strike (`strike`).

use super::action::FireOrder;
use super::board::Hx;
use super::error::{RuleError, refuse};
use super::event::{Event, StrikeKind};
use super::game::Game;
use super::hq_pool::next_two_combat_phases;
use super::phase::{Clock, Phase, PhaseKind};
use super::roster::Unit;
use super::side::Side;
use super::tables::FireTable;
use sztab_core::hex::Hexside;
use sztab_core::model::{ArtilleryRange, ArtillerySetup, UnitId};

/// Artillery range in hexes (R6.1.2).
pub const ARTILLERY_RANGE: u32 = 3;

/// A validated fire: artillery (and air) on a hex or a bridge.
#[derive(Clone, Debug)]
pub struct FirePlan {
    pub side: Side,
    pub kind: StrikeKind,
    pub artillery: Vec<Unit>,
    pub air: Vec<usize>,
    pub target: Hx,
    pub bridge: Option<usize>,
    /// Out-of-supply guns at full SPs (R10.2.3).
    pub full_strength: Vec<Unit>,
}

/// Why a unit may not fire or support now; `refusal` words it as the rule it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NotReady {
    OffMap,
    NotFriendly,
    NotArtillery,
    Transport,
    Fired,
    Fought,
    BarrageLocked,
    OutOfRange,
}

impl NotReady {
    fn refusal(self, id: &UnitId) -> RuleError {
        let (rule, message) = match self {
            NotReady::OffMap => ("R6.1.1", format!("{id} is not on the map")),
            NotReady::NotFriendly => ("R6.3.1", format!("{id} is not a friendly unit")),
            NotReady::NotArtillery => ("R6.1.1", format!("{id} is not artillery")),
            NotReady::Transport => (
                "R6.1.3",
                format!("{id} is in transport setup and cannot fire"),
            ),
            NotReady::Fired => ("R6.1.4", format!("{id} has already fired this phase")),
            NotReady::Fought => ("R5.1.1", format!("{id} has already fought this phase")),
            NotReady::BarrageLocked => (
                "R6.5.6",
                format!("{id} fired a barrage and may not fire in the next two Combat phases"),
            ),
            NotReady::OutOfRange => (
                "R6.3.2",
                format!("{id} is more than {ARTILLERY_RANGE} hexes from the combat"),
            ),
        };
        RuleError::new(rule, message)
    }
}

impl Game {
    /// R6.5.5-6.5.6: artillery that fired a barrage may not move in the next Movement
    /// phase and may not fire in the next two Combat phases: "may not support" is read as
    /// "may not fire", neither support nor a ranged attack.
    pub fn barrage_locked(&self, u: Unit) -> bool {
        self.barrage_locked_at(u, self.state.tick())
    }

    /// Whether `u` will be locked by its barrage (R6.5.6) in the Combat phase of `side`
    /// on `turn`: what odds asked in the setup position need to know of a gun the
    /// scenario sets up having fired.
    pub fn barrage_locked_in_combat(&self, u: Unit, turn: u32, side: Side) -> bool {
        let phase = Phase::of(PhaseKind::Combat, side);
        self.barrage_locked_at(u, Clock { turn, phase }.tick())
    }

    fn barrage_locked_at(&self, u: Unit, tick: u32) -> bool {
        let Some(bt) = self.state.unit(u).barrage_tick else {
            return false;
        };
        let (first, last) = next_two_combat_phases(bt);
        first <= tick && tick <= last
    }

    /// May not move this Movement phase because it fired a barrage (R6.5.5).
    pub fn barrage_immobile(&self, u: Unit) -> bool {
        self.state
            .unit(u)
            .barrage_tick
            .is_some_and(|bt| self.state.tick() == bt + 1)
    }

    /// Why this unit may not fire now, if it may not: artillery of `side` on the map,
    /// in combat setup (R6.1.3), not yet fired in this phase (R6.1.4), not in a combat
    /// of this phase (R5.1.1), not locked by a barrage (R6.5.6).
    pub(crate) fn fire_ready(&self, side: Side, u: Unit) -> Result<Hx, RuleError> {
        self.fire_block(side, u)
            .map_err(|b| b.refusal(&self.info(u).id))
    }

    /// `fire_ready` without the message: the bots ask it of every gun for every hex
    /// they weigh, and most guns are not ready there.
    fn fire_block(&self, side: Side, u: Unit) -> Result<Hx, NotReady> {
        let info = self.info(u);
        let st = self.state.unit(u);
        let Some(h) = st.hex() else {
            return Err(NotReady::OffMap);
        };
        if info.side != side {
            return Err(NotReady::NotFriendly);
        }
        if !info.is_artillery() {
            return Err(NotReady::NotArtillery);
        }
        if info.is_towed() && st.setup != Some(ArtillerySetup::Combat) {
            return Err(NotReady::Transport);
        }
        let now = Some(self.state.tick());
        if st.fired_tick == now || st.barrage_tick == now {
            return Err(NotReady::Fired);
        }
        if st.fought_tick == now {
            return Err(NotReady::Fought);
        }
        if self.barrage_locked(u) {
            return Err(NotReady::BarrageLocked);
        }
        Ok(h)
    }

    /// Why this artillery may not support a combat now: ready to fire, and within range
    /// of one of the friendly fighting hexes (R6.3.2-6.3.3, A-37) or, by option, of a
    /// defending hex.
    pub(crate) fn support_ready(
        &self,
        side: Side,
        u: Unit,
        friendly: &[Hx],
        defending: &[Hx],
    ) -> Result<(), RuleError> {
        self.support_block(side, u, friendly, defending)
            .map_err(|b| b.refusal(&self.info(u).id))
    }

    /// `support_ready` without the message.
    fn support_block(
        &self,
        side: Side,
        u: Unit,
        friendly: &[Hx],
        defending: &[Hx],
    ) -> Result<(), NotReady> {
        let h = self.fire_block(side, u)?;
        let measured = match self.state.prepared.rules.artillery_range {
            ArtilleryRange::FriendlyHex => friendly,
            ArtilleryRange::DefenderHex => defending,
        };
        if !measured
            .iter()
            .any(|&x| self.board().distance(h, x) <= ARTILLERY_RANGE)
        {
            return Err(NotReady::OutOfRange);
        }
        Ok(())
    }

    /// Why this artillery may not support a combat of `friendly` hexes against
    /// `defending` ones now, if it may not (R6.3).
    pub fn check_support(
        &self,
        side: Side,
        u: Unit,
        friendly: &[Hx],
        defending: &[Hx],
    ) -> Result<(), RuleError> {
        self.support_ready(side, u, friendly, defending)
    }

    /// The artillery of `side` on the map, in roster order.
    pub(crate) fn artillery_on_map(&self, side: Side) -> impl Iterator<Item = Unit> + '_ {
        self.roster()
            .artillery_of(side)
            .iter()
            .copied()
            .filter(move |&u| self.state.unit(u).hex().is_some())
    }

    /// Artillery of `side` that could support a combat of these hexes now.
    pub fn support_options(
        &self,
        side: Side,
        friendly: &[Hx],
        defending: &[Hx],
        exclude: &[Unit],
    ) -> Vec<Unit> {
        self.artillery_on_map(side)
            .filter(|u| !exclude.contains(u))
            .filter(|&u| self.support_block(side, u, friendly, defending).is_ok())
            .collect()
    }

    /// SP of a firing artillery unit: its attack SP, halved when disorganized (R5.6.4)
    /// and when out of supply unless it fires at full strength (R10.2.2-10.2.3).
    pub(crate) fn fire_sp(&self, u: Unit, full: bool) -> u32 {
        let st = self.state.unit(u);
        let mut sp = self.info(u).attack_at(st.cel);
        if st.is_disorganized() {
            sp = sp.div_ceil(2);
        }
        if st.oos > 0 && !full {
            sp = sp.div_ceil(2);
        }
        sp
    }

    fn check_full_strength(
        &self,
        artillery: &[Unit],
        ids: &[UnitId],
    ) -> Result<Vec<Unit>, RuleError> {
        let full = self.resolve_units(ids)?;
        for &u in &full {
            if !artillery.contains(&u) {
                return refuse("R10.2.3", format!("{} does not fire", self.unit_id(u)));
            }
            if self.state.unit(u).oos == 0 {
                return refuse("R10.2.3", format!("{} is in supply", self.unit_id(u)));
            }
        }
        Ok(full)
    }

    fn check_fire_group(&self, side: Side, ids: &[UnitId]) -> Result<Vec<Unit>, RuleError> {
        let units = self.resolve_units(ids)?;
        if units.is_empty() {
            return refuse("R6.4.2", "a fire needs at least one artillery unit");
        }
        for &u in &units {
            self.fire_ready(side, u)?;
        }
        Ok(units)
    }

    /// Checks a target hex for fire at range: an enemy hex within range of every firing
    /// unit and adjacent to none (R6.4.2-6.4.3).
    fn check_range(&self, side: Side, units: &[Unit], target: Hx) -> Result<(), RuleError> {
        if self.occupant(target) != Some(side.other()) {
            return refuse(
                "R6.4.2",
                format!("{} holds no enemy units", self.hex_id(target)),
            );
        }
        for &u in units {
            let d = self
                .state
                .unit(u)
                .hex()
                .map_or(u32::MAX, |h| self.board().distance(h, target));
            if d > ARTILLERY_RANGE {
                return refuse(
                    "R6.1.2",
                    format!(
                        "{} is {d} hexes from {}; the range is {ARTILLERY_RANGE}",
                        self.unit_id(u),
                        self.hex_id(target)
                    ),
                );
            }
            if d <= 1 {
                return refuse(
                    "R6.4.3",
                    format!(
                        "{} may not fire at range at the adjacent {}",
                        self.unit_id(u),
                        self.hex_id(target)
                    ),
                );
            }
        }
        Ok(())
    }

    pub(crate) fn plan_ranged(&self, side: Side, o: &FireOrder) -> Result<FirePlan, RuleError> {
        if self.state.clock.phase.kind() != PhaseKind::Combat {
            return refuse(
                "R6.1.4",
                "ranged attacks are made in the owner's Combat phase",
            );
        }
        let artillery = self.check_fire_group(side, &o.artillery)?;
        let target = self.resolve_hexes(std::slice::from_ref(&o.target))?[0];
        self.check_range(side, &artillery, target)?;
        if !self.attackable(side, target) {
            return refuse(
                "R5.1.1",
                format!(
                    "units in {} have already been attacked this phase",
                    self.hex_id(target)
                ),
            );
        }
        if self
            .units_at(target)
            .iter()
            .any(|u| self.state.must_attack.contains(u))
        {
            return refuse(
                "R6.4.5",
                format!(
                    "{} must be attacked directly (R5.1.3-5.1.4), so it may not be fired at",
                    self.hex_id(target)
                ),
            );
        }
        let air = self.offensive_air(side, &o.air, &[target])?;
        let full_strength = self.check_full_strength(&artillery, &o.full_strength)?;
        Ok(FirePlan {
            side,
            kind: StrikeKind::Ranged,
            artillery,
            air,
            target,
            bridge: None,
            full_strength,
        })
    }

    /// Can the barrage of `side` be fired today (R6.5.1)?
    pub fn barrage_allowed(&self, side: Side) -> bool {
        let p = &self.state.prepared;
        p.barrage_turns[side.index()].contains(&i64::from(self.turn()))
            && self.state.ammo[side.index()] >= 2
    }

    pub(crate) fn plan_barrage(&self, side: Side, o: &FireOrder) -> Result<FirePlan, RuleError> {
        if self.state.clock.phase.kind() != PhaseKind::Barrage {
            return refuse("R6.5.2", "a barrage is fired in the Barrage phase");
        }
        if !self.state.prepared.barrage_turns[side.index()].contains(&i64::from(self.turn())) {
            return refuse("R6.5.1", "the scenario grants no barrage today");
        }
        let artillery = self.check_fire_group(side, &o.artillery)?;
        if artillery.len() < 2 {
            return refuse(
                "R6.5.4",
                "at least 2 artillery units must fire on a barrage hex",
            );
        }
        let ammo = self.state.ammo[side.index()];
        if (artillery.len() as u32) > ammo {
            return refuse(
                "R6.5.7",
                format!(
                    "{} artillery units need {} ammunition units; {ammo} are left",
                    artillery.len(),
                    artillery.len()
                ),
            );
        }
        let target = self.resolve_hexes(std::slice::from_ref(&o.target))?[0];
        self.check_range(side, &artillery, target)?;
        if self.state.barraged.contains(&target) {
            return refuse(
                "R6.5.4",
                format!(
                    "{} has already been barraged this phase (one fire per barrage hex)",
                    self.hex_id(target)
                ),
            );
        }
        let air = self.offensive_air(side, &o.air, &[target])?;
        let full_strength = self.check_full_strength(&artillery, &o.full_strength)?;
        Ok(FirePlan {
            side,
            kind: StrikeKind::Barrage,
            artillery,
            air,
            target,
            bridge: None,
            full_strength,
        })
    }

    pub(crate) fn plan_fire_at_bridge(
        &self,
        side: Side,
        ids: &[UnitId],
        bridge: Hexside,
    ) -> Result<FirePlan, RuleError> {
        if self.state.clock.phase.kind() != PhaseKind::Combat {
            return refuse("R6.4.7", "artillery fires at objects in its Combat phase");
        }
        let artillery = self.check_fire_group(side, ids)?;
        let Some(b) = self.board().bridge_at(bridge) else {
            return refuse("R14.1.1", format!("there is no bridge at {bridge}"));
        };
        if !self.state.bridge_up[b] {
            return refuse("R14.1.2", format!("the bridge at {bridge} is already down"));
        }
        let (x, y) = self.board().bridges[b].ends;
        for &u in &artillery {
            let h = self.state.unit(u).hex().unwrap_or(0);
            let d = self.board().distance(h, x).min(self.board().distance(h, y));
            if d > ARTILLERY_RANGE {
                return refuse(
                    "R6.1.2",
                    format!(
                        "{} is out of range of the bridge at {bridge}",
                        self.unit_id(u)
                    ),
                );
            }
        }
        Ok(FirePlan {
            side,
            kind: StrikeKind::ArtilleryOnBridge,
            artillery,
            air: Vec::new(),
            target: x,
            bridge: Some(b),
            full_strength: Vec::new(),
        })
    }

    /// Executes a fire: declares the strike (and spends ammunition for a barrage),
    /// then resolves it on its table.
    pub(crate) fn execute_fire(&mut self, p: FirePlan) {
        if p.kind == StrikeKind::Barrage {
            self.emit(Event::AmmoSpent {
                side: self.side_id(p.side).clone(),
                au: p.artillery.len() as u32,
            });
        }
        for &u in &p.full_strength {
            let level = self.state.unit(u).oos.saturating_add(1);
            self.emit(Event::OosChanged {
                unit: self.unit_id(u).clone(),
                level,
                reason: super::event::OosReason::FullStrength,
            });
        }
        let art_sp: i32 = p
            .artillery
            .iter()
            .map(|&u| self.fire_sp(u, p.full_strength.contains(&u)) as i32)
            .sum();
        let air_sp: i32 = p
            .air
            .iter()
            .map(|&c| i32::from(self.state.prepared.air[c].sp))
            .sum();
        let terrain = i32::from(self.board().terrain_cm[p.target]);
        let (table, sp) = match p.kind {
            StrikeKind::Barrage => (FireTable::Artillery, 2 * art_sp + air_sp - 2 * terrain),
            StrikeKind::ArtilleryOnBridge => (FireTable::Objects, art_sp),
            _ => (FireTable::Artillery, art_sp + air_sp - 2 * terrain),
        };
        self.declare_strike(&p, table, sp, 0);
    }

    /// Is any ranged fire or fire at a bridge possible for `side` now?
    pub(crate) fn any_fire_possible(&self, side: Side) -> bool {
        let b = self.board();
        let ready: Vec<Hx> = self
            .artillery_on_map(side)
            .filter_map(|u| self.fire_block(side, u).ok())
            .collect();
        ready.iter().any(|&h| {
            b.within(h, ARTILLERY_RANGE).any(|t| {
                (b.distance(h, t) > 1 && self.attackable(side, t))
                    || (0..6).any(|d| b.edge(t, d).bridge.is_some_and(|x| self.state.bridge_up[x]))
            })
        })
    }
}

impl Game {
    /// May the phasing player still fire a barrage: a barrage day, two AUs, and two
    /// ready guns in range of one enemy hex not yet barraged (R6.5)?
    pub(crate) fn barrage_possible(&self, side: Side) -> bool {
        if !self.barrage_allowed(side) {
            return false;
        }
        let b = self.board();
        let ready: Vec<Hx> = self
            .artillery_on_map(side)
            .filter_map(|u| self.fire_block(side, u).ok())
            .collect();
        (0..b.len()).any(|t| {
            self.occupant(t) == Some(side.other())
                && !self.state.barraged.contains(&t)
                && ready
                    .iter()
                    .filter(|&&h| (2..=ARTILLERY_RANGE).contains(&b.distance(h, t)))
                    .count()
                    >= 2
        })
    }
}

impl Game {
    /// Fire-ready artillery of `side` within range of `target` but not next to it.
    fn guns_for(&self, side: Side, target: Hx) -> Vec<Unit> {
        let b = self.board();
        self.artillery_on_map(side)
            .filter(|&u| {
                self.fire_block(side, u)
                    .is_ok_and(|h| (2..=ARTILLERY_RANGE).contains(&b.distance(h, target)))
            })
            .collect()
    }

    /// Ranged attacks the phasing player could make now (R6.4): per enemy hex that may
    /// be fired at, every ready gun in range, with the offensive air missions on it.
    pub fn ranged_options(&self) -> Vec<FireOrder> {
        let Some(side) = self.state.clock.phase.owner() else {
            return Vec::new();
        };
        if self.state.clock.phase.kind() != PhaseKind::Combat {
            return Vec::new();
        }
        (0..self.board().len())
            .filter(|&t| self.attackable(side, t))
            .filter(|&t| {
                !self
                    .units_at(t)
                    .iter()
                    .any(|u| self.state.must_attack.contains(u))
            })
            .filter_map(|t| {
                let guns = self.guns_for(side, t);
                (!guns.is_empty()).then(|| self.fire_order(side, guns, t))
            })
            .collect()
    }

    /// Barrages the phasing player could fire now (R6.5): enemy hexes with two or more
    /// ready guns in range.
    pub fn barrage_options(&self) -> Vec<FireOrder> {
        let Some(side) = self.state.clock.phase.owner() else {
            return Vec::new();
        };
        if self.state.clock.phase.kind() != PhaseKind::Barrage || !self.barrage_allowed(side) {
            return Vec::new();
        }
        (0..self.board().len())
            .filter(|&t| {
                self.occupant(t) == Some(side.other()) && !self.state.barraged.contains(&t)
            })
            .filter_map(|t| {
                let guns = self.guns_for(side, t);
                (guns.len() >= 2).then(|| self.fire_order(side, guns, t))
            })
            .collect()
    }

    fn fire_order(&self, side: Side, guns: Vec<Unit>, t: Hx) -> FireOrder {
        let air = self
            .air_missions_on(side, &crate::action::MissionKind::OffensiveSupport, &[t])
            .iter()
            .map(|&c| self.state.prepared.air[c].id.clone())
            .collect();
        FireOrder {
            artillery: self.unit_ids(&guns),
            target: self.hex_id(t),
            air,
            full_strength: Vec::new(),
        }
    }

    /// What may join an attack order: artillery that may support it (R6.3) and the
    /// counters of offensive air missions on its hexes (R8.2.2).
    pub fn attack_support_options(
        &self,
        side: Side,
        order: &crate::action::AttackOrder,
    ) -> (Vec<UnitId>, Vec<sztab_core::model::AirId>) {
        let Ok(atts) = self.resolve_units(&order.attackers) else {
            return (Vec::new(), Vec::new());
        };
        let Ok(hexes) = self.resolve_hexes(&order.defenders) else {
            return (Vec::new(), Vec::new());
        };
        let mut from: Vec<Hx> = atts
            .iter()
            .filter_map(|&u| self.state.unit(u).hex())
            .collect();
        from.sort_unstable();
        from.dedup();
        let guns = self.support_options(side, &from, &hexes, &atts);
        let air = self
            .air_missions_on(side, &crate::action::MissionKind::OffensiveSupport, &hexes)
            .iter()
            .map(|&c| self.state.prepared.air[c].id.clone())
            .collect();
        (self.unit_ids(&guns), air)
    }
}
