//! The text a file was loaded from, kept to point problems at a line and column: the
//! [`Outline`] of its values gives the byte offset of any value by its path in the file,
//! and a line index turns offsets into lines and columns.

use std::path::PathBuf;
use std::sync::OnceLock;

use super::outline::{At, Outline, Seg};

#[derive(Clone, Debug, Default)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
    /// Built on first use (most loads find no problem to locate).
    outline: OnceLock<Outline>,
    /// Line and column every [`CHECKPOINT`] bytes, built on first use: a position is
    /// then found from the nearest one before it, not from the start of the text.
    checkpoints: OnceLock<Vec<Checkpoint>>,
}

/// Bytes between two checkpoints of [`Source::position`].
const CHECKPOINT: usize = 1024;

/// A byte offset (on a character boundary) with its line and column.
#[derive(Clone, Copy, Debug)]
struct Checkpoint {
    offset: usize,
    line: usize,
    column: usize,
}

impl Source {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            text: text.into(),
            outline: OnceLock::new(),
            checkpoints: OnceLock::new(),
        }
    }

    /// Where the file's values are.
    pub fn outline(&self) -> &Outline {
        self.outline.get_or_init(|| Outline::of(&self.text))
    }

    /// The file's top value.
    pub fn root(&self) -> Option<At<'_>> {
        self.outline().root(&self.text)
    }

    /// Byte offset of the value at `path` (or of the deepest value on the way that the
    /// file has); `None` for a file with no value.
    pub fn offset_of(&self, path: &[Seg]) -> Option<usize> {
        self.root().map(|r| r.walk(path).offset())
    }

    /// 1-based line and column of a byte offset: from the nearest checkpoint before it,
    /// so locating one value costs at most [`CHECKPOINT`] bytes of text, however many
    /// are located (a table of 16,000 rows located each from the start took minutes).
    pub fn position(&self, offset: usize) -> (usize, usize) {
        let target = self.char_boundary(offset.min(self.text.len()));
        let points = self.checkpoints();
        let k = points.partition_point(|p| p.offset <= target).max(1) - 1;
        let Checkpoint {
            offset: at,
            mut line,
            mut column,
        } = points[k];
        for c in self.text[at..target].chars() {
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        (line, column)
    }

    fn checkpoints(&self) -> &[Checkpoint] {
        self.checkpoints.get_or_init(|| {
            let mut out = vec![Checkpoint {
                offset: 0,
                line: 1,
                column: 1,
            }];
            let (mut line, mut column) = (1, 1);
            let mut next = CHECKPOINT;
            // Bytes, not chars: a column counts the bytes that start a character.
            for (i, &b) in self.text.as_bytes().iter().enumerate() {
                let starts_char = b & 0xc0 != 0x80;
                if i >= next && starts_char {
                    out.push(Checkpoint {
                        offset: i,
                        line,
                        column,
                    });
                    next = i + CHECKPOINT;
                }
                if b == b'\n' {
                    line += 1;
                    column = 1;
                } else if starts_char {
                    column += 1;
                }
            }
            out
        })
    }

    /// Lines and columns of many offsets in one pass over the text (the order of the
    /// answers is the order of `offsets`): locating every problem of a large file is
    /// linear in the file, not in the file times the problems.
    pub fn positions(&self, offsets: &[usize]) -> Vec<(usize, usize)> {
        let mut order: Vec<usize> = (0..offsets.len()).collect();
        order.sort_unstable_by_key(|&i| offsets[i]);
        let mut out = vec![(1, 1); offsets.len()];
        let (mut at, mut line, mut col) = (0usize, 1usize, 1usize);
        for &i in &order {
            let target = self.char_boundary(offsets[i].min(self.text.len()));
            for c in self.text[at..target].chars() {
                if c == '\n' {
                    line += 1;
                    col = 1;
                } else {
                    col += 1;
                }
            }
            at = target;
            out[i] = (line, col);
        }
        out
    }

    /// Position of `"needle"` (quoted) in the file.
    pub fn find(&self, needle: &str) -> Option<(usize, usize)> {
        self.find_after("", needle)
    }

    /// Position of `"needle"` (quoted) at or after the first `"anchor"`; falls back to the
    /// first occurrence anywhere. A search of the text: for one problem, not for each of
    /// many (see [`Source::offset_of`]).
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

    fn char_boundary(&self, mut i: usize) -> usize {
        while !self.text.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_from_a_checkpoint_is_the_position_from_the_start() {
        // Lines longer and shorter than a checkpoint's stride, and letters of two and
        // three bytes, so checkpoints fall inside lines and next to multi-byte letters.
        let mut text = String::new();
        for i in 0..300 {
            text += &"ż€a".repeat(i % 7 * 150);
            text.push('\n');
        }
        let s = Source::new("t.ron", text.clone());
        let offsets: Vec<usize> = (0..=text.len())
            .step_by(37)
            .chain([text.len() + 5])
            .collect();
        let all = s.positions(&offsets);
        for (o, want) in offsets.iter().zip(all) {
            assert_eq!(s.position(*o), want, "offset {o}");
        }
    }
}
