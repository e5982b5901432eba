//! Movement (9, 10.2-10.4): a stack moves one hex at a time, each unit paying the TEC
//! cost of its class on the turn's ground, plus the zone surcharges; roads ignore the
//! hex (9.2.2); unbridged rivers take infantry's whole allowance and are closed to the
//! rest (9.2.1); a move is legal only if the reverse move would be (9.9.1); a unit may
//! always move one hex (9.9.2). ZOC-to-ZOC moves are limited by side and type (10.3).

use sztab_core::hex::HexId;

use super::board::Water;
use super::charts::MpCell;
use super::event::Event;
use super::game::{Checked, Game, RuleError};
use super::mp::Mp;
use super::phase::Step;
use super::side::Army;
use super::state::{Mode, Moving, Org, Supply};
use super::unit::{Foot, Kind, MoveClass};
use super::zoc::Zone;

/// What entering a hex costs a unit by terrain alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TerrainCost {
    Mp(Mp),
    /// Its entire Movement Allowance: an infantry type over an unbridged river (9.2.1).
    All,
    Prohibited(&'static str),
}

impl TerrainCost {
    /// Cheaper first: any cost in MP, then the whole allowance, then prohibited.
    pub(crate) fn rank(&self) -> (u8, Mp) {
        match self {
            TerrainCost::Mp(m) => (0, *m),
            TerrainCost::All => (1, Mp::ZERO),
            TerrainCost::Prohibited(_) => (2, Mp::ZERO),
        }
    }
}

/// One unit's share of a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitStep {
    pub unit: usize,
    pub cost: Mp,
    /// It must stop after this hex.
    pub halts: Option<&'static str>,
    /// It takes a Regroup marker when its move ends (10.3.2).
    pub regroup: bool,
}

impl Game {
    /// The TEC column a unit moves by: on foot, the non-motorized one (9.1.1, 9.2.1).
    pub(crate) fn move_class(&self, u: usize, mode: Mode) -> MoveClass {
        if mode == Mode::Foot || self.st.units[u].on_foot {
            MoveClass::NonMot
        } else {
            self.rules.units[u].class
        }
    }

    /// The unit's allowance this move (9.1.1, 9.3, 9.7, 12.17.2, 13.5; J-02 for the
    /// order: printed or foot rate, less mud and reserve, then each halving rounded up).
    pub fn allowance(&self, u: usize, mode: Mode, reserve: bool) -> Mp {
        let (d, s) = (&self.rules.units[u], &self.st.units[u]);
        let class = self.move_class(u, mode);
        let mut ma = if class == MoveClass::NonMot && d.class != MoveClass::NonMot {
            5
        } else {
            d.movement
        };
        ma = ma.saturating_sub(self.st.ground.mud_penalty(class));
        if reserve {
            ma = ma.saturating_sub(if class == MoveClass::NonMot { 1 } else { 2 });
        }
        if class != MoveClass::NonMot {
            ma = match s.supply {
                Supply::In => ma,
                Supply::Oos1 => ma.div_ceil(2),
                Supply::Oos2 => ma.div_ceil(4),
            };
        }
        if s.shaken() {
            ma = ma.div_ceil(2);
        }
        Mp::whole(ma)
    }

    /// What entering `to` from `from` costs unit `u` by terrain (9.2, 9.4.2).
    pub fn terrain_cost(&self, u: usize, from: HexId, to: HexId, mode: Mode) -> TerrainCost {
        let b = &self.rules.board;
        let tec = &self.rules.charts.tec;
        let g = self.st.ground;
        let class = self.move_class(u, mode);
        let Some(cell) = b.cell(to) else {
            return TerrainCost::Prohibited("9.10.5: off the map");
        };
        let side = self.hexside(from, to);
        if matches!(side.water, Some(Water::Lake | Water::Dnepr)) {
            return TerrainCost::Prohibited("9.2.3: a lake or the Dnepr");
        }
        // Where a railroad runs beside a road, the unit takes the cheaper (J-32).
        let by_road = self.roads_across(from, to).iter().map(|road| {
            let row = if mode == Mode::Strategic {
                road.strategic_row()
            } else {
                road.row()
            };
            match tec.get(row, class, g) {
                MpCell::Cost(m) | MpCell::Add(m) => TerrainCost::Mp(m),
                MpCell::All => TerrainCost::All,
                MpCell::Prohibited => TerrainCost::Prohibited("TEC: prohibited"),
            }
        });
        if let Some(best) = by_road.min_by_key(TerrainCost::rank) {
            return best;
        }
        let bridged = side.bridge || side.rail_bridge;
        let mut extra = Mp::ZERO;
        match side.water {
            Some(w) if w.is_river() && !bridged => {
                if !self.rules.units[u].kind.is_infantry_type() {
                    return TerrainCost::Prohibited(
                        "9.2.1: only infantry types cross an unbridged river",
                    );
                }
                match tec.get(w.row(), class, g) {
                    MpCell::All => return TerrainCost::All,
                    MpCell::Prohibited => return TerrainCost::Prohibited("9.2.1: prohibited"),
                    MpCell::Cost(m) | MpCell::Add(m) => extra += m,
                }
            }
            Some(w @ (Water::Stream | Water::Swamp)) if !bridged => {
                match tec.get(w.row(), class, g) {
                    MpCell::Prohibited => {
                        return TerrainCost::Prohibited("TEC: the hexside is prohibited");
                    }
                    MpCell::All => return TerrainCost::All,
                    MpCell::Cost(m) | MpCell::Add(m) => extra += m,
                }
            }
            _ => {}
        }
        let row = if cell.village {
            "Village"
        } else {
            cell.terrain.row()
        };
        let mut cost = match tec.get(row, class, g) {
            MpCell::Cost(m) | MpCell::Add(m) => m,
            MpCell::All => return TerrainCost::All,
            MpCell::Prohibited => return TerrainCost::Prohibited("TEC: prohibited terrain"),
        };
        if cell.hilltop {
            match tec.get("Hilltop", class, g) {
                MpCell::Prohibited => return TerrainCost::Prohibited("TEC: prohibited terrain"),
                c => cost += c.extra().unwrap_or(Mp::ZERO),
            }
        }
        TerrainCost::Mp(cost + extra)
    }

    /// The zone surcharge of leaving a `from` zone and entering a `to` zone (10.2).
    pub(crate) fn zone_cost(&self, u: usize, leave: Zone, enter: Zone, mode: Mode) -> Mp {
        let class = self.move_class(u, mode);
        let tec = &self.rules.charts.tec;
        let g = self.st.ground;
        let get = |row| tec.get(row, class, g).extra().unwrap_or(Mp::ZERO);
        let l = match leave {
            Zone::Zoc => get("Leave enemy ZOC"),
            Zone::Zoi => get("Leave enemy ZOI"),
            Zone::None => Mp::ZERO,
        };
        let e = match enter {
            Zone::Zoc => get("Enter enemy ZOC"),
            Zone::Zoi => get("Enter enemy ZOI"),
            Zone::None => Mp::ZERO,
        };
        l + e
    }

    /// May `u` (moving with `group`) move from a ZOC to a ZOC (10.3)? `Some(regroup)`.
    fn zoc_to_zoc(&self, u: usize, group: &[usize]) -> Option<bool> {
        let d = &self.rules.units[u];
        let with = |f: &dyn Fn(usize) -> bool| group.iter().any(|&x| x != u && f(x));
        match d.army {
            Army::Soviet => {
                let ok = d.star
                    || (matches!(
                        d.kind,
                        Kind::Infantry(Foot::Motorized | Foot::Recon) | Kind::Armor
                    ) && with(&|x| self.rules.units[x].star))
                    || (d.kind == Kind::Infantry(Foot::Cavalry)
                        && with(&|x| self.rules.units[x].stacks_with == Some(u)));
                ok.then_some(false)
            }
            Army::German => match d.kind {
                Kind::Armor => Some(false),
                Kind::Infantry(Foot::Motorized | Foot::Mechanized | Foot::Recon)
                    if with(&|x| self.rules.units[x].is_armor()) =>
                {
                    Some(false)
                }
                k if k.is_infantry_type() && d.attack_capable() => Some(true),
                _ => None,
            },
        }
    }

    /// Checks one hex of a move for every unit of `group` without changing anything.
    pub fn plan_step(
        &self,
        group: &[usize],
        from: HexId,
        to: HexId,
        m: &Moving,
    ) -> Checked<Vec<UnitStep>> {
        let b = &self.rules.board;
        if !b.contains(to) {
            return Err(RuleError::new("9.10.5", "units may not move off the map"));
        }
        if !b.adjacent(from, to) {
            return Err(RuleError::new(
                "9.0",
                format!(
                    "{} is not next to {}",
                    self.hex_label(to),
                    self.hex_label(from)
                ),
            ));
        }
        let army = self.rules.units[group[0]].army;
        if self.enemy_on(to, army) {
            return Err(RuleError::new(
                "9.10.4",
                format!("{} holds enemy units", self.hex_label(to)),
            ));
        }
        let breakthrough = self.st.phase.step == Step::Breakthrough;
        if breakthrough && b.side(from, to).water.is_some_and(|w| w.is_river()) {
            return Err(RuleError::new(
                "12.1.4 A",
                "breakthrough movement may not cross a river",
            ));
        }
        if m.mode == Mode::Strategic && self.near_enemy(to, army, 2) {
            return Err(RuleError::new(
                "9.4.2",
                "strategic movement stays 3 hexes from enemy units",
            ));
        }
        let (leave, enter) = if breakthrough || m.mode == Mode::Strategic {
            (Zone::None, Zone::None)
        } else {
            (self.zone_leaving(from, to, army), self.enemy_zone(to, army))
        };
        let mut out = Vec::new();
        for (i, &u) in group.iter().enumerate() {
            let spent = m.spent.get(i).copied().unwrap_or(Mp::ZERO);
            let first = m.path.len() <= 1 && spent == Mp::ZERO;
            let mut halts = None;
            let terrain = self.terrain_cost(u, from, to, m.mode);
            if let (TerrainCost::Mp(_) | TerrainCost::All, TerrainCost::Prohibited(r)) =
                (terrain, self.terrain_cost(u, to, from, m.mode))
            {
                return Err(RuleError::new(
                    "9.9.1",
                    format!("{}: the move back would be prohibited ({r})", self.id(u)),
                ));
            }
            let cost = match terrain {
                TerrainCost::Prohibited(r) => {
                    return Err(RuleError::new(
                        "9.2",
                        format!("{} may not enter {}: {r}", self.id(u), self.hex_label(to)),
                    ));
                }
                TerrainCost::All if !first => {
                    return Err(RuleError::new(
                        "9.2.1",
                        "crossing an unbridged river takes a unit's whole move, from its start",
                    ));
                }
                TerrainCost::All => {
                    halts = Some("9.2.1: the river took its whole allowance");
                    self.allowance(u, m.mode, m.reserve)
                }
                TerrainCost::Mp(c) => c + self.zone_cost(u, leave, enter, m.mode),
            };
            let (mined_mp, mined_halt) = self.minefield_crossing(u, from, to)?;
            let cost = cost + Mp::whole(mined_mp);
            if mined_halt {
                halts = halts.or(Some("15.3.2: it entered a minefield"));
            }
            let allowance = self.allowance(u, m.mode, m.reserve);
            if breakthrough {
                halts = Some("12.1.4 A: one hex");
            } else if spent + cost > allowance {
                if !first {
                    return Err(RuleError::new(
                        "9.0",
                        format!(
                            "{} has {} MP left; {to} costs {cost}",
                            self.id(u),
                            allowance.saturating_sub(spent)
                        ),
                    ));
                }
                halts = Some("9.9.2: the one hex a unit may always move");
            }
            let mut regroup = false;
            if leave == Zone::Zoc && enter == Zone::Zoc {
                match self.zoc_to_zoc(u, group) {
                    Some(r) => regroup = r,
                    None => {
                        return Err(RuleError::new(
                            "10.3",
                            format!("{} may not move from a ZOC to a ZOC", self.id(u)),
                        ));
                    }
                }
            }
            if army == Army::Soviet && enter == Zone::Zoc && self.zoc_to_zoc(u, group).is_none() {
                halts = halts.or(Some("10.3.1: it entered a German ZOC"));
            }
            self.check_exposed(u, group, to, army)?;
            out.push(UnitStep {
                unit: u,
                cost,
                halts,
                regroup,
            });
        }
        Ok(out)
    }

    /// 9.10.2 (J-09): artillery and non-attack-capable units enter a hex next to the
    /// enemy only where an attack-capable friendly unit is or moves with them.
    fn check_exposed(&self, u: usize, group: &[usize], to: HexId, army: Army) -> Checked<()> {
        let d = &self.rules.units[u];
        if d.attack_capable() && d.kind != Kind::Artillery {
            return Ok(());
        }
        if !self
            .rules
            .board
            .neighbours(to)
            .into_iter()
            .any(|n| self.enemy_on(n, army))
        {
            return Ok(());
        }
        let guard = |x: usize| {
            let dx = &self.rules.units[x];
            dx.attack_capable() && dx.kind != Kind::Artillery
        };
        if group.iter().any(|&x| guard(x)) || self.own_on(to, army).into_iter().any(guard) {
            Ok(())
        } else {
            Err(RuleError::new(
                "9.10.2",
                format!(
                    "{} may not end next to the enemy without an attack-capable unit",
                    self.id(u)
                ),
            ))
        }
    }

    /// Is an enemy unit within `within` hexes of `hex`?
    pub(crate) fn near_enemy(&self, hex: HexId, army: Army, within: u32) -> bool {
        self.rules
            .board
            .grid
            .range(hex, within)
            .into_iter()
            .any(|h| {
                self.st
                    .at(h)
                    .any(|u| self.rules.units[u].army != army && !self.rules.units[u].is_sdm())
            })
    }

    /// The units may start a move in this step with this mode.
    pub(crate) fn may_start(&self, group: &[usize], mode: Mode) -> Checked<HexId> {
        let step = self.st.phase.step;
        let from = self.st.units[group[0]]
            .hex()
            .ok_or_else(|| RuleError::new("9.0", "the unit is not on the map"))?;
        for (i, &u) in group.iter().enumerate() {
            let (d, s) = (&self.rules.units[u], &self.st.units[u]);
            let name = &d.id;
            if group[..i].contains(&u) {
                return Err(RuleError::new("9.0", format!("{name} is named twice")));
            }
            if s.hex() != Some(from) {
                return Err(RuleError::new(
                    "9.9.4",
                    "a stack moving together starts in one hex",
                ));
            }
            if s.moved {
                return Err(RuleError::new(
                    "9.0",
                    format!("{name} has moved this segment"),
                ));
            }
            if d.is_sdm() || s.alarm_side || d.movement == 0 {
                return Err(RuleError::new("4.8.2", format!("{name} cannot move")));
            }
            if d.army == Army::Soviet && s.replaced > 0 {
                return Err(RuleError::new(
                    "8.4",
                    format!("{name} took replacements this turn"),
                ));
            }
            let ok = match step {
                Step::Movement => !s.reserve,
                Step::ReserveMovement => s.reserve,
                Step::Breakthrough => s.breakthrough,
                _ => false,
            };
            if !ok {
                return Err(RuleError::new(
                    "9.6",
                    format!("{name} may not move in the {}", step.name()),
                ));
            }
            match mode {
                Mode::Tactical => {}
                Mode::Foot
                    if matches!(
                        d.kind,
                        Kind::Infantry(Foot::Motorized | Foot::Mechanized | Foot::Recon)
                    ) => {}
                Mode::Foot => {
                    return Err(RuleError::new(
                        "9.1.1",
                        format!("{name} has no foot rate to choose"),
                    ));
                }
                Mode::Strategic if step != Step::Movement => {
                    return Err(RuleError::new("9.6", "only tactical movement here"));
                }
                Mode::Strategic if s.shaken() || s.supply != Supply::In => {
                    return Err(RuleError::new(
                        "9.4.2",
                        format!("{name} may not move strategically (12.17.2, 13.5)"),
                    ));
                }
                Mode::Strategic => {}
            }
        }
        if mode == Mode::Strategic && self.near_enemy(from, self.rules.units[group[0]].army, 2) {
            return Err(RuleError::new(
                "9.4.2",
                "strategic movement starts 3 hexes from enemy units",
            ));
        }
        Ok(from)
    }

    /// A Move action: one hex for a stack, continuing its move or starting a new one.
    pub(crate) fn order_move(
        &mut self,
        ids: &[String],
        to: HexId,
        mode: Mode,
        out: &mut Vec<Event>,
    ) -> Checked<()> {
        if ids.is_empty() {
            return Err(RuleError::new("9.0", "no unit named"));
        }
        let group = ids
            .iter()
            .map(|i| self.own(i))
            .collect::<Checked<Vec<usize>>>()?;
        let continuing = self.st.moving.as_ref().is_some_and(|m| m.units == group);
        if continuing {
            let m = self.st.moving.as_ref().expect("continuing");
            if m.mode != mode {
                return Err(RuleError::new(
                    "9.4",
                    "a unit may not combine types of movement",
                ));
            }
            if m.halted {
                return Err(RuleError::new("9.0", "the stack has stopped"));
            }
        } else {
            let from = self.may_start(&group, mode)?;
            self.finish_move(out);
            self.st.moving = Some(Moving {
                units: group.clone(),
                mode,
                spent: vec![Mp::ZERO; group.len()],
                path: vec![from],
                halted: false,
                reserve: self.st.phase.step == Step::ReserveMovement,
                regroup: Vec::new(),
                intercepted: Vec::new(),
            });
        }
        let m = self.st.moving.clone().expect("a stack is moving");
        let from = *m.path.last().expect("a path starts somewhere");
        let plan = self.plan_step(&group, from, to, &m)?;
        let mut m = m;
        for (i, s) in plan.iter().enumerate() {
            m.spent[i] += s.cost;
            if s.regroup && !m.regroup.contains(&s.unit) {
                m.regroup.push(s.unit);
            }
            let st = &mut self.st.units[s.unit];
            st.loc = super::state::Loc::Map(to);
            st.moved = true;
            st.hexes_moved += 1;
            if mode == Mode::Foot
                || (st.on_foot && self.rules.units[s.unit].class != MoveClass::NonMot)
            {
                st.on_foot = true;
            }
            if s.halts.is_some_and(|r| r.starts_with("9.2.1"))
                && self.rules.units[s.unit].class == MoveClass::MotMech
            {
                st.on_foot = true;
            }
            if self.st.phase.step == Step::Breakthrough {
                st.breakthrough = false;
            }
            self.mark_holder(s.unit);
        }
        m.path.push(to);
        let army = self.rules.units[group[0]].army;
        if army == Army::Soviet && self.st.improved_positions.remove(&to) {
            // 15.1: an IP is removed the instant a Soviet unit enters its hex.
        }
        let units: Vec<String> = group.iter().map(|&u| self.id(u)).collect();
        self.emit(
            out,
            Event::Moved {
                units: units.clone(),
                from,
                to,
                spent: m.spent.clone(),
            },
        );
        if let Some(r) = plan.iter().find_map(|s| s.halts) {
            m.halted = true;
            self.emit(
                out,
                Event::Halted {
                    units,
                    rule: r.to_owned(),
                },
            );
        }
        self.st.moving = Some(m);
        self.cross(from, to, army);
        self.cross_minefield(&group, from, to, out);
        self.offer_interception(from, to);
        self.offer_demolition(to, army);
        Ok(())
    }

    /// Ends the moving stack's move: the markers its move earns (10.3.2, 9.4.2, 9.10.3).
    pub(crate) fn finish_move(&mut self, out: &mut Vec<Event>) {
        let Some(m) = self.st.moving.take() else {
            return;
        };
        // 13.4.2: an OOS1 unit moving more than one hex at a motorized or armor rate.
        if m.path.len() > 2 {
            for &u in &m.units {
                if self.move_class(u, m.mode) != MoveClass::NonMot
                    && self.st.units[u].supply == Supply::Oos1
                {
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
        }
        for &u in &m.regroup {
            self.set_org(u, Org::Regroup, "10.3.2", out);
        }
        for &u in &m.units {
            let d = self.rules.units[u].clone();
            if m.mode == Mode::Strategic && matches!(d.kind, Kind::Artillery | Kind::Engineer(_)) {
                self.set_org(u, Org::Regroup, "9.4.2", out);
            }
            if d.kind == Kind::Artillery && d.no_fire > 0 {
                let applies = d.army == Army::Soviet || d.no_fire == 1;
                if applies {
                    self.st.units[u].no_fire = d.no_fire;
                }
            }
        }
    }
}
