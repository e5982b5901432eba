//! Saving a composed map: the inverse of [`compose`](super::compose). The editor edits
//! the assembled map; a save puts each edit back into the file that holds it — a hex,
//! hexside, road, place, label or entry-zone hex into the board (section) it lies on, or
//! into the composed map's own file where the designer keeps the edit to this layout, or
//! where no single board holds it (a road across the join of two sheets), or where its
//! board is placed twice in the layout (an edit of one copy would change both). The result is
//! checked by composing it again: it must give the edited map, else the save is refused
//! with what could not be placed, never written half.

use std::collections::{BTreeMap, BTreeSet};

use super::compose::{Composition, Origins, compose_boards};
use super::map::{HexsideFeature, Label, Map, Place};
use super::{ZoneId, compose::Section};
use crate::hex::{HexId, Hexside};

/// Where a composed map's edits go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// Into the boards they lie on (every layout using a board sees the edit).
    Boards,
    /// Into the composed map's own file (this layout alone); only a removal of what a
    /// board draws still needs the board.
    Layout,
}

/// The composition that holds `after`, the composed map `before` (as loaded or last
/// saved, with its [`Composition`]) after the designer's edits. `base` is the
/// catalogue's first terrain. An error names what cannot be saved this way.
pub fn decompose(
    before: &Map,
    after: &Map,
    base: &str,
    to: Destination,
) -> Result<Composition, String> {
    let comp = before
        .composition
        .as_deref()
        .ok_or("the map is not composed of boards")?;
    let placed = |m: &Map| -> Vec<_> {
        m.sections
            .iter()
            .map(|s| (s.at, s.turned, s.prefix.clone()))
            .collect()
    };
    if after.grid != before.grid || placed(after) != placed(before) {
        return Err(
            "a composed map's grid and boards are set where it is composed \
                    (Map → Compose boards), not by editing it"
                .into(),
        );
    }
    let sections = &comp.file.sections;
    // A board placed twice (a layout of two copies of one board) is left as it is: an
    // edit on one copy would change the other.
    let twice: Vec<bool> = sections
        .iter()
        .map(|s| sections.iter().filter(|t| t.map == s.map).count() > 1)
        .collect();
    let origins: Origins = comp
        .origins
        .iter()
        .map(|(h, o)| (*h, o.iter().copied().filter(|(s, _)| !twice[*s]).collect()))
        .collect();
    let mut r = Router {
        origins: &origins,
        sections,
        twice,
        to,
        out: comp.clone(),
    };
    // The boards' and catalogue's paths as the file now says (moved by Save As).
    r.out.file.sections = after.sections.clone();
    r.out.file.terrain = after.terrain.clone();
    r.out.file.name = after.name.clone();
    r.out.file.notes = after.notes.clone();
    r.out.file.underlay = after.underlay.clone();
    r.hexes(before, after);
    r.hexsides(before, after)?;
    r.roads(before, after)?;
    r.places(before, after)?;
    r.labels(before, after)?;
    r.zones(before, after)?;
    let twice = r.twice.iter().any(|t| *t);
    let out = r.out;
    let (again, _) = compose_boards(&out.file, out.boards.clone(), base)?;
    if let Some(what) = differs(&again, after) {
        let why = if twice {
            ": a board placed twice in this map is never changed from it, so what it \
             draws cannot be taken away here"
        } else {
            ""
        };
        return Err(format!(
            "the {what} as edited cannot be written into the composed map's files{why}"
        ));
    }
    Ok(out)
}

struct Router<'a> {
    /// Where each hex comes from, boards placed twice left out.
    origins: &'a Origins,
    sections: &'a [Section],
    twice: Vec<bool>,
    to: Destination,
    out: Composition,
}

fn changed<'k, K: Ord + Copy, V: PartialEq>(
    a: &'k BTreeMap<K, V>,
    b: &'k BTreeMap<K, V>,
) -> BTreeSet<K> {
    a.keys()
        .chain(b.keys())
        .filter(|k| a.get(k) != b.get(k))
        .copied()
        .collect()
}

/// Puts `v` at `k`, or takes `k` out for `None` (an entry a change adds, sets or removes).
pub fn set<K: Ord, V>(m: &mut BTreeMap<K, V>, k: K, v: Option<V>) {
    match v {
        Some(v) => {
            m.insert(k, v);
        }
        None => {
            m.remove(&k);
        }
    }
}

impl Router<'_> {
    fn from(&self, h: HexId) -> &[(usize, HexId)] {
        self.origins.get(&h).map_or(&[], Vec::as_slice)
    }

    /// Hex `h` of the composed map on board `s`.
    fn back(&self, s: usize, h: HexId) -> Option<HexId> {
        self.from(h).iter().find(|(i, _)| *i == s).map(|(_, x)| *x)
    }

    /// The boards holding both hexes of `x`, with the hexside on each.
    fn boards_of(&self, x: Hexside) -> Vec<(usize, Hexside)> {
        let (a, b) = x.hexes();
        self.from(a)
            .iter()
            .filter_map(|&(s, sa)| Some((s, Hexside::new(sa, self.back(s, b)?)?)))
            .collect()
    }

    fn to_boards(&self) -> bool {
        self.to == Destination::Boards
    }

    fn hexes(&mut self, before: &Map, after: &Map) {
        for h in changed(&before.hexes, &after.hexes) {
            let cell = after.hexes.get(&h).cloned();
            let own = !self.to_boards()
                || self.out.file.hexes.contains_key(&h)
                || self.from(h).is_empty();
            if own {
                set(&mut self.out.file.hexes, h, cell);
            } else {
                for &(s, sh) in self.from(h).to_vec().iter() {
                    set(&mut self.out.boards[s].hexes, sh, cell.clone());
                }
            }
        }
    }

    /// A feature along hexside `x` as board `s` holds it (its protected hex on the board).
    fn feature_on(&self, s: usize, f: &HexsideFeature) -> HexsideFeature {
        HexsideFeature {
            protects: f.protects.and_then(|p| self.back(s, p)),
            ..f.clone()
        }
    }

    fn hexsides(&mut self, before: &Map, after: &Map) -> Result<(), String> {
        for x in changed(&before.hexsides, &after.hexsides) {
            let want = after.hexsides.get(&x).cloned().unwrap_or_default();
            let boards = self.boards_of(x);
            let own = self.out.file.hexsides.contains_key(&x);
            if self.to_boards() && !boards.is_empty() && !own {
                for &(s, sx) in &boards {
                    let list: Vec<_> = want.iter().map(|f| self.feature_on(s, f)).collect();
                    set(
                        &mut self.out.boards[s].hexsides,
                        sx,
                        (!list.is_empty()).then_some(list),
                    );
                }
                continue;
            }
            // The file adds what the boards do not draw; what a board draws and the edit
            // removed must go from the board.
            let drawn = before.hexsides.get(&x).cloned().unwrap_or_default();
            let file_own = self.out.file.hexsides.get(&x).cloned().unwrap_or_default();
            let by_boards: Vec<_> = drawn.iter().filter(|f| !file_own.contains(f)).collect();
            if by_boards.iter().any(|f| !want.contains(f)) {
                if !self.to_boards() {
                    return Err(format!(
                        "removal along hexside {x}, which a board draws (it can only be \
                         saved into the board)"
                    ));
                }
                for &(s, sx) in &boards {
                    let keep: Vec<_> = want.iter().map(|f| self.feature_on(s, f)).collect();
                    let list = self.out.boards[s].hexsides.entry(sx).or_default();
                    list.retain(|f| keep.contains(f));
                    if list.is_empty() {
                        self.out.boards[s].hexsides.remove(&sx);
                    }
                }
            }
            let add: Vec<_> = want
                .iter()
                .filter(|f| !by_boards.contains(f))
                .cloned()
                .collect();
            set(
                &mut self.out.file.hexsides,
                x,
                (!add.is_empty()).then_some(add),
            );
        }
        Ok(())
    }

    fn roads(&mut self, before: &Map, after: &Map) -> Result<(), String> {
        for x in changed(&before.roads, &after.roads) {
            let want = after.roads.get(&x).cloned();
            let boards = self.boards_of(x);
            let own = self.out.file.roads.contains_key(&x);
            if self.to_boards() && !boards.is_empty() && !own {
                for &(s, sx) in &boards {
                    set(&mut self.out.boards[s].roads, sx, want.clone());
                }
                continue;
            }
            let drawn_by_board = boards
                .iter()
                .any(|&(s, sx)| self.out.boards[s].roads.contains_key(&sx));
            if want.is_none() && drawn_by_board {
                if !self.to_boards() {
                    return Err(format!(
                        "road removed across hexside {x}, which a board draws (it can only \
                         be saved into the board)"
                    ));
                }
                for &(s, sx) in &boards {
                    self.out.boards[s].roads.remove(&sx);
                }
            }
            set(&mut self.out.file.roads, x, want);
        }
        Ok(())
    }

    /// Places: one composed place is the same-named places of several boards merged.
    /// A place removed or changed leaves the boards (or the file) that held it; a place
    /// added or changed goes, hex by hex, to the boards its hexes lie on.
    fn places(&mut self, before: &Map, after: &Map) -> Result<(), String> {
        let gone: Vec<&Place> = before
            .places
            .iter()
            .filter(|p| !after.places.contains(p))
            .collect();
        let added: Vec<&Place> = after
            .places
            .iter()
            .filter(|p| !before.places.contains(p))
            .collect();
        // Hexes of a board's place that lie off the composed grid, kept through an edit.
        let mut off_grid: BTreeMap<(usize, String), Vec<HexId>> = BTreeMap::new();
        for p in gone {
            if let Some(i) = self.out.file.places.iter().position(|q| q == p) {
                self.out.file.places.remove(i);
                continue;
            }
            if !self.to_boards() {
                return Err(format!(
                    "place {} as a board draws it (a board's place can only be changed \
                     in the board)",
                    p.name
                ));
            }
            for s in (0..self.out.boards.len()).filter(|s| !self.twice[*s]) {
                let places = &mut self.out.boards[s].places;
                if let Some(i) = places.iter().position(|q| q.name == p.name) {
                    let q = places.remove(i);
                    let off = q
                        .hexes
                        .iter()
                        .filter(|h| !self.origins_hold(s, **h))
                        .copied()
                        .collect();
                    off_grid.insert((s, q.name), off);
                }
            }
        }
        for p in added {
            let on_boards: Vec<(usize, Vec<HexId>)> = (0..self.out.boards.len())
                .map(|s| (s, p.hexes.iter().filter_map(|h| self.back(s, *h)).collect()))
                .filter(|(_, hs): &(usize, Vec<HexId>)| !hs.is_empty())
                .collect();
            let all_on_boards = p.hexes.iter().all(|h| !self.from(*h).is_empty());
            if !self.to_boards() || on_boards.is_empty() || !all_on_boards {
                self.out.file.places.push(p.clone());
                continue;
            }
            for (s, mut hexes) in on_boards {
                if let Some(off) = off_grid.remove(&(s, p.name.clone())) {
                    hexes.extend(off);
                }
                self.out.boards[s].places.push(Place { hexes, ..p.clone() });
            }
        }
        Ok(())
    }

    /// Is board hex `h` of board `s` on the composed grid?
    fn origins_hold(&self, s: usize, h: HexId) -> bool {
        self.origins
            .values()
            .any(|v| v.iter().any(|&(i, x)| i == s && x == h))
    }

    fn labels(&mut self, before: &Map, after: &Map) -> Result<(), String> {
        for l in missing(&before.labels, &after.labels) {
            if let Some(i) = self.out.file.labels.iter().position(|q| *q == l) {
                self.out.file.labels.remove(i);
                continue;
            }
            if !self.to_boards() {
                return Err(format!(
                    "label \"{}\" as a board draws it (it can only be changed in the board)",
                    l.text
                ));
            }
            if let Some(&(s, h)) = self.from(l.hex).first()
                && let Some(i) = self.out.boards[s].labels.iter().position(|q| {
                    *q == Label {
                        hex: h,
                        ..l.clone()
                    }
                })
            {
                self.out.boards[s].labels.remove(i);
            }
        }
        for l in missing(&after.labels, &before.labels) {
            match self.from(l.hex).first() {
                Some(&(s, h)) if self.to_boards() => {
                    self.out.boards[s].labels.push(Label { hex: h, ..l });
                }
                _ => self.out.file.labels.push(l),
            }
        }
        Ok(())
    }

    /// The board zone section `s` makes composed zone `z`, if it makes it.
    fn zone_on(&self, s: usize, z: &ZoneId) -> Option<ZoneId> {
        let prefix = &self.sections[s].prefix;
        if prefix.is_empty() {
            return Some(z.clone());
        }
        z.as_str()
            .strip_prefix(prefix.as_str())
            .and_then(|r| r.strip_prefix('-'))
            .map(ZoneId::new)
    }

    fn zones(&mut self, before: &Map, after: &Map) -> Result<(), String> {
        for z in before.zones.keys().chain(after.zones.keys()) {
            let (was, now) = (
                before.zones.get(z).cloned().unwrap_or_default(),
                after.zones.get(z).cloned().unwrap_or_default(),
            );
            if was == now && before.zones.contains_key(z) == after.zones.contains_key(z) {
                continue;
            }
            for h in was.iter().filter(|h| !now.contains(h)) {
                self.zone_hex_gone(z, *h)?;
            }
            for h in now.iter().filter(|h| !was.contains(h)) {
                self.zone_hex_added(z, *h);
            }
            if !after.zones.contains_key(z) {
                self.zone_gone(z);
            } else if !before.zones.contains_key(z) && now.is_empty() {
                self.out.file.zones.insert(z.clone(), Vec::new());
            }
        }
        Ok(())
    }

    fn zone_hex_gone(&mut self, z: &ZoneId, h: HexId) -> Result<(), String> {
        if let Some(hs) = self.out.file.zones.get_mut(z)
            && let Some(i) = hs.iter().position(|x| *x == h)
        {
            hs.remove(i);
            return Ok(());
        }
        if !self.to_boards() {
            return Err(format!(
                "hex {h} taken out of entry zone {z}, which a board draws (it can only be \
                 saved into the board)"
            ));
        }
        for &(s, sh) in self.from(h).to_vec().iter() {
            if let Some(bz) = self.zone_on(s, z)
                && let Some(hs) = self.out.boards[s].zones.get_mut(&bz)
            {
                hs.retain(|x| *x != sh);
            }
        }
        Ok(())
    }

    fn zone_hex_added(&mut self, z: &ZoneId, h: HexId) {
        if self.to_boards() {
            for &(s, sh) in self.from(h).to_vec().iter() {
                if let Some(bz) = self.zone_on(s, z) {
                    self.out.boards[s].zones.entry(bz).or_default().push(sh);
                    return;
                }
            }
        }
        self.out.file.zones.entry(z.clone()).or_default().push(h);
    }

    /// Zone `z` is gone: its empty entries go too.
    fn zone_gone(&mut self, z: &ZoneId) {
        if self.out.file.zones.get(z).is_some_and(Vec::is_empty) {
            self.out.file.zones.remove(z);
        }
        for s in (0..self.out.boards.len()).filter(|s| !self.twice[*s]) {
            if let Some(bz) = self.zone_on(s, z)
                && self.out.boards[s].zones.get(&bz).is_some_and(Vec::is_empty)
            {
                self.out.boards[s].zones.remove(&bz);
            }
        }
    }
}

/// The items of `a` that `b` lacks (counted: two equal labels are two).
fn missing<T: Clone + PartialEq>(a: &[T], b: &[T]) -> Vec<T> {
    let mut rest: Vec<&T> = b.iter().collect();
    a.iter()
        .filter(|x| match rest.iter().position(|y| y == x) {
            Some(i) => {
                rest.remove(i);
                false
            }
            None => true,
        })
        .cloned()
        .collect()
}

/// Same items, in any order.
fn same_items<T: Clone + PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && missing(a, b).is_empty()
}

/// What of the assembled maps `a` and `b` differs, by name; `None` when they are the same
/// map (the order of features along a hexside, of places, labels and zone hexes aside).
pub fn differs(a: &Map, b: &Map) -> Option<&'static str> {
    let lists_match = |x: &BTreeMap<Hexside, Vec<HexsideFeature>>,
                       y: &BTreeMap<Hexside, Vec<HexsideFeature>>| {
        x.len() == y.len()
            && x.iter()
                .all(|(k, v)| y.get(k).is_some_and(|w| same_items(v, w)))
    };
    let zones_match = |x: &BTreeMap<ZoneId, Vec<HexId>>, y: &BTreeMap<ZoneId, Vec<HexId>>| {
        x.len() == y.len()
            && x.iter()
                .all(|(k, v)| y.get(k).is_some_and(|w| same_items(v, w)))
    };
    if a.hexes != b.hexes {
        Some("hexes")
    } else if !lists_match(&a.hexsides, &b.hexsides) {
        Some("hexsides")
    } else if a.roads != b.roads {
        Some("roads")
    } else if !same_items(&a.places, &b.places) {
        Some("places")
    } else if !same_items(&a.labels, &b.labels) {
        Some("labels")
    } else if !zones_match(&a.zones, &b.zones) {
        Some("entry zones")
    } else if (&a.name, &a.notes, &a.underlay) != (&b.name, &b.notes, &b.underlay) {
        Some("name, notes and scan")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{Grid, LabelStyle, Numbering};
    use crate::model::HexCell;
    use crate::model::map::PlaceKind;

    /// A 5×3 board with woods on its first hex and a road east from it.
    fn board() -> Map {
        let n = Numbering {
            labels: LabelStyle::LetterNumber,
            ..Numbering::default()
        };
        let mut m = Map::new("b", "t.terrain.ron", Grid::new(5, 3, n), "clear");
        m.hexes.insert(HexId::new(1, 1), HexCell::new("woods"));
        m.roads.insert(
            Hexside::new(HexId::new(1, 1), HexId::new(2, 1)).unwrap(),
            "road".into(),
        );
        m.places.push(Place {
            name: "Ola".into(),
            kind: PlaceKind::Village,
            hexes: vec![HexId::new(2, 2)],
        });
        m
    }

    /// Two boards side by side (sharing the seam column 5), the second turned.
    fn joined() -> Map {
        let mut file = Map::new(
            "j",
            "t.terrain.ron",
            Grid::new(9, 3, Numbering::default()),
            "x",
        );
        file.hexes.clear();
        file.sections = vec![
            Section {
                map: "a.map.ron".into(),
                at: (0, 0),
                turned: false,
                prefix: "1".into(),
            },
            Section {
                map: "b.map.ron".into(),
                at: (4, 0),
                turned: true,
                prefix: "2".into(),
            },
        ];
        compose_boards(&file, vec![board(), board()], "clear")
            .unwrap()
            .0
    }

    fn edited(m: &Map, f: impl FnOnce(&mut Map)) -> Map {
        let mut a = m.clone();
        f(&mut a);
        a
    }

    #[test]
    fn a_hex_edit_goes_to_the_board_it_lies_on_and_recomposes() {
        let m = joined();
        let h = HexId::new(7, 2);
        let after = edited(&m, |a| {
            a.hexes.insert(h, HexCell::new("swamp"));
        });
        let out = decompose(&m, &after, "clear", Destination::Boards).unwrap();
        let (s, sh) = m.composition.as_ref().unwrap().origins[&h][0];
        assert_eq!(s, 1);
        assert_eq!(out.boards[1].hexes[&sh].terrain.as_str(), "swamp");
        assert_eq!(out.boards[0], board(), "the other board is untouched");
        assert!(out.file.hexes.is_empty());
    }

    #[test]
    fn kept_to_the_layout_a_hex_edit_goes_to_the_composed_file() {
        let m = joined();
        let h = HexId::new(2, 2);
        let after = edited(&m, |a| {
            a.hexes.insert(h, HexCell::new("swamp"));
        });
        let out = decompose(&m, &after, "clear", Destination::Layout).unwrap();
        assert_eq!(out.file.hexes[&h].terrain.as_str(), "swamp");
        assert_eq!(out.boards, vec![board(), board()]);
    }

    #[test]
    fn a_seam_hex_edit_goes_to_both_boards() {
        let m = joined();
        let seam = HexId::new(5, 2);
        assert_eq!(m.composition.as_ref().unwrap().origins[&seam].len(), 2);
        let after = edited(&m, |a| {
            a.hexes
                .get_mut(&seam)
                .unwrap()
                .features
                .push("village".into());
        });
        let out = decompose(&m, &after, "clear", Destination::Boards).unwrap();
        assert_ne!(out.boards[0], board());
        assert_ne!(out.boards[1], board());
    }

    #[test]
    fn roads_places_labels_and_zones_follow_their_hexes() {
        let m = joined();
        let x = Hexside::new(HexId::new(7, 2), HexId::new(8, 2)).unwrap();
        let after = edited(&m, |a| {
            a.roads.insert(x, "track".into());
            let old = Hexside::new(HexId::new(1, 1), HexId::new(2, 1)).unwrap();
            a.roads.remove(&old);
            a.places[0].name = "Ola Wielka".into();
            a.labels.push(Label {
                text: "ridge".into(),
                hex: HexId::new(7, 2),
                size: 0.5,
                rotation: 0.0,
            });
            a.zones.insert("1-A".into(), vec![HexId::new(1, 2)]);
            a.hexsides.insert(x, vec![HexsideFeature::new("river")]);
        });
        let out = decompose(&m, &after, "clear", Destination::Boards).unwrap();
        assert!(out.file.roads.is_empty() && out.file.places.is_empty());
        assert!(
            out.boards[0].roads.is_empty(),
            "the removed road left board 1"
        );
        assert_eq!(out.boards[1].roads.len(), 2);
        assert_eq!(out.boards[1].hexsides.len(), 1);
        assert_eq!(out.boards[1].labels.len(), 1);
        assert_eq!(out.boards[0].zones[&ZoneId::from("A")], [HexId::new(1, 2)]);
        assert!(out.boards.iter().all(|b| b.places.len() == 1));
    }

    #[test]
    fn a_removal_of_what_a_board_draws_cannot_be_kept_to_the_layout() {
        let m = joined();
        let old = Hexside::new(HexId::new(1, 1), HexId::new(2, 1)).unwrap();
        let after = edited(&m, |a| {
            a.roads.remove(&old);
        });
        let e = decompose(&m, &after, "clear", Destination::Layout).unwrap_err();
        assert!(e.contains("only be saved into the board"), "{e}");
    }

    #[test]
    fn a_resized_composed_map_is_refused() {
        let m = joined();
        let after = edited(&m, |a| a.grid.cols = 10);
        assert!(decompose(&m, &after, "clear", Destination::Boards).is_err());
    }
}
