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
}

impl Spots {
    pub fn cell(&self, row: usize, column: usize) -> Option<Pos> {
        self.rows.get(row)?.1.get(column).copied()
    }

    pub fn key(&self, row: usize) -> Option<Pos> {
        self.rows.get(row)?.0
    }
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

/// Where the pieces of table `id` are in `src`.
pub fn spots(src: &Source, id: &str) -> Spots {
    let toks = tokens(&src.text);
    let pos = |k: usize| src.position(toks[k].0);
    let mut out = Spots::default();
    let Some(tables) = (0..toks.len()).find(|&k| toks[k].1 == Tok::Name("tables".into())) else {
        return out;
    };
    // The table's `id: "<id>"`, then the brackets around that table.
    let Some(id_at) = (tables..toks.len().saturating_sub(2))
        .find(|&k| toks[k].1 == Tok::Name("id".into()) && toks[k + 2].1 == Tok::Str(id.to_owned()))
    else {
        return out;
    };
    out.id = Some(pos(id_at + 2));
    let mut depth = 0i32;
    let Some(open) = (0..id_at).rev().find(|&k| {
        match toks[k].1 {
            Tok::Close => depth += 1,
            Tok::Open => depth -= 1,
            _ => {}
        }
        depth < 0
    }) else {
        return out;
    };
    let close = closing(&toks, open);
    if let Some(c) = field(&toks, open, close, "columns").filter(|&c| toks[c].1 == Tok::Open) {
        out.columns = elements(&toks, c).into_iter().map(pos).collect();
    }
    let Some(rows) = field(&toks, open, close, "rows").filter(|&r| toks[r].1 == Tok::Open) else {
        return out;
    };
    for row in elements(&toks, rows) {
        if toks[row].1 != Tok::Open {
            out.rows.push((None, Vec::new()));
            continue;
        }
        let end = closing(&toks, row);
        let key = field(&toks, row, end, "key").map(pos);
        let cells = field(&toks, row, end, "cells")
            .filter(|&c| toks[c].1 == Tok::Open)
            .map(|c| elements(&toks, c).into_iter().map(pos).collect())
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
        let s = spots(&Source::new("t.tables.ron", text), "crt");
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
