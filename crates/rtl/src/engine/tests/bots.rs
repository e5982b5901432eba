//! The forecast of an attack (decision R-46) against the rolls it forecasts, `sztab odds`,
//! and the heuristic bot: what it declares, that it plays whole games to
//! the end from either side, that its games replay, and that it beats the random bot.

use std::path::{Path, PathBuf};

use super::*;
use crate::Rtl;
use crate::engine::heuristic::Heuristic;
use crate::engine::sandbox::units::*;
use crate::engine::state::Stage;
use crate::engine::words::{CrtKind, GERMAN, SOVIET};
use crate::schema::SCHEMAS;
use sztab_core::model::described::Bundle;
use sztab_seam::{BundleRef, Narration, OddsQuery, RuleSystem};

fn example() -> (Bundle, PathBuf) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/rtl/soltsy-example.scenario.ron");
    (Bundle::load(&path, &SCHEMAS).unwrap().0, path)
}

fn stage(g: &Game) -> Option<Stage> {
    g.state().seq().map(|q| q.stage)
}

/// 10.5, 10.6: the forecast of a one-hex attack gives each face of the d10 a tenth, and
/// each face scripted into the die gives the result the forecast counted for it.
#[test]
fn r10_6_the_forecast_counts_the_results_the_rolls_give() {
    let mut sb = duel(6, 6);
    sb.woods(&["0103"]);
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0102");
    sb.unit(GERMAN, "eng", ENGINEER, Some("gd"), "0102");
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0103");
    let base = german(&sb, SeqKind::Assault, &[]);
    let mut g = base.clone();
    to_combat(
        &mut g,
        &[("inf", "0103"), ("eng", "0103")],
        &[("0103", "def")],
    );
    assert_eq!(stage(&g), Some(Stage::Combat));
    let seq = g.state().seq().unwrap();
    let units = seq.attacks[0].units.clone();
    let lead = g.rules.unit("inf").unwrap();
    let dl = seq.leads.get(&hex("0103")).copied();
    let b = g.what_if_battle(hex("0103"), GERMAN, CrtKind::Assault, units, lead, dl);
    let f = g.forecast(&b);
    assert_eq!(f.p_coordinated, 1.0, "one hex: always coordinated (10.44)");
    assert_eq!((f.ground_attack, f.ground_defense), (7, 4));
    let total: f64 = f.results.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    let mut rolled: Vec<(crate::engine::crt::CrtResult, f64)> = Vec::new();
    for face in 1..=10u8 {
        let mut g2 = g.clone();
        g2.script(&[face]);
        let mut ev = ok(&mut g2, resolve("0103", CrtKind::Assault, "inf"));
        ev.extend(play_until(&mut g2, |g| {
            g.state().seq().is_none_or(|q| q.battle.is_none())
        }));
        let c = combats(&ev);
        assert_eq!(c.len(), 1, "{ev:?}");
        assert_eq!(c[0].3, b_drm(&f), "the forecast's DRM is the roll's");
        match rolled.iter_mut().find(|(r, _)| *r == c[0].5) {
            Some((_, p)) => *p += 0.1,
            None => rolled.push((c[0].5, 0.1)),
        }
    }
    for (r, p) in &rolled {
        let q = f
            .results
            .iter()
            .find(|(x, _)| x == r)
            .map_or(0.0, |(_, q)| *q);
        assert!((p - q).abs() < 1e-9, "{r}: rolled {p}, forecast {q}");
    }
    assert_eq!(rolled.len(), f.results.len());
}

fn b_drm(f: &crate::engine::forecast::Forecast) -> i32 {
    assert_eq!(f.branches.len(), 1);
    f.branches[0].drm
}

fn placed(opts: &[(&str, &str)]) -> OddsQuery {
    let mut options: Vec<(String, String)> = vec![
        ("place".into(), "de-10pz-2@3119".into()),
        ("place".into(), "de-8s-1@3119".into()),
    ];
    options.extend(opts.iter().map(|(a, b)| (a.to_string(), b.to_string())));
    OddsQuery {
        attackers: vec!["3119".into()],
        defender: "3219".into(),
        options,
    }
}

/// 10.61a-h, 10.62 in `sztab odds`: the Strongpoint in Soltsy's hex 3219 forces the
/// Assault CRT (10.32) and gives its DRM; every DRM names its rule; the results add up
/// to 100%. The attackers are placed beside it: none stands there at setup.
#[test]
fn r10_61_odds_in_the_example_break_the_attack_down() {
    let (b, _) = example();
    let far = OddsQuery {
        attackers: vec!["3118".into()],
        defender: "3219".into(),
        options: Vec::new(),
    };
    let e = Rtl
        .odds(BundleRef::Described(&b), &far)
        .unwrap_err()
        .to_string();
    assert!(e.contains("3118 is not adjacent to 3219 (9.11)"), "{e}");
    let q = placed(&[]);
    let out = Rtl.odds(BundleRef::Described(&b), &q).unwrap();
    assert!(out.contains("Assault CRT"), "{out}");
    assert!(
        !out.contains("Mobile CRT"),
        "a Strongpoint: Assault only\n{out}"
    );
    assert!(
        out.contains("a Strongpoint in the Defender Hex (10.61b)"),
        "{out}"
    );
    assert!(out.contains("ER differential"), "{out}");
    assert!(
        out.contains("de-10pz-2") && out.contains("de-8s-1"),
        "{out}"
    );
    assert!(out.contains("su-68") && out.contains("reduced"), "{out}");
    let percents: u32 = out
        .lines()
        .skip_while(|l| !l.contains("results:"))
        .skip(1)
        .filter_map(|l| l.trim().split('%').next()?.parse::<u32>().ok())
        .sum();
    assert!((98..=102).contains(&percents), "{percents}\n{out}");
}

/// 10.32: asking for the Mobile CRT where only the Assault CRT may be used is refused with
/// the rule; an option the system does not read is refused by name.
#[test]
fn r10_32_odds_refuse_a_crt_the_attack_may_not_use_and_unknown_options() {
    let (b, _) = example();
    let q = placed(&[("mobile", "")]);
    let e = Rtl
        .odds(BundleRef::Described(&b), &q)
        .unwrap_err()
        .to_string();
    assert!(e.contains("10.32"), "{e}");
    let q = placed(&[("odds", "")]);
    let e = Rtl
        .odds(BundleRef::Described(&b), &q)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("Roads to Leningrad has no --opt odds; it reads mobile, assault"),
        "{e}"
    );
}

/// 9.11, 12.1: artillery on an attacking hex is left out with the reason, and joins as
/// support when named; an HQ out of reach is refused by its rule.
#[test]
fn r12_13_odds_leave_artillery_out_unless_it_is_named_for_support() {
    let mut sb = duel(6, 6);
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0102");
    sb.unit(GERMAN, "art", ARTILLERY, Some("gd"), "0102");
    sb.unit(GERMAN, "hq", HQ, Some("gd"), "0101");
    sb.unit(SOVIET, "def", RIFLE, Some("sd"), "0103");
    let g = sb.game(1);
    let q = |opts: Vec<(String, String)>| OddsQuery {
        attackers: vec!["0102".into()],
        defender: "0103".into(),
        options: opts,
    };
    let out = crate::engine::odds::report_on(g.clone(), &q(vec![])).unwrap();
    assert!(
        out.contains("art may not attack: artillery supports"),
        "{out}"
    );
    assert!(out.contains("ground strengths 4 to 4"), "{out}");
    let out =
        crate::engine::odds::report_on(g, &q(vec![("artillery".into(), "art".into())])).unwrap();
    assert!(out.contains("attacking artillery: art"), "{out}");
    // Adjacent artillery is always coordinated (10.42d): 4 + min(5, 4) = 8.
    assert!(out.contains("8 to 4"), "{out}");
}

/// 9.1, 10.5: in a Combat Declaration the heuristic declares the attack at good odds and
/// leaves alone the one it would lose.
#[test]
fn r10_5_the_heuristic_declares_the_good_attack_and_not_the_hopeless_one() {
    let mut sb = duel(8, 6);
    sb.unit(GERMAN, "tank", TANK, Some("gd"), "0102");
    sb.unit(GERMAN, "mot", MOT_INF, Some("gd"), "0102");
    let weak = sb.unit(SOVIET, "weak", RIFLE, Some("sd"), "0103");
    sb.values(weak).full.defense = 1;
    sb.unit(GERMAN, "lone", RECON, Some("gd"), "0502");
    let strong = sb.unit(SOVIET, "strong", RIFLE, Some("sd"), "0503");
    sb.values(strong).full.defense = 12;
    let mut g = german(&sb, SeqKind::Mobile, &[]);
    play_until(&mut g, |g| stage(g) == Some(Stage::Declaration));
    let mut bot = Heuristic::new(5, 3);
    let mut declared = Vec::new();
    for _ in 0..10 {
        if stage(&g) != Some(Stage::Declaration) {
            break;
        }
        let a = bot.choose(&g);
        assert!(g.legal().contains(&a), "{a} is not legal");
        if let Action::Declare { unit, hex } = &a {
            declared.push((unit.clone(), hex.to_string()));
        }
        g.apply(&a).unwrap();
    }
    declared.sort();
    assert_eq!(
        declared,
        [
            ("mot".to_string(), "0103".to_string()),
            ("tank".to_string(), "0103".to_string())
        ]
    );
}

/// 11.21: the heuristic takes a loss from a unit with a step to spare, not one it would
/// eliminate.
#[test]
fn r11_21_the_heuristic_takes_a_loss_where_a_step_is_spare() {
    let mut sb = duel(6, 6);
    sb.unit(GERMAN, "inf", RIFLE, Some("gd"), "0102");
    sb.unit(GERMAN, "eng", ENGINEER, Some("gd"), "0102");
    sb.unit(SOVIET, "full", RIFLE, Some("sd"), "0103");
    let one = sb.unit(SOVIET, "last", RIFLE, Some("sd"), "0103");
    sb.start(one).reduced = true;
    let g = german(&sb, SeqKind::Mobile, &[]);
    let bot = Heuristic::new(1, 3);
    let full = bot_loss_score(&bot, &g, "full");
    let last = bot_loss_score(&bot, &g, "last");
    assert!(full > last, "{full} {last}");
}

fn bot_loss_score(bot: &Heuristic, g: &Game, id: &str) -> f64 {
    bot.score(g, SOVIET, &Action::Loss { unit: id.into() })
}

fn seat(name: &str, side: &str) -> (String, String) {
    (side.to_string(), name.to_string())
}

/// Plays a game of the example through the seam; returns the German VP and its log
/// replays identically.
fn play(german: &str, soviet: &str, seed: u64) -> i32 {
    let (b, path) = example();
    let playable = Rtl.prepare(BundleRef::Described(&b)).unwrap();
    let bots = vec![seat(german, "german"), seat(soviet, "soviet")];
    let mut m = playable.new_match(seed, &bots, Narration::Silent).unwrap();
    while !m.is_over() {
        m.step().unwrap();
    }
    m.finish();
    let result = m.result().unwrap();
    assert!(result.contains("after turn"), "{result}");
    let (log, _, _) = m.log(&path).unwrap();
    let replayed = playable.replay(&path, &log).unwrap();
    assert!(replayed.same, "{german} v {soviet}: {replayed:?}");
    m.record().vp
}

/// 4.22: every pairing plays to its end, and its log replays event for event.
#[test]
fn r4_22_heuristic_games_end_and_replay() {
    for (g, s) in [
        ("heuristic", "random"),
        ("random", "heuristic:1"),
        ("heuristic:5", "heuristic"),
    ] {
        play(g, s, 7);
    }
}

/// 17.0: over the same seeds the heuristic German scores more than the random one does
/// against a random Soviet, and the heuristic Soviet holds a random German lower than a
/// random Soviet does.
#[test]
fn r17_0_the_heuristic_beats_random_from_both_sides() {
    let seeds = [1, 2, 3, 4];
    let sum = |g: &str, s: &str| -> i32 { seeds.iter().map(|&x| play(g, s, x)).sum() };
    let rr = sum("random", "random");
    let hr = sum("heuristic", "random");
    let rh = sum("random", "heuristic");
    assert!(hr > rr, "German VP: heuristic {hr}, random {rr}");
    assert!(
        rh < rr,
        "German VP against a heuristic Soviet {rh}, a random one {rr}"
    );
}

/// 8.6, R-49: in 8.64's example a moving stack next to a weak enemy stack it can
/// overrun at good odds overruns it rather than moving on; next to a strong one it does
/// not.
#[test]
fn r8_6_the_heuristic_overruns_a_weak_stack_in_its_way_and_not_a_strong_one() {
    for (defense, overruns) in [(1, true), (18, false)] {
        let mut sb = duel(8, 8);
        sb.link(
            &["0501", "0502", "0503", "0504"],
            crate::engine::board::Link::Trail,
        )
        .woods(&["0504"]);
        for id in ["tank", "recon"] {
            let kind = if id == "tank" { TANK } else { RECON };
            let u = sb.unit(GERMAN, id, kind, Some("gd"), "0501");
            sb.values(u).movement = crate::engine::words::Mp::whole(6);
        }
        let front = sb.unit(SOVIET, "front", RIFLE, Some("sd"), "0504");
        sb.values(front).full.defense = defense;
        sb.unit(SOVIET, "rear", RIFLE, Some("sd"), "0505");
        let mut g = german(&sb, SeqKind::Mobile, &[]);
        for a in [pick("tank"), pick("recon"), step("0502"), step("0503")] {
            ok(&mut g, a);
        }
        let o = Action::Overrun {
            hex: hex("0504"),
            lead: "tank".into(),
            air: None,
        };
        assert!(g.legal().contains(&o), "{:?}", g.clone().apply(&o).err());
        let a = Heuristic::new(5, 3).choose(&g);
        assert_eq!(
            matches!(a, Action::Overrun { .. }),
            overruns,
            "defense {defense}: {a}"
        );
    }
}
