//! The units of a scenario compiled for the rules: a dense index, the side each fights
//! for, how it moves, its morale, its tactical-concentration formation and the roles
//! the rules give it (HQ, towed gun, RG, VS, FU...).

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::Mover;
use super::side::Side;
use sztab_core::model::{
    Counters, Formation, FormationId, FormationKind, Mp, Nation, RuleSwitches, Star, UnitDef,
    UnitId, UnitKind,
};

/// Dense index of a unit in its game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Unit(pub u16);

impl Unit {
    pub fn ix(self) -> usize {
        usize::from(self.0)
    }
}

/// One unit's fixed data.
#[derive(Clone, Debug)]
pub struct UnitInfo {
    pub id: UnitId,
    pub def: UnitDef,
    pub side: Side,
    pub mover: Mover,
    /// Disorganization limit: a 2K6 roll at or above it disorganizes (R5.6.2, §4).
    pub morale: u8,
    /// Range of this unit as an HQ (R9.2.2).
    pub hq_range: u8,
    /// Index into `Roster::tc_formations` of the formation it concentrates with (R13).
    pub tc: Option<usize>,
    /// Off-road supply MPs of its nation (R10.1.6-10.1.7).
    pub supply_mp: Mp,
}

impl UnitInfo {
    pub fn is_hq(&self) -> bool {
        self.def.is_hq()
    }
    pub fn is_rg(&self) -> bool {
        self.def.is_rg()
    }
    pub fn is_vs(&self) -> bool {
        self.def.is_vs()
    }
    pub fn is_fu(&self) -> bool {
        self.def.is_fu()
    }
    /// Towed guns of any kind (artillery, AT, AA): never attack, have a combat and a
    /// transport setup (R5.1.10, R6.2).
    pub fn is_towed(&self) -> bool {
        self.def.is_towed()
    }
    /// Towed artillery: no ZoC (R6.1.5), 1 SP alone (R6.6.3), eliminated by entry (R6.1.7).
    pub fn is_gun(&self) -> bool {
        self.def.is_towed() && self.def.is_artillery()
    }
    /// Artillery that fires (R6): towed artillery and self-propelled artillery.
    pub fn is_artillery(&self) -> bool {
        self.def.is_artillery() || self.def.flags.self_propelled
    }
    /// A regular unit: not an HQ, not towed, not a resilience group.
    pub fn is_regular(&self) -> bool {
        !(self.is_hq() || self.is_towed() || self.is_rg())
    }
    /// May attack in direct combat (R5.1.10, R5.1.3, A-21).
    pub fn can_attack(&self) -> bool {
        self.is_regular() && self.mover != Mover::Static
    }
    /// Projects a ZoC (R4.1.2): not towed artillery, HQ or RG; self-propelled artillery
    /// does.
    pub fn has_zoc(&self) -> bool {
        !(self.is_gun() || self.is_hq() || self.is_rg())
    }
    /// A target for white stars: mechanized or armored car (§6).
    pub fn is_armor_target(&self) -> bool {
        self.mover == Mover::Mechanized || self.def.flags.armored_car
    }
    pub fn stars(&self) -> &[Star] {
        &self.def.stars
    }
    pub fn max_cel(&self) -> u8 {
        self.def.cel
    }
    pub fn attack_at(&self, cel: u8) -> u32 {
        u32::from(self.def.attack_at(cel))
    }
    pub fn defense_at(&self, cel: u8) -> u32 {
        u32::from(self.def.defense_at(cel))
    }
    pub fn mp_at(&self, cel: u8) -> Mp {
        self.def.mp_at(cel)
    }
}

impl fmt::Display for UnitInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id.as_str())
    }
}

/// All units of a game.
#[derive(Clone, Debug, Default)]
pub struct Roster {
    pub units: Vec<UnitInfo>,
    by_id: BTreeMap<String, Unit>,
    /// Each side's units in roster order: the bots and the rules ask for one side's
    /// units many times a decision, and walking the whole roster each time was a tenth
    /// of a heuristic game's cost.
    by_side: [Vec<Unit>; 2],
    /// Each side's artillery (R6.1.1), in roster order.
    artillery: [Vec<Unit>; 2],
    /// Formations giving tactical concentration, by index.
    pub tc_formations: Vec<FormationId>,
}

impl Roster {
    /// Compiles `ids` (setup first, then arrivals) with `side_of` naming each one's side.
    pub fn new(
        ids: &[UnitId],
        counters: &Counters,
        rules: &RuleSwitches,
        side_of: impl Fn(&UnitDef) -> Option<Side>,
    ) -> Roster {
        let mut r = Roster::default();
        let index = Index::of(counters);
        let mut tc_index: HashMap<FormationId, usize> = HashMap::new();
        for id in ids {
            let Some(def) = index.units.get(id.as_str()).copied() else {
                continue;
            };
            let Some(side) = side_of(def) else {
                continue;
            };
            if r.by_id.contains_key(id.as_str()) {
                continue;
            }
            let nation = index.nations.get(def.nation.as_str()).copied();
            let tc = tc_formation(&index, def).map(|f| {
                *tc_index.entry(f.clone()).or_insert_with(|| {
                    r.tc_formations.push(f);
                    r.tc_formations.len() - 1
                })
            });
            // Units are numbered in 16 bits; the setup check (U10) refuses scenarios
            // near that, so this only guards the numbering from wrapping.
            let Ok(n) = u16::try_from(r.units.len()) else {
                break;
            };
            let unit = Unit(n);
            r.by_id.insert(id.to_string(), unit);
            r.by_side[side.index()].push(unit);
            let info = UnitInfo {
                id: id.clone(),
                def: def.clone(),
                side,
                mover: Mover::of(def),
                morale: nation.map_or(11, |n| morale_limit(def, n, rules)),
                hq_range: nation.map_or(3, |n| n.hq_range),
                tc,
                supply_mp: nation.map_or(Mp::ZERO, |n| n.supply_mp),
            };
            if info.is_artillery() {
                r.artillery[side.index()].push(unit);
            }
            r.units.push(info);
        }
        r
    }

    pub fn get(&self, id: &str) -> Option<Unit> {
        self.by_id.get(id).copied()
    }

    pub fn info(&self, u: Unit) -> &UnitInfo {
        &self.units[u.ix()]
    }

    pub fn len(&self) -> usize {
        self.units.len()
    }

    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    pub fn all(&self) -> impl Iterator<Item = Unit> + '_ {
        (0..self.units.len()).map(|i| Unit(i as u16))
    }

    /// The units of `side`, in roster order.
    pub fn of_side(&self, side: Side) -> &[Unit] {
        &self.by_side[side.index()]
    }

    /// The artillery of `side`, in roster order.
    pub fn artillery_of(&self, side: Side) -> &[Unit] {
        &self.artillery[side.index()]
    }
}

/// Morale limit of a unit (§4): elite (SS, Guards), Volksgrenadier, Volkssturm or the
/// nation's regular value; `soviet_other_morale` replaces the Red Army's regular value.
pub fn morale_limit(def: &UnitDef, nation: &sztab_core::model::Nation, rules: &RuleSwitches) -> u8 {
    let m = &nation.morale;
    if def.flags.ss || def.flags.guards {
        return m.elite.unwrap_or(m.regular);
    }
    if def.is_vs() {
        return m.volkssturm.unwrap_or(m.regular);
    }
    if def.flags.volksgrenadier {
        return m.volksgrenadier.unwrap_or(m.regular);
    }
    match (nation.soviet, rules.soviet_other_morale) {
        (true, Some(v)) => v,
        _ => m.regular,
    }
}

/// A counter set's entries by id (the first of each id, as `Counters::unit` finds it),
/// so compiling a roster is linear in its units.
struct Index<'a> {
    units: HashMap<&'a str, &'a UnitDef>,
    nations: HashMap<&'a str, &'a Nation>,
    formations: HashMap<&'a str, &'a Formation>,
}

impl<'a> Index<'a> {
    fn of(c: &'a Counters) -> Self {
        Index {
            units: c.units.iter().rev().map(|u| (u.id.as_str(), u)).collect(),
            nations: c.nations.iter().rev().map(|n| (n.id.as_str(), n)).collect(),
            formations: c
                .formations
                .iter()
                .rev()
                .map(|f| (f.id.as_str(), f))
                .collect(),
        }
    }
}

/// The formation a unit concentrates with (R13.1.1): its nearest division of a
/// non-Soviet nation, or Soviet armored or mechanized corps. Corps and army units
/// (their artillery included) never count.
fn tc_formation(index: &Index, def: &UnitDef) -> Option<FormationId> {
    let mut cur = def.formation.as_ref()?.clone();
    for _ in 0..=index.formations.len() {
        let f = *index.formations.get(cur.as_str())?;
        let soviet = index
            .nations
            .get(f.nation.as_str())
            .is_some_and(|n| n.soviet);
        match f.kind {
            FormationKind::Division if !soviet => return Some(f.id.clone()),
            FormationKind::ArmoredCorps | FormationKind::MechanizedCorps => {
                return Some(f.id.clone());
            }
            FormationKind::Division
            | FormationKind::Brigade
            | FormationKind::Regiment
            | FormationKind::Group => cur = f.parent.clone()?,
            _ => return None,
        }
    }
    None
}

/// Is a unit kind one the "or equivalent" withdrawal may take instead?
pub fn same_branch(a: UnitKind, b: UnitKind) -> bool {
    let armour = |k| {
        matches!(
            k,
            UnitKind::Armored | UnitKind::AssaultGun | UnitKind::Mechanized
        )
    };
    a == b || (armour(a) && armour(b))
}
