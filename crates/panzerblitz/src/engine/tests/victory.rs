//! How to Win for the situations whose levels count more than losses and hexes held:
//! weighted losses (situation 1), units in a zone (4, 6, 10, 12), ratios (6, 7), the
//! furthest advance (2) and the lines of fire (3, 11). Decisions P-11 to P-15.

use std::collections::BTreeMap;

use crate::engine::board::Cover;
use crate::engine::cover;
use crate::engine::game::Game;
use crate::engine::los::line_of_sight;
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, hex, units::*};
use crate::engine::state::Loc;
use crate::engine::victory::{self, holds};
use sztab_core::hex::MapEdge;
use sztab_core::model::AreaShape;
use sztab_core::model::described::Condition;

fn destroy(g: &mut Game, id: &str) {
    let u = g.s.unit(id).expect("a unit of the sandbox");
    g.st.units[u].loc = Some(Loc::Destroyed);
}

fn zone(hexes: &[&str]) -> AreaShape {
    AreaShape::Hexes(hexes.iter().map(|h| hex(h)).collect())
}

#[test]
fn situation_1_a_destroyed_command_post_counts_five_and_a_unit_one() {
    let mut b = Sandbox::new(6, 6);
    b.unit(GERMAN, "cp", CP, "0303");
    b.unit(GERMAN, "rifle", RIFLE_DE, "0304");
    b.s.unit_types = vec!["cp".into(), "infantry".into()];
    let mut g = b.game(1);
    let weighted = |at_least| Condition::Eliminated {
        side: "german".into(),
        at_least,
        weights: BTreeMap::from([("cp".to_owned(), 5)]),
    };
    destroy(&mut g, "rifle");
    assert!(holds(&g, &weighted(1)));
    assert!(!holds(&g, &weighted(2)));
    destroy(&mut g, "cp");
    assert!(holds(&g, &weighted(6)));
    assert!(!holds(&g, &weighted(7)));
    assert_eq!(
        victory::lost(&g, GERMAN),
        2,
        "unweighted, each unit counts one"
    );
}

#[test]
fn situations_4_10_12_p11_units_in_a_zone_count_where_they_stand_passengers_included() {
    let mut b = Sandbox::new(6, 6);
    b.unit(RUSSIAN, "truck", TRUCK, "0303");
    b.unit(RUSSIAN, "rifle", RIFLE_RU, "");
    b.aboard("rifle", "truck");
    b.unit(RUSSIAN, "t34", T34, "0505");
    b.unit(RUSSIAN, "gone", T34, "0304");
    let mut g = b.game(1);
    destroy(&mut g, "gone");
    let z = zone(&["0303", "0304"]);
    assert_eq!(
        victory::in_zone(&g, RUSSIAN, &z),
        2,
        "truck and its passenger"
    );
    let at_least = |n| Condition::InZone {
        side: "russian".into(),
        zone: z.clone(),
        at_least: n,
    };
    let at_most = |n| Condition::InZoneAtMost {
        side: "russian".into(),
        zone: z.clone(),
        at_most: n,
    };
    assert!(holds(&g, &at_least(2)) && !holds(&g, &at_least(3)));
    assert!(holds(&g, &at_most(2)) && !holds(&g, &at_most(1)));
}

#[test]
fn situation_6_p12_the_loss_ratio_divides_by_one_when_the_side_lost_nothing() {
    let mut b = Sandbox::new(6, 6);
    b.unit(GERMAN, "g1", PZ_IV, "0101");
    b.unit(GERMAN, "g2", PZ_IV, "0102");
    for (i, h) in ["0601", "0602", "0603", "0604"].iter().enumerate() {
        b.unit(RUSSIAN, &format!("r{i}"), T34, h);
    }
    let mut g = b.game(1);
    let ratio = |r| Condition::LossRatio {
        side: "german".into(),
        at_least: r,
    };
    assert!(!holds(&g, &ratio(1.0)), "nothing lost on either side: 0");
    destroy(&mut g, "r0");
    destroy(&mut g, "r1");
    assert!(holds(&g, &ratio(2.0)), "2 Russian, no German: 2 / 1");
    assert!(!holds(&g, &ratio(3.0)));
    destroy(&mut g, "g1");
    destroy(&mut g, "r2");
    assert!(holds(&g, &ratio(3.0)), "3 / 1");
    destroy(&mut g, "g2");
    assert!(holds(&g, &ratio(1.0)) && !holds(&g, &ratio(2.0)), "3 / 2");
}

#[test]
fn situation_7_p12_the_zone_ratio_is_own_units_there_over_the_enemys() {
    let mut b = Sandbox::new(6, 6);
    b.unit(GERMAN, "g1", PZ_IV, "0303");
    b.unit(GERMAN, "g2", PZ_IV, "0303");
    b.unit(GERMAN, "g3", PZ_IV, "0304");
    b.unit(RUSSIAN, "r1", T34, "0404");
    b.unit(RUSSIAN, "r2", T34, "0606");
    let g = b.game(1);
    let z = zone(&["0303", "0304", "0404"]);
    let ratio = |side: &str, r| Condition::ZoneRatio {
        side: side.into(),
        zone: z.clone(),
        at_least: r,
    };
    assert!(holds(&g, &ratio("german", 3.0)) && !holds(&g, &ratio("german", 3.5)));
    assert!(!holds(&g, &ratio("russian", 1.0)), "1 / 3");
    let only = zone(&["0606"]);
    let alone = Condition::ZoneRatio {
        side: "russian".into(),
        zone: only,
        at_least: 1.0,
    };
    assert!(holds(&g, &alone), "no enemy there: own units over one");
}

#[test]
fn situation_2_p13_the_furthest_advance_counts_hexes_from_the_opposite_edge() {
    let mut b = Sandbox::new(10, 6);
    b.unit(RUSSIAN, "a", RIFLE_RU, "0102");
    b.unit(RUSSIAN, "b", RIFLE_RU, "0705");
    b.unit(RUSSIAN, "c", RIFLE_RU, "0903");
    let mut g = b.game(1);
    destroy(&mut g, "c");
    assert_eq!(victory::advance(&g, RUSSIAN, MapEdge::East), 7);
    assert_eq!(victory::advance(&g, RUSSIAN, MapEdge::West), 10);
    assert_eq!(victory::advance(&g, RUSSIAN, MapEdge::South), 5);
    assert_eq!(victory::advance(&g, RUSSIAN, MapEdge::North), 5);
    let toward = |n| Condition::Advance {
        side: "russian".into(),
        toward: MapEdge::East,
        hexes: n,
    };
    assert!(holds(&g, &toward(7)) && !holds(&g, &toward(8)));
    assert_eq!(victory::advance(&g, GERMAN, MapEdge::East), 0, "no unit");
}

fn chain(side: &str) -> Condition {
    Condition::FireChain {
        side: side.into(),
        from: MapEdge::North,
        to: MapEdge::South,
    }
}

fn corridor(width: u32) -> Condition {
    Condition::FireCorridor {
        side: "german".into(),
        from: MapEdge::West,
        to: MapEdge::East,
        width,
    }
}

#[test]
fn situation_3_p14_a_gun_whose_range_spans_the_map_chains_north_to_south_and_closes_every_corridor()
{
    let mut b = Sandbox::new(12, 5);
    b.unit(RUSSIAN, "at", AT_45, "0603");
    b.unit(GERMAN, "g", PZ_IV, "0103");
    let g = b.game(1);
    assert!(holds(&g, &chain("russian")));
    assert!(!holds(&g, &corridor(1)));
    assert!(!holds(&g, &corridor(3)));
}

#[test]
fn situations_3_11_p15_a_corridor_is_as_wide_as_the_hexes_clear_of_fire_around_its_path() {
    let mut b = Sandbox::new(12, 5);
    // Range 1: it covers 0601 and the hexes next to it, rows 1 and 2.
    b.unit(RUSSIAN, "smg", SMG_RU, "0601");
    let g = b.game(1);
    assert!(!holds(&g, &chain("russian")));
    assert!(holds(&g, &corridor(1)));
    assert!(
        holds(&g, &corridor(3)),
        "rows 4 and 5 keep a hex clear around them"
    );
    assert!(
        !holds(&g, &corridor(7)),
        "three hexes around: no row is clear"
    );
}

#[test]
fn situation_3_p14_units_that_cannot_fire_cover_nothing_and_woods_hide_what_lies_behind() {
    let mut b = Sandbox::new(12, 5);
    b.unit(RUSSIAN, "truck", TRUCK, "0303");
    b.unit(RUSSIAN, "rifle", RIFLE_RU, "");
    b.aboard("rifle", "truck");
    let g = b.game(1);
    assert!(
        cover::covered(&g, RUSSIAN).iter().all(|c| !c),
        "a truck and its load"
    );

    let mut b = Sandbox::new(12, 5);
    // A wood along column 7: green hexsides all round its hexes.
    let wood = ["0701", "0702", "0703", "0704", "0705"];
    b.cover(Cover::Woods, &wood);
    for w in wood {
        let around: Vec<String> =
            b.s.board
                .grid
                .neighbours(hex(w))
                .map(|n| n.to_string())
                .collect();
        for n in around {
            b.green(w, &n);
        }
    }
    b.unit(RUSSIAN, "at", AT_75, "0503");
    let g = b.game(1);
    let grid = &g.s.board.grid;
    let seen = cover::covered(&g, RUSSIAN);
    let at = |h: &str| grid.index(hex(h)).is_some_and(|i| seen[i]);
    assert!(at("0603") && at("0103"), "in front of the wood");
    let l = line_of_sight(&g.s.board, hex("0503"), hex("0903"));
    assert!(!at("0903"), "behind the woods: {}", l.verdict(&g.s.board));
    for h in ["0901", "0902", "0903", "0904", "0905", "1103"] {
        let clear = line_of_sight(&g.s.board, hex("0503"), hex(h)).clear();
        assert_eq!(at(h), clear, "{h}: the engine's own line of sight decides");
    }
}

#[test]
fn situation_9_every_unit_destroyed_or_still_on_the_map_scores_for_the_german() {
    let mut b = Sandbox::new(6, 6);
    b.unit(RUSSIAN, "t34", T34, "0303");
    b.unit(RUSSIAN, "gone", T34, "0304");
    b.unit(RUSSIAN, "dead", T34, "0305");
    let mut g = b.game(1);
    let at_most = |units| Condition::ExitedAtMost {
        side: "russian".into(),
        edge: MapEdge::North,
        units,
    };
    assert!(holds(&g, &at_most(0)), "nobody has left yet");
    let u = g.s.unit("gone").expect("a unit of the sandbox");
    g.st.units[u].loc = Some(Loc::Exited(MapEdge::North));
    destroy(&mut g, "dead");
    assert!(!holds(&g, &at_most(0)));
    assert!(holds(&g, &at_most(1)), "the destroyed unit did not leave");
    g.st.units[u].loc = Some(Loc::Exited(MapEdge::South));
    assert!(holds(&g, &at_most(0)), "only the named edge counts");
}
