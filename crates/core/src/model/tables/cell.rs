//! The grammar of a cell: one part, or parts separated by `/`, each a sequence of the
//! vocabulary's codes and numbers, spaces allowed between them ("A1 DR", "1/1DR",
//! "+1", "½"). Codes are matched longest first, so "R>" is one code where the
//! vocabulary has both "R" and "R>"; where a code and a number both match, the longer
//! wins. A code printed with a sign no keyboard has is also read as typed: `-` for `—`,
//! `>` for `▶` ("R>" is "R▶"), and stored as printed.

use super::Vocabulary;

/// One element of a part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    Code(String),
    /// `num / den`; `signed` when written with a sign ("+1": added to another cost).
    Number {
        num: i64,
        den: i64,
        signed: bool,
    },
}

/// A cell read with its vocabulary: its parts, each a sequence of tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub parts: Vec<Vec<Token>>,
    /// The cell as the chart prints it: what was typed, with its codes as printed
    /// ("R>" becomes "R▶"), for the table editor to store.
    pub printed: String,
}

/// What is wrong with a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The cell's shape is wrong: parts, an empty part, a number out of range.
    Malformed,
    /// A code the vocabulary does not have.
    UnknownCode,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellError {
    pub fault: Fault,
    /// Characters from the start of the cell's text to where it goes wrong.
    pub offset: usize,
    pub message: String,
}

const FRACTIONS: [(char, i64, i64); 5] = [
    ('½', 1, 2),
    ('⅓', 1, 3),
    ('⅔', 2, 3),
    ('¼', 1, 4),
    ('¾', 3, 4),
];

/// Reads `text` as a cell of `v`: `Ok(None)` for an empty cell.
pub fn parse(v: &Vocabulary, text: &str) -> Result<Option<Parsed>, CellError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let pieces: Vec<(usize, &str)> = if v.parts.len() >= 2 {
        let mut out = Vec::new();
        let mut start = 0;
        for (i, ch) in text.char_indices() {
            if ch == '/' {
                out.push((start, &text[start..i]));
                start = i + 1;
            }
        }
        out.push((start, &text[start..]));
        if out.len() != v.parts.len() {
            return Err(CellError {
                fault: Fault::Malformed,
                offset: 0,
                message: format!(
                    "\"{text}\" has {} part{}; a {} cell is {} separated by '/'",
                    out.len(),
                    if out.len() == 1 { "" } else { "s" },
                    v.name,
                    v.parts.join("/")
                ),
            });
        }
        out
    } else {
        vec![(0, text)]
    };
    let mut parts = Vec::new();
    let mut printed = Vec::new();
    for (k, (start, piece)) in pieces.into_iter().enumerate() {
        let offset = text[..start].chars().count();
        if piece.trim().is_empty() {
            return Err(CellError {
                fault: Fault::Malformed,
                offset,
                message: format!(
                    "\"{text}\": the {} part is empty",
                    v.parts.get(k).map_or("", String::as_str)
                ),
            });
        }
        let (tokens, text) = part(v, piece, offset)?;
        parts.push(tokens);
        printed.push(text);
    }
    Ok(Some(Parsed {
        parts,
        printed: printed.join("/"),
    }))
}

/// The tokens of one part; `base` is the part's offset in the cell, in characters.
fn part(v: &Vocabulary, s: &str, base: usize) -> Result<(Vec<Token>, String), CellError> {
    let mut out = Vec::new();
    let mut printed = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        let ch = rest.chars().next().expect("i is inside the text");
        if ch.is_whitespace() {
            printed.push(ch);
            i += ch.len_utf8();
            continue;
        }
        let code = v
            .codes
            .iter()
            .filter(|c| !c.code.is_empty())
            .filter_map(|c| code_at(rest, &c.code).map(|len| (c, len)))
            .max_by_key(|(_, len)| *len);
        let number = v
            .numbers
            .and_then(|n| number(rest, n.fractions && v.parts.len() < 2));
        let at = base + s[..i].chars().count();
        match (code, number) {
            (Some((c, len)), Some((n, _))) if len >= n => {
                out.push(Token::Code(c.code.clone()));
                printed.push_str(&c.code);
                i += len;
            }
            (_, Some((len, tok))) => {
                check_range(v, &tok, &rest[..len], at)?;
                out.push(tok);
                printed.push_str(&rest[..len]);
                i += len;
            }
            (Some((c, len)), None) => {
                out.push(Token::Code(c.code.clone()));
                printed.push_str(&c.code);
                i += len;
            }
            (None, None) => {
                let word: String = rest.chars().take_while(|c| !c.is_whitespace()).collect();
                return Err(CellError {
                    fault: Fault::UnknownCode,
                    offset: at,
                    message: format!(
                        "\"{word}\" is not a code of {}; it has {}",
                        v.name,
                        known(v)
                    ),
                });
            }
        }
    }
    Ok((out, printed))
}

/// The length in bytes of `code` at the start of `text`, written as printed or as typed
/// on a keyboard (`-` for `—`, `>` for `▶`).
fn code_at(text: &str, code: &str) -> Option<usize> {
    if text.starts_with(code) {
        return Some(code.len());
    }
    let typed: String = code
        .chars()
        .map(|c| match c {
            '—' | '–' | '−' => '-',
            '▶' | '►' => '>',
            c => c,
        })
        .collect();
    (typed != code && text.starts_with(typed.as_str())).then_some(typed.len())
}

fn known(v: &Vocabulary) -> String {
    let mut names: Vec<String> = v.codes.iter().map(|c| c.code.clone()).collect();
    if let Some(n) = v.numbers {
        names.push(format!(
            "numbers from {} to {}{}",
            n.min,
            n.max,
            if n.fractions { " (fractions too)" } else { "" }
        ));
    }
    names.join(", ")
}

/// A number at the start of `s`: its length in bytes and its token.
fn number(s: &str, fractions: bool) -> Option<(usize, Token)> {
    let mut chars = s.char_indices().peekable();
    let mut negative = false;
    let mut signed = false;
    if let Some(&(_, c)) = chars.peek()
        && matches!(c, '+' | '-' | '−')
    {
        negative = c != '+';
        signed = true;
        chars.next();
    }
    let mut whole: Option<i64> = None;
    let mut end = chars.peek().map_or(s.len(), |&(i, _)| i);
    while let Some(&(i, c)) = chars.peek() {
        let Some(d) = c.to_digit(10) else { break };
        whole = Some(
            whole
                .unwrap_or(0)
                .saturating_mul(10)
                .saturating_add(i64::from(d)),
        );
        end = i + 1;
        chars.next();
    }
    let (mut num, mut den) = (whole.unwrap_or(0), 1);
    if fractions && let Some(&(i, c)) = chars.peek() {
        if let Some(&(_, n, d)) = FRACTIONS.iter().find(|f| f.0 == c) {
            num = num * d + n;
            den = d;
            end = i + c.len_utf8();
        } else if c == '/' && whole.is_some() {
            let digits: String = s[i + 1..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if let Ok(d) = digits.parse::<i64>()
                && d > 0
            {
                den = d;
                end = i + 1 + digits.len();
            }
        }
    }
    if whole.is_none() && den == 1 {
        return None;
    }
    Some((
        end,
        Token::Number {
            num: if negative { -num } else { num },
            den,
            signed,
        },
    ))
}

fn check_range(v: &Vocabulary, tok: &Token, text: &str, at: usize) -> Result<(), CellError> {
    let (Token::Number { num, den, .. }, Some(n)) = (tok, v.numbers) else {
        return Ok(());
    };
    let inside = *num >= i64::from(n.min) * den && *num <= i64::from(n.max) * den;
    if inside {
        return Ok(());
    }
    Err(CellError {
        fault: Fault::Malformed,
        offset: at,
        message: format!(
            "{text} is outside the numbers {} allows ({} to {})",
            v.name, n.min, n.max
        ),
    })
}

/// The rolls a row of a dice table stands for: "5", "-4", "2-3", "≤0", "11+".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollRange {
    /// `None`: no lower bound ("≤0").
    pub lo: Option<i32>,
    pub hi: Option<i32>,
}

impl RollRange {
    pub fn parse(key: &str) -> Option<Self> {
        let k = key.trim().replace(['−', '–'], "-");
        let int = |s: &str| s.trim().parse::<i32>().ok();
        if let Some(r) = k.strip_prefix("≤").or_else(|| k.strip_prefix("<=")) {
            return Some(Self {
                lo: None,
                hi: Some(int(r)?),
            });
        }
        if let Some(r) = k.strip_prefix("≥").or_else(|| k.strip_prefix(">=")) {
            return Some(Self {
                lo: Some(int(r)?),
                hi: None,
            });
        }
        if let Some(r) = k.strip_suffix('+') {
            return Some(Self {
                lo: Some(int(r)?),
                hi: None,
            });
        }
        if let Some(n) = int(&k) {
            return Some(Self {
                lo: Some(n),
                hi: Some(n),
            });
        }
        // "a-b", where a may be negative: split at a '-' that follows a digit.
        let bytes = k.as_bytes();
        let cut = (1..bytes.len()).find(|&i| bytes[i] == b'-' && bytes[i - 1].is_ascii_digit())?;
        let (a, b) = (int(&k[..cut])?, int(&k[cut + 1..])?);
        (a <= b).then_some(Self {
            lo: Some(a),
            hi: Some(b),
        })
    }

    pub fn contains(self, roll: i32) -> bool {
        self.lo.is_none_or(|l| roll >= l) && self.hi.is_none_or(|h| roll <= h)
    }

    pub fn overlaps(self, other: RollRange) -> bool {
        let lo = self.lo.max(other.lo);
        let hi = match (self.hi, other.hi) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        match (lo, hi) {
            (Some(l), Some(h)) => l <= h,
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::tables::{Code, Numbers};

    /// A vocabulary made up for these tests, shaped like an attacker/defender CRT.
    fn crt() -> Vocabulary {
        Vocabulary {
            id: "crt".into(),
            name: "test CRT".into(),
            parts: vec!["attacker".into(), "defender".into()],
            numbers: Some(Numbers {
                min: 1,
                max: 2,
                fractions: false,
            }),
            codes: ["—", "D", "R", "R>"]
                .iter()
                .map(|c| Code {
                    code: (*c).into(),
                    meaning: String::new(),
                })
                .collect(),
        }
    }

    /// A made-up movement-cost vocabulary: numbers with fractions, "P" and "All".
    fn costs() -> Vocabulary {
        Vocabulary {
            id: "mp".into(),
            name: "test costs".into(),
            parts: vec![],
            numbers: Some(Numbers {
                min: 0,
                max: 9,
                fractions: true,
            }),
            codes: ["P", "All"]
                .iter()
                .map(|c| Code {
                    code: (*c).into(),
                    meaning: String::new(),
                })
                .collect(),
        }
    }

    fn code(c: &str) -> Token {
        Token::Code(c.into())
    }

    fn n(num: i64, den: i64, signed: bool) -> Token {
        Token::Number { num, den, signed }
    }

    #[test]
    fn a_cell_is_parts_of_codes_and_numbers() {
        let v = crt();
        assert_eq!(parse(&v, "  "), Ok(None));
        let p = parse(&v, "1/1DR").unwrap().unwrap();
        assert_eq!(
            p.parts,
            vec![
                vec![n(1, 1, false)],
                vec![n(1, 1, false), code("D"), code("R")]
            ]
        );
        let p = parse(&v, "—/2 R>").unwrap().unwrap();
        assert_eq!(
            p.parts[1],
            vec![n(2, 1, false), code("R>")],
            "longest code first"
        );
    }

    /// Issue 33 item 7: `—` and `▶` are on no keyboard; `-` and `>` stand for them, and
    /// the cell is stored as printed. A signed number still reads as a number.
    #[test]
    fn codes_printed_with_signs_no_keyboard_has_are_typed_with_ascii() {
        let mut v = crt();
        v.codes.push(Code {
            code: "R▶".into(),
            meaning: String::new(),
        });
        let p = parse(&v, "-/2 R>").unwrap().unwrap();
        assert_eq!(p.parts[0], vec![code("—")]);
        assert_eq!(p.parts[1], vec![n(2, 1, false), code("R▶")], "R> is R▶");
        assert_eq!(p.printed, "—/2 R▶");
        let p = parse(&v, "—/1R▶").unwrap().unwrap();
        assert_eq!(p.printed, "—/1R▶", "a printed cell stays as it is");
        let mut costs = costs();
        costs.codes.push(Code {
            code: "—".into(),
            meaning: String::new(),
        });
        costs.numbers = Some(Numbers {
            min: -3,
            max: 9,
            fractions: true,
        });
        assert_eq!(
            parse(&costs, "-2").unwrap().unwrap().parts[0],
            vec![n(-2, 1, true)]
        );
        assert_eq!(
            parse(&costs, "-").unwrap().unwrap().parts[0],
            vec![code("—")]
        );
    }

    #[test]
    fn bad_cells_say_where_and_why() {
        let v = crt();
        let e = parse(&v, "1DR").unwrap_err();
        assert_eq!((e.fault, e.offset), (Fault::Malformed, 0));
        assert!(e.message.contains("attacker/defender"), "{}", e.message);
        let e = parse(&v, "1/1X").unwrap_err();
        assert_eq!((e.fault, e.offset), (Fault::UnknownCode, 3));
        assert!(
            e.message.starts_with("\"X\" is not a code of test CRT"),
            "{}",
            e.message
        );
        let e = parse(&v, "1/3").unwrap_err();
        assert_eq!((e.fault, e.offset), (Fault::Malformed, 2));
        assert!(e.message.contains("(1 to 2)"), "{}", e.message);
        let e = parse(&v, "1/ ").unwrap_err();
        assert!(
            e.message.contains("defender part is empty"),
            "{}",
            e.message
        );
    }

    #[test]
    fn costs_take_signs_and_fractions() {
        let v = costs();
        assert_eq!(
            parse(&v, "+1").unwrap().unwrap().parts,
            vec![vec![n(1, 1, true)]]
        );
        assert_eq!(
            parse(&v, "½").unwrap().unwrap().parts,
            vec![vec![n(1, 2, false)]]
        );
        assert_eq!(
            parse(&v, "1/3").unwrap().unwrap().parts,
            vec![vec![n(1, 3, false)]]
        );
        assert_eq!(
            parse(&v, "1½").unwrap().unwrap().parts,
            vec![vec![n(3, 2, false)]]
        );
        assert_eq!(
            parse(&v, "All").unwrap().unwrap().parts,
            vec![vec![code("All")]]
        );
        assert_eq!(parse(&v, "12").unwrap_err().fault, Fault::Malformed);
        assert_eq!(parse(&v, "A").unwrap_err().fault, Fault::UnknownCode);
    }

    #[test]
    fn row_keys_of_dice_tables_are_rolls_or_ranges() {
        let r = |k: &str| RollRange::parse(k);
        assert_eq!(
            r("5"),
            Some(RollRange {
                lo: Some(5),
                hi: Some(5)
            })
        );
        assert_eq!(
            r("-4"),
            Some(RollRange {
                lo: Some(-4),
                hi: Some(-4)
            })
        );
        assert_eq!(
            r("2-3"),
            Some(RollRange {
                lo: Some(2),
                hi: Some(3)
            })
        );
        assert_eq!(
            r("-2-1"),
            Some(RollRange {
                lo: Some(-2),
                hi: Some(1)
            })
        );
        assert_eq!(
            r("≤0"),
            Some(RollRange {
                lo: None,
                hi: Some(0)
            })
        );
        assert_eq!(
            r("11+"),
            Some(RollRange {
                lo: Some(11),
                hi: None
            })
        );
        assert_eq!(r("Clear"), None);
        assert_eq!(r("3-2"), None);
        assert!(r("≤0").unwrap().contains(-7));
        assert!(r("2-3").unwrap().overlaps(r("3").unwrap()));
        assert!(!r("2-3").unwrap().overlaps(r("4+").unwrap()));
    }
}
