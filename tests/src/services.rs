//! The Postgres and NATS servers the end-to-end tests use, so that `cargo test` needs no set-up.
//!
//! For each, in this order: the server named by its environment variable (`PLATEAU_TEST_POSTGRES`,
//! an admin URL; `PLATEAU_TEST_NATS`), used as it is; else the machine's, if one answers on its
//! default port (127.0.0.1:5432 with user `postgres` and trust auth; 127.0.0.1:4222); else a
//! throwaway one of this test process's own, from the machine's binaries (installed with apt-get
//! when missing and the tests run as root), in a temporary directory on a free port. A throwaway
//! server is started once per test binary (every test of the binary shares it) and stops when the
//! binary ends ([`crate::lifeline`]). A Postgres that cannot be had at all fails the tests that need
//! it, with the reason: they never skip, so that CI cannot pass without them.

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::lifeline::Helper;

/// The machine's Postgres, as Debian's package sets it up for local development.
pub const DEFAULT_POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/postgres";
/// The machine's NATS.
pub const DEFAULT_NATS: &str = "nats://127.0.0.1:4222";

/// The admin URL of the Postgres server the tests create their databases on.
pub fn postgres() -> &'static str {
    static URL: OnceLock<Result<String, String>> = OnceLock::new();
    let url = URL.get_or_init(|| {
        given_or_default("PLATEAU_TEST_POSTGRES", DEFAULT_POSTGRES, 5432)
            .map_or_else(start_postgres, Ok)
    });
    match url {
        Ok(url) => url,
        Err(why) => panic!("Postgres is needed for this test and could not be had: {why}"),
    }
}

/// The URL of the NATS server the tests' nodes talk through.
pub fn nats() -> &'static str {
    static URL: OnceLock<Result<String, String>> = OnceLock::new();
    let url = URL.get_or_init(|| {
        given_or_default("PLATEAU_TEST_NATS", DEFAULT_NATS, 4222).map_or_else(start_nats, Ok)
    });
    match url {
        Ok(url) => url,
        Err(why) => panic!("NATS is needed for this test and could not be had: {why}"),
    }
}

/// The URL in `variable` if set (and not empty), else `default` if something answers on `port`.
fn given_or_default(variable: &str, default: &str, port: u16) -> Option<String> {
    match std::env::var(variable) {
        Ok(url) if !url.is_empty() => Some(url),
        _ => answers(port).then(|| default.to_string()),
    }
}

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
fn answers(port: u16) -> bool {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_ok()
}

/// A port nothing listens on now (a server started on it a moment later may still lose a race:
/// the callers try again on another).
fn free_port() -> Result<u16, String> {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .map_err(|e| format!("no free port: {e}"))
}

/// Starts a Postgres of this process's own: `initdb` then `postgres`, with trust auth for user
/// `postgres`, TCP on 127.0.0.1 only, and no fsync (nothing in it outlives the process).
fn start_postgres() -> Result<String, String> {
    let bin = match postgres_bin_dir() {
        Some(bin) => bin,
        None => {
            apt_install("postgresql", "PLATEAU_TEST_POSTGRES")?;
            postgres_bin_dir().ok_or("postgresql is installed, yet no /usr/lib/postgresql/*/bin")?
        }
    };
    let user = unprivileged_user()?;
    let mut last = String::new();
    for _ in 0..3 {
        let dir = own_dir("postgres", user)?;
        let data = dir.join("data");
        let initdb = Command::new(bin.join("initdb"))
            .arg("-D")
            .arg(&data)
            .args([
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ])
            .current_dir(&dir)
            .uid_gid(user)
            .output()
            .map_err(|e| format!("{}: {e}", bin.join("initdb").display()));
        match initdb {
            Ok(output) if output.status.success() => {}
            failed => {
                let _ = std::fs::remove_dir_all(&dir);
                return Err(match failed {
                    Ok(output) => format!("initdb: {}", String::from_utf8_lossy(&output.stderr)),
                    Err(e) => e,
                });
            }
        }
        let port = free_port()?;
        let args = [
            "-D".to_string(),
            data.display().to_string(),
            "-p".to_string(),
            port.to_string(),
            "-c".to_string(),
            "listen_addresses=127.0.0.1".to_string(),
            // TCP only: no socket file in a directory the user may not write to.
            "-c".to_string(),
            "unix_socket_directories=".to_string(),
            "-c".to_string(),
            "fsync=off".to_string(),
            // Room for the test threads' servers and nodes, each with its pool.
            "-c".to_string(),
            "max_connections=300".to_string(),
        ];
        let mut helper = Helper::spawn(&dir, "INT", &bin.join("postgres"), &args, user)
            .map_err(|e| format!("sh for postgres: {e}"))?;
        let ready = || {
            Command::new(bin.join("pg_isready"))
                .args(["-q", "-h", "127.0.0.1", "-p", &port.to_string()])
                .status()
                .is_ok_and(|status| status.success())
        };
        if wait_for(Duration::from_secs(60), &mut helper, ready) {
            helper.keep();
            return Ok(format!("postgres://postgres@127.0.0.1:{port}/postgres"));
        }
        last = helper.log_tail();
    }
    Err(format!(
        "a Postgres of the tests' own did not start:\n{last}"
    ))
}

/// The `nats-server` binary, installed first if missing (for a test that starts and stops a NATS
/// server of its own).
pub fn nats_server_binary() -> PathBuf {
    static BINARY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let binary = BINARY.get_or_init(|| match nats_binary() {
        Some(bin) => Ok(bin),
        None => apt_install("nats-server", "PLATEAU_TEST_NATS").and_then(|()| {
            nats_binary().ok_or_else(|| "nats-server is installed, yet not found".into())
        }),
    });
    match binary {
        Ok(binary) => binary.clone(),
        Err(why) => panic!("nats-server is needed for this test and could not be had: {why}"),
    }
}

/// Starts a NATS server of this process's own.
fn start_nats() -> Result<String, String> {
    let bin = nats_server_binary();
    let mut last = String::new();
    for _ in 0..3 {
        let dir = own_dir("nats", None)?;
        let port = free_port()?;
        let args = ["-a", "127.0.0.1", "-p", &port.to_string()].map(String::from);
        let mut helper = Helper::spawn(&dir, "TERM", &bin, &args, None)
            .map_err(|e| format!("sh for nats-server: {e}"))?;
        if wait_for(Duration::from_secs(30), &mut helper, || answers(port)) {
            helper.keep();
            return Ok(format!("nats://127.0.0.1:{port}"));
        }
        last = helper.log_tail();
    }
    Err(format!(
        "a NATS server of the tests' own did not start:\n{last}"
    ))
}

/// Waits until `ready`, for `limit` at most; false if the helper ended first (a port taken
/// meanwhile, a broken installation) or the time ran out.
fn wait_for(limit: Duration, helper: &mut Helper, mut ready: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if ready() {
            return true;
        }
        if helper.has_ended() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// The newest installed PostgreSQL's binaries (Debian's layout).
fn postgres_bin_dir() -> Option<PathBuf> {
    let mut dirs: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            ["initdb", "postgres", "pg_isready"]
                .iter()
                .all(|name| bin.join(name).is_file())
                .then_some((version, bin))
        })
        .collect();
    dirs.sort();
    dirs.pop().map(|(_, bin)| bin)
}

fn nats_binary() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    ["/usr/sbin", "/usr/bin"]
        .into_iter()
        .map(PathBuf::from)
        .chain(std::env::split_paths(&path))
        .map(|dir| dir.join("nats-server"))
        .find(|binary| binary.is_file())
}

/// Installs a Debian package, as `web/tests/run.sh` installs Chromium: only when running as root.
fn apt_install(package: &str, variable: &str) -> Result<(), String> {
    if !is_root() {
        return Err(format!(
            "{package} is not installed and the tests are not root: install it \
             (apt-get install {package}), or set {variable} to a running server"
        ));
    }
    let apt = |args: &[&str]| {
        Command::new("apt-get")
            // Waits for another apt run (the lock) instead of failing at once.
            .args(["-o", "DPkg::Lock::Timeout=300", "-qq"])
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .output()
            .map_err(|e| format!("apt-get: {e}"))
            .and_then(|output| {
                if output.status.success() {
                    Ok(())
                } else {
                    Err(format!(
                        "apt-get {}: {}",
                        args.join(" "),
                        String::from_utf8_lossy(&output.stderr)
                    ))
                }
            })
    };
    // The package lists may be missing (a fresh container) or stale: update once if it fails.
    apt(&["install", "-y", package])
        .or_else(|_| apt(&["update"]).and_then(|()| apt(&["install", "-y", package])))
}

/// Who the throwaway Postgres runs as: nobody else when the tests are not root; else the
/// `postgres` user (or `nobody`), since Postgres refuses to run as root.
fn unprivileged_user() -> Result<Option<(u32, u32)>, String> {
    if !is_root() {
        return Ok(None);
    }
    let passwd = std::fs::read_to_string("/etc/passwd").map_err(|e| format!("/etc/passwd: {e}"))?;
    let ids = |name: &str| {
        passwd.lines().find_map(|line| {
            let fields: Vec<&str> = line.split(':').collect();
            match fields.as_slice() {
                [user, _, uid, gid, ..] if *user == name => {
                    Some((uid.parse().ok()?, gid.parse().ok()?))
                }
                _ => None,
            }
        })
    };
    ids("postgres")
        .or_else(|| ids("nobody"))
        .map(Some)
        .ok_or_else(|| {
            "running as root, and no `postgres` or `nobody` user to run Postgres as".into()
        })
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    let euid = unsafe { libc::geteuid() };
    euid == 0
}

/// A new directory for one helper, owned by `user` if given (it deletes the directory itself).
fn own_dir(name: &str, user: Option<(u32, u32)>) -> Result<PathBuf, String> {
    let dir = tempfile::Builder::new()
        .prefix(&format!("plateau-test-{name}-"))
        .tempdir()
        .map_err(|e| format!("a temporary directory: {e}"))?
        .keep();
    if let Some((uid, gid)) = user {
        std::os::unix::fs::chown(&dir, Some(uid), Some(gid))
            .map_err(|e| format!("chown {}: {e}", dir.display()))?;
    }
    Ok(dir)
}

/// `Command::uid` and `gid` when a user is given.
trait AsUser {
    fn uid_gid(&mut self, user: Option<(u32, u32)>) -> &mut Self;
}

impl AsUser for Command {
    fn uid_gid(&mut self, user: Option<(u32, u32)>) -> &mut Self {
        use std::os::unix::process::CommandExt;
        match user {
            Some((uid, gid)) => self.uid(uid).gid(gid),
            None => self,
        }
    }
}
