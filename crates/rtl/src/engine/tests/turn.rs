//! The turn (4.21): weather (5.11), air readiness (13.12), the Reorganization Segment
//! (3.75, 12.19, 15.34) and victory (17.0, 4.22).

use super::*;
use crate::engine::rules::{Cond, Level, Scoring, VpLine, WeatherBox};
use crate::engine::sandbox::units::*;
use crate::engine::state::Loc;
use crate::engine::unit::AirType;
use crate::engine::words::{GERMAN, SOVIET, Supply, Weather};

#[test]
fn r5_11_the_german_rolls_the_turns_weather_box() {
    let mut sb = duel(6, 6);
    sb.rules.historical_weather = false;
    sb.rules.track[0] = WeatherBox {
        label: "16 Jul AM".into(),
        dry_to: 3,
        cloudy_to: 6,
        historical: Weather::Rain,
    };
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0101");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0606");
    let weather = |sb: &crate::engine::sandbox::Sandbox, faces: &[u8]| {
        let g = sb.scripted(faces);
        events(g.opening_events(), |e| match e {
            Event::Weather { roll, weather } => Some((*roll, *weather)),
            _ => None,
        })
    };
    assert_eq!(weather(&sb, &[3, 1, 10]), [(Some(3), Weather::Dry)]);
    assert_eq!(weather(&sb, &[4, 1, 10]), [(Some(4), Weather::Cloudy)]);
    assert_eq!(weather(&sb, &[7, 1, 10]), [(Some(7), Weather::Rain)]);
    sb.rules.historical_weather = true;
    assert_eq!(
        weather(&sb, &[1, 10]),
        [(None, Weather::Rain)],
        "5.11d: the asterisk"
    );
}

#[test]
fn r13_12_flown_air_units_are_ready_next_turn_none_in_rain() {
    let mut sb = duel(6, 6);
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0101");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0606");
    let a = sb.air(GERMAN, "ju87", AirType::A, 7, 2);
    sb.start(a).at = crate::engine::rules::StartAt::Flown;
    let mut g = sb.game(1);
    assert_eq!(
        g.state().units[a].loc,
        Loc::Ready,
        "turn 1's Air Readiness Phase"
    );
    let mut rain = sb.clone();
    rain.weather(Weather::Rain);
    g = rain.game(1);
    assert_eq!(g.state().units[a].loc, Loc::Flown, "none in Rain (R-01)");
}

#[test]
fn r3_75_disruption_is_removed_out_of_an_enemy_zoc_or_by_an_er_check_in_one() {
    let mut sb = duel(8, 8);
    let free = sb.unit(GERMAN, "free", RIFLE, Some("gd"), "0101");
    sb.start(free).disrupted = true;
    let held = sb.unit(GERMAN, "held", RIFLE, Some("gd"), "0404");
    sb.start(held).disrupted = true;
    let hq = sb.unit(GERMAN, "hq", HQ, Some("gd"), "0408");
    sb.start(hq).spent = true;
    let art = sb.unit(GERMAN, "art", ARTILLERY, Some("gd"), "0108");
    sb.start(art).fired = true;
    let oos = sb.unit(GERMAN, "art-oos", ARTILLERY, Some("gd"), "0208");
    sb.start(oos).fired = true;
    sb.start(oos).supply = Supply::Oos;
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0405");
    sb.source(GERMAN, &["0101", "0208", "0108", "0404", "0408"])
        .source(SOVIET, &["0405"]);
    let mut g = sb.game(1);
    assert_eq!(
        g.state().units[oos].supply,
        Supply::In,
        "traced in supply at the start"
    );
    g.st.units[oos].supply = Supply::Oos;
    // The check in the ZOC: 9 fails ER 5 less 2 for the Disruption.
    g.script(&[9]);
    play_until(&mut g, |g| g.state().turn == 2);
    assert!(!g.state().units[free].disrupted);
    assert!(g.state().units[held].disrupted, "it failed its check");
    assert!(!g.state().units[hq].spent, "HQs flip back (15.34b)");
    assert!(!g.state().units[art].fired, "artillery flips back (12.19)");
}

#[test]
fn r12_19_out_of_supply_artillery_stays_fired() {
    let mut sb = duel(8, 8);
    let oos = sb.unit(GERMAN, "art", ARTILLERY, Some("gd"), "0208");
    sb.start(oos).fired = true;
    sb.start(oos).supply = Supply::Oos;
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0808");
    let mut g = sb.game(1);
    play_until(&mut g, |g| g.state().turn == 2);
    assert!(g.state().units[oos].fired);
}

fn scored(sb: &mut crate::engine::sandbox::Sandbox) {
    sb.rules.points = vec![
        VpLine {
            side: GERMAN,
            value: 5,
            scoring: Scoring::Holds(vec![hex("0505")]),
            from_turn: 1,
            to_turn: u32::MAX,
        },
        VpLine {
            side: GERMAN,
            value: 1,
            scoring: Scoring::StepLost(SOVIET),
            from_turn: 1,
            to_turn: u32::MAX,
        },
        VpLine {
            side: GERMAN,
            value: 2,
            scoring: Scoring::Eliminated {
                side: SOVIET,
                unit_type: Some("hq".into()),
            },
            from_turn: 1,
            to_turn: u32::MAX,
        },
    ];
}

#[test]
fn r17_0_victory_points_for_places_held_steps_lost_and_units_eliminated() {
    let mut sb = duel(8, 8);
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0505");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0808");
    let hq = sb.unit(SOVIET, "shq", HQ, Some("sd"), "0107");
    scored(&mut sb);
    let mut g = sb.game(1);
    assert_eq!(g.victory_points(), [5, 0], "0505 held");
    g.eliminate(hq, "test");
    assert_eq!(
        g.victory_points(),
        [5 + 1 + 2, 0],
        "the HQ's step and the HQ"
    );
}

#[test]
fn r4_22_sudden_victory_ends_the_game_after_a_turn_the_levels_decide_at_the_end() {
    let mut sb = duel(8, 8);
    sb.unit(GERMAN, "g", RIFLE, Some("gd"), "0505");
    sb.unit(SOVIET, "s", RIFLE, Some("sd"), "0808");
    scored(&mut sb);
    sb.turns(3);
    sb.rules.levels = vec![Level {
        name: "German sudden victory".into(),
        winner: GERMAN,
        all_of: vec![Cond::Points {
            side: GERMAN,
            at_least: 5,
        }],
        sudden: true,
    }];
    let mut g = sb.game(1);
    play_until(&mut g, |_| false);
    let r = g.result().unwrap();
    assert_eq!(
        (r.winner, r.turn, r.sudden),
        (Some(GERMAN), 1, true),
        "{r:?}"
    );
    sb.rules.levels = vec![
        Level {
            name: "German victory".into(),
            winner: GERMAN,
            all_of: vec![Cond::Points {
                side: GERMAN,
                at_least: 50,
            }],
            sudden: false,
        },
        Level {
            name: "Soviet victory".into(),
            winner: SOVIET,
            all_of: vec![Cond::PointsAtMost {
                side: GERMAN,
                at_most: 10,
            }],
            sudden: false,
        },
    ];
    let mut g = sb.game(1);
    play_until(&mut g, |_| false);
    let r = g.result().unwrap();
    assert_eq!(
        (r.winner, r.level.as_str(), r.turn),
        (Some(SOVIET), "Soviet victory", 3)
    );
    assert_eq!(g.to_act(), None);
    assert!(g.legal().is_empty());
    assert_eq!(refused(&mut g, Action::End), "4.22");
}

#[test]
fn r15_22_a_leader_whose_hex_the_enemy_enters_is_displaced_spent() {
    use crate::engine::unit::Kind;
    let mut sb = duel(8, 8);
    let l = sb.unit(SOVIET, "voroshilov", RIFLE, None, "0404");
    {
        let d = sb.values(l);
        d.kind = Kind::Leader;
        d.stacking = 0;
        d.reduced = None;
        d.command_points = 1;
        d.command_range = 4;
    }
    sb.unit(SOVIET, "friend", RIFLE, Some("sd"), "0407");
    sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0402");
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    ok(&mut g, pick("mot"));
    ok(&mut g, step("0403"));
    let ev = ok(&mut g, step("0404"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::LeaderDisplaced { to, .. } if *to == hex("0407"))),
        "{ev:?}"
    );
    assert!(g.state().units[l].spent);
}
