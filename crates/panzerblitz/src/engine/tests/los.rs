//! Line of sight: the Target Elevation Table, Special Notes A–I, the gully rules.

use crate::engine::board::{Cover, Level};
use crate::engine::los::{Blocker, Note, line_of_sight};
use crate::engine::sandbox::{Sandbox, hex};

fn los(b: &Sandbox, a: &str, t: &str) -> crate::engine::los::Los {
    line_of_sight(&b.s.board, hex(a), hex(t))
}

#[test]
fn los_traces_as_many_hexes_as_the_range_along_a_straight_line() {
    let b = Sandbox::new(12, 12);
    let l = los(&b, "0501", "0505");
    assert_eq!(l.range, 4);
    assert_eq!(l.steps.len(), 5);
    assert!(l.steps.iter().all(|s| s.len() == 1));
    assert_eq!(l.crossed.len(), 4);
    assert_eq!(l.hexes(), ["0501", "0502", "0503", "0504", "0505"].map(hex));
    assert!(l.clear());
}

#[test]
fn los_along_a_hexside_both_routes_are_traced_and_the_defender_gets_the_doubt() {
    let mut b = Sandbox::new(12, 12);
    // 0103 to 0303 runs along the hexside between 0202 and 0203.
    let l = los(&b, "0103", "0303");
    assert_eq!(l.steps[1], vec![hex("0202"), hex("0203")]);
    assert_eq!(l.crossed.len(), 4);
    assert!(l.clear());
    b.green("0103", "0202");
    let l = los(&b, "0103", "0303");
    assert!(!l.clear(), "one obstructed route is enough");
    assert_eq!(l.deciding, Note::H);
    assert_eq!(
        l.blocks[0].at,
        Blocker::Hexside(b.s.board.grid.hexside(hex("0103"), hex("0202")).unwrap())
    );
}

#[test]
fn los_note_f_adjacent_units_always_see_each_other() {
    let mut b = Sandbox::new(12, 12);
    b.green("0503", "0504").orange("0503", "0504");
    b.level(Level::Hilltop, &["0504"]).gully(&["0503"]);
    let l = los(&b, "0503", "0504");
    assert!(l.clear());
    assert_eq!(l.deciding, Note::F);
}

#[test]
fn los_note_h_both_on_ground_level_every_symbol_blocks() {
    for mark in ["green", "gray", "brown", "orange"] {
        let mut b = Sandbox::new(12, 12);
        b.mark("0502", "0503", |m| match mark {
            "green" => m.green = true,
            "gray" => m.gray = true,
            "brown" => m.brown = true,
            _ => m.orange = true,
        });
        let l = los(&b, "0501", "0505");
        assert!(!l.clear(), "{mark}");
        assert_eq!(l.deciding, Note::H, "{mark}");
    }
}

#[test]
fn los_note_a_from_a_slope_only_a_green_side_of_the_target_hex_blocks() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Slope, &["0501"]);
    b.green("0502", "0503");
    assert!(
        los(&b, "0501", "0505").clear(),
        "intervening green below the slope"
    );
    b.gray("0504", "0505");
    let l = los(&b, "0501", "0505");
    assert!(!l.clear());
    assert_eq!(l.deciding, Note::A);
    // From a hilltop too.
    b.level(Level::Hilltop, &["0501"]);
    assert_eq!(los(&b, "0501", "0505").deciding, Note::A);
}

#[test]
fn los_note_b_from_ground_the_firers_own_green_side_blocks() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Slope, &["0505"]);
    b.green("0503", "0504");
    assert!(los(&b, "0501", "0505").clear());
    b.green("0501", "0502");
    let l = los(&b, "0501", "0505");
    assert_eq!(l.deciding, Note::B);
    // The converse of Note A: the same line from the other end.
    assert_eq!(los(&b, "0505", "0501").deciding, Note::A);
}

#[test]
fn los_tet_slope_and_ground_brown_and_orange_block() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Slope, &["0501"]);
    b.brown("0502", "0503");
    let l = los(&b, "0501", "0505");
    assert_eq!(l.deciding, Note::Tet);
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Slope, &["0501", "0505"]);
    b.orange("0503", "0504");
    assert_eq!(los(&b, "0501", "0505").deciding, Note::Tet);
}

#[test]
fn los_note_c_from_a_hilltop_brown_nearer_the_target_or_midway_blocks() {
    // Four hexsides: 1 and 2 are nearer the firer, 3 and 4 nearer the target.
    let mut near_firer = Sandbox::new(12, 12);
    near_firer
        .level(Level::Hilltop, &["0501"])
        .brown("0502", "0503");
    assert!(los(&near_firer, "0501", "0505").clear());
    let mut near_target = Sandbox::new(12, 12);
    near_target
        .level(Level::Hilltop, &["0501"])
        .brown("0503", "0504");
    let l = los(&near_target, "0501", "0505");
    assert_eq!(l.deciding, Note::C);
    // Five hexsides: the third is exactly midway and blocks.
    let mut midway = Sandbox::new(12, 12);
    midway
        .level(Level::Hilltop, &["0501"])
        .brown("0503", "0504");
    assert_eq!(los(&midway, "0501", "0506").deciding, Note::C);
}

#[test]
fn los_note_d_to_a_hilltop_brown_nearer_the_firer_or_midway_blocks() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Hilltop, &["0505"]).brown("0503", "0504");
    assert!(los(&b, "0501", "0505").clear(), "brown nearer the target");
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Hilltop, &["0505"]).brown("0502", "0503");
    assert_eq!(los(&b, "0501", "0505").deciding, Note::D);
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Hilltop, &["0506"]).brown("0503", "0504");
    assert_eq!(los(&b, "0501", "0506").deciding, Note::D, "midway");
}

#[test]
fn los_note_e_more_than_one_orange_blocks_unless_both_on_hilltops() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Hilltop, &["0506"]).orange("0505", "0506");
    assert!(
        los(&b, "0501", "0506").clear(),
        "one orange: the target's hill"
    );
    b.orange("0502", "0503");
    let l = los(&b, "0501", "0506");
    assert_eq!(l.deciding, Note::E);
    assert_eq!(l.blocks.len(), 2);
    b.level(Level::Hilltop, &["0501"]);
    assert!(los(&b, "0501", "0506").clear(), "hilltop to hilltop");
}

#[test]
fn los_note_g_woods_on_a_hilltop_block_all_fire() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Hilltop, &["0501", "0503", "0504", "0505"]);
    b.cover(Cover::Woods, &["0503", "0504"])
        .green("0503", "0504");
    let l = los(&b, "0501", "0505");
    assert!(!l.clear());
    assert_eq!(l.deciding, Note::G);
}

#[test]
fn los_tet_hilltops_see_slopes_and_hilltops_over_brown() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Hilltop, &["0501"])
        .level(Level::Slope, &["0505"]);
    b.brown("0502", "0503")
        .brown("0503", "0504")
        .green("0504", "0505");
    assert!(los(&b, "0501", "0505").clear());
    // On a hilltop the same green side is woods on the hill: Note G.
    b.level(Level::Hilltop, &["0505"]);
    assert_eq!(los(&b, "0501", "0505").deciding, Note::G);
    b.mark("0504", "0505", |m| m.green = false);
    assert!(los(&b, "0501", "0505").clear());
}

#[test]
fn gullies_a_a_gully_and_ground_level_do_not_see_each_other() {
    let mut b = Sandbox::new(12, 12);
    b.gully(&["0501", "0601"]);
    let l = los(&b, "0501", "0505");
    assert!(!l.clear());
    assert_eq!(l.deciding, Note::Gully);
    assert_eq!(l.blocks[0].at, Blocker::Hex(hex("0501")));
    b.gully(&["0505"]);
    assert!(!los(&b, "0505", "0501").clear(), "gully to gully");
    assert!(los(&b, "0501", "0502").clear(), "adjacent");
}

#[test]
fn gullies_b_a_gully_sees_slopes_and_hilltops_as_ground_level() {
    let mut b = Sandbox::new(12, 12);
    b.gully(&["0501"]).level(Level::Hilltop, &["0505"]);
    assert!(los(&b, "0501", "0505").clear());
    b.brown("0502", "0503");
    assert_eq!(los(&b, "0501", "0505").deciding, Note::D);
}

#[test]
fn gullies_c_fords_and_road_crossings_are_clear_terrain() {
    let mut b = Sandbox::new(12, 12);
    b.gully(&["0501", "0601"]).ford(&["0501"]);
    assert!(los(&b, "0501", "0505").clear());
    let mut b = Sandbox::new(12, 12);
    b.gully(&["0501"]).road(&["0401", "0501"]);
    assert!(los(&b, "0501", "0505").clear());
    assert!(!b.s.board.depressed(hex("0501")));
}

#[test]
fn los_is_the_same_both_ways() {
    let mut b = Sandbox::new(12, 12);
    b.level(Level::Hilltop, &["0301", "0302"])
        .level(Level::Slope, &["0303", "0710"])
        .orange("0302", "0303")
        .brown("0505", "0506")
        .green("0406", "0506")
        .gray("0608", "0708");
    let hexes: Vec<_> = b.s.board.grid.iter().collect();
    for &a in hexes.iter().step_by(7) {
        for &t in hexes.iter().step_by(5) {
            let x = line_of_sight(&b.s.board, a, t).clear();
            let y = line_of_sight(&b.s.board, t, a).clear();
            assert_eq!(x, y, "{a} {t}");
        }
    }
}
