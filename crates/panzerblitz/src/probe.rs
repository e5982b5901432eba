//! The PanzerBlitz editor tools, offered through the seam's probes: the **line of sight**
//! probe (click two hexes: the traced line, every hexside or hex that blocks it or that
//! it sees over, with the Special Note that decides) and the **hex view** (click a hex:
//! its elevation and terrain effects, and every hex a unit there can see). Both read the
//! board and trace the line with the engine's own code ([`compile::board`],
//! [`los::line_of_sight`]), so what a map maker checks is what the game plays.

use super::engine::board::{Board, Cover, Half, Level, Mover};
use super::engine::compile;
use super::engine::los::{self, Blocker, Los};
use sztab_core::hex::{Grid, HexId, Hexside};
use sztab_core::model::Map;
use sztab_seam::{Mark, MarkAt, ProbeInfo, ProbeInput, ProbeReport, Verdict};

pub const PROBES: &[ProbeInfo] = &[
    ProbeInfo {
        id: "los",
        name: "Line of sight",
        hint: "Click two hexes, or drag from one to the other: the traced line, each hexside or hex that blocks it or is seen over, and the note (A-I) that decides",
        input: ProbeInput::Line,
        key: Some('V'),
    },
    ProbeInfo {
        id: "view",
        name: "Hex view",
        hint: "Click a hex: its elevation and terrain effects, and every hex a unit there can see",
        input: ProbeInput::Hex,
        key: Some('K'),
    },
];

/// Runs probe `id` on `map` at `hexes`.
pub fn probe(id: &str, map: &Map, hexes: &[HexId]) -> Result<ProbeReport, String> {
    if let Some(h) = hexes.iter().find(|h| !map.grid.contains(**h)) {
        return Err(format!("hex {h} is not on the map"));
    }
    let mut unread = Vec::new();
    let board = compile::board(map, &mut unread);
    let mut report = match (id, hexes) {
        ("los", [a, b]) => line_report(map, &board, *a, *b),
        ("view", [h]) => view_report(map, &board, *h),
        ("los", _) => return Err("the line of sight needs two hexes".into()),
        ("view", _) => return Err("the hex view needs one hex".into()),
        _ => return Err(format!("PanzerBlitz has no probe \"{id}\"")),
    };
    // A board being traced may hold a terrain the rules do not know: say so, and
    // answer for the rest (it reads as clear ground).
    for e in unread {
        report
            .details
            .push(format!("not PanzerBlitz terrain, read as clear: {e}"));
    }
    Ok(report)
}

/// The hex's printed label(s): "1-P-6", or "1-B-11=2-B-1" on a seam.
fn label(map: &Map, h: HexId) -> String {
    map.labels_of(h).join("=")
}

fn mark_at(b: Blocker) -> MarkAt {
    match b {
        Blocker::Hexside(s) => MarkAt::Hexside(s),
        Blocker::Hex(h) => MarkAt::Hex(h),
    }
}

/// The line of sight from `a` to `b` with everything that matters on it.
fn line_report(map: &Map, board: &Board, a: HexId, b: HexId) -> ProbeReport {
    let l = los::line_of_sight(board, a, b);
    let blocking: Vec<Hexside> = l
        .blocks
        .iter()
        .filter_map(|x| match x.at {
            Blocker::Hexside(s) => Some(s),
            Blocker::Hex(_) => None,
        })
        .collect();
    let mut marks: Vec<Mark> = l
        .blocks
        .iter()
        .map(|x| {
            // A hexside that some route of the line avoids obstructs it only in part.
            let partly = matches!(x.at, Blocker::Hexside(s)
                if route_avoids(&board.grid, &l.steps, |side| side == s));
            Mark {
                at: mark_at(x.at),
                verdict: if partly {
                    Verdict::Partly
                } else {
                    Verdict::Blocks
                },
                note: x.note.name().into(),
                why: x.why.clone(),
            }
        })
        .collect();
    marks.extend(l.passed.iter().map(|x| Mark {
        at: mark_at(x.at),
        verdict: Verdict::Clear,
        note: x.note.name().into(),
        why: x.why.clone(),
    }));
    let (la, lb) = (label(map, a), label(map, b));
    let summary = match l.blocks.first() {
        None => format!("{la} sees {lb}: clear ({})", l.why_clear()),
        Some(x) => {
            let mut s = format!(
                "{la} does not see {lb}: blocked at {} ({}: {})",
                mark_at(x.at).describe(map),
                x.note.name(),
                x.why
            );
            if blocking.len() == l.blocks.len()
                && route_avoids(&board.grid, &l.steps, |side| blocking.contains(&side))
            {
                s.push_str(
                    "; another route along the hexside is clear, but the defender gets the benefit of the doubt (decision P-05)",
                );
            }
            s
        }
    };
    ProbeReport {
        verdict: if l.clear() {
            Verdict::Clear
        } else {
            Verdict::Blocks
        },
        summary,
        details: line_details(map, board, &l),
        path: l.steps.clone(),
        marks,
    }
}

/// The ends' elevations, the range and the routes.
fn line_details(map: &Map, board: &Board, l: &Los) -> Vec<String> {
    let mut out = vec![
        format!(
            "from {}: {}",
            label(map, l.from),
            describe_hex(board, l.from)
        ),
        format!("to {}: {}", label(map, l.to), describe_hex(board, l.to)),
        format!("range {}, {} hexside(s) crossed", l.range, l.crossed.len()),
    ];
    let doubled: Vec<String> = l
        .steps
        .iter()
        .filter(|s| s.len() > 1)
        .map(|s| {
            s.iter()
                .map(|h| label(map, *h))
                .collect::<Vec<_>>()
                .join(" or ")
        })
        .collect();
    if !doubled.is_empty() {
        out.push(format!(
            "the line runs along hexsides ({}): every route is traced, and it is clear only if all are (decision P-05)",
            doubled.join("; ")
        ));
    }
    out
}

/// "hilltop (e 2), woods" or "ground level, gully (ground level for the table, Gullies B)".
fn describe_hex(board: &Board, h: HexId) -> String {
    let c = board.cell(h);
    let level = match c.level {
        Level::Ground => 0,
        Level::Slope => 1,
        Level::Hilltop => 2,
    };
    let mut s = format!("{} (e {level})", c.level.name());
    let cover = match c.cover {
        Cover::Clear => None,
        Cover::Woods => Some("woods"),
        Cover::Town => Some("town"),
        Cover::Swamp => Some("swamp"),
    };
    if let Some(cover) = cover {
        s.push_str(&format!(", {cover}"));
    }
    if board.depressed(h) {
        s.push_str(", gully (ground level for the table, Gullies B)");
    } else if c.gully {
        s.push_str(", gully crossed by a ford or road: clear terrain (Gullies C)");
    }
    if c.pond {
        s.push_str(", the pond: no unit may enter");
    }
    s
}

/// Whether some route through `steps` (one hex a step, each next to the last) crosses
/// no hexside that `avoid` picks.
fn route_avoids(grid: &Grid, steps: &[Vec<HexId>], avoid: impl Fn(Hexside) -> bool) -> bool {
    let Some(first) = steps.first() else {
        return false;
    };
    let mut reach = vec![true; first.len()];
    for pair in steps.windows(2) {
        reach = pair[1]
            .iter()
            .map(|to| {
                pair[0]
                    .iter()
                    .zip(&reach)
                    .any(|(from, r)| *r && grid.hexside(*from, *to).is_some_and(|s| !avoid(s)))
            })
            .collect();
    }
    reach.contains(&true)
}

/// What the hex is, and what a unit on it can see.
fn view_report(map: &Map, board: &Board, h: HexId) -> ProbeReport {
    let mut marks = Vec::new();
    let mut seen = 0;
    let mut hidden = Vec::new();
    for t in board.grid.iter().filter(|t| *t != h) {
        let l = los::line_of_sight(board, h, t);
        match l.blocks.first() {
            None => {
                seen += 1;
                marks.push(Mark {
                    at: MarkAt::Hex(t),
                    verdict: Verdict::Clear,
                    note: l.deciding.name().into(),
                    why: "in sight".into(),
                });
            }
            Some(x) => hidden.push(Mark {
                at: MarkAt::Hex(t),
                verdict: Verdict::Blocks,
                note: x.note.name().into(),
                why: format!("blocked at {}: {}", mark_at(x.at).describe(map), x.why),
            }),
        }
    }
    let total = board.grid.len().saturating_sub(1);
    // What is out of sight first: that is what a map maker looks for.
    hidden.append(&mut marks);
    ProbeReport {
        verdict: Verdict::Clear,
        summary: format!(
            "{}: {}; a unit here sees {seen} of the other {total} hexes",
            label(map, h),
            describe_hex(board, h)
        ),
        details: terrain_effects(board, h),
        path: Vec::new(),
        marks: hidden,
    }
}

/// The Terrain Effects Chart as it applies to `h`.
fn terrain_effects(board: &Board, h: HexId) -> Vec<String> {
    let cost = |m: Mover| match board.terrain_cost(h, m) {
        Some(c) => mf(c),
        None => "may not enter".into(),
    };
    let mut out = vec![format!(
        "to enter off the road: foot {}, vehicles {}, trucks {}",
        cost(Mover::Foot),
        cost(Mover::Vehicle),
        cost(Mover::Truck)
    )];
    out.push(match board.defense_modifier(h) {
        0 => "a defender here gets no die modifier from the terrain".into(),
        d => format!("a defender here: +{d} to the attacker's die roll (TEC)"),
    });
    if board.needs_spotting(h) {
        out.push("a unit here is fired on from beyond adjacent hexes only once spotted".into());
    }
    out.push(if board.overrunnable(h) {
        "a unit here may be overrun".into()
    } else {
        "a unit here may not be overrun (Overrun I)".into()
    });
    if board.depressed(h) {
        out.push("a gully: vehicles leaving it across a side the gully does not run through pay 3 MF more, trucks 5 (decision P-04)".into());
    }
    out
}

/// Half movement factors as the rulebook writes them: "1 MF", "½ MF", "1½ MF".
fn mf(c: Half) -> String {
    let whole = c / 2;
    match (whole, c % 2) {
        (0, 1) => "½ MF".into(),
        (w, 1) => format!("{w}½ MF"),
        (w, _) => format!("{w} MF"),
    }
}

#[cfg(test)]
mod tests;
