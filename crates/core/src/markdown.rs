//! The markdown subset scenario notes use: `#` headings, `-`/`*` bullets, paragraphs,
//! fenced code, and inline `*emphasis*`, `**strong**` and `` `code` ``. Parsed once into
//! blocks, shown by the editor's notes preview and written as HTML by the setup card.
//! Anything else is kept as plain text.

use crate::markup::escape;
use std::fmt::Write;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span {
    Text(String),
    Emphasis(String),
    Strong(String),
    Code(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// Level 1-6 and its text.
    Heading(u8, Vec<Span>),
    Paragraph(Vec<Span>),
    /// One bullet item.
    Bullet(Vec<Span>),
    Code(String),
}

/// Splits notes into blocks.
pub fn parse(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut para: Vec<&str> = Vec::new();
    let mut code: Option<Vec<&str>> = None;
    let flush = |para: &mut Vec<&str>, out: &mut Vec<Block>| {
        if !para.is_empty() {
            out.push(Block::Paragraph(inline(&para.join(" "))));
            para.clear();
        }
    };
    for line in text.lines() {
        let t = line.trim();
        if let Some(lines) = &mut code {
            if t.starts_with("```") {
                out.push(Block::Code(lines.join("\n")));
                code = None;
            } else {
                lines.push(line);
            }
            continue;
        }
        if t.starts_with("```") {
            flush(&mut para, &mut out);
            code = Some(Vec::new());
        } else if t.is_empty() {
            flush(&mut para, &mut out);
        } else if let Some((level, rest)) = heading(t) {
            flush(&mut para, &mut out);
            out.push(Block::Heading(level, inline(rest)));
        } else if let Some(rest) = t.strip_prefix("- ").or_else(|| t.strip_prefix("* ")) {
            flush(&mut para, &mut out);
            out.push(Block::Bullet(inline(rest)));
        } else {
            para.push(t);
        }
    }
    if let Some(lines) = code {
        out.push(Block::Code(lines.join("\n")));
    }
    flush(&mut para, &mut out);
    out
}

fn heading(t: &str) -> Option<(u8, &str)> {
    let level = t.bytes().take_while(|&b| b == b'#').count();
    let rest = t.get(level..)?;
    ((1..=6).contains(&level) && rest.starts_with(' ')).then(|| (level as u8, rest.trim()))
}

/// Inline spans: `code`, **strong**, *emphasis* / _emphasis_. Unclosed marks stay text.
pub fn inline(t: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut rest = t;
    let mut prev: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        // Underscores inside words (soviet_other_morale) are not emphasis.
        let word_inside = c == '_' && prev.is_some_and(char::is_alphanumeric);
        let found = match c {
            _ if word_inside => None,
            '`' => closed(rest, "`").map(|(inner, after)| (Span::Code(inner.into()), after)),
            '*' if rest.starts_with("**") => {
                closed(rest, "**").map(|(inner, after)| (Span::Strong(inner.into()), after))
            }
            '*' | '_' => closed(rest, if c == '*' { "*" } else { "_" })
                .filter(|(inner, _)| !inner.starts_with(' '))
                .map(|(inner, after)| (Span::Emphasis(inner.into()), after)),
            _ => None,
        };
        match found {
            Some((span, after)) => {
                if !text.is_empty() {
                    out.push(Span::Text(std::mem::take(&mut text)));
                }
                out.push(span);
                rest = after;
                prev = Some('*');
            }
            None => {
                text.push(c);
                rest = &rest[c.len_utf8()..];
                prev = Some(c);
            }
        }
    }
    if !text.is_empty() {
        out.push(Span::Text(text));
    }
    out
}

/// For `rest` starting with `mark`: the text up to the next `mark` and what follows it.
fn closed<'a>(rest: &'a str, mark: &str) -> Option<(&'a str, &'a str)> {
    let body = &rest[mark.len()..];
    let end = body.find(mark)?;
    (end > 0).then(|| (&body[..end], &body[end + mark.len()..]))
}

fn spans_html(spans: &[Span], out: &mut String) {
    for s in spans {
        let _ = match s {
            Span::Text(t) => write!(out, "{}", escape(t)),
            Span::Emphasis(t) => write!(out, "<em>{}</em>", escape(t)),
            Span::Strong(t) => write!(out, "<strong>{}</strong>", escape(t)),
            Span::Code(t) => write!(out, "<code>{}</code>", escape(t)),
        };
    }
}

/// The notes as HTML. Headings are shifted down by `shift` levels (a card's notes sit
/// under its own headings).
pub fn to_html(blocks: &[Block], shift: u8) -> String {
    let mut out = String::new();
    let mut in_list = false;
    for b in blocks {
        let bullet = matches!(b, Block::Bullet(_));
        if in_list && !bullet {
            out.push_str("</ul>\n");
        }
        if bullet && !in_list {
            out.push_str("<ul>\n");
        }
        in_list = bullet;
        match b {
            Block::Heading(l, s) => {
                let l = (l + shift).min(6);
                let _ = write!(out, "<h{l}>");
                spans_html(s, &mut out);
                let _ = writeln!(out, "</h{l}>");
            }
            Block::Paragraph(s) => {
                out.push_str("<p>");
                spans_html(s, &mut out);
                out.push_str("</p>\n");
            }
            Block::Bullet(s) => {
                out.push_str("<li>");
                spans_html(s, &mut out);
                out.push_str("</li>\n");
            }
            Block::Code(c) => {
                let _ = writeln!(out, "<pre><code>{}</code></pre>", escape(c));
            }
        }
    }
    if in_list {
        out.push_str("</ul>\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_subset_notes_use() {
        let b = parse(
            "# Title\nSome *odd* text\nwith `code`.\n\n## Rules\n- one **two**\n- three\n\n```\nx = 1\n```\n",
        );
        assert_eq!(b[0], Block::Heading(1, vec![Span::Text("Title".into())]));
        assert_eq!(
            b[1],
            Block::Paragraph(vec![
                Span::Text("Some ".into()),
                Span::Emphasis("odd".into()),
                Span::Text(" text with ".into()),
                Span::Code("code".into()),
                Span::Text(".".into()),
            ])
        );
        assert_eq!(b[2], Block::Heading(2, vec![Span::Text("Rules".into())]));
        assert_eq!(
            b[3],
            Block::Bullet(vec![Span::Text("one ".into()), Span::Strong("two".into())])
        );
        assert_eq!(b[5], Block::Code("x = 1".into()));
    }

    #[test]
    fn unclosed_marks_stay_text_and_html_is_escaped() {
        assert_eq!(inline("2 * 3 <b>"), vec![Span::Text("2 * 3 <b>".into())]);
        assert_eq!(inline("a_b_c"), vec![Span::Text("a_b_c".into())]);
        let html = to_html(&parse("- a < b\n- c\n\nend"), 1);
        assert_eq!(
            html,
            "<ul>\n<li>a &lt; b</li>\n<li>c</li>\n</ul>\n<p>end</p>\n"
        );
        assert!(to_html(&parse("# T"), 1).contains("<h2>T</h2>"));
    }
}
