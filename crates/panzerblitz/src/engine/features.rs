//! The counters on the map that are not units, as a game stands (Fortifications, Mines,
//! Blocks, Wreckage), for the playtest to draw: a fortification with its defense and the
//! units inside it, minefields, blocks, and each side's wrecks on a hex.

use sztab_seam::{Feature, FeatureLook};

use super::game::Game;

pub fn features(g: &Game) -> Vec<Feature> {
    let st = g.state();
    let mut out = Vec::new();
    for (&hex, f) in &st.forts {
        let holds: Vec<String> = st
            .at(hex)
            .filter(|&u| st.units[u].in_fort)
            .map(|u| g.s.units[u].id.clone())
            .collect();
        out.push(Feature {
            hex,
            kind: "fortification".into(),
            detail: format!("{}{}", f.df, if f.dispersed { " D" } else { "" }),
            side: st.fort_holder(&g.s, hex),
            look: FeatureLook::Shelter,
            holds,
        });
    }
    let plain = |hex, kind: &str, look| Feature {
        hex,
        kind: kind.into(),
        detail: String::new(),
        side: None,
        look,
        holds: Vec::new(),
    };
    out.extend(
        st.mines
            .iter()
            .map(|&h| plain(h, "minefield", FeatureLook::Area)),
    );
    out.extend(
        st.blocks
            .iter()
            .map(|&h| plain(h, "block", FeatureLook::Counter)),
    );
    for (&hex, by_side) in &st.wrecks {
        for (side, &n) in by_side.iter().enumerate().filter(|(_, n)| **n > 0) {
            out.push(Feature {
                detail: if n > 1 {
                    format!("×{n}")
                } else {
                    String::new()
                },
                side: Some(side),
                ..plain(hex, "wreck", FeatureLook::Counter)
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sandbox::{GERMAN, RUSSIAN, Sandbox, hex, units::*};
    use crate::engine::scenario::Marker;

    #[test]
    fn fortifications_mines_blocks_and_wrecks_are_reported_with_the_units_inside() {
        let mut b = Sandbox::new(8, 8);
        b.marker("0303", Marker::Mines)
            .marker("0404", Marker::Block)
            .marker("0505", Marker::Wreck { side: RUSSIAN })
            .marker("0505", Marker::Wreck { side: RUSSIAN })
            .marker(
                "0606",
                Marker::Fort {
                    df: 40,
                    side: Some(GERMAN),
                },
            );
        b.unit(GERMAN, "in", RIFLE_DE, "0606");
        b.unit(RUSSIAN, "r", RIFLE_RU, "0101");
        let g = b.game(1);
        let f = features(&g);
        let at = |h: &str| f.iter().find(|x| x.hex == hex(h)).unwrap();
        assert_eq!(at("0303").look, FeatureLook::Area);
        assert_eq!(at("0404").label(), "block");
        assert_eq!(
            (at("0505").label(), at("0505").side),
            ("wreck ×2".to_owned(), Some(RUSSIAN))
        );
        let fort = at("0606");
        assert_eq!(
            (fort.label(), fort.side),
            ("fortification 40".to_owned(), Some(GERMAN))
        );
        assert_eq!(fort.holds, ["in"]);
    }
}
