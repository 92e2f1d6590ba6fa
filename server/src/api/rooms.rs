//! Rooms: `POST /api/v1/rooms`, the lobby `GET /api/v1/rooms`, and `GET /api/v1/rooms/{code}`.

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use plateau_protocol::rest::{ErrorBody, NewRoom, RoomInfo};
use plateau_protocol::ErrorCode;
use serde::Deserialize;

use crate::api::auth::Authenticated;
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::rooms::{CreateError, LobbyKey, RoomCode};
use crate::state::AppState;

#[utoipa::path(post, operation_id = "create_room", path = "/api/v1/rooms", tag = "rooms", request_body = NewRoom, security(("bearer" = [])),
    responses((status = 201, description = "The new room; its creator is the host, in seat 0", body = RoomInfo),
              (status = 401, description = "Missing or unknown token", body = ErrorBody), (status = 400, description = "Malformed or invalid input", body = ErrorBody),
              (status = 403, description = "`forbidden`: a bot account (it plays by challenges: `POST /api/v1/challenges`)", body = ErrorBody),
              (status = 409, description = "The player already hosts `--open-rooms-per-player` waiting rooms", body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiJson(body): ApiJson<NewRoom>,
) -> Result<(StatusCode, Json<RoomInfo>), ApiError> {
    // A bot's rooms would stand in the lobby and quick pairing, where bots never are.
    if player.bot {
        return Err(ApiError::forbidden(
            "a bot account makes no room: it challenges (POST /api/v1/challenges)",
        ));
    }
    let room = state.rooms.create(player, body).await?;
    Ok((StatusCode::CREATED, Json(room)))
}

impl From<CreateError> for ApiError {
    fn from(e: CreateError) -> Self {
        match e {
            CreateError::Store(e) => e.into(),
            CreateError::TooManyOpenRooms(_) => ApiError::new(ErrorCode::Conflict, e.to_string()),
            CreateError::UnknownGame(_)
            | CreateError::Options { .. }
            | CreateError::PliesOverCap(_)
            | CreateError::Clock(_)
            | CreateError::RatedWithoutClock => ApiError::bad_request(e.to_string()),
        }
    }
}

/// Lobby pages: at most 100 rooms.
const MAX_LOBBY_PAGE: usize = 100;
const DEFAULT_LOBBY_PAGE: usize = 50;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LobbyQuery {
    /// Page size, 1 to 100 (default 50).
    limit: Option<i64>,
    /// The cursor of the next page, as given in the `Link` header of the page before.
    before: Option<String>,
}

#[utoipa::path(get, path = "/api/v1/rooms", tag = "rooms", params(LobbyQuery),
    responses((status = 200, description = "Public rooms waiting for players, newest first, one page. When more follow, \
                  the `Link` header gives the next page: `</api/v1/rooms?limit=N&before=CURSOR>; rel=\"next\"` (RFC 8288)",
                  body = [RoomInfo], headers(("Link" = String, description = "The next page, when there is one"))),
              (status = 400, description = "`limit` out of 1..100, or a cursor this server did not give", body = ErrorBody)))]
pub async fn lobby(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<LobbyQuery>,
) -> Result<Response, ApiError> {
    let limit = match query.limit {
        None => DEFAULT_LOBBY_PAGE,
        Some(n) if (1..=MAX_LOBBY_PAGE as i64).contains(&n) => n as usize,
        Some(_) => return Err(ApiError::bad_request("limit: must be from 1 to 100")),
    };
    let after = query
        .before
        .as_deref()
        .map(str::parse::<LobbyKey>)
        .transpose()
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let (rooms, next) = state.rooms.lobby(after.as_ref(), limit);
    let mut response = Json(rooms).into_response();
    if let Some(next) = next {
        let link = format!("</api/v1/rooms?limit={limit}&before={next}>; rel=\"next\"");
        let value = HeaderValue::from_str(&link).expect("cursors are URL-safe ASCII");
        response.headers_mut().insert(header::LINK, value);
    }
    Ok(response)
}

#[utoipa::path(get, operation_id = "get_room", path = "/api/v1/rooms/{code}", tag = "rooms", params(("code" = String, Path, description = "Room code, any case")),
    responses((status = 200, description = "The room", body = RoomInfo), (status = 404, description = "No such room", body = ErrorBody)))]
pub async fn one(
    State(state): State<AppState>,
    ApiPath(code): ApiPath<RoomCode>,
) -> Result<Json<RoomInfo>, ApiError> {
    state
        .rooms
        .info(&code)
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::not_found("room"))
}
