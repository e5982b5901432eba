//! Sequence of Play, How to Win (the situation's victory levels), the Ammunition rule and
//! the die-roll modifiers of "How to have combat" (the "+2 and −1" example).

use super::{mv, ok, refused, to_step};
use crate::engine::board::Cover;
use crate::engine::event::{Attack, AttackKind};
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, hex, units::*};
use crate::engine::state::Loc;
use crate::engine::victory;
use crate::engine::{Action, Event, FireOrder, Game, Step};
use sztab_core::model::described::{Condition, Level as VictoryLevel, Victory};

fn attacks(e: &[Event]) -> Vec<Attack> {
    e.iter()
        .filter_map(|e| match e {
            Event::Attacked(a) => Some(a.clone()),
            _ => None,
        })
        .collect()
}

fn at(g: &Game) -> (u32, usize, Step) {
    let st = g.state();
    (st.turn, st.side, st.step)
}

#[test]
fn sequence_of_play_each_player_turn_fires_moves_vehicles_then_foot_assaults_and_the_last_turn_ends_the_game()
 {
    let mut b = Sandbox::new(6, 6);
    b.turns(2);
    b.unit(GERMAN, "g", RIFLE_DE, "0101");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0606");
    let mut g = b.game(1);
    let mut seen = Vec::new();
    while !g.is_over() {
        seen.push(at(&g));
        ok(&mut g, Action::EndStep);
    }
    use Step::*;
    assert_eq!(seen.len(), 2 * 2 * 4, "{seen:?}");
    assert_eq!(
        seen[..5],
        [
            (1, 0, Fire),
            (1, 0, VehicleMove),
            (1, 0, FootMove),
            (1, 0, Assault),
            (1, 1, Fire)
        ]
    );
    assert_eq!(
        seen[8],
        (2, 0, Fire),
        "the first side moves first every turn"
    );
    assert_eq!(seen[15], (2, 1, Assault));
    // No victory levels: a draw, and nothing may be done after the end.
    assert_eq!(g.state().result, Some((None, "draw".to_owned())));
    assert_eq!(refused(&mut g, Action::EndStep), "How to Win");
}

#[test]
fn sequence_of_play_each_order_belongs_to_its_step() {
    let mut b = Sandbox::new(6, 6);
    b.unit(GERMAN, "g", RIFLE_DE, "0101");
    b.unit(GERMAN, "tank", PZ_IV, "0102");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0606");
    let mut g = b.game(1);
    // Step 2-3 first: no movement while the fire step runs.
    assert_eq!(refused(&mut g, mv("g", &["0201"])), "Sequence of Play");
    to_step(&mut g, Step::VehicleMove);
    assert_eq!(
        refused(
            &mut g,
            Action::Fire {
                attacks: vec![],
                clear_mines: vec![]
            }
        ),
        "Sequence of Play"
    );
    // Only the side to play gives orders.
    assert_eq!(refused(&mut g, mv("r", &["0605"])), "Sequence of Play");
}

#[test]
fn crt_d_step_6_units_are_turned_face_up_at_the_end_of_their_owners_next_turn() {
    let mut b = Sandbox::new(6, 6);
    b.unit(GERMAN, "g", RIFLE_DE, "0101");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0606");
    b.dispersed("r");
    let mut g = b.game(1);
    let r = g.s.unit("r").unwrap();
    assert!(g.state().units[r].dispersed);
    // Through the German player-turn the Russian stays face down...
    to_step(&mut g, Step::Assault);
    ok(&mut g, Action::EndStep);
    assert_eq!(g.state().side, RUSSIAN);
    assert!(g.state().units[r].dispersed);
    // ...and is turned face-up at the end of its own player-turn.
    to_step(&mut g, Step::Assault);
    let e = ok(&mut g, Action::EndStep);
    assert!(e.contains(&Event::Recovered { side: RUSSIAN }));
    assert!(!g.state().units[r].dispersed);
}

fn hold(side: &str, hexes: &[&str]) -> Condition {
    Condition::Holds {
        side: side.into(),
        hexes: hexes.iter().map(|h| hex(h)).collect(),
    }
}

#[test]
fn how_to_win_p10_the_last_side_to_stand_on_a_hex_holds_it_and_the_first_level_that_holds_wins() {
    let mut b = Sandbox::new(6, 6);
    b.turns(2);
    b.unit(GERMAN, "g", RIFLE_DE, "0302");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0606");
    b.s.victory = Some(Victory {
        levels: vec![
            VictoryLevel {
                name: "German decisive victory".into(),
                winner: "german".into(),
                all_of: vec![
                    hold("german", &["0303"]),
                    Condition::LosesAtMost {
                        side: "german".into(),
                        units: 0,
                    },
                ],
                sudden: false,
            },
            VictoryLevel {
                name: "Russian victory".into(),
                winner: "russian".into(),
                all_of: vec![hold("russian", &["0606"])],
                sudden: false,
            },
        ],
        points: Vec::new(),
    });
    let mut g = b.game(1);
    to_step(&mut g, Step::FootMove);
    ok(&mut g, mv("g", &["0303"]));
    let german = GERMAN;
    assert!(victory::holds_hex(&g, german, hex("0303")));
    while g.state().turn < 2 || g.state().side != GERMAN || g.state().step != Step::FootMove {
        ok(&mut g, Action::EndStep);
    }
    // The German leaves 0303: it still holds it, no enemy having stood there since.
    ok(&mut g, mv("g", &["0302"]));
    assert!(victory::holds_hex(&g, german, hex("0303")));
    while !g.is_over() {
        ok(&mut g, Action::EndStep);
    }
    assert_eq!(
        g.state().result,
        Some((Some(GERMAN), "German decisive victory".to_owned()))
    );
}

#[test]
fn how_to_win_a_hex_an_enemy_stands_on_is_not_held() {
    let mut b = Sandbox::new(6, 6);
    b.unit(GERMAN, "g", RIFLE_DE, "0303");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0304");
    let mut g = b.game(1);
    assert!(victory::holds_hex(&g, GERMAN, hex("0303")));
    assert!(!victory::holds_hex(&g, GERMAN, hex("0304")));
    to_step(&mut g, Step::FootMove);
    ok(&mut g, mv("g", &["0302"]));
    to_step(&mut g, Step::Assault);
    ok(&mut g, Action::EndStep);
    to_step(&mut g, Step::FootMove);
    ok(&mut g, mv("r", &["0303"]));
    assert!(!victory::holds_hex(&g, GERMAN, hex("0303")));
    assert!(victory::holds_hex(&g, RUSSIAN, hex("0303")));
}

fn intensive(h: &str, by: &str) -> Action {
    let mut o = FireOrder::combination(hex(h), vec![by.into()]);
    o.intensive = vec![by.into()];
    Action::Fire {
        attacks: vec![o],
        clear_mines: vec![],
    }
}

#[test]
fn ammunition_a_b_intensive_fire_triples_the_factor_removes_the_unit_and_counts_as_a_loss() {
    let mut b = Sandbox::new(12, 6);
    b.unit(GERMAN, "how", HOW_105, "0103");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0903");
    b.s.options.intensive_fire = false;
    let mut g = b.game(1);
    assert_eq!(refused(&mut g, intensive("0903", "how")), "Ammunition");

    b.s.options.intensive_fire = true;
    let mut g = b.game(1);
    g.script(&[6]);
    let e = ok(&mut g, intensive("0903", "how"));
    let a = &attacks(&e)[0];
    assert_eq!(a.attack, 120, "40 tripled");
    assert_eq!(a.kind, AttackKind::Fire(crate::engine::Mode::Combination));
    assert!(e.contains(&Event::Expended { unit: "how".into() }));
    let how = g.s.unit("how").unwrap();
    assert_eq!(g.state().units[how].loc(), Loc::Expended);
    assert_eq!(victory::lost(&g, GERMAN), 1, "Ammunition B: a unit lost");
}

#[test]
fn ammunition_a_e_only_h_and_m_units_fire_intensively_and_never_the_maultier() {
    let mut b = Sandbox::new(12, 6);
    b.s.options.intensive_fire = true;
    b.unit(GERMAN, "tank", PZ_IV, "0103");
    let w = b.unit(GERMAN, "maultier", WESPE, "0104");
    b.s.units[w].rockets = true;
    b.unit(RUSSIAN, "t34", T34, "0603");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0604");
    let mut g = b.game(1);
    assert_eq!(
        refused(&mut g, intensive("0603", "tank")),
        "Ammunition A, E"
    );
    assert_eq!(
        refused(&mut g, intensive("0604", "maultier")),
        "Ammunition A, E"
    );
}

#[test]
fn how_to_have_combat_die_modifiers_are_combined_into_one_net_figure() {
    // The seed's example: "+2 and −1 combined means add one". A close assault (−2) on a
    // stack in woods (+1) is rolled at −1, once.
    let mut b = Sandbox::new(6, 6);
    b.cover(Cover::Woods, &["0304"]);
    b.unit(GERMAN, "rifle", RIFLE_DE, "0303");
    b.unit(GERMAN, "rifle2", RIFLE_DE, "0303");
    b.unit(RUSSIAN, "r", RECON, "0304");
    let mut g = b.game(1);
    to_step(&mut g, Step::Assault);
    g.script(&[4]);
    let e = ok(
        &mut g,
        Action::Assault {
            hex: hex("0304"),
            units: vec!["rifle".into(), "rifle2".into()],
        },
    );
    let a = &attacks(&e)[0];
    assert_eq!(a.modifier, -1);
    assert_eq!((a.roll, a.modifier), (4, -1), "rolled 4, read as 3");
}
