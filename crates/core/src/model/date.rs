//! Calendar dates of a scenario, written `"1943-07-05"`. One turn is one day (R2.1.6).

use std::borrow::Cow;
use std::fmt;

use chrono::{Datelike, NaiveDate};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date(pub NaiveDate);

impl Date {
    /// A date; `None` for an impossible one (31 June).
    pub fn ymd(y: i32, m: u32, d: u32) -> Option<Self> {
        NaiveDate::from_ymd_opt(y, m, d).map(Date)
    }

    /// A date written year-month-day with a four-digit year (1000-9999): other years are
    /// no scenario's, and keep day arithmetic far from the calendar's limits.
    pub fn parse(s: &str) -> Option<Self> {
        NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")
            .ok()
            .filter(|d| (1000..=9999).contains(&d.year()))
            .map(Date)
    }

    /// The date `n` days later (the calendar's last day if that is past it).
    pub fn plus_days(self, n: u32) -> Self {
        Date(
            self.0
                .checked_add_days(chrono::Days::new(u64::from(n)))
                .unwrap_or(NaiveDate::MAX),
        )
    }

    /// Days from `earlier` to `self` (negative if `self` is earlier).
    pub fn days_since(self, earlier: Date) -> i64 {
        (self.0 - earlier.0).num_days()
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.format("%Y-%m-%d"))
    }
}

impl fmt::Debug for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Date({self})")
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Date::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{} is not a date: expected year-month-day with a four-digit year, such as \"1943-07-05\"",
                super::quoted(&s)
            ))
        })
    }
}

impl JsonSchema for Date {
    fn schema_name() -> Cow<'static, str> {
        "Date".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string", "format": "date", "description": "A day, \"1943-07-05\"."})
    }
}
