//! The setup card: a scenario as a printable, self-contained HTML page laid out like the
//! rulebook's scenario pages (File → Export setup card, `sztab card`).

pub mod described;
mod page;
pub mod rules;
pub mod setup;

use std::path::Path;

use sztab_core::model::Bundle;

pub use page::{counter_svg, html};

/// Writes the card of `b` to `out` atomically: a failure leaves the old card whole.
pub fn write(b: &Bundle, out: &Path) -> std::io::Result<()> {
    sztab_core::model::atomic_write::write(out, html(b).as_bytes())
}

/// The card of a scenario of any system.
pub fn html_of(system: &dyn sztab_seam::RuleSystem, b: sztab_seam::BundleRef<'_>) -> String {
    match b {
        sztab_seam::BundleRef::Wb95(b) => html(b),
        sztab_seam::BundleRef::Described(b) => described::html(system, b),
    }
}
