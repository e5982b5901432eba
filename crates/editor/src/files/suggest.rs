//! Where a file chooser starts: in the open document's folder (with no document or a new
//! one, the folder of the map or scenario opened last), and for a file to write, a name proposed from the document
//! (`north.png` beside `north.map.ron`), never a fixed name that may already exist.

use std::path::{Path, PathBuf};

use super::ChooserPurpose;

/// What the suggestion is made from.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context<'a> {
    /// The open document's file, if it has one.
    pub file: Option<&'a Path>,
    /// The document's title (a new, unsaved document is named after it).
    pub title: &'a str,
    /// The document is a scenario (else a map).
    pub scenario: bool,
    /// The map or scenario opened last, when no document has a file.
    pub recent: Option<&'a Path>,
}

/// The chooser's first path: a folder ending in `/` to pick a file from, or a folder and a
/// file name to write.
pub fn start(purpose: ChooserPurpose, cx: Context) -> String {
    let folder = cx.file.or(cx.recent).and_then(Path::parent);
    let name = name(purpose, cx);
    match (folder, name) {
        (Some(dir), Some(name)) if !dir.as_os_str().is_empty() => {
            dir.join(name).display().to_string()
        }
        (_, Some(name)) => name,
        (Some(dir), None) if !dir.as_os_str().is_empty() => format!("{}/", dir.display()),
        _ => String::new(),
    }
}

/// The file name proposed for a file to write; `None` for a file to read.
fn name(purpose: ChooserPurpose, cx: Context) -> Option<String> {
    let stem = cx.file.map_or_else(|| slug(cx.title), stem);
    let own = || {
        cx.file
            .and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
    };
    let kind = if cx.scenario { "scenario" } else { "map" };
    Some(match purpose {
        ChooserPurpose::SaveAs => own().unwrap_or_else(|| format!("{stem}.{kind}.ron")),
        ChooserPurpose::ExportImage => format!("{stem}.png"),
        ChooserPurpose::ExportCard => format!("{stem}.card.html"),
        ChooserPurpose::PrintKit => format!("{stem}.kit.pdf"),
        ChooserPurpose::SaveGame => format!("{stem}.game.ron"),
        ChooserPurpose::ExportCsv => format!("{stem}.balance.csv"),
        ChooserPurpose::Open
        | ChooserPurpose::LoadScan
        | ChooserPurpose::Catalogue
        | ChooserPurpose::Map
        | ChooserPurpose::Counters
        | ChooserPurpose::LoadGame => return None,
    })
}

/// A file's name without its kind and extension: `north` for `north.map.ron`.
fn stem(file: &Path) -> String {
    let name = file.file_name().map_or_else(
        || "untitled".to_owned(),
        |n| n.to_string_lossy().into_owned(),
    );
    ["scenario", "map", "counters", "terrain"]
        .iter()
        .find_map(|k| name.strip_suffix(&format!(".{k}.ron")).map(str::to_owned))
        .unwrap_or_else(|| {
            PathBuf::from(&name)
                .file_stem()
                .map_or(name.clone(), |s| s.to_string_lossy().into_owned())
        })
}

/// A title as a file name: lower case, words joined by `-`, nothing a shell would quote.
fn slug(title: &str) -> String {
    let words: Vec<String> = title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        "untitled".into()
    } else {
        words.join("-")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cx<'a>(file: Option<&'a Path>, title: &'a str) -> Context<'a> {
        Context {
            file,
            title,
            ..Context::default()
        }
    }

    #[test]
    fn a_chooser_starts_in_the_documents_folder() {
        let map = Path::new("/maps/kursk/north.map.ron");
        assert_eq!(
            start(ChooserPurpose::Open, cx(Some(map), "North")),
            "/maps/kursk/"
        );
        assert_eq!(
            start(ChooserPurpose::LoadScan, cx(Some(map), "North")),
            "/maps/kursk/"
        );
        // No document: the folder of the file opened last; nothing at all: the working
        // directory.
        let recent = Context {
            recent: Some(Path::new("/s/claws.scenario.ron")),
            ..Context::default()
        };
        assert_eq!(start(ChooserPurpose::Open, recent), "/s/");
        assert_eq!(start(ChooserPurpose::Open, Context::default()), "");
        // A file named without a folder: the working directory.
        assert_eq!(
            start(ChooserPurpose::Open, cx(Some(Path::new("n.map.ron")), "N")),
            ""
        );
    }

    #[test]
    fn files_to_write_are_named_after_the_document_beside_it() {
        let s = Path::new("/s/armored-claws.scenario.ron");
        let at = |p| start(p, cx(Some(s), "Armored Claws"));
        assert_eq!(at(ChooserPurpose::ExportImage), "/s/armored-claws.png");
        assert_eq!(at(ChooserPurpose::ExportCard), "/s/armored-claws.card.html");
        assert_eq!(at(ChooserPurpose::SaveAs), "/s/armored-claws.scenario.ron");
        assert_eq!(at(ChooserPurpose::SaveGame), "/s/armored-claws.game.ron");
        assert_eq!(
            at(ChooserPurpose::ExportCsv),
            "/s/armored-claws.balance.csv"
        );
        // A new map has no file yet: its name comes from its title.
        let new = cx(None, "Ponyri, 1943 (north)");
        assert_eq!(
            start(ChooserPurpose::SaveAs, new),
            "ponyri-1943-north.map.ron"
        );
        assert_eq!(
            start(ChooserPurpose::ExportImage, new),
            "ponyri-1943-north.png"
        );
        assert_eq!(slug("  "), "untitled");
    }
}
