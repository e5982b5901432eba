//! Supply (13) and supply points (14.2).

use super::sandbox::{QUIET, Sandbox, units::*};
use crate::engine::mp::Mp;
use crate::engine::state::{Mode, Supply};
use crate::engine::{Army, Event};

/// A German SDM on 0101 whose road runs down column 01 for `len` hexes to its source.
fn sdm_road(len: usize, capacity: u32) -> Sandbox {
    let mut b = Sandbox::new(12, 20);
    let road: Vec<String> = (2..=len + 1).map(|r| format!("01{r:02}")).collect();
    let refs: Vec<&str> = road.iter().map(String::as_str).collect();
    b.sdm(Army::German, "de-sdm", "0101", &refs, capacity);
    b.spares();
    b
}

/// The events up to the end of the first Supply Marker Phases, SP reception included.
fn reception(b: &Sandbox) -> Vec<Event> {
    let mut g = b.game(QUIET);
    let mut ev = g.opening_events().to_vec();
    while g.state().phase.step == crate::engine::phase::Step::SupplyMarkers {
        ev.extend(g.apply(&crate::engine::Action::EndPhase).unwrap());
    }
    ev
}

fn sp(events: &[Event]) -> Option<(u32, u32)> {
    events.iter().find_map(|e| match e {
        Event::SupplyPoints {
            sdm,
            increments,
            sp,
        } if sdm == "de-sdm" => Some((*increments, *sp)),
        _ => None,
    })
}

#[test]
fn r14_2_example_capacity_4_two_hexes_past_the_first_increment_gives_3_sp() {
    let ev = reception(&sdm_road(8, 4));
    assert_eq!(sp(&ev), Some((2, 3)));
}

#[test]
fn r14_2_one_increment_past_capacity_is_the_truck_side_and_more_supplies_nothing() {
    let ev = reception(&sdm_road(12, 1));
    assert_eq!(sp(&ev), Some((2, 0)));
    let ev = reception(&sdm_road(18, 1));
    assert_eq!(sp(&ev), None);
}

#[test]
fn r13_4_1_a_german_unit_six_hexes_from_its_sdm_is_in_supply_seven_is_oos1() {
    let mut b = sdm_road(2, 4);
    let near = b.unit(Army::German, "near", &GER_REGT, "0701");
    let far = b.unit(Army::German, "far", &GER_REGT, "0801");
    let g = b.supplied(QUIET);
    assert_eq!(g.state().units[near].supply, Supply::In);
    assert_eq!(g.state().units[far].supply, Supply::Oos1);
}

#[test]
fn r13_3_an_enemy_zone_blocks_the_supply_path_unless_a_friend_holds_the_hex() {
    // The unit is 6 hexes from its SDM along the top row (its range, Frozen); the source
    // is far down the road. A Soviet division on 0302 projects into 0201, 0301, 0401.
    let setup = |friends: &[&str]| {
        let mut b = sdm_road(8, 4);
        let cut = b.unit(Army::German, "cut", &GER_REGT, "0701");
        b.unit(Army::Soviet, "div", &RIFLE_DIV, "0302");
        for (i, h) in friends.iter().enumerate() {
            b.unit(Army::German, &format!("hold{i}"), &GER_REGT, h);
        }
        (b.supplied(QUIET), cut)
    };
    let (g, cut) = setup(&[]);
    assert_eq!(g.state().units[cut].supply, Supply::Oos1);
    let (g, cut) = setup(&["0201", "0301", "0401"]);
    assert_eq!(g.state().units[cut].supply, Supply::In);
}

#[test]
fn r13_5_1_oos1_halves_armor_movement_but_not_infantry() {
    let mut b = Sandbox::new(10, 10);
    let pz = b.unit(Army::German, "pz", &PZ_IV, "0505");
    let gr = b.unit(Army::German, "gr", &GER_REGT, "0506");
    b.spares();
    let g = b.supplied(QUIET);
    assert_eq!(g.state().units[pz].supply, Supply::Oos1);
    assert_eq!(g.allowance(pz, Mode::Tactical, false), Mp::whole(4));
    assert_eq!(g.allowance(gr, Mode::Tactical, false), Mp::whole(5));
}
