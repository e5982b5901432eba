//! The event log of a game in play: every event as a readable sentence, filed under its
//! turn and phase, with the dice rolls marked, like `sztab play`'s chronicle.

use sztab_core::model::UnitId;
use sztab_wb95::event::{Motion, OosReason};
use sztab_wb95::{Event, Game, Phase, Side};

/// What kind of line it is, for colour and filtering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// A turn or phase heading.
    Heading,
    /// Something that happened.
    Plain,
    /// A die roll and what it gave.
    Dice,
    /// A loss, an elimination, a disorganization.
    Loss,
    /// Victory points, control and the end of the game.
    Score,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// 0 for the game's opening, k for the events of the k-th action.
    pub action: usize,
    pub turn: u32,
    pub phase: Phase,
    pub tone: Tone,
    pub text: String,
    /// Only this side may read it (a secret order, `Game::secret_of`).
    pub secret: Option<Side>,
}

impl Entry {
    /// May a player who sees only `viewer`'s side read it (`None`: sees everything)?
    pub fn readable_by(&self, viewer: Option<Side>) -> bool {
        readable(self.secret, viewer)
    }
}

#[derive(Clone, Debug, Default)]
pub struct Chronicle {
    pub entries: Vec<Entry>,
    turn: u32,
    phase: Option<Phase>,
}

impl Chronicle {
    /// Files the events of action number `action` (0: the opening).
    pub fn add(&mut self, game: &Game, action: usize, events: &[Event]) {
        for e in events {
            let (tone, text) = match e {
                Event::TurnBegan { turn, date } => {
                    self.turn = *turn;
                    (Tone::Heading, format!("Turn {turn} — {date}"))
                }
                Event::PhaseBegan { phase } => {
                    self.phase = Some(*phase);
                    (Tone::Heading, phase_title(game, *phase))
                }
                other => match entry_line(game, other) {
                    Some(x) => x,
                    None => continue,
                },
            };
            self.entries.push(Entry {
                action,
                turn: self.turn,
                phase: self.phase.unwrap_or(Phase::AirFirst),
                tone,
                text,
                secret: game.secret_of(e),
            });
        }
    }

    /// Drops everything after action number `action`.
    pub fn truncate(&mut self, action: usize) {
        self.entries.retain(|e| e.action <= action);
        if let Some(last) = self.entries.last() {
            self.turn = last.turn;
            self.phase = Some(last.phase);
        }
    }

    /// The last lines, newest last.
    pub fn tail(&self, n: usize) -> &[Entry] {
        &self.entries[self.entries.len().saturating_sub(n)..]
    }
}

/// "Phase 3: German Movement".
pub fn phase_title(game: &Game, phase: Phase) -> String {
    let owner = phase
        .owner()
        .map(|s| format!("{} ", game.prepared().sides[s.index()].name))
        .unwrap_or_default();
    format!("Phase {}: {owner}{}", phase.number(), phase_name(phase))
}

/// The phase's short name.
pub fn phase_name(phase: Phase) -> &'static str {
    use sztab_wb95::PhaseKind;
    match phase.kind() {
        PhaseKind::Air => "Air",
        PhaseKind::Barrage => "Barrage",
        PhaseKind::Movement => "Movement",
        PhaseKind::Combat => "Combat",
        PhaseKind::Strategic => "Strategic Movement",
        PhaseKind::Supply => "Supply",
    }
}

fn line(e: &Event) -> Option<(Tone, String)> {
    let tone = match e {
        Event::CombatStepDone { .. } | Event::LossesPaid | Event::StrikeEnded { .. } => {
            return None;
        }
        // A combat phase with no attack owed says nothing of obligations.
        Event::ObligationsFixed {
            obliged,
            must_attack,
        } if obliged.is_empty() && must_attack.is_empty() => return None,
        Event::Moved {
            how: Motion::Retreat,
            ..
        } => Tone::Loss,
        Event::OosChanged {
            reason: OosReason::CutOff | OosReason::Resupplied,
            ..
        } => Tone::Plain,
        Event::CombatResolved { .. }
        | Event::DisorganizationTest { .. }
        | Event::SurrenderTest { .. }
        | Event::StrikeResolved { .. }
        | Event::AirCombat { .. }
        | Event::AirSupplyDropped { .. }
        | Event::RiverCrossingAttack { .. }
        | Event::MinesRolled { .. }
        | Event::PantherRoll { .. } => Tone::Dice,
        Event::CelLost { .. } | Event::Eliminated { .. } | Event::Disorganized { .. } => Tone::Loss,
        Event::VpScored { .. }
        | Event::ControlChanged { .. }
        | Event::GameEnded { .. }
        | Event::AutoVictoryArmed { .. }
        | Event::AutoVictoryDisarmed { .. } => Tone::Score,
        _ => Tone::Plain,
    };
    let text = match e {
        Event::ControlChanged { side, hexes } if hexes.len() > 6 => {
            format!(
                "{side} takes control of {}",
                crate::words::count(hexes.len(), "hex", "hexes")
            )
        }
        Event::CombatResolved {
            column,
            roll,
            modified,
            cell,
            ..
        } => {
            let m = if roll != modified {
                format!(", modified {modified}")
            } else {
                String::new()
            };
            format!("🎲 2K6 = {roll}{m} on {column}: {cell}")
        }
        other if tone == Tone::Dice => format!("🎲 {other}"),
        other => other.to_string(),
    };
    Some((tone, capitalise(&text)))
}

/// May a player who sees only `viewer`'s side (`None`: everything) read a line that is
/// `secret` to one side?
pub fn readable(secret: Option<Side>, viewer: Option<Side>) -> bool {
    match (secret, viewer) {
        (Some(s), Some(v)) => s == v,
        _ => true,
    }
}

/// An event as the log words it; `None` for the events it leaves out.
pub fn sentence(game: &Game, e: &Event) -> Option<String> {
    entry_line(game, e).map(|(_, text)| text)
}

fn entry_line(game: &Game, e: &Event) -> Option<(Tone, String)> {
    match e {
        Event::ObligationsFixed {
            obliged,
            must_attack,
        } if !(obliged.is_empty() && must_attack.is_empty()) => {
            Some((Tone::Plain, obligations(game, obliged, must_attack)))
        }
        other => line(other),
    }
}

/// The obligations of a Combat phase by hex, not by unit: under fog of war the names would
/// tell each player what the enemy's stacks hold (R16); the map outlines the units.
fn obligations(game: &Game, obliged: &[UnitId], must_attack: &[UnitId]) -> String {
    format!(
        "Must attack: units on {}; must be attacked: units on {}",
        hexes_of(game, obliged),
        hexes_of(game, must_attack)
    )
}

fn hexes_of(game: &Game, units: &[UnitId]) -> String {
    let mut hexes: Vec<String> = units
        .iter()
        .filter_map(|id| game.roster().get(id.as_str()))
        .filter_map(|u| game.unit_state(u).hex())
        .map(|h| game.hex_id(h).to_string())
        .collect();
    hexes.sort();
    hexes.dedup();
    if hexes.is_empty() {
        "none".into()
    } else {
        hexes.join(", ")
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::model::UnitId;

    #[test]
    fn a_secret_order_is_read_only_by_its_side_under_fog() {
        let e = Entry {
            action: 1,
            turn: 2,
            phase: Phase::AirFirst,
            tone: Tone::Plain,
            text: "HQ starts building a bridge at 0505-0605".into(),
            secret: Some(Side::A),
        };
        assert!(e.readable_by(Some(Side::A)));
        assert!(!e.readable_by(Some(Side::B)));
        assert!(
            e.readable_by(None),
            "without fog, or in replay, everything shows"
        );
        let open = Entry { secret: None, ..e };
        assert!(open.readable_by(Some(Side::B)));
    }

    #[test]
    fn an_empty_obligation_is_not_logged_and_a_disorganization_test_says_its_limit() {
        let none = Event::ObligationsFixed {
            obliged: vec![],
            must_attack: vec![],
        };
        assert!(line(&none).is_none());
        let mut sandbox = sztab_wb95::sandbox::Sandbox::new(10, 10, 2);
        sandbox.unit("10ID/41", "german", "0305");
        sandbox.unit("a", "soviet", "0405");
        sandbox.unit("b", "soviet", "0405");
        let game = sandbox.game(1).unwrap();
        let some = Event::ObligationsFixed {
            obliged: vec![UnitId::new("10ID/41")],
            must_attack: vec![UnitId::new("a"), UnitId::new("b")],
        };
        let mut log = Chronicle::default();
        log.add(&game, 1, &[some]);
        assert_eq!(
            log.entries[0].text, "Must attack: units on 0305; must be attacked: units on 0405",
            "by hex: the names would show the enemy's stacks under fog"
        );
        let test = Event::DisorganizationTest {
            side: sztab_core::model::SideId::new("german"),
            roll: 8,
            reason: sztab_wb95::event::TestReason::Retreat(1),
        };
        let text = line(&test).unwrap().1;
        assert!(
            text.contains("2K6 = 8") && text.contains("8 or less"),
            "{text}"
        );
    }
}
