//! The data a designer authors: terrain catalogues, maps, counter sets and scenarios,
//! their files, and the reference checks run when they are loaded. No rules, no GUI.

pub mod acknowledge;
pub mod area;
pub mod area_check;
pub mod atomic_write;
pub mod attrs;
mod bundle;
pub mod check;
pub mod compose;
mod counters;
mod date;
pub mod decompose;
pub mod described;
mod ids;
pub mod io;
pub mod limits;
mod map;
mod mp;
pub mod outline;
pub mod preserve;
mod problem;
pub mod range;
mod roads;
mod scenario;
pub mod schema;
mod source;
pub mod tables;
mod terrain;
pub mod users;

pub use acknowledge::Acknowledgement;
pub use area::{AreaShape, AreaUse, Holder, Line, SetupArea};
pub use attrs::{AttrValue, Attrs, FieldDef, FieldKind, Schema};
pub use bundle::{Bundle, BundlePaths, MapBundle, Sources};
pub use counters::*;
pub use date::Date;
pub use ids::*;
pub use io::{FileKind, LoadError, Loaded};
pub use map::*;
pub use mp::Mp;
pub use problem::{Anchor, Part, PathSeg, Problem, Severity, Subject, clipped, quoted};
pub use roads::Roads;
pub use scenario::*;
pub use source::Source;
pub use terrain::*;
