//! `sztab new map --system S --cols C --rows R --out FILE`: a new map of a rule system,
//! every hex its catalogue's first terrain, with the printed numbering asked for.

use std::path::PathBuf;
use std::process::ExitCode;

use sztab_core::hex::{Grid, Numbering, Parity};
use sztab_core::model::{FileKind, Map, SystemId, io};

#[derive(clap::Subcommand, Debug)]
pub enum What {
    /// A new map file.
    Map(MapArgs),
}

#[derive(clap::Args, Debug)]
pub struct MapArgs {
    /// The rule system (`sztab systems`); by default the first one it lists.
    #[arg(long)]
    system: Option<String>,
    /// Its terrain catalogue; by default the system's first shipped one.
    #[arg(long)]
    terrain: Option<PathBuf>,
    #[arg(long, default_value_t = 30)]
    cols: u16,
    #[arg(long, default_value_t = 20)]
    rows: u16,
    /// The number printed on the first column and row.
    #[arg(long, default_value_t = 1)]
    first_col: u16,
    #[arg(long, default_value_t = 1)]
    first_row: u16,
    /// Columns that sit half a hex lower: even or odd.
    #[arg(long, default_value = "even")]
    shifted: String,
    /// The map's name.
    #[arg(long, default_value = "New map")]
    name: String,
    /// The file to write (*.map.ron).
    #[arg(long)]
    out: PathBuf,
}

pub fn run(what: &What) -> ExitCode {
    match what {
        What::Map(a) => match new_map(a) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("sztab new map: {e}");
                ExitCode::from(2)
            }
        },
    }
}

fn new_map(a: &MapArgs) -> Result<(), String> {
    let id = a
        .system
        .as_deref()
        .unwrap_or_else(|| sztab_registry::all()[0].id());
    let system = sztab_registry::get(id).ok_or_else(|| {
        let ids: Vec<&str> = sztab_registry::all().iter().map(|s| s.id()).collect();
        format!("no system \"{id}\"; Sztab knows {}", ids.join(", "))
    })?;
    if FileKind::of_path(&a.out) != Some(FileKind::Map) {
        return Err(format!(
            "{}: a map file's name ends in .map.ron",
            a.out.display()
        ));
    }
    let terrain = match &a.terrain {
        Some(t) => t.clone(),
        None => sztab_registry::catalogues_of(system.id())
            .into_iter()
            .next()
            .ok_or_else(|| {
                format!(
                    "{} ships no terrain catalogue: give --terrain",
                    system.name()
                )
            })?,
    };
    let cat = io::load_terrain(&terrain).map_err(|e| e.to_string())?.value;
    if cat.system.as_str() != system.id() {
        return Err(format!(
            "{} is a {} catalogue, not {}",
            terrain.display(),
            cat.system,
            system.id()
        ));
    }
    let first = cat
        .terrain
        .first()
        .ok_or("the catalogue has no terrain")?
        .id
        .to_string();
    let shifted = match a.shifted.as_str() {
        "even" => Parity::Even,
        "odd" => Parity::Odd,
        s => return Err(format!("--shifted is even or odd, not \"{s}\"")),
    };
    if !(1..=io::MAX_MAP_SIDE).contains(&a.cols) || !(1..=io::MAX_MAP_SIDE).contains(&a.rows) {
        return Err(format!("a map is 1 to {} hexes a side", io::MAX_MAP_SIDE));
    }
    let numbering = Numbering {
        first_col: a.first_col,
        first_row: a.first_row,
        shifted,
        ..Numbering::default()
    };
    let grid = Grid::new(a.cols, a.rows, numbering);
    let terrain_rel = io::relative(&a.out, &terrain);
    let mut map = Map::new(a.name.clone(), terrain_rel, grid, &first);
    map.system = SystemId::new(system.id());
    io::save(FileKind::Map, &a.out, &map).map_err(|e| format!("{}: {e}", a.out.display()))?;
    println!(
        "wrote {} ({}×{} hexes, {} map on {})",
        a.out.display(),
        a.cols,
        a.rows,
        system.name(),
        terrain.display()
    );
    Ok(())
}
