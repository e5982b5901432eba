//! The probes on the shipped boards: each Special Note of the Target Elevation Table
//! where a board shows it, blocking and seen over, the gully rule, the defender's benefit
//! of the doubt, the hex view, and the probe agreeing with the engine's LOS.

use proptest::prelude::*;

use super::*;
use sztab_core::model::MapBundle;

fn load(file: &str) -> Map {
    let p = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("scenarios/panzerblitz")
        .join(file);
    MapBundle::load(&p).expect("a shipped board loads").0.map
}

fn board(n: u8) -> Map {
    load(&format!("boards/board-{n}.map.ron"))
}

/// The hex printed `text` ("B-2", or "1-B-2" on a composed map).
fn at(map: &Map, text: &str) -> HexId {
    map.grid
        .iter()
        .find(|h| map.labels_of(*h).iter().any(|l| l == text))
        .unwrap_or_else(|| panic!("no hex {text}"))
}

fn line(map: &Map, from: &str, to: &str) -> ProbeReport {
    probe("los", map, &[at(map, from), at(map, to)]).expect("the probe answers")
}

/// The mark on the hexside between the hexes printed `a` and `b`.
fn side_mark<'r>(map: &Map, r: &'r ProbeReport, a: &str, b: &str) -> &'r Mark {
    let side = map.grid.hexside(at(map, a), at(map, b)).expect("adjacent");
    r.marks
        .iter()
        .find(|m| m.at == MarkAt::Hexside(side))
        .unwrap_or_else(|| panic!("no mark on {a}/{b}: {:#?}", r.marks))
}

/// The line is blocked by exactly one mark, on `a`/`b`, decided by `note`.
fn assert_blocked_once(map: &Map, r: &ProbeReport, a: &str, b: &str, note: &str) {
    assert_eq!(r.verdict, Verdict::Blocks, "{}", r.summary);
    let m = side_mark(map, r, a, b);
    assert_eq!((m.verdict, m.note.as_str()), (Verdict::Blocks, note));
    let blocking = r.marks.iter().filter(|m| m.verdict != Verdict::Clear);
    assert_eq!(blocking.count(), 1, "{:#?}", r.marks);
    assert!(
        r.summary.contains(&format!("hexside {a}/{b} ({note}:")),
        "{}",
        r.summary
    );
}

/// The line is clear and sees over `a`/`b` by `note`.
fn assert_seen_over(map: &Map, r: &ProbeReport, a: &str, b: &str, note: &str) {
    assert_eq!(r.verdict, Verdict::Clear, "{}", r.summary);
    let m = side_mark(map, r, a, b);
    assert_eq!((m.verdict, m.note.as_str()), (Verdict::Clear, note));
}

#[test]
fn note_a_a_target_directly_behind_a_green_hexside_is_hidden_from_a_hilltop() {
    let map = board(1);
    let r = line(&map, "B-2", "F-4");
    assert_blocked_once(&map, &r, "E-3", "F-4", "Note A");
    assert!(r.details.contains(&"from B-2: hilltop (e 2)".to_owned()));
    assert!(
        r.details
            .iter()
            .any(|d| d.starts_with("to F-4: ground level (e 0)")),
        "{:?}",
        r.details
    );
}

#[test]
fn note_a_a_green_hexside_short_of_the_target_hex_is_seen_over_from_a_slope() {
    let map = board(1);
    assert_seen_over(&map, &line(&map, "A-6", "C-11"), "B-10", "C-10", "Note A");
}

#[test]
fn note_b_a_firer_directly_behind_a_gray_hexside_does_not_see_the_hilltop() {
    let map = board(1);
    assert_blocked_once(&map, &line(&map, "C-9", "C-6"), "C-8", "C-9", "Note B");
}

#[test]
fn note_b_a_gray_hexside_away_from_the_firing_hex_is_seen_over() {
    let map = board(1);
    assert_seen_over(&map, &line(&map, "A-7", "E-9"), "C-8", "D-9", "Note B");
}

#[test]
fn note_c_a_brown_hexside_midway_blocks_a_hilltop_firer() {
    let map = board(1);
    let r = line(&map, "B-2", "E-1");
    assert_blocked_once(&map, &r, "C-1", "D-2", "Note C");
    assert!(side_mark(&map, &r, "C-1", "D-2").why.contains("2 of 3"));
}

#[test]
fn note_c_a_brown_hexside_nearer_the_hilltop_firer_is_seen_over() {
    let map = board(3);
    let r = line(&map, "J-9", "D-8");
    assert_eq!(r.verdict, Verdict::Clear, "{}", r.summary);
    assert!(
        r.marks
            .iter()
            .any(|m| m.note == "Note C" && m.verdict == Verdict::Clear),
        "{:#?}",
        r.marks
    );
}

#[test]
fn note_d_a_brown_hexside_nearer_the_firer_blocks_a_shot_at_a_hilltop() {
    let map = board(1);
    assert_blocked_once(&map, &line(&map, "A-3", "E-7"), "B-5", "C-5", "Note D");
}

#[test]
fn note_d_a_brown_hexside_nearer_the_hilltop_target_is_seen_over() {
    let map = board(3);
    let r = line(&map, "D-8", "J-9");
    assert_eq!(r.verdict, Verdict::Clear, "{}", r.summary);
    assert!(r.marks.iter().any(|m| m.note == "Note D"));
}

#[test]
fn note_e_more_than_one_orange_hexside_blocks() {
    let map = board(2);
    let r = line(&map, "A-5", "H-7");
    assert_eq!(r.verdict, Verdict::Blocks);
    let orange: Vec<&Mark> = r.marks.iter().filter(|m| m.note == "Note E").collect();
    assert!(orange.len() >= 2, "{:#?}", r.marks);
    assert!(orange.iter().all(|m| m.verdict != Verdict::Clear));
    assert!(r.summary.contains("Note E"), "{}", r.summary);
}

#[test]
fn note_e_one_orange_hexside_is_seen_over() {
    let map = board(1);
    assert_seen_over(&map, &line(&map, "A-3", "B-6"), "B-5", "B-6", "Note E");
}

#[test]
fn note_e_hilltop_to_hilltop_sees_over_orange_hexsides() {
    let map = board(1);
    let r = line(&map, "B-2", "B-6");
    assert_eq!(r.verdict, Verdict::Clear, "{}", r.summary);
    assert!(r.marks.iter().all(|m| m.verdict == Verdict::Clear));
    assert!(r.summary.contains("hilltop to hilltop"), "{}", r.summary);
}

#[test]
fn note_f_adjacent_units_always_see_each_other() {
    let map = board(1);
    let r = line(&map, "B-2", "A-1");
    assert_eq!(r.verdict, Verdict::Clear);
    assert!(r.summary.contains("Note F"), "{}", r.summary);
    assert_eq!(r.path.len(), 2);
}

#[test]
fn note_g_green_on_a_hilltop_blocks_hilltop_to_hilltop() {
    let map = board(1);
    assert_blocked_once(&map, &line(&map, "C-6", "E-7"), "C-6", "D-7", "Note G");
}

#[test]
fn note_h_both_on_ground_level_a_brown_hexside_blocks() {
    let map = board(1);
    assert_blocked_once(&map, &line(&map, "A-3", "D-4"), "B-4", "C-3", "Note H");
}

#[test]
fn tet_slope_to_slope_a_brown_hexside_blocks() {
    let map = board(1);
    let r = line(&map, "A-1", "B-4");
    assert_blocked_once(&map, &r, "A-2", "B-3", "Target Elevation Table");
}

#[test]
fn tet_slope_to_slope_a_green_hexside_is_seen_over() {
    let map = board(1);
    let r = line(&map, "D-3", "F-7");
    assert_seen_over(&map, &r, "D-4", "E-4", "Target Elevation Table");
}

#[test]
fn gullies_a_a_unit_in_a_gully_and_one_at_ground_level_do_not_see_each_other() {
    let map = board(1);
    let r = line(&map, "A-4", "G-1");
    assert_eq!(r.verdict, Verdict::Blocks);
    let m = &r.marks[0];
    assert_eq!(m.at, MarkAt::Hex(at(&map, "G-1")));
    assert_eq!(m.note, "Gullies A");
    assert!(
        r.details.iter().any(|d| d.contains("gully")),
        "{:?}",
        r.details
    );
}

#[test]
fn p05_a_hexside_on_one_route_of_two_blocks_in_part_and_the_defender_gets_the_doubt() {
    let map = board(1);
    let r = line(&map, "D-7", "E-10");
    assert_eq!(r.verdict, Verdict::Blocks);
    let m = side_mark(&map, &r, "E-8", "E-9");
    assert_eq!((m.verdict, m.note.as_str()), (Verdict::Partly, "Note C"));
    assert!(r.summary.contains("decision P-05"), "{}", r.summary);
    assert!(r.path.iter().any(|s| s.len() == 2), "{:?}", r.path);
    assert!(r.details.iter().any(|d| d.contains("runs along hexsides")));
}

#[test]
fn on_a_composed_map_the_probe_names_hexes_by_board_and_sees_across_the_seam() {
    let map = load("maps/side-1-2-3.map.ron");
    let r = line(&map, "1-B-2", "1-F-4");
    assert_blocked_once(&map, &r, "1-E-3", "1-F-4", "Note A");
    assert!(
        r.summary.starts_with("1-B-2 does not see 1-F-4"),
        "{}",
        r.summary
    );
    // A line from board 1 onto board 2 traces through the seam hexes.
    let (a, b) = (at(&map, "1-B-2"), at(&map, "2-B-9"));
    let r = probe("los", &map, &[a, b]).unwrap();
    let mut unread = Vec::new();
    let engine = los::line_of_sight(&compile::board(&map, &mut unread), a, b);
    assert_eq!(r.verdict == Verdict::Clear, engine.clear());
    assert_eq!(r.path, engine.steps);
}

#[test]
fn hex_view_gives_the_terrain_effects_and_what_a_unit_there_sees() {
    let map = board(1);
    let h = at(&map, "B-2");
    let r = probe("view", &map, &[h]).unwrap();
    let others = map.grid.len() - 1;
    assert_eq!(r.marks.len(), others);
    let seen = r
        .marks
        .iter()
        .filter(|m| m.verdict == Verdict::Clear)
        .count();
    assert!(
        r.summary
            .ends_with(&format!("sees {seen} of the other {others} hexes")),
        "{}",
        r.summary
    );
    assert!(r.summary.starts_with("B-2: hilltop (e 2)"));
    // E-1 is hidden behind the brown hexside midway (Note C), as the line probe says.
    let e1 = r
        .marks
        .iter()
        .find(|m| m.at == MarkAt::Hex(at(&map, "E-1")))
        .unwrap();
    assert_eq!((e1.verdict, e1.note.as_str()), (Verdict::Blocks, "Note C"));
    // A woods hilltop: the TEC's cover and spotting.
    let woods = probe("view", &map, &[at(&map, "B-6")]).unwrap();
    assert!(woods.summary.starts_with("B-6: hilltop (e 2), woods"));
    assert!(
        woods
            .details
            .iter()
            .any(|d| d.contains("+1 to the attacker's die roll")),
        "{:?}",
        woods.details
    );
    assert!(woods.details.iter().any(|d| d.contains("once spotted")));
    assert!(woods.details[0].starts_with("to enter off the road: foot 1 MF"));
}

#[test]
fn the_probes_refuse_what_they_cannot_answer() {
    let map = board(1);
    let h = at(&map, "B-2");
    assert!(probe("los", &map, &[h]).unwrap_err().contains("two hexes"));
    assert!(
        probe("view", &map, &[h, h])
            .unwrap_err()
            .contains("one hex")
    );
    assert!(probe("radar", &map, &[h]).unwrap_err().contains("no probe"));
    let off = HexId::new(40, 40);
    assert!(
        probe("view", &map, &[off])
            .unwrap_err()
            .contains("not on the map")
    );
}

#[test]
fn half_movement_factors_read_as_the_rulebook_writes_them() {
    assert_eq!(mf(1), "½ MF");
    assert_eq!(mf(2), "1 MF");
    assert_eq!(mf(3), "1½ MF");
    assert_eq!(mf(8), "4 MF");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// On board 2 (hills, plateau, gullies, town) the probe's verdict is the engine's,
    /// every block the engine finds is a mark that is not clear, and the summary names
    /// the note that decides.
    #[test]
    fn the_probe_agrees_with_the_engine_on_board_2(i in 0usize..363, j in 0usize..363) {
        thread_local!(static MAP: Map = board(2));
        MAP.with(|map| {
            let hexes: Vec<HexId> = map.grid.iter().collect();
            let (a, b) = (hexes[i % hexes.len()], hexes[j % hexes.len()]);
            let r = probe("los", map, &[a, b]).unwrap();
            let mut unread = Vec::new();
            let l = los::line_of_sight(&compile::board(map, &mut unread), a, b);
            prop_assert!(unread.is_empty());
            prop_assert_eq!(r.verdict == Verdict::Clear, l.clear());
            prop_assert_eq!(&r.path, &l.steps);
            for x in &l.blocks {
                prop_assert!(r.marks.iter().any(|m| m.at == mark_at(x.at)
                    && m.verdict != Verdict::Clear
                    && m.note == x.note.name()));
            }
            prop_assert!(r.summary.contains(l.deciding.name()), "{}", r.summary);
            Ok(())
        })?;
    }
}
