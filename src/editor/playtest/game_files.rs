//! Saving a game in play as the engine's game log (the same RON file `sztab play --log`
//! writes and `sztab replay` checks), and loading one back onto the open scenario.

use std::path::Path;

use super::seats::Seat;
use super::session::Session;
use crate::model::Bundle;
use crate::model::io::write_atomic;
use crate::systems::wb95::GameLog;

/// Files bigger than this are not game logs.
const MAX_LOG_BYTES: u64 = 64 * 1024 * 1024;

pub fn save(session: &Session, path: &Path) -> Result<(), String> {
    let log = session.log().map_err(|e| e.to_string())?;
    let text = ron::ser::to_string_pretty(&log, ron::ser::PrettyConfig::default().depth_limit(2))
        .map_err(|e| format!("cannot write the log: {e}"))?;
    write_atomic(path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

pub fn read(path: &Path) -> Result<GameLog, String> {
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        .len();
    if size > MAX_LOG_BYTES {
        return Err(format!("{} is too large for a game log", path.display()));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    ron::from_str(&text).map_err(|e| format!("{} is not a game log: {e}", path.display()))
}

/// Loads a log and replays it on `bundle`, checking it reproduces the same events.
pub fn load(bundle: &Bundle, path: &Path, seats: [Seat; 2]) -> Result<Session, String> {
    let log = read(path)?;
    Session::from_log(bundle, &log, seats)
}
