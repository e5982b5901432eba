//! Game logs: a scenario path, a seed and the actions, with a fingerprint of the
//! events they produced, so a replay proves it reproduces the game bit for bit.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::event::{Event, GameResult};

/// A recorded game (RON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLog {
    pub scenario: PathBuf,
    pub seed: u64,
    pub actions: Vec<Action>,
    /// Number of events, opening events included.
    pub events: usize,
    /// FNV-1a of the events' RON text, hex.
    pub fingerprint: String,
    #[serde(default)]
    pub result: Option<GameResult>,
}

/// A running fingerprint of events.
#[derive(Clone, Debug)]
pub struct Fingerprint {
    hash: u64,
    count: usize,
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
    pub fn add(&mut self, e: &Event) {
        let text = ron::to_string(e).unwrap_or_default();
        for b in text.bytes().chain([b'\n']) {
            self.hash ^= u64::from(b);
            self.hash = self.hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.count += 1;
    }

    pub fn extend<'a>(&mut self, es: impl IntoIterator<Item = &'a Event>) {
        for e in es {
            self.add(e);
        }
    }

    pub fn count(&self) -> usize {
        self.count
    }

    pub fn hex(&self) -> String {
        format!("{:016x}", self.hash)
    }
}
