//! Movement points as exact twelfths.
//!
//! The terrain tables cost 1/3, 1/2 and 1.5 MP, and rules halve MPs without rounding
//! (7 MP halved is 3.5, R1.7). Twelfths represent every such value exactly.

use std::borrow::Cow;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, Sub};

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A movement-point amount in twelfths of an MP.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Mp(i32);

impl Mp {
    pub const ZERO: Mp = Mp(0);
    const DEN: i32 = 12;

    pub const fn whole(n: i32) -> Self {
        Mp(n * Self::DEN)
    }

    pub const fn from_twelfths(t: i32) -> Self {
        Mp(t)
    }

    pub const fn twelfths(self) -> i32 {
        self.0
    }

    /// `num/den` MP; `None` unless it is a whole number of twelfths (or when the
    /// arithmetic would overflow: text from a file can hold any `i32`).
    pub fn ratio(num: i32, den: i32) -> Option<Self> {
        let twelfths = num.checked_mul(Self::DEN)?;
        if twelfths.checked_rem(den)? != 0 {
            return None;
        }
        twelfths.checked_div(den).map(Mp)
    }

    /// Half, without rounding: 7 becomes 3.5. An odd number of twelfths keeps the
    /// extra twelfth (rounding up), the only case where exactness is lost.
    pub fn half(self) -> Self {
        Mp((self.0 + 1).div_euclid(2))
    }

    pub fn as_f32(self) -> f32 {
        self.0 as f32 / Self::DEN as f32
    }

    pub fn max(self, o: Self) -> Self {
        if self >= o { self } else { o }
    }

    pub fn min(self, o: Self) -> Self {
        if self <= o { self } else { o }
    }

    /// Parses `2`, `1.5`, `0.25`, `1/3`, `7/2`.
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        if let Some((n, d)) = s.split_once('/') {
            return Self::ratio(n.trim().parse().ok()?, d.trim().parse().ok()?);
        }
        Self::from_f64(s.parse().ok()?)
    }

    fn from_f64(v: f64) -> Option<Self> {
        let t = v * f64::from(Self::DEN);
        let r = t.round();
        ((t - r).abs() < 1e-6 && r.abs() < 1e9).then_some(Mp(r as i32))
    }

    /// Whole and decimal values print as numbers; thirds and sixths as fractions.
    fn as_decimal(self) -> Option<f64> {
        (self.0 % 3 == 0).then(|| f64::from(self.0) / f64::from(Self::DEN))
    }
}

impl fmt::Display for Mp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % Self::DEN == 0 {
            write!(f, "{}", self.0 / Self::DEN)
        } else if let Some(d) = self.as_decimal() {
            write!(f, "{d}")
        } else {
            let g = gcd(self.0.saturating_abs(), Self::DEN);
            write!(f, "{}/{}", self.0 / g, Self::DEN / g)
        }
    }
}

impl fmt::Debug for Mp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} MP")
    }
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

impl Add for Mp {
    type Output = Mp;
    fn add(self, o: Mp) -> Mp {
        Mp(self.0.saturating_add(o.0))
    }
}

impl AddAssign for Mp {
    fn add_assign(&mut self, o: Mp) {
        self.0 = self.0.saturating_add(o.0);
    }
}

impl Sub for Mp {
    type Output = Mp;
    fn sub(self, o: Mp) -> Mp {
        Mp(self.0.saturating_sub(o.0))
    }
}

impl Mul<i32> for Mp {
    type Output = Mp;
    fn mul(self, k: i32) -> Mp {
        Mp(self.0.saturating_mul(k))
    }
}

impl std::iter::Sum for Mp {
    fn sum<I: Iterator<Item = Mp>>(iter: I) -> Mp {
        iter.fold(Mp::ZERO, |a, b| a + b)
    }
}

impl Serialize for Mp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % Self::DEN == 0 {
            s.serialize_i32(self.0 / Self::DEN)
        } else if let Some(d) = self.as_decimal() {
            s.serialize_f64(d)
        } else {
            s.serialize_str(&self.to_string())
        }
    }
}

impl<'de> Deserialize<'de> for Mp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        const WANT: &str = "an MP value: a number such as 2 or 1.5, or a fraction such as \"1/3\"";
        impl Visitor<'_> for V {
            type Value = Mp;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(WANT)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Mp, E> {
                i32::try_from(v)
                    .ok()
                    // `unsigned_abs`: `abs` of i32::MIN overflows (found by tests/fuzz.rs).
                    .filter(|v| v.unsigned_abs() < 1_000_000)
                    .map(Mp::whole)
                    .ok_or_else(|| E::custom(format!("{v} MP is out of range")))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Mp, E> {
                self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Mp, E> {
                Mp::from_f64(v)
                    .ok_or_else(|| E::custom(format!("{v} MP is not a whole number of twelfths")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Mp, E> {
                Mp::parse(v).ok_or_else(|| E::custom(format!("{} is not {WANT}", super::quoted(v))))
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for Mp {
    fn schema_name() -> Cow<'static, str> {
        "Mp".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Movement points: a number (2, 1.5) or a fraction string (\"1/3\"); exact to 1/12 MP.",
            "anyOf": [
                {"type": "number"},
                {"type": "string", "pattern": "^-?[0-9]+(/[0-9]+)?$"}
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_values() {
        assert_eq!(Mp::parse("1/3").unwrap() * 3, Mp::whole(1));
        assert_eq!(Mp::parse("1.5").unwrap(), Mp::ratio(3, 2).unwrap());
        assert_eq!(Mp::whole(7).half().to_string(), "3.5");
        assert_eq!(Mp::parse("1/3").unwrap().to_string(), "1/3");
        assert_eq!(Mp::parse("7/2").unwrap().to_string(), "3.5");
        assert!(Mp::parse("1/7").is_none());
    }

    #[test]
    fn ratio_of_extreme_numbers_is_refused_not_overflowed() {
        assert_eq!(Mp::ratio(i32::MAX, 1), None);
        assert_eq!(Mp::ratio(1, 0), None);
        assert_eq!(Mp::ratio(-178_956_971, -1), None, "num × 12 would overflow");
        assert_eq!(Mp::parse("-1/3"), Some(Mp::from_twelfths(-4)));
    }
}
