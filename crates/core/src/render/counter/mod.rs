//! Unit counters drawn in board units: the NATO-style type symbols, one counter face, and
//! stacks on the map. The editor's canvas, the PNG export and the setup card's SVG draw
//! them through the same [`Sink`](super::Sink) calls; the playtest reuses them by building
//! [`UnitLayer`] stacks from a game position with each unit's [`UnitState`].

mod face;
mod printed;
mod stack;
mod symbol;

pub use face::{COUNTER_SIDE, CounterFace, UnitMarkers, UnitState, draw_counter, star_colour};
pub use printed::{Emblem, Layout, Mark, Printed, Row, Spacing};
pub use stack::{Stack, UnitLayer, counter_centre, draw_stack, draw_units};
pub use symbol::{Frame, draw_size, draw_star, draw_symbol};
