//! Hand-made positions: a small board of clear terrain in the Kursk 1943 catalogue, two
//! sides (`german`, player A, and `soviet`), and units placed on it. For rule tests,
//! tutorials and what-if questions ("what are the odds here?").

use std::collections::BTreeMap;

use sztab_core::hex::{Grid, HexId, Hexside, MapEdge, Numbering, Parity};
use sztab_core::model::io::parse;
use sztab_core::model::{
    AirAllotment, AirCounter, AirKind, Barrage, Bundle, BundlePaths, Counters, Date, Edition,
    Entry, Formation, FormationKind, HexCell, HexsideFeature, Map, Morale, MovementClass, Mp,
    Nation, Placement, ReducedSide, Reinforcement, RuleSwitches, Scenario, SideDef, Source,
    SupplySource, SystemId, TerrainCatalogue, UnitDef, UnitFlags, UnitKind, UnitSize,
};

use super::game::{Game, SetupRefused};

const KURSK_TERRAIN: &str = include_str!("../../../assets/wb95/kursk-1943.terrain.ron");

/// A position under construction.
#[derive(Clone, Debug)]
pub struct Sandbox {
    pub bundle: Bundle,
}

fn hex(s: &str) -> HexId {
    HexId::parse(s).unwrap_or(HexId::new(0, 0))
}

impl Sandbox {
    /// A board of `cols` × `rows` clear hexes numbered from 0101, a `days`-day scenario
    /// from 1943-07-05; Germans (initiative, supplied from the west) and Soviets
    /// (supplied from the east), no units.
    pub fn new(cols: u16, rows: u16, days: u32) -> Sandbox {
        let terrain: TerrainCatalogue =
            parse(&Source::new("kursk-1943.terrain.ron", KURSK_TERRAIN))
                .unwrap_or_else(|_| empty_catalogue());
        let grid = Grid::new(
            cols,
            rows,
            Numbering {
                first_col: 1,
                first_row: 1,
                digits: 2,
                shifted: Parity::Even,
                labels: Default::default(),
            },
        );
        let map = Map::new("sandbox", "kursk-1943.terrain.ron", grid, "clear");
        let nation = |id: &str, regular, elite, soviet| Nation {
            id: id.into(),
            name: id.into(),
            colour: sztab_core::model::Colour::rgb(128, 128, 128),
            text_colour: sztab_core::model::Colour::rgb(0, 0, 0),
            morale: Morale {
                regular,
                elite: Some(elite),
                volksgrenadier: Some(9),
                volkssturm: Some(9),
            },
            supply_mp: Mp::whole(if soviet { 8 } else { 10 }),
            hq_range: if soviet { 3 } else { 4 },
            soviet,
            air_supply: false,
        };
        let counters = Counters {
            system: SystemId::default(),
            name: "sandbox".into(),
            notes: String::new(),
            nations: vec![
                nation("german", 11, 12, false),
                nation("soviet", 9, 11, true),
            ],
            formations: Vec::new(),
            units: Vec::new(),
            air: Vec::new(),
        };
        let start = Date::ymd(1943, 7, 5).unwrap_or(Date(chrono::NaiveDate::MIN));
        let side = |id: &str, edge| SideDef {
            id: id.into(),
            name: id.into(),
            nations: vec![id.into()],
            fortified: false,
            supply: vec![SupplySource::Edge(edge)],
        };
        let scenario = Scenario {
            system: SystemId::default(),
            title: "sandbox".into(),
            notes: String::new(),
            edition: Edition::Kursk1943,
            map: "sandbox.map.ron".into(),
            counters: "sandbox.counters.ron".into(),
            start,
            end: start.plus_days(days.saturating_sub(1)),
            stated_days: None,
            sides: vec![side("german", MapEdge::West), side("soviet", MapEdge::East)],
            initiative: "german".into(),
            setup: Vec::new(),
            free_setup: Vec::new(),
            areas: Vec::new(),
            reinforcements: Vec::new(),
            withdrawals: Vec::new(),
            restrictions: Vec::new(),
            air: Vec::new(),
            barrage: Vec::new(),
            victory: None,
            rules: RuleSwitches::default(),
            control: BTreeMap::new(),
            destroyed_bridges: Vec::new(),
            fp_groups: BTreeMap::new(),
            acknowledged: Vec::new(),
        };
        Sandbox {
            bundle: Bundle {
                scenario,
                map,
                counters,
                terrain,
                paths: BundlePaths::default(),
            },
        }
    }

    /// Sets the terrain and features of a hex.
    pub fn terrain(&mut self, at: &str, terrain: &str, features: &[&str]) -> &mut Self {
        let mut cell = HexCell::new(terrain);
        cell.features = features.iter().map(|f| (*f).into()).collect();
        self.bundle.map.hexes.insert(hex(at), cell);
        self
    }

    /// Adds a hexside feature between two adjacent hexes (`protects` for lines).
    pub fn hexside(&mut self, a: &str, b: &str, kind: &str, protects: Option<&str>) -> &mut Self {
        if let Some(side) = Hexside::new(hex(a), hex(b)) {
            let mut f = HexsideFeature::new(kind);
            f.protects = protects.map(hex);
            self.bundle.map.hexsides.entry(side).or_default().push(f);
        }
        self
    }

    /// Adds a road connection between two adjacent hexes.
    pub fn road(&mut self, a: &str, b: &str, kind: &str) -> &mut Self {
        if let Some(side) = Hexside::new(hex(a), hex(b)) {
            self.bundle.map.roads.insert(side, kind.into());
        }
        self
    }

    /// Declares a formation.
    pub fn formation(&mut self, id: &str, nation: &str, kind: FormationKind) -> &mut Self {
        self.bundle.counters.formations.push(Formation {
            id: id.into(),
            name: id.into(),
            nation: nation.into(),
            kind,
            parent: None,
        });
        self
    }

    /// A new counter, by default a 2-CEL foot infantry regiment of 4 (2) SP and 4 MP,
    /// not placed (a reinforcement's unit); returns it for adjusting.
    pub fn counter(&mut self, id: &str, nation: &str) -> &mut UnitDef {
        self.bundle.counters.units.push(UnitDef {
            id: id.into(),
            designation: id.into(),
            formation: None,
            nation: nation.into(),
            kind: UnitKind::Infantry,
            size: UnitSize::Regiment,
            movement: MovementClass::Foot,
            sp: 4,
            defense: None,
            mp: Mp::whole(4),
            cel: 2,
            reduced: Some(ReducedSide {
                sp: 2,
                defense: None,
                mp: None,
            }),
            stars: Vec::new(),
            flags: UnitFlags::default(),
        });
        let last = self.bundle.counters.units.len() - 1;
        &mut self.bundle.counters.units[last]
    }

    /// Places a new unit (see `counter`) and returns its counter for adjusting.
    pub fn unit(&mut self, id: &str, nation: &str, at: &str) -> &mut UnitDef {
        self.bundle
            .scenario
            .setup
            .push(Placement::new(id.into(), hex(at)));
        self.counter(id, nation)
    }

    /// A reinforcement group of existing counters arriving on turn `turn` through
    /// `entry`; returns it for adjusting.
    pub fn arrives(&mut self, turn: u32, entry: Vec<Entry>, units: &[&str]) -> &mut Reinforcement {
        let date = self.bundle.scenario.date_of_turn(turn);
        self.bundle.scenario.reinforcements.push(Reinforcement {
            date,
            name: None,
            units: units.iter().map(|u| (*u).into()).collect(),
            entry,
            cannot_move_before: None,
            half_mp_first_turn: false,
            optional: false,
            enemy_vp: 0,
        });
        let last = self.bundle.scenario.reinforcements.len() - 1;
        &mut self.bundle.scenario.reinforcements[last]
    }

    /// A lettered entry zone.
    pub fn zone(&mut self, name: &str, hexes: &[&str]) -> &mut Self {
        self.bundle
            .map
            .zones
            .insert(name.into(), hexes.iter().map(|h| hex(h)).collect());
        self
    }

    /// The placement of a unit, for adjusting (starting CEL, FF, artillery setup).
    pub fn placement(&mut self, id: &str) -> Option<&mut Placement> {
        self.bundle
            .scenario
            .setup
            .iter_mut()
            .find(|p| p.unit.as_str() == id)
    }

    /// Turns a unit into a mechanized (tracked) unit of `sp` SP and `mp` MP.
    pub fn armor(&mut self, id: &str, nation: &str, at: &str, sp: u8, mp: i32) -> &mut UnitDef {
        let u = self.unit(id, nation, at);
        u.kind = UnitKind::Armored;
        u.movement = MovementClass::Mechanized;
        u.sp = sp;
        u.mp = Mp::whole(mp);
        u.reduced = Some(ReducedSide {
            sp: sp.div_ceil(2),
            defense: None,
            mp: None,
        });
        u
    }

    /// An HQ (1 CEL, 10 MP, 0 SP).
    pub fn hq(&mut self, id: &str, nation: &str, at: &str) -> &mut UnitDef {
        let u = self.unit(id, nation, at);
        u.kind = UnitKind::Headquarters;
        u.movement = MovementClass::Trucked;
        u.sp = 0;
        u.mp = Mp::whole(10);
        u.cel = 1;
        u.reduced = None;
        u
    }

    /// Towed artillery of `attack`/`defense` SP (1 CEL, 6 MP), in combat setup.
    pub fn gun(
        &mut self,
        id: &str,
        nation: &str,
        at: &str,
        attack: u8,
        defense: u8,
    ) -> &mut UnitDef {
        let u = self.unit(id, nation, at);
        u.kind = UnitKind::Artillery;
        u.movement = MovementClass::Trucked;
        u.sp = attack;
        u.defense = Some(defense);
        u.mp = Mp::whole(6);
        u.cel = 1;
        u.reduced = None;
        u.flags.towed = true;
        u
    }

    /// Self-propelled artillery of `attack`/`defense` SP (2 CEL, mechanized, 6 MP): a
    /// regular unit that also fires.
    pub fn self_propelled(
        &mut self,
        id: &str,
        nation: &str,
        at: &str,
        attack: u8,
        defense: u8,
    ) -> &mut UnitDef {
        let u = self.unit(id, nation, at);
        u.kind = UnitKind::Artillery;
        u.movement = MovementClass::Mechanized;
        u.sp = attack;
        u.defense = Some(defense);
        u.mp = Mp::whole(6);
        u.flags.self_propelled = true;
        u
    }

    /// An air counter of `nation` allotted to `side` for the whole scenario.
    pub fn air(&mut self, id: &str, nation: &str, side: &str, sp: u8, kind: AirKind) -> &mut Self {
        self.bundle.counters.air.push(AirCounter {
            id: id.into(),
            name: id.into(),
            nation: nation.into(),
            sp,
            kind,
            white_star: false,
        });
        let (from, until) = (self.bundle.scenario.start, self.bundle.scenario.end);
        match self
            .bundle
            .scenario
            .air
            .iter_mut()
            .find(|a| a.side.as_str() == side)
        {
            Some(a) => a.counters.push(id.into()),
            None => self.bundle.scenario.air.push(AirAllotment {
                side: side.into(),
                counters: vec![id.into()],
                choose: None,
                from: Some(from),
                until: Some(until),
            }),
        }
        self.bundle.scenario.rules.air_per_hex = Some(2);
        self
    }

    /// Barrage for `side` on turns `turns` with `ammo` ammunition units (R6.5).
    pub fn barrage(&mut self, side: &str, ammo: u32, turns: &[u32]) -> &mut Self {
        let dates = turns
            .iter()
            .map(|&t| self.bundle.scenario.date_of_turn(t))
            .collect();
        self.bundle.scenario.barrage.push(Barrage {
            side: side.into(),
            ammo_units: ammo,
            dates,
        });
        self
    }

    /// Starts a game on the position (setup checks included). A counter whose SP a
    /// test lowered below its default reduced side gets a reduced side no stronger
    /// than its full one, as a counters file must have (U05).
    pub fn game(&self, seed: u64) -> Result<Game, SetupRefused> {
        let mut bundle = self.bundle.clone();
        for u in &mut bundle.counters.units {
            let (sp, defense) = (u.sp, u.defense);
            if let Some(r) = &mut u.reduced {
                r.sp = r.sp.min(sp);
                r.defense = r.defense.map(|d| d.min(defense.unwrap_or(sp)));
                if defense.is_some_and(|d| d < r.sp) && r.defense.is_none() {
                    r.defense = defense;
                }
            }
        }
        Game::new(&bundle, seed)
    }
}

fn empty_catalogue() -> TerrainCatalogue {
    TerrainCatalogue {
        system: SystemId::default(),
        edition: "empty".into(),
        notes: String::new(),
        terrain: Vec::new(),
        features: Vec::new(),
        hexsides: Vec::new(),
        roads: Vec::new(),
        field_fortification: Some(sztab_core::model::FieldFortification {
            cm: 1,
            urban_cm: None,
        }),
    }
}
