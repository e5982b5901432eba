//! Transporting units: a carrier either loads, or transports, or transports and unloads
//! in a turn (A); carrier and passenger begin the turn on the same hex to load (B); a
//! passenger does not fire the turn it loads, while carried or the turn it unloads (B),
//! nor move on its own the turn it unloads (C); dispersed units neither load nor unload
//! (B); Russian cavalry is never carried (J).

use super::event::Event;
use super::game::{Checked, Game, Refusal};
use super::state::Loc;

impl Game {
    pub(super) fn order_load(&mut self, carrier: &str, passenger: &str) -> Checked<Vec<Event>> {
        let s = self.s.clone();
        let c = self.own(carrier)?;
        let p = self.own(passenger)?;
        let (cd, pd) = (&s.units[c], &s.units[p]);
        let (cs, ps) = (&self.st.units[c], &self.st.units[p]);
        let no = |rule: &'static str, why: String| Err(Refusal::new(rule, why));
        if !cd.kind.carries() {
            return no(
                "Transporting A, G",
                format!("{carrier} does not carry units"),
            );
        }
        if !pd.kind.rides() {
            return no(
                "Transporting J",
                format!("{passenger} may not be carried ({})", pd.kind.name()),
            );
        }
        if cs.carrying.is_some() {
            return no(
                "Transporting A",
                format!("{carrier} already carries a unit"),
            );
        }
        let (Loc::On(hc), Loc::On(hp)) = (cs.loc(), ps.loc()) else {
            return no(
                "Transporting B",
                format!("{carrier} and {passenger} must both be on the board"),
            );
        };
        if hc != hp || cs.start != Some(hc) || ps.start != Some(hp) {
            return no(
                "Transporting B",
                format!("{carrier} and {passenger} must begin the turn on the same hex"),
            );
        }
        if cs.hexes > 0 || cs.spent > 0 || cs.stopped || cs.unloaded_now {
            return no(
                "Transporting A",
                format!(
                    "{carrier} has moved or unloaded this turn: it may only load, or transport"
                ),
            );
        }
        if cs.dispersed || ps.dispersed {
            return no(
                "Transporting B",
                "dispersed units may not load or unload".to_owned(),
            );
        }
        if ps.fired || ps.assaulted {
            return no(
                "Transporting B",
                format!("{passenger} fired this turn and may not load"),
            );
        }
        if ps.in_fort && self.st.enemy_at(&s, hp, pd.side) {
            return no(
                "Fortifications L",
                format!("{passenger} may not leave its fortification while enemy units are on top"),
            );
        }
        let mut out = Vec::new();
        self.emit(
            &mut out,
            Event::Loaded {
                carrier: carrier.to_owned(),
                passenger: passenger.to_owned(),
            },
        );
        Ok(out)
    }

    pub(super) fn order_unload(&mut self, carrier: &str) -> Checked<Vec<Event>> {
        let s = self.s.clone();
        let c = self.own(carrier)?;
        let cs = &self.st.units[c];
        let Some(p) = cs.carrying else {
            return Err(Refusal::new(
                "Transporting A",
                format!("{carrier} carries no unit"),
            ));
        };
        let Loc::On(h) = cs.loc() else {
            return Err(Refusal::new(
                "Transporting A",
                format!("{carrier} is not on the board"),
            ));
        };
        if cs.loaded_now {
            return Err(Refusal::new(
                "Transporting A",
                format!("{carrier} loaded this turn: it may not also unload"),
            ));
        }
        if cs.dispersed || self.st.units[p].dispersed {
            return Err(Refusal::new(
                "Transporting B",
                "dispersed units may not load or unload",
            ));
        }
        let side = s.units[c].side;
        let count = self.st.stack(&s, h, side);
        if count + 1 > s.sides[side].stacking {
            return Err(Refusal::new(
                "Stacking C",
                format!("unloaded, {} would overstack {h}", s.units[p].id),
            ));
        }
        let in_fort = self.st.units[c].in_fort
            || (self.st.forts.contains_key(&h)
                && self.st.fort_holder(&s, h).is_none_or(|x| x == side));
        let mut out = Vec::new();
        self.emit(
            &mut out,
            Event::Unloaded {
                carrier: carrier.to_owned(),
                passenger: s.units[p].id.clone(),
                hex: h,
                in_fort,
            },
        );
        Ok(out)
    }
}
