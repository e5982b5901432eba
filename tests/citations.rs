//! Every citation of the project's rules notes resolves inside the repository: each
//! `A-NN` (code, tests, messages, README, shipped content) is an entry of
//! `docs/wb95/decisions.md`, and each `§N` a section of `docs/wb95/` (see
//! `docs/README.md` for the convention); each other system's decisions (`P-NN`, `R-NN`,
//! `J-NN`) are entries of its rules notes, numbered in order.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Text files under `dir`, recursively (fixtures' game logs included; they cite nothing).
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a folder") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            files(&p, out);
        } else if ["rs", "md", "ron"]
            .iter()
            .any(|x| p.extension().is_some_and(|e| e == *x))
        {
            out.push(p);
        }
    }
}

fn sources() -> Vec<PathBuf> {
    let mut v = vec![
        root().join("README.md"),
        root().join("CHANGELOG.md"),
        root().join("CONTRIBUTING.md"),
    ];
    // Every crate but the other systems', whose `§` cite their own digests.
    for d in [
        "src",
        "tests",
        "benches",
        "scenarios",
        "assets",
        "docs",
        "crates/core",
        "crates/seam",
        "crates/wb95",
        "crates/registry",
        "crates/shell",
        "crates/editor",
    ] {
        files(&root().join(d), &mut v);
    }
    v
}

/// `A-NN` citations: "A-" not preceded by a letter, a digit or a dash, followed by digits.
/// (A printed hex label such as "1-A-11" or "A-6" on a lettered board, or "A-4223" on
/// The Jaws of Victory's map A, is not a citation: the dash excludes the first, and a
/// citation has two or three digits.)
fn decisions_cited(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for i in 0..b.len().saturating_sub(2) {
        if b[i] == b'A'
            && b[i + 1] == b'-'
            && b[i + 2].is_ascii_digit()
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'-'))
        {
            let n: String = text[i + 2..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if (2..=3).contains(&n.len()) {
                out.push(format!("A-{n}"));
            }
        }
    }
    out
}

/// `§N` citations, e.g. `§2.5`, `§1.W`.
fn sections_cited(text: &str) -> Vec<String> {
    text.match_indices('§')
        .map(|(i, s)| {
            text[i + s.len()..]
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == 'W')
                .collect::<String>()
                .trim_end_matches('.')
                .to_string()
        })
        .filter(|n| !n.is_empty())
        .collect()
}

fn decision_entries() -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("docs/wb95/decisions.md")).expect("decisions");
    text.lines()
        .filter_map(|l| l.strip_prefix("**"))
        .filter(|l| l.starts_with("A-"))
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

/// `# §2 ...` headings and their `## 2.5 ...` subsections in `docs/wb95/`.
fn sections() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut v = Vec::new();
    files(&root().join("docs/wb95"), &mut v);
    for p in v {
        let text = std::fs::read_to_string(&p).expect("a note");
        let mut top = None;
        for l in text.lines() {
            if let Some(h) = l.strip_prefix("# §") {
                let n = h.split_whitespace().next().unwrap_or("").to_string();
                out.insert(n.clone());
                top = Some(n);
            } else if let (Some(h), Some(t)) = (l.strip_prefix("## "), &top) {
                let n = h.split_whitespace().next().unwrap_or("");
                if n.starts_with(&format!("{t}.")) {
                    out.insert(n.to_string());
                }
            }
        }
    }
    out
}

#[test]
fn every_decision_and_section_cited_is_in_docs() {
    let entries = decision_entries();
    let secs = sections();
    assert!(
        entries.contains("A-01") && entries.contains("A-75"),
        "{entries:?}"
    );
    assert!(secs.contains("2.5") && secs.contains("10"), "{secs:?}");
    let mut missing = Vec::new();
    for p in sources() {
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        let name = p.strip_prefix(root()).unwrap_or(&p).display().to_string();
        for a in decisions_cited(&text) {
            if !entries.contains(&a) {
                missing.push(format!("{name}: {a}"));
            }
        }
        for s in sections_cited(&text) {
            if !secs.contains(&s) {
                missing.push(format!("{name}: §{s}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "citations with no entry:\n{}",
        missing.join("\n")
    );
}

#[test]
fn decisions_are_numbered_in_order_without_gaps() {
    let text = std::fs::read_to_string(root().join("docs/wb95/decisions.md")).expect("decisions");
    let numbers: Vec<u32> = text
        .lines()
        .filter_map(|l| l.strip_prefix("**A-"))
        .map(|l| {
            l.split_whitespace()
                .next()
                .and_then(|n| n.parse().ok())
                .expect("A-NN")
        })
        .collect();
    let expected: Vec<u32> = (1..=numbers.len() as u32).collect();
    assert_eq!(numbers, expected);
}

/// The rules notes of the systems other than WB-95: the prefix their decisions are
/// numbered with, the notes, and the crate that cites them.
const SYSTEM_NOTES: [(&str, &str, &str); 3] = [
    ("P-", "docs/panzerblitz/rules.md", "crates/panzerblitz"),
    ("R-", "docs/rtl/rules.md", "crates/rtl"),
    ("J-", "docs/jov/rules.md", "crates/jov"),
];

/// `X-NN` with exactly two digits, not preceded by a letter, a digit or a dash.
fn numbered(text: &str, prefix: &str) -> Vec<u32> {
    text.match_indices(prefix)
        .filter(|(i, _)| {
            text[..*i]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '-'))
        })
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
fn every_systems_decisions_are_numbered_in_order_and_cited_ones_written_down() {
    for (prefix, notes, code) in SYSTEM_NOTES {
        let doc = std::fs::read_to_string(root().join(notes)).expect(notes);
        let entries: Vec<u32> = doc
            .lines()
            .filter_map(|l| l.strip_prefix("**"))
            .flat_map(|l| numbered(l, prefix).into_iter().take(1))
            .collect();
        assert!(entries.len() >= 10, "{notes}: {entries:?}");
        let expected: Vec<u32> = (1..=entries.len() as u32).collect();
        assert_eq!(entries, expected, "{notes}: numbered in order without gaps");
        let mut used = BTreeSet::new();
        let mut v = Vec::new();
        files(&root().join(code), &mut v);
        for p in v {
            used.extend(numbered(&std::fs::read_to_string(&p).unwrap(), prefix));
        }
        let missing: Vec<String> = used
            .iter()
            .filter(|n| !entries.contains(n))
            .map(|n| format!("{prefix}{n:02}"))
            .collect();
        assert!(
            missing.is_empty(),
            "cited in {code} but not in {notes}: {missing:?}"
        );
    }
}
