//! A hexside that carries several kinds of link, a road beside a railroad or a trail
//! (decision R-45): every kind is kept, movement takes the cheapest rate of those that
//! apply (8.33-8.35), and swamp (8.37a, 10.26), Zones of Control (3.24) and Supply Roads
//! (6.22) accept a hexside if any of its kinds serves. Each test checks both orders in which
//! the kinds can be laid, since a board that kept only one kind would keep the first or
//! the last.

use super::*;
use crate::engine::board::{Ground, Link};
use crate::engine::sandbox::units::*;
use crate::engine::sandbox::{Sandbox, hex};
use crate::engine::words::{GERMAN, SOVIET, Supply, Weather};

/// `a` then `b` along the hexes, and `b` then `a`.
fn both_orders(sb: &Sandbox, hexes: &[&str], a: Link, b: Link) -> [(String, Sandbox); 2] {
    let mut ab = sb.clone();
    ab.link(hexes, a).link(hexes, b);
    let mut ba = sb.clone();
    ba.link(hexes, b).link(hexes, a);
    [
        (format!("{} then {}", a.name(), b.name()), ab),
        (format!("{} then {}", b.name(), a.name()), ba),
    ]
}

/// In the invented TEC a main road costs ½ and a railroad 1; a clear hex costs NM units 1
/// in Dry weather and 2 in Rain, when trails are ignored (8.42) and a railroad is not.
#[test]
fn r8_33_r8_35_r_45_movement_along_a_road_beside_a_railroad_takes_the_cheapest_rate() {
    let mut sb = duel(6, 6);
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0101");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0606");
    let path = ["0101", "0102", "0103"];
    for (order, sb) in both_orders(&sb, &path, Link::MainRoad, Link::Railroad) {
        let mut g = german(&sb, SeqKind::Mobile, &[]);
        assert_eq!(
            walk(&mut g, "inf", &path[1..]),
            [Mp(6), Mp(6)],
            "{order}: the road's ½, not the railroad's 1"
        );
    }
    let mut rain = sb.clone();
    rain.weather(Weather::Rain);
    for (order, sb) in both_orders(&rain, &path, Link::Trail, Link::Railroad) {
        let mut g = german(&sb, SeqKind::Mobile, &[]);
        assert_eq!(
            walk(&mut g, "inf", &path[1..]),
            [Mp::whole(1), Mp::whole(1)],
            "{order}: the trail is ignored in Rain, the railroad's 1 is not the clear 2"
        );
    }
}

/// MOT units enter swamp only through a road, railroad or trail hexside (8.37a); in Rain
/// the trail is ignored (8.42) but a railroad along it still serves.
#[test]
fn r8_37a_r8_42_r_45_a_railroad_beside_a_trail_takes_mot_units_into_swamp_in_rain() {
    let mut sb = duel(6, 6);
    sb.ground(&["0102"], Ground::Swamp).weather(Weather::Rain);
    sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0101");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0606");
    let mut trail = sb.clone();
    trail.link(&["0101", "0102"], Link::Trail);
    let mut g = german(&trail, SeqKind::Mobile, &[]);
    ok(&mut g, pick("mot"));
    assert_eq!(
        refused(&mut g, step("0102")),
        "8.37a",
        "a trail alone, in Rain"
    );
    for (order, sb) in both_orders(&sb, &["0101", "0102"], Link::Trail, Link::Railroad) {
        let mut g = german(&sb, SeqKind::Mobile, &[]);
        assert_eq!(
            walk(&mut g, "mot", &["0102"]),
            [Mp::whole(1)],
            "{order}: along the railroad"
        );
    }
}

/// MOT and HE units attack into swamp only across a road or railroad hexside (10.26,
/// decision R-03: not a trail); a trail beside a railroad is a railroad hexside. The same
/// hexside lets the tank's ZOC into the swamp (3.24).
#[test]
fn r10_26_r3_24_r_03_r_45_a_trail_beside_a_railroad_lets_mot_units_attack_into_swamp() {
    let mut sb = duel(6, 6);
    sb.ground(&["0102"], Ground::Swamp);
    sb.unit(GERMAN, "tank", TANK, Some("gd"), "0101");
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0102");
    let (from, to) = (hex("0101"), hex("0102"));
    let mut trail = sb.clone();
    trail.link(&["0101", "0102"], Link::Trail);
    let g = german(&trail, SeqKind::Mobile, &[]);
    let tank = g.rules.unit("tank").unwrap();
    assert!(!g.can_attack_across(tank, to), "a trail alone (R-03)");
    for (order, sb) in both_orders(&sb, &["0101", "0102"], Link::Trail, Link::Railroad) {
        let g = german(&sb, SeqKind::Mobile, &[]);
        assert!(g.can_attack_across(tank, to), "{order}");
        assert!(g.zoc_into(from, to), "{order}: the tank's ZOC reaches in");
    }
    let g = german(&sb, SeqKind::Mobile, &[]);
    assert!(
        !g.zoc_into(from, to),
        "no link: the tank cannot enter, nor its ZOC"
    );
}

/// A Supply Road is a main or minor road, not a railroad (6.22, decision R-24); where a
/// road runs beside a railroad the hexside is still a Supply Road.
#[test]
fn r6_22_r_24_r_45_a_road_beside_a_railroad_is_still_a_supply_road() {
    let mut sb = duel(12, 12);
    let west: Vec<String> = (1..=5).map(|c| format!("{c:02}01")).collect();
    let east: Vec<String> = (6..=12).map(|c| format!("{c:02}01")).collect();
    let west: Vec<&str> = west.iter().map(|s| s.as_str()).collect();
    let east: Vec<&str> = east.iter().map(|s| s.as_str()).collect();
    sb.link(&west, Link::MainRoad)
        .link(&east, Link::MainRoad)
        .source(GERMAN, &["0101"])
        .source(SOVIET, &["1212"]);
    sb.unit(GERMAN, "east", RIFLE, Some("gd"), "1208");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "1212");
    let supply = |sb: &Sandbox| {
        let g = sb.game(1);
        g.state().units[g.rules.unit("east").unwrap()].supply
    };
    let mut rail = sb.clone();
    rail.link(&["0501", "0601"], Link::Railroad);
    assert_eq!(
        supply(&rail),
        Supply::Emergency,
        "a railroad alone between the roads breaks the Supply Road"
    );
    for (order, sb) in both_orders(&sb, &["0501", "0601"], Link::Railroad, Link::MainRoad) {
        assert_eq!(supply(&sb), Supply::In, "{order}");
    }
}
