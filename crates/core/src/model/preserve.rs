//! Saving into the text a file already has: only the values that changed are rewritten,
//! so comments, the order of entries and the layout of untouched values stay as the
//! designer (or an earlier save) left them, and one edited table cell is a one-line diff.
//!
//! No maintained crate writes RON this way (`ron` serializes a whole value; `ron-edit`
//! 0.2 is an unmaintained work-in-progress parser that keeps whitespace but edits
//! nothing), so this is a three-way merge on the file's [`Outline`]: `base` and `new`
//! are the saved and the edited value serialized the same way, so where their texts are
//! equal nothing changed; where they differ, the merge walks into struct fields and map
//! entries by name, list items by alignment, and rewrites, inserts or deletes only there,
//! in the file's own text. The caller checks that the result reads back as `new` and
//! writes `new` itself when it does not ([`super::io::to_ron_over`]).

use super::outline::{At, Outline, skip_blank};

/// `text` (a file whose value serializes as `base`) changed as `base` became `new`;
/// `None` when the file's shape does not line up with `base` (then write `new`).
pub fn merge(text: &str, base: &str, new: &str) -> Option<String> {
    if base == new {
        return Some(text.to_owned());
    }
    let (ot, ob, on) = (Outline::of(text), Outline::of(base), Outline::of(new));
    let mut m = Merge {
        text,
        new,
        crlf: text.contains("\r\n"),
        edits: Vec::new(),
    };
    m.value(ot.root(text)?, Some(ob.root(base)?), on.root(new)?)?;
    m.apply()
}

/// A span of the file replaced (an insertion when empty).
struct Splice {
    at: std::ops::Range<usize>,
    with: String,
}

struct Merge<'a> {
    text: &'a str,
    new: &'a str,
    crlf: bool,
    edits: Vec<Splice>,
}

/// Longest list middle aligned item by item (a longer one is paired in order).
const MAX_ALIGN: usize = 1 << 18;

impl<'a> Merge<'a> {
    /// Merges one value: `t` in the file, `b` in the base (if the base has it), `n` new.
    fn value(&mut self, t: At<'a>, b: Option<At<'a>>, n: At<'a>) -> Option<()> {
        if let Some(b) = b
            && b.text() == n.text()
        {
            return Some(());
        }
        match b {
            Some(b) if self.containers(t, b, n) => self.inside(t, b, n),
            _ => {
                self.replace(t, n);
                Some(())
            }
        }
    }

    /// Are all three the same kind of container, so the merge can go inside?
    fn containers(&self, t: At, b: At, n: At) -> bool {
        let same = |x: At, y: At| x.bracket() == y.bracket() && x.name_text() == y.name_text();
        t.bracket().is_some() && same(t, b) && same(b, n)
    }

    fn inside(&mut self, t: At<'a>, b: At<'a>, n: At<'a>) -> Option<()> {
        let (tk, bk, nk): (Vec<At>, Vec<At>, Vec<At>) = (
            t.children().collect(),
            b.children().collect(),
            n.children().collect(),
        );
        if tk.is_empty() || nk.is_empty() {
            // Nothing of the file's layout to keep inside, or nothing left of it.
            self.replace(t, n);
            return Some(());
        }
        let keyed = |v: &[At]| v.iter().all(|c| c.key_text().is_some());
        let unkeyed = |v: &[At]| v.iter().all(|c| c.key_text().is_none());
        if keyed(&tk) && keyed(&bk) && keyed(&nk) {
            self.keyed(t, &tk, &bk, &nk)
        } else if unkeyed(&tk) && unkeyed(&bk) && unkeyed(&nk) && tk.len() == bk.len() {
            self.positional(t, &tk, &bk, &nk)
        } else {
            None
        }
    }

    /// Struct fields and map entries, matched by name.
    fn keyed(&mut self, t: At<'a>, tk: &[At<'a>], bk: &[At<'a>], nk: &[At<'a>]) -> Option<()> {
        let find = |v: &[At<'a>], k: &str| v.iter().copied().find(|c| c.key_text() == Some(k));
        // Inserted entries, each after the file's entry they follow in the new value.
        let mut after: Option<At> = None;
        let mut pending: Vec<At> = Vec::new();
        for &c in nk {
            let k = c.key_text()?;
            match (find(tk, k), find(bk, k)) {
                (Some(tc), bc) => {
                    self.insert(t, tk, after, &pending);
                    pending.clear();
                    self.value(tc, bc, c)?;
                    after = Some(tc);
                }
                // The file leaves out a default the serializer writes: still the default.
                (None, Some(bc)) if bc.text() == c.text() => {}
                (None, _) => pending.push(c),
            }
        }
        self.insert(t, tk, after, &pending);
        for &tc in tk {
            let k = tc.key_text()?;
            // Only what the base had is gone; what the file writes and the base leaves
            // out is a default, kept as the file says it.
            if find(nk, k).is_none() && find(bk, k).is_some() {
                self.delete(tk, tc);
            }
        }
        Some(())
    }

    /// List and tuple items, aligned by their text (a longest common subsequence), so an
    /// item inserted or removed leaves the others as they are and a changed item is
    /// merged inside.
    fn positional(&mut self, t: At<'a>, tk: &[At<'a>], bk: &[At<'a>], nk: &[At<'a>]) -> Option<()> {
        let mut last: Option<At> = None;
        let (mut gone, mut added) = (Vec::new(), Vec::new());
        for step in align(bk, nk) {
            match step {
                Step::Keep(i, _) => {
                    self.settle(t, tk, bk, nk, last, &gone, &added)?;
                    gone.clear();
                    added.clear();
                    last = Some(tk[i]);
                }
                Step::Gone(i) => gone.push(i),
                Step::Added(j) => added.push(j),
            }
        }
        self.settle(t, tk, bk, nk, last, &gone, &added)
    }

    /// A run of removed and added items between two kept ones: pairs merged inside,
    /// the rest removed or inserted after `last`.
    #[allow(clippy::too_many_arguments)]
    fn settle(
        &mut self,
        t: At<'a>,
        tk: &[At<'a>],
        bk: &[At<'a>],
        nk: &[At<'a>],
        mut last: Option<At<'a>>,
        gone: &[usize],
        added: &[usize],
    ) -> Option<()> {
        let paired = gone.len().min(added.len());
        for (&i, &j) in gone.iter().zip(added) {
            self.value(tk[i], Some(bk[i]), nk[j])?;
            last = Some(tk[i]);
        }
        for &i in &gone[paired..] {
            self.delete(tk, tk[i]);
        }
        let rest: Vec<At> = added[paired..].iter().map(|&j| nk[j]).collect();
        self.insert(t, tk, last, &rest);
        Some(())
    }

    /// Replaces the file's value `t` with the new value `n` (its key stays).
    fn replace(&mut self, t: At, n: At) {
        let with = self.reindent(n, self.indent_of(self.text, t.key_offset()));
        if with != t.text() {
            self.edits.push(Splice { at: t.span(), with });
        }
    }

    /// Inserts the new entries `items` (with their keys) into the file's container `t`,
    /// after its entry `after` (at the start for `None`), in the container's style: one
    /// entry a line, or all on one line.
    fn insert(&mut self, t: At, tk: &[At], after: Option<At>, items: &[At]) {
        if items.is_empty() {
            return;
        }
        let text = self.text;
        let first = tk[0];
        let one_a_line = text[t.offset()..first.key_offset()].contains('\n');
        let indent = self.indent_of(text, after.unwrap_or(first).key_offset());
        let entry = |m: &Self, c: &At| {
            let key = &m.new[c.key_offset()..c.offset()];
            format!("{key}{}", m.reindent(*c, indent.clone()))
        };
        let mut with = String::new();
        let at = match (after, one_a_line) {
            (Some(p), true) => {
                let end = self.end_with_comma(p);
                let eol = line_end(text, end);
                let rest = text[end..eol].trim();
                if text[p.span().end..end].trim() != "," {
                    with.push(',');
                }
                let at = if rest.is_empty() || rest.starts_with("//") {
                    eol
                } else {
                    end
                };
                for c in items {
                    with.push_str(&format!("\n{indent}{},", entry(self, c)));
                }
                at
            }
            (Some(p), false) => {
                for c in items {
                    with.push_str(&format!(", {}", entry(self, c)));
                }
                p.span().end
            }
            (None, true) => {
                for c in items {
                    with.push_str(&format!("{indent}{},\n", entry(self, c)));
                }
                line_start(text, first.key_offset())
            }
            (None, false) => {
                for c in items {
                    with.push_str(&format!("{}, ", entry(self, c)));
                }
                first.key_offset()
            }
        };
        self.edits.push(Splice { at: at..at, with });
    }

    /// Removes the entry `c` of a container whose entries are `tk`, with its comma; a
    /// whole line (and a comment at its end) when the entry had the line to itself.
    fn delete(&mut self, tk: &[At], c: At) {
        let text = self.text;
        let start = c.key_offset();
        let end = self.end_with_comma(c);
        let ls = line_start(text, start);
        let le = line_end(text, end);
        let rest = text[end..le].trim();
        let at = if text[ls..start].trim().is_empty() && (rest.is_empty() || rest.starts_with("//"))
        {
            ls..(le + 1).min(text.len())
        } else if end > c.span().end {
            // `a, c, b`: the comma after goes, and the space before the next entry.
            start..end + (text[end..].len() - text[end..].trim_start_matches(' ').len())
        } else {
            // The last entry without a comma: the comma before it goes instead.
            match tk.iter().rev().find(|x| x.span().end <= start) {
                Some(p) => p.span().end..c.span().end,
                None => start..end,
            }
        };
        self.edits.push(Splice {
            at,
            with: String::new(),
        });
    }

    /// The end of `c` and of the comma after it, if one follows.
    fn end_with_comma(&self, c: At) -> usize {
        let end = c.span().end;
        let next = skip_blank(self.text, end);
        if self.text.as_bytes().get(next) == Some(&b',') {
            next + 1
        } else {
            end
        }
    }

    /// The blanks at the start of the line holding `pos`.
    fn indent_of(&self, text: &str, pos: usize) -> String {
        let ls = line_start(text, pos);
        text[ls..]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect()
    }

    /// The new value `n`'s text with its continuation lines indented as at `indent`.
    fn reindent(&self, n: At, indent: String) -> String {
        let own = self.indent_of(self.new, n.key_offset());
        let mut out = String::new();
        for (i, line) in n.text().split('\n').enumerate() {
            if i > 0 {
                out.push_str(if self.crlf { "\r\n" } else { "\n" });
                out.push_str(&indent);
                out.push_str(line.strip_prefix(own.as_str()).unwrap_or(line));
            } else {
                out.push_str(line);
            }
        }
        out
    }

    /// The file with every splice made; `None` if two overlap (never expected).
    fn apply(mut self) -> Option<String> {
        self.edits.sort_by_key(|e| (e.at.start, e.at.end));
        let mut out = String::with_capacity(self.text.len());
        let mut pos = 0;
        for e in &self.edits {
            if e.at.start < pos {
                return None;
            }
            out.push_str(&self.text[pos..e.at.start]);
            out.push_str(&e.with);
            pos = e.at.end;
        }
        out.push_str(&self.text[pos..]);
        Some(out)
    }
}

fn line_start(text: &str, pos: usize) -> usize {
    text[..pos].rfind('\n').map_or(0, |i| i + 1)
}

fn line_end(text: &str, pos: usize) -> usize {
    text[pos..].find('\n').map_or(text.len(), |i| pos + i)
}

/// One step of aligning the base's items with the new ones.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    Keep(usize, usize),
    Gone(usize),
    Added(usize),
}

/// The base's items `b` aligned with the new items `n` by equal text: the common start
/// and end first, then a longest common subsequence of the middle (paired in order when
/// the middle is too long for it).
fn align(b: &[At], n: &[At]) -> Vec<Step> {
    let same = |i: usize, j: usize| b[i].text() == n[j].text();
    let pre = (0..b.len().min(n.len()))
        .take_while(|&k| same(k, k))
        .count();
    let suf = (0..(b.len() - pre).min(n.len() - pre))
        .take_while(|&k| same(b.len() - 1 - k, n.len() - 1 - k))
        .count();
    let (bm, nm) = (pre..b.len() - suf, pre..n.len() - suf);
    let mut steps: Vec<Step> = (0..pre).map(|k| Step::Keep(k, k)).collect();
    if bm.len().saturating_mul(nm.len()) <= MAX_ALIGN {
        steps.extend(lcs(bm.clone(), nm.clone(), same));
    } else {
        steps.extend(bm.clone().map(Step::Gone));
        steps.extend(nm.clone().map(Step::Added));
    }
    steps.extend((0..suf).map(|k| Step::Keep(bm.end + k, nm.end + k)));
    steps
}

fn lcs(
    b: std::ops::Range<usize>,
    n: std::ops::Range<usize>,
    same: impl Fn(usize, usize) -> bool,
) -> Vec<Step> {
    let (lb, ln) = (b.len(), n.len());
    // len[i][j]: the longest common subsequence of b[i..] and n[j..].
    let mut len = vec![0u32; (lb + 1) * (ln + 1)];
    let at = |i: usize, j: usize| i * (ln + 1) + j;
    for i in (0..lb).rev() {
        for j in (0..ln).rev() {
            len[at(i, j)] = if same(b.start + i, n.start + j) {
                len[at(i + 1, j + 1)] + 1
            } else {
                len[at(i + 1, j)].max(len[at(i, j + 1)])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < lb || j < ln {
        if i < lb && j < ln && same(b.start + i, n.start + j) {
            out.push(Step::Keep(b.start + i, n.start + j));
            (i, j) = (i + 1, j + 1);
        } else if j < ln && (i == lb || len[at(i, j + 1)] >= len[at(i + 1, j)]) {
            out.push(Step::Added(n.start + j));
            j += 1;
        } else {
            out.push(Step::Gone(b.start + i));
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines removed and lines added from `a` to `b` (a longest common subsequence).
    pub(crate) fn diff_lines(a: &str, b: &str) -> (usize, usize) {
        let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
        let mut len = vec![vec![0usize; b.len() + 1]; a.len() + 1];
        for i in (0..a.len()).rev() {
            for j in (0..b.len()).rev() {
                len[i][j] = if a[i] == b[j] {
                    len[i + 1][j + 1] + 1
                } else {
                    len[i + 1][j].max(len[i][j + 1])
                };
            }
        }
        (a.len() - len[0][0], b.len() - len[0][0])
    }

    const FILE: &str = "// The example's charts: every cell from the card.
#![enable(implicit_some)]
(
    name: \"charts\", // shown in the window
    rows: [
        (key: \"1\", cells: [\"A\", \"B\"]),
        // the second row
        (key: \"2\", cells: [\"C\", \"D\"]),
    ],
    hexes: {
        \"0101\": (t: \"clear\"),
        \"0102\": (t: \"woods\"),
    },
)
";

    const BASE: &str = "#![enable(implicit_some)]
(
    name: \"charts\",
    rows: [
        (key: \"1\", cells: [\"A\", \"B\"]),
        (key: \"2\", cells: [\"C\", \"D\"]),
    ],
    hexes: {
        \"0101\": (t: \"clear\"),
        \"0102\": (t: \"woods\"),
    },
)
";

    fn merged(new: &str) -> String {
        merge(FILE, BASE, new).unwrap()
    }

    #[test]
    fn an_unchanged_value_leaves_the_file_as_it_is() {
        assert_eq!(merged(BASE), FILE);
    }

    #[test]
    fn one_changed_cell_is_one_changed_line_and_the_comments_stay() {
        let out = merged(&BASE.replace("\"D\"", "\"E\""));
        assert_eq!(diff_lines(FILE, &out), (1, 1), "{out}");
        assert!(out.contains("[\"C\", \"E\"]"), "{out}");
        assert!(out.starts_with("// The example's charts") && out.contains("// the second row"));
    }

    #[test]
    fn a_new_map_entry_is_inserted_in_order_on_a_line_of_its_own() {
        let new = BASE.replace(
            "        \"0102\": (t: \"woods\"),\n",
            "        \"0102\": (t: \"woods\"),\n        \"0103\": (t: \"marsh\"),\n",
        );
        let out = merged(&new);
        assert_eq!(diff_lines(FILE, &out), (0, 1), "{out}");
        assert!(
            out.contains("\"0102\": (t: \"woods\"),\n        \"0103\": (t: \"marsh\"),\n    },"),
            "{out}"
        );
    }

    #[test]
    fn a_removed_entry_takes_its_line_and_a_removed_item_its_comma() {
        let out = merged(&BASE.replace("        \"0101\": (t: \"clear\"),\n", ""));
        assert!(!out.contains("0101"), "{out}");
        assert_eq!(diff_lines(FILE, &out), (1, 0), "{out}");
        let out = merged(&BASE.replace("[\"A\", \"B\"]", "[\"B\"]"));
        assert!(out.contains("cells: [\"B\"]"), "{out}");
        let out = merged(&BASE.replace("[\"A\", \"B\"]", "[\"A\"]"));
        assert!(out.contains("cells: [\"A\"]"), "{out}");
    }

    #[test]
    fn a_list_item_inserted_before_others_keeps_their_lines_and_comments() {
        let new = BASE.replace(
            "    rows: [\n",
            "    rows: [\n        (key: \"0\", cells: [\"Z\", \"Z\"]),\n",
        );
        let out = merged(&new);
        assert_eq!(diff_lines(FILE, &out), (0, 1), "{out}");
        assert!(
            out.contains(
                "rows: [\n        (key: \"0\", cells: [\"Z\", \"Z\"]),\n        (key: \"1\""
            ),
            "{out}"
        );
        assert!(out.contains("// the second row"));
    }

    #[test]
    fn a_new_field_of_a_struct_and_a_changed_leaf_inside_an_item() {
        let new = BASE
            .replace(
                "    name: \"charts\",\n",
                "    name: \"charts\",\n    notes: \"new\",\n",
            )
            .replace("(key: \"2\", cells", "(key: \"22\", cells");
        let out = merged(&new);
        assert!(
            out.contains("name: \"charts\", // shown in the window\n    notes: \"new\",\n"),
            "{out}"
        );
        assert!(
            out.contains("(key: \"22\", cells: [\"C\", \"D\"])"),
            "{out}"
        );
        assert_eq!(diff_lines(FILE, &out), (1, 2), "{out}");
    }

    #[test]
    fn a_file_that_does_not_line_up_with_the_base_is_refused() {
        // The file's list has one item where the base has two.
        let file = FILE.replace(
            "        // the second row\n        (key: \"2\", cells: [\"C\", \"D\"]),\n",
            "",
        );
        assert_eq!(merge(&file, BASE, &BASE.replace("\"A\"", "\"Q\"")), None);
    }
}
