//! Hand-made positions for rule tests and what-if questions: a board of clear hexes
//! numbered from 0101, the example's invented charts (scenarios/rtl), Germans (side 0)
//! and Soviets (side 1), terrain, formations and units put on it by hand.

use std::sync::Arc;

use sztab_core::hex::{Dir, Grid, HexId, Hexside, Numbering};
use sztab_core::model::Source;
use sztab_core::model::tables::Tables;

use super::board::{Board, Ground, Link, Water};
use super::charts::{self, Charts};
use super::game::Game;
use super::rules::{
    AmDef, AmKind, Arrival, FormationDef, Rules, Start, StartAt, SupplySource, WeatherBox,
};
use super::unit::{AirType, Face, Kind, UnitDef};
use super::words::{Class, GERMAN, Mp, SOVIET, Side, Supply, Weather};

/// The example scenario's invented charts.
pub const INVENTED_CHARTS: &str =
    include_str!("../../../../scenarios/rtl/soltsy-example.invented.tables.ron");

/// The invented charts, compiled.
pub fn invented_charts() -> Charts {
    let t: Tables = sztab_core::model::io::parse(&Source::new("invented", INVENTED_CHARTS))
        .unwrap_or_else(|e| panic!("the invented charts do not read: {e}"));
    charts::compile(&t).unwrap_or_else(|e| panic!("the invented charts do not compile: {e:?}"))
}

/// A hex by its printed number ("0304"); panics on a typo, which only tests write.
pub fn hex(s: &str) -> HexId {
    HexId::parse(s).unwrap_or_else(|e| panic!("{e}"))
}

/// A counter's values: kind, class, attack, defense, MA, ER; two steps with a reduced
/// face of half the strengths and one ER less unless `one_step`.
#[derive(Clone, Copy, Debug)]
pub struct Template {
    pub kind: Kind,
    pub class: Class,
    pub attack: u32,
    pub defense: u32,
    pub movement: i32,
    pub er: i32,
    pub stacking: u32,
    pub one_step: bool,
    pub red_attack: bool,
    pub red_defense: bool,
    pub vehicle: bool,
    pub support: u32,
    pub range: u32,
    pub command_points: u32,
    pub no_zoc: bool,
}

pub const fn t(
    kind: Kind,
    class: Class,
    attack: u32,
    defense: u32,
    movement: i32,
    er: i32,
) -> Template {
    Template {
        kind,
        class,
        attack,
        defense,
        movement,
        er,
        stacking: 2,
        one_step: false,
        red_attack: false,
        red_defense: false,
        vehicle: false,
        support: 0,
        range: 0,
        command_points: 0,
        no_zoc: false,
    }
}

/// Unit types with invented values, for tests.
pub mod units {
    use super::*;
    pub const RIFLE: Template = t(Kind::Infantry, Class::Nm, 4, 4, 5, 5);
    pub const CAVALRY: Template = t(Kind::Cavalry, Class::Nm, 3, 3, 8, 6);
    pub const MOT_INF: Template = t(Kind::MotInfantry, Class::Mot, 4, 4, 8, 6);
    pub const RECON: Template = t(Kind::Recon, Class::Mot, 2, 2, 10, 6);
    pub const ENGINEER: Template = t(Kind::Engineer, Class::Nm, 3, 3, 5, 6);
    pub const TANK: Template = Template {
        red_attack: true,
        vehicle: true,
        ..t(Kind::Tank, Class::Mot, 7, 5, 10, 7)
    };
    pub const ARMORED_CAR: Template = Template {
        vehicle: true,
        ..t(Kind::ArmoredCar, Class::Mot, 2, 2, 12, 6)
    };
    pub const AT_GUN: Template = Template {
        one_step: true,
        ..t(Kind::AntiTank, Class::He, 3, 2, 4, 5)
    };
    pub const FLAK: Template = Template {
        one_step: true,
        red_defense: true,
        ..t(Kind::HeavyAa, Class::He, 2, 3, 4, 6)
    };
    pub const ARTILLERY: Template = Template {
        one_step: true,
        support: 5,
        range: 4,
        ..t(Kind::FieldArtillery, Class::He, 0, 1, 5, 5)
    };
    pub const HQ: Template = Template {
        one_step: true,
        command_points: 1,
        stacking: 1,
        ..t(Kind::Hq, Class::Mot, 0, 1, 8, 5)
    };
    pub const BRIDGE: Template = Template {
        one_step: true,
        stacking: 0,
        ..t(Kind::Bridge, Class::Nm, 0, 0, 0, 0)
    };
}

/// A position under construction.
#[derive(Clone, Debug)]
pub struct Sandbox {
    pub rules: Rules,
}

impl Sandbox {
    /// A `cols` × `rows` board of clear hexes; three turns of Dry weather, taken from the
    /// turn track (no roll); the German wins Initiative ties; one CAS mission a side.
    pub fn new(cols: u16, rows: u16) -> Sandbox {
        let grid = Grid::new(cols, rows, Numbering::default());
        let dry = WeatherBox {
            label: "test".into(),
            dry_to: 10,
            cloudy_to: 10,
            historical: Weather::Dry,
        };
        Sandbox {
            rules: Rules {
                title: "sandbox".into(),
                board: Board::new(grid),
                charts: invented_charts(),
                units: Vec::new(),
                formations: Vec::new(),
                ams: Vec::new(),
                setup: Vec::new(),
                strongpoints: Vec::new(),
                building: Vec::new(),
                arrivals: Vec::new(),
                turns: 3,
                track: vec![dry.clone(), dry.clone(), dry],
                sources: Vec::new(),
                points: Vec::new(),
                levels: Vec::new(),
                historical_weather: true,
                cas: [1, 1],
                initiative_tie: GERMAN,
                strongpoint_markers: None,
                side_ids: ["german".into(), "soviet".into()],
            },
        }
    }

    pub fn turns(&mut self, n: u32) -> &mut Self {
        let b = self.rules.track[0].clone();
        self.rules.turns = n;
        self.rules.track = vec![b; n as usize];
        self
    }

    /// Every turn's historical weather.
    pub fn weather(&mut self, w: Weather) -> &mut Self {
        for b in &mut self.rules.track {
            b.historical = w;
        }
        self
    }

    pub fn ground(&mut self, hexes: &[&str], g: Ground) -> &mut Self {
        for h in hexes {
            if let Some(c) = self.rules.board.cell_mut(hex(h)) {
                c.ground = g;
            }
        }
        self
    }

    pub fn woods(&mut self, hexes: &[&str]) -> &mut Self {
        for h in hexes {
            if let Some(c) = self.rules.board.cell_mut(hex(h)) {
                c.woods = true;
            }
        }
        self
    }

    pub fn town(&mut self, hexes: &[&str]) -> &mut Self {
        for h in hexes {
            if let Some(c) = self.rules.board.cell_mut(hex(h)) {
                c.town = true;
            }
        }
        self
    }

    pub fn hill(&mut self, hexes: &[&str]) -> &mut Self {
        for h in hexes {
            if let Some(c) = self.rules.board.cell_mut(hex(h)) {
                c.hill = true;
            }
        }
        self
    }

    fn side(a: &str, b: &str) -> Hexside {
        Hexside::new(hex(a), hex(b)).unwrap_or_else(|| panic!("{a}-{b} is no hexside"))
    }

    pub fn water(&mut self, a: &str, b: &str, w: Water) -> &mut Self {
        self.rules.board.add_water(Self::side(a, b), w);
        self
    }

    pub fn bridge(&mut self, a: &str, b: &str) -> &mut Self {
        self.rules.board.add_bridge(Self::side(a, b));
        self
    }

    /// A road, trail or railroad through the hexes in order.
    pub fn link(&mut self, hexes: &[&str], l: Link) -> &mut Self {
        for w in hexes.windows(2) {
            self.rules.board.add_link(Self::side(w[0], w[1]), l);
        }
        self
    }

    /// A formation with `markers` AMs and Combination Value `combination`.
    pub fn formation(&mut self, side: Side, id: &str, markers: u32, combination: i32) -> &mut Self {
        let f = self.rules.formations.len();
        self.rules.formations.push(FormationDef {
            id: id.into(),
            name: id.into(),
            side,
            markers,
            combination,
            panzer: false,
        });
        for n in 1..=markers {
            self.rules.ams.push(AmDef {
                id: if n == 1 {
                    id.into()
                } else {
                    format!("{id}#{n}")
                },
                side,
                kind: AmKind::Formation(f),
            });
        }
        self
    }

    /// The Soviet "Activate Any Formation" marker (4.37).
    pub fn activate_any(&mut self) -> &mut Self {
        self.rules.ams.push(AmDef {
            id: "any".into(),
            side: SOVIET,
            kind: AmKind::Any,
        });
        self
    }

    fn def(&self, side: Side, id: &str, tp: Template, formation: Option<&str>) -> UnitDef {
        let f = formation.map(|x| {
            self.rules
                .formation(x)
                .unwrap_or_else(|| panic!("no formation {x}"))
        });
        let full = Face {
            attack: tp.attack,
            defense: tp.defense,
            er: tp.er,
        };
        let combat = !matches!(tp.kind, Kind::Leader | Kind::Bridge | Kind::Air);
        UnitDef {
            id: id.into(),
            name: id.into(),
            side,
            formation: f,
            type_name: format!("{:?}", tp.kind).to_lowercase(),
            kind: tp.kind,
            class: tp.class,
            full,
            reduced: (!tp.one_step && combat).then(|| Face {
                attack: tp.attack / 2,
                defense: tp.defense.div_ceil(2),
                er: (tp.er - 1).max(1),
            }),
            red_attack: tp.red_attack,
            red_defense: tp.red_defense,
            support: tp.support,
            offensive_only: false,
            range: tp.range,
            movement: Mp::whole(tp.movement),
            stacking: if combat { tp.stacking } else { 0 },
            no_zoc: tp.no_zoc,
            vehicle: tp.vehicle,
            command_points: tp.command_points,
            command_range: if tp.kind == Kind::Hq { 4 } else { 0 },
            arko: false,
            air: None,
            cas: 0,
        }
    }

    /// A unit on `at` (a formation id, or `None` for an Army unit).
    pub fn unit(
        &mut self,
        side: Side,
        id: &str,
        tp: Template,
        formation: Option<&str>,
        at: &str,
    ) -> usize {
        let d = self.def(side, id, tp, formation);
        let u = self.rules.units.len();
        self.rules.units.push(d);
        self.rules.setup.push(Start {
            unit: u,
            at: StartAt::Map(hex(at)),
            reduced: false,
            fired: false,
            spent: false,
            disrupted: false,
            supply: Supply::In,
            arrow: None,
        });
        u
    }

    /// Changes how unit `u` starts.
    pub fn start(&mut self, u: usize) -> &mut Start {
        self.rules
            .setup
            .iter_mut()
            .find(|s| s.unit == u)
            .expect("set up")
    }

    pub fn values(&mut self, u: usize) -> &mut UnitDef {
        &mut self.rules.units[u]
    }

    /// An air unit in the Ready Box.
    pub fn air(&mut self, side: Side, id: &str, kind: AirType, er: i32, cas: i32) -> usize {
        let mut d = self.def(side, id, t(Kind::Air, Class::Nm, 0, 0, 0, er), None);
        d.air = Some(kind);
        d.cas = cas;
        let u = self.rules.units.len();
        self.rules.units.push(d);
        self.rules.setup.push(Start {
            unit: u,
            at: StartAt::Ready,
            reduced: false,
            fired: false,
            spent: false,
            disrupted: false,
            supply: Supply::In,
            arrow: None,
        });
        u
    }

    /// A Bridge unit on `at`, its arrow toward `arrow`.
    pub fn bridge_unit(&mut self, side: Side, id: &str, at: &str, arrow: Dir) -> usize {
        let u = self.unit(side, id, units::BRIDGE, None, at);
        self.start(u).arrow = Some(arrow);
        u
    }

    /// A reinforcement arriving on `turn` at `hexes`.
    pub fn reinforcement(
        &mut self,
        side: Side,
        id: &str,
        tp: Template,
        formation: Option<&str>,
        turn: u32,
        hexes: &[&str],
    ) -> usize {
        let d = self.def(side, id, tp, formation);
        let u = self.rules.units.len();
        self.rules.units.push(d);
        self.rules.arrivals.push(Arrival {
            turn,
            units: vec![u],
            hexes: hexes.iter().map(|h| hex(h)).collect(),
        });
        u
    }

    pub fn source(&mut self, side: Side, hexes: &[&str]) -> &mut Self {
        self.rules.sources.push(SupplySource {
            side,
            hexes: hexes.iter().map(|h| hex(h)).collect(),
            serves: Vec::new(),
        });
        self
    }

    pub fn strongpoint(&mut self, at: &str, side: Side) -> &mut Self {
        self.rules.strongpoints.push((hex(at), side));
        self
    }

    pub fn game(&self, seed: u64) -> Game {
        Game::new(Arc::new(self.rules.clone()), seed)
    }

    /// A game whose first die faces are `faces` (a draw from a cup of one AM takes none).
    pub fn scripted(&self, faces: &[u8]) -> Game {
        Game::with_script(Arc::new(self.rules.clone()), 1, faces)
    }
}
