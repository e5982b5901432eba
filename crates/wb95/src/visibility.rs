//! Unit masking (R16, A-72): what one side may see of the other's stacks. The engine
//! keeps full information; a hot-seat UI shows each player this filter.
//!
//! * R16.1.1: only the top counter of an enemy stack is seen (A-90: the top counter is
//!   the one that came to the hex last), and how many counters it has.
//! * R16.1.2: a masking marker (`Action::Mask`) hides even the top counter.
//! * R16.1.3: a stack that fought (or was fired on) is shown whole until the end of
//!   that Combat phase.
//! * R16.1.4: a stack next to one of the viewer's units shows the type of each counter,
//!   and its CEL too unless the stack is fortified (FF, FP or FL).
//!
//! Air orders placed face down are never shown (`Game::sealed`); revealed missions are.

use serde::{Deserialize, Serialize};

use super::board::Hx;
use super::event::Event;
use super::game::Game;
use super::phase::PhaseKind;
use super::roster::Unit;
use super::side::Side;
use sztab_core::hex::HexId;
use sztab_core::model::{SideId, UnitId, UnitKind, UnitSize};

/// A counter as its face shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    pub unit: UnitId,
    pub designation: String,
    pub kind: UnitKind,
    pub size: UnitSize,
    /// Attack (or only) SP of the side showing, at its CEL.
    pub sp: u32,
    pub cel: u8,
}

/// What a viewer sees of an enemy stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StackView {
    /// Every counter (R16.1.3, a stack that fought this Combat phase).
    Revealed { units: Vec<Face> },
    /// Each counter's type, with its CEL unless the stack is fortified (R16.1.4).
    Adjacent {
        units: Vec<(UnitKind, Option<u8>)>,
        fortified: bool,
    },
    /// The top counter and the height of the stack (R16.1.1).
    Top { top: Face, count: usize },
    /// A masking marker on a stack of `count` counters (R16.1.2).
    Masked { count: usize },
}

/// An enemy stack as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexView {
    pub hex: HexId,
    pub owner: SideId,
    pub view: StackView,
}

/// Everything `viewer` may see of the enemy's stacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Visibility {
    pub viewer: SideId,
    pub stacks: Vec<HexView>,
}

impl Game {
    /// The side that alone may read `e`, for the events that record a secret order: the
    /// declared site of a big-river bridge (R14.3.2 "secretly declares"). `None`: both.
    pub fn secret_of(&self, e: &Event) -> Option<Side> {
        match e {
            Event::BridgeBuildDeclared { hq, .. } => {
                self.roster().get(hq.as_str()).map(|u| self.info(u).side)
            }
            _ => None,
        }
    }

    fn face(&self, u: Unit) -> Face {
        let info = self.info(u);
        let cel = self.state.unit(u).cel;
        Face {
            unit: info.id.clone(),
            designation: info.def.designation.clone(),
            kind: info.def.kind,
            size: info.def.size,
            sp: info.attack_at(cel),
            cel,
        }
    }

    /// Did a unit of this stack fight or was it fired on in the current Combat phase?
    fn revealed(&self, h: Hx) -> bool {
        if self.state.clock.phase.kind() != PhaseKind::Combat {
            return false;
        }
        let now = Some(self.state.tick());
        self.units_at(h).iter().any(|&u| {
            let st = self.state.unit(u);
            st.fought_tick == now || st.shelled_tick == now || st.fired_tick == now
        })
    }

    /// What `viewer` sees of the stack on `h`; `None` if it holds no enemy unit.
    pub fn stack_view(&self, viewer: Side, h: Hx) -> Option<StackView> {
        let units = self.units_at(h);
        let &top = units.last()?;
        let owner = self.info(top).side;
        if owner == viewer {
            return None;
        }
        if self.revealed(h) {
            return Some(StackView::Revealed {
                units: units.iter().map(|&u| self.face(u)).collect(),
            });
        }
        let adjacent = self
            .board()
            .neighbours(h)
            .any(|(_, n)| self.occupant(n) == Some(viewer));
        if adjacent {
            let fortified = self.in_fortification(owner, h);
            return Some(StackView::Adjacent {
                units: units
                    .iter()
                    .map(|&u| {
                        (
                            self.info(u).def.kind,
                            (!fortified).then(|| self.state.unit(u).cel),
                        )
                    })
                    .collect(),
                fortified,
            });
        }
        if self.state.unit(top).masked {
            return Some(StackView::Masked { count: units.len() });
        }
        Some(StackView::Top {
            top: self.face(top),
            count: units.len(),
        })
    }

    /// R16: what `viewer` may see of every enemy stack now.
    pub fn visible_state(&self, viewer: Side) -> Visibility {
        let stacks = (0..self.board().len())
            .filter_map(|h| {
                let view = self.stack_view(viewer, h)?;
                Some(HexView {
                    hex: self.hex_id(h),
                    owner: self.side_id(viewer.other()).clone(),
                    view,
                })
            })
            .collect();
        Visibility {
            viewer: self.side_id(viewer).clone(),
            stacks,
        }
    }
}
