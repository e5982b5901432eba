//! JSON Schemas of the file formats, generated from the Rust types
//! (`sztab schema --out schemas`): the four formats of WB-95 and the core (maps, terrain
//! catalogues and tables files are every system's), and the described counters and scenarios of
//! each later system with its own attributes filled in from its schemas.

use schemars::{JsonSchema, generate::SchemaSettings};
use serde_json::{Value, json};

use super::attrs::{FieldKind, Schema};
use super::described::{self, Schemas};
use super::{Counters, FileKind, Map, Scenario, TerrainCatalogue};

fn schema_value<T: JsonSchema>(title: String) -> Value {
    let mut schema = SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>();
    schema.insert("title".into(), title.into());
    schema.to_value()
}

fn text(v: &Value) -> String {
    let mut text = serde_json::to_string_pretty(v).expect("a schema is plain JSON");
    text.push('\n');
    text
}

fn title(kind: FileKind) -> String {
    format!("Sztab {} file ({})", kind.name(), kind.suffix())
}

/// File name of a kind's schema: `scenario.schema.json`.
pub fn file_name(kind: FileKind) -> String {
    format!("{}.schema.json", kind.name())
}

/// The schema text of every file kind of WB-95 and the core, by file name.
pub fn all() -> Vec<(String, String)> {
    FileKind::ALL
        .into_iter()
        .map(|k| {
            let v = match k {
                FileKind::Scenario => schema_value::<Scenario>(title(k)),
                FileKind::Map => schema_value::<Map>(title(k)),
                FileKind::Counters => schema_value::<Counters>(title(k)),
                FileKind::Terrain => schema_value::<TerrainCatalogue>(title(k)),
                FileKind::Tables => schema_value::<super::tables::Tables>(title(k)),
            };
            (file_name(k), text(&v))
        })
        .collect()
}

/// The counters and scenario schemas of a described system (`toy.counters.schema.json`),
/// with its unit, placement and scenario attributes spelled out.
pub fn of_described_system(system: &str, schemas: &Schemas) -> Vec<(String, String)> {
    let named = |kind: FileKind| format!("{} ({system})", title(kind));
    let mut counters = schema_value::<described::Counters>(named(FileKind::Counters));
    set_attrs(&mut counters, "Unit", "attrs", &schemas.unit);
    set_attrs(&mut counters, "Formation", "attrs", &schemas.formation);
    pin_system(&mut counters, system);
    let mut scenario = schema_value::<described::Scenario>(named(FileKind::Scenario));
    set_attrs(&mut scenario, "Placement", "state", &schemas.placement);
    set_attrs(&mut scenario, "OffMap", "state", &schemas.placement);
    set_attrs(&mut scenario, "TurnRecord", "attrs", &schemas.turn);
    set_attrs(&mut scenario, "Replacement", "points", &schemas.replacement);
    set_names(&mut scenario, "OffMap", "box", schemas.boxes);
    set_names(&mut scenario, "Marker", "kind", schemas.markers);
    set_root_attrs(&mut scenario, "rules", &schemas.scenario);
    pin_system(&mut scenario, system);
    vec![
        (format!("{system}.counters.schema.json"), text(&counters)),
        (format!("{system}.scenario.schema.json"), text(&scenario)),
    ]
}

/// The JSON Schema of attribute values checked by `schema`.
fn attrs_schema(schema: &Schema) -> Value {
    let mut props = serde_json::Map::new();
    let mut required = Vec::new();
    for f in schema.fields {
        let mut p = match f.kind {
            FieldKind::Int { min, max } => {
                json!({"type": "integer", "minimum": min, "maximum": max})
            }
            FieldKind::Bool => json!({"type": "boolean"}),
            FieldKind::Text { max_len } => json!({"type": "string", "maxLength": max_len}),
            FieldKind::Choice(c) => {
                json!({"type": "string", "enum": c.iter().map(|c| c.value).collect::<Vec<_>>()})
            }
        };
        p["description"] = format!("{}: {}", f.label, f.help).into();
        if let Some(d) = f.default {
            p["default"] = serde_json::to_value(d.value()).unwrap_or(Value::Null);
        } else {
            required.push(f.key);
        }
        props.insert(f.key.into(), p);
    }
    json!({
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": false,
    })
}

fn set_attrs(root: &mut Value, def: &str, field: &str, schema: &Schema) {
    if let Some(p) = root.pointer_mut(&format!("/$defs/{def}/properties/{field}")) {
        *p = attrs_schema(schema);
    }
}

/// A name field (`box`, `kind`) limited to the system's names.
fn set_names(root: &mut Value, def: &str, field: &str, names: &[crate::model::attrs::Choice]) {
    if let Some(p) = root.pointer_mut(&format!("/$defs/{def}/properties/{field}")) {
        let values: Vec<&str> = names.iter().map(|c| c.value).collect();
        let described: Vec<String> = names
            .iter()
            .map(|c| format!("{}: {}", c.value, c.label))
            .collect();
        *p = json!({"type": "string", "enum": values, "description": described.join("; ")});
    }
}

fn set_root_attrs(root: &mut Value, field: &str, schema: &Schema) {
    if let Some(p) = root.pointer_mut(&format!("/properties/{field}")) {
        *p = attrs_schema(schema);
    }
}

fn pin_system(root: &mut Value, system: &str) {
    if let Some(p) = root.pointer_mut("/properties/system") {
        *p = json!({"const": system, "description": "The rule system of the file."});
    }
}
