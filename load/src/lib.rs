//! plateau-load: drives a running Plateau server through its public contract only (REST and
//! WebSocket frames of `docs/protocol.md`), as many clients from one process, and reports
//! what it measured. Scenarios:
//!
//! - [`idle`]: hold N authenticated connections; the server's memory per connection.
//! - [`play`]: M concurrent matches played with legal moves taken from each seat's view
//!   (`you.legal`), flat out or at a set rate; acked moves/s, move→ack and move→patch latency,
//!   errors by code.
//! - [`churn`]: connect, authenticate, join, leave, disconnect, in a loop.
//!
//! Every scenario stops by itself (after `--duration` seconds, or a count) and contacts only the
//! addresses it is given (`--addr`, and for `idle` the server's `--metrics-addr`).
//!
//! `--addr` may name several nodes of one Plateau (comma-separated, or the flag repeated): the
//! clients are spread over them ([`Nodes`]), so that rooms run on one node are played through
//! others, as behind a load balancer.
//!
//! The server's per-client limits are meant for strangers, not for a load test from one machine:
//! start the server with them raised (`--players-per-minute`, `--connections-per-player`,
//! `--connections-per-address`, `--frame-burst`, `--frames-per-sec`), as `bench/serve.sh` does. The binary (`src/main.rs`) only parses the command line and prints.

// A client of the public contract over safe sockets: nothing here needs unsafe.
#![forbid(unsafe_code)]

pub mod churn;
pub mod client;
pub mod idle;
pub mod memory;
pub mod patch;
pub mod play;
pub mod report;

use clap::{Parser, Subcommand};
use std::net::SocketAddr;
use std::time::Duration;

pub use report::{Recorder, Summary};

pub type Error = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, Clone, Parser)]
#[command(
    name = "plateau-load",
    version,
    about = "Load for a Plateau server, over its public contract: idle connections, concurrent matches, churn"
)]
pub struct Cli {
    /// The server to load (host:port); several nodes of one Plateau comma-separated, or the flag
    /// repeated. Nothing else is contacted.
    #[arg(
        long = "addr",
        value_delimiter = ',',
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub addrs: Vec<SocketAddr>,

    /// Print the summary as JSON on stdout (progress lines stay on stderr).
    #[arg(long, global = true)]
    pub json: bool,

    /// Seconds between progress lines on stderr; 0 for none.
    #[arg(long, default_value_t = 1.0, global = true)]
    pub progress: f64,

    #[command(subcommand)]
    pub scenario: Scenario,
}

#[derive(Debug, Clone, Subcommand)]
pub enum Scenario {
    /// Hold N authenticated, idle connections and report the server's memory per connection.
    Idle(idle::IdleArgs),
    /// Play M concurrent matches with legal moves; throughput, latency, errors.
    Play(play::PlayArgs),
    /// Connect, authenticate, join, leave and disconnect in a loop.
    Churn(churn::ChurnArgs),
}

/// Runs one scenario to its end and returns its summary.
pub async fn run(cli: &Cli) -> Result<Summary, Error> {
    raise_fd_limit();
    let recorder = Recorder::new();
    let progress = report::progress(
        recorder.clone(),
        Duration::from_secs_f64(cli.progress.max(0.0)),
    );
    let nodes = Nodes::new(cli.addrs.clone())?;
    let result = match &cli.scenario {
        Scenario::Idle(args) => idle::run(&nodes, args, &recorder).await,
        Scenario::Play(args) => play::run(&nodes, args, &recorder).await,
        Scenario::Churn(args) => churn::run(&nodes, args, &recorder).await,
    };
    if let Some(progress) = progress {
        progress.abort();
    }
    result
}

/// The nodes the tool's clients are spread over (one for a single server): the `n`th client of a
/// scenario goes to node `n` modulo their number.
#[derive(Debug, Clone)]
pub struct Nodes {
    addrs: Vec<SocketAddr>,
}

impl Nodes {
    /// At least one address, each once (a node named twice would get a double share).
    pub fn new(addrs: Vec<SocketAddr>) -> Result<Nodes, Error> {
        if addrs.is_empty() {
            return Err("--addr: at least one address".into());
        }
        for (i, addr) in addrs.iter().enumerate() {
            if addrs[..i].contains(addr) {
                return Err(format!("--addr: {addr} is given twice").into());
            }
        }
        Ok(Nodes { addrs })
    }

    pub fn len(&self) -> usize {
        self.addrs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.addrs.is_empty()
    }

    /// Node `n`, round-robin.
    pub fn at(&self, n: usize) -> SocketAddr {
        self.addrs[n % self.addrs.len()]
    }

    pub fn all(&self) -> &[SocketAddr] {
        &self.addrs
    }
}

/// The addresses as given, comma-separated: the summary's `addr`.
impl std::fmt::Display for Nodes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let addrs: Vec<String> = self.addrs.iter().map(|a| a.to_string()).collect();
        f.write_str(&addrs.join(","))
    }
}

/// Raises this process's open-file limit as far as it may go (the soft limit up to the hard one);
/// the limit in force.
pub fn raise_fd_limit() -> u64 {
    rlimit::increase_nofile_limit(u64::MAX).unwrap_or(0)
}

/// The time a scenario runs for: `--duration` seconds.
pub(crate) fn seconds(s: f64) -> Duration {
    Duration::from_secs_f64(s.max(0.0))
}
