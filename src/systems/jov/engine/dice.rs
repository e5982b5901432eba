//! The dice: six-sided, drawn from a seeded ChaCha stream by rejection sampling (the low
//! three bits of a word, 6 and 7 thrown back) so the faces depend on the seed alone, as
//! in the PanzerBlitz engine. The attacker's two combat dice are one red (Soviet) and one
//! black (German) die (12.1.3 D); [`Dice::pick`] draws a CAS counter from its cup (6.2).
//! Tests queue faces in front of the stream.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
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

    /// Queues faces (1..=6) to come before the seeded stream.
    pub fn script(&mut self, faces: &[u8]) {
        self.scripted.extend(faces.iter().map(|&f| f.clamp(1, 6)));
    }

    pub fn roll(&mut self) -> u8 {
        if let Some(f) = self.scripted.pop_front() {
            return f;
        }
        loop {
            let v = (self.rng.next_u32() & 7) as u8;
            if v < 6 {
                return v + 1;
            }
        }
    }

    /// One of `n` (1..=16) things, uniformly: the low four bits, rejected above `n`. A
    /// scripted face `f` picks `f - 1` (modulo `n`), so tests can choose a counter.
    pub fn pick(&mut self, n: usize) -> usize {
        debug_assert!((1..=16).contains(&n));
        if let Some(f) = self.scripted.pop_front() {
            return usize::from(f - 1) % n;
        }
        loop {
            let v = (self.rng.next_u32() & 15) as usize;
            if v < n {
                return v;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Dice;

    #[test]
    fn same_seed_same_faces_every_face_comes_up() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        let fa: Vec<u8> = (0..600).map(|_| a.roll()).collect();
        let fb: Vec<u8> = (0..600).map(|_| b.roll()).collect();
        assert_eq!(fa, fb);
        for face in 1..=6 {
            let n = fa.iter().filter(|&&f| f == face).count();
            assert!((60..=140).contains(&n), "face {face} came up {n} times");
        }
    }

    #[test]
    fn scripted_faces_come_first_and_pick_stays_in_range() {
        let mut d = Dice::new(1);
        d.script(&[3, 2]);
        assert_eq!(d.roll(), 3);
        assert_eq!(d.pick(10), 1);
        for _ in 0..200 {
            assert!(d.pick(10) < 10);
        }
    }
}
