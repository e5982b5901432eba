//! Loading and saving model files: RON text, size limits, clear errors with line and
//! column, and atomic saves.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use ron::extensions::Extensions;
use ron::ser::PrettyConfig;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::limits;
use super::source::Source;
use super::{Counters, Map, Scenario, SystemId, TerrainCatalogue};

/// Files larger than this are refused before they are read ([`limits::FILE_BYTES`]).
pub const MAX_FILE_BYTES: u64 = limits::FILE_BYTES;
/// Maps wider or taller than this are refused ([`limits::MAP_SIDE`]).
pub const MAX_MAP_SIDE: u16 = limits::MAP_SIDE;
/// Deepest nesting accepted by the parser (a guard against stack exhaustion); the text's
/// shape is checked against the same bound before the parser runs ([`limits::shape`]).
const RECURSION_LIMIT: usize = limits::NESTING.max;

/// The kinds of file, told apart by their name (`armored-claws.scenario.ron`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FileKind {
    Scenario,
    Map,
    Counters,
    Terrain,
    /// A system's charts ([`super::tables`]).
    Tables,
}

impl FileKind {
    pub const ALL: [FileKind; 5] = [
        FileKind::Scenario,
        FileKind::Map,
        FileKind::Counters,
        FileKind::Terrain,
        FileKind::Tables,
    ];

    pub fn suffix(self) -> &'static str {
        match self {
            FileKind::Scenario => ".scenario.ron",
            FileKind::Map => ".map.ron",
            FileKind::Counters => ".counters.ron",
            FileKind::Terrain => ".terrain.ron",
            FileKind::Tables => ".tables.ron",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            FileKind::Scenario => "scenario",
            FileKind::Map => "map",
            FileKind::Counters => "counters",
            FileKind::Terrain => "terrain",
            FileKind::Tables => "tables",
        }
    }

    pub fn of_path(path: &Path) -> Option<FileKind> {
        let name = path.file_name()?.to_str()?.to_ascii_lowercase();
        Self::ALL.into_iter().find(|k| name.ends_with(k.suffix()))
    }

    /// Depth below which the saved RON is written on one line: each hex, hexside, road,
    /// placement or unit is one line, so one edit is a one-line diff. A table's fields
    /// sit one level deeper, and each of its rows is one line.
    fn depth_limit(self) -> usize {
        match self {
            FileKind::Tables => 4,
            _ => 2,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{}: cannot read the file: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: the file is {size} bytes; files over {limit} bytes are refused", path.display())]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    #[error("{}:{line}:{column}: the file is not UTF-8 text", path.display())]
    NotText {
        path: PathBuf,
        line: usize,
        column: usize,
    },
    #[error("{}:{line}:{column}: {message}", path.display())]
    Syntax {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{}: {message}", path.display())]
    Refused { path: PathBuf, message: String },
    #[error("{}: cannot tell the file type; expected a name ending in .scenario.ron, .map.ron, .counters.ron, .terrain.ron or .tables.ron", path.display())]
    UnknownKind { path: PathBuf },
}

impl LoadError {
    pub fn path(&self) -> &Path {
        match self {
            LoadError::Io { path, .. }
            | LoadError::TooLarge { path, .. }
            | LoadError::NotText { path, .. }
            | LoadError::Syntax { path, .. }
            | LoadError::Refused { path, .. }
            | LoadError::UnknownKind { path } => path,
        }
    }

    /// What went wrong, without the file and position (which have their own fields).
    pub fn detail(&self) -> String {
        match self {
            LoadError::Io { source, .. } => format!("cannot read the file: {source}"),
            LoadError::TooLarge { size, limit, .. } => {
                format!("the file is {size} bytes; files over {limit} bytes are refused")
            }
            LoadError::NotText { .. } => "the file is not UTF-8 text".into(),
            LoadError::Syntax { message, .. } | LoadError::Refused { message, .. } => message.clone(),
            LoadError::UnknownKind { .. } => {
                "cannot tell the file type; expected a name ending in .scenario.ron, .map.ron, .counters.ron, .terrain.ron or .tables.ron".into()
            }
        }
    }

    /// Line and column, for errors that have them.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            LoadError::Syntax { line, column, .. } | LoadError::NotText { line, column, .. } => {
                Some((*line, *column))
            }
            _ => None,
        }
    }
}

/// A file's parsed value and the text it came from.
#[derive(Clone, Debug)]
pub struct Loaded<T> {
    pub value: T,
    pub source: Source,
}

/// Opens a file for reading, refusing what is not a regular file: a FIFO or a terminal
/// (`/dev/stdin`) named as a scenario's map would block the reader for ever, and a
/// directory or a device is no file to read.
pub fn open_regular(path: &Path) -> std::io::Result<fs::File> {
    refuse_irregular(&fs::metadata(path)?)?;
    // Non-blocking, so a FIFO swapped in after the look above cannot block the open;
    // reads of a regular file ignore the flag.
    #[cfg(unix)]
    let file = {
        use std::os::unix::fs::OpenOptionsExt;
        fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)?
    };
    #[cfg(not(unix))]
    let file = fs::File::open(path)?;
    refuse_irregular(&file.metadata()?)?;
    Ok(file)
}

fn refuse_irregular(meta: &fs::Metadata) -> std::io::Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    let ft = meta.file_type();
    let what = if ft.is_dir() {
        "a directory"
    } else {
        special_kind(&ft)
    };
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("it is {what}, not a regular file"),
    ))
}

#[cfg(unix)]
fn special_kind(ft: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if ft.is_fifo() {
        "a FIFO (named pipe)"
    } else if ft.is_char_device() || ft.is_block_device() {
        "a device"
    } else if ft.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &fs::FileType) -> &'static str {
    "a special file"
}

/// Reads a file as text, refusing files over [`MAX_FILE_BYTES`] and anything but a
/// regular file.
pub fn read_text(path: &Path) -> Result<Source, LoadError> {
    let io = |source| LoadError::Io {
        path: path.to_owned(),
        source,
    };
    let file = open_regular(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    if size > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: path.to_owned(),
            size,
            limit: MAX_FILE_BYTES,
        });
    }
    // `take` guards against files that grow while read or lie about their size.
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    decode(path, bytes)
}

fn text_of(path: &Path, bytes: Vec<u8>) -> Result<Source, LoadError> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Source::new(path, normalize(text))),
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
            let (line, column) = Source::new(path, lossy).position(valid);
            Err(LoadError::NotText {
                path: path.to_owned(),
                line,
                column,
            })
        }
    }
}

/// Text as the parser reads it: without a UTF-8 byte-order mark (some Windows editors
/// write one), and with old Mac line ends (a lone CR) made LF, so a `//` comment ends at
/// its line instead of swallowing the file. CRLF is left alone. Both keep every line
/// and column where an editor shows it.
fn normalize(text: String) -> String {
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    };
    if !text.contains('\r') {
        return text;
    }
    let mut bytes = text.into_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    // One ASCII byte replaced by another: still UTF-8.
    String::from_utf8(bytes).expect("CR and LF are ASCII")
}

fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES)
        .with_recursion_limit(RECURSION_LIMIT)
}

/// Parses RON text into `T`, turning parser errors into `Syntax` errors with a position.
/// A text nested too deep or with too long a list ([`limits::shape`]) is refused first,
/// at the bracket or item that passes the bound.
pub fn parse<T: DeserializeOwned>(source: &Source) -> Result<T, LoadError> {
    if let Err(e) = limits::shape(&source.text) {
        let (line, column) = source.position(e.offset);
        return Err(LoadError::Syntax {
            path: source.path.clone(),
            line,
            column,
            message: e.message,
        });
    }
    ron_options()
        .from_str(&source.text)
        .map_err(|e| LoadError::Syntax {
            path: source.path.clone(),
            line: e.span.start.line.max(1),
            column: e.span.start.col.max(1),
            message: describe(&e.code),
        })
}

/// Decodes bytes as text, with the position of the first invalid UTF-8 sequence.
pub fn decode(path: &Path, bytes: Vec<u8>) -> Result<Source, LoadError> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: path.to_owned(),
            size: bytes.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    text_of(path, bytes)
}

/// Parses map text and applies the map size limits.
pub fn parse_map(source: &Source) -> Result<Map, LoadError> {
    let map = parse(source)?;
    check_map_limits(&map, source)?;
    Ok(map)
}

/// The parser's message, phrased for a person editing the file.
fn describe(code: &ron::Error) -> String {
    let msg = code.to_string();
    // ron names serde's expectations; keep them, they say what was expected.
    let mut m = msg.trim_end_matches('.').to_owned();
    if let Some(first) = m.get(..1) {
        m = first.to_lowercase() + &m[1..];
    }
    // The parser quotes the value it refused; a value of a megabyte is cut.
    if let Some((cut, _)) = m.char_indices().nth(MAX_MESSAGE_CHARS) {
        m.truncate(cut);
        m.push('…');
    }
    m
}

/// Longest parser message kept whole.
const MAX_MESSAGE_CHARS: usize = 300;

fn load<T: DeserializeOwned>(path: &Path) -> Result<Loaded<T>, LoadError> {
    let source = read_text(path)?;
    let value = parse(&source)?;
    Ok(Loaded { value, source })
}

pub fn load_terrain(path: &Path) -> Result<Loaded<TerrainCatalogue>, LoadError> {
    load(path)
}

pub fn load_counters(path: &Path) -> Result<Loaded<Counters>, LoadError> {
    load(path)
}

pub fn load_scenario(path: &Path) -> Result<Loaded<Scenario>, LoadError> {
    load(path)
}

pub fn load_tables(path: &Path) -> Result<Loaded<super::tables::Tables>, LoadError> {
    load(path)
}

pub fn load_map(path: &Path) -> Result<Loaded<Map>, LoadError> {
    let source = read_text(path)?;
    let value = parse_map(&source)?;
    Ok(Loaded { value, source })
}

/// Refuses grids that no printed board has and that would make every loop over the
/// board absurdly long, at the value in the file.
fn check_map_limits(map: &Map, source: &Source) -> Result<(), LoadError> {
    let g = &map.grid;
    let n = &g.numbering;
    let refuse = |at: &[super::outline::Seg], message: String| {
        let (line, column) = source.offset_of(at).map_or((1, 1), |o| source.position(o));
        Err(LoadError::Syntax {
            path: source.path.clone(),
            line,
            column,
            message,
        })
    };
    if g.cols == 0 || g.rows == 0 || g.cols > MAX_MAP_SIDE || g.rows > MAX_MAP_SIDE {
        let field = if g.cols == 0 || g.cols > MAX_MAP_SIDE {
            "cols"
        } else {
            "rows"
        };
        return refuse(
            &crate::path!["grid", field],
            format!(
                "the map is {}×{} hexes; sizes from 1×1 to {MAX_MAP_SIDE}×{MAX_MAP_SIDE} are accepted",
                g.cols, g.rows
            ),
        );
    }
    if u32::from(n.first_col) + u32::from(g.cols) > 10_000
        || u32::from(n.first_row) + u32::from(g.rows) > 10_000
    {
        return refuse(
            &crate::path!["grid", "numbering"],
            "hex numbers would pass 9999: lower first_col/first_row or the size".into(),
        );
    }
    if !(1..=4).contains(&n.digits) {
        return refuse(
            &crate::path!["grid", "numbering", "digits"],
            format!(
                "numbering.digits is {}; 1 to 4 digits per part are accepted",
                n.digits
            ),
        );
    }
    Ok(())
}

/// Serializes a model value as RON in the layout of its file kind.
pub fn to_ron<T: Serialize>(kind: FileKind, value: &T) -> Result<String, ron::Error> {
    let config = PrettyConfig::new()
        .depth_limit(kind.depth_limit())
        .struct_names(false)
        .separate_tuple_members(false)
        .indentor("    ")
        .extensions(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES);
    let mut text = ron::ser::to_string_pretty(value, config)?;
    text.push('\n');
    Ok(text)
}

/// `value` as the text of a file that now reads `old_text`, the text of `old`: only what
/// changed between `old` and `value` is rewritten ([`super::preserve`]), so the file's
/// comments, order and layout stay. When `old_text` is not `old`'s file (changed on disk
/// since) or the merge does not read back as `value`, the whole of `value` is written.
pub fn to_ron_over<T: Serialize + DeserializeOwned>(
    kind: FileKind,
    value: &T,
    old: &T,
    old_text: &str,
) -> Result<String, ron::Error> {
    let new = to_ron(kind, value)?;
    let base = to_ron(kind, old)?;
    let reads_as = |text: &str, want: &str| {
        ron_options()
            .from_str::<T>(text)
            .ok()
            .and_then(|v| to_ron(kind, &v).ok())
            .is_some_and(|t| t == want)
    };
    if !reads_as(old_text, &base) {
        return Ok(new);
    }
    match super::preserve::merge(old_text, &base, &new) {
        Some(merged) if reads_as(&merged, &new) => Ok(merged),
        _ => Ok(new),
    }
}

/// The folders of what ships with Sztab (`assets/`: catalogues, blank charts): in the
/// working directory, beside the program and in the source tree it was built from.
fn shipped_dirs() -> Vec<PathBuf> {
    let mut v = vec![
        PathBuf::from("assets"),
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("assets"),
    ];
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_owned))
    {
        v.push(dir.join("assets"));
    }
    v.into_iter()
        .filter_map(|d| d.canonicalize().ok())
        .collect()
}

/// Is `path` a file that ships with Sztab? Such files are templates: the editor never
/// writes into them, it saves a copy beside the scenario that uses them.
pub fn is_shipped(path: &Path) -> bool {
    let Ok(p) = path.canonicalize() else {
        return false;
    };
    shipped_dirs().iter().any(|d| p.starts_with(d))
}

/// Writes `text` to `path` atomically (see [`atomic_write`](super::atomic_write)): a
/// crash or a full disk leaves either the old file or the new one.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    super::atomic_write::write(path, text.as_bytes())
}

/// Serializes and saves atomically.
pub fn save<T: Serialize>(kind: FileKind, path: &Path, value: &T) -> std::io::Result<()> {
    let text = to_ron(kind, value).map_err(std::io::Error::other)?;
    write_atomic(path, &text)
}

/// `target` as written inside `file`: relative to the file's directory when both are on
/// the same root, else absolute. The inverse of [`resolve`].
pub fn relative(file: &Path, target: &Path) -> PathBuf {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_owned());
    let (file, target) = (lexical(&abs(file)), lexical(&abs(target)));
    let Some(dir) = file.parent() else {
        return target;
    };
    let from: Vec<_> = dir.components().collect();
    let to: Vec<_> = target.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return target;
    }
    let mut out = PathBuf::new();
    for _ in common..from.len() {
        out.push("..");
    }
    for c in &to[common..] {
        out.push(c);
    }
    out
}

/// Removes `.` and folds `..` without touching the file system.
fn lexical(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// A path written in a file, resolved against the directory of that file.
/// The result of loading `target`, a file that `from` names in its `field` (a scenario's
/// map, a map's terrain): when `target` cannot be read at all, the error is `from`'s and
/// names the field, since the user knows the file they opened, not the files it names.
pub fn referenced<T>(
    from: &Path,
    field: &str,
    target: &Path,
    loaded: Result<T, LoadError>,
) -> Result<T, LoadError> {
    loaded.map_err(|e| match e {
        LoadError::Io { path, source } if path == target => LoadError::Refused {
            path: from.to_owned(),
            message: format!(
                "its {field} file {} cannot be read: {source}",
                path.display()
            ),
        },
        e => e,
    })
}

pub fn resolve(relative_to_file: &Path, target: &Path) -> PathBuf {
    if target.is_absolute() {
        return target.to_owned();
    }
    relative_to_file
        .parent()
        .unwrap_or(Path::new(""))
        .join(target)
}

/// The rule system a file names (`system: "panzerblitz"`); a file without one is WB-95's.
/// Reads only that field; the rest of the file is parsed (and checked) by its system.
pub fn probe_system(source: &Source) -> Result<SystemId, LoadError> {
    #[derive(serde::Deserialize)]
    struct Probe {
        #[serde(default)]
        system: SystemId,
    }
    parse::<Probe>(source).map(|p| p.system)
}
