//! plateau-load: drives a running Plateau server through its public contract only (REST and
//! WebSocket frames of `shared/spec/protocol.md`), as many clients from one process, and reports
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
//! The server's per-client limits are meant for strangers, not for a load test from one machine:
//! start the server with them raised (`--players-per-minute`, `--connections-per-player`,
//! `--connections-per-address`, `--frame-burst`, `--frames-per-sec`), as `bench/serve.sh` does. The binary (`src/main.rs`) only parses the command line and prints.

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
    /// The server to load (host:port). Nothing else is contacted.
    #[arg(long, default_value = "127.0.0.1:8080", global = true)]
    pub addr: SocketAddr,

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
    let result = match &cli.scenario {
        Scenario::Idle(args) => idle::run(cli.addr, args, &recorder).await,
        Scenario::Play(args) => play::run(cli.addr, args, &recorder).await,
        Scenario::Churn(args) => churn::run(cli.addr, args, &recorder).await,
    };
    if let Some(progress) = progress {
        progress.abort();
    }
    result
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
