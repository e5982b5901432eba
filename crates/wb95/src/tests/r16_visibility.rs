//! R16 unit masking: what each side sees of the other's stacks.

use super::*;
use crate::sandbox::Sandbox;
use crate::visibility::StackView;
use sztab_core::model::UnitKind;

fn view(g: &Game, viewer: Side, h: &str) -> StackView {
    g.stack_view(viewer, hx(g, h)).expect("an enemy stack")
}

fn stacks() -> Sandbox {
    let mut s = Sandbox::new(12, 10, 2);
    s.unit("g", "german", "0305");
    // Entrenched: no attack obligation on the German side (R7.1.11).
    s.placement("g").unwrap().fortified = true;
    s.unit("d1", "soviet", "0905");
    s.armor("d2", "soviet", "0905", 6, 7);
    s.unit("n1", "soviet", "0405");
    s.armor("n2", "soviet", "0405", 6, 7);
    s
}

#[test]
fn r16_1_1_only_the_top_counter_of_an_enemy_stack_is_seen() {
    let g = start(&stacks());
    match view(&g, Side::A, "0905") {
        StackView::Top { top, count } => {
            assert_eq!((top.unit.as_str(), count), ("d2", 2), "the last to arrive");
        }
        v => panic!("{v:?}"),
    }
    assert!(g.stack_view(Side::A, hx(&g, "0305")).is_none(), "own stack");
    let vis = g.visible_state(Side::A);
    assert_eq!(vis.stacks.len(), 2);
}

#[test]
fn r16_1_2_a_masking_marker_hides_the_top_counter_too() {
    let mut g = start(&stacks());
    until(&mut g, PhaseKind::Movement, Side::B);
    g.apply(Action::Mask {
        units: ids(&["d1", "d2"]),
        masked: true,
    })
    .unwrap();
    assert_eq!(view(&g, Side::A, "0905"), StackView::Masked { count: 2 });
    assert_eq!(
        g.check(&Action::Mask {
            units: ids(&["g"]),
            masked: true
        })
        .unwrap_err()
        .rule,
        "R16.1.2"
    );
}

#[test]
fn r16_1_4_next_to_the_viewer_types_and_cel_unless_fortified() {
    let mut s = stacks();
    let g = start(&s);
    match view(&g, Side::A, "0405") {
        StackView::Adjacent { units, fortified } => {
            assert!(!fortified);
            assert_eq!(
                units,
                vec![(UnitKind::Infantry, Some(2)), (UnitKind::Armored, Some(2))]
            );
        }
        v => panic!("{v:?}"),
    }
    s.placement("n1").unwrap().fortified = true;
    let g = start(&s);
    assert_eq!(
        view(&g, Side::A, "0405"),
        StackView::Adjacent {
            units: vec![(UnitKind::Infantry, None), (UnitKind::Armored, None)],
            fortified: true
        }
    );
}

#[test]
fn r16_1_3_a_stack_that_fought_is_shown_until_the_end_of_the_combat_phase() {
    let mut s = stacks();
    s.unit("g2", "german", "0805");
    let mut g = start(&s);
    until(&mut g, PhaseKind::Combat, Side::A);
    // 4 against 10 is 1:3; a roll of 4 gives •/-1: nobody moves.
    attack_rolling(&mut g, &["g2"], &["0905"], 4).unwrap();
    finish_combat(&mut g);
    // 0905 is adjacent to g2 anyway; look from the other side at the attacker's stack.
    match g.stack_view(Side::B, hx(&g, "0805")) {
        Some(StackView::Revealed { units }) => assert_eq!(units.len(), 1),
        v => panic!("{v:?}"),
    }
    end(&mut g);
    assert_ne!(g.state().clock.phase.kind(), PhaseKind::Combat);
    assert!(!matches!(
        g.stack_view(Side::B, hx(&g, "0805")),
        Some(StackView::Revealed { .. })
    ));
}
