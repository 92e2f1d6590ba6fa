//! The server, as the end-to-end tests start it: exactly `plateau` (see `plateau::cli`), with the
//! same allocator as `server/src/main.rs`, and one addition: the fail points named in the
//! `FAILPOINTS` environment variable are set up (the `fail` crate; e.g.
//! `FAILPOINTS=engine-play=1*panic`), so that a test can make the server fail on purpose where no
//! input of a client can (see `tests/tests/engine_isolation.rs`).

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let _fail_points = fail::FailScenario::setup();
    plateau::cli::main()
}
