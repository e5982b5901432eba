//! The order of battle as a tree: sides → formations (nested under their parents) →
//! units, filtered by a text and by "unplaced only". Units of no formation sit under their
//! side's "Not in a formation"; units of a nation no side plays, under "No side".

use std::collections::BTreeSet;

use sztab_core::model::described::{Bundle, Unit};
use sztab_core::model::{FormationId, NationId, UnitId};

/// A row of the tree.
#[derive(Clone, Debug, PartialEq)]
pub enum Row {
    /// A side (its name), with its units counted and how many are set up.
    Side {
        name: String,
        units: usize,
        set_up: usize,
    },
    /// A formation, or the units of none (`id` None), with every unit under it (its
    /// sub-formations' too); `key` names it for folding.
    Formation {
        key: String,
        id: Option<FormationId>,
        name: String,
        depth: usize,
        units: Vec<UnitId>,
        folded: bool,
    },
    /// A unit, by its index in the counter set.
    Unit { index: usize, depth: usize },
}

/// What the tree shows.
#[derive(Clone, Debug, Default)]
pub struct View {
    pub filter: String,
    pub unplaced_only: bool,
    /// Only the units the scenario uses (set up, off map, arriving): a counter set may
    /// hold a whole game's counters (PanzerBlitz's 354) and a situation use 30.
    pub in_scenario: bool,
    /// The formations folded, by key.
    pub folded: BTreeSet<String>,
}

impl View {
    /// The view a scenario opens with: only the units it uses when it uses some of the
    /// counter set's, not all.
    pub fn of(b: &Bundle) -> View {
        let used = b
            .counters
            .units
            .iter()
            .filter(|u| placed_or_scheduled(b, &u.id))
            .count();
        View {
            in_scenario: used > 0 && used < b.counters.units.len(),
            ..View::default()
        }
    }

    /// Does the view leave units out?
    fn filtering(&self) -> bool {
        !self.filter.trim().is_empty() || self.unplaced_only || self.in_scenario
    }

    fn shows(&self, b: &Bundle, u: &Unit) -> bool {
        let used = placed_or_scheduled(b, &u.id);
        if self.unplaced_only && used || self.in_scenario && !used {
            return false;
        }
        let f = self.filter.trim().to_lowercase();
        f.is_empty()
            || u.id.as_str().to_lowercase().contains(&f)
            || u.designation.to_lowercase().contains(&f)
            || u.formation
                .as_ref()
                .and_then(|x| b.counters.formations.iter().find(|y| y.id == *x))
                .is_some_and(|x| x.name.to_lowercase().contains(&f))
    }
}

/// Is the unit set up on the map or off it, or does it arrive later?
fn placed_or_scheduled(b: &Bundle, u: &UnitId) -> bool {
    b.scenario.uses(u)
}

/// Where a unit is, as the tree says it: "0407", "off map: Leningrad box", "arrives turn 3",
/// "unplaced"; "leaves turn 6" added when it departs.
pub fn status(b: &Bundle, u: &UnitId) -> String {
    let s = &b.scenario;
    let mut at = if let Some(p) = s.setup.iter().find(|p| p.unit == *u) {
        p.hex.to_string()
    } else if let Some(o) = s.off_map.iter().find(|p| p.unit == *u) {
        format!("off map: {}", o.in_box)
    } else if let Some(a) = s.arrivals.iter().find(|a| a.units.contains(u)) {
        format!("arrives turn {}", a.turn)
    } else {
        "unplaced".to_owned()
    };
    if let Some(d) = s.departures.iter().find(|d| d.units.contains(u)) {
        at += &format!(", leaves turn {}", d.turn);
    }
    at
}

/// The rows of the tree for `view`.
pub fn rows(b: &Bundle, view: &View) -> Vec<Row> {
    let mut out = Vec::new();
    let mut sided: BTreeSet<&NationId> = BTreeSet::new();
    for side in &b.scenario.sides {
        sided.extend(side.nations.iter());
        side_rows(b, view, &side.name, &side.nations, &mut out);
    }
    let others: Vec<NationId> = b
        .counters
        .nations
        .iter()
        .map(|n| n.id.clone())
        .filter(|n| !sided.contains(n))
        .collect();
    if b.counters.units.iter().any(|u| others.contains(&u.nation)) {
        side_rows(b, view, "No side", &others, &mut out);
    }
    out
}

fn side_rows(b: &Bundle, view: &View, name: &str, nations: &[NationId], out: &mut Vec<Row>) {
    let of_side: Vec<usize> = (0..b.counters.units.len())
        .filter(|i| nations.contains(&b.counters.units[*i].nation))
        .collect();
    let set_up = of_side
        .iter()
        .filter(|i| {
            let id = &b.counters.units[**i].id;
            b.scenario.setup.iter().any(|p| p.unit == *id)
        })
        .count();
    out.push(Row::Side {
        name: name.to_owned(),
        units: of_side.len(),
        set_up,
    });
    let roots = b
        .counters
        .formations
        .iter()
        .filter(|f| nations.contains(&f.nation) && parent_of(b, &f.id).is_none());
    for f in roots {
        formation_rows(b, view, name, &f.id, 0, out);
    }
    let loose: Vec<usize> = of_side
        .iter()
        .copied()
        .filter(|i| formation_of(b, &b.counters.units[*i]).is_none())
        .filter(|i| view.shows(b, &b.counters.units[*i]))
        .collect();
    if !loose.is_empty() {
        let key = format!("{name}/");
        let header = Header {
            folded: view.folded.contains(&key),
            key,
            id: None,
            name: "Not in a formation".to_owned(),
            depth: 0,
            units: loose
                .iter()
                .map(|i| b.counters.units[*i].id.clone())
                .collect(),
        };
        push_group(out, header, loose);
    }
}

/// The formation a unit belongs to, if the counter set has it.
fn formation_of<'a>(b: &'a Bundle, u: &Unit) -> Option<&'a FormationId> {
    let f = u.formation.as_ref()?;
    b.counters
        .formations
        .iter()
        .find(|x| x.id == *f)
        .map(|x| &x.id)
}

/// A formation's parent, if the counter set has it (a formation naming a missing parent
/// is a root).
fn parent_of<'a>(b: &'a Bundle, f: &FormationId) -> Option<&'a FormationId> {
    let p = b
        .counters
        .formations
        .iter()
        .find(|x| x.id == *f)?
        .parent
        .as_ref()?;
    b.counters
        .formations
        .iter()
        .find(|x| x.id == *p && x.id != *f)
        .map(|x| &x.id)
}

/// The formation `f` (at `depth`) and, unless folded, its units and sub-formations;
/// under a filter, only if a unit under it shows.
fn formation_rows(
    b: &Bundle,
    view: &View,
    side: &str,
    f: &FormationId,
    depth: usize,
    out: &mut Vec<Row>,
) {
    // A parent loop in a hand-written file stops here instead of recursing for ever.
    if depth > b.counters.formations.len() {
        return;
    }
    let filtering = view.filtering();
    let under = all_units(b, f, depth);
    let unit = |id: &UnitId| b.counters.units.iter().find(|u| u.id == *id);
    if filtering && !under.iter().filter_map(unit).any(|u| view.shows(b, u)) {
        return;
    }
    let shown: Vec<usize> = (0..b.counters.units.len())
        .filter(|i| {
            let u = &b.counters.units[*i];
            formation_of(b, u) == Some(f) && view.shows(b, u)
        })
        .collect();
    let name = b
        .counters
        .formations
        .iter()
        .find(|x| x.id == *f)
        .map_or_else(|| f.to_string(), |x| x.name.clone());
    let key = format!("{side}/{f}");
    let folded = view.folded.contains(&key);
    push_group(
        out,
        Header {
            key,
            id: Some(f.clone()),
            name,
            depth,
            units: under,
            folded,
        },
        shown,
    );
    if folded {
        return;
    }
    let subs = b
        .counters
        .formations
        .iter()
        .filter(|x| parent_of(b, &x.id) == Some(f));
    for s in subs {
        formation_rows(b, view, side, &s.id, depth + 1, out);
    }
}

/// Every unit of formation `f` and of its sub-formations.
fn all_units(b: &Bundle, f: &FormationId, depth: usize) -> Vec<UnitId> {
    let mut v: Vec<UnitId> = b
        .counters
        .units
        .iter()
        .filter(|u| formation_of(b, u) == Some(f))
        .map(|u| u.id.clone())
        .collect();
    if depth <= b.counters.formations.len() {
        for s in b
            .counters
            .formations
            .iter()
            .filter(|x| parent_of(b, &x.id) == Some(f))
        {
            v.extend(all_units(b, &s.id, depth + 1));
        }
    }
    v
}

/// A formation row's contents.
struct Header {
    key: String,
    id: Option<FormationId>,
    name: String,
    depth: usize,
    units: Vec<UnitId>,
    folded: bool,
}

/// A formation's row, then (unless folded) the rows of the units shown directly in it.
fn push_group(out: &mut Vec<Row>, h: Header, shown: Vec<usize>) {
    let depth = h.depth;
    let folded = h.folded;
    out.push(Row::Formation {
        key: h.key,
        id: h.id,
        name: h.name,
        depth,
        units: h.units,
        folded,
    });
    if !folded {
        out.extend(shown.into_iter().map(|index| Row::Unit {
            index,
            depth: depth + 1,
        }));
    }
}
