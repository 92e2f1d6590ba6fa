//! The server, as the end-to-end tests start it: exactly `plateau` (see `plateau::cli`), with the
//! same allocator as `server/src/main.rs`.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    plateau::cli::main()
}
