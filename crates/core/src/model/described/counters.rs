//! A described counter set (`*.counters.ron` of a system other than WB-95): nations, the
//! formation tree and unit counters whose values are attributes of the system's schema.

use std::collections::HashMap;
use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::attrs::Attrs;
use crate::model::limits;
use crate::model::{Colour, FormationId, NationId, SystemId, UnitId};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    /// The rule system; a described file always names it.
    pub system: SystemId,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    #[serde(deserialize_with = "limits::nations")]
    #[schemars(length(max = limits::NATIONS.max))]
    pub nations: Vec<Nation>,
    #[serde(default, deserialize_with = "limits::formations")]
    #[schemars(length(max = limits::FORMATIONS.max))]
    pub formations: Vec<Formation>,
    #[serde(deserialize_with = "limits::units")]
    #[schemars(length(max = limits::UNITS.max))]
    pub units: Vec<Unit>,
    /// Where each unit and formation is, built on the first lookup in a large set
    /// ([`Counters::unit`]); not part of the file.
    #[serde(skip)]
    #[schemars(skip)]
    pub index: IdIndex,
}

/// Units and formations by id, for [`Counters::unit`] and [`Counters::formation`] on a
/// large counter set: the checks, the setup card and the engines look every placed unit
/// up, which was quadratic in the units.
/// A cache: never compared, not cloned (a clone builds its own), and never trusted
/// blindly: a hit is verified against `units` and a miss searches them, so a set edited
/// after the index was built still answers right (only slower).
#[derive(Default)]
pub struct IdIndex {
    units: OnceLock<HashMap<String, usize>>,
    formations: OnceLock<HashMap<String, usize>>,
}

impl Clone for IdIndex {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl PartialEq for IdIndex {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for IdIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("IdIndex")
    }
}

/// Sets this small are searched: faster than hashing, and no index to build.
const INDEX_FROM: usize = 64;

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

/// The first item of `items` whose id is `id`: through `index` for a large list, built on
/// first use; a hit is verified and a miss searched, so an edited list answers right.
fn indexed<'a, T>(
    items: &'a [T],
    index: &OnceLock<HashMap<String, usize>>,
    id: &str,
    id_of: impl Fn(&T) -> &str,
) -> Option<&'a T> {
    let search = || items.iter().find(|x| id_of(x) == id);
    if items.len() < INDEX_FROM {
        return search();
    }
    let index = index.get_or_init(|| {
        let mut m = HashMap::with_capacity(items.len());
        for (i, x) in items.iter().enumerate() {
            m.entry(id_of(x).to_owned()).or_insert(i);
        }
        m
    });
    match index.get(id).and_then(|&i| items.get(i)) {
        Some(x) if id_of(x) == id => Some(x),
        // Edited since the index was built: search.
        _ => search(),
    }
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
            index: IdIndex::default(),
        }
    }

    /// The first unit with this id. In constant time for a large set (its index), by a
    /// search for a small one.
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        indexed(&self.units, &self.index.units, id, |u| u.id.as_str())
    }

    pub fn nation(&self, id: &str) -> Option<&Nation> {
        self.nations.iter().find(|n| n.id.as_str() == id)
    }

    /// The first formation with this id, as [`Counters::unit`] finds a unit.
    pub fn formation(&self, id: &str) -> Option<&Formation> {
        indexed(&self.formations, &self.index.formations, id, |f| {
            f.id.as_str()
        })
    }

    /// `id` and the formations above it, innermost first (a cycle stops the walk).
    pub fn chain(&self, id: &str) -> Vec<&Formation> {
        let mut out: Vec<&Formation> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut cur = self.formation(id);
        while let Some(f) = cur {
            if !seen.insert(f.id.as_str()) {
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
