//! Supply (6.0): Supply Lines of 7 hexes (5 in Rain or through marsh), Supply Roads,
//! enemy ZOC and friendly units (6.24), bridges (6.22), captured sources (6.31), and the
//! ladder In → Emergency → out of supply (6.12).

use super::*;
use crate::engine::board::{Ground, Link, Water};
use crate::engine::sandbox::Sandbox;
use crate::engine::sandbox::units::*;
use crate::engine::words::{GERMAN, SOVIET, Supply, Weather};

fn supply(g: &Game, id: &str) -> Supply {
    g.state().units[g.rules.unit(id).unwrap()].supply
}

/// A German road along row 01 from the source at 0101 to 1001.
fn roads(cols: u16, rows: u16) -> Sandbox {
    let mut sb = duel(cols, rows);
    let row: Vec<String> = (1..=cols).map(|c| format!("{c:02}01")).collect();
    let row: Vec<&str> = row.iter().map(|s| s.as_str()).collect();
    sb.link(&row, Link::MainRoad)
        .source(GERMAN, &["0101"])
        .source(SOVIET, &["1212"]);
    sb
}

#[test]
fn r6_21_a_supply_line_is_seven_hexes_to_a_supply_road() {
    let mut sb = roads(12, 12);
    sb.unit(GERMAN, "seven", RIFLE, Some("gd"), "0508");
    sb.unit(GERMAN, "eight", RIFLE, Some("gd"), "0909");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "1212");
    let g = sb.game(1);
    assert_eq!(
        supply(&g, "seven"),
        Supply::In,
        "0508 is 7 hexes from the road"
    );
    assert_eq!(supply(&g, "eight"), Supply::Emergency, "0909 is 8");
}

#[test]
fn r6_21_r5_13c_five_hexes_in_rain_or_through_marsh() {
    let mut sb = roads(12, 12);
    sb.unit(GERMAN, "six", RIFLE, Some("gd"), "0507");
    sb.unit(GERMAN, "five", RIFLE, Some("gd"), "0806");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "1212");
    let mut rain = sb.clone();
    rain.weather(Weather::Rain);
    let g = rain.game(1);
    assert_eq!(supply(&g, "six"), Supply::Emergency, "six hexes in Rain");
    assert_eq!(supply(&g, "five"), Supply::In);
    let mut marsh = sb.clone();
    for c in 1..=12 {
        marsh.ground(&[&format!("{c:02}04")], Ground::Marsh);
    }
    let g = marsh.game(1);
    assert_eq!(supply(&g, "six"), Supply::Emergency, "a line through marsh");
    assert_eq!(supply(&g, "five"), Supply::In);
}

/// 6.2, 6.24 and the example of 6.21: a Supply Line passes a hex in an enemy ZOC only
/// where a friendly combat unit stands.
#[test]
fn r6_24_an_enemy_zoc_blocks_the_line_unless_a_friendly_unit_holds_the_hex() {
    let mut sb = roads(12, 12);
    sb.unit(GERMAN, "cut", RIFLE, Some("gd"), "0103");
    sb.unit(SOVIET, "s1", RIFLE, Some("sd"), "0202");
    sb.unit(SOVIET, "s2", RIFLE, Some("sd"), "0104");
    // 0102 and 0203 are next to s1: in its ZOC and vacant, so 0103 reaches no road.
    let mut lined = sb.clone();
    let g = sb.game(1);
    assert_eq!(supply(&g, "cut"), Supply::Emergency);
    lined.unit(GERMAN, "holder", RIFLE, Some("gd"), "0102");
    let g = lined.game(1);
    assert_eq!(
        supply(&g, "cut"),
        Supply::In,
        "the friendly unit on 0102 opens it"
    );
}

#[test]
fn r6_22_a_supply_road_does_not_cross_a_stream_without_a_bridge() {
    let mut sb = duel(12, 12);
    let row: Vec<String> = (1..=12).map(|c| format!("{c:02}01")).collect();
    let row: Vec<&str> = row.iter().map(|s| s.as_str()).collect();
    sb.link(&row, Link::MainRoad)
        .source(GERMAN, &["0101"])
        .source(SOVIET, &["1212"]);
    sb.water("0501", "0601", Water::Stream);
    sb.unit(GERMAN, "east", RIFLE, Some("gd"), "1208");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "1212");
    let mut bridged = sb.clone();
    let g = sb.game(1);
    assert_eq!(supply(&g, "east"), Supply::Emergency);
    bridged.bridge("0501", "0601");
    let g = bridged.game(1);
    assert_eq!(supply(&g, "east"), Supply::In);
}

#[test]
fn r6_31_a_captured_source_supplies_no_one() {
    let mut sb = roads(12, 12);
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0503");
    sb.unit(SOVIET, "taker", RIFLE, Some("sd"), "0101");
    let g = sb.game(1);
    assert_eq!(supply(&g, "g"), Supply::Emergency);
}

/// 6.12: no route one turn, Emergency Supply; two, out of supply; a route again, in
/// supply. 6.14: OoS halves a motorized MA and the attack, and takes one from the ER.
#[test]
fn r6_12_r6_14_the_ladder_emergency_then_out_of_supply_and_its_penalties() {
    let mut sb = roads(12, 12);
    sb.unit(GERMAN, "far", MOT_INF, Some("gd"), "0912");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "1212");
    sb.turns(3);
    let mut g = sb.game(1);
    assert_eq!(supply(&g, "far"), Supply::Emergency);
    play_until(&mut g, |g| g.state().turn == 2);
    assert_eq!(supply(&g, "far"), Supply::Oos);
    let u = g.rules.unit("far").unwrap();
    assert_eq!(g.er(u), 5, "ER 6 less one");
    assert_eq!(g.attack_of(u), 2, "attack 4 halved");
}
