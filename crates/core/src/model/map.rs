//! A map (`*.map.ron`): the board's grid, terrain per hex, hexsides, roads, places,
//! labels, entry zones and an optional scan underlay. Every hex and every hexside is one
//! line of the saved file, so a one-hex edit is a one-line diff.

use std::collections::BTreeMap;
use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::compose::{Composition, Printed, Section};
use super::ids::{FeatureId, HexsideKindId, SystemId, TerrainId, ZoneId};
use super::range;
use super::roads::Roads;
use crate::hex::{Grid, HexId, Hexside};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Map {
    /// The rule system this file belongs to (`sztab systems`). Files written before
    /// systems existed have none and are WB-95 files; a save always writes it.
    #[serde(default)]
    pub system: SystemId,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Terrain catalogue file, relative to this file.
    pub terrain: PathBuf,
    pub grid: Grid,
    /// Terrain of every hex of the grid (a composed map takes them from its sections).
    #[serde(default)]
    pub hexes: BTreeMap<HexId, HexCell>,
    /// Features along hexsides: rivers, streams, fortification lines.
    #[serde(default)]
    pub hexsides: BTreeMap<Hexside, Vec<HexsideFeature>>,
    /// Road connections between adjacent hexes (a road and a railroad may share one).
    #[serde(default)]
    pub roads: BTreeMap<Hexside, Roads>,
    /// Named places (towns, cities, villages) with their hexes.
    #[serde(default)]
    pub places: Vec<Place>,
    /// Free text on the map.
    #[serde(default)]
    pub labels: Vec<Label>,
    /// Entry zones: a letter and the edge hexes it covers (R11).
    #[serde(default)]
    pub zones: BTreeMap<ZoneId, Vec<HexId>>,
    /// A scan of the printed board to trace over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub underlay: Option<Underlay>,
    /// The board sections this map is made of (see `model::compose`); a composed map's
    /// hexes, hexsides, roads, places and labels come from its sections at load, and
    /// the file holds only what it adds.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "super::limits::boards"
    )]
    #[schemars(length(max = super::limits::BOARDS.max))]
    pub sections: Vec<Section>,
    /// A composed map's printed labels, every label a hex has (both at a seam).
    #[serde(skip)]
    #[schemars(skip)]
    pub printed: Printed,
    /// A composed map's own file and its sections' maps, as on disk: what a save
    /// writes the edits into.
    #[serde(skip)]
    #[schemars(skip)]
    pub composition: Option<Box<Composition>>,
}

/// The terrain of one hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexCell {
    #[serde(rename = "t")]
    pub terrain: TerrainId,
    #[serde(rename = "f", default, skip_serializing_if = "Vec::is_empty")]
    pub features: Vec<FeatureId>,
    /// Elevation level, for systems whose rules read one (PanzerBlitz's ground, slope and
    /// hilltop); what a level means is the system's.
    #[serde(rename = "e", default, skip_serializing_if = "Option::is_none")]
    pub elevation: Option<i16>,
}

impl HexCell {
    pub fn new(terrain: impl Into<TerrainId>) -> Self {
        Self {
            terrain: terrain.into(),
            features: Vec::new(),
            elevation: None,
        }
    }

    pub fn has(&self, feature: &str) -> bool {
        self.features.iter().any(|f| f.as_str() == feature)
    }
}

/// One thing along a hexside.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideFeature {
    pub kind: HexsideKindId,
    /// Proper name, for rivers scored or restricted by name ("Sejm", "Donets").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// For fortification lines: the hex on the protected side of the line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protects: Option<HexId>,
    /// For Fixed Positions: the group, whose CM a scenario may change (R7.2.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

impl HexsideFeature {
    pub fn new(kind: impl Into<String>) -> Self {
        Self {
            kind: HexsideKindId::new(kind),
            name: None,
            protects: None,
            group: None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum PlaceKind {
    City,
    #[default]
    Town,
    Village,
    Other,
}

/// A named place: what scenarios mean by "Kursk" or "Obojań".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Place {
    pub name: String,
    #[serde(default)]
    pub kind: PlaceKind,
    pub hexes: Vec<HexId>,
}

/// Free text drawn on the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Label {
    pub text: String,
    pub hex: HexId,
    /// Text height in board units (1 = a hex's radius).
    #[serde(
        default = "Label::default_size",
        deserialize_with = "range::label_size"
    )]
    #[schemars(range(min = range::LABEL_SIZE.min, max = range::LABEL_SIZE.max))]
    pub size: f32,
    /// Rotation in degrees, clockwise.
    #[serde(default, deserialize_with = "range::angle")]
    #[schemars(range(min = range::ANGLE.min, max = range::ANGLE.max))]
    pub rotation: f32,
}

impl Label {
    fn default_size() -> f32 {
        0.5
    }
}

/// A scan of the printed board, placed under the hexes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Underlay {
    /// Image file (PNG or JPEG), relative to the map file.
    pub image: PathBuf,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calibration: Option<Calibration>,
    #[serde(
        default = "Underlay::default_opacity",
        deserialize_with = "range::opacity"
    )]
    #[schemars(range(min = range::OPACITY.min, max = range::OPACITY.max))]
    pub opacity: f32,
    #[serde(default)]
    pub locked: bool,
}

impl Underlay {
    fn default_opacity() -> f32 {
        0.6
    }
}

/// Where the board's hexes fall on the scan: image pixel = offset + scale · R(rotation) ·
/// board position (board units: hex size 1, y down, first hex centre at 0,0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Calibration {
    /// Image pixels per board unit.
    pub scale: f64,
    /// Rotation of the board on the scan, in degrees, clockwise.
    pub rotation: f64,
    /// Image pixel position of the board origin (the first hex's centre).
    pub offset: [f64; 2],
    /// The points the calibration was solved from: hex and the pixel clicked as its centre.
    #[serde(default)]
    pub points: Vec<CalibrationPoint>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CalibrationPoint {
    pub hex: HexId,
    #[serde(deserialize_with = "range::pixel")]
    pub pixel: [f64; 2],
}

impl Map {
    /// A new map with every hex of `grid` set to `terrain`.
    pub fn new(
        name: impl Into<String>,
        terrain_file: impl Into<PathBuf>,
        grid: Grid,
        terrain: &str,
    ) -> Self {
        Self {
            system: SystemId::default(),
            name: name.into(),
            notes: String::new(),
            terrain: terrain_file.into(),
            grid,
            hexes: grid.iter().map(|h| (h, HexCell::new(terrain))).collect(),
            hexsides: BTreeMap::new(),
            roads: BTreeMap::new(),
            places: Vec::new(),
            labels: Vec::new(),
            zones: BTreeMap::new(),
            underlay: None,
            sections: Vec::new(),
            printed: Printed::new(),
            composition: None,
        }
    }

    /// Made of board sections.
    pub fn is_composed(&self) -> bool {
        !self.sections.is_empty()
    }

    /// What a save writes: a composed map's own file, any other map itself.
    pub fn file_form(&self) -> &Map {
        self.composition.as_ref().map_or(self, |c| &c.file)
    }

    /// Every printed label of a hex: its number on this map, or on a composed map the
    /// label of each section it belongs to ("1-K-11", "2-A-11" at a seam).
    pub fn labels_of(&self, hex: HexId) -> Vec<String> {
        match self.printed.get(&hex) {
            Some(l) if !l.is_empty() => l.clone(),
            _ => vec![self.grid.numbering.label(hex)],
        }
    }

    /// The printed label(s) of a hex on one line ("W-1004 E-1005"), as the map draws it:
    /// one string built per hex, since the canvas asks for every hex in view each frame.
    pub fn label_line(&self, hex: HexId) -> String {
        match self.printed.get(&hex) {
            Some(l) if !l.is_empty() => l.join(" "),
            _ => self.grid.numbering.label(hex),
        }
    }

    /// The label a hex is named by in a field or a message: the first printed one
    /// ("2-Q-5" on a composed PanzerBlitz map, "B-4722" on a JoV sheet, "0927" on a WB-95
    /// map).
    pub fn label_of(&self, hex: HexId) -> String {
        match self.printed.get(&hex).and_then(|l| l.first()) {
            Some(l) => l.clone(),
            None => self.grid.numbering.label(hex),
        }
    }

    /// The hex of this map a person means by `text`: a label printed on it ("2-Q-5",
    /// "Q-5", any case), or the hex's number ("1705"). An error says what was typed and
    /// what the map takes.
    pub fn hex_by_label(&self, text: &str) -> Result<HexId, String> {
        let t = text.trim();
        let printed = self
            .printed
            .iter()
            .find(|(_, labels)| labels.iter().any(|l| l.eq_ignore_ascii_case(t)))
            .map(|(h, _)| *h);
        let numbered = || {
            self.grid
                .iter()
                .find(|&h| self.grid.numbering.label(h).eq_ignore_ascii_case(t))
        };
        let by_number = || HexId::parse(t).ok().filter(|&h| self.grid.contains(h));
        printed.or_else(by_number).or_else(numbered).ok_or_else(|| {
            let example = self.grid.iter().next().map(|h| self.label_of(h));
            format!(
                "\"{t}\" is no hex of this map: type a label printed on it{}",
                example.map_or(String::new(), |e| format!(" (such as {e})"))
            )
        })
    }

    pub fn place(&self, name: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.name == name)
    }

    /// Hexside features of one kind, e.g. every "river" edge.
    pub fn hexsides_of_kind<'a>(
        &'a self,
        kind: &'a str,
    ) -> impl Iterator<Item = (Hexside, &'a HexsideFeature)> + 'a {
        self.hexsides
            .iter()
            .flat_map(|(s, fs)| fs.iter().map(move |f| (*s, f)))
            .filter(move |(_, f)| f.kind.as_str() == kind)
    }

    /// Hexsides carrying a feature with this proper name ("Sejm").
    pub fn named_hexsides<'a>(&'a self, name: &'a str) -> impl Iterator<Item = Hexside> + 'a {
        self.hexsides
            .iter()
            .filter(move |(_, fs)| fs.iter().any(|f| f.name.as_deref() == Some(name)))
            .map(|(s, _)| *s)
    }

    /// Hexsides joined by a road and crossed by a hexside feature: the printed bridges.
    pub fn bridges(&self) -> impl Iterator<Item = Hexside> + '_ {
        self.roads
            .keys()
            .copied()
            .filter(|s| self.hexsides.contains_key(s))
    }
}
