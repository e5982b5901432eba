//! PanzerBlitz (Avalon Hill, 1970): the tactical game of platoons and companies on the
//! geomorphic boards.

pub mod engine;
