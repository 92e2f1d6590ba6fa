//! The bot API's match routes, `/api/v1/bot/match/{room}/...` (issue 47, `docs/bots.md`): the
//! stream of a seat and its actions. Thin: the work is `bot_api`'s.

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use plateau_protocol::bots::{Acted, BotMove, ChatText, ClaimBody, DrawOffer};
use plateau_protocol::rest::ErrorBody;
use plateau_protocol::ws::ClientFrame;

use crate::api::auth::ApiCaller;
use crate::bot_api::{actions, match_stream};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::rooms::RoomCode;
use crate::state::AppState;

#[utoipa::path(get, path = "/api/v1/bot/match/{room}/stream", tag = "bots", security(("bearer" = [])),
    params(("room" = String, Path, description = "The room's code, any case")),
    responses((status = 200, description = "The seat's match, one JSON object a line: `full` first (the room, `you`: the seat, the view exactly as the seat's WebSocket view), then `state` at each version (the whole view), `chat`, `draw`, and `ended` last; an empty line every 6 s", content_type = "application/x-ndjson", body = String),
              (status = 403, description = "`missing_scope` (`bot:play` for a bot account, `board:play` for a person), or `not_seated`: the caller has no seat in this room", body = ErrorBody),
              (status = 404, description = "`unknown_room`: no such room", body = ErrorBody)))]
pub async fn stream(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiPath(room): ApiPath<RoomCode>,
) -> Result<Response, ApiError> {
    match_stream::open(&state, caller, &room).await
}

#[utoipa::path(post, path = "/api/v1/bot/match/{room}/move", tag = "bots", request_body = BotMove, security(("bearer" = [])),
    params(("room" = String, Path, description = "The room's code, any case")),
    responses((status = 200, description = "The move is played and stored: the version it made", body = Acted),
              (status = 400, description = "A malformed move, or malformed input", body = ErrorBody),
              (status = 403, description = "`missing_scope`, or `not_seated`", body = ErrorBody),
              (status = 404, description = "`unknown_room`", body = ErrorBody),
              (status = 409, description = "`not_your_turn`, `stale_version` (the view moved on: read the stream's last `state`), `illegal_move`", body = ErrorBody),
              (status = 429, description = "Too many actions (`limit`: `frames_per_player`, shared with the player's WebSockets); see `Retry-After`", body = ErrorBody)))]
pub async fn play(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiPath(room): ApiPath<String>,
    ApiJson(body): ApiJson<BotMove>,
) -> Result<Json<Acted>, ApiError> {
    let frame = ClientFrame::Move {
        room,
        id: body
            .id
            .unwrap_or_else(|| format!("api-{}", uuid::Uuid::new_v4())),
        version: body.version,
        mv: body.mv,
    };
    acted(&state, &caller, frame).await
}

#[utoipa::path(post, path = "/api/v1/bot/match/{room}/resign", tag = "bots", security(("bearer" = [])),
    params(("room" = String, Path, description = "The room's code, any case")),
    responses((status = 200, description = "The seat resigned", body = Acted),
              (status = 403, description = "`missing_scope`, or `not_seated`", body = ErrorBody),
              (status = 404, description = "`unknown_room`", body = ErrorBody),
              (status = 409, description = "`not_your_turn`: no match under way", body = ErrorBody),
              (status = 429, description = "Too many actions (`limit`: `frames_per_player`); see `Retry-After`", body = ErrorBody)))]
pub async fn resign(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiPath(room): ApiPath<String>,
) -> Result<Json<Acted>, ApiError> {
    acted(&state, &caller, ClientFrame::Resign { room }).await
}

#[utoipa::path(post, path = "/api/v1/bot/match/{room}/draw", tag = "bots", request_body = DrawOffer, security(("bearer" = [])),
    params(("room" = String, Path, description = "The room's code, any case")),
    responses((status = 200, description = "The offer is made (or taken back); the match is drawn once every side offers", body = Acted),
              (status = 400, description = "Malformed input", body = ErrorBody),
              (status = 403, description = "`missing_scope`, or `not_seated`", body = ErrorBody),
              (status = 404, description = "`unknown_room`", body = ErrorBody),
              (status = 409, description = "`not_your_turn`: no match under way, or as the WebSocket's `draw` refuses it", body = ErrorBody),
              (status = 429, description = "Too many actions (`limit`: `frames_per_player`); see `Retry-After`", body = ErrorBody)))]
pub async fn draw(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiPath(room): ApiPath<String>,
    ApiJson(body): ApiJson<DrawOffer>,
) -> Result<Json<Acted>, ApiError> {
    let frame = ClientFrame::Draw {
        room,
        offer: body.offer,
    };
    acted(&state, &caller, frame).await
}

#[utoipa::path(post, path = "/api/v1/bot/match/{room}/claim", tag = "bots", request_body = ClaimBody, security(("bearer" = [])),
    params(("room" = String, Path, description = "The room's code, any case")),
    responses((status = 200, description = "The match is over as claimed", body = Acted),
              (status = 400, description = "Malformed input", body = ErrorBody),
              (status = 403, description = "`missing_scope`, `not_seated`, or `forbidden`: nothing to claim", body = ErrorBody),
              (status = 404, description = "`unknown_room`", body = ErrorBody),
              (status = 409, description = "As the WebSocket's `claim` refuses it", body = ErrorBody),
              (status = 429, description = "Too many actions (`limit`: `frames_per_player`); see `Retry-After`", body = ErrorBody)))]
pub async fn claim(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiPath(room): ApiPath<String>,
    ApiJson(body): ApiJson<ClaimBody>,
) -> Result<Json<Acted>, ApiError> {
    let frame = ClientFrame::Claim {
        room,
        result: body.result,
    };
    acted(&state, &caller, frame).await
}

#[utoipa::path(post, path = "/api/v1/bot/match/{room}/chat", tag = "bots", request_body = ChatText, security(("bearer" = [])),
    params(("room" = String, Path, description = "The room's code, any case")),
    responses((status = 200, description = "The line is said in the room", body = Acted),
              (status = 400, description = "Text of 0 or more than 500 characters, a word the server refuses, or malformed input", body = ErrorBody),
              (status = 403, description = "`missing_scope`, `not_seated`, `muted` (`until` says when it ends), or `forbidden`", body = ErrorBody),
              (status = 404, description = "`unknown_room`", body = ErrorBody),
              (status = 429, description = "Too many actions (`limit`: `frames_per_player`); see `Retry-After`", body = ErrorBody)))]
pub async fn chat(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiPath(room): ApiPath<String>,
    ApiJson(body): ApiJson<ChatText>,
) -> Result<Json<Acted>, ApiError> {
    let frame = ClientFrame::Chat {
        room,
        text: body.text,
    };
    acted(&state, &caller, frame).await
}

async fn acted(
    state: &AppState,
    caller: &crate::bot_api::Caller,
    frame: ClientFrame,
) -> Result<Json<Acted>, ApiError> {
    let version = actions::act(state, caller, frame).await?;
    Ok(Json(Acted { version }))
}
