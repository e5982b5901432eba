//! Dice (R1.8): a seeded ChaCha stream, with an optional queue of scripted rolls in
//! front of it so tests and what-if tools can fix the dice.

use std::collections::VecDeque;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Debug)]
pub struct Dice {
    rng: ChaCha8Rng,
    scripted: VecDeque<u8>,
}

impl Dice {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            scripted: VecDeque::new(),
        }
    }

    /// Queues die faces (1..=6) to be used before the seeded stream.
    pub fn script(&mut self, faces: &[u8]) {
        self.scripted.extend(faces.iter().map(|&f| f.clamp(1, 6)));
    }

    /// One die, 1K6.
    pub fn d6(&mut self) -> u8 {
        self.scripted
            .pop_front()
            .unwrap_or_else(|| self.rng.random_range(1..=6))
    }

    /// Two dice summed, 2K6.
    pub fn two_d6(&mut self) -> u8 {
        self.d6() + self.d6()
    }
}

/// Probability that 2K6 shows `sum`.
pub fn two_d6_probability(sum: i32) -> f64 {
    let ways = match sum {
        2..=7 => sum - 1,
        8..=12 => 13 - sum,
        _ => 0,
    };
    f64::from(ways) / 36.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_8_same_seed_same_rolls_and_scripts_come_first() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        let ra: Vec<u8> = (0..50).map(|_| a.two_d6()).collect();
        let rb: Vec<u8> = (0..50).map(|_| b.two_d6()).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|r| (2..=12).contains(r)));
        let mut c = Dice::new(7);
        c.script(&[6, 6, 1]);
        assert_eq!(c.two_d6(), 12);
        assert_eq!(c.d6(), 1);
        let total: f64 = (2..=12).map(two_d6_probability).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}
