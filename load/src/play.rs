//! `play`: M concurrent matches, every seat played by the tool over its own connection. Each match
//! has a driver task that owns its seats' sockets (a reader task per socket forwards frames to it);
//! it rebuilds each seat's view from the snapshot and the patches (RFC 6902), and when a seat's view
//! lists `you.legal`, plays one of them at random, flat out or at the set rate. A match that ends is
//! followed by a new one with the same players.
//!
//! With several nodes, match `i`'s room is created through node `i` (so that node runs it) and its
//! seats connect round-robin through the other nodes (`--seats-on other-nodes`, the default): moves
//! are forwarded to the room's node, as most are behind a load balancer. `--seats-on room-node`
//! connects every seat to the node that runs its room instead: the two measure what forwarding
//! costs.
//!
//! Measured: acked moves/s; move→ack (the mover's send to its ack) and move→patch (the mover's send
//! to the patch of that version at each other seat); errors by code.
//!
//! `--bot-matches N` adds N matches against the server's bots (of `--bot-level`), played all along
//! beside the measured ones: one seat each played by the tool at once when it is its turn, the
//! others the server's bots, so that the bot threads stay busy. They are counted apart (the
//! summary's `bot_matches_*`), not in the figures: a run with and one without them shows whether
//! bots thinking slow the moves of people.

use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Map, Value};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, watch, Semaphore};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

use crate::client::{self, Player, Rest, Ws, ANSWER_TIMEOUT};
use crate::report::{Recorder, Summary};
use crate::{Error, Nodes};

#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    /// Concurrent matches.
    #[arg(long, default_value_t = 10)]
    pub matches: usize,
    /// The game (a protocol game id).
    #[arg(long, default_value = "abalone")]
    pub game: String,
    /// Players per match; the tool plays every seat.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// The rooms' options as a JSON object (default: the game's defaults).
    #[arg(long)]
    pub options: Option<String>,
    /// Moves per second to aim at, over all matches; 0 plays flat out.
    #[arg(long, default_value_t = 0.0)]
    pub rate: f64,
    /// Seconds to play (set-up not included).
    #[arg(long, default_value_t = 30.0)]
    pub duration: f64,
    /// Stop after this many acked moves in all.
    #[arg(long)]
    pub moves: Option<u64>,
    /// Matches being set up at once.
    #[arg(long, default_value_t = 32)]
    pub setup_concurrency: usize,
    /// With several nodes: the node each seat connects through.
    #[arg(long, value_enum, default_value_t = SeatsOn::OtherNodes)]
    pub seats_on: SeatsOn,
    /// Matches against the server's bots played beside the measured ones, not counted in the
    /// figures: one seat each played by the tool, the others bots. (The server's CPU per move
    /// then includes the bots' thinking.)
    #[arg(long, default_value_t = 0)]
    pub bot_matches: usize,
    /// The level of the bots of `--bot-matches` (a protocol `bot_level`).
    #[arg(long, default_value = "strong")]
    pub bot_level: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SeatsOn {
    /// Round-robin over the nodes other than the room's: every move is forwarded.
    OtherNodes,
    /// The node that runs the room: nothing is forwarded.
    RoomNode,
}

/// The node match `index`'s seat `seat` connects through, when the room is created through node
/// `index` (modulo their number) and each match has `players` seats.
fn seat_node(
    nodes: &Nodes,
    seats_on: SeatsOn,
    index: usize,
    players: usize,
    seat: usize,
) -> SocketAddr {
    let others = nodes.len() - 1;
    if seats_on == SeatsOn::RoomNode || others == 0 {
        return nodes.at(index);
    }
    // Numbered over all seats, so that the other nodes get equal shares whatever `players` is.
    let n = index * players + seat;
    nodes.at(index + 1 + n % others)
}

/// What a reader task forwards to its match's driver.
enum Incoming {
    Frame(usize, Value, Instant),
    Closed(usize),
}

pub async fn run(
    nodes: &Nodes,
    args: &PlayArgs,
    recorder: &Arc<Recorder>,
) -> Result<Summary, Error> {
    let options: Value = match &args.options {
        Some(text) => serde_json::from_str(text).map_err(|e| format!("--options: {e}"))?,
        None => Value::Null,
    };
    let setup_started = Instant::now();
    let players = crate::idle::create_players(
        &Rest::new(nodes.at(0)),
        args.matches * args.players,
        recorder,
    )
    .await?;
    let (go_tx, go) = watch::channel(None::<Instant>);
    let (stop_tx, stop) = watch::channel(false);
    let (ready_tx, mut ready) = mpsc::unbounded_channel::<bool>();
    let setup_slots = Arc::new(Semaphore::new(args.setup_concurrency.max(1)));
    // Each match's share of the target rate.
    let interval = if args.rate > 0.0 {
        Duration::from_secs_f64(args.matches as f64 / args.rate)
    } else {
        Duration::ZERO
    };
    let launch = |config: DriverConfig, ready: mpsc::UnboundedSender<bool>| {
        let (go, stop, slots) = (go.clone(), stop.clone(), setup_slots.clone());
        tokio::spawn(drive(config, slots, ready, go, stop))
    };
    let mut drivers = Vec::with_capacity(args.matches + args.bot_matches);
    for (index, seats) in players.chunks(args.players).enumerate() {
        let config = DriverConfig {
            index,
            seat_addrs: (0..args.players)
                .map(|seat| seat_node(nodes, args.seats_on, index, args.players, seat))
                .collect(),
            rest: Rest::new(nodes.at(index)),
            game: args.game.clone(),
            options: options.clone(),
            seats: args.players,
            players: seats.to_vec(),
            bot_level: None,
            interval,
            recorder: recorder.clone(),
        };
        drivers.push(launch(config, ready_tx.clone()));
    }
    drop(ready_tx);
    // The matches against bots: their own recorder, so that nothing of them is in the figures.
    let bots_recorder = Recorder::new();
    let (bots_ready_tx, mut bots_ready) = mpsc::unbounded_channel::<bool>();
    if args.bot_matches > 0 {
        let hosts =
            crate::idle::create_players(&Rest::new(nodes.at(0)), args.bot_matches, &bots_recorder)
                .await?;
        for (n, host) in hosts.into_iter().enumerate() {
            let index = args.matches + n;
            let config = DriverConfig {
                index,
                seat_addrs: vec![nodes.at(index)],
                rest: Rest::new(nodes.at(index)),
                game: args.game.clone(),
                options: options.clone(),
                seats: args.players,
                players: vec![host],
                bot_level: Some(args.bot_level.clone()),
                interval: Duration::ZERO,
                recorder: bots_recorder.clone(),
            };
            drivers.push(launch(config, bots_ready_tx.clone()));
        }
    }
    drop(bots_ready_tx);
    // Each driver says once whether it set up; the channels close when all have.
    let mut matches_ready = 0;
    while let Some(ok) = ready.recv().await {
        matches_ready += usize::from(ok);
    }
    let mut bot_matches_ready = 0;
    while let Some(ok) = bots_ready.recv().await {
        bot_matches_ready += usize::from(ok);
    }
    let setup_secs = setup_started.elapsed().as_secs_f64();
    if matches_ready == 0 {
        let errors = recorder.summary("play", "", Map::new()).errors;
        return Err(format!("no match could be set up; errors: {errors:?}").into());
    }
    // CPU time of the servers (the processes listening on the ports, on this machine; all nodes
    // together, or none if one is out of reach) and of the tool.
    let server_pids: Option<Vec<u32>> = nodes
        .all()
        .iter()
        .map(|addr| {
            addr.ip()
                .is_loopback()
                .then(|| crate::memory::port_owner(addr.port()))
                .flatten()
        })
        .collect();
    // And the database server's, when it runs here (Postgres: what a durable move costs beyond
    // the server's own process; SQLite is inside the server).
    let cpu = move || {
        (
            server_pids.as_ref().and_then(|pids| {
                pids.iter()
                    .map(|&pid| crate::memory::cpu_seconds(pid))
                    .sum::<Option<f64>>()
            }),
            crate::memory::cpu_seconds(std::process::id()),
            crate::memory::cpu_seconds_of_all("postgres"),
        )
    };
    let cpu_before = cpu();
    recorder.start_measuring();
    let start = Instant::now();
    let _ = go_tx.send(Some(start));
    let deadline = start + crate::seconds(args.duration);
    while Instant::now() < deadline
        && args
            .moves
            .is_none_or(|n| recorder.counter("moves_acked") < n)
    {
        tokio::time::sleep(Duration::from_millis(20).min(deadline - Instant::now())).await;
    }
    recorder.stop_measuring();
    let cpu_after = cpu();
    let _ = stop_tx.send(true);
    for driver in drivers {
        let _ = driver.await;
    }
    let mut extra = Map::new();
    extra.insert("game".into(), json!(args.game));
    extra.insert("players_per_match".into(), json!(args.players));
    extra.insert("options".into(), options);
    extra.insert("matches".into(), json!(args.matches));
    extra.insert("nodes".into(), json!(nodes.len()));
    extra.insert(
        "seats_on".into(),
        json!(match args.seats_on {
            SeatsOn::OtherNodes => "other-nodes",
            SeatsOn::RoomNode => "room-node",
        }),
    );
    extra.insert("matches_ready".into(), json!(matches_ready));
    if args.bot_matches > 0 {
        extra.insert("bot_level".into(), json!(args.bot_level));
        extra.insert("bot_matches_ready".into(), json!(bot_matches_ready));
        extra.insert(
            "bot_matches_started".into(),
            json!(bots_recorder.counter("matches_started")),
        );
        // Each of these is a person's move answered by a bot's (2 players), or by several.
        extra.insert(
            "bot_matches_moves_acked".into(),
            json!(bots_recorder.counter("moves_acked")),
        );
        extra.insert(
            "bot_matches_errors".into(),
            json!(bots_recorder.errors_total()),
        );
    }
    extra.insert(
        "target_rate".into(),
        if args.rate > 0.0 {
            json!(args.rate)
        } else {
            json!("flat out")
        },
    );
    extra.insert(
        "setup_secs".into(),
        json!((setup_secs * 100.0).round() / 100.0),
    );
    let acked = recorder.counter("moves_acked").max(1) as f64;
    let per_move = |before: Option<f64>, after: Option<f64>| match (before, after) {
        (Some(b), Some(a)) => json!(((a - b) / acked * 1e6).round()),
        _ => Value::Null,
    };
    extra.insert(
        "server_cpu_us_per_move".into(),
        per_move(cpu_before.0, cpu_after.0),
    );
    extra.insert(
        "tool_cpu_us_per_move".into(),
        per_move(cpu_before.1, cpu_after.1),
    );
    extra.insert(
        "postgres_cpu_us_per_move".into(),
        per_move(cpu_before.2, cpu_after.2),
    );
    Ok(recorder.summary("play", &nodes.to_string(), extra))
}

/// One match's driver from set-up to the end of the run: it sets up (at most `setup_slots` at once),
/// tells `ready` whether it could, waits for the go, and plays until `stop`.
async fn drive(
    config: DriverConfig,
    setup_slots: Arc<Semaphore>,
    ready: mpsc::UnboundedSender<bool>,
    mut go: watch::Receiver<Option<Instant>>,
    stop: watch::Receiver<bool>,
) {
    let slot = setup_slots.acquire_owned().await;
    let driver = Driver::start(config).await;
    drop(slot);
    let _ = ready.send(driver.is_ok());
    drop(ready);
    let mut driver = match driver {
        Ok(driver) => driver,
        Err((e, recorder)) => {
            recorder.error(&client::error_code(&e, "setup"));
            recorder.count("setup_failed", 1);
            return;
        }
    };
    let start = loop {
        if let Some(start) = *go.borrow_and_update() {
            break start;
        }
        if go.changed().await.is_err() {
            return;
        }
    };
    driver.play(start, stop).await;
}

/// A started match whose seats do nothing (for `idle --game`): its room created, every seat
/// joined over its own connection, the match started and every seat's snapshot received. Only the
/// seats' connections are kept: the REST client that created the room goes, and with it its
/// keep-alive connection, which the server would otherwise count in.
pub(crate) struct HeldMatch {
    seats: Vec<SeatConn>,
    _incoming: mpsc::Receiver<Incoming>,
}

impl HeldMatch {
    /// Sets up match `index` of `game` for `players` (one seat each), its room created through
    /// node `index` and every seat connected to that node.
    pub(crate) async fn start(
        nodes: &Nodes,
        index: usize,
        game: &str,
        options: &Value,
        players: Vec<Player>,
        recorder: &Arc<Recorder>,
    ) -> Result<HeldMatch, Error> {
        let config = DriverConfig {
            index,
            seat_addrs: vec![nodes.at(index); players.len()],
            rest: Rest::new(nodes.at(index)),
            game: game.to_string(),
            options: options.clone(),
            seats: players.len(),
            players,
            bot_level: None,
            interval: Duration::ZERO,
            recorder: recorder.clone(),
        };
        let driver = Driver::start(config).await.map_err(|(e, _)| e)?;
        Ok(HeldMatch {
            seats: driver.seats,
            _incoming: driver.incoming,
        })
    }

    /// Its seats.
    pub(crate) fn seats(&self) -> usize {
        self.seats.len()
    }

    /// Closes its connections.
    pub(crate) async fn close(mut self) {
        close_seats(&mut self.seats).await;
    }
}

struct DriverConfig {
    index: usize,
    /// The node each seat connects through.
    seat_addrs: Vec<SocketAddr>,
    /// REST on the node the match's rooms are created through (and so run on).
    rest: Rest,
    game: String,
    options: Value,
    /// The room's seats.
    seats: usize,
    /// The players the tool seats, one connection each: every seat, or with `bot_level` the first
    /// seats and bots in the others.
    players: Vec<Player>,
    bot_level: Option<String>,
    interval: Duration,
    recorder: Arc<Recorder>,
}

/// One seat's connection as its driver holds it.
struct SeatConn {
    sink: SplitSink<Ws, Message>,
    reader: JoinHandle<()>,
    /// The view rebuilt from snapshot and patches: (version, view).
    view: Option<(u64, Value)>,
    /// The move sent and not yet answered: its id and when it went.
    pending: Option<(String, Instant)>,
    /// The version the last move was sent on (one move per version and seat).
    last_version: u64,
}

struct Driver {
    config: DriverConfig,
    seats: Vec<SeatConn>,
    incoming: mpsc::Receiver<Incoming>,
    room: String,
    /// The latest RoomInfo of the current room.
    room_info: Value,
    /// Recent moves: (version sent on, seat, when), to time the other seats' patches.
    sent: VecDeque<(u64, usize, Instant)>,
    ended: bool,
    stopping: bool,
    moves_sent: u64,
    rng: StdRng,
    next_move_at: Instant,
}

impl Driver {
    /// Connects every seat and sets up the first match. On failure, the recorder to count it.
    async fn start(config: DriverConfig) -> Result<Driver, (Error, Arc<Recorder>)> {
        let recorder = config.recorder.clone();
        let (tx, incoming) = mpsc::channel(1024);
        let mut seats = Vec::with_capacity(config.players.len());
        for (i, player) in config.players.iter().enumerate() {
            let ws = client::login(config.seat_addrs[i], None, &player.token)
                .await
                .map_err(|e| (e, recorder.clone()))?;
            let (sink, stream) = ws.split();
            let tx = tx.clone();
            let reader = tokio::spawn(read_loop(i, stream, tx));
            seats.push(SeatConn {
                sink,
                reader,
                view: None,
                pending: None,
                last_version: 0,
            });
        }
        let mut driver = Driver {
            rng: StdRng::seed_from_u64(config.index as u64),
            config,
            seats,
            incoming,
            room: String::new(),
            room_info: Value::Null,
            sent: VecDeque::new(),
            ended: false,
            stopping: false,
            moves_sent: 0,
            next_move_at: Instant::now(),
        };
        match driver.new_match().await {
            Ok(()) => Ok(driver),
            Err(e) => {
                driver.close().await;
                Err((e, recorder))
            }
        }
    }

    /// A new room with the same players: the host creates it, everyone joins, the host starts it.
    async fn new_match(&mut self) -> Result<(), Error> {
        let old = std::mem::take(&mut self.room);
        if !old.is_empty() {
            for i in 0..self.seats.len() {
                self.send(i, json!({"type": "leave", "room": old})).await?;
            }
        }
        let c = &self.config;
        self.room = c
            .rest
            .new_room(&c.players[0], &c.game, c.seats, &c.options)
            .await?;
        self.room_info = Value::Null;
        self.ended = false;
        self.sent.clear();
        for seat in &mut self.seats {
            seat.view = None;
            seat.pending = None;
            seat.last_version = 0;
        }
        let room = self.room.clone();
        for i in 0..self.seats.len() {
            self.send(i, json!({"type": "join", "room": room, "as": "player"}))
                .await?;
        }
        let joined = self.seats.len();
        self.wait_until(|d| {
            d.room_info["seats"].as_array().is_some_and(|seats| {
                seats.iter().filter(|s| s["connected"] == true).count() >= joined
            })
        })
        .await?;
        let start = match &self.config.bot_level {
            Some(level) => json!({"type": "start", "room": room, "bots": true, "bot_level": level}),
            None => json!({"type": "start", "room": room}),
        };
        self.send(0, start).await?;
        self.wait_until(|d| d.seats.iter().all(|s| s.view.is_some()))
            .await?;
        self.config.recorder.count("matches_started", 1);
        Ok(())
    }

    /// Applies incoming frames until `done` holds (or the answer timeout passes).
    async fn wait_until(&mut self, done: impl Fn(&Driver) -> bool) -> Result<(), Error> {
        let deadline = tokio::time::Instant::now() + ANSWER_TIMEOUT;
        while !done(self) {
            match tokio::time::timeout_at(deadline, self.incoming.recv()).await {
                Ok(Some(incoming)) => self.apply(incoming).await?,
                Ok(None) => return Err("connections gone".into()),
                Err(_) => return Err("timeout".into()),
            }
        }
        Ok(())
    }

    /// Plays from `start` until `stop`, then waits (a little) for the moves under way.
    async fn play(&mut self, start: Instant, mut stop: watch::Receiver<bool>) {
        let interval = self.config.interval;
        // Matches start their turns spread over one interval, not all at once.
        self.next_move_at = start + interval.mul_f64(self.rng.random::<f64>());
        let outcome: Result<(), Error> = async {
            loop {
                if *stop.borrow() {
                    break;
                }
                if self.ended {
                    self.new_match().await?;
                }
                self.maybe_move().await?;
                let wake = if interval.is_zero() {
                    Instant::now() + Duration::from_millis(500)
                } else {
                    self.next_move_at
                };
                tokio::select! {
                    incoming = self.incoming.recv() => match incoming {
                        Some(incoming) => self.apply(incoming).await?,
                        None => return Err("connections gone".into()),
                    },
                    _ = stop.changed() => break,
                    _ = tokio::time::sleep_until(wake.into()) => {}
                }
                self.expire_pending();
            }
            Ok(())
        }
        .await;
        let recorder = self.config.recorder.clone();
        if let Err(e) = outcome {
            recorder.error(&client::error_code(&e, "driver"));
            recorder.count("matches_failed", 1);
        }
        self.stopping = true;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
        while self.seats.iter().any(|s| s.pending.is_some()) {
            match tokio::time::timeout_at(deadline, self.incoming.recv()).await {
                Ok(Some(incoming)) => {
                    if self.apply(incoming).await.is_err() {
                        break;
                    }
                }
                _ => break,
            }
        }
        let unanswered = self.seats.iter().filter(|s| s.pending.is_some()).count();
        recorder.count("unanswered_at_stop", unanswered as u64);
        self.close().await;
    }

    /// Sends a move for every seat whose view lists legal moves and that has none under way.
    async fn maybe_move(&mut self) -> Result<(), Error> {
        if self.ended || self.stopping {
            return Ok(());
        }
        for i in 0..self.seats.len() {
            let seat = &self.seats[i];
            if seat.pending.is_some() {
                continue;
            }
            let Some((version, view)) = &seat.view else {
                continue;
            };
            if *version == seat.last_version || view["status"] != "playing" {
                continue;
            }
            let Some(legal) = view["you"]["legal"].as_array().filter(|l| !l.is_empty()) else {
                continue;
            };
            let now = Instant::now();
            let interval = self.config.interval;
            if !interval.is_zero() {
                if now < self.next_move_at {
                    return Ok(());
                }
                // Behind by more than one interval: do not make up for it in a burst.
                self.next_move_at = self.next_move_at.max(now - interval) + interval;
            }
            let version = *version;
            let mv = legal[self.rng.random_range(0..legal.len())].clone();
            let id = format!("m{}", self.moves_sent);
            self.moves_sent += 1;
            let frame = json!({"type": "move", "room": self.room, "id": id, "version": version, "move": mv});
            self.sent.push_back((version, i, now));
            if self.sent.len() > 8 {
                self.sent.pop_front();
            }
            let seat = &mut self.seats[i];
            seat.pending = Some((id, now));
            seat.last_version = version;
            self.config.recorder.count("moves_sent", 1);
            self.send(i, frame).await?;
        }
        Ok(())
    }

    /// Moves unanswered for too long are counted as timeouts and forgotten.
    fn expire_pending(&mut self) {
        for seat in &mut self.seats {
            if seat
                .pending
                .as_ref()
                .is_some_and(|(_, at)| at.elapsed() > ANSWER_TIMEOUT)
            {
                seat.pending = None;
                seat.last_version = 0;
                self.config.recorder.error("timeout");
            }
        }
    }

    /// One frame from the server to seat `i`.
    async fn apply(&mut self, incoming: Incoming) -> Result<(), Error> {
        let (i, mut frame, at) = match incoming {
            Incoming::Frame(i, frame, at) => (i, frame, at),
            Incoming::Closed(i) => {
                self.config.recorder.error("closed");
                return Err(format!("seat {i}'s connection closed").into());
            }
        };
        let recorder = self.config.recorder.clone();
        let ours = frame["room"] == self.room.as_str();
        match frame["type"].as_str().unwrap_or("") {
            "room" if frame["room"]["code"] == self.room.as_str() => {
                self.room_info = frame["room"].take();
            }
            "snapshot" if ours => {
                let version = frame["version"].as_u64().unwrap_or(0);
                self.seats[i].view = Some((version, frame["view"].take()));
            }
            "patch" if ours => {
                let from = frame["from"].as_u64().unwrap_or(0);
                let version = frame["version"].as_u64().unwrap_or(0);
                if let Some(&(_, mover, sent_at)) = self.sent.iter().find(|(v, _, _)| *v == from) {
                    if mover != i {
                        recorder.latency("move_patch", at.duration_since(sent_at));
                    }
                }
                // False: the view is out of step; it is dropped and a snapshot asked for.
                let in_step = match &mut self.seats[i].view {
                    Some((held, view)) if *held == from => {
                        match crate::patch::apply(view, frame["ops"].take()) {
                            Ok(()) => {
                                *held = version;
                                true
                            }
                            Err(_) => {
                                recorder.error("patch_does_not_apply");
                                false
                            }
                        }
                    }
                    // Waiting for the snapshot asked for: the patches before it are moot.
                    None => true,
                    Some(_) => {
                        recorder.error("patch_gap");
                        false
                    }
                };
                if !in_step {
                    self.seats[i].view = None;
                    let room = self.room.clone();
                    self.send(i, json!({"type": "sync", "room": room})).await?;
                }
            }
            "ack" => {
                let seat = &mut self.seats[i];
                if let Some((id, sent_at)) = &seat.pending {
                    if frame["id"] == id.as_str() {
                        recorder.latency("move_ack", at.duration_since(*sent_at));
                        recorder.count(
                            if self.stopping {
                                "moves_acked_after_stop"
                            } else {
                                "moves_acked"
                            },
                            1,
                        );
                        seat.pending = None;
                    }
                }
            }
            "error" => {
                let code = frame["code"].as_str().unwrap_or("error").to_string();
                recorder.error(&code);
                let seat = &mut self.seats[i];
                let answers_pending = seat
                    .pending
                    .as_ref()
                    .is_some_and(|(id, _)| frame["id"] == id.as_str());
                if answers_pending {
                    seat.pending = None;
                    seat.last_version = 0;
                    if code == "stale_version" || code == "not_your_turn" {
                        seat.view = None;
                        let room = self.room.clone();
                        self.send(i, json!({"type": "sync", "room": room})).await?;
                    }
                }
            }
            "ended" if ours => {
                self.ended = true;
                recorder.count("matches_ended", 1);
            }
            _ => {}
        }
        Ok(())
    }

    async fn send(&mut self, i: usize, frame: Value) -> Result<(), Error> {
        self.seats[i].sink.send(client::text(&frame)).await?;
        Ok(())
    }

    /// Closes every connection (a close frame, then the socket).
    async fn close(&mut self) {
        close_seats(&mut self.seats).await;
    }
}

/// Closes seats' connections (a close frame, then the socket).
async fn close_seats(seats: &mut [SeatConn]) {
    for seat in seats {
        let _ = tokio::time::timeout(Duration::from_secs(1), seat.sink.close()).await;
        seat.reader.abort();
    }
}

/// Reads one seat's frames and forwards them, stamped with their arrival, to the driver.
async fn read_loop(
    i: usize,
    mut stream: futures_util::stream::SplitStream<Ws>,
    tx: mpsc::Sender<Incoming>,
) {
    while let Some(message) = stream.next().await {
        match message {
            Ok(Message::Text(text)) => {
                let at = Instant::now();
                let Ok(frame) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                if tx.send(Incoming::Frame(i, frame, at)).await.is_err() {
                    return;
                }
            }
            Ok(Message::Close(_)) | Err(_) => break,
            Ok(_) => {}
        }
    }
    let _ = tx.send(Incoming::Closed(i)).await;
}
