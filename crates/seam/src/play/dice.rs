//! Dice, written once for every system: a seeded ChaCha stream, with an optional queue of
//! scripted faces in front of it so tests and what-if tools can fix the dice.
//!
//! A game's dice must not change when a dependency is updated, or recorded games stop
//! replaying. The stream itself is stable by its crates' promise: `rand_core` fixes how
//! `seed_from_u64` expands a seed ("changing it is a value-breaking change") and
//! `rand_chacha`'s ChaCha8 output is reproducible. How a face is drawn from the stream's
//! 32-bit words is ours, in [`DieSampler`]; the tests pin the stream's first words and
//! each sampler's first faces so a change anywhere shows at once. New systems use
//! [`DieSampler::Rejection`]; the other two are kept for the logs written with them.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How a die face is drawn from the stream's 32-bit words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DieSampler {
    /// Rejection sampling, for a die of any number of sides `n`: words from
    /// `n × ⌊(2³² − 1) / n⌋` up are thrown away and the next word is taken; otherwise the
    /// face is `x mod n + 1`. Every face has exactly the same chance. WB-95 logs of format
    /// 2 and every new system.
    Rejection,
    /// A six-sided die from the low three bits of a word, 6 and 7 thrown back: the toy's
    /// and PanzerBlitz's games.
    LowBits,
    /// WB-95 logs of format 1: the algorithm `rand` 0.10 uses for `random_range(1..=6)`
    /// on a `u8`, re-implemented so that a `rand` update cannot change those games.
    /// Take a word `x`; `x × 6` as 64 bits gives the face's offset in its high half.
    /// When the low half is above `2³² − 6` (the offset may be biased), one more word
    /// `y` is taken and the offset grows by 1 if `low + high(y × 6)` overflows 32 bits.
    /// (Nearly but not exactly unbiased; kept only to replay old logs.)
    WideningMultiply,
}

/// The chance that a six-sided die shows one of `faces`.
pub fn chance_of(faces: &[u8]) -> f64 {
    let hits = (1..=6u8).filter(|f| faces.contains(f)).count();
    hits as f64 / 6.0
}

/// Words at or above this are rejected by [`DieSampler::Rejection`] for a die of `sides`:
/// the largest multiple of `sides` that fits in a `u32`.
fn reject_from(sides: u32) -> u32 {
    (u32::MAX / sides) * sides
}

impl DieSampler {
    /// One face of a six-sided die from `rng`.
    fn face(self, rng: &mut impl Rng) -> u8 {
        match self {
            DieSampler::WideningMultiply => {
                let wide = u64::from(rng.next_u32()) * 6;
                let (mut offset, low) = ((wide >> 32) as u32, wide as u32);
                if low > 6u32.wrapping_neg() {
                    let more = ((u64::from(rng.next_u32()) * 6) >> 32) as u32;
                    if low.checked_add(more).is_none() {
                        offset += 1;
                    }
                }
                1 + offset as u8
            }
            DieSampler::LowBits => loop {
                let v = (rng.next_u32() & 7) as u8;
                if v < 6 {
                    return v + 1;
                }
            },
            DieSampler::Rejection => Self::rejection(rng, 6) as u8,
        }
    }

    /// One face 1..=`sides` by rejection sampling.
    fn rejection(rng: &mut impl Rng, sides: u32) -> u32 {
        let limit = reject_from(sides);
        loop {
            let x = rng.next_u32();
            if x < limit {
                return x % sides + 1;
            }
        }
    }
}

#[derive(Clone, Debug)]
pub struct Dice {
    rng: ChaCha8Rng,
    sampler: DieSampler,
    scripted: VecDeque<u8>,
    /// Dice rolled so far (a take-back stops at a roll).
    rolled: u64,
}

impl Dice {
    pub fn new(seed: u64, sampler: DieSampler) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            sampler,
            scripted: VecDeque::new(),
            rolled: 0,
        }
    }

    /// How many dice have been rolled so far.
    pub fn rolled(&self) -> u64 {
        self.rolled
    }

    /// Queues die faces (1..=6) to be used before the seeded stream.
    pub fn script(&mut self, faces: &[u8]) {
        self.scripted.extend(faces.iter().map(|&f| f.clamp(1, 6)));
    }

    /// Queues faces of a die of any size, in front of the stream (a face beyond the die
    /// rolled is clamped to it when it comes up).
    pub fn script_any(&mut self, faces: &[u8]) {
        self.scripted.extend(faces.iter().map(|&f| f.max(1)));
    }

    /// One die, 1K6.
    pub fn d6(&mut self) -> u8 {
        self.rolled += 1;
        match self.scripted.pop_front() {
            Some(f) => f.min(6),
            None => self.sampler.face(&mut self.rng),
        }
    }

    /// One die of `sides` faces (a d10: 10), always by rejection sampling.
    pub fn roll(&mut self, sides: u8) -> u8 {
        let sides = sides.max(1);
        self.rolled += 1;
        match self.scripted.pop_front() {
            Some(f) => f.min(sides),
            None => DieSampler::rejection(&mut self.rng, u32::from(sides)) as u8,
        }
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
    use rand::RngExt;

    fn faces(seed: u64, sampler: DieSampler, n: usize) -> Vec<u8> {
        let mut d = Dice::new(seed, sampler);
        (0..n).map(|_| d.d6()).collect()
    }

    #[test]
    fn r1_8_same_seed_same_rolls_and_scripts_come_first() {
        for sampler in [DieSampler::WideningMultiply, DieSampler::Rejection] {
            let mut a = Dice::new(7, sampler);
            let mut b = Dice::new(7, sampler);
            let ra: Vec<u8> = (0..50).map(|_| a.two_d6()).collect();
            let rb: Vec<u8> = (0..50).map(|_| b.two_d6()).collect();
            assert_eq!(ra, rb);
            assert!(ra.iter().all(|r| (2..=12).contains(r)));
            let mut c = Dice::new(7, sampler);
            c.script(&[6, 6, 1]);
            assert_eq!(c.two_d6(), 12);
            assert_eq!(c.d6(), 1);
        }
        let total: f64 = (2..=12).map(two_d6_probability).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    /// The stream the dice read: if this fails, `rand_chacha` or `rand_core` changed
    /// their output and every recorded game is at risk.
    #[test]
    fn the_chacha_stream_of_a_seed_is_pinned() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let words: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        assert_eq!(words, [0x23d7_43bb, 0x2865_5334, 0x2e9b_293a, 0x2b01_59d3]);
    }

    /// Format 1 draws exactly what `rand` 0.10's `random_range(1..=6)` drew, on many
    /// seeds and rolls (including the rare second word).
    #[test]
    fn format_1_faces_are_rands_random_range() {
        for seed in 0..200 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let theirs: Vec<u8> = (0..500).map(|_| rng.random_range(1..=6u8)).collect();
            assert_eq!(
                faces(seed, DieSampler::WideningMultiply, 500),
                theirs,
                "seed {seed}"
            );
        }
    }

    /// A fixed list of words, to drive the samplers by hand.
    struct Words(Vec<u32>);

    impl rand::TryRng for Words {
        type Error = std::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.0.remove(0))
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(u64::from(self.0.remove(0)))
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
            Ok(())
        }
    }

    #[test]
    fn the_second_word_of_format_1_is_taken_only_when_the_offset_may_be_biased() {
        // 715827882 × 6 = 2³² − 4: offset 0 with a low half above 2³² − 6.
        let face = |ws: &[u32]| {
            let mut w = Words(ws.to_vec());
            let ours = DieSampler::WideningMultiply.face(&mut w);
            let theirs = Words(ws.to_vec()).random_range(1..=6u8);
            assert_eq!(ours, theirs, "{ws:?}");
            (ours, w.0.len())
        };
        assert_eq!(face(&[0, 9]), (1, 1), "one word");
        assert_eq!(
            face(&[u32::MAX, 9]),
            (6, 1),
            "low half at the limit: one word"
        );
        assert_eq!(face(&[715_827_882, 0]), (1, 0), "a second word, no carry");
        assert_eq!(face(&[715_827_882, 2_863_311_531]), (2, 0), "a carry");
    }

    #[test]
    fn format_2_rejects_the_top_words_and_is_uniform() {
        let reject = reject_from(6);
        assert_eq!(reject, 4_294_967_292);
        assert_eq!(reject % 6, 0);
        let mut w = Words(vec![u32::MAX, reject, reject - 1, 0, 7]);
        assert_eq!(DieSampler::Rejection.face(&mut w), 6, "two words rejected");
        assert_eq!(DieSampler::Rejection.face(&mut w), 1);
        assert_eq!(DieSampler::Rejection.face(&mut w), 2);
        let mut counts = [0u32; 6];
        for f in faces(1, DieSampler::Rejection, 60_000) {
            counts[usize::from(f - 1)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
    }

    /// The first faces of seed 7 in each format: a change here changes every game.
    #[test]
    fn the_first_faces_of_each_format_are_pinned() {
        assert_eq!(
            faces(7, DieSampler::WideningMultiply, 12),
            [1, 1, 2, 2, 2, 5, 1, 5, 1, 4, 5, 3]
        );
        assert_eq!(
            faces(7, DieSampler::Rejection, 12),
            [4, 1, 1, 6, 4, 4, 6, 5, 3, 6, 5, 2]
        );
    }

    /// The toy's and PanzerBlitz's faces of seed 11 (pinned before the seam owned the
    /// dice, in PanzerBlitz's own die), and every face comes up.
    #[test]
    fn the_low_bits_faces_are_pinned() {
        let fa = faces(11, DieSampler::LowBits, 600);
        assert_eq!(&fa[..8], &[1, 6, 4, 1, 3, 3, 5, 2], "{:?}", &fa[..8]);
        for face in 1..=6 {
            let n = fa.iter().filter(|&&f| f == face).count();
            assert!((60..=140).contains(&n), "face {face} came up {n} times");
        }
    }

    #[test]
    fn a_d10_is_uniform_and_scripted_faces_come_first() {
        let mut d = Dice::new(3, DieSampler::Rejection);
        d.script_any(&[10, 12]);
        assert_eq!(d.roll(10), 10);
        assert_eq!(d.roll(10), 10, "a face beyond the die is clamped");
        let mut counts = [0u32; 10];
        for _ in 0..50_000 {
            counts[usize::from(d.roll(10) - 1)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (4_500..5_500).contains(&c)),
            "{counts:?}"
        );
    }
}
