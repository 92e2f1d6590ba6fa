//! Guest players: `POST /api/v1/players`, `GET /api/v1/players/me`, `GET /api/v1/players/{id}`.

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_protocol::rest::{ErrorBody, NewPlayer, PlayerCreated, PlayerProfile};
use plateau_protocol::PlayerRef;
use std::net::SocketAddr;
use uuid::Uuid;

use crate::app::AppState;
use crate::auth::{new_token, token_hash, Authenticated};
use crate::error::{ApiError, ApiJson, ApiPath};

#[utoipa::path(post, path = "/api/v1/players", tag = "players", request_body = NewPlayer,
    responses((status = 201, description = "The new guest player; the token is shown this once", body = PlayerCreated), (status = 400, description = "Malformed or invalid input", body = ErrorBody),
              (status = 429, description = "Too many players created from this address; see `Retry-After`", body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    ApiJson(body): ApiJson<NewPlayer>,
) -> Result<(StatusCode, Json<PlayerCreated>), ApiError> {
    if let Err(wait) = state
        .budgets
        .players_per_address
        .take(&crate::client_addr::limit_key(client.ip()))
    {
        return Err(ApiError::rate_limited(
            "too many players created from this address; try again later",
            wait.as_secs_f64().ceil() as u64,
        ));
    }
    let name = crate::text::name(&body.name).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let player = PlayerRef {
        id: Uuid::new_v4(),
        name,
    };
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

#[utoipa::path(get, path = "/api/v1/players/me", tag = "players", security(("bearer" = [])),
    responses((status = 200, description = "The player the token belongs to", body = PlayerRef),
              (status = 401, description = "Missing or unknown token", body = ErrorBody)))]
pub async fn me(Authenticated(player): Authenticated) -> Json<PlayerRef> {
    Json(player)
}

#[utoipa::path(get, path = "/api/v1/players/{id}", tag = "players", params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "A player with stats", body = PlayerProfile),
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
    Ok(Json(PlayerProfile {
        id: player.id,
        name: player.name,
        created_at,
        stats,
    }))
}
