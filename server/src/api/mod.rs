//! The REST API under `/api/v1`, plus health, readiness and metrics, assembled into one router.

mod games;
mod health;
mod matches;
mod openapi;
mod players;
mod rooms;
pub mod server;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tower_http::trace::TraceLayer;

use crate::app::AppState;
use crate::error::ApiError;

pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/players", post(players::create))
        .route("/players/me", get(players::me))
        .route("/players/{id}", get(players::profile))
        .route("/games", get(games::list))
        .route("/server", get(server::info))
        .route("/rooms", post(rooms::create).get(rooms::lobby))
        .route("/rooms/{code}", get(rooms::one))
        .route("/matches", get(matches::list))
        .route("/matches/{id}", get(matches::one))
        .route("/matches/{id}/state", get(matches::state_at))
        .route("/ws", get(crate::ws::upgrade))
        .route("/openapi.json", get(openapi::document))
        .fallback(|| async { ApiError::not_found("endpoint") });
    Router::new()
        .nest("/api/v1", api)
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(health::metrics))
        .merge(crate::web::router())
        .layer(DefaultBodyLimit::max(state.limits.max_body_bytes))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
