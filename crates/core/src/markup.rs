//! Text for people: escaping it for the markup Sztab writes (the HTML of scenario notes
//! and the setup card, and the SVG (XML) of counter pictures: the five characters that
//! markup gives a meaning become entities, so text is shown as written in element content
//! and in attribute values alike), and quoting values in messages, cut short.

/// `&`, `<`, `>`, `"` and `'` as entities; everything else as it is.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Longest value quoted whole in a message.
const QUOTE_CHARS: usize = 40;

/// `s` in quotes for a message, cut to 40 characters: a file can hold an id of a
/// megabyte, and quoting it whole in every message about it makes the report huge.
pub fn quoted(s: &str) -> String {
    match s.char_indices().nth(QUOTE_CHARS) {
        Some((cut, _)) => format!("\"{}…\"", &s[..cut]),
        None => format!("\"{s}\""),
    }
}

/// `s` for a message, cut like [`quoted`] but without the quotes.
pub fn clipped(s: &str) -> String {
    let q = quoted(s);
    q[1..q.len() - 1].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_become_entities() {
        assert_eq!(
            escape(r#"<b>"Kursk" & 'Orel'</b> ≥ 2"#),
            "&lt;b&gt;&quot;Kursk&quot; &amp; &#39;Orel&#39;&lt;/b&gt; ≥ 2"
        );
    }
}
