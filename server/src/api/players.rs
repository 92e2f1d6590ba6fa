//! Players: `POST /api/v1/players` (a guest), `GET /api/v1/players/me`, `GET /api/v1/players/{id}`
//! (a profile: stats and ratings), `GET /api/v1/players/{id}/ratings/{game}` (a rating's history).

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_protocol::rest::{
    ChosenLanguage, ErrorBody, Me, NewPlayer, PlayerCreated, PlayerProfile, RatingHistory,
};
use plateau_protocol::{ErrorCode, PlayerRef};
use std::net::SocketAddr;
use uuid::Uuid;

use crate::accounts::tokens::{new_token, token_hash};
use crate::api::auth::{Authenticated, NotBanned, WithStanding};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::state::AppState;

#[utoipa::path(post, operation_id = "create_player", path = "/api/v1/players", tag = "players", request_body = NewPlayer,
    responses((status = 201, description = "The new guest player; the token is shown this once", body = PlayerCreated), (status = 400, description = "Malformed or invalid input", body = ErrorBody),
              (status = 403, description = "`banned`: the request carries the token of a banned player", body = ErrorBody),
              (status = 409, description = "The name is reserved by a player with a password, or is one the server shows for what is not a person (`deleted player`, `Bot 1`...: compared in any case and in forms that look the same)", body = ErrorBody),
              (status = 429, description = "Too many players created from this address; see `Retry-After`", body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    _not_banned: NotBanned,
    ApiJson(body): ApiJson<NewPlayer>,
) -> Result<(StatusCode, Json<PlayerCreated>), ApiError> {
    if let Err(wait) = state
        .budgets
        .players_per_address
        .take(&crate::limits::client_addr::limit_key(client.ip()))
    {
        return Err(ApiError::rate_limited_for(
            "players_per_address",
            "too many players created from this address; try again later",
            wait,
        ));
    }
    let (name, reserved) = chosen_name(&body.name)?;
    if state.store.name_reserved(&reserved).await? {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            format!("the name `{name}` is reserved: sign in, or pick another"),
        ));
    }
    let player = PlayerRef::person(Uuid::new_v4(), name);
    let token = new_token();
    state
        .store
        .create_player(&player, &token_hash(&token), Utc::now())
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(PlayerCreated {
            id: player.id,
            name: player.name,
            token,
        }),
    ))
}

/// A name a player is to go by (a new guest's, a moderator's rename), cleaned by the rules of names
/// (else `400 bad_request`), with its key; a name the server keeps for what is not a person is
/// `409 conflict`, as a name another player reserved is.
pub(crate) fn chosen_name(raw: &str) -> Result<(String, String), ApiError> {
    let name = crate::text::name(raw).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let key = crate::text::name_key(&name).map_err(|e| ApiError::bad_request(e.to_string()))?;
    refuse_kept(&name, &key)?;
    Ok((name, key))
}

/// `409 conflict` for a name (of key `key`) that the server or its client shows for what is not a
/// person (a bot, a closed account: `text::is_kept`), in any case or form that looks the same.
pub(crate) fn refuse_kept(name: &str, key: &str) -> Result<(), ApiError> {
    if crate::text::is_kept(key) {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            format!(
                "the name `{name}` is the server's own, for what is not a person: pick another"
            ),
        ));
    }
    Ok(())
}

#[utoipa::path(get, path = "/api/v1/players/me", tag = "players", security(("bearer" = [])),
    responses((status = 200, description = "The player the token belongs to, with its role", body = Me),
              (status = 401, description = "Missing or unknown token", body = ErrorBody)))]
pub async fn me(
    State(state): State<AppState>,
    WithStanding(player, standing): WithStanding,
) -> Result<Json<Me>, ApiError> {
    let language = state.store.language(player.id).await?;
    Ok(Json(Me {
        id: player.id,
        name: player.name,
        role: standing.role,
        language,
        bot: player.bot,
    }))
}

#[utoipa::path(put, path = "/api/v1/players/me/language", tag = "players", request_body = ChosenLanguage, security(("bearer" = [])),
    responses((status = 204, description = "The language is kept for the player (`GET /players/me` says it on every device)"),
              (status = 400, description = "A language the catalog does not speak, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody)))]
pub async fn set_language(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiJson(body): ApiJson<ChosenLanguage>,
) -> Result<StatusCode, ApiError> {
    if let Some(code) = &body.language {
        let spoken = plateau_games::words::languages();
        if !spoken.contains(&code.as_str()) {
            return Err(ApiError::bad_request(format!(
                "language: one of {}",
                spoken.join(", ")
            )));
        }
    }
    state
        .store
        .set_language(player.id, body.language.as_deref())
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/v1/players/{id}", tag = "players", params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "A player with stats (in all and per game) and ratings per game", body = PlayerProfile),
              (status = 404, description = "No such player", body = ErrorBody), (status = 400, description = "Malformed or invalid input", body = ErrorBody)))]
pub async fn profile(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<PlayerProfile>, ApiError> {
    let (player, created_at) = state
        .store
        .player(id)
        .await?
        .ok_or_else(|| ApiError::not_found("player"))?;
    let stats = state.store.player_stats(id).await?;
    let ratings = state.store.player_ratings(id).await?;
    let description = if player.bot {
        state.store.bot_description(id).await?
    } else {
        None
    };
    Ok(Json(PlayerProfile {
        id: player.id,
        name: player.name,
        bot: player.bot,
        description,
        created_at,
        stats,
        ratings,
    }))
}

#[utoipa::path(get, path = "/api/v1/players/{id}/ratings/{game}", tag = "players",
    params(("id" = Uuid, Path, description = "Player id"), ("game" = String, Path, description = "Game id")),
    responses((status = 200, description = "The player's rating in the game after each of its rated matches (the last 1,000), oldest first; empty before its first", body = RatingHistory),
              (status = 404, description = "No such player or game", body = ErrorBody), (status = 400, description = "Malformed input", body = ErrorBody)))]
pub async fn rating_history(
    State(state): State<AppState>,
    ApiPath((id, game)): ApiPath<(Uuid, String)>,
) -> Result<Json<RatingHistory>, ApiError> {
    if plateau_games::registry::find(&game).is_none() {
        return Err(ApiError::not_found("game"));
    }
    if state.store.player(id).await?.is_none() {
        return Err(ApiError::not_found("player"));
    }
    let changes = state.store.rating_history(id, &game).await?;
    Ok(Json(RatingHistory { game, changes }))
}
