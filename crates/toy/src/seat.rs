//! A person's seat in a toy game: the side to play's legal orders as a decision, each
//! choice carrying its order (RON) for [`super::play`] to apply through the rules.

use super::bots::orders;
use super::rules::{Action, Game, Loc, Phase};
use sztab_seam::{Choice, Decision};

/// The side to play's choices now: every legal order, then ending the phase.
pub fn decision(game: &Game) -> Decision {
    let st = game.state();
    let r = &game.rules;
    let mut choices: Vec<Choice> = orders(game).into_iter().map(|a| choice(game, a)).collect();
    let end = match st.phase {
        Phase::Move => "end the move phase",
        Phase::Attack => "end the attack phase",
    };
    choices.push(Choice::plain(end, key(&Action::EndPhase)));
    let ask = match st.phase {
        Phase::Move => "move units or bring them in, then end the phase",
        Phase::Attack => "attack adjacent enemies, then end the phase",
    };
    Decision {
        side: st.side,
        prompt: format!("{}, turn {}: {ask}", r.sides[st.side].1, st.turn),
        choices,
    }
}

/// The order a choice carries.
pub fn key(a: &Action) -> String {
    ron::to_string(a).unwrap_or_default()
}

pub fn order(key: &str) -> Result<Action, String> {
    ron::from_str(key).map_err(|e| format!("not a toy order: {e}"))
}

fn choice(game: &Game, a: Action) -> Choice {
    let r = &game.rules;
    let name = |id: &str| {
        r.unit(id)
            .map_or(id.to_owned(), |u| r.units[u].name.clone())
    };
    let (label, unit, target, hexes, explain) = match &a {
        Action::Move { unit, to } => {
            let path = r
                .unit(unit)
                .and_then(|u| game.reach(u).remove(to))
                .map(|(_, p)| p)
                .unwrap_or_default();
            (
                format!("move {} to {to}", name(unit)),
                unit,
                Some(*to),
                path,
                None,
            )
        }
        Action::Enter { unit, hex } => (
            format!("bring {} in on {hex}", name(unit)),
            unit,
            Some(*hex),
            vec![*hex],
            None,
        ),
        Action::Attack { unit, target } => {
            let (u, t) = (r.unit(unit), r.unit(target));
            let at = t.and_then(|t| match game.state().loc[t] {
                Loc::On(h) => Some(h),
                _ => None,
            });
            let explain = u.zip(t).map(|(u, t)| {
                let need = game.needed(u, t);
                let chance = (7 - need).clamp(0, 6);
                format!(
                    "attack {} − defense {}{}: the die must show {need} or more, {chance} in 6",
                    r.units[u].attack,
                    r.units[t].defense,
                    if at.is_some_and(|h| r.is_rough(h)) {
                        " − 1 (rough)"
                    } else {
                        ""
                    }
                )
            });
            (
                format!("{} attacks {}", name(unit), name(target)),
                unit,
                at,
                at.into_iter().collect(),
                explain,
            )
        }
        Action::EndPhase => unreachable!("orders() gives no EndPhase"),
    };
    Choice {
        label,
        units: vec![unit.clone()],
        target,
        hexes,
        sight: false,
        explain,
        mark: None,
        key: key(&a),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use sztab_seam::{Match, Narration, RuleSystem};

    fn valley() -> std::path::PathBuf {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/toy/valley.scenario.ron")
    }

    /// Blue at a seat, red the greedy bot.
    fn seated(seed: u64) -> Box<dyn Match> {
        let (bundle, _) = crate::Toy.load(&valley()).unwrap();
        let p = crate::Toy.prepare(bundle.view()).unwrap();
        assert!(p.human_seats());
        p.new_match(seed, &[("red".into(), "greedy".into())], Narration::Turns)
            .unwrap()
    }

    #[test]
    fn the_person_at_a_seat_decides_and_the_bot_waits_for_it() {
        let mut m = seated(3);
        let d = m.decision().expect("blue moves first, from its seat");
        assert_eq!(d.side, 0);
        assert!(d.prompt.contains("move units"), "{}", d.prompt);
        let end = d.choices.last().unwrap();
        assert_eq!(end.label, "end the move phase");
        assert!(end.units.is_empty() && end.target.is_none());
        let mv = d
            .choices
            .iter()
            .find(|c| c.label.starts_with("move "))
            .unwrap();
        let (unit, to) = (mv.units[0].clone(), mv.target.unwrap());
        assert_eq!(mv.hexes.last(), Some(&to), "the path ends on the target");
        assert!(d.of_unit(&unit).any(|c| c.is(&unit, to)));
        // The bot does not play blue's turn.
        assert!(m.step().is_err());
        m.choose(&mv.clone()).unwrap();
        let here = m.board().into_iter().find(|o| o.unit == unit).unwrap();
        assert_eq!(here.hex, to);
        // The unit has moved: it is offered no other move this phase.
        assert!(m.decision().unwrap().of_unit(&unit).next().is_none());
        // A choice the rules refuse now changes nothing.
        assert!(m.choose(&mv.clone()).is_err());
        assert_eq!(m.actions(), 1);
    }

    #[test]
    fn a_game_of_choices_at_a_seat_records_and_replays_identically() {
        let mut m = seated(5);
        // Blue attacks whenever it can at the best chance, else makes its first move.
        let mut guard = 0;
        while !m.is_over() {
            guard += 1;
            assert!(guard < 2000, "the game ends");
            let Some(d) = m.decision() else {
                m.step().unwrap();
                continue;
            };
            let c = d
                .choices
                .iter()
                .find(|c| c.label.contains(" attacks "))
                .unwrap_or(&d.choices[0])
                .clone();
            m.choose(&c).unwrap();
        }
        assert!(m.result().is_some());
        let dir = tempfile::tempdir().unwrap();
        let (text, _, _) = m.log(&valley()).unwrap();
        let log = dir.path().join("game.ron");
        std::fs::write(&log, &text).unwrap();
        let (bundle, _) = crate::Toy.load(&valley()).unwrap();
        let r = crate::Toy.replay(bundle.view(), &log, &text).unwrap();
        assert!(r.same, "{r:?}");
        assert_eq!(r.result, m.result());
    }
}
