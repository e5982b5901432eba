//! Victory points, levels and automatic victory.

use super::*;
use crate::event::VpReason;
use crate::sandbox::Sandbox;
use sztab_core::model::{
    AutoTiming, AutoVictory, Place, PlaceKind, Victory, VictoryLevel, VpAward, VpEvent,
};

fn scored(s: &mut Sandbox, points: Vec<VpAward>, automatic: Vec<AutoVictory>) {
    s.bundle.scenario.victory = Some(Victory {
        scorer: "german".into(),
        points,
        levels: vec![
            VictoryLevel {
                name: "Soviet victory".into(),
                winner: "soviet".into(),
                min_vp: None,
            },
            VictoryLevel {
                name: "German victory".into(),
                winner: "german".into(),
                min_vp: Some(3),
            },
        ],
        automatic,
    });
}

fn town(s: &mut Sandbox, name: &str, hexes: &[&str]) {
    for h in hexes {
        s.terrain(h, "clear", &["town"]);
    }
    s.bundle.map.places.push(Place {
        name: name.into(),
        kind: PlaceKind::Town,
        hexes: hexes.iter().map(|h| HexId::parse(h).unwrap()).collect(),
    });
}

fn play_to_end(g: &mut Game) -> crate::GameResult {
    for _ in 0..200 {
        if let Pending::GameOver(r) = g.pending() {
            return r;
        }
        end(g);
    }
    panic!("no end");
}

#[test]
fn eliminating_an_enemy_unit_scores_at_once() {
    let mut s = Sandbox::new(10, 10, 1);
    s.armor("g", "german", "0404", 6, 7);
    s.hq("hq", "soviet", "0505");
    scored(
        &mut s,
        vec![VpAward {
            vp: 1,
            event: VpEvent::EnemyUnitEliminated,
        }],
        vec![],
    );
    let mut g = start(&s);
    let ev = mv(&mut g, &["g"], &["0505"]).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::VpScored {
            vp: 1,
            reason: VpReason::EnemyUnitEliminated { .. }
        }
    )));
    assert_eq!(g.state().vp, 1);
}

#[test]
fn a_river_is_scored_once_by_a_unit_beyond_it_at_the_end_of_the_scorers_supply_phase() {
    let mut s = Sandbox::new(10, 10, 2);
    for r in 1..=10 {
        s.hexside(&format!("05{r:02}"), &format!("06{r:02}"), "river", None);
        if r > 1 {
            s.hexside(
                &format!("05{r:02}"),
                &format!("06{:02}", r - 1),
                "river",
                None,
            );
        }
    }
    for f in s.bundle.map.hexsides.values_mut() {
        f[0].name = Some("Wisla".into());
    }
    // A road from the supply edge: the crossing unit is supplied.
    for c in 1..6 {
        s.road(&format!("{c:02}05"), &format!("{:02}05", c + 1), "main");
    }
    s.armor("g", "german", "0505", 6, 7);
    s.unit("far", "soviet", "1010");
    scored(
        &mut s,
        vec![VpAward {
            vp: 4,
            event: VpEvent::CrossRiver("Wisla".into()),
        }],
        vec![],
    );
    let mut g = start(&s);
    mv(&mut g, &["g"], &["0605"]).unwrap();
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(g.state().vp, 4);
    end(&mut g);
    until(&mut g, PhaseKind::Movement, Side::B);
    assert_eq!(g.state().vp, 4, "only once");
}

#[test]
fn places_held_at_the_end_score_and_the_level_follows_the_total() {
    let mut s = Sandbox::new(10, 10, 1);
    town(&mut s, "Alpha", &["0505"]);
    s.terrain("0203", "clear", &["town"]);
    s.armor("g", "german", "0404", 6, 7);
    s.unit("far", "soviet", "1010");
    scored(
        &mut s,
        vec![
            VpAward {
                vp: 2,
                event: VpEvent::ControlPlace("Alpha".into()),
            },
            VpAward {
                vp: 1,
                event: VpEvent::ControlOtherTownHexes,
            },
        ],
        vec![],
    );
    let mut g = start(&s);
    mv(&mut g, &["g"], &["0505"]).unwrap();
    let r = play_to_end(&mut g);
    // Alpha held (2); 0203 was German from the start, so it was not taken (0).
    assert_eq!(r.vp, 2);
    assert_eq!(r.level.as_deref(), Some("Soviet victory"));
    assert_eq!(r.winner.as_ref().map(|w| w.as_str()), Some("soviet"));
}

#[test]
fn automatic_victory_held_through_the_enemy_supply_phase_ends_the_game() {
    let mut s = Sandbox::new(10, 10, 5);
    town(&mut s, "Kursk", &["0505"]);
    s.armor("g", "german", "0404", 6, 7);
    s.unit("far", "soviet", "1010");
    scored(
        &mut s,
        vec![],
        vec![AutoVictory {
            side: "german".into(),
            places: vec!["Kursk".into()],
            timing: AutoTiming::HeldThroughEnemySupply,
        }],
    );
    let mut g = start(&s);
    mv(&mut g, &["g"], &["0505"]).unwrap();
    let r = play_to_end(&mut g);
    assert!(r.automatic);
    assert_eq!(
        (r.turn, r.winner.as_ref().map(|w| w.as_str())),
        (1, Some("german"))
    );
}

#[test]
fn automatic_victory_at_the_end_of_an_enemy_supply_phase() {
    let mut s = Sandbox::new(10, 10, 5);
    town(&mut s, "Obojan", &["0909"]);
    s.unit("g", "german", "0101");
    s.unit("far", "soviet", "1010");
    scored(
        &mut s,
        vec![],
        vec![AutoVictory {
            side: "soviet".into(),
            places: vec!["Obojan".into()],
            timing: AutoTiming::AtEndOfEnemySupply,
        }],
    );
    let mut g = start(&s);
    let r = play_to_end(&mut g);
    assert!(r.automatic && r.turn == 1 && r.winner.as_ref().map(|w| w.as_str()) == Some("soviet"));
}

#[test]
fn a_game_without_automatic_victory_ends_after_its_last_turn() {
    let mut s = Sandbox::new(10, 10, 2);
    s.unit("g", "german", "0101");
    s.unit("far", "soviet", "1010");
    let mut g = start(&s);
    let r = play_to_end(&mut g);
    assert_eq!((r.turn, r.automatic, r.level), (2, false, None));
}
