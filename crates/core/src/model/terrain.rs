//! The terrain catalogue of an edition: which terrain, hex features, hexside kinds and
//! roads exist, how they are drawn, and what they do to movement and combat. The two
//! printed terrain tables differ (Kursk 1943 adds forest as +cost, the generic edition
//! sets forest as a terrain), so this is data, not code.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::attrs::Attrs;
use super::ids::{FeatureId, HexsideKindId, RoadKindId, SystemId, TerrainId};
use super::mp::Mp;
use super::range;

/// A terrain catalogue file (`*.terrain.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainCatalogue {
    /// The rule system this file belongs to (`sztab systems`). Files written before
    /// systems existed have none and are WB-95 files; a save always writes it.
    #[serde(default)]
    pub system: SystemId,
    /// Edition name, e.g. "WB-95 Kursk 1943".
    pub edition: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Base terrain of a hex: exactly one per hex.
    pub terrain: Vec<TerrainKind>,
    /// Features a hex may add on top of its terrain: forest, town, city, swamp.
    pub features: Vec<FeatureKind>,
    /// Things along the edge between two hexes: rivers, streams, lines.
    pub hexsides: Vec<HexsideKind>,
    /// Roads, drawn between hex centres.
    pub roads: Vec<RoadKind>,
    /// WB-95: what a field fortification (FF) is worth in this edition (R7.1.10, R20.1.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_fortification: Option<FieldFortification>,
}

impl TerrainCatalogue {
    pub fn terrain(&self, id: &str) -> Option<&TerrainKind> {
        self.terrain.iter().find(|t| t.id.as_str() == id)
    }
    pub fn feature(&self, id: &str) -> Option<&FeatureKind> {
        self.features.iter().find(|t| t.id.as_str() == id)
    }
    pub fn hexside(&self, id: &str) -> Option<&HexsideKind> {
        self.hexsides.iter().find(|t| t.id.as_str() == id)
    }
    pub fn road(&self, id: &str) -> Option<&RoadKind> {
        self.roads.iter().find(|t| t.id.as_str() == id)
    }
}

/// How a unit moves; selects a column of the terrain table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
pub enum MovementClass {
    /// Wheeled motor vehicles and all towed artillery (the value outside parentheses).
    Trucked,
    /// Tracked or half-tracked (the value in parentheses).
    Mechanized,
    /// Foot and horse.
    Foot,
    /// Never moves (resilience groups, R15.2.1).
    Static,
}

/// The cost of one terrain element for one movement class.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Cost {
    /// Adds to the cost of entering (forest +1, river +1).
    Add(#[serde(deserialize_with = "range::cost")] Mp),
    /// Sets the cost of entering, replacing the base terrain (generic forest 4, HQ in swamp 5).
    Set(#[serde(deserialize_with = "range::cost")] Mp),
    /// Cannot be entered or crossed.
    Impassable,
}

impl Cost {
    pub fn is_impassable(self) -> bool {
        matches!(self, Cost::Impassable)
    }
}

/// Costs per movement class; the HQ column defaults to the trucked one (R9.1.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Costs {
    pub trucked: Cost,
    pub mechanized: Cost,
    pub foot: Cost,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hq: Option<Cost>,
}

impl Costs {
    /// The cost for a movement class; `hq` selects the HQ column.
    pub fn get(&self, class: MovementClass, hq: bool) -> Cost {
        if hq {
            return self.hq.unwrap_or(self.trucked);
        }
        match class {
            MovementClass::Trucked => self.trucked,
            MovementClass::Mechanized => self.mechanized,
            MovementClass::Foot => self.foot,
            MovementClass::Static => Cost::Impassable,
        }
    }

    pub fn free() -> Self {
        let z = Cost::Add(Mp::ZERO);
        Self {
            trucked: z,
            mechanized: z,
            foot: z,
            hq: None,
        }
    }
}

/// A colour written `"#rrggbb"` or `"#rrggbbaa"`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Colour(pub [u8; 4]);

impl Colour {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Self([r, g, b, 255])
    }

    pub fn parse(s: &str) -> Option<Self> {
        let h = s.strip_prefix('#')?;
        if !(h.len() == 6 || h.len() == 8) || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
        let a = if h.len() == 8 { byte(6)? } else { 255 };
        Some(Self([byte(0)?, byte(2)?, byte(4)?, a]))
    }
}

impl std::fmt::Display for Colour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [r, g, b, a] = self.0;
        if a == 255 {
            write!(f, "#{r:02x}{g:02x}{b:02x}")
        } else {
            write!(f, "#{r:02x}{g:02x}{b:02x}{a:02x}")
        }
    }
}

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{} is not a colour: expected \"#rrggbb\" or \"#rrggbbaa\"",
                super::quoted(&s)
            ))
        })
    }
}

impl JsonSchema for Colour {
    fn schema_name() -> Cow<'static, str> {
        "Colour".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string", "pattern": "^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"})
    }
}

/// How a terrain or feature is textured when drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum Pattern {
    #[default]
    Plain,
    Hills,
    Forest,
    Town,
    City,
    Swamp,
    Mountain,
    Dots,
    // Broken ground: scattered stones, unlike the humps of Hills (Roads to Leningrad's
    // Rough terrain was drawn like its Hill feature).
    Rough,
}

/// How a line (hexside or road) is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum LineStyle {
    #[default]
    Solid,
    Dashed,
    /// The printed red-black fortification line, with ticks on its front side.
    Fortification,
}

/// A base terrain kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainKind {
    pub id: TerrainId,
    pub name: String,
    pub colour: Colour,
    #[serde(default)]
    pub pattern: Pattern,
    /// WB-95: cost of entering a hex of this terrain (usually `Set`). Other systems keep
    /// their terrain effects in their own rules or tables and leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<Costs>,
    /// Column shifts in the defender's favour (R5.5).
    #[serde(default, deserialize_with = "range::cm")]
    #[schemars(range(min = range::CM.min, max = range::CM.max))]
    pub combat_cm: i8,
    /// Field fortifications cannot be built here (R7.1.8).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_field_fortification: bool,
    /// A built-up area (the generic edition's town and city terrain).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub urban: bool,
    /// What this entry means to a rule system other than WB-95 (its catalogue schema).
    #[serde(default, skip_serializing_if = "Attrs::is_empty")]
    pub attrs: Attrs,
}

/// A hex feature on top of the base terrain.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureKind {
    pub id: FeatureId,
    pub name: String,
    pub colour: Colour,
    #[serde(default)]
    pub pattern: Pattern,
    /// WB-95: the cost it adds or sets (other systems leave it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<Costs>,
    #[serde(default, deserialize_with = "range::cm")]
    #[schemars(range(min = range::CM.min, max = range::CM.max))]
    pub combat_cm: i8,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_field_fortification: bool,
    /// The feature is a built-up area (town or city): scored as a town hex for victory
    /// points and giving the town FF value.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub urban: bool,
    /// What this entry means to a rule system other than WB-95 (its catalogue schema).
    #[serde(default, skip_serializing_if = "Attrs::is_empty")]
    pub attrs: Attrs,
}

/// What a hexside kind means to the rules beyond its costs and CM.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum HexsideRole {
    /// River, stream, or a named river like the Donets: crossed at a cost, bridged by roads.
    #[default]
    Water,
    /// Big river: no ZoC across, retreat only by bridge, pursuit stops, no stars, attack
    /// across halved (R4.1.3, R5.3.5, R5.4.8, R15.1.8, generic Danube).
    BigRiver,
    /// Fixed Position line (R7.2): defender +CM if at least half attacks across, halving.
    FixedPosition,
    /// Soviet Fortified Line (R19): +CM if more than half attacks across, halving.
    FortifiedLine,
    /// A crossing printed over the hexside's watercourse: a bridge (in systems where a road
    /// crosses water only at a printed bridge), a ford. Drawn as a bridge; it keeps the
    /// watercourse under it.
    Crossing,
}

impl HexsideRole {
    /// Lines have a front: the side they protect.
    pub fn is_line(self) -> bool {
        matches!(
            self,
            HexsideRole::FixedPosition | HexsideRole::FortifiedLine
        )
    }

    /// Which kinds may share one hexside: kinds of different families coexist, two kinds
    /// of one family do not.
    ///
    /// A hexside is crossed by at most one watercourse: stream, river, the Donets and a
    /// big river are alternatives of the terrain table, each with its own crossing cost
    /// and CM (R3.1.12, R5.5.4, R14.3). It carries at most one fortification line: a Fixed
    /// Position (R7.2) or a Soviet Fortified Line (R19) each halves the attack across it
    /// and gives the defender its CM, and the rules never combine the two on one hexside.
    /// A watercourse and a line do coexist (a belt dug in behind a river): terrain CMs
    /// are cumulated (R5.5.2) and the fortification CM adds to them (R1.6). A crossing
    /// (a printed bridge) sits on its watercourse; a hexside has one.
    pub fn family(self) -> HexsideFamily {
        if self.is_line() {
            HexsideFamily::Fortification
        } else if self == HexsideRole::Crossing {
            HexsideFamily::Crossing
        } else {
            HexsideFamily::Watercourse
        }
    }
}

/// The families of hexside kinds: one kind of each family per hexside
/// ([`HexsideRole::family`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HexsideFamily {
    Watercourse,
    Fortification,
    Crossing,
}

impl HexsideFamily {
    pub fn name(self) -> &'static str {
        match self {
            HexsideFamily::Watercourse => "watercourse",
            HexsideFamily::Fortification => "fortification line",
            HexsideFamily::Crossing => "crossing",
        }
    }
}

/// A hexside kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideKind {
    pub id: HexsideKindId,
    pub name: String,
    pub colour: Colour,
    /// Drawn width in board units (a hex is 1 from centre to corner).
    #[serde(deserialize_with = "range::line_width")]
    #[schemars(range(min = range::LINE_WIDTH.min, max = range::LINE_WIDTH.max))]
    pub width: f32,
    #[serde(default)]
    pub style: LineStyle,
    #[serde(default)]
    pub role: HexsideRole,
    /// WB-95: cost of crossing (usually `Add`); other systems leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crossing: Option<Costs>,
    /// Defender CM when the attack crosses it (more than half, R5.5.4; lines: R7.2, R19).
    #[serde(default, deserialize_with = "range::cm")]
    #[schemars(range(min = range::CM.min, max = range::CM.max))]
    pub combat_cm: i8,
    /// What this entry means to a rule system other than WB-95 (its catalogue schema).
    #[serde(default, skip_serializing_if = "Attrs::is_empty")]
    pub attrs: Attrs,
}

/// A road kind. A road joins two adjacent hex centres; moving along it replaces every
/// terrain and hexside cost (a road across a river is a bridge).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoadKind {
    pub id: RoadKindId,
    pub name: String,
    pub colour: Colour,
    #[serde(deserialize_with = "range::line_width")]
    #[schemars(range(min = range::LINE_WIDTH.min, max = range::LINE_WIDTH.max))]
    pub width: f32,
    #[serde(default)]
    pub style: LineStyle,
    /// WB-95: cost of one hex along the road (`Set`); other systems leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<Costs>,
    /// Classes that may move one extra hex when their whole move is along this road
    /// (secondary-road footnote of the terrain table).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra_hex: Vec<MovementClass>,
    /// What this entry means to a rule system other than WB-95 (its catalogue schema).
    #[serde(default, skip_serializing_if = "Attrs::is_empty")]
    pub attrs: Attrs,
}

/// Field fortification values of the edition.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FieldFortification {
    /// CM of an FF in any hex.
    #[serde(deserialize_with = "range::cm")]
    #[schemars(range(min = range::CM.min, max = range::CM.max))]
    pub cm: i8,
    /// CM of an FF in an urban hex (town or city), if different.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "range::opt_cm"
    )]
    #[schemars(range(min = range::CM.min, max = range::CM.max))]
    pub urban_cm: Option<i8>,
}
