//! Why an action was refused: the rule it breaks and what is wrong.

use std::fmt;

/// An illegal action. The game is unchanged when `apply` returns one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The rule broken, e.g. `R4.2.3`.
    pub rule: &'static str,
    pub message: String,
}

impl RuleError {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        Self {
            rule,
            message: message.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

impl std::error::Error for RuleError {}

/// Shorthand: `Err(RuleError)` naming a rule.
pub fn refuse<T>(rule: &'static str, message: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::new(rule, message))
}
