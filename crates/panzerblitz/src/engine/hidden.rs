//! The experimental Hidden Deployment rule (P-26): one side's units set up hidden in
//! woods and towns or out of the enemy's sight ("behind hills"); each stays hidden until
//! it moves, fires or assaults, or an enemy unit is next to it or has a clear line of
//! sight to its hex. The enemy cannot attack what it does not know of, its moves stop
//! where they run into a hidden unit, and its bots decide on what their side sees.

use std::collections::BTreeSet;

use sztab_core::hex::HexId;
use sztab_seam::play::Bot;

use super::action::Action;
use super::event::Event;
use super::game::Game;
use super::state::Loc;

impl Game {
    /// The hiding side's units that set up where they may hide: "in woods, swamps,
    /// towns, or behind hills", read as where no enemy unit sees them (woods and towns
    /// have their green and gray hexsides; a unit in a wood the enemy sees into would be
    /// revealed at once). Passengers hide with their carriers.
    pub(super) fn hide_at_start(&mut self, out: &mut Vec<Event>) {
        let Some(side) = self.s.options.hidden else {
            return;
        };
        let units: Vec<String> = (0..self.s.units.len())
            .filter(|&u| self.s.units[u].side == side)
            .filter(|&u| {
                self.st
                    .hex_of(u)
                    .is_some_and(|h| self.seen_from(h, side).is_none())
            })
            .map(|u| self.s.units[u].id.clone())
            .collect();
        if !units.is_empty() {
            self.emit(out, Event::Hidden { units });
        }
    }

    /// Reveals every hidden unit that has acted or that an enemy unit now sees.
    pub(super) fn reveal(&mut self, out: &mut Vec<Event>) {
        let mut hidden: Vec<usize> = self.st.hidden.iter().copied().collect();
        // Carriers first, so a passenger is found with its carrier.
        hidden.sort_by_key(|&u| matches!(self.st.units[u].loc(), Loc::Carried(_)));
        for u in hidden {
            let us = &self.st.units[u];
            let Some(h) = self.st.hex_of(u) else { continue };
            // A passenger moves with its carrier: found with it.
            let carrier_found = match us.loc() {
                Loc::Carried(c) => !self.st.hidden.contains(&c),
                _ => false,
            };
            let acted = us.fired
                || us.assaulted
                || us.hexes > 0
                || us.spent > 0
                || us.loaded_now
                || us.unloaded_now
                || carrier_found;
            let how = if acted {
                Some("it acted".to_owned())
            } else {
                self.seen_from(h, self.s.units[u].side)
                    .map(|e| format!("seen by {}", self.s.units[e].id))
            };
            if let Some(how) = how {
                let unit = self.s.units[u].id.clone();
                self.emit(out, Event::Revealed { unit, hex: h, how });
            }
        }
    }

    /// An enemy of `side` on the board next to `h` or with a clear line of sight to it.
    fn seen_from(&self, h: HexId, side: usize) -> Option<usize> {
        (0..self.s.units.len())
            .filter(|&e| self.s.units[e].side != side)
            .find(|&e| {
                self.st
                    .hex_of(e)
                    .is_some_and(|x| self.s.board.grid.distance(x, h) <= 1 || self.sees(x, h))
            })
    }

    /// The hexes of units hidden from `side`.
    fn hidden_hexes(&self, side: usize) -> BTreeSet<HexId> {
        self.st
            .hidden
            .iter()
            .filter(|&&u| self.s.units[u].side != side)
            .filter_map(|&u| self.st.hex_of(u))
            .collect()
    }

    /// A move of a unit of `side` along `path` stops on the first hex next to a unit
    /// hidden from it: there it runs into the enemy, who is revealed.
    pub(super) fn stop_at_hidden<'p>(&self, side: usize, path: &'p [HexId]) -> &'p [HexId] {
        let hidden = self.hidden_hexes(side);
        if hidden.is_empty() {
            return path;
        }
        let g = &self.s.board.grid;
        match path
            .iter()
            .position(|&p| hidden.iter().any(|&h| g.distance(p, h) <= 1))
        {
            Some(k) => &path[..=k],
            None => path,
        }
    }

    /// The game as `side` knows it: the enemy's hidden units off the board.
    pub fn seen_by(&self, side: usize) -> Game {
        let mut g = self.clone();
        let gone: Vec<usize> =
            g.st.hidden
                .iter()
                .copied()
                .filter(|&u| g.s.units[u].side != side)
                .collect();
        for u in gone {
            g.st.units[u].loc = Some(Loc::Waiting);
        }
        g.st.hidden.clear();
        g
    }

    /// The units `side` does not know of.
    pub fn hidden_from(&self, side: usize) -> Vec<String> {
        self.st
            .hidden
            .iter()
            .filter(|&&u| self.s.units[u].side != side)
            .map(|&u| self.s.units[u].id.clone())
            .collect()
    }
}

/// A bot that decides on what its side sees. An order the fog made illegal (a move or
/// an overrun into a hidden unit) is passed over: the bot is asked again, and ends the
/// step if it keeps running into the fog.
pub struct Fogged(pub Box<dyn Bot<Game>>);

/// How often a bot is asked again before it ends the step.
const RETRIES: usize = 20;

impl Bot<Game> for Fogged {
    fn decide(&mut self, game: &Game) -> Action {
        let view = game.seen_by(game.state().side);
        for _ in 0..RETRIES {
            let a = self.0.decide(&view);
            if game.clone().apply(&a).is_ok() {
                return a;
            }
        }
        Action::EndStep
    }
}
