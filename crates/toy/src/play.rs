//! Toy games through the seam's game loop: the compiled scenario starts games and builds
//! bots, a game is the seam's [`GameState`], and its chronicle tells and counts its
//! events; odds.

use std::sync::Arc;

use super::bots;
use super::rules::{Action, Event, Game, Loc, Rules};
use super::seat;
use sztab_core::hex::HexId;
use sztab_seam::play::{
    Bot, Chronicle, DieSampler, Encoding, GameRules, GameState, LogSpec, Outcome, Tally,
};
use sztab_seam::{
    BundleRef, Decision, MatchError, Narration, OddsQuery, OnBoard, RuleSystem, SideInfo,
};

/// A toy scenario compiled for play.
pub struct Compiled(pub Arc<Rules>);

fn sides_of(r: &Rules) -> Vec<SideInfo> {
    r.sides
        .iter()
        .map(|(id, name)| SideInfo {
            id: id.clone(),
            name: name.clone(),
        })
        .collect()
}

impl GameRules for Compiled {
    type Game = Game;

    /// One format: each event's text and a newline.
    fn logs(&self) -> LogSpec {
        LogSpec {
            system: "toy",
            rules: 1,
            format: 1,
            encodings: &[(1, Encoding::Text)],
        }
    }

    fn title(&self) -> String {
        self.0.title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        sides_of(&self.0)
    }

    fn start(&self, seed: u64, _format: u32) -> Game {
        Game::new(self.0.clone(), seed, DieSampler::LowBits)
    }

    fn bot(&self, name: &str, seed: u64) -> Result<Box<dyn Bot<Game>>, String> {
        bots::build(name, seed)
    }

    fn chronicle(&self, narration: Narration) -> Box<dyn Chronicle<Game>> {
        Box::new(ToyChronicle(narration))
    }
}

impl GameState for Game {
    type Action = Action;
    type Event = Event;
    /// The result line, as the toy's logs have always held it.
    type Result = String;
    type Seat = ();

    fn title(&self) -> String {
        self.rules.title.clone()
    }

    fn sides(&self) -> Vec<SideInfo> {
        sides_of(&self.rules)
    }

    fn to_act(&self) -> Option<usize> {
        (!self.is_over()).then_some(self.state().side)
    }

    fn opening_events(&self) -> Vec<Event> {
        Game::opening_events(self).to_vec()
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, String> {
        Game::apply(self, action)
    }

    fn result(&self) -> Option<String> {
        self.result_line()
    }

    fn outcome(&self) -> Outcome {
        Outcome::of_level(self.state().result.as_ref(), self.state().turn)
    }

    fn dice_rolled(&self) -> u64 {
        self.dice.rolled()
    }

    fn board(&self) -> Vec<OnBoard> {
        let loc = &self.state().loc;
        self.rules
            .units
            .iter()
            .zip(loc)
            .filter_map(|(u, l)| match l {
                Loc::On(hex) => Some(OnBoard {
                    hex: *hex,
                    unit: u.id.clone(),
                    side: u.side,
                    marks: Vec::new(),
                    spotted: None,
                    carried_by: None,
                }),
                _ => None,
            })
            .collect()
    }

    fn decision(&self, _: &()) -> Decision {
        seat::decision(self)
    }

    fn choose(&self, _: &mut (), key: &str) -> Result<Option<Action>, String> {
        seat::order(key).map(Some)
    }
}

/// The toy's account of a game: a line a turn and a line a fight (every event when
/// verbose); combats, where they were and the units they cost.
#[derive(Clone)]
struct ToyChronicle(Narration);

impl Chronicle<Game> for ToyChronicle {
    fn snapshot(&self) -> Box<dyn Chronicle<Game>> {
        Box::new(self.clone())
    }

    fn events(&mut self, g: &Game, events: &[Event], out: &mut Vec<String>, tally: &mut Tally) {
        for e in events {
            count(g, e, tally);
            if self.0 == Narration::Silent {
                continue;
            }
            match e {
                Event::TurnBegan { turn } => out.push(format!("Turn {turn}")),
                Event::Attacked { .. }
                | Event::Eliminated { .. }
                | Event::Entered { .. }
                | Event::Departed { .. }
                | Event::GameEnded { .. } => out.push(format!("  {e}")),
                _ if self.0 == Narration::Events => out.push(format!("    . {e}")),
                _ => {}
            }
        }
    }
}

/// Counts combats, where they were and what they cost, for the balance lab.
fn count(g: &Game, e: &Event, tally: &mut Tally) {
    match e {
        Event::Attacked { target, .. } => {
            tally.combats += 1;
            if let Some(Loc::On(h)) = g.rules.unit(target).map(|t| g.state().loc[t]) {
                *tally.heat.entry(h).or_default() += 1;
            }
        }
        Event::Eliminated { unit, .. } => {
            if let Some(u) = g.rules.unit(unit) {
                let side = g.rules.units[u].side;
                tally.units_lost[side] += 1;
                tally.lost[side] += 1;
            }
        }
        _ => {}
    }
}

fn prepared_rules(bundle: BundleRef<'_>) -> Result<Arc<Rules>, MatchError> {
    let b = bundle
        .described()
        .ok_or_else(|| MatchError::BadLog("not a toy scenario".into()))?;
    Rules::compile(b)
        .map(Arc::new)
        .map_err(|ps| MatchError::Refused(ps.iter().map(|p| p.to_string()).collect()))
}

/// `sztab odds` for the toy: the one attacker on the first hex against the defender.
pub fn odds(
    system: &dyn RuleSystem,
    bundle: BundleRef<'_>,
    q: &OddsQuery,
) -> Result<String, MatchError> {
    if let Some(bad) = q.unknown(&[]).first() {
        return Err(MatchError::BadRequest(format!(
            "the toy system has no --{bad} option"
        )));
    }
    let _ = system;
    let rules = prepared_rules(bundle)?;
    let game = Game::new(rules, 0, DieSampler::LowBits);
    let hex =
        |s: &str| HexId::parse(s).map_err(|e| MatchError::BadRequest(format!("\"{s}\": {e}")));
    let at = |h: HexId| {
        game.state()
            .at(h)
            .ok_or_else(|| MatchError::BadRequest(format!("no unit stands on {h}")))
    };
    let [first] = q.attackers.as_slice() else {
        return Err(MatchError::BadRequest(
            "a toy attack has one attacker: give one hex".into(),
        ));
    };
    let (a, d) = (at(hex(first)?)?, at(hex(&q.defender)?)?);
    let r = &game.rules;
    let (ua, ud) = (&r.units[a], &r.units[d]);
    if ua.side == ud.side {
        return Err(MatchError::BadRequest(format!(
            "{} and {} are on the same side",
            ua.id, ud.id
        )));
    }
    let adjacent = match (game.state().loc[a], game.state().loc[d]) {
        (Loc::On(x), Loc::On(y)) => r.grid.are_adjacent(x, y) && !r.walled(x, y),
        _ => false,
    };
    let need = game.needed(a, d);
    let chance = (7 - need).clamp(0, 6);
    let mut out = format!("{}: {} attacks {}\n", r.title, ua.id, ud.id);
    out += &format!("  attack {} − defense {}", ua.attack, ud.defense);
    if let Loc::On(h) = game.state().loc[d]
        && r.is_rough(h)
    {
        out += " − 1 (rough)";
    }
    out += &format!(
        "\n  the die must show {need} or more: {chance} in 6 ({:.1} %) to eliminate\n",
        chance as f64 * 100.0 / 6.0
    );
    if !adjacent {
        out += "  (not adjacent now, or across a wall: it cannot attack from here)\n";
    }
    Ok(out)
}
