//! PanzerBlitz's vocabulary and schemas: the catalogue terms its rules read, the fields of
//! a counter, of a set-up placement and of a scenario's switches, and typed views of them
//! ([`PbUnit`], [`PbPlacement`], [`PbRules`]) so the rules never read an attribute by a
//! string key twice. The keys and their meanings are listed in the module docs of
//! [`super`].

use sztab_core::model::attrs::{Choice, FieldDef, FieldKind, Lit};
use sztab_core::model::described::{Placement, Scenario, Unit};
use sztab_core::model::{Attrs, Schema};
use sztab_seam::{Term, TermClass};

// ---------------------------------------------------------------------------------------
// Catalogue vocabulary
// ---------------------------------------------------------------------------------------

/// Terrain ids (one per hex: what covers the ground).
pub mod terrain {
    pub const CLEAR: &str = "clear";
    pub const WOODS: &str = "woods";
    pub const TOWN: &str = "town";
    pub const SWAMP: &str = "swamp";
    /// The one hex wholly covered by the pond (board 3). Its id is "water": a catalogue's
    /// ids are unique across its kinds, and "pond" is the pond-shore hexside.
    pub const POND: &str = "water";
}

/// Feature ids (on top of the terrain).
pub mod feature {
    pub const GULLY: &str = "gully";
    pub const FORD: &str = "ford";
}

/// Hexside kinds: the coloured "heavy hex-side" symbols and the pond shore.
pub mod hexside {
    pub const GREEN: &str = "green";
    pub const GREY: &str = "grey";
    pub const BROWN: &str = "brown";
    pub const ORANGE: &str = "orange";
    pub const POND: &str = "pond";
}

/// Link kinds (hex-to-hex lines through hexsides).
pub mod link {
    pub const ROAD: &str = "road";
    pub const STREAM: &str = "stream";
}

/// Elevation levels of a hex (`HexCell.e`): the three levels of the Target Elevation
/// Table. A gully is not a level: it is the `gully` feature on a ground-level hex.
pub mod level {
    pub const GROUND: i16 = 0;
    pub const SLOPE: i16 = 1;
    pub const HILLTOP: i16 = 2;
}

pub const VOCABULARY: &[Term] = &[
    Term {
        class: TermClass::Terrain,
        id: terrain::CLEAR,
        meaning: "clear ground: 1 MF (trucks 2), no effect on defense",
        required: true,
    },
    Term {
        class: TermClass::Terrain,
        id: terrain::WOODS,
        meaning: "woods hex: 1 MF (trucks 2); +1 to the attacker's die; fired on from beyond adjacent hexes only when spotted",
        required: true,
    },
    Term {
        class: TermClass::Terrain,
        id: terrain::TOWN,
        meaning: "town hex: 1/2 MF to enter; +1 to the attacker's die; units in it are armored targets attacked as one combined DF; must be spotted",
        required: true,
    },
    Term {
        class: TermClass::Terrain,
        id: terrain::SWAMP,
        meaning: "swamp: 1 MF; vehicles enter only along a road, one vehicle unit a swamp-road hex",
        required: true,
    },
    Term {
        class: TermClass::Terrain,
        id: terrain::POND,
        meaning: "the hex wholly covered by the pond (board 3): no unit may enter",
        required: true,
    },
    Term {
        class: TermClass::Feature,
        id: feature::GULLY,
        meaning: "gully or streambed hex (a depression): leaving it other than along the gully, a road or a ford costs trucks 5 MF, other vehicles 3; sees and is seen only from slopes, hilltops and adjacent hexes",
        required: true,
    },
    Term {
        class: TermClass::Feature,
        id: feature::FORD,
        meaning: "stream ford: clear terrain for all purposes",
        required: true,
    },
    Term {
        class: TermClass::Hexside,
        id: hexside::GREEN,
        meaning: "green symbol, woods: low obstacle (10-20 m); vehicles cross it only along a road",
        required: true,
    },
    Term {
        class: TermClass::Hexside,
        id: hexside::GREY,
        meaning: "grey symbol, town: low obstacle (10-20 m)",
        required: true,
    },
    Term {
        class: TermClass::Hexside,
        id: hexside::BROWN,
        meaning: "dark brown symbol, slope curve or ridge spine: medium obstacle (60-70 m)",
        required: true,
    },
    Term {
        class: TermClass::Hexside,
        id: hexside::ORANGE,
        meaning: "orange symbol, hilltop edge: high obstacle (100-140 m)",
        required: true,
    },
    Term {
        class: TermClass::Hexside,
        id: hexside::POND,
        meaning: "pond shore: no unit may cross it",
        required: true,
    },
    Term {
        class: TermClass::Link,
        id: link::ROAD,
        meaning: "1/2 MF a hex along it whatever the other terrain; open to every unit",
        required: true,
    },
    Term {
        class: TermClass::Link,
        id: link::STREAM,
        meaning: "the course of a gully: moving along it is moving along the gully (no leave cost)",
        required: true,
    },
];

// ---------------------------------------------------------------------------------------
// Counters
// ---------------------------------------------------------------------------------------

/// The type of a counter: what the rules read of its silhouette or symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitType {
    /// Rifle, security, submachinegun, recon and Guards companies or platoons.
    Infantry,
    Engineer,
    /// Russian cavalry squadron.
    Cavalry,
    /// Command post (200s).
    CommandPost,
    /// A towed gun, howitzer or mortar: a non-vehicle weapon.
    Gun,
    Tank,
    /// Tank destroyers and assault guns (800s).
    TankDestroyer,
    /// Self-propelled guns (700s).
    SpGun,
    /// German self-propelled artillery (600s: Maultier, Wespe, Hummel).
    Spa,
    ArmoredCar,
    Halftrack,
    Truck,
    Wagon,
    Fortification,
    Minefield,
    Block,
    Wreck,
}

const TYPES: &[Choice] = &[
    Choice {
        value: "infantry",
        label: "Infantry (rifle, security, SMG, recon, Guards)",
    },
    Choice {
        value: "engineer",
        label: "Engineers",
    },
    Choice {
        value: "cavalry",
        label: "Cavalry",
    },
    Choice {
        value: "cp",
        label: "Command post",
    },
    Choice {
        value: "gun",
        label: "Towed gun, howitzer or mortar",
    },
    Choice {
        value: "tank",
        label: "Tank",
    },
    Choice {
        value: "tank_destroyer",
        label: "Tank destroyer or assault gun",
    },
    Choice {
        value: "sp_gun",
        label: "Self-propelled gun",
    },
    Choice {
        value: "spa",
        label: "Self-propelled artillery (SPA)",
    },
    Choice {
        value: "armored_car",
        label: "Armored car",
    },
    Choice {
        value: "halftrack",
        label: "Halftrack",
    },
    Choice {
        value: "truck",
        label: "Truck",
    },
    Choice {
        value: "wagon",
        label: "Wagon",
    },
    Choice {
        value: "fort",
        label: "Fortification",
    },
    Choice {
        value: "mines",
        label: "Minefield",
    },
    Choice {
        value: "block",
        label: "Block",
    },
    Choice {
        value: "wreck",
        label: "Wreck",
    },
];

impl UnitType {
    pub fn parse(s: &str) -> Option<UnitType> {
        use UnitType::*;
        Some(match s {
            "infantry" => Infantry,
            "engineer" => Engineer,
            "cavalry" => Cavalry,
            "cp" => CommandPost,
            "gun" => Gun,
            "tank" => Tank,
            "tank_destroyer" => TankDestroyer,
            "sp_gun" => SpGun,
            "spa" => Spa,
            "armored_car" => ArmoredCar,
            "halftrack" => Halftrack,
            "truck" => Truck,
            "wagon" => Wagon,
            "fort" => Fortification,
            "mines" => Minefield,
            "block" => Block,
            "wreck" => Wreck,
            _ => return None,
        })
    }

    /// The value files write.
    pub fn key(self) -> &'static str {
        use UnitType::*;
        match self {
            Infantry => "infantry",
            Engineer => "engineer",
            Cavalry => "cavalry",
            CommandPost => "cp",
            Gun => "gun",
            Tank => "tank",
            TankDestroyer => "tank_destroyer",
            SpGun => "sp_gun",
            Spa => "spa",
            ArmoredCar => "armored_car",
            Halftrack => "halftrack",
            Truck => "truck",
            Wagon => "wagon",
            Fortification => "fort",
            Minefield => "mines",
            Block => "block",
            Wreck => "wreck",
        }
    }

    /// Mines, blocks, fortifications and wrecks: counters that are not units.
    pub fn is_marker(self) -> bool {
        use UnitType::*;
        matches!(self, Fortification | Minefield | Block | Wreck)
    }

    /// A vehicular unit (silhouette on the counter). Cavalry is not a vehicle.
    pub fn is_vehicle(self) -> bool {
        use UnitType::*;
        matches!(
            self,
            Tank | TankDestroyer | SpGun | Spa | ArmoredCar | Halftrack | Truck | Wagon
        )
    }

    /// An armored target: every vehicle except wagons and trucks ("Note: all vehicular
    /// units are ARMORED, except Wagons & Trucks"); fortifications are armored targets
    /// too (Fortifications C).
    pub fn is_armored(self) -> bool {
        use UnitType::*;
        (self.is_vehicle() && !matches!(self, Truck | Wagon)) || self == Fortification
    }

    /// A "C" class carrier: wagons, trucks and halftracks (Transporting Units).
    pub fn is_c_carrier(self) -> bool {
        matches!(
            self,
            UnitType::Wagon | UnitType::Truck | UnitType::Halftrack
        )
    }

    /// May carry one passenger: a "C" unit or any armored vehicle (Transporting Units G).
    pub fn may_carry(self) -> bool {
        self.is_c_carrier() || (self.is_vehicle() && self.is_armored())
    }

    /// May be carried: a non-vehicle unit other than Russian cavalry (Transporting
    /// Units J) — guns, infantry, engineers, command posts.
    pub fn may_ride(self) -> bool {
        use UnitType::*;
        matches!(self, Infantry | Engineer | CommandPost | Gun)
    }

    /// May use Close Assault Tactics: infantry, engineers and cavalry (CAT; halftracks
    /// never, CAT J).
    pub fn may_close_assault(self) -> bool {
        matches!(
            self,
            UnitType::Infantry | UnitType::Engineer | UnitType::Cavalry
        )
    }

    /// Counts toward stacking: everything but minefields and fortifications (Stacking
    /// E, F).
    pub fn counts_for_stacking(self) -> bool {
        !matches!(self, UnitType::Minefield | UnitType::Fortification)
    }

    /// Becomes a wreck when destroyed: armored vehicles, halftracks included (Wrecks).
    pub fn leaves_wreck(self) -> bool {
        self.is_vehicle() && self.is_armored()
    }
}

/// The weapon class printed next to the attack factor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WeaponClass {
    /// Armor piercing: high-velocity tank and anti-tank guns.
    A,
    /// High explosive: low-velocity howitzers.
    H,
    /// Mortars ("similar to H").
    M,
    /// Infantry weapons: rifles and machine guns (halftracks too).
    I,
    /// No weapon (carriers, command posts, markers).
    None,
}

const CLASSES: &[Choice] = &[
    Choice {
        value: "A",
        label: "A: armor piercing",
    },
    Choice {
        value: "H",
        label: "H: high explosive",
    },
    Choice {
        value: "M",
        label: "M: mortar",
    },
    Choice {
        value: "I",
        label: "I: infantry weapons",
    },
    Choice {
        value: "-",
        label: "none",
    },
];

impl WeaponClass {
    pub fn parse(s: &str) -> Option<WeaponClass> {
        Some(match s {
            "A" => WeaponClass::A,
            "H" => WeaponClass::H,
            "M" => WeaponClass::M,
            "I" => WeaponClass::I,
            "-" => WeaponClass::None,
            _ => return None,
        })
    }

    pub fn letter(self) -> &'static str {
        match self {
            WeaponClass::A => "A",
            WeaponClass::H => "H",
            WeaponClass::M => "M",
            WeaponClass::I => "I",
            WeaponClass::None => "-",
        }
    }
}

const UNIT_FIELDS: &[FieldDef] = &[
    FieldDef {
        key: "pic",
        label: "PIC",
        help: "Program Identity Code: category, type and counter digits (G/832 is German Hetzer no. 2); 0 for counters without one",
        kind: FieldKind::Int { min: 0, max: 9999 },
        default: None,
    },
    FieldDef {
        key: "type",
        label: "Type",
        help: "what the rules read of the silhouette or symbol: vehicle, armored and carrier follow from it",
        kind: FieldKind::Choice(TYPES),
        default: None,
    },
    FieldDef {
        key: "attack",
        label: "Attack factor",
        help: "AF: the unit's basic offensive power",
        kind: FieldKind::Int { min: 0, max: 99 },
        default: Some(Lit::Int(0)),
    },
    FieldDef {
        key: "class",
        label: "Weapon class",
        help: "A armor piercing, H high explosive, M mortar, I infantry weapons, - none (see the Weapons Effectiveness Chart)",
        kind: FieldKind::Choice(CLASSES),
        default: Some(Lit::Text("-")),
    },
    FieldDef {
        key: "range",
        label: "Range factor",
        help: "RF: the farthest hex at which its AF may be used",
        kind: FieldKind::Int { min: 0, max: 99 },
        default: Some(Lit::Int(0)),
    },
    FieldDef {
        key: "defense",
        label: "Defense factor",
        help: "DF: its basic defensive strength (a fortification's DF replaces its occupants')",
        kind: FieldKind::Int { min: 0, max: 99 },
        default: Some(Lit::Int(0)),
    },
    FieldDef {
        key: "movement",
        label: "Movement factor",
        help: "MF: hexes of clear terrain it may move in a turn",
        kind: FieldKind::Int { min: 0, max: 99 },
        default: Some(Lit::Int(0)),
    },
    FieldDef {
        key: "guards",
        label: "Guards",
        help: "Russian Guards infantry: may direct indirect fire like a CP under the experimental rule",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
    FieldDef {
        key: "no_intensive",
        label: "No intensive fire",
        help: "may not fire intensively under the optional Ammunition rule (the Maultier)",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
    FieldDef {
        key: "supplement",
        label: "Not in the 1970 counter mix",
        help: "a counter a situation calls for beyond the printed counter sheets (see scenarios/panzerblitz/README.md)",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
];

pub const UNIT_SCHEMA: Schema = Schema {
    fields: UNIT_FIELDS,
};

/// A counter's values, read once from its attributes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbUnit {
    pub pic: u16,
    /// `None` when the file's value is not a known type (the reference checks say so).
    pub kind: Option<UnitType>,
    pub attack: u16,
    pub class: WeaponClass,
    pub range: u16,
    pub defense: u16,
    pub movement: u16,
    pub guards: bool,
    pub no_intensive: bool,
    pub supplement: bool,
}

fn small(v: i64) -> u16 {
    u16::try_from(v.max(0)).unwrap_or(u16::MAX)
}

impl PbUnit {
    pub fn of(unit: &Unit) -> PbUnit {
        Self::of_attrs(&unit.attrs)
    }

    pub fn of_attrs(a: &Attrs) -> PbUnit {
        let s = &UNIT_SCHEMA;
        PbUnit {
            pic: small(s.int(a, "pic")),
            kind: UnitType::parse(&s.text(a, "type")),
            attack: small(s.int(a, "attack")),
            class: WeaponClass::parse(&s.text(a, "class")).unwrap_or(WeaponClass::None),
            range: small(s.int(a, "range")),
            defense: small(s.int(a, "defense")),
            movement: small(s.int(a, "movement")),
            guards: s.bool(a, "guards"),
            no_intensive: s.bool(a, "no_intensive"),
            supplement: s.bool(a, "supplement"),
        }
    }

    /// May fire indirectly under the optional rule: German SPA and every mortar
    /// (Indirect Fire).
    pub fn may_fire_indirect(&self) -> bool {
        self.kind == Some(UnitType::Spa) || self.class == WeaponClass::M
    }

    /// May fire intensively under the optional Ammunition rule: H and M units but the
    /// Maultier (Ammunition E).
    pub fn may_fire_intensive(&self) -> bool {
        matches!(self.class, WeaponClass::H | WeaponClass::M) && !self.no_intensive
    }
}

// ---------------------------------------------------------------------------------------
// Placements
// ---------------------------------------------------------------------------------------

const PLACEMENT_FIELDS: &[FieldDef] = &[
    FieldDef {
        key: "dispersed",
        label: "Dispersed",
        help: "starts face down: may not move or fire in its first player-turn, -1 to the die of attacks on it",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
    FieldDef {
        key: "aboard",
        label: "Aboard",
        help: "the id of the carrier (same hex, same side) it starts loaded on",
        kind: FieldKind::Text { max_len: 40 },
        default: Some(Lit::Text("")),
    },
    FieldDef {
        key: "on_top",
        label: "On top of the fortification",
        help: "in a fortification's hex, sits on top of it rather than inside it",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
    FieldDef {
        key: "hidden",
        label: "Hidden",
        help: "set up hidden (experimental Hidden Deployment): its hex is written down, not shown",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
];

pub const PLACEMENT_SCHEMA: Schema = Schema {
    fields: PLACEMENT_FIELDS,
};

/// How a unit starts, read once from its placement's state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PbPlacement {
    pub dispersed: bool,
    /// The carrier it rides, when loaded.
    pub aboard: Option<String>,
    pub on_top: bool,
    pub hidden: bool,
}

impl PbPlacement {
    pub fn of(p: &Placement) -> PbPlacement {
        Self::of_attrs(&p.state)
    }

    pub fn of_attrs(a: &Attrs) -> PbPlacement {
        let s = &PLACEMENT_SCHEMA;
        let aboard = s.text(a, "aboard");
        PbPlacement {
            dispersed: s.bool(a, "dispersed"),
            aboard: (!aboard.is_empty()).then_some(aboard),
            on_top: s.bool(a, "on_top"),
            hidden: s.bool(a, "hidden"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Scenario switches
// ---------------------------------------------------------------------------------------

const RULE_FIELDS: &[FieldDef] = &[
    FieldDef {
        key: "sets_up_first",
        label: "Sets up first",
        help: "the side that sets up first (a side id); empty: the side that does not move first",
        kind: FieldKind::Text { max_len: 40 },
        default: Some(Lit::Text("")),
    },
    FieldDef {
        key: "indirect_fire",
        label: "Optional rule: Indirect Fire",
        help: "SPA and mortars fire at unseen targets through a command post with a clear LOS",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
    FieldDef {
        key: "real_space_los",
        label: "Optional rule: Real-Space LOS",
        help: "the line of sight is a straight edge from hex centre to hex centre",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
    FieldDef {
        key: "ammunition",
        label: "Optional rule: Ammunition",
        help: "H and M units may fire intensively once, at triple AF, and are then removed",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
    FieldDef {
        key: "panzerblitz_assault",
        label: "Optional rule: PanzerBlitz Assault",
        help: "infantry riding armor jump off before an overrun and close-assault the overrun units",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
    FieldDef {
        key: "hidden_deployment",
        label: "Experimental rule: Hidden Deployment",
        help: "one side writes its positions down; units stay hidden until seen, or until they move or fire",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
    FieldDef {
        key: "experimental_indirect_fire",
        label: "Experimental rule: Indirect Fire by any unit",
        help: "any German unit, and Russian Guards infantry, may direct indirect fire like a CP",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
    FieldDef {
        key: "impulse_movement",
        label: "Experimental rule: Impulse Movement & Return Fire",
        help: "each player-turn in impulses: move, enemy fire, fire, move, close assault",
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    },
];

pub const RULES_SCHEMA: Schema = Schema {
    fields: RULE_FIELDS,
};

/// A scenario's switches, read once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PbRules {
    /// The side that sets up first.
    pub sets_up_first: String,
    pub indirect_fire: bool,
    pub real_space_los: bool,
    pub ammunition: bool,
    pub panzerblitz_assault: bool,
    pub hidden_deployment: bool,
    pub experimental_indirect_fire: bool,
    pub impulse_movement: bool,
}

impl PbRules {
    pub fn of(s: &Scenario) -> PbRules {
        let r = &RULES_SCHEMA;
        let a = &s.rules;
        let named = r.text(a, "sets_up_first");
        let sets_up_first = if named.is_empty() {
            s.sides
                .iter()
                .find(|x| x.id != s.first)
                .map(|x| x.id.to_string())
                .unwrap_or_default()
        } else {
            named
        };
        PbRules {
            sets_up_first,
            indirect_fire: r.bool(a, "indirect_fire"),
            real_space_los: r.bool(a, "real_space_los"),
            ammunition: r.bool(a, "ammunition"),
            panzerblitz_assault: r.bool(a, "panzerblitz_assault"),
            hidden_deployment: r.bool(a, "hidden_deployment"),
            experimental_indirect_fire: r.bool(a, "experimental_indirect_fire"),
            impulse_movement: r.bool(a, "impulse_movement"),
        }
    }
}

/// The stacking limit of a nation's units (Stacking A, B): Russians 2, Germans 3.
pub fn stacking_limit(nation: &str) -> usize {
    if nation == "german" { 3 } else { 2 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_reads_back_from_its_key() {
        for c in TYPES {
            let t = UnitType::parse(c.value).expect(c.value);
            assert_eq!(t.key(), c.value);
        }
        for c in CLASSES {
            assert_eq!(WeaponClass::parse(c.value).unwrap().letter(), c.value);
        }
    }

    #[test]
    fn vehicles_are_armored_except_wagons_and_trucks() {
        use UnitType::*;
        assert!(Halftrack.is_armored() && Halftrack.is_c_carrier());
        assert!(!Truck.is_armored() && Truck.is_vehicle() && Truck.may_carry());
        assert!(!Wagon.is_armored() && Wagon.may_carry());
        assert!(Tank.may_carry() && !Tank.is_c_carrier());
        assert!(!Cavalry.is_vehicle() && !Cavalry.may_ride() && Cavalry.may_close_assault());
        assert!(!Halftrack.may_close_assault());
        assert!(Fortification.is_armored() && !Fortification.is_vehicle());
        assert!(Block.counts_for_stacking() && Wreck.counts_for_stacking());
        assert!(!Minefield.counts_for_stacking() && !Fortification.counts_for_stacking());
        assert!(!Truck.leaves_wreck() && Halftrack.leaves_wreck());
    }

    #[test]
    fn a_panther_reads_as_printed() {
        let a: Attrs = ron::from_str(
            r#"{"pic": 951, "type": "tank", "attack": 16, "class": "A", "range": 12, "defense": 12, "movement": 10}"#,
        )
        .unwrap();
        assert!(UNIT_SCHEMA.violations(&a).is_empty());
        let u = PbUnit::of_attrs(&a);
        assert_eq!((u.attack, u.class, u.range), (16, WeaponClass::A, 12));
        assert_eq!(u.kind, Some(UnitType::Tank));
        assert!(!u.may_fire_indirect() && !u.may_fire_intensive());
    }
}
