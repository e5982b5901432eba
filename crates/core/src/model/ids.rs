//! Typed string ids. Files refer to each other's entries by these; the newtypes keep a
//! unit id from being passed where a formation id is expected.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

macro_rules! string_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl $name {
            pub fn new(s: impl Into<String>) -> Self {
                Self(s.into())
            }
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({:?})", stringify!($name), self.0)
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> Self {
                Self(s.to_owned())
            }
        }

        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }
    };
}

string_id!(
    /// A base terrain kind of a terrain catalogue ("clear", "hills").
    TerrainId
);
string_id!(
    /// A hex feature kind ("forest", "town", "city", "swamp").
    FeatureId
);
string_id!(
    /// A hexside kind ("river", "stream", "donets", "fp_line", "fl_line").
    HexsideKindId
);
string_id!(
    /// A road kind ("main", "secondary").
    RoadKindId
);
string_id!(
    /// A nation of the counter set ("german", "soviet").
    NationId
);
string_id!(
    /// A formation: army, corps, division, brigade...
    FormationId
);
string_id!(
    /// A ground unit (one counter).
    UnitId
);
string_id!(
    /// An air counter.
    AirId
);
string_id!(
    /// A side of a scenario ("german", "soviet").
    SideId
);
string_id!(
    /// An entry zone of a map, usually a letter ("A".."J").
    ZoneId
);
string_id!(
    /// A rule system (`sztab systems`): "wb95", "panzerblitz", ...
    SystemId
);

impl SystemId {
    /// WB-95, the first system: files written before systems existed are its files.
    pub const WB95: &'static str = "wb95";

    pub fn wb95() -> Self {
        Self::new(Self::WB95)
    }

    pub fn is_wb95(&self) -> bool {
        self.0 == Self::WB95
    }
}

impl Default for SystemId {
    /// A file with no `system` field is a WB-95 file.
    fn default() -> Self {
        Self::wb95()
    }
}
