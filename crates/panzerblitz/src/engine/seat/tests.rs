//! A person at a seat plays through the seam: each step's choices carried out through
//! the rules.

use std::sync::Arc;

use crate::engine::play::Compiled;
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, hex, units::*};
use crate::engine::{Game, Step};
use sztab_seam::play::{Encoding, Fingerprint, LogOf};
use sztab_seam::{Choice, Match, Narration, Playable};

/// A Panzer IV and a truck carrying a rifle platoon against a Russian rifle company
/// four hexes off in the open.
fn position() -> Sandbox {
    let mut b = Sandbox::new(8, 8);
    b.unit(GERMAN, "G/pz", PZ_IV, "0202");
    b.unit(GERMAN, "G/tr", TRUCK, "0102");
    b.unit(GERMAN, "G/inf", RIFLE_DE, "0102");
    b.aboard("G/inf", "G/tr");
    b.unit(RUSSIAN, "R/rifle", RIFLE_RU, "0206");
    b.turns(2);
    b
}

/// The position with both sides at seats.
fn seated() -> Box<dyn Match> {
    Compiled(Arc::new(position().s))
        .new_match(7, &[], Narration::Events)
        .unwrap()
}

fn pick<'a>(choices: &'a [Choice], label: &str) -> &'a Choice {
    choices
        .iter()
        .find(|c| c.label.starts_with(label))
        .unwrap_or_else(|| {
            let all: Vec<&str> = choices.iter().map(|c| c.label.as_str()).collect();
            panic!("no choice \"{label}…\" in {all:#?}")
        })
}

#[test]
fn a_person_plans_a_shot_with_its_odds_and_line_of_sight_then_fires() {
    let mut m = seated();
    let d = m.decision().expect("the German player decides");
    assert_eq!(d.side, GERMAN);
    assert!(d.prompt.contains("fire"), "{}", d.prompt);
    let shot = pick(&d.choices, "PzKw IV G/pz fires at 0206");
    assert_eq!(shot.target, Some(hex("0206")));
    let why = shot.explain.as_deref().unwrap();
    assert!(why.contains("line of sight 0202 to 0206: clear"), "{why}");
    assert!(why.contains("to defense 16"), "{why}");
    assert!(
        shot.sight && shot.hexes.contains(&hex("0204")),
        "the traced line"
    );
    // Planning is not an action: nothing happens, and the plan can be fired.
    let shot = shot.clone();
    assert!(m.choose(&shot).unwrap().is_empty());
    assert_eq!(m.actions(), 0);
    let d = m.decision().unwrap();
    assert!(
        d.choices
            .iter()
            .all(|c| !c.label.starts_with("PzKw IV G/pz fires"))
    );
    pick(&d.choices, "take G/pz out of the attack on 0206");
    let fire = pick(&d.choices, "fire the 1 planned attack").clone();
    let lines = m.choose(&fire).unwrap();
    assert!(lines.iter().any(|l| l.contains("0206")), "{lines:?}");
    assert_eq!(m.actions(), 1);
    let d = m.decision().unwrap();
    assert!(d.prompt.contains(Step::VehicleMove.name()), "{}", d.prompt);
}

/// Issue 33: on a map that prints labels ("1-B-6" on a PanzerBlitz board), a person
/// reads hexes as printed in the choices, their line of sight and the narration of the
/// fire; the game's events keep the numbers the logs' fingerprints are made of.
#[test]
fn choices_and_narration_name_hexes_by_their_printed_labels() {
    let mut b = position();
    for (h, label) in [("0202", "1-B-2"), ("0206", "1-B-6"), ("0103", "1-A-3")] {
        b.s.board.labels.set(hex(h), vec![label.to_owned()]);
    }
    assert_eq!(b.s.board.labels.hex_named("1-b-6"), Ok(hex("0206")));
    assert_eq!(b.s.board.labels.hex_named("0206"), Ok(hex("0206")));
    let mut m = Compiled(Arc::new(b.s))
        .new_match(7, &[], Narration::Events)
        .unwrap();
    let d = m.decision().unwrap();
    let shot = pick(&d.choices, "PzKw IV G/pz fires at 1-B-6").clone();
    let why = shot.explain.as_deref().unwrap();
    assert!(why.contains("line of sight 1-B-2 to 1-B-6: clear"), "{why}");
    m.choose(&shot).unwrap();
    let d = m.decision().unwrap();
    pick(&d.choices, "take G/pz out of the attack on 1-B-6");
    let fire = pick(&d.choices, "fire the 1 planned attack").clone();
    let lines = m.choose(&fire).unwrap();
    assert!(
        lines.iter().any(|l| l.contains("fire on 1-B-6 (R/rifle)")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("0206")), "{lines:?}");
    let d = m.decision().unwrap();
    pick(&d.choices, "move Truck G/tr to 1-A-3 (2 MF used)");
}

/// Issue 33: a refused order names its hexes as the board prints them, and so does a
/// blocked line of sight.
#[test]
fn refusals_and_lines_of_sight_name_hexes_by_their_printed_labels() {
    let mut b = position();
    // A wood on 0204: woods cover, green hexsides all round it.
    b.cover(crate::engine::board::Cover::Woods, &["0204"]);
    let around: Vec<String> =
        b.s.board
            .grid
            .neighbours(hex("0204"))
            .map(|n| n.to_string())
            .collect();
    for n in around {
        b.green("0204", &n);
    }
    for (h, label) in [
        ("0203", "1-B-3"),
        ("0204", "1-B-4"),
        ("0205", "1-B-5"),
        ("0206", "1-B-6"),
    ] {
        b.s.board.labels.set(hex(h), vec![label.to_owned()]);
    }
    let g = Game::new(Arc::new(b.s), 7);
    let no = g.may_be_overrun(hex("0205")).unwrap_err();
    assert_eq!(no.to_string(), "no enemy unit on 1-B-5 (Overrun B)");
    // The tank (unit 0) cannot see the rifle company behind the wood.
    let no = g.can_fire_at(0, hex("0206")).unwrap_err();
    assert!(
        no.why.starts_with("G/pz cannot see 1-B-6: blocked at ")
            && no.why.contains("1-B-4")
            && !no.why.contains("0204"),
        "{no}"
    );
}

#[test]
fn a_person_moves_unloads_and_the_game_replays_from_its_log() {
    let mut m = seated();
    let end = pick(&m.decision().unwrap().choices, "end the fire step").clone();
    m.choose(&end).unwrap();
    let d = m.decision().unwrap();
    // The tank fired nothing and may move; the truck may unload or move.
    let mv = pick(&d.choices, "move PzKw IV G/pz to 0203").clone();
    assert_eq!(mv.hexes.last(), Some(&hex("0203")));
    pick(&d.choices, "Truck G/tr unloads Rifle G/inf");
    m.choose(&mv).unwrap();
    let on = m.board();
    let pz = on.iter().find(|o| o.unit == "G/pz").unwrap();
    assert_eq!(pz.hex, hex("0203"));
    let inf = on.iter().find(|o| o.unit == "G/inf").unwrap();
    assert_eq!(inf.carried_by.as_deref(), Some("G/tr"));
    let unload = pick(&m.decision().unwrap().choices, "Truck G/tr unloads").clone();
    m.choose(&unload).unwrap();
    // A refused choice changes nothing.
    assert!(m.choose(&mv).is_err());
    // Play on to the end with the first choice each time but planning fire.
    while let Some(d) = m.decision() {
        let c = d
            .choices
            .iter()
            .find(|c| c.label.starts_with("end ") || c.label.starts_with("fire the"))
            .unwrap()
            .clone();
        m.choose(&c).unwrap();
    }
    assert!(m.is_over() && m.result().is_some());
    assert_log_replays(m.as_ref());
}

/// Issue 32, the playtest: each move's target hex carries its MF spent and left; a
/// carrier's loading and unloading come before its moves and are offered from the
/// passenger's counter too; the board says which units in cover the enemy spots.
#[test]
fn moves_show_mf_left_transport_is_first_and_spotting_is_reported() {
    let mut b = position();
    b.cover(crate::engine::board::Cover::Woods, &["0206", "0402"]);
    b.unit(RUSSIAN, "R/scout", RIFLE_RU, "0402");
    b.unit(GERMAN, "G/inf2", RIFLE_DE, "0502");
    let mut m = Compiled(Arc::new(b.s))
        .new_match(7, &[], Narration::Events)
        .unwrap();
    let spotted = |m: &dyn Match, u: &str| m.board().iter().find(|o| o.unit == u).unwrap().spotted;
    // Rifle company in woods, no German next to it: hidden; the scout has a German beside it.
    assert_eq!(spotted(m.as_ref(), "R/rifle"), Some(false));
    assert_eq!(spotted(m.as_ref(), "R/scout"), Some(true));
    assert_eq!(spotted(m.as_ref(), "G/pz"), None, "in the open");
    let end = pick(&m.decision().unwrap().choices, "end the fire step").clone();
    m.choose(&end).unwrap();
    let d = m.decision().unwrap();
    // A Panzer IV (8 MF) one hex along clear ground: 1 MF spent, 7 left.
    let mv = pick(&d.choices, "move PzKw IV G/pz to 0203");
    assert_eq!(mv.mark.as_deref(), Some("1 MF · 7 left"));
    let truck: Vec<&str> = d.of_unit("G/tr").map(|c| c.label.as_str()).collect();
    assert_eq!(truck[0], "Truck G/tr unloads Rifle G/inf", "{truck:#?}");
    let off = d.of_unit("G/inf").next().expect("the passenger offers it");
    assert_eq!(off.label, "Rifle G/inf gets off Truck G/tr");
    assert_eq!(off.key, pick(&d.choices, "Truck G/tr unloads").key);
    let off = off.clone();
    m.choose(&off).unwrap();
    assert_eq!(spotted(m.as_ref(), "G/inf"), None);
    // A platoon beside an empty truck boards it from its own counter.
    let mut b = Sandbox::new(8, 8);
    b.unit(GERMAN, "G/tr", TRUCK, "0102");
    b.unit(GERMAN, "G/inf", RIFLE_DE, "0102");
    b.unit(RUSSIAN, "R/rifle", RIFLE_RU, "0806");
    let mut m = Compiled(Arc::new(b.s))
        .new_match(7, &[], Narration::Events)
        .unwrap();
    let end = pick(&m.decision().unwrap().choices, "end the fire step").clone();
    m.choose(&end).unwrap();
    let d = m.decision().unwrap();
    assert_eq!(
        d.of_unit("G/tr").next().unwrap().label,
        "Truck G/tr loads Rifle G/inf"
    );
    let board = d.of_unit("G/inf").next().unwrap().clone();
    assert_eq!(board.label, "Rifle G/inf boards Truck G/tr");
    m.choose(&board).unwrap();
    let inf = m.board().into_iter().find(|o| o.unit == "G/inf").unwrap();
    assert_eq!(inf.carried_by.as_deref(), Some("G/tr"));
}

/// Issue 32 (P-21): a person's move is taken back, game and log, until a die is rolled.
#[test]
fn p21_a_move_is_taken_back_until_a_die_is_rolled() {
    let mut m = seated();
    assert!(m.can_take_back().is_err(), "nothing done yet");
    let at = |m: &dyn Match, u: &str| m.board().iter().find(|o| o.unit == u).unwrap().hex;
    let end = pick(&m.decision().unwrap().choices, "end the fire step").clone();
    m.choose(&end).unwrap();
    let mv = pick(&m.decision().unwrap().choices, "move PzKw IV G/pz to 0203").clone();
    m.choose(&mv).unwrap();
    assert_eq!(at(m.as_ref(), "G/pz"), hex("0203"));
    let lines = m.take_back().unwrap();
    assert!(lines[0].starts_with("taken back: "), "{lines:?}");
    assert_eq!((m.actions(), at(m.as_ref(), "G/pz")), (1, hex("0202")));
    // Again: the end of the fire step; the fire step is back.
    m.take_back().unwrap();
    assert_eq!(m.actions(), 0);
    assert!(m.decision().unwrap().prompt.contains("fire"));
    assert!(m.take_back().is_err(), "nothing before the first action");
    // A fire rolls a die: it stays.
    let shot = pick(&m.decision().unwrap().choices, "PzKw IV G/pz fires at 0206").clone();
    m.choose(&shot).unwrap();
    let fire = pick(&m.decision().unwrap().choices, "fire the 1 planned attack").clone();
    m.choose(&fire).unwrap();
    assert_eq!(
        m.can_take_back(),
        Err("a die has been rolled since".to_owned())
    );
    assert!(m.take_back().is_err());
    // The log holds what stands, and replays.
    assert_log_replays(m.as_ref());
}

/// The game's log, replayed on the position from its seed, tells the same events.
fn assert_log_replays(m: &dyn Match) {
    let (text, actions, events) = m.log(std::path::Path::new("sandbox")).unwrap();
    let log: LogOf<Game> = ron::from_str(&text).unwrap();
    assert_eq!(log.actions.len(), actions);
    let mut g = Game::new(Arc::new(position().s), log.seed);
    let mut fp = Fingerprint::new(Encoding::Text);
    fp.extend(g.opening_events().iter()).unwrap();
    for a in &log.actions {
        fp.extend(g.apply(a).unwrap().iter()).unwrap();
    }
    assert_eq!((fp.count(), fp.hex()), (events, log.fingerprint));
}

/// Both sides at seats on `b`'s position.
fn seat(b: Sandbox) -> Box<dyn Match> {
    Compiled(Arc::new(b.s))
        .new_match(3, &[], Narration::Events)
        .unwrap()
}

fn choose(m: &mut Box<dyn Match>, label: &str) -> Vec<String> {
    let c = pick(&m.decision().unwrap().choices, label).clone();
    m.choose(&c).unwrap()
}

fn labels(m: &dyn Match) -> Vec<String> {
    m.decision()
        .unwrap()
        .choices
        .into_iter()
        .map(|c| c.label)
        .collect()
}

/// A Panther and two StuH against a T-34 and a rifle company stacked in the open.
fn mixed_stack() -> Sandbox {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(GERMAN, "s1", STUH, "0601");
    b.unit(GERMAN, "s2", STUH, "0701");
    b.unit(RUSSIAN, "tank", T34, "0505");
    b.unit(RUSSIAN, "inf", RIFLE_RU, "0505");
    b
}

#[test]
fn how_to_have_combat_i1_a_person_aims_a_selective_attack_at_the_weakest_unit() {
    let mut m = seat(mixed_stack());
    let d = m.decision().unwrap();
    // The whole stack (8 to 25, the mixed stack as the least favourable type) or one unit.
    let combo = pick(&d.choices, "Panther panther fires at 0505, the whole stack");
    assert!(
        combo.label.ends_with("(combination attack, 1-4)"),
        "{}",
        combo.label
    );
    let tank = pick(&d.choices, "Panther panther fires at T-34c tank on 0505");
    assert!(
        tank.label.ends_with("(selective attack, 3-1)"),
        "{}",
        tank.label
    );
    let why = tank.explain.as_deref().unwrap();
    assert!(why.contains("attack 32 to defense 9: 3-1"), "{why}");
    // The rifles are not the weakest unit for the Panther: the rules say why.
    let inf = pick(&d.choices, "Panther panther fires at Rifle inf on 0505");
    assert!(inf.label.contains("not an attack yet"), "{}", inf.label);
    assert!(
        inf.explain
            .as_deref()
            .unwrap()
            .contains("is not the weakest unit"),
        "{:?}",
        inf.explain
    );
    // Aiming at the tank keeps the attack selective: no unit may join the stack now.
    let tank = tank.clone();
    assert!(m.choose(&tank).unwrap().is_empty());
    assert!(
        labels(m.as_ref())
            .iter()
            .all(|l| !l.contains("the whole stack"))
    );
    let lines = choose(&mut m, "fire the 1 planned attack(s) and end the step");
    let shot = lines
        .iter()
        .find(|l| l.contains("selective fire on 0505 (tank) by panther: 32 to 9, 3-1"));
    assert!(shot.is_some(), "{lines:#?}");
}

#[test]
fn how_to_have_combat_i2_a_person_splits_the_attackers_among_the_units_of_a_stack() {
    let mut m = seat(mixed_stack());
    choose(&mut m, "StuH 42 s1 fires at Rifle inf on 0505");
    choose(&mut m, "StuH 42 s2 fires at Rifle inf on 0505");
    // Two units aimed at the rifles alone: a selective attack, which the rules refuse
    // while the tank is the weaker target.
    let d = m.decision().unwrap();
    assert!(d.prompt.contains("cannot be made"), "{}", d.prompt);
    let panther = pick(&d.choices, "Panther panther fires at T-34c tank on 0505");
    assert!(
        panther.label.ends_with("(multiple attack, 3-1, 1-1)"),
        "{}",
        panther.label
    );
    let panther = panther.clone();
    m.choose(&panther).unwrap();
    let d = m.decision().unwrap();
    let fire = pick(&d.choices, "fire the 1 planned attack(s)");
    let plan = fire.explain.as_deref().unwrap();
    assert!(
        plan.contains("0505: multiple attack by s1 s2 at inf; panther at tank at 3-1, 1-1"),
        "{plan}"
    );
    let fire = fire.clone();
    let lines = m.choose(&fire).unwrap();
    let battles: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("multiple fire on 0505"))
        .collect();
    assert_eq!(
        battles.len(),
        2,
        "a roll for each unit attacked: {lines:#?}"
    );
    assert!(
        battles[0].contains("(tank)"),
        "the weakest first: {battles:?}"
    );
}

#[test]
fn ammunition_a_b_a_person_fires_a_howitzer_intensively_with_the_tripled_odds_shown() {
    let mut b = Sandbox::new(12, 6);
    b.unit(GERMAN, "how", HOW_105, "0103");
    b.unit(RUSSIAN, "r", RIFLE_RU, "0903");
    let mut off = seat(b.clone());
    choose(&mut off, "105mm how fires at 0903");
    assert!(
        labels(off.as_ref())
            .iter()
            .all(|l| !l.contains("intensively")),
        "the Ammunition rule is optional"
    );
    b.s.options.intensive_fire = true;
    let mut m = seat(b);
    let plain = pick(&m.decision().unwrap().choices, "105mm how fires at 0903").clone();
    assert!(plain.label.ends_with("(2-1)"), "40 to 16: {}", plain.label);
    m.choose(&plain).unwrap();
    let d = m.decision().unwrap();
    let hot = pick(&d.choices, "how fires intensively at 0903");
    assert!(hot.label.ends_with("(7-1)"), "120 to 16: {}", hot.label);
    let why = hot.explain.as_deref().unwrap();
    assert!(
        why.contains("intensive fire: tripled (Ammunition)"),
        "{why}"
    );
    assert!(why.contains("removed and counts as lost"), "{why}");
    let hot = hot.clone();
    m.choose(&hot).unwrap();
    pick(
        &m.decision().unwrap().choices,
        "how fires at 0903 at its normal factor",
    );
    let lines = choose(&mut m, "fire the 1 planned attack(s)");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("how fired intensively and is removed")),
        "{lines:#?}"
    );
    assert_eq!(m.record().units_lost[GERMAN], 1, "Ammunition B: a loss");
}

#[test]
fn mines_f_g_a_person_sends_an_engineer_to_clear_a_minefield() {
    let mut b = Sandbox::new(12, 12);
    b.marker("0503", crate::engine::scenario::Marker::Mines);
    b.unit(GERMAN, "eng", ENGINEER_DE, "0502");
    b.unit(RUSSIAN, "r", RIFLE_RU, "1212");
    let mut m = seat(b);
    assert!(
        m.features()
            .iter()
            .any(|f| f.hex == hex("0503") && f.kind == "minefield")
    );
    let d = m.decision().unwrap();
    let clear = pick(
        &d.choices,
        "Engineer eng clears the minefield on 0503 (16.7 %)",
    );
    assert_eq!(clear.target, Some(hex("0503")));
    assert!(
        clear
            .explain
            .as_deref()
            .unwrap()
            .contains("a die roll of 1 removes it"),
        "{:?}",
        clear.explain
    );
    let clear = clear.clone();
    m.choose(&clear).unwrap();
    pick(
        &m.decision().unwrap().choices,
        "take eng off the minefield on 0503",
    );
    let lines = choose(&mut m, "try to clear 1 minefield(s) and end the step");
    let tried = lines.iter().find(|l| l.contains("the mines on 0503"));
    assert!(tried.is_some(), "{lines:#?}");
    let cleared = tried.is_some_and(|l| l.contains("eng clears"));
    let still = m.features().iter().any(|f| f.hex == hex("0503"));
    assert_eq!(still, !cleared, "a cleared minefield is gone from the map");
}
