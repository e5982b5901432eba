//! Sztab's shell: the command line ([`cli`]), the balance runner and its statistics
//! ([`balance`]), the setup card ([`card`]), the print-and-play kit ([`print`]), validation of
//! files ([`validate`]) and what the fuzz targets run ([`fuzzing`]). It
//! reaches rule systems through the seam and the registry.

pub mod balance;
pub mod card;
pub mod cli;
pub mod fuzzing;
pub mod print;
pub mod validate;
