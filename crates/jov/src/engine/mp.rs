//! Movement points. The TEC writes fractions (9.4.2: ⅓ MP a hex along a secondary road),
//! so points are counted in twelfths, which hold halves, thirds, quarters and sixths
//! exactly.

use std::fmt;
use std::ops::{Add, AddAssign};

use serde::{Deserialize, Serialize};

/// A number of movement points, in twelfths.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Mp(pub u32);

impl Mp {
    pub const ZERO: Mp = Mp(0);
    const PARTS: u32 = 12;

    pub fn whole(n: u32) -> Mp {
        Mp(n * Self::PARTS)
    }

    /// `num/den` MP, if it is a whole number of twelfths.
    pub fn fraction(num: i64, den: i64) -> Option<Mp> {
        if num < 0 || den <= 0 || (num * i64::from(Self::PARTS)) % den != 0 {
            return None;
        }
        u32::try_from(num * i64::from(Self::PARTS) / den)
            .ok()
            .map(Mp)
    }

    pub fn saturating_sub(self, o: Mp) -> Mp {
        Mp(self.0.saturating_sub(o.0))
    }
}

impl Add for Mp {
    type Output = Mp;
    fn add(self, o: Mp) -> Mp {
        Mp(self.0 + o.0)
    }
}

impl AddAssign for Mp {
    fn add_assign(&mut self, o: Mp) {
        self.0 += o.0;
    }
}

impl fmt::Display for Mp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, r) = (self.0 / Self::PARTS, self.0 % Self::PARTS);
        if r == 0 {
            return write!(f, "{w}");
        }
        let g = gcd(r, Self::PARTS);
        let (n, d) = (r / g, Self::PARTS / g);
        if w == 0 {
            write!(f, "{n}/{d}")
        } else {
            write!(f, "{w} {n}/{d}")
        }
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::Mp;

    #[test]
    fn thirds_and_halves_add_exactly() {
        let third = Mp::fraction(1, 3).unwrap();
        assert_eq!(third + third + third, Mp::whole(1));
        assert_eq!(Mp::fraction(1, 2).unwrap().to_string(), "1/2");
        assert_eq!((Mp::whole(2) + third).to_string(), "2 1/3");
        assert_eq!(Mp::fraction(1, 5), None);
    }
}
