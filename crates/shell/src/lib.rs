//! Sztab's shell: the command line ([`cli`]), the balance runner and its statistics
//! ([`balance`]), the setup card ([`card`]), the print-and-play kit ([`print`]) and validation of files ([`validate`]). It
//! reaches rule systems through the seam and the registry.

pub mod balance;
pub mod card;
pub mod cli;
pub mod print;
pub mod validate;
