//! Paper sizes and printed lengths ("5/8in", "16mm"), in PDF points (1/72 in).

use std::fmt;
use std::str::FromStr;

const POINTS_PER_INCH: f32 = 72.0;
const POINTS_PER_MM: f32 = 72.0 / 25.4;

/// A printed length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Length {
    pub points: f32,
}

impl Length {
    pub const fn inches(n: f32) -> Self {
        Self {
            points: n * POINTS_PER_INCH,
        }
    }

    pub fn mm(self) -> f32 {
        self.points / POINTS_PER_MM
    }
}

impl fmt::Display for Length {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1} mm", self.mm())
    }
}

/// Reads "1/2in", "0.5in", "5/8 in", "16mm", "1.6cm" or "36pt".
impl FromStr for Length {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim().to_ascii_lowercase();
        let (number, unit) = [
            ("in", POINTS_PER_INCH),
            ("mm", POINTS_PER_MM),
            ("cm", 10.0 * POINTS_PER_MM),
            ("pt", 1.0),
        ]
        .iter()
        .find_map(|(u, k)| t.strip_suffix(u).map(|n| (n.trim().to_owned(), *k)))
        .ok_or_else(|| format!("\"{s}\": give a length with its unit, like 1/2in, 16mm or 36pt"))?;
        let value = match number.split_once('/') {
            Some((a, b)) => {
                let (a, b): (f32, f32) = (parse(a, s)?, parse(b, s)?);
                if b == 0.0 {
                    return Err(format!("\"{s}\": a fraction over zero"));
                }
                a / b
            }
            None => parse(&number, s)?,
        };
        let points = value * unit;
        // From a 1/4 in counter to a hex a third of a metre wide: anything else is a typo.
        if !(18.0..=1000.0).contains(&points) {
            return Err(format!(
                "\"{s}\" is {:.1} mm: give a length between 6.4 mm and 35 cm",
                points / POINTS_PER_MM
            ));
        }
        Ok(Length { points })
    }
}

fn parse(n: &str, whole: &str) -> Result<f32, String> {
    n.trim()
        .parse::<f32>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| format!("\"{whole}\": \"{}\" is not a number", n.trim()))
}

/// A sheet of paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    /// Width and height in points, portrait.
    pub fn size(self) -> [f32; 2] {
        match self {
            Paper::A4 => [210.0 * POINTS_PER_MM, 297.0 * POINTS_PER_MM],
            Paper::Letter => [8.5 * POINTS_PER_INCH, 11.0 * POINTS_PER_INCH],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
        }
    }
}

impl FromStr for Paper {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "us-letter" => Ok(Paper::Letter),
            _ => Err(format!("\"{s}\": the paper is a4 or letter")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_read_in_inches_fractions_and_millimetres() {
        let l = |s: &str| s.parse::<Length>().unwrap().points;
        assert_eq!(l("1/2in"), 36.0);
        assert_eq!(l("5/8 in"), 45.0);
        assert_eq!(l("0.75in"), 54.0);
        assert!((l("16mm") - 45.354).abs() < 0.01);
        assert!((l("1.6cm") - l("16mm")).abs() < 0.001);
        assert_eq!(l("36pt"), 36.0);
        for bad in ["16", "1/0in", "abc mm", "1mm", "2000mm", "-5mm"] {
            assert!(bad.parse::<Length>().is_err(), "{bad}");
        }
    }

    #[test]
    fn paper_sizes_are_the_standard_ones() {
        let [w, h] = Paper::A4.size();
        assert!((w - 595.28).abs() < 0.01 && (h - 841.89).abs() < 0.01);
        assert_eq!(Paper::Letter.size(), [612.0, 792.0]);
        assert_eq!("LETTER".parse::<Paper>(), Ok(Paper::Letter));
    }
}
