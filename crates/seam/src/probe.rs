//! A system's own editor tools, as data: *probes*. A probe asks the system's rules a
//! question about the map — "can a unit on this hex see that one?", "what does this hex
//! mean?" — and answers with a [`ProbeReport`]: the hexes it traced, marks on hexes and
//! hexsides, each with a verdict and the rule note that decides it, and a summary.
//!
//! The editor lists a document's probes in its tool palette, takes the hexes from the
//! user's clicks and draws the report; it knows nothing of the rules behind it, and the
//! rules know nothing of egui.

use sztab_core::hex::{HexId, Hexside};
use sztab_core::model::Map;

/// What a probe is asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProbeInput {
    /// Two hexes, from and to (a line of sight).
    Line,
    /// One hex (an inspector).
    Hex,
}

/// A probe a system offers: the editor shows it as a tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProbeInfo {
    /// How [`super::RuleSystem::probe`] names it: `los`.
    pub id: &'static str,
    /// The tool's name in the palette: "Line of sight".
    pub name: &'static str,
    /// What it does, in a line (the palette's tooltip).
    pub hint: &'static str,
    pub input: ProbeInput,
    /// A key that picks the tool, if the editor has it free (`'V'`).
    pub key: Option<char>,
}

/// What a mark, or a whole report, says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Does not stop it (a symbol the line sees over, a hex in sight).
    Clear,
    /// Stops it on some of the ways, not all (one of two routes along a hexside).
    Partly,
    /// Stops it.
    Blocks,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Clear => "clear",
            Verdict::Partly => "partly",
            Verdict::Blocks => "blocks",
        }
    }
}

/// Where a mark is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkAt {
    Hex(HexId),
    Hexside(Hexside),
}

impl MarkAt {
    /// The hexes it touches (one, or the two of a hexside).
    pub fn hexes(self) -> Vec<HexId> {
        match self {
            MarkAt::Hex(h) => vec![h],
            MarkAt::Hexside(s) => {
                let (a, b) = s.hexes();
                vec![a, b]
            }
        }
    }

    /// "hex 1-P-6" or "hexside 1-P-6/1-P-7", in the map's printed labels.
    pub fn describe(self, map: &Map) -> String {
        let label = |h: HexId| map.labels_of(h).join("=");
        match self {
            MarkAt::Hex(h) => format!("hex {}", label(h)),
            MarkAt::Hexside(s) => {
                let (a, b) = s.hexes();
                format!("hexside {}/{}", label(a), label(b))
            }
        }
    }
}

/// One thing on the map that matters to the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub at: MarkAt,
    pub verdict: Verdict,
    /// The rule that decides it: "Note C", "Target Elevation Table".
    pub note: String,
    /// Why, in a sentence.
    pub why: String,
}

/// A probe's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeReport {
    /// The answer as a whole: a line is `Clear` or `Blocks`.
    pub verdict: Verdict,
    /// One sentence: "Blocked at hexside 1-K-5/1-K-6 (Note C: ...)".
    pub summary: String,
    /// Facts behind it, a line each: the elevation of both ends, the range.
    pub details: Vec<String>,
    /// The hexes traced, step by step from the first hex; a step holds two hexes where
    /// the path runs along a hexside. Empty for a probe that traces nothing.
    pub path: Vec<Vec<HexId>>,
    pub marks: Vec<Mark>,
}

impl ProbeReport {
    /// The marks on `h` or on one of its hexsides.
    pub fn marks_at(&self, h: HexId) -> impl Iterator<Item = &Mark> {
        self.marks.iter().filter(move |m| m.at.hexes().contains(&h))
    }
}
