//! Editing one unit definition: typed fields (validated as you type), pickers for its
//! formation, nation, type, size and movement class, and flag switches. Shared by the unit
//! inspector and every row of the unit table; every change is an undoable edit.

use egui::{Id, Ui};

use super::fields;
use super::ops;
use super::unit_fields::{self, Field};
use super::workbench::Workbench;
use crate::document::Document;
use sztab_core::model::{MovementClass, NationId, UnitDef, UnitFlags, UnitKind, UnitSize};

pub const KINDS: [(UnitKind, &str); 16] = [
    (UnitKind::Infantry, "Infantry"),
    (UnitKind::MotorizedInfantry, "Motorized infantry"),
    (UnitKind::Mechanized, "Mechanized"),
    (UnitKind::Armored, "Armored"),
    (UnitKind::Cavalry, "Cavalry"),
    (UnitKind::Airborne, "Airborne"),
    (UnitKind::Artillery, "Artillery"),
    (UnitKind::AntiTank, "Anti-tank"),
    (UnitKind::AssaultGun, "Assault gun"),
    (UnitKind::AntiAircraft, "Anti-aircraft"),
    (UnitKind::Recon, "Reconnaissance"),
    (UnitKind::Engineer, "Engineer"),
    (UnitKind::Headquarters, "HQ"),
    (UnitKind::Fortification, "Fortification unit (FU)"),
    (UnitKind::Resilience, "Resilience group (RG)"),
    (UnitKind::Volkssturm, "Volkssturm (VS)"),
];

pub const SIZES: [(UnitSize, &str); 7] = [
    (UnitSize::Company, "I company"),
    (UnitSize::Battalion, "II battalion"),
    (UnitSize::Regiment, "III regiment"),
    (UnitSize::Brigade, "X brigade"),
    (UnitSize::Division, "XX division"),
    (UnitSize::Corps, "XXX corps"),
    (UnitSize::Army, "XXXX army"),
];

pub const MOVES: [(MovementClass, &str); 4] = [
    (MovementClass::Foot, "Foot"),
    (MovementClass::Trucked, "Trucked"),
    (MovementClass::Mechanized, "Mechanized"),
    (MovementClass::Static, "Static"),
];

pub fn name_of<T: PartialEq + Copy>(list: &[(T, &'static str)], v: T) -> &'static str {
    list.iter().find(|(k, _)| *k == v).map_or("?", |(_, n)| n)
}

fn replace_unit(doc: &mut Document, id: &str, label: &str, new: UnitDef) {
    Workbench::edit(doc, label, |d| {
        if let Some(i) = d.unit_index(id) {
            d.units.replace(i, new);
        }
    });
}

/// A typed field of unit `u` shown in `place` (the table, the inspector). An id change
/// follows the unit everywhere it is named; the new id is returned. The field is keyed by
/// the unit's position in the counter set, so typing a new id keeps the focus.
pub fn field(
    ui: &mut Ui,
    doc: &mut Document,
    u: &UnitDef,
    f: Field,
    width: f32,
    place: &str,
) -> Option<sztab_core::model::UnitId> {
    let counters = doc.counters()?;
    let index = counters.units.iter().position(|x| x.id == u.id)?;
    let id = Id::unique(("unit field", place, index, f));
    let name = format!("{} of {}", f.name(), u.id);
    let out = fields::validated(
        ui,
        id,
        &name,
        width,
        u,
        |u| f.text(u),
        |t| unit_fields::parse(f, t, u, counters),
    );
    let (key, ended) = (out.key, out.ended);
    let mut renamed = None;
    if let Some(new) = out.value {
        let label = format!("{} of {}", f.name(), u.id);
        let old = u.id.to_string();
        if new.id != u.id {
            renamed = Some(new.id.clone());
        }
        Workbench::edit_in_field(doc, key, &label, |d| {
            if new.id != u.id {
                ops::rename_unit(d, &old, new.id.as_str());
            }
            if let Some(i) = d.unit_index(new.id.as_str()) {
                d.units.replace(i, new);
            }
        });
    }
    if ended {
        doc.end_field(key);
    }
    renamed
}

/// A picker from a fixed list, applied to the unit when changed.
fn pick<T: PartialEq + Copy>(
    ui: &mut Ui,
    doc: &mut Document,
    u: &UnitDef,
    what: &str,
    list: &[(T, &'static str)],
    get: impl Fn(&UnitDef) -> T,
    set: impl Fn(&mut UnitDef, T),
) {
    let cur = get(u);
    let mut chosen = cur;
    egui::ComboBox::from_id_salt(("unit pick", what, u.id.as_str()))
        .selected_text(name_of(list, cur))
        .show_ui(ui, |ui| {
            for (v, n) in list {
                ui.selectable_value(&mut chosen, *v, *n);
            }
        })
        .response
        .on_hover_text(format!("{what} of {}", u.id));
    if chosen != cur {
        let mut new = u.clone();
        set(&mut new, chosen);
        replace_unit(doc, u.id.as_str(), &format!("{what} of {}", u.id), new);
    }
}

pub fn kind(ui: &mut Ui, doc: &mut Document, u: &UnitDef) {
    pick(
        ui,
        doc,
        u,
        "Type",
        &KINDS,
        |u| u.kind,
        |u, k| {
            u.kind = k;
            // Sensible companions: HQs are trucked, RGs static (U04).
            match k {
                UnitKind::Headquarters => u.movement = MovementClass::Trucked,
                UnitKind::Resilience => u.movement = MovementClass::Static,
                _ => {}
            }
        },
    );
}

pub fn size(ui: &mut Ui, doc: &mut Document, u: &UnitDef) {
    pick(ui, doc, u, "Size", &SIZES, |u| u.size, |u, s| u.size = s);
}

pub fn movement(ui: &mut Ui, doc: &mut Document, u: &UnitDef) {
    pick(
        ui,
        doc,
        u,
        "Movement",
        &MOVES,
        |u| u.movement,
        |u, m| u.movement = m,
    );
}

/// The unit's formation (moving it between formations) from those of its side's nations.
pub fn formation(ui: &mut Ui, doc: &mut Document, u: &UnitDef) {
    let Some(c) = doc.counters() else { return };
    let cur = u.formation.as_ref().map(|f| f.to_string());
    let mut chosen = cur.clone();
    let nations: Vec<NationId> = doc
        .scenario()
        .and_then(|s| s.side_of_nation(u.nation.as_str()))
        .map_or_else(|| vec![u.nation.clone()], |s| s.nations.clone());
    egui::ComboBox::from_id_salt(("unit formation", u.id.as_str()))
        .selected_text(cur.clone().unwrap_or_else(|| "(none)".into()))
        .width(110.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut chosen, None, "(none)");
            for f in c.formations.iter().filter(|f| nations.contains(&f.nation)) {
                ui.selectable_value(
                    &mut chosen,
                    Some(f.id.to_string()),
                    format!("{} — {}", f.id, f.name),
                );
            }
        })
        .response
        .on_hover_text(format!("Formation of {}", u.id));
    if chosen != cur {
        let id = u.id.to_string();
        Workbench::edit(
            doc,
            &format!("Move {id} to {}", chosen.clone().unwrap_or_default()),
            |d| ops::move_to_formation(d, &id, chosen.as_deref()),
        );
    }
}

pub fn nation(ui: &mut Ui, doc: &mut Document, u: &UnitDef) {
    let Some(c) = doc.counters() else { return };
    let mut chosen = u.nation.clone();
    egui::ComboBox::from_id_salt(("unit nation", u.id.as_str()))
        .selected_text(u.nation.to_string())
        .show_ui(ui, |ui| {
            for n in &c.nations {
                ui.selectable_value(&mut chosen, n.id.clone(), &n.name);
            }
        })
        .response
        .on_hover_text(format!("Nation of {}", u.id));
    if chosen != u.nation {
        let mut new = u.clone();
        new.nation = chosen;
        replace_unit(doc, u.id.as_str(), &format!("Nation of {}", u.id), new);
    }
}

type FlagRef = fn(&mut UnitFlags) -> &mut bool;

pub const FLAGS: [(&str, &str, FlagRef); 8] = [
    ("SS", "Waffen-SS: elite morale (R5.6.2)", |f| &mut f.ss),
    ("Guards", "Soviet Guards: elite morale (R5.6.2)", |f| {
        &mut f.guards
    }),
    (
        "Towed",
        "Towed guns: 1 CEL, combat or transport setup (R6.1.6)",
        |f| &mut f.towed,
    ),
    ("Self-propelled", "Self-propelled artillery (R6.1.8)", |f| {
        &mut f.self_propelled
    }),
    ("Volksgrenadier", "Volksgrenadier morale (R5.6.2)", |f| {
        &mut f.volksgrenadier
    }),
    (
        "Armored car",
        "Armored cars count as armor targets (R21.1.1)",
        |f| &mut f.armored_car,
    ),
    (
        "Panther",
        "Panther breakdowns, no repair (R22, R17.1.3)",
        |f| &mut f.panther,
    ),
    (
        "Ferdinand",
        "Ferdinands are never repaired (R17.1.3)",
        |f| &mut f.ferdinand,
    ),
];

/// The flag switches of a unit, as checkboxes.
pub fn flags(ui: &mut Ui, doc: &mut Document, u: &UnitDef) {
    let mut fl = u.flags;
    for (name, tip, get) in FLAGS {
        ui.checkbox(get(&mut fl), name).on_hover_text(tip);
    }
    if fl != u.flags {
        let mut new = u.clone();
        new.flags = fl;
        replace_unit(doc, u.id.as_str(), &format!("Flags of {}", u.id), new);
    }
}

/// The flags a unit has, as short text.
pub fn flags_text(f: &UnitFlags) -> String {
    let mut f = *f;
    FLAGS
        .iter()
        .filter(|(_, _, get)| *get(&mut f))
        .map(|(n, _, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}
