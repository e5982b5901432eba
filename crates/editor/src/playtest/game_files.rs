//! Saving a game in play as the engine's game log (the same RON file `sztab play --log`
//! writes and `sztab replay` checks), and loading one back onto the open scenario.

use std::path::Path;

use super::seats::Seat;
use super::session::Session;
use sztab_core::model::Bundle;
use sztab_core::model::io::{read_text, write_atomic};
use sztab_wb95::GameLog;

pub fn save(session: &Session, path: &Path) -> Result<(), String> {
    let mut log = session.log().map_err(|e| e.to_string())?;
    // Relative to the log, as `sztab play --log` writes it (an unsaved scenario has none).
    if !log.scenario.as_os_str().is_empty() {
        log.scenario = sztab_core::model::io::relative(path, &log.scenario);
    }
    let text = ron::ser::to_string_pretty(&log, ron::ser::PrettyConfig::default().depth_limit(2))
        .map_err(|e| format!("cannot write the log: {e}"))?;
    write_atomic(path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

pub fn read(path: &Path) -> Result<GameLog, String> {
    // The model's reader: the size limit, regular files only, a BOM and old line ends.
    let text = read_text(path).map_err(|e| e.to_string())?;
    ron::from_str(&text.text).map_err(|e| format!("{} is not a game log: {e}", path.display()))
}

/// Loads a log and replays it on `bundle`, checking it reproduces the same events.
pub fn load(bundle: &Bundle, path: &Path, seats: [Seat; 2]) -> Result<Session, String> {
    let mut log = read(path)?;
    // The session keeps the scenario as a path of its own, not one relative to the log.
    if !log.scenario.as_os_str().is_empty() {
        log.scenario = sztab_core::model::io::resolve(path, &log.scenario);
    }
    Session::from_log(bundle, &log, seats)
}
