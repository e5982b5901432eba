//! Maps made of board sections: PanzerBlitz's geomorphic boards put together per
//! situation, the sheets of an operational map. A composed map file names its sections
//! (each a map file of the same system and catalogue), where each goes and whether it is
//! turned 180°; loading assembles one playable map from them. Hexes are placed by their
//! true positions (axial coordinates), so a turned section lands exactly as the printed
//! board would; the half hexes where two sections meet become one hex that keeps both
//! printed labels.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ids::ZoneId;
use super::io::LoadError;
use super::map::{HexCell, HexsideFeature, Label, Map, Place};
use crate::hex::{Axial, Grid, HexId, Hexside};

/// One board section of a composed map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// The section's map file, relative to the composed map's file.
    pub map: PathBuf,
    /// Column and row (0-based, in the composed grid) where the section's first hex
    /// lands; a turned section's first hex lands at the opposite corner of its block.
    pub at: (u16, u16),
    /// Turned 180°.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turned: bool,
    /// Put before the section's own labels and entry zones: "1" makes "P-6" read "1-P-6",
    /// and zone "A" of two boards "1-A" and "2-A", so a scenario can name either.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub prefix: String,
}

/// Where each hex of the composed map came from: its printed labels.
pub type Printed = BTreeMap<HexId, Vec<String>>;

/// The composed hex of section hex `h`, if it falls on the composed grid.
fn place(grid: &Grid, origin: Axial, s: &Section, sec: &Grid, h: HexId) -> Option<HexId> {
    let a = sec.axial(h);
    let rel = if s.turned {
        // Turned about the section's first hex, then moved onto the far corner of its
        // block: the first hex lands where the section's last hex would have.
        let last = sec.axial(HexId::new(sec.last_col(), sec.last_row()));
        origin + last - a
    } else {
        origin + a
    };
    grid.id_of(rel)
}

fn label_of(s: &Section, sec: &Grid, h: HexId) -> String {
    let own = sec.numbering.label(h);
    if s.prefix.is_empty() {
        own
    } else {
        format!("{}-{own}", s.prefix)
    }
}

/// The terrain a merged seam hex gets: the first section's, unless that is the
/// catalogue's base terrain (`base`) and the second has another; features united; the
/// higher elevation.
fn merge_cell(first: &HexCell, second: &HexCell, base: &str) -> HexCell {
    let mut out = first.clone();
    if first.terrain.as_str() == base {
        out.terrain = second.terrain.clone();
    }
    for f in &second.features {
        if !out.features.contains(f) {
            out.features.push(f.clone());
        }
    }
    out.elevation = match (first.elevation, second.elevation) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    };
    out
}

/// Where each hex of a composed map comes from: the index of each section it lies on
/// and its hex there (two at a seam).
pub type Origins = BTreeMap<HexId, Vec<(usize, HexId)>>;

/// What a composed map is made of, kept from loading: a save puts each edit back into
/// the file that holds it ([`super::decompose`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Composition {
    /// The composed map's own file.
    pub file: Map,
    /// Each section's map as its file holds it, in the order of `file.sections`.
    pub boards: Vec<Map>,
    pub origins: Origins,
}

/// Assembles a composed map from its file form (`file`, read from `path`) and its
/// sections, read with `load`. `base` is the catalogue's first terrain, given to hexes
/// of the composed grid on no section. Returns the map (with its [`Composition`]) and
/// every hex's printed labels.
pub fn compose(
    file: &Map,
    path: &Path,
    base: &str,
    mut load: impl FnMut(&Path) -> Result<Map, LoadError>,
) -> Result<(Map, Printed), LoadError> {
    let boards = file
        .sections
        .iter()
        .map(|s| load(&super::io::resolve(path, &s.map)))
        .collect::<Result<Vec<_>, _>>()?;
    compose_boards(file, boards, base).map_err(|message| LoadError::Refused {
        path: path.to_owned(),
        message,
    })
}

/// [`compose`] with the sections' maps already read, in the order of `file.sections`.
pub fn compose_boards(file: &Map, boards: Vec<Map>, base: &str) -> Result<(Map, Printed), String> {
    let grid = file.grid;
    let mut out = Map {
        sections: file.sections.clone(),
        underlay: file.underlay.clone(),
        ..Map::new(file.name.clone(), file.terrain.clone(), grid, base)
    };
    out.system = file.system.clone();
    out.notes = file.notes.clone();
    out.hexes.clear();
    let mut printed = Printed::new();
    let mut origins = Origins::new();
    for (i, (s, sec)) in file.sections.iter().zip(&boards).enumerate() {
        if !sec.sections.is_empty() {
            return Err(format!(
                "section {} is itself composed; a section is one board",
                s.map.display()
            ));
        }
        if sec.system != file.system {
            return Err(format!(
                "section {} is a {} map; this map is {}",
                s.map.display(),
                sec.system,
                file.system
            ));
        }
        let at = section_place(file, s, sec).ok_or_else(|| {
            format!(
                "section {} is placed at column {}, row {}, outside the {}×{} grid",
                s.map.display(),
                s.at.0,
                s.at.1,
                grid.cols,
                grid.rows
            )
        })?;
        add_section(&mut out, &mut printed, sec, s, base, &at);
        for h in sec.hexes.keys() {
            if let Some(to) = at(*h) {
                origins.entry(to).or_default().push((i, *h));
            }
        }
    }
    // The file's own hexes come last: they fill what no section covers (a strip joining
    // two sheets) or correct a seam.
    for (h, cell) in &file.hexes {
        if grid.contains(*h) {
            out.hexes.insert(*h, cell.clone());
            printed
                .entry(*h)
                .or_insert_with(|| vec![grid.numbering.label(*h)]);
        }
    }
    for h in grid.iter() {
        out.hexes.entry(h).or_insert_with(|| HexCell::new(base));
    }
    // The file's own hexsides and roads too: the rivers and roads of a joining strip.
    for (x, fs) in &file.hexsides {
        let list = out.hexsides.entry(*x).or_default();
        for f in fs {
            if !list.contains(f) {
                list.push(f.clone());
            }
        }
    }
    for (x, kind) in &file.roads {
        out.roads.insert(*x, kind.clone());
    }
    for (z, hs) in &file.zones {
        let e = out.zones.entry(z.clone()).or_default();
        for h in hs {
            if !e.contains(h) {
                e.push(*h);
            }
        }
    }
    out.places.extend(file.places.iter().cloned());
    out.labels.extend(file.labels.iter().cloned());
    out.printed = printed.clone();
    out.composition = Some(Box::new(Composition {
        file: file.clone(),
        boards,
        origins,
    }));
    Ok((out, printed))
}

/// Where section `s` (whose map is `sec`) puts each of its hexes on the composed grid of
/// `file`; `None` when the section is placed outside the grid.
pub fn section_place<'a>(
    file: &Map,
    s: &'a Section,
    sec: &'a Map,
) -> Option<impl Fn(HexId) -> Option<HexId> + 'a> {
    let grid = file.grid;
    let (c, r) = s.at;
    let origin_id = grid.id_at(usize::from(c) * usize::from(grid.rows) + usize::from(r));
    let origin = origin_id
        .filter(|_| c < grid.cols && r < grid.rows)
        .map(|o| grid.axial(o))?;
    let origin = origin
        - sec.grid.axial(HexId::new(
            sec.grid.numbering.first_col,
            sec.grid.numbering.first_row,
        ));
    Some(move |h: HexId| place(&grid, origin, s, &sec.grid, h))
}

/// Hexes of a composed map that neither a section nor the file itself covers, away from
/// the map's edge (the
/// half-hexes a turned board leaves along an outer edge are expected and left out).
pub fn inner_holes(map: &Map) -> Vec<HexId> {
    if !map.is_composed() {
        return Vec::new();
    }
    let g = map.grid;
    g.iter()
        .filter(|h| !map.printed.contains_key(h) && g.edges_of(*h).is_empty())
        .collect()
}

/// A section's zone in the composed map: prefixed like its labels, so the same letter on
/// two boards names two zones; without a prefix, same-named zones of sections merge.
fn zone_of(s: &Section, z: &ZoneId) -> ZoneId {
    if s.prefix.is_empty() {
        z.clone()
    } else {
        ZoneId::new(format!("{}-{z}", s.prefix))
    }
}

/// Copies one section into the composed map through `at`.
fn add_section(
    out: &mut Map,
    printed: &mut Printed,
    sec: &Map,
    s: &Section,
    base: &str,
    at: &impl Fn(HexId) -> Option<HexId>,
) {
    for (h, cell) in &sec.hexes {
        let Some(to) = at(*h) else { continue };
        let merged = match out.hexes.get(&to) {
            Some(first) => merge_cell(first, cell, base),
            None => cell.clone(),
        };
        out.hexes.insert(to, merged);
        printed
            .entry(to)
            .or_default()
            .push(label_of(s, &sec.grid, *h));
    }
    let side = |x: Hexside| {
        let (a, b) = x.hexes();
        Hexside::new(at(a)?, at(b)?)
    };
    for (x, fs) in &sec.hexsides {
        let Some(to) = side(*x) else { continue };
        let list = out.hexsides.entry(to).or_default();
        for f in fs {
            let f = HexsideFeature {
                protects: f.protects.and_then(at),
                ..f.clone()
            };
            if !list.contains(&f) {
                list.push(f);
            }
        }
    }
    for (x, kind) in &sec.roads {
        if let Some(to) = side(*x) {
            out.roads.entry(to).or_insert_with(|| kind.clone());
        }
    }
    for p in &sec.places {
        let hexes: Vec<HexId> = p.hexes.iter().filter_map(|h| at(*h)).collect();
        match out.places.iter_mut().find(|q| q.name == p.name) {
            Some(q) => {
                for h in hexes {
                    if !q.hexes.contains(&h) {
                        q.hexes.push(h);
                    }
                }
            }
            None => out.places.push(Place { hexes, ..p.clone() }),
        }
    }
    for l in &sec.labels {
        if let Some(hex) = at(l.hex) {
            out.labels.push(Label { hex, ..l.clone() });
        }
    }
    for (z, hs) in &sec.zones {
        let e = out.zones.entry(zone_of(s, z)).or_default();
        for h in hs.iter().filter_map(|h| at(*h)) {
            if !e.contains(&h) {
                e.push(h);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{LabelStyle, Numbering};

    /// A 5×3 board of clear with "woods" at its first hex, a road from its first hex
    /// east, and a hexside feature beside its last hex.
    fn board(name: &str) -> Map {
        let n = Numbering {
            labels: LabelStyle::LetterNumber,
            ..Numbering::default()
        };
        let mut m = Map::new(name, "t.terrain.ron", Grid::new(5, 3, n), "clear");
        m.hexes.insert(HexId::new(1, 1), HexCell::new("woods"));
        m.roads.insert(
            Hexside::new(HexId::new(1, 1), HexId::new(2, 1)).unwrap(),
            "road".into(),
        );
        let last = HexId::new(5, 3);
        m.hexsides.insert(
            Hexside::new(last, HexId::new(5, 2)).unwrap(),
            vec![HexsideFeature {
                protects: Some(last),
                ..HexsideFeature::new("wall")
            }],
        );
        m
    }

    fn composed(sections: Vec<Section>, cols: u16, rows: u16) -> Result<(Map, Printed), LoadError> {
        let mut file = Map::new(
            "joined",
            "t.terrain.ron",
            Grid::new(cols, rows, Numbering::default()),
            "clear",
        );
        file.hexes.clear();
        file.sections = sections;
        compose(&file, Path::new("joined.map.ron"), "clear", |p| {
            Ok(board(&p.display().to_string()))
        })
    }

    fn section(at: (u16, u16), turned: bool, prefix: &str) -> Section {
        Section {
            map: format!("board-{prefix}.map.ron").into(),
            at,
            turned,
            prefix: prefix.into(),
        }
    }

    #[test]
    fn sections_side_by_side_share_their_seam_column_and_keep_both_labels() {
        let (m, printed) = composed(
            vec![section((0, 0), false, "1"), section((4, 0), false, "2")],
            9,
            3,
        )
        .unwrap();
        assert_eq!(m.hexes.len(), 27);
        // The seam column is the first board's last column and the second's first.
        let seam = HexId::new(5, 1);
        assert_eq!(printed[&seam], ["1-E-1", "2-A-1"]);
        assert_eq!(printed[&HexId::new(1, 1)], ["1-A-1"]);
        // The second board's woods landed on its first hex, which is the seam: woods
        // replaces the first board's clear there.
        assert_eq!(m.hexes[&seam].terrain.as_str(), "woods");
        assert_eq!(m.hexes[&HexId::new(1, 1)].terrain.as_str(), "woods");
        assert!(
            m.roads
                .contains_key(&Hexside::new(HexId::new(5, 1), HexId::new(6, 1)).unwrap())
        );
        assert_eq!(m.hexsides_of_kind("wall").count(), 2);
    }

    #[test]
    fn a_turned_section_lands_rotated_with_its_hexsides_and_fronts() {
        let (m, printed) = composed(vec![section((0, 0), true, "1")], 5, 3).unwrap();
        // Its first hex (A-1, woods) is at the far corner, its last at the origin.
        assert_eq!(printed[&HexId::new(5, 3)], ["1-A-1"]);
        assert_eq!(printed[&HexId::new(1, 1)], ["1-E-3"]);
        assert_eq!(m.hexes[&HexId::new(5, 3)].terrain.as_str(), "woods");
        // The road ran south-east from A-1; turned, it runs north-west from it.
        assert!(
            m.roads
                .contains_key(&Hexside::new(HexId::new(5, 3), HexId::new(4, 2)).unwrap()),
            "{:?}",
            m.roads
        );
        let (side, wall) = m.hexsides_of_kind("wall").next().unwrap();
        assert!(side.touches(HexId::new(1, 1)));
        assert_eq!(wall.protects, Some(HexId::new(1, 1)));
        // Turned, the board's shifted columns sit half a hex the other way: on this
        // grid two of its edge half-hexes fall off the top of the block and two hexes
        // at the bottom get no terrain of its own (as on the table, where the next
        // board supplies them).
        assert_eq!(printed.len(), 13);
        assert!(!printed.contains_key(&HexId::new(2, 3)));
        assert!(!printed.contains_key(&HexId::new(4, 3)));
    }

    #[test]
    fn the_files_own_hexes_fill_what_no_section_covers() {
        let mut file = Map::new(
            "j",
            "t.terrain.ron",
            Grid::new(11, 3, Numbering::default()),
            "clear",
        );
        file.hexes.clear();
        file.sections = vec![section((0, 0), false, "1"), section((6, 0), false, "2")];
        file.hexes.insert(HexId::new(6, 2), HexCell::new("swamp"));
        let (m, printed) =
            compose(&file, Path::new("j.map.ron"), "clear", |_| Ok(board("b"))).unwrap();
        assert_eq!(m.hexes[&HexId::new(6, 2)].terrain.as_str(), "swamp");
        assert_eq!(printed[&HexId::new(6, 2)], ["0602"]);
        assert!(
            !printed.contains_key(&HexId::new(6, 1)),
            "column 6 is between the boards"
        );
        let with = Map { printed, ..m };
        assert_eq!(
            inner_holes(&with),
            Vec::<HexId>::new(),
            "the uncovered hexes are on the edge"
        );
    }

    #[test]
    fn a_prefixed_sections_zones_stay_apart_and_the_files_roads_join_them() {
        let mut file = Map::new(
            "j",
            "t.terrain.ron",
            Grid::new(11, 3, Numbering::default()),
            "clear",
        );
        file.hexes.clear();
        file.sections = vec![section((0, 0), false, "1"), section((6, 0), false, "2")];
        let strip = Hexside::new(HexId::new(5, 2), HexId::new(6, 2)).unwrap();
        file.roads.insert(strip, "road".into());
        let (m, _) = compose(&file, Path::new("j.map.ron"), "clear", |_| {
            let mut b = board("b");
            b.zones.insert("A".into(), vec![HexId::new(1, 2)]);
            Ok(b)
        })
        .unwrap();
        assert_eq!(m.zones[&ZoneId::from("1-A")], [HexId::new(1, 2)]);
        assert_eq!(m.zones[&ZoneId::from("2-A")], [HexId::new(7, 2)]);
        assert!(!m.zones.contains_key(&ZoneId::from("A")));
        assert_eq!(m.roads[&strip].first().as_str(), "road");
        // Unprefixed sections share a zone of the same name.
        file.sections = vec![section((0, 0), false, ""), section((6, 0), false, "")];
        let (m, _) = compose(&file, Path::new("j.map.ron"), "clear", |_| {
            let mut b = board("b");
            b.zones.insert("A".into(), vec![HexId::new(1, 2)]);
            Ok(b)
        })
        .unwrap();
        assert_eq!(
            m.zones[&ZoneId::from("A")],
            [HexId::new(1, 2), HexId::new(7, 2)]
        );
    }

    #[test]
    fn bad_compositions_are_refused_by_name() {
        let e = composed(vec![section((9, 0), false, "1")], 5, 3).unwrap_err();
        assert!(e.to_string().contains("outside the 5×3 grid"), "{e}");
        let mut file = Map::new(
            "j",
            "t.terrain.ron",
            Grid::new(5, 3, Numbering::default()),
            "clear",
        );
        file.sections = vec![section((0, 0), false, "1")];
        let nested = compose(&file, Path::new("j.map.ron"), "clear", |_| {
            let mut b = board("b");
            b.sections = vec![section((0, 0), false, "x")];
            Ok(b)
        })
        .unwrap_err();
        assert!(
            nested.to_string().contains("is itself composed"),
            "{nested}"
        );
        let other = compose(&file, Path::new("j.map.ron"), "clear", |_| {
            let mut b = board("b");
            b.system = crate::model::SystemId::new("toy");
            Ok(b)
        })
        .unwrap_err();
        assert!(other.to_string().contains("is a toy map"), "{other}");
    }
}
