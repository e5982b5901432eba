//! The rule systems Sztab knows. Each lives in its own module.

pub mod wb95;
