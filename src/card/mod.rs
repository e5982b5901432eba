//! The setup card: a scenario as a printable, self-contained HTML page laid out like the
//! rulebook's scenario pages (File → Export setup card, `sztab card`).

mod page;
pub mod rules;
pub mod setup;

use std::path::Path;

use crate::model::Bundle;

pub use page::{counter_svg, html};

/// Writes the card of `b` to `out` atomically: a failure leaves the old card whole.
pub fn write(b: &Bundle, out: &Path) -> std::io::Result<()> {
    crate::model::atomic_write::write(out, html(b).as_bytes())
}
