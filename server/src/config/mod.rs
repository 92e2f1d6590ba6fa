//! Configuration: command-line flags, each with an environment variable, and the limits of the
//! contract. `plateau serve --help` lists them all.

mod public_url;

pub use public_url::{parse_public_url, PublicUrlError};

use clap::{Args, ValueEnum};
use std::net::SocketAddr;
use std::time::Duration;

/// The operations listener when `--metrics-addr` is not set: the port of OpenTelemetry's
/// Prometheus exporter, so as to collide neither with Prometheus itself (9090) nor with the
/// services that usually sit beside a game server.
pub const DEFAULT_METRICS_ADDR: SocketAddr = SocketAddr::V4(std::net::SocketAddrV4::new(
    std::net::Ipv4Addr::LOCALHOST,
    9464,
));

/// The SQLite file used when no database URL is given, in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://plateau.db";

#[derive(Debug, Clone, Args)]
pub struct DatabaseArgs {
    /// Database: `postgres://user@host/db`, or `sqlite://path` (created if missing).
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    pub database_url: String,

    /// Connections in the database pool. `serve` needs more than `--commit-writers` (each
    /// writer keeps one): with the default of one writer, at least 2; `--db-connections 1` is
    /// refused at start unless `--commit-writers 0`.
    #[arg(long, env = "PLATEAU_DB_CONNECTIONS", default_value_t = 8)]
    pub db_connections: u32,
}

/// `--commit-linger-us` by default: see `bench/README.md`, "Issue 50", for how it was chosen.
pub const DEFAULT_COMMIT_LINGER_US: u64 = 5_000;

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "PLATEAU_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Address of the operations listener (`/metrics`), apart from the public one. Unset: the
    /// default below, and a server whose default is taken (a second Plateau on the host) warns
    /// and goes on without it; an address set here that cannot be had stops the start.
    #[arg(long, env = "PLATEAU_METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,

    #[command(flatten)]
    pub database: DatabaseArgs,

    #[command(flatten)]
    pub limits: Limits,

    #[command(flatten)]
    pub room_limits: RoomLimits,

    /// How long a bot waits before it plays, in milliseconds (so people can follow its moves).
    #[arg(long, env = "PLATEAU_BOT_DELAY_MS", default_value_t = 400)]
    pub bot_delay_ms: u64,

    /// Bots thinking at once across the server, each on a bot thread of its own at a lower
    /// priority (niceness 10 above the server's); more wait their turn. 0: half the cores (at
    /// least one), so people's moves always have a core, and the CPU first.
    #[arg(long, env = "PLATEAU_BOT_THREADS", default_value_t = 0)]
    pub bot_threads: usize,

    /// Writer tasks that commit moves in groups across rooms (one transaction, one fsync, for the
    /// moves that gathered meanwhile; a move is still acked only once committed). 0: every move is
    /// committed in a transaction of its own. Each writer keeps one of the pool's connections, so
    /// there must be fewer writers than `--db-connections` (the start is refused otherwise).
    #[arg(long, env = "PLATEAU_COMMIT_WRITERS", default_value_t = 1)]
    pub commit_writers: usize,

    /// Microseconds a commit writer waits, once a move has come, for more moves to commit with it
    /// (one round trip to the database and one fsync for all). A move's ack may come that much
    /// later; at human pace it saves most of the database's work a move. 0: each writer commits
    /// at once what has gathered (moves group only while a commit is under way).
    #[arg(long, env = "PLATEAU_COMMIT_LINGER_US", default_value_t = DEFAULT_COMMIT_LINGER_US)]
    pub commit_linger_us: u64,

    /// Seconds a player has for a decision the rules can make for them (Trangouar's lost pearls);
    /// then the server plays the rules' default.
    #[arg(long, env = "PLATEAU_DECISION_TIMEOUT_SECS", default_value_t = 60)]
    pub decision_timeout_secs: u64,

    #[command(flatten)]
    pub cluster: ClusterArgs,

    #[command(flatten)]
    pub push: PushArgs,

    /// The address people reach this server at, as `https://plateau.example.org` (behind a reverse
    /// proxy, or a LAN address): invite links are built from it. Unset: from the browser's address.
    #[arg(long, env = "PLATEAU_PUBLIC_URL", value_parser = parse_public_url)]
    pub public_url: Option<String>,

    /// A word list for chat, one entry a line (a word or a few words; `#` starts a comment line):
    /// a chat line in which a reader sees an entry as whole words (compared after NFKC, case
    /// folding, diacritics removed and lookalike letters read as Latin ones; letters spelled out
    /// one at a time joined) is refused `bad_request`. Read at start. Unset: no filter.
    #[arg(long, env = "PLATEAU_CHAT_FILTER")]
    pub chat_filter: Option<std::path::PathBuf>,

    /// Reverse proxies to believe, as address ranges separated by commas (`127.0.0.1/32`,
    /// `10.0.0.0/8,::1`; an address alone is a range of one). A request from one of them counts,
    /// for every per-address limit, as the client its `Forwarded` or `X-Forwarded-For` header
    /// names (the rightmost hop that is not a trusted proxy); from any other peer those headers are
    /// ignored. Trust only proxies that set the header themselves. Unset: nobody.
    #[arg(long, env = "PLATEAU_TRUSTED_PROXIES", value_delimiter = ',', value_parser = crate::limits::proxies::parse_range)]
    pub trusted_proxies: Vec<ipnet::IpNet>,
}

/// Web push (issue 48): what the server tells a player's devices with the tab closed.
#[derive(Debug, Clone, Args)]
pub struct PushArgs {
    /// A file holding the server's VAPID private key (RFC 8292): a P-256 key as PEM (PKCS#8), or
    /// its 32-byte scalar in base64url. Unset: the key made at the first start and kept in the
    /// database, the same for every node.
    #[arg(long, env = "PLATEAU_VAPID_KEY")]
    pub vapid_key: Option<std::path::PathBuf>,

    /// Who push services may contact about this server's pushes: a `mailto:` or `https:` URL,
    /// sent as the `sub` of every VAPID token. Unset: `--public-url` if set, else none.
    #[arg(long, env = "PLATEAU_PUSH_CONTACT", value_parser = parse_push_contact)]
    pub push_contact: Option<String>,

    /// Accepts push subscriptions whose endpoint is `http:` (only `https:` otherwise): for tests
    /// with a push service of their own on loopback.
    #[arg(long, env = "PLATEAU_PUSH_ALLOW_HTTP")]
    pub push_allow_http: bool,

    /// Seconds within which a player hears at most one push about the same room.
    #[arg(long, env = "PLATEAU_PUSH_ROOM_INTERVAL_SECS", default_value_t = 300)]
    pub push_room_interval_secs: u64,
}

fn parse_push_contact(text: &str) -> Result<String, String> {
    let ok = text
        .strip_prefix("mailto:")
        .is_some_and(|rest| rest.contains('@'))
        || text
            .strip_prefix("https://")
            .is_some_and(|rest| !rest.is_empty());
    if ok {
        Ok(text.to_string())
    } else {
        Err("a mailto: or https: URL, as mailto:admin@example.org".into())
    }
}

/// Several nodes: one Plateau on many processes, sharing one Postgres database and one NATS server.
#[derive(Debug, Clone, Args)]
pub struct ClusterArgs {
    /// NATS server through which this node and the others route frames and share presence, as
    /// `nats://127.0.0.1:4222`. Unset: this node runs alone. Needs a Postgres database.
    #[arg(long, env = "PLATEAU_NATS_URL")]
    pub nats_url: Option<String>,

    /// The cluster's name: the first part of its NATS subjects, so that several clusters (or test
    /// runs) can share one NATS server. Every node of a cluster has the same.
    #[arg(long, env = "PLATEAU_CLUSTER_NAME", default_value = "plateau", value_parser = parse_cluster_name)]
    pub cluster_name: String,

    /// Milliseconds a room's lease lasts unless its node renews it (five times within it): how
    /// long the rooms of a node that died wait before another node takes them over.
    #[arg(long, env = "PLATEAU_LEASE_TTL_MS", default_value_t = 5000, value_parser = clap::value_parser!(u64).range(500..=60_000))]
    pub lease_ttl_ms: u64,
}

/// Who chats in public rooms (`--guest-public-chat`).
#[derive(Debug, Clone, Copy, Default, ValueEnum, PartialEq, Eq)]
pub enum GuestPublicChat {
    /// A guest once it has finished a public match with 5 moves of its own; a player with a
    /// password always.
    #[default]
    AfterFirstMatch,
    /// Anyone.
    Always,
}

#[derive(Debug, Clone, Copy, Default, ValueEnum, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// The limits of the contract and the server's own resource bounds.
#[derive(Debug, Clone, Args)]
pub struct Limits {
    /// Largest WebSocket frame accepted, in bytes; a larger one closes the connection (1009).
    #[arg(long, env = "PLATEAU_MAX_FRAME_BYTES", default_value_t = 64 * 1024)]
    pub max_frame_bytes: usize,

    /// Seconds a new WebSocket connection has to send `auth` (then 4001).
    #[arg(long, env = "PLATEAU_AUTH_TIMEOUT_SECS", default_value_t = 10)]
    pub auth_timeout_secs: u64,

    /// Frames a connection may send in a burst before it is rate limited (then 1008).
    #[arg(long, env = "PLATEAU_FRAME_BURST", default_value_t = 200)]
    pub frame_burst: u32,

    /// Frames per second a connection may sustain.
    #[arg(long, env = "PLATEAU_FRAMES_PER_SEC", default_value_t = 50)]
    pub frames_per_sec: u32,

    /// Frames queued for a slow client before it is disconnected.
    #[arg(long, env = "PLATEAU_OUTBOX_FRAMES", default_value_t = 256)]
    pub outbox_frames: usize,

    /// Largest REST request body, in bytes (then 413).
    #[arg(long, env = "PLATEAU_MAX_BODY_BYTES", default_value_t = 64 * 1024)]
    pub max_body_bytes: usize,

    /// Players one client address may create a minute, with a burst of as many (then 429).
    #[arg(long, env = "PLATEAU_PLAYERS_PER_MINUTE", default_value_t = 30)]
    pub players_per_minute: u32,

    /// Whole-history exports (`GET /api/v1/players/{id}/matches.ndjson`) one client address may
    /// start per minute; the next is `429 rate_limited` with `Retry-After`. Each reads a player's
    /// every match from the database.
    #[arg(long, env = "PLATEAU_EXPORTS_PER_MINUTE", default_value_t = 6)]
    pub exports_per_minute: u32,

    /// Who chats in public rooms: `after-first-match` (a guest, with no password, once it has
    /// finished a public match with 5 moves of its own; a player with a password always), or
    /// `always` (anyone, as in private rooms).
    #[arg(long, env = "PLATEAU_GUEST_PUBLIC_CHAT", value_enum, default_value_t = GuestPublicChat::AfterFirstMatch)]
    pub guest_public_chat: GuestPublicChat,

    /// Reports (`POST /api/v1/reports`) one player may make a day, with a burst of as many; then
    /// `429 rate_limited` with `Retry-After`.
    #[arg(long, env = "PLATEAU_REPORTS_PER_DAY", default_value_t = 10)]
    pub reports_per_day: u32,

    /// Seconds a challenge (`POST /api/v1/challenges`) waits for its players' answers; then it is
    /// cancelled (`challengeCanceled`, reason `expired`) and its room closes.
    #[arg(long, env = "PLATEAU_CHALLENGE_TTL_SECS", default_value_t = 60)]
    pub challenge_ttl_secs: u64,

    /// Matches at once of a bot account (rooms it sits in that wait or play): a challenge that
    /// would seat it in one more is `429 rate_limited` (`limit`: `bot_matches_at_once`).
    #[arg(long, env = "PLATEAU_BOT_MATCHES_AT_ONCE", default_value_t = 10)]
    pub bot_matches_at_once: u64,

    /// Challenges a bot account may make a day, with a burst of as many; then `429 rate_limited`
    /// (`limit`: `bot_challenges_per_day`).
    #[arg(long, env = "PLATEAU_BOT_CHALLENGES_PER_DAY", default_value_t = 400)]
    pub bot_challenges_per_day: u32,

    /// Challenges between bot accounts a bot may make or accept a day (lichess: 100), with a
    /// burst of as many; then `429 rate_limited` (`limit`: `bot_vs_bot_per_day`).
    #[arg(long, env = "PLATEAU_BOT_VS_BOT_PER_DAY", default_value_t = 100)]
    pub bot_vs_bot_per_day: u32,

    /// Password changes (`PUT /api/v1/players/me/password`) one player may make an hour, with a
    /// burst of as many (then 429): each is an Argon2 hash, tens of milliseconds of a core.
    #[arg(long, env = "PLATEAU_PASSWORD_CHANGES_PER_HOUR", default_value_t = 10)]
    pub password_changes_per_hour: u32,

    /// Failed sign-ins (`POST /api/v1/sessions`) allowed per name from one client address an hour,
    /// with a burst of as many; then that name's sign-ins from that address are answered 429 until
    /// the budget refills. Other addresses are not affected: the owner is never locked out.
    #[arg(long, env = "PLATEAU_SIGN_IN_FAILURES_PER_NAME", default_value_t = 10)]
    pub sign_in_failures_per_name: u32,

    /// Failed sign-ins allowed per client address an hour, with a burst of as many (then 429).
    #[arg(
        long,
        env = "PLATEAU_SIGN_IN_FAILURES_PER_ADDRESS",
        default_value_t = 50
    )]
    pub sign_in_failures_per_address: u32,

    /// WebSocket connections a player may have open at once (the next is closed with 4008).
    #[arg(long, env = "PLATEAU_CONNECTIONS_PER_PLAYER", default_value_t = 5)]
    pub connections_per_player: usize,

    /// Connections one client address may have open at once (the next is closed at once, with
    /// an HTTP 429).
    #[arg(long, env = "PLATEAU_CONNECTIONS_PER_ADDRESS", default_value_t = 256)]
    pub connections_per_address: usize,

    /// File descriptors to ask for at start (soft and hard limit): above the hard limit the
    /// process needs root or `CAP_SYS_RESOURCE`, as with `LimitNOFILE` or `ulimit -n`. The server
    /// holds that many connections less a reserve (a sixteenth, 64 to 256). Unset: the soft limit
    /// raised to the hard one, which is lowered by no one but the operator.
    #[arg(long, env = "PLATEAU_DESCRIPTOR_LIMIT")]
    pub descriptor_limit: Option<u64>,

    /// Seconds a new connection has to send a whole request head (the contract's 10).
    #[arg(
        long,
        env = "PLATEAU_HEADER_READ_TIMEOUT_SECS",
        default_value_t = 10,
        hide = true
    )]
    pub header_read_timeout_secs: u64,

    /// Seconds an HTTP keep-alive connection may wait for its next request (the contract's 60).
    #[arg(
        long,
        env = "PLATEAU_HTTP_IDLE_TIMEOUT_SECS",
        default_value_t = 60,
        hide = true
    )]
    pub http_idle_timeout_secs: u64,

    /// Seconds a tournament's player has to come to a match before forfeiting it, unless the
    /// tournament sets its own (`join_secs`).
    #[arg(long, env = "PLATEAU_TOURNAMENT_JOIN_SECS", default_value_t = 30, value_parser = clap::value_parser!(u32).range(5..=600))]
    pub tournament_join_secs: u32,

    /// Private tournaments one player may have open (upcoming or running) at once; the next
    /// `POST /api/v1/tournaments` is `429 rate_limited` with `Retry-After`. Public tournaments
    /// (moderators' and admins') are outside this budget and the next.
    #[arg(
        long,
        env = "PLATEAU_TOURNAMENTS_OPEN_PER_CREATOR",
        default_value_t = 5
    )]
    pub tournaments_open_per_creator: u32,

    /// Private tournaments one player, and one client address, may create a day (the last 24
    /// hours); then `429 rate_limited` with `Retry-After`.
    #[arg(long, env = "PLATEAU_TOURNAMENTS_PER_DAY", default_value_t = 20)]
    pub tournaments_per_day: u32,

    /// Seconds between the server's WebSocket pings (the contract's 30).
    #[arg(long, env = "PLATEAU_WS_PING_SECS", default_value_t = 30, hide = true)]
    pub ws_ping_secs: u64,

    /// Seconds a WebSocket client has to answer a ping, then 1001 (the contract's 30).
    #[arg(
        long,
        env = "PLATEAU_WS_PONG_TIMEOUT_SECS",
        default_value_t = 30,
        hide = true
    )]
    pub ws_pong_timeout_secs: u64,
}

impl Limits {
    pub fn auth_timeout(&self) -> Duration {
        Duration::from_secs(self.auth_timeout_secs)
    }

    pub fn header_read_timeout(&self) -> Duration {
        Duration::from_secs(self.header_read_timeout_secs)
    }

    pub fn http_idle_timeout(&self) -> Duration {
        Duration::from_secs(self.http_idle_timeout_secs)
    }

    pub fn ws_ping(&self) -> Duration {
        Duration::from_secs(self.ws_ping_secs.max(1))
    }

    pub fn ws_pong_timeout(&self) -> Duration {
        Duration::from_secs(self.ws_pong_timeout_secs.max(1))
    }
}

/// Bounds on rooms and matches: how many waiting rooms a player may host, how long an empty
/// waiting room lives, how long a match may last, and how long one engine call may run.
#[derive(Debug, Clone, Args)]
pub struct RoomLimits {
    /// Rooms a player may host that are waiting for players at once; the next `POST
    /// /api/v1/rooms` is `409 conflict`.
    #[arg(long, env = "PLATEAU_OPEN_ROOMS_PER_PLAYER", default_value_t = 10)]
    pub open_rooms_per_player: u32,

    /// Seconds a waiting room with nobody connected to it lives; then it is `abandoned`.
    #[arg(long, env = "PLATEAU_WAITING_ROOM_TTL_SECS", default_value_t = 1800)]
    pub waiting_room_ttl_secs: u64,

    /// A seat that has to act and has had no connection in the room for this long forfeits
    /// (`abandoned`), with or without a clock.
    #[arg(long, env = "PLATEAU_ABANDON_AFTER_SECS", default_value_t = 120)]
    pub abandon_after_secs: u64,

    /// Plies after which every match ends (as the game's cap rule says: a draw by default). A
    /// game's own `max_plies` option may be lower, never higher.
    #[arg(long, env = "PLATEAU_MAX_PLIES", default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_plies: u64,

    /// Milliseconds one engine call (a move, its views) may run before its match is aborted. The
    /// engines answer well within 100 ms; this is the margin before the server gives up on one.
    #[arg(long, env = "PLATEAU_ENGINE_ABORT_MS", default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub engine_abort_ms: u64,

    /// Matches with bots a player may have under way at once (as their room's host); starting
    /// another with bots is `conflict`. Bots search on the server's CPU: this is what they cost.
    #[arg(long, env = "PLATEAU_BOT_MATCHES_PER_PLAYER", default_value_t = 3)]
    pub bot_matches_per_player: u32,

    /// Seconds a match the server plays seats of (bots, or seats that forfeited) goes on with no
    /// person of the match connected; then it ends `aborted` (nobody is there to play for).
    #[arg(long, env = "PLATEAU_UNATTENDED_AFTER_SECS", default_value_t = 60)]
    pub unattended_after_secs: u64,

    /// Hours within which two players' rated matches of one game count once for ratings: a later
    /// rated match of theirs in that time is played and stored but changes no rating (one pair
    /// cannot farm points off each other). 0: every rated match counts.
    #[arg(long, env = "PLATEAU_RATED_PAIR_HOURS", default_value_t = 24, value_parser = clap::value_parser!(u64).range(0..=8760))]
    pub rated_pair_hours: u64,
}

impl RoomLimits {
    pub fn unattended_after(&self) -> Duration {
        Duration::from_secs(self.unattended_after_secs)
    }

    pub fn waiting_room_ttl(&self) -> Duration {
        Duration::from_secs(self.waiting_room_ttl_secs)
    }

    pub fn abandon_after(&self) -> Duration {
        Duration::from_secs(self.abandon_after_secs)
    }

    pub fn engine_abort(&self) -> Duration {
        Duration::from_millis(self.engine_abort_ms)
    }
}

/// A cluster name is one NATS subject token: letters, digits, `-` and `_`.
fn parse_cluster_name(name: &str) -> Result<String, String> {
    if !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        Ok(name.to_string())
    } else {
        Err("1 to 64 letters, digits, `-` or `_`".into())
    }
}
