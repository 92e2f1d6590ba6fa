//! Liveness, readiness (the database answers) and Prometheus metrics.

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use std::time::Duration;

use crate::metrics::METRICS;
use crate::state::AppState;

/// The process is up.
pub async fn healthz() -> &'static str {
    "ok"
}

/// How long `/readyz` waits for the database's answer: a readiness probe given a second reads a
/// 503, not a timeout of its own, when the database does not answer in time.
const READY_WITHIN: Duration = Duration::from_millis(800);

/// The server can serve: its database answers, and NATS is connected when there are several nodes.
/// Answered within [`READY_WITHIN`], at once while the database is known to be away.
pub async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    if !state.rooms.placement().connected() {
        tracing::warn!("NATS not reachable");
        return (StatusCode::SERVICE_UNAVAILABLE, "NATS not reachable");
    }
    match tokio::time::timeout(READY_WITHIN, state.store.ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ready"),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "database not reachable");
            (StatusCode::SERVICE_UNAVAILABLE, "database not reachable")
        }
        Err(_) => {
            tracing::warn!(within = ?READY_WITHIN, "the database did not answer in time");
            (StatusCode::SERVICE_UNAVAILABLE, "database not reachable")
        }
    }
}

pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    let counts = state.rooms.count_by_status();
    for status in [
        plateau_protocol::RoomStatus::Waiting,
        plateau_protocol::RoomStatus::Playing,
        plateau_protocol::RoomStatus::Finished,
        plateau_protocol::RoomStatus::Abandoned,
        plateau_protocol::RoomStatus::Aborted,
    ] {
        METRICS
            .rooms
            .with_label_values(&[status.as_str()])
            .set(counts.get(&status).copied().unwrap_or(0) as i64);
    }
    // Read when scraped (a scrape every few seconds costs three counts); a database that does
    // not answer leaves the last figures, and /readyz says why.
    match state.store.moderation_load(chrono::Utc::now()).await {
        Ok(load) => {
            for (what, count) in [
                ("reports_open", load.reports_open),
                ("mutes_active", load.mutes_active),
                ("bans_active", load.bans_active),
            ] {
                METRICS.moderation.with_label_values(&[what]).set(count);
            }
        }
        Err(e) => tracing::debug!(error = %e, "moderation figures not read"),
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        METRICS.render(),
    )
}
