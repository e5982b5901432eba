//! Unit counters as the rules see them: the four factors, the weapon class and what kind
//! of unit it is (which fixes how it moves, whether it is an armored target, what it may
//! carry and which attacks it may make).

use serde::{Deserialize, Serialize};

use super::board::Mover;

/// The class-key letter printed by the attack factor ("Weapon-to-Target Relationships").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Class {
    /// Armor piercing: high-velocity tank and anti-tank guns.
    A,
    /// High-explosive shells: howitzers and the like.
    H,
    /// Mortars, "similar to H".
    M,
    /// Infantry weapons: rifles and machine guns (halftracks too).
    I,
    /// No weapon: trucks, wagons, command posts.
    None,
}

impl Class {
    pub fn letter(self) -> &'static str {
        match self {
            Class::A => "A",
            Class::H => "H",
            Class::M => "M",
            Class::I => "I",
            Class::None => "-",
        }
    }
}

/// What a unit is, as far as the rules tell units apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// Rifle, guards, SMG, security, recon infantry: may close-assault.
    Infantry,
    /// Infantry that also clears mines and raises close-assault odds.
    Engineer,
    /// Russian cavalry: moves on foot, may close-assault, is never carried.
    Cavalry,
    /// A towed gun, howitzer or mortar (the two-digit codes).
    Gun,
    /// A command post (the 200s): directs indirect fire.
    CommandPost,
    /// A "C" carrier, non-armored, paying truck costs.
    Truck,
    /// A "C" carrier, non-armored, horse-drawn.
    Wagon,
    /// A "C" carrier that is armored and has "I" weapons.
    Halftrack,
    /// Tanks, assault guns, tank destroyers, armored cars: armored vehicles.
    Armored,
    /// German self-propelled artillery (Maultier, Wespe, Hummel): armored vehicles that
    /// may not overrun and may fire indirectly.
    Spa,
}

impl Kind {
    /// All vehicular units are vehicles; all but wagons and trucks are armored.
    pub fn is_vehicle(self) -> bool {
        matches!(
            self,
            Kind::Truck | Kind::Wagon | Kind::Halftrack | Kind::Armored | Kind::Spa
        )
    }

    pub fn is_armored(self) -> bool {
        matches!(self, Kind::Halftrack | Kind::Armored | Kind::Spa)
    }

    pub fn mover(self) -> Mover {
        match self {
            Kind::Truck => Mover::Truck,
            k if k.is_vehicle() => Mover::Vehicle,
            _ => Mover::Foot,
        }
    }

    /// The "C" class: wagons, trucks and halftracks (Transporting Units).
    pub fn c_class(self) -> bool {
        matches!(self, Kind::Truck | Kind::Wagon | Kind::Halftrack)
    }

    /// C units and armored vehicles carry one non-vehicular unit (Transporting A, G).
    pub fn carries(self) -> bool {
        self.is_vehicle()
    }

    /// Guns, infantry and command posts ride; Russian cavalry may not (Transporting J).
    pub fn rides(self) -> bool {
        matches!(
            self,
            Kind::Infantry | Kind::Engineer | Kind::Gun | Kind::CommandPost
        )
    }

    /// Infantry, engineers and cavalry may use Close Assault Tactics.
    pub fn assaults(self) -> bool {
        matches!(self, Kind::Infantry | Kind::Engineer | Kind::Cavalry)
    }

    /// Armored vehicles overrun; German SPA may not; halftracks only non-armored stacks
    /// (Overrun A, H).
    pub fn overruns(self) -> bool {
        matches!(self, Kind::Armored | Kind::Halftrack)
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::Engineer => "engineer",
            Kind::Cavalry => "cavalry",
            Kind::Gun => "gun",
            Kind::CommandPost => "command post",
            Kind::Truck => "truck",
            Kind::Wagon => "wagon",
            Kind::Halftrack => "halftrack",
            Kind::Armored => "armored vehicle",
            Kind::Spa => "self-propelled artillery",
        }
    }
}

/// The printed values of a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Factors {
    pub attack: u32,
    pub class: Class,
    pub range: u32,
    pub defense: u32,
    pub movement: u32,
}

/// One unit of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitDef {
    pub id: String,
    /// As printed: "Panther", "Rifle".
    pub name: String,
    /// 0: the side that moves first.
    pub side: usize,
    pub kind: Kind,
    pub f: Factors,
    /// A rocket launcher (the Maultier): never fires intensively (Ammunition E).
    pub rockets: bool,
    /// Directs indirect fire like a command post under Experimental Indirect Fire
    /// (P-22): every German unit, Russian Guards infantry.
    pub directs: bool,
}

impl UnitDef {
    /// May fire at units it cannot see, with a CP (Indirect Fire: German SPA and every
    /// mortar).
    pub fn indirect(&self) -> bool {
        self.kind == Kind::Spa || self.f.class == Class::M
    }

    pub fn fires(&self) -> bool {
        self.f.attack > 0 && self.f.class != Class::None
    }

    /// Twice the movement factor: what it may spend a turn, in half MF.
    pub fn allowance(&self) -> u32 {
        self.f.movement * 2
    }

    /// "Panther 951 (16A12 12-10)".
    pub fn label(&self) -> String {
        format!("{} {}", self.name, self.id)
    }
}
