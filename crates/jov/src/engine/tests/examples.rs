//! The rulebook's worked examples and illustrated cases not covered by a rule's own tests.

use super::ok;
use super::sandbox::more::{ARTILLERY, GER_MECH};
use super::sandbox::{QUIET, Sandbox, hex, to_step};
use crate::engine::board::Road;
use crate::engine::charts::{Charts, fixture};
use crate::engine::mp::Mp;
use crate::engine::phase::Step;
use crate::engine::state::Mode;
use crate::engine::unit::Size;
use crate::engine::{Action, Army, Event};
use sztab_core::hex::Hexside;

#[test]
fn r9_4_2_example_motorized_strategic_movement_on_a_secondary_road_frozen_costs_a_third() {
    let mut b = Sandbox::new(10, 12);
    for r in 1..6 {
        let (a, c) = (hex(&format!("02{r:02}")), hex(&format!("02{:02}", r + 1)));
        b.rules
            .board
            .set_road(Hexside::new(a, c).unwrap(), Road::Secondary);
    }
    b.unit(Army::German, "mech", &GER_MECH, "0201");
    b.sdm(Army::German, "de-sdm", "0401", &["0501"], 3);
    b.spares();
    let mut g = b.supplied(QUIET);
    to_step(&mut g, Army::German, Step::Movement);
    let mut spent = Vec::new();
    for r in 2..=4 {
        let e = ok(
            &mut g,
            Action::Move {
                units: vec!["mech".into()],
                to: hex(&format!("02{r:02}")),
                mode: Mode::Strategic,
            },
        );
        spent = e
            .iter()
            .find_map(|e| match e {
                Event::Moved { spent, .. } => Some(spent.clone()),
                _ => None,
            })
            .unwrap();
    }
    assert_eq!(spent, vec![Mp::whole(1)], "three hexes at 1/3 MP each");
}

#[test]
fn r12_10_5_example_a_german_regiment_fires_defensively_twice_or_offensively_once() {
    let mut b = Sandbox::new(10, 10);
    let art = b.unit(Army::German, "art", &ARTILLERY, "0505");
    assert_eq!(b.rules.units[art].size, Size::Regiment);
    let mut g = b.game(QUIET);
    let mut d = g.clone();
    d.fire_artillery(art, true);
    assert!(d.state().units[art].fired && !d.state().units[art].out_of_ammo);
    d.fire_artillery(art, true);
    assert!(d.state().units[art].out_of_ammo);
    g.fire_artillery(art, false);
    assert!(g.state().units[art].fired && g.state().units[art].out_of_ammo);
}

#[test]
fn r12_12_2_example_1_1dr_the_attacker_loses_a_step_the_defender_a_step_d_and_retreat() {
    let mut t = fixture::invented();
    let crt = t.tables.iter_mut().find(|x| x.id == "crt").unwrap();
    let row = crt.rows.iter_mut().find(|r| r.key == "7").unwrap();
    row.cells[2] = "1/1DR".into();
    let r = Charts::read(&t).unwrap().crt.result(2, 7);
    assert_eq!(r.attacker.steps, 1);
    assert!(!r.attacker.disorganized && r.attacker.retreat == 0);
    assert_eq!(r.defender.steps, 1);
    assert!(r.defender.disorganized && r.defender.retreat == 1 && !r.defender.breakthrough);
}

#[test]
fn r8_1_2_example_a_korps_tracks_infantry_and_armor_rps_apart() {
    use crate::engine::rules::Receipt;
    let mut b = Sandbox::new(10, 10);
    b.rules.replacements.push(Receipt {
        turn: 1,
        army: Army::German,
        command: 2,
        infantry: 3,
        armor: 1,
    });
    b.spares();
    let mut g = b.game(QUIET);
    to_step(&mut g, Army::German, Step::Movement);
    assert_eq!(g.state().rp.get(&2), Some(&[3, 1]));
}
