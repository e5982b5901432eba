//! Where a table's pieces are in its file: the line and column of each column label,
//! row key and cell, so a bad cell is reported where it is written. Parsed data carries no
//! positions; this reads the RON text again as tokens (strings, names, brackets) and
//! walks the table's structure, whatever its layout.

use crate::model::Source;

/// 1-based line and column.
pub type Pos = (usize, usize);

#[derive(Debug, Default)]
pub struct Spots {
    /// The table's `id`.
    pub id: Option<Pos>,
    pub columns: Vec<Pos>,
    /// Each row's key and cells.
    pub rows: Vec<(Option<Pos>, Vec<Pos>)>,
    /// The `rule` of each of the table's `given` cells.
    pub given: Vec<Option<Pos>>,
    /// The table's `vocabulary`.
    pub vocabulary: Option<Pos>,
}

impl Spots {
    pub fn cell(&self, row: usize, column: usize) -> Option<Pos> {
        self.rows.get(row)?.1.get(column).copied()
    }

    pub fn key(&self, row: usize) -> Option<Pos> {
        self.rows.get(row)?.0
    }
}

/// Where a vocabulary's id and codes are.
#[derive(Debug, Default)]
pub struct VocabularySpots {
    pub id: Option<Pos>,
    /// The `code` of each of its codes.
    pub codes: Vec<Option<Pos>>,
}

/// Where every vocabulary and table of a file is, by their order in the file.
#[derive(Debug, Default)]
pub struct FileSpots {
    pub vocabularies: Vec<VocabularySpots>,
    pub tables: Vec<Spots>,
    /// The `system` field's value.
    pub system: Option<Pos>,
}

#[derive(Debug, PartialEq)]
enum Tok {
    Str(String),
    Name(String),
    Open,
    Close,
    Other,
}

/// The file's tokens with their byte offsets.
fn tokens(text: &str) -> Vec<(usize, Tok)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if b[i..].starts_with(b"//") {
            i += b[i..]
                .iter()
                .position(|&x| x == b'\n')
                .unwrap_or(b.len() - i);
        } else if b[i..].starts_with(b"/*") {
            i += 2 + text[i + 2..].find("*/").map_or(b.len() - i - 2, |e| e + 2);
        } else if c == b'"' {
            let (end, value) = string(text, i + 1);
            out.push((i, Tok::Str(value)));
            i = end;
        } else if c == b'r' && matches!(b.get(i + 1), Some(b'"' | b'#')) {
            let hashes = b[i + 1..].iter().take_while(|&&x| x == b'#').count();
            let open = i + 1 + hashes;
            if b.get(open) == Some(&b'"') {
                let close = format!("\"{}", "#".repeat(hashes));
                let end = text[open + 1..]
                    .find(&close)
                    .map_or(b.len(), |e| open + 1 + e);
                out.push((i, Tok::Str(text[open + 1..end].to_owned())));
                i = (end + close.len()).min(b.len());
            } else {
                out.push((i, Tok::Other));
                i += 1;
            }
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let len = b[i..]
                .iter()
                .take_while(|x| x.is_ascii_alphanumeric() || **x == b'_')
                .count();
            out.push((i, Tok::Name(text[i..i + len].to_owned())));
            i += len;
        } else if matches!(c, b'(' | b'[' | b'{') {
            out.push((i, Tok::Open));
            i += 1;
        } else if matches!(c, b')' | b']' | b'}') {
            out.push((i, Tok::Close));
            i += 1;
        } else {
            out.push((i, Tok::Other));
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    out
}

/// A string's end (after its closing quote) and value, from just after its opening quote.
fn string(text: &str, from: usize) -> (usize, String) {
    let mut value = String::new();
    let mut chars = text[from..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => return (from + k + 1, value),
            '\\' => {
                if let Some((_, e)) = chars.next() {
                    value.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        other => other,
                    });
                }
            }
            c => value.push(c),
        }
    }
    (text.len(), value)
}

/// The index of the token closing the bracket opened at `open`.
fn closing(toks: &[(usize, Tok)], open: usize) -> usize {
    let mut depth = 0usize;
    for (k, (_, t)) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Open => depth += 1,
            Tok::Close => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

/// The value of field `name` directly inside the brackets `open..close`: the index of its
/// first token.
fn field(toks: &[(usize, Tok)], open: usize, close: usize, name: &str) -> Option<usize> {
    let mut k = open + 1;
    while k < close {
        match &toks[k].1 {
            Tok::Open => k = closing(toks, k) + 1,
            Tok::Name(n) if n == name && toks.get(k + 1).is_some_and(|t| t.1 == Tok::Other) => {
                return Some(k + 2);
            }
            _ => k += 1,
        }
    }
    None
}

/// The elements of the list opened at `open`: the index of each element's first token.
fn elements(toks: &[(usize, Tok)], open: usize) -> Vec<usize> {
    let close = closing(toks, open);
    let mut out = Vec::new();
    let mut k = open + 1;
    while k < close {
        match &toks[k].1 {
            Tok::Other => k += 1, // a comma
            Tok::Open => {
                out.push(k);
                k = closing(toks, k) + 1;
            }
            _ => {
                out.push(k);
                k += 1;
            }
        }
    }
    out
}

/// Where the pieces of every vocabulary and table are in `src`: one pass over its
/// tokens, so locating all of a large file's problems is linear in the file (the
/// positions come from [`Source::position`], which starts at a nearby checkpoint).
pub fn file_spots(src: &Source) -> FileSpots {
    let toks = tokens(&src.text);
    let pos = |k: usize| src.position(toks.get(k).map_or(src.text.len(), |t| t.0));
    let mut out = FileSpots::default();
    let Some(root) = toks.iter().position(|t| t.1 == Tok::Open) else {
        return out;
    };
    let end = closing(&toks, root);
    out.system = field(&toks, root, end, "system").map(pos);
    if let Some(v) = field(&toks, root, end, "vocabularies").filter(|&k| is_open(&toks, k)) {
        for item in elements(&toks, v) {
            let mut spots = VocabularySpots::default();
            if is_open(&toks, item) {
                let close = closing(&toks, item);
                spots.id = field(&toks, item, close, "id").map(pos);
                if let Some(c) = field(&toks, item, close, "codes").filter(|&k| is_open(&toks, k)) {
                    spots.codes = elements(&toks, c)
                        .into_iter()
                        .map(|code| {
                            if !is_open(&toks, code) {
                                return Some(pos(code));
                            }
                            let close = closing(&toks, code);
                            field(&toks, code, close, "code").map(pos)
                        })
                        .collect();
                }
            }
            out.vocabularies.push(spots);
        }
    }
    if let Some(t) = field(&toks, root, end, "tables").filter(|&k| is_open(&toks, k)) {
        for item in elements(&toks, t) {
            out.tables.push(if is_open(&toks, item) {
                table(&toks, item, &pos)
            } else {
                Spots::default()
            });
        }
    }
    out
}

fn is_open(toks: &[(usize, Tok)], k: usize) -> bool {
    toks.get(k).is_some_and(|t| t.1 == Tok::Open)
}

/// The pieces of the table whose brackets open at token `open`.
fn table(toks: &[(usize, Tok)], open: usize, pos: &impl Fn(usize) -> Pos) -> Spots {
    let close = closing(toks, open);
    let mut out = Spots {
        id: field(toks, open, close, "id").map(pos),
        vocabulary: field(toks, open, close, "vocabulary").map(pos),
        ..Spots::default()
    };
    if let Some(c) = field(toks, open, close, "columns").filter(|&c| is_open(toks, c)) {
        out.columns = elements(toks, c).into_iter().map(pos).collect();
    }
    if let Some(g) = field(toks, open, close, "given").filter(|&g| is_open(toks, g)) {
        out.given = elements(toks, g)
            .into_iter()
            .map(|item| {
                if !is_open(toks, item) {
                    return Some(pos(item));
                }
                let end = closing(toks, item);
                field(toks, item, end, "rule").map(pos)
            })
            .collect();
    }
    let Some(rows) = field(toks, open, close, "rows").filter(|&r| is_open(toks, r)) else {
        return out;
    };
    for row in elements(toks, rows) {
        if !is_open(toks, row) {
            out.rows.push((None, Vec::new()));
            continue;
        }
        let end = closing(toks, row);
        let key = field(toks, row, end, "key").map(pos);
        let cells = field(toks, row, end, "cells")
            .filter(|&c| is_open(toks, c))
            .map(|c| elements(toks, c).into_iter().map(pos).collect())
            .unwrap_or_default();
        out.rows.push((key, cells));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_found_whatever_the_layout() {
        let text = r#"(
    system: "test",
    vocabularies: [(id: "crt", name: "x", codes: [])],
    tables: [
        (id: "other", rows: [(key: "1", cells: ["9"])]),
        (
            // a made-up table
            id: "crt", columns: ["1:1",
                "2:1"],
            rows: [
                (key: "1", cells: ["A", "B"]),
                (cells: [r"C", "D\"x"], key: "2"),
            ],
        ),
    ],
)"#;
        let s = file_spots(&Source::new("t.tables.ron", text));
        assert_eq!(s.tables.len(), 2);
        let s = &s.tables[1];
        assert_eq!(s.id, Some((8, 17)));
        assert_eq!(s.columns, vec![(8, 34), (9, 17)]);
        assert_eq!(s.key(0), Some((11, 23)));
        assert_eq!(s.cell(0, 1), Some((11, 41)));
        assert_eq!(s.cell(1, 0), Some((12, 26)));
        assert_eq!(s.cell(1, 1), Some((12, 32)));
        assert_eq!(s.key(1), Some((12, 46)));
        assert_eq!(s.cell(2, 0), None);
    }
}
