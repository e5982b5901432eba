//! `sztab render FILE --out map.png [--scale N] [--units]`: the map (and a scenario's
//! setup) as a printed-style PNG, drawn on the CPU (no display, no GPU).

use std::path::PathBuf;
use std::process::ExitCode;

use sztab_core::model::{FileKind, MapBundle};
use sztab_core::render::{Layers, render_png_units};

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
    /// For a scenario, draw its setup: the unit counters on their starting hexes.
    #[arg(long)]
    units: bool,
}

pub fn run(args: &Args) -> ExitCode {
    let loaded = match FileKind::of_path(&args.file) {
        Some(FileKind::Scenario) => sztab_registry::load(&args.file).map(|(system, b, _)| {
            let units = sztab_seam::counters::setup_layer(system, b.view());
            (b.map().clone(), b.terrain().clone(), Some(units))
        }),
        _ => MapBundle::load(&args.file).map(|(b, _)| (b.map, b.terrain, None)),
    };
    let (map, terrain, units) = match loaded {
        Ok(x) => x,
        Err(e) => {
            eprintln!("sztab render: {e}");
            return ExitCode::from(2);
        }
    };
    let layers = Layers {
        zones: args.zones,
        units: args.units,
        ..Layers::printed()
    };
    match render_png_units(
        &map,
        &terrain,
        layers,
        args.scale,
        units.as_ref(),
        &args.out,
    ) {
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
