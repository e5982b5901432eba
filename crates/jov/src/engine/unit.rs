//! A counter as the rules see it (4.1-4.9): its type and movement class, its strengths
//! step by step, its dots, its barrage values, and its place in the order of battle.

use super::side::Army;

/// The unit types of 4.3.2, grouped by what the rules do with them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Infantry types (2.8): infantry, cavalry, engineers, mot/mech infantry, recon.
    Infantry(Foot),
    Engineer(Sapper),
    Artillery,
    AntiTank,
    AntiAir,
    Armor,
    Partisan,
    /// A German Alarm unit (4.8).
    Alarm,
    /// A Supply Distribution Marker (13.2).
    Sdm,
    /// Construction engineers and security troops: no infantry type (2.8).
    Other,
}

/// Which infantry type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Foot {
    Rifle,
    /// German fusiliers: infantry, but no replacements (8.2.3).
    Fusilier,
    Cavalry,
    Motorized,
    Mechanized,
    Recon,
}

/// Which engineer: an assault engineer gives the 12.9.1 bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sapper {
    Combat,
    Assault,
    Motorized,
    Bridge,
    Construction,
}

impl Kind {
    /// The schema's type id, read into a kind.
    pub fn of(t: &str) -> Option<Kind> {
        Some(match t {
            "infantry" | "airborne" | "mountain" => Kind::Infantry(Foot::Rifle),
            "fusilier" => Kind::Infantry(Foot::Fusilier),
            "cavalry" => Kind::Infantry(Foot::Cavalry),
            "mot_infantry" => Kind::Infantry(Foot::Motorized),
            "mech_infantry" => Kind::Infantry(Foot::Mechanized),
            "recon" => Kind::Infantry(Foot::Recon),
            "engineer" => Kind::Engineer(Sapper::Combat),
            "assault_engineer" => Kind::Engineer(Sapper::Assault),
            "mot_engineer" => Kind::Engineer(Sapper::Motorized),
            "bridge_engineer" => Kind::Engineer(Sapper::Bridge),
            "construction_engineer" => Kind::Engineer(Sapper::Construction),
            "artillery"
            | "heavy_artillery"
            | "super_heavy_artillery"
            | "mortar"
            | "rocket_artillery"
            | "sp_artillery" => Kind::Artillery,
            "anti_tank" => Kind::AntiTank,
            "anti_air" => Kind::AntiAir,
            "armor" => Kind::Armor,
            "partisan" => Kind::Partisan,
            "alarm" => Kind::Alarm,
            "sdm" => Kind::Sdm,
            "security" => Kind::Other,
            _ => return None,
        })
    }

    /// Infantry types of the glossary (2.8): infantry, combat engineers, fusiliers,
    /// cavalry, recon, mot and mech infantry (the setup checks' list).
    pub fn is_infantry_type(self) -> bool {
        matches!(
            self,
            Kind::Infantry(_)
                | Kind::Engineer(Sapper::Combat | Sapper::Assault | Sapper::Motorized)
        )
    }
}

/// The TEC column a unit moves by (9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveClass {
    NonMot,
    MotMech,
    Armor,
}

impl MoveClass {
    pub fn of(c: &str) -> Option<MoveClass> {
        Some(match c {
            "non_mot" => MoveClass::NonMot,
            "mot_mech" => MoveClass::MotMech,
            "armor" => MoveClass::Armor,
            _ => return None,
        })
    }

    /// Its TEC column name, before the ground condition.
    pub fn column(self) -> &'static str {
        match self {
            MoveClass::NonMot => "Non-mot",
            MoveClass::MotMech => "Mot/Mech",
            MoveClass::Armor => "Armor",
        }
    }
}

/// A unit's size designator (4.3.1); stacking counts divisions and regiments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Size {
    None,
    Company,
    Battalion,
    Regiment,
    Brigade,
    Division,
    DivisionGroup,
    RegimentGroup,
    Kampfgruppe,
}

impl Size {
    pub fn of(s: &str) -> Size {
        match s {
            "I" => Size::Company,
            "II" => Size::Battalion,
            "III" => Size::Regiment,
            "X" => Size::Brigade,
            "XX" => Size::Division,
            "DG" => Size::DivisionGroup,
            "RG" => Size::RegimentGroup,
            "KG" => Size::Kampfgruppe,
            _ => Size::None,
        }
    }
}

/// An SDM's printed values (13.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SdmDef {
    pub capacity: u32,
    /// Supply Range Increments, Frozen and Mud.
    pub frozen: u32,
    pub mud: u32,
}

/// A formation's level in the order of battle (4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Front,
    Army,
    Corps,
    Armee,
    Korps,
    Division,
    Brigade,
    Regiment,
}

impl Level {
    pub fn of(s: &str) -> Level {
        match s {
            "front" => Level::Front,
            "army" => Level::Army,
            "corps" => Level::Corps,
            "armee" => Level::Armee,
            "korps" => Level::Korps,
            "brigade" => Level::Brigade,
            "regiment" => Level::Regiment,
            _ => Level::Division,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormationDef {
    pub id: String,
    pub name: String,
    pub level: Level,
    pub parent: Option<usize>,
}

/// One counter.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitDef {
    pub id: String,
    pub name: String,
    pub army: Army,
    pub kind: Kind,
    pub class: MoveClass,
    pub size: Size,
    /// Parenthesized: defends only (4.4, 12.2).
    pub defence_only: bool,
    pub movement: u32,
    /// Strength with 1, 2, … steps; its length is the most steps (4.4).
    pub strengths: Vec<u32>,
    /// The last step is a cadre side (4.4.5).
    pub cadre: bool,
    pub white: u32,
    pub black: u32,
    /// A Soviet armor brigade's red star (4.5.3).
    pub star: bool,
    pub obs: u32,
    pub dbs: u32,
    pub range: u32,
    pub no_fire: u8,
    /// The unit it must stack with (4.5.4-4.5.5).
    pub stacks_with: Option<usize>,
    pub sdm: Option<SdmDef>,
    /// Its formation and those above it, innermost first (indices into the formations).
    pub formations: Vec<usize>,
}

impl UnitDef {
    pub fn max_steps(&self) -> u8 {
        u8::try_from(self.strengths.len()).unwrap_or(u8::MAX)
    }

    /// The printed strength with `steps` steps left (0 when eliminated).
    pub fn strength_at(&self, steps: u8) -> u32 {
        match usize::from(steps) {
            0 => 0,
            s => self.strengths.get(s - 1).copied().unwrap_or(0),
        }
    }

    /// May attack: a strength not in parentheses (12.2), not an SDM or Alarm unit.
    pub fn attack_capable(&self) -> bool {
        !self.defence_only
            && !matches!(self.kind, Kind::Sdm | Kind::Alarm)
            && self.strengths.iter().any(|&s| s > 0)
    }

    pub fn is_sdm(&self) -> bool {
        self.kind == Kind::Sdm
    }

    pub fn is_armor(&self) -> bool {
        self.kind == Kind::Armor
    }

    /// Icon units whose dots count in armor/anti-armor fire (12.12.1).
    pub fn is_anti_armor(&self) -> bool {
        matches!(self.kind, Kind::AntiTank | Kind::AntiAir)
    }
}
