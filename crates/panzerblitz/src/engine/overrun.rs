//! Overrun Attack: armored vehicles drive straight through an enemy stack in clear
//! terrain and stop in the hex directly opposite the one they came in by (B); printed
//! factors only, the odds one column better and 2 off the die (D, E); one overrun per
//! stack a turn, any number of units combined (D); never on blocks, wrecks, mines or
//! fortifications (G), never by German SPA, halftracks never against armored vehicles
//! (H); only in clear terrain or a clear road hex (I).

use std::collections::BTreeMap;

use sztab_core::hex::HexId;

use super::action::OverrunLeg;
use super::event::{AttackKind, Event};
use super::game::{Checked, Game, Refusal};
use super::unit::Kind;

/// One overrunning unit's way through: its approach, entry and exit hexes and the MF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pass {
    pub unit: usize,
    pub path: Vec<HexId>,
    pub exit: HexId,
    pub spent: u32,
    /// The hex it enters the target from.
    pub entry: HexId,
    /// Its passenger, jumping off on the entry hex (PanzerBlitz Assault, P-24).
    pub jumper: Option<usize>,
}

impl Game {
    /// The hex directly opposite `entry` across `target`.
    pub fn opposite(&self, entry: HexId, target: HexId) -> Option<HexId> {
        let g = &self.s.board.grid;
        let (e, t) = (g.axial(entry), g.axial(target));
        g.id_of(t + (t - e))
    }

    /// Whether the stack on `hex` may be overrun at all (Overrun B, D, G, I).
    pub fn may_be_overrun(&self, hex: HexId) -> Checked<()> {
        let s = &self.s;
        let defender = 1 - self.st.side;
        let no = |rule: &'static str, why: String| Err(Refusal::new(rule, why));
        let pieces = self.pieces(hex, defender, false);
        let at = s.board.label(hex);
        if pieces.is_empty() {
            return no("Overrun B", format!("no enemy unit on {at}"));
        }
        if !s.board.overrunnable(hex) {
            return no("Overrun I", format!("{at} is not clear terrain"));
        }
        if self.st.forts.contains_key(&hex)
            || self.st.blocks.contains(&hex)
            || self.st.mines.contains(&hex)
            || self.st.wrecks.get(&hex).is_some_and(|w| w[0] + w[1] > 0)
        {
            return no(
                "Overrun G",
                format!(
                    "units on a block, wreck, minefield or fortification ({at}) may not be overrun"
                ),
            );
        }
        if self.st.overrun.contains(&hex) {
            return no(
                "Overrun D",
                format!("{at} has already been overrun this turn"),
            );
        }
        Ok(())
    }

    /// Checks an overrun and works out each unit's way through.
    pub fn plan_overrun(&self, hex: HexId, legs: &[OverrunLeg]) -> Checked<Vec<Pass>> {
        let s = &self.s;
        let defender = 1 - self.st.side;
        let no = |rule: &'static str, why: String| Err(Refusal::new(rule, why));
        self.may_be_overrun(hex)?;
        let pieces = self.pieces(hex, defender, false);
        if legs.is_empty() {
            return no("Overrun B", "an overrun needs an armored unit".into());
        }
        let armored_target = pieces.iter().any(|p| p.armored);
        let mut passes = Vec::new();
        let mut arriving: BTreeMap<HexId, u32> = BTreeMap::new();
        for leg in legs {
            let u = self.own(&leg.unit)?;
            let def = &s.units[u];
            if passes.iter().any(|p: &Pass| p.unit == u) {
                return no("Overrun D", format!("{} is named twice", leg.unit));
            }
            if !def.kind.overruns() {
                let why = if def.kind == Kind::Spa {
                    "German SPA may not overrun (Overrun H)"
                } else {
                    "only armored vehicles overrun (Overrun A)"
                };
                return no("Overrun A, H", format!("{}: {why}", leg.unit));
            }
            if def.kind == Kind::Halftrack && armored_target {
                return no(
                    "Overrun H",
                    format!("{}: halftracks may not overrun armored vehicles", leg.unit),
                );
            }
            let from = self.may_move(u)?;
            if !self.first_of_impulse(u) {
                return no(
                    "Overrun B",
                    format!(
                        "{} has moved this turn: an overrun is its whole move",
                        leg.unit
                    ),
                );
            }
            let mut path = leg.approach.clone();
            let entry = path.last().copied().unwrap_or(from);
            if !s.board.grid.are_adjacent(entry, hex) {
                return no(
                    "Overrun B",
                    format!(
                        "{} does not reach a hex next to {}",
                        leg.unit,
                        s.board.label(hex)
                    ),
                );
            }
            let exit = self.opposite(entry, hex).ok_or_else(|| {
                Refusal::new(
                    "Overrun B",
                    format!(
                        "the hex opposite {} across {} is off the board",
                        s.board.label(entry),
                        s.board.label(hex)
                    ),
                )
            })?;
            if self.st.enemy_at(s, exit, def.side) {
                return no(
                    "Overrun B",
                    format!("the exit hex {exit} holds enemy units: no overrun"),
                );
            }
            let jumper = if leg.jump_off {
                Some(self.jumper(u)?)
            } else {
                None
            };
            path.push(hex);
            path.push(exit);
            let spent = self.overrun_walk(u, from, &path)?;
            *arriving.entry(exit).or_default() += 1;
            passes.push(Pass {
                unit: u,
                path,
                exit,
                spent,
                entry,
                jumper,
            });
        }
        self.jump_off_stacking(&passes)?;
        for (exit, n) in arriving {
            let side = self.st.side;
            let count = self.st.stack(s, exit, side)
                - passes
                    .iter()
                    .filter(|p| self.st.hex_of(p.unit) == Some(exit))
                    .count() as u32;
            if count + n > s.sides[side].stacking {
                return no(
                    "Stacking A, B",
                    format!(
                        "{} would hold more than {} units",
                        s.board.label(exit),
                        s.sides[side].stacking
                    ),
                );
            }
        }
        Ok(passes)
    }

    /// The overrun `legs` on `hex` with every passenger that may jump off doing so
    /// (PanzerBlitz Assault, P-24), if any may and the overrun stays legal.
    pub fn jumping(&self, hex: HexId, legs: &[OverrunLeg]) -> Option<Vec<OverrunLeg>> {
        if !self.s.options.panzerblitz_assault {
            return None;
        }
        let mut any = false;
        let with: Vec<OverrunLeg> = legs
            .iter()
            .map(|l| {
                let j = OverrunLeg {
                    jump_off: true,
                    ..l.clone()
                };
                let ok = self.plan_overrun(hex, std::slice::from_ref(&j)).is_ok();
                any |= ok;
                if ok { j } else { l.clone() }
            })
            .collect();
        (any && self.plan_overrun(hex, &with).is_ok()).then_some(with)
    }

    /// The passenger of carrier `u` that may jump off before its overrun (PanzerBlitz
    /// Assault, P-24): the rule in use, an armored carrier, a passenger that may
    /// close-assault.
    fn jumper(&self, u: usize) -> Checked<usize> {
        let s = &self.s;
        let id = &s.units[u].id;
        let no = |why: String| Err(Refusal::new("PanzerBlitz Assault", why));
        if !s.options.panzerblitz_assault {
            return no("the optional PanzerBlitz Assault rule is not in use".into());
        }
        if !s.units[u].kind.is_armored() {
            return no(format!("{id} is not an armored vehicle"));
        }
        let Some(p) = self.st.units[u].carrying else {
            return no(format!("{id} carries no infantry"));
        };
        if !s.units[p].kind.assaults() {
            return no(format!("{} may not close-assault", s.units[p].id));
        }
        Ok(p)
    }

    /// Passengers jumping off stay on the entry hexes their carriers leave: each such
    /// hex within the stacking limit (Stacking A, B).
    fn jump_off_stacking(&self, passes: &[Pass]) -> Checked<()> {
        let (s, side) = (&self.s, self.st.side);
        let mut change: BTreeMap<HexId, i64> = BTreeMap::new();
        for p in passes {
            if let Some(h) = self.st.hex_of(p.unit) {
                *change.entry(h).or_default() -= 1;
            }
            if p.jumper.is_some() {
                *change.entry(p.entry).or_default() += 1;
            }
        }
        for (h, d) in change {
            let after = i64::from(self.st.stack(s, h, side)) + d;
            if d > 0 && after > i64::from(s.sides[side].stacking) {
                return Err(Refusal::new(
                    "Stacking A, B",
                    format!(
                        "{} would hold more than {} units with the infantry jumping off",
                        s.board.label(h),
                        s.sides[side].stacking
                    ),
                ));
            }
        }
        Ok(())
    }

    /// An overrun's way: no road rate (Overrun B), the target hex crossed as terrain
    /// (its enemy units are driven through), the exit hex the end.
    fn overrun_walk(&self, u: usize, from: HexId, path: &[HexId]) -> Checked<u32> {
        let def = &self.s.units[u];
        let b = &self.s.board;
        let mover = def.kind.mover();
        let n = path.len();
        let mut spent = 0;
        let mut at = from;
        for (k, &h) in path.iter().enumerate() {
            let cost = if k == n - 2 {
                // Into the target: its terrain, whatever stands on it.
                let side = b.grid.hexside(at, h).ok_or_else(|| {
                    Refusal::new(
                        "Overrun B",
                        format!("{} and {} are not adjacent", b.label(at), b.label(h)),
                    )
                })?;
                if !b.crossing_allowed(side, mover, false) {
                    return Err(Refusal::new(
                        "TEC",
                        format!("{} may not cross {}", def.id, b.side_label(side)),
                    ));
                }
                b.terrain_cost(h, mover).ok_or_else(|| {
                    Refusal::new("TEC", format!("{} may not enter {}", def.id, b.label(h)))
                })? + b.leave_cost(at, side, mover)
            } else {
                let sc = self.step_cost(u, at, h, false, false)?;
                if let Some(rule) = sc.stop
                    && k + 1 < n
                {
                    return Err(Refusal::new(
                        rule,
                        format!("{} must stop on {}", def.id, b.label(h)),
                    ));
                }
                sc.cost
            };
            spent += cost;
            at = h;
        }
        if spent > self.allowance(u) {
            return Err(Refusal::new(
                "Overrun B",
                format!(
                    "{} has {} MF; the overrun needs {}",
                    def.id,
                    def.f.movement,
                    super::event::half(spent)
                ),
            ));
        }
        Ok(spent)
    }

    /// The odds of an overrun of `hex` by `units` (Overrun D, E): their printed attack
    /// factors against the stack's combined defense, one column better (the 2 off the
    /// die is the caller's).
    pub fn overrun_plan(&self, hex: HexId, units: &[usize]) -> Checked<super::fire::Plan> {
        let pieces = self.pieces(hex, 1 - self.st.side, false);
        let factors = units
            .iter()
            .map(|&u| {
                let def = &self.s.units[u];
                let from = self.st.hex_of(u).unwrap_or(hex);
                super::fire::Factor {
                    unit: u,
                    range: self.s.board.grid.distance(from, hex),
                    sight: super::fire::Sight::Adjacent,
                    printed: def.f.attack,
                    steps: vec![(
                        "overrun: printed factor, no weapons chart (Overrun E)".to_owned(),
                        def.f.attack,
                    )],
                    value: def.f.attack,
                }
            })
            .collect();
        let shifts = vec![("overrun (Overrun D)".to_owned(), 1)];
        self.plan(pieces, factors, shifts).map_err(|e| Refusal {
            rule: "Overrun D",
            why: e.why,
        })
    }

    pub(super) fn order_overrun(&mut self, hex: HexId, legs: &[OverrunLeg]) -> Checked<Vec<Event>> {
        let passes = self.plan_overrun(hex, legs)?;
        let units: Vec<usize> = passes.iter().map(|p| p.unit).collect();
        let plan = self.overrun_plan(hex, &units)?;
        let (pieces, attack, column) = (plan.pieces, plan.attack, plan.column);
        let mut out = Vec::new();
        for p in &passes {
            if let Some(j) = p.jumper {
                let (carrier, passenger) = (self.id(p.unit), self.id(j));
                self.emit(
                    &mut out,
                    Event::JumpedOff {
                        carrier,
                        passenger,
                        hex: p.entry,
                        at: hex,
                    },
                );
            }
        }
        for p in &passes {
            let in_fort = self.st.forts.contains_key(&p.exit);
            let id = self.id(p.unit);
            self.emit(
                &mut out,
                Event::Moved {
                    unit: id,
                    path: p.path.clone(),
                    spent: p.spent,
                    road: false,
                    passing: false,
                    stop: true,
                    in_fort,
                },
            );
        }
        let ids = passes.iter().map(|p| self.id(p.unit)).collect();
        self.resolve(
            &mut out,
            AttackKind::Overrun,
            hex,
            ids,
            &pieces,
            attack,
            column,
            -2,
            false,
        );
        Ok(out)
    }
}

/// The ways a unit standing on `from` can enter a hex next to the overrun hex `h` to
/// start its overrun, cheapest first: its own hex for nothing, or a hex of its `reach`
/// by the route there (the bots and the seat try them in this order).
pub(super) fn approaches(
    g: &Game,
    h: HexId,
    from: HexId,
    reach: &BTreeMap<HexId, super::movement::Route>,
) -> Vec<(u32, Vec<HexId>)> {
    let mut entries: Vec<(u32, Vec<HexId>)> =
        g.s.board
            .grid
            .neighbours(h)
            .filter_map(|e| {
                if e == from {
                    Some((0, Vec::new()))
                } else {
                    reach.get(&e).map(|r| (r.spent, r.path.clone()))
                }
            })
            .collect();
    entries.sort();
    entries
}
