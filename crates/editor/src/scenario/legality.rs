//! Where a unit may be set up, by the engine's own rules: the terrain a unit's movement
//! class can enter (the compiled [`Board`], as setup check P03 uses it), the 8-CEL stacking
//! limit counting starting reductions (P01, R3.2.1), no hex shared with the enemy (P02),
//! and the scenario's set-up areas that bind the unit (Z03).

use std::collections::{BTreeSet, HashMap};

use sztab_core::hex::HexId;
use sztab_core::model::area::ResolvedAreas;
use sztab_core::model::area_check::ScenarioOob;
use sztab_core::model::{Bundle, Placement, SideId, UnitDef};
use sztab_wb95::{Board, Mover};

/// Stacking limit per hex at the end of every phase (R3.2.1).
pub const STACK_LIMIT: u32 = 8;

/// Why a unit may or may not start on a hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Legal,
    /// Terrain its movement class can never enter (P03).
    Impassable,
    /// Would hold this many CEL (P01).
    Overstacked(u32),
    /// Units of the other side are there (P02).
    Enemy,
    OffMap,
    /// Outside the set-up area that binds it (Z03), named.
    OutsideArea(String),
    /// Allowed, but the enemy holds the hex and every hex around it at the start: behind
    /// the enemy's lines (setup warning P09, A-68).
    BehindEnemyLines,
}

impl Verdict {
    pub fn is_legal(&self) -> bool {
        *self == Verdict::Legal
    }

    pub fn reason(&self) -> String {
        match self {
            Verdict::Legal => "legal".into(),
            Verdict::Impassable => "terrain it cannot enter (P03, R3.1.11)".into(),
            Verdict::Overstacked(c) => format!("{c} CEL, over 8 (P01, R3.2.1)"),
            Verdict::Enemy => "enemy units there (P02)".into(),
            Verdict::OffMap => "off the map (M01)".into(),
            Verdict::OutsideArea(a) => format!("outside its set-up area {a} (Z03)"),
            Verdict::BehindEnemyLines => {
                "behind the enemy's lines: the enemy holds the ground all around (P09, A-68)".into()
            }
        }
    }
}

/// What is on each hex: CEL and the side (index in the scenario's sides).
#[derive(Clone, Debug, Default)]
pub struct Occupancy {
    hexes: HashMap<HexId, (u32, Option<usize>)>,
}

/// A unit's starting CEL: the placement's reduction, else full.
pub fn start_cel(def: &UnitDef, p: Option<&Placement>) -> u32 {
    let full = def.cel.max(1);
    u32::from(p.and_then(|p| p.cel).unwrap_or(full).clamp(1, full))
}

impl Occupancy {
    /// The setup of `b`, leaving out the units in `except` (those being moved).
    pub fn of_setup(b: &Bundle, except: &[&str]) -> Self {
        let mut o = Self::default();
        for p in &b.scenario.setup {
            if except.contains(&p.unit.as_str()) {
                continue;
            }
            let Some(def) = b.counters.unit(p.unit.as_str()) else {
                continue;
            };
            o.add(p.hex, start_cel(def, Some(p)), side_of(b, def));
        }
        o
    }

    pub fn add(&mut self, hex: HexId, cel: u32, side: Option<usize>) {
        let e = self.hexes.entry(hex).or_insert((0, side));
        e.0 += cel;
        if e.1.is_none() {
            e.1 = side;
        }
    }

    pub fn cel(&self, hex: HexId) -> u32 {
        self.hexes.get(&hex).map_or(0, |e| e.0)
    }

    pub fn side(&self, hex: HexId) -> Option<usize> {
        self.hexes.get(&hex).and_then(|e| e.1)
    }
}

/// The side (index in the scenario) a unit fights for.
pub fn side_of(b: &Bundle, def: &UnitDef) -> Option<usize> {
    b.scenario
        .sides
        .iter()
        .position(|s| s.nations.contains(&def.nation))
}

/// The rules of setting up on one map.
pub struct SetupRules {
    board: Board,
    areas: ResolvedAreas,
}

impl SetupRules {
    pub fn new(b: &Bundle) -> Self {
        Self {
            board: Board::new(&b.map, &b.terrain, &b.scenario.destroyed_bridges),
            areas: ResolvedAreas::new(&b.scenario.areas, &b.map),
        }
    }

    /// The hexes the set-up areas binding `def` allow, with the areas' names; `None` when
    /// no area binds it. `free`: the unit has no fixed hex (its free set-up area binds too).
    pub fn area_of(
        &self,
        b: &Bundle,
        def: &UnitDef,
        free: bool,
    ) -> Option<(String, BTreeSet<HexId>)> {
        let s = &b.scenario;
        let (binding, hexes) =
            self.areas
                .for_unit(&s.areas, &def.id, &ScenarioOob::new(s, &b.counters), free)?;
        let names: Vec<String> = binding
            .iter()
            .map(|&i| format!("\"{}\"", s.areas[i].name))
            .collect();
        Some((names.join(" and "), hexes))
    }

    /// May `def` (starting with `cel` CEL, on `side`) start on `hex` given `occ`?
    pub fn verdict(
        &self,
        def: &UnitDef,
        cel: u32,
        side: Option<usize>,
        hex: HexId,
        occ: &Occupancy,
    ) -> Verdict {
        let Some(h) = self.board.index(hex) else {
            return Verdict::OffMap;
        };
        let mover = Mover::of(def);
        if mover != Mover::Static && !self.board.enterable(h, mover) {
            return Verdict::Impassable;
        }
        if let (Some(here), Some(me)) = (occ.side(hex), side)
            && here != me
        {
            return Verdict::Enemy;
        }
        let total = occ.cel(hex) + cel;
        if total > STACK_LIMIT {
            return Verdict::Overstacked(total);
        }
        Verdict::Legal
    }
}

/// The verdict on every hex of the map for the first of `units` (a formation spreads from
/// where its first unit may stand), the others of `units` left out of the stacks.
/// `control` is the engine's initial control map (the last check's): a hex the enemy
/// holds with every hex around it is behind the enemy's lines.
pub fn legal_hexes(
    b: &Bundle,
    rules: &SetupRules,
    units: &[sztab_core::model::UnitId],
    control: &[(HexId, SideId)],
) -> Vec<(HexId, Verdict)> {
    let Some(def) = units.first().and_then(|u| b.counters.unit(u.as_str())) else {
        return Vec::new();
    };
    let names: Vec<&str> = units.iter().map(|u| u.as_str()).collect();
    let occ = Occupancy::of_setup(b, &names);
    let p = b.scenario.setup.iter().find(|p| p.unit == def.id);
    let (cel, side) = (start_cel(def, p), side_of(b, def));
    let area = rules.area_of(b, def, false);
    let held: HashMap<HexId, &SideId> = control.iter().map(|(h, s)| (*h, s)).collect();
    let own = side.and_then(|i| b.scenario.sides.get(i)).map(|s| &s.id);
    let enemy_holds = |h: HexId| held.get(&h).is_some_and(|s| Some(*s) != own);
    let behind =
        |h: HexId| own.is_some() && enemy_holds(h) && b.map.grid.neighbours(h).all(enemy_holds);
    b.map
        .grid
        .iter()
        .map(|h| match &area {
            Some((name, hexes)) if !hexes.contains(&h) => (h, Verdict::OutsideArea(name.clone())),
            _ => match rules.verdict(def, cel, side, h, &occ) {
                Verdict::Legal if behind(h) => (h, Verdict::BehindEnemyLines),
                v => (h, v),
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn verdicts_follow_terrain_stacking_and_the_enemy() {
        let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        let b = Bundle::load(&p).unwrap().0;
        let rules = SetupRules::new(&b);
        let occ = Occupancy::of_setup(&b, &[]);
        let tank = b.counters.unit("1PzD/1").unwrap();
        let side = side_of(&b, tank);
        let h = |s: &str| HexId::parse(s).unwrap();
        assert_eq!(
            rules.verdict(tank, 2, side, h("0303"), &occ),
            Verdict::Legal
        );
        // 0605 holds two 2-CEL tank battalions: a third 2-CEL unit makes 6, fine; 0805 is Soviet.
        assert_eq!(
            rules.verdict(tank, 2, side, h("0605"), &occ),
            Verdict::Legal
        );
        assert_eq!(
            rules.verdict(tank, 2, side, h("0805"), &occ),
            Verdict::Enemy
        );
        let mut full = occ.clone();
        full.add(h("0605"), 4, side);
        assert_eq!(
            rules.verdict(tank, 2, side, h("0605"), &full),
            Verdict::Overstacked(10)
        );
        assert_eq!(
            rules.verdict(tank, 2, side, h("9999"), &occ),
            Verdict::OffMap
        );
        // Swamp keeps mechanized units out (P03), foot units may stand there.
        let swamp = b
            .map
            .hexes
            .iter()
            .find(|(_, c)| c.features.iter().any(|f| f.as_str() == "swamp"))
            .map(|(h, _)| *h);
        if let Some(s) = swamp {
            assert_eq!(rules.verdict(tank, 2, side, s, &occ), Verdict::Impassable);
            let foot = b.counters.unit("10ID/20").unwrap();
            assert_eq!(rules.verdict(foot, 2, side, s, &occ), Verdict::Legal);
        }
    }
}
