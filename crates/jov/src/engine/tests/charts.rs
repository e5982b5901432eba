//! The rulebook's worked examples that read a chart, on the example charts (whose
//! `given` cells are the rulebook's).

use crate::engine::charts::{Charts, CrtPart, fixture};
use crate::engine::side::Army;
use crate::engine::weather::Visibility;

fn charts() -> Charts {
    Charts::read(&fixture::invented()).expect("the invented charts read")
}

#[test]
fn r12_10_2_example_german_obs_five_rolling_four_shifts_two_right() {
    assert_eq!(charts().artillery(Army::German).shifts(1 + 2 + 2, 4), 2);
}

#[test]
fn r6_1_1_example_a_german_two_when_frozen_is_one_mission() {
    let c = charts();
    let drm = c.air.visibility_drm(Visibility::Clear, Army::German);
    assert_eq!(c.air.german.get(2 + drm).map(|m| m[0]), Some(1));
}

#[test]
fn r6_1_2_example_overcast_fronts_modified_zero_and_three_give_zero_and_two() {
    let c = charts();
    assert_eq!(c.air.soviet["1UF"].get(0).map(|m| m[0]), Some(0));
    assert_eq!(c.air.soviet["2UF"].get(3).map(|m| m[0]), Some(2));
    assert!(c.air.visibility_drm(Visibility::Overcast, Army::Soviet) < 0);
}

#[test]
fn r4_4_4_example_a_class_a_division_rotates_from_12_to_9() {
    let s = charts().chits.strengths("Soviet A", 4).expect("the chit");
    assert_eq!((s[3], s[2]), (12, 9));
}

#[test]
fn r12_8_armor_superiority_by_the_difference_in_white_dots() {
    let a = charts().armor_superiority;
    assert_eq!(
        [
            a.shift(3, 2),
            a.shift(5, 2),
            a.shift(7, 2),
            a.shift(2, 2),
            a.shift(2, 3)
        ],
        [1, 2, 3, 0, -1]
    );
}

#[test]
fn r5_2_visibility_one_to_four_clear_else_a_second_roll() {
    let v = charts().visibility;
    assert_eq!(v.first.get(4).copied().flatten(), Some(Visibility::Clear));
    assert_eq!(v.first.get(5).copied().flatten(), None);
    assert_eq!(v.second.get(5).copied(), Some(Visibility::Overcast));
    assert_eq!(v.second.get(6).copied(), Some(Visibility::Storm));
}

#[test]
fn r12_12_2_a_cell_reads_as_attacker_and_defender_losses_retreats_breakthrough() {
    let crt = charts().crt;
    // Column 1:1, roll 8 is "1/1R" in the invented chart; 3:1, roll 10 is "—/1R▶".
    let r = crt.result(2, 8);
    assert_eq!(
        r.attacker,
        CrtPart {
            steps: 1,
            ..CrtPart::default()
        }
    );
    assert_eq!(r.defender.steps, 1);
    assert_eq!(r.defender.retreat, 1);
    let b = crt.result(4, 10);
    assert!(b.defender.breakthrough && b.defender.retreat == 2, "{b:?}");
}

#[test]
fn r12_11_odds_below_1_3_and_above_10_1_disorganize() {
    let crt = charts().crt;
    assert_eq!(crt.beyond(1, 4), Some(false));
    assert_eq!(crt.beyond(1, 3), None);
    assert_eq!(crt.beyond(10, 1), None);
    assert_eq!(crt.beyond(11, 1), Some(true));
    assert_eq!(crt.label(crt.column_of(5, 2)), "2:1");
    assert_eq!(crt.label(crt.column_of(2, 5)), "1:3");
}
