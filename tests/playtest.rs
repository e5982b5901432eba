//! Playtest mode driven as a player would, with egui_kittest (no display, no GPU): Play ▶
//! and the start dialog, moving a unit on the map, declaring an attack with scripted dice
//! and answering the defender's retreat, ending the phase, and going back to the editor
//! with the document untouched; bots taking their turn; saving, loading and replaying a
//! game; a whole bot game at full speed, each bot deciding on its own thread.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sztab::editor::EditorApp;
use sztab::editor::playtest::{Pace, Seat};
use sztab::hex::HexId;
use sztab::systems::wb95::ai::BotSpec;
use sztab::systems::wb95::{Decision, Phase, Side};

mod common;
use common::{click, fixture_copy, open, type_into, wait_for_lab};

fn click_hex(h: &mut Harness<EditorApp>, s: &str) {
    common::click_hex(h, common::hex(s));
}

/// Play ▶, both sides chosen, no fog, Start game.
fn start(h: &mut Harness<EditorApp>, seats: [Seat; 2]) {
    click(h, "Play ▶");
    let dialog = h.state_mut().play.start.as_mut().expect("the start dialog");
    assert!(dialog.refused.is_empty(), "{:?}", dialog.refused);
    dialog.seats = seats;
    dialog.seed = 7;
    dialog.fog = false;
    h.run();
    click(h, "Start game");
    assert!(h.state().play.playing());
}

fn decision(h: &Harness<EditorApp>) -> Option<(Side, Decision)> {
    h.state().play.session()?.decision()
}

fn phase(h: &Harness<EditorApp>) -> Phase {
    h.state().play.session().unwrap().game().state().clock.phase
}

fn hex_of(h: &Harness<EditorApp>, unit: &str) -> Option<HexId> {
    let g = h.state().play.session().unwrap().game();
    let u = g.roster().get(unit)?;
    g.unit_state(u).hex().map(|x| g.hex_id(x))
}

/// Answers the air phase and the barrage with the dialogs' buttons, up to the movement.
fn to_movement(h: &mut Harness<EditorApp>) {
    for _ in 0..10 {
        match decision(h) {
            Some((
                _,
                Decision::ChooseAir {
                    counters, choose, ..
                },
            )) => {
                for c in counters.iter().take(usize::from(choose)) {
                    click(h, c.as_str());
                }
                click(h, "Take these counters");
            }
            Some((_, Decision::AirMissions { .. })) => click(h, "Place the missions face down"),
            Some((_, Decision::Barrage { .. })) => click(h, "End phase ▶"),
            Some((_, Decision::Move { .. })) => return,
            other => panic!("unexpected decision {other:?}"),
        }
    }
    panic!("never reached the movement phase");
}

/// Answers the decisions of a combat in progress; returns whether a retreat was asked.
fn answer_combat(h: &mut Harness<EditorApp>) -> bool {
    let mut retreated = false;
    for _ in 0..10 {
        match decision(h) {
            Some((_, Decision::Defend { .. })) => click(h, "Declare the defense"),
            Some((_, Decision::Losses { .. })) => click(h, "Take losses"),
            Some((Side::B, Decision::Retreat { .. })) => {
                click(h, "Carry out the retreat");
                retreated = true;
            }
            Some((_, Decision::Retreat { .. })) => click(h, "Carry out the retreat"),
            Some((_, Decision::Pursue { .. } | Decision::Advance { .. })) => click(h, "Decline"),
            _ => return retreated,
        }
    }
    retreated
}

/// Dice faces that give a defender retreat without an attacker retreat for the attack
/// being planned.
fn dice_for_a_retreat(h: &Harness<EditorApp>) -> [u8; 2] {
    let g = h.state().play.session().unwrap().game();
    let order = sztab::editor::playtest::attack_order(&h.state().play.orders.attack);
    let eng = g.engagement_of(Side::A, &order).unwrap();
    let odds = g.assess(&eng);
    let o = odds
        .outcomes(g.prepared().crt)
        .into_iter()
        .find(|o| o.cell.defender.retreat > 0 && o.cell.attacker.retreat == 0)
        .expect("some roll makes the defender retreat");
    let r = o.rolls[0];
    [r.div_ceil(2), r / 2]
}

#[test]
fn play_move_attack_retreat_end_phase_and_back_to_the_editor() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    let before = h.state().doc().unwrap().scenario().unwrap().clone();
    let history = h.state().doc().unwrap().history().done().len();
    start(&mut h, [Seat::Human, Seat::Human]);
    to_movement(&mut h);

    // Move 10ID/41 from 0607 to 0707: select its stack, click the shaded hex.
    click_hex(&mut h, "0607");
    assert!(
        h.state()
            .play
            .orders
            .reach
            .as_ref()
            .is_some_and(|r| r.get(HexId::parse("0707").unwrap()).is_some())
    );
    click_hex(&mut h, "0707");
    assert_eq!(hex_of(&h, "10ID/41"), HexId::parse("0707").ok());
    click(&mut h, "End phase ▶");
    assert_eq!(phase(&h), Phase::CombatA);

    // The obligation is shown, and ending the phase is refused while it is owed.
    click(&mut h, "End phase ▶");
    assert_eq!(phase(&h), Phase::CombatA);
    assert!(
        h.state()
            .play
            .message
            .as_deref()
            .unwrap_or("")
            .contains("R5.1")
    );

    // Attack 0806 from 0707, with dice that make 307 retreat.
    click_hex(&mut h, "0707");
    click_hex(&mut h, "0806");
    h.get_by_label_contains("Art/XX").click();
    h.run();
    h.get_by_label_contains("Art/1PzD").click();
    h.run();
    assert_eq!(h.state().play.orders.attack.support.len(), 2);
    let faces = dice_for_a_retreat(&h);
    h.state_mut()
        .play
        .session_mut()
        .unwrap()
        .game_mut()
        .script_dice(&faces);
    h.get_by_label_contains("Odds breakdown");
    click(&mut h, "Roll the dice: attack");
    assert!(
        answer_combat(&mut h),
        "the Soviet player was asked to retreat"
    );
    assert_ne!(hex_of(&h, "307"), HexId::parse("0806").ok());
    let card = h
        .state()
        .play
        .session()
        .unwrap()
        .combat_card
        .clone()
        .unwrap();
    assert!(card.result.is_some() && card.ended);

    // The engine ends a phase with nothing left to do by itself (R2.1.4).
    if matches!(decision(&h), Some((_, Decision::Attack { .. }))) {
        click(&mut h, "End phase ▶");
    }
    assert!(phase(&h) > Phase::CombatA);

    click(&mut h, "◀ Back to editor");
    assert!(!h.state().play.playing());
    let doc = h.state().doc().unwrap();
    assert_eq!(
        doc.scenario().unwrap(),
        &before,
        "the document is unchanged"
    );
    assert!(!doc.is_dirty());
    assert_eq!(doc.history().done().len(), history, "undo history intact");
}

/// Picks a side's player in the start dialog's drop-down.
fn choose_seat(h: &mut Harness<EditorApp>, combo: &str, choice: &str) {
    h.get_by_role_and_label(Role::ComboBox, combo).click();
    h.run();
    click(h, choice);
}

/// Next bot action, then frames until the bot (deciding on its own thread) has acted;
/// each frame waits a little for it, and the frames are counted, not timed.
fn next_bot_action(h: &mut Harness<EditorApp>) {
    h.get_by_label("Next bot action").click();
    for _ in 0..100_000 {
        h.step();
        if !h.state().play.bot_busy() {
            h.run();
            return;
        }
    }
    panic!("the bot never acted");
}

#[test]
fn bots_take_their_turns_step_by_step() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    click(&mut h, "Play ▶");
    // The seats offer a human, the random bot and the heuristic and search bots at
    // strengths 1-5.
    h.get_by_role_and_label(Role::ComboBox, "plays Soviet Union")
        .click();
    h.run();
    for choice in ["Human", "Random bot"]
        .into_iter()
        .map(String::from)
        .chain((1..=5).map(|s| format!("Heuristic bot, strength {s}")))
        .chain((1..=5).map(|s| format!("Search bot, strength {s}")))
    {
        assert!(
            h.query_all_by_label(&choice).next().is_some(),
            "{choice} is offered"
        );
    }
    h.key_press(egui::Key::Escape);
    h.run();
    choose_seat(
        &mut h,
        "plays Germany (moves first)",
        "Heuristic bot, strength 4",
    );
    choose_seat(&mut h, "plays Soviet Union", "Random bot");
    assert_eq!(
        h.state().play.start.as_ref().unwrap().seats,
        [Seat::Bot(BotSpec::heuristic(4)), Seat::Bot(BotSpec::RANDOM)]
    );
    click(&mut h, "Start game");
    assert!(h.state().play.playing());
    h.state_mut().play.pace = Pace::Step;
    let mut by_side = [0usize; 2];
    for _ in 0..60 {
        if let Some((side, _)) = decision(&h) {
            by_side[side.index()] += 1;
        }
        next_bot_action(&mut h);
    }
    let s = h.state().play.session().unwrap();
    assert_eq!(
        s.seat(Side::A),
        Seat::Bot(BotSpec::heuristic(4)),
        "the heuristic bot plays the Germans"
    );
    assert!(s.actions().len() >= 60);
    assert!(s.game().state().clock.phase > Phase::AirFirst);
    assert!(
        by_side[0] > 0 && by_side[1] > 0,
        "both bots acted: {by_side:?}"
    );
    assert!(s.last.as_ref().is_some_and(|d| d.by_bot));
}

#[test]
fn the_search_bot_plays_a_seat() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    click(&mut h, "Play ▶");
    choose_seat(
        &mut h,
        "plays Germany (moves first)",
        "Search bot, strength 1",
    );
    choose_seat(&mut h, "plays Soviet Union", "Random bot");
    click(&mut h, "Start game");
    h.state_mut().play.pace = Pace::Step;
    let mut german = 0;
    for _ in 0..40 {
        if let Some((side, _)) = decision(&h) {
            german += usize::from(side == Side::A);
        }
        next_bot_action(&mut h);
    }
    let s = h.state().play.session().unwrap();
    assert_eq!(s.seat(Side::A), Seat::Bot(BotSpec::search(1)));
    assert!(german > 0, "the search bot acted");
    assert!(s.game().state().clock.phase > Phase::AirFirst);
}

#[test]
fn save_load_and_replay_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    start(&mut h, [Seat::Human, Seat::Human]);
    to_movement(&mut h);
    click_hex(&mut h, "0607");
    click_hex(&mut h, "0707");
    click(&mut h, "End phase ▶");
    let played = h.state().play.session().unwrap().actions().to_vec();
    assert!(played.len() >= 4);

    let file = dir.path().join("game.ron");
    click(&mut h, "Game");
    click(&mut h, "Save game…");
    type_into(&mut h, "Path", &file.display().to_string());
    click(&mut h, "Save game file");
    assert!(file.exists(), "{:?}", h.state().play.message);
    let log: sztab::systems::wb95::GameLog =
        ron::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(log.actions, played);

    // Load it back: it opens in replay at its last position.
    h.state_mut().play.stop();
    h.run();
    click(&mut h, "Game");
    click(&mut h, "Load game…");
    type_into(&mut h, "Path", &file.display().to_string());
    click(&mut h, "Load game file");
    let s = h.state().play.session().expect("the loaded game");
    assert_eq!(s.replay_position(), Some((played.len(), played.len())));

    click(&mut h, "⏮ Start");
    assert_eq!(
        h.state().play.session().unwrap().replay_position(),
        Some((0, played.len()))
    );
    let end_at = h.get_by_label("End ⏭").rect();
    h.get_by_label("Last: the start of the game");
    click(&mut h, "Action forward ▶");
    click(&mut h, "Action forward ▶");
    assert_eq!(
        h.state().play.session().unwrap().replay_position(),
        Some((2, played.len()))
    );
    // The action in words, and the buttons where they were.
    let last = h.get_by_label_contains("Last: ");
    let text = format!("{last:?}");
    assert!(
        !text.contains("UnitId(") && !text.contains("AirId("),
        "{text}"
    );
    assert_eq!(h.get_by_label("End ⏭").rect(), end_at);
    click(&mut h, "◀ Action back");
    assert_eq!(
        h.state().play.session().unwrap().replay_position(),
        Some((1, played.len()))
    );
    click(&mut h, "Phase forward ▶▶");
    let at = h
        .state()
        .play
        .session()
        .unwrap()
        .replay_position()
        .unwrap()
        .0;
    assert!(at > 1);
    click(&mut h, "End ⏭");
    assert_eq!(phase(&h), Phase::CombatA);
    click(&mut h, "◀◀ Phase back");
    assert_eq!(phase(&h), Phase::MovementA);
    click(&mut h, "Play from here");
    assert!(!h.state().play.session().unwrap().replaying());
    assert!(matches!(
        decision(&h),
        Some((Side::A, Decision::Move { .. }))
    ));
}

#[test]
fn a_refused_scenario_lists_its_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let text = std::fs::read_to_string(&path).unwrap();
    // Two sides on one hex: the setup checks refuse the game.
    std::fs::write(
        &path,
        text.replace(
            "(unit: \"202\", hex: \"0805\")",
            "(unit: \"202\", hex: \"0605\")",
        ),
    )
    .unwrap();
    let mut h = open(&path);
    click(&mut h, "Play ▶");
    let d = h.state().play.start.as_ref().unwrap();
    assert!(!d.refused.is_empty());
    assert!(h.query_by_label("Start game").is_none());
    click(&mut h, "Close");
    assert!(!h.state().play.playing());
}

#[test]
fn reinforcements_enter_from_the_tray() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    start(&mut h, [Seat::Human, Seat::Human]);
    // Both players pass turn 1 with random orders, up to the German movement of turn 2.
    let mut bot = sztab::systems::wb95::ai::RandomBot::new(11);
    for _ in 0..2000 {
        let s = h.state_mut().play.session_mut().unwrap();
        let clock = s.game().state().clock;
        if clock.turn == 2 && clock.phase == Phase::MovementA {
            break;
        }
        let (side, d) = s.decision().unwrap();
        let id = s.game().side_id(side).clone();
        let a = sztab::systems::wb95::ai::Player::decide(&mut bot, s.game(), &id, &d);
        s.apply(a).unwrap();
    }
    h.run();
    assert!(matches!(
        decision(&h),
        Some((Side::A, Decision::Move { .. }))
    ));
    h.get_by_label_contains("— zones A").click();
    h.run();
    click_hex(&mut h, "0105");
    assert_eq!(h.state().play.orders.entry_hex, HexId::parse("0105").ok());
    click(&mut h, "Enter and stop on 0105");
    assert_eq!(hex_of(&h, "505"), HexId::parse("0105").ok());
}

/// Game ▸ Balance lab…, with the lab's results cleared.
fn open_lab(h: &mut Harness<EditorApp>) {
    click(h, "Game");
    click(h, "Balance lab…");
    assert!(h.state().lab.open);
}

/// Chooses a side's bot in the lab's setup, and the heuristic bot's strength.
fn choose_lab_bot(h: &mut Harness<EditorApp>, side: &str, kind: &str, strength: Option<u8>) {
    h.get_by_role_and_label(Role::ComboBox, side).click();
    h.run();
    click(h, kind);
    if let Some(s) = strength {
        h.get_by_role_and_label(Role::Slider, side)
            .set_value_accesskit(f64::from(s));
        h.run();
    }
}

fn set_number(h: &mut Harness<EditorApp>, label: &str, value: f64) {
    h.get_by_role_and_label(Role::SpinButton, label)
        .set_value_accesskit(value);
    h.run();
}

#[test]
fn the_balance_lab_runs_a_robustness_study_and_gives_its_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    open_lab(&mut h);
    set_number(&mut h, "Games", 4.0);
    click(
        &mut h,
        "Robustness: does the verdict hold at every strength?",
    );
    click(&mut h, "Run the robustness study");
    wait_for_lab(&mut h);
    let r = h.state().lab.robustness.result.clone().expect("the study");
    let labels: Vec<&str> = r.cells.iter().map(|c| c.label).collect();
    assert_eq!(
        labels,
        ["weak-weak", "strong-strong", "strong-weak", "weak-strong"]
    );
    assert_eq!(r.cells[2].bots[0].to_string(), "heuristic:5");
    assert!(r.cells.iter().all(|c| c.share.games == 4));
    let verdict = format!("Verdict: {}", r.verdict());
    assert!(h.query_by_label(&verdict).is_some(), "{verdict} is shown");
}

#[test]
fn the_balance_lab_plays_games_and_sums_them_up() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    open_lab(&mut h);
    choose_lab_bot(&mut h, "Germany", "heuristic", Some(2));
    choose_lab_bot(&mut h, "Soviet Union", "random", None);
    set_number(&mut h, "Games", 6.0);
    set_number(&mut h, "Seed", 5.0);
    set_number(&mut h, "Threads (0: all cores)", 2.0);
    let config = h.state().lab.setup.config();
    assert_eq!(
        config.bots,
        [BotSpec::heuristic(2), BotSpec::RANDOM].map(sztab::systems::seam::BotChoice::from)
    );
    assert_eq!((config.games, config.seed, config.jobs), (6, 5, Some(2)));

    click(&mut h, "Run the games");
    assert!(h.state().lab.running() || h.state().lab.summary().is_some());
    wait_for_lab(&mut h);
    let study = h.state().lab.study().expect("a finished study").clone();
    let s = h.state().lab.summary().unwrap().clone();
    assert!(!study.cancelled);
    assert_eq!(study.threads, 2);
    assert_eq!(s.games, 6);
    assert_eq!(s.errors, 0, "{:?}", study.records);
    assert_eq!(s.wins[0] + s.wins[1] + s.no_winner, 6);

    // The very games `sztab balance` plays for this scenario, bots and seed.
    let (bundle, _) = sztab::model::Bundle::load(&path).unwrap();
    let prepared = sztab::systems::wb95::system::playable(
        sztab::systems::wb95::prepared::Prepared::new(&bundle),
    );
    let again = sztab::balance::run(
        &prepared,
        &sztab::balance::Config {
            jobs: Some(1),
            ..config
        },
        &|_| {},
        &std::sync::atomic::AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(again.records, study.records);

    // The results: names, win rates with their interval, charts, losses, heat.
    let heading = h.get_by_label_contains("games/s on 2 threads");
    assert!(format!("{heading:?}").contains("6 games, "));
    // (Both sides' rows carry the same label when the games split evenly.)
    let (lo, hi) = s.win_ci[0];
    let rate = format!(
        "{:.1} % ({:.1}-{:.1} %)",
        100.0 * s.win_rate[0],
        100.0 * lo,
        100.0 * hi
    );
    assert!(h.get_all_by_label(&rate).next().is_some(), "{rate}");
    h.get_by_label_contains("Germany heuristic:2 against Soviet Union random");
    for chart in [
        "Victory points",
        "Victory levels",
        "Win rate with 95 % interval",
    ] {
        h.get_by_label(chart);
    }
    h.get_by_label_contains("Automatic victories:");
    assert!(!s.heat.is_empty(), "combats were fought");
    h.get_by_label_contains(&format!("Hottest hexes: {} ({})", s.heat[0].0, s.heat[0].1));
    assert!(h.state().lab.heat().is_none());
    h.get_by_label("Show the combat heat map on the map")
        .scroll_to_me();
    h.run();
    click(&mut h, "Show the combat heat map on the map");
    let heat = h.state().lab.heat().expect("the heat overlay");
    assert_eq!(heat.len(), s.heat.len());

    // Export CSV… through the file chooser, and read it back.
    let csv = dir.path().join("balance.csv");
    h.get_by_label("Export CSV…").scroll_to_me();
    h.run();
    click(&mut h, "Export CSV…");
    type_into(&mut h, "Path", &csv.display().to_string());
    click(&mut h, "Export CSV");
    let file = std::fs::File::open(&csv).expect("the CSV file");
    let (info, records) = sztab::balance::csv::read(std::io::BufReader::new(file)).unwrap();
    assert_eq!(info, study.info);
    assert_eq!(records, study.records);
    h.get_by_label_contains("6 games written to");

    // The heat map is drawn on the playtest map as well, while the lab is open; the
    // playtest's Game menu opens the lab again.
    start(&mut h, [Seat::Human, Seat::Human]);
    assert_eq!(h.state().play.heat, heat);
    h.state_mut().lab.open = false;
    h.run();
    assert!(h.state().play.heat.is_empty());
    click(&mut h, "Game");
    click(&mut h, "Balance lab…");
    assert!(h.state().lab.open);
    assert_eq!(h.state().play.heat, heat);
}

#[test]
fn the_balance_lab_can_be_cancelled() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    open_lab(&mut h);
    choose_lab_bot(&mut h, "Germany", "random", None);
    choose_lab_bot(&mut h, "Soviet Union", "random", None);
    set_number(&mut h, "Games", 100_000.0);
    set_number(&mut h, "Threads (0: all cores)", 1.0);
    click(&mut h, "Run the games");
    assert!(h.state().lab.running());
    h.get_by_label_contains("of 100000 games");
    click(&mut h, "Cancel");
    wait_for_lab(&mut h);
    let study = h.state().lab.study().expect("the games played so far");
    assert!(study.cancelled);
    assert!(study.records.len() < 100_000);
    let played = study.records.len();
    h.get_by_label_contains(&format!("{played} games (cancelled)"));
    // Back to the setup: a new run can start.
    h.get_by_label("Run the games");
}

#[test]
fn with_fog_the_combat_planner_shows_the_defender_only_as_r16_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    start(&mut h, [Seat::Human, Seat::Human]);
    to_movement(&mut h);
    click_hex(&mut h, "0607");
    click_hex(&mut h, "0707");
    click(&mut h, "End phase ▶");
    assert_eq!(phase(&h), Phase::CombatA);
    // The German player at the screen, fog on.
    h.state_mut().play.fog = true;
    h.state_mut().play.take_over(Side::A);
    h.run();
    click_hex(&mut h, "0707");
    click_hex(&mut h, "0806");
    click(&mut h, "Possible attacks (engine)");
    assert!(
        h.query_all_by_label_contains("Odds breakdown")
            .next()
            .is_none(),
        "no odds from hidden strengths"
    );
    h.get_by_label_contains("Defenders, as fog of war shows them");
    h.get_by_label_contains("odds known once declared (R16.1.3)");
    assert!(
        h.query_all_by_label_contains("(odds known once declared)")
            .next()
            .is_some(),
        "the engine's list gives no hidden odds"
    );
    let shown: Vec<String> = h
        .query_all_by_label_contains("307")
        .map(|n| format!("{n:?}"))
        .collect();
    assert!(
        shown.is_empty(),
        "the defender's name is not shown: {shown:?}"
    );
    // Without fog the breakdown is back.
    h.state_mut().play.fog = false;
    h.run();
    h.get_by_label_contains("Odds breakdown");
    assert!(h.query_all_by_label_contains("307").count() > shown.len() + 1);
}

#[test]
fn fog_stays_on_in_a_game_started_with_fog_against_a_bot() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    click(&mut h, "Play ▶");
    let dialog = h.state_mut().play.start.as_mut().unwrap();
    dialog.seats = [Seat::Human, Seat::Bot(BotSpec::RANDOM)];
    dialog.fog = true;
    h.run();
    click(&mut h, "Start game");
    h.state_mut().play.pace = Pace::Step;
    assert!(h.state().play.fog_locked());
    click(&mut h, "View");
    click(&mut h, "Fog of war (R16)");
    assert!(h.state().play.fog, "the fog stays on");
    // Giving the bot's seat to a human does not unlock it.
    h.state_mut()
        .play
        .session_mut()
        .unwrap()
        .set_seat(Side::B, Seat::Human);
    h.run();
    assert!(h.state().play.fog_locked());
}

#[test]
fn load_game_asks_before_discarding_unsaved_actions_and_a_click_selects_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    start(&mut h, [Seat::Human, Seat::Human]);
    to_movement(&mut h);
    let file = dir.path().join("game.ron");
    click(&mut h, "Game");
    click(&mut h, "Save game…");
    type_into(&mut h, "Path", &file.display().to_string());
    click(&mut h, "Save game file");
    assert!(file.exists());
    // Saved: Load game… opens the chooser at once.
    click(&mut h, "Game");
    click(&mut h, "Load game…");
    assert!(h.query_by_label("Discard the current game?").is_none());
    h.get_by_label("Load game file");
    h.key_press(egui::Key::Escape);
    h.run();
    // Not saved: it asks first.
    h.state_mut().play.stop();
    h.run();
    start(&mut h, [Seat::Human, Seat::Human]);
    to_movement(&mut h);
    click_hex(&mut h, "0607");
    click_hex(&mut h, "0707");
    let played = h.state().play.session().unwrap().actions().len();
    click(&mut h, "Game");
    click(&mut h, "Load game…");
    h.get_by_label("Discard the current game?");
    click(&mut h, "Keep the game");
    assert!(h.query_by_label("Discard the current game?").is_none());
    assert_eq!(h.state().play.session().unwrap().actions().len(), played);
    click(&mut h, "Game");
    click(&mut h, "Load game…");
    click(&mut h, "Discard and load…");
    // The placeholder names a game file; a click on a listed file only selects it.
    let folder = format!("{}/", dir.path().display());
    type_into(&mut h, "Path", &folder);
    let listed = format!("{folder}game.ron");
    click(&mut h, &listed);
    assert_eq!(
        h.state().play.session().unwrap().actions().len(),
        played,
        "not loaded by a single click"
    );
    click(&mut h, "Load game file");
    let s = h.state().play.session().unwrap();
    assert!(
        s.replay_position().is_some(),
        "{:?}",
        h.state().play.message
    );
    assert!(!s.unsaved());
}

#[test]
fn the_odds_breakdown_fits_its_panel() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    start(&mut h, [Seat::Human, Seat::Human]);
    to_movement(&mut h);
    click_hex(&mut h, "0607");
    click_hex(&mut h, "0707");
    click(&mut h, "End phase ▶");
    // 0707 attacks 0806 across the Wisla and the Fortified Line, with artillery.
    click_hex(&mut h, "0707");
    click_hex(&mut h, "0806");
    h.get_by_label_contains("Art/XX").click();
    h.run();
    h.get_by_label_contains("Odds breakdown");
    let canvas = h.state().canvas.rect();
    let edge = canvas.min.x;
    let mut seen = 0;
    for n in h.query_all_by_role(Role::Label) {
        let r = n.rect();
        let in_panel = r.min.x < edge && r.min.y >= canvas.min.y && r.max.y <= canvas.max.y;
        if in_panel {
            seen += 1;
            let a = n.accesskit_node();
            assert!(
                r.max.x <= edge + 0.5,
                "{:?} runs past the orders panel's edge {edge}: {r:?}",
                a.label().or(a.value())
            );
        }
    }
    assert!(seen > 20, "{seen} labels in the orders panel");
}

/// The German Combat phase of the fixture with 10ID/41 moved next to the Soviets (0707),
/// both sides played at the screen.
fn owed_combat(h: &mut Harness<EditorApp>) {
    start(h, [Seat::Human, Seat::Human]);
    to_movement(h);
    click_hex(h, "0607");
    click_hex(h, "0707");
    click(h, "End phase ▶");
    assert_eq!(phase(h), Phase::CombatA);
}

/// Is the map zoomed in to read counters and centred on `hex`?
fn shown(h: &Harness<EditorApp>, hex: HexId) -> bool {
    let app = h.state();
    let at = app.hex_screen_pos(hex).unwrap();
    app.canvas.camera.zoom >= sztab::editor::canvas::SHOW_ZOOM
        && at.distance(app.canvas.rect().center()) < 2.0
}

#[test]
fn plan_the_owed_attacks_edit_one_accept_them_and_the_phase_ends() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    owed_combat(&mut h);
    let plan = h.state().play.session().unwrap().game().owed_attacks();
    assert!(!plan.is_empty());
    h.get_by_label_contains("Plan the owed attacks");
    // Edit: the first planned attack goes into the planner, to add support or change it.
    h.get_all_by_label("Edit").next().unwrap().click();
    h.run();
    let attack = &h.state().play.orders.attack;
    assert_eq!(attack.attackers, plan[0].0.attackers);
    assert_eq!(attack.defenders, plan[0].0.defenders);
    h.get_by_label_contains("Odds breakdown");
    click(&mut h, "Clear attack");
    // Accept, one click per attack, until nothing is owed.
    let mut accepted = 0;
    while h.query_all_by_label("Accept").next().is_some() {
        h.get_all_by_label("Accept").next().unwrap().click();
        h.run();
        answer_combat(&mut h);
        accepted += 1;
        assert!(accepted <= plan.len(), "the plan never ends");
    }
    let g = h.state().play.session().unwrap().game();
    assert_eq!(g.unmet_obligation(), None, "after {accepted} attacks");
    h.get_by_label_contains("No mandatory attack is owed");
    if matches!(decision(&h), Some((_, Decision::Attack { .. }))) {
        click(&mut h, "End phase ▶");
    }
    assert!(phase(&h) > Phase::CombatA);
}

#[test]
fn a_unit_named_in_a_refusal_or_an_obligation_is_a_link_that_zooms_the_map_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    owed_combat(&mut h);
    click(&mut h, "End phase ▶");
    let message = h.state().play.message.clone().unwrap_or_default();
    assert!(message.contains("10ID/41"), "{message}");
    let at = hex_of(&h, "10ID/41").unwrap();
    // Zoomed out to the whole map: the unit is not where the eye is.
    h.state_mut().canvas.camera.zoom = 5.0;
    h.run();
    assert!(!shown(&h, at));
    // The refusal in the status line, the obligation above the planner: both link to it.
    let links = h.get_all_by_role_and_label(Role::Link, "10ID/41").count();
    assert!(links >= 2, "{links} links");
    h.get_all_by_role_and_label(Role::Link, "10ID/41")
        .next()
        .unwrap()
        .click();
    h.run();
    assert!(shown(&h, at), "the map centres and zooms on 0707");
    // A planned attack's hex is a link too.
    let target = h.state().play.session().unwrap().game().owed_attacks()[0]
        .0
        .defenders[0];
    h.get_all_by_role_and_label(Role::Link, &target.to_string())
        .next()
        .unwrap()
        .click();
    h.run();
    assert!(shown(&h, target));
}

#[test]
fn the_start_dialog_says_what_fog_of_war_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(&fixture_copy(dir.path()));
    click(&mut h, "Play ▶");
    assert!(
        h.state().play.start.as_ref().unwrap().fog,
        "fog is on by default"
    );
    h.get_by_label(sztab::editor::playtest::start::FOG_ON);
    h.get_by_role_and_label(
        Role::CheckBox,
        "Fog of war: each player sees only the top counter of enemy stacks (R16)",
    )
    .click();
    h.run();
    h.get_by_label(sztab::editor::playtest::start::FOG_OFF);
    assert!(
        h.query_by_label(sztab::editor::playtest::start::FOG_ON)
            .is_none()
    );
}

/// A whole game between two bots at full speed, each deciding on a thread of its own:
/// whenever a frame ends with a bot still deciding, the window says which side's bot is
/// thinking; the game ends on the result screen, and it is the very game the same seats
/// and seed play when the bots decide in place.
#[test]
fn bots_play_a_whole_game_through_the_window_showing_who_is_thinking() {
    let dir = tempfile::tempdir().unwrap();
    let path = fixture_copy(dir.path());
    let mut h = open(&path);
    let seats = [
        Seat::Bot(BotSpec::search(5)),
        Seat::Bot(BotSpec::heuristic(1)),
    ];
    start(&mut h, seats);
    h.state_mut().play.pace = Pace::Fast;
    let mut thinking_frames = 0;
    for _ in 0..1_000_000 {
        h.step();
        let s = h.state().play.session().unwrap();
        if s.result().is_some() {
            break;
        }
        if let Some((side, _)) = s.thinking() {
            let name = &s.game().prepared().sides[side.index()].name;
            let label = format!("{name} bot thinking…");
            assert!(
                h.query_by_label_contains(&label).is_some(),
                "the window says \"{label}\""
            );
            thinking_frames += 1;
        }
    }
    // A strength-5 search decision (24 three-turn rollouts) outlasts a frame's wait.
    assert!(thinking_frames > 0, "the window showed a bot thinking");
    h.run();
    assert!(h.query_by_label("Game over").is_some());
    let shown = h.state().play.session().unwrap();
    let bundle = sztab::model::Bundle::load(&path).unwrap().0;
    let game = sztab::systems::wb95::Game::new(&bundle, 7).unwrap();
    let mut twin = sztab::editor::playtest::Session::new(game, seats, path.clone());
    while twin.result().is_none() {
        twin.step_bot().unwrap();
    }
    assert_eq!(shown.actions(), twin.actions());
    assert_eq!(shown.result(), twin.result());
}
