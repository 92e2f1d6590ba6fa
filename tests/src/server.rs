//! The server under test, as a child process: started on a free port (`--addr 127.0.0.1:0`, the
//! bound address read from its log, and likewise the operations listener of `/metrics`), stopped
//! with SIGTERM or killed with SIGKILL, and restarted on the same ports and database.
//!
//! The tests create many players and connections from 127.0.0.1, so the per-client limits are
//! raised by default ([`RAISED_LIMITS`]); a test of a limit sets it again in its own environment,
//! which comes after and wins.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::db::TestDb;

/// The per-client limits, raised above anything a test does from one address (except the tests of
/// those limits, which set them again).
pub const RAISED_LIMITS: &[(&str, &str)] = &[
    ("PLATEAU_PLAYERS_PER_MINUTE", "1000000"),
    ("PLATEAU_CONNECTIONS_PER_PLAYER", "100000"),
    ("PLATEAU_CONNECTIONS_PER_ADDRESS", "1000000"),
    ("PLATEAU_BOT_MATCHES_PER_PLAYER", "1000000"),
    ("PLATEAU_EXPORTS_PER_MINUTE", "1000000"),
    ("PLATEAU_PASSWORD_CHANGES_PER_HOUR", "1000000"),
];

pub struct TestServer {
    child: Option<Child>,
    pub addr: SocketAddr,
    /// Where `/metrics` answers (`--metrics-addr`).
    pub metrics_addr: SocketAddr,
    database_url: String,
    log: PathBuf,
    /// Fail points to set while the server runs (see [`TestServer::set_failpoints`]).
    failpoints: PathBuf,
    extra_env: Vec<(String, String)>,
    /// The descriptor limit to start the process with, if lowered.
    nofile: Option<u64>,
}

impl TestServer {
    /// Starts a server on a free port, with bots that play at once.
    pub async fn start(db: &TestDb) -> TestServer {
        Self::start_with(db, &[("PLATEAU_BOT_DELAY_MS", "0")]).await
    }

    /// Starts a server with extra environment (limits, delays).
    pub async fn start_with(db: &TestDb, env: &[(&str, &str)]) -> TestServer {
        Self::start_limited(db, env, None).await
    }

    /// Starts a server with extra environment and, if given, a lowered descriptor limit (soft and
    /// hard, as `prlimit --nofile=N` would).
    pub async fn start_limited(
        db: &TestDb,
        env: &[(&str, &str)],
        nofile: Option<u64>,
    ) -> TestServer {
        Self::start_on(db, &db.url, env, nofile).await
    }

    /// Starts a server on `db` reached at `database_url` (through a [`crate::plug::Plug`]), with
    /// extra environment.
    pub async fn start_through(
        db: &TestDb,
        database_url: &str,
        env: &[(&str, &str)],
    ) -> TestServer {
        Self::start_on(db, database_url, env, None).await
    }

    async fn start_on(
        db: &TestDb,
        database_url: &str,
        env: &[(&str, &str)],
        nofile: Option<u64>,
    ) -> TestServer {
        let mut server = TestServer {
            child: None,
            addr: "127.0.0.1:0".parse().expect("address"),
            metrics_addr: "127.0.0.1:0".parse().expect("address"),
            nofile,
            database_url: database_url.to_string(),
            log: db
                .dir
                .path()
                .join(format!("server-{}.log", uuid::Uuid::new_v4().simple())),
            failpoints: db
                .dir
                .path()
                .join(format!("failpoints-{}.txt", uuid::Uuid::new_v4().simple())),
            extra_env: RAISED_LIMITS
                .iter()
                .chain(env)
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        server.launch().await;
        server
    }

    /// Sets fail points in the running server (lines `name=actions`, as the `fail` crate reads
    /// them: `engine-view=1*panic(a test)`), and waits until it has applied them. Only the test
    /// binary of the server follows them (`plateau_under_test`).
    pub async fn set_failpoints(&self, spec: &str) {
        std::fs::write(&self.failpoints, spec).expect("write the fail points");
        let applied = self.failpoints.with_extension("applied");
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::fs::read_to_string(&applied).ok().as_deref() != Some(spec) {
            assert!(Instant::now() < deadline, "the server did not apply {spec}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Sets an environment variable for the next start of the process ([`TestServer::restart`]).
    pub fn set_env(&mut self, key: &str, value: &str) {
        self.extra_env.retain(|(k, _)| k != key);
        self.extra_env.push((key.to_string(), value.to_string()));
    }

    /// Starts the process again on the same address and database.
    pub async fn restart(&mut self) {
        assert!(self.child.is_none(), "stop the server before restarting it");
        self.launch().await;
    }

    pub fn http(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn ws_url(&self) -> String {
        format!("ws://{}/api/v1/ws", self.addr)
    }

    /// The base URL of the operations listener (`/metrics`).
    pub fn metrics_http(&self) -> String {
        format!("http://{}", self.metrics_addr)
    }

    async fn launch(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .expect("server log");
        let start_of_log = std::fs::metadata(&self.log).map(|m| m.len()).unwrap_or(0);
        let mut command = Command::new(binary());
        command
            .args([
                "serve",
                "--addr",
                &self.addr.to_string(),
                "--database-url",
                &self.database_url,
                "--metrics-addr",
                &self.metrics_addr.to_string(),
            ])
            .args(["--log-format", "json"])
            .env_remove("DATABASE_URL")
            .env_remove("PLATEAU_ADDR")
            .env_remove("PLATEAU_METRICS_ADDR")
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(log);
        // Fail points set in a run before are not carried into this one.
        let _ = std::fs::remove_file(&self.failpoints);
        let _ = std::fs::remove_file(self.failpoints.with_extension("applied"));
        command.env("FAILPOINTS_FILE", &self.failpoints);
        for (k, v) in &self.extra_env {
            command.env(k, v);
        }
        if let Some(nofile) = self.nofile {
            lower_descriptor_limit(&mut command, nofile);
        }
        self.child = Some(command.spawn().expect("start the server"));
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(addr) = self.listening_since(start_of_log, "listening") {
                self.addr = addr;
                self.metrics_addr = self
                    .listening_since(start_of_log, "metrics listening")
                    .expect("the metrics listener is logged before the public one");
                break;
            }
            if let Some(status) = self
                .child
                .as_mut()
                .and_then(|c| c.try_wait().ok().flatten())
            {
                panic!(
                    "server exited with {status} before listening:\n{}",
                    self.log_tail()
                );
            }
            assert!(
                Instant::now() < deadline,
                "server did not start:\n{}",
                self.log_tail()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The address of the log line `message` (`listening`, `metrics listening`) written after
    /// `offset`.
    fn listening_since(&self, offset: u64, message: &str) -> Option<SocketAddr> {
        let log = std::fs::read(&self.log).ok()?;
        let text = String::from_utf8_lossy(log.get(offset as usize..)?);
        text.lines().find_map(|line| {
            let entry: serde_json::Value = serde_json::from_str(line).ok()?;
            let fields = entry.get("fields")?;
            (fields.get("message")? == message).then_some(())?;
            fields.get("addr")?.as_str()?.parse().ok()
        })
    }

    /// The end of the server's log, to explain a failure.
    pub fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }

    /// The value of the metric `series` (its name and labels as `/metrics` writes them, such as
    /// `plateau_moderation{what="bans_active"}`), None when the series is not there.
    pub async fn metric(&self, series: &str) -> Option<f64> {
        let text = reqwest::get(format!("{}/metrics", self.metrics_http()))
            .await
            .expect("/metrics answers")
            .text()
            .await
            .expect("/metrics text");
        text.lines().find_map(|line| {
            let (name, value) = line.rsplit_once(' ')?;
            (name == series).then(|| value.parse().expect("a metric's value"))
        })
    }

    /// The log's entries (JSON lines), in order.
    pub fn log_entries(&self) -> Vec<serde_json::Value> {
        self.log_text()
            .lines()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect()
    }

    /// The whole log.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// How many lines of the log contain `needle`.
    pub fn log_lines_containing(&self, needle: &str) -> usize {
        self.log_text()
            .lines()
            .filter(|line| line.contains(needle))
            .count()
    }

    /// Whether the log holds a line containing `needle`.
    pub fn log_contains(&self, needle: &str) -> bool {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .contains(needle)
    }

    /// SIGKILL: the process dies at once, as in a crash or power cut of the process.
    /// The server process's id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// SIGSTOP: the process freezes (as a node stalled by a long pause or cut off), until
    /// [`TestServer::resume`].
    pub fn pause(&self) {
        self.signal("-STOP");
    }

    /// SIGCONT: a paused process runs again.
    pub fn resume(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let pid = self.pid().expect("the server is running");
        let sent = Command::new("kill")
            .args([signal, &pid.to_string()])
            .status()
            .expect("run kill");
        assert!(sent.success(), "could not signal the server");
    }

    pub fn kill9(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().expect("SIGKILL the server");
            child.wait().expect("reap the server");
        }
    }

    /// SIGTERM, then waits for the process to exit (at most 30 s); its exit status.
    pub async fn terminate(&mut self) -> ExitStatus {
        let mut child = self.child.take().expect("the server is running");
        let sent = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(sent.success(), "could not signal the server");
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = child.try_wait().expect("wait for the server") {
                return status;
            }
            if Instant::now() > deadline {
                child.kill().ok();
                panic!(
                    "server did not stop within 30 s of SIGTERM:\n{}",
                    self.log_tail()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Starts the child with `nofile` descriptors at most (soft and hard limit).
fn lower_descriptor_limit(command: &mut Command, nofile: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec only setrlimit(2), which is async-signal-safe, is called.
    unsafe {
        command.pre_exec(move || rlimit::setrlimit(rlimit::Resource::NOFILE, nofile, nofile));
    }
}

/// The server binary built beside the tests: `target/<profile>/plateau-under-test` (test executables
/// run from `target/<profile>/deps/`).
pub fn binary() -> PathBuf {
    if let Ok(path) = std::env::var("CARGO_BIN_EXE_plateau-under-test") {
        return path.into();
    }
    let exe = std::env::current_exe().expect("test executable path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>");
    profile_dir.join(format!(
        "plateau-under-test{}",
        std::env::consts::EXE_SUFFIX
    ))
}

/// `plateau admin CHANGE WHO` (`grant` or `revoke`, a name or an id) on `db`: its stdout, or its
/// stderr if it failed.
pub fn admin_cli(db: &TestDb, change: &str, who: &str) -> Result<String, String> {
    let out = Command::new(binary())
        .args(["admin", change, who, "--database-url", &db.url])
        .env_remove("DATABASE_URL")
        .output()
        .expect("run plateau admin");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    if out.status.success() {
        Ok(text(&out.stdout))
    } else {
        Err(text(&out.stderr))
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.kill9();
    }
}
