//! The fire a person at a seat plans in the fire step before announcing it: the normal
//! attacks hex by hex — at the whole stack (a combination attack), at one of its units (a
//! selective attack) or at several (a multiple attack, the stack's attackers split among
//! its units), some units firing intensively — and the engineers' attempts at
//! minefields. Announcing it all is one action of the game (Sequence of Play 2-3);
//! planning changes nothing, and the rules judge the plan only when it is announced.

use sztab_core::hex::HexId;

use super::action::{Action, Battle, FireOrder};
use super::event::{Mode, Target};

/// The planned fire of a fire step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FirePlan {
    pub attacks: Vec<FireOrder>,
    /// Engineers and the minefield each tries to clear.
    pub clear: Vec<(String, HexId)>,
}

/// The mode an attack's battles make: one at the whole stack is a combination attack,
/// one at a unit a selective attack, several at units a multiple attack.
pub fn mode_of(battles: &[Battle]) -> Mode {
    if battles.iter().any(|b| b.target.is_none()) {
        Mode::Combination
    } else if battles.len() == 1 {
        Mode::Selective
    } else {
        Mode::Multiple
    }
}

impl FirePlan {
    pub fn is_empty(&self) -> bool {
        self.attacks.is_empty() && self.clear.is_empty()
    }

    /// Whether `unit` fires or clears mines in the plan.
    pub fn has(&self, unit: &str) -> bool {
        self.attacks
            .iter()
            .flat_map(|o| o.attackers())
            .any(|a| a == unit)
            || self.clear.iter().any(|(e, _)| e == unit)
    }

    pub fn attack_on(&self, hex: HexId) -> Option<&FireOrder> {
        self.attacks.iter().find(|o| o.hex == hex)
    }

    /// The plan announced: the fire step's one action.
    pub fn action(&self) -> Action {
        Action::Fire {
            attacks: self.attacks.clone(),
            clear_mines: self.clear.clone(),
        }
    }

    /// `unit` fires at `hex`: at the stack (`at` none) or at one unit of it.
    pub fn aim(&mut self, unit: &str, hex: HexId, at: Option<Target>) {
        let Some(o) = self.attacks.iter_mut().find(|o| o.hex == hex) else {
            let battles = vec![Battle {
                target: at,
                attackers: vec![unit.to_owned()],
            }];
            self.attacks.push(FireOrder {
                hex,
                mode: mode_of(&battles),
                battles,
                intensive: Vec::new(),
            });
            return;
        };
        match o.battles.iter_mut().find(|b| b.target == at) {
            Some(b) => b.attackers.push(unit.to_owned()),
            None => o.battles.push(Battle {
                target: at,
                attackers: vec![unit.to_owned()],
            }),
        }
        o.mode = mode_of(&o.battles);
    }

    /// `unit`, planned to fire, fires intensively (`on`) or at its normal factor.
    pub fn intensive(&mut self, unit: &str, on: bool) {
        for o in &mut self.attacks {
            o.intensive.retain(|u| u != unit);
            if on && o.attackers().any(|a| a == unit) {
                o.intensive.push(unit.to_owned());
            }
        }
    }

    /// Engineer `unit` tries to clear the minefield on `hex`.
    pub fn clear_mines(&mut self, unit: &str, hex: HexId) {
        self.clear.push((unit.to_owned(), hex));
    }

    /// Takes `unit` out of the plan; an attack left with no unit is dropped.
    pub fn drop_unit(&mut self, unit: &str) {
        for o in &mut self.attacks {
            o.intensive.retain(|u| u != unit);
            for b in &mut o.battles {
                b.attackers.retain(|a| a != unit);
            }
            o.battles.retain(|b| !b.attackers.is_empty());
            o.mode = mode_of(&o.battles);
        }
        self.attacks.retain(|o| !o.battles.is_empty());
        self.clear.retain(|(e, _)| e != unit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> HexId {
        HexId::parse(s).unwrap()
    }

    fn unit(id: &str) -> Option<Target> {
        Some(Target::Unit(id.into()))
    }

    #[test]
    fn how_to_have_combat_i_the_targets_aimed_at_make_the_attacks_mode() {
        let mut p = FirePlan::default();
        p.aim("a", h("0505"), None);
        p.aim("b", h("0505"), None);
        assert_eq!(p.attack_on(h("0505")).unwrap().mode, Mode::Combination);
        assert_eq!(p.attacks[0].battles.len(), 1, "one battle at the stack");
        p.aim("c", h("0606"), unit("tank"));
        assert_eq!(p.attack_on(h("0606")).unwrap().mode, Mode::Selective);
        p.aim("d", h("0606"), unit("inf"));
        p.aim("e", h("0606"), unit("inf"));
        let o = p.attack_on(h("0606")).unwrap();
        assert_eq!(o.mode, Mode::Multiple);
        assert_eq!(o.battles[1].attackers, ["d", "e"]);
        // Taking out the only unit at the tank leaves a selective attack on the rifles.
        p.drop_unit("c");
        let o = p.attack_on(h("0606")).unwrap();
        assert_eq!((o.mode, o.battles.len()), (Mode::Selective, 1));
        p.drop_unit("d");
        p.drop_unit("e");
        assert!(p.attack_on(h("0606")).is_none());
    }

    #[test]
    fn ammunition_and_mines_g_intensive_fire_and_clearing_are_part_of_the_plan() {
        let mut p = FirePlan::default();
        p.aim("how", h("0505"), None);
        p.intensive("how", true);
        assert_eq!(p.attacks[0].intensive, ["how"]);
        p.intensive("how", false);
        assert!(p.attacks[0].intensive.is_empty());
        p.intensive("how", true);
        p.clear_mines("eng", h("0404"));
        assert!(p.has("eng") && p.has("how") && !p.has("x"));
        let Action::Fire {
            attacks,
            clear_mines,
        } = p.action()
        else {
            panic!("the plan is a fire action")
        };
        assert_eq!(attacks[0].intensive, ["how"]);
        assert_eq!(clear_mines, [("eng".to_owned(), h("0404"))]);
        p.drop_unit("how");
        p.drop_unit("eng");
        assert!(p.is_empty());
    }
}
