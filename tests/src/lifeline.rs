//! A helper server (a throwaway Postgres or NATS, see [`crate::services`]) that lives exactly as long
//! as the test process that started it.
//!
//! Its process is a small `sh` that starts the server in the background and then reads its stdin, a
//! pipe whose write end only this process holds. When this process ends, however it ends (its tests
//! passed or failed, a panic, SIGKILL), the pipe closes, and the shell stops the server and deletes
//! the server's directory: no orphan is left behind, and no data directory fills `/tmp`. At a normal
//! exit, `stop_all` (registered with `atexit`) closes the pipes itself and waits for the shells, so
//! that nothing is still running once the test binary has returned to `cargo test`.

use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

/// `sh -c SCRIPT sh DIR SIGNAL PROGRAM ARGS...`: the server's output goes to `DIR/server.log`;
/// `cat` returns at the end of stdin, that is when the test process is gone or let go of it.
const SCRIPT: &str = r#"dir=$1; signal=$2; shift 2
"$@" >"$dir/server.log" 2>&1 &
server=$!
cat >/dev/null
kill -s "$signal" "$server" 2>/dev/null
wait "$server"
rm -rf "$dir"
"#;

/// How long `stop_all` waits for the helpers to stop at exit (Postgres's fast shutdown takes well
/// under a second).
const STOP_WAIT: Duration = Duration::from_secs(10);

/// The helpers kept until the process ends: each shell and the write end of its stdin.
static KEPT: Mutex<Vec<(Child, ChildStdin)>> = Mutex::new(Vec::new());

/// A started helper server. Dropped without [`Helper::keep`], it stops at once (its stdin closes).
pub struct Helper {
    child: Child,
    stdin: ChildStdin,
    dir: PathBuf,
}

impl Helper {
    /// Starts `program args` with `dir` as its working directory, as the user and group `user` if
    /// given (Postgres refuses to run as root). `dir` belongs to the helper from now on: it is
    /// deleted when the helper stops. `stop_signal` (`INT`, `TERM`) is what stops the server cleanly.
    pub fn spawn(
        dir: &Path,
        stop_signal: &str,
        program: &Path,
        args: &[String],
        user: Option<(u32, u32)>,
    ) -> io::Result<Helper> {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(SCRIPT)
            .arg("sh")
            .arg(dir)
            .arg(stop_signal)
            .arg(program)
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            // Not the test's output: `cargo test` would wait for the shell to close it.
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if let Some((uid, gid)) = user {
            command.uid(uid).gid(gid);
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take().expect("a piped stdin");
        Ok(Helper {
            child,
            stdin,
            dir: dir.to_path_buf(),
        })
    }

    /// The last lines of the server's output, for an error message.
    pub fn log_tail(&self) -> String {
        let log = std::fs::read(self.dir.join("server.log")).unwrap_or_default();
        String::from_utf8_lossy(&log[log.len().saturating_sub(4000)..]).into_owned()
    }

    /// Whether the shell has ended (the server stopped and was cleaned up).
    pub fn has_ended(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }

    /// Keeps the helper running until this process ends.
    pub fn keep(self) {
        static AT_EXIT: Once = Once::new();
        AT_EXIT.call_once(|| {
            // SAFETY: atexit only records the pointer; `stop_all` is an `extern "C"` function that
            // takes no arguments and cannot unwind (a panic in it aborts).
            let registered = unsafe { libc::atexit(stop_all) };
            assert_eq!(registered, 0, "atexit");
        });
        KEPT.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((self.child, self.stdin));
    }
}

/// Closes every kept helper's stdin, so that all of them stop at once, and waits for them.
extern "C" fn stop_all() {
    // Never block at exit: a thread that panicked holding the lock must not hang the process.
    let Ok(mut kept) = KEPT.try_lock() else {
        return;
    };
    let mut children: Vec<Child> = kept.drain(..).map(|(child, _stdin)| child).collect();
    let deadline = Instant::now() + STOP_WAIT;
    while Instant::now() < deadline {
        children.retain_mut(|child| matches!(child.try_wait(), Ok(None)));
        if children.is_empty() {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
