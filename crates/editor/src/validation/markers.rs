//! Where problems are on the map: the hex a problem names, or the hex its unit stands on,
//! so the canvas can outline them and a click in the panel can centre them.

use std::collections::BTreeMap;

use crate::document::Document;
use sztab_core::hex::HexId;
use sztab_core::model::{Problem, Severity, Subject};

/// The hex a problem is about, if it has one on the map.
pub fn hex_of(subject: &Subject, doc: &Document) -> Option<HexId> {
    let grid = &doc.map().grid;
    let h = match subject {
        Subject::Hex(h) => Some(*h),
        Subject::Hexside(s) => Some(s.hexes().0),
        Subject::Unit(u) => match (doc.scenario(), doc.described()) {
            (Some(s), _) => s.setup.iter().find(|p| p.unit == *u).map(|p| p.hex),
            (_, Some(g)) => g
                .bundle
                .scenario
                .setup
                .iter()
                .find(|p| p.unit == *u)
                .map(|p| p.hex),
            _ => None,
        },
        Subject::Formation(f) => {
            let (s, c) = (doc.scenario()?, doc.counters()?);
            s.setup
                .iter()
                .find(|p| {
                    c.unit(p.unit.as_str())
                        .and_then(|u| u.formation.as_ref())
                        .is_some_and(|uf| c.is_within(uf.as_str(), f.as_str()))
                })
                .map(|p| p.hex)
        }
        Subject::Place(name) => doc
            .map()
            .places
            .iter()
            .find(|p| p.name == *name)
            .and_then(|p| p.hexes.first().copied()),
        Subject::Side(_) => None,
    }?;
    grid.contains(h).then_some(h)
}

/// The worst severity found on each hex; acknowledged warnings are not marked.
pub fn by_hex(problems: &[Problem], doc: &Document) -> BTreeMap<HexId, Severity> {
    let mut out: BTreeMap<HexId, Severity> = BTreeMap::new();
    for p in problems.iter().filter(|p| p.acknowledged.is_none()) {
        let Some(h) = p.subject.as_ref().and_then(|s| hex_of(s, doc)) else {
            continue;
        };
        let e = out.entry(h).or_insert(p.severity);
        // Error sorts before Warning: keep the smaller.
        *e = (*e).min(p.severity);
    }
    out
}
