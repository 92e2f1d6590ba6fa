//! `POST /api/v1/bot/account/upgrade` (issue 47, `docs/bots.md`): an account that has never played
//! a rated match becomes a bot account, for good. From then on it is shown BOT beside its name
//! (`"bot": true` in every player reference), plays only through the bot API (never over the
//! WebSocket's seats, never in quick pairing) and has a leaderboard of its own.

use axum::extract::State;
use axum::http::StatusCode;
use plateau_protocol::bots::Scope;
use plateau_protocol::rest::ErrorBody;
use plateau_protocol::ErrorCode;

use crate::api::auth::ApiCaller;
use crate::error::ApiError;
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
