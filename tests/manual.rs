//! The book of `docs/` (an mdBook: the user manual, then the schemas, developer notes and
//! measurements) and the Markdown around it hold together: every chapter `SUMMARY.md` lists
//! exists and every page of `docs/` is listed, every relative link and picture points at a
//! file that exists (and at a heading of it, when it names one), every picture in `images/`
//! is shown somewhere; and the book builds with mdbook, every link and picture of the built
//! HTML resolving inside it.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The book's root: `book.toml` and `SUMMARY.md`.
fn docs() -> PathBuf {
    root().join("docs")
}

fn manual() -> PathBuf {
    docs().join("manual/src")
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
            // `mdbook build docs` writes the book beside its sources.
            if !p.ends_with("docs/book") {
                md_files(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "md") {
            out.push(p);
        }
    }
}

/// The chapters `SUMMARY.md` lists, as paths.
fn chapters() -> Vec<PathBuf> {
    let summary = std::fs::read_to_string(docs().join("SUMMARY.md")).expect("SUMMARY.md");
    links(&summary)
        .into_iter()
        .map(|l| normal(&docs().join(l.target)))
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
    md_files(&docs(), &mut files);
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

#[test]
fn every_schema_has_a_page_in_the_book() {
    let listed = chapters();
    for e in std::fs::read_dir(root().join("schemas")).expect("schemas/") {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        let stem = name.strip_suffix(".schema.json").expect("a schema");
        let page = manual().join(format!("schemas/{stem}.md"));
        assert!(listed.contains(&page), "no page of the book shows {name}");
        let text = std::fs::read_to_string(&page).unwrap();
        assert!(
            text.contains(&format!("{{{{#include ../../../../schemas/{name}}}}}")),
            "{page:?} does not include {name}"
        );
    }
}

/// The values of every `attribute="..."` in an HTML text.
fn attributes<'a>(html: &'a str, attribute: &str) -> Vec<&'a str> {
    let key = format!(" {attribute}=\"");
    html.match_indices(&key)
        .filter_map(|(i, _)| {
            let rest = &html[i + key.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

fn html_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a folder") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            html_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "html") {
            out.push(p);
        }
    }
}

/// Where a relative `href`/`src` of a page leads, and the fragment it names; `None` for
/// addresses outside the book (another site, mail, a script).
fn resolve(page: &Path, target: &str) -> Option<(PathBuf, Option<String>)> {
    let external = ["http:", "https:", "mailto:", "data:", "javascript:", "//"];
    if target.is_empty() || external.iter().any(|e| target.starts_with(e)) {
        return None;
    }
    let (file, fragment) = match target.split_once('#') {
        Some((f, frag)) => (f, Some(frag.to_owned())),
        None => (target, None),
    };
    let file = file.split('?').next().unwrap_or(file);
    let path = if file.is_empty() {
        page.to_path_buf()
    } else {
        normal(&page.parent()?.join(file))
    };
    Some((path, fragment))
}

#[test]
fn the_book_builds_and_every_link_and_picture_in_it_resolves() {
    let out = tempfile::tempdir().expect("a temporary folder");
    let mut book = mdbook_driver::MDBook::load(docs()).expect("docs/book.toml loads");
    book.config.build.build_dir = out.path().to_path_buf();
    book.build().expect("mdbook builds the book");

    let mut pages = Vec::new();
    html_files(out.path(), &mut pages);
    let listed = chapters().len();
    assert!(
        pages.len() > listed,
        "{} pages for {listed} chapters",
        pages.len()
    );
    let mut problems = Vec::new();
    for page in &pages {
        // The not-found page addresses everything from the site's root.
        if page.ends_with("404.html") {
            continue;
        }
        let html = std::fs::read_to_string(page).unwrap();
        let name = page.strip_prefix(out.path()).unwrap().display().to_string();
        if html.contains("{{#include") {
            problems.push(format!("{name}: an include was not expanded"));
        }
        let targets = attributes(&html, "href")
            .into_iter()
            .chain(attributes(&html, "src"));
        for t in targets {
            let Some((path, fragment)) = resolve(page, t) else {
                continue;
            };
            if !path.exists() {
                problems.push(format!("{name}: {t} is not in the book"));
                continue;
            }
            if let Some(frag) = fragment
                && !frag.is_empty()
                && path.extension().is_some_and(|e| e == "html")
            {
                let target = std::fs::read_to_string(&path).unwrap();
                if !target.contains(&format!("id=\"{frag}\"")) {
                    problems.push(format!("{name}: {t}: no #{frag} there"));
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
