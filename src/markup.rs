//! Escaping text for the markup Sztab writes: the HTML of scenario notes and the setup
//! card, and the SVG (XML) of counter pictures. The five characters that markup gives a
//! meaning become entities, so text is shown as written in element content and in
//! attribute values alike.

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
