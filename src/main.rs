fn main() -> std::process::ExitCode {
    restore_sigpipe();
    sztab::cli::run()
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
