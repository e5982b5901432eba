//! Attributes a rule system gives its counters, catalogue entries, placements and scenarios,
//! and the schema that declares them: what fields a unit has, with types, ranges and labels.
//! A schema is what the generated unit editor, the unit table, `sztab systems` and the
//! reference checks read; a file stores only the values (`{"attack": 6, "class": "A"}`).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One value of an attribute. Written in RON as a plain number, `true`/`false` or a string.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum AttrValue {
    Bool(bool),
    Int(i64),
    Text(String),
}

impl AttrValue {
    pub fn as_int(&self) -> Option<i64> {
        match self {
            AttrValue::Int(v) => Some(*v),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            AttrValue::Bool(v) => Some(*v),
            _ => None,
        }
    }

    pub fn as_text(&self) -> Option<&str> {
        match self {
            AttrValue::Text(v) => Some(v),
            _ => None,
        }
    }
}

impl std::fmt::Display for AttrValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AttrValue::Bool(v) => write!(f, "{}", if *v { "yes" } else { "no" }),
            AttrValue::Int(v) => write!(f, "{v}"),
            AttrValue::Text(v) => f.write_str(v),
        }
    }
}

/// Attribute values by field key, in a stable order so saves diff cleanly.
pub type Attrs = BTreeMap<String, AttrValue>;

/// A value written in a schema (schemas are `static` data of the systems).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lit {
    Bool(bool),
    Int(i64),
    Text(&'static str),
}

impl Lit {
    pub fn value(self) -> AttrValue {
        match self {
            Lit::Bool(b) => AttrValue::Bool(b),
            Lit::Int(i) => AttrValue::Int(i),
            Lit::Text(s) => AttrValue::Text(s.to_owned()),
        }
    }
}

/// One allowed value of a choice field, with how the editor names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub value: &'static str,
    pub label: &'static str,
}

/// The type of a field, with its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A whole number from `min` to `max`, both included.
    Int {
        min: i64,
        max: i64,
    },
    Bool,
    /// Free text of at most `max_len` characters.
    Text {
        max_len: usize,
    },
    /// One of a fixed list.
    Choice(&'static [Choice]),
}

/// One field of a schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldDef {
    /// The key in files: `attack`, `class`.
    pub key: &'static str,
    /// How the editor labels it: "Attack factor".
    pub label: &'static str,
    /// A line of help: what the field means in the rules.
    pub help: &'static str,
    pub kind: FieldKind,
    /// The value when the file has none; a field without a default must be given.
    pub default: Option<Lit>,
}

impl FieldDef {
    /// Why `v` is not a value of this field, if it is not.
    pub fn refuse(&self, v: &AttrValue) -> Option<String> {
        match (self.kind, v) {
            (FieldKind::Int { min, max }, AttrValue::Int(i)) => (*i < min || *i > max)
                .then(|| format!("{} is {i}; it must be from {min} to {max}", self.label)),
            (FieldKind::Bool, AttrValue::Bool(_)) => None,
            (FieldKind::Text { max_len }, AttrValue::Text(s)) => (s.chars().count() > max_len)
                .then(|| format!("{} is longer than {max_len} characters", self.label)),
            (FieldKind::Choice(choices), AttrValue::Text(s)) => {
                (!choices.iter().any(|c| c.value == s)).then(|| {
                    let names: Vec<&str> = choices.iter().map(|c| c.value).collect();
                    format!(
                        "{} is \"{}\"; expected one of {}",
                        self.label,
                        clip(s),
                        names.join(", ")
                    )
                })
            }
            (kind, v) => Some(format!(
                "{} should be {}, not {}",
                self.label,
                kind.describe(),
                describe_value(v)
            )),
        }
    }

    /// Parses text typed in an editor field into a value of this field.
    pub fn parse(&self, text: &str) -> Result<AttrValue, String> {
        let t = text.trim();
        let v =
            match self.kind {
                FieldKind::Int { .. } => AttrValue::Int(t.parse().map_err(|_| {
                    format!("{}: \"{}\" is not a whole number", self.label, clip(t))
                })?),
                FieldKind::Bool => match t {
                    "yes" | "true" | "1" => AttrValue::Bool(true),
                    "no" | "false" | "0" | "" => AttrValue::Bool(false),
                    _ => return Err(format!("{}: \"{}\" is not yes or no", self.label, clip(t))),
                },
                FieldKind::Text { .. } | FieldKind::Choice(_) => AttrValue::Text(t.to_owned()),
            };
        match self.refuse(&v) {
            Some(why) => Err(why),
            None => Ok(v),
        }
    }
}

impl FieldKind {
    fn describe(self) -> String {
        match self {
            FieldKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            FieldKind::Bool => "true or false".into(),
            FieldKind::Text { .. } => "a text in quotes".into(),
            FieldKind::Choice(c) => {
                let names: Vec<&str> = c.iter().map(|c| c.value).collect();
                format!("one of {}", names.join(", "))
            }
        }
    }
}

fn describe_value(v: &AttrValue) -> String {
    match v {
        AttrValue::Bool(b) => format!("{b}"),
        AttrValue::Int(i) => format!("the number {i}"),
        AttrValue::Text(s) => format!("\"{}\"", clip(s)),
    }
}

/// A value quoted in a message is cut at 40 characters.
fn clip(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_owned(),
    }
}

/// The fields of one kind of thing (a unit, a placement, a scenario's switches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schema {
    pub fields: &'static [FieldDef],
}

impl Schema {
    pub const EMPTY: Schema = Schema { fields: &[] };

    pub fn field(&self, key: &str) -> Option<&'static FieldDef> {
        self.fields.iter().find(|f| f.key == key)
    }

    /// The value of `key` in `attrs`, or the field's default.
    pub fn get(&self, attrs: &Attrs, key: &str) -> Option<AttrValue> {
        attrs
            .get(key)
            .cloned()
            .or_else(|| self.field(key)?.default.map(Lit::value))
    }

    pub fn int(&self, attrs: &Attrs, key: &str) -> i64 {
        self.get(attrs, key).and_then(|v| v.as_int()).unwrap_or(0)
    }

    pub fn bool(&self, attrs: &Attrs, key: &str) -> bool {
        self.get(attrs, key)
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    }

    pub fn text(&self, attrs: &Attrs, key: &str) -> String {
        self.get(attrs, key)
            .map(|v| v.to_string())
            .unwrap_or_default()
    }

    /// Every value that breaks the schema: unknown keys, missing required fields, values
    /// of the wrong type or outside their range. Each is `(key, message)`.
    pub fn violations(&self, attrs: &Attrs) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (k, v) in attrs {
            match self.field(k) {
                None => {
                    let known: Vec<&str> = self.fields.iter().map(|f| f.key).collect();
                    out.push((
                        k.clone(),
                        format!(
                            "unknown attribute \"{}\"; this system knows {}",
                            clip(k),
                            if known.is_empty() {
                                "none".to_owned()
                            } else {
                                known.join(", ")
                            }
                        ),
                    ));
                }
                Some(f) => {
                    if let Some(why) = f.refuse(v) {
                        out.push((k.clone(), why));
                    }
                }
            }
        }
        for f in self.fields {
            if f.default.is_none() && !attrs.contains_key(f.key) {
                out.push((
                    f.key.to_owned(),
                    format!("{} (\"{}\") is missing", f.label, f.key),
                ));
            }
        }
        out
    }

    /// The attributes of a new thing: every field at its default (0, no, "" or the first
    /// choice where there is none).
    pub fn defaults(&self) -> Attrs {
        self.fields
            .iter()
            .map(|f| {
                let v = match (f.default, f.kind) {
                    (Some(d), _) => d.value(),
                    (None, FieldKind::Int { min, max }) => AttrValue::Int(0.clamp(min, max)),
                    (None, FieldKind::Bool) => AttrValue::Bool(false),
                    (None, FieldKind::Text { .. }) => AttrValue::Text(String::new()),
                    (None, FieldKind::Choice(c)) => {
                        AttrValue::Text(c.first().map(|c| c.value).unwrap_or("").to_owned())
                    }
                };
                (f.key.to_owned(), v)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSES: &[Choice] = &[
        Choice {
            value: "A",
            label: "Armour-piercing",
        },
        Choice {
            value: "H",
            label: "High explosive",
        },
    ];
    const FIELDS: &[FieldDef] = &[
        FieldDef {
            key: "attack",
            label: "Attack factor",
            help: "",
            kind: FieldKind::Int { min: 0, max: 99 },
            default: None,
        },
        FieldDef {
            key: "class",
            label: "Weapon class",
            help: "",
            kind: FieldKind::Choice(CLASSES),
            default: Some(Lit::Text("A")),
        },
    ];
    const SCHEMA: Schema = Schema { fields: FIELDS };

    #[test]
    fn values_are_checked_against_their_field() {
        let mut a = Attrs::new();
        a.insert("attack".into(), AttrValue::Int(120));
        a.insert("class".into(), AttrValue::Text("X".into()));
        a.insert("colour".into(), AttrValue::Bool(true));
        let v = SCHEMA.violations(&a);
        let keys: Vec<&str> = v.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["attack", "class", "colour"], "{v:?}");
        assert!(v[0].1.contains("from 0 to 99"));
        assert!(v[1].1.contains("expected one of A, H"));
        assert!(v[2].1.contains("unknown attribute"));
        let missing = SCHEMA.violations(&Attrs::new());
        assert_eq!(missing.len(), 1, "attack has no default: {missing:?}");
    }

    #[test]
    fn defaults_and_parsing_follow_the_schema() {
        let d = SCHEMA.defaults();
        assert_eq!(SCHEMA.int(&d, "attack"), 0);
        assert_eq!(SCHEMA.text(&d, "class"), "A");
        assert!(SCHEMA.violations(&d).is_empty());
        let f = SCHEMA.field("attack").unwrap();
        assert_eq!(f.parse(" 12 "), Ok(AttrValue::Int(12)));
        assert!(f.parse("fast").unwrap_err().contains("not a whole number"));
        assert!(f.parse("100").is_err());
    }

    #[test]
    fn values_read_and_write_as_plain_ron() {
        let mut a = Attrs::new();
        a.insert("attack".into(), AttrValue::Int(6));
        a.insert("class".into(), AttrValue::Text("H".into()));
        a.insert("towed".into(), AttrValue::Bool(true));
        let text = ron::to_string(&a).unwrap();
        assert_eq!(text, r#"{"attack":6,"class":"H","towed":true}"#);
        let back: Attrs = ron::from_str(&text).unwrap();
        assert_eq!(back, a);
    }
}
