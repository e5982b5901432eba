//! The victory points the scorer may still take: nearer objectives count more, and a
//! defender's line in the way holds them off.

use super::foresight::vp_in_reach;
use crate::hex::HexId;
use crate::model::{Place, PlaceKind, Victory, VictoryLevel, VpAward, VpEvent};
use crate::systems::wb95::sandbox::Sandbox;
use crate::systems::wb95::tests::start;

/// A German regiment at `german`, a Soviet one at `soviet` (if any), and a town at 1003
/// worth 5 VP to the German.
fn town_game(german: &str, soviet: Option<&str>) -> crate::systems::wb95::Game {
    let mut s = Sandbox::new(12, 6, 4);
    s.unit("g", "german", german);
    if let Some(h) = soviet {
        s.unit("s", "soviet", h);
    }
    s.bundle.map.places.push(Place {
        name: "Town".into(),
        kind: PlaceKind::Town,
        hexes: vec![HexId::parse("1003").unwrap()],
    });
    s.bundle.scenario.victory = Some(Victory {
        scorer: "german".into(),
        points: vec![VpAward {
            vp: 5,
            event: VpEvent::ControlPlace("Town".into()),
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
                min_vp: Some(5),
            },
        ],
        automatic: Vec::new(),
    });
    start(&s)
}

#[test]
fn an_objective_nearer_the_scorer_is_likelier_taken() {
    let far = vp_in_reach(&town_game("0103", None));
    let near = vp_in_reach(&town_game("0703", None));
    assert!(0.0 < far && far < near && near < 5.0, "far {far}, near {near}");
}

#[test]
fn a_defender_in_the_way_holds_the_objective_off() {
    let open = vp_in_reach(&town_game("0503", None));
    let held = vp_in_reach(&town_game("0503", Some("0803")));
    assert!(held < open, "open {open}, with a regiment in the way {held}");
}
