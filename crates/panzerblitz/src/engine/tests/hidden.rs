//! The experimental Hidden Deployment rule (P-26).

use std::sync::Arc;

use super::{mv, ok};
use crate::engine::play::Compiled;
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, hex, units::*};
use crate::engine::{Action, Event, FireOrder, Game, Step};
use sztab_seam::{Narration, Playable};

/// A German tank in the open; the Russian hides a rifle company in a wood ringed by
/// green hexsides and a gun behind a wooded hexside, and leaves one in plain sight.
fn position() -> Sandbox {
    let mut b = wood_only();
    b.unit(RUSSIAN, "gun", AT_76, "0110");
    b.green("0108", "0109");
    b
}

/// The position without the gun: the wood is all there is to find.
fn wood_only() -> Sandbox {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "pz", PZ_IV, "0101");
    b.unit(RUSSIAN, "wood", RIFLE_RU, "0606");
    for n in b.s.board.grid.neighbours(hex("0606")).collect::<Vec<_>>() {
        let n = n.to_string();
        b.green("0606", &n);
    }
    b.unit(RUSSIAN, "seen", RIFLE_RU, "0103");
    b.s.options.hidden = Some(RUSSIAN);
    b.turns(2);
    b
}

fn hidden(g: &Game) -> Vec<String> {
    g.hidden_from(GERMAN)
}

fn revealed(e: &[Event]) -> Vec<(String, String)> {
    e.iter()
        .filter_map(|e| match e {
            Event::Revealed { unit, how, .. } => Some((unit.clone(), how.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn hidden_deployment_p26_units_out_of_sight_set_up_hidden() {
    let g = position().game(1);
    assert_eq!(hidden(&g), ["wood", "gun"]);
    assert!(
        g.hidden_from(RUSSIAN).is_empty(),
        "a side knows its own units"
    );
    assert!(
        g.opening_events()
            .iter()
            .any(|e| matches!(e, Event::Hidden { .. }))
    );
}

#[test]
fn hidden_deployment_p26_a_hidden_unit_is_no_target() {
    let mut g = position().game(1);
    assert_eq!(g.state().step, Step::Fire);
    let d = crate::engine::seat::decision(&g, &Default::default());
    assert!(d.choices.iter().all(|c| !c.label.contains("0606")));
    let fire = Action::Fire {
        attacks: vec![FireOrder::combination(hex("0606"), vec!["pz".into()])],
        clear_mines: Vec::new(),
    };
    assert!(g.apply(&fire).is_err());
}

#[test]
fn hidden_deployment_p26_a_move_stops_where_it_runs_into_a_hidden_unit() {
    let mut g = position().game(1);
    ok(&mut g, Action::EndStep);
    // Down column 05 past the wood: the tank stops on 0506, the first hex next to 0606.
    let path = [
        "0201", "0302", "0402", "0503", "0504", "0505", "0506", "0507",
    ];
    let e = ok(&mut g, mv("pz", &path));
    let pz = g.s.unit("pz").unwrap();
    assert_eq!(g.state().hex_of(pz), Some(hex("0506")));
    assert!(
        revealed(&e).contains(&("wood".to_owned(), "seen by pz".to_owned())),
        "{e:?}"
    );
    assert!(!hidden(&g).contains(&"wood".to_owned()));
}

#[test]
fn hidden_deployment_p26_a_hidden_unit_that_acts_is_revealed() {
    let mut g = position().game(1);
    while g.state().side != RUSSIAN || g.state().step != Step::FootMove {
        ok(&mut g, Action::EndStep);
    }
    let e = ok(&mut g, mv("wood", &["0605"]));
    assert_eq!(revealed(&e), [("wood".to_owned(), "it acted".to_owned())]);
}

#[test]
fn hidden_deployment_p26_bots_and_a_person_against_them_see_only_what_their_side_sees() {
    let g = position().game(1);
    let view = g.seen_by(GERMAN);
    let wood = g.s.unit("wood").unwrap();
    assert_eq!(view.state().hex_of(wood), None, "off the German's map");
    assert_eq!(g.seen_by(RUSSIAN).state().hex_of(wood), Some(hex("0606")));
    let compiled = Compiled(Arc::new(position().s));
    // A person playing the German against a Russian bot does not see the hidden units.
    let bots = [("russian".to_owned(), "greedy".to_owned())];
    let m = compiled.new_match(1, &bots, Narration::Silent).unwrap();
    let on: Vec<String> = m.board().into_iter().map(|o| o.unit).collect();
    assert_eq!(on, ["pz", "seen"]);
    // A fortification the hidden company holds names neither the company nor its side.
    let mut b = position();
    b.marker(
        "0606",
        crate::engine::scenario::Marker::Fort {
            df: 40,
            side: Some(RUSSIAN),
        },
    );
    let fogged = Compiled(Arc::new(b.s.clone()));
    let m = fogged.new_match(1, &bots, Narration::Silent).unwrap();
    let fort = m.features().into_iter().find(|f| f.kind == "fortification");
    let fort = fort.expect("the fortification is in view");
    assert!(fort.holds.is_empty() && fort.side.is_none(), "{fort:?}");
    let seated = Compiled(Arc::new(b.s))
        .new_match(1, &[], Narration::Silent)
        .unwrap();
    let fort = seated
        .features()
        .into_iter()
        .find(|f| f.kind == "fortification");
    assert_eq!(
        fort.unwrap().holds,
        ["wood"],
        "hot-seat shows who is inside"
    );
    // Hot-seat shows everything, the hidden units face down and marked.
    let m = compiled.new_match(1, &[], Narration::Silent).unwrap();
    let wood = m.board().into_iter().find(|o| o.unit == "wood").unwrap();
    assert_eq!(wood.marks, ["hidden"]);
}

/// A situation that switches the rule on plays to its end with bots, and replays.
#[test]
fn hidden_deployment_p26_a_situation_plays_it_through_with_bots() {
    let s = super::situation_1_with("hidden_deployment");
    assert!(s.options.hidden.is_some());
    let lines = super::greedy_game_replays(s);
    assert!(lines.iter().any(|l| l.contains("set up hidden")));
}

/// P-21 with P-26: a move that reveals a hidden unit is not taken back, one that reveals
/// nothing is.
#[test]
fn hidden_deployment_p26_a_move_that_revealed_a_unit_is_not_taken_back() {
    let compiled = Compiled(Arc::new(wood_only().s));
    let mut m = compiled.new_match(1, &[], Narration::Silent).unwrap();
    let choose = |m: &mut Box<dyn sztab_seam::Match>, f: &dyn Fn(&sztab_seam::Choice) -> bool| {
        let d = m.decision().unwrap();
        let c = d.choices.iter().find(|c| f(c)).expect("a choice").clone();
        m.choose(&c).unwrap();
    };
    choose(&mut m, &|c| c.label.starts_with("end the fire step"));
    let near = |c: &sztab_seam::Choice, d: u32| {
        c.label.starts_with("move PzKw IV pz")
            && c.target
                .is_some_and(|t| position().s.board.grid.distance(t, hex("0606")) == d)
    };
    choose(&mut m, &|c| near(c, 3));
    assert!(m.can_take_back().is_ok(), "nothing revealed yet");
    m.take_back().unwrap();
    choose(&mut m, &|c| near(c, 1));
    assert_eq!(
        m.can_take_back(),
        Err("hidden units have been revealed since".to_owned())
    );
}

/// P-26: a hidden truck that moves is revealed, and its passenger with it.
#[test]
fn hidden_deployment_p26_a_passenger_is_revealed_with_its_carrier() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "tr", TRUCK, "0101");
    b.unit(GERMAN, "inf", RIFLE_DE, "0101");
    b.aboard("inf", "tr");
    b.unit(RUSSIAN, "r", RIFLE_RU, "1212");
    for n in b.s.board.grid.neighbours(hex("1212")).collect::<Vec<_>>() {
        let n = n.to_string();
        b.green("1212", &n);
    }
    b.s.options.hidden = Some(GERMAN);
    b.turns(2);
    let mut g = b.game(1);
    let mut hidden = g.hidden_from(RUSSIAN);
    hidden.sort();
    assert_eq!(hidden, ["inf", "tr"]);
    while g.state().step != Step::VehicleMove {
        ok(&mut g, Action::EndStep);
    }
    ok(&mut g, mv("tr", &["0102"]));
    assert!(
        g.hidden_from(RUSSIAN).is_empty(),
        "{:?}",
        g.hidden_from(RUSSIAN)
    );
}
