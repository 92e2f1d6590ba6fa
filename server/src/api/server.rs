//! `GET /api/v1/server`: what a client needs to know about this server that the browser cannot
//! guess, for now the public address invite links are built from (`--public-url`).

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::state::AppState;

/// About this server.
#[derive(Debug, Serialize, ToSchema)]
pub struct ServerInfo {
    /// The address people reach the server at (`https://plateau.example.org`, no trailing slash),
    /// or null when not configured: clients then use the address they were loaded from.
    pub public_url: Option<String>,
}

#[utoipa::path(get, path = "/api/v1/server", tag = "server",
    responses((status = 200, description = "About this server", body = ServerInfo)))]
pub async fn info(State(state): State<AppState>) -> Json<ServerInfo> {
    Json(ServerInfo {
        public_url: state.public_url.as_deref().map(str::to_string),
    })
}
