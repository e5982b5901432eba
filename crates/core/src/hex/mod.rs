//! Hex grid geometry of a printed board: printed hex numbers (`CCRR`), hexside keys,
//! the numbering scheme of a map and the rectangular grid with neighbours, distances
//! and ranges. Flat-top hexes; axial maths comes from `hexx`.

mod grid;
mod id;
mod numbering;

pub use grid::{Dir, Grid, MapEdge};
pub use id::{HexId, HexIdError, Hexside};
pub use numbering::{LabelStyle, Numbering, Parity};

/// Re-exported so callers (drawing, pathfinding) share one axial type.
pub use hexx::Hex as Axial;
