//! Direct combat (R5, with the combat side of R7, R9.2, R13 and R15): obligations,
//! declaration, the odds (strength, CMs, column, HQ die modifier), and applying a CRT
//! result in the order of §2.5 through the players' decisions.

pub mod candidates;
pub mod declare;
pub mod disorganization;
pub mod losses;
pub mod modifiers;
pub mod obligation;
pub mod odds;
pub mod owed;
pub mod pursuit;
pub mod resolve;
pub mod retreat;
pub mod stars;
pub mod strength;

pub use odds::{Cm, CmSide, Engagement, HqModifier, Odds, Outcome};
