//! A generic counter set (`*.counters.ron` of a system other than WB-95): nations, the
//! formation tree and unit counters whose values are attributes of the system's schema.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::attrs::Attrs;
use crate::model::{Colour, FormationId, NationId, SystemId, UnitId};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    /// The rule system; a generic file always names it.
    pub system: SystemId,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    pub nations: Vec<Nation>,
    #[serde(default)]
    pub formations: Vec<Formation>,
    pub units: Vec<Unit>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Nation {
    pub id: NationId,
    pub name: String,
    /// Counter background.
    pub colour: Colour,
    /// Counter text and symbols.
    pub text_colour: Colour,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    pub id: FormationId,
    pub name: String,
    pub nation: NationId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<FormationId>,
    /// The formation's colour band, where the game colour-codes formations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
    /// The formation's values, by the system's formation schema.
    #[serde(default, skip_serializing_if = "Attrs::is_empty")]
    pub attrs: Attrs,
}

/// One unit counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    pub id: UnitId,
    /// As printed on the counter.
    pub designation: String,
    pub nation: NationId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<FormationId>,
    /// The counter's values, by the system's unit schema.
    #[serde(default)]
    pub attrs: Attrs,
}

impl Counters {
    pub fn new(system: SystemId, name: impl Into<String>) -> Self {
        Self {
            system,
            name: name.into(),
            notes: String::new(),
            nations: Vec::new(),
            formations: Vec::new(),
            units: Vec::new(),
        }
    }

    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id.as_str() == id)
    }

    pub fn nation(&self, id: &str) -> Option<&Nation> {
        self.nations.iter().find(|n| n.id.as_str() == id)
    }

    pub fn formation(&self, id: &str) -> Option<&Formation> {
        self.formations.iter().find(|f| f.id.as_str() == id)
    }

    /// `id` and the formations above it, innermost first (a cycle stops the walk).
    pub fn chain(&self, id: &str) -> Vec<&Formation> {
        let mut out: Vec<&Formation> = Vec::new();
        let mut cur = self.formation(id);
        while let Some(f) = cur {
            if out.iter().any(|x| x.id == f.id) {
                break;
            }
            out.push(f);
            cur = f.parent.as_ref().and_then(|p| self.formation(p.as_str()));
        }
        out
    }

    /// Is formation `inner` the formation `outer` or under it?
    pub fn is_within(&self, inner: &str, outer: &str) -> bool {
        self.chain(inner).iter().any(|f| f.id.as_str() == outer)
    }

    /// The formations a unit belongs to, innermost first.
    pub fn formations_of(&self, unit: &Unit) -> Vec<&Formation> {
        unit.formation
            .as_ref()
            .map(|f| self.chain(f.as_str()))
            .unwrap_or_default()
    }
}
