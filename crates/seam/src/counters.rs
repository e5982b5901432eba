//! How the counters of a scenario are drawn, whatever its system: WB-95 draws its typed
//! counters itself; a described system's units get a face from [`RuleSystem::counter_face`].

use std::collections::{BTreeMap, HashMap};

use super::{BundleRef, RuleSystem};
use sztab_core::hex::HexId;
use sztab_core::model::described;
use sztab_core::model::{Colour, FieldKind, Schema, UnitKind, UnitSize};
use sztab_core::render::counter::{CounterFace, Stack, UnitLayer, UnitMarkers};

/// The plain face of a described unit: its nation's colours, its designation and
/// formation, the schema's whole-number values joined as printed ("3-2-4") under an
/// infantry symbol. Systems with a look of their own override
/// [`RuleSystem::counter_face`].
pub fn plain_face(
    schema: &Schema,
    counters: &described::Counters,
    unit: &described::Unit,
) -> CounterFace {
    let nation = counters.nation(unit.nation.as_str());
    let values: Vec<String> = schema
        .fields
        .iter()
        .filter(|f| matches!(f.kind, FieldKind::Int { .. }))
        .map(|f| schema.int(&unit.attrs, f.key).to_string())
        .collect();
    CounterFace {
        fill: nation.map_or(Colour::rgb(150, 150, 150), |n| n.colour),
        ink: nation.map_or(Colour::rgb(0, 0, 0), |n| n.text_colour),
        kind: UnitKind::Infantry,
        size: UnitSize::Company,
        designation: unit.designation.clone(),
        formation: unit
            .formation
            .as_ref()
            .map(|f| f.to_string())
            .unwrap_or_default(),
        values: values.join("-"),
        reduced: false,
        stars: Vec::new(),
        markers: UnitMarkers::default(),
        layout: Default::default(),
    }
}

/// The NATO size a counter prints ("II", "XX"), if it is one.
pub fn nato_size(text: &str) -> Option<UnitSize> {
    Some(match text {
        "I" => UnitSize::Company,
        "II" => UnitSize::Battalion,
        "III" => UnitSize::Regiment,
        "X" => UnitSize::Brigade,
        "XX" => UnitSize::Division,
        "XXX" => UnitSize::Corps,
        "XXXX" => UnitSize::Army,
        _ => return None,
    })
}

/// A face of a unit: `plain_face`'s colours, designation and formation, with a kind and a
/// printed layout of the system's, its size from the NATO mark `size` (other marks, like
/// "KG", printed as they are; none left blank).
pub fn face_of(
    counters: &described::Counters,
    unit: &described::Unit,
    kind: UnitKind,
    size: &str,
    layout: sztab_core::render::counter::Layout,
) -> CounterFace {
    let nation = counters.nation(unit.nation.as_str());
    let mut layout = layout;
    let nato = nato_size(size);
    if nato.is_none() && layout.label.is_none() {
        layout.label = Some(if size == "none" {
            String::new()
        } else {
            size.to_owned()
        });
    }
    CounterFace {
        fill: nation.map_or(Colour::rgb(150, 150, 150), |n| n.colour),
        ink: nation.map_or(Colour::rgb(0, 0, 0), |n| n.text_colour),
        kind,
        size: nato.unwrap_or(UnitSize::Company),
        designation: unit.designation.clone(),
        formation: unit
            .formation
            .as_ref()
            .map(|f| f.to_string())
            .unwrap_or_default(),
        values: String::new(),
        reduced: false,
        stars: Vec::new(),
        markers: UnitMarkers::default(),
        layout,
    }
}

/// The colour of the formation a unit belongs to, if it has one.
pub fn formation_colour(counters: &described::Counters, unit: &described::Unit) -> Option<Colour> {
    let f = unit.formation.as_ref()?;
    counters.formations.iter().find(|x| x.id == *f)?.colour
}

/// The counters of a scenario's setup, stacked by hex (the first placed on top).
pub fn setup_layer(system: &dyn RuleSystem, bundle: BundleRef<'_>) -> UnitLayer {
    match bundle {
        BundleRef::Wb95(b) => UnitLayer::of_setup(&b.scenario, &b.counters),
        BundleRef::Described(b) => {
            // By id in constant time: linear in the setup, however large.
            let mut units = HashMap::new();
            for u in &b.counters.units {
                units.entry(u.id.as_str()).or_insert(u);
            }
            let mut by_hex: BTreeMap<HexId, Stack> = BTreeMap::new();
            for p in &b.scenario.setup {
                let Some(&u) = units.get(p.unit.as_str()) else {
                    continue;
                };
                let face = system.counter_face(&b.counters, u, &p.state);
                let st = by_hex.entry(p.hex).or_insert_with(|| Stack {
                    hex: p.hex,
                    units: Vec::new(),
                    faces: Vec::new(),
                });
                st.units.push(p.unit.clone());
                st.faces.push(face);
            }
            UnitLayer {
                stacks: by_hex.into_values().collect(),
            }
        }
    }
}
