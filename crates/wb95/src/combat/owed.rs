//! The engine's plan for the attacks still owed (R5.1.3-5.1.4), for a player who would
//! rather not declare twenty obligations one by one: attacks that, as the position stands
//! now, meet every open obligation the rules leave a way to meet.
//!
//! The plan assigns stacks to enemy hexes. First every enemy hex that must be attacked
//! (R5.1.4) gets a stack next to it, the hex with the fewest stacks to choose from first,
//! preferring a stack that must attack anyway (R5.1.3) and then one next to few other such
//! hexes; a stack already attacking alone may take a second hex (one hex against many,
//! R5.1.5). Then every stack that must attack and has no attack joins the planned attack
//! next to it with the fewest attacking stacks (many against one), or attacks a hex of its
//! own. A stack attacks once (R5.1.1) with all its units that can (R5.1.10), a hex is
//! attacked once (A-22: its units defend together), and every order is checked by the
//! engine as a declaration would be. The choice uses only what the player knows of the
//! position, never the defenders' strength, so under fog of war (R16) it gives nothing away.
//!
//! It is a suggestion: each attack is still declared, and may be changed, by the player,
//! and the plan is made again after every combat, whose results change the position.

use super::odds::Odds;
use crate::action::AttackOrder;
use crate::board::Hx;
use crate::game::Game;
use crate::roster::Unit;
use crate::side::Side;

/// One planned attack: its stacks' hexes, the hexes it attacks.
#[derive(Clone, Debug)]
struct Planned {
    from: Vec<Hx>,
    at: Vec<Hx>,
}

/// The position the plan is made on: the phasing side, its stacks able to attack, the
/// enemy hexes open to attack.
struct Position<'g> {
    game: &'g Game,
    side: Side,
}

impl Position<'_> {
    /// Units of the stack on `h` that can still attack (R5.1.1, R5.1.10).
    fn ready(&self, h: Hx) -> Vec<Unit> {
        let g = self.game;
        g.units_at(h)
            .iter()
            .copied()
            .filter(|&u| g.info(u).side == self.side && g.info(u).can_attack() && !g.fought(u))
            .collect()
    }

    /// Does the stack on `h` hold a unit that must attack (R5.1.3)?
    fn obliged(&self, h: Hx) -> bool {
        self.ready(h)
            .iter()
            .any(|u| self.game.state.obliged.contains(u))
    }

    /// Must the enemy hex `h` be attacked (R5.1.4)?
    fn owed(&self, h: Hx) -> bool {
        let g = self.game;
        g.attackable(self.side, h)
            && g.units_at(h)
                .iter()
                .any(|u| g.state.must_attack.contains(u))
    }

    /// The order a planned attack makes, if the engine would accept it.
    fn order(&self, p: &Planned) -> Option<AttackOrder> {
        let g = self.game;
        let attackers: Vec<Unit> = p.from.iter().flat_map(|&h| self.ready(h)).collect();
        let order = AttackOrder {
            attackers: g.unit_ids(&attackers),
            defenders: g.hex_ids(&p.at),
            ..AttackOrder::default()
        };
        g.engagement_of(self.side, &order).ok().map(|_| order)
    }

    fn valid(&self, p: &Planned) -> bool {
        self.order(p).is_some()
    }

    /// Enemy hexes next to `h` that its stack may attack on its own.
    fn targets(&self, h: Hx) -> Vec<Hx> {
        self.game
            .board()
            .neighbours(h)
            .map(|(_, n)| n)
            .filter(|&n| {
                self.game.attackable(self.side, n)
                    && self.valid(&Planned {
                        from: vec![h],
                        at: vec![n],
                    })
            })
            .collect()
    }
}

impl Game {
    /// Attacks of the phasing player that together meet its open obligations
    /// (R5.1.3-5.1.4), in board order of the hexes attacked, each with its odds (no
    /// support, stars or pool CMs: the player adds those when declaring).
    pub fn owed_attacks(&self) -> Vec<(AttackOrder, Odds)> {
        let Some(side) = self.state.clock.phase.owner() else {
            return Vec::new();
        };
        let pos = Position { game: self, side };
        let stacks: Vec<(Hx, Vec<Hx>)> = (0..self.board().len())
            .filter(|&h| self.occupant(h) == Some(side) && !pos.ready(h).is_empty())
            .map(|h| (h, pos.targets(h)))
            .filter(|(_, t)| !t.is_empty())
            .collect();
        let mut plan: Vec<Planned> = Vec::new();
        cover_owed_hexes(&pos, &stacks, &mut plan);
        attack_with_obliged_stacks(&pos, &stacks, &mut plan);
        let mut out: Vec<(AttackOrder, Odds)> = plan
            .iter()
            .filter_map(|p| {
                let order = pos.order(p)?;
                let eng = self.engagement_of(side, &order).ok()?;
                Some((order, self.assess(&eng)))
            })
            .collect();
        out.sort_by(|(a, _), (b, _)| a.defenders.cmp(&b.defenders));
        out
    }
}

/// Is the stack on `h` in a planned attack?
fn used(plan: &[Planned], h: Hx) -> bool {
    plan.iter().any(|p| p.from.contains(&h))
}

fn attacked(plan: &[Planned], h: Hx) -> bool {
    plan.iter().any(|p| p.at.contains(&h))
}

/// R5.1.4: a stack next to every enemy hex that must be attacked, the most constrained
/// hex first.
fn cover_owed_hexes(pos: &Position, stacks: &[(Hx, Vec<Hx>)], plan: &mut Vec<Planned>) {
    let mut owed: Vec<Hx> = stacks
        .iter()
        .flat_map(|(_, t)| t.iter().copied())
        .filter(|&t| pos.owed(t))
        .collect();
    owed.sort_unstable();
    owed.dedup();
    let next_to = |t: Hx| stacks.iter().filter(move |(_, ts)| ts.contains(&t));
    while let Some(&t) = owed
        .iter()
        .filter(|&&t| !attacked(plan, t))
        .min_by_key(|&&t| (next_to(t).filter(|(h, _)| !used(plan, *h)).count(), t))
    {
        // Other hexes still to cover that a stack could be needed for.
        let open = |ts: &[Hx]| {
            ts.iter()
                .filter(|&&o| o != t && pos.owed(o) && !attacked(plan, o))
                .count()
        };
        let free = next_to(t)
            .filter(|(h, _)| !used(plan, *h))
            .min_by_key(|(h, ts)| (!pos.obliged(*h), open(ts), *h));
        if let Some((h, _)) = free {
            plan.push(Planned {
                from: vec![*h],
                at: vec![t],
            });
        } else if !widen(pos, plan, t) {
            // No stack is left for it: once the planned attacks are made the rules give no
            // way to meet this obligation, and it no longer binds.
            owed.retain(|&o| o != t);
        }
    }
}

/// One hex against many (R5.1.5): a planned attack by a single stack next to `t` takes
/// `t` too, if the engine accepts it.
fn widen(pos: &Position, plan: &mut [Planned], t: Hx) -> bool {
    let b = pos.game.board();
    for p in plan.iter_mut() {
        if p.from.len() != 1 || !b.neighbours(p.from[0]).any(|(_, n)| n == t) {
            continue;
        }
        let mut wider = p.clone();
        wider.at.push(t);
        if pos.valid(&wider) {
            *p = wider;
            return true;
        }
    }
    false
}

/// R5.1.3: every stack that must attack and is not yet in the plan joins a planned attack
/// on one hex next to it (many against one), the one with the fewest stacks, or attacks a
/// hex of its own.
fn attack_with_obliged_stacks(pos: &Position, stacks: &[(Hx, Vec<Hx>)], plan: &mut Vec<Planned>) {
    for (h, targets) in stacks {
        if used(plan, *h) || !pos.obliged(*h) {
            continue;
        }
        let mut joinable: Vec<usize> = (0..plan.len())
            .filter(|&i| plan[i].at.len() == 1 && targets.contains(&plan[i].at[0]))
            .collect();
        joinable.sort_by_key(|&i| (plan[i].from.len(), plan[i].at[0]));
        let joined = joinable.into_iter().any(|i| {
            let mut more = plan[i].clone();
            more.from.push(*h);
            let ok = pos.valid(&more);
            if ok {
                plan[i] = more;
            }
            ok
        });
        if joined {
            continue;
        }
        if let Some(&t) = targets.iter().find(|&&t| !attacked(plan, t)) {
            plan.push(Planned {
                from: vec![*h],
                at: vec![t],
            });
        }
    }
}
