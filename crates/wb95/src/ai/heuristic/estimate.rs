//! Fast odds for planning: the column an attack would get if these units stood on these
//! hexes, and what the CRT gives on average in each column.
//!
//! The engine's `assess` reads the units where they stand; a movement plan needs the
//! odds of attacks from hexes the attackers have not reached yet. `estimate` follows
//! the engine's rules for what matters to a choice (printed SP at the unit's CEL,
//! disorganization, lone guns and HQs, the halving across Fixed Positions, Fortified
//! Lines and big rivers, terrain, hexside, FF/FP/FL, tactical concentration, RG, FU and
//! stars through the engine's own star rules, the HQ die modifier) and skips the rare
//! ones (Volkssturm). Combat decisions are checked with the exact `Game::assess`.

use crate::board::Hx;
use crate::combat::stars::{self, StarSide};
use crate::crt::{Column, Crt};
use crate::{Game, Side, Unit};
use sztab_core::model::FlSmallDefender;
use sztab_seam::play::two_d6_probability;

/// Probability that a disorganization test (•) fails, for a typical morale.
const TEST_FAILS: f32 = 0.2;

/// The average outcome of one CRT column with one HQ die modifier.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Expect {
    pub att_loss: f32,
    pub def_loss: f32,
    /// Average hexes of retreat.
    pub att_retreat: f32,
    pub def_retreat: f32,
    /// Probability that the side must retreat at all.
    pub p_att_retreat: f32,
    pub p_def_retreat: f32,
    /// Probability of disorganization (automatic, or a failed test).
    pub att_disorg: f32,
    pub def_disorg: f32,
}

/// `Expect` for every column and HQ die modifier (-1, 0, +1).
#[derive(Clone, Debug)]
pub struct ExpectTable {
    cells: Vec<[Expect; 3]>,
}

impl ExpectTable {
    pub fn new(crt: &Crt) -> Self {
        let mut cells = Vec::with_capacity(Column::COUNT);
        for c in 0..Column::COUNT {
            let column = Column::from_index(c).unwrap_or(Column::ONE_TO_ONE);
            let mut row = [Expect::default(); 3];
            for (k, net) in [-1i32, 0, 1].into_iter().enumerate() {
                let mut e = Expect::default();
                for raw in 2..=12u8 {
                    let p = two_d6_probability(i32::from(raw)) as f32;
                    let roll = (i32::from(raw) + net).clamp(2, 12) as u8;
                    let cell = crt.cell(roll, column);
                    let (a, d) = (cell.attacker, cell.defender);
                    e.att_loss += p * f32::from(a.loss);
                    e.def_loss += p * f32::from(d.loss);
                    e.att_retreat += p * f32::from(a.retreat);
                    e.def_retreat += p * f32::from(d.retreat);
                    e.p_att_retreat += if a.retreat > 0 { p } else { 0.0 };
                    e.p_def_retreat += if d.retreat > 0 { p } else { 0.0 };
                    let att_dis = if a.disorganized {
                        1.0
                    } else if a.test {
                        TEST_FAILS
                    } else {
                        0.0
                    };
                    e.att_disorg += p * att_dis;
                    e.def_disorg += if d.disorganized { p } else { 0.0 };
                }
                row[k] = e;
            }
            cells.push(row);
        }
        Self { cells }
    }

    /// The average result in `column` (0 = 1:4 .. 12 = 10:1) with the HQ die modifier
    /// `net` (negative helps the attacker).
    pub fn get(&self, column: usize, net: i32) -> &Expect {
        let c = column.min(Column::COUNT - 1);
        &self.cells[c][(net.clamp(-1, 1) + 1) as usize]
    }
}

/// An estimated attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Est {
    /// Final column index (0 = 1:4 .. 12 = 10:1).
    pub column: usize,
    /// HQ die modifier: -1 attacker HQ in range, +1 defender HQ, 0 both or none.
    pub hq_net: i32,
    pub attack: u32,
    pub defense: u32,
    /// CELs in the defending hex.
    pub defender_cel: u32,
    /// The defenders are only HQs or limbered guns: the attack is at 10:1 (R5.1.9).
    pub forced: bool,
    /// The defenders cannot retreat and a retreat result costs them nothing: towed
    /// guns in combat setup alone (A-25: they stay until an enemy enters).
    pub static_guns: bool,
}

fn half_up(x: u32) -> u32 {
    x.div_ceil(2)
}

/// An attacker's SP as it stands (printed at its CEL, halved when disorganized, halved
/// again when out of supply, R10.2.2).
pub fn attack_sp(game: &Game, u: Unit) -> u32 {
    let st = game.unit_state(u);
    let mut sp = game.info(u).attack_at(st.cel);
    if st.is_disorganized() {
        sp = half_up(sp);
    }
    if st.oos > 0 {
        sp = half_up(sp);
    }
    sp
}

/// A defender's SP as it stands.
pub fn defense_sp(game: &Game, u: Unit) -> u32 {
    let st = game.unit_state(u);
    let sp = game.info(u).defense_at(st.cel);
    if st.is_disorganized() {
        half_up(sp)
    } else {
        sp
    }
}

/// Defense SP of a group of units standing together on one hex (R6.6.1, R6.6.3).
pub fn hex_defense(game: &Game, units: &[Unit]) -> (u32, bool) {
    let backed = units.iter().any(|&u| {
        let i = game.info(u);
        !i.is_hq() && !i.is_gun()
    });
    if backed {
        return (units.iter().map(|&u| defense_sp(game, u)).sum(), false);
    }
    let combat_guns = units.iter().any(|&u| {
        game.info(u).is_gun()
            && game.unit_state(u).setup == Some(sztab_core::model::ArtillerySetup::Combat)
    });
    if combat_guns {
        (1, false)
    } else {
        (0, !units.is_empty())
    }
}

/// Tactical concentration CMs of a group of units (R13.1.4).
pub fn concentration(game: &Game, units: impl Iterator<Item = Unit>) -> i32 {
    let mut per: Vec<(usize, i32)> = Vec::new();
    for u in units {
        if let Some(f) = game.info(u).tc {
            match per.iter_mut().find(|(x, _)| *x == f) {
                Some(e) => e.1 += 1,
                None => per.push((f, 1)),
            }
        }
    }
    per.iter().map(|(_, n)| n / 3).sum()
}

/// The defender's CMs from the hex and fortifications, and whether it counts as
/// fortified, for attackers with these SPs on these hexes.
fn hex_cms(
    game: &Game,
    defender: Side,
    target: Hx,
    attackers: &[(Unit, Hx, u32)],
    nominal: u32,
    defense: u32,
) -> (i32, bool) {
    let b = game.board();
    let p = game.prepared();
    let mut cms = i32::from(b.terrain_cm[target]);
    // Hexsides (R5.5.4): a kind counts when more than half the SPs attack across it.
    let mut kinds: Vec<(usize, u32)> = Vec::new();
    for &(_, h, sp) in attackers {
        if let Some(e) = b.edge_between(h, target) {
            for &k in &e.water {
                match kinds.iter_mut().find(|(x, _)| *x == k) {
                    Some(x) => x.1 += sp,
                    None => kinds.push((k, sp)),
                }
            }
        }
    }
    for (k, sp) in kinds {
        if 2 * sp > nominal {
            cms += i32::from(b.side_kinds[k].cm);
        }
    }
    let across = |pick: &dyn Fn(&crate::board::EdgeInfo) -> bool| -> u32 {
        attackers
            .iter()
            .filter(|(_, h, _)| b.edge_between(*h, target).is_some_and(pick))
            .map(|(_, _, sp)| sp)
            .sum()
    };
    let mut fortified = false;
    if b.fp_hex[target] {
        fortified = true;
        let front = across(&|e| e.fp.is_some_and(|(x, _)| x == target));
        let fp_cm = (0..6)
            .filter_map(|d| b.edge(target, d).fp.filter(|(x, _)| *x == target))
            .map(|(_, c)| c)
            .max()
            .unwrap_or(3);
        cms += if 2 * front >= nominal && front > 0 {
            i32::from(fp_cm)
        } else {
            i32::from(b.ff_cm(target))
        };
    } else if game.state().ff[target] == Some(defender) {
        fortified = true;
        cms += i32::from(b.ff_cm(target));
    }
    if p.rules.fortified_lines && b.fl_hex[target] {
        if p.fl_owner[target] == Some(defender) {
            let front = across(&|e| e.fl.is_some_and(|(x, _)| x == target));
            if 2 * front > nominal {
                fortified = true;
                cms += match (defense <= 4, p.rules.fl_small_defender) {
                    (false, _) => 2,
                    (true, FlSmallDefender::Replace) => 1,
                    (true, FlSmallDefender::Additive) => 3,
                };
            }
        } else {
            fortified = true;
            cms += 1;
        }
    }
    (cms, fortified)
}

/// Halving across a Fixed Position, a defender's Fortified Line or a big river.
fn halved_across(game: &Game, defender: Side, from: Hx, target: Hx) -> bool {
    let b = game.board();
    let Some(e) = b.edge_between(from, target) else {
        return false;
    };
    e.fp.is_some_and(|(p, _)| p == target)
        || (game.prepared().rules.fortified_lines
            && e.fl.is_some_and(|(p, _)| p == target)
            && game.prepared().fl_owner[target] == Some(defender))
        || e.big_river
}

/// Is each of these hexes within range of one of these HQs (hex, range), not
/// necessarily the same one (R9.2.1)?
pub fn hq_covers(game: &Game, hexes: &[Hx], hqs: &[(Hx, u32)]) -> bool {
    hq_covers_all(game, hexes.iter().copied(), hqs)
}

/// `hq_covers` for hexes read off an iterator (no list to build).
fn hq_covers_all(game: &Game, hexes: impl Iterator<Item = Hx>, hqs: &[(Hx, u32)]) -> bool {
    let b = game.board();
    let mut any = false;
    for h in hexes {
        if !hqs.iter().any(|&(at, range)| b.distance(h, at) <= range) {
            return false;
        }
        any = true;
    }
    any
}

/// HQs of a side on the map, with their ranges.
pub fn hqs_of(game: &Game, side: Side) -> Vec<(Hx, u32)> {
    game.units_on_map(side)
        .filter(|&u| game.info(u).is_hq())
        .filter_map(|u| Some((game.unit_state(u).hex()?, u32::from(game.info(u).hq_range))))
        .collect()
}

/// The odds if `attackers` (each on the hex given) attacked `target` with `support` SP
/// of artillery and air, using every star. `hqs` are the attacker's and the defender's
/// HQs (hex, range).
pub fn estimate(
    game: &Game,
    attacker: Side,
    attackers: &[(Unit, Hx)],
    target: Hx,
    support: u32,
    hqs: [&[(Hx, u32)]; 2],
) -> Est {
    let defender = attacker.other();
    let defenders = game.units_at(target);
    let (defense, forced) = hex_defense(game, defenders);
    let static_guns = !defenders.is_empty()
        && defenders.iter().all(|&u| {
            game.info(u).is_gun()
                && game.unit_state(u).setup == Some(sztab_core::model::ArtillerySetup::Combat)
        });
    let defender_cel: u32 = defenders
        .iter()
        .map(|&u| u32::from(game.unit_state(u).cel))
        .sum();
    let mut with_sp: Vec<(Unit, Hx, u32)> = Vec::with_capacity(attackers.len());
    let mut nominal = 0;
    let mut halved_group = 0;
    let mut any_halved = false;
    for &(u, h) in attackers {
        let sp = attack_sp(game, u);
        nominal += sp;
        if halved_across(game, defender, h, target) {
            halved_group += sp;
            any_halved = true;
        }
        with_sp.push((u, h, sp));
    }
    // support is halved with the attackers across a Fixed Position or a Line.
    let lines_halved = attackers.iter().any(|&(_, h)| {
        game.board().edge_between(h, target).is_some_and(|e| {
            e.fp.is_some_and(|(p, _)| p == target)
                || (game.prepared().rules.fortified_lines
                    && e.fl.is_some_and(|(p, _)| p == target)
                    && game.prepared().fl_owner[target] == Some(defender))
        })
    });
    if lines_halved {
        halved_group += support;
    }
    let attack = if any_halved {
        nominal + support - halved_group + half_up(halved_group)
    } else {
        nominal + support
    };
    let hq_net = {
        let a = hq_covers_all(game, attackers.iter().map(|&(_, h)| h), hqs[0]);
        // A lone HQ attacked gets no defender modifier.
        let d = !forced && hq_covers(game, &[target], hqs[1]);
        i32::from(d) - i32::from(a)
    };
    if forced {
        return Est {
            column: Column::HIGHEST.index(),
            hq_net,
            attack,
            defense,
            defender_cel,
            forced: true,
            static_guns,
        };
    }
    let (def_hex_cms, fortified) = hex_cms(game, defender, target, &with_sp, nominal, defense);
    let mut att_cm = concentration(game, attackers.iter().map(|&(u, _)| u));
    let mut def_cm = def_hex_cms + concentration(game, defenders.iter().copied());
    if defenders.iter().any(|&u| game.info(u).is_rg()) {
        def_cm += 1;
    }
    if fortified && defenders.iter().any(|&u| game.info(u).is_fu()) {
        def_cm += 2;
    }
    // Most estimates have no stars on either side: the lists the star rules read are
    // built only when there are (this runs for every hex a plan weighs).
    let starred = |u: &Unit| !game.info(*u).stars().is_empty();
    if attackers.iter().any(|(u, _)| starred(u)) || defenders.iter().any(starred) {
        let att_units: Vec<Unit> = attackers.iter().map(|&(u, _)| u).collect();
        let big_river: Vec<Unit> = attackers
            .iter()
            .filter(|(_, h)| {
                game.board()
                    .edge_between(*h, target)
                    .is_some_and(|e| e.big_river)
            })
            .map(|&(u, _)| u)
            .collect();
        let att_stars: Vec<Unit> = att_units.iter().copied().filter(starred).collect();
        let def_stars: Vec<Unit> = defenders.iter().copied().filter(starred).collect();
        let hex_of = |u: Unit| {
            attackers
                .iter()
                .find(|(x, _)| *x == u)
                .map_or(target, |&(_, h)| h)
        };
        let s = stars::resolve(
            game,
            [
                StarSide {
                    declared: &att_stars,
                    attacking: true,
                    enemy_has_armor: defenders.iter().any(|&u| game.info(u).is_armor_target()),
                    enemy_fortified: fortified,
                    across_big_river: &big_river,
                    air_white: 0,
                },
                StarSide {
                    declared: &def_stars,
                    attacking: false,
                    enemy_has_armor: att_units.iter().any(|&u| game.info(u).is_armor_target()),
                    enemy_fortified: false,
                    across_big_river: &[],
                    air_white: 0,
                },
            ],
            game.prepared().rules.star_cap_per_hex,
            hex_of,
        );
        att_cm += s.cms[0];
        def_cm += s.cms[1];
    }
    let column = Column::clamped(Column::raw_position(attack, defense))
        .shift(att_cm)
        .shift(-def_cm);
    Est {
        column: column.index(),
        hq_net,
        attack,
        defense,
        defender_cel,
        forced: false,
        static_guns,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_odds_hurt_the_attacker_and_high_odds_the_defender() {
        let t = ExpectTable::new(Crt::of(sztab_core::model::CrtVariant::Resolved));
        let low = t.get(0, 0);
        let high = t.get(12, 0);
        assert!(low.att_loss > low.def_loss);
        assert!(high.def_retreat > 2.0 && high.p_def_retreat > 0.9);
        assert!(high.att_loss < low.att_loss);
        // The attacker's HQ (-1) helps him: more defender retreat at 2:1.
        assert!(t.get(4, -1).def_retreat > t.get(4, 1).def_retreat);
        let p: f32 = (2..=12).map(|s| two_d6_probability(s) as f32).sum();
        assert!((p - 1.0).abs() < 1e-6);
    }
}

#[cfg(test)]
mod against_engine {
    use super::*;
    use crate::ai::{Player, RandomBot};
    use crate::{Action, Pending};
    use sztab_core::model::Bundle;

    /// Plays random games and compares the estimate of every candidate attack with the
    /// engine's exact odds.
    #[test]
    fn estimates_match_the_engine_odds() {
        let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        let (bundle, _) = Bundle::load(&path).unwrap();
        let mut compared = 0;
        for seed in 0..6u64 {
            let mut game = Game::new(&bundle, seed).unwrap();
            let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 100)];
            for _ in 0..400 {
                let Pending::Decide { side, decision } = game.pending() else {
                    break;
                };
                if matches!(decision, crate::Decision::Attack { .. }) {
                    let s = game.side_of_id(side.as_str()).unwrap();
                    let hqs = [hqs_of(&game, s), hqs_of(&game, s.other())];
                    for (order, odds) in game.candidate_attacks() {
                        if order.defenders.len() != 1 {
                            continue;
                        }
                        let t = game.board().index(order.defenders[0]).unwrap();
                        let att: Vec<(Unit, Hx)> = order
                            .attackers
                            .iter()
                            .map(|id| {
                                let u = game.roster().get(id.as_str()).unwrap();
                                (u, game.unit_state(u).hex().unwrap())
                            })
                            .collect();
                        // The candidates use no stars; compare with a starless estimate.
                        let mut o = order.clone();
                        o.stars = att
                            .iter()
                            .filter(|(u, _)| !game.info(*u).stars().is_empty())
                            .map(|(u, _)| game.unit_id(*u).clone())
                            .collect();
                        let eng = game.engagement_of(s, &o).unwrap();
                        let mut eng = eng;
                        eng.defender_stars = game
                            .units_at(t)
                            .iter()
                            .copied()
                            .filter(|&u| !game.info(u).stars().is_empty())
                            .collect();
                        eng.fortification_units = game
                            .units_at(t)
                            .iter()
                            .copied()
                            .filter(|&u| game.info(u).is_fu())
                            .collect();
                        let exact = game.assess(&eng);
                        let est = estimate(&game, s, &att, t, 0, [&hqs[0], &hqs[1]]);
                        assert_eq!(
                            est.column,
                            exact.column.index(),
                            "{order:?}: estimate {est:?}, engine {exact}"
                        );
                        assert_eq!(est.hq_net, exact.hq.net, "{order:?}");
                        let _ = odds;
                        compared += 1;
                    }
                }
                let idx = usize::from(side.as_str() != "german");
                let a: Action = bots[idx].decide(&game, &side, &decision);
                game.apply(a).unwrap();
            }
        }
        assert!(compared > 20, "only {compared} attacks compared");
    }
}
