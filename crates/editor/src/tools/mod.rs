//! The map tools. Each owns its input handling on the canvas and its options panel, and
//! changes the map only by applying [`Edit`](super::edit::Edit)s to the document; a drag is
//! one stroke, so one undo step.

mod areas;
mod brush;
pub mod control;
mod eyedropper;
mod features;
mod fill;
mod hexsides;
mod labels;
mod places;
mod probe;
mod roads;
pub mod route;
mod select;
mod supply;
mod trace;
pub mod units;
mod zones;

use egui::{Key, Ui};

use super::canvas::{EguiSink, Pointer};
use super::document::Document;
use super::trace::Trace;
use sztab_core::hex::HexId;
use sztab_core::model::HexCell;
use sztab_seam::RuleSystem;
use sztab_seam::{ProbeInfo, ScenarioPart};

/// Which tool is active; also the toolbar order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToolKind {
    Select,
    Units,
    Brush,
    Fill,
    Eyedropper,
    Features,
    Hexsides,
    Roads,
    Places,
    Labels,
    Zones,
    Supply,
    Control,
    Areas,
    Calibrate,
    Suggest,
    /// A probe of the document's rule system (an LOS probe, a hex inspector).
    Probe(&'static ProbeInfo),
}

impl ToolKind {
    pub const ALL: [ToolKind; 16] = [
        ToolKind::Select,
        ToolKind::Units,
        ToolKind::Brush,
        ToolKind::Fill,
        ToolKind::Eyedropper,
        ToolKind::Features,
        ToolKind::Hexsides,
        ToolKind::Roads,
        ToolKind::Places,
        ToolKind::Labels,
        ToolKind::Zones,
        ToolKind::Supply,
        ToolKind::Control,
        ToolKind::Areas,
        ToolKind::Calibrate,
        ToolKind::Suggest,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ToolKind::Select => "Select",
            ToolKind::Units => "Units",
            ToolKind::Brush => "Terrain brush",
            ToolKind::Fill => "Fill",
            ToolKind::Eyedropper => "Eyedropper",
            ToolKind::Features => "Hex features",
            ToolKind::Hexsides => "Hexsides",
            ToolKind::Roads => "Roads",
            ToolKind::Places => "Places",
            ToolKind::Labels => "Labels",
            ToolKind::Zones => "Entry zones",
            ToolKind::Supply => "Supply sources",
            ToolKind::Control => "Control",
            ToolKind::Areas => "Set-up areas",
            ToolKind::Calibrate => "Calibrate scan",
            ToolKind::Suggest => "Suggest terrain",
            ToolKind::Probe(p) => p.name,
        }
    }

    /// What the tool does, in a line: the toolbar's tooltip.
    pub fn hint(self) -> &'static str {
        match self {
            ToolKind::Select => "Click a hex to inspect it",
            ToolKind::Units => "Move, unplace and open stacks of counters (scenarios)",
            ToolKind::Brush => "Drag to paint terrain; [ and ] change the radius",
            ToolKind::Fill => "Click to fill an area of one terrain with the brush's look",
            ToolKind::Eyedropper => "Click a hex to take its look into the brush",
            ToolKind::Features => "Drag to add forest, towns, cities, swamp",
            ToolKind::Hexsides => "Drag along edges to paint rivers and fortification lines",
            ToolKind::Roads => "Drag through hexes, or click two hexes for a routed road",
            ToolKind::Places => "Name towns and cities and click their hexes",
            ToolKind::Labels => "Click a hex to put a text on the map",
            ToolKind::Zones => "Click map-edge hexes into lettered entry zones",
            ToolKind::Supply => "Each side's supply sources (scenarios)",
            ToolKind::Control => "Paint the hexes each side controls at the start (scenarios)",
            ToolKind::Areas => "Paint set-up areas for a side, formation or unit (scenarios)",
            ToolKind::Calibrate => "Load a scan of a printed map and fit the grid to it",
            ToolKind::Suggest => "Terrain suggestions from the scan's colours",
            ToolKind::Probe(p) => p.hint,
        }
    }

    /// The key that picks the tool; a probe's only if the system gives one egui knows.
    pub fn shortcut(self) -> Option<Key> {
        Some(match self {
            ToolKind::Select => Key::S,
            ToolKind::Units => Key::N,
            ToolKind::Brush => Key::B,
            ToolKind::Fill => Key::F,
            ToolKind::Eyedropper => Key::I,
            ToolKind::Features => Key::T,
            ToolKind::Hexsides => Key::H,
            ToolKind::Roads => Key::R,
            ToolKind::Places => Key::P,
            ToolKind::Labels => Key::L,
            ToolKind::Zones => Key::Z,
            ToolKind::Supply => Key::U,
            ToolKind::Control => Key::O,
            ToolKind::Areas => Key::A,
            ToolKind::Calibrate => Key::C,
            ToolKind::Suggest => Key::G,
            ToolKind::Probe(p) => return p.key.and_then(|c| Key::from_name(&c.to_string())),
        })
    }

    /// The part of a scenario the tool edits, when only some systems have it.
    pub fn part(self) -> Option<ScenarioPart> {
        match self {
            ToolKind::Supply => Some(ScenarioPart::SupplySources),
            ToolKind::Control => Some(ScenarioPart::InitialControl),
            _ => None,
        }
    }

    /// The tools a document of `system` offers, in toolbar order: the shell's tools
    /// whose part the system has, then the system's probes. Without a system, the
    /// shell's tools.
    pub fn offered(system: Option<&'static dyn RuleSystem>) -> Vec<ToolKind> {
        let Some(system) = system else {
            return ToolKind::ALL.to_vec();
        };
        ToolKind::ALL
            .into_iter()
            .filter(|k| k.part().is_none_or(|p| system.has_part(p)))
            .chain(system.probes().iter().map(ToolKind::Probe))
            .collect()
    }
}

/// The rule system of the open document: its scenario's, or for a map the one it names.
pub fn system_of(doc: &Document) -> Option<&'static dyn RuleSystem> {
    doc.system()
        .or_else(|| sztab_registry::get(doc.map().system.as_str()))
}

/// The look the brush and fill paint, picked in the palette or with the eyedropper.
#[derive(Clone, Debug, PartialEq)]
pub struct Brush {
    pub cell: HexCell,
    /// 0 = one hex, 1 = seven hexes, up to 3.
    pub radius: u32,
    /// Paint the features with the terrain (a whole look), or terrain only.
    pub with_features: bool,
}

impl Default for Brush {
    fn default() -> Self {
        Self {
            cell: HexCell::new("clear"),
            radius: 0,
            with_features: false,
        }
    }
}

impl Brush {
    /// The cell a hex gets when this brush paints `old`.
    pub fn paint(&self, old: Option<&HexCell>) -> HexCell {
        // A hex keeps its elevation unless the brush carries one.
        let elevation = self.cell.elevation.or(old.and_then(|o| o.elevation));
        match (self.with_features, old) {
            (false, Some(old)) => HexCell {
                terrain: self.cell.terrain.clone(),
                features: old.features.clone(),
                elevation,
            },
            _ => HexCell {
                elevation,
                ..self.cell.clone()
            },
        }
    }
}

/// What a tool may touch besides the document.
pub struct ToolCtx<'a> {
    pub doc: &'a mut Document,
    pub brush: &'a mut Brush,
    pub trace: &'a mut Trace,
    pub selected: &'a mut Option<HexId>,
    /// A short message for the status bar.
    pub status: &'a mut String,
    /// Set to switch tools (the eyedropper returns to the brush).
    pub switch_to: &'a mut Option<ToolKind>,
    /// Things only the application can do (open a file chooser).
    pub requests: &'a mut Vec<Request>,
    /// The scenario workbench: selection, stacks, setup rules.
    pub scen: &'a mut crate::scenario::Workbench,
    /// The engine's initial control map of the last validation (scenarios).
    pub control: &'a [(HexId, sztab_core::model::SideId)],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    Choose(super::files::ChooserPurpose),
}

pub trait Tool {
    fn kind(&self) -> ToolKind;
    /// Options shown in the tool panel.
    fn options(&mut self, ui: &mut Ui, cx: &mut ToolCtx);
    /// The pointer over the canvas, every frame it is there or a stroke is held.
    fn pointer(&mut self, p: &Pointer, cx: &mut ToolCtx);
    /// A preview drawn over the map.
    fn overlay(&self, sink: &mut EguiSink, p: Option<&Pointer>, v: &View);
    /// Keys (without modifiers) the tool answers while it is active and no text field has
    /// the keyboard; the application hands them to [`Tool::key`].
    fn keys(&self) -> &'static [Key] {
        &[]
    }
    fn key(&mut self, _key: Key, _cx: &mut ToolCtx) {}
    /// Another document was opened, `other_catalogue` when its terrain catalogue is not the
    /// last one's: a half-made stroke or route is forgotten, and a kind chosen from another
    /// catalogue gives way to this one's first.
    fn opened(&mut self, _doc: &Document, _other_catalogue: bool) {}
}

/// What a tool's overlay may look at.
pub struct View<'a> {
    pub doc: &'a Document,
    pub trace: &'a Trace,
    pub brush: &'a Brush,
    pub selected: Option<HexId>,
    pub scen: &'a crate::scenario::Workbench,
    /// The stacks on the map (scenarios).
    pub layer: Option<&'a sztab_core::render::counter::UnitLayer>,
    /// The engine's initial control map of the last validation (scenarios).
    pub control: &'a [(HexId, sztab_core::model::SideId)],
}

/// All tools and the active one.
pub struct Toolbox {
    tools: Vec<Box<dyn Tool>>,
    /// The tool of every probe: it serves the one that is active.
    probe: probe::ProbeTool,
    pub active: ToolKind,
    /// The terrain catalogue of the document the tools last served.
    catalogue: Option<std::path::PathBuf>,
}

impl Default for Toolbox {
    fn default() -> Self {
        Self {
            tools: vec![
                Box::new(select::Select),
                Box::new(units::Units::default()),
                Box::new(brush::BrushTool::default()),
                Box::new(fill::Fill),
                Box::new(eyedropper::Eyedropper),
                Box::new(features::Features::default()),
                Box::new(hexsides::Hexsides::default()),
                Box::new(roads::Roads::default()),
                Box::new(places::Places::default()),
                Box::new(labels::Labels::default()),
                Box::new(zones::Zones::default()),
                Box::new(supply::Supply::default()),
                Box::new(control::ControlTool::default()),
                Box::new(areas::AreasTool::default()),
                Box::new(trace::Calibrate),
                Box::new(trace::Suggest::default()),
            ],
            probe: probe::ProbeTool::default(),
            active: ToolKind::Brush,
            catalogue: None,
        }
    }
}

impl Toolbox {
    /// Tells every tool that `doc` was opened.
    pub fn opened(&mut self, doc: &Document) {
        let catalogue = Some(doc.terrain_path().to_owned());
        let other = catalogue != self.catalogue;
        self.catalogue = catalogue;
        for t in &mut self.tools {
            t.opened(doc, other);
        }
    }

    pub fn active_mut(&mut self) -> &mut dyn Tool {
        if let ToolKind::Probe(info) = self.active {
            self.probe.select(info);
            return &mut self.probe;
        }
        let k = self.active;
        let i = self.tools.iter().position(|t| t.kind() == k).unwrap_or(0);
        self.tools[i].as_mut()
    }

    pub fn active(&self) -> &dyn Tool {
        if let ToolKind::Probe(_) = self.active {
            return &self.probe;
        }
        let i = self
            .tools
            .iter()
            .position(|t| t.kind() == self.active)
            .unwrap_or(0);
        self.tools[i].as_ref()
    }
}

/// A hex outline in the tools' highlight colour.
pub fn highlight(sink: &mut EguiSink, doc: &Document, h: HexId, c: sztab_core::model::Colour) {
    sztab_core::render::draw_overlay_hex(sink, &doc.map().grid, h, c, 0.08);
}

pub const HOVER: sztab_core::model::Colour = sztab_core::model::Colour([255, 255, 255, 230]);
pub const ACCENT: sztab_core::model::Colour = sztab_core::model::Colour([255, 200, 0, 255]);

/// A labelled combo box over ids, for kinds from the catalogue.
pub fn pick_id(ui: &mut Ui, label: &str, current: &mut String, options: &[(String, String)]) {
    let shown = options
        .iter()
        .find(|(id, _)| id == current)
        .map_or(current.clone(), |(_, n)| n.clone());
    egui::ComboBox::from_label(label)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (id, name) in options {
                ui.selectable_value(current, id.clone(), name);
            }
        });
}
pub use brush::blank as brush_blank;

/// Keeps `current` when the catalogue's `options` have it, else picks the first: a kind
/// chosen on a document of another catalogue would paint ids this one does not know.
pub fn keep_valid(current: &mut String, options: impl IntoIterator<Item = String>) {
    let mut first = None;
    for id in options {
        if id == *current {
            return;
        }
        first.get_or_insert(id);
    }
    *current = first.unwrap_or_default();
}

/// A small colour square, for palettes.
pub fn swatch(ui: &mut Ui, c: sztab_core::model::Colour) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter().rect_filled(r, 2.0, super::canvas::colour(c));
}
