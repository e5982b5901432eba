//! Combat air support (6): missions rolled each turn, the German once and the Soviet
//! once a Front (6.1); a mission draws a counter from the side's cup whose hidden OCAS
//! or DCAS value shifts the combat (6.2). At most one mission a side a combat; Soviet
//! missions support only their own Front's combats.

use super::event::Event;
use super::game::Game;
use super::side::Army;
use super::unit::Level;

impl Game {
    /// The Mutual Air Stage (6.1.1, 6.1.2).
    pub(crate) fn air_availability(&mut self, out: &mut Vec<Event>) {
        let g = self.st.ground.index();
        let wanda = if self.wanda_on() { 3 } else { 0 };
        let drm = self
            .rules
            .charts
            .air
            .visibility_drm(self.st.visibility, Army::German)
            + wanda;
        let roll = self.dice.d6();
        let missions = self
            .rules
            .charts
            .air
            .german
            .get(i32::from(roll) + drm)
            .map_or(0, |m| m[g]);
        self.st.air.german = missions;
        self.emit(
            out,
            Event::AirMissions {
                side: Army::German,
                front: None,
                roll,
                drm,
                missions,
            },
        );
        let sdrm = self
            .rules
            .charts
            .air
            .visibility_drm(self.st.visibility, Army::Soviet);
        for f in self.soviet_fronts() {
            let name = self.rules.formations[f].id.to_uppercase();
            let roll = self.dice.d6();
            let missions = self
                .rules
                .charts
                .air
                .soviet
                .get(&name)
                .and_then(|t| t.get(i32::from(roll) + sdrm))
                .map_or(0, |m| m[g]);
            self.st.air.soviet.insert(f, missions);
            self.emit(
                out,
                Event::AirMissions {
                    side: Army::Soviet,
                    front: Some(name),
                    roll,
                    drm: sdrm,
                    missions,
                },
            );
        }
    }

    /// The Soviet Fronts with units in the scenario, in formation order.
    pub(crate) fn soviet_fronts(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .rules
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.army == Army::Soviet)
            .filter_map(|(i, _)| self.rules.formation_at(i, Level::Front))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// A unit's Front (6.2 case 3).
    pub(crate) fn front_of(&self, u: usize) -> Option<usize> {
        self.rules.formation_at(u, Level::Front)
    }

    /// Draws a counter from `side`'s cup: one not drawn this turn (6.2: used counters
    /// return at the end of the turn). `None` when the cup is empty.
    pub(crate) fn draw_cas(&mut self, side: Army) -> Option<usize> {
        let i = usize::from(side == Army::Soviet);
        let all = self.rules.charts.air.counters(side).len();
        let left: Vec<usize> = (0..all)
            .filter(|c| !self.st.air.drawn[i].contains(c))
            .collect();
        if left.is_empty() {
            return None;
        }
        let c = left[usize::from(self.dice.roll(u8::try_from(left.len()).unwrap_or(u8::MAX))) - 1];
        self.st.air.drawn[i].push(c);
        Some(c)
    }

    /// The Soviet air declaration (12.1.1 step 2): a mission of the combat's Front, in
    /// attack or defence, on a declared hex.
    pub(crate) fn soviet_air(
        &mut self,
        hex: sztab_core::hex::HexId,
        out: &mut Vec<Event>,
    ) -> super::game::Checked<()> {
        use super::game::RuleError;
        let Some(slot) = self.st.declared.get(&hex) else {
            return Err(RuleError::new(
                "12.1.1",
                format!("{} is not a declared combat", self.hex_label(hex)),
            ));
        };
        if slot.is_some() {
            return Err(RuleError::new("6.2", "one air mission a side a combat"));
        }
        let front = self.air_front(hex).ok_or_else(|| {
            RuleError::new(
                "6.2",
                "no Soviet Front with missions left takes part in this combat",
            )
        })?;
        let c = self
            .draw_cas(Army::Soviet)
            .ok_or_else(|| RuleError::new("6.2", "the Soviet cup is empty"))?;
        if let Some(m) = self.st.air.soviet.get_mut(&front) {
            *m -= 1;
        }
        self.st.declared.insert(hex, Some(c));
        self.emit(
            out,
            Event::AirAssigned {
                side: Army::Soviet,
                hex,
            },
        );
        Ok(())
    }

    /// The Front with missions left whose units fight over `hex`: the Soviet units in it
    /// or next to it (6.2 case 3).
    pub(crate) fn air_front(&self, hex: sztab_core::hex::HexId) -> Option<usize> {
        let mut hexes = vec![hex];
        hexes.extend(self.rules.board.neighbours(hex));
        hexes
            .iter()
            .flat_map(|&h| self.st.at(h).collect::<Vec<_>>())
            .filter(|&u| self.rules.units[u].army == Army::Soviet)
            .filter_map(|u| self.front_of(u))
            .find(|f| self.st.air.soviet.get(f).is_some_and(|&m| m > 0))
    }
}
