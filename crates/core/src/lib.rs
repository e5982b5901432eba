//! Sztab's core: what every rule system shares and none names. The hex grid and its
//! printed numbering ([`hex`]), the data a designer authors — terrain catalogues, maps
//! (composed of boards too), counter sets, scenarios, charts — with their files, checks
//! and located problems ([`model`]), and drawing a map and its counters to PNG or SVG
//! ([`render`]). No rules, no GUI.

pub mod hex;
pub mod markdown;
pub mod markup;
pub mod model;
pub mod render;
