//! Movement (9), zones (10) and stacking (11).

use super::sandbox::{QUIET, Sandbox, hex, mv, to_step, units::*};
use super::{ok, refused};
use crate::engine::board::{Cell, Terrain, Water};
use crate::engine::phase::Step;
use crate::engine::state::{Loc, Org};
use crate::engine::{Army, Event};

#[test]
fn r9_2_tactical_movement_pays_the_tec_clear_costs_one() {
    let mut b = Sandbox::new(10, 10);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::Soviet, Step::Movement);
    for h in ["0203", "0204", "0205", "0206", "0207"] {
        ok(&mut g, mv(&["div"], h));
    }
    assert_eq!(refused(&mut g, mv(&["div"], "0208")), "9.0");
}

#[test]
fn r9_9_2_a_unit_may_always_move_one_hex() {
    let mut b = Sandbox::new(10, 10);
    b.rules
        .board
        .set_cell(hex("0203"), Cell::clear(Terrain::Forest));
    b.unit(Army::German, "pz", &PZ_IV, "0202");
    b.rules.units[0].movement = 2;
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::German, Step::Movement);
    let e = ok(&mut g, mv(&["pz"], "0203"));
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Halted { rule, .. } if rule.starts_with("9.9.2"))),
        "{e:?}"
    );
}

#[test]
fn r9_2_1_armor_may_not_cross_an_unbridged_river_infantry_uses_its_whole_ma() {
    let mut b = Sandbox::new(10, 10);
    b.rules
        .board
        .set_water(hex("0202"), hex("0203"), Water::River);
    b.rules
        .board
        .set_water(hex("0502"), hex("0503"), Water::River);
    b.unit(Army::German, "pz", &PZ_IV, "0202");
    b.unit(Army::German, "gr", &GER_REGT, "0502");
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::German, Step::Movement);
    assert_eq!(refused(&mut g, mv(&["pz"], "0203")), "9.2");
    let e = ok(&mut g, mv(&["gr"], "0503"));
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Halted { rule, .. } if rule.starts_with("9.2.1")))
    );
    assert_eq!(refused(&mut g, mv(&["gr"], "0504")), "9.0");
}

#[test]
fn r10_3_1_a_soviet_division_stops_on_entering_a_german_zoc() {
    let mut b = Sandbox::new(10, 10);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.unit(Army::German, "gr", &GER_REGT, "0205");
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::Soviet, Step::Movement);
    ok(&mut g, mv(&["div"], "0203"));
    // 0204 is in the regiment's ZOC (3 infantry steps): entering costs +2 and stops.
    let e = ok(&mut g, mv(&["div"], "0204"));
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Halted { rule, .. } if rule.starts_with("10.3.1"))),
        "{e:?}"
    );
    assert_eq!(refused(&mut g, mv(&["div"], "0304")), "9.0");
}

#[test]
fn r10_1_1_two_infantry_steps_project_only_a_zoi() {
    let mut b = Sandbox::new(10, 10);
    b.unit(Army::German, "gr", &GER_REGT, "0205");
    b.rules.setup[0].2.steps = 2;
    let g = b.game(QUIET);
    assert_eq!(g.projection(hex("0205")), crate::engine::zoc::Zone::Zoi);
    assert_eq!(
        g.enemy_zone(hex("0204"), Army::Soviet),
        crate::engine::zoc::Zone::Zoi
    );
}

#[test]
fn r10_6_1_zones_do_not_project_into_forest_or_town() {
    let mut b = Sandbox::new(10, 10);
    b.rules
        .board
        .set_cell(hex("0204"), Cell::clear(Terrain::Forest));
    b.rules
        .board
        .set_cell(hex("0304"), Cell::clear(Terrain::Town));
    b.unit(Army::German, "gr", &GER_REGT, "0205");
    let g = b.game(QUIET);
    assert_eq!(
        g.enemy_zone(hex("0204"), Army::Soviet),
        crate::engine::zoc::Zone::None
    );
    assert_eq!(
        g.enemy_zone(hex("0206"), Army::Soviet),
        crate::engine::zoc::Zone::Zoc
    );
}

#[test]
fn r10_3_2_german_infantry_moving_zoc_to_zoc_takes_regroup() {
    let mut b = Sandbox::new(10, 10);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0404");
    b.unit(Army::German, "gr", &GER_REGT, "0304");
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::German, Step::Movement);
    // 0304 and 0305 are both next to the division (a ZOC).
    ok(&mut g, mv(&["gr"], "0305"));
    let e = ok(&mut g, crate::engine::Action::EndPhase);
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::OrgChanged { rule, .. } if rule == "10.3.2")),
        "{e:?}"
    );
    assert_eq!(g.state().units[1].org, Org::Regroup);
}

#[test]
fn r11_1_2_an_overstacked_hex_is_disorganized_and_its_strongest_loses_a_step() {
    let mut b = Sandbox::new(10, 10);
    b.rules
        .board
        .set_cell(hex("0203"), Cell::clear(Terrain::Forest));
    b.unit(Army::German, "a", &GER_REGT, "0203");
    b.unit(Army::German, "b", &PZ_IV, "0203");
    b.unit(Army::German, "c", &PZ_IV, "0202");
    b.unit(Army::Soviet, "target", &RIFLE_DIV, "0902");
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::German, Step::Movement);
    ok(&mut g, mv(&["c"], "0203"));
    let e = ok(&mut g, crate::engine::Action::EndPhase);
    assert!(
        e.iter().any(|e| matches!(e, Event::Overstacked { .. })),
        "{e:?}"
    );
    let s = &g.state().units;
    assert!(s[..3].iter().all(|u| u.org == Org::Disorganized));
    assert_eq!(s[0].steps + s[1].steps + s[2].steps, 3 + 2 + 2 - 1);
    assert!(s.iter().all(|u| u.loc != Loc::Eliminated));
}

/// J-32: a railroad beside a road costs the cheaper of their two TEC rows.
#[test]
fn j32_a_railroad_beside_a_road_costs_the_cheaper_row() {
    use crate::engine::board::Road;
    use crate::engine::state::Mode;
    use sztab_core::hex::Hexside;
    let cost = |roads: &[Road]| {
        let mut b = Sandbox::new(10, 10);
        b.rules
            .board
            .set_cell(hex("0203"), Cell::clear(Terrain::Forest));
        let hs = Hexside::new(hex("0202"), hex("0203")).unwrap();
        for r in roads {
            b.rules.board.set_road(hs, *r);
        }
        b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
        let g = b.game(QUIET);
        g.terrain_cost(0, hex("0202"), hex("0203"), Mode::Tactical)
    };
    let (road, rail) = (cost(&[Road::Primary]), cost(&[Road::Railroad]));
    assert_ne!(road, rail, "the fixture's rows differ, so the choice shows");
    let both = cost(&[Road::Railroad, Road::Primary]);
    assert!(both == road || both == rail);
    assert!(both.rank() <= road.rank() && both.rank() <= rail.rank());
    assert_eq!(
        both,
        cost(&[Road::Primary, Road::Railroad]),
        "order does not matter"
    );
    assert!(matches!(both, crate::engine::movement::TerrainCost::Mp(_)));
}

/// Issue 33: a refused order names its hexes as the sheets print them.
#[test]
fn a_refusal_names_hexes_by_their_sheet_labels() {
    let mut b = Sandbox::new(10, 10);
    b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    b.spares();
    for (h, label) in [("0202", "B-4722"), ("0204", "B-4724")] {
        b.rules.board.labels.set(hex(h), vec![label.to_owned()]);
    }
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::Soviet, Step::Movement);
    let why = g.apply(&mv(&["div"], "0204")).unwrap_err().to_string();
    assert!(why.contains("B-4724 is not next to B-4722"), "{why}");
}
