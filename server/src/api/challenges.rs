//! Challenges and the event stream of the bot API (issue 47, `docs/bots.md`):
//! `POST /api/v1/challenges`, `.../{id}/accept`, `.../{id}/decline`, `GET /api/v1/stream/event`.
//! Thin: the work is `challenges`' and `bot_api::event_stream`'s.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use plateau_protocol::bots::{ChallengeCreated, ChallengeInfo, Decline, NewChallenge};
use plateau_protocol::rest::ErrorBody;
use uuid::Uuid;

use crate::api::auth::ApiCaller;
use crate::bot_api::actions::playing_scope;
use crate::bot_api::event_stream;
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::state::AppState;

#[utoipa::path(post, operation_id = "create_challenge", path = "/api/v1/challenges", tag = "bots", request_body = NewChallenge, security(("bearer" = [])),
    responses((status = 201, description = "The challenge, and its private room, which seats the caller; each player challenged hears of it on its event stream", body = ChallengeCreated),
              (status = 400, description = "`to` not 1 to 3 other players each once, `players` not one seat each, an unknown game, bad options or clock, or malformed input", body = ErrorBody),
              (status = 403, description = "`missing_scope` (`bot:play` for a bot account, `board:play` for a person)", body = ErrorBody),
              (status = 404, description = "A player challenged does not exist", body = ErrorBody),
              (status = 409, description = "The caller already hosts `--open-rooms-per-player` waiting rooms", body = ErrorBody),
              (status = 429, description = "A bot's budget spent: `limit` is `bot_challenges_per_day`, `bot_matches_at_once` or `bot_vs_bot_per_day`; see `Retry-After`", body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiJson(body): ApiJson<NewChallenge>,
) -> Result<(StatusCode, Json<ChallengeCreated>), ApiError> {
    caller.require(playing_scope(&caller.player))?;
    let row = crate::challenges::challenge(&state, &caller.player, body).await?;
    let created = ChallengeCreated {
        id: row.id,
        room: row.room,
    };
    Ok((StatusCode::CREATED, Json(created)))
}

#[utoipa::path(post, path = "/api/v1/challenges/{id}/accept", tag = "bots", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The challenge's id")),
    responses((status = 200, description = "The caller sits in the challenge's room; once every seat is taken the match starts (`matchStart`)", body = ChallengeInfo),
              (status = 403, description = "`missing_scope`, or `forbidden`: the room's host does not play with the caller", body = ErrorBody),
              (status = 404, description = "No such challenge naming the caller", body = ErrorBody),
              (status = 409, description = "The challenge is accepted, declined, cancelled or expired already", body = ErrorBody),
              (status = 429, description = "A bot's budget spent: `limit` is `bot_matches_at_once` or `bot_vs_bot_per_day`; see `Retry-After`", body = ErrorBody)))]
pub async fn accept(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChallengeInfo>, ApiError> {
    caller.require(playing_scope(&caller.player))?;
    let row = crate::challenges::accept(&state, id, &caller.player).await?;
    Ok(Json(crate::events::challenge_info(&row)))
}

#[utoipa::path(post, path = "/api/v1/challenges/{id}/decline", tag = "bots", request_body = Decline, security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The challenge's id")),
    responses((status = 204, description = "The challenge is over for everybody (`challengeDeclined`, with the reason) and its room closed"),
              (status = 400, description = "A reason of 0 or more than 500 characters, or malformed input", body = ErrorBody),
              (status = 403, description = "`missing_scope`", body = ErrorBody),
              (status = 404, description = "No such challenge naming the caller", body = ErrorBody),
              (status = 409, description = "The challenge is accepted, declined, cancelled or expired already", body = ErrorBody)))]
pub async fn decline(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<Decline>,
) -> Result<StatusCode, ApiError> {
    caller.require(playing_scope(&caller.player))?;
    crate::challenges::decline(&state, id, &caller.player, body.reason).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/v1/stream/event", tag = "bots", security(("bearer" = [])),
    responses((status = 200, description = "What happens to the caller, one JSON object a line: first a `matchStart` per match it plays now and a `challenge` per open challenge, then `challenge`, `challengeCanceled`, `challengeDeclined`, `matchStart`, `matchFinish` as they happen; an empty line every 6 s", content_type = "application/x-ndjson", body = String),
              (status = 403, description = "`missing_scope`: the token lacks `read`", body = ErrorBody)))]
pub async fn events(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
) -> Result<Response, ApiError> {
    event_stream::open(&state, caller).await
}
