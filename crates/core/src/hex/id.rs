//! Printed hex numbers and hexside keys.
//!
//! A hex id is the number printed on the board: column then row, `2402` = column 24,
//! row 02. The rulebook drops leading zeros ("500" = 0500), so an odd-length id is
//! left-padded before it is split in half. Ids are stored as printed numbers, not as
//! axial coordinates, because files and rulebooks speak in printed numbers.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A printed hex number. Ordered column first, then row: the order of the printed map.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexId {
    pub col: u16,
    pub row: u16,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexIdError {
    #[error("hex id \"{0}\" is not a printed hex number: expected digits such as 0927 or 2402")]
    NotDigits(String),
    #[error("hex id \"{0}\" is too short: expected column and row, such as 0927 (or 927)")]
    TooShort(String),
    #[error("hex id \"{0}\" is too long: at most 4 digits for the column and 4 for the row")]
    TooLong(String),
    #[error("hexside \"{0}\" should be two hex ids joined by '-', such as 0102-0103")]
    NotHexside(String),
    #[error("hexside \"{0}\" joins a hex to itself")]
    SameHex(String),
}

/// The text of a bad id as a message quotes it: cut short (see `markup::clipped`).
fn shown(s: &str) -> String {
    crate::markup::clipped(s)
}

impl HexId {
    pub const fn new(col: u16, row: u16) -> Self {
        Self { col, row }
    }

    /// Parses a printed id: `2402`, `0927`, `927` (= 0927), `123045` (3 digits a part).
    pub fn parse(s: &str) -> Result<Self, HexIdError> {
        let t = s.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(HexIdError::NotDigits(shown(s)));
        }
        if t.len() < 3 {
            return Err(HexIdError::TooShort(shown(s)));
        }
        if t.len() > 8 {
            return Err(HexIdError::TooLong(shown(s)));
        }
        let padded: Cow<str> = if t.len() % 2 == 1 {
            Cow::Owned(format!("0{t}"))
        } else {
            Cow::Borrowed(t)
        };
        let half = padded.len() / 2;
        // Both halves are 1..=4 ASCII digits, so they fit in u16.
        let col = padded[..half]
            .parse()
            .map_err(|_| HexIdError::NotDigits(shown(s)))?;
        let row = padded[half..]
            .parse()
            .map_err(|_| HexIdError::NotDigits(shown(s)))?;
        Ok(Self { col, row })
    }

    /// Formats with `digits` digits per part (at least as many as the numbers need).
    pub fn format(self, digits: usize) -> String {
        let w = digits.max(Self::digits_needed(self.col.max(self.row)));
        format!("{:0w$}{:0w$}", self.col, self.row)
    }

    fn digits_needed(n: u16) -> usize {
        n.checked_ilog10().map_or(1, |l| l as usize + 1).max(2)
    }
}

impl fmt::Display for HexId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format(2))
    }
}

impl fmt::Debug for HexId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HexId({self})")
    }
}

impl FromStr for HexId {
    type Err = HexIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl Serialize for HexId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for HexId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::parse(&s).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for HexId {
    fn schema_name() -> Cow<'static, str> {
        "HexId".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "Printed hex number, column then row: \"2402\" is column 24, row 02. A leading zero may be dropped (\"927\" = 0927).",
            "pattern": "^[0-9]{3,8}$"
        })
    }
}

/// The edge between two adjacent hexes, written `0102-0103`. The two hexes are kept in
/// sorted order, so the key is the same whichever side it is named from. Adjacency is a
/// property of the map's grid and is checked there (`Grid::hexside`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hexside {
    a: HexId,
    b: HexId,
}

impl Hexside {
    /// The key of the edge between `x` and `y`, whichever order they are given in.
    /// Returns `None` when `x == y`.
    pub fn new(x: HexId, y: HexId) -> Option<Self> {
        match x.cmp(&y) {
            std::cmp::Ordering::Less => Some(Self { a: x, b: y }),
            std::cmp::Ordering::Greater => Some(Self { a: y, b: x }),
            std::cmp::Ordering::Equal => None,
        }
    }

    pub fn hexes(self) -> (HexId, HexId) {
        (self.a, self.b)
    }

    pub fn touches(self, h: HexId) -> bool {
        self.a == h || self.b == h
    }

    /// The hex across this edge from `h`, if `h` is one of its two hexes.
    pub fn other(self, h: HexId) -> Option<HexId> {
        if h == self.a {
            Some(self.b)
        } else if h == self.b {
            Some(self.a)
        } else {
            None
        }
    }

    pub fn parse(s: &str) -> Result<Self, HexIdError> {
        let (x, y) = s
            .split_once(['-', '/'])
            .ok_or_else(|| HexIdError::NotHexside(shown(s)))?;
        let x = HexId::parse(x)?;
        let y = HexId::parse(y)?;
        Self::new(x, y).ok_or_else(|| HexIdError::SameHex(shown(s)))
    }
}

impl fmt::Display for Hexside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.a, self.b)
    }
}

impl fmt::Debug for Hexside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hexside({self})")
    }
}

impl FromStr for Hexside {
    type Err = HexIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl Serialize for Hexside {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Hexside {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::parse(&s).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for Hexside {
    fn schema_name() -> Cow<'static, str> {
        "Hexside".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "The edge between two adjacent hexes, written as their two printed numbers: \"0102-0103\".",
            "pattern": "^[0-9]{3,8}[-/][0-9]{3,8}$"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_rulebook_forms() {
        assert_eq!(HexId::parse("2402").unwrap(), HexId::new(24, 2));
        assert_eq!(HexId::parse("500").unwrap(), HexId::new(5, 0));
        assert_eq!(HexId::parse("927").unwrap(), HexId::new(9, 27));
        assert_eq!(HexId::parse("0110").unwrap(), HexId::new(1, 10));
        assert_eq!(HexId::parse("123045").unwrap(), HexId::new(123, 45));
    }

    #[test]
    fn rejects_garbage() {
        for bad in ["", "12", "ab12", "12-3", "123456789", " "] {
            assert!(HexId::parse(bad).is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn formats_with_leading_zeros() {
        assert_eq!(HexId::new(5, 0).to_string(), "0500");
        assert_eq!(HexId::new(9, 27).format(2), "0927");
        assert_eq!(HexId::new(9, 27).format(3), "009027");
        assert_eq!(HexId::new(123, 4).to_string(), "123004");
    }

    #[test]
    fn hexside_key_is_the_same_from_both_sides() {
        let a = HexId::new(1, 2);
        let b = HexId::new(1, 3);
        assert_eq!(Hexside::new(a, b), Hexside::new(b, a));
        assert_eq!(
            Hexside::parse("0103-0102").unwrap().to_string(),
            "0102-0103"
        );
        assert!(Hexside::new(a, a).is_none());
    }
}
