//! Every `R-NN` the system cites (engine, checks, tests) is an entry of
//! docs/rtl/rules.md, and the entries are numbered in order without gaps.

use std::collections::BTreeSet;
use std::path::Path;

fn cited(dir: &Path, out: &mut BTreeSet<u32>) {
    for e in std::fs::read_dir(dir).expect("the engine's folder") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            cited(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).expect("a source file");
            out.extend(numbers(&text, "R-"));
        }
    }
}

fn numbers(text: &str, prefix: &str) -> Vec<u32> {
    text.match_indices(prefix)
        .filter_map(|(i, _)| {
            let digits: String = text[i + prefix.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            (digits.len() == 2).then(|| digits.parse().ok()).flatten()
        })
        .collect()
}

#[test]
fn every_decision_cited_is_written_down_in_order() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc =
        std::fs::read_to_string(root.join("../../docs/rtl/rules.md")).expect("docs/rtl/rules.md");
    let entries = numbers(&doc, "**R-");
    let expected: Vec<u32> = (1..=entries.len() as u32).collect();
    assert_eq!(entries, expected, "entries numbered in order without gaps");
    let mut used = BTreeSet::new();
    cited(&root.join("src"), &mut used);
    let missing: Vec<u32> = used
        .iter()
        .copied()
        .filter(|n| !entries.contains(n))
        .collect();
    assert!(
        missing.is_empty(),
        "cited but not in docs/rtl/rules.md: {missing:?}"
    );
}
