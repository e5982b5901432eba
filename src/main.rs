fn main() -> std::process::ExitCode {
    sztab::cli::run()
}
