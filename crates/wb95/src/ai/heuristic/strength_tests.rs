//! What a strength changes: positions where strength 1 and strength 5 decide
//! differently, each for the reason `Params` gives.

use super::analysis::{Analysis, Outlook};
use super::movement::worth_calling_in;
use super::tests::{decide, pocket, reserve_game};
use super::{HeuristicBot, Params, Posture};
use crate::sandbox::Sandbox;
use crate::tests::{end, hx, pass, start, unit, until};
use crate::{Action, PhaseKind, Side};
use sztab_core::hex::HexId;

/// A regiment of `attack` SP of `attacker` in its field fortification (so it owes no
/// attack) next to an enemy regiment of 4 SP, fortified too. Without victory conditions the German
/// (side A) is the side taking objectives.
fn odds(attacker: &str, defender: &str, attack: u8) -> Sandbox {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("a", attacker, "0505").sp = attack;
    s.unit("d", defender, "0504");
    for u in ["a", "d"] {
        if let Some(p) = s.placement(u) {
            p.fortified = true;
        }
    }
    s
}

/// What the bot of `strength` does in the attacker's first Combat phase.
fn combat_choice(s: &Sandbox, side: Side, strength: u8) -> Action {
    let mut g = start(s);
    until(&mut g, PhaseKind::Combat, side);
    let a = decide(&mut HeuristicBot::new(strength, 1), &g);
    if let Action::Attack(o) = &a {
        assert_eq!(o.defenders, vec![HexId::parse("0504").unwrap()]);
        assert!(g.check(&a).is_ok());
    }
    a
}

/// The defending side at 2:1, below the 3:1 a voluntary attack needs: the careless
/// weak defender counterattacks, the strong one keeps its strength.
#[test]
fn a_weak_defender_counterattacks_at_poor_odds_a_strong_one_does_not() {
    // 12 to 4 is 3:1, shifted to 2:1 by the German's field fortification.
    let s = odds("soviet", "german", 12);
    let weak = combat_choice(&s, Side::B, 1);
    assert!(matches!(weak, Action::Attack(_)), "strength 1: {weak:?}");
    let strong = combat_choice(&s, Side::B, 5);
    assert!(
        !matches!(strong, Action::Attack(_)),
        "strength 5: {strong:?}"
    );
}

#[test]
fn a_weak_player_does_not_read_lines_of_supply() {
    let g = start(&pocket());
    let blind = Outlook {
        supply: false,
        ..Outlook::default()
    };
    let an = Analysis::with_outlook(&g, Side::B, true, None, blind);
    assert!(an.supply.is_empty() && an.cut.is_empty());
    assert!(!Params::of(1).supply && Params::of(5).supply);
}

/// The pocket of `tests`: strength 5 attacks the stack cutting its regiments off (as
/// strength 3 does); strength 1, blind to supply, the weaker stack beside the road.
#[test]
fn a_weak_player_attacks_the_weaker_stack_not_the_one_cutting_its_units_off() {
    let target = |strength: u8| {
        let mut g = start(&pocket());
        until(&mut g, PhaseKind::Movement, Side::B);
        let mut bot = HeuristicBot::new(strength, 7);
        let _ = decide(&mut bot, &g);
        end(&mut g);
        while g.state().clock.phase.kind() != PhaseKind::Combat {
            pass(&mut g);
        }
        match decide(&mut bot, &g) {
            Action::Attack(o) => o.defenders,
            other => panic!("strength {strength} should attack: {other:?}"),
        }
    };
    assert_eq!(target(5), vec![HexId::parse("0805").unwrap()]);
    assert_eq!(target(1), vec![HexId::parse("0904").unwrap()]);
}

#[test]
fn a_weak_player_never_pays_for_reserves() {
    let g = reserve_game(9, false);
    let an = Analysis::new(&g, Side::B, true, None);
    let res = unit(&g, "res");
    assert!(worth_calling_in(&g, Side::B, &an, &Params::of(5), res));
    assert!(!worth_calling_in(&g, Side::B, &an, &Params::of(1), res));
    // Even with a town that wins the game threatened.
    let g = reserve_game(8, true);
    let an = Analysis::new(&g, Side::B, true, None);
    assert!(worth_calling_in(&g, Side::B, &an, &Params::of(5), res));
    assert!(!worth_calling_in(&g, Side::B, &an, &Params::of(1), res));
}

#[test]
fn strength_weighs_the_counterattack_more_and_three_is_the_tuned_bot() {
    let (p1, p3, p5) = (Params::of(1), Params::of(3), Params::of(5));
    assert!(p1.risk() < p3.risk() && p3.risk() == p5.risk());
    // Strength 3 is the same bot for both sides; the weak attacker is timid.
    assert_eq!(Params::for_side(3, true), p3);
    assert!(Params::for_side(1, true).risk() > p3.risk());
    assert!(Params::for_side(1, true).combat_column() > p3.combat_column());
    assert!(p1.plan_column(true) < p3.plan_column(true));
    assert!(p1.combat_column() < p3.combat_column());
    assert!(p5.recheck && !p3.recheck);
    // The defender plans one column better than the scorer.
    assert_eq!(p3.plan_column(false), p3.plan_column(true) + 1);
    // Postures lean the same strength.
    let bold = p5.with_posture(Posture::Bold);
    let cautious = p5.with_posture(Posture::Cautious);
    assert!(bold.plan_column(true) < p5.plan_column(true));
    assert!(cautious.risk() > p5.risk() && bold.risk() < p5.risk());
    assert!(p5.with_posture(Posture::Hold).hold() > p5.hold());
    // Guarded spares the units: exposure counts more and counterattacks wait for two
    // columns better odds, without falling back to the rear.
    let guarded = p5.with_posture(Posture::Guarded);
    assert!(guarded.risk() > p5.risk());
    assert_eq!(guarded.combat_column(), p5.combat_column() + 2);
    assert_eq!(guarded.plan_column(false), p5.plan_column(false) + 2);
    assert!(!Posture::Guarded.rear_pull());
}

/// A German regiment moving into the gap between a Soviet tank brigade and a German
/// stack behind it, on a board three hexes deep: its ZoC stops the brigade, so the
/// threat to the stack falls once the move is made, which is what strength 5 rechecks
/// its plan against.
#[test]
fn the_threat_is_read_again_after_the_planned_moves() {
    let mut s = Sandbox::new(12, 3, 2);
    s.unit("rear", "german", "0202");
    s.unit("plug", "german", "0201");
    s.armor("t", "soviet", "0902", 12, 6);
    let mut g = start(&s);
    until(&mut g, PhaseKind::Movement, Side::A);
    let an = Analysis::new(&g, Side::A, true, None);
    let rear = hx(&g, "0202");
    assert!(an.threat[rear] > 0.0, "the brigade reaches the stack now");
    let plug = unit(&g, "plug");
    let path: Vec<HexId> = g
        .reach(plug)
        .unwrap()
        .path(hx(&g, "0502"))
        .unwrap()
        .iter()
        .map(|&h| g.hex_id(h))
        .collect();
    let mut after = g.clone();
    after
        .apply(Action::Move {
            units: vec![g.unit_id(plug).clone()],
            path,
        })
        .unwrap();
    let again = an.with_threat_of(&after);
    assert!(
        again.threat[rear] < an.threat[rear],
        "{} then {}",
        an.threat[rear],
        again.threat[rear]
    );
}
