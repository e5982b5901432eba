//! A determinization: the game as one side might believe it to be, for a bot that looks
//! ahead without reading what fog of war (R16) hides from it.
//!
//! The viewer sees where the enemy stands and how tall each stack is, the top counter of
//! a stack (R16.1.1, unless masked, R16.1.2), the type and CEL of each counter of a stack
//! next to its units (R16.1.4) and every counter of a stack that fought (R16.1.3). What
//! it does not see is which of the enemy's units stands in the other places. The enemy's
//! order of battle and its losses are public (the scenario and the combat results), so a
//! determinization keeps every enemy unit with its state and deals the units it cannot
//! see out again among the places it cannot see, each into a place whose visible facts
//! (type, CEL) it matches. The deal starts from the units in a fixed order, not from
//! where they truly stand, so two games the viewer cannot tell apart give the same
//! belief for a seed. The copy gets its own dice (the true ones would tell the future)
//! and forgets the enemy's sealed air orders (R8.1.7), which it plays as none.

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::Hx;
use super::game::Game;
use super::movement::STACKING_LIMIT;
use super::roster::Unit;
use super::side::Side;
use super::state::Loc;
use super::visibility::StackView;
use sztab_core::model::UnitKind;
use sztab_seam::play::Dice;

/// What the viewer sees of a counter it cannot name: its type, and its CEL unless the
/// stack is fortified (R16.1.4); `None`: nothing.
type Seen = Option<(UnitKind, Option<u8>)>;

/// A place in an enemy stack whose unit the viewer does not know, and what it sees of it.
#[derive(Clone, Copy, Debug)]
struct Slot {
    hex: Hx,
    /// Index in the stack (arrival order).
    at: usize,
    seen: Seen,
}

/// Deals tried before keeping the places as they are. A deal fails when its random
/// choices leave a unit no room under the stacking limit or a seen type no unit of it;
/// on Armored Claws's tightly packed German front about half the deals succeed, so the
/// places are kept (the only case where the copy follows the truth) about once in 10^19.
const DEALS: usize = 64;

impl Game {
    /// A copy of this game as `viewer` might believe it to be, drawn from `seed`: the
    /// enemy units it cannot see dealt out among the places it cannot see, new dice, the
    /// enemy's sealed air orders dropped. Everything `viewer` sees is as it is, and the
    /// copy depends only on what it sees and on `seed`.
    pub fn determinized(&self, viewer: Side, seed: u64) -> Game {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = self.clone();
        let (slots, mut pool) = hidden(self, viewer);
        pool.sort_unstable();
        if let Some(dealt) = (0..DEALS).find_map(|_| deal(self, &slots, &pool, &mut rng)) {
            for (slot, &u) in slots.iter().zip(&dealt) {
                g.state.hex_units[slot.hex][slot.at] = u;
                g.state.units[u.ix()].loc = Loc::OnMap(slot.hex);
            }
        }
        g.dice = Dice::new(rng.random(), self.format().die_sampler());
        if let Some(orders) = &mut g.sealed[viewer.other().index()] {
            orders.clear();
        }
        g.forget_zoc();
        g
    }
}

/// The places in enemy stacks whose unit `viewer` does not know, most constrained first
/// (type and CEL seen, then type, then nothing), and the units standing in them.
fn hidden(game: &Game, viewer: Side) -> (Vec<Slot>, Vec<Unit>) {
    let mut slots = Vec::new();
    let mut pool = Vec::new();
    for h in 0..game.board().len() {
        let Some(view) = game.stack_view(viewer, h) else {
            continue;
        };
        let units = game.units_at(h);
        // Per counter: `None` if the viewer knows it, else what it sees of it.
        let seen: Vec<Option<Seen>> = match view {
            StackView::Revealed { .. } => continue,
            StackView::Adjacent { units: kinds, .. } => {
                kinds.into_iter().map(|k| Some(Some(k))).collect()
            }
            // The top counter (the last to arrive) shows; the rest do not.
            StackView::Top { .. } => (0..units.len())
                .map(|i| (i + 1 < units.len()).then_some(None))
                .collect(),
            StackView::Masked { .. } => vec![Some(None); units.len()],
        };
        for (at, (&unit, seen)) in units.iter().zip(seen).enumerate() {
            if let Some(seen) = seen {
                slots.push(Slot { hex: h, at, seen });
                pool.push(unit);
            }
        }
    }
    let rank = |s: &Slot| match s.seen {
        Some((_, Some(_))) => 0,
        Some((_, None)) => 1,
        None => 2,
    };
    slots.sort_by_key(|s| (rank(s), s.hex, s.at));
    (slots, pool)
}

/// One random deal of `pool` (in a fixed order) to `slots`: first each place whose type
/// is seen gets a unit of it, then the other units, the largest first, go to random free
/// places; no hex over the stacking limit (R3.2.1). `None` if the choices ran out.
fn deal(game: &Game, slots: &[Slot], pool: &[Unit], rng: &mut ChaCha8Rng) -> Option<Vec<Unit>> {
    let cel = |u: Unit| u32::from(game.unit_state(u).cel);
    // Room on each hex beside the units the viewer knows (their CELs show).
    let mut hidden = vec![false; game.roster().len()];
    pool.iter().for_each(|u| hidden[u.ix()] = true);
    let mut room = vec![0u32; game.board().len()];
    for s in slots {
        let known: u32 = game
            .units_at(s.hex)
            .iter()
            .filter(|u| !hidden[u.ix()])
            .map(|&u| cel(u))
            .sum();
        room[s.hex] = STACKING_LIMIT.saturating_sub(known);
    }
    let mut left = pool.to_vec();
    let mut out: Vec<Option<Unit>> = vec![None; slots.len()];
    for (i, slot) in slots.iter().enumerate().filter(|(_, s)| s.seen.is_some()) {
        let fits: Vec<usize> = (0..left.len())
            .filter(|&k| matches(game, left[k], slot) && cel(left[k]) <= room[slot.hex])
            .collect();
        let u = left.remove(*fits.choose(rng)?);
        room[slot.hex] -= cel(u);
        out[i] = Some(u);
    }
    // A stable sort: equal units stay in the pool's fixed order.
    left.sort_by_key(|&u| std::cmp::Reverse(cel(u)));
    for u in left {
        let free: Vec<usize> = (0..slots.len())
            .filter(|&i| out[i].is_none() && cel(u) <= room[slots[i].hex])
            .collect();
        let &i = free.choose(rng)?;
        room[slots[i].hex] -= cel(u);
        out[i] = Some(u);
    }
    out.into_iter().collect()
}

fn matches(game: &Game, u: Unit, slot: &Slot) -> bool {
    match slot.seen {
        None => true,
        Some((kind, cel)) => {
            game.info(u).def.kind == kind && cel.is_none_or(|c| game.unit_state(u).cel == c)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::model::Bundle;

    fn claws() -> Game {
        let path = concat!(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
            "/scenarios/kursk-1943/armored-claws.scenario.ron"
        );
        let (bundle, _) = Bundle::load(std::path::Path::new(path)).unwrap();
        Game::new(&bundle, 7).unwrap()
    }

    #[test]
    fn r16_a_determinization_keeps_everything_the_viewer_sees() {
        let game = claws();
        for viewer in [Side::A, Side::B] {
            let seen = game.visible_state(viewer);
            let copy = game.determinized(viewer, 11);
            assert_eq!(copy.visible_state(viewer), seen, "{viewer:?}");
            // The viewer's own units are untouched.
            for u in game.roster().all() {
                if game.info(u).side == viewer {
                    assert_eq!(copy.unit_state(u).loc, game.unit_state(u).loc);
                }
            }
        }
    }

    #[test]
    fn r16_a_determinization_moves_hidden_units_and_keeps_each_stack_whole() {
        let game = claws();
        let viewer = Side::B;
        let copy = game.determinized(viewer, 11);
        let mut moved = 0;
        for h in 0..game.board().len() {
            assert_eq!(copy.units_at(h).len(), game.units_at(h).len());
            for &u in copy.units_at(h) {
                assert_eq!(copy.unit_state(u).loc, Loc::OnMap(h));
            }
            moved += copy
                .units_at(h)
                .iter()
                .zip(game.units_at(h))
                .filter(|(a, b)| a != b)
                .count();
        }
        assert!(moved > 0, "some hidden German unit changed places");
        // Same seed, same belief; another seed, another.
        let again = game.determinized(viewer, 11);
        let other = game.determinized(viewer, 12);
        let stacks = |g: &Game| {
            (0..g.board().len())
                .map(|h| g.units_at(h).to_vec())
                .collect::<Vec<_>>()
        };
        assert_eq!(stacks(&again), stacks(&copy));
        assert_ne!(stacks(&other), stacks(&copy));
    }

    #[test]
    fn r16_games_the_viewer_cannot_tell_apart_give_one_belief() {
        let game = claws();
        let viewer = Side::B;
        // Another truth behind the same view: the German units shuffled.
        let other_truth = game.determinized(viewer, 99);
        assert_eq!(
            other_truth.visible_state(viewer),
            game.visible_state(viewer)
        );
        let stacks = |g: &Game| {
            (0..g.board().len())
                .map(|h| g.units_at(h).to_vec())
                .collect::<Vec<_>>()
        };
        assert_ne!(stacks(&other_truth), stacks(&game));
        assert_eq!(
            stacks(&game.determinized(viewer, 5)),
            stacks(&other_truth.determinized(viewer, 5))
        );
    }

    #[test]
    fn r3_2_1_a_deal_keeps_every_hex_within_the_stacking_limit() {
        let game = claws();
        for viewer in [Side::A, Side::B] {
            let (slots, pool) = hidden(&game, viewer);
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let dealt = (0..20)
                .filter_map(|_| deal(&game, &slots, &pool, &mut rng))
                .count();
            assert!(dealt >= 5, "{viewer:?}: {dealt} of 20 deals");
            let copy = game.determinized(viewer, 3);
            for h in 0..copy.board().len() {
                assert!(copy.stacked_cel(h) <= STACKING_LIMIT, "hex {h}");
            }
        }
    }

    #[test]
    fn a_determinization_rolls_its_own_dice() {
        let game = claws();
        let mut a = game.clone();
        let mut b = game.determinized(Side::A, 3);
        let rolls = |g: &mut Game| (0..20).map(|_| g.dice.d6()).collect::<Vec<_>>();
        assert_ne!(rolls(&mut a), rolls(&mut b));
    }
}
