//! Rooms: `POST /api/v1/rooms`, the lobby `GET /api/v1/rooms`, and `GET /api/v1/rooms/{code}`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use plateau_protocol::rest::{ErrorBody, NewRoom, RoomInfo};

use crate::app::AppState;
use crate::auth::Authenticated;
use crate::error::{ApiError, ApiJson, ApiPath};

#[utoipa::path(post, path = "/api/v1/rooms", tag = "rooms", request_body = NewRoom, security(("bearer" = [])),
    responses((status = 201, description = "The new room; its creator is the host, in seat 0", body = RoomInfo),
              (status = 401, description = "Missing or unknown token", body = ErrorBody), (status = 400, description = "Malformed or invalid input", body = ErrorBody),
              (status = 409, description = "The player already hosts `--open-rooms-per-player` waiting rooms", body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiJson(body): ApiJson<NewRoom>,
) -> Result<(StatusCode, Json<RoomInfo>), ApiError> {
    let room = state.rooms.create(player, body).await?;
    Ok((StatusCode::CREATED, Json(room)))
}

#[utoipa::path(get, path = "/api/v1/rooms", tag = "rooms",
    responses((status = 200, description = "Public rooms waiting for players, newest first", body = [RoomInfo])))]
pub async fn lobby(State(state): State<AppState>) -> Json<Vec<RoomInfo>> {
    Json(state.rooms.lobby())
}

#[utoipa::path(get, path = "/api/v1/rooms/{code}", tag = "rooms", params(("code" = String, Path, description = "Room code, any case")),
    responses((status = 200, description = "The room", body = RoomInfo), (status = 404, description = "No such room", body = ErrorBody)))]
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
