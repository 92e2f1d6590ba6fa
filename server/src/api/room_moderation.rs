//! A moderator's actions on rooms: `POST /api/v1/mod/rooms/{code}/abort` (the match under way ends
//! `aborted`), `POST /api/v1/mod/rooms/{code}/close` (a waiting room becomes `abandoned`) and
//! `DELETE /api/v1/mod/rooms/{code}/chat/{id}` (a chat line is gone for every viewer). The
//! room's own task makes the change, through its writer under its lease, wherever it runs: the
//! call reaches it as a connection's request would (forwarded to its node if need be), on a
//! connection of its own that hears the room's answer. The audit row is written once it is made.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_protocol::moderation::Because;
use plateau_protocol::rest::{ErrorBody, RoomInfo};
use plateau_protocol::ws::ServerFrame;
use plateau_protocol::ErrorCode;
use serde_json::json;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

use crate::api::auth::Moderator;
use crate::conn::{next_conn_id, Conn};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::moderation::limits;
use crate::rooms::{DeliverError, Request, RoomModeration};
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
    ApiPath(code): ApiPath<String>,
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
    ApiPath(code): ApiPath<String>,
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
    ApiPath((code, id)): ApiPath<(String, u64)>,
    ApiJson(body): ApiJson<Because>,
) -> Result<StatusCode, ApiError> {
    let action = (RoomModeration::DeleteChat { id }, "delete_chat");
    moderate_room(&state, moderator, &code, body, action).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn moderate_room(
    state: &AppState,
    moderator: Moderator,
    code: &str,
    body: Because,
    (action, name): (RoomModeration, &'static str),
) -> Result<RoomInfo, ApiError> {
    let reason = limits::reason(&body.reason)?;
    let moderator_id = moderator.player.id;
    let ServerFrame::Room { room } = ask_room(state, moderator.player, code, action).await? else {
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

/// Sends `action` to room `code` on a connection of this call's own (as `asker`), and waits for
/// its answer: the frame it sent, an `error` made an [`ApiError`].
pub(super) async fn ask_room(
    state: &AppState,
    asker: plateau_protocol::PlayerRef,
    code: &str,
    action: RoomModeration,
) -> Result<ServerFrame, ApiError> {
    let (out, mut answers) = mpsc::channel(8);
    let conn = Conn::on_queue(next_conn_id(), asker, out);
    // A room on another node answers through this node's routing of frames to connections.
    let placement = state.rooms.placement().clone();
    placement.register(&conn);
    let request = Request::Moderate { action };
    let delivered = state
        .rooms
        .deliver(code, &conn, request, None, Instant::now(), &mut None)
        .await;
    let answer = match delivered {
        Ok(()) => tokio::time::timeout(ROOM_ANSWERS_WITHIN, answers.recv()).await,
        Err(e) => {
            placement.unregister(conn.id);
            return Err(undelivered(e));
        }
    };
    placement.unregister(conn.id);
    let Ok(Some(answer)) = answer else {
        return Err(ApiError::new(
            ErrorCode::Internal,
            "the room did not answer in time; try again",
        ));
    };
    match serde_json::from_str::<ServerFrame>(answer.as_str()) {
        Ok(ServerFrame::Error { code, message, .. }) => Err(ApiError::new(code, message)),
        Ok(frame) => Ok(frame),
        Err(_) => Err(ApiError::new(
            ErrorCode::Internal,
            "the room answered oddly",
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
