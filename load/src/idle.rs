//! `idle`: opens N WebSocket connections, authenticates each, holds them without a word, and reads
//! the server's resident memory before and after: the memory an idle connection costs the server.
//! With several nodes the connections spread round-robin; the memory read is that of the node at
//! `--metrics-addr` (or `--server-pid`), divided by the connections that node holds.
//!
//! With `--game`, the connections are the seats of started matches instead (`--match-players` a
//! match, each seat its own player): each room created, every seat joined, the match started and
//! every start snapshot received, then nobody moves. The memory then counts the rooms and their
//! views as well as the connections.

use futures_util::stream::{self, StreamExt};
use serde_json::{json, Map, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use crate::client::{self, Rest};
use crate::memory;
use crate::play::HeldMatch;
use crate::report::{Recorder, Summary};
use crate::{Error, Nodes};

#[derive(Debug, Clone, clap::Args)]
pub struct IdleArgs {
    /// Connections to open and hold.
    #[arg(long, default_value_t = 1000)]
    pub connections: usize,
    /// Distinct players the connections authenticate as (each created over REST first).
    #[arg(long, default_value_t = 100)]
    pub players: usize,
    /// Connections being opened at once.
    #[arg(long, default_value_t = 200)]
    pub concurrency: usize,
    /// Seconds to hold the connections once all are open; the memory is read at the end.
    #[arg(long, default_value_t = 5.0)]
    pub hold: f64,
    /// Stop opening connections after this many seconds.
    #[arg(long, default_value_t = 120.0)]
    pub duration: f64,
    /// Read the server's memory from /proc/<pid> (default: /metrics, else the port's owner).
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// The server's operations listener, where `/metrics` answers (its `--metrics-addr`).
    #[arg(long, env = "PLATEAU_METRICS_ADDR", default_value = "127.0.0.1:9464")]
    pub metrics_addr: SocketAddr,
    /// Loopback source addresses to spread the connections over (0: one per 25,000).
    #[arg(long, default_value_t = 0)]
    pub source_ips: usize,
    /// Seat the connections in started matches of this game (a protocol game id), held idle;
    /// `--connections` is rounded down to whole matches and `--players` is ignored.
    #[arg(long)]
    pub game: Option<String>,
    /// Seats of each match with `--game`.
    #[arg(long, default_value_t = 2)]
    pub match_players: usize,
    /// The rooms' options with `--game`, as a JSON object (default: the game's defaults).
    #[arg(long)]
    pub options: Option<String>,
}

pub async fn run(
    nodes: &Nodes,
    args: &IdleArgs,
    recorder: &Arc<Recorder>,
) -> Result<Summary, Error> {
    // The node whose memory is read: the first one, unless `--server-pid` says otherwise.
    let addr = nodes.at(0);
    let rest = Rest::new(addr).with_metrics(args.metrics_addr);
    let source = memory::source(&rest, addr, args.server_pid).await;
    let in_matches = match &args.game {
        Some(game) => {
            let options: Value = match &args.options {
                Some(text) => serde_json::from_str(text).map_err(|e| format!("--options: {e}"))?,
                None => Value::Null,
            };
            Some((game.clone(), args.match_players.max(1), options))
        }
        None => None,
    };
    let players = match &in_matches {
        Some((_, seats, _)) => args.connections / seats * seats,
        None => args.players.max(1),
    };
    let players = create_players(&rest, players, recorder).await?;
    let before = match source {
        Some(s) => memory::resident_bytes(&rest, s).await,
        None => None,
    };
    let client_before = memory::proc_rss(std::process::id());
    recorder.start_measuring();
    let deadline = Instant::now() + crate::seconds(args.duration);
    let held = match &in_matches {
        Some((game, seats, options)) => Held::Matches(
            hold_matches(
                nodes, args, game, *seats, options, players, deadline, recorder,
            )
            .await,
        ),
        None => {
            Held::Connections(open_connections(nodes, args, &players, deadline, recorder).await)
        }
    };
    tokio::time::sleep(crate::seconds(args.hold)).await;
    recorder.stop_measuring();
    let after = match source {
        Some(s) => memory::resident_bytes(&rest, s).await,
        None => None,
    };
    let client_after = memory::proc_rss(std::process::id());
    let gauge = rest
        .metrics()
        .await
        .ok()
        .and_then(|t| memory::gauge(&t, "plateau_connections"));
    let held = held.close().await;
    // The connections the measured node held (round-robin: connection n went to node n mod len),
    // assuming failures spread evenly.
    let held_there = if nodes.len() == 1 {
        held
    } else {
        held.div_ceil(nodes.len())
    };

    let mut extra = Map::new();
    extra.insert("connections_requested".into(), json!(args.connections));
    extra.insert("connections_held".into(), json!(held));
    if let Some((game, seats, options)) = &in_matches {
        extra.insert("game".into(), json!(game));
        extra.insert("players_per_match".into(), json!(seats));
        extra.insert("options".into(), options.clone());
        extra.insert("matches_held".into(), json!(held / seats));
    }
    extra.insert("server_connections_gauge".into(), json!(gauge));
    extra.insert(
        "memory_source".into(),
        json!(match source {
            Some(memory::Source::Pid(pid)) => format!("/proc/{pid}"),
            Some(memory::Source::Metrics) => "/metrics".to_string(),
            None => "none".to_string(),
        }),
    );
    extra.insert("server_rss_before_bytes".into(), json!(before));
    extra.insert("server_rss_after_bytes".into(), json!(after));
    let per = |b: Option<u64>, a: Option<u64>, held: usize| -> Value {
        match (b, a) {
            (Some(b), Some(a)) if held > 0 => json!((a as f64 - b as f64) / held as f64),
            _ => Value::Null,
        }
    };
    let server_per = per(before, after, held_there);
    extra.insert(
        "server_kib_per_connection".into(),
        json!(server_per
            .as_f64()
            .map(|b| (b / 1024.0 * 100.0).round() / 100.0)),
    );
    extra.insert("server_bytes_per_connection".into(), server_per);
    extra.insert(
        "client_bytes_per_connection".into(),
        per(client_before, client_after, held),
    );
    Ok(recorder.summary("idle", &nodes.to_string(), extra))
}

/// What the scenario holds: bare connections, or the seats of started matches.
enum Held {
    Connections(Vec<client::Ws>),
    Matches(Vec<HeldMatch>),
}

impl Held {
    /// Closes everything; the connections that were held.
    async fn close(self) -> usize {
        match self {
            Held::Connections(opened) => opened.len(),
            Held::Matches(matches) => {
                let seats = matches.iter().map(HeldMatch::seats).sum();
                stream::iter(matches)
                    .for_each_concurrent(64, HeldMatch::close)
                    .await;
                seats
            }
        }
    }
}

/// Opens and authenticates `--connections` connections, as `players` round-robin.
async fn open_connections(
    nodes: &Nodes,
    args: &IdleArgs,
    players: &[client::Player],
    deadline: Instant,
    recorder: &Arc<Recorder>,
) -> Vec<client::Ws> {
    let spread = if args.source_ips == 0 {
        args.connections.div_ceil(25_000)
    } else {
        args.source_ips
    };
    stream::iter(0..args.connections)
        .map(|n| {
            let token = players[n % players.len()].token.clone();
            let recorder = recorder.clone();
            let addr = nodes.at(n);
            async move {
                if Instant::now() > deadline {
                    recorder.count("not_attempted", 1);
                    return None;
                }
                let started = Instant::now();
                match client::login(addr, client::source_for(addr, n, spread), &token).await {
                    Ok(ws) => {
                        recorder.latency("connect_auth", started.elapsed());
                        recorder.count("connected", 1);
                        Some(ws)
                    }
                    Err(e) => {
                        recorder.error(&client::error_code(&e, "connect"));
                        None
                    }
                }
            }
        })
        .buffer_unordered(args.concurrency.max(1))
        .filter_map(|ws| async move { ws })
        .collect()
        .await
}

/// Sets up a started match for every `seats` players (`--concurrency` connections at once).
#[allow(
    clippy::too_many_arguments,
    reason = "one call site; a struct of these would only be unpacked again"
)]
async fn hold_matches(
    nodes: &Nodes,
    args: &IdleArgs,
    game: &str,
    seats: usize,
    options: &Value,
    players: Vec<client::Player>,
    deadline: Instant,
    recorder: &Arc<Recorder>,
) -> Vec<HeldMatch> {
    let groups: Vec<Vec<client::Player>> = players.chunks(seats).map(<[_]>::to_vec).collect();
    stream::iter(groups.into_iter().enumerate())
        .map(|(index, group)| {
            let recorder = recorder.clone();
            async move {
                if Instant::now() > deadline {
                    recorder.count("not_attempted", group.len() as u64);
                    return None;
                }
                let started = Instant::now();
                match HeldMatch::start(nodes, index, game, options, group, &recorder).await {
                    Ok(held) => {
                        recorder.latency("match_setup", started.elapsed());
                        recorder.count("connected", held.seats() as u64);
                        Some(held)
                    }
                    Err(e) => {
                        recorder.error(&client::error_code(&e, "setup"));
                        recorder.count("setup_failed", 1);
                        None
                    }
                }
            }
        })
        .buffer_unordered((args.concurrency / seats).max(1))
        .filter_map(|held| async move { held })
        .collect()
        .await
}

/// Creates `n` players over REST, 32 at a time.
pub(crate) async fn create_players(
    rest: &Rest,
    n: usize,
    recorder: &Recorder,
) -> Result<Vec<client::Player>, Error> {
    let created: Vec<Result<client::Player, Error>> = stream::iter(0..n)
        .map(|i| {
            let rest = rest.clone();
            async move { rest.new_player(&format!("load-{i}")).await }
        })
        .buffer_unordered(32)
        .collect()
        .await;
    let mut players = Vec::with_capacity(n);
    for p in created {
        match p {
            Ok(p) => players.push(p),
            Err(e) => {
                recorder.error(&client::error_code(&e, "rest"));
                return Err(format!("could not create the players: {e}").into());
            }
        }
    }
    Ok(players)
}
