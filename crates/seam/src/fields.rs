//! Short constructors for the schema fields of the described systems (their schemas are
//! long `static` lists, one field a line).

use sztab_core::model::attrs::{Choice, FieldDef, FieldKind, Lit};

/// A whole number from `min` to `max`; `default: None` makes the field required.
pub const fn int(
    key: &'static str,
    label: &'static str,
    help: &'static str,
    min: i64,
    max: i64,
    default: Option<i64>,
) -> FieldDef {
    FieldDef {
        key,
        label,
        help,
        kind: FieldKind::Int { min, max },
        default: match default {
            Some(v) => Some(Lit::Int(v)),
            None => None,
        },
    }
}

/// A yes/no field, no by default.
pub const fn flag(key: &'static str, label: &'static str, help: &'static str) -> FieldDef {
    FieldDef {
        key,
        label,
        help,
        kind: FieldKind::Bool,
        default: Some(Lit::Bool(false)),
    }
}

/// One of `choices`; `default: None` makes the field required.
pub const fn choice(
    key: &'static str,
    label: &'static str,
    help: &'static str,
    choices: &'static [Choice],
    default: Option<&'static str>,
) -> FieldDef {
    FieldDef {
        key,
        label,
        help,
        kind: FieldKind::Choice(choices),
        default: match default {
            Some(v) => Some(Lit::Text(v)),
            None => None,
        },
    }
}

pub const fn c(value: &'static str, label: &'static str) -> Choice {
    Choice { value, label }
}

/// A word of a system's terrain vocabulary.
pub const fn term(
    class: crate::TermClass,
    id: &'static str,
    meaning: &'static str,
    required: bool,
) -> crate::Term {
    crate::Term {
        class,
        id,
        meaning,
        required,
    }
}
