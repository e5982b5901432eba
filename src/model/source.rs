//! The text a file was loaded from, kept to point problems at a line and column.
//!
//! Parsed data carries no positions, so a problem about an id is located by finding the
//! id's quoted text in the file, optionally after an anchor (the entry that refers to
//! it). An unknown id has no definition in the file, so its first quoted occurrence
//! after the anchor is a reference to it.

use std::path::PathBuf;

#[derive(Clone, Debug, Default)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
}

impl Source {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            text: text.into(),
        }
    }

    /// 1-based line and column of a byte offset.
    pub fn position(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }

    /// Position of `"needle"` (quoted) in the file.
    pub fn find(&self, needle: &str) -> Option<(usize, usize)> {
        self.find_after("", needle)
    }

    /// Position of `"needle"` (quoted) at or after the first `"anchor"`; falls back to the
    /// first occurrence anywhere.
    pub fn find_after(&self, anchor: &str, needle: &str) -> Option<(usize, usize)> {
        let quoted = format!("\"{needle}\"");
        let start = if anchor.is_empty() {
            0
        } else {
            self.text.find(&format!("\"{anchor}\"")).unwrap_or(0)
        };
        self.text[start..]
            .find(&quoted)
            .map(|i| start + i)
            .or_else(|| self.text.find(&quoted))
            .map(|o| self.position(o))
    }

    /// Position of a bare field name (`start:`), for problems about a field's value.
    pub fn find_field(&self, field: &str) -> Option<(usize, usize)> {
        let pat = format!("{field}:");
        self.text
            .match_indices(&pat)
            .find(|(i, _)| {
                *i == 0
                    || !self.text.as_bytes()[i - 1].is_ascii_alphanumeric()
                        && self.text.as_bytes()[i - 1] != b'_'
            })
            .map(|(i, _)| self.position(i))
    }
}
