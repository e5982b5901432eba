//! Soviet attacks on Alarm units during movement (9.12).

use super::ok;
use super::sandbox::{QUIET, Sandbox, T, hex, mv, to_step, units::*};
use crate::engine::phase::Step;
use crate::engine::state::Loc;
use crate::engine::unit::{Kind, MoveClass, Size};
use crate::engine::{Action, Army, Event};

const ALARM: T = T {
    kind: Kind::Alarm,
    class: MoveClass::NonMot,
    size: Size::Battalion,
    strengths: &[2],
    movement: 0,
    white: 0,
    black: 0,
    star: false,
    defence_only: true,
};

#[test]
fn r9_12_a_moving_division_overruns_a_lone_alarm_unit_enters_its_hex_and_moves_on() {
    let mut b = Sandbox::new(10, 10);
    let div = b.unit(Army::Soviet, "div", &RIFLE_DIV, "0202");
    let alarm = b.unit(Army::German, "alarm", &ALARM, "0204");
    b.rules.setup[1].2.alarm_side = true;
    b.spares();
    let mut faces = QUIET.to_vec();
    faces.extend([6, 6]);
    let mut g = b.game(&faces);
    to_step(&mut g, Army::Soviet, Step::Movement);
    ok(&mut g, mv(&["div"], "0203"));
    assert!(
        g.legal()
            .contains(&Action::AlarmAttack { hex: hex("0204") })
    );
    let e = ok(&mut g, Action::AlarmAttack { hex: hex("0204") });
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Eliminated { unit } if unit == "alarm")),
        "{e:?}"
    );
    assert_eq!(g.state().units[alarm].loc, Loc::Eliminated);
    assert_eq!(g.state().units[div].loc, Loc::Map(hex("0204")));
    // 1 MP to 0203, 1 + 1 for the attack: 2 MP left of 5.
    ok(&mut g, mv(&["div"], "0205"));
    ok(&mut g, mv(&["div"], "0206"));
    assert!(g.apply(&mv(&["div"], "0207")).is_err());
}
