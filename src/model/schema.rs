//! JSON Schemas of the four file formats, generated from the Rust types
//! (`sztab schema --out schemas`).

use schemars::{JsonSchema, generate::SchemaSettings};

use super::{Counters, FileKind, Map, Scenario, TerrainCatalogue};

fn schema_of<T: JsonSchema>(kind: FileKind) -> String {
    let mut schema = SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>();
    schema.insert(
        "title".into(),
        format!("Sztab {} file ({})", kind.name(), kind.suffix()).into(),
    );
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema is plain JSON");
    text.push('\n');
    text
}

/// File name of a kind's schema: `scenario.schema.json`.
pub fn file_name(kind: FileKind) -> String {
    format!("{}.schema.json", kind.name())
}

/// The schema text of every file kind.
pub fn all() -> Vec<(FileKind, String)> {
    FileKind::ALL
        .into_iter()
        .map(|k| {
            let text = match k {
                FileKind::Scenario => schema_of::<Scenario>(k),
                FileKind::Map => schema_of::<Map>(k),
                FileKind::Counters => schema_of::<Counters>(k),
                FileKind::Terrain => schema_of::<TerrainCatalogue>(k),
            };
            (k, text)
        })
        .collect()
}
