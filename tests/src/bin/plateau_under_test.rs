//! The server, as the end-to-end tests start it: exactly `plateau` (see `plateau::cli`).

fn main() -> std::process::ExitCode {
    plateau::cli::main()
}
