//! Fresh ids and designations for duplicated units and new formations: the last number in
//! the text counts up ("Pz 29/12 PzD" → "Pz 30/12 PzD"), or " 2" is added.

/// `text` with its last number raised by `by`, or with ` {1+by}` appended when it has none.
pub fn bump(text: &str, by: u32) -> String {
    let bytes = text.as_bytes();
    let Some(end) = bytes.iter().rposition(u8::is_ascii_digit).map(|i| i + 1) else {
        return format!("{text} {}", 1 + by);
    };
    let start = bytes[..end]
        .iter()
        .rposition(|b| !b.is_ascii_digit())
        .map_or(0, |i| i + 1);
    let digits = &text[start..end];
    match digits.parse::<u64>() {
        Ok(n) => {
            let next = n.saturating_add(u64::from(by));
            let width = digits.len();
            format!("{}{next:0width$}{}", &text[..start], &text[end..])
        }
        Err(_) => format!("{text} {}", 1 + by),
    }
}

/// The first of `bump(base, 1)`, `bump(base, 2)`… for which `taken` is false.
pub fn next_free(base: &str, taken: impl Fn(&str) -> bool) -> String {
    (1..10_000)
        .map(|k| bump(base, k))
        .find(|c| !taken(c))
        .unwrap_or_else(|| format!("{base} copy"))
}

/// A unit id and designation for a copy of a unit: the designation's number is raised as
/// the id's, so "Pz 29" of "Pz 29/12 PzD" becomes "Pz 30" of "Pz 30/12 PzD".
pub fn copy_names(id: &str, designation: &str, taken: impl Fn(&str) -> bool) -> (String, String) {
    for k in 1..10_000 {
        let candidate = if id.contains(designation) && !designation.is_empty() {
            let d = bump(designation, k);
            (id.replacen(designation, &d, 1), d)
        } else {
            (bump(id, k), bump(designation, k))
        };
        if !taken(&candidate.0) {
            return candidate;
        }
    }
    (format!("{id} copy"), designation.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bumps_the_last_number() {
        assert_eq!(bump("Pz 29/12 PzD", 1), "Pz 29/13 PzD");
        assert_eq!(bump("Pz 29", 1), "Pz 30");
        assert_eq!(bump("007", 2), "009");
        assert_eq!(bump("HQ", 1), "HQ 2");
        assert_eq!(bump("", 1), " 2");
    }

    #[test]
    fn copies_number_the_designation_inside_the_id() {
        let taken = |s: &str| s == "Pz 30/12 PzD";
        assert_eq!(
            copy_names("Pz 29/12 PzD", "Pz 29", taken),
            ("Pz 31/12 PzD".into(), "Pz 31".into())
        );
        assert_eq!(
            copy_names("505", "505 (Tiger)", |_| false),
            ("506".into(), "506 (Tiger)".into())
        );
        assert_eq!(next_free("X", |s| s == "X 2"), "X 3");
    }
}
