//! Messages with links: every unit or hex a problem or an engine refusal names becomes a
//! link that centres and zooms the map on it ("10ID/41 is in an enemy ZoC and must
//! attack": 10ID/41 is a link).

use egui::{Color32, RichText, Ui};

use sztab_core::hex::HexId;

/// A piece of a message: plain text, a unit id, or a hex number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment<'a> {
    Text(&'a str),
    Unit(&'a str),
    Hex(HexId),
}

/// What a link points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Unit(String),
    Hex(HexId),
}

/// The longest a unit id may be ("Art/XXXXVIII PzK" and the like).
const MAX_ID: usize = 40;

/// Characters that end a name in running text.
fn boundary(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            ',' | ':' | ';' | '(' | ')' | '"' | '\'' | '?' | '!' | '[' | ']'
        )
}

/// Splits `text` into text, unit ids (`is_unit`, longest first) and hex numbers (four
/// digits `is_hex` accepts, not part of a date).
pub fn segments<'a>(
    text: &'a str,
    is_unit: &dyn Fn(&str) -> bool,
    is_hex: &dyn Fn(HexId) -> bool,
) -> Vec<Segment<'a>> {
    let mut out = Vec::new();
    let mut plain = 0;
    let mut i = 0;
    let starts_word = |i: usize| i == 0 || text[..i].chars().next_back().is_some_and(boundary);
    while i < text.len() {
        if !text.is_char_boundary(i) || !starts_word(i) {
            i += 1;
            continue;
        }
        if let Some((len, seg)) = name_at(text, i, is_unit, is_hex) {
            if plain < i {
                out.push(Segment::Text(&text[plain..i]));
            }
            out.push(seg);
            i += len;
            plain = i;
        } else {
            i += 1;
        }
    }
    if plain < text.len() {
        out.push(Segment::Text(&text[plain..]));
    }
    out
}

/// The unit id or hex number starting at `i`, with its length in bytes.
fn name_at<'a>(
    text: &'a str,
    i: usize,
    is_unit: &dyn Fn(&str) -> bool,
    is_hex: &dyn Fn(HexId) -> bool,
) -> Option<(usize, Segment<'a>)> {
    let rest = &text[i..];
    // Candidate ends: before each boundary (or a final '.'), longest first.
    let mut ends: Vec<usize> = rest
        .char_indices()
        .filter(|&(k, c)| k > 0 && (boundary(c) || c == '.'))
        .map(|(k, _)| k)
        .take_while(|&k| k <= MAX_ID)
        .collect();
    if rest.len() <= MAX_ID {
        ends.push(rest.len());
    }
    ends.sort_unstable_by(|a, b| b.cmp(a));
    ends.dedup();
    for &end in &ends {
        let cand = &rest[..end];
        if is_unit(cand) {
            return Some((end, Segment::Unit(cand)));
        }
    }
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let after = rest[digits..].chars().next();
    if digits == 4 && after.is_none_or(|c| c != '-' && !c.is_alphanumeric()) {
        let h = HexId::parse(&rest[..4]).ok().filter(|&h| is_hex(h))?;
        return Some((4, Segment::Hex(h)));
    }
    None
}

/// Draws `text` in `colour` with its unit ids and hex numbers as links; the link clicked.
pub fn show(
    ui: &mut Ui,
    text: &str,
    colour: Option<Color32>,
    is_unit: &dyn Fn(&str) -> bool,
    is_hex: &dyn Fn(HexId) -> bool,
) -> Option<Target> {
    let mut clicked = None;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        for seg in segments(text, is_unit, is_hex) {
            match seg {
                Segment::Text(t) => {
                    let mut rt = RichText::new(t);
                    if let Some(c) = colour {
                        rt = rt.color(c);
                    }
                    ui.label(rt);
                }
                Segment::Unit(u) => {
                    let r = ui.link(u).on_hover_text(format!("Show {u} on the map"));
                    if r.clicked() {
                        clicked = Some(Target::Unit(u.to_owned()));
                    }
                }
                Segment::Hex(h) => {
                    let r = ui
                        .link(h.to_string())
                        .on_hover_text(format!("Show {h} on the map"));
                    if r.clicked() {
                        clicked = Some(Target::Hex(h));
                    }
                }
            }
        }
    });
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<String> {
        let units = ["10ID/41", "HQ XX", "1PzD/1", "202", "Art/XX"];
        let is_unit = |s: &str| units.contains(&s);
        let is_hex = |h: HexId| h.to_string().as_str() <= "1410";
        segments(text, &is_unit, &is_hex)
            .into_iter()
            .map(|s| match s {
                Segment::Text(t) => format!("t:{t}"),
                Segment::Unit(u) => format!("u:{u}"),
                Segment::Hex(h) => format!("h:{h}"),
            })
            .collect()
    }

    #[test]
    fn unit_ids_and_hexes_become_links() {
        assert_eq!(
            split("R5.1.7: 10ID/41 is in an enemy ZoC and must attack"),
            [
                "t:R5.1.7: ",
                "u:10ID/41",
                "t: is in an enemy ZoC and must attack"
            ]
        );
        assert_eq!(
            split("unit HQ XX: stands on 0805, which its side does not control"),
            [
                "t:unit ",
                "u:HQ XX",
                "t:: stands on ",
                "h:0805",
                "t:, which its side does not control"
            ]
        );
        // A unit id ending the sentence, and the longest id wins ("202" is not "2020").
        assert_eq!(split("attack 202."), ["t:attack ", "u:202", "t:."]);
        // Dates, other numbers and hexes off the map stay text.
        assert_eq!(
            split("on 1943-07-05 hex 9999 holds 2020 CEL"),
            ["t:on 1943-07-05 hex 9999 holds 2020 CEL"]
        );
    }
}
