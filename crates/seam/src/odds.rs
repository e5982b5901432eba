//! `sztab odds`: a question about one attack in a scenario's setup position, in terms
//! every hex game shares (who attacks which hex) plus the options of the system's rules.

/// The attack asked about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OddsQuery {
    /// Attacking hexes.
    pub attackers: Vec<String>,
    /// The defending hex.
    pub defender: String,
    /// The system's own options, `name` and value ("" for a flag), in the order given:
    /// WB-95 reads `support`, `air`, `air-white-star`, `defense-support`,
    /// `defense-air`, `no-stars`.
    pub options: Vec<(String, String)>,
}

impl OddsQuery {
    /// Every value given for option `name`.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.options
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The last value given for option `name`.
    pub fn get<'a>(&'a self, name: &'a str) -> Option<&'a str> {
        self.all(name).last()
    }

    pub fn flag(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Options the system does not know, to refuse them by name.
    pub fn unknown<'a>(&'a self, known: &'a [&'a str]) -> Vec<&'a str> {
        self.options
            .iter()
            .map(|(n, _)| n.as_str())
            .filter(|n| !known.contains(n))
            .collect()
    }
}
