//! Rooms: `POST /api/v1/rooms`, the lobby `GET /api/v1/rooms`, and `GET /api/v1/rooms/{code}`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use plateau_protocol::rest::{NewRoom, RoomInfo};

use crate::app::AppState;
use crate::auth::Authenticated;
use crate::error::{ApiError, ApiJson, ApiPath};

pub async fn create(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiJson(body): ApiJson<NewRoom>,
) -> Result<(StatusCode, Json<RoomInfo>), ApiError> {
    let room = state.rooms.create(player, body).await?;
    Ok((StatusCode::CREATED, Json(room)))
}

pub async fn lobby(State(state): State<AppState>) -> Json<Vec<RoomInfo>> {
    Json(state.rooms.lobby())
}

pub async fn one(
    State(state): State<AppState>,
    ApiPath(code): ApiPath<String>,
) -> Result<Json<RoomInfo>, ApiError> {
    state
        .rooms
        .info(&code)
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::not_found("room"))
}
