//! Dialogs for the decisions the engine pends outside the free-form phases: who takes
//! losses, retreat or sustain and the paths (picked on the map), pursuit and advance,
//! the defender's stars, fortification units and support, air counters and sealed air
//! missions, repair markers, withdrawals "or equivalent". Each offers exactly what the
//! decision lists, and the engine checks the answer.

mod air;
mod defend;
mod losses;
mod pursuit;
mod repair;
mod retreat;

use egui::Ui;

use super::cx::Cx;
use sztab_core::hex::{Grid, HexId};
use sztab_core::model::UnitId;
use sztab_core::render::Sink;
use sztab_wb95::{Decision, Game};

pub use air::MissionRow;

/// The answer being put together.
#[derive(Clone, Debug, Default)]
pub struct Draft {
    /// CELs per unit (losses, withdrawals, the losses of a sustained retreat).
    pub cels: Vec<(UnitId, u8)>,
    /// Paths chosen per unit (retreat, pursuit, advance).
    pub paths: Vec<(UnitId, Vec<HexId>)>,
    /// The unit whose path a map click sets.
    pub active: Option<UnitId>,
    /// Units ticked (stars, repair, air counters chosen).
    pub picks: Vec<UnitId>,
    pub fortification: Vec<UnitId>,
    pub support: Vec<UnitId>,
    pub air: Vec<UnitId>,
    pub pool: u8,
    pub missions: Vec<MissionRow>,
    /// The mission row whose hex a map click sets.
    pub row: Option<usize>,
    pub ready: bool,
}

/// The window title of a decision.
pub fn title(d: &Decision) -> Option<String> {
    Some(match d {
        Decision::SetUp { .. }
        | Decision::Move { .. }
        | Decision::Attack { .. }
        | Decision::Barrage { .. } => return None,
        Decision::Defend { hexes, .. } => format!("Defend {}", join(hexes)),
        Decision::ChooseAir { choose, .. } => format!("Choose {choose} air counter(s)"),
        Decision::AirMissions { .. } => "Air missions (placed face down)".into(),
        Decision::LoseCel { cause, cel, .. } => format!("Lose {cel} CEL ({cause:?})"),
        Decision::Repair { .. } => "Repair markers (R17)".into(),
        Decision::Losses { cel, .. } => format!("Combat losses: {cel} CEL"),
        Decision::Retreat { hexes, .. } => format!("Retreat {hexes} hex(es) or sustain"),
        Decision::Pursue { .. } => "Pursuit (R5.4)".into(),
        Decision::Advance { .. } => "Advance after combat (R5.4.10)".into(),
        Decision::Withdraw { formation, cel, .. } => {
            format!("Withdraw {formation}: {cel} CEL or equivalent")
        }
    })
}

fn join<T: std::fmt::Display>(v: &[T]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The dialog's body.
pub fn body(ui: &mut Ui, cx: &mut Cx, d: &Decision) {
    match d {
        Decision::Defend { .. } => defend::body(ui, cx, d),
        Decision::ChooseAir {
            counters, choose, ..
        } => air::choose(ui, cx, counters, *choose),
        Decision::AirMissions {
            counters, per_hex, ..
        } => air::missions(ui, cx, counters, *per_hex),
        Decision::LoseCel { cel, units, .. } => losses::body(ui, cx, *cel, units, &[], false),
        Decision::Losses {
            cel,
            units,
            must_include,
            ..
        } => losses::body(ui, cx, *cel, units, must_include, false),
        Decision::Withdraw { cel, units, .. } => losses::body(ui, cx, *cel, units, &[], true),
        Decision::Repair { markers, units } => repair::body(ui, cx, *markers, units),
        Decision::Retreat { .. } => retreat::body(ui, cx, d),
        Decision::Pursue { .. } | Decision::Advance { .. } => pursuit::body(ui, cx, d),
        Decision::SetUp { .. }
        | Decision::Move { .. }
        | Decision::Attack { .. }
        | Decision::Barrage { .. } => {}
    }
}

/// A map click while the dialog is open.
pub fn click(cx: &mut Cx, d: &Decision, hex: HexId) {
    match d {
        Decision::Retreat { .. } => retreat::click(cx, hex),
        Decision::Pursue { .. } | Decision::Advance { .. } => pursuit::click(cx, d, hex),
        Decision::AirMissions { .. } => air::click(cx, hex),
        _ => {}
    }
}

/// What the dialog shows on the map: candidate and chosen paths, mission hexes.
pub fn overlay(sink: &mut impl Sink, g: &Game, grid: &Grid, draft: &Draft, d: &Decision) {
    match d {
        Decision::Retreat { .. } => paths_overlay(sink, g, grid, draft, retreat::paths),
        Decision::Pursue { .. } | Decision::Advance { .. } => {
            paths_overlay(sink, g, grid, draft, |g, id| pursuit::options(g, d, id))
        }
        Decision::AirMissions { .. } => air::overlay(sink, grid, draft),
        _ => {}
    }
}

/// The ends the active unit may move to (retreat, pursuit, advance), shaded, and the path
/// chosen for each unit.
fn paths_overlay(
    sink: &mut impl Sink,
    g: &Game,
    grid: &Grid,
    draft: &Draft,
    options: impl Fn(&Game, &UnitId) -> Vec<Vec<HexId>>,
) {
    if let Some(id) = &draft.active {
        let ends: Vec<HexId> = options(g, id)
            .iter()
            .filter_map(|p| p.last().copied())
            .collect();
        super::paint::shade(sink, grid, ends, super::paint::REACH);
    }
    for (id, p) in &draft.paths {
        let from = g
            .roster()
            .get(id.as_str())
            .and_then(|u| g.unit_state(u).hex())
            .map(|h| g.hex_id(h));
        super::paint::path(sink, grid, from, p, super::paint::LAST_MOVE);
    }
}
