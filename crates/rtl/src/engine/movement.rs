//! Movement (8.0): the Movement Allowance now (3.57, 6.14a, 7.21b, 9.31, 3.72a); stacks
//! formed one unit at a time and moved hex by hex (8.11-8.13); enemy ZOC (8.2); enemy
//! Strongpoints (14.12); Leaders and Bridge units near the enemy (8.15); reinforcements
//! entering (5.22); no blocking of enemy entry hexes (5.21); Reaction Movement's limits
//! (9.34); stacking at the end of a phase (3.32).

use sztab_core::hex::HexId;

use super::charts::TecRow;
use super::cost::Price;
use super::event::Event;
use super::game::{Checked, Game, refuse};
use super::state::{Loc, Mover, Stage};
use super::unit::Kind;
use super::words::{Class, Mp, SeqKind, Side, Supply, other};

/// Stacking points a hex may hold (3.32).
pub const STACKING: u32 = 9;

/// One unit's part of a step.
#[derive(Clone, Copy, Debug)]
pub(super) struct UnitStep {
    pub unit: usize,
    pub cost: Mp,
    pub stop: bool,
}

impl Game {
    /// The MA the unit moves with now: halved once for OoS (MOT and HE), an Assault
    /// Sequence or Reaction (3.57), then 2 less if Disrupted (3.72a).
    pub(super) fn allowance(&self, u: usize) -> Mp {
        let d = &self.rules.units[u];
        let s = &self.st.units[u];
        let seq = self.st.seq.as_ref();
        let reacting = seq.is_some_and(|q| q.stage == Stage::Reaction);
        let assault = seq.is_some_and(|q| q.kind == SeqKind::Assault && q.side == d.side);
        let oos = s.supply == Supply::Oos && d.class != Class::Nm;
        let mut ma = if oos || assault || reacting {
            d.movement.half()
        } else {
            d.movement
        };
        if s.disrupted {
            ma = ma - Mp::whole(2);
        }
        ma.max0()
    }

    pub(super) fn spent(&self, u: usize) -> Mp {
        self.st
            .seq
            .as_ref()
            .and_then(|q| q.spent.get(&u).copied())
            .unwrap_or_default()
    }

    /// An enemy combat unit next to `hex` (8.15, 9.34).
    pub(super) fn next_to_enemy(&self, side: Side, hex: HexId) -> bool {
        self.rules
            .board
            .grid
            .neighbours(hex)
            .any(|n| self.occupant(n) == Some(other(side)))
    }

    /// Enemy completed Strongpoint on `hex` (14.12).
    pub(super) fn enemy_strongpoint(&self, side: Side, hex: HexId) -> bool {
        self.st
            .strongpoints
            .get(&hex)
            .is_some_and(|sp| sp.complete && sp.side != side)
    }

    /// Unit `u` entering `to` from `from` with `spent` MP already spent.
    pub(super) fn unit_step(
        &self,
        u: usize,
        from: HexId,
        to: HexId,
        reaction: bool,
    ) -> Checked<UnitStep> {
        let d = &self.rules.units[u];
        let side = d.side;
        if self.occupant(to) == Some(other(side)) {
            return refuse("8.14", format!("{to} holds enemy combat units"));
        }
        let ezoc_from = self.in_enemy_zoc(side, from);
        let ezoc_to = self.in_enemy_zoc(side, to);
        let mot = d.class == Class::Mot;
        let friendly_there = !self.combat_at(to, side).is_empty();
        if reaction && self.next_to_enemy(side, to) && !friendly_there {
            return refuse(
                "9.34",
                format!(
                    "reacting units enter {to}, next to the enemy, only where a friendly combat unit stands"
                ),
            );
        }
        let price = self
            .terrain_price(u, Some(from), to, mot && ezoc_from && ezoc_to)
            .map_err(|rule| {
                super::game::RuleError::new(
                    rule,
                    format!("{} may not enter {to} from {from}", d.id),
                )
            })?;
        // Entering a friendly-held hex in Reaction costs no ZOC, but stops (9.34).
        let reaction_stop = reaction && self.next_to_enemy(side, to);
        let zoc = if ezoc_to && !reaction_stop {
            self.added(TecRow::Zoc, u)
        } else {
            Mp::ZERO
        };
        let sp = if self.enemy_strongpoint(side, to) {
            self.added(TecRow::Strongpoint, u)
        } else {
            Mp::ZERO
        };
        let (ma, spent) = (self.allowance(u), self.spent(u));
        let left = ma - spent;
        // "All" is paid from an unspent MA only (decision R-31).
        let whole = |why: &'static str| -> Checked<UnitStep> {
            if spent != Mp::ZERO || ma == Mp::ZERO {
                return refuse(
                    why,
                    format!("{} must spend its entire MA to enter {to}", d.id),
                );
            }
            Ok(UnitStep {
                unit: u,
                cost: ma,
                stop: true,
            })
        };
        match price {
            Price::All => whole("8.37b"),
            Price::Mp(p) => {
                let total = p + zoc + sp;
                if !mot && ezoc_from && ezoc_to {
                    // 8.23b: from one enemy ZOC to another, the entire MA, if it covers the cost.
                    if total > ma {
                        return refuse("8.23b", format!("{}'s MA does not cover {to}", d.id));
                    }
                    return whole("8.23b");
                }
                if total > left {
                    return refuse(
                        "8.13",
                        format!("{} has {left} MP left; {to} costs {total}", d.id),
                    );
                }
                // A unit that stops in an enemy ZOC has moved: even a cavalry unit does not
                // overrun from there (decision R-36).
                Ok(UnitStep {
                    unit: u,
                    cost: total,
                    stop: reaction_stop || (ezoc_to && !mot),
                })
            }
        }
    }

    /// The units that may move now: the Active Formation's and activated Army units in a
    /// Movement Phase (7.21), Leaders activating themselves (15.24); the reacting units in
    /// Reaction Movement (9.33).
    pub(super) fn movable(&self, u: usize) -> bool {
        let Some(seq) = &self.st.seq else {
            return false;
        };
        if seq.done.contains(&u) || self.hex_of(u).is_none() {
            return false;
        }
        let d = &self.rules.units[u];
        match seq.stage {
            Stage::Movement => {
                if d.kind == Kind::Leader {
                    return d.side == seq.side
                        && (seq.army.contains(&u) || self.st.units[u].activations < 2);
                }
                d.is_ground() && d.kind != Kind::Bridge && self.active(u)
            }
            Stage::Reaction => seq.reacting.contains(&u),
            _ => false,
        }
    }

    pub(super) fn check_pick(&self, unit: &str) -> Checked<usize> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let side = if seq.stage == Stage::Reaction {
            other(seq.side)
        } else {
            seq.side
        };
        let u = self.own(unit, side)?;
        if !self.movable(u) {
            return refuse("8.13", format!("{unit} may not move now"));
        }
        if self.allowance(u) == Mp::ZERO {
            return refuse("8.13", format!("{unit} has no MP"));
        }
        if let Some(m) = &seq.mover {
            if m.units.contains(&u) {
                return refuse("8.12", format!("{unit} is already moving"));
            }
            let joins = !m.moved && Some(m.hex) == self.hex_of(u);
            if !joins {
                self.check_stop()?;
            }
        }
        Ok(u)
    }

    pub(super) fn pick(&mut self, u: usize) {
        let hex = self.hex_of(u).expect("on the map");
        let joins = self
            .st
            .seq
            .as_ref()
            .and_then(|q| q.mover.as_ref())
            .is_some_and(|m| !m.moved && m.hex == hex);
        if !joins {
            self.finish_mover();
        }
        if self.rules.units[u].kind == Kind::Leader {
            self.leader_activates(u);
        }
        let seq = self.st.seq.as_mut().expect("in a sequence");
        match seq.mover.as_mut() {
            Some(m) if joins => m.units.push(u),
            _ => {
                seq.mover = Some(Mover {
                    units: vec![u],
                    hex,
                    moved: false,
                    must_overrun: false,
                })
            }
        }
    }

    /// A Leader's First or Final Activation this sequence (15.24).
    fn leader_activates(&mut self, u: usize) {
        let seq = self.st.seq.as_mut().expect("in a sequence");
        if seq.stage == Stage::Movement && !seq.army.contains(&u) {
            seq.army.push(u);
            self.st.units[u].activations += 1;
        }
    }

    /// Whether the moving stack may stop where it is (5.21).
    pub(super) fn check_stop(&self) -> Checked<()> {
        let Some(m) = self.st.seq.as_ref().and_then(|q| q.mover.as_ref()) else {
            return Ok(());
        };
        let side = m.units.first().map_or(0, |&u| self.side_of(u));
        if m.moved && self.rules.board.on_edge(m.hex) && self.enemy_entry(side, m.hex) {
            return refuse(
                "5.21",
                format!(
                    "no unit ends its move on {}, where enemy reinforcements enter",
                    m.hex
                ),
            );
        }
        Ok(())
    }

    /// The moving stack stops: its units have moved for the phase (8.13).
    pub(super) fn finish_mover(&mut self) {
        let Some(seq) = self.st.seq.as_mut() else {
            return;
        };
        let Some(m) = seq.mover.take() else { return };
        seq.done.extend(m.units.iter().copied());
    }

    pub(super) fn check_step(&self, to: HexId) -> Checked<Vec<UnitStep>> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let Some(m) = seq.mover.as_ref().filter(|m| !m.units.is_empty()) else {
            return refuse("8.11", "no stack is moving: pick a unit first");
        };
        if m.must_overrun {
            return refuse(
                "8.67i",
                "after the Overrun the stack overruns again or stops",
            );
        }
        if !self.rules.board.grid.are_adjacent(m.hex, to) {
            return refuse("8.11", format!("{to} is not next to {}", m.hex));
        }
        let reaction = seq.stage == Stage::Reaction;
        let side = self.side_of(m.units[0]);
        let has_combat = m.units.iter().any(|&u| self.rules.units[u].is_combat());
        let mut steps = Vec::new();
        for &u in &m.units {
            let d = &self.rules.units[u];
            if !d.is_combat()
                && !has_combat
                && self.next_to_enemy(side, to)
                && self.combat_at(to, side).is_empty()
            {
                return refuse(
                    "8.15",
                    format!("{} may not move next to enemy combat units alone", d.id),
                );
            }
            steps.push(self.unit_step(u, m.hex, to, reaction)?);
        }
        if self.rules.board.on_edge(to) && self.enemy_entry(side, to) {
            for s in &steps {
                let left = self.allowance(s.unit) - self.spent(s.unit) - s.cost;
                if s.stop || !self.can_leave(s.unit, to, left) {
                    return refuse(
                        "5.21",
                        format!(
                            "{} could not move on from {to}, where enemy reinforcements enter",
                            self.id(s.unit)
                        ),
                    );
                }
            }
        }
        Ok(steps)
    }

    /// What a step to `to` costs the moving stack and leaves it, for the map ("2 MP · 3
    /// left"): its dearest unit's cost and its least MP left; `None` if it may not step.
    pub(super) fn step_mark(&self, to: HexId) -> Option<String> {
        let steps = self.check_step(to).ok()?;
        let cost = steps.iter().map(|s| s.cost).max()?;
        let left = steps
            .iter()
            .map(|s| (self.allowance(s.unit) - self.spent(s.unit) - s.cost).max0())
            .min()?;
        Some(format!("{cost} MP · {left} left"))
    }

    /// Some hex next to `hex` the unit could enter with `left` MP, without stopping.
    fn can_leave(&self, u: usize, hex: HexId, left: Mp) -> bool {
        let side = self.side_of(u);
        self.rules.board.grid.neighbours(hex).any(|n| {
            self.occupant(n) != Some(other(side))
                && !self.in_enemy_zoc(side, n)
                && matches!(self.terrain_price(u, Some(hex), n, false), Ok(Price::Mp(p)) if p <= left)
        })
    }

    pub(super) fn step(&mut self, to: HexId, steps: Vec<UnitStep>) {
        let seq = self.st.seq.as_mut().expect("in a sequence");
        let m = seq.mover.as_mut().expect("a moving stack");
        let from = m.hex;
        m.hex = to;
        m.moved = true;
        let mut stopped = Vec::new();
        let mut mp = Mp::ZERO;
        for s in &steps {
            *seq.spent.entry(s.unit).or_default() += s.cost;
            mp = mp.max(s.cost);
            if s.stop {
                stopped.push(s.unit);
            }
        }
        m.units.retain(|u| !stopped.contains(u));
        if m.units.is_empty() {
            seq.mover = None;
        }
        seq.done.extend(stopped.iter().copied());
        let units: Vec<usize> = steps.iter().map(|s| s.unit).collect();
        self.place(&units, to);
        let names = self.ids(&units);
        self.emit(Event::Moved {
            units: names,
            from,
            to,
            mp,
        });
        if !stopped.is_empty() {
            let names = self.ids(&stopped);
            self.emit(Event::Stopped {
                units: names,
                hex: to,
            });
        }
        for u in units {
            self.builder_gone(u);
        }
    }

    /// Units come to `hex` (a move, retreat or advance): the hex is theirs (3.12a), enemy
    /// Bridge units there are removed (16.26) and enemy Leaders displaced (15.22).
    pub(super) fn place(&mut self, units: &[usize], hex: HexId) {
        for &u in units {
            let t = self.st.tick();
            let s = &mut self.st.units[u];
            s.loc = Loc::Map(hex);
            s.since = t;
        }
        let Some(&first) = units.iter().find(|&&u| self.rules.units[u].is_combat()) else {
            return;
        };
        let side = self.side_of(first);
        self.st.moved_through.insert(hex, side);
        self.clear_enemy_pieces(side, hex);
    }

    fn clear_enemy_pieces(&mut self, side: Side, hex: HexId) {
        let here: Vec<usize> = self
            .st
            .at(hex)
            .filter(|&u| self.side_of(u) != side)
            .collect();
        for u in here {
            match self.rules.units[u].kind {
                Kind::Bridge => {
                    self.st.units[u].loc = Loc::Off;
                    self.st.units[u].arrow = None;
                    let unit = self.id(u);
                    self.emit(Event::BridgeRemoved {
                        unit,
                        why: "an enemy combat unit entered its hex (16.26)".into(),
                    });
                }
                Kind::Leader => self.displace(u),
                _ => {}
            }
        }
    }

    /// 15.22: a Leader whose hex an enemy enters goes to the nearest friendly unit, Spent
    /// (the nearest hex first, then the lowest hex number: decision R-15).
    fn displace(&mut self, l: usize) {
        let side = self.side_of(l);
        let from = self.hex_of(l).expect("on the map");
        let grid = self.rules.board.grid;
        let to = (0..self.rules.units.len())
            .filter(|&u| {
                u != l
                    && self.side_of(u) == side
                    && self.rules.units[u].is_combat()
                    && self
                        .hex_of(u)
                        .is_some_and(|h| self.occupant(h) == Some(side))
            })
            .filter_map(|u| self.hex_of(u))
            .min_by_key(|&h| (grid.distance(from, h), h));
        match to {
            Some(h) => {
                self.st.units[l].loc = Loc::Map(h);
                self.st.units[l].spent = true;
                let unit = self.id(l);
                self.emit(Event::LeaderDisplaced { unit, to: h });
            }
            None => self.eliminate(l, "no friendly unit left to join"),
        }
    }

    /// 5.22: a reinforcement enters at one of its hexes, paying the first hex's cost.
    pub(super) fn check_enter(&self, unit: &str, hex: HexId) -> Checked<UnitStep> {
        let seq = self.st.seq.as_ref().expect("in a sequence");
        let u = self.own(unit, seq.side)?;
        let d = &self.rules.units[u];
        if self.st.units[u].loc != Loc::Off || !d.is_ground() || d.kind == Kind::Bridge {
            return refuse(
                "5.22",
                format!("{unit} is no reinforcement waiting to enter"),
            );
        }
        let due = self
            .rules
            .arrivals
            .iter()
            .any(|a| a.turn <= self.st.turn && a.units.contains(&u) && a.hexes.contains(&hex));
        if !due {
            return refuse(
                "5.2",
                format!("{unit} does not enter at {hex} on this turn"),
            );
        }
        let army = self.rules.is_army(u);
        let eligible = if d.kind == Kind::Leader {
            self.st.units[u].activations < 2
        } else if army {
            // 5.28: Army reinforcements activate automatically with any formation.
            self.st.units[u].activations < if d.class == Class::Mot { 2 } else { 1 }
        } else {
            d.formation.is_some_and(|f| seq.formations.contains(&f))
        };
        if !eligible {
            return refuse("5.22a", format!("{unit}'s formation is not active"));
        }
        if self.occupant(hex) == Some(other(d.side)) {
            return refuse("8.14", format!("{hex} holds enemy combat units"));
        }
        if let Some(m) = &seq.mover
            && m.moved
        {
            self.check_stop()?;
        }
        let price = self.terrain_price(u, None, hex, false).map_err(|rule| {
            super::game::RuleError::new(rule, format!("{unit} may not enter {hex}"))
        })?;
        let ezoc = self.in_enemy_zoc(d.side, hex);
        let extra = if ezoc {
            self.added(TecRow::Zoc, u)
        } else {
            Mp::ZERO
        } + if self.enemy_strongpoint(d.side, hex) {
            self.added(TecRow::Strongpoint, u)
        } else {
            Mp::ZERO
        };
        let ma = self.allowance(u);
        match price {
            Price::All if ma > Mp::ZERO => Ok(UnitStep {
                unit: u,
                cost: ma,
                stop: true,
            }),
            Price::Mp(p) if p + extra <= ma => Ok(UnitStep {
                unit: u,
                cost: p + extra,
                stop: ezoc && d.class != Class::Mot,
            }),
            _ => refuse("8.13", format!("{unit}'s MA does not cover {hex}")),
        }
    }

    pub(super) fn enter(&mut self, hex: HexId, s: UnitStep) {
        self.finish_mover();
        let u = s.unit;
        let turn = self.st.turn;
        {
            let st = &mut self.st.units[u];
            st.entered = Some(turn);
            st.supply = Supply::In;
        }
        if self.rules.is_army(u) || self.rules.units[u].kind == Kind::Leader {
            self.st.units[u].activations += 1;
            self.st.seq.as_mut().expect("in a sequence").army.push(u);
        }
        self.place(&[u], hex);
        let seq = self.st.seq.as_mut().expect("in a sequence");
        seq.spent.insert(u, s.cost);
        if s.stop {
            seq.done.insert(u);
        } else {
            seq.mover = Some(Mover {
                units: vec![u],
                hex,
                moved: true,
                must_overrun: false,
            });
        }
        let unit = self.id(u);
        self.emit(Event::Entered {
            unit,
            hex,
            mp: s.cost,
        });
    }

    /// 3.32: more than nine stacking points on a hex at the end of a phase: the owner's
    /// excess is eliminated, the last units to come first (decision R-08).
    pub(super) fn enforce_stacking(&mut self) {
        let hexes: std::collections::BTreeSet<HexId> =
            self.st.units.iter().filter_map(|s| s.hex()).collect();
        for hex in hexes {
            for side in [0, 1] {
                while self.stack_points(hex, side) > STACKING {
                    let last = self
                        .combat_at(hex, side)
                        .into_iter()
                        .filter(|&u| self.rules.units[u].stacking > 0)
                        .max_by_key(|&u| self.st.units[u].since);
                    match last {
                        Some(u) => self.eliminate(u, "more than 9 stacking points (3.32)"),
                        None => break,
                    }
                }
            }
        }
    }
}
