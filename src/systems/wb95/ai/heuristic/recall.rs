//! Maps an analysis builds from the same inputs phase after phase: the distances from
//! the side's supply sources never change, the pull of the objectives changes when a
//! hex changes hands, and the distances to the enemy stay while the enemy stands still
//! (through this side's own phases). A bot remembers the last few of each and takes the
//! remembered map when its inputs are the same, so every map is what computing it
//! again would give. The maps are of one scenario's board: a game of another scenario
//! (another `Prepared`) starts afresh.

use std::sync::Arc;

use super::analysis::{bfs, spread};
use crate::systems::wb95::Game;
use crate::systems::wb95::board::Hx;
use crate::systems::wb95::prepared::Prepared;

/// Maps remembered of each kind (the newest replaces the oldest).
const KEPT: usize = 4;

/// The last maps computed, with their inputs.
#[derive(Clone, Debug, Default)]
pub struct Recall {
    /// The scenario whose board the maps are of.
    of: Option<Arc<Prepared>>,
    /// Sources of a breadth-first distance map, and the map.
    dist: Vec<(Vec<Hx>, Vec<u16>)>,
    /// Sources (hex, value bits) of a spread pull, and the pull.
    pull: Vec<(Vec<(Hx, u32)>, Vec<f32>)>,
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
        let key: Vec<(Hx, u32)> = sources.iter().map(|&(h, v)| (h, v.to_bits())).collect();
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
