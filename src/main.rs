fn main() -> std::process::ExitCode {
    restore_sigpipe();
    init_logging();
    sztab::cli::run(|file| sztab::editor::run(file).map_err(|e| e.to_string()))
}

/// eframe, winit, glow and rfd report through the `log` crate (why a GL context or a file
/// dialog failed); print it on stderr. `RUST_LOG` chooses what (`RUST_LOG=info sztab`,
/// `RUST_LOG=rfd=debug`); without it only errors are shown, so the command line's output
/// stays as it is.
fn init_logging() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("error"))
        .format_timestamp(None)
        .init();
}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`sztab play ... | head`) panics;
/// a command-line tool should end quietly instead, as other Unix tools do.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
