//! The editor's live validation of a WB-95 scenario: the reference checks, then the
//! engine's setup checks, which also run while the only errors are gaps in a scenario
//! being built, and the initial control map the engine compiled on the way.

use sztab_core::hex::HexId;
use sztab_core::model::{Bundle, Problem, SideId, acknowledge};

use crate::prepared::Prepared;
use crate::setup_check;

/// Reference errors that leave a scenario compilable: something missing (a supply
/// source, victory conditions, an entry, an air window, room in a set-up area) or a unit
/// outside its set-up area, not a dangling reference. A scenario being built has them for
/// a while; the editor still shows the rules' checks.
const GAPS: [&str; 11] = [
    "L01", "V01", "V02", "V03", "R01", "S02", "A01", "Z02", "Z03", "Z04", "Z05",
];

/// Checks a scenario held in memory (the editor's live validation): the reference checks
/// of all four parts, then the engine's setup checks, which also run while the only
/// errors are gaps in a scenario being built ([`GAPS`]). Problems name their subject but
/// carry no file position.
pub fn check_bundle(b: &Bundle) -> Vec<Problem> {
    check_in_editor(b).problems
}

/// What the editor's live validation learns about a scenario.
#[derive(Debug, Default)]
pub struct Checked {
    pub problems: Vec<Problem>,
    /// Who controls each hex at the start by the engine's rules (R4.3.1, A-68), when the
    /// scenario compiles: the setup zones of each side.
    pub control: Option<Vec<(HexId, SideId)>>,
}

/// [`check_bundle`], with the initial control map the engine compiled on the way.
pub fn check_in_editor(b: &Bundle) -> Checked {
    let mut problems = b.check();
    let blocking = problems
        .iter()
        .any(|p| p.is_error() && !GAPS.contains(&p.code));
    if blocking {
        acknowledge::apply(&mut problems, &b.scenario.acknowledged, false);
        return Checked {
            problems,
            control: None,
        };
    }
    let prepared = Prepared::new(b);
    problems.extend(setup_check::check(b, &prepared));
    acknowledge::apply(&mut problems, &b.scenario.acknowledged, true);
    let control = (0..prepared.board.len())
        .filter_map(|h| {
            let side = prepared.initial_control[h]?;
            Some((prepared.board.id(h), prepared.side_info(side).id.clone()))
        })
        .collect();
    Checked {
        problems,
        control: Some(control),
    }
}
