//! Where each value of a RON file is: a tree of byte spans built in one pass over the
//! text, so a problem found in the parsed data points at its own line and column (the
//! second of two duplicate ids at the second, not at the first copy of its text).
//!
//! The outline knows RON's shape, not the file's types: structs and tuples `( )` (with a
//! name or a variant in front: `Set(5)`, `Some(x)`), lists `[ ]`, maps `{ }`, strings,
//! and bare tokens (numbers, identifiers). A value is reached by a path of field names,
//! list indices and map keys ([`Seg`]). Building it is linear in the text, on any input:
//! it never fails, it only finds less in text that is not RON.

use std::collections::HashMap;

/// A step of a path into a file: a struct field, an item of a list or tuple (or a
/// variant's payload), or the value of a map key (written without its quotes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seg<'s> {
    Field(&'s str),
    Item(usize),
    Key(&'s str),
}

impl<'s> From<&'s str> for Seg<'s> {
    fn from(name: &'s str) -> Self {
        Seg::Field(name)
    }
}

impl From<usize> for Seg<'_> {
    fn from(i: usize) -> Self {
        Seg::Item(i)
    }
}

/// A path into a file: `path!["units", 3, "sp"]`, with `Seg::Key(k)` for map keys.
#[macro_export]
macro_rules! path {
    ($($seg:expr),* $(,)?) => {
        [$($crate::model::outline::Seg::from($seg)),*]
    };
}

/// The spans of a file's values.
#[derive(Clone, Debug, Default)]
pub struct Outline {
    nodes: Vec<Node>,
    /// Children of every node, each node's contiguous.
    kids: Vec<u32>,
    root: Option<u32>,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The value's bytes (a named struct or variant from its name).
    start: u32,
    end: u32,
    /// A number, string or identifier, not a container.
    leaf: bool,
    /// The field name or map key in front of the value; `start..start` for none.
    key: (u32, u32),
    /// The name in front of `( )`, e.g. `Some`; empty for none.
    name: (u32, u32),
    first: u32,
    len: u32,
}

impl Outline {
    /// The outline of `text`.
    pub fn of(text: &str) -> Outline {
        let mut b = Builder {
            lex: Lexer {
                b: text.as_bytes(),
                i: 0,
            },
            out: Outline::default(),
            stack: Vec::new(),
        };
        b.top();
        b.out
    }

    /// The file's top value, as a cursor over `text` (the text the outline was built of).
    pub fn root<'a>(&'a self, text: &'a str) -> Option<At<'a>> {
        self.root.map(|n| At { o: self, text, n })
    }

    /// Every value of the file, inner values before the values holding them (the fuzz
    /// harness mutates files value by value).
    pub fn values<'a>(&'a self, text: &'a str) -> impl Iterator<Item = At<'a>> + 'a {
        (0..self.nodes.len() as u32).map(move |n| At { o: self, text, n })
    }
}

/// A value of a file: where it is, and the way to the values inside it.
#[derive(Clone, Copy)]
pub struct At<'a> {
    o: &'a Outline,
    text: &'a str,
    n: u32,
}

impl<'a> At<'a> {
    fn node(&self) -> Node {
        self.o.nodes[self.n as usize]
    }

    /// Byte offset of the value.
    pub fn offset(&self) -> usize {
        self.node().start as usize
    }

    /// The value's bytes in the text.
    pub fn span(&self) -> std::ops::Range<usize> {
        let n = self.node();
        n.start as usize..n.end as usize
    }

    /// The value's text.
    pub fn text(&self) -> &'a str {
        &self.text[self.span()]
    }

    /// A number, string or identifier, not a container.
    pub fn is_leaf(&self) -> bool {
        self.node().leaf
    }

    /// Byte offset of the field name or map key in front of the value, else the value's.
    pub fn key_offset(&self) -> usize {
        let n = self.node();
        if n.key.1 > n.key.0 {
            n.key.0 as usize
        } else {
            n.start as usize
        }
    }

    /// The field name or map key (without quotes) in front of the value.
    pub fn key_text(&self) -> Option<&'a str> {
        let (s, e) = self.node().key;
        (e > s).then(|| unquote(&self.text[s as usize..e as usize]))
    }

    fn name(&self) -> &'a str {
        let (s, e) = self.node().name;
        &self.text[s as usize..e as usize]
    }

    /// The name in front of `( )` (`Some`, a variant), empty for none.
    pub fn name_text(&self) -> &'a str {
        self.name()
    }

    /// The opening bracket of a container (`(`, `[` or `{`); `None` for a leaf.
    pub fn bracket(&self) -> Option<u8> {
        if self.is_leaf() {
            return None;
        }
        let n = self.node();
        let from = if n.name.1 > n.name.0 {
            n.name.1
        } else {
            n.start
        } as usize;
        let b = self.text.as_bytes();
        (from..n.end as usize)
            .map(|i| b[i])
            .find(|c| !c.is_ascii_whitespace())
    }

    /// The values inside: fields, items, map values, a variant's payload.
    pub fn children(self) -> impl Iterator<Item = At<'a>> + 'a {
        let n = self.node();
        let (o, text) = (self.o, self.text);
        o.kids[n.first as usize..(n.first + n.len) as usize]
            .iter()
            .map(move |&k| At { o, text, n: k })
    }

    /// `x` for `Some(x)` (an explicit option; implicit ones are `x` already).
    fn inner(self) -> At<'a> {
        let n = self.node();
        if n.len == 1 && self.name() == "Some" {
            self.children().next().unwrap_or(self)
        } else {
            self
        }
    }

    /// A struct field.
    pub fn field(self, name: &str) -> Option<At<'a>> {
        self.inner().children().find(|c| c.key_text() == Some(name))
    }

    /// The `i`-th item of a list or tuple, or of a variant's payload.
    pub fn item(self, i: usize) -> Option<At<'a>> {
        let this = self.inner();
        let n = this.node();
        (i < n.len as usize).then(|| At {
            n: self.o.kids[n.first as usize + i],
            ..this
        })
    }

    /// The value of a map key.
    pub fn key(self, k: &str) -> Option<At<'a>> {
        self.inner().children().find(|c| c.key_text() == Some(k))
    }

    /// The deepest value along `path`: where a step is not in the file (a field left to
    /// its default), the value reached so far.
    pub fn walk(self, path: &[Seg]) -> At<'a> {
        let mut at = self;
        for seg in path {
            let next = match *seg {
                Seg::Field(f) => at.field(f),
                Seg::Item(i) => at.item(i),
                Seg::Key(k) => at.key(k),
            };
            match next {
                Some(n) => at = n,
                None => break,
            }
        }
        at
    }

    /// The map's values by key, for many lookups in one map.
    pub fn by_key(self) -> HashMap<&'a str, At<'a>> {
        let mut m = HashMap::new();
        for c in self.inner().children() {
            if let Some(k) = c.key_text() {
                m.entry(k).or_insert(c);
            }
        }
        m
    }
}

fn unquote(s: &str) -> &str {
    s.strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(s)
}

// ---- the lexer: RON's tokens, comments skipped ----

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok {
    Open(u8),
    Close,
    Colon,
    Comma,
    Hash,
    /// A string, byte string or char literal.
    Str,
    /// A number or an identifier.
    Bare,
    Other,
    End,
}

#[derive(Clone)]
struct Lexer<'a> {
    b: &'a [u8],
    i: usize,
}

impl Lexer<'_> {
    fn at(&self, k: usize) -> u8 {
        self.b.get(self.i + k).copied().unwrap_or(0)
    }

    fn skip_blank(&mut self) {
        loop {
            match (self.at(0), self.at(1)) {
                (b' ' | b'\t' | b'\n' | b'\r', _) => self.i += 1,
                (b'/', b'/') => {
                    while self.i < self.b.len() && self.b[self.i] != b'\n' {
                        self.i += 1;
                    }
                }
                (b'/', b'*') => {
                    self.i += 2;
                    let mut depth = 1;
                    while self.i < self.b.len() && depth > 0 {
                        match (self.at(0), self.at(1)) {
                            (b'*', b'/') => {
                                depth -= 1;
                                self.i += 2;
                            }
                            (b'/', b'*') => {
                                depth += 1;
                                self.i += 2;
                            }
                            _ => self.i += 1,
                        }
                    }
                }
                _ => return,
            }
        }
    }

    /// The next token and its span.
    fn next(&mut self) -> (Tok, usize, usize) {
        self.skip_blank();
        let s = self.i;
        if s >= self.b.len() {
            return (Tok::End, s, s);
        }
        let c = self.b[s];
        self.i += 1;
        let t = match c {
            b'(' | b'[' | b'{' => Tok::Open(c),
            b')' | b']' | b'}' => Tok::Close,
            b':' => Tok::Colon,
            b',' => Tok::Comma,
            b'#' => Tok::Hash,
            b'"' => {
                self.quoted(b'"');
                Tok::Str
            }
            b'\'' => {
                self.quoted(b'\'');
                Tok::Str
            }
            b'r' | b'b' if self.raw_string() => Tok::Str,
            c if is_bare(c) => {
                while self.i < self.b.len() && is_bare(self.b[self.i]) {
                    self.i += 1;
                }
                Tok::Bare
            }
            _ => {
                // One whole UTF-8 character, so spans stay on character boundaries.
                while self.i < self.b.len() && (self.b[self.i] & 0xc0) == 0x80 {
                    self.i += 1;
                }
                Tok::Other
            }
        };
        (t, s, self.i)
    }

    /// Skips to the closing `q` of a quoted string or char (backslash escapes).
    fn quoted(&mut self, q: u8) {
        while self.i < self.b.len() {
            match self.b[self.i] {
                b'\\' => self.i += 2,
                c if c == q => {
                    self.i += 1;
                    return;
                }
                _ => self.i += 1,
            }
        }
        self.i = self.b.len();
    }

    /// After `r` or `b`: a raw string `r#"..."#` or byte string `b"..."`, if one starts.
    fn raw_string(&mut self) -> bool {
        let start = self.i;
        if self.b[start - 1] == b'b' {
            match self.at(0) {
                b'"' => {
                    self.i += 1;
                    self.quoted(b'"');
                    return true;
                }
                b'r' => self.i += 1,
                _ => return false,
            }
        }
        let mut hashes = 0;
        while self.at(hashes) == b'#' {
            hashes += 1;
        }
        if self.at(hashes) != b'"' {
            self.i = start;
            return false;
        }
        self.i += hashes + 1;
        while self.i < self.b.len() {
            if self.b[self.i] == b'"' && (1..=hashes).all(|k| self.at(k) == b'#') {
                self.i += hashes + 1;
                return true;
            }
            self.i += 1;
        }
        true
    }

    fn peek(&self) -> Tok {
        self.clone().next().0
    }
}

/// What [`excess`] found a text to pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Over {
    /// Brackets nested deeper than allowed.
    Depth,
    /// A list, map or struct with more items than allowed.
    Items,
}

/// The first place where `text` nests brackets more than `max_depth` deep, or where one
/// bracket holds its item number `max_items + 1`: the offset of that bracket or item.
/// One pass over the text with the outline's lexer (strings, chars and comments skip
/// their brackets), keeping one counter per open bracket.
pub fn excess(text: &str, max_depth: usize, max_items: usize) -> Option<(usize, Over)> {
    let mut lex = Lexer {
        b: text.as_bytes(),
        i: 0,
    };
    // Per open bracket: its items so far, and whether the next token starts one.
    let mut open: Vec<(usize, bool)> = Vec::new();
    loop {
        let (t, s, _) = lex.next();
        let starts_item = !matches!(t, Tok::Close | Tok::Comma | Tok::Colon | Tok::End);
        if starts_item
            && let Some((items, fresh)) = open.last_mut()
            && *fresh
        {
            *fresh = false;
            *items += 1;
            if *items > max_items {
                return Some((s, Over::Items));
            }
        }
        match t {
            Tok::End => return None,
            Tok::Open(_) => {
                if open.len() == max_depth {
                    return Some((s, Over::Depth));
                }
                open.push((0, true));
            }
            Tok::Close => {
                open.pop();
            }
            Tok::Comma => {
                if let Some((_, fresh)) = open.last_mut() {
                    *fresh = true;
                }
            }
            _ => {}
        }
    }
}

/// The offset of the first byte at or after `pos` that is neither blank nor in a comment.
pub fn skip_blank(text: &str, pos: usize) -> usize {
    let mut lex = Lexer {
        b: text.as_bytes(),
        i: pos.min(text.len()),
    };
    lex.skip_blank();
    lex.i
}

fn is_bare(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'+' | b'-')
}

// ---- the builder: values and their children ----

/// Deeper nesting is skipped as one value (the loader's own limit is far lower).
const MAX_DEPTH: usize = 128;

struct Builder<'a> {
    lex: Lexer<'a>,
    out: Outline,
    /// Children of the containers being built, innermost last.
    stack: Vec<u32>,
}

impl Builder<'_> {
    /// The file: inner attributes (`#![enable(...)]`), then one value.
    fn top(&mut self) {
        loop {
            match self.lex.peek() {
                Tok::Hash => {
                    self.lex.next();
                    if self.lex.peek() == Tok::Other {
                        self.lex.next(); // the `!`
                    }
                    self.value(MAX_DEPTH); // the attribute's brackets, not kept
                }
                Tok::End => return,
                _ => {
                    let before = self.lex.i;
                    self.out.root = self.value(0);
                    if self.out.root.is_some() || self.lex.i == before {
                        return;
                    }
                }
            }
        }
    }

    fn node(&mut self, start: usize, name: (usize, usize), base: usize, leaf: bool) -> u32 {
        let kids: Vec<u32> = self.stack.drain(base..).collect();
        let first = self.out.kids.len() as u32;
        self.out.kids.extend(&kids);
        self.out.nodes.push(Node {
            start: start as u32,
            end: self.lex.i as u32,
            leaf,
            key: (start as u32, start as u32),
            name: (name.0 as u32, name.1 as u32),
            first,
            len: kids.len() as u32,
        });
        (self.out.nodes.len() - 1) as u32
    }

    /// One value; `None` (consuming a stray token, or nothing before a close) if none
    /// starts here.
    fn value(&mut self, depth: usize) -> Option<u32> {
        let (t, s, e) = match self.lex.peek() {
            Tok::Close | Tok::End => return None,
            _ => self.lex.next(),
        };
        match t {
            Tok::Bare if self.lex.peek() == Tok::Open(b'(') => {
                self.lex.next();
                Some(self.container(s, (s, e), b'(', depth))
            }
            Tok::Bare | Tok::Str => Some(self.node(s, (s, s), self.stack.len(), true)),
            Tok::Open(c) => Some(self.container(s, (s, s), c, depth)),
            _ => None,
        }
    }

    /// The inside of `( )`, `[ ]` or `{ }` whose opening bracket was read.
    fn container(&mut self, start: usize, name: (usize, usize), open: u8, depth: usize) -> u32 {
        let base = self.stack.len();
        if depth >= MAX_DEPTH {
            self.skip_balanced();
            return self.node(start, name, base, false);
        }
        loop {
            let before = self.lex.i;
            match self.lex.peek() {
                Tok::Close => {
                    self.lex.next();
                    break;
                }
                Tok::End => break,
                Tok::Comma => {
                    self.lex.next();
                    continue;
                }
                _ => {}
            }
            let key = self.key(open, depth);
            if let Some(v) = self.value(depth + 1) {
                if let Some((ks, ke)) = key {
                    self.out.nodes[v as usize].key = (ks as u32, ke as u32);
                }
                self.stack.push(v);
            }
            if self.lex.i == before {
                self.lex.next();
            }
        }
        self.node(start, name, base, false)
    }

    /// The field name (`name:`) or map key (`"0101":`) in front of a value, if any.
    fn key(&mut self, open: u8, depth: usize) -> Option<(usize, usize)> {
        if open == b'{' {
            // The key is not a child of the map; only its span is kept.
            let k = self.value(depth + 1)?;
            let start = self.out.nodes[k as usize].start as usize;
            let end = trim_end(self.lex.b, start, self.lex.i);
            if self.lex.peek() == Tok::Colon {
                self.lex.next();
            }
            return Some((start, end));
        }
        let mut ahead = self.lex.clone();
        let (t, s, e) = ahead.next();
        if t == Tok::Bare && ahead.next().0 == Tok::Colon {
            self.lex = ahead;
            return Some((s, e));
        }
        None
    }

    fn skip_balanced(&mut self) {
        let mut depth = 1usize;
        while depth > 0 {
            match self.lex.next().0 {
                Tok::Open(_) => depth += 1,
                Tok::Close => depth -= 1,
                Tok::End => return,
                _ => {}
            }
        }
    }
}

/// `end` moved back over blanks, so a key's span ends at its last character.
fn trim_end(b: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r##"// a comment (with brackets
#![enable(implicit_some)]
(
    name: "x /* not a comment */",
    units: [
        (id: "a", sp: 4, reduced: (sp: 2)),
        (id: "b", sp: 5, reduced: Some((sp: 3))),
    ],
    /* (nested /* comment */) */
    hexes: {"0101": (t: "clear"), "0102": (t: r#"hi"ll"#)},
    cost: Set("1/3"),
)"##;

    fn at<'a>(o: &'a Outline, path: &[Seg]) -> &'a str {
        let a = o.root(TEXT).unwrap().walk(path);
        &TEXT[a.offset()..a.offset() + 6]
    }

    #[test]
    fn paths_reach_fields_items_keys_and_payloads() {
        let o = Outline::of(TEXT);
        assert_eq!(at(&o, &crate::path!["units", 1, "id"]), "\"b\", s");
        assert_eq!(
            at(&o, &crate::path!["units", 1, "reduced", "sp"]),
            "3))),\n"
        );
        assert_eq!(
            at(&o, &crate::path!["units", 0, "reduced", "sp"]),
            "2)),\n "
        );
        assert_eq!(
            at(
                &o,
                &[Seg::Field("hexes"), Seg::Key("0102"), Seg::Field("t")]
            ),
            "r#\"hi\""
        );
        assert_eq!(at(&o, &crate::path!["cost", 0]), "\"1/3\")");
        // A missing step stops at the value reached so far.
        assert_eq!(at(&o, &crate::path!["units", 7, "id"]), "[\n    ");
        let hexes = o.root(TEXT).unwrap().field("hexes").unwrap();
        assert_eq!(hexes.by_key().len(), 2);
        let key = hexes.key("0101").unwrap();
        assert_eq!(&TEXT[key.key_offset()..key.key_offset() + 6], "\"0101\"");
    }

    #[test]
    fn values_have_their_spans_and_leaves_are_marked() {
        let o = Outline::of(TEXT);
        let units = o.root(TEXT).unwrap().field("units").unwrap();
        assert!(!units.is_leaf());
        let text = &TEXT[units.span()];
        assert!(text.starts_with('[') && text.ends_with(']'), "{text}");
        let b = units.walk(&crate::path![1, "reduced", "sp"]);
        assert!(b.is_leaf());
        assert_eq!(&TEXT[b.span()], "3");
        let cost = o.root(TEXT).unwrap().field("cost").unwrap();
        assert_eq!(&TEXT[cost.span()], "Set(\"1/3\")");
        // Every value, inner ones first; the leaves are the numbers, strings and names.
        let leaves: Vec<&str> = o
            .values(TEXT)
            .filter(|v| v.is_leaf())
            .map(|v| &TEXT[v.span()])
            .collect();
        assert!(leaves.contains(&"\"x /* not a comment */\""), "{leaves:?}");
        assert!(leaves.contains(&"r#\"hi\"ll\"#"), "{leaves:?}");
        assert!(
            leaves.contains(&"4") && leaves.contains(&"\"1/3\""),
            "{leaves:?}"
        );
    }

    #[test]
    fn any_text_gives_an_outline_without_panicking() {
        for t in [
            "",
            "(",
            ")",
            "[[[",
            "]]]",
            "{\"a\":",
            "r#\"",
            "'",
            "\"\\",
            "/*",
            "b",
            "#!",
            "ż(",
            "(a: (b: [1, 2, {3: 4}]), c: Some(,)",
        ] {
            let o = Outline::of(t);
            if let Some(r) = o.root(t) {
                let _ = r.walk(&crate::path!["a", 0, "b"]).offset();
            }
        }
        let deep = "[".repeat(100_000);
        assert!(Outline::of(&deep).root(&deep).is_some());
    }
}
