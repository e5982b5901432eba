//! A counter as the rules read it: its type (the counter legend), movement class (3.14),
//! both faces' strengths and ER (3.4, 3.6), stacking (3.31), the flags that make it armor,
//! anti-tank or heavy AA (3.15, 16.11), its artillery values (12.0), an HQ's or Leader's
//! Command Points (15.1-15.2) and an air unit's type and CAS DRM (13.23).

use super::words::{Class, Mp, Side};

/// The unit types of the counter legend, and the pieces that are not combat units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Infantry,
    MotInfantry,
    Motorcycle,
    Bicycle,
    Recon,
    Engineer,
    MotEngineer,
    Cavalry,
    HeavyAa,
    AntiTank,
    SpAntiTank,
    FieldArtillery,
    RocketArtillery,
    Tank,
    ArmoredCar,
    Hq,
    Leader,
    Bridge,
    Air,
}

impl Kind {
    pub fn parse(s: &str) -> Option<Kind> {
        use Kind::*;
        Some(match s {
            "infantry" => Infantry,
            "mot_infantry" => MotInfantry,
            "motorcycle" => Motorcycle,
            "bicycle" => Bicycle,
            "recon" => Recon,
            "engineer" => Engineer,
            "mot_engineer" => MotEngineer,
            "cavalry" => Cavalry,
            "heavy_aa" => HeavyAa,
            "anti_tank" => AntiTank,
            "sp_anti_tank" => SpAntiTank,
            "field_artillery" => FieldArtillery,
            "rocket_artillery" => RocketArtillery,
            "tank" => Tank,
            "armored_car" => ArmoredCar,
            "hq" => Hq,
            "leader" => Leader,
            "bridge" => Bridge,
            "air" => Air,
            _ => return None,
        })
    }
}

/// A face of the counter (3.61).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Face {
    pub attack: u32,
    pub defense: u32,
    pub er: i32,
}

/// An air unit's type (2.23).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AirType {
    /// Ground attack.
    A,
    /// Bomber.
    B,
}

/// One counter.
#[derive(Clone, Debug)]
pub struct UnitDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    /// The formation it belongs to; `None` for an Army unit (4.33).
    pub formation: Option<usize>,
    /// The type name as the counters file writes it ("hq"), for victory points.
    pub type_name: String,
    pub kind: Kind,
    pub class: Class,
    pub full: Face,
    /// The reduced face of a two-step unit.
    pub reduced: Option<Face>,
    /// A red attack strength (3.15).
    pub red_attack: bool,
    /// A red defense strength: 88 mm guns (3.17).
    pub red_defense: bool,
    pub support: u32,
    /// "A" support: offensive fire only (12.0).
    pub offensive_only: bool,
    pub range: u32,
    pub movement: Mp,
    pub stacking: u32,
    /// The yellow band: no ZOC (3.23).
    pub no_zoc: bool,
    /// A vehicle silhouette (8.62a, 8.36c).
    pub vehicle: bool,
    pub command_points: u32,
    pub command_range: u32,
    /// A German Arko: a second HQ for artillery coordination (16.3).
    pub arko: bool,
    pub air: Option<AirType>,
    pub cas: i32,
}

impl UnitDef {
    /// Combat units have strengths; Leaders, Bridge units and air units do not (2.21).
    pub fn is_combat(&self) -> bool {
        !matches!(self.kind, Kind::Leader | Kind::Bridge | Kind::Air)
    }

    /// A ground unit: a combat unit, a Bridge unit or a Leader (2.21 note).
    pub fn is_ground(&self) -> bool {
        self.kind != Kind::Air
    }

    /// Any combat unit with a range (3.16).
    pub fn is_artillery(&self) -> bool {
        self.range > 0 && self.is_combat()
    }

    pub fn is_hq(&self) -> bool {
        self.kind == Kind::Hq
    }

    /// Motorized, a vehicle silhouette and a red attack (3.15).
    pub fn is_armored(&self) -> bool {
        self.class == Class::Mot && self.vehicle && self.red_attack
    }

    /// Anti-tank for 16.11: AT types, red attack, red defense.
    pub fn is_anti_tank(&self) -> bool {
        matches!(self.kind, Kind::AntiTank | Kind::SpAntiTank)
            || self.red_attack
            || self.red_defense
    }

    /// The infantry half of the Combined Arms Bonus (10.61f2).
    pub fn is_cab_infantry(&self) -> bool {
        matches!(
            self.kind,
            Kind::Motorcycle | Kind::MotInfantry | Kind::MotEngineer | Kind::Recon
        )
    }

    pub fn is_engineer(&self) -> bool {
        matches!(self.kind, Kind::Engineer | Kind::MotEngineer)
    }

    /// May build Strongpoints (14.23).
    pub fn builds_strongpoints(&self) -> bool {
        matches!(
            self.kind,
            Kind::Infantry | Kind::MotInfantry | Kind::Engineer | Kind::MotEngineer | Kind::Bicycle
        )
    }

    pub fn is_cavalry(&self) -> bool {
        self.kind == Kind::Cavalry
    }

    /// Can make an Overrun, alone or leading a stack (8.62): armor, a silhouette, cavalry.
    pub fn overruns(&self) -> bool {
        self.red_attack || self.vehicle || self.is_cavalry()
    }

    /// A red box, or cavalry: may be part of an overrunning stack (8.62a).
    pub fn joins_overrun(&self) -> bool {
        self.class == Class::Mot || self.is_cavalry()
    }

    /// The face a unit with `steps` left shows.
    pub fn face(&self, steps: u8) -> Face {
        match (steps, self.reduced) {
            (1, Some(r)) => r,
            _ => self.full,
        }
    }

    /// Steps at full strength (3.61-3.62).
    pub fn steps(&self) -> u8 {
        if self.reduced.is_some() { 2 } else { 1 }
    }
}
