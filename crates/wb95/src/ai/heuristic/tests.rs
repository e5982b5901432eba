//! The heuristic bot's pieces on hand-made positions: which attack it chooses, how it
//! weighs an enemy stack that cuts its units off supply, and when it calls in optional
//! reserves.

use super::analysis::Analysis;
use super::movement::worth_calling_in;
use super::{HeuristicBot, Params};
use crate::ai::Player;
use crate::sandbox::Sandbox;
use crate::tests::{end, hx, pass, start, unit, until};
use crate::{Action, Decision, Game, Pending, PhaseKind, Side};
use sztab_core::hex::HexId;
use sztab_core::model::{
    AutoTiming, AutoVictory, Entry, Place, PlaceKind, Victory, VictoryLevel, VpAward, VpEvent,
};

pub(super) fn decide(bot: &mut HeuristicBot, g: &Game) -> Action {
    let Pending::Decide { side, decision } = g.pending() else {
        panic!("game over")
    };
    bot.decide(g, &side, &decision)
}

fn attacked_hexes(a: &Action) -> Vec<HexId> {
    match a {
        Action::Attack(o) => o.defenders.clone(),
        other => panic!("not an attack: {other:?}"),
    }
}

/// An armored regiment next to a lone weak regiment and a strong one: whatever it is
/// obliged to, the bot attacks where its odds are good, and the engine accepts it.
#[test]
fn the_bot_attacks_the_weak_neighbour_not_the_strong_one() {
    let mut s = Sandbox::new(10, 10, 2);
    s.armor("a", "german", "0505", 12, 6);
    let weak = s.unit("weak", "soviet", "0504");
    (weak.sp, weak.cel, weak.reduced) = (1, 1, None);
    s.unit("strong", "soviet", "0506").sp = 16;
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    let mut bot = HeuristicBot::new(3, 1);
    let a = decide(&mut bot, &g);
    assert_eq!(attacked_hexes(&a), vec![HexId::parse("0504").unwrap()]);
    assert!(g.apply(a).is_ok());
}

/// The Soviet side (which does not score) with three regiments cut off: the road from its
/// supply edge runs through a German stack. The analysis values driving off that stack
/// by the units it cuts off, and a stack that cuts nothing at zero.
pub(super) fn pocket() -> Sandbox {
    let mut s = Sandbox::new(10, 8, 3);
    for (a, b) in [
        ("1005", "0905"),
        ("0905", "0805"),
        ("0805", "0705"),
        ("0705", "0605"),
        ("0605", "0505"),
    ] {
        s.road(a, b, "main");
    }
    for u in ["pocket", "p2", "p3"] {
        s.unit(u, "soviet", "0505");
    }
    s.armor("q", "soviet", "0905", 12, 6);
    s.unit("blocker", "german", "0805");
    // Weaker than the blocker: without the cut it would be the better target.
    s.unit("aside", "german", "0904").sp = 3;
    s.unit("far", "german", "0202");
    for u in ["blocker", "aside", "far"] {
        if let Some(p) = s.placement(u) {
            // Fortified, so the German need not attack q in his own Combat phase.
            p.fortified = true;
        }
    }
    s
}

#[test]
fn a_stack_cutting_units_off_supply_is_worth_driving_off() {
    let g = start(&pocket());
    let an = Analysis::new(&g, Side::B, true, None);
    let pocket = g.unit_state(unit(&g, "pocket")).hex().unwrap();
    assert!(
        an.supply[pocket] > g.info(unit(&g, "pocket")).supply_mp.twelfths(),
        "the pocket is cut off"
    );
    assert!(an.cut[hx(&g, "0805")] > 0.0, "the blocker cuts it off");
    assert_eq!(
        an.cut[hx(&g, "0904")],
        0.0,
        "a stack beside the road does not"
    );
    assert_eq!(an.cut[hx(&g, "0202")], 0.0);
    let german = Analysis::new(&g, Side::A, true, None);
    assert!(german.cut.is_empty(), "the scorer weighs no supply cuts");
}

/// R10.1.10: the line of supply passes a hex in an enemy ZoC that a friendly regular unit
/// holds. The empty hex in front of a Soviet stack is blocked in the position as it
/// stands, but the German unit that steps in holds it, so the bot does not count it cut
/// off (before this, every advance into contact looked like a step out of supply).
#[test]
fn r10_1_10_a_hex_a_regular_unit_steps_into_is_held_for_the_line() {
    let mut s = Sandbox::new(10, 8, 3);
    s.unit("g", "german", "0205");
    s.unit("r", "soviet", "0505");
    let g = start(&s);
    let an = Analysis::new(&g, Side::A, true, None);
    let (front, enemy) = (hx(&g, "0405"), hx(&g, "0505"));
    let range = g.info(unit(&g, "g")).supply_mp.twelfths();
    assert!(an.supply[front] > range, "blocked while nobody holds it");
    assert!(
        an.supply_held[front] <= range,
        "supplied to the unit that holds it"
    );
    assert!(
        an.supply_held[enemy] > range,
        "the enemy's own hex stays closed"
    );
    assert_eq!(an.to_supply[front], 0);
}

/// In its Combat phase the Soviet bot, having planned its Movement phase, attacks the
/// stack that cuts its regiments off rather than a weaker one beside it.
#[test]
fn the_bot_attacks_the_stack_that_cuts_its_units_off() {
    let mut g = start(&pocket());
    until(&mut g, PhaseKind::Movement, Side::B);
    let mut bot = HeuristicBot::new(3, 7);
    // The bot plans the phase (and finds the cut); its units stay where they are.
    let _ = decide(&mut bot, &g);
    end(&mut g);
    while g.state().clock.phase.kind() != PhaseKind::Combat {
        pass(&mut g);
    }
    let a = decide(&mut bot, &g);
    assert_eq!(attacked_hexes(&a), vec![HexId::parse("0805").unwrap()]);
}

/// A Soviet reserve that gives the German 3 VP, with the German holding `vp` and the
/// German winning from `german_wins_at` VP; optionally a German automatic-victory town
/// at 0305 next to a German regiment.
pub(super) fn reserve_game(vp_needed: i32, town: bool) -> Game {
    let mut s = Sandbox::new(12, 10, 3);
    s.unit("g", "german", "0205");
    s.unit("s", "soviet", "1108");
    s.zone("E", &["1205"]);
    s.counter("res", "soviet");
    let r = s.arrives(1, vec![Entry::Zone("E".into())], &["res"]);
    r.optional = true;
    r.enemy_vp = 3;
    s.bundle.scenario.rules.optional_reserves = true;
    let mut automatic = Vec::new();
    if town {
        s.bundle.map.places.push(Place {
            name: "Town".into(),
            kind: PlaceKind::Town,
            hexes: vec![HexId::parse("0305").unwrap()],
        });
        automatic.push(AutoVictory {
            side: "german".into(),
            places: vec!["Town".into()],
            timing: AutoTiming::AtEndOfEnemySupply,
        });
    }
    s.bundle.scenario.victory = Some(Victory {
        scorer: "german".into(),
        points: vec![VpAward {
            vp: 1,
            event: VpEvent::EnemyUnitEliminated,
        }],
        levels: vec![
            VictoryLevel {
                name: "Soviet victory".into(),
                winner: "soviet".into(),
                min_vp: None,
            },
            VictoryLevel {
                name: "German victory".into(),
                winner: "german".into(),
                min_vp: Some(vp_needed),
            },
        ],
        automatic,
    });
    let mut g = start(&s);
    until(&mut g, PhaseKind::Movement, Side::B);
    g
}

fn worth(g: &Game) -> bool {
    let an = Analysis::new(g, Side::B, true, None);
    let res = unit(g, "res");
    assert_eq!(g.call_in_vp(res), 3);
    worth_calling_in(g, Side::B, &an, &Params::of(3), res)
}

#[test]
fn a_reserve_is_called_in_only_while_the_side_still_wins_by_the_margin() {
    // 0 VP now; calling in gives 3, and 5 more must still leave the German short.
    assert!(
        worth(&reserve_game(9, false)),
        "3 + 5 = 8 < 9: still a Soviet win"
    );
    assert!(
        !worth(&reserve_game(8, false)),
        "3 + 5 = 8 would be a German win"
    );
}

#[test]
fn a_reserve_is_called_in_whatever_it_costs_when_an_objective_is_threatened() {
    let g = reserve_game(8, true);
    assert!(
        worth(&g),
        "a German regiment next to a town that wins the game"
    );
    // Not worth it on the VP alone, as the test above shows; and a unit of the
    // scenario's setup costs nothing to bring on.
    let an = Analysis::new(&g, Side::B, true, None);
    assert!(worth_calling_in(
        &g,
        Side::B,
        &an,
        &Params::of(3),
        unit(&g, "s")
    ));
    assert!(matches!(
        g.pending(),
        Pending::Decide {
            decision: Decision::Move { .. },
            ..
        }
    ));
}
