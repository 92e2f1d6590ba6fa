//! Blocks, `/api/v1/players/me/blocks` *(addition)*: a player blocks another, and from then on gets
//! none of its chat (`conn::blocked`, with the list `moderation::blocks` pushes to its sockets on
//! every node), is never paired with it (`api::quick`), and keeps it out of the free seats of the
//! waiting rooms it hosts (the room's `host_keeps_out`). A block is the blocker's own business:
//! the blocked player is not told.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_protocol::rest::{Block, Blocks, ErrorBody};
use uuid::Uuid;

use crate::api::auth::Authenticated;
use crate::error::{ApiError, ApiPath};
use crate::state::AppState;

/// Most players one player blocks: a list that stays small enough to read with every chat line.
pub const MAX_BLOCKS: i64 = 1000;

#[utoipa::path(put, path = "/api/v1/players/me/blocks/{id}", tag = "players", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The player to block")),
    responses((status = 204, description = "The caller blocks the player (already did: unchanged)"),
              (status = 400, description = "Oneself, more than 1,000 blocks, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn block(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiPath(blocked): ApiPath<Uuid>,
) -> Result<StatusCode, ApiError> {
    if blocked == player.id {
        return Err(ApiError::bad_request("one cannot block oneself"));
    }
    if state.store.block_count(player.id).await? >= MAX_BLOCKS {
        return Err(ApiError::bad_request(format!(
            "at most {MAX_BLOCKS} players may be blocked: unblock some first"
        )));
    }
    if !state.store.block(player.id, blocked, Utc::now()).await? {
        return Err(ApiError::not_found("player"));
    }
    state.block_lists.changed(player.id).await;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/api/v1/players/me/blocks/{id}", tag = "players", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The player to unblock")),
    responses((status = 204, description = "The caller does not block the player (any more)"),
              (status = 400, description = "Malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody)))]
pub async fn unblock(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiPath(blocked): ApiPath<Uuid>,
) -> Result<StatusCode, ApiError> {
    state.store.unblock(player.id, blocked).await?;
    state.block_lists.changed(player.id).await;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, operation_id = "list_blocks", path = "/api/v1/players/me/blocks", tag = "players", security(("bearer" = [])),
    responses((status = 200, description = "The players the caller blocks, the latest first", body = Blocks),
              (status = 401, description = "Missing or unknown token", body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
) -> Result<Json<Blocks>, ApiError> {
    let blocks = state
        .store
        .blocks_of(player.id)
        .await?
        .into_iter()
        .map(|(player, since)| Block { player, since })
        .collect();
    Ok(Json(Blocks { blocks }))
}
