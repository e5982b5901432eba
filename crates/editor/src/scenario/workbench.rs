//! The scenario workbench: what the designer has selected, the side panel's tabs (forces,
//! schedule, scenario settings, problems), the unit table, and caches of what the map
//! shows (the stacks, the setup rules). Owned by the editor app; the Units tool and the
//! canvas read it.

use std::sync::Arc;

use egui::Ui;

use super::draft::Draft;
use super::legality::{SetupRules, Verdict};
use crate::document::Document;
use crate::links::Target;
use crate::validation::Validator;
use crate::validation::panel::{self as problems_panel, PanelAction, PanelState};
use sztab_core::hex::HexId;
use sztab_core::model::{FormationId, Subject, UnitId};
use sztab_core::render::counter::UnitLayer;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Forces,
    Schedule,
    Scenario,
    Problems,
}

impl Tab {
    pub const ALL: [Tab; 4] = [Tab::Forces, Tab::Schedule, Tab::Scenario, Tab::Problems];

    pub fn name(self) -> &'static str {
        match self {
            Tab::Forces => "Forces",
            Tab::Schedule => "Schedule",
            Tab::Scenario => "Scenario",
            Tab::Problems => "Problems",
        }
    }
}

/// What the designer has picked in the panels or on the map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Selection {
    pub unit: Option<UnitId>,
    pub formation: Option<FormationId>,
    /// A reinforcement group, by index.
    pub reinforcement: Option<usize>,
}

/// Units dragged from the order of battle (one unit, or a whole formation's).
#[derive(Clone, Debug, PartialEq)]
pub struct DragUnits {
    pub units: Vec<UnitId>,
    pub label: String,
    /// A whole formation: it spreads over hexes when dropped.
    pub formation: bool,
}

/// How a dropped formation spreads from the drop hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpreadMode {
    /// Fill each hex up to 8 CEL, then the neighbours.
    Fill,
    /// One unit per hex.
    OnePerHex,
}

/// A question the workbench must ask before acting.
#[derive(Clone, Debug, PartialEq)]
pub enum Confirm {
    /// Delete a unit that is used (where).
    DeleteUnit(UnitId, Vec<String>),
    /// Delete a formation holding units and sub-formations.
    DeleteFormation(FormationId, usize, usize),
}

/// Something only the app can do.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Centre the map on a hex and select it.
    Show(HexId),
}

pub struct Workbench {
    pub tab: Tab,
    pub selection: Selection,
    pub filter: String,
    pub unplaced_only: bool,
    pub spread: SpreadMode,
    /// Hexes picked with Ctrl+click for a formation drop: it is dealt over them.
    pub targets: Vec<HexId>,
    /// The stack whose window is open.
    pub stack_popup: Option<HexId>,
    pub show_table: bool,
    pub confirm: Option<Confirm>,
    /// The Problems tab: its filter and the acknowledgement being written.
    pub problems: PanelState,
    /// The designer's notes are shown rendered.
    pub notes_preview: bool,
    pub requests: Vec<Request>,
    pub status: Option<String>,
    /// The unit table scrolls to the selected unit once after it was selected elsewhere.
    scroll_to: Option<UnitId>,
    /// A unit picked on the map: the tree opens its formations and scrolls to it once.
    pub reveal: Option<UnitId>,
    /// While a counter is dragged on the map: every hex's verdict for it, shaded under
    /// the counters.
    pub dragging: Option<Arc<Vec<(HexId, Verdict)>>>,
    layer: Option<(u64, Arc<UnitLayer>)>,
    rules: Option<(u64, Arc<SetupRules>)>,
}

impl Default for Workbench {
    fn default() -> Self {
        Self {
            tab: Tab::Forces,
            selection: Selection::default(),
            filter: String::new(),
            unplaced_only: false,
            spread: SpreadMode::Fill,
            targets: Vec::new(),
            stack_popup: None,
            show_table: false,
            confirm: None,
            problems: PanelState::default(),
            notes_preview: false,
            requests: Vec::new(),
            status: None,
            scroll_to: None,
            reveal: None,
            dragging: None,
            layer: None,
            rules: None,
        }
    }
}

impl Workbench {
    /// True once per new selected unit: the unit table then scrolls to it.
    pub fn take_scroll_to_unit(&mut self) -> bool {
        if self.scroll_to != self.selection.unit {
            self.scroll_to = self.selection.unit.clone();
            true
        } else {
            false
        }
    }

    /// Forgets selections and caches (another document was opened).
    pub fn reset(&mut self) {
        *self = Self {
            tab: self.tab,
            show_table: self.show_table,
            ..Self::default()
        };
    }

    /// The stacks of the setup, rebuilt when the document changes.
    pub fn layer(&mut self, doc: &Document) -> Arc<UnitLayer> {
        let rev = doc.revision();
        match &self.layer {
            Some((r, l)) if *r == rev => l.clone(),
            _ => {
                let l = Arc::new(match (doc.system(), doc.rules_view()) {
                    (Some(system), Some(view)) => sztab_seam::counters::setup_layer(system, view),
                    _ => UnitLayer::default(),
                });
                self.layer = Some((rev, l.clone()));
                l
            }
        }
    }

    /// The setup rules (the engine's compiled board), rebuilt when the document changes.
    pub fn rules(&mut self, doc: &Document) -> Option<Arc<SetupRules>> {
        let b = doc.bundle()?;
        let rev = doc.revision();
        match &self.rules {
            Some((r, x)) if *r == rev => Some(x.clone()),
            _ => {
                let x = Arc::new(SetupRules::new(b));
                self.rules = Some((rev, x.clone()));
                Some(x)
            }
        }
    }

    /// Runs `f` on a draft of the document's scenario and applies the result as one step.
    pub fn edit(doc: &mut Document, label: &str, f: impl FnOnce(&mut Draft)) {
        let Some(b) = doc.bundle() else { return };
        let mut d = Draft::new(&b.scenario, &b.counters);
        f(&mut d);
        let edit = d.finish(label);
        doc.apply(edit);
    }

    /// Like [`Workbench::edit`], typed into the field `key` (one step per field).
    pub fn edit_in_field(doc: &mut Document, key: u64, label: &str, f: impl FnOnce(&mut Draft)) {
        let Some(b) = doc.bundle() else { return };
        let mut d = Draft::new(&b.scenario, &b.counters);
        f(&mut d);
        let edit = d.finish(label);
        doc.apply_in_field(edit, key);
    }

    /// Shows a clicked problem: its subject selected and centred, or else the tab where
    /// it is fixed (settings, supply and victory problems on the Scenario tab, arrivals
    /// on the Schedule tab).
    pub fn show_problem(&mut self, p: &sztab_core::model::Problem, doc: &Document) {
        match (&p.subject, p.code.chars().next()) {
            (Some(Subject::Side(_)), _) | (None, Some('S' | 'L' | 'V' | 'A' | 'B' | 'K')) => {
                self.tab = Tab::Scenario
            }
            (None, Some('R')) => self.tab = Tab::Schedule,
            (Some(s), _) => self.show_subject(s, doc),
            _ => {}
        }
    }

    /// Selects a problem's subject and asks the app to show it.
    pub fn show_subject(&mut self, subject: &Subject, doc: &Document) {
        match subject {
            Subject::Unit(u) => {
                self.selection.unit = Some(u.clone());
                self.tab = Tab::Forces;
            }
            Subject::Formation(f) => {
                self.selection.formation = Some(f.clone());
                self.tab = Tab::Forces;
            }
            _ => {}
        }
        if let Some(h) = crate::validation::markers::hex_of(subject, doc) {
            self.requests.push(Request::Show(h));
        }
    }

    /// A unit named in a problem: selected and shown on the map, the Problems tab kept.
    fn show_unit(&mut self, u: UnitId, doc: &Document) {
        let s = Subject::Unit(u.clone());
        if let Some(h) = crate::validation::markers::hex_of(&s, doc) {
            self.requests.push(Request::Show(h));
        }
        self.selection.unit = Some(u);
    }

    /// The side panel of a scenario: the tab strip and the active tab, the same for every
    /// system; a scenario whose files its system's schemas describe gets the panels drawn
    /// from those schemas.
    pub fn panel(&mut self, ui: &mut Ui, doc: &mut Document, v: &Validator) {
        ui.horizontal(|ui| {
            for t in Tab::ALL {
                let name = match t {
                    Tab::Problems => format!("Problems ({})", v.open()),
                    _ => t.name().to_owned(),
                };
                if ui.selectable_label(self.tab == t, name).clicked() {
                    self.tab = t;
                }
            }
        });
        ui.separator();
        let described = doc.described().is_some();
        match self.tab {
            Tab::Forces if described => crate::described::forces::show(ui, doc),
            Tab::Schedule if described => crate::described::schedule_tab::show(ui, doc),
            Tab::Scenario if described => crate::described::scenario_tab::show(ui, doc),
            Tab::Forces => super::oob::show(ui, self, doc),
            Tab::Schedule => super::schedule::show(ui, self, doc),
            Tab::Scenario => super::settings::show(ui, self, doc),
            Tab::Problems => self.problems_tab(ui, doc, v),
        }
        super::confirm::dialog(ui.ctx(), self, doc);
    }

    /// The live problems: a click shows a problem's subject; a unit or hex its message
    /// names is a link; a WB-95 warning can be acknowledged.
    fn problems_tab(&mut self, ui: &mut Ui, doc: &mut Document, v: &Validator) {
        let stale = v.is_stale(doc);
        let units: std::collections::HashSet<String> = match (doc.counters(), doc.described()) {
            (Some(c), _) => c.units.iter().map(|u| u.id.to_string()).collect(),
            (_, Some(g)) => g
                .bundle
                .counters
                .units
                .iter()
                .map(|u| u.id.to_string())
                .collect(),
            _ => Default::default(),
        };
        let grid = doc.map().grid;
        let names = problems_panel::Names {
            is_unit: &|s: &str| units.contains(s),
            is_hex: &|h| grid.contains(h),
        };
        let can_acknowledge = doc.scenario().is_some();
        match problems_panel::show(ui, v, &mut self.problems, stale, can_acknowledge, &names) {
            Some(PanelAction::Goto(Target::Unit(u))) => self.show_unit(UnitId::new(u), doc),
            Some(PanelAction::Goto(Target::Hex(h))) => self.requests.push(Request::Show(h)),
            Some(PanelAction::Show(p)) => self.show_problem(&p, doc),
            Some(PanelAction::Acknowledge(a)) => {
                let label = format!("Acknowledge {}", a.describe());
                Self::edit(doc, &label, |d| d.s.acknowledged.push(a));
            }
            Some(PanelAction::Withdraw(p)) => {
                let label = format!("Withdraw the acknowledgement of {}", p.code);
                Self::edit(doc, &label, |d| {
                    if let Some(i) = d.s.acknowledged.iter().position(|a| a.covers(&p)) {
                        d.s.acknowledged.remove(i);
                    }
                });
            }
            None => {}
        }
    }
}
