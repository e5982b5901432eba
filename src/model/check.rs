//! Reference checks run on load: every id a file uses exists, every hex is on the map,
//! every terrain kind is in the catalogue. These are checks of the data's shape; the
//! rules' setup checks (stacking, supply...) live in the engine.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use super::range;
use super::source::Source;
use super::{
    Counters, Entry, Map, Problem, RestrictionRule, Scenario, Scope, Subject, SupplySource,
    TerrainCatalogue, VpEvent,
};
use crate::hex::HexId;

/// Collects problems for one file, locating them in its text.
pub(crate) struct Checker<'a> {
    src: &'a Source,
    pub out: Vec<Problem>,
}

impl<'a> Checker<'a> {
    pub fn new(src: &'a Source) -> Self {
        Self {
            src,
            out: Vec::new(),
        }
    }

    /// Adds `p`, located at the first quoted `needle` after `anchor`.
    pub fn push(&mut self, p: Problem, anchor: &str, needle: &str) {
        let pos = if needle.is_empty() {
            None
        } else {
            self.src.find_after(anchor, needle)
        };
        let p = if self.src.path.as_os_str().is_empty() {
            p
        } else {
            p.at(self.src.path.clone(), pos)
        };
        self.out.push(p);
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

    pub fn warning(
        &mut self,
        code: &'static str,
        msg: String,
        anchor: &str,
        needle: &str,
        subject: Option<Subject>,
    ) {
        let mut p = Problem::warning(code, msg);
        p.subject = subject;
        self.push(p, anchor, needle);
    }

    /// An error about a field's value, located at the field name.
    pub fn field_error(&mut self, code: &'static str, msg: String, field: &str) {
        self.at_field(Problem::error(code, msg), field);
    }

    /// A warning about a field's value, located at the field name.
    pub fn field_warning(&mut self, code: &'static str, msg: String, field: &str) {
        self.at_field(Problem::warning(code, msg), field);
    }

    fn at_field(&mut self, p: Problem, field: &str) {
        let pos = self.src.find_field(field);
        let p = if self.src.path.as_os_str().is_empty() {
            p
        } else {
            p.at(self.src.path.clone(), pos)
        };
        self.out.push(p);
    }
}

fn duplicates<'x>(ids: impl Iterator<Item = &'x str>) -> Vec<&'x str> {
    let mut seen = HashSet::new();
    ids.filter(|id| !seen.insert(*id)).collect()
}

pub fn check_terrain(cat: &TerrainCatalogue, src: &Source) -> Vec<Problem> {
    let mut c = Checker::new(src);
    let all = cat
        .terrain
        .iter()
        .map(|t| t.id.as_str())
        .chain(cat.features.iter().map(|t| t.id.as_str()))
        .chain(cat.hexsides.iter().map(|t| t.id.as_str()))
        .chain(cat.roads.iter().map(|t| t.id.as_str()));
    for d in duplicates(all) {
        c.error(
            "D01",
            format!("terrain id \"{d}\" is declared twice"),
            "",
            d,
            None,
        );
    }
    if cat.terrain.is_empty() {
        c.field_error(
            "D02",
            "the catalogue declares no base terrain".into(),
            "terrain",
        );
    }
    c.out
}

pub fn check_map(map: &Map, cat: &TerrainCatalogue, src: &Source) -> Vec<Problem> {
    let mut c = Checker::new(src);
    let g = map.grid;
    for (&hex, cell) in &map.hexes {
        let h = hex.to_string();
        if !g.contains(hex) {
            c.error(
                "M01",
                format!("hex {h} is not on the {}×{} map", g.cols, g.rows),
                "",
                &h,
                Some(Subject::Hex(hex)),
            );
            continue;
        }
        if cat.terrain(cell.terrain.as_str()).is_none() {
            let t = cell.terrain.as_str();
            c.error(
                "T01",
                format!("hex {h}: terrain \"{t}\" is not in the terrain catalogue"),
                &h,
                t,
                Some(Subject::Hex(hex)),
            );
        }
        for f in &cell.features {
            if cat.feature(f.as_str()).is_none() {
                c.error(
                    "T02",
                    format!("hex {h}: feature \"{f}\" is not in the terrain catalogue"),
                    &h,
                    f.as_str(),
                    Some(Subject::Hex(hex)),
                );
            }
        }
        for d in duplicates(cell.features.iter().map(|f| f.as_str())) {
            c.warning(
                "T02",
                format!("hex {h}: feature \"{d}\" is listed twice"),
                &h,
                d,
                Some(Subject::Hex(hex)),
            );
        }
    }
    let missing: Vec<HexId> = g.iter().filter(|h| !map.hexes.contains_key(h)).collect();
    if let Some(first) = missing.first() {
        let msg = format!(
            "{} hex(es) of the grid have no terrain, the first is {first}; every hex needs a terrain",
            missing.len()
        );
        c.error("G01", msg, "", "", Some(Subject::Hex(*first)));
    }
    check_hexsides(map, cat, &mut c);
    for (&side, road) in &map.roads {
        let s = side.to_string();
        if !g.has_hexside(side) {
            c.error(
                "G02",
                format!("road {s} does not join two adjacent hexes of the map"),
                "",
                &s,
                Some(Subject::Hexside(side)),
            );
        }
        if cat.road(road.as_str()).is_none() {
            c.error(
                "T04",
                format!("road {s}: road kind \"{road}\" is not in the terrain catalogue"),
                &s,
                road.as_str(),
                Some(Subject::Hexside(side)),
            );
        }
    }
    check_places_and_zones(map, &mut c);
    c.out
}

fn check_hexsides(map: &Map, cat: &TerrainCatalogue, c: &mut Checker) {
    for (&side, features) in &map.hexsides {
        let s = side.to_string();
        let subject = Some(Subject::Hexside(side));
        if !map.grid.has_hexside(side) {
            c.error(
                "G02",
                format!("hexside {s} does not join two adjacent hexes of the map"),
                "",
                &s,
                subject.clone(),
            );
            continue;
        }
        for f in features {
            let Some(kind) = cat.hexside(f.kind.as_str()) else {
                let k = f.kind.as_str();
                c.error(
                    "T03",
                    format!("hexside {s}: kind \"{k}\" is not in the terrain catalogue"),
                    &s,
                    k,
                    subject.clone(),
                );
                continue;
            };
            match (kind.role.is_line(), f.protects) {
                (true, None) => c.error(
                    "F03",
                    format!(
                        "hexside {s}: the {} needs `protects`, the hex on its defended side",
                        kind.name
                    ),
                    "",
                    &s,
                    subject.clone(),
                ),
                (true, Some(p)) if !side.touches(p) => c.error(
                    "F03",
                    format!("hexside {s}: `protects` is {p}, which is not one of its two hexes"),
                    &s,
                    &p.to_string(),
                    subject.clone(),
                ),
                (false, Some(_)) => c.warning(
                    "F03",
                    format!("hexside {s}: `protects` is only meaningful on fortification lines"),
                    "",
                    &s,
                    subject.clone(),
                ),
                _ => {}
            }
        }
    }
}

fn check_places_and_zones(map: &Map, c: &mut Checker) {
    let g = map.grid;
    for d in duplicates(map.places.iter().map(|p| p.name.as_str())) {
        c.error(
            "D01",
            format!("place \"{d}\" is named twice"),
            "",
            d,
            Some(Subject::Place(d.into())),
        );
    }
    for p in &map.places {
        if p.hexes.is_empty() {
            c.error(
                "M02",
                format!("place \"{}\" has no hexes", p.name),
                "",
                &p.name,
                Some(Subject::Place(p.name.clone())),
            );
        }
        for &h in p.hexes.iter().filter(|&&h| !g.contains(h)) {
            let msg = format!("place \"{}\": hex {h} is not on the map", p.name);
            c.error("M01", msg, &p.name, &h.to_string(), Some(Subject::Hex(h)));
        }
    }
    for l in &map.labels {
        if !g.contains(l.hex) {
            let msg = format!("label \"{}\": hex {} is not on the map", l.text, l.hex);
            c.error(
                "M01",
                msg,
                &l.text,
                &l.hex.to_string(),
                Some(Subject::Hex(l.hex)),
            );
        }
    }
    for (zone, hexes) in &map.zones {
        for &h in hexes {
            if !g.contains(h) {
                let msg = format!("entry zone {zone}: hex {h} is not on the map");
                c.error(
                    "M01",
                    msg,
                    zone.as_str(),
                    &h.to_string(),
                    Some(Subject::Hex(h)),
                );
            } else if g.edges_of(h).is_empty() {
                let msg = format!("entry zone {zone}: hex {h} is not on a map edge");
                c.warning(
                    "R01",
                    msg,
                    zone.as_str(),
                    &h.to_string(),
                    Some(Subject::Hex(h)),
                );
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
        c.field_error(
            "G03",
            "underlay calibration must have a positive finite scale and finite numbers".into(),
            "calibration",
        );
    }
}

pub fn check_counters(cs: &Counters, src: &Source) -> Vec<Problem> {
    let mut c = Checker::new(src);
    for (what, ids) in [
        (
            "nation",
            cs.nations.iter().map(|n| n.id.as_str()).collect::<Vec<_>>(),
        ),
        (
            "formation",
            cs.formations.iter().map(|n| n.id.as_str()).collect(),
        ),
        ("unit", cs.units.iter().map(|n| n.id.as_str()).collect()),
        (
            "air counter",
            cs.air.iter().map(|n| n.id.as_str()).collect(),
        ),
    ] {
        for d in duplicates(ids.into_iter()) {
            c.error(
                "U01",
                format!("{what} id \"{d}\" is declared twice"),
                "",
                d,
                None,
            );
        }
    }
    for f in &cs.formations {
        let id = f.id.as_str();
        let subject = Some(Subject::Formation(f.id.clone()));
        if cs.nation(f.nation.as_str()).is_none() {
            c.error(
                "C02",
                format!("formation {id}: nation \"{}\" is not declared", f.nation),
                id,
                f.nation.as_str(),
                subject.clone(),
            );
        }
        if let Some(p) = &f.parent {
            if cs.formation(p.as_str()).is_none() {
                c.error(
                    "U03",
                    format!("formation {id}: parent formation \"{p}\" is not declared"),
                    id,
                    p.as_str(),
                    subject,
                );
            } else if p == &f.id || cs.is_within(p.as_str(), id) {
                c.error(
                    "U03",
                    format!("formation {id} is its own ancestor"),
                    "",
                    id,
                    subject,
                );
            }
        }
    }
    for u in &cs.units {
        check_unit(cs, u, &mut c);
    }
    for a in &cs.air {
        if cs.nation(a.nation.as_str()).is_none() {
            let id = a.id.as_str();
            c.error(
                "C02",
                format!("air counter {id}: nation \"{}\" is not declared", a.nation),
                id,
                a.nation.as_str(),
                None,
            );
        }
    }
    c.out
}

fn check_unit(cs: &Counters, u: &super::UnitDef, c: &mut Checker) {
    let id = u.id.as_str();
    let subject = Some(Subject::Unit(u.id.clone()));
    if cs.nation(u.nation.as_str()).is_none() {
        c.error(
            "C02",
            format!("unit {id}: nation \"{}\" is not declared", u.nation),
            id,
            u.nation.as_str(),
            subject.clone(),
        );
    }
    if let Some(f) = &u.formation {
        match cs.formation(f.as_str()) {
            None => c.error(
                "U03",
                format!("unit {id}: formation \"{f}\" is not declared"),
                id,
                f.as_str(),
                subject.clone(),
            ),
            Some(form) if form.nation != u.nation => c.warning(
                "U03",
                format!(
                    "unit {id} is {} but its formation {f} is {}",
                    u.nation, form.nation
                ),
                id,
                f.as_str(),
                subject.clone(),
            ),
            _ => {}
        }
    }
    if !(1..=2).contains(&u.cel) {
        c.error(
            "U05",
            format!(
                "unit {id}: CEL is {}; a counter has 1 or 2 CEL (R1.2)",
                u.cel
            ),
            "",
            id,
            subject.clone(),
        );
    } else if u.cel == 2 && u.reduced.is_none() {
        c.error(
            "U05",
            format!("unit {id} has 2 CEL but no reduced side"),
            "",
            id,
            subject.clone(),
        );
    } else if u.cel == 1 && u.reduced.is_some() {
        c.warning(
            "U05",
            format!("unit {id} has 1 CEL, so its reduced side is never used"),
            "",
            id,
            subject.clone(),
        );
    }
    if let Some(r) = &u.reduced {
        let (full_def, red_def) = (u.defense.unwrap_or(u.sp), r.defense.unwrap_or(r.sp));
        if r.sp > u.sp || red_def > full_def {
            c.error(
                "U05",
                format!(
                    "unit {id}: its reduced side ({} SP, defense {red_def}) is stronger than its full side ({} SP, defense {full_def})",
                    r.sp, u.sp
                ),
                "",
                id,
                subject.clone(),
            );
        }
    }
    for d in duplicates(u.stars.iter().map(|s| match s {
        super::Star::Black => "Black",
        super::Star::White => "White",
        super::Star::Yellow => "Yellow",
        super::Star::Blue => "Blue",
    })) {
        c.warning(
            "U08",
            format!("unit {id} lists a {d} star twice (stars are cumulative, so this gives 2)"),
            "",
            id,
            subject.clone(),
        );
    }
}

/// Checks a scenario against its map and counters.
pub fn check_scenario(s: &Scenario, map: &Map, cs: &Counters, src: &Source) -> Vec<Problem> {
    let mut c = Checker::new(src);
    check_sides(s, cs, &mut c);
    if s.end < s.start {
        c.field_error(
            "S02",
            format!(
                "the scenario ends ({}) before it starts ({})",
                s.end, s.start
            ),
            "end",
        );
    } else if s.turns() > i64::from(range::TURNS.max) {
        c.field_error(
            "S02",
            format!(
                "the scenario lasts {} turns ({} to {}); at most {} are played",
                s.turns(),
                s.start,
                s.end,
                range::TURNS.max
            ),
            "end",
        );
    }
    let on_map = |h: HexId| map.grid.contains(h);
    let mut placed: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &s.setup {
        let u = p.unit.as_str();
        *placed.entry(u).or_default() += 1;
        let subject = Some(Subject::Unit(p.unit.clone()));
        if cs.unit(u).is_none() {
            c.error(
                "U02",
                format!("setup: unit \"{u}\" is not in the counters file"),
                "setup",
                u,
                subject.clone(),
            );
        }
        if !on_map(p.hex) {
            let h = p.hex.to_string();
            c.error(
                "M01",
                format!("setup: unit {u} is placed on hex {h}, which is not on the map"),
                u,
                &h,
                Some(Subject::Hex(p.hex)),
            );
        }
        if let (Some(cel), Some(def)) = (p.cel, cs.unit(u))
            && (cel == 0 || cel > def.cel)
        {
            c.error(
                "U05",
                format!(
                    "setup: unit {u} starts with {cel} CEL but its counter has {}",
                    def.cel
                ),
                "",
                u,
                subject,
            );
        }
    }
    for (u, n) in placed.iter().filter(|(_, n)| **n > 1) {
        c.error(
            "U01",
            format!("setup: unit {u} is placed {n} times"),
            "setup",
            u,
            Some(Subject::Unit((*u).into())),
        );
    }
    check_reinforcements(s, map, cs, &placed, &mut c);
    super::area_check::check_areas(s, map, cs, &placed, &mut c);
    check_orders(s, map, cs, &mut c);
    check_victory(s, map, &mut c);
    c.out
}

fn check_sides(s: &Scenario, cs: &Counters, c: &mut Checker) {
    if s.sides.len() != 2 {
        c.field_error(
            "S01",
            format!("a scenario has two sides; this one has {}", s.sides.len()),
            "sides",
        );
    }
    for d in duplicates(s.sides.iter().map(|x| x.id.as_str())) {
        c.error(
            "S01",
            format!("side \"{d}\" is declared twice"),
            "sides",
            d,
            None,
        );
    }
    if s.side(s.initiative.as_str()).is_none() {
        c.field_error(
            "S01",
            format!(
                "initiative side \"{}\" is not one of the sides",
                s.initiative
            ),
            "initiative",
        );
    }
    let mut nation_side = BTreeMap::new();
    for side in &s.sides {
        for n in &side.nations {
            if cs.nation(n.as_str()).is_none() {
                c.error(
                    "C02",
                    format!(
                        "side {}: nation \"{n}\" is not in the counters file",
                        side.id
                    ),
                    side.id.as_str(),
                    n.as_str(),
                    None,
                );
            }
            if let Some(other) = nation_side.insert(n.as_str(), side.id.as_str()) {
                c.error(
                    "S01",
                    format!("nation {n} is on both sides ({other} and {})", side.id),
                    "",
                    n.as_str(),
                    None,
                );
            }
        }
        if side.supply.is_empty() {
            c.error(
                "L01",
                format!("side {} has no supply source", side.id),
                "",
                side.id.as_str(),
                None,
            );
        }
    }
}

/// Does the scenario know the unit, and is it on a side?
fn check_unit_ref(s: &Scenario, cs: &Counters, u: &str, ctx: &str, anchor: &str, c: &mut Checker) {
    match cs.unit(u) {
        None => c.error(
            "U02",
            format!("{ctx}: unit \"{u}\" is not in the counters file"),
            anchor,
            u,
            Some(Subject::Unit(u.into())),
        ),
        Some(def) if s.side_of_nation(def.nation.as_str()).is_none() => c.error(
            "S01",
            format!(
                "{ctx}: unit {u} is {}, a nation on neither side",
                def.nation
            ),
            anchor,
            u,
            Some(Subject::Unit(u.into())),
        ),
        _ => {}
    }
}

fn check_reinforcements(
    s: &Scenario,
    map: &Map,
    cs: &Counters,
    placed: &BTreeMap<&str, usize>,
    c: &mut Checker,
) {
    let mut arriving = BTreeSet::new();
    for p in &s.setup {
        if let Some(def) = cs.unit(p.unit.as_str())
            && s.side_of_nation(def.nation.as_str()).is_none()
        {
            let u = p.unit.as_str();
            c.error(
                "S01",
                format!(
                    "setup: unit {u} is {}, a nation on neither side",
                    def.nation
                ),
                "setup",
                u,
                None,
            );
        }
    }
    for r in &s.reinforcements {
        let ctx = format!("reinforcement of {}", r.date);
        for u in &r.units {
            let u = u.as_str();
            check_unit_ref(s, cs, u, &ctx, "reinforcements", c);
            if placed.contains_key(u) {
                c.error(
                    "U01",
                    format!("unit {u} is both set up and a reinforcement"),
                    "reinforcements",
                    u,
                    Some(Subject::Unit(u.into())),
                );
            }
            if !arriving.insert(u) {
                c.error(
                    "U01",
                    format!("unit {u} arrives twice"),
                    "reinforcements",
                    u,
                    Some(Subject::Unit(u.into())),
                );
            }
        }
        if r.units.is_empty() {
            c.warning("R01", format!("{ctx} has no units"), "", "", None);
        }
        if r.entry.is_empty() {
            let first = r.units.first().map(|u| u.as_str()).unwrap_or("");
            c.error(
                "R01",
                format!("{ctx} has no entry zone or hex"),
                "reinforcements",
                first,
                None,
            );
        }
        for e in &r.entry {
            check_entry(e, map, &ctx, c);
        }
    }
}

fn check_entry(e: &Entry, map: &Map, ctx: &str, c: &mut Checker) {
    match e {
        Entry::Zone(z) if !map.zones.contains_key(z) => c.error(
            "R01",
            format!("{ctx}: entry zone \"{z}\" is not on the map"),
            "reinforcements",
            z.as_str(),
            None,
        ),
        Entry::Hex(h) if !map.grid.contains(*h) => {
            let hs = h.to_string();
            c.error(
                "M01",
                format!("{ctx}: entry hex {h} is not on the map"),
                "reinforcements",
                &hs,
                Some(Subject::Hex(*h)),
            )
        }
        Entry::Place(p) if map.place(p).is_none() => c.error(
            "M02",
            format!("{ctx}: place \"{p}\" is not on the map"),
            "reinforcements",
            p,
            Some(Subject::Place(p.clone())),
        ),
        _ => {}
    }
}

fn check_orders(s: &Scenario, map: &Map, cs: &Counters, c: &mut Checker) {
    for w in &s.withdrawals {
        if cs.formation(w.formation.as_str()).is_none() {
            let f = w.formation.as_str();
            c.error(
                "R05",
                format!("withdrawal: formation \"{f}\" is not in the counters file"),
                "withdrawals",
                f,
                None,
            );
        }
    }
    for r in &s.restrictions {
        match &r.scope {
            Scope::Formation(f) if cs.formation(f.as_str()).is_none() => c.error(
                "R06",
                format!("restriction: formation \"{f}\" is not in the counters file"),
                "restrictions",
                f.as_str(),
                None,
            ),
            Scope::Units(us) => {
                for u in us.iter().filter(|u| cs.unit(u.as_str()).is_none()) {
                    c.error(
                        "R06",
                        format!("restriction: unit \"{u}\" is not in the counters file"),
                        "restrictions",
                        u.as_str(),
                        None,
                    );
                }
            }
            _ => {}
        }
        if let RestrictionRule::NoCrossing { hexside, .. } = &r.rule
            && map.hexsides_of_kind(hexside.as_str()).next().is_none()
        {
            let h = hexside.as_str();
            c.warning(
                "R06",
                format!("restriction: the map has no \"{h}\" hexsides"),
                "restrictions",
                h,
                None,
            );
        }
    }
    for side in &s.sides {
        for src in &side.supply {
            match src {
                SupplySource::Place(p) if map.place(p).is_none() => c.error(
                    "L01",
                    format!("side {}: supply place \"{p}\" is not on the map", side.id),
                    "supply",
                    p,
                    None,
                ),
                SupplySource::Hex(h) if !map.grid.contains(*h) => c.error(
                    "L01",
                    format!("side {}: supply hex {h} is not on the map", side.id),
                    "supply",
                    &h.to_string(),
                    None,
                ),
                SupplySource::Hq(u) if !cs.unit(u.as_str()).is_some_and(|d| d.is_hq()) => c.error(
                    "L01",
                    format!("side {}: supply HQ \"{u}\" is not an HQ counter", side.id),
                    "supply",
                    u.as_str(),
                    None,
                ),
                _ => {}
            }
        }
    }
    for a in &s.air {
        check_side_ref(s, a.side.as_str(), "air", c);
        for id in a
            .counters
            .iter()
            .filter(|id| cs.air_counter(id.as_str()).is_none())
        {
            c.error(
                "A01",
                format!("air: counter \"{id}\" is not in the counters file"),
                "air",
                id.as_str(),
                None,
            );
        }
    }
    for b in &s.barrage {
        check_side_ref(s, b.side.as_str(), "barrage", c);
    }
    for (&h, side) in &s.control {
        if !map.grid.contains(h) {
            c.error(
                "M01",
                format!("control: hex {h} is not on the map"),
                "control",
                &h.to_string(),
                Some(Subject::Hex(h)),
            );
        }
        check_side_ref(s, side.as_str(), "control", c);
    }
    for &b in &s.destroyed_bridges {
        if !map.roads.contains_key(&b) || !map.hexsides.contains_key(&b) {
            let bs = b.to_string();
            c.error(
                "G02",
                format!("destroyed bridge {bs}: no road crosses a hexside feature there"),
                "destroyed_bridges",
                &bs,
                Some(Subject::Hexside(b)),
            );
        }
    }
}

fn check_side_ref(s: &Scenario, side: &str, ctx: &str, c: &mut Checker) {
    if s.side(side).is_none() {
        c.error(
            "S01",
            format!("{ctx}: side \"{side}\" is not one of the sides"),
            ctx,
            side,
            None,
        );
    }
}

fn check_victory(s: &Scenario, map: &Map, c: &mut Checker) {
    let Some(v) = &s.victory else {
        c.field_error(
            "V01",
            "the scenario has no victory conditions".into(),
            "victory",
        );
        if let Some(last) = c.out.last_mut() {
            last.severity = super::Severity::Warning;
        }
        return;
    };
    check_side_ref(s, v.scorer.as_str(), "victory", c);
    for (n, field) in [(v.points.len(), "points"), (v.automatic.len(), "automatic")] {
        if let Err(e) = range::VICTORY_CONDITIONS.check(n) {
            c.field_error("V04", format!("victory: {field}: {e}"), field);
        }
    }
    for award in &v.points {
        match &award.event {
            VpEvent::ControlPlace(p) if map.place(p).is_none() => c.error(
                "M02",
                format!("victory: place \"{p}\" is not on the map"),
                "victory",
                p,
                Some(Subject::Place(p.clone())),
            ),
            VpEvent::CrossRiver(r) if map.named_hexsides(r).next().is_none() => c.error(
                "M03",
                format!("victory: no hexside of the map is named \"{r}\""),
                "victory",
                r,
                None,
            ),
            _ => {}
        }
    }
    for l in &v.levels {
        check_side_ref(s, l.winner.as_str(), "victory", c);
    }
    let mins: Vec<i32> = v.levels.iter().filter_map(|l| l.min_vp).collect();
    if mins.windows(2).any(|w| w[0] >= w[1]) || v.levels.iter().skip(1).any(|l| l.min_vp.is_none())
    {
        c.field_error(
            "V02",
            "victory levels must have strictly increasing min_vp, only the first may omit it"
                .into(),
            "levels",
        );
    }
    for a in &v.automatic {
        check_side_ref(s, a.side.as_str(), "automatic victory", c);
        for p in a.places.iter().filter(|p| map.place(p).is_none()) {
            c.error(
                "V03",
                format!("automatic victory: place \"{p}\" is not on the map"),
                "automatic",
                p,
                Some(Subject::Place(p.clone())),
            );
        }
    }
}
