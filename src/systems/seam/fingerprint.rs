//! A stable fingerprint of a game's events for the systems whose logs replay by text:
//! FNV-1a over each event as the system writes it, one line each. It depends on nothing
//! but the events' text, so a log recorded today replays after any dependency update.

/// The fingerprint of the events seen so far, and how many.
#[derive(Clone, Debug)]
pub struct Fingerprint {
    hash: u64,
    /// Events added.
    pub count: usize,
}

impl Default for Fingerprint {
    fn default() -> Self {
        Self {
            hash: 0xcbf2_9ce4_8422_2325,
            count: 0,
        }
    }
}

impl Fingerprint {
    pub fn add(&mut self, event: &impl std::fmt::Display) {
        for b in event.to_string().bytes().chain([b'\n']) {
            self.hash ^= u64::from(b);
            self.hash = self.hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.count += 1;
    }

    /// The hash as written in a log: 16 hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.hash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_of_each_line() {
        let mut f = Fingerprint::default();
        assert_eq!(f.hex(), "cbf29ce484222325");
        f.add(&"a");
        // FNV-1a 64 of "a\n".
        assert_eq!(f.hex(), "089bdc07b544e7b2");
        assert_eq!(f.count, 1);
    }
}
