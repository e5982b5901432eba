//! Set-up operations on a scenario of any rule system (its described setup list): a unit
//! moved onto a hex (to the top of its stack), taken off the map, a start state set. Each
//! is one undoable edit of per-placement slot changes, as WB-95's drafts make.

use super::draft::ListDraft;
use crate::document::Document;
use crate::edit::{Change, Edit};
use sztab_core::hex::HexId;
use sztab_core::model::described::Placement;
use sztab_core::model::{AttrValue, UnitId};

/// The edit that moves `units` onto `to`, each to the top of the stack there, or takes them
/// off the map (`None`); `None` when the document is not such a scenario or nothing moves.
pub fn move_units(
    doc: &Document,
    units: &[UnitId],
    to: Option<HexId>,
    label: &str,
) -> Option<Edit> {
    let moves: Vec<(UnitId, Option<HexId>)> = units.iter().map(|u| (u.clone(), to)).collect();
    place_units(doc, &moves, label)
}

/// The edit that sets `units` up one a hex on the first of `hexes` where no other unit
/// stands (a formation dropped on the map); units left without a hex stay where they were.
pub fn spread_units(
    doc: &Document,
    units: &[UnitId],
    hexes: &[HexId],
    label: &str,
) -> Option<Edit> {
    let g = doc.described()?;
    let taken: std::collections::BTreeSet<HexId> = g
        .bundle
        .scenario
        .setup
        .iter()
        .filter(|p| !units.contains(&p.unit))
        .map(|p| p.hex)
        .collect();
    let grid = &g.bundle.map.grid;
    let free = hexes
        .iter()
        .copied()
        .filter(|h| grid.contains(*h) && !taken.contains(h));
    let moves: Vec<(UnitId, Option<HexId>)> = units.iter().cloned().zip(free.map(Some)).collect();
    place_units(doc, &moves, label)
}

/// The edit that moves each unit onto its hex (to the top of the stack there) or off the
/// map (`None`).
fn place_units(doc: &Document, moves: &[(UnitId, Option<HexId>)], label: &str) -> Option<Edit> {
    let g = doc.described()?;
    let mut setup = ListDraft::new(&g.bundle.scenario.setup);
    for (u, to) in moves {
        let to = *to;
        let old = setup.list.iter().position(|p| p.unit == *u);
        if let (Some(i), Some(h)) = (old, to)
            && setup.list[i].hex == h
        {
            continue;
        }
        // A unit keeps its start states wherever it goes.
        let state = old
            .and_then(|i| setup.remove(i))
            .map(|p| p.state)
            .unwrap_or_default();
        if let Some(h) = to {
            let at = setup
                .list
                .iter()
                .rposition(|p| p.hex == h)
                .map_or(setup.list.len(), |i| i + 1);
            let unit = u.clone();
            setup.insert(
                at,
                Placement {
                    unit,
                    hex: h,
                    state,
                },
            );
        }
    }
    finish(setup, label)
}

/// The edit that sets a start state (`key` of the system's placement schema) of `unit`'s
/// placement to `value` (`None` removes it).
pub fn set_state(
    doc: &Document,
    unit: &UnitId,
    key: &str,
    value: Option<AttrValue>,
) -> Option<Edit> {
    let g = doc.described()?;
    let mut setup = ListDraft::new(&g.bundle.scenario.setup);
    let i = setup.list.iter().position(|p| p.unit == *unit)?;
    let mut p = setup.list[i].clone();
    match value {
        Some(v) => {
            p.state.insert(key.to_owned(), v);
        }
        None => {
            p.state.remove(key);
        }
    }
    setup.replace(i, p);
    finish(setup, &format!("Set {key} of {unit}"))
}

fn finish(setup: ListDraft<Placement>, label: &str) -> Option<Edit> {
    let mut edit = Edit::new(label);
    for s in setup.into_slots() {
        edit.push(Change::DescribedPlacement(s));
    }
    (!edit.is_empty()).then_some(edit)
}
