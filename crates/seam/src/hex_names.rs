//! Hexes named for a person or for a log. A game's events and actions are written with
//! hex numbers ("1705") by `Display`, which the logs' fingerprints are made of and must
//! not change; a person reads the label the map prints on the hex ("2-Q-5" on a
//! PanzerBlitz board, "B-4722" on a Jaws of Victory sheet). A type that names hexes
//! writes itself once, with the naming given, and gets both.

use std::collections::BTreeMap;
use std::fmt;

use sztab_core::hex::HexId;
use sztab_core::model::Map;

/// The labels a map prints on its hexes ("2-Q-5"; two where boards meet), kept by an
/// engine to name hexes as a player reads them and to read the hexes a player types.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels(BTreeMap<HexId, Vec<String>>);

impl Labels {
    pub fn of(map: &Map) -> Labels {
        Labels(map.printed.clone())
    }

    pub fn set(&mut self, h: HexId, labels: Vec<String>) {
        self.0.insert(h, labels);
    }

    /// `h` by the first label printed on it, else by its number.
    pub fn label(&self, h: HexId) -> String {
        match self.0.get(&h).and_then(|l| l.first()) {
            Some(l) => l.clone(),
            None => number(h),
        }
    }

    /// The hex a person means by `text`: a label printed on it ("2-Q-5", any case) or
    /// its number ("1705").
    pub fn hex_named(&self, text: &str) -> Result<HexId, String> {
        let t = text.trim();
        self.0
            .iter()
            .find(|(_, l)| l.iter().any(|l| l.eq_ignore_ascii_case(t)))
            .map(|(h, _)| *h)
            .map_or_else(|| HexId::parse(t).map_err(|e| e.to_string()), Ok)
    }
}

/// How a text names a hex.
pub type HexName<'a> = &'a dyn Fn(HexId) -> String;

/// A hex by its number, as `Display` and the logs write it.
pub fn number(h: HexId) -> String {
    h.to_string()
}

/// Something written with its hexes named by a [`HexName`].
pub trait WriteNamed {
    fn write_named(&self, f: &mut fmt::Formatter<'_>, name: HexName) -> fmt::Result;

    /// This with its hexes named by `name`, to format.
    fn named<'a>(&'a self, name: HexName<'a>) -> Named<'a, Self>
    where
        Self: Sized,
    {
        Named { what: self, name }
    }
}

/// A [`WriteNamed`] value and the naming to write it with: the narration a person reads.
pub struct Named<'a, T> {
    pub what: &'a T,
    pub name: HexName<'a>,
}

impl<T: WriteNamed> fmt::Display for Named<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.what.write_named(f, self.name)
    }
}

/// Hexes joined by `sep`, each named by `name`.
pub fn join(hexes: &[HexId], sep: &str, name: HexName) -> String {
    hexes.iter().map(|h| name(*h)).collect::<Vec<_>>().join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Move(HexId, HexId);

    impl WriteNamed for Move {
        fn write_named(&self, f: &mut fmt::Formatter<'_>, name: HexName) -> fmt::Result {
            write!(f, "moves {}", join(&[self.0, self.1], " ", name))
        }
    }

    #[test]
    fn the_same_text_names_hexes_by_number_or_by_label() {
        let m = Move(HexId::new(17, 5), HexId::new(17, 6));
        assert_eq!(m.named(&number).to_string(), "moves 1705 1706");
        let label = |h: HexId| format!("2-Q-{}", h.row);
        assert_eq!(m.named(&label).to_string(), "moves 2-Q-5 2-Q-6");
    }
}
