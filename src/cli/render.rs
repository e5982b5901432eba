//! `sztab render FILE --out map.png [--scale N]`: the map as a printed-style PNG, drawn on
//! the CPU (no display, no GPU).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::model::{Bundle, FileKind, MapBundle};
use crate::render::{Layers, render_png};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A .map.ron file, or a .scenario.ron file whose map is drawn.
    file: PathBuf,
    /// The PNG to write.
    #[arg(long)]
    out: PathBuf,
    /// Pixels per hex radius (a hex is twice as wide).
    #[arg(long, default_value_t = 40.0)]
    scale: f32,
    /// Draw the entry zones too.
    #[arg(long)]
    zones: bool,
}

pub fn run(args: &Args) -> ExitCode {
    let loaded = match FileKind::of_path(&args.file) {
        Some(FileKind::Scenario) => Bundle::load(&args.file).map(|(b, _)| (b.map, b.terrain)),
        _ => MapBundle::load(&args.file).map(|(b, _)| (b.map, b.terrain)),
    };
    let (map, terrain) = match loaded {
        Ok(x) => x,
        Err(e) => {
            eprintln!("sztab render: {e}");
            return ExitCode::from(2);
        }
    };
    let layers = Layers {
        zones: args.zones,
        ..Layers::printed()
    };
    match render_png(&map, &terrain, layers, args.scale, &args.out) {
        Ok((w, h)) => {
            println!("wrote {} ({w}×{h} pixels)", args.out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sztab render: {e}");
            ExitCode::from(2)
        }
    }
}
