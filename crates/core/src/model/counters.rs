//! A counter set (`*.counters.ron`): nations, the formation tree and every unit counter
//! with its printed values, plus air counters.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ids::{AirId, FormationId, NationId, SystemId, UnitId};
use super::mp::Mp;
use super::range;
use super::terrain::{Colour, MovementClass};

#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    /// The rule system this file belongs to (`sztab systems`). Files written before
    /// systems existed have none and are WB-95 files; a save always writes it.
    #[serde(default)]
    pub system: SystemId,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    #[serde(deserialize_with = "super::limits::nations")]
    #[schemars(length(max = super::limits::NATIONS.max))]
    pub nations: Vec<Nation>,
    #[serde(deserialize_with = "super::limits::formations")]
    #[schemars(length(max = super::limits::FORMATIONS.max))]
    pub formations: Vec<Formation>,
    #[serde(deserialize_with = "super::limits::units")]
    #[schemars(length(max = super::limits::UNITS.max))]
    pub units: Vec<UnitDef>,
    #[serde(default, deserialize_with = "super::limits::air_counters")]
    #[schemars(length(max = super::limits::AIR_COUNTERS.max))]
    pub air: Vec<AirCounter>,
}

impl Counters {
    pub fn nation(&self, id: &str) -> Option<&Nation> {
        self.nations.iter().find(|n| n.id.as_str() == id)
    }
    pub fn formation(&self, id: &str) -> Option<&Formation> {
        self.formations.iter().find(|f| f.id.as_str() == id)
    }
    pub fn unit(&self, id: &str) -> Option<&UnitDef> {
        self.units.iter().find(|u| u.id.as_str() == id)
    }
    pub fn air_counter(&self, id: &str) -> Option<&AirCounter> {
        self.air.iter().find(|u| u.id.as_str() == id)
    }

    /// Is `formation` equal to `ancestor` or below it in the tree?
    pub fn is_within(&self, formation: &str, ancestor: &str) -> bool {
        let mut cur = Some(formation);
        // The depth bound guards against a cycle in a file that failed validation.
        for _ in 0..=self.formations.len() {
            match cur {
                Some(f) if f == ancestor => return true,
                Some(f) => {
                    cur = self
                        .formation(f)
                        .and_then(|f| f.parent.as_ref())
                        .map(|p| p.as_str())
                }
                None => return false,
            }
        }
        false
    }

    /// Units of a formation and of every formation below it.
    pub fn units_of<'a>(&'a self, formation: &'a str) -> impl Iterator<Item = &'a UnitDef> + 'a {
        self.units.iter().filter(move |u| {
            u.formation
                .as_ref()
                .is_some_and(|f| self.is_within(f.as_str(), formation))
        })
    }
}

/// Morale limits (R5.6.2): a unit is disorganized when 2K6 ≥ its limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Morale {
    #[serde(deserialize_with = "range::morale")]
    #[schemars(range(min = range::MORALE.min, max = range::MORALE.max))]
    pub regular: u8,
    /// SS for Germans, Guards for Soviets.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_morale"
    )]
    #[schemars(range(min = range::MORALE.min, max = range::MORALE.max))]
    pub elite: Option<u8>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_morale"
    )]
    #[schemars(range(min = range::MORALE.min, max = range::MORALE.max))]
    pub volksgrenadier: Option<u8>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_morale"
    )]
    #[schemars(range(min = range::MORALE.min, max = range::MORALE.max))]
    pub volkssturm: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Nation {
    pub id: NationId,
    pub name: String,
    /// Counter background.
    pub colour: Colour,
    /// Counter text and symbols.
    pub text_colour: Colour,
    pub morale: Morale,
    /// Off-road supply MPs (R10.1.6): 12 US/UK, 10 German, 8 Soviet, 7 German allies.
    #[serde(deserialize_with = "range::mp")]
    pub supply_mp: Mp,
    /// HQ range in hexes (R9.2.2): 4 US/UK/German, 3 others.
    #[serde(deserialize_with = "range::hq_range")]
    #[schemars(range(min = range::HQ_RANGE.min, max = range::HQ_RANGE.max))]
    pub hq_range: u8,
    /// The Red Army (or an army under its rules): its divisions give no tactical
    /// concentration (R13.1.1, only its armored and mechanized corps do) and the
    /// scenario's `soviet_other_morale` switch sets its non-Guards morale (§4).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub soviet: bool,
    /// Its air counters may fly supply missions (R8.2.22: American and British air).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub air_supply: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
pub enum FormationKind {
    Front,
    Army,
    Corps,
    /// Soviet armored (tank) corps: tactical concentration applies (R13.1.1).
    ArmoredCorps,
    /// Soviet mechanized corps: tactical concentration applies.
    MechanizedCorps,
    CavalryCorps,
    Division,
    Brigade,
    Regiment,
    /// An ad hoc group (Kampfgruppe, armored group).
    Group,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    pub id: FormationId,
    pub name: String,
    pub nation: NationId,
    pub kind: FormationKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<FormationId>,
}

/// The type symbol of a unit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
pub enum UnitKind {
    Infantry,
    MotorizedInfantry,
    /// Panzergrenadiers on half-tracks, Soviet mechanized brigades.
    Mechanized,
    Armored,
    Cavalry,
    Airborne,
    Artillery,
    AntiTank,
    AssaultGun,
    AntiAircraft,
    Recon,
    Engineer,
    Headquarters,
    /// Fortification unit (FU, R15.4).
    Fortification,
    /// Resilience group (RG, R15.2).
    Resilience,
    /// Volkssturm (VS, R15.3).
    Volkssturm,
}

/// The size symbol of a unit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
pub enum UnitSize {
    /// NATO size symbol I
    Company,
    /// NATO size symbol II
    Battalion,
    /// NATO size symbol III
    Regiment,
    /// NATO size symbol X
    Brigade,
    /// NATO size symbol XX
    Division,
    /// NATO size symbol XXX
    Corps,
    /// NATO size symbol XXXX
    Army,
}

#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Star {
    Black,
    White,
    Yellow,
    Blue,
}

/// Yes/no properties of a counter. All default to no and are omitted when no.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitFlags {
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ss: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub guards: bool,
    /// Towed guns (artillery, AT, AA): 1 CEL, never attack, combat/transport setup.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub towed: bool,
    /// Self-propelled artillery: a regular unit that may also fire at range 3.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub self_propelled: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub volksgrenadier: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub armored_car: bool,
    /// Equipped with Panthers (R22): breakdown rolls, no repair.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub panther: bool,
    /// Ferdinand tank destroyers: no repair (R17.1.3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ferdinand: bool,
}

/// The reduced (back) side of a two-CEL counter.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReducedSide {
    #[serde(deserialize_with = "range::sp")]
    #[schemars(range(min = range::SP.min, max = range::SP.max))]
    pub sp: u8,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_sp"
    )]
    #[schemars(range(min = range::SP.min, max = range::SP.max))]
    pub defense: Option<u8>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_mp"
    )]
    pub mp: Option<Mp>,
}

/// One unit counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    pub id: UnitId,
    /// As printed top left: "184", "1 Art.", "HQ XXXXI".
    pub designation: String,
    /// Parent formation (printed top right).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<FormationId>,
    pub nation: NationId,
    pub kind: UnitKind,
    pub size: UnitSize,
    pub movement: MovementClass,
    /// Strength points; for artillery the attack value.
    #[serde(deserialize_with = "range::sp")]
    #[schemars(range(min = range::SP.min, max = range::SP.max))]
    pub sp: u8,
    /// Artillery defense value, when it differs from `sp`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_sp"
    )]
    #[schemars(range(min = range::SP.min, max = range::SP.max))]
    pub defense: Option<u8>,
    #[serde(deserialize_with = "range::mp")]
    pub mp: Mp,
    /// Combat efficiency levels: 2 for a counter with a reduced back, 1 otherwise.
    pub cel: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduced: Option<ReducedSide>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stars: Vec<Star>,
    #[serde(default)]
    pub flags: UnitFlags,
}

impl UnitDef {
    pub fn is_hq(&self) -> bool {
        self.kind == UnitKind::Headquarters
    }
    pub fn is_rg(&self) -> bool {
        self.kind == UnitKind::Resilience
    }
    pub fn is_fu(&self) -> bool {
        self.kind == UnitKind::Fortification
    }
    pub fn is_vs(&self) -> bool {
        self.kind == UnitKind::Volkssturm
    }
    pub fn is_artillery(&self) -> bool {
        self.kind == UnitKind::Artillery
    }
    pub fn is_towed(&self) -> bool {
        self.flags.towed
    }
    /// Attack SP at a given CEL (the reduced side below full CEL).
    pub fn attack_at(&self, cel: u8) -> u8 {
        match (&self.reduced, cel < self.cel) {
            (Some(r), true) => r.sp,
            _ => self.sp,
        }
    }
    /// Defense SP at a given CEL.
    pub fn defense_at(&self, cel: u8) -> u8 {
        match (&self.reduced, cel < self.cel) {
            (Some(r), true) => r.defense.unwrap_or(r.sp),
            _ => self.defense.unwrap_or(self.sp),
        }
    }
    /// Printed MP at a given CEL.
    pub fn mp_at(&self, cel: u8) -> Mp {
        match (&self.reduced, cel < self.cel) {
            (Some(r), true) => r.mp.unwrap_or(self.mp),
            _ => self.mp,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
pub enum AirKind {
    /// Uses the BOMBER ATTACK table.
    Bomber,
    /// Uses the AIR ATTACK table ("Land Attack" in Armored Claws).
    GroundAttack,
}

/// An air counter (off-map).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AirCounter {
    pub id: AirId,
    pub name: String,
    pub nation: NationId,
    #[serde(deserialize_with = "range::sp")]
    #[schemars(range(min = range::SP.min, max = range::SP.max))]
    pub sp: u8,
    pub kind: AirKind,
    /// White star (R21.1.1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub white_star: bool,
}
