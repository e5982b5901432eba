//! Acknowledged warnings: a warning that is the scenario's intent (the historical front
//! line starting in contact, a formation printed with two regiments) is kept in the
//! scenario file with the designer's reason. It is still reported, marked acknowledged,
//! but no longer counted as a warning to act on. Errors cannot be acknowledged.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::problem::{Problem, Subject};

/// A warning the designer has read and keeps on purpose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Acknowledgement {
    /// The warning's code, e.g. `P08`.
    pub code: String,
    /// The unit, hex, formation... the warning is about; none acknowledges every warning
    /// of the code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<Subject>,
    /// Why the warning is intended.
    pub reason: String,
}

impl Acknowledgement {
    /// Does this acknowledgement cover `p`? Only warnings are covered.
    pub fn covers(&self, p: &Problem) -> bool {
        !p.is_error()
            && p.code == self.code
            && self
                .subject
                .as_ref()
                .is_none_or(|s| p.subject.as_ref() == Some(s))
    }

    /// The acknowledgement of exactly this warning.
    pub fn of(p: &Problem, reason: impl Into<String>) -> Self {
        Self {
            code: p.code.to_owned(),
            subject: p.subject.clone(),
            reason: reason.into(),
        }
    }

    /// "P08 on hex 2402", "every U08".
    pub fn describe(&self) -> String {
        match &self.subject {
            Some(s) => format!("{} on {s}", self.code),
            None => format!("every {}", self.code),
        }
    }
}

/// Marks the warnings `acks` cover as acknowledged (with the first covering reason). When
/// `complete` (every check ran, not only the reference checks), adds a warning (S06) for
/// each acknowledgement that covers nothing: the situation it was written for is gone, and
/// a new warning of the same kind would hide behind it.
pub fn apply(problems: &mut Vec<Problem>, acks: &[Acknowledgement], complete: bool) {
    let mut used = vec![false; acks.len()];
    for p in problems.iter_mut() {
        if let Some(i) = acks.iter().position(|a| a.covers(p)) {
            used[i] = true;
            p.acknowledged = Some(acks[i].reason.clone());
        }
    }
    if !complete {
        return;
    }
    for (a, _) in acks.iter().zip(used).filter(|(_, u)| !u) {
        let mut p = Problem::warning(
            "S06",
            format!(
                "the acknowledgement of {} matches no warning; remove it",
                a.describe()
            ),
        );
        p.subject = a.subject.clone();
        problems.push(p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::HexId;

    fn p08(hex: &str) -> Problem {
        Problem::warning("P08", format!("units on {hex} start in an enemy ZoC"))
            .about(Subject::Hex(HexId::parse(hex).unwrap()))
    }

    #[test]
    fn an_acknowledgement_covers_its_warning_only() {
        let mut ps = vec![p08("2402"), p08("2500"), Problem::error("P01", "stacking")];
        let acks = [Acknowledgement::of(&ps[0], "front line")];
        apply(&mut ps, &acks, true);
        assert_eq!(ps[0].acknowledged.as_deref(), Some("front line"));
        assert_eq!(ps[1].acknowledged, None);
        assert_eq!(ps.len(), 3, "no stale acknowledgement");
    }

    #[test]
    fn a_code_wide_acknowledgement_covers_every_warning_of_the_code_but_no_error() {
        let mut ps = vec![p08("2402"), p08("2500"), Problem::error("P08", "made up")];
        let acks = [Acknowledgement {
            code: "P08".into(),
            subject: None,
            reason: "the historical front line".into(),
        }];
        apply(&mut ps, &acks, true);
        assert!(ps[..2].iter().all(|p| p.acknowledged.is_some()));
        assert_eq!(ps[2].acknowledged, None, "errors cannot be acknowledged");
    }

    #[test]
    fn an_acknowledgement_that_covers_nothing_is_a_warning_naming_it() {
        let mut ps = vec![p08("2402")];
        let acks = [Acknowledgement {
            code: "P08".into(),
            subject: Some(Subject::Hex(HexId::parse("1801").unwrap())),
            reason: "gone".into(),
        }];
        apply(&mut ps, &acks, true);
        assert_eq!(ps.len(), 2);
        assert_eq!(ps[1].code, "S06");
        assert!(
            ps[1].message.contains("P08 on hex 1801"),
            "{}",
            ps[1].message
        );
    }
}
