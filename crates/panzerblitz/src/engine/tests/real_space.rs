//! The optional Real-Space LOS rule (P-23) and the experimental Indirect Fire by any unit
//! (P-22), played when a situation switches them on.

use std::path::Path;

use crate::PanzerBlitz;
use crate::engine::action::Action;
use crate::engine::compile::compile;
use crate::engine::fire::Sight;
use crate::engine::game::Game;
use crate::engine::los::{Blocker, Note, line_of_sight, real_space_line};
use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, hex, units::*};
use sztab_core::model::AttrValue;
use sztab_core::model::described::Bundle;
use sztab_seam::RuleSystem;

fn side(b: &Sandbox, x: &str, y: &str) -> Blocker {
    Blocker::Hexside(b.s.board.grid.hexside(hex(x), hex(y)).unwrap())
}

/// 0505 to 0104: the straight edge crosses the hexside between 0304 and 0305 at its
/// middle, so the traced routes run through either hex while the edge meets only the
/// hexsides 0404/0305, 0305/0304 and 0304/0204.
#[test]
fn real_space_los_only_the_symbols_the_straight_edge_meets_count() {
    let mut b = Sandbox::new(12, 12);
    b.green("0204", "0305");
    let (std, real) = (
        line_of_sight(&b.s.board, hex("0505"), hex("0104")),
        real_space_line(&b.s.board, hex("0505"), hex("0104")),
    );
    assert!(!std.clear(), "a route through 0305 crosses the woods");
    assert!(real.clear(), "{:?}", real.blocks);
    let mut b = Sandbox::new(12, 12);
    b.green("0304", "0305");
    assert!(line_of_sight(&b.s.board, hex("0505"), hex("0104")).clear());
    let real = real_space_line(&b.s.board, hex("0505"), hex("0104"));
    assert_eq!(real.deciding, Note::H);
    assert_eq!(real.blocks[0].at, side(&b, "0304", "0305"));
    // Range is still counted the normal way.
    assert_eq!(real.range, 4);
}

/// 0103 to 0303 runs along the hexside between 0202 and 0203, through its corners.
#[test]
fn real_space_los_a_symbol_along_the_edge_counts_unless_brown_joining_orange() {
    let mut b = Sandbox::new(12, 12);
    b.green("0202", "0203");
    assert!(line_of_sight(&b.s.board, hex("0103"), hex("0303")).clear());
    let real = real_space_line(&b.s.board, hex("0103"), hex("0303"));
    assert_eq!(real.blocks[0].at, side(&b, "0202", "0203"), "run along");
    // A brown symbol run along that joins an orange one is passed; the orange, met at
    // the corner, counts (ground to ground: every symbol blocks, Note H).
    let mut b = Sandbox::new(12, 12);
    b.brown("0202", "0203").orange("0203", "0303");
    let real = real_space_line(&b.s.board, hex("0103"), hex("0303"));
    let brown = side(&b, "0202", "0203");
    assert!(
        real.blocks.iter().all(|x| x.at != brown),
        "{:?}",
        real.blocks
    );
    assert!(
        real.passed
            .iter()
            .any(|p| p.at == brown && p.note == Note::RealSpace)
    );
    assert_eq!(real.blocks[0].at, side(&b, "0203", "0303"));
    // Alone, the brown symbol run along counts.
    let mut b = Sandbox::new(12, 12);
    b.brown("0202", "0203");
    let real = real_space_line(&b.s.board, hex("0103"), hex("0303"));
    assert_eq!(real.blocks[0].at, side(&b, "0202", "0203"));
}

#[test]
fn real_space_los_a_corner_gives_the_defender_the_benefit_of_the_doubt() {
    let mut b = Sandbox::new(12, 12);
    // The edge passes through the corner of 0103, 0202 and 0203.
    b.green("0103", "0202");
    let real = real_space_line(&b.s.board, hex("0103"), hex("0303"));
    assert_eq!(real.blocks[0].at, side(&b, "0103", "0202"));
}

/// A game with Real-Space LOS on fires along the straight edge: the tank sees the rifle
/// company past the woods a traced route would cross.
#[test]
fn real_space_los_decides_who_may_fire_in_a_game_that_uses_it() {
    let mut b = Sandbox::new(12, 12);
    b.green("0204", "0305");
    let tank = b.unit(GERMAN, "G/pz", PZ_IV, "0505");
    b.unit(RUSSIAN, "R/rifle", RIFLE_RU, "0104");
    assert!(b.game(1).can_fire_at(tank, hex("0104")).is_err());
    b.s.options.real_space_los = true;
    assert_eq!(
        b.game(1).can_fire_at(tank, hex("0104")).ok(),
        Some(Sight::Direct)
    );
}

/// A mortar that cannot see its target, with no command post anywhere.
fn mortar_behind_woods(firer: usize, target: usize) -> (Sandbox, usize) {
    let mut b = Sandbox::new(8, 8);
    b.green("0102", "0103");
    let (m, r) = if firer == GERMAN {
        (MORTAR_81, RIFLE_DE)
    } else {
        (MORTAR_82, RIFLE_RU)
    };
    let mortar = b.unit(firer, "mortar", m, "0101");
    b.unit(firer, "spotter", r, "0106");
    b.unit(target, "target", T34, "0105");
    (b, mortar)
}

#[test]
fn experimental_indirect_fire_p22_any_german_unit_directs_like_a_command_post() {
    let (mut b, mortar) = mortar_behind_woods(GERMAN, RUSSIAN);
    let refused = b.game(1).can_fire_at(mortar, hex("0105")).unwrap_err();
    assert_eq!(
        refused.rule, "Line of Sight",
        "no command post: {refused:?}"
    );
    b.s.options.any_unit_directs = true;
    let g = b.game(1);
    let spotter = g.s.unit("spotter").unwrap();
    assert_eq!(
        g.can_fire_at(mortar, hex("0105")).ok(),
        Some(Sight::Indirect { cp: spotter })
    );
}

/// The game at the Russian fire step (the German player-turn ended unplayed).
fn russian_to_fire(b: &Sandbox) -> Game {
    let mut g = b.game(1);
    while g.state().side != RUSSIAN {
        g.apply(&Action::EndStep).unwrap();
    }
    g
}

#[test]
fn experimental_indirect_fire_p22_of_the_russians_only_guards_infantry_directs() {
    let (mut b, mortar) = mortar_behind_woods(RUSSIAN, GERMAN);
    b.s.options.any_unit_directs = true;
    let refused = russian_to_fire(&b).can_fire_at(mortar, hex("0105"));
    assert_eq!(refused.unwrap_err().rule, "Line of Sight");
    b.guards("spotter");
    let r = russian_to_fire(&b).can_fire_at(mortar, hex("0105"));
    assert!(matches!(r, Ok(Sight::Indirect { .. })), "{r:?}");
}

/// The situation's switches: both rules play, and the experimental variant plays
/// Indirect Fire with it.
#[test]
fn a_situation_switches_real_space_los_and_experimental_indirect_fire_on() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/panzerblitz/01-rear-area-raid.scenario.ron");
    let (mut bundle, _) = Bundle::load(&path, &PanzerBlitz.schemas()).unwrap();
    let rules = &mut bundle.scenario.rules;
    rules.insert("real_space_los".into(), AttrValue::Bool(true));
    rules.insert("experimental_indirect_fire".into(), AttrValue::Bool(true));
    rules.insert("indirect_fire".into(), AttrValue::Bool(false));
    let s = compile(&bundle).expect("both rules are played");
    assert!(s.options.real_space_los && s.options.any_unit_directs && s.options.indirect_fire);
    let german = s.sides.iter().position(|x| x.id == "german");
    let (germans, russians): (Vec<_>, Vec<_>) =
        s.units.iter().partition(|u| Some(u.side) == german);
    assert!(germans.iter().all(|u| u.directs));
    assert!(
        russians.iter().all(|u| !u.directs),
        "no Guards in situation 1"
    );
}
