//! Maps an analysis builds from the same inputs phase after phase: the distances from
//! the side's supply sources never change, the pull of the objectives changes when a
//! hex changes hands, and the distances to the enemy stay while the enemy stands still
//! (through this side's own phases). A bot remembers the last few of each and takes the
//! remembered map when its inputs are the same, so every map is what computing it
//! again would give. The maps are of one scenario's board: a game of another scenario
//! (another `Prepared`) starts afresh.

use std::sync::Arc;

use super::analysis::{bfs, spread};
use crate::Game;
use crate::board::Hx;
use crate::prepared::Prepared;

/// Maps remembered of each kind (the newest replaces the oldest).
const KEPT: usize = 4;

/// The sources of a spread pull as compared: (hex, value bits).
type PullKey = Vec<(Hx, u32)>;

/// The last maps computed, with their inputs.
#[derive(Clone, Debug, Default)]
pub struct Recall {
    /// The scenario whose board the maps are of.
    of: Option<Arc<Prepared>>,
    /// Sources of a breadth-first distance map, and the map.
    dist: Vec<(Vec<Hx>, Vec<u16>)>,
    /// Sources (hex, value bits) of a spread pull, and the pull.
    pull: Vec<(PullKey, Vec<f32>)>,
}

impl Recall {
    /// `bfs(game, sources)`, remembered.
    pub fn dist(&mut self, game: &Game, sources: &[Hx]) -> Vec<u16> {
        self.same_board(game);
        if let Some((_, d)) = self.dist.iter().find(|(s, _)| s == sources) {
            return d.clone();
        }
        let d = bfs(game, sources);
        keep(&mut self.dist, (sources.to_vec(), d.clone()));
        d
    }

    /// `spread(game, sources)`, remembered (values compared bit for bit).
    pub fn pull(&mut self, game: &Game, sources: &[(Hx, f32)]) -> Vec<f32> {
        self.same_board(game);
        let key: PullKey = sources.iter().map(|&(h, v)| (h, v.to_bits())).collect();
        if let Some((_, p)) = self.pull.iter().find(|(s, _)| *s == key) {
            return p.clone();
        }
        let p = spread(game, sources);
        keep(&mut self.pull, (key, p.clone()));
        p
    }
}

impl Recall {
    /// Forgets the maps of another scenario's board.
    fn same_board(&mut self, game: &Game) {
        if !self
            .of
            .as_ref()
            .is_some_and(|p| Arc::ptr_eq(p, game.prepared()))
        {
            *self = Recall {
                of: Some(Arc::clone(game.prepared())),
                ..Recall::default()
            };
        }
    }
}

/// Adds `entry` as the newest, dropping the oldest beyond `KEPT`.
fn keep<T>(list: &mut Vec<T>, entry: T) {
    if list.len() == KEPT {
        list.remove(0);
    }
    list.push(entry);
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::model::Bundle;

    fn mini(seed: u64) -> Game {
        let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        let (bundle, _) = Bundle::load(&path).unwrap();
        Game::new(&bundle, seed).unwrap()
    }

    #[test]
    fn a_recalled_map_is_the_map_computed_again() {
        let g = mini(1);
        let mut r = Recall::default();
        let sources = [0, 5];
        let pulls = [(3, 2.0f32), (9, 0.5)];
        for _ in 0..2 {
            assert_eq!(r.dist(&g, &sources), bfs(&g, &sources));
            assert_eq!(r.pull(&g, &pulls), spread(&g, &pulls));
        }
        assert_eq!(r.dist.len(), 1);
        assert_eq!(r.pull.len(), 1);
        // Other inputs are other maps, and only the newest `KEPT` are remembered.
        for h in 0..=KEPT {
            assert_eq!(r.dist(&g, &[h]), bfs(&g, &[h]));
        }
        assert_eq!(r.dist.len(), KEPT);
    }

    #[test]
    fn another_scenario_starts_afresh() {
        let mut r = Recall::default();
        r.dist(&mini(1), &[0]);
        let other = mini(2);
        assert_eq!(r.dist(&other, &[0]), bfs(&other, &[0]));
        assert!(
            r.of.as_ref()
                .is_some_and(|p| Arc::ptr_eq(p, other.prepared()))
        );
        assert_eq!(r.dist.len(), 1);
    }
}
