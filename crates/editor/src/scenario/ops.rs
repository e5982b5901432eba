//! Scenario and order-of-battle operations on a [`Draft`]: placing and moving units,
//! reductions and setup states, stack order, adding, duplicating, renaming and deleting
//! units, formations and nations with every reference that names them.

use super::draft::Draft;
use super::naming;
use sztab_core::hex::HexId;
use sztab_core::model::{
    FormationId, FreeSetup, Holder, NationId, Placement, Restriction, Scope, Subject, SupplySource,
    UnitDef, UnitId,
};

/// Where a unit is in the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whereabouts {
    Placed(HexId),
    /// In the reinforcement group with this index.
    Arrives(usize),
    /// Without a fixed hex: its player sets it up in its set-up area.
    Free,
    Unused,
}

pub fn whereabouts(d: &Draft, unit: &str) -> Whereabouts {
    if let Some(p) = d.setup.list.iter().find(|p| p.unit.as_str() == unit) {
        return Whereabouts::Placed(p.hex);
    }
    if d.s.free_setup.iter().any(|f| f.unit.as_str() == unit) {
        return Whereabouts::Free;
    }
    match d
        .s
        .reinforcements
        .iter()
        .position(|r| r.units.iter().any(|u| u.as_str() == unit))
    {
        Some(i) => Whereabouts::Arrives(i),
        None => Whereabouts::Unused,
    }
}

/// Takes a unit out of every reinforcement group; groups left empty are dropped.
fn unschedule(d: &mut Draft, unit: &str) {
    for r in &mut d.s.reinforcements {
        r.units.retain(|u| u.as_str() != unit);
    }
    d.s.reinforcements.retain(|r| !r.units.is_empty());
}

/// Places `unit` on `hex` (moving it if placed, taking it out of the schedule if it was a
/// reinforcement). It joins the hex's stack at the bottom, keeping its starting CEL and
/// setup state; the setup list stays grouped by hex.
pub fn place(d: &mut Draft, unit: &UnitId, hex: HexId) {
    let old = d.setup.list.iter().position(|p| p.unit == *unit);
    if let Some(i) = old
        && d.setup.list[i].hex == hex
    {
        return;
    }
    let free = take_free(d, unit.as_str());
    let mut placement = match old.and_then(|i| d.setup.remove(i)) {
        Some(p) => p,
        None => Placement {
            cel: free.as_ref().and_then(|f| f.cel),
            fortified: free.as_ref().is_some_and(|f| f.fortified),
            artillery: free.and_then(|f| f.artillery),
            ..Placement::new(unit.clone(), hex)
        },
    };
    placement.hex = hex;
    unschedule(d, unit.as_str());
    let at = d
        .setup
        .list
        .iter()
        .rposition(|p| p.hex == hex)
        .map_or(d.setup.list.len(), |i| i + 1);
    d.setup.insert(at, placement);
}

/// Takes a unit off the map (and out of the free set-up).
pub fn unplace(d: &mut Draft, unit: &str) {
    if let Some(i) = d.setup.list.iter().position(|p| p.unit.as_str() == unit) {
        d.setup.remove(i);
    }
    take_free(d, unit);
}

/// Takes a unit out of the free set-up, returning its entry.
fn take_free(d: &mut Draft, unit: &str) -> Option<FreeSetup> {
    let i =
        d.s.free_setup
            .iter()
            .position(|f| f.unit.as_str() == unit)?;
    Some(d.s.free_setup.remove(i))
}

/// Sets a unit up freely: it loses its fixed hex (keeping its starting state) or leaves
/// the schedule, and its player sets it up in its set-up area when the game starts.
pub fn set_free(d: &mut Draft, unit: &UnitId) {
    if d.s.free_setup.iter().any(|f| f.unit == *unit) {
        return;
    }
    let placed = d.setup.list.iter().position(|p| p.unit == *unit);
    let p = placed.and_then(|i| d.setup.remove(i));
    unschedule(d, unit.as_str());
    d.s.free_setup.push(FreeSetup {
        unit: unit.clone(),
        cel: p.as_ref().and_then(|p| p.cel),
        fortified: p.as_ref().is_some_and(|p| p.fortified),
        artillery: p.and_then(|p| p.artillery),
    });
}

/// Changes a placed unit's starting state.
pub fn set_placement(d: &mut Draft, unit: &str, f: impl FnOnce(&mut Placement)) {
    if let Some(i) = d.setup.list.iter().position(|p| p.unit.as_str() == unit) {
        let mut p = d.setup.list[i].clone();
        f(&mut p);
        d.setup.replace(i, p);
    }
}

/// Moves the `from`-th unit of a hex's stack (0 = top) to position `to`.
pub fn reorder(d: &mut Draft, hex: HexId, from: usize, to: usize) {
    let at: Vec<usize> = (0..d.setup.list.len())
        .filter(|&i| d.setup.list[i].hex == hex)
        .collect();
    if from >= at.len() || to >= at.len() || from == to {
        return;
    }
    let Some(p) = d.setup.remove(at[from]) else {
        return;
    };
    let rest: Vec<usize> = (0..d.setup.list.len())
        .filter(|&i| d.setup.list[i].hex == hex)
        .collect();
    let index = match rest.get(to) {
        Some(&i) => i,
        None => rest.last().map_or(d.setup.list.len(), |&i| i + 1),
    };
    d.setup.insert(index, p);
}

/// Adds a unit after the last unit of its formation (or at the end).
pub fn add_unit(d: &mut Draft, def: UnitDef) {
    let at = d
        .units
        .list
        .iter()
        .rposition(|u| u.formation.is_some() && u.formation == def.formation)
        .map_or(d.units.list.len(), |i| i + 1);
    d.units.insert(at, def);
}

/// A copy of a unit with the next free id and designation, right after it.
pub fn duplicate_unit(d: &mut Draft, id: &str) -> Option<UnitId> {
    let i = d.unit_index(id)?;
    let mut copy = d.units.list[i].clone();
    let (new_id, designation) = naming::copy_names(id, &copy.designation, |c| {
        d.units.list.iter().any(|u| u.id.as_str() == c)
    });
    copy.id = UnitId::new(new_id);
    copy.designation = designation;
    let new = copy.id.clone();
    d.units.insert(i + 1, copy);
    Some(new)
}

/// Everything in the scenario that names a unit, for the delete confirmation.
pub fn unit_uses(d: &Draft, id: &str) -> Vec<String> {
    let mut out = Vec::new();
    match whereabouts(d, id) {
        Whereabouts::Placed(h) => out.push(format!("placed on {h}")),
        Whereabouts::Arrives(i) => out.push(format!(
            "arrives on {}",
            d.s.reinforcements
                .get(i)
                .map_or(String::new(), |r| r.date.to_string())
        )),
        Whereabouts::Free => out.push("set up freely".into()),
        Whereabouts::Unused => {}
    }
    if d.s.restrictions.iter().any(|r| names_unit(r, id)) {
        out.push("named by a movement restriction".into());
    }
    if d.s.sides.iter().any(|s| {
        s.supply
            .iter()
            .any(|x| matches!(x, SupplySource::Hq(u) if u.as_str() == id))
    }) {
        out.push("a supply source".into());
    }
    out
}

fn names_unit(r: &Restriction, id: &str) -> bool {
    matches!(&r.scope, Scope::Units(v) if v.iter().any(|u| u.as_str() == id))
}

/// Deletes a unit and every reference to it (its placement or free set-up, schedule
/// entry, restrictions, supply sources, set-up areas and acknowledged warnings).
pub fn delete_unit(d: &mut Draft, id: &str) {
    unplace(d, id);
    unschedule(d, id);
    for r in &mut d.s.restrictions {
        if let Scope::Units(v) = &mut r.scope {
            v.retain(|u| u.as_str() != id);
        }
    }
    d.s.restrictions
        .retain(|r| !matches!(&r.scope, Scope::Units(v) if v.is_empty()));
    for s in &mut d.s.sides {
        s.supply
            .retain(|x| !matches!(x, SupplySource::Hq(u) if u.as_str() == id));
    }
    for a in &mut d.s.areas {
        if let Holder::Units(us) = &mut a.holder {
            us.retain(|u| u.as_str() != id);
        }
    }
    d.s.areas
        .retain(|a| !matches!(&a.holder, Holder::Units(us) if us.is_empty()));
    d.s.acknowledged
        .retain(|a| !matches!(&a.subject, Some(Subject::Unit(u)) if u.as_str() == id));
    if let Some(i) = d.unit_index(id) {
        d.units.remove(i);
    }
}

/// Gives a unit a new id, following it everywhere it is named. Refused (false) when the
/// new id is empty or taken.
pub fn rename_unit(d: &mut Draft, old: &str, new: &str) -> bool {
    let new = new.trim();
    if new.is_empty() || d.unit(new).is_some() {
        return false;
    }
    let Some(i) = d.unit_index(old) else {
        return false;
    };
    let nid = UnitId::new(new);
    let mut def = d.units.list[i].clone();
    def.id = nid.clone();
    d.units.replace(i, def);
    d.setup.update_all(|p| {
        if p.unit.as_str() == old {
            p.unit = nid.clone();
        }
    });
    let swap = |u: &mut UnitId| {
        if u.as_str() == old {
            *u = nid.clone();
        }
    };
    for r in &mut d.s.reinforcements {
        r.units.iter_mut().for_each(swap);
    }
    for r in &mut d.s.restrictions {
        if let Scope::Units(v) = &mut r.scope {
            v.iter_mut().for_each(swap);
        }
    }
    for s in &mut d.s.sides {
        for x in &mut s.supply {
            if let SupplySource::Hq(u) = x {
                swap(u);
            }
        }
    }
    for a in &mut d.s.acknowledged {
        if let Some(Subject::Unit(u)) = &mut a.subject {
            swap(u);
        }
    }
    d.s.free_setup.iter_mut().for_each(|f| swap(&mut f.unit));
    for a in &mut d.s.areas {
        if let Holder::Units(us) = &mut a.holder {
            us.iter_mut().for_each(swap);
        }
    }
    true
}

/// Moves a unit into a formation; it takes the formation's nation.
pub fn move_to_formation(d: &mut Draft, unit: &str, formation: Option<&str>) {
    let Some(i) = d.unit_index(unit) else { return };
    let mut def = d.units.list[i].clone();
    def.formation = formation.map(FormationId::new);
    if let Some(f) = formation.and_then(|f| d.formation(f)) {
        def.nation = f.nation.clone();
    }
    d.units.replace(i, def);
}

/// Gives a formation a new id, following it to its units, sub-formations, withdrawals and
/// restrictions. Refused when the id is empty or taken.
pub fn rename_formation(d: &mut Draft, old: &str, new: &str) -> bool {
    let new = new.trim();
    if new.is_empty() || d.formation(new).is_some() {
        return false;
    }
    let Some(i) = d.formation_index(old) else {
        return false;
    };
    let nid = FormationId::new(new);
    let mut f = d.formations.list[i].clone();
    f.id = nid.clone();
    d.formations.replace(i, f);
    let swap = |x: &mut Option<FormationId>| {
        if x.as_ref().is_some_and(|f| f.as_str() == old) {
            *x = Some(nid.clone());
        }
    };
    d.formations.update_all(|f| swap(&mut f.parent));
    d.units.update_all(|u| swap(&mut u.formation));
    for w in &mut d.s.withdrawals {
        if w.formation.as_str() == old {
            w.formation = nid.clone();
        }
    }
    for r in &mut d.s.restrictions {
        if let Scope::Formation(f) = &mut r.scope
            && f.as_str() == old
        {
            *f = nid.clone();
        }
    }
    for a in &mut d.s.acknowledged {
        if let Some(Subject::Formation(f)) = &mut a.subject
            && f.as_str() == old
        {
            *f = nid.clone();
        }
    }
    for a in &mut d.s.areas {
        if let Holder::Formation(f) = &mut a.holder
            && f.as_str() == old
        {
            *f = nid.clone();
        }
    }
    true
}

/// How many units and sub-formations a formation holds directly.
pub fn formation_contents(d: &Draft, id: &str) -> (usize, usize) {
    let units = d
        .units
        .list
        .iter()
        .filter(|u| u.formation.as_ref().is_some_and(|f| f.as_str() == id))
        .count();
    let subs = d
        .formations
        .list
        .iter()
        .filter(|f| f.parent.as_ref().is_some_and(|p| p.as_str() == id))
        .count();
    (units, subs)
}

/// Deletes a formation: its units and sub-formations move up to its parent; withdrawals,
/// restrictions and set-up areas that name it are dropped.
pub fn delete_formation(d: &mut Draft, id: &str) {
    let Some(i) = d.formation_index(id) else {
        return;
    };
    let parent = d.formations.list[i].parent.clone();
    let up = |x: &mut Option<FormationId>| {
        if x.as_ref().is_some_and(|f| f.as_str() == id) {
            *x = parent.clone();
        }
    };
    d.units.update_all(|u| up(&mut u.formation));
    d.formations.update_all(|f| up(&mut f.parent));
    d.s.withdrawals.retain(|w| w.formation.as_str() != id);
    d.s.restrictions
        .retain(|r| !matches!(&r.scope, Scope::Formation(f) if f.as_str() == id));
    d.s.areas
        .retain(|a| !matches!(&a.holder, Holder::Formation(f) if f.as_str() == id));
    if let Some(i) = d.formation_index(id) {
        d.formations.remove(i);
    }
}

/// Gives a nation a new id, following it to units, formations, air counters and sides.
pub fn rename_nation(d: &mut Draft, old: &str, new: &str) -> bool {
    let new = new.trim();
    if new.is_empty() || d.nations.list.iter().any(|n| n.id.as_str() == new) {
        return false;
    }
    let Some(i) = d.nations.list.iter().position(|n| n.id.as_str() == old) else {
        return false;
    };
    let nid = NationId::new(new);
    let mut n = d.nations.list[i].clone();
    n.id = nid.clone();
    d.nations.replace(i, n);
    let swap = |x: &mut NationId| {
        if x.as_str() == old {
            *x = nid.clone();
        }
    };
    d.units.update_all(|u| swap(&mut u.nation));
    d.formations.update_all(|f| swap(&mut f.nation));
    d.air.update_all(|a| swap(&mut a.nation));
    for s in &mut d.s.sides {
        s.nations.iter_mut().for_each(swap);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use sztab_core::model::{Bundle, Scenario};

    fn fixture() -> Bundle {
        let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        Bundle::load(&p).unwrap().0
    }

    fn apply(b: &mut Bundle, f: impl FnOnce(&mut Draft)) -> crate::edit::Edit {
        let mut d = Draft::new(&b.scenario, &b.counters);
        f(&mut d);
        let edit = d.finish("test");
        edit.apply(&mut target(b));
        edit
    }

    fn target(b: &mut Bundle) -> crate::edit::Target<'_> {
        crate::edit::Target {
            map: &mut b.map,
            terrain: &mut b.terrain,
            terrain_path: &mut b.paths.terrain,
            scenario: Some(&mut b.scenario),
            counters: Some(&mut b.counters),
            described: None,
        }
    }

    fn hexes_of(s: &Scenario, h: &str) -> Vec<String> {
        let h = HexId::parse(h).unwrap();
        s.setup
            .iter()
            .filter(|p| p.hex == h)
            .map(|p| p.unit.to_string())
            .collect()
    }

    #[test]
    fn placing_moves_a_unit_to_the_bottom_of_the_stack_and_undo_restores() {
        let mut b = fixture();
        let before = (b.scenario.clone(), b.counters.clone());
        let e = apply(&mut b, |d| {
            place(d, &UnitId::new("10ID/20"), HexId::parse("0605").unwrap())
        });
        assert_eq!(
            hexes_of(&b.scenario, "0605"),
            ["1PzD/1", "1PzD/2", "10ID/20"]
        );
        assert!(hexes_of(&b.scenario, "0606").is_empty());
        e.revert(&mut target(&mut b));
        assert_eq!((b.scenario.clone(), b.counters.clone()), before);
    }

    #[test]
    fn placing_a_reinforcement_takes_it_out_of_the_schedule() {
        let mut b = fixture();
        apply(&mut b, |d| {
            place(d, &UnitId::new("505"), HexId::parse("0303").unwrap())
        });
        assert!(b.scenario.reinforcements.is_empty());
        assert_eq!(hexes_of(&b.scenario, "0303"), ["505"]);
    }

    #[test]
    fn reorder_changes_the_top_counter() {
        let mut b = fixture();
        apply(&mut b, |d| reorder(d, HexId::parse("0605").unwrap(), 1, 0));
        assert_eq!(hexes_of(&b.scenario, "0605"), ["1PzD/2", "1PzD/1"]);
    }

    #[test]
    fn duplicate_numbers_the_copy_and_delete_cascades() {
        let mut b = fixture();
        let mut new = None;
        apply(&mut b, |d| new = duplicate_unit(d, "10ID/85"));
        let new = new.unwrap();
        assert_eq!(new.as_str(), "10ID/86");
        assert_eq!(b.counters.unit("10ID/86").unwrap().designation, "86");
        let before = (b.scenario.clone(), b.counters.clone());
        let d = Draft::new(&b.scenario, &b.counters);
        assert_eq!(unit_uses(&d, "HQ 60A"), ["placed on 1106"]);
        let e = apply(&mut b, |d| delete_unit(d, "HQ 60A"));
        assert!(b.counters.unit("HQ 60A").is_none());
        assert!(b.scenario.setup.iter().all(|p| p.unit.as_str() != "HQ 60A"));
        e.revert(&mut target(&mut b));
        assert_eq!((b.scenario.clone(), b.counters.clone()), before);
    }

    #[test]
    fn renames_follow_every_reference() {
        let mut b = fixture();
        apply(&mut b, |d| {
            assert!(rename_unit(d, "505", "s.Pz.Abt 505"));
            assert!(!rename_unit(d, "202", "307"), "taken ids are refused");
            assert!(rename_formation(d, "IIARM", "II TC"));
            assert!(rename_nation(d, "soviet", "ussr"));
        });
        assert_eq!(
            b.scenario.reinforcements[0].units[0].as_str(),
            "s.Pz.Abt 505"
        );
        assert!(
            matches!(&b.scenario.restrictions[0].scope, Scope::Formation(f) if f.as_str() == "II TC")
        );
        assert_eq!(
            b.counters
                .unit("IIARM/26")
                .unwrap()
                .formation
                .as_ref()
                .unwrap()
                .as_str(),
            "II TC"
        );
        assert_eq!(b.scenario.sides[1].nations[0].as_str(), "ussr");
        assert!(
            sztab_wb95::live_check::check_bundle(&b)
                .iter()
                .all(|p| !p.is_error())
        );
    }

    #[test]
    fn deleting_a_formation_moves_its_units_up() {
        let mut b = fixture();
        apply(&mut b, |d| delete_formation(d, "IIARM"));
        assert_eq!(
            b.counters
                .unit("IIARM/26")
                .unwrap()
                .formation
                .as_ref()
                .unwrap()
                .as_str(),
            "60A"
        );
        assert!(b.scenario.restrictions.is_empty());
    }
}
