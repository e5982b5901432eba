//! WB-95 games through the seam's game loop: the compiled scenario ([`Compiled`]) starts
//! games (their dice in a log format) and builds bots, a [`Game`] is the seam's game
//! state, and its chronicle tells a game as `sztab play` prints it and counts what the
//! balance lab reports (CEL and units lost, combats, the combat heat map).

use std::sync::Arc;

use super::ai::{AsBot, BotSpec, PHASE_ACTIONS_BASE, PHASE_ACTIONS_PER_UNIT, Player};
use super::event::LossCause;
use super::log::LogFormat;
use super::narrate::Narrator;
use super::prepared::Prepared;
use super::state::Loc;
use super::{Action, Event, Game, GameResult, Pending};
use sztab_seam::play::{
    Bot, Chronicle, Encoding, GameRules, GameState as Playing, LogSpec, Outcome, Tally,
};
use sztab_seam::{Choice, Decision, Narration, OnBoard, SideInfo};

/// The version of the WB-95 rules: raised by every change that alters recorded games.
/// Version 1: the rules since 825daaf (R9.2.1, each unit in range of some friendly HQ);
/// logs of the rules before (recorded at e942f7c and earlier) carry no version and do not
/// replay.
pub const RULES_VERSION: u32 = 1;

/// A WB-95 scenario compiled once ([`Prepared`]) for many games.
pub struct Compiled(pub Arc<Prepared>);

fn sides_of(p: &Prepared) -> Vec<SideInfo> {
    p.sides
        .iter()
        .map(|s| SideInfo {
            id: s.id.to_string(),
            name: s.name.clone(),
        })
        .collect()
}

impl GameRules for Compiled {
    type Game = Game;

    fn logs(&self) -> LogSpec {
        LogSpec {
            system: "wb95",
            rules: RULES_VERSION,
            format: LogFormat::CURRENT.number(),
            encodings: &[(1, Encoding::Ron), (2, Encoding::Stable)],
        }
    }

    fn title(&self) -> String {
        self.0.title.clone()
    }

    /// A record counts the CEL (combat effectiveness levels) lost.
    fn loss_unit(&self) -> &'static str {
        "CEL"
    }

    fn sides(&self) -> Vec<SideInfo> {
        sides_of(&self.0)
    }

    fn start(&self, seed: u64, format: u32) -> Game {
        let format = LogFormat::from_number(format).unwrap_or(LogFormat::CURRENT);
        Game::start_in(self.0.clone(), seed, format)
    }

    fn bot(&self, name: &str, seed: u64) -> Result<Box<dyn Bot<Game>>, String> {
        let spec: BotSpec = name.parse()?;
        Ok(Box::new(Seated(spec.build(seed))))
    }

    /// A person plays WB-95 in the editor's own playtest, not through the seam's seats.
    fn human_seats(&self) -> bool {
        false
    }

    fn chronicle(&self, narration: Narration) -> Box<dyn Chronicle<Game>> {
        Box::new(Wb95Chronicle {
            narrator: match narration {
                Narration::Silent => None,
                Narration::Turns => Some(Narrator::new(false)),
                Narration::Events => Some(Narrator::new(true)),
            },
            cel: Vec::new(),
        })
    }
}

/// A WB-95 bot as the seam seats it: it answers the decision pending for its side.
struct Seated(Box<dyn Player>);

impl Bot<Game> for Seated {
    fn decide(&mut self, game: &Game) -> Action {
        AsBot(self.0.as_mut()).decide(game)
    }
}

impl Playing for Game {
    type Action = Action;
    type Event = Event;
    type Result = GameResult;
    type Seat = ();

    fn title(&self) -> String {
        self.prepared().title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        sides_of(self.prepared())
    }

    fn to_act(&self) -> Option<usize> {
        match self.pending() {
            Pending::GameOver(_) => None,
            Pending::Decide { side, .. } => self.side_of_id(side.as_str()).map(|s| s.index()),
        }
    }

    fn opening_events(&self) -> Vec<Event> {
        Game::opening_events(self).to_vec()
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, String> {
        Game::apply(self, action.clone()).map_err(|e| e.to_string())
    }

    fn result(&self) -> Option<GameResult> {
        self.state().result.clone()
    }

    fn result_line(&self) -> Option<String> {
        match self.pending() {
            Pending::GameOver(r) => Some(r.to_string()),
            Pending::Decide { .. } => None,
        }
    }

    fn outcome(&self) -> Outcome {
        match self.pending() {
            Pending::GameOver(r) => Outcome {
                winner: r
                    .winner
                    .as_ref()
                    .and_then(|s| self.side_of_id(s.as_str()))
                    .map(|s| s.index()),
                level: r.level,
                vp: r.vp,
                automatic: r.automatic,
                turn: r.turn,
            },
            Pending::Decide { .. } => Outcome {
                vp: self.state().vp,
                turn: self.turn(),
                ..Outcome::default()
            },
        }
    }

    fn dice_rolled(&self) -> u64 {
        self.dice.rolled()
    }

    fn board(&self) -> Vec<OnBoard> {
        let roster = &self.prepared().roster;
        roster
            .units
            .iter()
            .zip(&self.state().units)
            .filter_map(|(u, st)| match st.loc {
                Loc::OnMap(h) => Some(OnBoard {
                    hex: self.hex_id(h),
                    unit: u.id.to_string(),
                    side: u.side.index(),
                    marks: Vec::new(),
                    spotted: None,
                    carried_by: None,
                }),
                _ => None,
            })
            .collect()
    }

    /// WB-95's seats are the editor's own playtest ([`GameRules::human_seats`] is false):
    /// the seam never asks, and the decision pending is only named.
    fn decision(&self, _: &()) -> Decision {
        let (side, prompt) = match self.pending() {
            Pending::Decide { side, decision } => (
                self.side_of_id(side.as_str()).map_or(0, |s| s.index()),
                format!("{decision:?}"),
            ),
            Pending::GameOver(r) => (0, r.to_string()),
        };
        Decision {
            side,
            prompt,
            choices: Vec::<Choice>::new(),
        }
    }

    fn choose(&self, _: &mut (), _: &str) -> Result<Option<Action>, String> {
        Err("WB-95 is played at a seat in its own playtest".into())
    }

    fn phase_name(&self) -> String {
        self.state().clock.phase.to_string()
    }

    /// A phase may take this many actions of a bot before the game counts as going round
    /// in circles.
    fn clock(&self) -> (u64, usize) {
        (
            u64::from(self.state().tick()),
            PHASE_ACTIONS_BASE + PHASE_ACTIONS_PER_UNIT * self.roster().len(),
        )
    }
}

/// WB-95's account of a game: `sztab play`'s paragraph a turn (every event when
/// verbose), and the losses, eliminations and combats the lab counts.
#[derive(Clone)]
struct Wb95Chronicle {
    /// `None` when silent: a study's games need no account.
    narrator: Option<Narrator>,
    /// Each unit's CEL as far as the events told, to count what a loss really took.
    cel: Vec<u8>,
}

impl Chronicle<Game> for Wb95Chronicle {
    fn snapshot(&self) -> Box<dyn Chronicle<Game>> {
        Box::new(self.clone())
    }

    fn events(&mut self, g: &Game, events: &[Event], out: &mut Vec<String>, tally: &mut Tally) {
        if self.cel.is_empty() {
            self.cel = g.state().units.iter().map(|u| u.cel).collect();
        }
        self.tally(g, events, tally);
        if let Some(n) = &mut self.narrator {
            n.events(g, events);
            out.extend(n.take());
        }
    }

    fn flush(&mut self, _: &Game, out: &mut Vec<String>) {
        if let Some(n) = &mut self.narrator {
            n.flush();
            out.extend(n.take());
        }
    }
}

impl Wb95Chronicle {
    /// Counts losses, eliminations and combats as the balance lab reports them.
    fn tally(&mut self, g: &Game, events: &[Event], tally: &mut Tally) {
        for e in events {
            match e {
                Event::CelLost {
                    unit,
                    cel: k,
                    cause,
                } => {
                    if let Some(u) = g.roster().get(unit.as_str()) {
                        let c = &mut self.cel[u.ix()];
                        let lost = (*k).min(*c);
                        *c -= lost;
                        if *cause != LossCause::Withdrawal {
                            tally.lost[g.info(u).side.index()] += u32::from(lost);
                        }
                    }
                }
                Event::Eliminated { unit, .. } => {
                    if let Some(u) = g.roster().get(unit.as_str()) {
                        let side = g.info(u).side.index();
                        tally.units_lost[side] += 1;
                        tally.lost[side] += u32::from(std::mem::take(&mut self.cel[u.ix()]));
                    }
                }
                Event::CombatDeclared { hexes, .. } => {
                    tally.combats += 1;
                    for h in hexes {
                        *tally.heat.entry(*h).or_default() += 1;
                    }
                }
                _ => {}
            }
        }
    }
}
