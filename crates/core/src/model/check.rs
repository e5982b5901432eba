//! Reference checks run on load: every id a file uses exists, every hex is on the map,
//! every terrain kind is in the catalogue. These are checks of the data's shape; the
//! rules' setup checks (stacking, supply...) live in the engine.
//!
//! Each check is linear (or n·log n) in the size of the files: ids are looked up in
//! hash maps built once, and a problem is located by the path of the value it is about
//! (`units[3].formation`), through the file's outline, at that very value.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::outline::{At, Seg};
use super::problem::{clipped, quoted};
use super::range;
use super::source::Source;
use super::{
    Counters, Entry, Formation, Map, Nation, Problem, RestrictionRule, Scenario, Scope, Severity,
    SideDef, Subject, SupplySource, TerrainCatalogue, UnitDef, VpEvent,
};
use crate::hex::{HexId, Hexside};
use crate::path;

/// Collects problems for one file, each at the value it is about.
pub(crate) struct Checker<'a> {
    src: &'a Source,
    root: Option<At<'a>>,
    pub out: Vec<Problem>,
    /// Byte offset of each problem of `out` that has one, turned into lines and columns
    /// all at once by [`Checker::finish`].
    offsets: Vec<Option<usize>>,
}

impl<'a> Checker<'a> {
    pub fn new(src: &'a Source) -> Self {
        // In-memory checks (no file) locate nothing: skip building the outline.
        let located = !src.path.as_os_str().is_empty();
        Self {
            src,
            root: if located { src.root() } else { None },
            out: Vec::new(),
            offsets: Vec::new(),
        }
    }

    /// The value at `path` in the file (or the deepest one the file has on the way).
    pub fn at(&self, path: &[Seg]) -> Option<At<'a>> {
        self.root.map(|r| r.walk(path))
    }

    fn push_at(&mut self, p: Problem, offset: Option<usize>) {
        self.out.push(p);
        self.offsets.push(offset);
    }

    /// An error about the value at `path`.
    pub fn error_at(
        &mut self,
        code: &'static str,
        msg: String,
        path: &[Seg],
        subject: Option<Subject>,
    ) {
        self.problem(Severity::Error, code, msg, path, subject);
    }

    /// A warning about the value at `path`.
    pub fn warning_at(
        &mut self,
        code: &'static str,
        msg: String,
        path: &[Seg],
        subject: Option<Subject>,
    ) {
        self.problem(Severity::Warning, code, msg, path, subject);
    }

    fn problem(
        &mut self,
        severity: Severity,
        code: &'static str,
        msg: String,
        path: &[Seg],
        subject: Option<Subject>,
    ) {
        let offset = self.at(path).map(|a| a.offset());
        self.problem_at(severity, code, msg, offset, subject);
    }

    /// A problem at a byte offset found by the caller (a map key, say).
    pub fn problem_at(
        &mut self,
        severity: Severity,
        code: &'static str,
        msg: String,
        offset: Option<usize>,
        subject: Option<Subject>,
    ) {
        let mut p = match severity {
            Severity::Error => Problem::error(code, msg),
            Severity::Warning => Problem::warning(code, msg),
        };
        p.subject = subject;
        self.push_at(p, offset);
    }

    /// Adds `p`, about the value at `path`.
    pub fn push_path(&mut self, p: Problem, path: &[Seg]) {
        let offset = self.at(path).map(|a| a.offset());
        self.push_at(p, offset);
    }

    // ---- Located by searching the text (checks not yet moved to paths) ----

    /// Adds `p`, located at the first quoted `needle` after `anchor`. A search of the
    /// text per problem: prefer [`Checker::error_at`], which is linear.
    pub fn push(&mut self, p: Problem, anchor: &str, needle: &str) {
        let pos = if needle.is_empty() {
            None
        } else {
            self.src.find_after(anchor, needle)
        };
        self.push_located(p, pos);
    }

    /// An error about `needle`, located at its first quoted occurrence after `anchor`.
    pub fn error(
        &mut self,
        code: &'static str,
        msg: String,
        anchor: &str,
        needle: &str,
        subject: Option<Subject>,
    ) {
        let mut p = Problem::error(code, msg);
        p.subject = subject;
        self.push(p, anchor, needle);
    }

    fn push_located(&mut self, p: Problem, pos: Option<(usize, usize)>) {
        let p = if self.src.path.as_os_str().is_empty() {
            p
        } else {
            p.at(self.src.path.clone(), pos)
        };
        self.push_at(p, None);
    }

    /// The problems, with their file, line and column.
    pub fn finish(self) -> Vec<Problem> {
        if self.src.path.as_os_str().is_empty() {
            return self.out;
        }
        let located: Vec<usize> = self.offsets.iter().flatten().copied().collect();
        let mut positions = self.src.positions(&located).into_iter();
        self.out
            .into_iter()
            .zip(self.offsets)
            .map(|(p, o)| match o {
                Some(_) => p.at(self.src.path.clone(), positions.next()),
                // Located when pushed (a text search), or about no value of the file.
                None if p.file.is_some() => p,
                None => p.at(self.src.path.clone(), None),
            })
            .collect()
    }
}

/// Each id with the index of its first declaration; the indices of later copies.
fn duplicates<'x>(ids: impl Iterator<Item = &'x str>) -> Vec<(usize, &'x str)> {
    let mut seen = HashSet::new();
    ids.enumerate()
        .filter(|(_, id)| !seen.insert(*id))
        .collect()
}

/// Entries of a map in the file by what their keys parse to: the hex of `"0927"` or
/// `"927"` (the rulebook drops leading zeros), the hexside of `"0102-0103"`.
fn entries<'a, K: std::hash::Hash + Eq>(
    at: Option<At<'a>>,
    parse: impl Fn(&str) -> Option<K>,
) -> HashMap<K, At<'a>> {
    let mut m = HashMap::new();
    for c in at.into_iter().flat_map(|a| a.children()) {
        if let Some(k) = c.key_text().and_then(&parse) {
            m.entry(k).or_insert(c);
        }
    }
    m
}

/// Where a map entry's key is, and where a value inside its entry is.
fn key_at(e: Option<&At>) -> Option<usize> {
    e.map(|a| a.key_offset())
}

fn inside(e: Option<&At>, path: &[Seg]) -> Option<usize> {
    e.map(|a| a.walk(path).offset())
}

pub fn check_terrain(cat: &TerrainCatalogue, src: &Source) -> Vec<Problem> {
    let mut c = Checker::new(src);
    let all = cat
        .terrain
        .iter()
        .enumerate()
        .map(|(i, t)| ("terrain", i, t.id.as_str()))
        .chain(
            cat.features
                .iter()
                .enumerate()
                .map(|(i, t)| ("features", i, t.id.as_str())),
        )
        .chain(
            cat.hexsides
                .iter()
                .enumerate()
                .map(|(i, t)| ("hexsides", i, t.id.as_str())),
        )
        .chain(
            cat.roads
                .iter()
                .enumerate()
                .map(|(i, t)| ("roads", i, t.id.as_str())),
        );
    let all: Vec<_> = all.collect();
    for (n, d) in duplicates(all.iter().map(|x| x.2)) {
        let (list, i, _) = all[n];
        c.error_at(
            "D01",
            format!("terrain id {} is declared twice", quoted(d)),
            &path![list, i, "id"],
            None,
        );
    }
    if cat.terrain.is_empty() {
        c.error_at(
            "D02",
            "the catalogue declares no base terrain".into(),
            &path!["terrain"],
            None,
        );
    }
    c.finish()
}

/// The catalogue's ids, for lookups in constant time.
struct Catalogue<'a> {
    terrain: HashSet<&'a str>,
    features: HashSet<&'a str>,
    hexsides: HashMap<&'a str, &'a super::HexsideKind>,
    roads: HashSet<&'a str>,
}

impl<'a> Catalogue<'a> {
    fn of(cat: &'a TerrainCatalogue) -> Self {
        Self {
            terrain: cat.terrain.iter().map(|t| t.id.as_str()).collect(),
            features: cat.features.iter().map(|t| t.id.as_str()).collect(),
            hexsides: cat
                .hexsides
                .iter()
                .map(|t| (t.id.as_str(), t))
                .rev()
                .collect(),
            roads: cat.roads.iter().map(|t| t.id.as_str()).collect(),
        }
    }
}

pub fn check_map(map: &Map, cat: &TerrainCatalogue, src: &Source) -> Vec<Problem> {
    let mut c = Checker::new(src);
    let ids = Catalogue::of(cat);
    let g = map.grid;
    let cells = entries(c.at(&path!["hexes"]), |k| HexId::parse(k).ok());
    for (&hex, cell) in &map.hexes {
        let h = hex.to_string();
        let subject = Some(Subject::Hex(hex));
        let entry = cells.get(&hex);
        if !g.contains(hex) {
            let msg = format!("hex {h} is not on the {}×{} map", g.cols, g.rows);
            c.problem_at(Severity::Error, "M01", msg, key_at(entry), subject);
            continue;
        }
        if !ids.terrain.contains(cell.terrain.as_str()) {
            let t = quoted(cell.terrain.as_str());
            let msg = format!("hex {h}: terrain {t} is not in the terrain catalogue");
            let at = inside(entry, &path!["t"]);
            c.problem_at(Severity::Error, "T01", msg, at, subject.clone());
        }
        for (i, f) in cell.features.iter().enumerate() {
            if !ids.features.contains(f.as_str()) {
                let msg = format!(
                    "hex {h}: feature {} is not in the terrain catalogue",
                    quoted(f.as_str())
                );
                let at = inside(entry, &path!["f", i]);
                c.problem_at(Severity::Error, "T02", msg, at, subject.clone());
            }
        }
        for (i, d) in duplicates(cell.features.iter().map(|f| f.as_str())) {
            let msg = format!("hex {h}: feature {} is listed twice", quoted(d));
            let at = inside(entry, &path!["f", i]);
            c.problem_at(Severity::Warning, "T02", msg, at, subject.clone());
        }
    }
    let mut missing = g.iter().filter(|h| !map.hexes.contains_key(h));
    if let Some(first) = missing.next() {
        let msg = format!(
            "{} hex(es) of the grid have no terrain, the first is {first}; every hex needs a terrain",
            missing.count() + 1
        );
        c.error_at("G01", msg, &path!["hexes"], Some(Subject::Hex(first)));
    }
    check_hexsides(map, &ids, &mut c);
    let roads = entries(c.at(&path!["roads"]), |k| k.parse::<Hexside>().ok());
    for (&side, kinds) in &map.roads {
        let s = side.to_string();
        let at = key_at(roads.get(&side));
        if !g.has_hexside(side) {
            let msg = format!("road {s} does not join two adjacent hexes of the map");
            c.problem_at(
                Severity::Error,
                "G02",
                msg,
                at,
                Some(Subject::Hexside(side)),
            );
        }
        for road in kinds.iter().filter(|k| !ids.roads.contains(k.as_str())) {
            let msg = format!(
                "road {s}: road kind {} is not in the terrain catalogue",
                quoted(road.as_str())
            );
            c.problem_at(
                Severity::Error,
                "T04",
                msg,
                at,
                Some(Subject::Hexside(side)),
            );
        }
    }
    check_places_and_zones(map, &mut c);
    c.finish()
}

fn check_hexsides(map: &Map, ids: &Catalogue, c: &mut Checker) {
    let sides = entries(c.at(&path!["hexsides"]), |k| k.parse::<Hexside>().ok());
    for (&side, features) in &map.hexsides {
        let s = side.to_string();
        let subject = Some(Subject::Hexside(side));
        let at = key_at(sides.get(&side));
        if !map.grid.has_hexside(side) {
            let msg = format!("hexside {s} does not join two adjacent hexes of the map");
            c.problem_at(Severity::Error, "G02", msg, at, subject);
            continue;
        }
        for f in features {
            let Some(kind) = ids.hexsides.get(f.kind.as_str()) else {
                let msg = format!(
                    "hexside {s}: kind {} is not in the terrain catalogue",
                    quoted(f.kind.as_str())
                );
                c.problem_at(Severity::Error, "T03", msg, at, subject.clone());
                continue;
            };
            let (severity, msg) = match (kind.role.is_line(), f.protects) {
                (true, None) => (
                    Severity::Error,
                    format!(
                        "hexside {s}: the {} needs `protects`, the hex on its defended side",
                        clipped(&kind.name)
                    ),
                ),
                (true, Some(p)) if !side.touches(p) => (
                    Severity::Error,
                    format!("hexside {s}: `protects` is {p}, which is not one of its two hexes"),
                ),
                (false, Some(_)) => (
                    Severity::Warning,
                    format!("hexside {s}: `protects` is only meaningful on fortification lines"),
                ),
                _ => continue,
            };
            c.problem_at(severity, "F03", msg, at, subject.clone());
        }
    }
}

fn check_places_and_zones(map: &Map, c: &mut Checker) {
    let g = map.grid;
    for (i, d) in duplicates(map.places.iter().map(|p| p.name.as_str())) {
        c.error_at(
            "D01",
            format!("place {} is named twice", quoted(d)),
            &path!["places", i, "name"],
            Some(Subject::Place(d.into())),
        );
    }
    for (i, p) in map.places.iter().enumerate() {
        if p.hexes.is_empty() {
            c.error_at(
                "M02",
                format!("place {} has no hexes", quoted(&p.name)),
                &path!["places", i, "hexes"],
                Some(Subject::Place(p.name.clone())),
            );
        }
        for (j, &h) in p.hexes.iter().enumerate().filter(|(_, h)| !g.contains(**h)) {
            let msg = format!("place {}: hex {h} is not on the map", quoted(&p.name));
            c.error_at(
                "M01",
                msg,
                &path!["places", i, "hexes", j],
                Some(Subject::Hex(h)),
            );
        }
    }
    for (i, l) in map.labels.iter().enumerate() {
        if !g.contains(l.hex) {
            let msg = format!("label {}: hex {} is not on the map", quoted(&l.text), l.hex);
            c.error_at(
                "M01",
                msg,
                &path!["labels", i, "hex"],
                Some(Subject::Hex(l.hex)),
            );
        }
    }
    // A prefixed section's zones lie on its own sheet's edge, checked with that sheet; on
    // a composed map they may be where two sheets join.
    let of_section = |zone: &str| {
        map.sections
            .iter()
            .any(|s| !s.prefix.is_empty() && zone.starts_with(&format!("{}-", s.prefix)))
    };
    for (zone, hexes) in &map.zones {
        let z = zone.as_str();
        for (j, &h) in hexes.iter().enumerate() {
            let at = path!["zones", Seg::Key(z), j];
            if !g.contains(h) {
                let msg = format!("entry zone {}: hex {h} is not on the map", clipped(z));
                c.error_at("M01", msg, &at, Some(Subject::Hex(h)));
            } else if g.edges_of(h).is_empty() && !of_section(z) {
                let msg = format!("entry zone {}: hex {h} is not on a map edge", clipped(z));
                c.warning_at("R01", msg, &at, Some(Subject::Hex(h)));
            }
        }
    }
    if let Some(u) = &map.underlay
        && let Some(cal) = &u.calibration
        && !(cal.scale.is_finite()
            && cal.scale > 0.0
            && cal.rotation.is_finite()
            && cal.offset.iter().all(|v| v.is_finite()))
    {
        c.error_at(
            "G03",
            "underlay calibration must have a positive finite scale and finite numbers".into(),
            &path!["underlay", "calibration"],
            None,
        );
    }
}

/// A counter set's ids, for lookups in constant time.
struct CounterIds<'a> {
    nations: HashMap<&'a str, &'a Nation>,
    formations: HashMap<&'a str, &'a Formation>,
    units: HashMap<&'a str, &'a UnitDef>,
    air: HashSet<&'a str>,
}

impl<'a> CounterIds<'a> {
    /// The first declaration of each id wins, as the engine's lookups do.
    fn of(cs: &'a Counters) -> Self {
        Self {
            nations: cs
                .nations
                .iter()
                .rev()
                .map(|n| (n.id.as_str(), n))
                .collect(),
            formations: cs
                .formations
                .iter()
                .rev()
                .map(|f| (f.id.as_str(), f))
                .collect(),
            units: cs.units.iter().rev().map(|u| (u.id.as_str(), u)).collect(),
            air: cs.air.iter().map(|a| a.id.as_str()).collect(),
        }
    }

    /// Is `ancestor` the parent of `formation`'s parent's ...? Bounded by the number of
    /// formations, so a cycle ends.
    fn has_ancestor(&self, formation: &str, ancestor: &str) -> bool {
        let mut cur = self
            .formations
            .get(formation)
            .and_then(|f| f.parent.as_ref());
        for _ in 0..=self.formations.len() {
            match cur {
                Some(p) if p.as_str() == ancestor => return true,
                Some(p) => {
                    cur = self
                        .formations
                        .get(p.as_str())
                        .and_then(|f| f.parent.as_ref())
                }
                None => return false,
            }
        }
        false
    }
}

pub fn check_counters(cs: &Counters, src: &Source) -> Vec<Problem> {
    let mut c = Checker::new(src);
    let ids = CounterIds::of(cs);
    let lists: [(&str, &str, Vec<&str>); 4] = [
        (
            "nation",
            "nations",
            cs.nations.iter().map(|n| n.id.as_str()).collect(),
        ),
        (
            "formation",
            "formations",
            cs.formations.iter().map(|n| n.id.as_str()).collect(),
        ),
        (
            "unit",
            "units",
            cs.units.iter().map(|n| n.id.as_str()).collect(),
        ),
        (
            "air counter",
            "air",
            cs.air.iter().map(|n| n.id.as_str()).collect(),
        ),
    ];
    for (what, list, v) in &lists {
        for (i, d) in duplicates(v.iter().copied()) {
            c.error_at(
                "U01",
                format!("{what} id {} is declared twice", quoted(d)),
                &path![*list, i, "id"],
                None,
            );
        }
    }
    for (i, f) in cs.formations.iter().enumerate() {
        check_formation(&ids, i, f, &mut c);
    }
    for (i, u) in cs.units.iter().enumerate() {
        check_unit(&ids, i, u, &mut c);
    }
    for (i, a) in cs.air.iter().enumerate() {
        if !ids.nations.contains_key(a.nation.as_str()) {
            c.error_at(
                "C02",
                format!(
                    "air counter {}: nation {} is not declared",
                    clipped(a.id.as_str()),
                    quoted(a.nation.as_str())
                ),
                &path!["air", i, "nation"],
                None,
            );
        }
    }
    c.finish()
}

fn check_formation(ids: &CounterIds, i: usize, f: &Formation, c: &mut Checker) {
    let id = clipped(f.id.as_str());
    let subject = Some(Subject::Formation(f.id.clone()));
    if !ids.nations.contains_key(f.nation.as_str()) {
        c.error_at(
            "C02",
            format!(
                "formation {id}: nation {} is not declared",
                quoted(f.nation.as_str())
            ),
            &path!["formations", i, "nation"],
            subject.clone(),
        );
    }
    if let Some(p) = &f.parent {
        let at = path!["formations", i, "parent"];
        if !ids.formations.contains_key(p.as_str()) {
            let msg = format!(
                "formation {id}: parent formation {} is not declared",
                quoted(p.as_str())
            );
            c.error_at("U03", msg, &at, subject);
        } else if p == &f.id || ids.has_ancestor(p.as_str(), f.id.as_str()) {
            c.error_at(
                "U03",
                format!("formation {id} is its own ancestor"),
                &at,
                subject,
            );
        }
    }
}

fn check_unit(ids: &CounterIds, i: usize, u: &UnitDef, c: &mut Checker) {
    let id = clipped(u.id.as_str());
    let subject = Some(Subject::Unit(u.id.clone()));
    if !ids.nations.contains_key(u.nation.as_str()) {
        c.error_at(
            "C02",
            format!(
                "unit {id}: nation {} is not declared",
                quoted(u.nation.as_str())
            ),
            &path!["units", i, "nation"],
            subject.clone(),
        );
    }
    if let Some(f) = &u.formation {
        let at = path!["units", i, "formation"];
        match ids.formations.get(f.as_str()) {
            None => {
                let msg = format!(
                    "unit {id}: formation {} is not declared",
                    quoted(f.as_str())
                );
                c.error_at("U03", msg, &at, subject.clone());
            }
            Some(form) if form.nation != u.nation => c.warning_at(
                "U03",
                format!(
                    "unit {id} is {} but its formation {} is {}",
                    clipped(u.nation.as_str()),
                    clipped(f.as_str()),
                    clipped(form.nation.as_str())
                ),
                &at,
                subject.clone(),
            ),
            _ => {}
        }
    }
    let cel = path!["units", i, "cel"];
    if !(1..=2).contains(&u.cel) {
        let msg = format!(
            "unit {id}: CEL is {}; a counter has 1 or 2 CEL (R1.2)",
            u.cel
        );
        c.error_at("U05", msg, &cel, subject.clone());
    } else if u.cel == 2 && u.reduced.is_none() {
        c.error_at(
            "U05",
            format!("unit {id} has 2 CEL but no reduced side"),
            &cel,
            subject.clone(),
        );
    } else if u.cel == 1 && u.reduced.is_some() {
        let msg = format!("unit {id} has 1 CEL, so its reduced side is never used");
        c.warning_at("U05", msg, &path!["units", i, "reduced"], subject.clone());
    }
    if let Some(r) = &u.reduced {
        let (full_def, red_def) = (u.defense.unwrap_or(u.sp), r.defense.unwrap_or(r.sp));
        if r.sp > u.sp || red_def > full_def {
            c.error_at(
                "U05",
                format!(
                    "unit {id}: its reduced side ({} SP, defense {red_def}) is stronger than its full side ({} SP, defense {full_def})",
                    r.sp, u.sp
                ),
                &path!["units", i, "reduced"],
                subject.clone(),
            );
        }
    }
    let name = |s: &super::Star| match s {
        super::Star::Black => "Black",
        super::Star::White => "White",
        super::Star::Yellow => "Yellow",
        super::Star::Blue => "Blue",
    };
    for (j, d) in duplicates(u.stars.iter().map(name)) {
        c.warning_at(
            "U08",
            format!("unit {id} lists a {d} star twice (stars are cumulative, so this gives 2)"),
            &path!["units", i, "stars", j],
            subject.clone(),
        );
    }
}

/// A scenario's sides, its map's places and its counters, for lookups in constant time.
struct ScenarioIds<'a> {
    sides: HashMap<&'a str, &'a SideDef>,
    /// The side of each nation (the first side naming it).
    nation_side: HashMap<&'a str, &'a str>,
    places: HashSet<&'a str>,
    named_rivers: HashSet<&'a str>,
    counters: CounterIds<'a>,
}

impl<'a> ScenarioIds<'a> {
    fn of(s: &'a Scenario, map: &'a Map, cs: &'a Counters) -> Self {
        let mut nation_side = HashMap::new();
        for side in &s.sides {
            for n in &side.nations {
                nation_side.entry(n.as_str()).or_insert(side.id.as_str());
            }
        }
        Self {
            sides: s.sides.iter().rev().map(|x| (x.id.as_str(), x)).collect(),
            nation_side,
            places: map.places.iter().map(|p| p.name.as_str()).collect(),
            named_rivers: map
                .hexsides
                .values()
                .flatten()
                .filter_map(|f| f.name.as_deref())
                .collect(),
            counters: CounterIds::of(cs),
        }
    }
}

/// Checks a scenario against its map and counters.
pub fn check_scenario(s: &Scenario, map: &Map, cs: &Counters, src: &Source) -> Vec<Problem> {
    let mut c = Checker::new(src);
    let ids = ScenarioIds::of(s, map, cs);
    check_sides(s, &ids, &mut c);
    if s.end < s.start {
        let msg = format!(
            "the scenario ends ({}) before it starts ({})",
            s.end, s.start
        );
        c.error_at("S02", msg, &path!["end"], None);
    } else if s.turns() > i64::from(range::TURNS.max) {
        let msg = format!(
            "the scenario lasts {} turns ({} to {}); at most {} are played",
            s.turns(),
            s.start,
            s.end,
            range::TURNS.max
        );
        c.error_at("S02", msg, &path!["end"], None);
    }
    let mut placed: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &s.setup {
        *placed.entry(p.unit.as_str()).or_default() += 1;
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, p) in s.setup.iter().enumerate() {
        let u = p.unit.as_str();
        let times = seen.entry(u).or_default();
        *times += 1;
        let subject = Some(Subject::Unit(p.unit.clone()));
        let unit = ids.counters.units.get(u);
        match unit {
            None => c.error_at(
                "U02",
                format!("setup: unit {} is not in the counters file", quoted(u)),
                &path!["setup", i, "unit"],
                subject.clone(),
            ),
            Some(def) if !ids.nation_side.contains_key(def.nation.as_str()) => c.error_at(
                "S01",
                format!(
                    "setup: unit {} is {}, a nation on neither side",
                    clipped(u),
                    clipped(def.nation.as_str())
                ),
                &path!["setup", i, "unit"],
                None,
            ),
            _ => {}
        }
        if *times == 2 {
            // Once per unit, at its second placement.
            let msg = format!("setup: unit {} is placed {} times", clipped(u), placed[u]);
            c.error_at("U01", msg, &path!["setup", i, "unit"], subject.clone());
        }
        if !map.grid.contains(p.hex) {
            let h = p.hex;
            let msg = format!(
                "setup: unit {} is placed on hex {h}, which is not on the map",
                clipped(u)
            );
            c.error_at("M01", msg, &path!["setup", i, "hex"], Some(Subject::Hex(h)));
        }
        if let (Some(cel), Some(def)) = (p.cel, unit)
            && (cel == 0 || cel > def.cel)
        {
            let msg = format!(
                "setup: unit {} starts with {cel} CEL but its counter has {}",
                clipped(u),
                def.cel
            );
            c.error_at("U05", msg, &path!["setup", i, "cel"], subject);
        }
    }
    let arriving: usize = s.reinforcements.iter().map(|r| r.units.len()).sum();
    if let Err(e) = range::SCENARIO_UNITS.check(placed.len() + arriving) {
        c.error_at(
            "U10",
            format!("setup and reinforcements: {e}"),
            &path!["setup"],
            None,
        );
    }
    check_reinforcements(s, map, &ids, &placed, &mut c);
    super::area_check::check_areas(s, map, cs, &placed, &mut c);
    check_orders(s, map, &ids, &mut c);
    check_victory(s, &ids, &mut c);
    c.finish()
}

fn check_sides(s: &Scenario, ids: &ScenarioIds, c: &mut Checker) {
    if s.sides.len() != 2 {
        let msg = format!("a scenario has two sides; this one has {}", s.sides.len());
        c.error_at("S01", msg, &path!["sides"], None);
    }
    for (i, d) in duplicates(s.sides.iter().map(|x| x.id.as_str())) {
        let msg = format!("side {} is declared twice", quoted(d));
        c.error_at("S01", msg, &path!["sides", i, "id"], None);
    }
    if !ids.sides.contains_key(s.initiative.as_str()) {
        let msg = format!(
            "initiative side {} is not one of the sides",
            quoted(s.initiative.as_str())
        );
        c.error_at("S01", msg, &path!["initiative"], None);
    }
    let mut nation_side: HashMap<&str, &str> = HashMap::new();
    for (i, side) in s.sides.iter().enumerate() {
        let sid = clipped(side.id.as_str());
        for (j, n) in side.nations.iter().enumerate() {
            let at = path!["sides", i, "nations", j];
            if !ids.counters.nations.contains_key(n.as_str()) {
                let msg = format!(
                    "side {sid}: nation {} is not in the counters file",
                    quoted(n.as_str())
                );
                c.error_at("C02", msg, &at, None);
            }
            if let Some(other) = nation_side.insert(n.as_str(), side.id.as_str()) {
                let msg = format!(
                    "nation {} is on both sides ({} and {sid})",
                    clipped(n.as_str()),
                    clipped(other)
                );
                c.error_at("S01", msg, &at, None);
            }
        }
        if side.supply.is_empty() {
            let msg = format!("side {sid} has no supply source");
            c.error_at("L01", msg, &path!["sides", i, "supply"], None);
        }
    }
}

/// Does the scenario know the unit at `at`, and is it on a side?
fn check_unit_ref(ids: &ScenarioIds, u: &str, ctx: &str, at: &[Seg], c: &mut Checker) {
    let subject = Some(Subject::Unit(u.into()));
    match ids.counters.units.get(u) {
        None => {
            let msg = format!("{ctx}: unit {} is not in the counters file", quoted(u));
            c.error_at("U02", msg, at, subject);
        }
        Some(def) if !ids.nation_side.contains_key(def.nation.as_str()) => {
            let msg = format!(
                "{ctx}: unit {} is {}, a nation on neither side",
                clipped(u),
                clipped(def.nation.as_str())
            );
            c.error_at("S01", msg, at, subject);
        }
        _ => {}
    }
}

fn check_reinforcements(
    s: &Scenario,
    map: &Map,
    ids: &ScenarioIds,
    placed: &BTreeMap<&str, usize>,
    c: &mut Checker,
) {
    let mut arriving = HashSet::new();
    for (i, r) in s.reinforcements.iter().enumerate() {
        let ctx = format!("reinforcement of {}", r.date);
        for (j, u) in r.units.iter().enumerate() {
            let u = u.as_str();
            let at = path!["reinforcements", i, "units", j];
            check_unit_ref(ids, u, &ctx, &at, c);
            let subject = Some(Subject::Unit(u.into()));
            if placed.contains_key(u) {
                let msg = format!("unit {} is both set up and a reinforcement", clipped(u));
                c.error_at("U01", msg, &at, subject.clone());
            }
            if !arriving.insert(u) {
                c.error_at(
                    "U01",
                    format!("unit {} arrives twice", clipped(u)),
                    &at,
                    subject,
                );
            }
        }
        if r.units.is_empty() {
            let at = path!["reinforcements", i, "units"];
            c.warning_at("R01", format!("{ctx} has no units"), &at, None);
        }
        if r.entry.is_empty() {
            let at = path!["reinforcements", i, "entry"];
            c.error_at("R01", format!("{ctx} has no entry zone or hex"), &at, None);
        }
        for (j, e) in r.entry.iter().enumerate() {
            check_entry(
                e,
                map,
                ids,
                &ctx,
                &path!["reinforcements", i, "entry", j],
                c,
            );
        }
    }
}

fn check_entry(e: &Entry, map: &Map, ids: &ScenarioIds, ctx: &str, at: &[Seg], c: &mut Checker) {
    match e {
        Entry::Zone(z) if !map.zones.contains_key(z) => {
            let msg = format!("{ctx}: entry zone {} is not on the map", quoted(z.as_str()));
            c.error_at("R01", msg, at, None);
        }
        Entry::Hex(h) if !map.grid.contains(*h) => {
            let msg = format!("{ctx}: entry hex {h} is not on the map");
            c.error_at("M01", msg, at, Some(Subject::Hex(*h)));
        }
        Entry::Place(p) if !ids.places.contains(p.as_str()) => {
            let msg = format!("{ctx}: place {} is not on the map", quoted(p));
            c.error_at("M02", msg, at, Some(Subject::Place(p.clone())));
        }
        _ => {}
    }
}

fn check_orders(s: &Scenario, map: &Map, ids: &ScenarioIds, c: &mut Checker) {
    let cs = &ids.counters;
    for (i, w) in s.withdrawals.iter().enumerate() {
        if !cs.formations.contains_key(w.formation.as_str()) {
            let msg = format!(
                "withdrawal: formation {} is not in the counters file",
                quoted(w.formation.as_str())
            );
            c.error_at("R05", msg, &path!["withdrawals", i, "formation"], None);
        }
    }
    for (i, r) in s.restrictions.iter().enumerate() {
        match &r.scope {
            Scope::Formation(f) if !cs.formations.contains_key(f.as_str()) => {
                let msg = format!(
                    "restriction: formation {} is not in the counters file",
                    quoted(f.as_str())
                );
                c.error_at("R06", msg, &path!["restrictions", i, "scope"], None);
            }
            Scope::Units(us) => {
                for (j, u) in us.iter().enumerate() {
                    if !cs.units.contains_key(u.as_str()) {
                        let msg = format!(
                            "restriction: unit {} is not in the counters file",
                            quoted(u.as_str())
                        );
                        c.error_at("R06", msg, &path!["restrictions", i, "scope", 0, j], None);
                    }
                }
            }
            _ => {}
        }
        if let RestrictionRule::NoCrossing { hexside, .. } = &r.rule
            && map.hexsides_of_kind(hexside.as_str()).next().is_none()
        {
            let msg = format!(
                "restriction: the map has no {} hexsides",
                quoted(hexside.as_str())
            );
            c.warning_at("R06", msg, &path!["restrictions", i, "rule"], None);
        }
    }
    for (i, side) in s.sides.iter().enumerate() {
        let sid = clipped(side.id.as_str());
        for (j, src) in side.supply.iter().enumerate() {
            let at = path!["sides", i, "supply", j];
            let msg = match src {
                SupplySource::Place(p) if !ids.places.contains(p.as_str()) => {
                    format!("side {sid}: supply place {} is not on the map", quoted(p))
                }
                SupplySource::Hex(h) if !map.grid.contains(*h) => {
                    format!("side {sid}: supply hex {h} is not on the map")
                }
                SupplySource::Hq(u) if !cs.units.get(u.as_str()).is_some_and(|d| d.is_hq()) => {
                    format!(
                        "side {sid}: supply HQ {} is not an HQ counter",
                        quoted(u.as_str())
                    )
                }
                _ => continue,
            };
            c.error_at("L01", msg, &at, None);
        }
    }
    for (i, a) in s.air.iter().enumerate() {
        check_side_ref(ids, a.side.as_str(), "air", &path!["air", i, "side"], c);
        for (j, id) in a.counters.iter().enumerate() {
            if !cs.air.contains(id.as_str()) {
                let msg = format!(
                    "air: counter {} is not in the counters file",
                    quoted(id.as_str())
                );
                c.error_at("A01", msg, &path!["air", i, "counters", j], None);
            }
        }
    }
    for (i, b) in s.barrage.iter().enumerate() {
        check_side_ref(
            ids,
            b.side.as_str(),
            "barrage",
            &path!["barrage", i, "side"],
            c,
        );
    }
    let control = entries(c.at(&path!["control"]), |k| HexId::parse(k).ok());
    for (&h, side) in &s.control {
        let at = key_at(control.get(&h));
        if !map.grid.contains(h) {
            let msg = format!("control: hex {h} is not on the map");
            c.problem_at(Severity::Error, "M01", msg, at, Some(Subject::Hex(h)));
        }
        if !ids.sides.contains_key(side.as_str()) {
            let msg = format!(
                "control: side {} is not one of the sides",
                quoted(side.as_str())
            );
            c.problem_at(Severity::Error, "S01", msg, at, None);
        }
    }
    for (i, &b) in s.destroyed_bridges.iter().enumerate() {
        if !map.roads.contains_key(&b) || !map.hexsides.contains_key(&b) {
            let msg = format!("destroyed bridge {b}: no road crosses a hexside feature there");
            let at = path!["destroyed_bridges", i];
            c.error_at("G02", msg, &at, Some(Subject::Hexside(b)));
        }
    }
}

fn check_side_ref(ids: &ScenarioIds, side: &str, ctx: &str, at: &[Seg], c: &mut Checker) {
    if !ids.sides.contains_key(side) {
        let msg = format!("{ctx}: side {} is not one of the sides", quoted(side));
        c.error_at("S01", msg, at, None);
    }
}

fn check_victory(s: &Scenario, ids: &ScenarioIds, c: &mut Checker) {
    let Some(v) = &s.victory else {
        c.warning_at(
            "V01",
            "the scenario has no victory conditions".into(),
            &path!["victory"],
            None,
        );
        return;
    };
    check_side_ref(
        ids,
        v.scorer.as_str(),
        "victory",
        &path!["victory", "scorer"],
        c,
    );
    for (n, field) in [(v.points.len(), "points"), (v.automatic.len(), "automatic")] {
        if let Err(e) = range::VICTORY_CONDITIONS.check(n) {
            c.error_at(
                "V04",
                format!("victory: {field}: {e}"),
                &path!["victory", field],
                None,
            );
        }
    }
    for (i, award) in v.points.iter().enumerate() {
        let at = path!["victory", "points", i, "event", 0];
        match &award.event {
            VpEvent::ControlPlace(p) if !ids.places.contains(p.as_str()) => c.error_at(
                "M02",
                format!("victory: place {} is not on the map", quoted(p)),
                &at,
                Some(Subject::Place(p.clone())),
            ),
            VpEvent::CrossRiver(r) if !ids.named_rivers.contains(r.as_str()) => c.error_at(
                "M03",
                format!("victory: no hexside of the map is named {}", quoted(r)),
                &at,
                None,
            ),
            _ => {}
        }
    }
    for (i, l) in v.levels.iter().enumerate() {
        let at = path!["victory", "levels", i, "winner"];
        check_side_ref(ids, l.winner.as_str(), "victory", &at, c);
    }
    let mins: Vec<i32> = v.levels.iter().filter_map(|l| l.min_vp).collect();
    if mins.windows(2).any(|w| w[0] >= w[1]) || v.levels.iter().skip(1).any(|l| l.min_vp.is_none())
    {
        c.error_at(
            "V02",
            "victory levels must have strictly increasing min_vp, only the first may omit it"
                .into(),
            &path!["victory", "levels"],
            None,
        );
    }
    for (i, a) in v.automatic.iter().enumerate() {
        let at = path!["victory", "automatic", i, "side"];
        check_side_ref(ids, a.side.as_str(), "automatic victory", &at, c);
        for (j, p) in a.places.iter().enumerate() {
            if !ids.places.contains(p.as_str()) {
                c.error_at(
                    "V03",
                    format!("automatic victory: place {} is not on the map", quoted(p)),
                    &path!["victory", "automatic", i, "places", j],
                    Some(Subject::Place(p.clone())),
                );
            }
        }
    }
}
