//! `sztab odds` on hand-made positions: who is left out and why, every column shift
//! named, and the overrun, multiple-attack and minefield modes.

use sztab_seam::{MatchError, OddsQuery};

use crate::engine::Game;
use crate::engine::odds::odds_in;
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, units::*};
use crate::engine::scenario::Marker;

fn ask(g: &Game, from: &[&str], to: &str, opts: &[&str]) -> Result<String, MatchError> {
    odds_in(
        g,
        &OddsQuery {
            attackers: from.iter().map(|s| s.to_string()).collect(),
            defender: to.into(),
            options: opts
                .iter()
                .map(|o| match o.split_once('=') {
                    Some((n, v)) => (n.to_owned(), v.to_owned()),
                    None => (o.to_string(), String::new()),
                })
                .collect(),
        },
    )
}

fn text(r: Result<String, MatchError>) -> String {
    r.unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn odds_leave_out_every_unit_that_may_not_fire_and_say_which_rule_keeps_it_out() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(GERMAN, "rifle", RIFLE_DE, "0501");
    b.unit(GERMAN, "ht", SDKFZ_251, "0501");
    b.unit(GERMAN, "riders", RIFLE_DE, "0501");
    b.aboard("riders", "ht");
    b.unit(GERMAN, "pz", PZ_IV, "0502");
    b.dispersed("pz");
    b.unit(RUSSIAN, "t34", T34, "0505");
    let g = b.game(1);
    let out = text(ask(&g, &["0501", "0502"], "0505", &[]));
    assert!(out.contains("left out, as they may not take part"), "{out}");
    for (unit, rule) in [
        ("rifle", "(WEC / Close Assault G)"),
        ("ht", "(WEC / Close Assault G)"),
        ("riders", "(Transporting B)"),
        ("pz", "(CRT: D)"),
    ] {
        let line = out
            .lines()
            .find(|l| l.trim_start().contains(&format!(" {unit}: ")))
            .unwrap_or_else(|| panic!("{unit} is not named:\n{out}"));
        assert!(line.ends_with(rule), "{unit}: {line}");
    }
    // The Panther still fires: 32 to 9 (A doubled at half range or less).
    assert!(out.contains("attack 32 to defense 9: 3-1"), "{out}");
    // With no unit able to fire, the answer names every one and why.
    let Err(MatchError::BadRequest(why)) = ask(&g, &["0502"], "0505", &[]) else {
        panic!("the dispersed PzKw IV alone fired");
    };
    assert!(why.contains("pz: pz is dispersed"), "{why}");
}

#[test]
fn odds_close_assault_e_name_the_engineers_column_shift() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "eng", ENGINEER_DE, "0504");
    b.unit(GERMAN, "r1", RIFLE_DE, "0504");
    b.unit(GERMAN, "r2", RIFLE_DE, "0504");
    b.unit(RUSSIAN, "recon", RECON, "0505");
    let g = b.game(1);
    let out = text(ask(&g, &["0504"], "0505", &["assault"]));
    assert!(
        out.contains(
            "attack 9 to defense 4: 2-1 (odds rounded in the defender's favour); one column \
             better for an engineer stacked with infantry or cavalry (Close Assault E): 3-1"
        ),
        "{out}"
    );
    assert!(
        out.contains("die modifier -2: -2 close assault (Close Assault D)"),
        "{out}"
    );
}

#[test]
fn odds_overrun_a_d_h_the_vehicles_that_can_overrun_the_shift_and_the_die() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "p1", PANTHER, "0502");
    b.unit(GERMAN, "wespe", WESPE, "0502");
    b.unit(GERMAN, "p2", PANTHER, "0506");
    b.unit(GERMAN, "p3", PANTHER, "0507");
    b.dispersed("p3");
    b.unit(RUSSIAN, "rifle", RIFLE_RU, "0503");
    let g = b.game(1);
    let out = text(ask(&g, &["0502", "0506", "0507"], "0503", &["overrun"]));
    assert!(out.starts_with("sandbox: overrun on 0503"), "{out}");
    let line = |u: &str| {
        out.lines()
            .find(|l| l.contains(&format!(" {u}: ")))
            .unwrap_or_else(|| panic!("{u} is not named:\n{out}"))
            .to_owned()
    };
    assert!(line("wespe").ends_with("(Overrun A, H)"), "{out}");
    assert!(
        line("p3").ends_with("is dispersed and may not move (How to Move Units B)"),
        "{out}"
    );
    // p1 next to it and p2 two hexes off both drive through, printed factors.
    assert!(
        out.contains(
            "attack 32 to defense 16: 2-1 (odds rounded in the defender's favour); one column \
             better for overrun (Overrun D): 3-1"
        ),
        "{out}"
    );
    assert!(
        out.contains("die modifier -2: -2 overrun (Overrun D)"),
        "{out}"
    );
    // Units on a minefield may not be overrun (Overrun G).
    b.marker("0503", Marker::Mines);
    let g = b.game(1);
    let Err(MatchError::BadRequest(why)) = ask(&g, &["0502"], "0503", &["overrun"]) else {
        panic!("units on a minefield were overrun");
    };
    assert!(why.ends_with("(Overrun G)"), "{why}");
}

#[test]
fn odds_how_to_have_combat_i2_a_multiple_attack_is_a_battle_for_each_unit() {
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(GERMAN, "how", HOW_105, "0501");
    b.unit(RUSSIAN, "t34", T34, "0505");
    b.unit(RUSSIAN, "rifle", RIFLE_RU, "0505");
    let g = b.game(1);
    let out = text(ask(
        &g,
        &["0501"],
        "0505",
        &["multiple=t34:panther", "multiple=rifle:how"],
    ));
    assert!(out.starts_with("sandbox: multiple fire on 0505"), "{out}");
    assert!(out.contains("target: t34 (defense 9, armored)"), "{out}");
    assert!(out.contains("attack 32 to defense 9: 3-1"), "{out}");
    assert!(
        out.contains("target: rifle (defense 16, non-armored)"),
        "{out}"
    );
    assert!(out.contains("attack 40 to defense 16: 2-1"), "{out}");
    // One battle is no multiple attack.
    let Err(MatchError::BadRequest(why)) = ask(&g, &["0501"], "0505", &["multiple=t34:panther"])
    else {
        panic!("a multiple attack on one unit");
    };
    assert!(why.ends_with("(How to have combat I-2)"), "{why}");
    // Two kinds of attack at once are refused.
    assert!(ask(&g, &["0501"], "0505", &["overrun", "assault"]).is_err());
}

#[test]
fn odds_mines_e_the_minefield_attacks_each_unit_at_2_1_whatever_the_terrain() {
    let mut b = Sandbox::new(12, 12);
    b.marker("0505", Marker::Mines);
    b.cover(crate::engine::board::Cover::Woods, &["0505"]);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "t34", T34, "0505");
    b.unit(RUSSIAN, "rifle", RIFLE_RU, "0505");
    let g = b.game(1);
    let out = text(ask(&g, &["0501"], "0505", &["mines"]));
    assert!(
        out.starts_with("sandbox: minefield attack on 0505"),
        "{out}"
    );
    assert!(!out.contains("no minefield lies"), "{out}");
    assert_eq!(
        out.matches("the minefield attacks it at 2-1").count(),
        2,
        "{out}"
    );
    // No +1 for the woods: 2-1 on the die alone, X on 1, DD on 2 and 3.
    assert_eq!(out.matches("die modifier +0").count(), 2, "{out}");
    assert_eq!(out.matches("X:  16.7 % (die 1)").count(), 2, "{out}");
    assert_eq!(out.matches("DD:  33.3 % (die 2, 3)").count(), 2, "{out}");
    // Without a minefield there the answer says so.
    let mut b = Sandbox::new(12, 12);
    b.unit(GERMAN, "panther", PANTHER, "0501");
    b.unit(RUSSIAN, "t34", T34, "0505");
    let out = text(ask(&b.game(1), &["0501"], "0505", &["mines"]));
    assert!(
        out.contains("no minefield lies on 0505 in the set-up"),
        "{out}"
    );
}
