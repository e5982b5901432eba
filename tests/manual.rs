//! The user manual (`docs/manual/`, an mdBook) and the Markdown around it hold together
//! without mdbook installed: every chapter `SUMMARY.md` lists exists and every chapter is
//! listed, every relative link and picture points at a file that exists (and at a heading
//! of it, when it names one), and every picture in `images/` is shown somewhere.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn manual() -> PathBuf {
    root().join("docs/manual/src")
}

/// `a/b/../c` as `a/c`, without touching the disk.
fn normal(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// The text outside fenced code blocks and inline code spans.
fn prose(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push('\n');
            continue;
        }
        if fenced {
            out.push('\n');
            continue;
        }
        let mut in_code = false;
        for ch in line.chars() {
            if ch == '`' {
                in_code = !in_code;
            } else if !in_code {
                out.push(ch);
            }
        }
        out.push('\n');
    }
    out
}

/// A link or picture of a Markdown text: its target and whether it is a picture.
#[derive(Debug)]
struct Link {
    target: String,
    image: bool,
    line: usize,
}

fn links(text: &str) -> Vec<Link> {
    let mut out = Vec::new();
    for (n, line) in prose(text).lines().enumerate() {
        let mut rest = line;
        let mut offset = 0;
        while let Some(i) = rest.find("](") {
            let start = i + 2;
            let Some(len) = rest[start..].find(')') else {
                break;
            };
            let target = rest[start..start + len].trim().to_owned();
            let before = &line[..offset + i];
            let open = before.rfind('[');
            let image = open.is_some_and(|o| o > 0 && before.as_bytes()[o - 1] == b'!');
            out.push(Link {
                target,
                image,
                line: n + 1,
            });
            offset += start + len;
            rest = &rest[start + len..];
        }
    }
    out
}

/// The anchor mdBook (and a repository browser) gives a heading.
fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_lowercase().next().unwrap_or(c))
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// The anchors of a Markdown file's headings.
fn anchors(path: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut fenced = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced {
            continue;
        }
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            out.insert(anchor(line[hashes..].trim()));
        }
    }
    out
}

/// Every problem of one Markdown file's links and pictures.
fn check_file(path: &Path, problems: &mut Vec<String>, shown: &mut BTreeSet<PathBuf>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let dir = path.parent().expect("a folder");
    let name = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    for l in links(&text) {
        let t = l.target.as_str();
        if t.starts_with("http://") || t.starts_with("https://") || t.starts_with("mailto:") {
            continue;
        }
        let (file, fragment) = match t.split_once('#') {
            Some((f, frag)) => (f, Some(frag)),
            None => (t, None),
        };
        let target = if file.is_empty() {
            path.to_path_buf()
        } else {
            normal(&dir.join(file))
        };
        if !target.exists() {
            problems.push(format!("{name}:{}: {t} does not exist", l.line));
            continue;
        }
        if l.image {
            if target.extension().is_none_or(|e| e != "png") {
                problems.push(format!("{name}:{}: picture {t} is not a PNG", l.line));
            }
            shown.insert(target.clone());
        }
        if let Some(frag) = fragment
            && target.extension().is_some_and(|e| e == "md")
            && !anchors(&target).contains(frag)
        {
            problems.push(format!("{name}:{}: {t}: no heading #{frag}", l.line));
        }
    }
}

fn md_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a folder") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            // `mdbook build docs/manual` writes the book beside its sources.
            if !p.ends_with("docs/manual/book") {
                md_files(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "md") {
            out.push(p);
        }
    }
}

/// The chapters `SUMMARY.md` lists, as paths.
fn chapters() -> Vec<PathBuf> {
    let summary = std::fs::read_to_string(manual().join("SUMMARY.md")).expect("SUMMARY.md");
    links(&summary)
        .into_iter()
        .map(|l| normal(&manual().join(l.target)))
        .collect()
}

#[test]
fn every_chapter_in_the_summary_exists_and_every_chapter_is_listed() {
    let listed = chapters();
    assert!(
        listed.len() >= 10,
        "SUMMARY.md lists {} chapters",
        listed.len()
    );
    let missing: Vec<_> = listed.iter().filter(|p| !p.is_file()).collect();
    assert!(
        missing.is_empty(),
        "chapters listed but missing: {missing:?}"
    );
    let mut files = Vec::new();
    md_files(&manual(), &mut files);
    let orphans: Vec<_> = files
        .iter()
        .filter(|f| !f.ends_with("SUMMARY.md") && !listed.contains(&normal(f)))
        .collect();
    assert!(
        orphans.is_empty(),
        "chapters SUMMARY.md does not list: {orphans:?}"
    );
    for c in &listed {
        let text = std::fs::read_to_string(c).unwrap();
        assert!(
            text.starts_with("# "),
            "{c:?} does not start with its title"
        );
    }
}

#[test]
fn every_link_and_picture_of_the_documentation_resolves() {
    let mut files = Vec::new();
    md_files(&root().join("docs"), &mut files);
    for f in [
        "README.md",
        "CONTRIBUTING.md",
        "CHANGELOG.md",
        "ARCHITECTURE.md",
    ] {
        files.push(root().join(f));
    }
    let mut problems = Vec::new();
    let mut shown = BTreeSet::new();
    for f in &files {
        check_file(f, &mut problems, &mut shown);
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Every picture in the manual's images folder is shown by some page.
    let images = manual().join("images");
    let unused: Vec<_> = std::fs::read_dir(&images)
        .expect("docs/manual/src/images")
        .map(|e| normal(&e.unwrap().path()))
        .filter(|p| !shown.contains(p))
        .collect();
    assert!(unused.is_empty(), "pictures no page shows: {unused:?}");
}

#[test]
fn the_readme_shows_the_editor_and_keeps_the_commands_ci_runs() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.lines().count() <= 200,
        "README.md has {} lines",
        readme.lines().count()
    );
    assert!(
        readme.contains("](docs/manual/src/images/"),
        "no screenshot"
    );
    assert!(readme.contains(
        ".ci/setup && cargo run --release -- scenarios/kursk-1943/armored-claws.scenario.ron"
    ));
    // CI runs exactly the README's test command.
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    let command = "cargo test --all-targets";
    assert!(readme.contains(&format!("```sh\n{command}\n```")));
    assert_eq!(ci.lines().next_back().map(str::trim), Some(command));
}

#[test]
fn links_and_anchors_are_read_as_mdbook_reads_them() {
    let l = links("See [a `b`](x.md#c) and ![pic](images/p.png), not `[c](d)`.\n```\n[e](f)\n```");
    let t: Vec<(&str, bool)> = l.iter().map(|l| (l.target.as_str(), l.image)).collect();
    assert_eq!(t, [("x.md#c", false), ("images/p.png", true)]);
    assert_eq!(anchor("`sztab balance`"), "sztab-balance");
    assert_eq!(
        anchor("Orders of battle, set-up areas and schedules"),
        "orders-of-battle-set-up-areas-and-schedules"
    );
    assert_eq!(
        anchor("Tables as data (`*.tables.ron`)"),
        "tables-as-data-tablesron"
    );
}
