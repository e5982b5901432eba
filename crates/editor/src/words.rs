//! Counts in words: "1 hex", "2 hexes".

/// `n` and the noun, singular for one.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_hex_two_hexes() {
        assert_eq!(super::count(1, "hex", "hexes"), "1 hex");
        assert_eq!(super::count(0, "hex", "hexes"), "0 hexes");
        assert_eq!(super::count(2, "unit", "units"), "2 units");
    }
}
