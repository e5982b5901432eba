//! Lints of implausible placements (warnings; the game may still be played): a unit set
//! up where the enemy holds the ground at the start, a unit out of touch with every other
//! unit of its formation, and free set-up units with no room in their set-up area.

use std::collections::{BTreeMap, HashMap};

use super::board::{Hx, Mover};
use super::control;
use super::prepared::Prepared;
use super::roster::Unit;
use super::side::Side;
use super::zoc::ZocMap;
use sztab_core::model::{Problem, Subject};

/// A unit farther than this from every other unit of its formation is out of touch (a
/// division's regiments and an army's divisions stand side by side on a front).
pub const TOUCH: u32 = 4;

/// The stacking limit (R3.2.1).
const STACK_LIMIT: u32 = 8;

pub fn check(p: &Prepared, out: &mut Vec<Problem>) {
    behind_enemy_lines(p, out);
    out_of_touch(p, out);
    room_to_set_up(p, out);
}

/// P09: the unit stands where the enemy holds the ground all around it at the start. With
/// its stack taken away, A-68 gives neither its hex nor any neighbour to its own side: no
/// own unit stands or projects a ZoC there and the ground is nearer the enemy's supply
/// sources (or in the enemy's ZoC alone). A front-line unit always has its own side's
/// ground behind it; a unit dropped behind the enemy's lines has none. Hexes whose control
/// the scenario sets count as set.
fn behind_enemy_lines(p: &Prepared, out: &mut Vec<Problem>) {
    let zoc = Side::BOTH.map(|side| {
        ZocMap::build(
            &p.board,
            &p.roster,
            p.setup
                .iter()
                .filter(|s| p.roster.info(s.unit).side == side)
                .map(|s| (s.unit, s.hex)),
        )
    });
    let dist = Side::BOTH.map(|s| control::distances(&p.board, &p.sides[s.index()].sources));
    let mut hex_of = vec![None; p.roster.len()];
    let mut occupant: Vec<Option<Side>> = vec![None; p.board.len()];
    for s in &p.setup {
        hex_of[s.unit.ix()] = Some(s.hex);
        occupant[s.hex] = Some(p.roster.info(s.unit).side);
    }
    // A-68 on hex `n` with the stack on `gone` taken away.
    let control_without = |gone: Hx, n: Hx| -> Option<Side> {
        if let Some(&(_, s)) = p.control_overrides.iter().find(|&&(x, _)| x == n) {
            return Some(s);
        }
        if n != gone && occupant[n].is_some() {
            return occupant[n];
        }
        let covers = |s: Side| {
            zoc[s.index()]
                .sources(n)
                .iter()
                .any(|u| hex_of[u.ix()] != Some(gone))
        };
        match (covers(Side::A), covers(Side::B)) {
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            _ => match dist[0][n].cmp(&dist[1][n]) {
                std::cmp::Ordering::Less => Some(Side::A),
                std::cmp::Ordering::Greater => Some(Side::B),
                std::cmp::Ordering::Equal => None,
            },
        }
    };
    for s in &p.setup {
        let h = s.hex;
        let side = p.roster.info(s.unit).side;
        let around = std::iter::once(h).chain(p.board.neighbours(h).map(|(_, n)| n));
        let own_ground = around
            .map(|n| control_without(h, n))
            .any(|c| c == Some(side));
        if own_ground {
            continue;
        }
        let id = &p.roster.info(s.unit).id;
        out.push(
            Problem::warning(
                "P09",
                format!(
                    "unit {id} is set up on {}, where {} holds the ground all around it at the start (A-68 without it): behind the enemy's lines?",
                    p.board.id(h),
                    p.sides[side.other().index()].id
                ),
            )
            .rule("A-68")
            .about(Subject::Unit(id.clone())),
        );
    }
}

/// P10: a unit more than [`TOUCH`] hexes from every other unit of its formation set up on
/// the map.
fn out_of_touch(p: &Prepared, out: &mut Vec<Problem>) {
    let mut by_formation: BTreeMap<&str, Vec<(Unit, Hx)>> = BTreeMap::new();
    for s in &p.setup {
        if let Some(f) = &p.roster.info(s.unit).def.formation {
            by_formation
                .entry(f.as_str())
                .or_default()
                .push((s.unit, s.hex));
        }
    }
    for (f, units) in by_formation.iter().filter(|(_, v)| v.len() > 1) {
        // The formation's units by hex: a unit looks at the hexes around it, not at every
        // other unit (a formation of 10,000 units took seconds).
        let mut at: HashMap<Hx, Vec<Unit>> = HashMap::new();
        for &(u, h) in units {
            at.entry(h).or_default().push(u);
        }
        for &(u, h) in units {
            let near = p
                .board
                .within(h, TOUCH)
                .any(|t| at.get(&t).is_some_and(|us| us.iter().any(|&x| x != u)));
            if near {
                continue;
            }
            let Some((d, x, xh)) = nearest(p, &at, u, h) else {
                continue;
            };
            let id = &p.roster.info(u).id;
            out.push(
                Problem::warning(
                    "P10",
                    format!(
                        "unit {id} on {} is out of touch with formation {f}: its nearest unit, {} on {}, is {d} hexes away",
                        p.board.id(h),
                        p.roster.info(x).id,
                        p.board.id(xh)
                    ),
                )
                .rule("R1.2")
                .about(Subject::Unit(id.clone())),
            );
        }
    }
}

/// The nearest unit of `at` other than `u` to `h` (the lowest-numbered of the nearest),
/// with its distance and hex, for a unit with none within [`TOUCH`]: ring by ring outward
/// from it. The rings a unit looks at are no wider than its distance to its nearest unit,
/// and those discs of all units overlap little, so all the rings are about the board.
fn nearest(p: &Prepared, at: &HashMap<Hx, Vec<Unit>>, u: Unit, h: Hx) -> Option<(u32, Unit, Hx)> {
    let g = &p.board.grid;
    let widest = u32::from(g.cols) + u32::from(g.rows);
    for r in TOUCH + 1..=widest {
        let found = p
            .board
            .axial_of(h)
            .ring(r)
            .filter_map(|x| p.board.index(g.id_of(x)?))
            .flat_map(|xh| {
                at.get(&xh)
                    .into_iter()
                    .flatten()
                    .filter(move |&&x| x != u)
                    .map(move |&x| (x, xh))
            })
            .min_by_key(|(x, _)| x.ix());
        if let Some((x, xh)) = found {
            return Some((r, x, xh));
        }
    }
    None
}

/// A free set-up area of one side: its side index and hexes.
type AreaKey<'a> = (usize, &'a [Hx]);

/// P11: the free set-up units of one set-up area need more room than it has: every unit
/// a hex it may stand on (terrain, no enemy, R3.1.8, R3.1.11) and all of them their CELs
/// within the stacking limit beside the fixed setup (R3.2.1).
fn room_to_set_up(p: &Prepared, out: &mut Vec<Problem>) {
    let mut fixed_cel = vec![0u32; p.board.len()];
    let mut fixed_side: Vec<Option<Side>> = vec![None; p.board.len()];
    for s in &p.setup {
        fixed_cel[s.hex] += u32::from(s.cel);
        fixed_side[s.hex] = Some(p.roster.info(s.unit).side);
    }
    let mut groups: BTreeMap<AreaKey<'_>, Vec<(Unit, u8)>> = BTreeMap::new();
    for f in &p.free {
        let side = p.roster.info(f.unit).side;
        groups
            .entry((side.index(), f.hexes.as_slice()))
            .or_default()
            .push((f.unit, f.cel));
        let mover = p.roster.info(f.unit).mover;
        let fits = f.hexes.iter().any(|&h| {
            (mover == Mover::Static || p.board.enterable(h, mover))
                && fixed_side[h].is_none_or(|s| s == side)
                && fixed_cel[h] + u32::from(f.cel) <= STACK_LIMIT
        });
        if !fits && !f.hexes.is_empty() {
            let id = &p.roster.info(f.unit).id;
            out.push(
                Problem::error(
                    "P11",
                    format!("unit {id} is set up freely, but no hex of its set-up area can take it (terrain, enemy units or stacking)"),
                )
                .rule("R3.2.1")
                .about(Subject::Unit(id.clone())),
            );
        }
    }
    for ((side, hexes), units) in groups {
        let room: u32 = hexes
            .iter()
            .filter(|&&h| fixed_side[h].is_none_or(|s| s.index() == side))
            .map(|&h| STACK_LIMIT.saturating_sub(fixed_cel[h]))
            .sum();
        let need: u32 = units.iter().map(|&(_, c)| u32::from(c)).sum();
        if need > room {
            let first = &p.roster.info(units[0].0).id;
            out.push(
                Problem::error(
                    "P11",
                    format!(
                        "{} units set up freely with {first} need {need} CEL, but their set-up area holds at most {room} beside the fixed setup",
                        units.len()
                    ),
                )
                .rule("R3.2.1")
                .about(Subject::Unit(first.clone())),
            );
        }
    }
}
