//! Parts of a scenario only some rule systems have. The editor offers the tool that edits
//! a part only for a document whose system has it, so a PanzerBlitz board never shows
//! WB-95's supply sources.

/// A part of a scenario that not every system's rules know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScenarioPart {
    /// Each side's sources of supply (map edges, places, hexes).
    SupplySources,
    /// Which side controls a hex at the start, where it differs from what the rules derive.
    InitialControl,
}
