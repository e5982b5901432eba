//! The bots against the rules: the orders they give are the ones the rules allow and
//! the position calls for.

use super::ok;
use crate::engine::bots;
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, hex, units::*};
use crate::engine::{Action, Game, Step};

/// Ends steps until it is `side`'s fire step.
fn to_fire_of(g: &mut Game, side: usize) {
    let mut guard = 0;
    while !(g.state().side == side && g.state().step == Step::Fire) {
        ok(g, Action::EndStep);
        guard += 1;
        assert!(guard < 10, "never reached side {side}'s fire step");
    }
}

/// The position: two PzKw IIIs next to a Russian SMG company and three hexes
/// from two 76.2mm AT guns, at the Russian fire step.
fn pz3s_next_to_smg() -> Game {
    let mut b = Sandbox::new(10, 10);
    b.unit(GERMAN, "pz3-1", PZ_III, "0504");
    b.unit(GERMAN, "pz3-2", PZ_III, "0504");
    b.unit(RUSSIAN, "smg", SMG_RU, "0505");
    b.unit(RUSSIAN, "at-1", AT_76, "0507");
    b.unit(RUSSIAN, "at-2", AT_76, "0407");
    let mut g = b.game(1);
    to_fire_of(&mut g, RUSSIAN);
    g
}

/// Weapon-to-Target A and the WEC: the SMG company's I weapons have no factor against
/// the tanks, but the AT guns do (12 doubled within half range: 48 to 6, 4-1). The bots
/// fire with the guns and leave the SMG company out (decision P-19), where they used
/// to drop the whole target because the order with the SMG company in it was refused.
#[test]
fn weapon_to_target_a_bots_fire_on_armor_without_their_i_weapons() {
    for bot in ["heuristic", "greedy"] {
        let g = pz3s_next_to_smg();
        let mut b = bots::build(bot, 1).unwrap();
        let a = b.decide(&g);
        let Action::Fire { attacks, .. } = &a else {
            panic!("{bot}: {a} at the fire step");
        };
        let [order] = attacks.as_slice() else {
            panic!("{bot}: one attack on the PzKw IIIs, not {a}");
        };
        assert_eq!(order.hex, hex("0504"), "{bot}: {a}");
        let by: Vec<&str> = order.attackers().map(|s| s.as_str()).collect();
        assert!(!by.contains(&"smg"), "{bot}: {a}");
        assert!(by.iter().all(|u| u.starts_with("at-")), "{bot}: {a}");
        // The order is legal and its odds are worth a shot.
        let plans = g.plan_fire(order).unwrap();
        assert!(plans.iter().all(|p| p.column >= 4), "{bot}: {plans:?}");
        let mut g = g.clone();
        ok(&mut g, a);
    }
}

/// Decision P-20: `heuristic` takes a strength 1 to 5 (3 when none is given); any other
/// strength, or a strength for a bot that takes none, is refused.
#[test]
fn p20_heuristic_strengths_one_to_five() {
    for n in 1..=5 {
        assert!(bots::build(&format!("heuristic:{n}"), 1).is_ok(), "{n}");
    }
    assert!(bots::build("heuristic", 1).is_ok());
    for bad in [
        "heuristic:0",
        "heuristic:6",
        "heuristic:9",
        "heuristic:x",
        "greedy:2",
    ] {
        assert!(bots::build(bad, 1).is_err(), "{bad}");
    }
    let info = bots::BOTS.iter().find(|b| b.kind == "heuristic").unwrap();
    assert_eq!(info.strengths, Some((1, 5)));
    assert_eq!(info.default_strength, 3);
}

/// Decision P-20: at strength 1 the heuristic fires on the first target hex by hex that
/// pays, with every unit that can; at 3 it picks the best target of the front and no
/// more units than the odds need. Two AT guns reach a lone recon company (defense 4, the
/// first hex) and a Tiger (defense 12); the Tiger is worth more.
#[test]
fn p20_strength_one_fires_hex_by_hex_three_weighs_the_front() {
    let mut b = Sandbox::new(10, 10);
    b.unit(GERMAN, "recon", RECON, "0304");
    b.unit(GERMAN, "tiger", TIGER, "0704");
    b.unit(RUSSIAN, "at-1", AT_76, "0506");
    b.unit(RUSSIAN, "at-2", AT_76, "0505");
    let mut g = b.game(1);
    to_fire_of(&mut g, RUSSIAN);
    let target = |bot: &str| -> Vec<(String, usize)> {
        let a = bots::build(bot, 1).unwrap().decide(&g);
        let Action::Fire { attacks, .. } = a else {
            panic!("{bot}: {a}");
        };
        attacks
            .iter()
            .map(|o| (o.hex.to_string(), o.attackers().count()))
            .collect()
    };
    let one = target("heuristic:1");
    let three = target("heuristic:3");
    assert_eq!(one.first().map(|x| x.0.as_str()), Some("0304"), "{one:?}");
    assert_eq!(one[0].1, 2, "{one:?}");
    assert_eq!(
        three.first().map(|x| x.0.as_str()),
        Some("0704"),
        "{three:?}"
    );
}
