//! The supply phases with decisions (14.4, 14.7, 14.8) and Improved Positions (15.1).

use super::sandbox::more::ARTILLERY;
use super::sandbox::{QUIET, Sandbox, hex, to_step, units::*};
use super::{ok, refused};
use crate::engine::phase::Step;
use crate::engine::state::Supply;
use crate::engine::unit::Kind;
use crate::engine::{Action, Army, Event};

#[test]
fn r14_4_soviet_artillery_on_its_back_is_resupplied_for_one_sp() {
    let mut b = Sandbox::new(10, 10);
    let sdm = b.sdm(Army::Soviet, "su-sdm", "0301", &["0201"], 3);
    let art = b.unit(Army::Soviet, "art", &ARTILLERY, "0303");
    b.rules
        .setup
        .iter_mut()
        .find(|s| s.0 == art)
        .unwrap()
        .2
        .fired = true;
    b.spares();
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::Soviet, Step::ArtilleryResupply);
    assert_eq!(
        g.legal(),
        vec![
            Action::Resupply {
                unit: "art".into(),
                full: false
            },
            Action::EndPhase
        ]
    );
    ok(
        &mut g,
        Action::Resupply {
            unit: "art".into(),
            full: false,
        },
    );
    assert!(!g.state().units[art].fired);
    assert_eq!(g.state().sp[&sdm], 2);
}

#[test]
fn r14_4_a_german_regiment_out_of_ammo_costs_two_sp_to_flip_or_one_to_clear_the_marker() {
    let mut b = Sandbox::new(10, 10);
    let sdm = b.sdm(Army::German, "de-sdm", "0301", &["0201"], 3);
    let art = b.unit(Army::German, "art", &ARTILLERY, "0303");
    let st = &mut b.rules.setup.iter_mut().find(|s| s.0 == art).unwrap().2;
    st.fired = true;
    st.out_of_ammo = true;
    b.spares();
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::German, Step::ArtilleryResupply);
    let mut h = g.clone();
    ok(
        &mut g,
        Action::Resupply {
            unit: "art".into(),
            full: true,
        },
    );
    assert!(!g.state().units[art].fired && !g.state().units[art].out_of_ammo);
    assert_eq!(g.state().sp[&sdm], 1);
    ok(
        &mut h,
        Action::Resupply {
            unit: "art".into(),
            full: false,
        },
    );
    assert!(h.state().units[art].fired && !h.state().units[art].out_of_ammo);
    assert_eq!(h.state().sp[&sdm], 2);
}

#[test]
fn r14_7_one_sp_supplies_an_oos_hex_at_twice_the_range() {
    let mut b = Sandbox::new(12, 10);
    let sdm = b.sdm(Army::German, "de-sdm", "0101", &["0102"], 3);
    // Nine hexes along the top row: beyond 6, within 12.
    let far = b.unit(Army::German, "far", &GER_REGT, "1001");
    b.spares();
    let mut g = b.supplied(QUIET);
    assert_eq!(g.state().units[far].supply, Supply::Oos1);
    to_step(&mut g, Army::German, Step::ExtendedSupply);
    ok(
        &mut g,
        Action::Extend {
            sdm: "de-sdm".into(),
            hex: hex("1001"),
        },
    );
    assert_eq!(g.state().units[far].supply, Supply::In);
    assert_eq!(
        g.state().units[far].sdm,
        None,
        "14.7: no combat support from it"
    );
    assert_eq!(g.state().sp[&sdm], 2);
}

#[test]
fn r14_8_a_soviet_air_drop_on_1_or_2_supplies_the_hex() {
    let mut b = Sandbox::new(10, 10);
    let div = b.unit(Army::Soviet, "div", &RIFLE_DIV, "0505");
    b.spares();
    let mut faces = QUIET.to_vec();
    faces.push(2);
    let mut g = b.supplied(&faces);
    assert_eq!(g.state().units[div].supply, Supply::Oos1);
    to_step(&mut g, Army::Soviet, Step::SovietAirDrop);
    let e = ok(&mut g, Action::AirDrop { hex: hex("0505") });
    assert!(e.iter().any(|e| matches!(
        e,
        Event::AirDropRolled {
            roll: 2,
            supplied: true,
            ..
        }
    )));
    assert_eq!(g.state().units[div].supply, Supply::In);
}

#[test]
fn r15_1_a_german_engineer_builds_an_improved_position_for_one_sp_not_in_a_village() {
    use crate::engine::board::{Cell, Terrain};
    use crate::engine::unit::Sapper;
    let mut b = Sandbox::new(10, 10);
    b.sdm(Army::German, "de-sdm", "0301", &["0201"], 3);
    let eng = b.unit(Army::German, "eng", &GER_REGT, "0303");
    let eng2 = b.unit(Army::German, "eng2", &GER_REGT, "0304");
    for u in [eng, eng2] {
        b.rules.units[u].kind = Kind::Engineer(Sapper::Combat);
    }
    let village = Cell {
        village: true,
        ..Cell::clear(Terrain::Clear)
    };
    b.rules.board.set_cell(hex("0304"), village);
    b.spares();
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::German, Step::Engineering);
    assert_eq!(
        refused(
            &mut g,
            Action::BuildIp {
                unit: "eng2".into()
            }
        ),
        "15.1"
    );
    let e = ok(&mut g, Action::BuildIp { unit: "eng".into() });
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::SpSpent { sp: 1, left: 2, .. })),
        "{e:?}"
    );
    assert!(e.iter().any(|e| matches!(e, Event::IpBuilt { .. })));
    assert!(g.state().improved_positions.contains(&hex("0303")));
}
