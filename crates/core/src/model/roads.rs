//! The roads along one hexside. Usually one kind; a road and a railroad may run along the
//! same hexside (Roads to Leningrad's and The Jaws of Victory's maps print both). A file
//! writes one kind as a string, as maps always have (`"2716-2717": "road"`), and several
//! as a list (`["road", "railroad"]`), so maps with one kind a hexside read and write as
//! before.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ids::RoadKindId;

/// The kinds of road along a hexside, in the order written; never empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Written", into = "Written")]
pub struct Roads(Vec<RoadKindId>);

/// The roads along a hexside: one kind as a string, or several as a list.
#[derive(Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
enum Written {
    One(RoadKindId),
    Many(Vec<RoadKindId>),
}

impl TryFrom<Written> for Roads {
    type Error = &'static str;

    fn try_from(w: Written) -> Result<Roads, Self::Error> {
        match w {
            Written::One(k) => Ok(Roads(vec![k])),
            Written::Many(v) if v.is_empty() => {
                Err("an empty list of roads: leave the hexside out instead")
            }
            Written::Many(v) => {
                let mut r = Roads(Vec::new());
                for k in v {
                    r.insert(k);
                }
                Ok(r)
            }
        }
    }
}

impl From<Roads> for Written {
    fn from(r: Roads) -> Written {
        match <[RoadKindId; 1]>::try_from(r.0) {
            Ok([k]) => Written::One(k),
            Err(v) => Written::Many(v),
        }
    }
}

impl JsonSchema for Roads {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Roads".into()
    }

    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        Written::json_schema(g)
    }
}

impl From<RoadKindId> for Roads {
    fn from(k: RoadKindId) -> Roads {
        Roads(vec![k])
    }
}

impl From<&str> for Roads {
    fn from(k: &str) -> Roads {
        Roads(vec![k.into()])
    }
}

impl Roads {
    /// The kinds, in the order written.
    pub fn kinds(&self) -> &[RoadKindId] {
        &self.0
    }

    /// The kind written first: where a rule reads one road a hexside.
    pub fn first(&self) -> &RoadKindId {
        &self.0[0]
    }

    pub fn contains(&self, kind: &str) -> bool {
        self.0.iter().any(|k| k.as_str() == kind)
    }

    /// Adds `kind` if it is not there yet.
    pub fn insert(&mut self, kind: RoadKindId) {
        if !self.contains(kind.as_str()) {
            self.0.push(kind);
        }
    }

    /// Takes `kind` away; `None` once nothing is left (the hexside has no road).
    pub fn without(mut self, kind: &str) -> Option<Roads> {
        self.0.retain(|k| k.as_str() != kind);
        (!self.0.is_empty()).then_some(self)
    }

    pub fn iter(&self) -> impl Iterator<Item = &RoadKindId> {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_kind_is_written_as_a_string_and_several_as_a_list() {
        let one: Roads = ron::from_str("\"road\"").unwrap();
        assert_eq!(one.kinds(), [RoadKindId::from("road")]);
        assert_eq!(ron::to_string(&one).unwrap(), "\"road\"");
        let two: Roads = ron::from_str("[\"road\", \"railroad\", \"road\"]").unwrap();
        assert_eq!(two.kinds().len(), 2, "a kind once");
        assert_eq!(ron::to_string(&two).unwrap(), "[\"road\",\"railroad\"]");
        assert_eq!(
            two.clone().without("road").unwrap().first().as_str(),
            "railroad"
        );
        assert!(one.without("road").is_none());
        assert!(ron::from_str::<Roads>("[]").is_err());
    }
}
