//! A problem found in a file: what is wrong, where, and which rule says so. Shared by the
//! loaders' reference checks, the engine's setup checks, `sztab validate` and the
//! editor's validation panel.

use std::fmt;
use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ids::{FormationId, SideId, UnitId};
use super::outline::Seg;
use crate::hex::{HexId, Hexside};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// What a problem is about, so a UI can select and centre it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Subject {
    Hex(HexId),
    Hexside(Hexside),
    Unit(UnitId),
    Formation(FormationId),
    Place(String),
    Side(SideId),
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::Hex(h) => write!(f, "hex {h}"),
            Subject::Hexside(s) => write!(f, "hexside {s}"),
            Subject::Unit(u) => write!(f, "unit {u}"),
            Subject::Formation(x) => write!(f, "formation {x}"),
            Subject::Place(x) => write!(f, "place {x}"),
            Subject::Side(x) => write!(f, "side {x}"),
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Problem {
    pub severity: Severity,
    /// Stable code, e.g. `M01` (hex off the map) or `P01` (stacking).
    pub code: &'static str,
    /// The rule behind the check, e.g. `R3.2.1`, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<PathBuf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject: Option<Subject>,
    /// A warning the scenario acknowledges as intended, with the designer's reason
    /// (see [`super::acknowledge`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub acknowledged: Option<String>,
    /// Where the problem is in a scenario's files, for problems found in the compiled
    /// scenario (the engine's setup checks): `validate` turns it into file, line and
    /// column.
    #[serde(skip)]
    pub anchor: Option<Anchor>,
}

/// One of the four files of a scenario.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    Scenario,
    Map,
    Counters,
    Terrain,
}

/// A value of one of a scenario's files, by its path (see [`super::outline`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Anchor {
    pub part: Part,
    pub path: Vec<PathSeg>,
}

/// An owned [`Seg`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PathSeg {
    Field(String),
    Item(usize),
    Key(String),
}

impl PathSeg {
    pub fn as_seg(&self) -> Seg<'_> {
        match self {
            PathSeg::Field(f) => Seg::Field(f),
            PathSeg::Item(i) => Seg::Item(*i),
            PathSeg::Key(k) => Seg::Key(k),
        }
    }
}

impl From<&Seg<'_>> for PathSeg {
    fn from(s: &Seg) -> Self {
        match *s {
            Seg::Field(f) => PathSeg::Field(f.into()),
            Seg::Item(i) => PathSeg::Item(i),
            Seg::Key(k) => PathSeg::Key(k.into()),
        }
    }
}

impl Problem {
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, message)
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, message)
    }

    fn new(severity: Severity, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            severity,
            code,
            rule: None,
            message: message.into(),
            file: None,
            line: None,
            column: None,
            subject: None,
            acknowledged: None,
            anchor: None,
        }
    }

    /// The value the problem is about, in one of the scenario's files.
    pub fn anchor(mut self, part: Part, path: &[Seg]) -> Self {
        self.anchor = Some(Anchor {
            part,
            path: path.iter().map(PathSeg::from).collect(),
        });
        self
    }

    pub fn rule(mut self, rule: &'static str) -> Self {
        self.rule = Some(rule);
        self
    }

    pub fn about(mut self, subject: Subject) -> Self {
        self.subject = Some(subject);
        self
    }

    pub fn at(mut self, file: impl Into<PathBuf>, pos: Option<(usize, usize)>) -> Self {
        self.file = Some(file.into());
        if let Some((l, c)) = pos {
            self.line = Some(l);
            self.column = Some(c);
        }
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// A warning still to act on: neither an error nor acknowledged.
    pub fn is_open_warning(&self) -> bool {
        !self.is_error() && self.acknowledged.is_none()
    }
}

pub use crate::markup::{clipped, quoted};

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}", file.display())?;
            if let (Some(l), Some(c)) = (self.line, self.column) {
                write!(f, ":{l}:{c}")?;
            }
            write!(f, ": ")?;
        }
        let sev = match (self.severity, &self.acknowledged) {
            (Severity::Error, _) => "error",
            (Severity::Warning, None) => "warning",
            (Severity::Warning, Some(_)) => "acknowledged",
        };
        write!(f, "{sev}[{}]", self.code)?;
        if let Some(rule) = self.rule {
            write!(f, " ({rule})")?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(why) = &self.acknowledged {
            write!(f, " [{why}]")?;
        }
        Ok(())
    }
}
