//! `POST /api/v1/bot/account/upgrade` (issue 47, `docs/bots.md`): an account that has never played
//! a rated match becomes a bot account, for good. From then on it is shown BOT beside its name
//! (`"bot": true` in every player reference), plays only through the bot API (never over the
//! WebSocket's seats, never in quick pairing) and has a leaderboard of its own. `PUT
//! /api/v1/bot/account` sets what its author says of it on its profile (`description`).

use axum::extract::State;
use axum::http::StatusCode;
use plateau_protocol::bots::{BotAccount, Scope};
use plateau_protocol::rest::ErrorBody;
use plateau_protocol::ErrorCode;

use crate::api::auth::ApiCaller;
use crate::error::{ApiError, ApiJson};
use crate::state::AppState;
use crate::store::BotUpgrade;

#[utoipa::path(post, path = "/api/v1/bot/account/upgrade", tag = "bots", security(("bearer" = [])),
    responses((status = 204, description = "The account is a bot account, for good (it was already: unchanged)"),
              (status = 403, description = "`missing_scope`: the token lacks `bot:play` (a personal access token made with it is needed)", body = ErrorBody),
              (status = 409, description = "The account has played a rated match: it stays a person's", body = ErrorBody)))]
pub async fn upgrade(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
) -> Result<StatusCode, ApiError> {
    caller.require(Scope::BotPlay)?;
    match state.store.make_bot(caller.player.id).await? {
        BotUpgrade::Done => Ok(StatusCode::NO_CONTENT),
        BotUpgrade::PlayedRated => Err(ApiError::new(
            ErrorCode::Conflict,
            "this account has played a rated match: only a fresh account becomes a bot",
        )),
    }
}

#[utoipa::path(put, operation_id = "update_bot_account", path = "/api/v1/bot/account", tag = "bots", request_body = BotAccount, security(("bearer" = [])),
    responses((status = 204, description = "The bot's profile shows the description from now on (none: null)"),
              (status = 400, description = "A description of 0 or more than 500 characters, with a line break or another control or format character, that shows nothing, or malformed input", body = ErrorBody),
              (status = 401, description = "No token, or one that is unknown, expired or revoked", body = ErrorBody),
              (status = 403, description = "`missing_scope`: the token lacks `bot:play`", body = ErrorBody),
              (status = 409, description = "The account is not a bot account (upgrade it first)", body = ErrorBody)))]
pub async fn update(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiJson(body): ApiJson<BotAccount>,
) -> Result<StatusCode, ApiError> {
    caller.require(Scope::BotPlay)?;
    let description = body
        .description
        .map(|d| crate::text::description(&d).map_err(|e| ApiError::bad_request(e.to_string())))
        .transpose()?;
    if !state
        .store
        .set_bot_description(caller.player.id, description.as_deref())
        .await?
    {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            "only a bot account has a description: upgrade this account first",
        ));
    }
    Ok(StatusCode::NO_CONTENT)
}
