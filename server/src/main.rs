//! The `plateau` binary; see [`plateau::cli`].

fn main() -> std::process::ExitCode {
    plateau::cli::main()
}
