//! Prometheus metrics, served in text format at `/metrics` on the operations listener: connections,
//! rooms by state, moves, the move-to-ack latency, errors by code, matches ended by reason,
//! rate-limit refusals by kind, sign-in failures, what moderators face (reports open, mutes and
//! bans in force: read from the store when scraped), and the process's resident memory (read from
//! `/proc` when scraped, so the load tool can tell what a connection costs).

use plateau_protocol::ErrorCode;
use prometheus::{
    Encoder, Histogram, HistogramOpts, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry,
};
use std::sync::LazyLock;

pub struct Metrics {
    registry: Registry,
    /// Open WebSocket connections.
    pub connections: IntGauge,
    /// Live rooms by status (set when scraped).
    pub rooms: IntGaugeVec,
    /// Moves accepted and stored.
    pub moves: IntCounter,
    /// From a move frame's arrival to its ack (engine, commit, views, patches).
    pub move_ack_seconds: Histogram,
    /// Moves in each grouped commit (`--commit-writers`, `--commit-linger-us`): how well commits
    /// are shared.
    commit_batch_moves: Histogram,
    /// Errors answered, by contract code (REST and WebSocket).
    errors: IntCounterVec,
    /// Resident memory of this process (set when scraped; absent where `/proc` is not).
    resident_memory: IntGauge,
    /// Connections closed at once, by reason (`per_address`, `capacity`, `descriptors`), or to
    /// make room (`evicted`: the newest still waiting for its first request).
    connections_refused: IntCounterVec,
    /// Several nodes: rooms this node took over from a node that stopped running them.
    pub leases_taken_over: IntCounter,
    /// Several nodes: commands and frames sent to another node over NATS.
    pub frames_forwarded: IntCounter,
    /// Matches ended here, by the result's reason (the game's own, `resigned`, `timeout`,
    /// `abandoned`, `aborted`, `draw_agreed`...).
    matches_ended: IntCounterVec,
    /// Requests and frames refused by a rate limit, by which limit.
    rate_limited: IntCounterVec,
    /// Sign-ins refused for a wrong name or password.
    pub sign_in_failures: IntCounter,
    /// Reports open, mutes and bans in force (`reports_open`, `mutes_active`, `bans_active`; set
    /// when scraped, from the store).
    pub moderation: IntGaugeVec,
    /// Engine calls past their budget (`--engine-abort-ms`): each aborted its match.
    pub engine_overruns: IntCounter,
    /// Turns of one tournament (the director reading it): idle tournaments add none.
    pub tournament_turns: IntCounter,
}

pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

impl Metrics {
    fn new() -> Self {
        let registry = Registry::new();
        let connections =
            IntGauge::new("plateau_connections", "Open WebSocket connections").expect("metric");
        let rooms = IntGaugeVec::new(
            Opts::new("plateau_rooms", "Live rooms by status"),
            &["status"],
        )
        .expect("metric");
        let moves =
            IntCounter::new("plateau_moves_total", "Moves accepted and stored").expect("metric");
        let move_ack_seconds = Histogram::with_opts(
            HistogramOpts::new(
                "plateau_move_ack_seconds",
                "Time from a move frame to its ack",
            )
            .buckets(vec![
                0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
            ]),
        )
        .expect("metric");
        let commit_batch_moves = Histogram::with_opts(
            HistogramOpts::new(
                "plateau_commit_batch_moves",
                "Moves stored by each grouped commit",
            )
            .buckets(vec![
                1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0,
            ]),
        )
        .expect("metric");
        let errors = IntCounterVec::new(
            Opts::new("plateau_errors_total", "Errors answered, by code"),
            &["code"],
        )
        .expect("metric");
        let resident_memory = IntGauge::new(
            "plateau_process_resident_memory_bytes",
            "Resident memory of the server process (VmRSS)",
        )
        .expect("metric");
        let connections_refused = IntCounterVec::new(
            Opts::new(
                "plateau_connections_refused_total",
                "Connections closed at once, by reason",
            ),
            &["reason"],
        )
        .expect("metric");
        let leases_taken_over = IntCounter::new(
            "plateau_leases_taken_over_total",
            "Rooms taken over from another node (several nodes)",
        )
        .expect("metric");
        let frames_forwarded = IntCounter::new(
            "plateau_frames_forwarded_total",
            "Commands and frames sent to another node over NATS (several nodes)",
        )
        .expect("metric");
        let matches_ended = IntCounterVec::new(
            Opts::new("plateau_matches_ended_total", "Matches ended, by reason"),
            &["reason"],
        )
        .expect("metric");
        let rate_limited = IntCounterVec::new(
            Opts::new(
                "plateau_rate_limited_total",
                "Requests and frames refused by a rate limit, by limit",
            ),
            &["kind"],
        )
        .expect("metric");
        let sign_in_failures = IntCounter::new(
            "plateau_sign_in_failures_total",
            "Sign-ins refused for a wrong name or password",
        )
        .expect("metric");
        let moderation = IntGaugeVec::new(
            Opts::new(
                "plateau_moderation",
                "Reports open, mutes and bans in force (reports_open, mutes_active, bans_active)",
            ),
            &["what"],
        )
        .expect("metric");
        let engine_overruns = IntCounter::new(
            "plateau_engine_overruns_total",
            "Engine calls past their budget (each aborted its match)",
        )
        .expect("metric");
        let tournament_turns = IntCounter::new(
            "plateau_tournament_turns_total",
            "Times the director read a tournament to advance it (only when due: idle ones cost none)",
        )
        .expect("metric");
        for collector in [
            Box::new(connections.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(rooms.clone()),
            Box::new(moves.clone()),
            Box::new(move_ack_seconds.clone()),
            Box::new(commit_batch_moves.clone()),
            Box::new(errors.clone()),
            Box::new(resident_memory.clone()),
            Box::new(connections_refused.clone()),
            Box::new(leases_taken_over.clone()),
            Box::new(frames_forwarded.clone()),
            Box::new(matches_ended.clone()),
            Box::new(rate_limited.clone()),
            Box::new(sign_in_failures.clone()),
            Box::new(moderation.clone()),
            Box::new(engine_overruns.clone()),
            Box::new(tournament_turns.clone()),
        ] {
            registry
                .register(collector)
                .expect("metric names are unique");
        }
        Metrics {
            registry,
            connections,
            rooms,
            moves,
            move_ack_seconds,
            commit_batch_moves,
            errors,
            resident_memory,
            connections_refused,
            leases_taken_over,
            frames_forwarded,
            matches_ended,
            rate_limited,
            sign_in_failures,
            moderation,
            engine_overruns,
            tournament_turns,
        }
    }

    pub fn match_ended(&self, reason: &str) {
        self.matches_ended.with_label_values(&[reason]).inc();
    }

    /// A refusal by the rate limit `kind` (its name in [`crate::state::Budgets`]).
    pub fn rate_limited(&self, kind: &'static str) {
        self.rate_limited.with_label_values(&[kind]).inc();
    }

    /// A grouped commit of `moves` moves.
    pub fn commit_batch(&self, moves: usize) {
        self.commit_batch_moves.observe(moves as f64);
    }

    pub fn connection_refused(&self, reason: &'static str) {
        self.connections_refused.with_label_values(&[reason]).inc();
    }

    pub fn error(&self, code: ErrorCode) {
        self.errors.with_label_values(&[code.as_str()]).inc();
    }

    /// The text exposition format.
    pub fn render(&self) -> String {
        if let Some(bytes) = resident_bytes() {
            self.resident_memory.set(bytes as i64);
        }
        let mut out = Vec::new();
        prometheus::TextEncoder::new()
            .encode(&self.registry.gather(), &mut out)
            .expect("metrics encode");
        String::from_utf8(out).expect("metrics are UTF-8")
    }
}

/// This process's resident memory (VmRSS of `/proc/self/status`), where there is a `/proc`.
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
