//! The attacks a unit would owe on a hex, remembered for the length of a plan: the
//! refining passes weigh the same (unit, hex) pairs again, up to a million look-ups a
//! game, so the key is one integer and its hash one multiplication (the standard
//! hasher cost as much as a third of the look-up).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::Unit;
use crate::board::Hx;

/// `obligation_cost` of each unit and hex weighed so far.
#[derive(Debug, Default)]
pub(super) struct Obligations(HashMap<u64, f32, BuildHasherDefault<KeyHasher>>);

impl Obligations {
    /// The remembered cost of `u` ending on `h`, or `cost()` remembered.
    pub(super) fn get_or(&mut self, u: Unit, h: Hx, cost: impl FnOnce() -> f32) -> f32 {
        let key = (u64::from(u.0) << 32) | h as u64;
        *self.0.entry(key).or_insert_with(cost)
    }
}

/// Hashes one `u64` key by a multiplication (Fibonacci hashing); the product's high
/// bits, which mix every bit of the key, are turned to the low end the table indexes by.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_is_computed_once_per_unit_and_hex() {
        let mut m = Obligations::default();
        assert_eq!(m.get_or(Unit(3), 7, || 1.5), 1.5);
        assert_eq!(m.get_or(Unit(3), 7, || 9.0), 1.5);
        assert_eq!(m.get_or(Unit(7), 3, || 2.0), 2.0);
        assert_eq!(m.get_or(Unit(3), 8, || 4.0), 4.0);
    }
}
