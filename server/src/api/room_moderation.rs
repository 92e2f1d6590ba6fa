//! A moderator's actions on rooms: `POST /api/v1/mod/rooms/{code}/abort` (the match under way ends
//! `aborted`), `POST /api/v1/mod/rooms/{code}/close` (a waiting room becomes `abandoned`) and
//! `DELETE /api/v1/mod/rooms/{code}/chat/{id}` (a chat line is gone for every viewer). The
//! room's own task makes the change, through its writer under its lease, wherever it runs: the
//! call asks it (on its node, if need be) and hears its answer on a reply channel: what it did, or
//! why not. The audit row is written once it is made.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_protocol::moderation::Because;
use plateau_protocol::rest::{ErrorBody, RoomInfo};
use plateau_protocol::{ErrorCode, PlayerRef};
use serde_json::json;
use std::time::Duration;

use crate::api::auth::Moderator;
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::moderation::limits;
use crate::rooms::{AskError, DeliverError, RoomAnswer, RoomCode, RoomModeration};
use crate::state::AppState;
use crate::store::NewAuditEntry;

/// How long the call waits for the room's answer (a room busy with a move answers in far less).
const ROOM_ANSWERS_WITHIN: Duration = Duration::from_secs(10);

#[utoipa::path(post, path = "/api/v1/mod/rooms/{code}/abort", tag = "moderation", request_body = Because, security(("bearer" = [])),
    params(("code" = String, Path, description = "Room code")),
    responses((status = 200, description = "The match under way ended `aborted` (nobody wins, nobody is rated); everyone in the room is told", body = RoomInfo),
              (status = 400, description = "No reason, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator", body = ErrorBody),
              (status = 404, description = "No such room", body = ErrorBody),
              (status = 409, description = "No match is under way in the room", body = ErrorBody)))]
pub async fn abort(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath(code): ApiPath<RoomCode>,
    ApiJson(body): ApiJson<Because>,
) -> Result<Json<RoomInfo>, ApiError> {
    let action = (RoomModeration::AbortMatch, "abort_match");
    Ok(Json(
        moderate_room(&state, moderator, &code, body, action).await?,
    ))
}

#[utoipa::path(post, path = "/api/v1/mod/rooms/{code}/close", tag = "moderation", request_body = Because, security(("bearer" = [])),
    params(("code" = String, Path, description = "Room code")),
    responses((status = 200, description = "The waiting room is `abandoned`: out of the lobby, nobody joins it any more", body = RoomInfo),
              (status = 400, description = "No reason, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator", body = ErrorBody),
              (status = 404, description = "No such room", body = ErrorBody),
              (status = 409, description = "The room is not waiting for players", body = ErrorBody)))]
pub async fn close(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath(code): ApiPath<RoomCode>,
    ApiJson(body): ApiJson<Because>,
) -> Result<Json<RoomInfo>, ApiError> {
    let action = (RoomModeration::CloseWaiting, "close_room");
    Ok(Json(
        moderate_room(&state, moderator, &code, body, action).await?,
    ))
}

#[utoipa::path(delete, path = "/api/v1/mod/rooms/{code}/chat/{id}", tag = "moderation", request_body = Because, security(("bearer" = [])),
    params(("code" = String, Path, description = "Room code"), ("id" = u64, Path, description = "The chat line's `id`")),
    responses((status = 204, description = "The line is gone from the room's recent lines; everyone in the room got `chat_deleted`"),
              (status = 400, description = "No reason, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator", body = ErrorBody),
              (status = 404, description = "No such room, or no such line among its recent lines", body = ErrorBody)))]
pub async fn delete_chat(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath((code, id)): ApiPath<(RoomCode, u64)>,
    ApiJson(body): ApiJson<Because>,
) -> Result<StatusCode, ApiError> {
    let action = (RoomModeration::DeleteChat { id }, "delete_chat");
    moderate_room(&state, moderator, &code, body, action).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn moderate_room(
    state: &AppState,
    moderator: Moderator,
    code: &RoomCode,
    body: Because,
    (action, name): (RoomModeration, &'static str),
) -> Result<RoomInfo, ApiError> {
    let reason = limits::reason(&body.reason)?;
    let moderator_id = moderator.player.id;
    let RoomAnswer::Room(room) = ask_room(state, &moderator.player, code, action).await? else {
        return Err(ApiError::new(
            ErrorCode::Internal,
            "the room answered oddly",
        ));
    };
    let entry = NewAuditEntry {
        at: Utc::now(),
        moderator: Some(moderator_id),
        action: name,
        player: None,
        room: Some(room.code.clone()),
        details: match action {
            RoomModeration::DeleteChat { id } => json!({ "line": id }),
            _ => json!({ "status": room.status }),
        },
        reason,
    };
    state.store.record(&entry).await?;
    Ok(room)
}

/// Asks room `code` to make `action` for `asker`, wherever it runs, and waits for its answer:
/// what it did, or its refusal as an [`ApiError`].
pub(super) async fn ask_room(
    state: &AppState,
    asker: &PlayerRef,
    code: &RoomCode,
    action: RoomModeration,
) -> Result<RoomAnswer, ApiError> {
    let asked = state.rooms.moderate(code, action.asked_by(asker));
    match tokio::time::timeout(ROOM_ANSWERS_WITHIN, asked).await {
        Ok(Ok(answer)) => Ok(answer),
        Ok(Err(AskError::Refused(refused))) => {
            Err(ApiError::new(refused.code(), refused.to_string()))
        }
        Ok(Err(AskError::Undelivered(e))) => Err(undelivered(e)),
        Err(_) => Err(ApiError::new(
            ErrorCode::Internal,
            "the room did not answer in time; try again",
        )),
    }
}

fn undelivered(e: DeliverError) -> ApiError {
    match e {
        DeliverError::Unknown => ApiError::not_found("room"),
        DeliverError::Store(e) => e.into(),
        e @ (DeliverError::Moving | DeliverError::Restarting) => {
            ApiError::new(ErrorCode::Internal, e.to_string())
        }
    }
}
