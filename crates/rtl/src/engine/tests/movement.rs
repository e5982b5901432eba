//! Movement (8.0-8.5), the Overrun (8.6) and reinforcements entering (5.22): costs read
//! from the invented Terrain Effects Chart, and the booklet's movement and Overrun
//! examples.

use super::*;
use crate::engine::board::{Ground, Link, Water};
use crate::engine::sandbox::units::*;
use crate::engine::words::{GERMAN, SOVIET, Weather};

fn mp(n: i32) -> Mp {
    Mp::whole(n)
}

fn half(n: i32) -> Mp {
    Mp(n * 6)
}

/// The booklet's Examples of Movement (8.41), its figure rebuilt from the text: unit A
/// (HE) spends its 5 MP on two hexes; unit B spends 6 MP along a trail (½ MP in clear
/// hexes, 1 in other terrain); unit C pays 7 MP for a marsh and a wooded marsh hex, the
/// wooded rough hex costs it 3 and the swamp is prohibited; unit D's trail crosses a
/// stream without a bridge, +1 MP, 6 in all.
#[test]
fn r8_41_the_booklets_movement_example_units_a_to_d() {
    let mut sb = duel(8, 10);
    sb.ground(&["0102"], Ground::Rough)
        .ground(&["0103"], Ground::Rough)
        .woods(&["0103"])
        .woods(&["0206", "0207", "0208", "0209"])
        .link(
            &[
                "0201", "0202", "0203", "0204", "0205", "0206", "0207", "0208", "0209",
            ],
            Link::Trail,
        )
        .ground(&["0302", "0303"], Ground::Marsh)
        .woods(&["0303"])
        .ground(&["0304"], Ground::Swamp)
        .ground(&["0502"], Ground::Rough)
        .woods(&["0502"])
        .link(
            &["0401", "0402", "0403", "0404", "0405", "0406", "0407"],
            Link::Trail,
        )
        .water("0402", "0403", Water::Stream)
        .woods(&["0404", "0405", "0406", "0407"]);
    let a = sb.unit(GERMAN, "A", AT_GUN, Some("gd"), "0101");
    sb.values(a).movement = mp(5);
    let b = sb.unit(GERMAN, "B", RIFLE, Some("gd"), "0201");
    sb.values(b).movement = mp(6);
    sb.unit(GERMAN, "C", MOT_INF, Some("gd"), "0301");
    let d = sb.unit(GERMAN, "D", RIFLE, Some("gd"), "0401");
    sb.values(d).movement = mp(6);
    sb.unit(GERMAN, "C2", MOT_INF, Some("gd"), "0501");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0810");
    let mut g = german(&sb, SeqKind::Mobile, &[]);

    let spent = walk(&mut g, "A", &["0102", "0103"]);
    assert_eq!(spent, [mp(2), mp(3)], "A: rough, then wooded rough");
    assert_eq!(total(&spent), mp(5));
    assert_eq!(refused(&mut g, step("0104")), "8.13", "A has no MP left");

    let spent = walk(
        &mut g,
        "B",
        &[
            "0202", "0203", "0204", "0205", "0206", "0207", "0208", "0209",
        ],
    );
    assert_eq!(
        &spent[..4],
        &[half(1); 4],
        "½ MP along the trail in clear hexes"
    );
    assert_eq!(
        &spent[4..],
        &[mp(1); 4],
        "1 MP along the trail in other terrain"
    );
    assert_eq!(total(&spent), mp(6));

    let spent = walk(&mut g, "C", &["0302", "0303"]);
    assert_eq!(total(&spent), mp(7), "C: a marsh and a wooded marsh hex");
    assert_eq!(
        refused(&mut g, step("0304")),
        "8.37a",
        "swamp is prohibited to C"
    );

    let spent = walk(&mut g, "C2", &["0502"]);
    assert_eq!(
        spent,
        [mp(3)],
        "the wooded rough hex costs a motorized unit 3"
    );

    let spent = walk(
        &mut g,
        "D",
        &["0402", "0403", "0404", "0405", "0406", "0407"],
    );
    assert_eq!(
        spent[1],
        half(3),
        "½ along the trail and +1 for the stream without a bridge"
    );
    assert_eq!(total(&spent), mp(6));
}

#[test]
fn r8_36b_a_bridge_on_the_trail_waives_the_stream() {
    let mut sb = duel(4, 4);
    sb.link(&["0101", "0102", "0103"], Link::Trail)
        .water("0102", "0103", Water::Stream)
        .bridge("0102", "0103");
    sb.unit(GERMAN, "D", RIFLE, Some("gd"), "0101");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0404");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    assert_eq!(walk(&mut g, "D", &["0102", "0103"]), [half(1), half(1)]);
}

#[test]
fn r8_36c_vehicles_and_heavy_equipment_cross_a_river_only_at_a_bridge_other_mot_spend_all() {
    let mut sb = duel(4, 4);
    sb.water("0101", "0102", Water::River)
        .water("0201", "0202", Water::River)
        .water("0301", "0302", Water::River);
    sb.unit(GERMAN, "tank", TANK, Some("gd"), "0101");
    sb.unit(GERMAN, "gun", AT_GUN, Some("gd"), "0201");
    sb.unit(GERMAN, "inf", MOT_INF, Some("gd"), "0301");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0404");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    ok(&mut g, pick("tank"));
    assert_eq!(refused(&mut g, step("0102")), "8.36c");
    ok(&mut g, pick("gun"));
    assert_eq!(refused(&mut g, step("0202")), "8.36c");
    let spent = walk(&mut g, "inf", &["0302"]);
    assert_eq!(spent, [mp(8)], "the entire MA");
    assert!(
        !g.legal().contains(&step("0303")),
        "it stops on the far bank"
    );
}

#[test]
fn r8_37_swamp_mot_only_along_a_road_infantry_all_its_ma_cavalry_moves_on() {
    let mut sb = duel(4, 5);
    sb.ground(&["0102", "0202", "0302", "0303"], Ground::Swamp)
        .link(&["0401", "0402"], Link::MinorRoad)
        .ground(&["0402"], Ground::Swamp);
    sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0101");
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0201");
    sb.unit(GERMAN, "cav", CAVALRY, Some("gd"), "0301");
    sb.unit(GERMAN, "road", MOT_INF, Some("gd"), "0401");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0405");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    ok(&mut g, pick("mot"));
    assert_eq!(refused(&mut g, step("0102")), "8.37a");
    assert_eq!(walk(&mut g, "inf", &["0202"]), [mp(5)], "the entire MA");
    assert!(!g.legal().contains(&step("0203")));
    let spent = walk(&mut g, "cav", &["0302", "0303"]);
    assert_eq!(spent, [mp(2), mp(2)], "the cavalry's swamp cost, and on");
    assert_eq!(
        walk(&mut g, "road", &["0402"]),
        [mp(1)],
        "along the minor road, its rate in other terrain"
    );
}

#[test]
fn r8_21_r8_22_enemy_zoc_costs_one_more_nm_and_he_stop_mot_go_on_without_road_rates() {
    let mut sb = duel(6, 8);
    sb.link(&["0201", "0202", "0203", "0204", "0205"], Link::MainRoad);
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0101");
    sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0201");
    sb.unit(SOVIET, "enemy", RIFLE, Some("sd"), "0304");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    // 0203 and 0204 are next to 0304: in its ZOC.
    let spent = walk(&mut g, "mot", &["0202", "0203", "0204", "0205"]);
    assert_eq!(spent[0], half(1), "the road");
    assert_eq!(spent[1], half(1) + mp(1), "the road and +1 for the ZOC");
    assert_eq!(
        spent[2],
        mp(2),
        "ZOC to ZOC: no road rate (8.22), clear 1 + 1"
    );
    let mut sb2 = duel(6, 8);
    sb2.unit(GERMAN, "inf", RIFLE, Some("gd"), "0302");
    sb2.unit(SOVIET, "enemy", RIFLE, Some("sd"), "0304");
    let mut g = german(&sb2, SeqKind::Mobile, &[]);
    assert_eq!(walk(&mut g, "inf", &["0303"]), [mp(2)]);
    assert!(
        !g.legal().iter().any(|a| matches!(a, Action::Step { .. })),
        "it stops (8.22)"
    );
}

#[test]
fn r8_23b_non_motorized_units_starting_in_an_enemy_zoc_spend_all_their_ma_to_the_next() {
    let mut sb = duel(6, 8);
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0303");
    sb.unit(SOVIET, "enemy", RIFLE, Some("sd"), "0304");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    // 0203 is next to 0304 too? Choose a hex in the ZOC: 0403 or 0203 by the grid.
    let grid = g.rules.board.grid;
    let zoc_next = grid
        .neighbours(hex("0303"))
        .find(|&n| grid.are_adjacent(n, hex("0304")))
        .expect("a neighbour in the ZOC");
    let ev = ok(&mut g, pick("inf"));
    let _ = ev;
    let ev = ok(&mut g, Action::Step { to: zoc_next });
    let spent = events(&ev, |e| match e {
        Event::Moved { mp, .. } => Some(*mp),
        _ => None,
    });
    assert_eq!(spent, [mp(5)], "its entire MA");
}

#[test]
fn r8_14_r8_13_no_entering_enemy_hexes_no_move_beyond_the_ma_one_move_a_phase() {
    let mut sb = duel(6, 8);
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0101");
    sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0105");
    sb.unit(SOVIET, "enemy", RIFLE, Some("sd"), "0104");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    assert_eq!(walk(&mut g, "inf", &["0102", "0103"]), [mp(1), mp(2)]);
    assert_eq!(
        refused(&mut g, step("0104")),
        "8.11",
        "it stopped in the ZOC (8.22)"
    );
    ok(&mut g, pick("mot"));
    assert_eq!(refused(&mut g, step("0104")), "8.14");
    assert_eq!(refused(&mut g, pick("inf")), "8.13", "inf has moved");
    for h in ["0106", "0107", "0108"] {
        ok(&mut g, step(h));
    }
    let mp_left = g.allowance(g.rules.unit("mot").unwrap()) - g.spent(g.rules.unit("mot").unwrap());
    assert_eq!(
        mp_left,
        mp(5),
        "1 MP a clear hex; leaving the ZOC costs nothing (8.21)"
    );
}

#[test]
fn r8_12_a_stack_moves_together_and_picks_up_no_one_on_the_way() {
    let mut sb = duel(6, 8);
    sb.unit(GERMAN, "a", MOT_INF, Some("gd"), "0101");
    sb.unit(GERMAN, "b", MOT_INF, Some("gd"), "0101");
    sb.unit(GERMAN, "c", MOT_INF, Some("gd"), "0102");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0608");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    ok(&mut g, pick("a"));
    ok(&mut g, pick("b"));
    let ev = ok(&mut g, step("0102"));
    assert!(matches!(&ev[0], Event::Moved { units, .. } if units.len() == 2));
    // Picking c now ends the stack's move and starts c's.
    ok(&mut g, pick("c"));
    assert_eq!(refused(&mut g, pick("a")), "8.13");
}

#[test]
fn r3_32_a_hex_holds_nine_stacking_points_at_the_end_of_the_phase() {
    let mut sb = duel(6, 8);
    for i in 0..5 {
        sb.unit(GERMAN, &format!("u{i}"), MOT_INF, Some("gd"), "0102");
    }
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0608");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    // Ten points on one hex: the last to come goes at the end of the phase.
    let ev = ok(&mut g, Action::End);
    let gone = events(&ev, |e| match e {
        Event::Eliminated { unit, .. } => Some(unit.clone()),
        _ => None,
    });
    assert_eq!(gone, ["u4"], "{ev:?}");
}

#[test]
fn r5_22_reinforcements_enter_with_their_formation_paying_the_first_hex_along_the_road() {
    let mut sb = duel(6, 8);
    sb.link(&["0601", "0602", "0603"], Link::MainRoad);
    sb.reinforcement(GERMAN, "late", MOT_INF, Some("gd"), 1, &["0601"]);
    sb.unit(GERMAN, "here", RIFLE, Some("gd"), "0101");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0108");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    let ev = ok(
        &mut g,
        Action::Enter {
            unit: "late".into(),
            hex: hex("0601"),
        },
    );
    assert!(
        matches!(ev[0], Event::Entered { mp, .. } if mp == half(1)),
        "{ev:?}"
    );
    ok(&mut g, step("0602"));
    assert_eq!(g.spent(g.rules.unit("late").unwrap()), mp(1));
}

#[test]
fn r5_21_no_unit_ends_its_move_on_an_enemy_entry_hex() {
    let mut sb = duel(6, 8);
    sb.reinforcement(SOVIET, "comes", RIFLE, Some("sd"), 2, &["0601"]);
    sb.unit(GERMAN, "inf", MOT_INF, Some("gd"), "0501");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0108");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    let grid = g.rules.board.grid;
    assert!(grid.are_adjacent(hex("0501"), hex("0601")));
    walk(&mut g, "inf", &["0601"]);
    assert_eq!(refused(&mut g, Action::Halt), "5.21");
    assert_eq!(refused(&mut g, Action::End), "5.21");
    ok(&mut g, step("0602"));
    ok(&mut g, Action::Halt);
}

/// 8.64's example: a German stack with 6 MP, on a trail three hexes from a Soviet stack in
/// a woods hex on the same trail: ½ + ½ along the trail, +1 for the Soviet ZOC, 1 into
/// the woods hex along the trail and 1 for the Overrun: 4 MP. A Soviet ZOC into the
/// Defender Hex from the rear costs nothing. Cleared, the stack enters with 2 MP left —
/// and, the hex being in another enemy ZOC, overruns again or stops (8.67i).
#[test]
fn r8_64_the_booklets_overrun_example() {
    let mut sb = duel(8, 8);
    sb.link(&["0501", "0502", "0503", "0504"], Link::Trail)
        .woods(&["0504"]);
    let tank = sb.unit(GERMAN, "tank", TANK, Some("gd"), "0501");
    sb.values(tank).movement = mp(6);
    let recon = sb.unit(GERMAN, "recon", RECON, Some("gd"), "0501");
    sb.values(recon).movement = mp(6);
    sb.unit(SOVIET, "front", RIFLE, Some("sd"), "0504");
    sb.unit(SOVIET, "rear", RIFLE, Some("sd"), "0505");
    // Overrun roll: 1 on 4:1 (9 to 4... the rifle's 4): the defender is eliminated.
    let mut g = german(&sb, SeqKind::Mobile, &[1]);
    ok(&mut g, pick("tank"));
    ok(&mut g, pick("recon"));
    let a = ok(&mut g, step("0502"));
    let b = ok(&mut g, step("0503"));
    let moved = |ev: &[Event]| {
        events(ev, |e| match e {
            Event::Moved { mp, .. } => Some(*mp),
            _ => None,
        })[0]
    };
    assert_eq!(moved(&a), half(1));
    assert_eq!(moved(&b), half(1) + mp(1), "the trail and the ZOC");
    let ev = ok(
        &mut g,
        Action::Overrun {
            hex: hex("0504"),
            lead: "tank".into(),
            air: None,
        },
    );
    assert_eq!(g.spent(tank), mp(4), "{ev:?}");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Combat { overrun: true, .. }))
    );
    assert_eq!(g.hex_of(tank), Some(hex("0504")), "{ev:?}");
    assert_eq!(g.allowance(tank) - g.spent(tank), mp(2));
    assert_eq!(refused(&mut g, step("0404")), "8.67i");
    assert!(g.legal().iter().any(
        |a| matches!(a, Action::Overrun { hex, .. } if *hex == crate::engine::sandbox::hex("0505"))
    ));
}

#[test]
fn r8_61_r8_64_no_overrun_in_an_assault_sequence_in_rain_into_a_town_or_across_a_river() {
    let mut sb = duel(8, 8);
    sb.town(&["0103"]).water("0202", "0203", Water::River);
    sb.unit(GERMAN, "tank", TANK, Some("gd"), "0102");
    sb.unit(GERMAN, "tank2", TANK, Some("gd"), "0202");
    sb.unit(SOVIET, "town", RIFLE, Some("sd"), "0103");
    sb.unit(SOVIET, "river", RIFLE, Some("sd"), "0203");
    let over = |h: &str, lead: &str| Action::Overrun {
        hex: hex(h),
        lead: lead.into(),
        air: None,
    };
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    ok(&mut g, pick("tank"));
    assert_eq!(refused(&mut g, over("0103", "tank")), "8.64c");
    ok(&mut g, pick("tank2"));
    assert_eq!(refused(&mut g, over("0203", "tank2")), "8.64b");
    let mut g = german(&sb, SeqKind::Assault, &[]);
    ok(&mut g, pick("tank"));
    assert_eq!(refused(&mut g, over("0103", "tank")), "8.61");
    let mut rain = sb.clone();
    rain.weather(Weather::Rain);
    let mut g = german(&rain, SeqKind::Mobile, &[]);
    ok(&mut g, pick("tank"));
    assert_eq!(refused(&mut g, over("0103", "tank")), "8.64a");
}

#[test]
fn r8_42_r5_13_rain_reads_the_rain_column_and_ignores_trails() {
    let mut sb = duel(6, 6);
    sb.weather(Weather::Rain)
        .link(&["0101", "0102", "0103"], Link::Trail)
        .woods(&["0103"]);
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0101");
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0606");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    // Rain NM clear costs 2; the trail is ignored and so are its woods (8.42).
    assert_eq!(walk(&mut g, "inf", &["0102", "0103"]), [mp(2), mp(2)]);
}

#[test]
fn r7_21b_the_assault_sequence_halves_the_ma_keeping_fractions_and_disruption_takes_two() {
    let mut sb = duel(6, 6);
    let u = sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0101");
    let m = sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0201");
    sb.start(m).disrupted = true;
    sb.start(m).supply = crate::engine::words::Supply::Oos;
    sb.unit(SOVIET, "far", RIFLE, Some("sd"), "0606");
    let g = german(&sb, SeqKind::Assault, &[]);
    assert_eq!(g.allowance(u), half(5), "5 halved is 2½");
    // OoS and Assault do not halve twice (3.57); Disrupted takes 2 more: 8 → 4 → 2.
    assert_eq!(g.allowance(m), mp(2));
}

/// 3.23-3.24: a unit with the yellow band projects no ZOC, unless a unit of its hex does;
/// a motorized unit projects none into swamp off the roads, nor an armored one across a
/// river (R-04: a stack projects where one of its units could go).
#[test]
fn r3_23_r3_24_who_projects_a_zoc_where() {
    let mut sb = duel(8, 8);
    sb.ground(&["0203"], Ground::Swamp)
        .water("0602", "0603", Water::River);
    let band = sb.unit(SOVIET, "band", RIFLE, Some("sd"), "0102");
    sb.values(band).no_zoc = true;
    sb.unit(SOVIET, "mot", MOT_INF, Some("sd"), "0202");
    sb.unit(SOVIET, "tank", TANK, Some("sd"), "0602");
    let b2 = sb.unit(SOVIET, "band2", RIFLE, Some("sd"), "0402");
    sb.values(b2).no_zoc = true;
    sb.unit(SOVIET, "with", RIFLE, Some("sd"), "0402");
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0808");
    let g = german(&sb, SeqKind::Mobile, &[]);
    let h = crate::engine::sandbox::hex;
    assert!(!g.zoc_into(h("0102"), h("0103")), "the yellow band");
    assert!(
        g.zoc_into(h("0402"), h("0403")),
        "a banded unit stacked with one that exerts"
    );
    assert!(
        !g.zoc_into(h("0202"), h("0203")),
        "MOT not into swamp off the roads"
    );
    assert!(g.zoc_into(h("0202"), h("0201")));
    assert!(
        !g.zoc_into(h("0602"), h("0603")),
        "armor not across a river"
    );
}

#[test]
fn r8_15_a_leader_moves_next_to_the_enemy_only_with_or_to_a_combat_unit() {
    use crate::engine::unit::Kind;
    let mut sb = duel(8, 8);
    let l = sb.unit(GERMAN, "manstein", RIFLE, None, "0101");
    {
        let d = sb.values(l);
        d.kind = Kind::Leader;
        d.stacking = 0;
        d.reduced = None;
        d.command_points = 2;
        d.command_range = 8;
    }
    sb.unit(GERMAN, "friend", RIFLE, Some("gd"), "0304");
    sb.unit(SOVIET, "enemy", RIFLE, Some("sd"), "0104");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    ok(&mut g, pick("manstein"));
    ok(&mut g, step("0102"));
    assert_eq!(refused(&mut g, step("0103")), "8.15");
    assert_eq!(
        g.state().units[l].activations,
        1,
        "a Leader activates itself (15.24)"
    );
}
