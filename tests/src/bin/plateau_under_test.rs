//! The server, as the end-to-end tests start it: exactly `plateau` (see `plateau::cli`), with the
//! same allocator as `server/src/main.rs`, and one addition: the fail points named in the
//! `FAILPOINTS` environment variable are set up (the `fail` crate; e.g.
//! `FAILPOINTS=engine-play=1*panic`), so that a test can make the server fail on purpose where no
//! input of a client can (see `tests/tests/e2e/engine_isolation.rs`); and, while it runs, those written
//! to the file named by `FAILPOINTS_FILE` (see `TestServer::set_failpoints`), so that a test can
//! set one at the moment it chooses.

use std::path::PathBuf;
use std::time::Duration;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let _fail_points = fail::FailScenario::setup();
    if let Some(path) = std::env::var_os("FAILPOINTS_FILE") {
        std::thread::spawn(move || follow_failpoints(PathBuf::from(path)));
    }
    plateau::cli::main()
}

/// Applies the fail points of `path` (one `name=actions` a line) each time it changes, then writes
/// what it applied to `path` + `.applied`, for the test to wait on.
fn follow_failpoints(path: PathBuf) {
    let applied = path.with_extension("applied");
    let mut last = String::new();
    loop {
        if let Ok(text) = std::fs::read_to_string(&path) {
            if text != last {
                for (name, actions) in text.lines().filter_map(|line| line.split_once('=')) {
                    if let Err(e) = fail::cfg(name.trim(), actions.trim()) {
                        eprintln!("fail point {name}: {e}");
                    }
                }
                let _ = std::fs::write(&applied, &text);
                last = text;
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
