//! Prometheus metrics, served in text format at `/metrics`: connections, rooms by state, moves, the
//! move-to-ack latency, and errors by code.

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
    /// Errors answered, by contract code (REST and WebSocket).
    errors: IntCounterVec,
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
        let errors = IntCounterVec::new(
            Opts::new("plateau_errors_total", "Errors answered, by code"),
            &["code"],
        )
        .expect("metric");
        for collector in [
            Box::new(connections.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(rooms.clone()),
            Box::new(moves.clone()),
            Box::new(move_ack_seconds.clone()),
            Box::new(errors.clone()),
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
            errors,
        }
    }

    pub fn error(&self, code: ErrorCode) {
        self.errors.with_label_values(&[code.as_str()]).inc();
    }

    /// The text exposition format.
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        prometheus::TextEncoder::new()
            .encode(&self.registry.gather(), &mut out)
            .expect("metrics encode");
        String::from_utf8(out).expect("metrics are UTF-8")
    }
}
