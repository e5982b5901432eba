//! Hand-made positions: a board of clear hexes numbered from 0101, the example
//! scenarios' invented charts, a Soviet Front and army and a German korps and division,
//! and units put on it by hand.

use std::sync::Arc;

use sztab_core::hex::{Grid, HexId, Numbering, Parity};

use super::super::Action;
use super::super::board::Board;
use super::super::charts::{Charts, fixture};
use super::super::game::Game;
use super::super::phase::Step;
use super::super::rules::{Rules, Source, Start, TurnInfo};
use super::super::side::Army;
use super::super::state::Mode;
use super::super::unit::{FormationDef, Kind, Level, MoveClass, SdmDef, Size, UnitDef};

pub fn hex(s: &str) -> HexId {
    HexId::parse(s).expect("a hex id")
}

/// A unit type: kind, class, size, strengths by steps, MA, white and black dots.
#[derive(Clone, Debug)]
pub struct T {
    pub kind: Kind,
    pub class: MoveClass,
    pub size: Size,
    pub strengths: &'static [u32],
    pub movement: u32,
    pub white: u32,
    pub black: u32,
    pub star: bool,
    pub defence_only: bool,
}

const fn t(
    kind: Kind,
    class: MoveClass,
    size: Size,
    strengths: &'static [u32],
    movement: u32,
    white: u32,
) -> T {
    T {
        kind,
        class,
        size,
        strengths,
        movement,
        white,
        black: 0,
        star: false,
        defence_only: false,
    }
}

pub mod units {
    use super::*;
    use crate::engine::unit::Foot;
    /// A Soviet rifle division, class A (4.4.4 example: 12 at 4 steps, 9 at 3).
    pub const RIFLE_DIV: T = t(
        Kind::Infantry(Foot::Rifle),
        MoveClass::NonMot,
        Size::Division,
        &[3, 6, 9, 12],
        5,
        0,
    );
    pub const GER_REGT: T = t(
        Kind::Infantry(Foot::Rifle),
        MoveClass::NonMot,
        Size::Regiment,
        &[2, 4, 6],
        5,
        0,
    );
    pub const PZ_IV: T = t(
        Kind::Armor,
        MoveClass::Armor,
        Size::Battalion,
        &[4, 8],
        8,
        3,
    );
}

/// Templates the combat tests add.
pub mod more {
    use super::*;
    pub const T34_BDE: T = T {
        star: true,
        ..t(
            Kind::Armor,
            MoveClass::Armor,
            Size::Brigade,
            &[3, 6, 9],
            8,
            2,
        )
    };
    pub const GER_MECH: T = t(
        Kind::Infantry(crate::engine::unit::Foot::Mechanized),
        MoveClass::MotMech,
        Size::Regiment,
        &[2, 5, 7],
        8,
        0,
    );
    pub const ARTILLERY: T = T {
        defence_only: true,
        ..t(
            Kind::Artillery,
            MoveClass::NonMot,
            Size::Regiment,
            &[2],
            4,
            0,
        )
    };
}

pub struct Sandbox {
    pub rules: Rules,
}

/// Formations: 0 the 2UF, 1 the 4th Guards Army, 2 XI Korps, 3 the 57th Division.
const FRONT: usize = 0;
const ARMY: usize = 1;
const KORPS: usize = 2;
const DIVISION: usize = 3;

impl Sandbox {
    pub fn new(cols: u16, rows: u16) -> Sandbox {
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
        let charts = Charts::read(&fixture::invented()).expect("the invented charts read");
        let f = |id: &str, level, parent| FormationDef {
            id: id.into(),
            name: id.into(),
            level,
            parent,
        };
        Sandbox {
            rules: Rules {
                title: "sandbox".into(),
                board: Board::clear(grid),
                charts,
                units: Vec::new(),
                formations: vec![
                    f("2uf", Level::Front, None),
                    f("4ga", Level::Army, Some(FRONT)),
                    f("xi", Level::Korps, None),
                    f("57id", Level::Division, Some(KORPS)),
                ],
                sides: vec![Army::Soviet, Army::German],
                turns: 2,
                first_turn: 1,
                setup: Vec::new(),
                eliminated_at_start: Vec::new(),
                arrivals: Vec::new(),
                track: vec![TurnInfo::default(); 2],
                sources: Vec::new(),
                replacements: Vec::new(),
                improved_positions: Vec::new(),
                minefields: Vec::new(),
                minefield_allotment: 0,
                victory: Vec::new(),
            },
        }
    }

    /// Puts a unit of `army` on `at`, of the army (Soviet) or division (German).
    pub fn unit(&mut self, army: Army, id: &str, ty: &T, at: &str) -> usize {
        let formations = match army {
            Army::Soviet => vec![ARMY, FRONT],
            Army::German => vec![DIVISION, KORPS],
        };
        self.rules.units.push(UnitDef {
            id: id.into(),
            name: id.into(),
            army,
            kind: ty.kind,
            class: ty.class,
            size: ty.size,
            defence_only: ty.defence_only,
            movement: ty.movement,
            strengths: ty.strengths.to_vec(),
            cadre: ty.strengths.len() > 1,
            white: ty.white,
            black: ty.black,
            star: ty.star,
            obs: if ty.kind == Kind::Artillery { 5 } else { 0 },
            dbs: if ty.kind == Kind::Artillery { 3 } else { 0 },
            range: if ty.kind == Kind::Artillery { 4 } else { 0 },
            no_fire: 0,
            stacks_with: None,
            sdm: None,
            formations,
        });
        let u = self.rules.units.len() - 1;
        self.rules.setup.push((u, hex(at), Start::default()));
        u
    }

    /// An SDM with `capacity` on `at`, its increments 6 hexes (Frozen) and 4 (Mud), and
    /// a source of its side on `source` joined to it by a road through `road`.
    pub fn sdm(&mut self, army: Army, id: &str, at: &str, road: &[&str], capacity: u32) -> usize {
        let u = self.unit(army, id, &units::GER_REGT, at);
        let d = &mut self.rules.units[u];
        d.kind = Kind::Sdm;
        d.sdm = Some(SdmDef {
            capacity,
            frozen: 6,
            mud: 4,
        });
        d.formations.truncate(1);
        let mut prev = hex(at);
        for h in road {
            let h = hex(h);
            let hs = sztab_core::hex::Hexside::new(prev, h).expect("adjacent");
            self.rules
                .board
                .set_road(hs, super::super::board::Road::Secondary);
            prev = h;
        }
        self.rules.sources.push(Source {
            army,
            name: format!("{id} source"),
            hexes: vec![prev],
            serves: Vec::new(),
        });
        u
    }

    /// A spare unit of each side in the far corners, so that a step stays open while a
    /// test looks at it (a step where nothing is left to decide runs itself).
    pub fn spares(&mut self) {
        let (c, r) = (
            self.rules.board.grid.last_col(),
            self.rules.board.grid.last_row(),
        );
        self.unit(
            Army::Soviet,
            "su-spare",
            &units::RIFLE_DIV,
            &format!("{c:02}{r:02}"),
        );
        self.unit(
            Army::German,
            "de-spare",
            &units::GER_REGT,
            &format!("{c:02}01"),
        );
    }

    /// The game, with `faces` before the seeded dice: the weather (ground, visibility)
    /// and air (German, then each Front) rolls come first.
    pub fn game(&self, faces: &[u8]) -> Game {
        Game::with_script(Arc::new(self.rules.clone()), 1, faces)
    }

    /// [`Sandbox::game`] past the Supply Marker Phases.
    pub fn supplied(&self, faces: &[u8]) -> Game {
        let mut g = self.game(faces);
        past_markers(&mut g);
        g
    }
}

/// Ends the Supply Marker Phases (SDMs left where they are), so that supply is
/// determined.
pub fn past_markers(g: &mut Game) {
    while g.state().phase.step == Step::SupplyMarkers && g.state().turn == 1 {
        g.apply(&Action::EndPhase).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Frozen, Clear, no air missions: the opening rolls of a quiet day.
pub const QUIET: &[u8] = &[1, 1, 1, 1];

/// Ends steps until `army`'s `step`.
pub fn to_step(g: &mut Game, army: Army, step: Step) {
    let mut guard = 0;
    while !(g.state().phase.step == step
        && g.state().phase.player == army
        && g.state().battle.is_none())
    {
        g.apply(&Action::EndPhase).unwrap_or_else(|e| panic!("{e}"));
        guard += 1;
        assert!(guard < 60, "never reached {army} {step:?}");
    }
}

pub fn mv(units: &[&str], to: &str) -> Action {
    Action::Move {
        units: units.iter().map(|s| (*s).to_owned()).collect(),
        to: hex(to),
        mode: Mode::Tactical,
    }
}
