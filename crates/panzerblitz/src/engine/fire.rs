//! Normal fire ("How to have combat", Weapon-to-Target Relationships, the WEC, Hill and
//! Slope Defense, Spotting, Indirect Fire, the Ammunition rule) and what every attack
//! does to its target (the CRT's results, Wreckage, Fortifications).

use std::collections::BTreeSet;

use sztab_core::hex::HexId;

use super::action::FireOrder;
use super::board::Level;
use super::crt::{self, Outcome};
use super::event::{Attack, AttackKind, Event, Mode, Target};
use super::game::{Checked, Game, Refusal};
use super::los::{Los, line_of_sight, real_space_line};
use super::state::Loc;
use super::unit::{Class, Kind};

/// The die roll on which an engineer clears a minefield (Mines G).
pub const CLEARING_ROLL: u8 = 1;

/// What an attack may hit on a hex: a unit (with its passenger), a passenger apart from
/// its armored carrier, or a fortification with the units in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub target: Target,
    pub df: u32,
    pub armored: bool,
    /// The units its result falls on.
    pub units: Vec<usize>,
    /// A passenger attacked apart from its armored carrier (Transporting H).
    pub passenger: bool,
}

/// How a unit sees its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// Next to it (or on the same hex, a fortification and the units on it).
    Adjacent,
    Direct,
    /// Indirect fire directed by this command post.
    Indirect {
        cp: usize,
    },
}

/// One attacking unit's factor against a target, step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Factor {
    pub unit: usize,
    pub range: u32,
    pub sight: Sight,
    pub printed: u32,
    /// Each change with the rule that makes it and the factor after it.
    pub steps: Vec<(String, u32)>,
    pub value: u32,
}

/// A battle ready to be resolved.
#[derive(Clone, Debug)]
pub struct Plan {
    pub pieces: Vec<Piece>,
    pub factors: Vec<Factor>,
    pub attack: u32,
    pub defense: u32,
    /// The column after the shifts (0 is 1-4).
    pub column: i32,
    /// Each column shift with the rule that makes it (+1: one column better).
    pub shifts: Vec<(String, i32)>,
    /// How the target's type was chosen, when the rules leave a choice.
    pub note: Option<String>,
}

impl Game {
    /// The pieces of `side` on `h` an attack may aim at; `apart` adds passengers of
    /// armored carriers as targets of their own.
    pub fn pieces(&self, h: HexId, side: usize, apart: bool) -> Vec<Piece> {
        let s = &self.s;
        let town = s.board.cell(h).cover == super::board::Cover::Town;
        let mut out = Vec::new();
        // A hidden unit is no target: the enemy does not know of it (P-26).
        let inside: Vec<usize> = self
            .st
            .side_at(s, h, side)
            .filter(|&u| self.st.units[u].in_fort && !self.st.hidden.contains(&u))
            .collect();
        if !inside.is_empty()
            && let Some(f) = self.st.forts.get(&h)
        {
            let mut units = Vec::new();
            for &u in &inside {
                units.push(u);
                units.extend(self.st.units[u].carrying);
            }
            out.push(Piece {
                target: Target::Fort(h),
                df: f.df,
                armored: true,
                units,
                passenger: false,
            });
        }
        for u in self.st.side_at(s, h, side) {
            if self.st.units[u].in_fort || self.st.hidden.contains(&u) {
                continue;
            }
            let def = &s.units[u];
            let mut units = vec![u];
            let mut df = def.f.defense;
            if let Some(p) = self.st.units[u].carrying {
                units.push(p);
                if matches!(def.kind, Kind::Truck | Kind::Wagon) {
                    df = 1;
                }
                if apart && !def.kind.c_class() {
                    out.push(Piece {
                        target: Target::Unit(s.units[p].id.clone()),
                        df: 1,
                        armored: town || s.units[p].kind.is_armored(),
                        units: vec![p],
                        passenger: true,
                    });
                }
            }
            out.push(Piece {
                target: Target::Unit(def.id.clone()),
                df,
                armored: town || def.kind.is_armored(),
                units,
                passenger: false,
            });
        }
        out
    }

    /// The line of sight from `a` to `b` by the rule the situation uses: as traced, or
    /// Real-Space LOS.
    pub fn line(&self, a: HexId, b: HexId) -> Los {
        if self.s.options.real_space_los {
            real_space_line(&self.s.board, a, b)
        } else {
            line_of_sight(&self.s.board, a, b)
        }
    }

    /// Whether `a` sees `b` (cached per game: the board never changes).
    pub fn sees(&self, a: HexId, b: HexId) -> bool {
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Ok(cache) = self.sight.lock()
            && let Some(&v) = cache.get(&key)
        {
            return v;
        }
        let v = self.line(a, b).clear();
        if let Ok(mut cache) = self.sight.lock() {
            cache.insert(key, v);
        }
        v
    }

    /// A unit of `side` next to `h` that is not dispersed spots it (Spotting A-D).
    pub fn spotted(&self, h: HexId, side: usize) -> bool {
        self.s.units.iter().enumerate().any(|(u, d)| {
            d.side == side
                && !self.st.units[u].dispersed
                && self
                    .st
                    .hex_of(u)
                    .is_some_and(|x| self.s.board.grid.distance(x, h) <= 1)
        })
    }

    /// Whether unit `u` may fire on `h` now, and how it sees it.
    pub fn can_fire_at(&self, u: usize, h: HexId) -> Checked<Sight> {
        let s = &self.s;
        let def = &s.units[u];
        let us = &self.st.units[u];
        let no = |rule: &'static str, why: String| Err(Refusal::new(rule, why));
        if def.side != self.st.side {
            return no(
                "Normal Attacking B",
                format!("{} is not the attacker's", def.id),
            );
        }
        let Loc::On(from) = us.loc() else {
            return no(
                "Transporting B",
                format!("{} is not on the board or is being carried", def.id),
            );
        };
        if !def.fires() {
            return no(
                "Factor definitions",
                format!("{} has no attack factor", def.id),
            );
        }
        if us.dispersed {
            return no(
                "CRT: D",
                format!("{} is dispersed and may not fire", def.id),
            );
        }
        if us.fired || us.assaulted {
            return no(
                "How to have combat E",
                format!("{} has fired this turn", def.id),
            );
        }
        if us.hexes > 0 || us.spent > 0 || us.stopped {
            return no(
                "How to have combat F",
                format!("{} has moved this turn", def.id),
            );
        }
        if let Some(p) = us.carrying
            && !def.kind.is_armored()
        {
            let _ = p;
            return no(
                "Transporting E",
                format!("{} carries a passenger and may not fire", def.id),
            );
        }
        let range = s.board.grid.distance(from, h);
        let at = s.board.label(h);
        if range > def.f.range {
            return no(
                "Normal Attacking C",
                format!(
                    "{at} is {range} hexes from {}, beyond its range of {}",
                    def.id, def.f.range
                ),
            );
        }
        if range <= 1 {
            return Ok(Sight::Adjacent);
        }
        if s.board.needs_spotting(h) && !self.spotted(h, def.side) {
            return no(
                "Spotting",
                format!(
                    "{at} is in woods or a town and no unit of the attacker next to it spots it"
                ),
            );
        }
        let los = self.line(from, h);
        if los.clear() {
            return Ok(Sight::Direct);
        }
        if let Some(cp) = self.directing_cp(u, h, range) {
            return Ok(Sight::Indirect { cp });
        }
        if s.options.indirect_fire && def.kind == Kind::Spa && range <= def.f.range / 2 {
            return no(
                "Indirect Fire D",
                format!(
                    "{} cannot see {at} ({}), and an SPA fires indirectly only at targets \
                     beyond half its range: {at} is {range} hexes away, half its range is {}",
                    def.id,
                    los.verdict(&s.board),
                    def.f.range / 2
                ),
            );
        }
        no(
            "Line of Sight",
            format!("{} cannot see {at}: {}", def.id, los.verdict(&s.board)),
        )
    }

    /// The command post that lets `u` fire indirectly on `h`, if one does (Indirect
    /// Fire A-D).
    fn directing_cp(&self, u: usize, h: HexId, range: u32) -> Option<usize> {
        let s = &self.s;
        let def = &s.units[u];
        if !s.options.indirect_fire || !def.indirect() {
            return None;
        }
        if def.kind == Kind::Spa && range <= def.f.range / 2 {
            return None;
        }
        (0..s.units.len()).find(|&c| {
            let directs = s.units[c].kind == Kind::CommandPost
                || (s.options.any_unit_directs && s.units[c].directs);
            s.units[c].side == def.side
                && directs
                && !self.st.units[c].dispersed
                && self.st.units[c]
                    .hex()
                    .is_some_and(|x| s.board.grid.distance(x, h) <= 1 || self.sees(x, h))
        })
    }

    /// Hill and Slope Defense: why an attacker on `from` firing at a defender on `to`
    /// is halved, or `None` if it is not.
    pub fn hill_halving(&self, from: HexId, to: HexId) -> Option<String> {
        let b = &self.s.board;
        match b.level(to) {
            Level::Ground => None,
            Level::Hilltop if b.level(from) == Level::Hilltop => None,
            Level::Hilltop => Some("the defender is on a hilltop: AF halved (TEC)".into()),
            Level::Slope => {
                let adjacent = b.grid.distance(from, to) <= 1;
                let brown = b.grid.hexside(from, to).is_some_and(|x| b.marks(x).brown);
                if adjacent && !brown {
                    None
                } else if adjacent {
                    Some("the defender is on a slope behind a brown hexside: AF halved (Hill and Slope Defense B)".into())
                } else {
                    Some("the defender is on a slope: AF halved (TEC)".into())
                }
            }
        }
    }

    /// Unit `u`'s factor firing at a target on `h` that is `armored` or not. Every
    /// halving drops the unit's fraction before the attackers' factors are added: two
    /// factors of 3 halved come to 1 + 1 = 2, not 3 (decision P-17).
    pub fn fire_factor(
        &self,
        u: usize,
        h: HexId,
        armored: bool,
        intensive: bool,
    ) -> Checked<Factor> {
        let sight = self.can_fire_at(u, h)?;
        let def = &self.s.units[u];
        let from = self.st.hex_of(u).unwrap_or(h);
        let range = self.s.board.grid.distance(from, h);
        let mut v = def.f.attack;
        let mut steps = Vec::new();
        if intensive {
            v *= 3;
            steps.push(("intensive fire: tripled (Ammunition)".to_owned(), v));
        }
        let half = def.f.range / 2;
        let near = range <= half;
        let target = if armored {
            "an armored"
        } else {
            "a non-armored"
        };
        let band = if near {
            format!("at {range} hexes, half range ({half}) or less")
        } else {
            format!("at {range} hexes, beyond half range ({half})")
        };
        match (def.f.class, armored) {
            (Class::I, true) => {
                return Err(Refusal::new(
                    "WEC / Close Assault G",
                    format!(
                        "{} has I weapons: it attacks armored targets only by close assault",
                        def.id
                    ),
                ));
            }
            (Class::A, true) if near => {
                v *= 2;
                steps.push((
                    format!("A against {target} target {band}: doubled (WEC)"),
                    v,
                ));
            }
            (Class::A, false) => {
                v /= 2;
                steps.push((format!("A against {target} target: halved (WEC)"), v));
            }
            (Class::H | Class::M, true) if !near => {
                v /= 2;
                steps.push((
                    format!(
                        "{} against {target} target {band}: halved (WEC)",
                        def.f.class.letter()
                    ),
                    v,
                ));
            }
            _ => {}
        }
        if let Some(why) = self.hill_halving(from, h) {
            v /= 2;
            steps.push((why, v));
        }
        Ok(Factor {
            unit: u,
            range,
            sight,
            printed: def.f.attack,
            steps,
            value: v,
        })
    }

    /// Factors of `attackers` against `pieces` taken together (Weapon-to-Target A): the
    /// whole stack is treated as the type that predominates; a stack divided evenly
    /// between armored and non-armored targets, as the one type least favourable to the
    /// attacking units together — the type that gives the lower total attack factor, the
    /// same type for every attacker (decision P-16). A unit that may not fire at one of
    /// the two types (I weapons against armor) takes no part in an attack on an evenly
    /// divided stack. Returns the factors and, for an even division, why the type.
    pub fn stack_factors(
        &self,
        attackers: &[usize],
        h: HexId,
        pieces: &[Piece],
        intensive: &BTreeSet<usize>,
    ) -> Checked<(Vec<Factor>, Option<String>)> {
        let armored = pieces.iter().filter(|p| p.armored).count();
        let plain = pieces.len() - armored;
        let all = |a: bool| {
            attackers
                .iter()
                .map(|&u| self.fire_factor(u, h, a, intensive.contains(&u)))
                .collect::<Checked<Vec<_>>>()
        };
        match armored.cmp(&plain) {
            std::cmp::Ordering::Greater => Ok((all(true)?, None)),
            std::cmp::Ordering::Less => Ok((all(false)?, None)),
            std::cmp::Ordering::Equal => {
                let a = all(true)?;
                let n = all(false)?;
                let total = |v: &[Factor]| v.iter().map(|f| f.value).sum::<u32>();
                let (ta, tn) = (total(&a), total(&n));
                let (kind, factors) = if ta <= tn {
                    ("armored", a)
                } else {
                    ("non-armored", n)
                };
                let why = format!(
                    "the stack is divided evenly between armored and non-armored targets: \
                     the whole of it counts as {kind}, the type least favourable to the \
                     attack ({ta} as armored, {tn} as non-armored) (Weapon-to-Target A, P-16)"
                );
                Ok((factors, Some(why)))
            }
        }
    }

    /// Units stacked in a town are attacked only together (Weapon-to-Target B): no
    /// selective or multiple attack on `h`.
    pub fn whole_stack_only(&self, h: HexId) -> bool {
        self.s.board.cell(h).cover == super::board::Cover::Town
            && self.pieces(h, 1 - self.st.side, false).len() > 1
    }

    /// Whether unit `u` may fire intensively (the Ammunition rule, when in use).
    pub fn may_fire_intensively(&self, u: usize) -> Checked<()> {
        let def = &self.s.units[u];
        if !self.s.options.intensive_fire {
            return Err(Refusal::new(
                "Ammunition",
                "the Ammunition rule is not in use",
            ));
        }
        if !matches!(def.f.class, Class::H | Class::M) || def.rockets {
            return Err(Refusal::new(
                "Ammunition A, E",
                format!(
                    "{} may not fire intensively: only H and M units, not the Maultier",
                    def.id
                ),
            ));
        }
        Ok(())
    }

    /// Checks one normal attack and works out its battles, weakest first.
    pub fn plan_fire(&self, order: &FireOrder) -> Checked<Vec<Plan>> {
        let h = order.hex;
        let defender = 1 - self.st.side;
        let no = |rule: &'static str, why: String| Err(Refusal::new(rule, why));
        let at = self.s.board.label(h);
        if self.st.fired_on.contains(&h) {
            return no(
                "How to have combat E",
                format!("{at} has already been fired on this turn"),
            );
        }
        let all = self.pieces(h, defender, true);
        let stack = self.pieces(h, defender, false);
        if stack.is_empty() {
            return no("How to have combat", format!("no enemy unit on {at}"));
        }
        if order.mode != Mode::Combination && self.whole_stack_only(h) {
            return no(
                "Weapon-to-Target B",
                "units stacked in a town must be attacked as one combined defense factor".into(),
            );
        }
        let intensive = self.intensive_units(order)?;
        let ids = |v: &[String]| -> Checked<Vec<usize>> { v.iter().map(|a| self.own(a)).collect() };
        let piece_of = |t: &Option<Target>| -> Checked<Piece> {
            let Some(t) = t else {
                return Err(Refusal::new(
                    "How to have combat I",
                    "a battle needs a target unit",
                ));
            };
            all.iter().find(|p| &p.target == t).cloned().ok_or_else(|| {
                Refusal::new(
                    "How to have combat I",
                    format!("{t} is not a target on {at}"),
                )
            })
        };
        let mut plans = Vec::new();
        match order.mode {
            Mode::Combination => {
                let [b] = order.battles.as_slice() else {
                    return no(
                        "How to have combat I-3",
                        "a combination attack is one battle".into(),
                    );
                };
                let att = ids(&b.attackers)?;
                let (factors, why) = self.stack_factors(&att, h, &stack, &intensive)?;
                let mut plan = self.plan(stack.clone(), factors, Vec::new())?;
                plan.note = why;
                plans.push(plan);
            }
            Mode::Selective => {
                let [b] = order.battles.as_slice() else {
                    return no(
                        "How to have combat I-1",
                        "a selective attack is one battle".into(),
                    );
                };
                let att = ids(&b.attackers)?;
                let piece = piece_of(&b.target)?;
                let plan = self.plan_on(&att, h, piece.clone(), &intensive)?;
                // Only the weakest: the unit these attackers get the best odds against.
                for other in &all {
                    if let Ok(p) = self.plan_on(&att, h, other.clone(), &intensive)
                        && p.column > plan.column
                    {
                        return no(
                            "How to have combat I-1",
                            format!(
                                "{} is not the weakest unit: {} would be attacked at {}",
                                piece.target,
                                other.target,
                                crt::odds_name(p.column)
                            ),
                        );
                    }
                }
                plans.push(plan);
            }
            Mode::Multiple => {
                if order.battles.len() < 2 {
                    return no(
                        "How to have combat I-2",
                        "a multiple attack attacks at least two units".into(),
                    );
                }
                let mut seen = BTreeSet::new();
                for b in &order.battles {
                    let piece = piece_of(&b.target)?;
                    if !seen.insert(piece.target.clone()) {
                        return no(
                            "How to have combat I-2",
                            format!("{} is attacked twice", piece.target),
                        );
                    }
                    let att = ids(&b.attackers)?;
                    let plan = self.plan_on(&att, h, piece, &intensive)?;
                    if plan.column < 3 {
                        return no(
                            "How to have combat I-2",
                            format!(
                                "each unit of a multiple attack is attacked at 1-1 or better, not {}",
                                crt::odds_name(plan.column)
                            ),
                        );
                    }
                    plans.push(plan);
                }
                plans.sort_by_key(|p| p.defense);
                let top = plans.iter().map(|p| p.defense).max().unwrap_or(0);
                if let Some(p) = all.iter().find(|p| !seen.contains(&p.target) && p.df < top) {
                    return no(
                        "How to have combat I-2",
                        format!(
                            "the weakest units are attacked first: {} (defense {}) is left out",
                            p.target, p.df
                        ),
                    );
                }
            }
        }
        Ok(plans)
    }

    fn plan_on(
        &self,
        att: &[usize],
        h: HexId,
        piece: Piece,
        intensive: &BTreeSet<usize>,
    ) -> Checked<Plan> {
        let factors = att
            .iter()
            .map(|&u| self.fire_factor(u, h, piece.armored, intensive.contains(&u)))
            .collect::<Checked<Vec<_>>>()?;
        self.plan(vec![piece], factors, Vec::new())
    }

    /// Totals a battle and applies its column shifts (each with its rule); refuses odds
    /// below 1-4 (the lowest column).
    pub fn plan(
        &self,
        pieces: Vec<Piece>,
        factors: Vec<Factor>,
        shifts: Vec<(String, i32)>,
    ) -> Checked<Plan> {
        if factors.is_empty() {
            return Err(Refusal::new(
                "How to have combat",
                "an attack needs an attacking unit",
            ));
        }
        let attack: u32 = factors.iter().map(|f| f.value).sum();
        let defense: u32 = pieces.iter().map(|p| p.df).sum();
        let base = crt::column(attack, defense).ok_or_else(|| {
            Refusal::new("How to have combat", "the attack factor comes to nothing")
        })?;
        let column = base + shifts.iter().map(|s| s.1).sum::<i32>();
        if column < 0 {
            let shifted = if shifts.is_empty() {
                String::new()
            } else {
                ", even with its column shifts,".to_owned()
            };
            return Err(Refusal::new(
                "How to have combat I",
                format!("{attack} to {defense}{shifted} is below 1-4: no attack"),
            ));
        }
        Ok(Plan {
            pieces,
            factors,
            attack,
            defense,
            column,
            shifts,
            note: None,
        })
    }

    fn intensive_units(&self, order: &FireOrder) -> Checked<BTreeSet<usize>> {
        let mut out = BTreeSet::new();
        for id in &order.intensive {
            let u = self.own(id)?;
            self.may_fire_intensively(u)?;
            if !order.attackers().any(|a| a == id) {
                return Err(Refusal::new(
                    "Ammunition",
                    format!("{id} does not fire in this attack"),
                ));
            }
            out.insert(u);
        }
        Ok(out)
    }

    /// The fire step's attacks and mine clearing: all are checked first (they are
    /// announced together), then resolved in order.
    pub(super) fn fire(
        &mut self,
        orders: &[FireOrder],
        clear: &[(String, HexId)],
    ) -> Checked<Vec<Event>> {
        let mut attackers = BTreeSet::new();
        let mut hexes = BTreeSet::new();
        let mut planned = Vec::new();
        for o in orders {
            for a in o.attackers() {
                if !attackers.insert(a.clone()) {
                    return Err(Refusal::new(
                        "How to have combat E",
                        format!("{a} may fire only once a turn"),
                    ));
                }
            }
            if !hexes.insert(o.hex) {
                return Err(Refusal::new(
                    "How to have combat E",
                    format!("every unit firing on {} fires in one attack", o.hex),
                ));
            }
            planned.push((o, self.plan_fire(o)?));
        }
        for (e, h) in clear {
            if attackers.contains(e) {
                return Err(Refusal::new(
                    "Mines G",
                    format!("{e} fires this turn and may not clear mines"),
                ));
            }
            self.check_clearing(e, *h)?;
            attackers.insert(e.clone());
        }
        let mut out = Vec::new();
        for (o, plans) in planned {
            let kind = AttackKind::Fire(o.mode);
            let mut first = None;
            for p in &plans {
                let ids: Vec<String> = p.factors.iter().map(|f| self.id(f.unit)).collect();
                let (col, m) = self.resolve(
                    &mut out, kind, o.hex, ids, &p.pieces, p.attack, p.column, 0, true,
                );
                first.get_or_insert((col, m));
            }
            if let Some((col, m)) = first {
                self.own_fort_roll(&mut out, o.hex, &plans[0], col, m);
            }
            for id in &o.intensive {
                if let Some(u) = self.s.unit(id)
                    && matches!(self.st.units[u].loc(), Loc::On(_))
                {
                    self.emit(&mut out, Event::Expended { unit: id.clone() });
                }
            }
        }
        for (e, h) in clear {
            let roll = self.dice.d6();
            let ev = if roll == CLEARING_ROLL {
                Event::MinesCleared {
                    hex: *h,
                    unit: e.clone(),
                    roll,
                }
            } else {
                Event::MinesHeld {
                    hex: *h,
                    unit: e.clone(),
                    roll,
                }
            };
            self.emit(&mut out, ev);
        }
        Ok(out)
    }

    /// Whether engineer `id` may try to clear the minefield on `h` this fire step.
    pub fn check_clearing(&self, id: &str, h: HexId) -> Checked<()> {
        let u = self.own(id)?;
        let us = &self.st.units[u];
        if self.s.units[u].kind != Kind::Engineer {
            return Err(Refusal::new(
                "Mines F, G",
                format!("{id} is not an engineer"),
            ));
        }
        if !self.st.mines.contains(&h) {
            return Err(Refusal::new(
                "Mines G",
                format!("no minefield on {}", self.s.board.label(h)),
            ));
        }
        if us.dispersed {
            return Err(Refusal::new("CRT: D", format!("{id} is dispersed")));
        }
        match us.loc() {
            Loc::On(x) if self.s.board.grid.distance(x, h) == 1 => Ok(()),
            _ => Err(Refusal::new(
                "Mines G",
                format!(
                    "{id} must have begun the turn next to the minefield on {}",
                    self.s.board.label(h)
                ),
            )),
        }
    }

    /// Fortifications K: firing on enemy units on top of one's own fortification, the die
    /// is rolled again for one's own units inside (decision P-09: at the same column).
    fn own_fort_roll(
        &mut self,
        out: &mut Vec<Event>,
        h: HexId,
        plan: &Plan,
        col: i32,
        modifier: i32,
    ) {
        let own = self.st.side;
        if self.st.fort_holder(&self.s, h) != Some(own) {
            return;
        }
        let pieces: Vec<Piece> = self
            .pieces(h, own, false)
            .into_iter()
            .filter(|p| matches!(p.target, Target::Fort(_)))
            .collect();
        if pieces.is_empty() {
            return;
        }
        let roll = self.dice.d6();
        let outcome = crt::result(col, i32::from(roll) + modifier);
        let attack = Attack {
            kind: AttackKind::OwnFort,
            hex: h,
            attackers: plan.factors.iter().map(|f| self.id(f.unit)).collect(),
            targets: pieces.iter().map(|p| p.target.clone()).collect(),
            attack: plan.attack,
            defense: pieces.iter().map(|p| p.df).sum(),
            column: col,
            modifier,
            roll,
            outcome,
        };
        self.emit(out, Event::Attacked(attack));
        self.apply_outcome(out, &pieces, outcome);
    }

    /// Rolls one attack and carries its result out; returns the column and modifier.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn resolve(
        &mut self,
        out: &mut Vec<Event>,
        kind: AttackKind,
        hex: HexId,
        attackers: Vec<String>,
        pieces: &[Piece],
        attack: u32,
        column: i32,
        extra: i32,
        terrain: bool,
    ) -> (i32, i32) {
        let mut modifier = extra;
        if terrain {
            modifier += self.s.board.defense_modifier(hex);
        }
        if pieces
            .iter()
            .any(|p| self.st.dispersed_now(&self.s, &p.target))
        {
            modifier -= 1;
        }
        let roll = self.dice.d6();
        let outcome = crt::result(column, i32::from(roll) + modifier);
        let attack = Attack {
            kind,
            hex,
            attackers,
            targets: pieces.iter().map(|p| p.target.clone()).collect(),
            attack,
            defense: pieces.iter().map(|p| p.df).sum(),
            column,
            modifier,
            roll,
            outcome,
        };
        self.emit(out, Event::Attacked(attack));
        self.apply_outcome(out, pieces, outcome);
        (column, modifier)
    }

    /// The CRT's result on each piece: D disperses, DD destroys what this turn already
    /// dispersed and disperses the rest, X destroys; a destroyed armored vehicle leaves
    /// a wreck, a destroyed fortification a block and its occupants destroyed.
    pub(super) fn apply_outcome(
        &mut self,
        out: &mut Vec<Event>,
        pieces: &[Piece],
        outcome: Outcome,
    ) {
        for p in pieces {
            let already = self.st.dispersed_now(&self.s, &p.target);
            let destroy = match outcome {
                Outcome::NoEffect => continue,
                Outcome::D => false,
                Outcome::DD => already,
                Outcome::X => true,
            };
            if destroy {
                self.destroy(out, p);
            } else {
                if let Target::Fort(h) = p.target {
                    self.emit(out, Event::FortDispersed { hex: h });
                }
                for &u in &p.units {
                    if self.st.units[u]
                        .loc
                        .is_some_and(|l| matches!(l, Loc::On(_) | Loc::Carried(_)))
                    {
                        let id = self.id(u);
                        self.emit(out, Event::Dispersed { unit: id });
                    }
                }
            }
        }
        self.take_emptied_forts(out);
    }

    fn destroy(&mut self, out: &mut Vec<Event>, p: &Piece) {
        let Some(hex) = p
            .units
            .first()
            .and_then(|&u| self.st.hex_of(u))
            .or(match p.target {
                Target::Fort(h) => Some(h),
                Target::Unit(_) => None,
            })
        else {
            return;
        };
        for &u in &p.units {
            if !matches!(self.st.units[u].loc(), Loc::On(_) | Loc::Carried(_)) {
                continue;
            }
            let id = self.id(u);
            let carried = matches!(self.st.units[u].loc(), Loc::Carried(_));
            self.emit(out, Event::Destroyed { unit: id, hex });
            let def = &self.s.units[u];
            if def.kind.is_armored() && !carried {
                let side = def.side;
                let w = self.st.wrecks.get(&hex).copied().unwrap_or([0, 0]);
                if w[0] + w[1] < 3 && w[side] < self.s.sides[side].stacking {
                    self.emit(out, Event::WreckLeft { hex, side });
                }
            }
        }
        if let Target::Fort(h) = p.target {
            self.emit(out, Event::FortDestroyed { hex: h });
        }
    }

    /// A fortification whose occupants are gone is taken by the enemy units on top.
    fn take_emptied_forts(&mut self, out: &mut Vec<Event>) {
        let forts: Vec<HexId> = self.st.forts.keys().copied().collect();
        for h in forts {
            let on: Vec<usize> = self.st.at(h).collect();
            if on.is_empty() || on.iter().any(|&u| self.st.units[u].in_fort) {
                continue;
            }
            let units = on.iter().map(|&u| self.id(u)).collect();
            self.emit(out, Event::FortTaken { hex: h, units });
        }
    }
}
