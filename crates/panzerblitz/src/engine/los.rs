//! Line of sight ("How to determine the Line of Sight / Line of Fire", the Target
//! Elevation Table, Special Notes A–I and the gully rules).
//!
//! The line is traced through the hexes "as short and as straight as possible": the hexes
//! the centre-to-centre line passes through, one per hex of range. Where the line runs
//! exactly along a hexside both hexes on either side are candidates and every path
//! through them is a route; the defender gets the benefit of the doubt, so a line is
//! clear only if every route is (a route with a blocking hexside, or two orange ones
//! where Note E forbids them, blocks it; decision P-05). Units, blocks and fortifications
//! never block.
//!
//! [`line_of_sight`] returns the traced hexes, every hexside crossed with its position,
//! each hexside or hex that blocks with the note that decides, each symbol crossed that
//! does not block with the note that lets the line pass, and the verdict: the editor's
//! LOS probe ([`super::super::probe`]) shows exactly that.

use serde::{Deserialize, Serialize};

use super::board::{Board, Level};
use sztab_core::hex::{Axial, HexId, Hexside};

/// The rule that decides a line: Special Notes A–I, the Target Elevation Table's own
/// cell, or gully rule A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Note {
    /// From slope or hilltop to ground level: a gray or green side of the target hex.
    A,
    /// From ground level to slope or hilltop: a gray or green side of the firing hex.
    B,
    /// From hilltop to ground level: brown nearer the target, or midway.
    C,
    /// From ground level to hilltop: brown nearer the firer, or midway.
    D,
    /// More than one orange hexside, unless both are on hilltops.
    E,
    /// Adjacent units may always fire at each other.
    F,
    /// Green and gray symbols on hilltops block all fire.
    G,
    /// Both on ground level: every symbol blocks.
    H,
    /// The Target Elevation Table's cell lists the symbol.
    Tet,
    /// Gullies A: a unit in a gully and one at ground level or in another gully.
    Gully,
    /// The optional Real-Space LOS rule's own exception.
    RealSpace,
}

impl Note {
    pub fn name(self) -> &'static str {
        match self {
            Note::A => "Note A",
            Note::B => "Note B",
            Note::C => "Note C",
            Note::D => "Note D",
            Note::E => "Note E",
            Note::F => "Note F",
            Note::G => "Note G",
            Note::H => "Note H",
            Note::Tet => "Target Elevation Table",
            Note::Gully => "Gullies A",
            Note::RealSpace => "Real-Space LOS",
        }
    }
}

/// What blocks: a hexside crossed, or a hex (the gully a unit is in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Blocker {
    Hexside(Hexside),
    Hex(HexId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub at: Blocker,
    pub note: Note,
    pub why: String,
}

/// A hexside the line crosses, counted from the firing hex's side (1) to the target
/// hex's side (the range).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    pub position: u32,
    pub side: Hexside,
}

/// A traced line of sight and its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Los {
    pub from: HexId,
    pub to: HexId,
    pub range: u32,
    /// Elevations as the table reads them (a gully counts as ground level, Gullies B).
    pub firer: Level,
    pub target: Level,
    /// The hexes of each step, firing hex first: one, or two where the line runs along
    /// a hexside.
    pub steps: Vec<Vec<HexId>>,
    pub crossed: Vec<Crossing>,
    pub blocks: Vec<Block>,
    /// The symbols crossed that do not block, with the rule that lets the line pass:
    /// what a map maker checking a board's tagging wants to see besides the blocks.
    pub passed: Vec<Block>,
    /// The rule that decides: the first block's note, or why the line is clear.
    pub deciding: Note,
}

impl Los {
    pub fn clear(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Every traced hex, firing hex first.
    pub fn hexes(&self) -> Vec<HexId> {
        self.steps.iter().flatten().copied().collect()
    }

    /// "clear (Target Elevation Table: hilltop to slope, nothing obstructs)" or
    /// "blocked at hexside 2-C-4/2-C-5 (Note H: ...)", hexes named as the board prints them.
    pub fn verdict(&self, board: &Board) -> String {
        match self.blocks.first() {
            None => format!("clear ({})", self.why_clear()),
            Some(b) => {
                let at = match b.at {
                    Blocker::Hexside(s) => format!("hexside {}", board.side_label(s)),
                    Blocker::Hex(h) => format!("hex {}", board.label(h)),
                };
                format!("blocked at {at} ({}: {})", b.note.name(), b.why)
            }
        }
    }

    /// Why a clear line is clear: Note F, or the Target Elevation Table's cell.
    pub fn why_clear(&self) -> String {
        if self.deciding == Note::F {
            return "Note F: adjacent units may always fire at each other".into();
        }
        format!(
            "Target Elevation Table: {} to {}, no obstacle in the way",
            self.firer.name(),
            self.target.name()
        )
    }
}

/// Cube coordinates of a hex, as floats.
fn cube(h: Axial) -> [f64; 3] {
    let (x, y) = (f64::from(h.x), f64::from(h.y));
    [x, y, -x - y]
}

fn round(p: [f64; 3]) -> Axial {
    let mut r = p.map(f64::round);
    let d = [
        (r[0] - p[0]).abs(),
        (r[1] - p[1]).abs(),
        (r[2] - p[2]).abs(),
    ];
    if d[0] > d[1] && d[0] > d[2] {
        r[0] = -r[1] - r[2];
    } else if d[1] > d[2] {
        r[1] = -r[0] - r[2];
    }
    Axial::new(r[0] as i32, r[1] as i32)
}

/// The hexes of each step of the straightest routes from `from` to `to`: the line is
/// nudged a hair to either side, so where it runs along a hexside both hexes come out.
pub fn corridor(board: &Board, from: HexId, to: HexId) -> Vec<Vec<HexId>> {
    let g = &board.grid;
    let (a, b) = (cube(g.axial(from)), cube(g.axial(to)));
    let n = g.distance(from, to);
    let eps = [1e-6, 2e-6, -3e-6];
    let mut steps = Vec::with_capacity(n as usize + 1);
    for k in 0..=n {
        let t = if n == 0 {
            0.0
        } else {
            f64::from(k) / f64::from(n)
        };
        let p = [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t);
        let mut here: Vec<HexId> = Vec::with_capacity(2);
        for sign in [1.0, -1.0] {
            let q = [0, 1, 2].map(|i| p[i] + sign * eps[i]);
            if let Some(h) = g.id_of(round(q))
                && !here.contains(&h)
            {
                here.push(h);
            }
        }
        here.sort();
        steps.push(here);
    }
    // Keep only hexes on a route: each must touch the hexes of both neighbouring steps.
    for k in 1..steps.len().saturating_sub(1) {
        let (prev, next) = (steps[k - 1].clone(), steps[k + 1].clone());
        steps[k].retain(|h| {
            prev.iter().any(|p| g.are_adjacent(*p, *h))
                && next.iter().any(|x| g.are_adjacent(*x, *h))
        });
    }
    steps
}

/// The hexsides crossed between consecutive steps, with their position.
fn crossings(board: &Board, steps: &[Vec<HexId>]) -> Vec<Crossing> {
    let mut out = Vec::new();
    for (k, pair) in steps.windows(2).enumerate() {
        for a in &pair[0] {
            for b in &pair[1] {
                if let Some(side) = board.grid.hexside(*a, *b) {
                    out.push(Crossing {
                        position: k as u32 + 1,
                        side,
                    });
                }
            }
        }
    }
    out
}

/// The most orange hexsides one route crosses, with them.
fn worst_orange(board: &Board, steps: &[Vec<HexId>]) -> Vec<Hexside> {
    // best[i]: the orange hexsides of the worst route reaching steps[k][i].
    let mut best: Vec<Vec<Hexside>> = vec![Vec::new(); steps.first().map_or(0, Vec::len)];
    for pair in steps.windows(2) {
        let mut next: Vec<Option<Vec<Hexside>>> = vec![None; pair[1].len()];
        for (i, a) in pair[0].iter().enumerate() {
            for (j, b) in pair[1].iter().enumerate() {
                let Some(side) = board.grid.hexside(*a, *b) else {
                    continue;
                };
                let mut route = best[i].clone();
                if board.marks(side).orange {
                    route.push(side);
                }
                if next[j].as_ref().is_none_or(|r| r.len() < route.len()) {
                    next[j] = Some(route);
                }
            }
        }
        best = next.into_iter().map(Option::unwrap_or_default).collect();
    }
    best.into_iter().max_by_key(Vec::len).unwrap_or_default()
}

/// Is a green or gray hexside on a hilltop (Note G)?
fn on_hilltop(board: &Board, side: Hexside) -> bool {
    let (a, b) = side.hexes();
    board.level(a) == Level::Hilltop || board.level(b) == Level::Hilltop
}

/// The line of sight from `from` to `to`, as the rules trace it.
pub fn line_of_sight(board: &Board, from: HexId, to: HexId) -> Los {
    trace(board, from, to, false)
}

/// The line of sight by the optional Real-Space LOS rule ([`super::real_space`]).
pub fn real_space_line(board: &Board, from: HexId, to: HexId) -> Los {
    trace(board, from, to, true)
}

fn trace(board: &Board, from: HexId, to: HexId, real_space: bool) -> Los {
    let range = board.grid.distance(from, to);
    let (fd, td) = (board.depressed(from), board.depressed(to));
    let firer = board.level(from);
    let target = board.level(to);
    let mut los = Los {
        from,
        to,
        range,
        firer,
        target,
        steps: vec![vec![from], vec![to]],
        crossed: Vec::new(),
        blocks: Vec::new(),
        passed: Vec::new(),
        deciding: Note::Tet,
    };
    if range <= 1 {
        if range == 0 {
            los.steps.truncate(1);
        }
        los.crossed = crossings(board, &los.steps);
        los.deciding = Note::F;
        for c in &los.crossed {
            if board.marks(c.side).any_symbol() {
                los.passed.push(Block {
                    at: Blocker::Hexside(c.side),
                    note: Note::F,
                    why: "adjacent units may always fire at each other".into(),
                });
            }
        }
        return los;
    }
    los.steps = corridor(board, from, to);
    los.crossed = crossings(board, &los.steps);
    // Gullies A: a gully sees only slopes and hilltops beyond adjacency.
    let gully = if fd && target == Level::Ground {
        Some(from)
    } else if td && firer == Level::Ground {
        Some(to)
    } else {
        None
    };
    if let Some(h) = gully {
        let why = if fd && td {
            "a unit in a gully and one in another gully hex may not fire at each other"
        } else {
            "a unit in a gully and one at ground level may not fire at each other"
        };
        los.blocks.push(Block {
            at: Blocker::Hex(h),
            note: Note::Gully,
            why: why.into(),
        });
        los.deciding = Note::Gully;
        return los;
    }
    let counted = if real_space {
        real_space_sides(board, &mut los)
    } else {
        los.crossed
            .iter()
            .map(|c| (c.side, Place::of(c.position, range)))
            .collect()
    };
    for (side, place) in counted {
        if let Some((blocks, note, why)) = judge(board, firer, target, place, side) {
            let b = Block {
                at: Blocker::Hexside(side),
                note,
                why,
            };
            if blocks {
                los.blocks.push(b);
            } else {
                los.passed.push(b);
            }
        }
    }
    if !(firer == Level::Hilltop && target == Level::Hilltop) {
        let oranges = if real_space {
            let mut o: Vec<Hexside> = los.crossed.iter().map(|c| c.side).collect();
            o.retain(|s| board.marks(*s).orange);
            o
        } else {
            worst_orange(board, &los.steps)
        };
        if oranges.len() > 1 {
            for side in &oranges {
                if !los.blocks.iter().any(|b| b.at == Blocker::Hexside(*side)) {
                    los.blocks.push(Block {
                        at: Blocker::Hexside(*side),
                        note: Note::E,
                        why: format!(
                            "the line crosses {} orange hexsides and not both units are on hilltops",
                            oranges.len()
                        ),
                    });
                }
            }
        }
    }
    los.passed
        .retain(|p| !los.blocks.iter().any(|b| b.at == p.at));
    if let Some(b) = los.blocks.first() {
        los.deciding = b.note;
    }
    los
}

/// Where a hexside lies on a line, as Notes A-D read it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    /// Crossed `i`-th of `n` (for the words).
    pub i: u32,
    pub n: u32,
    /// A side of the firing hex (Note B), of the target hex (Note A).
    pub first: bool,
    pub last: bool,
    /// Nearer the firing unit than the target, or midway (Note D); nearer the target,
    /// or midway (Note C).
    pub near_firer: bool,
    pub near_target: bool,
}

impl Place {
    /// The `i`-th hexside of `n` crossed by a traced route.
    pub fn of(i: u32, n: u32) -> Place {
        Place {
            i,
            n,
            first: i == 1,
            last: i == n,
            near_firer: 2 * i <= n + 1,
            near_target: 2 * i > n,
        }
    }
}

/// The hexsides whose symbols count on a real-space line, with their places; `los`
/// gets them as its crossings, and a brown symbol run along that joins an orange one as
/// passed.
fn real_space_sides(board: &Board, los: &mut Los) -> Vec<(Hexside, Place)> {
    use super::real_space::{Meets, brown_joins_orange, met};
    let near = los.hexes();
    let mut out = Vec::new();
    los.crossed.clear();
    for m in met(board, los.from, los.to, &near) {
        los.crossed.push(Crossing {
            position: m.place.i,
            side: m.side,
        });
        if m.how == Meets::Along && board.marks(m.side).brown && brown_joins_orange(board, m.side) {
            los.passed.push(Block {
                at: Blocker::Hexside(m.side),
                note: Note::RealSpace,
                why: "the line runs along a brown symbol that joins an orange one".into(),
            });
            continue;
        }
        out.push((m.side, m.place));
    }
    out
}

/// What the rules make of the symbols on hexside `side` at `place` on a line from a
/// unit at `firer` to one at `target` (adjacent units aside): whether it blocks, the
/// note that decides and why; `None` for a hexside without a symbol. Note E (more than
/// one orange hexside) needs the whole line and is judged by the caller.
pub(super) fn judge(
    board: &Board,
    firer: Level,
    target: Level,
    place: Place,
    side: Hexside,
) -> Option<(bool, Note, String)> {
    let Place { i, n, .. } = place;
    let m = board.marks(side);
    if !m.any_symbol() {
        return None;
    }
    let low = if m.green { "green" } else { "gray" };
    let high = if m.brown { "brown" } else { "orange" };
    let names = m.names().join("/");
    let (f, t) = (firer.name(), target.name());
    let block = |note, why: String| Some((true, note, why));
    let pass = |note, why: String| Some((false, note, why));
    if m.low() && on_hilltop(board, side) {
        return block(
            Note::G,
            format!("{low} symbol on a hilltop blocks all fire"),
        );
    }
    // A lone orange hexside: only more than one blocks (Note E).
    let one_orange = || {
        pass(
            Note::E,
            "an orange hexside: only more than one blocks, unless both units are on hilltops"
                .into(),
        )
    };
    match (firer, target) {
        (Level::Ground, Level::Ground) => block(
            Note::H,
            format!("both on ground level: the {names} symbol blocks"),
        ),
        (Level::Ground, Level::Slope) | (Level::Slope, Level::Ground) => {
            if m.brown || m.orange {
                block(Note::Tet, format!("{f} to {t}: the {high} symbol blocks"))
            } else if firer == Level::Ground && place.first {
                block(
                    Note::B,
                    format!("the firing unit is directly behind a {low} hexside"),
                )
            } else if target == Level::Ground && place.last {
                block(
                    Note::A,
                    format!("the target is directly behind a {low} hexside"),
                )
            } else if firer == Level::Ground {
                pass(
                    Note::B,
                    format!("a {low} hexside blocks only as a side of the firing hex"),
                )
            } else {
                pass(
                    Note::A,
                    format!("a {low} hexside blocks only as a side of the target hex"),
                )
            }
        }
        (Level::Slope, Level::Slope) => {
            if m.brown || m.orange {
                block(
                    Note::Tet,
                    format!("slope to slope: the {high} symbol blocks"),
                )
            } else {
                pass(
                    Note::Tet,
                    format!("slope to slope: the {low} symbol does not obstruct"),
                )
            }
        }
        (Level::Ground, Level::Hilltop) => {
            if m.low() && place.first {
                block(
                    Note::B,
                    format!("the firing unit is directly behind a {low} hexside"),
                )
            } else if m.brown && place.near_firer {
                block(
                    Note::D,
                    format!(
                        "brown hexside {i} of {n}: nearer the firing unit than the target, or midway"
                    ),
                )
            } else if m.brown {
                pass(
                    Note::D,
                    format!("brown hexside {i} of {n}: nearer the target, seen over"),
                )
            } else if m.orange {
                one_orange()
            } else {
                pass(
                    Note::B,
                    format!("a {low} hexside blocks only as a side of the firing hex"),
                )
            }
        }
        (Level::Hilltop, Level::Ground) => {
            if m.low() && place.last {
                block(
                    Note::A,
                    format!("the target is directly behind a {low} hexside"),
                )
            } else if m.brown && place.near_target {
                block(
                    Note::C,
                    format!(
                        "brown hexside {i} of {n}: nearer the target than the firing unit, or midway"
                    ),
                )
            } else if m.brown {
                pass(
                    Note::C,
                    format!("brown hexside {i} of {n}: nearer the firing unit, seen over"),
                )
            } else if m.orange {
                one_orange()
            } else {
                pass(
                    Note::A,
                    format!("a {low} hexside blocks only as a side of the target hex"),
                )
            }
        }
        (Level::Hilltop, Level::Hilltop) => pass(
            Note::Tet,
            format!("hilltop to hilltop: the {names} symbol does not obstruct"),
        ),
        (Level::Slope, Level::Hilltop) | (Level::Hilltop, Level::Slope) => {
            if m.orange {
                one_orange()
            } else {
                pass(
                    Note::Tet,
                    format!("{f} to {t}: the {names} symbol does not obstruct"),
                )
            }
        }
    }
}
