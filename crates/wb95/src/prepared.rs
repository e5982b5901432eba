//! A scenario compiled for play: board, roster, sides, entry zones, the arrival and
//! withdrawal schedule, movement restrictions, victory conditions and the initial
//! position. Immutable and shared (`Arc`) by every state of a game.

use std::sync::Arc;

use super::board::{Board, Hx};
use super::control;
use super::crt::Crt;
use super::roster::{Roster, Unit};
use super::side::Side;
use sztab_core::hex::{HexId, MapEdge};
use sztab_core::model::{
    AirChoice, AirId, AirKind, ArtillerySetup, AutoTiming, Bundle, Date, Edition, Entry,
    RestrictionRule, RuleSwitches, Scope, SideId, SupplySource, UnitId, VpEvent,
};

/// A side of the scenario.
#[derive(Clone, Debug)]
pub struct SideInfo {
    pub id: SideId,
    pub name: String,
    /// Hexes it traces supply from at the start (R10.1.4); also the base of A-68.
    pub sources: Vec<Hx>,
    /// Fixed supply-source hexes (edges, places, hexes); HQ sources move with their HQ.
    pub fixed_sources: Vec<Hx>,
    /// HQ units that are supply sources wherever they stand (R10.1.4).
    pub hq_sources: Vec<Unit>,
    /// The Red Army: its air flies no defensive support (R8.2.5), and enemy air may
    /// disorganize its movement (R8.2.11).
    pub soviet: bool,
}

/// An air counter in the game (R8.1).
#[derive(Clone, Debug)]
pub struct AirInfo {
    pub id: AirId,
    pub side: Side,
    pub sp: u8,
    pub kind: AirKind,
    /// White star (R21.1.1).
    pub white_star: bool,
    /// Soviet air: no defensive support (R8.2.5).
    pub soviet: bool,
    /// May fly supply missions (R8.2.22).
    pub supply: bool,
}

/// A side's air allotment: counters, how many to choose, and the turns it flies.
#[derive(Clone, Debug)]
pub struct Allotment {
    pub side: Side,
    /// Indices into `Prepared::air`.
    pub counters: Vec<usize>,
    pub choose: Option<u8>,
    pub from: i64,
    pub until: i64,
}

/// An entry zone (R11): a lettered map zone, a road crossing a map edge (R11.2.4), or a
/// hex or place named by a reinforcement. Zones on one `line` are ordered, so "adjacent"
/// and "3 zones away" mean positions on that line (R11.2.1-11.2.2).
#[derive(Clone, Debug)]
pub struct Zone {
    pub name: String,
    pub hexes: Vec<Hx>,
    pub line: Option<(u8, u16)>,
}

/// A reinforcement group.
#[derive(Clone, Debug)]
pub struct Group {
    pub name: String,
    pub side: Side,
    pub units: Vec<Unit>,
    /// Turn on which it arrives (may lie outside the game).
    pub turn: i64,
    pub zones: Vec<usize>,
    pub cannot_move_before: Option<i64>,
    pub half_mp_first_turn: bool,
    pub optional: bool,
    /// VP the opponent's scorer gets when the group is called in.
    pub enemy_vp: i32,
}

/// A withdrawal.
#[derive(Clone, Debug)]
pub struct WithdrawalSpec {
    pub turn: i64,
    pub formation: String,
    pub side: Side,
    pub units: Vec<Unit>,
    pub or_equivalent: bool,
}

/// A movement restriction bound to one unit.
#[derive(Clone, Debug, PartialEq)]
pub enum Restraint {
    /// Cannot move before this turn.
    NoMoveUntil(i64),
    /// Half MP on this turn.
    HalfMpOn(i64),
    /// May not cross these hexside kinds north of a row.
    NoCrossing {
        kind: usize,
        north_of_row: Option<u16>,
    },
}

/// A VP award compiled to hexes.
#[derive(Clone, Debug)]
pub enum Award {
    /// `beyond[h]`: hex h lies across the river from the scorer's sources.
    CrossRiver {
        name: String,
        beyond: Vec<bool>,
    },
    ControlPlace {
        name: String,
        hexes: Vec<Hx>,
    },
    OtherTownHexes {
        hexes: Vec<Hx>,
    },
    EnemyUnitEliminated,
    ReserveEntered,
}

#[derive(Clone, Debug)]
pub struct AutoSpec {
    pub side: Side,
    pub places: Vec<(String, Vec<Hx>)>,
    pub timing: AutoTiming,
}

#[derive(Clone, Debug)]
pub struct VictorySpec {
    pub scorer: Side,
    pub awards: Vec<(i32, Award)>,
    /// (name, winner, min VP), increasing.
    pub levels: Vec<(String, Side, Option<i32>)>,
    pub automatic: Vec<AutoSpec>,
}

/// A unit's starting state.
#[derive(Clone, Debug)]
pub struct Start {
    pub unit: Unit,
    pub hex: Hx,
    pub cel: u8,
    pub fortified: bool,
    pub setup: Option<ArtillerySetup>,
    /// The scenario's start states (see `Placement`).
    pub disorganized: bool,
    pub oos: u8,
    pub movement_spent: bool,
    pub barrage_fired: bool,
    pub masked: bool,
}

/// A unit without a fixed hex: its player deploys it on one of `hexes`, the set-up area
/// that binds it, before turn 1 (see `model::area`).
#[derive(Clone, Debug)]
pub struct FreeStart {
    pub unit: Unit,
    pub cel: u8,
    pub fortified: bool,
    pub setup: Option<ArtillerySetup>,
    /// Where it may be set up, in board order.
    pub hexes: Vec<Hx>,
}

/// The compiled scenario.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub title: String,
    pub edition: Edition,
    pub board: Board,
    pub roster: Roster,
    /// Indexed by `Side::index()`; A is the initiative side.
    pub sides: [SideInfo; 2],
    pub start_date: Date,
    pub turns: u32,
    pub rules: RuleSwitches,
    pub crt: &'static Crt,
    pub zones: Vec<Zone>,
    pub groups: Vec<Group>,
    pub withdrawals: Vec<WithdrawalSpec>,
    /// Restraints per unit.
    pub restraints: Vec<Vec<Restraint>>,
    pub victory: Option<VictorySpec>,
    pub setup: Vec<Start>,
    /// Units set up by their players before turn 1 (empty: the game starts at once).
    pub free: Vec<FreeStart>,
    /// Initial control from the fixed setup; free set-up units add theirs when the
    /// set-up ends.
    pub initial_control: Vec<Option<Side>>,
    /// The scenario's initial control overrides (they win over A-68).
    pub control_overrides: Vec<(Hx, Side)>,
    /// The side that owns each Fortified Line hex: the Red Army (R19), or in a scenario
    /// without one, who controlled the hex at the start.
    pub fl_owner: Vec<Option<Side>>,
    /// Air counters allotted to the sides.
    pub air: Vec<AirInfo>,
    pub allotments: Vec<Allotment>,
    /// Ammunition units per side (R6.5.7) and the turns barrage is allowed (R6.5.1).
    pub ammo: [u32; 2],
    pub barrage_turns: [Vec<i64>; 2],
    /// The German player of the Kursk special rules (mines, Panthers, repair, R17-R22).
    pub german: Option<Side>,
    /// Defender CM of Fixed Position groups (R7.2.3).
    pub fp_groups: std::collections::BTreeMap<String, i8>,
}

impl Prepared {
    /// Compiles a bundle whose references are sound (see `model::check`).
    pub fn new(b: &Bundle) -> Arc<Prepared> {
        let s = &b.scenario;
        let board = Board::new(&b.map, &b.terrain, &s.destroyed_bridges);
        let a_ix = s
            .sides
            .iter()
            .position(|x| x.id == s.initiative)
            .unwrap_or(0);
        let side_of_index = |i: usize| if i == a_ix { Side::A } else { Side::B };
        let side_of_nation = |nation: &str| {
            s.sides
                .iter()
                .position(|x| x.nations.iter().any(|n| n.as_str() == nation))
                .map(side_of_index)
        };
        let mut ids: Vec<UnitId> = s.setup.iter().map(|p| p.unit.clone()).collect();
        ids.extend(
            s.reinforcements
                .iter()
                .flat_map(|r| r.units.iter().cloned()),
        );
        ids.extend(s.free_setup.iter().map(|f| f.unit.clone()));
        let roster = Roster::new(&ids, &b.counters, &s.rules, |d| {
            side_of_nation(d.nation.as_str())
        });
        let setup: Vec<Start> = s
            .setup
            .iter()
            .filter_map(|p| {
                let unit = roster.get(p.unit.as_str())?;
                let hex = board.index(p.hex)?;
                let info = roster.info(unit);
                let side_fortified = s
                    .sides
                    .iter()
                    .enumerate()
                    .any(|(i, x)| x.fortified && side_of_index(i) == info.side);
                Some(Start {
                    unit,
                    hex,
                    cel: p
                        .cel
                        .unwrap_or(info.max_cel())
                        .clamp(1, info.max_cel().max(1)),
                    fortified: p.fortified || side_fortified,
                    setup: info
                        .is_towed()
                        .then(|| p.artillery.unwrap_or(ArtillerySetup::Combat)),
                    disorganized: p.disorganized,
                    oos: p.out_of_supply,
                    movement_spent: p.movement_spent,
                    barrage_fired: p.barrage_fired,
                    masked: p.masked,
                })
            })
            .collect();
        let free = free_starts(b, &board, &roster, |info| {
            s.sides
                .iter()
                .enumerate()
                .any(|(i, x)| x.fortified && side_of_index(i) == info.side)
        });
        let sides_by_ix: Vec<&sztab_core::model::SideDef> = {
            let mut v: Vec<_> = s.sides.iter().collect();
            if a_ix != 0 && v.len() > a_ix {
                v.swap(0, a_ix);
            }
            v
        };
        let side_info = |i: usize| {
            sides_by_ix
                .get(i)
                .map(|d| SideInfo {
                    id: d.id.clone(),
                    name: d.name.clone(),
                    sources: sources(&board, &d.supply, &setup, &roster),
                    fixed_sources: sources(&board, &d.supply, &[], &roster),
                    hq_sources: d
                        .supply
                        .iter()
                        .filter_map(|x| match x {
                            SupplySource::Hq(u) => roster.get(u.as_str()),
                            _ => None,
                        })
                        .collect(),
                    soviet: d
                        .nations
                        .iter()
                        .any(|n| b.counters.nation(n.as_str()).is_some_and(|x| x.soviet)),
                })
                .unwrap_or_else(|| SideInfo {
                    id: SideId::new(format!("side{i}")),
                    name: String::new(),
                    sources: vec![],
                    fixed_sources: vec![],
                    hq_sources: vec![],
                    soviet: false,
                })
        };
        let sides = [side_info(0), side_info(1)];
        let positions: Vec<(Unit, Hx)> = setup.iter().map(|x| (x.unit, x.hex)).collect();
        let overrides: Vec<(Hx, Side)> = s
            .control
            .iter()
            .filter_map(|(h, id)| {
                let side = s.sides.iter().position(|x| x.id == *id)?;
                Some((board.index(*h)?, side_of_index(side)))
            })
            .collect();
        let initial_control = control::initial(
            &board,
            &roster,
            &positions,
            [&sides[0].sources, &sides[1].sources],
            &overrides,
        );
        // R19, A-88: the Fortified Lines are the Red Army's belts, whoever the derived initial
        // control gives their hexes to; a German defender in one is in a captured
        // line (R19.1.4). Without a Soviet side, the hex's first controller owns it.
        let red_army = Side::BOTH.into_iter().find(|s| sides[s.index()].soviet);
        let fl_owner = (0..board.len())
            .map(|h| {
                if board.fl_hex[h] {
                    red_army.or(initial_control[h])
                } else {
                    None
                }
            })
            .collect();
        let turn_of = |d: Date| d.days_since(s.start) + 1;
        let side_ix = |id: &SideId| s.sides.iter().position(|x| x.id == *id).map(side_of_index);
        let mut zones = map_zones(b, &board);
        let groups = compile_groups(b, &board, &roster, &mut zones, turn_of);
        let withdrawals =
            s.withdrawals
                .iter()
                .map(|w| {
                    let units: Vec<Unit> = roster
                        .all()
                        .filter(|&u| {
                            roster.info(u).def.formation.as_ref().is_some_and(|f| {
                                b.counters.is_within(f.as_str(), w.formation.as_str())
                            })
                        })
                        .collect();
                    let side = b
                        .counters
                        .formation(w.formation.as_str())
                        .and_then(|f| side_of_nation(f.nation.as_str()))
                        .unwrap_or(Side::A);
                    WithdrawalSpec {
                        turn: turn_of(w.date),
                        formation: w.formation.to_string(),
                        side,
                        units,
                        or_equivalent: w.or_equivalent,
                    }
                })
                .collect();
        let restraints = compile_restraints(b, &roster, turn_of);
        let victory = s.victory.as_ref().and_then(|v| {
            let scorer = side_ix(&v.scorer)?;
            Some(VictorySpec {
                scorer,
                awards: v
                    .points
                    .iter()
                    .map(|a| {
                        (
                            a.vp,
                            compile_award(b, &board, &sides[scorer.index()].sources, &a.event),
                        )
                    })
                    .collect(),
                levels: v
                    .levels
                    .iter()
                    .filter_map(|l| Some((l.name.clone(), side_ix(&l.winner)?, l.min_vp)))
                    .collect(),
                automatic: v
                    .automatic
                    .iter()
                    .filter_map(|a| {
                        Some(AutoSpec {
                            side: side_ix(&a.side)?,
                            places: a
                                .places
                                .iter()
                                .map(|p| (p.clone(), board.place(p).unwrap_or(&[]).to_vec()))
                                .collect(),
                            timing: a.timing,
                        })
                    })
                    .collect(),
            })
        });
        let mut air: Vec<AirInfo> = Vec::new();
        let mut allotments = Vec::new();
        for a in &s.air {
            let Some(side) = side_ix(&a.side) else {
                continue;
            };
            let mut counters = Vec::new();
            for id in &a.counters {
                let Some(c) = b.counters.air_counter(id.as_str()) else {
                    continue;
                };
                let ix = match air.iter().position(|x| x.id == c.id) {
                    Some(i) => i,
                    None => {
                        let nation = b.counters.nation(c.nation.as_str());
                        air.push(AirInfo {
                            id: c.id.clone(),
                            side,
                            sp: c.sp,
                            kind: c.kind,
                            white_star: c.white_star,
                            soviet: nation.is_some_and(|n| n.soviet),
                            supply: nation.is_some_and(|n| n.air_supply),
                        });
                        air.len() - 1
                    }
                };
                if !counters.contains(&ix) {
                    counters.push(ix);
                }
            }
            let choose = a.choose.filter(|&n| usize::from(n) < counters.len()).or(
                match s.rules.air_choice {
                    AirChoice::OnceAtStart | AirChoice::EachTurn => None,
                },
            );
            allotments.push(Allotment {
                side,
                counters,
                choose,
                from: a.from.map_or(1, &turn_of),
                until: a.until.map_or(i64::MAX, &turn_of),
            });
        }
        let mut ammo = [0u32; 2];
        let mut barrage_turns: [Vec<i64>; 2] = [Vec::new(), Vec::new()];
        for br in &s.barrage {
            if let Some(side) = side_ix(&br.side) {
                ammo[side.index()] += br.ammo_units;
                barrage_turns[side.index()].extend(br.dates.iter().map(|&d| turn_of(d)));
            }
        }
        let german = s
            .sides
            .iter()
            .position(|x| x.nations.iter().any(|n| n.as_str() == "german"))
            .map(side_of_index)
            .or_else(|| {
                Side::BOTH
                    .into_iter()
                    .find(|x| !sides[x.index()].soviet && sides[x.other().index()].soviet)
            });
        Arc::new(Prepared {
            air,
            allotments,
            ammo,
            barrage_turns,
            german,
            fp_groups: s.fp_groups.clone(),
            title: s.title.clone(),
            edition: s.edition,
            crt: Crt::of(s.rules.crt),
            rules: s.rules.clone(),
            start_date: s.start,
            turns: s.turns().clamp(0, 10_000) as u32,
            board,
            roster,
            sides,
            zones,
            groups,
            withdrawals,
            restraints,
            victory,
            setup,
            free,
            initial_control,
            control_overrides: overrides,
            fl_owner,
        })
    }

    /// The free set-up entry of a unit, if it has no fixed hex.
    pub fn free_start(&self, u: Unit) -> Option<&FreeStart> {
        self.free.iter().find(|f| f.unit == u)
    }

    pub fn side_info(&self, side: Side) -> &SideInfo {
        &self.sides[side.index()]
    }

    pub fn side_by_id(&self, id: &str) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.sides[s.index()].id.as_str() == id)
    }

    pub fn date_of_turn(&self, turn: u32) -> Date {
        self.start_date.plus_days(turn.saturating_sub(1))
    }

    pub fn hex_id(&self, h: Hx) -> HexId {
        self.board.id(h)
    }

    pub fn unit_id(&self, u: Unit) -> &UnitId {
        &self.roster.info(u).id
    }
}

/// Supply-source hexes of a side at the start.
fn sources(board: &Board, supply: &[SupplySource], setup: &[Start], roster: &Roster) -> Vec<Hx> {
    let mut out = Vec::new();
    for src in supply {
        match src {
            SupplySource::Edge(e) => out.extend(board.edge_hexes(*e)),
            SupplySource::Place(p) => out.extend(board.place(p).unwrap_or(&[])),
            SupplySource::Hex(h) => out.extend(board.index(*h)),
            SupplySource::Hq(u) => out.extend(
                setup
                    .iter()
                    .filter(|s| roster.info(s.unit).id == *u)
                    .map(|s| s.hex),
            ),
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Lettered map zones form line 0, in id order (the A..J of R11.2.2). Numbered zones form
/// a line per stem ("E1".."E5", "W1".."W5", a composed map's "N-E1".."N-E5"), after the
/// edge lines, so only zones of one edge of one sheet are adjacent.
fn map_zones(b: &Bundle, board: &Board) -> Vec<Zone> {
    let mut stems: Vec<(&str, u16)> = Vec::new();
    b.map
        .zones
        .iter()
        .map(|(id, hexes)| {
            let name = id.as_str();
            let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
            let stem = if stem.len() == name.len() { "" } else { stem };
            let line = match stems.iter().position(|(s, _)| *s == stem) {
                Some(i) => i,
                None => {
                    stems.push((stem, 0));
                    stems.len() - 1
                }
            };
            let pos = stems[line].1;
            stems[line].1 += 1;
            let id = if stem.is_empty() {
                0
            } else {
                (EDGE_LINES.len() + 1 + line).min(usize::from(u8::MAX)) as u8
            };
            Zone {
                name: name.to_string(),
                hexes: hexes.iter().filter_map(|&h| board.index(h)).collect(),
                line: Some((id, pos)),
            }
        })
        .collect()
}

const EDGE_LINES: [MapEdge; 4] = [MapEdge::North, MapEdge::East, MapEdge::South, MapEdge::West];

/// The zones an entry names, creating them in `zones` on first use.
fn entry_zones(board: &Board, zones: &mut Vec<Zone>, e: &Entry) -> Vec<usize> {
    let find = |zones: &Vec<Zone>, name: &str| zones.iter().position(|z| z.name == name);
    match e {
        Entry::Zone(z) => find(zones, z.as_str()).into_iter().collect(),
        Entry::Hex(h) => {
            let name = h.to_string();
            match (find(zones, &name), board.index(*h)) {
                (Some(i), _) => vec![i],
                (None, Some(x)) => {
                    zones.push(Zone {
                        name,
                        hexes: vec![x],
                        line: None,
                    });
                    vec![zones.len() - 1]
                }
                (None, None) => vec![],
            }
        }
        Entry::Place(p) => match find(zones, p) {
            Some(i) => vec![i],
            None => {
                zones.push(Zone {
                    name: p.clone(),
                    hexes: board.place(p).unwrap_or(&[]).to_vec(),
                    line: None,
                });
                vec![zones.len() - 1]
            }
        },
        Entry::Edge(edge) => edge_zones(board, zones, *edge),
    }
}

/// R11.2.4: each road leaving a map edge is a zone; an edge without roads is one zone
/// per edge hex. Ordered along the edge.
fn edge_zones(board: &Board, zones: &mut Vec<Zone>, edge: MapEdge) -> Vec<usize> {
    let line = EDGE_LINES.iter().position(|e| *e == edge).unwrap_or(0) as u8 + 1;
    let existing: Vec<usize> = (0..zones.len())
        .filter(|&i| zones[i].line.is_some_and(|(l, _)| l == line))
        .collect();
    if !existing.is_empty() {
        return existing;
    }
    let hexes = board.edge_hexes(edge);
    let roads: Vec<Hx> = hexes
        .iter()
        .copied()
        .filter(|&h| (0..6).any(|d| board.edge(h, d).road.is_some()))
        .collect();
    let chosen = if roads.is_empty() { hexes } else { roads };
    let mut out = Vec::new();
    for (pos, h) in chosen.into_iter().enumerate() {
        zones.push(Zone {
            name: format!("{edge:?} {}", board.id(h)),
            hexes: vec![h],
            line: Some((line, pos as u16)),
        });
        out.push(zones.len() - 1);
    }
    out
}

fn compile_groups(
    b: &Bundle,
    board: &Board,
    roster: &Roster,
    zones: &mut Vec<Zone>,
    turn_of: impl Fn(Date) -> i64,
) -> Vec<Group> {
    let s = &b.scenario;
    s.reinforcements
        .iter()
        .filter_map(|r| {
            let units: Vec<Unit> = r
                .units
                .iter()
                .filter_map(|u| roster.get(u.as_str()))
                .collect();
            let side = roster.info(*units.first()?).side;
            let mut zs: Vec<usize> = r
                .entry
                .iter()
                .flat_map(|e| entry_zones(board, zones, e))
                .collect();
            zs.sort_unstable();
            zs.dedup();
            let side_id = s
                .sides
                .iter()
                .find(|x| x.nations.contains(&roster.info(units[0]).def.nation))
                .map(|x| x.id.to_string())
                .unwrap_or_default();
            Some(Group {
                name: r
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("{side_id} reinforcements of {}", r.date)),
                side,
                units,
                turn: turn_of(r.date),
                zones: zs,
                cannot_move_before: r.cannot_move_before.map(&turn_of),
                half_mp_first_turn: r.half_mp_first_turn,
                optional: r.optional,
                enemy_vp: r.enemy_vp,
            })
        })
        .collect()
}

fn compile_restraints(
    b: &Bundle,
    roster: &Roster,
    turn_of: impl Fn(Date) -> i64,
) -> Vec<Vec<Restraint>> {
    let mut out = vec![Vec::new(); roster.len()];
    for r in &b.scenario.restrictions {
        let restraint = match &r.rule {
            RestrictionRule::NoMoveUntil(d) => Restraint::NoMoveUntil(turn_of(*d)),
            RestrictionRule::HalfMpOn(d) => Restraint::HalfMpOn(turn_of(*d)),
            RestrictionRule::NoCrossing {
                hexside,
                north_of_row,
            } => match b.terrain.hexsides.iter().position(|k| k.id == *hexside) {
                Some(kind) => Restraint::NoCrossing {
                    kind,
                    north_of_row: *north_of_row,
                },
                None => continue,
            },
        };
        for u in roster.all() {
            let info = roster.info(u);
            let bound = match &r.scope {
                Scope::Formation(f) => info
                    .def
                    .formation
                    .as_ref()
                    .is_some_and(|uf| b.counters.is_within(uf.as_str(), f.as_str())),
                Scope::Units(list) => list.contains(&info.id),
            };
            if bound {
                out[u.ix()].push(restraint.clone());
            }
        }
    }
    out
}

fn compile_award(b: &Bundle, board: &Board, scorer_sources: &[Hx], e: &VpEvent) -> Award {
    match e {
        VpEvent::CrossRiver(name) => {
            let river: Vec<_> = b.map.named_hexsides(name).collect();
            let mut near = vec![false; board.len()];
            let mut stack: Vec<Hx> = scorer_sources.to_vec();
            for &s in &stack {
                near[s] = true;
            }
            while let Some(h) = stack.pop() {
                for (d, n) in board.neighbours(h) {
                    let crosses = board.edge(h, d).hexside.is_some_and(|x| river.contains(&x));
                    if !near[n] && !crosses {
                        near[n] = true;
                        stack.push(n);
                    }
                }
            }
            Award::CrossRiver {
                name: name.clone(),
                beyond: near.iter().map(|n| !n).collect(),
            }
        }
        VpEvent::ControlPlace(p) => Award::ControlPlace {
            name: p.clone(),
            hexes: board.place(p).unwrap_or(&[]).to_vec(),
        },
        VpEvent::ControlOtherTownHexes => {
            let named: Vec<Hx> = b
                .scenario
                .victory
                .iter()
                .flat_map(|v| v.points.iter())
                .filter_map(|a| match &a.event {
                    VpEvent::ControlPlace(p) => board.place(p),
                    _ => None,
                })
                .flatten()
                .copied()
                .collect();
            Award::OtherTownHexes {
                hexes: (0..board.len())
                    .filter(|h| board.urban[*h] && !named.contains(h))
                    .collect(),
            }
        }
        VpEvent::EnemyUnitEliminated => Award::EnemyUnitEliminated,
        VpEvent::ReserveEntered => Award::ReserveEntered,
    }
}

/// The free set-up units with the hexes their set-up areas allow (A unit no area binds
/// may go nowhere: the reference checks refuse that scenario, Z04).
fn free_starts(
    b: &Bundle,
    board: &Board,
    roster: &Roster,
    side_fortified: impl Fn(&super::roster::UnitInfo) -> bool,
) -> Vec<FreeStart> {
    let s = &b.scenario;
    let areas = sztab_core::model::area::ResolvedAreas::new(&s.areas, &b.map);
    let oob = sztab_core::model::area_check::ScenarioOob::new(s, &b.counters);
    s.free_setup
        .iter()
        .filter_map(|f| {
            let unit = roster.get(f.unit.as_str())?;
            let info = roster.info(unit);
            let mut hexes: Vec<Hx> = areas
                .for_unit(&s.areas, &info.def.id, &oob, true)
                .map(|(_, hs)| hs.into_iter().filter_map(|h| board.index(h)).collect())
                .unwrap_or_default();
            hexes.sort_unstable();
            Some(FreeStart {
                unit,
                cel: f
                    .cel
                    .unwrap_or(info.max_cel())
                    .clamp(1, info.max_cel().max(1)),
                fortified: f.fortified || side_fortified(info),
                setup: info
                    .is_towed()
                    .then(|| f.artillery.unwrap_or(ArtillerySetup::Combat)),
                hexes,
            })
        })
        .collect()
}
